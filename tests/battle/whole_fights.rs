//! Whole fights: a twenty-round brawl under a thousand seeds.

use super::*;

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
