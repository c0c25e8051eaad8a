//! Hand to hand: which foe to go for and from where, waiting for the enemy to come onto its
//! blows in the first rounds, guarding the side's shooter, and closing together.

use bevy::prelude::*;

use super::Planner;
use super::Reach;
use super::YARD_NEARER;
use super::reach_of;
use crate::ai::{Seen, melee_choice, walks_to_strike};
use crate::battle::command::{Command, ManeuverGoal, WeaponChoice};
use crate::battle::melee::{at_once_chance, strike_odds};
use crate::battle::threat::AnswerOdds;
use crate::battle::{AttackKind, UnitId};
use crate::map::Tile;
use crate::map::range::distance_yards;
use crate::map::reach::ORTHOGONAL_STEP;
use crate::rules::skills::DODGE;
use crate::rules::weapons::AttackForm;

impl<'a> Planner<'a> {
    /// Close on the enemy by the way its guns cover least: straight at it, or where a wall
    /// stands between and no step brings it nearer as the crow flies (or the fight has
    /// stalled), by the way on foot; running (`dash`), or walking and keeping the action (a
    /// shooter, to fire when it sees).
    pub(super) fn advance(&mut self, me: Seen, dash: bool) -> Option<Command> {
        if self.turn.spent > 0 || self.turn.action_used {
            return None;
        }
        let targets: Vec<Tile> = self.enemies().map(|enemy| enemy.at).collect();
        // Once the fight has stalled, only the walk counts: two units that each step nearer
        // as the crow flies can pace either side of a wall for ever.
        if !self.stalled
            && let Some(command) = self.advance_by(me, dash, |tile| nearest_yards(tile, &targets))
        {
            return Some(command);
        }
        // The walk to each tile from the nearest place to strike an enemy from, round the walls:
        // one search from all of them.
        let walks = walks_to_strike(self.scenario, self.seen, &targets);
        self.advance_by(me, dash, |tile| {
            walks.cost(tile).map_or(f64::INFINITY, |cost| {
                f64::from(cost) / f64::from(ORTHOGONAL_STEP)
            })
        })
    }

    /// The run that brings it nearest the enemy by `nearest` (yards from a tile to the nearest
    /// enemy) for the least risk, if one gains ground: only ground gained counts, or two careful
    /// sides would watch each other for ever.
    pub(super) fn advance_by(
        &mut self,
        me: Seen,
        dash: bool,
        nearest: impl Fn(Tile) -> f64,
    ) -> Option<Command> {
        let now = nearest(me.at);
        if now.is_infinite() {
            return None;
        }
        let moves = self.reach_map(me.at, dash);
        let spots: Vec<(Tile, u32)> = self
            .spots(&moves, me.at, true)
            .into_iter()
            .filter(|(tile, _)| nearest(*tile) + 1.0 <= now && !self.struck_first(*tile))
            .collect();
        let (spot, _) = self.best_spot(spots, |planner, tile| {
            -YARD_NEARER * planner.hurry * nearest(tile) - planner.danger_at(tile)
        })?;
        (spot != me.at).then_some(Command::Move {
            unit: self.unit(),
            to: spot,
        })
    }

    /// Whether a foe could move and strike this unit at `tile` before a friend of its is beside
    /// that foe: a careful unit lets the enemy come onto its own blows, and closes with friends,
    /// not one by one (a hurried or reckless one does not wait, nor anyone for long).
    pub(super) fn struck_first(&self, tile: Tile) -> bool {
        if self.temper.caution < 0.5 || !self.patient {
            return false;
        }
        let side = self.spec().side;
        self.seen.iter().enumerate().any(|(index, foe)| {
            let Reach::Blows { stride, .. } = self.reaches[index] else {
                return false;
            };
            foe.standing
                && foe.side != side
                && distance_yards(foe.at, tile) <= stride + 1.5
                && !self.friend_beside(foe.at)
        })
    }

    /// Whether a standing friend of this unit (not itself) is beside `at`.
    pub(super) fn friend_beside(&self, at: Tile) -> bool {
        let side = self.spec().side;
        let unit = self.unit();
        self.seen.iter().any(|friend| {
            friend.standing
                && friend.side == side
                && friend.unit != unit
                && friend.at.is_adjacent(at)
        })
    }

