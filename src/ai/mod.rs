//! The opponent: units the scenario gives to the AI take their turns by issuing the same
//! commands a person does, so the log and replays hold them like any other.
//!
//! One command at a time, in a [`Style`]. The *baseline* (the yardstick, `baseline.rs`) shoots
//! (or throws at) the nearest enemy it can hit with the weapon in hand, reloading or clearing a
//! jam when it must; otherwise it closes with the nearest standing enemy and attacks it hand to
//! hand. The levels a player picks (reckless, careful, ruthless) are played by the planner in
//! `plan`, which weighs each shot by the harm it does (the exact chance to hit from the battle's
//! preview times the weapon's mean damage, more where it would likely drop the target). Every
//! shot is checked with the battle's own preview first, so no style gives a command the battle
//! would refuse for its weapon.

mod baseline;
pub mod defence;
mod holds;
pub mod hooks;
mod plan;
mod shot_choice;

pub use baseline::baseline_command;
use baseline::baseline_ranged;

use bevy::prelude::*;

use crate::battle::command::{Command, WeaponChoice};
use crate::battle::scope::BattleScoped;
use crate::battle::{
    ActiveScenario, Arsenal, BattleSystems, CommandQueue, Condition, Controllers, Flow, Footing,
    Phase, Presence, TilePosition, TurnState, UnitId, Vital, Vitals,
};
use crate::map::Tile;
use crate::map::range::distance_yards;
use crate::map::reach::{NEIGHBOURS, Passage, ReachMap, budget_for, reachable_from_any};
use crate::map::scenario::{Control, Scenario};
use crate::rules::round::TurnKind;
use crate::rules::weapons::AttackForm;
use shot_choice::best_shot;

/// What the planner needs to know of a unit.
#[derive(Debug, Clone, Copy)]
pub struct Seen {
    pub unit: UnitId,
    pub side: usize,
    pub at: Tile,
    /// On the map (arrived, not fled).
    pub present: bool,
    /// Present and conscious.
    pub standing: bool,
    pub prone: bool,
    pub hit_points: u32,
    /// What it holds ready.
    pub holding: WeaponChoice,
    /// The enemy holding it fast, and the one it holds.
    pub held_by: Option<UnitId>,
    pub holds: Option<UnitId>,
    /// Whom it has taken aim at.
    pub aiming_at: Option<UnitId>,
    /// First Aid would do it good: dying, or hurt and not yet tended.
    pub treatable: bool,
    /// How its legs carry it: lamed (a crippled leg crawls, where the rulebook says so), or
    /// held fast where it stands.
    pub footing: Footing,
}

/// How an AI unit chooses its commands: the baseline to measure against, and the three
/// levels a player picks from. Levels change choices, never dice.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Style {
    /// Walk at the nearest enemy and attack it; shoot the nearest; reload when empty; dodge
    /// every blow and take every shot.
    Baseline,
    /// Reckless: charges and shoots at whatever does most harm now, never minds cover.
    Reckless,
    /// Careful: fights from cover, aims when it pays, finishes the wounded, reloads early.
    #[default]
    Careful,
    /// Ruthless: careful, and it also hunts the weakest, finishes the fallen and throws
    /// blasts wherever they pay even with a friend close by.
    Ruthless,
}

/// The style of each AI unit, in the scenario's order; a unit left out plays careful.
#[derive(Resource, Debug, Clone, Default)]
pub struct AiStyles(pub Vec<Style>);

/// The keeper's hold on the AI: paused, it gives no command until let go, or one for each
/// step granted.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct AiPause {
    pub paused: bool,
    /// Commands it may give while paused.
    pub steps: u32,
    /// It gives none before this time (seconds since start): the window is still showing its
    /// last one.
    pub not_before: f64,
}

impl AiPause {
    /// Whether the AI may give a command at `now` (and, paused, spend a step on it).
    fn grant(&mut self, now: f64) -> bool {
        if now < self.not_before {
            return false;
        }
        if !self.paused {
            return true;
        }
        if self.steps == 0 {
            return false;
        }
        self.steps -= 1;
        true
    }
}

/// The AI's systems, in `Update`: the game window holds them while a replay is watched (its
/// commands are all in the file).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AiTurns;

