//! Shooting through the headless battle: range bands, point-blank, every modifier alone and
//! together, aiming, diving for cover, multiple shots, bursts and full auto (the rulebook's
//! worked example), malfunctions and jams, reloading, shotguns, thrown weapons, and hit rates
//! over thousands of seeds against the exact odds.

use super::*;
use gridkeeper::battle::command::FireMode;
use gridkeeper::battle::event::Modifier;
use gridkeeper::map::range::RangeBand;
use gridkeeper::map::sight::ShotLine;
use gridkeeper::rules::damage::DamageSource;
use gridkeeper::rules::level_rolls;
use gridkeeper::rules::modifiers::extra_dice;
use gridkeeper::rules::odds::LevelOdds;
use gridkeeper::rules::percentile::{Difficulty, NetDice, SkillCheck};
use gridkeeper::rules::roll::RollPurpose;
use gridkeeper::rules::weapons::MalfunctionKind;

mod aiming;
mod hit_rates;
mod into_melee;
mod malfunctions;
mod modifiers;
mod range;
mod shotguns;
mod through_cover;
mod thrown;
mod volleys;

const HANDGUN: &str = "Firearms (Handgun)";
const RIFLE: &str = "Firearms (Rifle/Shotgun)";
const SMG: &str = "Firearms (SMG)";
const REVOLVER: &str = ".38 or 9mm Revolver";

/// A scenario on a field with these rule options.
fn on_field(fighters: &[Fighter], rows: &[String], rules: &str) -> Scenario {
    scenario_with(fighters, rows, rules, "")
}

/// A shooter on side a with `weapon` (full, no spares) and `skill` in `skill_name`.
fn gunman(at: (u32, u32), weapon: &'static str, skill_name: &'static str, skill: u32) -> Fighter {
    let mut unit = fighter("Gunman", "a", at);
    unit.weapons = vec![weapon];
    unit.skills.push((skill_name, skill));
    unit
}

const GUN: WeaponChoice = WeaponChoice::Carried(0);

/// A and B end their turns, in that order: the next round for a two-unit fight.
fn next_round(app: &mut App) {
    send(app, Command::EndTurn { unit: A });
    send(app, Command::EndTurn { unit: B });
}

/// A single shot by A at B is refused with `expected`, changing nothing.
fn refuse_a_shot(app: &mut App, expected: Rejection) {
    refuse(
        app,
        Command::Fire {
            unit: A,
            weapon: GUN,
            mode: FireMode::single(B),
        },
        expected,
    );
}

/// Fire, and let every target asked take it.
fn fire(app: &mut App, unit: UnitId, mode: FireMode) {
    send(
        app,
        Command::Fire {
            unit,
            weapon: GUN,
            mode,
        },
    );
    take_it(app);
}

/// The attack rolls a unit made in these events, with their modifiers.
fn attack_rolls(events: &[EventKind], unit: UnitId) -> Vec<(SkillCheck, Vec<Modifier>)> {
    events
        .iter()
        .filter_map(|event| match event {
            EventKind::Rolled { unit: roller, roll }
                if *roller == unit
                    && matches!(&roll.purpose, RollPurpose::Skill(skill)
                    if skill.starts_with("Firearms") || skill == "Throw") =>
            {
                Some((
                    level_rolls::check_of(roll).expect("a percentile roll with levels"),
                    roll.modifiers.clone(),
                ))
            }
            _ => None,
        })
        .collect()
}

/// The bonus and penalty dice among some modifiers, by reason (the steps of difficulty are
/// read from the difficulty).
fn reasons(modifiers: &[Modifier]) -> Vec<(ModifierReason, i8)> {
    modifiers
        .iter()
        .filter(|modifier| modifier.difficulty_steps() == 0)
        .map(|modifier| (modifier.reason, modifier.dice()))
        .collect()
}

/// One shot by A at B; the one attack roll's check and modifiers.
fn one_shot(app: &mut App) -> (SkillCheck, Vec<Modifier>) {
    let mark = event_count(app);
    fire(app, A, FireMode::single(B));
    let rolls = attack_rolls(&events_from(app, mark), A);
    assert_eq!(rolls.len(), 1, "{:?}", events_from(app, mark));
    rolls[0].clone()
}

/// The weapon state of a unit's first weapon.
fn ammunition(app: &mut App, unit: UnitId) -> (u32, u32) {
    let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
    let state = query
        .iter(app.world())
        .find(|(id, _)| **id == unit)
        .map(|(_, arsenal)| arsenal.state(0))
        .expect("the unit exists");
    (state.ammunition.loaded, state.ammunition.spare)
}

/// A fires once at B, who dives for cover; A ends its turn.
fn a_shoots_and_b_dives(app: &mut App) {
    send(
        app,
        Command::Fire {
            unit: A,
            weapon: GUN,
            mode: FireMode::single(B),
        },
    );
    send(
        app,
        Command::Answer {
            unit: B,
            answer: Answer::DiveForCover,
        },
    );
    send(app, Command::EndTurn { unit: A });
}

/// B answers the attack on it: whether the exchange is then resolved.
fn answer_comes_to_blows(app: &mut App, answer: Answer) -> bool {
    after(app, &[], Command::Answer { unit: B, answer })
        .iter()
        .any(|event| matches!(event, EventKind::MeleeResolved { .. }))
}
