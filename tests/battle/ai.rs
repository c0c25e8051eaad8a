//! The AI's levels through the headless battle: a careful shooter steps behind cover after
//! shooting where a reckless one stays in the open; dynamite goes into a huddle of enemies, and
//! a careful thrower holds it when a friend would be caught where a ruthless one does not; a
//! careful unit gives First Aid to a dying friend unless it could strike an enemy instead; a
//! careful fighter lets the enemy come onto its blows (beside its shooter, against an enemy
//! without guns), but not for ever; and over many battles of every shipped scenario, at every
//! level and against the baseline, the battle refuses none of the AI's commands.

use super::*;
use gridkeeper::ai::{AiStyles, Style};
use gridkeeper::battle::CommandLog;
use gridkeeper::map::range::distance_yards;
use gridkeeper::map::sight::{ShotLine, shot_line};
use gridkeeper::simulation::{Matchup, play_many};

/// The commands the AI gives unit A (first to act) on its first turn at `level`; every other
/// unit is played at this keyboard and waits.
fn first_turn(scenario: Scenario, level: Style) -> Vec<Command> {
    let mut app = with_ai_playing(scenario, A, level);
    send(&mut app, Command::Begin);
    assert_eq!(acting(&app), Some(A), "A acts first");
    for _ in 0..40 {
        // Shots and blows at the units waiting here are taken.
        if !update_taking_everything(&mut app) && acting(&app) != Some(A) {
            break;
        }
    }
    commands_of(&app, A)
}

/// A revolver on each side, twelve yards apart across open floor, a row of crates a step
/// from the first.
fn duel() -> Scenario {
    let rows = field(20, &[(4, 4, 'c'), (4, 5, 'c'), (4, 6, 'c')]);
    let mut shooter = fighter("Shooter", "a", (2, 5));
    shooter.weapons = vec![".38 or 9mm Revolver"];
    shooter.skills.push(("Firearms (Handgun)", 60));
    shooter.dexterity = 90;
    let mut enemy = fighter("Enemy", "b", (14, 5));
    // Sturdy enough that one shot does not end the duel.
    enemy.constitution = 300;
    enemy.weapons = vec![".38 or 9mm Revolver"];
    enemy.skills.push(("Firearms (Handgun)", 60));
    scenario_with(&[shooter, enemy], &rows, "", "")
}

#[test]
fn a_careful_shooter_steps_behind_cover_after_shooting_and_a_reckless_one_stays_out() {
    let scenario = duel();
    let map = scenario.map.clone();
    let enemy_at = Tile::new(14, 5);
    let careful = first_turn(scenario.clone(), Style::Careful);
    let [Command::Fire { .. }, Command::Move { to, .. }, ..] = careful.as_slice() else {
        panic!("the careful shooter shoots from where it stands, then moves: {careful:?}");
    };
    assert!(
        matches!(
            shot_line(&map, enemy_at, *to),
            ShotLine::HalfConcealed { .. } | ShotLine::ThroughCover { .. }
        ),
        "{to} is behind the crates from the enemy"
    );
    let reckless = first_turn(scenario, Style::Reckless);
    assert!(
        matches!(
            reckless.as_slice(),
            [Command::Fire { .. }, Command::EndTurn { .. }]
        ),
        "the reckless one shoots and stays in the open: {reckless:?}"
    );
}

/// A thrower with dynamite, three enemies eleven yards off, three yards apart in a line across
/// (only a throw at the middle one catches all three in the inner ring), and (`friend`) a friend
/// five yards past the middle one, inside the blast's second ring.
fn huddle(friend: bool, waits: Option<u32>) -> Scenario {
    huddle_on(&field(30, &[]), friend, waits)
}

