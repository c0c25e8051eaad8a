//! What the planner reckons with: the exact odds of a roll, a blow or a shot (memoised), the
//! danger of standing on a tile, and the harm a set of rolls is likely to do.

use bevy::prelude::*;

use super::Missile;
use super::Planner;
use super::Reach;
use super::ThreatGrid;
use super::reach_of;
use crate::ai::{Seen, harm_of};
use crate::map::Tile;
use crate::map::range::distance_squared;
use crate::map::range::distance_yards;
use crate::map::sight::{ShotLine, shot_line};
use crate::rules::melee::Defence;
use crate::rules::roll::Demand;
use crate::rules::roll_harm::HitForm;
use crate::rules::situation::BlowFacts;
use crate::rules::situation::ShotFacts;
use crate::rules::situation::{Posture, RangeBand};
use crate::rules::weapons::AttackForm;

impl<'a> Planner<'a> {
    /// The exact chance of a roll against a demand, as the rulebook reckons it.
    pub(super) fn chance(&mut self, demand: Demand) -> f64 {
        let ruleset = self.scenario.ruleset.as_ref();
        *self
            .memo
            .odds
            .entry(demand)
            .or_insert_with_key(|demand| ruleset.chance(demand))
    }

    /// The exact chance a blow at `skill` gets past a dodge at `dodge` (what a foe that has not
    /// yet met this unit is likeliest to answer with), the foe `outnumbered` or not, as the
    /// rulebook values that.
    pub(super) fn blow_chance(
        &mut self,
        (skill, difficulty): (u32, Option<u32>),
        dodge: u32,
        outnumbered: bool,
    ) -> f64 {
        *self
            .memo
            .blow_odds
            .entry((skill, difficulty, dodge, outnumbered))
            .or_insert_with(|| {
                let facts = BlowFacts {
                    defences_this_round: u32::from(outnumbered),
                    defender_attacks: 1,
                    ..BlowFacts::default()
                };
                let blow = Demand::new(skill, self.scenario.ruleset.blow_value(&facts))
                    .at_difficulty(difficulty);
                let dodge = Demand::new(dodge, Vec::new());
                self.scenario
                    .ruleset
                    .exchange_odds(Defence::Dodge, &blow, Some(&dodge))
                    .attacker_wins
            })
    }

    /// The harm a missile from `from` is likely to do this unit at `to`: its chance times its
    /// mean; where the rulebook reads harm off the roll, the exact mean over the roll's faces,
    /// this unit crouched behind any low cover beside it (where cover hides body parts).
    fn missile_harm(&mut self, missile: &Missile, from: Tile, to: Tile) -> f64 {
        let ruleset = self.scenario.ruleset.clone();
        let Some((demand, line)) = self.missile_demand(missile, from, to, false) else {
            return 0.0;
        };
        let covered = match line {
            ShotLine::HalfConcealed { cover, .. } => ruleset
                .mechanisms()
                .covered_parts(Posture::Kneeling, self.spec().handed)
                .zip(self.scenario.map.terrain(cover))
                .map(|(parts, terrain)| (parts, terrain.stops_bullets())),
            _ => None,
        };
        let weapon_value = missile.weapon_value;
        let read = *self
            .memo
            .harm_odds
            .entry((demand.clone(), weapon_value, covered))
            .or_insert_with_key(|(demand, _, covered)| {
                let cover = covered
                    .as_ref()
                    .map(|(parts, stops)| (parts.as_slice(), *stops));
                ruleset
                    .mechanisms()
                    .roll_harm
                    .map(|harm| harm.mean(demand, weapon_value, HitForm::Firearm, cover))
            });
        match read {
            Some(mean) => mean,
            None => self.chance(demand) * missile.mean,
        }
    }

    /// The chance a missile from `from` hits someone at `to`, read from the range band, the
    /// line of fire and point-blank, aimed or not, as the rulebook values them (the battle's
    /// preview adds what this leaves out).
    pub(super) fn missile_chance(
        &mut self,
        missile: &Missile,
        from: Tile,
        to: Tile,
        aimed: bool,
    ) -> f64 {
        match self.missile_demand(missile, from, to, aimed) {
            Some((demand, _)) => self.chance(demand),
            None => 0.0,
        }
    }

    /// What a missile's roll from `from` at someone at `to` is made against, and its line of
    /// fire; `None` where no roll can hit.
    fn missile_demand(
        &mut self,
        missile: &Missile,
        from: Tile,
        to: Tile,
        aimed: bool,
    ) -> Option<(Demand, ShotLine)> {
        let reading = missile.ruler.read(from, to);
        if reading.band == RangeBand::OutOfRange {
            return None;
        }
        let line = shot_line(&self.scenario.map, from, to);
        // Cover no hit of it gets through is as good as a wall.
        if !line.open() || line.stops(missile.most_damage) {
            return None;
        }
        let facts = ShotFacts {
            reading,
            squared_yards: distance_squared(from, to),
            base_feet: missile.base_feet,
            shooter_dexterity: missile.dexterity,
            cover: line.cover(),
            thrown: missile.thrown,
            cumbersome: missile.cumbersome,
            aimed,
            aim_rounds: u32::from(aimed),
            ..ShotFacts::plain(reading)
        };
        let worth = self.scenario.ruleset.shot_value(&facts);
        worth.possible.then(|| {
            let demand =
                Demand::new(missile.skill, worth.modifiers).at_difficulty(missile.difficulty);
            (demand, line)
        })
    }

