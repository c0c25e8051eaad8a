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

mod closing;
mod errands;
mod evading;
mod odds;
mod shooting;
mod spots;
mod threats;
mod wrestling;

use crate::rules::body::BodyPart;
// Memos only: foldhash (bevy's) hashes a demand in a fraction of SipHash's time, and nothing
// is read from them in the order they hold.
use bevy::platform::collections::HashMap;

use bevy::prelude::*;

use super::{Seen, Style, melee_choice};
use crate::battle::command::{Command, WeaponChoice};
use crate::battle::{ActiveScenario, Arsenal, TurnState, UnitId};
use crate::map::Tile;
use crate::map::range::RangeRuler;
use crate::map::range::base_feet;
use crate::map::scenario::{Scenario, UnitSpec, Victory};
use crate::rules::damage::DamageNotation;
use crate::rules::firearms::reload;
use crate::rules::roll::Demand;
use crate::rules::weapons::{AttackForm, Weapon};
use std::sync::Arc;
use threats::ThreatGrid;

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

/// After this many rounds a fight has stalled, and care gives way.
const STALLED_AFTER: u32 = 20;

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

/// What the planner has worked out that holds beyond one command, kept to the next: the exact
/// odds of the rolls it weighed, how each unit can hurt others with what it holds, and the harm
/// each enemy's missile threatens around it while it stands still. Each is a pure function of
/// its key and the scenario. (Lines of fire are traced afresh: a table of them keyed by both
/// tiles cost more in missed caches than the tracing.)
#[derive(Resource, Default)]
pub(super) struct PlannerMemo {
    /// The scenario it was worked out on, held so that no other can take its place.
    scenario: Option<Arc<Scenario>>,
    /// The chance of a roll against a demand.
    odds: HashMap<Demand, f64>,
    /// The chance a blow at one skill gets past a dodge at another, with net bonus dice.
    blow_odds: HashMap<(u32, Option<u32>, u32, bool), f64>,
    /// The mean harm of a roll read off its faces, by the demand, the weapon's number and the
    /// cover (the parts it hides, and whether it stops bullets): `None` where the rulebook
    /// rolls damage in dice.
    harm_odds: HashMap<HarmKey, Option<f64>>,
    /// How a unit can hurt others holding a weapon.
    reaches: HashMap<(UnitId, WeaponChoice), Reach>,
    /// The harm each unit's missile weapon is likely to do from where it stands to someone at
    /// each tile around it who holds their weapon in one hand or the other (a part of a tile's
    /// danger): two grids a unit, in the units' order.
    threats: Vec<ThreatGrid>,
}

impl PlannerMemo {
    /// The memo kept from earlier commands where it was worked out on `scenario`, else a fresh
    /// one.
    pub(super) fn recall(world: &mut World, scenario: &Scenario) -> Self {
        world
            .remove_resource::<Self>()
            .filter(|memo| {
                memo.scenario
                    .as_ref()
                    .is_some_and(|held| std::ptr::eq(&**held, scenario))
            })
            .unwrap_or_default()
    }

    /// Keep the memo for the next command while the battle is on `scenario`.
    fn keep(mut self, world: &mut World, scenario: &Scenario) {
        let Some(active) = world.get_resource::<ActiveScenario>() else {
            return;
        };
        if !std::ptr::eq(&*active.0, scenario) {
            return;
        }
        self.scenario = Some(active.0.clone());
        world.insert_resource(self);
    }
}

/// How a unit can hurt others, for reading threats.
#[derive(Debug, Clone)]
enum Reach {
    /// From a distance.
    Missile(Missile),
    /// Hand to hand: the skill of each blow, its mean damage, blows a round, and the yards it
    /// can move and still strike.
    Blows {
        skill: u32,
        /// The difficulty the blow is rolled at, where its rulebook names one (the d10 pool).
        difficulty: Option<u32>,
        mean: f64,
        blows: u32,
        stride: f64,
    },
}

