//! Shooting and throwing: the best shot or burst from the best spot, aiming when it pays,
//! dynamite where it catches enemies, and stepping back out of the line of fire after.

use bevy::prelude::*;

use super::AMMUNITION_COST;
use super::GOOD_ENOUGH_HERE;
use super::Missile;
use super::Planner;
use crate::ai::{Seen, best_shot};
use crate::battle::command::{Command, FireMode, WeaponChoice};
use crate::battle::shot::shooter_in_cover;
use crate::battle::{UnitId, blast};
use crate::map::Tile;
use crate::map::range::distance_squared;
use crate::map::scenario::CarriedWeapon;
use crate::rules::explosions::ring_at;
use crate::rules::firearms::{reload, rounds_ready};
use crate::rules::round::{RoundHistory, TurnKind};
use crate::rules::weapons::{AttackForm, Weapon};

impl<'a> Planner<'a> {
    /// Throw an explosive carried where it does most harm, if that beats what else the unit
    /// could do this turn; taking it in hand first, and first walking to where it throws from
    /// (a doorway, the end of a wall) when that is better than here by more than the danger
    /// of standing there.
    pub(super) fn blast_command(&mut self, world: &mut World, me: Seen) -> Option<Command> {
        let unit = self.unit();
        let (weapon, from, at) = self.throw_plan(world, me)?;
        Some(if self.arsenal.in_hand != weapon {
            Command::Ready { unit, weapon }
        } else if from != me.at {
            Command::Move { unit, to: from }
        } else {
            Command::Blast { unit, weapon, at }
        })
    }

    /// The throw [`Self::blast_command`] works towards: the explosive, the tile it throws
    /// from and the tile it throws at.
    pub(in crate::ai) fn throw_plan(
        &mut self,
        world: &mut World,
        me: Seen,
    ) -> Option<(WeaponChoice, Tile, Tile)> {
        let spec = self.spec();
        let lobbed = |(index, carried): (usize, &CarriedWeapon)| {
            carried.weapon.attack_form() == AttackForm::Lobbed
                && !self.arsenal.lost.contains(&index)
        };
        if !spec.weapons.iter().enumerate().any(lobbed) {
            return None;
        }
        let mut froms = vec![(me.at, 0.0)];
        if self.turn.spent == 0 {
            let danger_here = self.danger_at(me.at);
            let moves = self.reach_map(me.at, false);
            for (tile, _) in self.spots(&moves, me.at, false) {
                if tile != me.at {
                    let danger = self.danger_at(tile) - danger_here;
                    froms.push((tile, danger.max(0.0)));
                }
            }
        }
        let mut aims: Vec<Tile> = self.enemies().map(|enemy| enemy.at).collect();
        aims.sort();
        let mut best: Option<(f64, WeaponChoice, Tile, Tile)> = None;
        for (index, carried) in spec.weapons.iter().enumerate() {
            if !lobbed((index, carried)) {
                continue;
            }
            let choice = WeaponChoice::Carried(index);
            let mean = spec.mean_damage(&carried.weapon.damage);
            for &(from, danger) in &froms {
                for &at in &aims {
                    let Some(worth) = self.throw_worth(world, choice, mean, from, at) else {
                        continue;
                    };
                    let worth = worth - danger;
                    if best.is_none_or(|(most, ..)| worth > most) {
                        best = Some((worth, choice, from, at));
                    }
                }
            }
        }
        let (worth, weapon, from, at) = best?;
        // A stick of dynamite is worth throwing when it does more than any one blow or shot:
        // it must catch several, or one it can drop.
        let alternative = self.alternative_harm(me);
        (worth > alternative).then_some((weapon, from, at))
    }

