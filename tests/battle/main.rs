//! The battle, headless: scripted fights through the real App and its systems, asserting on the
//! event stream. Every test builds its app with the one `test_app()` helper; the round and melee
//! are tested here, shooting and explosives in the modules beside.

// The helpers serve the tests of every rulebook; a build of fewer leaves some unused.
#![cfg_attr(not(all_rulebooks), allow(dead_code, unused_imports))]

#[cfg(feature = "coc7e")]
mod ai;
#[cfg(feature = "frontier")]
mod brawl;
#[cfg(feature = "brp_classic")]
mod brp;
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
#[cfg(feature = "d10_pool")]
mod pool;
#[cfg(feature = "d10_pool")]
mod pool_areas;
#[cfg(feature = "d10_pool")]
mod pool_budget;
#[cfg(feature = "d10_pool")]
mod pool_shots;
#[cfg(feature = "frontier")]
mod shot_options;
#[cfg(feature = "coc7e")]
mod weapon_notes;

#[path = "../shipped/mod.rs"]
mod shipped;

use std::path::Path;

use bevy::prelude::*;
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
#[cfg(feature = "frontier")]
use gridkeeper::rulesets::frontier::battle::events::FrontierEvent;
use shipped::shipped;

// ---- Building fights -------------------------------------------------------------------------