/// A missile weapon in a unit's hands: its skill, reach, the unit's DEX (for point-blank) and
/// the mean damage of a hit.
#[derive(Debug, Clone, Copy)]
struct Missile {
    skill: u32,
    /// The difficulty the shot is rolled at, where its rulebook names one (the d10 pool).
    difficulty: Option<u32>,
    /// Its range bands and how far the wielder's point-blank reaches; the wielder's DEX.
    ruler: RangeRuler,
    dexterity: u32,
    /// The weapon's base range in feet, where it has one.
    base_feet: Option<u32>,
    mean: f64,
    /// The weapon's own number (a firearm's max damage, where the rulebook reads damage off
    /// the roll).
    weapon_value: u32,
    /// The most one hit can do: cover whose armor is as much stops every hit.
    most_damage: u32,
    thrown: bool,
    cumbersome: bool,
}

impl Missile {
    fn of(scenario: &Scenario, spec: &UnitSpec, weapon: &Weapon) -> Self {
        let scale = scenario.ruleset.range_scale();
        let skill = spec.skill(scenario.ruleset.as_ref(), &weapon.skill);
        Self {
            skill,
            difficulty: weapon.difficulty,
            ruler: spec.range_ruler(weapon, &scale),
            dexterity: spec.characteristics.dexterity,
            base_feet: base_feet(&weapon.range, spec.characteristics.strength),
            mean: scenario.ruleset.hit_mean(
                spec.mean_damage(&weapon.damage),
                &Demand::new(skill, Vec::new()).at_difficulty(weapon.difficulty),
            ),
            weapon_value: weapon.damage.flat().unwrap_or_default(),
            most_damage: spec.most_damage(weapon),
            thrown: weapon.attack_form() == AttackForm::Thrown,
            cumbersome: weapon.cumbersome(),
        }
    }
}

/// What the mean harm of a roll read off its faces depends on.
type HarmKey = (Demand, u32, Option<(Vec<BodyPart>, bool)>);

/// The board as the acting unit reads it.
pub(super) struct Planner<'a> {
    scenario: &'a Scenario,
    seen: &'a [Seen],
    turn: TurnState,
    arsenal: &'a Arsenal,
    temper: Temper,
    reaches: Vec<Reach>,
    /// What holds for the whole battle, worked out so far.
    memo: PlannerMemo,
    /// The danger of standing on each tile reckoned so far.
    danger: HashMap<Tile, f64>,
    /// How much a yard nearer the enemy weighs, against the usual.
    hurry: f64,
    /// Whether it may still wait for the enemy to come onto its blows (in the first
    /// [`PATIENCE`] rounds).
    patient: bool,
    /// Whether the fight has gone on past [`STALLED_AFTER`] rounds.
    stalled: bool,
}