/// AI units take their turns (public so headless apps and tests can add it).
pub fn plugin(app: &mut App) {
    app.insert_resource(defence::policy())
        .battle_record::<CommandsThisTurn>()
        .battle_view::<AiPause>()
        .battle_only::<AiStyles>()
        .battle_only::<defence::PlainDefenders>()
        .add_systems(
            Update,
            (
                plain_defenders.run_if(resource_exists_and_changed::<AiStyles>),
                take_ai_turns,
            )
                .chain()
                .in_set(AiTurns)
                .before(BattleSystems),
        );
}

/// Baseline units answer attacks plainly: the battle is told which they are.
fn plain_defenders(styles: Res<AiStyles>, mut commands: Commands) {
    let plain = styles
        .0
        .iter()
        .enumerate()
        .filter(|(_, style)| **style == Style::Baseline)
        .map(|(index, _)| UnitId::of_index(index))
        .collect();
    commands.insert_resource(defence::PlainDefenders(plain));
}

/// Commands an AI unit may give in one turn before it is made to end it (so a refused command
/// can never hold the battle up).
const MOST_COMMANDS_A_TURN: u32 = 16;

/// How many commands the AI has given on the current turn: round, unit, count.
#[derive(Resource, Debug, Default)]
struct CommandsThisTurn(u32, Option<UnitId>, u32, usize);

/// On an AI unit's turn, with nothing queued and no answer awaited, queue its next command.
fn take_ai_turns(world: &mut World) {
    let (Some(flow), Some(controllers)) = (
        world.get_resource::<Flow>(),
        world.get_resource::<Controllers>(),
    ) else {
        return;
    };
    let (Some(turn), Phase::Turn) = (flow.turn, &flow.phase) else {
        return;
    };
    let round = flow.round;
    let unit = turn.unit;
    let queued = world
        .get_resource::<CommandQueue>()
        .is_none_or(|queue| !queue.0.is_empty());
    if controllers.0.get(unit.index()) != Some(&Control::Ai) || queued {
        return;
    }
    let now = world
        .get_resource::<Time>()
        .map_or(0.0, Time::elapsed_secs_f64);
    if !world
        .get_resource_mut::<AiPause>()
        .is_none_or(|mut pause| pause.grant(now))
    {
        return;
    }
    let events = world
        .get_resource::<crate::battle::EventLog>()
        .map_or(0, |log| log.0.len());
    let mut given = world.resource_mut::<CommandsThisTurn>();
    // A battle taken back (undo) or started again counts its turns afresh.
    if (given.0, given.1) != (round, Some(unit)) || events < given.3 {
        *given = CommandsThisTurn(round, Some(unit), 0, events);
    }
    given.2 += 1;
    given.3 = events;
    let command = if given.2 > MOST_COMMANDS_A_TURN {
        Command::EndTurn { unit }
    } else {
        next_command(world, &turn)
    };
    world.resource_mut::<CommandQueue>().0.push_back(command);
}

/// The unit's next command, as its style would give it; for a level (not the baseline), a
/// command the rulebook's own AI gives first where it pays (the house sheet's cherry picked
/// before a blow, a shot called at a part the cover leaves out).
fn next_command(world: &mut World, turn: &TurnState) -> Command {
    let command = chosen_command(world, turn);
    let style = style_of(world, turn.unit);
    let scenario = world
        .get_resource::<ActiveScenario>()
        .map(|active| active.0.clone());
    match scenario {
        Some(scenario) if style != Style::Baseline => hooks::of(world, &scenario)
            .and_then(|own| own.first(world, &scenario, &command))
            .unwrap_or(command),
        _ => command,
    }
}

/// The style `unit` is played in.
fn style_of(world: &World, unit: UnitId) -> Style {
    world
        .get_resource::<AiStyles>()
        .and_then(|styles| styles.0.get(unit.index()).copied())
        .unwrap_or_default()
}