/// One unit of a test scenario, with plain defaults: every characteristic 50 (10 hit points,
/// Build 0, no damage bonus), Brawl 50, Dodge 50.
#[derive(Clone)]
struct Fighter {
    name: &'static str,
    side: &'static str,
    at: (u32, u32),
    strength: u32,
    constitution: u32,
    size: u32,
    dexterity: u32,
    skills: Vec<(&'static str, u32)>,
    weapons: Vec<&'static str>,
    /// Weapons written out in full, with their rounds: `(weapon: "…", loaded: Some(2))`.
    kit: Vec<String>,
    natural: Vec<(&'static str, u32, &'static str)>,
    luck: u32,
    attacks: u32,
    armor: u32,
    arrives: Option<u32>,
    movement: Option<u32>,
    /// The scenario's standing order: wait until an enemy is within this many yards.
    waits: Option<u32>,
    /// The parts of the body the armor covers (all over when empty).
    armor_covers: Vec<&'static str>,
}

/// A shipped scenario from `maps/`, or the test fails with the loader's message.
/// What the shipped sample skirmishes add to SPECS.md's to make each a contest: the help that
/// comes to the law at Dry Gulch, Level B2's fourth guard and second dog.
const ADDED_FOR_A_CONTEST: [&str; 4] = [
    "Jailer Abe Tucker",
    "Hotel clerk Ned Price",
    "Dacey",
    "Second guard dog",
];

/// A sample skirmish of SPECS.md as the text lays it out, for the tests that follow its worked
/// examples: the shipped file (`text`, read from `maps/` where not given) less the units added
/// to make it a contest, and with no time limit on a way out (the Kingsport ledger's).
fn specs_sample(file: &str, text: Option<String>) -> Scenario {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let text = text.unwrap_or_else(|| {
        std::fs::read_to_string(maps.join(file)).unwrap_or_else(|error| panic!("{file}: {error}"))
    });
    let mut written: ScenarioFile =
        ron::from_str(&text).unwrap_or_else(|error| panic!("{file}: {error}"));
    written
        .units
        .retain(|unit| !ADDED_FOR_A_CONTEST.contains(&unit.name.as_str()));
    if let Victory::ReachExit { by_round, .. } = &mut written.victory
        && file == "kingsport.ron"
    {
        *by_round = None;
    }
    let text = ron::ser::to_string(&written).expect("written out");
    Scenario::parse(file, &text, Some(&maps)).unwrap_or_else(|error| panic!("{error}"))
}

fn fighter(name: &'static str, side: &'static str, at: (u32, u32)) -> Fighter {
    Fighter {
        name,
        side,
        at,
        strength: 50,
        constitution: 50,
        size: 50,
        dexterity: 50,
        skills: vec![("Fighting (Brawl)", 50), ("Dodge", 50)],
        weapons: Vec::new(),
        kit: Vec::new(),
        natural: Vec::new(),
        luck: 50,
        attacks: 1,
        armor: 0,
        arrives: None,
        movement: None,
        waits: None,
        armor_covers: Vec::new(),
    }
}

impl Fighter {
    fn ron(&self) -> String {
        let skills: Vec<String> = self
            .skills
            .iter()
            .map(|(name, value)| format!("{name:?}: {value}"))
            .collect();
        let weapons: Vec<String> = self
            .weapons
            .iter()
            .map(|name| format!("(weapon: {name:?})"))
            .chain(self.kit.iter().cloned())
            .collect();
        let natural: Vec<String> = self
            .natural
            .iter()
            .map(|(name, skill, damage)| {
                format!("(name: {name:?}, skill: {skill}, damage: {damage:?})")
            })
            .collect();
        let armor = if self.armor > 0 && !self.armor_covers.is_empty() {
            format!(
                "Some((name: \"hide\", points: {}, covers: Some([{}])))",
                self.armor,
                self.armor_covers.join(", ")
            )
        } else if self.armor > 0 {
            format!("Some((name: \"hide\", points: {}))", self.armor)
        } else {
            "None".to_string()
        };
        format!(
            "(name: {:?}, side: {:?}, at: ({}, {}), characteristics: (STR: {}, CON: {}, SIZ: {}, DEX: {}, APP: 50, \
             INT: 50, POW: 50, EDU: 50, LUCK: {}), skills: {{ {} }}, weapons: [{}], natural_attacks: [{}], \
             attacks_per_round: {}, armor: {armor}, arrives: {:?}, movement: {:?}, \
             waits_until_within: {:?})",
            self.name,
            self.side,
            self.at.0,
            self.at.1,
            self.strength,
            self.constitution,
            self.size,
            self.dexterity,
            self.luck,
            skills.join(", "),
            weapons.join(", "),
            natural.join(", "),
            self.attacks,
            self.arrives,
            self.movement,
            self.waits,
        )
    }
}

const ARENA: [&str; 7] = [
    "############",
    "#..........#",
    "#..........#",
    "#..........#",
    "#..........#",
    "#..........#",
    "############",
];

/// A walled field of open floor, `width` tiles across and 11 down, with `features` drawn on it
/// (column, row, symbol: any in the test legend).
fn field(width: usize, features: &[(usize, usize, char)]) -> Vec<String> {
    (0..11)
        .map(|row| {
            (0..width)
                .map(|column| {
                    if row == 0 || row == 10 || column == 0 || column + 1 == width {
                        return '#';
                    }
                    features
                        .iter()
                        .find(|(x, y, _)| (*x, *y) == (column, row))
                        .map_or('.', |(_, _, symbol)| *symbol)
                })
                .collect()
        })
        .collect()
}

/// A scenario on `rows` (or the walled arena) with these fighters and rule options. The rows
/// may use floor ('.'), wall ('#'), low cover ('c'), a closed door ('+') and water ('~').
fn scenario_with(
    fighters: &[Fighter],
    rows: &[impl AsRef<str>],
    rules: &str,
    exits: &str,
) -> Scenario {
    let units: Vec<String> = fighters.iter().map(Fighter::ron).collect();
    let rows: Vec<String> = rows
        .iter()
        .map(|row| format!("{:?}", row.as_ref()))
        .collect();
    let text = format!(
        "(name: \"Test\", map: Inline((name: \"Arena\", legend: {{ '.': Floor, '#': Wall, 'c': LowCover, \
         '+': DoorClosed, '~': Water }}, rows: [{}])), \
         rules: ({rules}), sides: [(id: \"a\", name: \"Side A\"), (id: \"b\", name: \"Side B\")], units: [{}], \
         exits: [{exits}], victory: LastSideStanding)",
        rows.join(", "),
        units.join(", ")
    );
    Scenario::parse("test", &text, None).unwrap_or_else(|error| panic!("{error}"))
}

fn scenario(fighters: &[Fighter]) -> Scenario {
    scenario_with(fighters, &ARENA, "", "")
}

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

// ---- The round -------------------------------------------------------------------------------

#[cfg(feature = "coc7e")]
#[test]
fn turn_order_by_dex_ties_by_combat_skill_then_scenario_order_and_dex_plus_fifty() {
    let mut quick = fighter("Quick", "a", (1, 1));
    quick.dexterity = 70;
    let mut skilled = fighter("Skilled", "a", (1, 2));
    skilled.skills = vec![("Fighting (Brawl)", 60)];
    let first_plain = fighter("First plain", "b", (9, 1));
    let second_plain = fighter("Second plain", "b", (9, 2));
    let mut gunman = fighter("Gunman", "b", (9, 3));
    gunman.dexterity = 40;
    gunman.weapons = vec![".38 or 9mm Revolver"];
    let mut app = test_app(scenario(&[
        quick,
        skilled,
        first_plain,
        second_plain,
        gunman,
    ]));
    send(&mut app, Command::Begin);
    let order = events(&app).into_iter().find_map(|event| match event {
        EventKind::RoundBegan { order, .. } => Some(order),
        _ => None,
    });
    // Gunman 40 + 50 = 90; Quick 70; then the three at 50: Skilled (60) before the two at
    // Brawl 50, those by their place in the scenario.
    assert_eq!(
        order,
        Some(vec![UnitId(4), UnitId(0), UnitId(1), UnitId(2), UnitId(3)])
    );
    assert_eq!(acting(&app), Some(UnitId(4)));
}

/// A gun the scenario opens holstered is no readied firearm (Call of Cthulhu's DEX + 50): the
/// Gunman (DEX 40) acts after Quick (70), and his hand is empty until he draws (the field counts
/// in every rulebook: nothing in hand until drawn).
#[cfg(feature = "coc7e")]
#[test]
fn a_holstered_gun_is_not_a_readied_firearm() {
    let mut quick = fighter("Quick", "a", (1, 1));
    quick.dexterity = 70;
    let mut gunman = fighter("Gunman", "b", (9, 3));
    gunman.dexterity = 40;
    gunman.weapons = vec![".38 or 9mm Revolver"];
    let begun = |holstered: bool| {
        let mut scenario = scenario(&[quick.clone(), gunman.clone()]);
        scenario.units[1].opening.holstered = holstered;
        let mut app = test_app(scenario);
        send(&mut app, Command::Begin);
        app
    };
    let order = |app: &App| {
        events(app).into_iter().find_map(|event| match event {
            EventKind::RoundBegan { order, .. } => Some(order),
            _ => None,
        })
    };
    let readied = begun(false);
    assert_eq!(order(&readied), Some(vec![B, A]), "40 + 50 = 90 before 70");
    let mut holstered = begun(true);
    assert_eq!(order(&holstered), Some(vec![A, B]));
    assert_eq!(
        unit_state::<Arsenal>(&mut holstered, B).in_hand,
        WeaponChoice::Unarmed
    );
}

/// Three units acting First (DEX 70), Second (60), Third (50), round 1 begun.
fn three_in_dex_order() -> App {
    let mut first = fighter("First", "a", (1, 1));
    first.dexterity = 70;
    let mut second = fighter("Second", "b", (9, 1));
    second.dexterity = 60;
    let third = fighter("Third", "b", (9, 3));
    let mut app = test_app(scenario(&[first, second, third]));
    send(&mut app, Command::Begin);
    app
}

#[cfg(feature = "coc7e")]
#[test]
fn a_unit_can_delay_until_another_has_acted() {
    let mut app = three_in_dex_order();
    wait(&mut app, A, Some(C));
    assert_eq!(acting(&app), Some(B));
    send(&mut app, Command::EndTurn { unit: B });
    assert_eq!(acting(&app), Some(C));
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(acting(&app), Some(A), "First acts right after Third");
    send(&mut app, Command::EndTurn { unit: A });
    assert!(events(&app).contains(&EventKind::RoundEnded));
}

#[cfg(feature = "coc7e")]
#[test]
fn units_waiting_for_each_other_both_lose_their_action() {
    let mut app = three_in_dex_order();
    wait(&mut app, A, Some(B));
    wait(&mut app, B, Some(A));
    assert_eq!(acting(&app), Some(C));
    send(&mut app, Command::EndTurn { unit: C });
    let all = events(&app);
    assert!(all.contains(&EventKind::DelayLapsed { unit: A }));
    assert!(all.contains(&EventKind::DelayLapsed { unit: B }));
    assert_eq!(app.world().resource::<Flow>().round, 2);
    assert_eq!(acting(&app), Some(A), "round 2 starts in DEX order again");
}

#[cfg(feature = "coc7e")]
#[test]
fn units_waiting_for_everyone_act_last_by_dex() {
    let mut app = three_in_dex_order();
    wait(&mut app, A, None);
    wait(&mut app, B, None);
    assert_eq!(acting(&app), Some(C));
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(acting(&app), Some(A));
    send(&mut app, Command::EndTurn { unit: A });
    assert_eq!(acting(&app), Some(B));
}

#[cfg(feature = "coc7e")]
#[test]
fn units_arrive_at_the_start_of_their_round() {
    let mut late = fighter("Late", "b", (9, 1));
    late.arrives = Some(2);
    let mut app = test_app(scenario(&[
        fighter("Early", "a", (1, 1)),
        fighter("Other", "b", (9, 4)),
        late,
    ]));
    assert_eq!(
        app.world_mut()
            .query::<&TilePosition>()
            .iter(app.world())
            .count(),
        2
    );
    send(&mut app, Command::Begin);
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    let all = events(&app);
    assert!(all.contains(&EventKind::UnitJoined {
        unit: C,
        at: Tile::new(9, 1)
    }));
    let orders: Vec<Vec<UnitId>> = all
        .iter()
        .filter_map(|event| match event {
            EventKind::RoundBegan { order, .. } => Some(order.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(orders, [vec![A, B], vec![A, B, C]]);
}

#[cfg(feature = "coc7e")]
#[test]
fn dex_roll_initiative_orders_by_level_and_keeps_the_rolls() {
    let fighters = [
        fighter("Fails", "a", (1, 1)),
        fighter("Hard", "a", (1, 2)),
        fighter("Extreme", "b", (9, 1)),
    ];
    let mut app = test_app(scenario_with(
        &fighters,
        &ARENA,
        "dex_roll_initiative: true",
        "",
    ));
    // DEX rolls in unit order against 50: 80 fails, 20 is hard, 5 is extreme.
    load(&mut app, &rolls(&[80, 20, 5], &[]));
    send(&mut app, Command::Begin);
    let order = events(&app).into_iter().find_map(|event| match event {
        EventKind::RoundBegan { order, .. } => Some(order),
        _ => None,
    });
    assert_eq!(order, Some(vec![C, B, A]));
    for unit in [C, B, A] {
        send(&mut app, Command::EndTurn { unit });
    }
    let rolled = events(&app)
        .iter()
        .filter(|event| matches!(event, EventKind::Rolled { .. }))
        .count();
    assert_eq!(rolled, 3, "the order is kept: no new rolls in round 2");
}

#[cfg(feature = "coc7e")]
#[test]
fn a_unit_flees_through_an_exit_or_off_the_edge() {
    let rows = ["#####", "#...#", "#....", "#####"];
    let mut app = test_app(scenario_with(
        &[
            fighter("Runner", "a", (4, 2)),
            fighter("Stays", "b", (1, 1)),
            fighter("Friend", "a", (2, 1)),
        ],
        &rows,
        "",
        "(2, 1)",
    ));
    send(&mut app, Command::Begin);
    send(&mut app, Command::Flee { unit: A });
    assert!(rejected(&events(&app)).is_none(), "{:?}", events(&app));
    assert!(events(&app).contains(&EventKind::Fled { unit: A }));
    assert_eq!(
        condition(&mut app, A).presence,
        gridkeeper::battle::Presence::Fled
    );
}

/// An escape with a deadline: once its rounds pass with nobody out, the side holding the way
/// out wins.
#[cfg(feature = "coc7e")]
#[test]
fn the_side_holding_the_way_out_wins_when_the_escape_runs_late() {
    let mut scenario = scenario(&[
        fighter("Runner", "a", (1, 1)),
        fighter("Guard", "b", (8, 5)),
    ]);
    scenario.victory = gridkeeper::map::scenario::Victory::ReachExit {
        side: "a".to_string(),
        count: 1,
        by_round: Some(2),
    };
    let mut app = begun(scenario);
    for _ in 0..8 {
        let Some(unit) = acting(&app) else { break };
        send(&mut app, Command::EndTurn { unit });
    }
    let ended = events(&app).into_iter().find_map(|event| match event {
        EventKind::BattleEnded { outcome } => Some(outcome),
        _ => None,
    });
    let outcome = ended.expect("the battle ends once round 2 is over");
    assert_eq!(outcome.winner, Some(1));
    assert_eq!(outcome.reason, "Side B held the way out for 2 rounds");
    assert_eq!(app.world().resource::<Flow>().round, 2);
}

/// A body on the exit tile does not keep the exit from a unit beside it: with the guard
/// standing there the runner beside it has no way out; once the guard is down, it leaves. Not
/// from a tile diagonally past a wall's corner, a step it could not take.
#[cfg(feature = "coc7e")]
#[test]
fn a_unit_beside_an_exit_a_body_lies_on_may_leave_by_it() {
    let rows = ["#######", "#...#.#", "#.....#", "#######"];
    let begun_beside = |at| {
        let mut runner = fighter("Runner", "a", at);
        runner.dexterity = 90;
        let mut app = test_app(scenario_with(
            &[
                runner,
                fighter("Guard", "b", (3, 1)),
                fighter("Other", "b", (1, 2)),
            ],
            &rows,
            "",
            "(3, 1)",
        ));
        send(&mut app, Command::Begin);
        app
    };
    let mut app = begun_beside((2, 1));
    refuse(&mut app, Command::Flee { unit: A }, Rejection::NoExit);
    let guard_down = |at| {
        let mut app = begun_beside(at);
        set_vitals(&mut app, B, |vitals| {
            vitals.hit_points = 0;
            vitals.vital = Vital::Dead;
        });
        app
    };
    for beside in [(2, 1), (2, 2)] {
        let fled = after(&mut guard_down(beside), &[], Command::Flee { unit: A });
        assert!(fled.contains(&EventKind::Fled { unit: A }), "{fled:?}");
    }
    refuse(
        &mut guard_down((4, 2)),
        Command::Flee { unit: A },
        Rejection::NoExit,
    );
}

// ---- Movement --------------------------------------------------------------------------------

/// A standing unit in a corridor bars it; a fallen one is stepped over, at a plain step's cost,
/// and nobody may stop on their tile (RULES.md, "Movement").
#[cfg(feature = "coc7e")]
#[test]
fn a_unit_steps_over_the_fallen_and_may_not_stop_on_them() {
    let begun = |down: bool| {
        let mut walker = fighter("Walker", "a", (1, 1));
        walker.dexterity = 90;
        let mut app = test_app(scenario_with(
            &[
                walker,
                fighter("Lying", "b", (3, 1)),
                fighter("Far", "b", (6, 2)),
            ],
            &["########", "#......#", "#......#", "########"],
            "",
            "",
        ));
        send(&mut app, Command::Begin);
        if down {
            set_vitals(&mut app, B, |vitals| {
                vitals.hit_points = 0;
                vitals.vital = Vital::Dead;
            });
        }
        app
    };
    let beyond = Tile::new(5, 1);
    let moved = after(
        &mut begun(true),
        &[],
        Command::Move {
            unit: A,
            to: beyond,
        },
    );
    let path: Vec<Tile> = (1..=5).map(|x| Tile::new(x, 1)).collect();
    assert!(
        moved.contains(&EventKind::Moved {
            unit: A,
            path,
            cost: 40,
            spent: 40,
        }),
        "straight over the body: {moved:?}"
    );
    refuse(
        &mut begun(true),
        Command::Move {
            unit: A,
            to: Tile::new(3, 1),
        },
        Rejection::NoPath,
    );
    // Standing, it is gone round by the row below: a diagonal step off and one back on.
    let round = after(
        &mut begun(false),
        &[],
        Command::Move {
            unit: A,
            to: beyond,
        },
    );
    assert!(
        round.iter().any(|event| matches!(
            event,
            EventKind::Moved { unit: A, cost: 48, path, .. } if !path.contains(&Tile::new(3, 1))
        )),
        "{round:?}"
    );
}

#[cfg(feature = "coc7e")]
#[test]
fn moving_past_mov_forfeits_the_action_and_twice_mov_is_the_limit() {
    // Characteristics 50 all round: MOV 8.
    let mut app = test_app(scenario_with(
        &[fighter("Walker", "a", (1, 1)), fighter("Far", "b", (20, 1))],
        &[
            "########################",
            "#......................#",
            "########################",
        ],
        "",
        "",
    ));
    send(&mut app, Command::Begin);
    send(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(9, 1),
        },
    );
    assert!(
        !events(&app).contains(&EventKind::ActionForfeited { unit: A }),
        "8 yards keeps the action"
    );
    send(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(10, 1),
        },
    );
    assert!(events(&app).contains(&EventKind::ActionForfeited { unit: A }));
    assert_eq!(
        app.world()
            .resource::<Flow>()
            .turn
            .and_then(|turn| turn.action_lost),
        Some(gridkeeper::battle::ActionLost::RanPastMov)
    );
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(18, 1),
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::OverBudget { cost: 80, left: 70 })
    );
}