/// [`huddle`] on these rows.
fn huddle_on(rows: &[String], friend: bool, waits: Option<u32>) -> Scenario {
    let mut units = vec![{
        let mut unit = fighter("Thrower", "a", (2, 5));
        unit.kit = vec!["(weapon: \"Dynamite Stick\", spare: 2)".to_string()];
        unit.skills.push(("Throw", 60));
        unit.dexterity = 90;
        unit.waits = waits;
        unit
    }];
    for (name, at) in [("One", (13, 2)), ("Two", (13, 5)), ("Three", (13, 8))] {
        units.push(fighter(name, "b", at));
    }
    if friend {
        units.push(fighter("Friend", "a", (18, 5)));
    }
    scenario_with(&units, rows, "", "")
}

fn throws(commands: &[Command]) -> Vec<Tile> {
    commands
        .iter()
        .filter_map(|command| match command {
            Command::Blast { at, .. } => Some(*at),
            _ => None,
        })
        .collect()
}

#[test]
fn dynamite_goes_into_a_huddle_sparing_friends_unless_ruthless() {
    let careful = first_turn(huddle(false, None), Style::Careful);
    assert_eq!(
        throws(&careful),
        vec![Tile::new(13, 5)],
        "at the middle of the three: {careful:?}"
    );
    let careful = first_turn(huddle(true, None), Style::Careful);
    assert!(
        throws(&careful).is_empty(),
        "not with a friend in the rings: {careful:?}"
    );
    let ruthless = first_turn(huddle(true, None), Style::Ruthless);
    assert_eq!(
        throws(&ruthless).len(),
        1,
        "a ruthless thrower takes the friend's risk for three enemies: {ruthless:?}"
    );
}

/// The scenario's standing order to wait: the thrower holds (its turn ends at once) while the
/// nearest enemy, eleven yards off, is beyond its yards, and throws once it is within them.
#[test]
fn a_unit_ordered_to_wait_holds_until_an_enemy_is_within_its_yards() {
    for level in [Style::Baseline, Style::Careful] {
        let waiting = first_turn(huddle(false, Some(10)), level);
        assert_eq!(
            waiting,
            vec![Command::EndTurn { unit: A }],
            "{level:?}: nobody within 10 yards"
        );
    }
    let roused = first_turn(huddle(false, Some(11)), Style::Careful);
    assert_eq!(throws(&roused), vec![Tile::new(13, 5)], "{roused:?}");
}

/// Behind a wall with no line to the huddle, a careful thrower walks round its end and throws
/// from there in the same turn.
#[test]
fn a_careful_thrower_walks_to_where_it_can_throw_from() {
    let wall: Vec<(usize, usize, char)> = (1..=7).map(|row| (5, row, '#')).collect();
    let scenario = huddle_on(&field(30, &wall), false, None);
    let commands = first_turn(scenario, Style::Careful);
    let [Command::Move { to, .. }, Command::Blast { at, .. }, ..] = commands.as_slice() else {
        panic!("a move, then the throw: {commands:?}");
    };
    assert!(to.y >= 8, "round the wall's end, to {to}");
    assert!(
        [Tile::new(13, 2), Tile::new(13, 5), Tile::new(13, 8)].contains(at),
        "at one of the enemies, not {at}"
    );
}

/// In the Kingsport Warehouse the investigators must come to the office: the careful cult's
/// fighters, who have only blows against three guns, do not cross the floor into their fire in
/// the first round but wait out of their sight.
#[cfg(feature = "brp_classic")]
#[test]
fn careful_fighters_keeping_an_exit_wait_out_of_the_guns_fire() {
    let scenario = shipped("kingsport.ron");
    let map = scenario.map.clone();
    let units = scenario.units.len();
    let investigators: Vec<Tile> = scenario.units[..3].iter().map(|unit| unit.start).collect();
    let mut app = test_app(scenario);
    app.add_plugins(gridkeeper::ai::plugin);
    let control = (0..units)
        .map(|index| {
            if index < 3 {
                Control::Person
            } else {
                Control::Ai
            }
        })
        .collect();
    app.world_mut().resource_mut::<Controllers>().0 = control;
    app.insert_resource(AiStyles(vec![Style::Careful; units]));
    send(&mut app, Command::Begin);
    for _ in 0..200 {
        if app.world().resource::<Flow>().round > 1 {
            break;
        }
        match acting(&app) {
            Some(unit) if unit.index() < 3 => send(&mut app, Command::EndTurn { unit }),
            _ => app.update(),
        }
    }
    assert_eq!(app.world().resource::<Flow>().round, 2, "round 1 is over");
    for (fighter, name) in [(UnitId(4), "Mercy"), (UnitId(5), "Silas")] {
        let at = app
            .world_mut()
            .query::<(&UnitId, &TilePosition)>()
            .iter(app.world())
            .find(|(unit, _)| **unit == fighter)
            .map(|(_, at)| at.0)
            .expect("on the map");
        for gun in &investigators {
            assert!(
                matches!(shot_line(&map, *gun, at), ShotLine::Blocked { .. }),
                "{name} at {at} is in sight of the gun at {gun}"
            );
        }
    }
}