    /// The harm the standing enemies could do to this unit at `tile` by its next turn,
    /// reckoned once a command.
    pub(super) fn danger_at(&mut self, tile: Tile) -> f64 {
        if self.temper.caution == 0.0 {
            return 0.0;
        }
        if let Some(danger) = self.danger.get(&tile) {
            return *danger;
        }
        let danger = self.reckon_danger(tile);
        self.danger.insert(tile, danger);
        danger
    }

    /// [`Self::danger_at`], reckoned.
    fn reckon_danger(&mut self, tile: Tile) -> f64 {
        let side = self.spec().side;
        let mut danger = 0.0;
        for (index, other) in self.seen.iter().enumerate() {
            if !other.standing || other.side == side {
                continue;
            }
            danger += match &self.reaches[index] {
                // Out of its reach (most of a large map): no harm, and nothing to look up.
                Reach::Missile(missile)
                    if missile.ruler.read(other.at, tile).band == RangeBand::OutOfRange =>
                {
                    0.0
                }
                &Reach::Missile(missile) => self.threat(other, &missile, tile),
                &Reach::Blows {
                    skill,
                    difficulty,
                    mean,
                    blows,
                    stride,
                } => {
                    // A foe with several blows is kept two of its strides off, lest it
                    // strike first with all of them.
                    let strides = if blows > 1 { 2.0 } else { 1.0 };
                    if distance_yards(other.at, tile) <= stride * strides + 1.5 {
                        // A defence turns some blows aside.
                        0.6 * self.chance(Demand::new(skill, Vec::new()).at_difficulty(difficulty))
                            * mean
                            * f64::from(blows)
                    } else {
                        0.0
                    }
                }
            };
        }
        self.temper.caution * danger
    }

    /// The harm `shooter`'s missile threatens this unit with at `tile`, kept in the shooter's
    /// grid while it stands still.
    fn threat(&mut self, shooter: &Seen, missile: &Missile, tile: Tile) -> f64 {
        // A grid for each unit and each hand, side by side.
        let place = 2 * shooter.unit.index() + usize::from(!self.spec().handed.is_right());
        let grids = &mut self.memo.threats;
        if grids.len() <= place {
            grids.resize_with(place + 1, ThreatGrid::default);
        }
        let grid = &mut grids[place];
        grid.aim(shooter.holding, shooter.at, &self.scenario.map);
        let slot = grid.slot(tile);
        if let Some(harm) = slot.and_then(|slot| grid.harm(slot)) {
            return harm;
        }
        let harm = self.missile_harm(missile, shooter.at, tile);
        if let Some(slot) = slot {
            self.memo.threats[place].keep(slot, harm);
        }
        harm
    }

    /// The most harm this unit's missile weapon could do from `tile`, by its estimate.
    pub(super) fn best_shot_from(&mut self, tile: Tile, missile: &Missile) -> f64 {
        let targets: Vec<(Tile, u32)> = self
            .enemies()
            .map(|enemy| (enemy.at, enemy.hit_points))
            .collect();
        targets
            .into_iter()
            .map(|(at, hit_points)| {
                let chance = self.missile_chance(missile, tile, at, false);
                self.harm(&[(chance, 1)], missile.mean, hit_points)
            })
            .fold(0.0, f64::max)
    }

    pub(super) fn harm(&self, rolls: &[(f64, u32)], mean: f64, hit_points: u32) -> f64 {
        let plain = harm_of(rolls, mean, 0);
        plain + self.temper.finishing * (harm_of(rolls, mean, hit_points) - plain)
    }

    /// What the unit's best other attack would do this turn, roughly: its best missile shot
    /// from here, or its blows on the foe it is likeliest to hurt within a run.
    pub(super) fn alternative_harm(&mut self, me: Seen) -> f64 {
        let spec = self.spec();
        let mut best: f64 = 0.0;
        for carried in &spec.weapons {
            let weapon = &carried.weapon;
            if matches!(weapon.attack_form(), AttackForm::Shot | AttackForm::Thrown) {
                let missile = Missile::of(self.scenario, spec, weapon);
                best = best.max(self.best_shot_from(me.at, &missile));
            }
        }
        if let Reach::Blows {
            skill,
            difficulty,
            mean,
            blows,
            stride,
        } = reach_of(self.scenario, spec, self.hand_weapon())
            && self
                .enemies()
                .any(|enemy| distance_yards(me.at, enemy.at) <= stride + 1.5)
        {
            let chance = self.chance(Demand::new(skill, Vec::new()).at_difficulty(difficulty));
            best = best.max(chance * mean * f64::from(blows));
        }
        best
    }
}