// ---- Melee -----------------------------------------------------------------------------------

/// A percentile value reaching each level against skill 50.
fn value_for(level: SuccessLevel) -> u32 {
    match level {
        SuccessLevel::Critical => 1,
        SuccessLevel::Extreme => 10,
        SuccessLevel::Hard => 25,
        SuccessLevel::Regular => 50,
        SuccessLevel::Failure => 70,
        SuccessLevel::Fumble => 100,
    }
}

/// Every pairing of success levels, answered with a dodge and with a fight back.
#[cfg(feature = "coc7e")]
#[test]
fn every_row_of_the_melee_tables() {
    let levels = [
        SuccessLevel::Fumble,
        SuccessLevel::Failure,
        SuccessLevel::Regular,
        SuccessLevel::Hard,
        SuccessLevel::Extreme,
        SuccessLevel::Critical,
    ];
    for answer in [Answer::Dodge, Answer::FightBack] {
        for attacker_level in levels {
            for defender_level in levels {
                let mut attacker = fighter("Attacker", "a", (2, 2));
                attacker.dexterity = 60;
                let mut app = test_app(scenario(&[attacker, fighter("Defender", "b", (3, 2))]));
                send(&mut app, Command::Begin);
                // Attack roll, defence roll, then a 2 on whatever damage die is rolled.
                load(
                    &mut app,
                    &rolls(
                        &[value_for(attacker_level), value_for(defender_level)],
                        &[2],
                    ),
                );
                punch(&mut app);
                send(&mut app, Command::Answer { unit: B, answer });
                let both_fail = !attacker_level.is_success() && !defender_level.is_success();
                let expected = match answer {
                    Answer::Dodge if !both_fail && attacker_level > defender_level => {
                        MeleeOutcome::AttackerWins
                    }
                    Answer::Dodge => MeleeOutcome::NoHarm,
                    _ if both_fail => MeleeOutcome::NoHarm,
                    _ if attacker_level >= defender_level => MeleeOutcome::AttackerWins,
                    _ => MeleeOutcome::DefenderStrikes,
                };
                let all = events(&app);
                let case = format!("{attacker_level} against a {defender_level} {answer:?}");
                assert!(
                    all.contains(&EventKind::MeleeResolved {
                        attacker: A,
                        defender: B,
                        outcome: expected
                    }),
                    "{case}: {all:?}"
                );
                let hurt: Vec<UnitId> = all
                    .iter()
                    .filter_map(|event| match event {
                        EventKind::Damaged { unit, .. } => Some(*unit),
                        _ => None,
                    })
                    .collect();
                let expected_hurt = match expected {
                    MeleeOutcome::AttackerWins => vec![B],
                    MeleeOutcome::DefenderStrikes => vec![A],
                    MeleeOutcome::NoHarm => vec![],
                    MeleeOutcome::BothStrike => unreachable!("CoC's table has no clash"),
                };
                assert_eq!(hurt, expected_hurt, "{case}");
                // Only the attacker, on its own turn, does extreme damage.
                let quality = all.iter().find_map(|event| match event {
                    EventKind::DamageRolled { roll, .. } => Some(roll.quality),
                    _ => None,
                });
                let expected_quality = match expected {
                    MeleeOutcome::AttackerWins if attacker_level >= SuccessLevel::Extreme => {
                        Some(DamageQuality::Extreme)
                    }
                    MeleeOutcome::AttackerWins | MeleeOutcome::DefenderStrikes => {
                        Some(DamageQuality::Normal)
                    }
                    MeleeOutcome::NoHarm => None,
                    MeleeOutcome::BothStrike => unreachable!("CoC's table has no clash"),
                };
                assert_eq!(quality, expected_quality, "{case}");
            }
        }
    }
}

#[cfg(feature = "coc7e")]
#[test]
fn an_undefended_target_is_hit_unless_the_attack_is_fumbled() {
    for (value, hit) in [(95, true), (100, false)] {
        let mut attacker = fighter("Attacker", "a", (2, 2));
        attacker.dexterity = 60;
        let mut app = test_app(scenario(&[attacker, fighter("Defender", "b", (3, 2))]));
        send(&mut app, Command::Begin);
        load(&mut app, &rolls(&[value], &[2]));
        strike(&mut app, A, B, WeaponChoice::Unarmed, Answer::Nothing);
        let outcome = if hit {
            MeleeOutcome::AttackerWins
        } else {
            MeleeOutcome::NoHarm
        };
        assert!(
            events(&app).contains(&EventKind::MeleeResolved {
                attacker: A,
                defender: B,
                outcome
            }),
            "{value}"
        );
    }
}

/// Harvey's switchblade: an extreme success with a 1D4 damage bonus does 1D4 + 8.
#[cfg(feature = "coc7e")]
#[test]
fn the_extreme_switchblade() {
    let mut harvey = fighter("Harvey", "a", (2, 2));
    harvey.dexterity = 60;
    harvey.strength = 70;
    harvey.size = 70;
    harvey.weapons = vec!["Knife, small (switchblade, etc.)"];
    let mut app = test_app(scenario(&[harvey, fighter("Cultist", "b", (3, 2))]));
    send(&mut app, Command::Begin);
    // Extreme attack (5 against 50), failed dodge (80), then the impale's own 1D4 shows 3.
    load(&mut app, &rolls(&[5, 80], &[3]));
    strike(&mut app, A, B, WeaponChoice::Carried(0), Answer::Dodge);
    let roll = events(&app).into_iter().find_map(|event| match event {
        EventKind::DamageRolled { roll, .. } => Some(roll),
        _ => None,
    });
    let roll = roll.expect("damage was rolled");
    assert_eq!(roll.quality, DamageQuality::Impale);
    assert_eq!(roll.total, 3 + 4 + 4, "1D4 (3) + maximum 4 + maximum DB 4");
}