    /// The foe beside it a blow would hurt most, by the battle's exact odds: the chance the
    /// blow lands against the answer the foe would likeliest give (the one that lets least
    /// through), less what fighting back would cost.
    pub(super) fn strike_target(
        &self,
        world: &mut World,
        me: Seen,
        weapon: WeaponChoice,
        mean: f64,
    ) -> Option<UnitId> {
        let mut best: Option<(f64, UnitId)> = None;
        let foes: Vec<Seen> = self
            .enemies()
            .filter(|enemy| enemy.at.is_adjacent(me.at))
            .copied()
            .collect();
        for foe in foes {
            let Ok((
                _,
                AnswerOdds::Exchange {
                    dodge,
                    fight_back,
                    take_it,
                },
            )) = strike_odds(world, me.unit, foe.unit, AttackKind::Strike(weapon))
            else {
                continue;
            };
            // The foe answers with whichever allowed answer lets the least through.
            let answer = [dodge, fight_back]
                .into_iter()
                .flatten()
                .reduce(|best, odds| {
                    if odds.attacker_wins < best.attacker_wins {
                        odds
                    } else {
                        best
                    }
                })
                .unwrap_or(take_it);
            let theirs = match &self.reaches[self.index_of(foe.unit)] {
                Reach::Blows { mean, .. } => *mean,
                Reach::Missile(_) => 2.0,
            };
            let worth = self.harm(
                &[(answer.attacker_wins + answer.both_strike, 1)],
                mean,
                foe.hit_points,
            ) - 1.5 * (answer.defender_strikes + answer.both_strike) * theirs;
            if best.is_none_or(|(most, _)| worth > most) {
                best = Some((worth, foe.unit));
            }
        }
        best.map(|(_, target)| target)
    }

    /// Where the rulebook grapples, a fighter good at it (a grapple skill of 30 or more, and at
    /// least 70% of its blows') seizes a foe beside it who holds a gun and is no stronger than
    /// itself: held, that foe cannot shoot. Holding one, it knocks it down (sure), then fights
    /// on with its blows.
    fn grapple_command(&self, world: &mut World, me: Seen, blow_skill: u32) -> Option<Command> {
        let ruleset = self.scenario.ruleset.as_ref();
        let grapple = ruleset.sheet().grapple_skill()?;
        let unit = self.unit();
        if let Some(held) = me.holds {
            let standing = self
                .seen
                .iter()
                .any(|foe| foe.unit == held && foe.standing && !foe.prone);
            let goal = ManeuverGoal::KnockProne;
            let sure = at_once_chance(world, unit, held, goal).is_some_and(|chance| chance.is_ok());
            return (standing && sure).then_some(Command::Maneuver {
                unit,
                target: held,
                goal,
            });
        }
        let spec = self.spec();
        let grappling = spec.skill(ruleset, grapple);
        if grappling < 30 || f64::from(grappling) < 0.7 * f64::from(blow_skill) {
            return None;
        }
        let strength = spec.characteristics.strength;
        let gunmen: Vec<UnitId> = self
            .enemies()
            .filter(|foe| foe.at.is_adjacent(me.at) && foe.held_by.is_none())
            .filter(|foe| {
                let foe_spec = &self.scenario.units[foe.unit.index()];
                let gun = match foe.holding {
                    WeaponChoice::Carried(index) => foe_spec
                        .weapons
                        .get(index)
                        .is_some_and(|carried| carried.weapon.attack_form() == AttackForm::Shot),
                    _ => false,
                };
                gun && foe_spec.characteristics.strength <= strength
            })
            .map(|foe| foe.unit)
            .collect();
        let goal = ManeuverGoal::Hold;
        let target = gunmen
            .into_iter()
            .find(|foe| strike_odds(world, unit, *foe, AttackKind::Maneuver(goal)).is_ok())?;
        Some(Command::Maneuver { unit, target, goal })
    }