/// A (the AI at `level`) with B, its friend, dying: the commands of the first few turns, the
/// person-played units ending theirs.
fn healer_beside_the_dying(scenario: Scenario, level: Style) -> Vec<Command> {
    let mut app = test_app(scenario);
    set_vitals(&mut app, B, |vitals| {
        vitals.hit_points = 0;
        vitals.major_wound = true;
        vitals.vital = Vital::Dying;
    });
    app.add_plugins(gridkeeper::ai::plugin);
    app.world_mut().resource_mut::<Controllers>().0 =
        vec![Control::Ai, Control::Person, Control::Person];
    app.insert_resource(AiStyles(vec![level; 3]));
    send(&mut app, Command::Begin);
    for _ in 0..10 {
        match acting(&app) {
            Some(unit) if unit != A => send(&mut app, Command::EndTurn { unit }),
            _ => app.update(),
        }
    }
    app.world().resource::<CommandLog>().0.clone()
}

#[test]
fn a_careful_unit_gives_first_aid_to_a_dying_friend_unless_it_could_strike_and_a_reckless_one_does_not()
 {
    // The healer moves 7 yards and still strikes: 8.5 yards is its reach.
    let tended = |level, enemy_at| {
        let mut healer = fighter("Healer", "a", (2, 5));
        healer.skills.push(("First Aid", 60));
        healer.dexterity = 90;
        let friend = fighter("Friend", "a", (3, 5));
        let enemy = fighter("Enemy", "b", enemy_at);
        let scenario = scenario_with(&[healer, friend, enemy], &field(16, &[]), "", "");
        healer_beside_the_dying(scenario, level).contains(&Command::FirstAid {
            unit: A,
            patient: B,
        })
    };
    assert!(tended(Style::Careful, (13, 1)));
    assert!(!tended(Style::Reckless, (13, 1)));
    assert!(
        !tended(Style::Careful, (8, 5)),
        "with an enemy six yards off, it strikes"
    );
}

/// A careful healer behind a wall does not cross into a gunman's sight to reach a dying friend;
/// with the enemy bare-handed and far off, it goes.
#[test]
fn a_careful_healer_does_not_walk_into_a_guns_fire_to_tend() {
    let walks_to_tend = |enemy_weapons: Vec<&'static str>| {
        let mut healer = fighter("Healer", "a", (2, 2));
        healer.skills.push(("First Aid", 60));
        healer.dexterity = 90;
        let friend = fighter("Friend", "a", (6, 6));
        let mut enemy = fighter("Enemy", "b", (21, 6));
        enemy.skills.push(("Firearms (Handgun)", 60));
        enemy.weapons = enemy_weapons;
        let wall = [(4, 1, '#'), (4, 2, '#'), (4, 3, '#'), (4, 4, '#')];
        let scenario = scenario_with(&[healer, friend, enemy], &field(24, &wall), "", "");
        healer_beside_the_dying(scenario, Style::Careful)
            .iter()
            .any(|command| match command {
                Command::Move { unit: A, to } => to.is_adjacent(Tile::new(6, 6)),
                _ => false,
            })
    };
    assert!(walks_to_tend(Vec::new()), "no gun: it goes to the patient");
    assert!(
        !walks_to_tend(vec![".38 or 9mm Revolver"]),
        "a revolver covers the patient: it stays behind the wall"
    );
}

