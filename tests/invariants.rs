//! Properties every battle keeps, for every rulebook, over AI battles of every shipped scenario
//! under many seeds, checked after every command: hit points never above their most (and below
//! zero only from zero), ammunition never made from nothing, a unit out of the
//! fight never acting, and the same seed and commands giving the same events. With the rules'
//! own property that a bonus die never makes a roll worse.
//!
//! `GRIDKEEPER_PROPERTY_BATTLES=N` sets the battles a scenario (a short run by default; the long
//! run in docs/RELIABILITY.md).

use std::collections::HashMap;
use std::path::Path;

use bevy::prelude::*;
use gridkeeper::battle::command::Command;
use gridkeeper::battle::{Arsenal, Condition, EventLog, Presence, UnitId, Vitals};
use gridkeeper::map::scenario::Scenario;
use gridkeeper::replay::{EventDigest, give_tracked, refused, simulate};
use gridkeeper::rules::percentile::{Difficulty, NetDice, PercentileRoll, SkillCheck};

const SCENARIOS: [&str; 4] = [
    "cellar.ron",
    "farmstead.ron",
    "warehouse.ron",
    "kingsport.ron",
];

fn shipped(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name);
    Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"))
}

fn battles(short: u64) -> u64 {
    std::env::var("GRIDKEEPER_PROPERTY_BATTLES")
        .ok()
        .and_then(|battles| battles.parse().ok())
        .unwrap_or(short)
}

/// Each unit: in the fight (present and conscious), its vitals, and each weapon's rounds.
fn state(world: &mut World) -> HashMap<UnitId, (bool, Vitals, Vec<u32>)> {
    world
        .query::<(&UnitId, &Vitals, &Condition, &Arsenal)>()
        .iter(world)
        .map(|(unit, vitals, condition, arsenal)| {
            let rounds = arsenal
                .weapons
                .iter()
                .map(|weapon| weapon.ammunition.loaded + weapon.ammunition.spare)
                .collect();
            let in_fight = condition.presence == Presence::Present && vitals.conscious();
            (*unit, (in_fight, *vitals, rounds))
        })
        .collect()
}

/// Whether the command is something the unit does (rather than its answer to an attack, the
/// end of its turn, a wait or the battle's start).
fn is_an_act(command: &Command) -> bool {
    !matches!(
        command,
        Command::Begin
            | Command::EndTurn { .. }
            | Command::Answer { .. }
            | Command::Delay { .. }
            | Command::DeclareParry { .. }
    )
}

#[test]
fn every_battle_keeps_its_invariants() {
    let mut commands_checked = 0;
    for name in SCENARIOS {
        let scenario = shipped(name);
        for seed in 0..battles(4) {
            let battle = simulate(scenario.clone(), seed, Some(30));
            let mut app = battle.headless(seed);
            let mut before = state(app.world_mut());
            for (number, command) in battle.commands.iter().enumerate() {
                let from = give_tracked(app.world_mut(), command.clone());
                let accepted = !refused(&app.world().resource::<EventLog>().0[from..]);
                let after = state(app.world_mut());
                let at = format!("{name}, seed {seed}, command {} ({command:?})", number + 1);
                if accepted
                    && is_an_act(command)
                    && let Some(unit) = command.unit()
                {
                    assert!(before[&unit].0, "{at}: a unit out of the fight acted");
                }
                for (unit, (_, vitals, rounds)) in &after {
                    assert!(
                        vitals.hit_points <= vitals.max_hit_points,
                        "{at}: {unit:?} has {} of {} hit points",
                        vitals.hit_points,
                        vitals.max_hit_points
                    );
                    assert!(
                        vitals.below_zero == 0 || vitals.hit_points == 0,
                        "{at}: {unit:?} is {} below zero with {} hit points",
                        vitals.below_zero,
                        vitals.hit_points
                    );
                    for (weapon, (now, was)) in rounds.iter().zip(&before[unit].2).enumerate() {
                        assert!(now <= was, "{at}: {unit:?}'s weapon {weapon} gained rounds");
                    }
                }
                before = after;
                commands_checked += 1;
            }
            let events = &app.world().resource::<EventLog>().0;
            assert_eq!(
                EventDigest::of(events),
                battle.events,
                "{name}, seed {seed}: the same commands gave other events"
            );
        }
    }
    assert!(
        commands_checked > 500,
        "{commands_checked} commands checked"
    );
}

/// For every skill and every face of the dice, one more bonus die never lowers the level a
/// roll reaches, and one more penalty die never raises it.
#[test]
fn a_bonus_die_never_makes_a_roll_worse() {
    for skill in [1, 5, 17, 33, 50, 64, 90, 99] {
        for units in 0..10 {
            for first in 0..10 {
                for second in 0..10 {
                    let level = |tens: Vec<u32>, dice| {
                        SkillCheck::judge(
                            PercentileRoll::from_faces(tens, units, dice),
                            skill,
                            Difficulty::Regular,
                        )
                        .level
                    };
                    let plain = level(vec![first * 10], NetDice::Bonus(0));
                    let bonus = level(vec![first * 10, second * 10], NetDice::Bonus(1));
                    let penalty = level(vec![first * 10, second * 10], NetDice::Penalty(1));
                    assert!(
                        bonus >= plain,
                        "skill {skill}, {first}{units}/{second}{units}"
                    );
                    assert!(
                        penalty <= plain,
                        "skill {skill}, {first}{units}/{second}{units}"
                    );
                }
            }
        }
    }
}