/// The unit's next command, as its style would give it.
fn chosen_command(world: &mut World, turn: &TurnState) -> Command {
    let unit = turn.unit;
    let Some(scenario) = world
        .get_resource::<ActiveScenario>()
        .map(|active| active.0.clone())
    else {
        return Command::EndTurn { unit };
    };
    let mut units = world.query::<(&UnitId, &TilePosition, &Vitals, &Condition, &Arsenal)>();
    let unhurt = units
        .iter(world)
        .any(|(id, _, vitals, ..)| *id == unit && vitals.hit_points == vitals.max_hit_points);
    let round = world.resource::<Flow>().round;
    if units
        .iter(world)
        .any(|(id, _, _, condition, _)| *id == unit && condition.idle_in(round).is_some())
    {
        return Command::EndTurn { unit };
    }
    let mut seen: Vec<Seen> = units
        .iter(world)
        .map(|(id, at, vitals, condition, arsenal)| {
            let present = condition.presence == Presence::Present;
            Seen {
                unit: *id,
                side: scenario.units[id.index()].side,
                at: at.0,
                present,
                standing: present && vitals.conscious(),
                prone: condition.prone,
                hit_points: vitals.hit_points,
                holding: arsenal.in_hand,
                held_by: condition.held_by,
                holds: condition.holding,
                aiming_at: condition.aim.map(|aim| aim.target),
                treatable: vitals.vital == Vital::Dying
                    || (vitals.vital != Vital::Stabilised
                        && vitals.vital != Vital::Dead
                        && vitals.hit_points < vitals.max_hit_points
                        && !condition.first_aid_received),
                footing: condition.footing(),
            }
        })
        .collect();
    // By the units' order, whatever order the world keeps them in (a rulebook's own state put
    // on a unit moves it there), so the AI's choice between equals never depends on it.
    seen.sort_by_key(|seen| seen.unit);
    let Some(arsenal) = units
        .iter(world)
        .find(|(id, ..)| **id == unit)
        .map(|(_, _, _, _, arsenal)| arsenal.clone())
    else {
        return Command::EndTurn { unit };
    };
    let style = style_of(world, unit);
    let own = hooks::of(world, &scenario);
    if turn.limits.kind == TurnKind::Declare {
        let slot = hooks::DeclarationSlot {
            scenario: &scenario,
            seen: &seen,
            unit,
            arsenal: &arsenal,
            style,
            unhurt,
            round,
        };
        return own
            .and_then(|own| own.declaration_slot(world, &slot))
            .unwrap_or(Command::EndTurn { unit });
    }
    let planned = turn_command(world, &scenario, &seen, turn, &arsenal, style, unhurt);
    let Some(own) = own else {
        return planned;
    };
    if let Some(bound) = own.bound_turn(world, &scenario, (&seen, turn, &arsenal), &planned) {
        return bound;
    }
    if style != Style::Baseline
        && let Some(instead) = own.instead(world, &scenario, (&seen, turn), &planned)
    {
        return instead;
    }
    planned
}

impl hooks::DeclarationSlot<'_> {
    /// Whether the unit plays the baseline, the yardstick.
    pub fn baseline(&self) -> bool {
        self.style == Style::Baseline
    }

    /// The first command of the unit's plan for a fresh turn, as if it acted now.
    pub fn fresh_plan(&self, world: &mut World) -> Command {
        let fresh = TurnState::fresh(self.unit);
        turn_command(
            world,
            self.scenario,
            self.seen,
            &fresh,
            self.arsenal,
            self.style,
            self.unhurt,
        )
    }

    /// Where the unit, whose fresh turn begins with `first` (taking an explosive in hand, or
    /// walking to where it throws from), means to throw it, as the planner would.
    pub fn planned_throw(&self, world: &mut World, first: &Command) -> Option<Tile> {
        let me = *self.seen.iter().find(|other| other.unit == self.unit)?;
        let memo = plan::PlannerMemo::recall(world, self.scenario);
        let fresh = TurnState::fresh(self.unit);
        let mut planner = plan::Planner::new(
            self.scenario,
            self.seen,
            fresh,
            self.arsenal,
            self.style,
            self.round,
            memo,
        );
        let spec = &self.scenario.units[self.unit.index()];
        let throw = match first {
            Command::Ready { weapon, .. } if spec.lobs(*weapon) => {
                planner.throw_plan(world, me).map(|(_, _, at)| at)
            }
            Command::Move { .. } => planner.throw_plan(world, me).map(|(_, _, at)| at),
            _ => None,
        };
        planner.keep_memo(world);
        throw
    }
}

