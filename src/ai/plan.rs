//! The levels' planner (reckless, careful, ruthless): it reads the board as a keeper would
//! (who can hit whom from where, through what cover, and who could close to hand-to-hand by
//! next turn) and picks a command. Before its action a shooter shoots from where it stands if
//! that is near the best shot it could have, else steps to the spot that weighs the harm it could
//! do against the harm it would risk; after it, it steps back out of the line of fire. A
//! hand-to-hand fighter goes for the foe it is likeliest to hurt, by the way the guns cover
//! least; for the first rounds it waits for the enemy to come onto its blows rather than walk
//! onto theirs (beside its side's shooter, against an enemy that only fights hand to hand), and
//! then runs at them. Dynamite is thrown where it catches several enemies, friends of a careful
//! thrower never. The dying get First Aid. Every attack and throw is checked with the battle's
//! own preview first, so the battle refuses none.

use std::collections::HashMap;

use bevy::prelude::*;

use super::{Seen, Style, harm_of, melee_choice};
use crate::battle::command::{Command, FireMode, WeaponChoice};
use crate::battle::melee::{AnswerOdds, strike_odds};
use crate::battle::{Arsenal, AttackKind, TurnState, UnitId, blast};
use crate::map::Tile;
use crate::map::range::{WeaponReach, distance_yards, range_reading};
use crate::map::reach::{ORTHOGONAL_STEP, ReachMap, budget_for, reachable};
use crate::map::scenario::{Scenario, UnitSpec, Victory};
use crate::map::sight::{ShotLine, shot_line};
use crate::rules::damage::DamageNotation;
use crate::rules::firearms::{reload, rounds_ready};
use crate::rules::melee::{Defence, SideOdds, exchange_odds};
use crate::rules::odds::LevelOdds;
use crate::rules::percentile::{Difficulty, ExtraDice, NetDice};
use crate::rules::skills::{BRAWL, DODGE, FIRST_AID};
use crate::rules::weapons::{AttackForm, Weapon};

/// How a level weighs its choices (its dice are everyone's).
#[derive(Debug, Clone, Copy)]
struct Temper {
    /// How much a point of harm risked counts against a point of harm done.
    caution: f64,
    /// Takes aim when the bonus die more than doubles the harm of a shot.
    aims: bool,
    /// Reloads whenever the weapon is not full and nothing is in reach.
    reloads_early: bool,
    /// Gives First Aid to fallen friends it can reach.
    tends_friends: bool,
    /// A throw must do this many times the harm to enemies that it does to friends (`None`:
    /// no friend may be caught at all).
    friends_in_blast: Option<f64>,
    /// How much more a likely drop is worth than the damage alone.
    finishing: f64,
}

impl Style {
    fn temper(self) -> Temper {
        match self {
            Self::Reckless => Temper {
                caution: 0.15,
                aims: false,
                reloads_early: false,
                tends_friends: false,
                friends_in_blast: Some(1.0),
                finishing: 1.0,
            },
            Self::Baseline | Self::Careful => Temper {
                caution: 1.0,
                aims: true,
                reloads_early: true,
                tends_friends: true,
                friends_in_blast: None,
                finishing: 1.0,
            },
            Self::Ruthless => Temper {
                caution: 0.8,
                aims: true,
                reloads_early: true,
                tends_friends: false,
                friends_in_blast: Some(3.0),
                finishing: 2.0,
            },
        }
    }
}

/// Below this INT a creature is mindless: it comes straight on and never minds cover.
const MINDLESS_BELOW: u32 = 15;
/// What a yard nearer the enemy is worth, in points of harm, to a unit that must close.
const YARD_NEARER: f64 = 0.3;
/// How much caution is left, and how much more a yard nearer weighs, on a side that must win
/// before the rounds run out.
const HURRIED_CAUTION: f64 = 0.3;
const HURRY: f64 = 3.0;
/// For this many rounds a careful unit waits for the enemy to come onto its blows rather than
/// walk onto theirs; after that, two careful sides would only watch each other, so it closes.
const PATIENCE: u32 = 3;
/// What a bullet past the first of a turn's shots costs, as a share of the harm of a single
/// shot: the ammunition (and the reloading) it will not have later.
const AMMUNITION_COST: f64 = 0.3;
/// Shooting from where it stands is good enough if it does this share of the best shot
/// it could step to.
const GOOD_ENOUGH_HERE: f64 = 0.8;

