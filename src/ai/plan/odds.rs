//! What the planner reckons with: the exact odds of a roll, a blow or a shot (memoised), the
//! danger of standing on a tile, and the harm a set of rolls is likely to do.

use bevy::prelude::*;

use super::Missile;
use super::Planner;
use super::Reach;
use super::reach_of;
use crate::ai::{Seen, harm_of};
use crate::map::Tile;
use crate::map::range::{distance_yards, range_reading};
use crate::map::sight::{ShotLine, shot_line};
use crate::rules::melee::{Defence, SideOdds, exchange_odds};
use crate::rules::odds::LevelOdds;
use crate::rules::percentile::{Difficulty, ExtraDice, NetDice};
use crate::rules::weapons::AttackForm;
use crate::rules::worth::band_difficulty;

impl<'a> Planner<'a> {
    /// The exact chance of a roll at `skill` and `difficulty` with `dice` net bonus dice.
    pub(super) fn chance(&mut self, skill: u32, difficulty: Difficulty, dice: i8) -> f64 {
        *self
            .odds
            .entry((skill, difficulty, dice))
            .or_insert_with(|| {
                LevelOdds::count(skill, difficulty, net_dice(dice)).success_probability()
            })
    }

    /// The exact chance a blow at `skill` with `dice` net bonus dice gets past a dodge at
    /// `dodge` (what a foe that has not yet met this unit is likeliest to answer with).
    pub(super) fn blow_chance(&mut self, skill: u32, dodge: u32, dice: i8) -> f64 {
        *self
            .blow_odds
            .entry((skill, dodge, dice))
            .or_insert_with(|| {
                let side = |skill: u32, dice: i8| {
                    let odds = LevelOdds::count(skill, Difficulty::Regular, net_dice(dice));
                    SideOdds {
                        counts: odds.effective_counts(Difficulty::Regular),
                        total: odds.total,
                        skill,
                    }
                };
                exchange_odds(Defence::Dodge, side(skill, dice), Some(side(dodge, 0))).attacker_wins
            })
    }

    /// The chance a missile from `from` hits someone at `to`, read from the range band, the
    /// line of fire and point-blank, with `bonus` more bonus dice (the battle's preview adds
    /// what this leaves out).
    pub(super) fn missile_chance(
        &mut self,
        missile: &Missile,
        from: Tile,
        to: Tile,
        bonus: i8,
    ) -> f64 {
        let reading = range_reading(&missile.reach, missile.dexterity, from, to);
        let Some(difficulty) = band_difficulty(reading.band) else {
            return 0.0;
        };
        let mut dice = bonus + i8::from(reading.point_blank);
        match shot_line(&self.scenario.map, from, to) {
            ShotLine::Clear => {}
            ShotLine::HalfConcealed { .. } | ShotLine::ThroughCover { .. } => dice -= 1,
            ShotLine::Blocked { .. } => return 0.0,
        }
        self.chance(missile.skill, difficulty, dice)
    }

    /// The harm the standing enemies could do to this unit at `tile` by its next turn.
    pub(super) fn danger_at(&mut self, tile: Tile) -> f64 {
        if self.temper.caution == 0.0 {
            return 0.0;
        }
        let side = self.spec().side;
        let mut danger = 0.0;
        for (index, other) in self.seen.iter().enumerate() {
            if !other.standing || other.side == side {
                continue;
            }
            danger += match self.reaches[index].clone() {
                Reach::Missile(missile) => {
                    self.missile_chance(&missile, other.at, tile, 0) * missile.mean
                }
                Reach::Blows {
                    skill,
                    mean,
                    blows,
                    stride,
                } => {
                    // A foe with several blows is kept two of its strides off, lest it
                    // strike first with all of them.
                    let strides = if blows > 1 { 2.0 } else { 1.0 };
                    if distance_yards(other.at, tile) <= stride * strides + 1.5 {
                        // A defence turns some blows aside.
                        0.6 * f64::from(skill) / 100.0 * mean * f64::from(blows)
                    } else {
                        0.0
                    }
                }
            };
        }
        self.temper.caution * danger
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
                let chance = self.missile_chance(missile, tile, at, 0);
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
            mean,
            blows,
            stride,
        } = reach_of(self.scenario, spec, self.hand_weapon())
            && self
                .enemies()
                .any(|enemy| distance_yards(me.at, enemy.at) <= stride + 1.5)
        {
            best = best.max(f64::from(skill) / 100.0 * mean * f64::from(blows));
        }
        best
    }
}

/// Net bonus dice (or penalty dice, below zero) as the dice rules count them.
pub(super) fn net_dice(dice: i8) -> NetDice {
    ExtraDice {
        bonus: u8::try_from(dice.max(0)).unwrap_or(0),
        penalty: dice.min(0).unsigned_abs(),
    }
    .net()
}
