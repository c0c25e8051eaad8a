//! The combat log's words for every kind of event, one worked example each, on the cellar
//! scenario (Walter, Rose, Father Doyle and the ghoul). A new kind of event does not compile
//! here until it has its example.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod shipped;

use gridkeeper::battle::UnitId;
use gridkeeper::battle::command::{
    Adjustment, Answer, Command, KeeperOrder, ManeuverGoal, Rejection,
};
use gridkeeper::battle::declaration::{Declaration, DeclaredAct, DeclaredMove, SpecificShot};
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
        E::Hindered { .. } => 22,
        E::Exposed { .. } => 23,
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
        E::Dived { .. } => 41,
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
        E::Swept { .. } => 87,
        E::DodgedArea { .. } => 88,
        E::PostureTaken { .. } => 89,
        E::Declared { .. } => 97,
        E::DeclarationLost { .. } => 98,
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
            None => unreachable!("a CoC event"),
        },
        E::Rulebook(own) if own.of::<PoolEvent>().is_some() => match own.of::<PoolEvent>() {
            Some(PoolEvent::Scarred { .. }) => 81,
            Some(PoolEvent::StunnedByInjury { .. }) => 82,
            Some(PoolEvent::StunShakenOff { .. }) => 86,
            Some(PoolEvent::Evading { .. }) => 83,
            Some(PoolEvent::Evaded { .. }) => 84,
            Some(PoolEvent::DicePlanned { .. }) => 85,
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

/// One example of every kind of event, and the words the log gives it.
fn examples() -> Vec<(EventKind, &'static str)> {
    use EventKind as E;
    let check = SkillCheck::judge(
        PercentileRoll::from_faces(vec![20, 60], 3, NetDice::Penalty(1)),
        60,
        Difficulty::Hard,
    );
    let damage = DamageRoll {
        quality: DamageQuality::Normal,
        parts: vec![DamagePart {
            source: DamageSource::Weapon,
            dice: vec![die(10, 7)],
            value: 7,
        }],
        divisor: 1,
        total: 7,
    };
    vec![
        (E::BattleBegan { seed: 5 }, "The fight begins (dice seed 5)"),
        (
            E::RoundBegan {
                order: vec![ROSE, GHOUL],
                slots: Vec::new(),
            },
            "Round 2 · order: Rose Whateley, Ghoul of the Corbitt house",
        ),
        (
            E::UnitJoined {
                unit: DOYLE,
                at: Tile::new(3, 4),
            },
            "Father Doyle joins the fight at (3, 4)",
        ),
        (E::TurnBegan { unit: ROSE }, "Rose Whateley's turn"),
        (
            E::Rolled {
                unit: WALTER,
                roll: level_rolls::record(
                    RollPurpose::Skill("Firearms (Handgun)".to_string()),
                    &check,
                    vec![Modifier::new(ModifierReason::HalfCover, -1)],
                ),
            },
            "Walter Corbitt Jr. rolls Firearms (Handgun): 63 against 60 (−1 half cover), hard needed: failure",
        ),
        (
            E::Rolled {
                unit: ROSE,
                roll: level_rolls::record(
                    RollPurpose::Skill("Dodge".to_string()),
                    &SkillCheck::judge(
                        PercentileRoll::from_faces(vec![40], 2, NetDice::PLAIN),
                        50,
                        Difficulty::Hard,
                    ),
                    Vec::new(),
                ),
            },
            "Rose Whateley rolls Dodge: 42 against 50, hard needed: regular success, not enough",
        ),
        (
            E::DamageRolled {
                unit: WALTER,
                target: GHOUL,
                weapon: ".38 or 9mm Revolver".to_string(),
                roll: damage,
            },
            ".38 or 9mm Revolver: 7 damage [dice 7]",
        ),
        (
            E::Moved {
                unit: ROSE,
                path: vec![Tile::new(1, 1), Tile::new(2, 2)],
                cost: 14,
                spent: 14,
            },
            "Rose Whateley moves to (2, 2) (1.4 yards)",
        ),
        (
            E::ActionForfeited { unit: ROSE },
            "Rose Whateley has no action this turn",
        ),
        (E::StoodUp { unit: ROSE }, "Rose Whateley gets up"),
        (
            E::from(FrontierEvent::Stumbled { unit: ROSE }),
            "Rose Whateley stumbles getting up: each foe within reach strikes once, free",
        ),
        (
            E::from(FrontierEvent::BleedingStopped {
                unit: ROSE,
                by: WALTER,
            }),
            "Walter Corbitt Jr. stops Rose Whateley's bleeding",
        ),
        (
            E::from(FrontierEvent::PainFelt {
                unit: ROSE,
                failure: PainFailure::FallAndDrop,
                dropped: Some(".38 Revolver".to_string()),
            }),
            "Rose Whateley falls in pain and drops the .38 Revolver: nothing more this round",
        ),
        (
            E::from(FrontierEvent::PainFelt {
                unit: ROSE,
                failure: PainFailure::NoAttacks,
                dropped: None,
            }),
            "Rose Whateley reels from the blow: no action this round",
        ),
        (
            E::from(FrontierEvent::ThroughMaterial {
                unit: ROSE,
                cover: "iron water tank".to_string(),
                faces: vec![7],
                stopped: 7,
            }),
            "The bullet goes through the iron water tank to Rose Whateley: 7 off its damage (dice 7)",
        ),
        (
            E::from(FrontierEvent::DownInPain { unit: ROSE }),
            "Rose Whateley is down in pain and does nothing this turn",
        ),
        (
            E::from(FrontierEvent::ShotInTheLegs { unit: ROSE }),
            "Rose Whateley is shot in the legs: no further than a zigzag for the rest of the fight",
        ),
        (
            E::StunnedForRound { unit: ROSE },
            "Rose Whateley is stunned and does nothing more this round",
        ),
        (
            E::from(FrontierEvent::PainMastered { unit: ROSE }),
            "Rose Whateley masters the pain",
        ),
        (
            E::from(FrontierEvent::WoundLocated {
                unit: ROSE,
                weapon: ".38 Revolver".to_string(),
                die: 78,
                part: BodyPart::RightArm,
            }),
            "Rose Whateley's wound from the .38 Revolver is in the right arm (d100 78)",
        ),
        (
            EventKind::from(HouseEvent::HitLocated {
                unit: WALTER,
                target: ROSE,
                roll: 37,
                flipped: 73,
                part: BodyPart::RightLeg,
                called: false,
            }),
            "Walter Corbitt Jr.'s hit on Rose Whateley lands in the right leg: 37 flips to 73",
        ),
        (
            EventKind::from(HouseEvent::HitLocated {
                unit: WALTER,
                target: ROSE,
                roll: 1,
                flipped: 10,
                part: BodyPart::Head,
                called: false,
            }),
            "Walter Corbitt Jr.'s hit on Rose Whateley lands in the head: 01 flips to 10",
        ),
        (
            EventKind::from(HouseEvent::HitLocated {
                unit: WALTER,
                target: ROSE,
                roll: 35,
                flipped: 53,
                part: BodyPart::Head,
                called: true,
            }),
            "Walter Corbitt Jr.'s called shot on Rose Whateley lands in the head",
        ),
        (
            EventKind::from(HouseEvent::ShotCalled {
                unit: WALTER,
                part: BodyPart::Head,
                shift: -20,
            }),
            "Walter Corbitt Jr. calls its next attack at the head (−20)",
        ),
        (
            EventKind::from(HouseEvent::PartCovered {
                unit: ROSE,
                part: BodyPart::RightLeg,
                cover: "steel washer".to_string(),
                stopped: true,
            }),
            "The steel washer covers Rose Whateley's right leg: the bullet is stopped",
        ),
        (
            EventKind::from(HouseEvent::PartCovered {
                unit: ROSE,
                part: BodyPart::Torso,
                cover: "folding table".to_string(),
                stopped: false,
            }),
            "The folding table covers Rose Whateley's torso: only the digit sum gets through",
        ),
        (
            EventKind::from(HouseEvent::Crippled {
                unit: ROSE,
                part: BodyPart::LeftLeg,
                tally: 31,
                dropped: None,
            }),
            "Rose Whateley's left leg is crippled (31 taken there)",
        ),
        (
            EventKind::from(HouseEvent::Crippled {
                unit: ROSE,
                part: BodyPart::RightArm,
                tally: 40,
                dropped: Some(".38 Revolver".to_string()),
            }),
            "Rose Whateley's right arm is crippled (40 taken there) and drops the .38 Revolver",
        ),
        (
            E::from(FrontierEvent::Bled {
                unit: ROSE,
                loss: 1,
            }),
            "Rose Whateley bleeds 1",
        ),
        (
            E::PostureTaken {
                unit: ROSE,
                posture: Posture::Kneeling,
            },
            "Rose Whateley kneels",
        ),
        (
            E::PostureTaken {
                unit: ROSE,
                posture: Posture::Prone,
            },
            "Rose Whateley lies down",
        ),
        (
            E::PostureTaken {
                unit: ROSE,
                posture: Posture::Standing,
            },
            "Rose Whateley stands",
        ),
        (E::FellProne { unit: ROSE }, "Rose Whateley falls prone"),
        (
            E::ReadiedWeapon {
                unit: ROSE,
                weapon: "Knife, large (machete, etc.)".to_string(),
            },
            "Rose Whateley readies the Knife, large (machete, etc.)",
        ),
        (
            E::SurpriseAttempted {
                unit: GHOUL,
                target: DOYLE,
                seen: false,
            },
            "Father Doyle is caught unawares by Ghoul of the Corbitt house",
        ),
        (
            E::Attacked {
                unit: GHOUL,
                target: DOYLE,
                weapon: "Claws".to_string(),
            },
            "Ghoul of the Corbitt house attacks Father Doyle with the Claws",
        ),
        (
            E::Maneuvered {
                unit: ROSE,
                target: GHOUL,
                goal: ManeuverGoal::KnockProne,
            },
            "Rose Whateley tries to knock down Ghoul of the Corbitt house",
        ),
        (
            E::DefenceAsked {
                unit: DOYLE,
                attacker: GHOUL,
                asked: DefenceKind::Melee,
            },
            "Father Doyle must answer Ghoul of the Corbitt house: dodge, fight back or a maneuver",
        ),
        (
            E::Answered {
                unit: DOYLE,
                answer: Answer::DiveForCover,
            },
            "Father Doyle dives for cover",
        ),
        (
            E::MeleeResolved {
                attacker: GHOUL,
                defender: DOYLE,
                outcome: MeleeOutcome::DefenderStrikes,
            },
            "Father Doyle turns it on Ghoul of the Corbitt house",
        ),
        (
            E::Damaged {
                unit: GHOUL,
                by: Some(WALTER),
                rolled: 9,
                armor: 5,
                taken: 4,
                hit_points: 9,
                cover: 3,
                severity: BlowSeverity::Regular,
            },
            "Ghoul of the Corbitt house takes 4 damage (9 less 3 for the cover and 2 armor), 9 hit points left",
        ),
        (
            E::WoundChanged {
                unit: WALTER,
                from: WoundState::Hurt,
                to: WoundState::MajorWound,
            },
            "Walter Corbitt Jr. is badly wounded (major wound)",
        ),
        (
            E::Disarmed {
                unit: WALTER,
                weapon: ".38 or 9mm Revolver".to_string(),
            },
            "Walter Corbitt Jr. loses the .38 or 9mm Revolver",
        ),
        (
            E::Held {
                unit: ROSE,
                holder: GHOUL,
            },
            "Rose Whateley is held by Ghoul of the Corbitt house",
        ),
        (
            E::Released {
                unit: ROSE,
                holder: GHOUL,
            },
            "Rose Whateley is free of Ghoul of the Corbitt house",
        ),
        (
            E::Hindered { unit: GHOUL },
            "Ghoul of the Corbitt house is hampered: a penalty die until its next turn ends",
        ),
        (
            E::Exposed { unit: GHOUL },
            "Ghoul of the Corbitt house is left open: a bonus die to its enemies this round",
        ),
        (
            E::Stabilised {
                unit: WALTER,
                by: DOYLE,
                hit_points: 1,
            },
            "Father Doyle stabilises Walter Corbitt Jr. at 1 hit point",
        ),
        (
            E::Healed {
                unit: WALTER,
                by: DOYLE,
                amount: 1,
            },
            "Father Doyle heals Walter Corbitt Jr. of 1 hit point",
        ),
        (
            E::Delayed {
                unit: ROSE,
                until: Some(GHOUL),
            },
            "Rose Whateley waits for Ghoul of the Corbitt house",
        ),
        (
            E::DelayLapsed { unit: ROSE },
            "Rose Whateley waited too long and loses the action",
        ),
        (E::Fled { unit: DOYLE }, "Father Doyle flees the fight"),
        (
            E::Aimed {
                unit: WALTER,
                target: GHOUL,
            },
            "Walter Corbitt Jr. takes careful aim at Ghoul of the Corbitt house",
        ),
        (
            E::AimLost { unit: WALTER },
            "Walter Corbitt Jr. loses the aim",
        ),
        (
            E::Fired {
                unit: WALTER,
                weapon: "Thompson".to_string(),
                rounds: 12,
                wasted: 3,
            },
            "Walter Corbitt Jr. fires the Thompson: 12 rounds, 3 more wasted between targets",
        ),
        (
            E::DodgedArea {
                unit: ROSE,
                made_it: true,
                blast: true,
            },
            "Rose Whateley dodges the blast",
        ),
        (
            E::DodgedArea {
                unit: ROSE,
                made_it: false,
                blast: false,
            },
            "Rose Whateley's dodge of the sweep nets nothing",
        ),
        (
            E::Swept {
                unit: WALTER,
                width: 3,
                caught: vec![GHOUL, ROSE],
            },
            "Walter Corbitt Jr. sweeps a line 3 tiles wide: one roll for Ghoul of the Corbitt house and Rose Whateley",
        ),
        (
            E::ShotAt {
                unit: WALTER,
                target: GHOUL,
                bullets: 6,
                band: RangeBand::Long,
                point_blank: false,
                line: ShotLine::HalfConcealed {
                    cover: Tile::new(4, 4),
                    armor: 3,
                },
            },
            "Walter Corbitt Jr. · a volley of 6 at Ghoul of the Corbitt house: long range, half cover",
        ),
        (
            E::BulletsCounted {
                unit: WALTER,
                target: GHOUL,
                die: die(9, 4),
            },
            "1D9 for the bullets of the burst that hit Ghoul of the Corbitt house: 4",
        ),
        (
            E::ShotHit {
                unit: WALTER,
                target: GHOUL,
                hits: 6,
                extreme: 3,
            },
            "6 bullets hit Ghoul of the Corbitt house, 3 of them extreme",
        ),
        (
            E::ShotMissed {
                unit: WALTER,
                target: GHOUL,
            },
            "The shot misses Ghoul of the Corbitt house",
        ),
        (
            E::ShotWasted {
                unit: WALTER,
                target: GHOUL,
                bullets: 6,
            },
            "6 rounds at Ghoul of the Corbitt house cannot hit: the fire is too wild",
        ),
        (
            E::StrayHit {
                unit: WALTER,
                target: GHOUL,
                ally: ROSE,
            },
            "A fumble into the melee around Ghoul of the Corbitt house: Rose Whateley is hit instead",
        ),
        (
            E::Malfunctioned {
                unit: WALTER,
                weapon: "Thompson".to_string(),
                outcome: MalfunctionKind::Jam,
                work: Some(die(6, 2)),
                rounds: None,
            },
            "The Thompson jams: 2 rounds of work to clear it [D6: 2]",
        ),
        (
            E::Malfunctioned {
                unit: WALTER,
                weapon: "Heavy pistol".to_string(),
                outcome: MalfunctionKind::Jam,
                work: None,
                rounds: Some(1),
            },
            "The Heavy pistol jams: 1 round of work and a roll to clear it",
        ),
        (
            EventKind::from(HouseEvent::Dazed {
                unit: ROSE,
                until_round: 4,
            }),
            "Rose Whateley is dazed until round 4 ends",
        ),
        (
            E::Rulebook(RulebookEvent::new(HouseEvent::BoltTooSlow {
                unit: ROSE,
                weapon: "Hunting rifle".to_string(),
            })),
            "Rose Whateley cannot work the Hunting rifle's bolt in time: the shot is lost",
        ),
        (
            EventKind::from(HouseEvent::KnockedDown { unit: ROSE }),
            "Rose Whateley is knocked down: to the back of the queue, its next turn spent getting \
             up",
        ),
        (
            EventKind::from(HouseEvent::Wrestled {
                unit: ROSE,
                against: WALTER,
                goal: ManeuverGoal::Hold,
                won: true,
            }),
            "Rose Whateley struggles to seize and hold Walter Corbitt Jr.: done",
        ),
        (
            EventKind::from(HouseEvent::CutOnTheBlade {
                unit: ROSE,
                weapon: "Machete".to_string(),
            }),
            "Rose Whateley is cut going for the Machete",
        ),
        (
            EventKind::from(HouseEvent::Thrown {
                unit: WALTER,
                by: ROSE,
                to: Some(Tile { x: 4, y: 5 }),
            }),
            "Rose Whateley throws Walter Corbitt Jr. to (4, 5)",
        ),
        (
            E::ChokedOut {
                unit: WALTER,
                by: ROSE,
            },
            "Walter Corbitt Jr. is choked out by Rose Whateley",
        ),
        (
            EventKind::from(HouseEvent::ExecutionTried {
                unit: ROSE,
                target: WALTER,
                skill: "Firearms".to_string(),
                killed: false,
            }),
            "Rose Whateley tries to execute Walter Corbitt Jr. (Firearms): failed, the damage still \
             lands",
        ),
        (
            EventKind::from(HouseEvent::ShieldHit {
                unit: WALTER,
                holder: ROSE,
                part: gridkeeper::rules::body::BodyPart::Torso,
            }),
            "Walter Corbitt Jr. takes the hit meant for Rose Whateley's torso, held as a human \
             shield",
        ),
        (
            EventKind::from(HouseEvent::ForcedToLetGo {
                unit: ROSE,
                taken: 26,
            }),
            "Rose Whateley has taken 26 this round and lets go",
        ),
        (
            EventKind::from(HouseEvent::LetGoInStride {
                unit: ROSE,
                kept_action: true,
            }),
            "Rose Whateley lets go in stride, an action still to take",
        ),
        (
            EventKind::from(HouseEvent::CherryPicked {
                unit: ROSE,
                cherry: Some(Cherry::KungFuGrip),
            }),
            "Rose Whateley will take Kung Fu Grip on a matched blow",
        ),
        (
            EventKind::from(HouseEvent::CherryPicked {
                unit: ROSE,
                cherry: None,
            }),
            "Rose Whateley will take the damage on a matched blow",
        ),
        (
            EventKind::from(HouseEvent::CherryTaken {
                unit: ROSE,
                target: WALTER,
                cherry: Cherry::KnockDown,
            }),
            "Matched: Rose Whateley takes Knock Down on Walter Corbitt Jr. in place of the damage",
        ),
        (
            EventKind::from(HouseEvent::CherryTaken {
                unit: ROSE,
                target: WALTER,
                cherry: Cherry::MoreHurt,
            }),
            "Matched: Rose Whateley takes More Hurt on Walter Corbitt Jr.",
        ),
        (
            EventKind::from(HouseEvent::Blinded {
                unit: WALTER,
                until_round: 3,
            }),
            "Walter Corbitt Jr. is blinded until round 3 ends",
        ),
        (
            EventKind::from(HouseEvent::MonkeyDodged {
                unit: ROSE,
                attacker: GHOUL,
                to: DOYLE,
            }),
            "Rose Whateley's Monkey Dodge turns Ghoul of the Corbitt house's attack on Father Doyle",
        ),
        (
            E::JamWorkedOn {
                unit: WALTER,
                weapon: "Thompson".to_string(),
                rounds_left: 1,
            },
            "Walter Corbitt Jr. works on the jammed Thompson: 1 more round",
        ),
        (
            E::JamCleared {
                unit: WALTER,
                weapon: "Thompson".to_string(),
            },
            "Walter Corbitt Jr. clears the Thompson",
        ),
        (
            E::Reloaded {
                unit: WALTER,
                weapon: ".38 or 9mm Revolver".to_string(),
                loaded: 2,
                spare: 10,
                half_done: false,
            },
            "Walter Corbitt Jr. reloads the .38 or 9mm Revolver: 2 loaded, 10 spare",
        ),
        (
            E::Dived {
                unit: DOYLE,
                made_it: true,
            },
            "Father Doyle dives for cover: harder to hit",
        ),
        (
            E::DodgedFire {
                unit: DOYLE,
                made_it: false,
            },
            "Father Doyle tries to dodge the first bullet, too slowly",
        ),
        (
            E::WeaponStuck {
                unit: ROSE,
                weapon: "Knife, large (machete, etc.)".to_string(),
                target: GHOUL,
            },
            "Rose Whateley's Knife, large (machete, etc.) sticks in Ghoul of the Corbitt house: bare hands until it is worked free",
        ),
        (
            E::WeaponFreed {
                unit: ROSE,
                weapon: "Knife, large (machete, etc.)".to_string(),
                made_it: true,
            },
            "Rose Whateley works the Knife, large (machete, etc.) free",
        ),
        (
            E::from(BrpEvent::KnockedOut {
                unit: ROSE,
                dice: vec![die(6, 3), die(6, 4)],
                until_round: 9,
            }),
            "Rose Whateley is out cold for 7 rounds [2D6: 3 4], until round 9 ends",
        ),
        (
            E::from(CocEvent::ArmorTried {
                unit: ROSE,
                armor: "Heavy leather jacket".to_string(),
                location: Some((die(20, 2), BodyPart::RightLeg)),
                covered: false,
            }),
            "It lands on Rose Whateley's right leg [1D20: 2]: the Heavy leather jacket does not \
             cover it",
        ),
        (
            E::from(CocEvent::ArmorTried {
                unit: ROSE,
                armor: "Heavy leather jacket".to_string(),
                location: None,
                covered: true,
            }),
            "Rose Whateley's Luck: the Heavy leather jacket takes it",
        ),
        (
            E::TargetDrawn {
                unit: WALTER,
                target: GHOUL,
                die: die(2, 2),
            },
            "The die sends Walter Corbitt Jr.'s next shot at Ghoul of the Corbitt house [1D2: 2]",
        ),
        (
            E::BelowZero {
                unit: ROSE,
                hit_points: 5,
            },
            "Rose Whateley is 5 hit points below zero",
        ),
        (
            E::KnockOutSwung {
                unit: WALTER,
                target: ROSE,
                weapon: "Club".to_string(),
            },
            "Walter Corbitt Jr. strikes at Rose Whateley with the Club to knock them out",
        ),
        (
            E::StrengthPitted {
                unit: ROSE,
                against: WALTER,
                contest: Contest::ThrowOff,
                active: 11,
                passive: 16,
                odds: Resistance::Chance(25),
                won: false,
            },
            "Rose Whateley strains to throw off the grapple of Walter Corbitt Jr.: STR 11 \
             against 16 (25% on the resistance table): held",
        ),
        (
            E::StrengthPitted {
                unit: WALTER,
                against: ROSE,
                contest: Contest::Pin,
                active: 28,
                passive: 11,
                odds: Resistance::Sure(true),
                won: true,
            },
            "Walter Corbitt Jr. strains to pin Rose Whateley: STR 28 against 11 (sure, ten or \
             more ahead): pinned: it can do nothing until let be",
        ),
        (
            E::StrengthPitted {
                unit: ROSE,
                against: WALTER,
                contest: Contest::BreakFree,
                active: 11,
                passive: 16,
                odds: Resistance::Chance(25),
                won: true,
            },
            "Rose Whateley strains to break free of Walter Corbitt Jr.: STR 11 against 16 (25% \
             on the resistance table): free",
        ),
        (
            E::Gripped {
                unit: WALTER,
                target: ROSE,
                grip: Grip::Strangle {
                    rounds: 0,
                    breathless: false,
                },
            },
            "Walter Corbitt Jr. begins to strangle Rose Whateley",
        ),
        (
            E::Gripped {
                unit: WALTER,
                target: ROSE,
                grip: Grip::Immobilise,
            },
            "Walter Corbitt Jr. holds Rose Whateley pinned",
        ),
        (
            E::GripEased {
                unit: WALTER,
                target: ROSE,
            },
            "Walter Corbitt Jr. eases the grip on Rose Whateley",
        ),
        (
            E::from(CocEvent::LuckSpent {
                unit: ROSE,
                points: 4,
                left: 41,
            }),
            "Rose Whateley spends 4 Luck to stay conscious (41 left)",
        ),
        (
            E::Backlash {
                unit: WALTER,
                weapon: "Chainsaw".to_string(),
            },
            "The Chainsaw turns on Walter Corbitt Jr.",
        ),
        (
            E::DiceEntered { faces: vec![4, 5] },
            "The keeper enters dice: 4, 5",
        ),
        (
            E::Adjusted {
                unit: GHOUL,
                change: Adjustment::HitPoints(7),
            },
            "The keeper sets Ghoul of the Corbitt house's hit points to 7",
        ),
        (
            E::Adjusted {
                unit: ROSE,
                change: Adjustment::Place(Tile::new(2, 3)),
            },
            "The keeper sets Rose Whateley down at (2, 3)",
        ),
        (
            E::RolledInSecret {
                unit: WALTER,
                roll: level_rolls::record(
                    RollPurpose::Skill("Listen".to_string()),
                    &check,
                    Vec::new(),
                ),
            },
            "Walter Corbitt Jr. rolls Listen in secret: 63 against 60, hard needed: failure",
        ),
        (
            E::Injured {
                unit: ROSE,
                by: Some(GHOUL),
                net: 3,
                weapon: 1,
                soak: 0,
                severity: Some(4),
                wound_level: 5,
                remaining: 2,
                penalty: Some(3),
            },
            "Rose Whateley takes an injury of 4 (net 3 + 1 − 0 soaked): wound level 5, −3 dice \
             on every roll",
        ),
        (
            E::Injured {
                unit: WALTER,
                by: Some(GHOUL),
                net: 2,
                weapon: 0,
                soak: 3,
                severity: None,
                wound_level: 0,
                remaining: 7,
                penalty: Some(0),
            },
            "Walter Corbitt Jr. shrugs it off (net 2 + 0 − 3 soaked)",
        ),
        (
            E::from(PoolEvent::Scarred {
                unit: ROSE,
                severity: 4,
            }),
            "Rose Whateley will carry a scar from that injury of 4",
        ),
        (
            E::from(PoolEvent::Evading {
                unit: ROSE,
                pool: 2,
            }),
            "Rose Whateley evades: 2 successes to take off blows until the next turn",
        ),
        (
            EventKind::from(HouseEvent::DodgeStanceTaken {
                unit: ROSE,
                shift: Some(-30),
            }),
            "Rose Whateley takes a dodge stance after attacking: −30 on its dodges until its \
             next turn",
        ),
        (
            EventKind::from(HouseEvent::DodgeStanceTaken {
                unit: ROSE,
                shift: None,
            }),
            "Rose Whateley takes a dodge stance until its next turn (an attack this turn takes \
             the shift)",
        ),
        (
            EventKind::from(HouseEvent::Grazed {
                unit: ROSE,
                target: GHOUL,
                weapon: "Knife".to_string(),
            }),
            "Rose Whateley's Knife misses but still grazes Ghoul of the Corbitt house",
        ),
        (
            EventKind::from(HouseEvent::SkillDivided {
                unit: ROSE,
                whole: 50,
                shares: vec![20, 20, 10],
            }),
            "Rose Whateley divides 50 into 3 attacks: 20 + 20 + 10",
        ),
        (
            EventKind::from(HouseEvent::BulletPinned {
                unit: ROSE,
                target: GHOUL,
            }),
            "Rose Whateley's bullet keeps Ghoul of the Corbitt house down without hurting (only a \
             matched or critical roll hurts)",
        ),
        (
            EventKind::from(HouseEvent::Suppressed {
                unit: ROSE,
                group: vec![GHOUL],
                bullets: 3,
                shift: 0,
            }),
            "Rose Whateley has fired 3 bullets at Ghoul of the Corbitt house this turn: not yet \
             enough to pin them",
        ),
        (
            EventKind::from(HouseEvent::Suppressed {
                unit: ROSE,
                group: vec![GHOUL],
                bullets: 6,
                shift: -10,
            }),
            "Rose Whateley has fired 6 bullets at Ghoul of the Corbitt house this turn: −10 on \
             their rolls until its next turn",
        ),
        (
            EventKind::from(HouseEvent::StanceDodge {
                unit: ROSE,
                attacker: GHOUL,
                outcome: DodgeOutcome::Downgraded,
            }),
            "Rose Whateley dodges Ghoul of the Corbitt house's hit: brought down to hand-to-hand \
             damage",
        ),
        (
            E::from(PoolEvent::Evaded {
                unit: ROSE,
                attacker: GHOUL,
                took: 2,
                left: 0,
            }),
            "Rose Whateley's evading takes 2 off Ghoul of the Corbitt house's blow (0 left)",
        ),
        (
            E::from(PoolEvent::DicePlanned {
                unit: ROSE,
                budget: 7,
                parts: vec![
                    PlanPart::new(PlannedAction::Attack, 3),
                    PlanPart::new(PlannedAction::WeaponDefence, 2),
                    PlanPart::new(PlannedAction::Dodge, 2),
                ],
            }),
            "Rose Whateley splits 7 dice: attack 3 · fight back 2 · dodge 2",
        ),
        (
            E::from(PoolEvent::StunShakenOff {
                unit: ROSE,
                left: 4,
            }),
            "Rose Whateley is stunned by the injury, and spends a point of Willpower to shake it off (4 left)",
        ),
        (
            E::from(PoolEvent::StunnedByInjury { unit: ROSE }),
            "Rose Whateley is stunned by the injury and loses a turn",
        ),
        (
            E::Revealed {
                unit: GHOUL,
                how: Reveal::SeenBy(ROSE),
            },
            "Ghoul of the Corbitt house comes out of hiding: Rose Whateley sees it",
        ),
        (
            E::Gripped {
                unit: WALTER,
                target: ROSE,
                grip: Grip::Garrote,
            },
            "Walter Corbitt Jr. pulls the garrote tight on Rose Whateley: 1D6 a round until a \
             maneuver breaks free",
        ),
        (
            E::BreathGone { unit: ROSE },
            "Rose Whateley can hold their breath no longer and chokes (1D6 a round until freed)",
        ),
        (
            E::KnockOutWeighed {
                unit: WALTER,
                target: ROSE,
                damage: 12,
                hit_points: 13,
                odds: Resistance::Chance(45),
                knocked_out: true,
            },
            "Knock-out: 12 damage against Rose Whateley's 13 hit points (45% on the resistance \
             table): knocked out, losing 4 of them",
        ),
        (
            E::KnockOutWeighed {
                unit: WALTER,
                target: ROSE,
                damage: 3,
                hit_points: 13,
                odds: Resistance::Sure(false),
                knocked_out: false,
            },
            "Knock-out: 3 damage against Rose Whateley's 13 hit points (no chance, ten or more \
             behind): not knocked out: the blow goes in whole",
        ),
        (
            E::from(BrpEvent::ParryDeclared {
                unit: ROSE,
                against: Some(GHOUL),
            }),
            "Rose Whateley will fight back Ghoul of the Corbitt house this round",
        ),
        (
            E::from(FrontierEvent::QuickDrawn {
                unit: GHOUL,
                rival: ROSE,
                shooter: DrawTotal::new(
                    37,
                    DrawBonus {
                        sides: 100,
                        skill_points: 44,
                        modifiers: vec![Modifier {
                            reason: reasons::DRAWING,
                            effect: Effect::Add(-20),
                        }],
                    },
                ),
                answer: DrawTotal::new(
                    10,
                    DrawBonus {
                        sides: 100,
                        skill_points: 54,
                        modifiers: Vec::new(),
                    },
                ),
                first: None,
            }),
            "Quick draw: Ghoul of the Corbitt house 37 + 44 − 20 drawing = 61 against Rose \
             Whateley 10 + 54 = 64: both fire at once",
        ),
        (
            E::Declared {
                unit: ROSE,
                declaration: Declaration {
                    movement: DeclaredMove::Move,
                    act: DeclaredAct::Fire {
                        target: GHOUL,
                        shots: 2,
                    },
                    specific: Some(SpecificShot::Legs),
                    ..Declaration::default()
                },
            },
            "Rose Whateley declares: moves · fires 2 shots at Ghoul of the Corbitt house at the \
             legs",
        ),
        (
            E::DeclarationLost {
                unit: WALTER,
                declaration: Declaration {
                    movement: DeclaredMove::Zigzag,
                    act: DeclaredAct::FirstAid { patient: DOYLE },
                    ..Declaration::default()
                },
            },
            "Walter Corbitt Jr.'s declaration is lost, not carried out (zigzags · gives First Aid \
             to Father Doyle)",
        ),
        (
            E::BulletDodged {
                unit: ROSE,
                target: DOYLE,
            },
            "Father Doyle's dodge takes one hit of Rose Whateley's away",
        ),
        (
            E::Launched {
                unit: ROSE,
                weapon: "Dynamite Stick".to_string(),
                at: Tile::new(6, 6),
            },
            "Rose Whateley sends the Dynamite Stick at (6, 6)",
        ),
        (
            E::Scattered {
                weapon: "Dynamite Stick".to_string(),
                from: Tile::new(6, 6),
                to: Tile::new(9, 6),
                direction: die(8, 3),
                yards: vec![die(4, 1), die(4, 2)],
            },
            "The Dynamite Stick goes astray from (6, 6) to (9, 6) [D8: 3, D4: 1 2]",
        ),
        (
            E::Exploded {
                weapon: "Dynamite Stick".to_string(),
                at: Tile::new(9, 6),
                radius: Some(3),
            },
            "The Dynamite Stick bursts at (9, 6) (radius 3 yards)",
        ),
        (
            E::Dud {
                weapon: "Hand Grenade".to_string(),
                at: Tile::new(9, 6),
            },
            "The Hand Grenade at (9, 6) does not go off",
        ),
        (
            E::Shielded {
                unit: DOYLE,
                by: Tile::new(8, 7),
            },
            "Father Doyle is shielded from the blast by (8, 7)",
        ),
        (
            E::ChargeSet {
                unit: ROSE,
                weapon: "Plastique (C-4)".to_string(),
                at: Tile::new(2, 2),
                fuse: Some(2),
            },
            "Rose Whateley sets the Plastique (C-4) at (2, 2): it goes off in 2 rounds",
        ),
        (
            E::MineTriggered {
                unit: GHOUL,
                at: Tile::new(5, 5),
            },
            "Ghoul of the Corbitt house steps on a mine at (5, 5)",
        ),
        (
            E::CaughtFire { unit: GHOUL },
            "Ghoul of the Corbitt house catches fire",
        ),
        (
            E::Burned {
                unit: GHOUL,
                damage: 4,
            },
            "Ghoul of the Corbitt house burns for 4 damage",
        ),
        (
            E::FireOut { unit: GHOUL },
            "The fire on Ghoul of the Corbitt house is out",
        ),
        (
            E::from(CocEvent::Stunned {
                unit: GHOUL,
                turns: die(6, 3),
            }),
            "Ghoul of the Corbitt house is stunned for 3 turns [D6: 3]",
        ),
        (
            E::TurnLost { unit: GHOUL },
            "Ghoul of the Corbitt house is stunned and loses the turn",
        ),
        (E::TurnEnded { unit: ROSE }, "Rose Whateley ends the turn"),
        (E::RoundEnded, "Round 2 ends"),
        (
            E::BattleEnded {
                outcome: Outcome {
                    winner: Some(0),
                    reason: "the last side standing".to_string(),
                },
            },
            "The fight is over, won by Investigators: the last side standing",
        ),
        (
            E::Rejected {
                command: Command::EndTurn { unit: ROSE },
                reason: Rejection::NotItsTurn,
            },
            "Rose Whateley cannot do that: it is not this unit's turn",
        ),
        (
            E::Rejected {
                command: Command::Keeper(KeeperOrder::Bring {
                    unit: ROSE,
                    at: Tile::new(2, 2),
                }),
                reason: Rejection::KeeperRefused(
                    "not while an attack waits for its answer".to_string(),
                ),
            },
            "The keeper cannot do that: not while an attack waits for its answer",
        ),
    ]
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