/// Harvey has 15 hit points: 3 damage, then 8 (a major wound: prone and a CON roll), then 5
/// more: zero with a major wound, so he is dying; the next round's end he rolls CON.
#[cfg(feature = "coc7e")]
#[test]
fn harvey_takes_three_then_eight_then_five_and_is_dying() {
    let mut harvey = fighter("Harvey", "a", (3, 2));
    harvey.constitution = 70;
    harvey.size = 80;
    let mut cultist = fighter("Cultist", "b", (2, 2));
    cultist.dexterity = 60;
    cultist.natural = vec![("Cudgel", 50, "1D10")];
    cultist.attacks = 3;
    // A friend far off keeps Harvey's side in the fight while he lies dying.
    let mut friend = fighter("Friend", "a", (9, 5));
    friend.dexterity = 40;
    let mut app = test_app(scenario(&[harvey, cultist, friend]));
    assert_eq!(vitals(&mut app, A).max_hit_points, 15);
    send(&mut app, Command::Begin);
    let hit = |app: &mut App, damage: u32, extra: &[u32]| {
        load(app, &rolls(&[40], &[damage]));
        load(app, extra);
        send(
            app,
            Command::Attack {
                unit: B,
                target: A,
                weapon: WeaponChoice::Natural(0),
            },
        );
        send(
            app,
            Command::Answer {
                unit: A,
                answer: Answer::Nothing,
            },
        );
    };
    hit(&mut app, 3, &[]);
    assert_eq!(vitals(&mut app, A).hit_points, 12);
    assert_eq!(vitals(&mut app, A).wound_state(), WoundState::Hurt);
    // 8 is a major wound; the CON roll (20 against 70) keeps him conscious.
    hit(&mut app, 8, &percentile(20));
    let after_eight = vitals(&mut app, A);
    assert_eq!(
        (
            after_eight.hit_points,
            after_eight.major_wound,
            after_eight.vital
        ),
        (4, true, Vital::Conscious)
    );
    assert!(
        condition(&mut app, A).prone,
        "a major wound knocks him down"
    );
    assert!(events(&app).iter().any(|event| matches!(
        event,
        EventKind::Damaged {
            unit: A,
            taken: 8,
            severity: BlowSeverity::Major,
            ..
        }
    )));
    hit(&mut app, 5, &[]);
    let dying = vitals(&mut app, A);
    assert_eq!((dying.hit_points, dying.vital), (0, Vital::Dying));
    assert!(events(&app).contains(&EventKind::WoundChanged {
        unit: A,
        from: WoundState::MajorWound,
        to: WoundState::Dying
    }));
    // Round 1 ends with no CON roll; round 2 ends with one, and a failure kills him.
    send(&mut app, Command::EndTurn { unit: B });
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(app.world().resource::<Flow>().round, 2);
    assert_eq!(vitals(&mut app, A).vital, Vital::Dying);
    send(&mut app, Command::EndTurn { unit: B });
    load(&mut app, &percentile(90));
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(vitals(&mut app, A).vital, Vital::Dead);
    assert!(events(&app).contains(&EventKind::WoundChanged {
        unit: A,
        from: WoundState::Dying,
        to: WoundState::Dead
    }));
}

/// Harvey with a nightstick beside a deep one with 1 point of natural armor; Harvey acts first.
fn harvey_and_the_deep_one() -> Scenario {
    let mut harvey = fighter("Harvey", "a", (2, 2));
    harvey.dexterity = 60;
    harvey.weapons = vec!["Club, small (nightstick)"];
    let mut deep_one = fighter("Deep one", "b", (3, 2));
    deep_one.armor = 1;
    scenario(&[harvey, deep_one])
}

/// The deep one's tough hide: Harvey's club does 5, less 1 point of natural armor.
#[cfg(feature = "coc7e")]
#[test]
fn the_deep_ones_natural_armor() {
    let mut app = test_app(harvey_and_the_deep_one());
    send(&mut app, Command::Begin);
    load(&mut app, &rolls(&[30, 90], &[5]));
    strike(&mut app, A, B, WeaponChoice::Carried(0), Answer::Dodge);
    assert!(
        events(&app).iter().any(|event| matches!(
            event,
            EventKind::Damaged {
                unit: B,
                rolled: 5,
                armor: 1,
                taken: 4,
                hit_points: 6,
                ..
            }
        )),
        "{:?}",
        events(&app)
    );
}

#[cfg(feature = "coc7e")]
#[test]
fn first_aid_stabilises_the_dying_with_one_hit_point() {
    let mut victim = fighter("Victim", "a", (3, 2));
    victim.dexterity = 40;
    let mut medic = fighter("Medic", "a", (4, 2));
    medic.skills = vec![("First Aid", 60)];
    let mut brute = fighter("Brute", "b", (2, 2));
    brute.dexterity = 70;
    brute.natural = vec![("Maul", 50, "1D10")];
    let mut app = test_app(scenario(&[victim, medic, brute]));
    send(&mut app, Command::Begin);
    // 10 damage against 10 hit points: a major wound to zero, so dying.
    load(&mut app, &rolls(&[30], &[10]));
    strike(&mut app, C, A, WeaponChoice::Natural(0), Answer::Nothing);
    assert_eq!(vitals(&mut app, A).vital, Vital::Dying);
    send(&mut app, Command::EndTurn { unit: C });
    assert_eq!(acting(&app), Some(B));
    load(&mut app, &percentile(30));
    send(
        &mut app,
        Command::FirstAid {
            unit: B,
            patient: A,
        },
    );
    let stabilised = vitals(&mut app, A);
    assert_eq!(
        (stabilised.vital, stabilised.hit_points),
        (Vital::Stabilised, 1)
    );
    assert!(events(&app).contains(&EventKind::Stabilised {
        unit: A,
        by: B,
        hit_points: 1
    }));
}

#[cfg(feature = "coc7e")]
#[test]
fn first_aid_heals_one_hit_point_once() {
    let mut medic = fighter("Medic", "a", (2, 2));
    medic.dexterity = 70;
    medic.skills = vec![("First Aid", 60)];
    let mut app = test_app(scenario(&[
        medic,
        fighter("Patient", "a", (3, 2)),
        fighter("Foe", "b", (9, 4)),
    ]));
    // Hurt the patient by hand: 4 of 10 hit points gone.
    let mut query = app.world_mut().query::<(&UnitId, &mut Vitals)>();
    for (id, mut vitals) in query.iter_mut(app.world_mut()) {
        if *id == B {
            vitals.hit_points = 6;
        }
    }
    send(&mut app, Command::Begin);
    load(&mut app, &percentile(30));
    send(
        &mut app,
        Command::FirstAid {
            unit: A,
            patient: B,
        },
    );
    assert_eq!(vitals(&mut app, B).hit_points, 7);
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    send(&mut app, Command::EndTurn { unit: C });
    let mark = event_count(&app);
    send(
        &mut app,
        Command::FirstAid {
            unit: A,
            patient: B,
        },
    );
    assert!(matches!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::NothingToTreat(_))
    ));
}

#[cfg(feature = "coc7e")]
#[test]
fn medicine_waits_until_the_fight_is_over() {
    let mut medic = fighter("Medic", "a", (2, 2));
    medic.dexterity = 70;
    let mut app = test_app(scenario(&[medic, fighter("Patient", "b", (3, 2))]));
    send(&mut app, Command::Begin);
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Medicine {
            unit: A,
            patient: B,
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::NotDuringBattle)
    );
}

// ---- Maneuvers -------------------------------------------------------------------------------

/// STR and SIZ giving each Build from -2 to 3.
fn built(mut unit: Fighter, build: i32) -> Fighter {
    let each = match build {
        -2 => 30,
        -1 => 40,
        0 => 50,
        1 => 70,
        2 => 90,
        _ => 110,
    };
    unit.strength = each;
    unit.size = each;
    unit
}

#[cfg(feature = "coc7e")]
#[test]
fn maneuvers_at_each_build_difference() {
    for (difference, penalty) in [(0, 0), (1, 1), (2, 2), (3, -1)] {
        let mut wrestler = fighter("Wrestler", "a", (2, 2));
        wrestler.dexterity = 70;
        let brute = built(fighter("Brute", "b", (3, 2)), difference);
        let mut app = test_app(scenario(&[wrestler, brute]));
        send(&mut app, Command::Begin);
        let mark = event_count(&app);
        load(&mut app, &rolls(&[10, 90], &[]));
        send(
            &mut app,
            Command::Maneuver {
                unit: A,
                target: B,
                goal: ManeuverGoal::KnockProne,
            },
        );
        if penalty < 0 {
            assert_eq!(
                rejected(&events_from(&app, mark)),
                Some(Rejection::TooBig(3))
            );
            continue;
        }
        send(
            &mut app,
            Command::Answer {
                unit: B,
                answer: Answer::Dodge,
            },
        );
        let modifiers = events_from(&app, mark)
            .into_iter()
            .find_map(|event| match event {
                EventKind::Rolled { unit: A, roll } => Some(roll.modifiers),
                _ => None,
            });
        let build_dice: i8 = modifiers
            .unwrap_or_default()
            .iter()
            .filter(|modifier| modifier.reason == ModifierReason::SmallerBuild)
            .map(|modifier| modifier.dice())
            .sum();
        assert_eq!(build_dice, -penalty, "Build {difference} larger");
    }
}

