//! The d100 house sheet's turn in the battle: the dodge stance, held to the unit's next turn
//! and rolled against each hit (a bullet brought down to its digit sum, a blow to nothing, a
//! critical or matched dodge clean, a critical hit never dodged), and the −30 on whichever of
//! the turn's attack and dodge comes second; the skill divided into shares, an attack at each;
//! what a failed blow still does (a sharp weapon's graze, the weapon turned on its wielder); and
//! what the sheet offers a unit on its turn, as data.

use gridkeeper::battle::choices::TurnChoices;
use gridkeeper::battle::hooks::offered;
use gridkeeper::rules::damage::DamageSource;
use gridkeeper::rules::modifiers::{Effect, ModifierReason};
use gridkeeper::rules::roll_harm::DodgeOutcome;
use gridkeeper::rulesets::d100_house::battle::events::HouseEvent;

use super::*;
use crate::house::{
    BRUNO, DEE, GREY, NICO, QUEUE_ROLLS, RICO, damage_parts, fire, fire_with, greys_first_turn,
    house, spin_cycle, strike,
};
use gridkeeper::rulesets::d100_house::battle::commands::HouseCommand;
use gridkeeper::rulesets::d100_house::reasons;

/// Nico, 10 yards from Rico, takes a dodge stance on his turn in round 1; then Rico's turn in
/// round 2 comes round.
fn nico_dodging() -> App {
    let mut app = spin_cycle(&[(NICO, (14, 2))]);
    until_the_turn_of(&mut app, NICO);
    send(
        &mut app,
        Command::from(HouseCommand::DodgeStance { unit: NICO }),
    );
    assert!(house_state(&mut app, NICO).dodge_stance.is_some());
    until_the_turn_of(&mut app, RICO);
    app
}

/// What came of the dodges among `events`.
fn dodges(events: &[EventKind]) -> Vec<DodgeOutcome> {
    events
        .iter()
        .filter_map(|event| match event.own() {
            Some(HouseEvent::StanceDodge { outcome, .. }) => Some(*outcome),
            _ => None,
        })
        .collect()
}

/// The shifts for `reason` on the rolls among `events`, in order, by what was rolled.
pub(super) fn shifts(events: &[EventKind], reason: ModifierReason) -> Vec<(String, i32)> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { roll, .. } => roll
                .modifiers
                .iter()
                .find(|modifier| modifier.reason == reason)
                .map(|modifier| match modifier.effect {
                    Effect::Add(points) => (roll.purpose.name().to_string(), points),
                    _ => panic!("a shift is points: {modifier:?}"),
                }),
            _ => None,
        })
        .collect()
}

/// The shifts for attacking and dodging in one turn on the rolls among `events`.
fn dodging_too(events: &[EventKind]) -> Vec<(String, i32)> {
    shifts(events, reasons::DODGING_TOO)
}

/// Rico's 37 at Nico (the right leg): Nico's dodge of 20 (under his 30) brings the bullet down
/// to its digit sum, 10; a matched 22 dodges it clean; a failed 40 leaves the 37.
#[test]
fn a_dodged_bullet_does_its_digit_sum_and_a_matched_dodge_nothing() {
    let cases = [
        (20, DodgeOutcome::Downgraded, Some(10)),
        (22, DodgeOutcome::Negated, None),
        (40, DodgeOutcome::Missed, Some(37)),
    ];
    for (dodge, outcome, taken) in cases {
        let mut app = nico_dodging();
        let hp = vitals(&mut app, NICO).hit_points;
        let shot = fire_with(&mut app, RICO, NICO, &rolls(&[37, dodge], &[]));
        assert_eq!(dodges(&shot), [outcome], "{dodge}: {shot:?}");
        let rolled: Vec<u32> = damage_parts(&shot)
            .iter()
            .flatten()
            .map(|(_, value)| value.unsigned_abs())
            .collect();
        assert_eq!(rolled, taken.into_iter().collect::<Vec<u32>>(), "{dodge}");
        assert_eq!(
            vitals(&mut app, NICO).hit_points,
            hp - taken.unwrap_or(0),
            "{dodge}"
        );
    }
}