/// How a unit can hurt others, for reading threats.
#[derive(Debug, Clone)]
enum Reach {
    /// From a distance.
    Missile(Missile),
    /// Hand to hand: the skill of each blow, its mean damage, blows a round, and the yards it
    /// can move and still strike.
    Blows {
        skill: u32,
        mean: f64,
        blows: u32,
        stride: f64,
    },
}

/// A missile weapon in a unit's hands: its skill, reach, the unit's DEX (for point-blank) and
/// the mean damage of a hit.
#[derive(Debug, Clone)]
struct Missile {
    skill: u32,
    reach: WeaponReach,
    dexterity: u32,
    mean: f64,
}

impl Missile {
    fn of(scenario: &Scenario, spec: &UnitSpec, weapon: &Weapon) -> Self {
        Self {
            skill: spec.skill(scenario.ruleset.as_ref(), &weapon.skill),
            reach: WeaponReach::of(&weapon.range, spec.characteristics.strength),
            dexterity: spec.characteristics.dexterity,
            mean: spec.mean_damage(&weapon.damage),
        }
    }
}

/// The board as the acting unit reads it.
pub(super) struct Planner<'a> {
    scenario: &'a Scenario,
    seen: &'a [Seen],
    turn: TurnState,
    arsenal: &'a Arsenal,
    temper: Temper,
    reaches: Vec<Reach>,
    odds: HashMap<(u32, Difficulty, i8), f64>,
    /// The chance a blow at one skill gets past a dodge at another, with net bonus dice.
    blow_odds: HashMap<(u32, u32, i8), f64>,
    /// How much a yard nearer the enemy weighs, against the usual.
    hurry: f64,
    /// Whether it may still wait for the enemy to come onto its blows (in the first
    /// [`PATIENCE`] rounds).
    patient: bool,
}

impl<'a> Planner<'a> {
    pub(super) fn new(
        scenario: &'a Scenario,
        seen: &'a [Seen],
        turn: TurnState,
        arsenal: &'a Arsenal,
        style: Style,
        round: u32,
    ) -> Self {
        let reaches = seen
            .iter()
            .map(|other| reach_of(scenario, &scenario.units[other.unit.index()], other.holding))
            .collect();
        let mut temper = style.temper();
        if scenario.units[turn.unit.index()]
            .characteristics
            .intelligence
            < MINDLESS_BELOW
        {
            temper.caution = 0.0;
        }
        let mut planner = Self {
            scenario,
            seen,
            turn,
            arsenal,
            temper,
            reaches,
            odds: HashMap::new(),
            blow_odds: HashMap::new(),
            hurry: 1.0,
            patient: round <= PATIENCE,
        };

        if planner.clock() == Some(false) {
            // The clock runs against this side: cover matters less than getting there.
            planner.temper.caution *= HURRIED_CAUTION;
            planner.hurry = HURRY;
        }
        planner
    }

    fn unit(&self) -> UnitId {
        self.turn.unit
    }