#[cfg(feature = "coc7e")]
#[test]
fn knocked_down_held_disarmed_and_breaking_free() {
    let mut wrestler = fighter("Wrestler", "a", (2, 2));
    wrestler.dexterity = 70;
    wrestler.attacks = 3;
    let mut guard = fighter("Guard", "b", (3, 2));
    guard.weapons = vec!["Club, small (nightstick)"];
    let mut app = test_app(scenario(&[wrestler, guard]));
    send(&mut app, Command::Begin);
    // An extreme maneuver against a failed dodge. After the first, the guard is down and has
    // dodged, so the wrestler's rolls carry two bonus dice (prone target, outnumbered).
    let win =
        |bonus_dice: usize| [percentile_with(10, 1 + bonus_dice), percentile(90).to_vec()].concat();
    load(&mut app, &win(0));
    send(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::KnockProne,
        },
    );
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    assert!(condition(&mut app, B).prone);
    load(&mut app, &win(2));
    send(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::Disarm,
        },
    );
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    assert!(events(&app).contains(&EventKind::Disarmed {
        unit: B,
        weapon: "Club, small (nightstick)".to_string()
    }));
    load(&mut app, &win(2));
    send(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::Hold,
        },
    );
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    assert_eq!(condition(&mut app, B).held_by, Some(A));
    send(&mut app, Command::EndTurn { unit: A });
    // The guard's turn: held, it cannot walk away or use its club.
    let mark = event_count(&app);
    send(&mut app, Command::StandUp { unit: B });
    send(
        &mut app,
        Command::Move {
            unit: B,
            to: Tile::new(5, 2),
        },
    );
    send(
        &mut app,
        Command::Attack {
            unit: B,
            target: A,
            weapon: WeaponChoice::Carried(0),
        },
    );
    let refusals: Vec<Rejection> = events_from(&app, mark)
        .into_iter()
        .filter_map(|event| match event {
            EventKind::Rejected { reason, .. } => Some(reason),
            _ => None,
        })
        .collect();
    assert_eq!(refusals, [Rejection::Held, Rejection::WeaponLost]);
    // It breaks free, with no penalty die for being held on that roll.
    let mark = event_count(&app);
    load(&mut app, &rolls(&[10, 90], &[]));
    send(
        &mut app,
        Command::Maneuver {
            unit: B,
            target: A,
            goal: ManeuverGoal::BreakHold,
        },
    );
    send(
        &mut app,
        Command::Answer {
            unit: A,
            answer: Answer::Dodge,
        },
    );
    assert_eq!(condition(&mut app, B).held_by, None);
    let held_penalty = events_from(&app, mark)
        .into_iter()
        .any(|event| match event {
            EventKind::Rolled { unit: B, roll } => roll
                .modifiers
                .iter()
                .any(|m| m.reason == ModifierReason::Held),
            _ => false,
        });
    assert!(!held_penalty);
}

/// CoC 7e has no knock-out blows: the command is refused, and says why.
#[cfg(feature = "coc7e")]
#[test]
fn no_knock_out_blows_in_coc() {
    let mut app = begun(scenario(&[
        fighter("Boxer", "a", (2, 2)),
        fighter("Other", "b", (3, 2)),
    ]));
    let refused = refusal(
        &mut app,
        Command::KnockOut {
            unit: A,
            target: B,
            weapon: WeaponChoice::Unarmed,
        },
    );
    assert_eq!(
        refused,
        Some(Rejection::NoKnockOut(
            "this rulebook has no knock-out blows".to_string()
        ))
    );
}

// ---- Armor over part of the body --------------------------------------------------------------

/// A punches B, who wears 2 points of armor over `covers`, under the scenario's `rules`, with the
/// dice loaded with `faces` after the attack roll (30) and the fist's 1D3 (3): what B took, and
/// how the armor was tried.
fn punch_through(rules: &str, covers: &[&'static str], faces: &[u32]) -> (u32, Vec<EventKind>) {
    let mut puncher = fighter("Puncher", "a", (2, 2));
    puncher.dexterity = 90;
    let mut target = fighter("Armored", "b", (3, 2));
    (target.armor, target.armor_covers) = (2, covers.to_vec());
    let mut app = begun(scenario_with(&[puncher, target], &ARENA, rules, ""));
    punch(&mut app);
    load(&mut app, &[percentile(30).as_slice(), &[3], faces].concat());
    let struck = after(
        &mut app,
        &[],
        Command::Answer {
            unit: B,
            answer: Answer::Nothing,
        },
    );
    let taken = struck
        .iter()
        .find_map(|event| match event {
            EventKind::Damaged { taken, .. } => Some(*taken),
            _ => None,
        })
        .expect("the punch lands");
    let tried = struck
        .into_iter()
        .filter(|event| {
            matches!(
                event,
                EventKind::ArmorTried { .. } | EventKind::Rolled { unit: B, .. }
            )
        })
        .collect();
    (taken, tried)
}

/// With the 1D20 hit locations, armor over chest and abdomen stops the punch only there: a 2 is
/// the right leg (all 3 go in), a 12 the chest (the armor takes 2).
#[cfg(feature = "coc7e")]
#[test]
fn hit_locations_say_whether_partial_armor_stops_a_blow() {
    let torso = ["Chest", "Abdomen"];
    let (taken, tried) = punch_through("hit_locations: true", &torso, &[2]);
    assert_eq!(taken, 3);
    assert_eq!(
        tried,
        vec![EventKind::ArmorTried {
            unit: B,
            armor: "hide".to_string(),
            location: Some((DieFace { sides: 20, face: 2 }, BodyPart::RightLeg)),
            covered: false,
        }]
    );
    let (taken, _) = punch_through("hit_locations: true", &torso, &[12]);
    assert_eq!(taken, 1, "the chest: the armor takes 2 of 3");
    let (taken, tried) = punch_through("hit_locations: true", &[], &[]);
    assert_eq!(
        (taken, tried),
        (1, Vec::new()),
        "armor all over always counts"
    );
    let (taken, tried) = punch_through("", &torso, &[]);
    assert_eq!(
        (taken, tried),
        (1, Vec::new()),
        "without the rule armor always counts"
    );
}

/// With partial armor by Luck, a Luck roll (B's 50) says whether the armor meets the punch; a
/// bonus die where it covers head and torso both.
#[cfg(feature = "coc7e")]
#[test]
fn a_luck_roll_says_whether_partial_armor_stops_a_blow() {
    let rules = "partial_armor_by_luck: true";
    let (taken, tried) = punch_through(rules, &["Chest"], &percentile(80));
    assert_eq!(taken, 3, "Luck failed: the armor does not cover it");
    assert!(
        matches!(
            tried.as_slice(),
            [
                EventKind::Rolled { .. },
                EventKind::ArmorTried {
                    location: None,
                    covered: false,
                    ..
                }
            ]
        ),
        "{tried:?}"
    );
    let (taken, _) = punch_through(rules, &["Chest"], &percentile(30));
    assert_eq!(taken, 1);
    // Head and chest: two tens dice, the better (20) kept.
    let (taken, tried) = punch_through(rules, &["Head", "Chest"], &[8, 2, 5]);
    assert_eq!(taken, 1, "{tried:?}");
    let EventKind::Rolled { roll, .. } = &tried[0] else {
        panic!("a Luck roll: {tried:?}");
    };
    assert_eq!(
        roll.modifiers,
        vec![Modifier::new(ModifierReason::ArmorHeadAndTorso, 1)]
    );
}

// ---- Outnumbered -----------------------------------------------------------------------------

fn outnumbered_bonus(events: &[EventKind], attacker: UnitId) -> bool {
    events.iter().any(|event| match event {
        EventKind::Rolled { unit, roll } if *unit == attacker => roll
            .modifiers
            .iter()
            .any(|modifier| modifier.reason == ModifierReason::Outnumbered),
        _ => false,
    })
}

#[cfg(feature = "coc7e")]
#[test]
fn outnumbered_after_one_defence_for_a_person_and_three_for_a_ghoul() {
    for (defender_attacks, bonus_from) in [(1, 2), (3, 4)] {
        let mut defender = fighter("Defender", "b", (3, 2));
        defender.attacks = defender_attacks;
        let attackers: Vec<Fighter> = [(2, 1), (2, 2), (2, 3), (4, 1)]
            .into_iter()
            .enumerate()
            .map(|(index, at)| {
                let mut attacker = fighter(["First", "Second", "Third", "Fourth"][index], "a", at);
                attacker.dexterity = 90 - u32::try_from(index).unwrap_or(0) * 5;
                attacker
            })
            .collect();
        let mut fighters = vec![defender];
        fighters.extend(attackers);
        let mut app = test_app(scenario(&fighters));
        send(&mut app, Command::Begin);
        for attacker in 1..=4u16 {
            let mark = event_count(&app);
            let attacker = UnitId(attacker);
            load(&mut app, &rolls(&[70, 70], &[]));
            send(
                &mut app,
                Command::Attack {
                    unit: attacker,
                    target: UnitId(0),
                    weapon: WeaponChoice::Unarmed,
                },
            );
            send(
                &mut app,
                Command::Answer {
                    unit: UnitId(0),
                    answer: Answer::Dodge,
                },
            );
            send(&mut app, Command::EndTurn { unit: attacker });
            assert_eq!(
                outnumbered_bonus(&events_from(&app, mark), attacker),
                attacker.0 >= bonus_from,
                "attack {} on a defender with {defender_attacks} attacks",
                attacker.0
            );
        }
    }
}

#[cfg(feature = "coc7e")]
#[test]
fn kicking_someone_when_they_are_down() {
    let mut attacker = fighter("Attacker", "a", (2, 2));
    attacker.dexterity = 70;
    let mut app = test_app(scenario(&[attacker, fighter("Down", "b", (3, 2))]));
    let mut query = app.world_mut().query::<(&UnitId, &mut Condition)>();
    for (id, mut condition) in query.iter_mut(app.world_mut()) {
        if *id == B {
            condition.prone = true;
        }
    }
    send(&mut app, Command::Begin);
    load(&mut app, &rolls(&[70, 70], &[]));
    strike(&mut app, A, B, WeaponChoice::Unarmed, Answer::Dodge);
    let prone_bonus = events(&app).into_iter().any(|event| match event {
        EventKind::Rolled { unit: A, roll } => roll
            .modifiers
            .iter()
            .any(|m| m.reason == ModifierReason::ProneTarget),
        _ => false,
    });
    assert!(prone_bonus);
}

#[cfg(feature = "coc7e")]
#[test]
fn a_monster_makes_several_attacks_and_no_more() {
    let mut ghoul = fighter("Ghoul", "b", (3, 2));
    ghoul.dexterity = 80;
    ghoul.natural = vec![("Claws", 40, "1D6"), ("Bite", 40, "1D6")];
    ghoul.attacks = 3;
    let mut app = test_app(scenario(&[fighter("Victim", "a", (2, 2)), ghoul]));
    send(&mut app, Command::Begin);
    for attack in [0, 0, 1] {
        load(&mut app, &rolls(&[90], &[]));
        strike(
            &mut app,
            B,
            A,
            WeaponChoice::Natural(attack),
            Answer::Nothing,
        );
    }
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Attack {
            unit: B,
            target: A,
            weapon: WeaponChoice::Natural(0),
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::NoAttacksLeft)
    );
}