/// A critical hit is never dodged: no Dodge is rolled and Rico's 01 does the cap in the head.
#[test]
fn a_critical_hit_is_not_dodged() {
    let mut app = nico_dodging();
    let shot = fire(&mut app, RICO, NICO, 1);
    assert!(dodges(&shot).is_empty(), "{shot:?}");
    assert_eq!(damage_parts(&shot), [[(DamageSource::Critical, 50)]]);
}

/// The stance lasts to Nico's next turn: there it is gone, and a hit after goes undodged.
#[test]
fn the_stance_lasts_to_the_next_turn() {
    let mut app = nico_dodging();
    until_the_turn_of(&mut app, NICO);
    assert_eq!(house_state(&mut app, NICO).dodge_stance, None);
}

/// Dee's machete on Bruno, who holds a dodge: a plain dodge (20, under his 25) leaves the blow
/// nothing; against a matched 44 it only brings the blow down to the digit sum and the
/// qualities, 8 + 6 = 14.
#[test]
fn a_dodged_blow_does_nothing_and_a_matched_one_comes_down() {
    for (attack, outcome, damage) in [
        (37, DodgeOutcome::Negated, None),
        (44, DodgeOutcome::Downgraded, Some(14)),
    ] {
        let mut app = spin_cycle(&[(DEE, (3, 3)), (BRUNO, (4, 3))]);
        until_the_turn_of(&mut app, BRUNO);
        send(
            &mut app,
            Command::from(HouseCommand::DodgeStance { unit: BRUNO }),
        );
        until_the_turn_of(&mut app, DEE);
        let blow = strike(&mut app, DEE, BRUNO, &rolls(&[attack, 20], &[]));
        assert_eq!(dodges(&blow), [outcome], "{attack}: {blow:?}");
        let totals: Vec<i32> = damage_parts(&blow)
            .iter()
            .map(|parts| parts.iter().map(|(_, value)| value).sum())
            .collect();
        assert_eq!(totals, damage.into_iter().collect::<Vec<i32>>(), "{attack}");
    }
}

/// Rico takes the stance first: his shot after it takes −30 (55 − 30 = 25, so 37 misses). Grey
/// fires first and takes it after: the stance takes −30 on its dodges instead.
#[test]
fn the_second_of_attack_and_dodge_takes_the_shift() {
    let mut app = spin_cycle(&[(NICO, (14, 2)), (GREY, (14, 3))]);
    until_the_turn_of(&mut app, GREY);
    let shot = fire(&mut app, GREY, RICO, 90);
    assert!(dodging_too(&shot).is_empty(), "{shot:?}");
    let from = events(&app).len();
    send(
        &mut app,
        Command::from(HouseCommand::DodgeStance { unit: GREY }),
    );
    assert!(
        events_from(&app, from).contains(&EventKind::from(HouseEvent::DodgeStanceTaken {
            unit: GREY,
            shift: Some(-30)
        }))
    );
    until_the_turn_of(&mut app, RICO);
    send(
        &mut app,
        Command::from(HouseCommand::DodgeStance { unit: RICO }),
    );
    // Grey's dodge (01, a critical, the one roll that makes 35 − 30 = 5) meets Rico's 20.
    let shot = fire_with(&mut app, RICO, GREY, &rolls(&[20, 1], &[]));
    assert_eq!(
        dodging_too(&shot),
        [("Firearms".to_string(), -30), ("Dodge".to_string(), -30)],
        "{shot:?}"
    );
    assert_eq!(dodges(&shot), [DodgeOutcome::Negated]);
}