    /// What a throw of `weapon` (of `mean` damage) from `from` at `at` is worth: the harm to
    /// enemies less the harm to friends (the thrower at `from` among them), if the battle
    /// allows it and the temper accepts what it does to friends.
    fn throw_worth(
        &self,
        world: &mut World,
        weapon: WeaponChoice,
        mean: f64,
        from: Tile,
        at: Tile,
    ) -> Option<f64> {
        let unit = self.unit();
        let side = self.spec().side;
        let preview = blast::preview_from(world, unit, weapon, Some(from), at).ok()?;
        let harm_to = |seen: &Seen, ring: usize| {
            let share = preview.rings.get(ring).map_or(1.0, |ring| ring.share);
            self.harm(&[(preview.chance, 1)], mean * share, seen.hit_points)
        };
        let (mut foes, mut friends) = (0.0, 0.0);
        for (caught, ring) in &preview.caught {
            let Some(seen) = self.seen.iter().find(|other| other.unit == *caught) else {
                continue;
            };
            if seen.unit == unit {
                continue;
            } else if seen.side == side {
                friends += harm_to(seen, *ring);
            } else if seen.standing {
                foes += harm_to(seen, *ring);
            }
        }
        if let (Some(me), Some(ring)) = (
            self.me(),
            ring_at(&preview.rings, distance_squared(from, at)),
        ) {
            friends += harm_to(me, ring);
        }
        let acceptable = match self.temper.friends_in_blast {
            None => friends == 0.0,
            Some(times) => foes >= times * friends,
        };
        acceptable.then_some(foes - friends)
    }

    /// With a gun, bow or thrown weapon in hand.
    pub(super) fn missile_command(
        &mut self,
        world: &mut World,
        me: Seen,
        index: usize,
        weapon: &Weapon,
    ) -> Command {
        let unit = self.unit();
        let choice = WeaponChoice::Carried(index);
        let end = Command::EndTurn { unit };
        let missile = Missile::of(self.scenario, self.spec(), weapon);
        let mean = missile.mean;
        let state = self.arsenal.state(index);
        if !self.action_left() {
            return self.withdraw(me).unwrap_or(end);
        }
        if state.jam.is_some() {
            return Command::ClearJam {
                unit,
                weapon: choice,
            };
        }
        let shot = self.best_missile_shot(world, mean);
        let here_worth = shot.as_ref().map_or(0.0, |(worth, _)| *worth);
        if self.turn.spent == 0 {
            let moves = self.reach_map(me.at, false);
            let spots = self.spots(&moves, me.at, false);
            let (spot, spot_worth) = self
                .best_spot(spots, |planner, tile| {
                    planner.best_shot_from(tile, &missile) - planner.danger_at(tile)
                })
                .unwrap_or((me.at, 0.0));
            let spot_shot = self.best_shot_from(spot, &missile);
            let here_estimate = self.best_shot_from(me.at, &missile);
            let here_score = here_estimate - self.danger_at(me.at);
            let good_here = here_worth > 0.0 && here_estimate >= GOOD_ENOUGH_HERE * spot_shot;
            if spot != me.at && spot_worth > here_score + 0.05 && !good_here {
                if spot_shot > 0.0 || self.time_is_ours() {
                    return Command::Move { unit, to: spot };
                }
                // Nothing to shoot at from anywhere it can walk: close in, running (a gun
                // with nothing ready is loaded first).
                if here_worth == 0.0 && rounds_ready(weapon.feed(), state.ammunition) > 0 {
                    return self.advance(me, false).unwrap_or(end);
                }
            }
        }
        if let Some((worth, command)) = shot {
            // Aim taken already is kept by shooting; an empty gun is loaded, not aimed.
            if self.temper.aims
                && self.turn.spent == 0
                && me.aiming_at.is_none()
                && state.ammunition.loaded > 0
                && let Command::Fire {
                    mode: FireMode::Shots(ref targets),
                    ..
                } = command
                && let [target] = targets.as_slice()
                && self.worth_aiming(me, *target, &missile, worth)
            {
                return Command::Aim {
                    unit,
                    target: *target,
                };
            }
            return command;
        }
        let dry = state.ammunition.loaded == 0;
        let not_full = state.ammunition.loaded < weapon.capacity();
        let reloadable = reload(weapon.feed(), weapon.capacity(), state.ammunition).is_ok();
        if (dry || (self.temper.reloads_early && not_full)) && reloadable {
            return Command::Reload {
                unit,
                weapon: choice,
            };
        }
        if !reloadable && rounds_ready(weapon.feed(), state.ammunition) == 0 {
            // Shot out: fight on hand to hand.
            return Command::Ready {
                unit,
                weapon: self.hand_weapon(),
            };
        }
        if self.turn.spent == 0 && !self.time_is_ours() {
            return self.advance(me, false).unwrap_or(end);
        }
        end
    }

