//! The battle, headless: scripted fights through the real App and its systems, asserting on the
//! event stream. Every test builds its app with the one `test_app()` helper; here are the helpers
//! the modules share, each module a part of the fight (the round, movement, blows, maneuvers,
//! shooting, explosives) or a rulebook's own.

// The helpers serve the tests of every rulebook; a build of fewer leaves some unused.
#![cfg_attr(not(all_rulebooks), allow(dead_code, unused_imports))]

#[cfg(feature = "coc7e")]
mod ai;
#[cfg(feature = "coc7e")]
mod blows;
#[cfg(feature = "frontier")]
mod brawl;
#[cfg(feature = "brp_classic")]
mod brp;
#[cfg(feature = "brp_classic")]
mod brp_firearms;
#[cfg(feature = "brp_classic")]
mod brp_surprise;
#[cfg(feature = "brp_classic")]
mod brp_wounds;
#[cfg(feature = "frontier")]
mod declarations;
#[cfg(feature = "frontier")]
mod dynamite;
#[cfg(feature = "coc7e")]
mod explosives;
#[cfg(feature = "coc7e")]
mod firearms;
#[cfg(feature = "frontier")]
mod frontier;
#[cfg(feature = "brp_classic")]
mod grapples;
#[cfg(feature = "d100_house")]
mod house;
#[cfg(feature = "d100_house")]
mod house_cherries;
#[cfg(feature = "d100_house")]
mod house_fire;
#[cfg(feature = "d100_house")]
mod house_grapples;
#[cfg(feature = "d100_house")]
mod house_hazards;
#[cfg(feature = "d100_house")]
mod house_turns;
#[cfg(feature = "coc7e")]
mod invalid_commands;
#[cfg(feature = "coc7e")]
mod maneuvers;
#[cfg(feature = "coc7e")]
mod movement;
#[cfg(feature = "coc7e")]
mod outnumbered;
#[cfg(feature = "coc7e")]
mod part_armor;
#[cfg(feature = "d10_pool")]
mod pool;
#[cfg(feature = "d10_pool")]
mod pool_areas;
#[cfg(feature = "d10_pool")]
mod pool_budget;
#[cfg(feature = "d10_pool")]
mod pool_evade;
#[cfg(feature = "d10_pool")]
mod pool_shots;
#[cfg(feature = "d10_pool")]
mod pool_surprise;
#[cfg(feature = "coc7e")]
mod round;
#[cfg(feature = "frontier")]
mod shot_options;
#[cfg(feature = "coc7e")]
mod the_app;
#[cfg(feature = "coc7e")]
mod weapon_notes;
#[cfg(feature = "coc7e")]
mod whole_fights;

mod fighters;
#[path = "../shipped/mod.rs"]
mod shipped;

use std::path::Path;

use bevy::prelude::*;
use fighters::*;
use gridkeeper::battle::command::{
    Answer, Command, ManeuverGoal, Rejection, SurpriseAttack, WeaponChoice,
};
use gridkeeper::battle::event::{EventKind, Modifier, ModifierReason, WoundState};
use gridkeeper::battle::melee;
use gridkeeper::battle::threat::AnswerOdds;
use gridkeeper::battle::{
    ActiveScenario, Arsenal, AttackKind, BattleDice, CommandQueue, Condition, Controllers,
    EventLog, Flow, Phase, TilePosition, UnitId, Vital, Vitals,
};
use gridkeeper::map::Tile;
use gridkeeper::map::opening::Opening;
use gridkeeper::map::reach::Passage;
use gridkeeper::map::scenario::{Control, Scenario, ScenarioFile, Victory};
use gridkeeper::rules::body::BodyPart;
use gridkeeper::rules::damage::DamageQuality;
use gridkeeper::rules::dice::DieFace;
use gridkeeper::rules::melee::MeleeOutcome;
use gridkeeper::rules::percentile::SuccessLevel;
use gridkeeper::rules::wounds::BlowSeverity;
#[cfg(feature = "d100_house")]
use gridkeeper::rulesets::d100_house::battle::condition::{HouseCondition, house_of};
#[cfg(feature = "frontier")]
use gridkeeper::rulesets::frontier::battle::condition::{FrontierCondition, frontier_of};
use shipped::shipped;

/// The shared test app: a scenario in the headless App with seeded dice, started up.
fn test_app(scenario: Scenario) -> App {
    let mut app = gridkeeper::headless_app(scenario, 7);
    app.update();
    app
}