/// The unit's next command on a turn, as its style would give it.
fn turn_command(
    world: &mut World,
    scenario: &Scenario,
    seen: &[Seen],
    turn: &TurnState,
    arsenal: &Arsenal,
    style: Style,
    unhurt: bool,
) -> Command {
    let unit = turn.unit;
    if unhurt && still_waiting(scenario, seen, unit) {
        return Command::EndTurn { unit };
    }
    if let Some(command) = holds::held_command(world, scenario, seen, turn, arsenal) {
        return command;
    }
    if style == Style::Baseline {
        if turn.limits.fire_only {
            // A slot kept for a shot: the nearest that can be made, or pass.
            return best_shot(world, scenario, seen, turn, arsenal, None, |_, _, _| 0.0)
                .map_or(Command::EndTurn { unit }, |(_, command)| command);
        }
        let prone = seen.iter().any(|me| me.unit == unit && me.prone);
        return baseline_ranged(world, scenario, seen, turn, arsenal)
            .unwrap_or_else(|| baseline_command(scenario, seen, turn, prone, arsenal));
    }
    let round = world.resource::<Flow>().round;
    let memo = plan::PlannerMemo::recall(world, scenario);
    plan::Planner::new(scenario, seen, *turn, arsenal, style, round, memo)
        .command(world)
        .unwrap_or(Command::EndTurn { unit })
}

/// Whether a unit under the scenario's standing order to wait (and not yet hurt) has no enemy
/// within its yards yet.
fn still_waiting(scenario: &Scenario, seen: &[Seen], unit: UnitId) -> bool {
    let Some(yards) = scenario.units[unit.index()].waits_until_within else {
        return false;
    };
    let Some(me) = seen.iter().find(|other| other.unit == unit) else {
        return false;
    };
    !seen.iter().any(|other| {
        other.present
            && other.side != me.side
            && distance_yards(other.at, me.at) <= f64::from(yards)
    })
}

/// The harm a shot is expected to do: each roll's chance to hit (with the bullets it sends)
/// times the weapon's mean damage, and once more the mean damage times the chance that any
/// roll hits where the mean would drop the target.
fn harm_of(rolls: &[(f64, u32)], mean_damage: f64, hit_points: u32) -> f64 {
    let expected: f64 = rolls
        .iter()
        .map(|(chance, bullets)| chance * f64::from(*bullets) * mean_damage)
        .sum();
    let chance_any = 1.0
        - rolls
            .iter()
            .map(|(chance, _)| 1.0 - chance)
            .product::<f64>();
    if mean_damage >= f64::from(hit_points) {
        expected + chance_any * mean_damage
    } else {
        expected
    }
}

/// The tile of `reach` from which `walks` is shortest, where it is shorter than from `here`:
/// the step along a walk (ties to the cheaper step, then the first tile).
pub(crate) fn step_along(walks: &ReachMap, reach: &ReachMap, here: Tile) -> Option<Tile> {
    let now = walks.cost(here)?;
    reach
        .tiles()
        .filter_map(|(tile, cost)| Some((walks.cost(tile)?, cost, tile)))
        .min()
        .filter(|(walk, _, _)| *walk < now)
        .map(|(_, _, to)| to)
}

/// The walk to each tile from the nearest of `targets` round the walls, as far as twice across
/// the map: the way to a way out with no straight way to it.
pub(crate) fn walks_from(scenario: &Scenario, targets: &[Tile]) -> ReachMap {
    let map = &scenario.map;
    reachable_from_any(map, targets, across_twice(map), |_| Passage::Free)
}

/// The walk to each tile from the nearest tile beside one of `enemies` where nobody stands or
/// lies (where a blow can be struck from), round the walls and the enemies, stepping over the
/// fallen (the standing friends move on), as far as twice across the map: the way to an enemy
/// with no straight way to it.
pub(crate) fn walks_to_strike(scenario: &Scenario, seen: &[Seen], enemies: &[Tile]) -> ReachMap {
    let map = &scenario.map;
    let taken = |tile: Tile| seen.iter().any(|other| other.present && other.at == tile);
    let beside: Vec<Tile> = enemies
        .iter()
        .flat_map(|enemy| {
            NEIGHBOURS
                .iter()
                .filter_map(|(dx, dy)| enemy.offset(*dx, *dy))
        })
        .filter(|tile| map.walkable(*tile) && !taken(*tile))
        .collect();
    let others: Vec<(Tile, Passage)> = seen
        .iter()
        .filter(|other| other.present && !other.standing)
        .map(|other| (other.at, Passage::StepOver))
        .chain(enemies.iter().map(|enemy| (*enemy, Passage::Shut)))
        .collect();
    reachable_from_any(map, &beside, across_twice(map), |tile| {
        Passage::at(&others, tile)
    })
}

