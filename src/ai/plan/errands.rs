//! What is not fighting: making for the exits where the scenario asks it, and First Aid for
//! fallen friends.

use super::Planner;
use super::Reach;
use super::closing::nearest_yards;
use crate::ai::{Seen, step_along, walks_from};
use crate::battle::Footing;
use crate::battle::command::Command;
use crate::battle::movement::at_exit;
use crate::map::Tile;
use crate::map::range::distance_yards;
use crate::map::scenario::Victory;
use crate::rules::skills::FIRST_AID;

/// The harm, in points, a healer accepts on top of the danger where it stands to go to a
/// fallen friend.
const TENDING_RISK: f64 = 0.5;

impl<'a> Planner<'a> {
    /// Once the fight has stalled, a unit that can harm nobody (no gun with rounds to fire or
    /// to load, no chance with its blows) leaves it: it makes for the nearest way out (an exit,
    /// or the map's edge) the way round, and flees from there.
    pub(super) fn withdraw_command(&self, me: Seen) -> Option<Command> {
        if !self.stalled || me.footing == Footing::HeldFast || self.can_harm() {
            return None;
        }
        let map = &self.scenario.map;
        let (width, height) = (map.width(), map.height());
        let way_out = |tile: Tile| {
            tile.x == 0
                || tile.y == 0
                || tile.x + 1 == width
                || tile.y + 1 == height
                || self.scenario.exits.contains(&tile)
        };
        let unit = self.unit();
        if way_out(me.at) {
            let acted = self.turn.action_forfeited() || self.turn.action_used;
            return (!acted).then_some(Command::Flee { unit });
        }
        if self.turn.spent > 0 || self.turn.action_used {
            return None;
        }
        let ways_out: Vec<Tile> = (0..height)
            .flat_map(|y| (0..width).map(move |x| Tile::new(x, y)))
            .filter(|tile| way_out(*tile) && map.walkable(*tile))
            .collect();
        let walks = walks_from(self.scenario, &ways_out);
        step_along(&walks, &self.reach_map(me.at, true), me.at).map(|to| Command::Move { unit, to })
    }

    /// On a side that wins by getting out: make for the nearest exit, and leave by it. A careful
    /// side sends only as many runners as must get out, those nearest an exit; the others fight
    /// and cover them.
    pub(super) fn exit_command(&self, me: Seen) -> Option<Command> {
        let Victory::ReachExit { side, count, .. } = &self.scenario.victory else {
            return None;
        };
        if *side != self.scenario.sides[self.spec().side].id || self.scenario.exits.is_empty() {
            return None;
        }
        let exits = &self.scenario.exits;
        if self.temper.caution >= 0.5 {
            let mine = nearest_yards(me.at, exits);
            let nearer = self
                .seen
                .iter()
                .filter(|friend| {
                    friend.standing && friend.side == me.side && friend.unit != me.unit
                })
                .filter(|friend| {
                    let theirs = nearest_yards(friend.at, exits);
                    theirs < mine || (theirs == mine && friend.unit < me.unit)
                })
                .count();
            if nearer >= *count as usize {
                return None;
            }
        }
        if me.footing == Footing::HeldFast {
            return None;
        }
        let unit = self.unit();
        let acted = self.turn.action_forfeited() || self.turn.action_used;
        let lies_fallen = |tile: Tile| {
            self.seen
                .iter()
                .any(|other| other.present && !other.standing && other.at == tile)
        };
        if at_exit(&self.scenario.map, exits, me.at, lies_fallen) {
            // Leaving takes the action: one that ran onto the exit leaves next turn.
            return (!acted).then_some(Command::Flee { unit });
        }
        if acted || self.turn.spent > 0 {
            return None;
        }
        let reach = self.reach_map(me.at, true);
        reach
            .tiles()
            .min_by(|(one, one_cost), (other, other_cost)| {
                nearest_yards(*one, exits)
                    .total_cmp(&nearest_yards(*other, exits))
                    .then(one_cost.cmp(other_cost))
            })
            .filter(|(to, _)| *to != me.at)
            .map(|(to, _)| Command::Move { unit, to })
    }

    /// On a side that keeps the enemy from an exit, a careful fighter hand to hand need not
    /// cross the guns' fire: the enemy must come. It waits where the guns see it least, nearest
    /// the exits among such places, until a foe comes within a stride. The tile to stand on
    /// (its own if it is there already), or `None` where this does not apply.
    pub(super) fn ambush_post(&mut self, me: Seen, stride: f64) -> Option<Tile> {
        let Victory::ReachExit { side, .. } = &self.scenario.victory else {
            return None;
        };
        let mine = &self.scenario.sides[self.spec().side].id;
        if side == mine || self.temper.caution < 0.5 || self.turn.spent > 0 {
            return None;
        }
        let foes: Vec<(usize, Tile)> = self
            .seen
            .iter()
            .enumerate()
            .filter(|(_, other)| other.standing && other.side != me.side)
            .map(|(index, other)| (index, other.at))
            .collect();
        let guns = foes
            .iter()
            .any(|(index, _)| matches!(self.reaches[*index], Reach::Missile(_)));
        let near = foes
            .iter()
            .any(|(_, at)| distance_yards(me.at, *at) <= stride + 1.5);
        if !guns || near {
            return None;
        }
        let exits = self.scenario.exits.clone();
        let moves = self.reach_map(me.at, true);
        let spots = self.spots(&moves, me.at, true);
        self.best_spot(spots, |planner, tile| {
            -planner.danger_at(tile) - 0.01 * nearest_yards(tile, &exits)
        })
        .map(|(tile, _)| tile)
    }

    /// First Aid for a fallen friend close by (stabilise the dying, wake the stunned), when the
    /// healer could not strike or shoot at an enemy instead and the way to the patient is no
    /// more dangerous than where it stands.
    pub(super) fn tend_command(&mut self, me: Seen) -> Option<Command> {
        if !self.temper.tends_friends
            || self.spec().skill(self.scenario.ruleset.as_ref(), FIRST_AID) == 0
            || self.alternative_harm(me) > 0.0
        {
            return None;
        }
        let unit = self.unit();
        let side = self.spec().side;
        let patient = self
            .seen
            .iter()
            .filter(|other| other.present && other.side == side && other.treatable)
            .filter(|other| !other.standing)
            .min_by(|one, other| {
                distance_yards(me.at, one.at).total_cmp(&distance_yards(me.at, other.at))
            })?;
        if patient.at.is_adjacent(me.at) {
            return Some(Command::FirstAid {
                unit,
                patient: patient.unit,
            });
        }
        if self.turn.spent > 0 {
            return None;
        }
        let patient_at = patient.at;
        let reach = self.reach_map(me.at, false);
        let to = reach
            .tiles()
            .filter(|(tile, _)| tile.is_adjacent(patient_at))
            .min_by_key(|(tile, cost)| (*cost, *tile))
            .map(|(to, _)| to)?;
        // A careful healer does not walk into more fire than it stands in to reach a patient.
        (self.danger_at(to) <= self.danger_at(me.at) + TENDING_RISK)
            .then_some(Command::Move { unit, to })
    }
}