/// An app for `scenario` with the AI playing `unit` at `style` and every other unit played at
/// this keyboard; not yet begun.
fn with_ai_playing(scenario: Scenario, unit: UnitId, style: gridkeeper::ai::Style) -> App {
    let units = scenario.units.len();
    let mut app = test_app(scenario);
    app.add_plugins(gridkeeper::ai::plugin);
    let mut control = vec![Control::Person; units];
    control[unit.index()] = Control::Ai;
    app.world_mut().resource_mut::<Controllers>().0 = control;
    app.insert_resource(gridkeeper::ai::AiStyles(vec![style; units]));
    app
}

/// Run one frame; a shot or blow waiting on a unit played here is taken. Whether one was.
fn update_taking_everything(app: &mut App) -> bool {
    app.update();
    let waiting = app
        .world()
        .resource::<Flow>()
        .pending()
        .map(|pending| pending.target);
    if let Some(target) = waiting {
        send(
            app,
            Command::Answer {
                unit: target,
                answer: Answer::Nothing,
            },
        );
    }
    waiting.is_some()
}

/// The commands the log holds from `unit`, in order.
fn commands_of(app: &App, unit: UnitId) -> Vec<Command> {
    app.world()
        .resource::<gridkeeper::battle::CommandLog>()
        .0
        .iter()
        .filter(|command| command.unit() == Some(unit))
        .cloned()
        .collect()
}

/// The rounds loaded in a unit's carried weapon.
fn loaded(app: &mut App, unit: UnitId, weapon: usize) -> Option<u32> {
    let mut query = app.world_mut().query::<(&UnitId, &Arsenal)>();
    query
        .iter(app.world())
        .find(|(id, _)| **id == unit)
        .map(|(_, arsenal)| arsenal.state(weapon).ammunition.loaded)
}

/// Begin the fight (a unit with a firearm ready acts at DEX + 50).
fn begun(scenario: Scenario) -> App {
    let mut app = test_app(scenario);
    send(&mut app, Command::Begin);
    app
}

/// Load `faces`, send `command`, and return the events it set off.
fn after(app: &mut App, faces: &[u32], command: Command) -> Vec<EventKind> {
    let mark = event_count(app);
    load(app, faces);
    send(app, command);
    events_from(app, mark)
}

/// Queue a command and let the battle resolve it (with any AI answers it sets off).
fn send(app: &mut App, command: Command) {
    app.world_mut()
        .resource_mut::<CommandQueue>()
        .0
        .push_back(command);
    app.update();
}

/// Load the faces of the next dice to be rolled.
fn load(app: &mut App, faces: &[u32]) {
    app.world_mut()
        .resource_mut::<BattleDice>()
        .dice
        .load(faces.iter().copied());
}

/// The tens and units faces that read as `value` on percentile dice.
fn percentile(value: u32) -> [u32; 2] {
    let face = |digit: u32| if digit == 0 { 10 } else { digit };
    [face(value / 10 % 10), face(value % 10)]
}

/// The faces that read as `value` when the roll has `tens_dice` tens dice (bonus or penalty
/// dice add tens dice: every one shows the same digit here).
fn percentile_with(value: u32, tens_dice: usize) -> Vec<u32> {
    let [tens, units] = percentile(value);
    std::iter::repeat_n(tens, tens_dice)
        .chain([units])
        .collect()
}

/// Faces for several percentile rolls in a row, then any other faces.
fn rolls(values: &[u32], then: &[u32]) -> Vec<u32> {
    values
        .iter()
        .flat_map(|value| percentile(*value))
        .chain(then.iter().copied())
        .collect()
}

/// A unit delays until another has acted (`None`: everyone).
fn wait(app: &mut App, unit: UnitId, until: Option<UnitId>) {
    send(app, Command::Delay { unit, until });
}

/// A swings at B with bare hands.
fn punch(app: &mut App) {
    send(
        app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: WeaponChoice::Unarmed,
        },
    );
}

/// A melee attack and the defender's answer.
fn strike(app: &mut App, unit: UnitId, target: UnitId, weapon: WeaponChoice, answer: Answer) {
    send(
        app,
        Command::Attack {
            unit,
            target,
            weapon,
        },
    );
    send(
        app,
        Command::Answer {
            unit: target,
            answer,
        },
    );
}