/// Two fists-only fighters fourteen yards apart across open floor: each can move 7 yards and
/// still strike, so whoever ends a run within 8.5 yards of the other is struck first.
fn standoff() -> Scenario {
    let mut first = fighter("First", "a", (2, 5));
    first.dexterity = 90;
    let second = fighter("Second", "b", (16, 5));
    scenario_with(&[first, second], &field(20, &[]), "", "")
}

#[test]
fn a_careful_fighter_lets_the_enemy_come_onto_its_blows_and_a_reckless_one_charges() {
    let enemy = Tile::new(16, 5);
    let end = |commands: &[Command]| {
        commands
            .iter()
            .fold(Tile::new(2, 5), |at, command| match command {
                Command::Move { to, .. } => *to,
                _ => at,
            })
    };
    let careful = first_turn(standoff(), Style::Careful);
    let stands = end(&careful);
    assert!(
        distance_yards(stands, enemy) > 8.5,
        "the careful one stays out of the enemy's reach, at {stands}: {careful:?}"
    );
    let reckless = first_turn(standoff(), Style::Reckless);
    let runs_to = end(&reckless);
    assert!(
        distance_yards(runs_to, enemy) <= 2.0,
        "the reckless one runs at the enemy, to {runs_to}: {reckless:?}"
    );
}

#[test]
fn two_careful_fighters_do_not_watch_each_other_for_ever() {
    let results = play_many(
        &standoff(),
        1,
        4,
        Some(30),
        &Matchup::Styles(AiStyles(vec![Style::Careful; 2])),
        &|_| {},
    )
    .expect("no battle panics");
    for result in results {
        assert!(
            result.over,
            "seed {}: still going after {} rounds",
            result.seed, result.rounds
        );
    }
}

#[test]
fn a_careful_fighter_stands_by_its_shooter_against_an_enemy_without_guns() {
    let mut guard = fighter("Guard", "a", (2, 5));
    guard.dexterity = 90;
    let mut shooter = fighter("Shooter", "a", (6, 5));
    shooter.weapons = vec![".38 or 9mm Revolver"];
    shooter.skills.push(("Firearms (Handgun)", 50));
    // A drawn gun acts at DEX + 50: 80, after the guard.
    shooter.dexterity = 30;
    let monster = fighter("Monster", "b", (26, 5));
    let scenario = scenario_with(&[guard, shooter, monster], &field(30, &[]), "", "");
    let commands = first_turn(scenario, Style::Careful);
    assert_eq!(
        commands,
        vec![
            Command::Move {
                unit: A,
                to: Tile::new(7, 5)
            },
            Command::EndTurn { unit: A }
        ],
        "beside the shooter, between it and the monster"
    );
}

/// Over many battles of each shipped scenario, at each level against the baseline (sides
/// taken in turn), the battle refuses not one AI command. (`simulate --runs` counts the
/// same over ten thousand battles; the note of issue 8 has the figure.)
#[cfg(feature = "d100_house")]
#[test]
fn no_level_gives_a_command_the_battle_refuses() {
    for file in [
        "cellar.ron",
        "warehouse.ron",
        "farmstead.ron",
        "spin-cycle.ron",
    ] {
        let scenario = shipped(file);
        for level in [Style::Reckless, Style::Careful, Style::Ruthless] {
            let results = play_many(
                &scenario,
                500,
                8,
                Some(12),
                &Matchup::AgainstBaseline(level),
                &|_| {},
            )
            .expect("no battle panics");
            assert_eq!(results.len(), 8);
            for result in results {
                assert_eq!(
                    result.refused, 0,
                    "{file} at {level:?}, seed {}",
                    result.seed
                );
            }
        }
    }
}
