//! The combat log's words for every kind of event, one worked example each, on the cellar
//! scenario (Walter, Rose, Father Doyle and the ghoul). A new kind of event does not compile
//! here until it has its example.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

#[path = "log_words/attacks.rs"]
mod attacks;
#[path = "log_words/harm.rs"]
mod harm;
#[path = "log_words/rooms.rs"]
mod rooms;
#[path = "log_words/round.rs"]
mod round;
mod shipped;

use gridkeeper::battle::UnitId;
use gridkeeper::battle::command::{
    Adjustment, Answer, Command, KeeperOrder, ManeuverGoal, Rejection,
};
use gridkeeper::battle::event::{
    Contest, DefenceKind, Event, EventKind, Modifier, ModifierReason, Outcome, Reveal, WoundState,
};
use gridkeeper::battle::own::RulebookEvent;
use gridkeeper::log::{LogKind, Reader, describe, kind_of, markdown, units_of};
use gridkeeper::map::Tile;
use gridkeeper::map::range::RangeBand;
use gridkeeper::map::sight::ShotLine;
use gridkeeper::rules::body::BodyPart;
use gridkeeper::rules::damage::{DamagePart, DamageQuality, DamageRoll, DamageSource};
use gridkeeper::rules::dice::DieFace;
use gridkeeper::rules::grapple::Grip;
use gridkeeper::rules::level_rolls;
use gridkeeper::rules::melee::MeleeOutcome;
use gridkeeper::rules::modifiers::Effect;
use gridkeeper::rules::opposed::Resistance;
use gridkeeper::rules::percentile::{Difficulty, NetDice, PercentileRoll, SkillCheck};
use gridkeeper::rules::roll::RollPurpose;
use gridkeeper::rules::roll_harm::DodgeOutcome;
use gridkeeper::rules::situation::Posture;
use gridkeeper::rules::weapons::MalfunctionKind;
use gridkeeper::rules::wounds::BlowSeverity;
use gridkeeper::rulesets::brp_classic::battle::events::BrpEvent;
use gridkeeper::rulesets::coc7e::battle::events::CocEvent;
use gridkeeper::rulesets::d10_pool::battle::events::PoolEvent;
use gridkeeper::rulesets::d10_pool::budget::{PlanPart, PlannedAction};
use gridkeeper::rulesets::d100_house::battle::events::HouseEvent;
use gridkeeper::rulesets::d100_house::cherries::Cherry;
use gridkeeper::rulesets::frontier::battle::declaration::{
    Declaration, DeclaredAct, DeclaredMove, SpecificShot,
};
use gridkeeper::rulesets::frontier::battle::events::FrontierEvent;
use gridkeeper::rulesets::frontier::draw::{DrawBonus, DrawTotal};
use gridkeeper::rulesets::frontier::reasons;
use gridkeeper::rulesets::frontier::wounds::PainFailure;
use shipped::shipped;

const WALTER: UnitId = UnitId(0);
const ROSE: UnitId = UnitId(1);
const DOYLE: UnitId = UnitId(2);
const GHOUL: UnitId = UnitId(3);

fn die(sides: u32, face: u32) -> DieFace {
    DieFace { sides, face }
}