/// A stance is refused after the turn's action went on something else (a reload of an emptied
/// SMG), and a second stance in one turn.
#[test]
fn a_stance_takes_the_turns_action_unless_it_attacked() {
    use gridkeeper::battle::command::{Adjustment, KeeperOrder};
    let mut app = spin_cycle(&[]);
    until_the_turn_of(&mut app, NICO);
    send(
        &mut app,
        Command::Keeper(KeeperOrder::Adjust {
            unit: NICO,
            change: Adjustment::Ammunition {
                weapon: 0,
                loaded: 0,
                spare: 30,
            },
        }),
    );
    send(
        &mut app,
        Command::Reload {
            unit: NICO,
            weapon: WeaponChoice::Carried(0),
        },
    );
    assert_eq!(
        refusal(
            &mut app,
            Command::from(HouseCommand::DodgeStance { unit: NICO })
        ),
        Some(Rejection::ActionUsed),
        "after a reload"
    );
    until_the_turn_of(&mut app, RICO);
    send(
        &mut app,
        Command::from(HouseCommand::DodgeStance { unit: RICO }),
    );
    assert_eq!(
        refusal(
            &mut app,
            Command::from(HouseCommand::DodgeStance { unit: RICO })
        ),
        Some(Rejection::NotNow(
            "it already holds a dodge stance".to_string()
        )),
        "a second stance"
    );
}

/// The careful AI ends its turn holding a dodge (after its shot, at −30); the baseline does not.
#[test]
fn the_careful_ai_dodges_as_it_ends_its_turn() {
    use gridkeeper::ai::Style;
    let dodge = Command::from(HouseCommand::DodgeStance { unit: GREY });
    assert!(greys_first_turn(Style::Careful).contains(&dodge));
    assert!(!greys_first_turn(Style::Baseline).contains(&dodge));
}

/// The shifts `SplitShare` put on the rolls among `events`, in order.
fn share_shifts(events: &[EventKind]) -> Vec<i32> {
    shifts(events, ModifierReason::SplitShare)
        .into_iter()
        .map(|(_, points)| points)
        .collect()
}

/// Whether Rico dividing his skill into `shares` is refused.
fn divide_refused(app: &mut App, shares: &[u32]) -> bool {
    let divide = Command::from(HouseCommand::DivideSkill {
        unit: RICO,
        shares: shares.to_vec(),
    });
    refusal(app, divide).is_some()
}

/// Rico divides his 55 as 30 + 25: two shots a turn, the first at 30 (31 misses it), the second
/// at 25 (25 hits); a third is refused, and so is dividing again.
#[test]
fn a_divided_skill_gives_an_attack_a_share() {
    let mut app = spin_cycle(&[(NICO, (14, 2))]);
    until_the_turn_of(&mut app, RICO);
    let from = events(&app).len();
    send(
        &mut app,
        Command::from(HouseCommand::DivideSkill {
            unit: RICO,
            shares: vec![30, 25],
        }),
    );
    assert!(
        events_from(&app, from).contains(&EventKind::from(HouseEvent::SkillDivided {
            unit: RICO,
            whole: 55,
            shares: vec![30, 25],
        }))
    );
    let first = fire(&mut app, RICO, NICO, 31);
    assert_eq!(share_shifts(&first), [-25]);
    assert!(damage_parts(&first).is_empty(), "31 misses a share of 30");
    let second = fire(&mut app, RICO, NICO, 25);
    assert_eq!(share_shifts(&second), [-30]);
    assert_eq!(damage_parts(&second), [[(DamageSource::TheRoll, 25)]]);
    let fire_again = Command::Fire {
        unit: RICO,
        weapon: WeaponChoice::Carried(0),
        mode: gridkeeper::battle::command::FireMode::single(NICO),
    };
    assert!(refusal(&mut app, fire_again).is_some(), "no third share");
    assert!(divide_refused(&mut app, &[20, 20]), "divided once a turn");
}

/// At most 3 shares of at least 1, coming to no more than the skill, before the first attack.
#[test]
fn a_skill_divides_into_two_or_three_shares_within_it() {
    let mut app = spin_cycle(&[(NICO, (14, 2))]);
    until_the_turn_of(&mut app, RICO);
    for shares in [&[55][..], &[10, 10, 10, 10], &[30, 0], &[30, 26]] {
        assert!(divide_refused(&mut app, shares), "{shares:?}");
    }
    fire(&mut app, RICO, NICO, 90);
    assert!(
        divide_refused(&mut app, &[20, 20]),
        "after the first attack"
    );
}