/// A budget that walks twice across `map`: as far as any walk round its walls goes.
fn across_twice(map: &crate::map::GridMap) -> u32 {
    budget_for(2 * (map.width() + map.height()))
}

/// How a move by `mover` may pass each tile, as it reads the board: the standing gone round,
/// the fallen stepped over.
pub(crate) fn passage_among(seen: &[Seen], mover: UnitId) -> impl Fn(Tile) -> Passage {
    let others: Vec<(Tile, Passage)> = seen
        .iter()
        .filter(|other| other.present && other.unit != mover)
        .map(|other| (other.at, Passage::past(other.standing)))
        .collect();
    move |tile| Passage::at(&others, tile)
}

/// A hand-to-hand attack for the `attack`-th blow of the turn: natural attacks in turn, the
/// weapon in hand if it is a hand-to-hand one, else the first hand-to-hand weapon carried and not
/// lost, else fists.
pub(super) fn melee_choice(
    scenario: &Scenario,
    unit: UnitId,
    arsenal: &Arsenal,
    attack: u32,
) -> WeaponChoice {
    let spec = &scenario.units[unit.index()];
    if !spec.natural_attacks.is_empty() {
        let count = u32::try_from(spec.natural_attacks.len()).unwrap_or(1);
        return WeaponChoice::Natural(usize::try_from(attack % count).unwrap_or(0));
    }
    // A stalled chainsaw is no weapon until it is fixed.
    let hand_to_hand = |index: usize| {
        !arsenal.lost.contains(&index)
            && arsenal.state(index).jam.is_none()
            && spec
                .weapons
                .get(index)
                .is_some_and(|carried| carried.weapon.attack_form() == AttackForm::Melee)
    };
    match arsenal.in_hand {
        WeaponChoice::Carried(index) if hand_to_hand(index) => arsenal.in_hand,
        WeaponChoice::Natural(_) => arsenal.in_hand,
        _ => (0..spec.weapons.len())
            .find(|index| hand_to_hand(*index))
            .map_or(WeaponChoice::Unarmed, WeaponChoice::Carried),
    }
}

#[cfg(test)]
mod tests {
    use super::{AiPause, harm_of};

    #[test]
    fn a_paused_ai_gives_a_command_only_for_a_step_granted() {
        let mut pause = AiPause {
            paused: true,
            steps: 2,
            not_before: 0.0,
        };
        assert!(pause.grant(1.0));
        assert!(pause.grant(1.0));
        assert!(!pause.grant(1.0));
        assert!(AiPause::default().grant(1.0));
        // While the window still shows its last command, it waits.
        let mut showing = AiPause {
            not_before: 5.0,
            ..AiPause::default()
        };
        assert!(!showing.grant(4.9));
        assert!(showing.grant(5.0));
    }

    #[test]
    fn harm_weighs_the_chance_the_damage_and_a_likely_drop() {
        // A .38 revolver (1D10, mean 5.5) at 40%: 2.2 expected against a healthy target…
        assert!((harm_of(&[(0.4, 1)], 5.5, 12) - 2.2).abs() < 1e-9);
        // …and 4.4 against one on 5 hit points, which the mean would drop.
        assert!((harm_of(&[(0.4, 1)], 5.5, 5) - 4.4).abs() < 1e-9);
        // Two shots at 30% and 20%: 0.5 hits expected, 44% that at least one lands.
        let two = harm_of(&[(0.3, 1), (0.2, 1)], 5.5, 4);
        assert!((two - (0.5 * 5.5 + 0.44 * 5.5)).abs() < 1e-9);
        // A burst of three bullets in one roll at 25%.
        assert!((harm_of(&[(0.25, 3)], 4.0, 20) - 3.0).abs() < 1e-9);
        // So a weaker shot at the wounded can beat a better one at the healthy.
        assert!(harm_of(&[(0.3, 1)], 5.5, 4) > harm_of(&[(0.5, 1)], 5.5, 12));
    }
}