/// Which kind of event this is, as a number: every kind listed, so a new one must be added.
fn variant(kind: &EventKind) -> usize {
    use EventKind as E;
    match kind {
        E::BattleBegan { .. } => 0,
        E::RoundBegan { .. } => 1,
        E::UnitJoined { .. } => 2,
        E::TurnBegan { .. } => 3,
        E::Rolled { .. } => 4,
        E::DamageRolled { .. } => 5,
        E::Moved { .. } => 6,
        E::ActionForfeited { .. } => 7,
        E::StoodUp { .. } => 8,
        E::FellProne { .. } => 9,
        E::ReadiedWeapon { .. } => 10,
        E::SurpriseAttempted { .. } => 11,
        E::Attacked { .. } => 12,
        E::Maneuvered { .. } => 13,
        E::DefenceAsked { .. } => 14,
        E::Answered { .. } => 15,
        E::MeleeResolved { .. } => 16,
        E::Damaged { .. } => 17,
        E::WoundChanged { .. } => 18,
        E::Disarmed { .. } => 19,
        E::Held { .. } => 20,
        E::Released { .. } => 21,
        E::Stabilised { .. } => 24,
        E::Healed { .. } => 25,
        E::Delayed { .. } => 26,
        E::DelayLapsed { .. } => 27,
        E::Fled { .. } => 28,
        E::Aimed { .. } => 29,
        E::AimLost { .. } => 30,
        E::Fired { .. } => 31,
        E::ShotAt { .. } => 32,
        E::ShotHit { .. } => 33,
        E::ShotMissed { .. } => 34,
        E::ShotWasted { .. } => 35,
        E::StrayHit { .. } => 36,
        E::Malfunctioned { .. } => 37,
        E::JamWorkedOn { .. } => 38,
        E::JamCleared { .. } => 39,
        E::Reloaded { .. } => 40,
        E::Launched { .. } => 42,
        E::Scattered { .. } => 43,
        E::Exploded { .. } => 44,
        E::Dud { .. } => 45,
        E::Shielded { .. } => 46,
        E::ChargeSet { .. } => 47,
        E::MineTriggered { .. } => 48,
        E::CaughtFire { .. } => 49,
        E::Burned { .. } => 50,
        E::FireOut { .. } => 51,
        E::TurnLost { .. } => 53,
        E::TurnEnded { .. } => 54,
        E::RoundEnded => 55,
        E::BattleEnded { .. } => 56,
        E::Rejected { .. } => 57,
        E::BulletsCounted { .. } => 58,
        E::DodgedFire { .. } => 59,
        E::BulletDodged { .. } => 60,
        E::WeaponStuck { .. } => 63,
        E::WeaponFreed { .. } => 64,
        E::KnockOutSwung { .. } => 65,
        E::KnockOutWeighed { .. } => 66,
        E::BelowZero { .. } => 68,
        E::TargetDrawn { .. } => 69,
        E::StrengthPitted { .. } => 70,
        E::Gripped { .. } => 71,
        E::GripEased { .. } => 72,
        E::BreathGone { .. } => 73,
        E::Backlash { .. } => 74,
        E::DiceEntered { .. } => 76,
        E::Adjusted { .. } => 77,
        E::RolledInSecret { .. } => 78,
        E::Revealed { .. } => 79,
        E::Injured { .. } => 80,
        E::PostureTaken { .. } => 89,
        E::StunnedForRound { .. } => 100,
        E::ChokedOut { .. } => 119,
        E::Rulebook(own) if own.of::<FrontierEvent>().is_some() => {
            match own.of::<FrontierEvent>() {
                Some(FrontierEvent::BleedingStopped { .. }) => 90,
                Some(FrontierEvent::PainFelt { .. }) => 91,
                Some(FrontierEvent::PainMastered { .. }) => 92,
                Some(FrontierEvent::Bled { .. }) => 94,
                Some(FrontierEvent::DownInPain { .. }) => 95,
                Some(FrontierEvent::ShotInTheLegs { .. }) => 101,
                Some(FrontierEvent::QuickDrawn { .. }) => 99,
                Some(FrontierEvent::Declared { .. }) => 97,
                Some(FrontierEvent::DeclarationLost { .. }) => 98,
                Some(FrontierEvent::Stumbled { .. }) => 102,
                Some(FrontierEvent::ThroughMaterial { .. }) => 96,
                Some(FrontierEvent::WoundLocated { .. }) => 93,
                None => unreachable!("a western event"),
            }
        }
        E::Rulebook(own) if own.of::<CocEvent>().is_some() => match own.of::<CocEvent>() {
            Some(CocEvent::Stunned { .. }) => 52,
            Some(CocEvent::ArmorTried { .. }) => 67,
            Some(CocEvent::LuckSpent { .. }) => 75,
            Some(CocEvent::Dived { .. }) => 41,
            Some(CocEvent::Hindered { .. }) => 22,
            Some(CocEvent::Exposed { .. }) => 23,
            None => unreachable!("a CoC event"),
        },
        E::Rulebook(own) if own.of::<PoolEvent>().is_some() => match own.of::<PoolEvent>() {
            Some(PoolEvent::Scarred { .. }) => 81,
            Some(PoolEvent::StunnedByInjury { .. }) => 82,
            Some(PoolEvent::StunShakenOff { .. }) => 86,
            Some(PoolEvent::Evading { .. }) => 83,
            Some(PoolEvent::Evaded { .. }) => 84,
            Some(PoolEvent::DicePlanned { .. }) => 85,
            Some(PoolEvent::Swept { .. }) => 87,
            Some(PoolEvent::DodgedArea { .. }) => 88,
            None => unreachable!("a pool event"),
        },
        E::Rulebook(own) if own.of::<BrpEvent>().is_some() => match own.of::<BrpEvent>() {
            Some(BrpEvent::ParryDeclared { .. }) => 61,
            Some(BrpEvent::KnockedOut { .. }) => 62,
            None => unreachable!("a BRP event"),
        },
        E::Rulebook(own) => match own.of::<HouseEvent>() {
            Some(HouseEvent::BoltTooSlow { .. }) => 115,
            Some(HouseEvent::ShieldHit { .. }) => 121,
            Some(HouseEvent::HitLocated { .. }) => 103,
            Some(HouseEvent::Crippled { .. }) => 104,
            Some(HouseEvent::PartCovered { .. }) => 105,
            Some(HouseEvent::DodgeStanceTaken { .. }) => 106,
            Some(HouseEvent::StanceDodge { .. }) => 107,
            Some(HouseEvent::SkillDivided { .. }) => 108,
            Some(HouseEvent::Grazed { .. }) => 109,
            Some(HouseEvent::BulletPinned { .. }) => 110,
            Some(HouseEvent::Suppressed { .. }) => 111,
            Some(HouseEvent::KnockedDown { .. }) => 112,
            Some(HouseEvent::ShotCalled { .. }) => 113,
            Some(HouseEvent::Dazed { .. }) => 114,
            Some(HouseEvent::Wrestled { .. }) => 116,
            Some(HouseEvent::CutOnTheBlade { .. }) => 117,
            Some(HouseEvent::Thrown { .. }) => 118,
            Some(HouseEvent::ExecutionTried { .. }) => 120,
            Some(HouseEvent::ForcedToLetGo { .. }) => 122,
            Some(HouseEvent::LetGoInStride { .. }) => 123,
            Some(HouseEvent::CherryPicked { .. }) => 124,
            Some(HouseEvent::CherryTaken { .. }) => 125,
            Some(HouseEvent::Blinded { .. }) => 126,
            Some(HouseEvent::MonkeyDodged { .. }) => 127,
            None => panic!("an event of no rulebook this test knows: {own:?}"),
        },
    }
}