impl<'a> Planner<'a> {
    pub(super) fn new(
        scenario: &'a Scenario,
        seen: &'a [Seen],
        turn: TurnState,
        arsenal: &'a Arsenal,
        style: Style,
        round: u32,
        mut memo: PlannerMemo,
    ) -> Self {
        let reaches = seen
            .iter()
            .map(|other| {
                memo.reaches
                    .entry((other.unit, other.holding))
                    .or_insert_with(|| {
                        reach_of(scenario, &scenario.units[other.unit.index()], other.holding)
                    })
                    .clone()
            })
            .collect();
        let mut temper = style.temper();
        // INT read on the percentile scale (BRP's 3-18 times five), so a rulebook's own scale
        // does not make its people mindless.
        let intelligence = scenario.units[turn.unit.index()]
            .characteristics
            .intelligence;
        // A fight this long has stalled (two sides dancing either side of a wall): care gives
        // way, and it goes in.
        if scenario.ruleset.on_percentile_scale("INT", intelligence) < MINDLESS_BELOW
            || round > STALLED_AFTER
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
            memo,
            danger: HashMap::new(),
            hurry: 1.0,
            patient: round <= PATIENCE,
            stalled: round > STALLED_AFTER,
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
        !self.turn.action_used && !self.turn.action_forfeited()
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

    /// The unit's command, or `None` to leave it to the baseline's hand-to-hand; what was
    /// worked out on the way kept for the next command.
    pub(super) fn command(mut self, world: &mut World) -> Option<Command> {
        let command = self.planned_command(world);
        self.keep_memo(world);
        command
    }

    /// Keep what was worked out for the next command.
    pub(super) fn keep_memo(self, world: &mut World) {
        self.memo.keep(world, self.scenario);
    }

    /// The unit's command, or `None` to leave it to the baseline's hand-to-hand.
    fn planned_command(&mut self, world: &mut World) -> Option<Command> {
        let unit = self.unit();
        let me = *self.me()?;
        if self.turn.limits.fire_only {
            return Some(self.shot_only_command(world, me));
        }
        if me.prone {
            return Some(Command::StandUp { unit });
        }
        if let Some(command) = self.exit_command(me).or_else(|| self.withdraw_command(me)) {
            return Some(command);
        }
        if self.action_left() {
            if let Some(command) = self.tend_command(me) {
                return Some(command);
            }
            if let Some(command) = self.blast_command(world, me) {
                return Some(command);
            }
            if let Some(command) = self.outnumbered_command(world, me) {
                return Some(command);
            }
        }
        if let Some(command) = self.wrestle_command(world, me) {
            return Some(command);
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
            None if self.arsenal.in_hand == WeaponChoice::Unarmed
                && (self.spec().opening.holstered || self.arsenal.dropped.is_some()) =>
            {
                // Its gun holstered, or dropped in pain: draw one that has rounds ready, else one
                // it can load.
                if let Some(gun) = self.gun_to_draw().or_else(|| self.gun_to_load()) {
                    return Some(Command::Ready { unit, weapon: gun });
                }
            }
            _ => {}
        }
        Some(self.blows_command(world, me))
    }

    /// A carried gun, not lost, with rounds ready to fire, for a unit whose guns opened
    /// holstered or that dropped one: the one it dropped first, else the first it carries.
    fn gun_to_draw(&self) -> Option<WeaponChoice> {
        self.arsenal.gun_to_draw(&self.spec().weapons)
    }

    /// A carried gun, not lost, with rounds to load into it.
    fn gun_to_load(&self) -> Option<WeaponChoice> {
        self.spec()
            .weapons
            .iter()
            .enumerate()
            .find(|(index, carried)| {
                carried.weapon.attack_form() == AttackForm::Shot
                    && !self.arsenal.lost.contains(index)
                    && reload(
                        carried.weapon.feed(),
                        carried.weapon.capacity(),
                        self.arsenal.state(*index).ammunition,
                    )
                    .is_ok()
            })
            .map(|(index, _)| WeaponChoice::Carried(index))
    }

    /// Whether it can harm anyone at all: a gun with rounds to fire or to load, or blows with
    /// any chance.
    fn can_harm(&self) -> bool {
        let blows = reach_of(self.scenario, self.spec(), self.hand_weapon());
        self.gun_to_draw().is_some()
            || self.gun_to_load().is_some()
            || matches!(blows, Reach::Blows { skill, .. } if skill > 0)
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

    fn index_of(&self, unit: UnitId) -> usize {
        self.seen
            .iter()
            .position(|other| other.unit == unit)
            .unwrap_or_default()
    }
}

/// How `spec` can hurt others with `holding` in hand.
fn reach_of(scenario: &Scenario, spec: &UnitSpec, holding: WeaponChoice) -> Reach {
    let ruleset = scenario.ruleset.as_ref();
    // Where it can step and still strike this round.
    let stride = f64::from(spec.derived.movement());
    let blows = |skill: u32, difficulty: Option<u32>, mean: f64, blows: u32| Reach::Blows {
        skill,
        difficulty,
        mean: ruleset.hit_mean(
            mean,
            &Demand::new(skill, Vec::new()).at_difficulty(difficulty),
        ),
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
                carried.weapon.difficulty,
                spec.mean_damage(&carried.weapon.damage),
                1,
            ),
            None => blows(0, None, 0.0, 1),
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
            blows(skill, None, mean, spec.attacks_per_round)
        }
        WeaponChoice::Unarmed => blows(
            spec.skill(ruleset, ruleset.sheet().unarmed_skill()),
            ruleset
                .hand_to_hand()
                .bare_hands(spec.characteristics.strength)
                .difficulty,
            spec.mean_damage(&DamageNotation::fists()),
            1,
        ),
        WeaponChoice::Body(blow) => blows(
            spec.skill(ruleset, ruleset.sheet().unarmed_skill()),
            ruleset
                .hand_to_hand()
                .bare_hands(spec.characteristics.strength)
                .difficulty,
            ruleset
                .hand_to_hand()
                .body_blow_damage(blow, spec.characteristics.strength)
                .map_or(0.0, |damage| spec.mean_damage(&damage)),
            1,
        ),
    }
}