/// Bruno beside Dee and Rico, played by the careful AI: his bat's blow does its digit sum and 3
/// whatever the roll, and each share keeps the 01's 25, so three shares (19 + 18 + 18, a mean
/// harm of 7.84) beat one attack at 55 (7.16) and he divides, then strikes three times (at the
/// weaker of the two). Rico's pistol (a bullet does its roll) never divides.
#[test]
fn the_careful_ai_divides_a_club_but_not_a_gun() {
    use gridkeeper::ai::Style;
    let mut scenario = shipped("spin-cycle.ron");
    scenario.units[DEE.index()].start = Tile::new(3, 3);
    scenario.units[BRUNO.index()].start = Tile::new(4, 3);
    let mut app = with_ai_playing(scenario, BRUNO, Style::Careful);
    load(&mut app, &rolls(&QUEUE_ROLLS, &[]));
    send(&mut app, Command::Begin);
    until_the_turn_of(&mut app, BRUNO);
    for _ in 0..40 {
        if !update_taking_everything(&mut app) && acting(&app) != Some(BRUNO) {
            break;
        }
    }
    let bruno = commands_of(&app, BRUNO);
    assert!(
        bruno.contains(&Command::from(HouseCommand::DivideSkill {
            unit: BRUNO,
            shares: vec![19, 18, 18],
        })),
        "{bruno:?}"
    );
    let blows = bruno
        .iter()
        .filter(|command| matches!(command, Command::Attack { .. }))
        .count();
    assert_eq!(blows, 3, "{bruno:?}");
    assert!(
        !greys_first_turn(Style::Careful)
            .iter()
            .any(|command| matches!(house(command), Some(HouseCommand::DivideSkill { .. })))
    );
}

/// Dee's machete on Bruno: a plain miss (70 against her 60) still grazes him for 1; a matched
/// failure (77) turns its 6 on her; a fumble (00) does that too and she drops it. Holding a
/// dodge, Bruno is not grazed.
#[test]
fn a_failed_blow_grazes_or_bites_back() {
    let cases = [(70, 1, 0, false), (77, 0, 6, false), (100, 0, 6, true)];
    for (roll, grazed, bitten, dropped) in cases {
        let mut app = spin_cycle(&[(DEE, (3, 3)), (BRUNO, (4, 3))]);
        until_the_turn_of(&mut app, DEE);
        let (dee, bruno) = (
            vitals(&mut app, DEE).hit_points,
            vitals(&mut app, BRUNO).hit_points,
        );
        strike(&mut app, DEE, BRUNO, &percentile(roll));
        assert_eq!(vitals(&mut app, BRUNO).hit_points, bruno - grazed, "{roll}");
        assert_eq!(vitals(&mut app, DEE).hit_points, dee - bitten, "{roll}");
        assert_eq!(
            unit_state::<Arsenal>(&mut app, DEE).in_hand == WeaponChoice::Unarmed,
            dropped,
            "{roll}"
        );
    }
    let mut app = spin_cycle(&[(DEE, (3, 3)), (BRUNO, (4, 3))]);
    until_the_turn_of(&mut app, BRUNO);
    send(
        &mut app,
        Command::from(HouseCommand::DodgeStance { unit: BRUNO }),
    );
    until_the_turn_of(&mut app, DEE);
    let bruno = vitals(&mut app, BRUNO).hit_points;
    strike(&mut app, DEE, BRUNO, &percentile(70));
    assert_eq!(vitals(&mut app, BRUNO).hit_points, bruno, "dodging");
}

/// Nico's SMG fires full auto 3 bullets an attack, each rolled: 10 at once is refused.
#[test]
fn full_auto_is_three_bullets_an_attack() {
    let mut app = spin_cycle(&[(RICO, (17, 7))]);
    until_the_turn_of(&mut app, NICO);
    let pull = |bullets| Command::Fire {
        unit: NICO,
        weapon: WeaponChoice::Carried(0),
        mode: gridkeeper::battle::command::FireMode::FullAuto(vec![(RICO, bullets)]),
    };
    assert!(refusal(&mut app, pull(10)).is_some(), "10 bullets");
    load(&mut app, &rolls(&[90, 90, 90], &[]));
    let from = events(&app).len();
    send(&mut app, pull(3));
    let rolled = events_from(&app, from)
        .iter()
        .filter(|event| matches!(event, EventKind::Rolled { .. }))
        .count();
    assert_eq!(rolled, 3);
}

