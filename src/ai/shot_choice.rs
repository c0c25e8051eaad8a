//! The shot the battle's own preview says does most harm with the weapon in hand: each enemy,
//! each way the gun fires (shots, a burst, the rulebook's own, full auto), weighed by a
//! harm the caller gives against the ammunition it spends.

use bevy::prelude::*;

use super::Seen;
use crate::battle::command::{Command, FireMode, WeaponChoice};
use crate::battle::ranged::{self, RollPreview};
use crate::battle::{Arsenal, TurnState};
use crate::map::range::{RangeBand, distance_squared};
use crate::map::scenario::Scenario;
use crate::rules::weapons::AttackForm;

/// The shot the battle's preview says does the most harm by `harm` (given each roll's chance
/// and bullets, and the target's hit points and armor), nearest first among equals; with its worth.
/// With `volleys`, a weapon that may fire several shots a round or a burst is weighed at each,
/// every bullet past a single shot's costing `volleys` times that shot's worth (the ammunition
/// it spends); without, it fires single shots. With a gun, bow or thrown weapon in hand that can
/// shoot now; `None` otherwise.
pub(super) fn best_shot(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
    arsenal: &Arsenal,
    volleys: Option<f64>,
    harm: impl Fn(&[(f64, u32)], u32, u32) -> f64,
) -> Option<(f64, Command)> {
    let unit = turn.unit;
    let weapon_choice = arsenal.in_hand;
    let WeaponChoice::Carried(index) = weapon_choice else {
        return None;
    };
    let spec = &scenario.units[unit.index()];
    let weapon = &spec.weapons.get(index)?.weapon;
    let form = weapon.attack_form();
    if !matches!(form, AttackForm::Shot | AttackForm::Thrown)
        || turn.action_used
        || turn.action_forfeited()
        || arsenal.state(index).jam.is_some()
    {
        return None;
    }
    let here = seen.iter().find(|other| other.unit == unit)?.at;
    // Enemies out of range are left out before any preview (which would refuse every shot at
    // them): on a large map, most of them.
    let ruleset = scenario.ruleset.as_ref();
    let ruler = spec.range_ruler(weapon, &ruleset.range_scale());
    let mut enemies: Vec<&Seen> = seen
        .iter()
        .filter(|other| other.standing && other.side != spec.side)
        .filter(|other| ruler.read(here, other.at).band != RangeBand::OutOfRange)
        .collect();
    enemies.sort_by_key(|other| (distance_squared(here, other.at), other.unit));
    let volley = ruleset.burst_size(spec.skill(ruleset, weapon.automatic_skill()));
    // No shot at all where every roll goes through cover this damage cannot pass.
    let most_damage = spec.most_damage(weapon);
    let own = super::hooks::of(world, scenario);
    // Whether the rulebook fires full auto as the engine's (the d10 pool sweeps it instead).
    let full_auto_fired = crate::battle::hooks::of_world(world)
        .is_none_or(|hooks| hooks.full_auto_refused(weapon).is_none());
    let mut best: Option<(f64, Command)> = None;
    for enemy in enemies {
        let target = enemy.unit;
        let armor = scenario.units[target.index()]
            .armor
            .as_ref()
            .map_or(0, |worn| worn.points);
        let mut modes = Vec::new();
        let mut near_only = Vec::new();
        if weapon.most_shots() == 0 {
            modes.push(FireMode::FullAuto(vec![(target, volley)]));
        } else {
            let most = if volleys.is_some() && form == AttackForm::Shot {
                weapon.most_shots()
            } else {
                1
            };
            // The round plan's slot may allow fewer shots a pull than the weapon.
            let most = turn.limits.shots.map_or(most, |cap| most.min(cap));
            modes.extend((1..=most).map(|shots| FireMode::Shots(vec![target; shots as usize])));
            if volleys.is_some() && weapon.uses.burst.is_some() {
                modes.push(FireMode::Burst(target));
            }
            // The rulebook's own ways of firing worth weighing (BRP's both barrels, the d10
            // pool's sweeps).
            if volleys.is_some()
                && let Some(own) = &own
            {
                for choice in own.fire_modes(scenario, (unit, weapon), (enemy, armor)) {
                    if choice.near_only {
                        near_only.push(choice.mode.clone());
                    }
                    modes.push(choice.mode);
                }
            }
            if volleys.is_some()
                && weapon.uses.full_auto
                && form == AttackForm::Shot
                && full_auto_fired
            {
                modes.push(FireMode::FullAuto(vec![(target, volley)]));
            }
        }
        // The first mode (a single shot, or the volley of a gun that only fires full auto) is
        // what the others' extra bullets are weighed against.
        let mut first = None;
        for mode in modes {
            let Ok(rolls) = ranged::preview(world, unit, weapon_choice, &mode) else {
                continue;
            };
            if rolls.iter().all(|roll| roll.setup.line.stops(most_damage)) {
                continue;
            }
            let near = |roll: &RollPreview| {
                matches!(roll.setup.reading.band, RangeBand::Touch | RangeBand::Base)
            };
            if near_only.contains(&mode) && !rolls.iter().all(near) {
                continue;
            }
            let chances: Vec<(f64, u32)> = rolls
                .iter()
                .map(|roll| (roll.chance, roll.bullets))
                .collect();
            let own_worth = match (&mode, &own) {
                (FireMode::Rulebook(fire), Some(own)) => {
                    own.fire_worth(scenario, (seen, spec.side), fire.mode(), &rolls, &harm)
                }
                _ => None,
            };
            let (bullets, plain) = own_worth.unwrap_or_else(|| {
                (
                    chances.iter().map(|(_, bullets)| bullets).sum(),
                    harm(&chances, enemy.hit_points, armor),
                )
            });
            let (first_bullets, first_worth) = *first.get_or_insert((bullets, plain));
            let spent = f64::from(bullets.saturating_sub(first_bullets)) * first_worth;
            let worth = plain - volleys.unwrap_or_default() * spent;
            let command = match form {
                AttackForm::Thrown => Command::Attack {
                    unit,
                    target,
                    weapon: weapon_choice,
                },
                _ => Command::Fire {
                    unit,
                    weapon: weapon_choice,
                    mode,
                },
            };
            // Nearest and fewest bullets first: the first of equal harm stays.
            if best.as_ref().is_none_or(|(most, _)| worth > *most) {
                best = Some((worth, command));
            }
        }
    }
    best
}