    fn spec(&self) -> &'a UnitSpec {
        &self.scenario.units[self.unit().index()]
    }

    fn me(&self) -> Option<&'a Seen> {
        self.seen.iter().find(|other| other.unit == self.unit())
    }

    fn enemies(&self) -> impl Iterator<Item = &'a Seen> + '_ {
        let side = self.spec().side;
        self.seen
            .iter()
            .filter(move |other| other.standing && other.side != side)
    }

    fn action_left(&self) -> bool {
        !self.turn.action_used && !self.turn.action_forfeited
    }

    /// Whether the clock fights for this unit's side: it wins by lasting, so it need not close.
    fn time_is_ours(&self) -> bool {
        self.clock() == Some(true)
    }

    /// `Some(true)` where this side wins by lasting, `Some(false)` where another does (so this
    /// one must hurry), `None` where the clock does not count.
    fn clock(&self) -> Option<bool> {
        let side = &self.scenario.sides[self.spec().side].id;
        match &self.scenario.victory {
            Victory::Survive { side: lasting, .. } | Victory::Protect { side: lasting, .. } => {
                Some(lasting == side)
            }
            Victory::LastSideStanding | Victory::ReachExit { .. } => None,
        }
    }

    /// The exact chance of a roll at `skill` and `difficulty` with `dice` net bonus dice.
    fn chance(&mut self, skill: u32, difficulty: Difficulty, dice: i8) -> f64 {
        *self
            .odds
            .entry((skill, difficulty, dice))
            .or_insert_with(|| {
                LevelOdds::count(skill, difficulty, net_dice(dice)).success_probability()
            })
    }

    /// The exact chance a blow at `skill` with `dice` net bonus dice gets past a dodge at
    /// `dodge` (what a foe that has not yet met this unit is likeliest to answer with).
    fn blow_chance(&mut self, skill: u32, dodge: u32, dice: i8) -> f64 {
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
    fn missile_chance(&mut self, missile: &Missile, from: Tile, to: Tile, bonus: i8) -> f64 {
        let reading = range_reading(&missile.reach, missile.dexterity, from, to);
        let Some(difficulty) = reading.band.difficulty() else {
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
    fn danger_at(&mut self, tile: Tile) -> f64 {
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
    fn best_shot_from(&mut self, tile: Tile, missile: &Missile) -> f64 {
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

    fn harm(&self, rolls: &[(f64, u32)], mean: f64, hit_points: u32) -> f64 {
        let plain = harm_of(rolls, mean, 0);
        plain + self.temper.finishing * (harm_of(rolls, mean, hit_points) - plain)
    }

    /// Where this unit can go keeping its action (`dash`: using it up), its own tile included.
    fn reach_map(&self, here: Tile, dash: bool) -> ReachMap {
        let budget = budget_for(self.spec().derived.movement) * if dash { 2 } else { 1 };
        let occupied: Vec<Tile> = self
            .seen
            .iter()
            .filter(|other| other.present && other.unit != self.unit())
            .map(|other| other.at)
            .collect();
        reachable(
            &self.scenario.map,
            here,
            budget.saturating_sub(self.turn.spent),
            |tile| occupied.contains(&tile),
        )
    }

    /// The spot among `tiles` that scores best, ties to the cheapest then the first.
    fn best_spot(
        &mut self,
        tiles: Vec<(Tile, u32)>,
        mut score: impl FnMut(&mut Self, Tile) -> f64,
    ) -> Option<(Tile, f64)> {
        let mut best: Option<(Tile, f64, u32)> = None;
        for (tile, cost) in tiles {
            let value = score(self, tile) - f64::from(cost) * 1e-4;
            if best.is_none_or(|(_, most, _)| value > most) {
                best = Some((tile, value, cost));
            }
        }
        best.map(|(tile, value, _)| (tile, value))
    }

    /// Tiles worth thinking about: the unit's own, any beside something that blocks a line of
    /// fire, and (`every`) all the others.
    fn spots(&self, reach: &ReachMap, here: Tile, every: bool) -> Vec<(Tile, u32)> {
        let map = &self.scenario.map;
        let sheltered = |tile: Tile| {
            (-1..=1).any(|dx: i32| {
                (-1..=1).any(|dy: i32| {
                    let x = i64::from(tile.x) + i64::from(dx);
                    let y = i64::from(tile.y) + i64::from(dy);
                    match (u32::try_from(x), u32::try_from(y)) {
                        (Ok(x), Ok(y)) => map
                            .terrain(Tile::new(x, y))
                            .is_some_and(|terrain| terrain.blocks_sight || terrain.armor > 0),
                        _ => false,
                    }
                })
            })
        };
        reach
            .tiles()
            .filter(|(tile, _)| every || *tile == here || sheltered(*tile))
            .collect()
    }

    /// The unit's command, or `None` to leave it to the baseline's hand-to-hand.
    pub(super) fn command(&mut self, world: &mut World) -> Option<Command> {
        let unit = self.unit();
        let me = *self.me()?;
        if me.prone {
            return Some(Command::StandUp { unit });
        }
        if let Some(command) = self.exit_command(me) {
            return Some(command);
        }
        if self.action_left() {
            if let Some(command) = self.tend_command(me) {
                return Some(command);
            }
            if let Some(command) = self.blast_command(world, me) {
                return Some(command);
            }
        }
        let in_hand = match self.arsenal.in_hand {
            WeaponChoice::Carried(index) => self
                .spec()
                .weapons
                .get(index)
                .map(|carried| (index, &carried.weapon)),
            _ => None,
        };
        match in_hand.map(|(index, weapon)| (index, weapon, weapon.attack_form())) {
            Some((index, weapon, AttackForm::Shot | AttackForm::Thrown)) => {
                return Some(self.missile_command(world, me, index, weapon));
            }
            Some((_, _, AttackForm::Lobbed)) => {
                // Nothing worth throwing: take up something to fight with.
                return Some(Command::Ready {
                    unit,
                    weapon: self.hand_weapon(),
                });
            }
            _ => {}
        }
        Some(self.blows_command(world, me))
    }

    /// On a side that wins by getting out: make for the nearest exit, and leave by it.
    fn exit_command(&self, me: Seen) -> Option<Command> {
        let Victory::ReachExit { side, .. } = &self.scenario.victory else {
            return None;
        };
        if *side != self.scenario.sides[self.spec().side].id || self.scenario.exits.is_empty() {
            return None;
        }
        let unit = self.unit();
        if self.scenario.exits.contains(&me.at) {
            return Some(Command::Flee { unit });
        }
        if self.turn.action_forfeited || self.turn.spent > 0 || self.turn.action_used {
            return None;
        }
        let reach = self.reach_map(me.at, true);
        let exits = &self.scenario.exits;
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

    /// First Aid for a fallen friend close by (stabilise the dying, wake the stunned), when the
    /// healer could not strike or shoot at an enemy instead.
    fn tend_command(&mut self, me: Seen) -> Option<Command> {
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
        let reach = self.reach_map(me.at, false);
        reach
            .tiles()
            .filter(|(tile, _)| tile.is_adjacent(patient.at))
            .min_by_key(|(tile, cost)| (*cost, *tile))
            .map(|(to, _)| Command::Move { unit, to })
    }

    /// Throw an explosive carried where it does most harm, if that beats what else the unit
    /// could do this turn; taking it in hand first.
    fn blast_command(&mut self, world: &mut World, me: Seen) -> Option<Command> {
        let unit = self.unit();
        let spec = self.spec();
        let side = spec.side;
        let mut best: Option<(f64, WeaponChoice, Tile)> = None;
        for (index, carried) in spec.weapons.iter().enumerate() {
            if carried.weapon.attack_form() != AttackForm::Lobbed
                || self.arsenal.lost.contains(&index)
            {
                continue;
            }
            let choice = WeaponChoice::Carried(index);
            let mean = spec.mean_damage(&carried.weapon.damage);
            let mut aims: Vec<Tile> = self.enemies().map(|enemy| enemy.at).collect();
            aims.sort();
            for at in aims {
                let Ok(preview) = blast::preview(world, unit, choice, at) else {
                    continue;
                };
                let (mut foes, mut friends) = (0.0, 0.0);
                for (caught, divisor) in &preview.caught {
                    let Some(seen) = self.seen.iter().find(|other| other.unit == *caught) else {
                        continue;
                    };
                    let harm = self.harm(
                        &[(preview.chance, 1)],
                        mean / f64::from(*divisor),
                        seen.hit_points,
                    );
                    if seen.side == side {
                        friends += harm;
                    } else if seen.standing {
                        foes += harm;
                    }
                }
                let acceptable = match self.temper.friends_in_blast {
                    None => friends == 0.0,
                    Some(times) => foes >= times * friends,
                };
                if acceptable && best.is_none_or(|(most, ..)| foes - friends > most) {
                    best = Some((foes - friends, choice, at));
                }
            }
        }
        let (worth, weapon, at) = best?;
        // A stick of dynamite is worth throwing when it does more than any one blow or shot:
        // it must catch several, or one it can drop.
        let alternative = self.alternative_harm(me);
        if worth <= alternative {
            return None;
        }
        Some(if self.arsenal.in_hand == weapon {
            Command::Blast { unit, weapon, at }
        } else {
            Command::Ready { unit, weapon }
        })
    }

    /// What the unit's best other attack would do this turn, roughly: its best missile shot
    /// from here, or its blows on the foe it is likeliest to hurt within a run.
    fn alternative_harm(&mut self, me: Seen) -> f64 {
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

    /// The weapon it fights hand to hand with.
    fn hand_weapon(&self) -> WeaponChoice {
        melee_choice(
            self.scenario,
            self.unit(),
            self.arsenal,
            self.turn.attacks_made,
        )
    }

    /// With a gun, bow or thrown weapon in hand.
    fn missile_command(
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
        let shot = super::best_shot(
            world,
            self.scenario,
            self.seen,
            &self.turn,
            self.arsenal,
            Some(AMMUNITION_COST),
            |rolls: &[(f64, u32)], hit_points| self.harm(rolls, mean, hit_points),
        );
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
                // Nothing to shoot at from anywhere it can walk: close in, running.
                if here_worth == 0.0 {
                    return self.advance(me).unwrap_or(end);
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
            return self.advance(me).unwrap_or(end);
        }
        end
    }

    /// Whether a turn's aim (a bonus die next turn) beats shooting now and again next turn:
    /// only from safety, at a target that will still be there.
    fn worth_aiming(
        &mut self,
        me: Seen,
        target: UnitId,
        missile: &Missile,
        worth_now: f64,
    ) -> bool {
        let Some(seen) = self.seen.iter().find(|other| other.unit == target) else {
            return false;
        };
        let plain = self.missile_chance(missile, me.at, seen.at, 0);
        let aimed = self.missile_chance(missile, me.at, seen.at, 1);
        let aimed_worth = self.harm(&[(aimed, 1)], missile.mean, seen.hit_points);
        plain > 0.0 && aimed_worth > 2.0 * worth_now && self.danger_at(me.at) < 1.0
    }

    /// After acting: step to the safest tile the movement left allows, if it is much safer.
    fn withdraw(&mut self, me: Seen) -> Option<Command> {
        if self.turn.action_forfeited || self.temper.caution < 0.5 {
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

    /// Close on the enemy, running, by the way its guns cover least: straight at it, or where a
    /// wall stands between and no step brings it nearer as the crow flies, by the way on foot.
    fn advance(&mut self, me: Seen) -> Option<Command> {
        if self.turn.spent > 0 || self.turn.action_used {
            return None;
        }
        let targets: Vec<Tile> = self.enemies().map(|enemy| enemy.at).collect();
        if let Some(command) = self.advance_by(me, |tile| nearest_yards(tile, &targets)) {
            return Some(command);
        }
        let map = &self.scenario.map;
        let anywhere = budget_for(2 * (map.width() + map.height()));
        let walks: Vec<ReachMap> = targets
            .iter()
            .map(|at| reachable(map, *at, anywhere, |_| false))
            .collect();
        self.advance_by(me, |tile| {
            walks
                .iter()
                .filter_map(|walk| walk.cost(tile))
                .min()
                .map_or(f64::INFINITY, |cost| {
                    f64::from(cost) / f64::from(ORTHOGONAL_STEP)
                })
        })
    }

    /// The run that brings it nearest the enemy by `nearest` (yards from a tile to the nearest
    /// enemy) for the least risk, if one gains ground: only ground gained counts, or two careful
    /// sides would watch each other for ever.
    fn advance_by(&mut self, me: Seen, nearest: impl Fn(Tile) -> f64) -> Option<Command> {
        let now = nearest(me.at);
        if now.is_infinite() {
            return None;
        }
        let moves = self.reach_map(me.at, true);
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
    fn struck_first(&self, tile: Tile) -> bool {
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
    fn friend_beside(&self, at: Tile) -> bool {
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
    fn strike_target(
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
                    dodge, fight_back, ..
                },
            )) = strike_odds(world, me.unit, foe.unit, AttackKind::Strike(weapon))
            else {
                continue;
            };
            let answer = fight_back
                .filter(|odds| odds.attacker_wins < dodge.attacker_wins)
                .unwrap_or(dodge);
            let theirs = match &self.reaches[self.index_of(foe.unit)] {
                Reach::Blows { mean, .. } => *mean,
                Reach::Missile(_) => 2.0,
            };
            let worth = self.harm(&[(answer.attacker_wins, 1)], mean, foe.hit_points)
                - 1.5 * answer.defender_strikes * theirs;
            if best.is_none_or(|(most, _)| worth > most) {
                best = Some((worth, foe.unit));
            }
        }
        best.map(|(_, target)| target)
    }

    fn index_of(&self, unit: UnitId) -> usize {
        self.seen
            .iter()
            .position(|other| other.unit == unit)
            .unwrap_or_default()
    }

    /// Hand to hand: go where its blows would hurt most this turn (staying put if that is
    /// here) and strike the foe beside it it is likeliest to hurt; else run at the enemy.
    fn blows_command(&mut self, world: &mut World, me: Seen) -> Command {
        let unit = self.unit();
        let end = Command::EndTurn { unit };
        let spec = self.spec();
        let can_strike = !self.turn.action_forfeited
            && self.turn.attacks_made < spec.attacks_per_round
            && (!self.turn.action_used || self.turn.attacks_made > 0);
        let weapon = melee_choice(self.scenario, unit, self.arsenal, self.turn.attacks_made);
        let Reach::Blows {
            skill, mean, blows, ..
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
                    .map(|foe| planner.blows_worth(skill, mean, blows, foe))
                    .fold(0.0, f64::max);
                best - planner.danger_at(tile)
            });
            if let Some((to, _)) = best.filter(|(to, _)| *to != me.at) {
                return Command::Move { unit, to };
            }
        }
        if can_strike && let Some(target) = self.strike_target(world, me, weapon, mean) {
            return Command::Attack {
                unit,
                target,
                weapon,
            };
        }
        if !free_to_move || (self.time_is_ours() && self.temper.caution > 0.0) {
            return end;
        }
        if let Some(post) = self.guard_post(me) {
            return if post == me.at {
                end
            } else {
                Command::Move { unit, to: post }
            };
        }
        self.advance(me).unwrap_or(end)
    }

    /// Against foes that only fight hand to hand, a careful fighter with a shooter on its side
    /// need not go to them: they must come through the shooter's fire. It stands beside the
    /// shooter, on the enemy's side of it, so whatever comes meets it and its friends at once.
    /// The tile to stand on (its own if it is there already), or `None` where this does not
    /// apply.
    fn guard_post(&self, me: Seen) -> Option<Tile> {
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
    fn blows_worth(&mut self, skill: u32, mean: f64, blows: u32, foe: &Seen) -> f64 {
        let outnumbered = self.friend_beside(foe.at);
        let foe_spec = &self.scenario.units[foe.unit.index()];
        let dodge = foe_spec.skill(self.scenario.ruleset.as_ref(), DODGE);
        let chance = self.blow_chance(skill, dodge, i8::from(outnumbered));
        let rolls = vec![(chance, 1); usize::try_from(blows).unwrap_or(1)];
        self.harm(&rolls, mean, foe.hit_points)
    }
}

/// Yards from `from` to the nearest of `tiles`, as the crow flies (infinite with none).
fn nearest_yards(from: Tile, tiles: &[Tile]) -> f64 {
    tiles
        .iter()
        .map(|at| distance_yards(from, *at))
        .fold(f64::INFINITY, f64::min)
}

/// Net bonus dice (or penalty dice, below zero) as the dice rules count them.
fn net_dice(dice: i8) -> NetDice {
    ExtraDice {
        bonus: u8::try_from(dice.max(0)).unwrap_or(0),
        penalty: dice.min(0).unsigned_abs(),
    }
    .net()
}

/// How `spec` can hurt others with `holding` in hand.
fn reach_of(scenario: &Scenario, spec: &UnitSpec, holding: WeaponChoice) -> Reach {
    let ruleset = scenario.ruleset.as_ref();
    // Where it can step and still strike this round.
    let stride = f64::from(spec.derived.movement);
    let blows = |skill: u32, mean: f64, blows: u32| Reach::Blows {
        skill,
        mean,
        blows,
        stride,
    };
    match holding {
        WeaponChoice::Carried(index) => match spec.weapons.get(index) {
            Some(carried) if carried.weapon.attack_form() != AttackForm::Melee => {
                Reach::Missile(Missile::of(scenario, spec, &carried.weapon))
            }
            Some(carried) => blows(
                spec.skill(ruleset, &carried.weapon.skill),
                spec.mean_damage(&carried.weapon.damage),
                1,
            ),
            None => blows(0, 0.0, 1),
        },
        WeaponChoice::Natural(_) => {
            let count = spec.natural_attacks.len().max(1);
            let skill = spec
                .natural_attacks
                .iter()
                .map(|attack| attack.skill)
                .sum::<u32>()
                / u32::try_from(count).unwrap_or(1);
            let mean = spec
                .natural_attacks
                .iter()
                .map(|attack| spec.mean_damage(&attack.damage))
                .sum::<f64>()
                / count as f64;
            blows(skill, mean, spec.attacks_per_round)
        }
        WeaponChoice::Unarmed => blows(
            spec.skill(ruleset, BRAWL),
            spec.mean_damage(&DamageNotation::fists()),
            1,
        ),
    }
}