/// What the house sheet offers the unit whose turn it is, as data the action bar draws: the
/// parts to call its next attack at, the cherries its obsession earns (the damage standing
/// chosen), the dodge stance and each even division of its skill, each with the command it
/// gives. Given, the stance's offer closes and the cherry picked stands chosen; a rulebook
/// with nothing of its own offers nothing.
#[cfg(feature = "coc7e")]
#[test]
fn the_house_offers_its_own_choices_as_data() {
    let mut app = spin_cycle(&[]);
    until_the_turn_of(&mut app, DEE);
    let before = offered(app.world_mut(), DEE);
    assert!(!before.attack_follows_action, "nothing spent yet");
    let offers = before.offers;
    let ids: Vec<&str> = offers.menus.iter().map(|menu| menu.id).collect();
    assert_eq!(ids, ["call shot", "cherry"]);
    let called = &offers.menus[0];
    assert!(called.open && called.caption.is_none());
    assert_eq!(called.shown, "Call shot");
    assert!(called.items.iter().any(|item| item.label == "head"
        && item.command
            == Some(Command::from(HouseCommand::CallShot {
                unit: DEE,
                part: BodyPart::Head,
            }))));
    let cherry = &offers.menus[1];
    assert_eq!(cherry.caption.as_deref(), Some("On a match:"));
    let labels: Vec<&str> = cherry
        .items
        .iter()
        .map(|item| item.label.as_str())
        .collect();
    assert_eq!(
        labels,
        [
            "the damage",
            "Knock Down",
            "Disarm",
            "Kung Fu Grip",
            "Second Helping"
        ]
    );
    assert!(cherry.items[0].chosen && cherry.items[0].command.is_none());
    let buttons: Vec<(&str, bool, &Command)> = offers
        .buttons
        .iter()
        .map(|offer| (offer.label.as_str(), offer.open, &offer.command))
        .collect();
    assert_eq!(
        buttons,
        [
            (
                "Dodge",
                true,
                &Command::from(HouseCommand::DodgeStance { unit: DEE })
            ),
            (
                "Divide 2",
                true,
                &Command::from(HouseCommand::DivideSkill {
                    unit: DEE,
                    shares: vec![30, 30],
                }),
            ),
            (
                "Divide 3",
                true,
                &Command::from(HouseCommand::DivideSkill {
                    unit: DEE,
                    shares: vec![20, 20, 20],
                }),
            ),
        ]
    );
    send(&mut app, offers.buttons[0].command.clone());
    let knock_down = cherry.items[1].command.clone().expect("a cherry to pick");
    send(&mut app, knock_down);
    let choices = offered(app.world_mut(), DEE);
    let after = &choices.offers;
    assert!(!after.buttons[0].open, "the stance is held: {after:?}");
    assert!(
        choices.attack_follows_action,
        "the stance taken first leaves only attacks to come"
    );
    assert!(after.buttons[1].open, "the attacks are still to come");
    let cherry = &after.menus[1];
    assert_eq!(cherry.shown, "Knock Down");
    assert!(cherry.items[1].chosen && cherry.items[1].command.is_none());
    assert_eq!(
        cherry.items[0].command,
        Some(Command::from(HouseCommand::PickCherry {
            unit: DEE,
            cherry: None,
        }))
    );

    let mut coc = test_app(scenario(&[
        fighter("One", "a", (1, 1)),
        fighter("Other", "b", (3, 1)),
    ]));
    send(&mut coc, Command::Begin);
    let unit = acting(&coc).expect("a turn");
    assert_eq!(offered(coc.world_mut(), unit), TurnChoices::default());
}