#[cfg(feature = "coc7e")]
#[test]
fn a_surprise_blow_that_is_not_seen_lands_unless_fumbled() {
    let mut app = test_app(scenario(&[
        fighter("Ambusher", "a", (2, 2)),
        fighter("Mark", "b", (3, 2)),
    ]));
    // The mark's Spot Hidden (base 25) fails with 60; the blow rolls 80 (a failure, but it
    // lands: only a fumble misses), then 2 damage.
    load(&mut app, &rolls(&[60, 80], &[2]));
    send(
        &mut app,
        Command::Surprise {
            unit: A,
            target: B,
            attack: SurpriseAttack::Strike(WeaponChoice::Unarmed),
        },
    );
    let all = events(&app);
    assert!(all.contains(&EventKind::SurpriseAttempted {
        unit: A,
        target: B,
        seen: false
    }));
    assert!(all.contains(&EventKind::MeleeResolved {
        attacker: A,
        defender: B,
        outcome: MeleeOutcome::AttackerWins
    }));
    assert_eq!(vitals(&mut app, B).hit_points, 8);
    assert_eq!(app.world().resource::<Flow>().phase, Phase::Setup);
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Surprise {
            unit: A,
            target: B,
            attack: SurpriseAttack::Strike(WeaponChoice::Unarmed),
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::SurpriseSpent)
    );
}

#[cfg(feature = "coc7e")]
#[test]
fn ai_defenders_answer_by_the_default_policy_and_the_answer_is_a_command() {
    // A poor brawler with a good dodge dodges; a good brawler with a poor dodge, or one whose
    // blows hurt far more than the attacker's, fights back.
    for (brawl, dodge, natural, answer) in [
        (30, 60, None, Answer::Dodge),
        (70, 20, None, Answer::FightBack),
        (45, 50, Some(("Claws", 45, "1D6+1D4")), Answer::FightBack),
    ] {
        let mut attacker = fighter("Attacker", "a", (2, 2));
        attacker.dexterity = 70;
        let mut defender = fighter("Defender", "b", (3, 2));
        defender.skills = vec![("Fighting (Brawl)", brawl), ("Dodge", dodge)];
        defender.natural = natural.into_iter().collect();
        let mut app = test_app(scenario(&[attacker, defender]));
        app.world_mut().resource_mut::<Controllers>().0 = vec![Control::Person, Control::Ai];
        send(&mut app, Command::Begin);
        punch(&mut app);
        assert!(
            events(&app).contains(&EventKind::Answered { unit: B, answer }),
            "Brawl {brawl}, Dodge {dodge}: {answer:?}"
        );
        let log = &app.world().resource::<gridkeeper::battle::CommandLog>().0;
        assert_eq!(log.last(), Some(&Command::Answer { unit: B, answer }));
    }
}

// ---- Invalid commands ------------------------------------------------------------------------

/// Everything a command could change, to compare before and after a refusal.
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

#[cfg(feature = "coc7e")]
#[test]
fn invalid_commands_change_nothing() {
    let mut first = fighter("First", "a", (2, 2));
    first.dexterity = 70;
    first.movement = Some(2);
    let mut ghoul = built(fighter("Huge", "b", (3, 2)), 3);
    ghoul.dexterity = 60;
    let far = fighter("Far", "b", (9, 4));
    let mut app = test_app(scenario(&[first, ghoul, far]));
    refuse(&mut app, Command::EndTurn { unit: A }, Rejection::NotBegun);
    refuse(
        &mut app,
        Command::Move {
            unit: UnitId(9),
            to: Tile::new(1, 1),
        },
        Rejection::UnknownUnit(UnitId(9)),
    );
    send(&mut app, Command::Begin);
    refuse(&mut app, Command::Begin, Rejection::AlreadyBegun);
    refuse(
        &mut app,
        Command::Move {
            unit: B,
            to: Tile::new(4, 2),
        },
        Rejection::NotItsTurn,
    );
    refuse(
        &mut app,
        Command::Attack {
            unit: A,
            target: C,
            weapon: WeaponChoice::Unarmed,
        },
        Rejection::OutOfReach("Far is not within reach".to_string()),
    );
    refuse(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(0, 0),
        },
        Rejection::NoPath,
    );
    refuse(
        &mut app,
        Command::Move {
            unit: A,
            to: Tile::new(10, 5),
        },
        Rejection::OverBudget { cost: 92, left: 40 },
    );
    refuse(
        &mut app,
        Command::Maneuver {
            unit: A,
            target: B,
            goal: ManeuverGoal::KnockProne,
        },
        Rejection::TooBig(3),
    );
    refuse(
        &mut app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: WeaponChoice::Carried(0),
        },
        Rejection::NoSuchWeapon,
    );
    refuse(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
        Rejection::NotDefending,
    );
    refuse(&mut app, Command::StandUp { unit: A }, Rejection::NotProne);
    refuse(&mut app, Command::Flee { unit: A }, Rejection::NoExit);
    refuse(
        &mut app,
        Command::Delay {
            unit: A,
            until: Some(A),
        },
        Rejection::CannotDelay("a unit cannot wait for itself".to_string()),
    );
    punch(&mut app);
    refuse(
        &mut app,
        Command::EndTurn { unit: A },
        Rejection::AwaitingAnswer,
    );
    refuse(
        &mut app,
        Command::Answer {
            unit: C,
            answer: Answer::Dodge,
        },
        Rejection::NotDefending,
    );
    load(&mut app, &rolls(&[70, 70], &[]));
    send(
        &mut app,
        Command::Answer {
            unit: B,
            answer: Answer::Dodge,
        },
    );
    refuse(
        &mut app,
        Command::Attack {
            unit: A,
            target: B,
            weapon: WeaponChoice::Unarmed,
        },
        Rejection::NoAttacksLeft,
    );
    // A dead unit cannot act, even on its turn.
    let mut query = app.world_mut().query::<(&UnitId, &mut Vitals)>();
    for (id, mut vitals) in query.iter_mut(app.world_mut()) {
        if *id == C {
            vitals.vital = Vital::Dead;
        }
    }
    refuse(
        &mut app,
        Command::EndTurn { unit: C },
        Rejection::CannotAct("dead".to_string()),
    );
}

// ---- Whole fights ----------------------------------------------------------------------------