const KINDS: usize = 128;

/// The skill check the examples' rolls show.
fn example_check() -> SkillCheck {
    SkillCheck::judge(
        PercentileRoll::from_faces(vec![20, 60], 3, NetDice::Penalty(1)),
        60,
        Difficulty::Hard,
    )
}

/// The damage roll the examples' hits show.
fn example_damage() -> DamageRoll {
    DamageRoll {
        quality: DamageQuality::Normal,
        parts: vec![DamagePart {
            source: DamageSource::Weapon,
            dice: vec![die(10, 7)],
            value: 7,
        }],
        divisor: 1,
        total: 7,
    }
}

/// One example of every kind of event, and the words the log gives it, by family.
fn examples() -> Vec<(EventKind, &'static str)> {
    [
        round::examples(),
        attacks::examples(),
        harm::examples(),
        rooms::examples(),
    ]
    .concat()
}

#[test]
fn every_kind_of_event_reads_as_words() {
    let scenario = shipped("cellar.ron");
    let examples = examples();
    let mut covered = [false; KINDS];
    for (kind, words) in &examples {
        covered[variant(kind)] = true;
        let event = Event {
            round: 2,
            kind: kind.clone(),
        };
        assert_eq!(describe(&event, &scenario), *words);
    }
    let missing: Vec<usize> = (0..KINDS).filter(|index| !covered[*index]).collect();
    assert!(missing.is_empty(), "no example for kinds {missing:?}");
}

/// A target asked to answer shots is told its rulebook's answer (CoC's dive, BRP's dodge of the
/// first bullet, the pool's dodge behind cover, none in the western), and where the rulebook
/// asks it as a kind of its own (the pool's sweep caught in the open), that one, written by its
/// name.
#[test]
fn an_answer_to_shots_is_asked_in_its_rulebooks_words() {
    let asked = |file: &str, asked: DefenceKind| {
        let scenario = shipped(file);
        let event = Event {
            round: 1,
            kind: E::DefenceAsked {
                unit: UnitId(0),
                attacker: UnitId(1),
                asked,
            },
        };
        let words = describe(&event, &scenario);
        words
            .split_once(": ")
            .map_or(words.clone(), |(_, answers)| answers.to_string())
    };
    use EventKind as E;
    assert_eq!(
        asked("cellar.ron", DefenceKind::Shots),
        "dive for cover, or take it"
    );
    assert_eq!(
        asked("kingsport.ron", DefenceKind::Shots),
        "dodge the first bullet, or take it"
    );
    assert_eq!(asked("dry-gulch.ron", DefenceKind::Shots), "take it");
    assert_eq!(
        asked("level-b2.ron", DefenceKind::Shots),
        "dodge behind cover (free), or take it"
    );
    assert_eq!(
        asked("level-b2.ron", DefenceKind::OwnShots("sweep")),
        "dodge the sweep with the round's dice, or take it"
    );
    let written = |asked| {
        serde_json::to_string(&E::DefenceAsked {
            unit: UnitId(0),
            attacker: UnitId(1),
            asked,
        })
        .expect("plain data")
    };
    assert_eq!(
        written(DefenceKind::OwnShots("sweep")),
        r#"{"kind":"defence_asked","unit":0,"attacker":1,"asked":"sweep"}"#
    );
    assert_eq!(
        written(DefenceKind::Thrown {
            may_fight_back: true
        }),
        r#"{"kind":"defence_asked","unit":0,"attacker":1,"asked":{"thrown":{"may_fight_back":true}}}"#
    );
}