    /// In a slot the round plan keeps for a shot: the shot that does most harm, or pass. A
    /// readied shot is passed where the whole turn to come would rather move first (to cover,
    /// to a better line), as firing now would pin the unit where it stands for the round.
    pub(super) fn shot_only_command(&mut self, world: &mut World, me: Seen) -> Command {
        let unit = self.unit();
        let end = Command::EndTurn { unit };
        let WeaponChoice::Carried(index) = self.arsenal.in_hand else {
            return end;
        };
        let Some(weapon) = self
            .spec()
            .weapons
            .get(index)
            .map(|carried| &carried.weapon)
        else {
            return end;
        };
        if self.turn.limits.kind == TurnKind::ReadiedShot {
            let readied = self.turn;
            self.turn.limits = self
                .scenario
                .ruleset
                .turn_limits(TurnKind::Whole, &RoundHistory::default())
                .unwrap_or_default();
            let whole = self.missile_command(world, me, index, weapon);
            self.turn = readied;
            if matches!(whole, Command::Move { .. }) {
                return end;
            }
        }
        let mean = Missile::of(self.scenario, self.spec(), weapon).mean;
        self.best_missile_shot(world, mean)
            .filter(|(worth, _)| *worth > 0.0)
            .map_or(end, |(_, command)| command)
    }

    /// The shot with the weapon in hand (of `mean` damage) that does most harm through each
    /// target's armor, bursts and extra shots weighed against the ammunition they spend.
    fn best_missile_shot(&self, world: &mut World, mean: f64) -> Option<(f64, Command)> {
        best_shot(
            world,
            self.scenario,
            self.seen,
            &self.turn,
            self.arsenal,
            Some(AMMUNITION_COST),
            |rolls: &[(f64, u32)], hit_points, armor| {
                self.harm(rolls, (mean - f64::from(armor)).max(0.0), hit_points)
            },
        )
    }

    /// Whether a turn's aim (a bonus die next turn) beats shooting now and again next turn:
    /// only from safety, at a target that will still be there, where aiming betters the chance.
    pub(super) fn worth_aiming(
        &mut self,
        me: Seen,
        target: UnitId,
        missile: &Missile,
        worth_now: f64,
    ) -> bool {
        let Some(seen) = self.seen.iter().find(|other| other.unit == target) else {
            return false;
        };
        // Where the rulebook bars aiming from behind cover, not from there.
        if !self.scenario.ruleset.firearm_rules().aims_from_cover
            && shooter_in_cover(&self.scenario.map, me.at, seen.at)
        {
            return false;
        }
        let plain = self.missile_chance(missile, me.at, seen.at, false);
        let aimed = self.missile_chance(missile, me.at, seen.at, true);
        let aimed_worth = self.harm(&[(aimed, 1)], missile.mean, seen.hit_points);
        // Where the rulebook gives an aim nothing (the d100 house sheet), never: an aim weighed
        // in the open against a shot weighed behind the cover would be taken again and again.
        plain > 0.0 && aimed > plain && aimed_worth > 2.0 * worth_now && self.danger_at(me.at) < 1.0
    }

    /// After acting: step to the safest tile the movement left allows, if it is much safer.
    pub(super) fn withdraw(&mut self, me: Seen) -> Option<Command> {
        let moves_on = !self.turn.action_used || self.turn.limits.moves_after_acting;
        if self.turn.action_forfeited() || self.temper.caution < 0.5 || !moves_on {
            return None;
        }
        let moves = self.reach_map(me.at, false);
        let spots = self.spots(&moves, me.at, false);
        let here = self.danger_at(me.at);
        let (spot, danger) = self
            .best_spot(spots, |planner, tile| -planner.danger_at(tile))
            .map(|(tile, score)| (tile, -score))?;
        (spot != me.at && danger + 0.5 < here).then_some(Command::Move {
            unit: self.unit(),
            to: spot,
        })
    }
}
