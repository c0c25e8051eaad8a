//! Properties every battle keeps, for every rulebook, over AI battles of every shipped scenario
//! under many seeds, checked after every command: hit points never above their most (and below
//! zero only from zero), ammunition never made from nothing, a unit out of the fight never
//! acting, every die rolled shown in the events its command made, and the same seed and commands
//! giving the same events. With the rules' own property that a bonus die never makes a roll
//! worse.
//!
//! `GRIDKEEPER_PROPERTY_BATTLES=N` sets the battles a scenario (a short run by default; the long
//! run in docs/RELIABILITY.md).
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod shipped;

use std::collections::HashMap;

use bevy::prelude::*;
use gridkeeper::battle::command::Command;
use gridkeeper::battle::event::EventKind;
use gridkeeper::battle::{Arsenal, BattleDice, Condition, EventLog, Presence, UnitId, Vitals};
use gridkeeper::replay::{EventDigest, give_tracked, refused, simulate};
use gridkeeper::rules::percentile::{Difficulty, NetDice, PercentileRoll, SkillCheck};
use shipped::shipped;

const SCENARIOS: [&str; 4] = [
    "cellar.ron",
    "farmstead.ron",
    "warehouse.ron",
    "kingsport.ron",
];

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

/// The dice an event shows: every object in it with a die's `sides` and `face`, and each d100
/// that broke a tie in the round's order (a slot's `tie_roll`).
fn dice_in(event: &EventKind) -> usize {
    fn count(value: &serde_json::Value) -> usize {
        match value {
            serde_json::Value::Object(fields) => {
                let die = fields.contains_key("sides") && fields.contains_key("face");
                let tie = fields
                    .get("tie_roll")
                    .is_some_and(serde_json::Value::is_number);
                usize::from(die) + usize::from(tie) + fields.values().map(count).sum::<usize>()
            }
            serde_json::Value::Array(items) => items.iter().map(count).sum(),
            _ => 0,
        }
    }
    count(&serde_json::to_value(event).expect("an event is JSON"))
}

/// Whether the command is something the unit does (rather than its answer to an attack, the
/// end of its turn, a wait, the battle's start, or what it names in a declaration slot).
fn is_an_act(command: &Command) -> bool {
    !matches!(
        command,
        Command::Begin | Command::EndTurn { .. } | Command::Answer { .. } | Command::Delay { .. }
    ) && !matches!(command, Command::Rulebook(own) if own.command().declares())
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
                let drawn = app.world().resource::<BattleDice>().dice.drawn();
                let from = give_tracked(app.world_mut(), command.clone());
                let made = &app.world().resource::<EventLog>().0[from..];
                let accepted = !refused(made);
                let logged: usize = made.iter().map(|event| dice_in(&event.kind)).sum();
                let rolled = app.world().resource::<BattleDice>().dice.drawn() - drawn;
                let after = state(app.world_mut());
                let at = format!("{name}, seed {seed}, command {} ({command:?})", number + 1);
                assert_eq!(
                    rolled,
                    u64::try_from(logged).unwrap_or(u64::MAX),
                    "{at}: dice rolled and dice in the events"
                );
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