/// A brawler's turn: close with the nearest standing enemy and hit it, now and then with a
/// maneuver; answers come from the AI's default policy.
fn brawl_turn(app: &mut App, unit: UnitId, choice: u64) {
    let scenario = app.world().resource::<ActiveScenario>().0.clone();
    let mut query = app.world_mut().query::<(&UnitId, &TilePosition, &Vitals)>();
    let units: Vec<(UnitId, Tile, Vitals)> = query
        .iter(app.world())
        .map(|(id, at, vitals)| (*id, at.0, *vitals))
        .collect();
    let Some(&(_, here, _)) = units.iter().find(|(id, _, _)| *id == unit) else {
        send(app, Command::EndTurn { unit });
        return;
    };
    let side = scenario.units[unit.index()].side;
    let nearest = units
        .iter()
        .filter(|(other, _, vitals)| {
            scenario.units[other.index()].side != side && vitals.conscious()
        })
        .min_by_key(|(_, at, _)| gridkeeper::map::range::distance_squared(here, *at));
    let Some(&(enemy, enemy_at, _)) = nearest else {
        send(app, Command::EndTurn { unit });
        return;
    };
    if condition(app, unit).prone {
        send(app, Command::StandUp { unit });
    }
    if !here.is_adjacent(enemy_at) {
        let occupied: Vec<Tile> = units
            .iter()
            .map(|(_, at, _)| *at)
            .filter(|at| *at != here)
            .collect();
        let movement = scenario.units[unit.index()].derived.movement();
        let reach = gridkeeper::map::reach::reachable(&scenario.map, here, movement * 10, |tile| {
            if occupied.contains(&tile) {
                Passage::Shut
            } else {
                Passage::Free
            }
        });
        let closest = reach.tiles().min_by_key(|(tile, cost)| {
            (
                gridkeeper::map::range::distance_squared(*tile, enemy_at),
                *cost,
            )
        });
        if let Some((to, _)) = closest.filter(|(to, _)| *to != here) {
            send(app, Command::Move { unit, to });
        }
    }
    let weapon = scenario.units[unit.index()].default_weapon();
    for _ in 0..scenario.units[unit.index()].attacks_per_round {
        let command = match choice % 7 {
            0 => Command::Maneuver {
                unit,
                target: enemy,
                goal: ManeuverGoal::KnockProne,
            },
            1 => Command::Maneuver {
                unit,
                target: enemy,
                goal: ManeuverGoal::Hold,
            },
            _ => Command::Attack {
                unit,
                target: enemy,
                weapon,
            },
        };
        send(app, command);
    }
    if acting(app) == Some(unit) {
        send(app, Command::EndTurn { unit });
    }
}

/// Six brawlers on the warehouse map for up to 20 rounds, under 1,000 seeds: no panic, and
/// every battle ends or reaches round 20.
#[cfg(feature = "coc7e")]
#[test]
fn a_twenty_round_brawl_under_a_thousand_seeds() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let text = std::fs::read_to_string(maps.join("warehouse.ron")).expect("the warehouse scenario");
    let base = Scenario::parse("warehouse.ron", &text, Some(&maps)).expect("it loads");
    let mut brawl = base.clone();
    // Three investigators against three cultists, everyone at close quarters.
    let keep = [
        "Harvey Walters",
        "Lucille Bouchard",
        "Joe Kowalski",
        "Knife cultist",
        "Hatchet cultist",
        "Cultist with a cosh",
    ];
    brawl
        .units
        .retain(|unit| keep.contains(&unit.name.as_str()));
    for (unit, at) in
        brawl
            .units
            .iter_mut()
            .zip([(10, 12), (10, 13), (10, 14), (14, 12), (14, 13), (14, 14)])
    {
        unit.start = Tile::new(at.0, at.1);
        unit.weapons
            .retain(|carried| carried.weapon.skill.starts_with("Fighting"));
    }
    let mut ended = 0;
    for seed in 0..1000u64 {
        let mut app = gridkeeper::headless_app(brawl.clone(), seed);
        app.update();
        app.world_mut().resource_mut::<Controllers>().0 = vec![Control::Ai; 6];
        send(&mut app, Command::Begin);
        let mut steps = 0;
        while let (Some(unit), true) = (acting(&app), app.world().resource::<Flow>().round <= 20) {
            brawl_turn(&mut app, unit, seed.wrapping_mul(31).wrapping_add(steps));
            steps += 1;
            assert!(steps < 2000, "seed {seed}: the battle is stuck");
        }
        let flow = app.world().resource::<Flow>();
        assert!(
            matches!(flow.phase, Phase::Over(_)) || flow.round > 20,
            "seed {seed}: {:?}",
            flow.phase
        );
        ended += usize::from(matches!(flow.phase, Phase::Over(_)));
    }
    assert!(
        ended > 500,
        "most brawls should be decided in 20 rounds: {ended} of 1000"
    );
}

// ---- The app itself --------------------------------------------------------------------------

/// Every unit there from the start stands on its start tile; one that comes in later (the
/// farmstead's ghouls, the warehouse has none) is not on the map yet.
#[cfg(feature = "coc7e")]
#[test]
fn every_unit_stands_on_its_start_tile_with_a_stable_id() {
    for file in ["warehouse.ron", "farmstead.ron", "cellar.ron"] {
        let mut app = test_app(shipped(file));
        let mut placed: Vec<(UnitId, Tile)> = app
            .world_mut()
            .query::<(&UnitId, &TilePosition)>()
            .iter(app.world())
            .map(|(id, position)| (*id, position.0))
            .collect();
        placed.sort();
        let scenario = app.world().resource::<ActiveScenario>().0.clone();
        let from_the_start: Vec<UnitId> = (0..scenario.units.len())
            .filter(|index| scenario.units[*index].arrives.is_none())
            .map(|index| UnitId(u16::try_from(index).expect("a unit's index")))
            .collect();
        assert_eq!(
            placed.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
            from_the_start,
            "{file}"
        );
        for (id, tile) in placed {
            assert_eq!(
                tile,
                scenario.units[id.index()].start,
                "{file}: {}",
                scenario.units[id.index()].name
            );
        }
    }
}

/// A key pressed and released within one frame still triggers its action: the tap is held for
/// that frame.
#[cfg(feature = "coc7e")]
#[test]
fn a_tap_within_one_frame_is_not_lost() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    use gridkeeper::input::MapAction;
    use leafwing_input_manager::prelude::ActionState;

    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::input::InputPlugin,
        gridkeeper::input::plugin,
    ));
    app.update();
    let key = |state| KeyboardInput {
        key_code: KeyCode::KeyG,
        logical_key: Key::Character("g".into()),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    };
    app.world_mut().write_message(key(ButtonState::Pressed));
    app.world_mut().write_message(key(ButtonState::Released));
    app.update();
    let pressed_now = |app: &mut App| {
        let mut controls = app.world_mut().query::<&ActionState<MapAction>>();
        let state = controls.single(app.world()).expect("one set of controls");
        (
            state.just_pressed(&MapAction::ToggleGrid),
            state.pressed(&MapAction::ToggleGrid),
        )
    };
    assert_eq!(
        pressed_now(&mut app),
        (true, true),
        "held for the frame of the tap"
    );
    app.update();
    assert_eq!(
        pressed_now(&mut app),
        (false, false),
        "let go the next frame"
    );
}

/// Every event of a fight reads as a line of the log, naming who it is about.
#[cfg(feature = "coc7e")]
#[test]
fn the_log_puts_every_event_in_words() {
    let scenario = harvey_and_the_deep_one();
    let mut app = test_app(scenario.clone());
    send(&mut app, Command::Begin);
    load(&mut app, &rolls(&[30, 90], &[5]));
    strike(&mut app, A, B, WeaponChoice::Carried(0), Answer::Dodge);
    send(&mut app, Command::EndTurn { unit: B });
    let lines: Vec<String> = app
        .world()
        .resource::<EventLog>()
        .0
        .iter()
        .map(|event| gridkeeper::log::describe(event, &scenario))
        .collect();
    assert!(lines.iter().all(|line| !line.is_empty()));
    assert!(
        lines.contains(&"Harvey attacks Deep one with the Club, small (nightstick)".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"Deep one takes 4 damage (5 less 1 armor), 6 hit points left".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"Deep one cannot do that: it is not this unit's turn".to_string()),
        "{lines:#?}"
    );
}

/// With DEX-roll initiative a critical gives a bonus die on the first attack; a fumble costs the
/// first action.
#[cfg(feature = "coc7e")]
#[test]
fn a_critical_or_fumbled_dex_roll_for_initiative() {
    let fighters = [
        fighter("Lucky", "a", (2, 2)),
        fighter("Clumsy", "b", (3, 2)),
    ];
    let mut app = test_app(scenario_with(
        &fighters,
        &ARENA,
        "dex_roll_initiative: true",
        "",
    ));
    // Lucky rolls 01, Clumsy 100.
    load(&mut app, &rolls(&[1, 100], &[]));
    send(&mut app, Command::Begin);
    let critical_bonus = |events: &[EventKind]| {
        events.iter().any(|event| match event {
            EventKind::Rolled { unit: A, roll } => roll
                .modifiers
                .iter()
                .any(|m| m.reason == ModifierReason::InitiativeCritical),
            _ => false,
        })
    };
    let mark = event_count(&app);
    // Two tens dice for the bonus die, then the dodge.
    load(
        &mut app,
        &[percentile_with(70, 2), percentile(70).to_vec()].concat(),
    );
    strike(&mut app, A, B, WeaponChoice::Unarmed, Answer::Dodge);
    assert!(critical_bonus(&events_from(&app, mark)));
    send(&mut app, Command::EndTurn { unit: A });
    assert!(
        events(&app).contains(&EventKind::ActionForfeited { unit: B }),
        "the fumble costs Clumsy its first action"
    );
    let mark = event_count(&app);
    send(
        &mut app,
        Command::Attack {
            unit: B,
            target: A,
            weapon: WeaponChoice::Unarmed,
        },
    );
    assert_eq!(
        rejected(&events_from(&app, mark)),
        Some(Rejection::ActionUsed)
    );
    send(&mut app, Command::EndTurn { unit: B });
    // Round 2: no more bonus die, and Clumsy acts normally.
    let mark = event_count(&app);
    load(&mut app, &rolls(&[70, 70], &[]));
    strike(&mut app, A, B, WeaponChoice::Unarmed, Answer::Dodge);
    assert!(!critical_bonus(&events_from(&app, mark)));
    send(&mut app, Command::EndTurn { unit: A });
    assert!(!events_from(&app, mark).contains(&EventKind::ActionForfeited { unit: B }));
}