/// Each event is filed under one kind for the log's filters, and names the units it is about,
/// the one it is mostly about first.
#[test]
fn events_are_filed_by_kind_and_unit() {
    let cases = [
        (
            EventKind::TurnBegan { unit: ROSE },
            LogKind::Turns,
            vec![ROSE],
        ),
        (
            EventKind::Attacked {
                unit: GHOUL,
                target: DOYLE,
                weapon: "Claws".to_string(),
            },
            LogKind::Attacks,
            vec![GHOUL, DOYLE],
        ),
        (
            EventKind::CaughtFire { unit: GHOUL },
            LogKind::Wounds,
            vec![GHOUL],
        ),
        (
            EventKind::Healed {
                unit: WALTER,
                by: DOYLE,
                amount: 1,
            },
            LogKind::Care,
            vec![WALTER, DOYLE],
        ),
        (
            EventKind::Reloaded {
                unit: WALTER,
                weapon: "Thompson".to_string(),
                loaded: 20,
                spare: 0,
                half_done: false,
            },
            LogKind::Gear,
            vec![WALTER],
        ),
        (
            EventKind::Moved {
                unit: ROSE,
                path: Vec::new(),
                cost: 0,
                spent: 0,
            },
            LogKind::Moves,
            vec![ROSE],
        ),
    ];
    for (kind, filed, units) in cases {
        assert_eq!(kind_of(&kind), filed, "{kind:?}");
        assert_eq!(units_of(&kind), units, "{kind:?}");
    }
}

/// The Markdown log has a heading per round and a line per event.
#[test]
fn the_log_as_markdown() {
    let scenario = shipped("cellar.ron");
    let events = [
        Event {
            round: 0,
            kind: EventKind::BattleBegan { seed: 5 },
        },
        Event {
            round: 1,
            kind: EventKind::TurnBegan { unit: ROSE },
        },
        Event {
            round: 1,
            kind: EventKind::TurnEnded { unit: ROSE },
        },
    ];
    assert_eq!(
        markdown(&events, &scenario, 5, Reader::Keeper),
        "# Cellar melee: combat log\n\nCall of Cthulhu 7th edition · dice seed 5 · 3 events · \
         the keeper's copy\n\n\
         ## Before the fight\n\n- The fight begins (dice seed 5)\n\n## Round 1\n\n\
         - Rose Whateley's turn\n- Rose Whateley ends the turn\n"
    );
}

/// The replay JSON schema in docs/FORMATS.md has a row for every kind of event, naming exactly
/// the fields that kind's JSON has (one marked `?` only where it is there).
#[test]
fn the_format_document_lists_every_kind_of_event_with_its_fields() {
    let document = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/FORMATS.md"))
        .expect("docs/FORMATS.md");
    let schema = document
        .split("### `gridkeeper replay FILE --headless --json`")
        .nth(1)
        .expect("the replay JSON section");
    for (kind, _) in examples() {
        let value = serde_json::to_value(Event { round: 1, kind }).expect("events are JSON");
        let object = value.as_object().expect("an object");
        let name = object["kind"].as_str().expect("a kind");
        let row = schema
            .lines()
            .find(|line| line.starts_with(&format!("| `{name}` |")))
            .unwrap_or_else(|| panic!("no row for `{name}`"));
        let listed: Vec<(&str, bool)> = row
            .split('|')
            .nth(2)
            .expect("a fields column")
            .split(',')
            .map(|field| {
                let field = field.trim();
                let optional = field.ends_with('?');
                (field.trim_end_matches('?').trim_matches('`'), optional)
            })
            .filter(|(field, _)| !field.is_empty() && *field != "—")
            .collect();
        let mut fields: Vec<&str> = object
            .keys()
            .map(String::as_str)
            .filter(|field| !["kind", "round"].contains(field))
            .collect();
        fields.sort_unstable();
        let mut expected: Vec<&str> = listed
            .iter()
            .filter(|(field, optional)| !optional || fields.contains(field))
            .map(|(field, _)| *field)
            .collect();
        expected.sort_unstable();
        assert_eq!(expected, fields, "the fields of `{name}`");
    }
}