    /// Hand to hand: go where its blows would hurt most this turn (staying put if that is
    /// here) and strike the foe beside it it is likeliest to hurt; else run at the enemy.
    pub(super) fn blows_command(&mut self, world: &mut World, me: Seen) -> Command {
        let unit = self.unit();
        let end = Command::EndTurn { unit };
        let spec = self.spec();
        let can_strike = self.turn.attack_left(spec.attacks_per_round);
        let weapon = melee_choice(self.scenario, unit, self.arsenal, self.turn.attacks_made);
        let Reach::Blows {
            skill,
            difficulty,
            mean,
            blows,
            stride,
        } = reach_of(self.scenario, spec, weapon)
        else {
            return end;
        };
        // Already beside a foe, it strikes from where it stands.
        let free_to_move = can_strike
            && self.turn.spent == 0
            && !self.turn.action_used
            && !self.enemies().any(|enemy| enemy.at.is_adjacent(me.at));
        if free_to_move {
            let moves = self.reach_map(me.at, false);
            let strikes: Vec<(Tile, u32)> = moves
                .tiles()
                .filter(|(tile, _)| self.enemies().any(|enemy| enemy.at.is_adjacent(*tile)))
                .collect();
            let best = self.best_spot(strikes, |planner, tile| {
                let foes: Vec<Seen> = planner
                    .enemies()
                    .filter(|enemy| enemy.at.is_adjacent(tile))
                    .copied()
                    .collect();
                let best = foes
                    .iter()
                    .map(|foe| planner.blows_worth((skill, difficulty), mean, blows, foe))
                    .fold(0.0, f64::max);
                best - planner.danger_at(tile)
            });
            if let Some((to, _)) = best.filter(|(to, _)| *to != me.at) {
                return Command::Move { unit, to };
            }
        }
        if can_strike && let Some(command) = self.grapple_command(world, me, skill) {
            return command;
        }
        if can_strike && let Some(target) = self.strike_target(world, me, weapon, mean) {
            // Where the rulebook has knock-out blows, a blunt one is one: lost on the
            // resistance table it still lands whole, won it takes the target out.
            let knocks_out = self.scenario.ruleset.hand_to_hand().knock_out_blows()
                && spec.strikes_blunt(weapon)
                && !self.scenario.units[target.index()].cannot_be_knocked_out;
            return if knocks_out {
                Command::KnockOut {
                    unit,
                    target,
                    weapon,
                }
            } else {
                Command::Attack {
                    unit,
                    target,
                    weapon,
                }
            };
        }
        if !free_to_move || (self.time_is_ours() && self.temper.caution > 0.0) {
            return end;
        }
        if let Some(post) = self.ambush_post(me, stride).or_else(|| self.guard_post(me)) {
            return if post == me.at {
                end
            } else {
                Command::Move { unit, to: post }
            };
        }
        self.advance(me, true).unwrap_or(end)
    }

    /// Against foes that only fight hand to hand, a careful fighter with a shooter on its side
    /// need not go to them: they must come through the shooter's fire. It stands beside the
    /// shooter, on the enemy's side of it, so whatever comes meets it and its friends at once.
    /// The tile to stand on (its own if it is there already), or `None` where this does not
    /// apply.
    pub(super) fn guard_post(&self, me: Seen) -> Option<Tile> {
        if self.temper.caution < 0.5 || self.hurry > 1.0 || !self.patient {
            return None;
        }
        let side = self.spec().side;
        let (mut foes, mut shooters) = (Vec::new(), Vec::new());
        for (index, other) in self.seen.iter().enumerate() {
            if !other.standing || other.unit == me.unit {
                continue;
            }
            match (&self.reaches[index], other.side == side) {
                (Reach::Missile(_), false) => return None,
                (Reach::Blows { .. }, false) => foes.push(other.at),
                (Reach::Missile(_), true) => shooters.push(other.at),
                (Reach::Blows { .. }, true) => {}
            }
        }
        let shooter = *shooters.iter().min_by(|one, other| {
            distance_yards(me.at, **one).total_cmp(&distance_yards(me.at, **other))
        })?;
        if foes.is_empty() {
            return None;
        }
        let moves = self.reach_map(me.at, true);
        let by_the_shooter = moves
            .tiles()
            .filter(|(tile, _)| tile.is_adjacent(shooter))
            .min_by(|(one, one_cost), (other, other_cost)| {
                nearest_yards(*one, &foes)
                    .total_cmp(&nearest_yards(*other, &foes))
                    .then(one_cost.cmp(other_cost))
            });
        let post = by_the_shooter.or_else(|| {
            moves
                .tiles()
                .min_by(|(one, one_cost), (other, other_cost)| {
                    distance_yards(*one, shooter)
                        .total_cmp(&distance_yards(*other, shooter))
                        .then(one_cost.cmp(other_cost))
                })
        });
        post.map(|(tile, _)| tile)
    }

    /// The harm a turn of blows at `skill` (each of `mean` damage) would likely do `foe`,
    /// were it to dodge them: friends already beside it leave it outnumbered, a bonus die.
    pub(super) fn blows_worth(
        &mut self,
        skill: (u32, Option<u32>),
        mean: f64,
        blows: u32,
        foe: &Seen,
    ) -> f64 {
        let outnumbered = self.friend_beside(foe.at);
        let foe_spec = &self.scenario.units[foe.unit.index()];
        let dodge = foe_spec.skill(self.scenario.ruleset.as_ref(), DODGE);
        let chance = self.blow_chance(skill, dodge, outnumbered);
        let rolls = vec![(chance, 1); usize::try_from(blows).unwrap_or(1)];
        self.harm(&rolls, mean, foe.hit_points)
    }
}

/// Yards from `from` to the nearest of `tiles`, as the crow flies (infinite with none).
pub(super) fn nearest_yards(from: Tile, tiles: &[Tile]) -> f64 {
    tiles
        .iter()
        .map(|at| distance_yards(from, *at))
        .fold(f64::INFINITY, f64::min)
}