fn events(app: &App) -> Vec<EventKind> {
    app.world()
        .resource::<EventLog>()
        .0
        .iter()
        .map(|event| event.kind.clone())
        .collect()
}

/// Events after the first `from`.
fn events_from(app: &App, from: usize) -> Vec<EventKind> {
    events(app).into_iter().skip(from).collect()
}

fn event_count(app: &App) -> usize {
    app.world().resource::<EventLog>().0.len()
}

const A: UnitId = UnitId(0);
const B: UnitId = UnitId(1);
const C: UnitId = UnitId(2);

fn unit_state<T: Component + Clone>(app: &mut App, unit: UnitId) -> T {
    let mut query = app.world_mut().query::<(&UnitId, &T)>();
    query
        .iter(app.world())
        .find(|(id, _)| **id == unit)
        .map(|(_, state)| state.clone())
        .expect("the unit exists")
}

fn vitals(app: &mut App, unit: UnitId) -> Vitals {
    unit_state(app, unit)
}

/// End turns until `unit` acts.
fn until_the_turn_of(app: &mut App, unit: UnitId) {
    while let Some(acting) = acting(app).filter(|acting| *acting != unit) {
        send(app, Command::EndTurn { unit: acting });
    }
}

/// Every target still asked about the shots takes them.
fn take_it(app: &mut App) {
    while let Some(target) = app
        .world()
        .resource::<Flow>()
        .pending()
        .map(|pending| pending.target)
    {
        send(
            app,
            Command::Answer {
                unit: target,
                answer: Answer::Nothing,
            },
        );
    }
}

/// Change a unit's vitals directly, for a fight that starts with someone already hurt.
fn set_vitals(app: &mut App, unit: UnitId, change: impl FnOnce(&mut Vitals)) {
    let mut changed = vitals(app, unit);
    change(&mut changed);
    let entity = app
        .world_mut()
        .query::<(Entity, &UnitId)>()
        .iter(app.world())
        .find(|(_, id)| **id == unit)
        .map(|(entity, _)| entity)
        .expect("the unit");
    app.world_mut().entity_mut(entity).insert(changed);
}

fn condition(app: &mut App, unit: UnitId) -> Condition {
    unit_state(app, unit)
}

/// The d100 house sheet's part of `unit`'s condition (its own component).
#[cfg(feature = "d100_house")]
fn house_state(app: &mut App, unit: UnitId) -> HouseCondition {
    house_of(app.world(), unit)
}

/// The western's part of `unit`'s condition (its own component).
#[cfg(feature = "frontier")]
fn frontier_state(app: &mut App, unit: UnitId) -> FrontierCondition {
    frontier_of(app.world(), unit)
}

fn acting(app: &App) -> Option<UnitId> {
    app.world().resource::<Flow>().acting()
}

/// Send `command` with no dice loaded: why the battle refused it, if it did.
fn refusal(app: &mut App, command: Command) -> Option<Rejection> {
    rejected(&after(app, &[], command))
}

fn rejected(events: &[EventKind]) -> Option<Rejection> {
    events.iter().find_map(|event| match event {
        EventKind::Rejected { reason, .. } => Some(reason.clone()),
        _ => None,
    })
}

/// Send a command that must be refused with `expected`, changing nothing at all.
fn refuse(app: &mut App, command: Command, expected: Rejection) {
    let before = snapshot(app);
    let mark = event_count(app);
    send(app, command.clone());
    let after = events_from(app, mark);
    assert_eq!(
        after,
        [EventKind::Rejected {
            command: command.clone(),
            reason: expected
        }],
        "{command:?}"
    );
    assert_eq!(snapshot(app), before, "{command:?} changed the state");
}

/// Everything a command could change, to compare before and after a refusal.
fn snapshot(app: &mut App) -> String {
    let mut query = app.world_mut().query::<(
        &UnitId,
        &Vitals,
        &Condition,
        &Arsenal,
        Option<&TilePosition>,
    )>();
    let mut units: Vec<String> = query
        .iter(app.world())
        .map(|state| format!("{state:?}"))
        .collect();
    units.sort();
    let flow = format!("{:?}", app.world().resource::<Flow>());
    let mut dice = app.world().resource::<BattleDice>().dice.clone();
    let next_faces: Vec<u32> = (0..4)
        .map(|_| gridkeeper::rules::dice::FaceSource::face(&mut dice, 100))
        .collect();
    format!("{units:?} {flow} {next_faces:?}")
}