/// AI units take their turns one command at a time, waiting for a person's answers.
#[cfg(feature = "coc7e")]
#[test]
fn ai_units_take_their_turns() {
    let mut person = fighter("Person", "a", (2, 2));
    person.dexterity = 70;
    let monster = fighter("Monster", "b", (8, 2));
    let mut app = test_app(scenario(&[person, monster]));
    app.add_plugins(gridkeeper::ai::plugin);
    app.world_mut().resource_mut::<Controllers>().0 = vec![Control::Person, Control::Ai];
    send(&mut app, Command::Begin);
    send(&mut app, Command::EndTurn { unit: A });
    for _ in 0..10 {
        app.update();
    }
    // It walked over and attacked; the attack waits for the person's answer.
    assert_eq!(
        app.world()
            .resource::<Flow>()
            .pending()
            .map(|pending| pending.attacker),
        Some(B)
    );
    send(
        &mut app,
        Command::Answer {
            unit: A,
            answer: Answer::Dodge,
        },
    );
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(acting(&app), Some(A), "the AI ended its turn");
    assert_eq!(app.world().resource::<Flow>().round, 2);
}

/// Both sides played by the AI: every shipped scenario's battle runs to its end.
#[cfg(feature = "coc7e")]
#[test]
fn ai_against_ai_battles_end() {
    for file in ["warehouse.ron", "farmstead.ron", "cellar.ron"] {
        for seed in 0..3 {
            let scenario = shipped(file);
            let units = scenario.units.len();
            let mut app = gridkeeper::headless_app(scenario, seed);
            app.add_plugins(gridkeeper::ai::plugin);
            app.update();
            app.world_mut().resource_mut::<Controllers>().0 = vec![Control::Ai; units];
            send(&mut app, Command::Begin);
            let mut frames = 0;
            while !matches!(app.world().resource::<Flow>().phase, Phase::Over(_)) {
                app.update();
                frames += 1;
                assert!(
                    frames < 20_000,
                    "{file} seed {seed}: stuck in round {}",
                    app.world().resource::<Flow>().round
                );
            }
        }
    }
}

/// The level a plain roll of `value` reaches against skill 50 (a fumble only on 100).
fn level_against_50(value: u32) -> SuccessLevel {
    match value {
        1 => SuccessLevel::Critical,
        2..=10 => SuccessLevel::Extreme,
        11..=25 => SuccessLevel::Hard,
        26..=50 => SuccessLevel::Regular,
        100 => SuccessLevel::Fumble,
        _ => SuccessLevel::Failure,
    }
}

/// The attacker's preview of a blow gives the exact chance it lands against each answer,
/// counted here over all 10,000 pairs of plain rolls; a blow that cannot be struck says why.
#[cfg(feature = "coc7e")]
#[test]
fn the_strike_preview_counts_every_pair_of_rolls() {
    let mut app = test_app(scenario(&[
        fighter("Attacker", "a", (2, 2)),
        fighter("Defender", "b", (3, 2)),
        fighter("Far", "b", (9, 5)),
    ]));
    let before = melee::strike_odds(
        app.world_mut(),
        A,
        B,
        AttackKind::Strike(WeaponChoice::Unarmed),
    );
    assert!(before.is_err(), "before the fight nobody has a turn");
    send(&mut app, Command::Begin);
    assert_eq!(acting(&app), Some(A));
    let (modifiers, odds) = melee::strike_odds(
        app.world_mut(),
        A,
        B,
        AttackKind::Strike(WeaponChoice::Unarmed),
    )
    .expect("the defender is beside the attacker");
    assert!(modifiers.is_empty());
    let (mut lands_on_dodge, mut lands_on_fight) = (0u32, 0u32);
    for attack in 1..=100 {
        for defence in 1..=100 {
            let (attack, defence) = (level_against_50(attack), level_against_50(defence));
            if attack.is_success() && attack > defence {
                lands_on_dodge += 1;
            }
            if attack.is_success() && attack >= defence {
                lands_on_fight += 1;
            }
        }
    }
    let AnswerOdds::Exchange {
        dodge, fight_back, ..
    } = odds.clone()
    else {
        panic!("a blow is answered by dodging or fighting back, not {odds:?}");
    };
    let dodge = dodge.expect("a blow may be dodged");
    assert!((dodge.attacker_wins - f64::from(lands_on_dodge) / 10_000.0).abs() < 1e-12);
    let fight_back = fight_back.expect("a blow may be fought back");
    assert!((fight_back.attacker_wins - f64::from(lands_on_fight) / 10_000.0).abs() < 1e-12);
    assert!(matches!(
        melee::strike_odds(
            app.world_mut(),
            A,
            UnitId(2),
            AttackKind::Strike(WeaponChoice::Unarmed)
        ),
        Err(Rejection::OutOfReach(_))
    ));
    // A maneuver between equals is rolled like a brawl: the same odds; one that makes no sense
    // says why.
    let (_, knock_down) = melee::strike_odds(
        app.world_mut(),
        A,
        B,
        AttackKind::Maneuver(ManeuverGoal::KnockProne),
    )
    .expect("a knock-down in reach");
    assert_eq!(knock_down, odds);
    assert!(matches!(
        melee::strike_odds(
            app.world_mut(),
            A,
            B,
            AttackKind::Maneuver(ManeuverGoal::BreakHold)
        ),
        Err(Rejection::PointlessManeuver(_))
    ));
}

/// A fight that starts mid-story: the shooter opens with 3 hit points and a major wound, lying
/// prone, aiming at the target and on fire; the fallen opens at zero, unconscious. The aim
/// counts on the first shot, and the fire burns at the end of round 1.
#[cfg(feature = "coc7e")]
#[test]
fn units_open_the_fight_as_the_scenario_says() {
    let mut shooter = fighter("Shooter", "a", (2, 2));
    shooter.weapons = vec![".38 or 9mm Revolver"];
    shooter.skills.push(("Firearms (Handgun)", 50));
    let mut opening = scenario(&[
        shooter,
        fighter("Target", "b", (6, 2)),
        fighter("Fallen", "b", (2, 4)),
    ]);
    opening.units[0].opening = Opening {
        hit_points: Some(3),
        major_wound: true,
        prone: true,
        aiming_at: Some(1),
        burning: Some(2),
        surprised: false,
        extreme_surprise: false,
        ..Opening::default()
    };
    opening.units[2].opening = Opening {
        hit_points: Some(0),
        ..Opening::default()
    };
    let mut app = test_app(opening);
    let wounded = vitals(&mut app, A);
    assert_eq!(
        (wounded.hit_points, wounded.major_wound, wounded.vital),
        (3, true, Vital::Conscious)
    );
    let down = vitals(&mut app, UnitId(2));
    assert_eq!((down.hit_points, down.vital), (0, Vital::Unconscious));
    assert!(condition(&mut app, UnitId(2)).prone);
    let state = condition(&mut app, A);
    assert!(state.prone && state.burning.is_some());
    send(&mut app, Command::Begin);
    send(
        &mut app,
        Command::Fire {
            unit: A,
            weapon: WeaponChoice::Carried(0),
            mode: gridkeeper::battle::command::FireMode::single(B),
        },
    );
    let fired = after(
        &mut app,
        // Aiming and lying prone: two bonus dice, three tens dice; a regular hit for 1.
        &[percentile_with(45, 3), vec![1]].concat(),
        Command::Answer {
            unit: B,
            answer: Answer::Nothing,
        },
    );
    let aimed = fired.iter().any(|event| match event {
        EventKind::Rolled { unit: A, roll } => roll
            .modifiers
            .iter()
            .any(|modifier| modifier.reason == ModifierReason::Aiming),
        _ => false,
    });
    assert!(aimed, "{fired:?}");
    send(&mut app, Command::EndTurn { unit: A });
    send(&mut app, Command::EndTurn { unit: B });
    assert!(
        events_from(&app, 0).contains(&EventKind::Burned { unit: A, damage: 2 }),
        "{:?}",
        events(&app)
    );
}
