//! Hit rates over thousands of seeds against the exact odds.

use super::*;
use gridkeeper::rulesets::coc7e::reasons;

/// Fire one shot under each of `seeds` and count the hits.
fn hit_rate(fighters: &[Fighter], rows: &[String], seeds: u64) -> (u64, Vec<Modifier>, Difficulty) {
    let scenario = on_field(fighters, rows, "");
    let mut hits = 0;
    let mut seen = None;
    for seed in 0..seeds {
        let mut app = gridkeeper::headless_app(scenario.clone(), seed);
        app.update();
        send(&mut app, Command::Begin);
        let mark = event_count(&app);
        fire(&mut app, A, FireMode::single(B));
        let events = events_from(&app, mark);
        hits += u64::from(
            events
                .iter()
                .any(|event| matches!(event, EventKind::ShotHit { .. })),
        );
        if seen.is_none() {
            let (check, modifiers) = attack_rolls(&events, A)[0].clone();
            seen = Some((modifiers, check.difficulty));
        }
    }
    let (modifiers, difficulty) = seen.expect("at least one seed");
    (hits, modifiers, difficulty)
}

/// The hit rate of a .38 (skill 60, malfunction 100) at each band, point-blank and behind half
/// cover, over 2,000 seeds each, is within four standard errors of the exact chance counted
/// over every face of the dice.
#[test]
fn hit_rates_match_the_exact_odds() {
    const SEEDS: u64 = 2_000;
    let rows = field(66, &[(19, 3, 'c')]);
    // (target, expected difficulty)
    let cases = [
        ((12, 5), Difficulty::Regular),
        ((3, 5), Difficulty::Regular),
        ((26, 5), Difficulty::Hard),
        ((50, 5), Difficulty::Extreme),
        ((20, 3), Difficulty::Hard),
    ];
    for (at, difficulty) in cases {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", at);
        let (hits, modifiers, seen_difficulty) = hit_rate(&[shooter, target], &rows, SEEDS);
        assert_eq!(seen_difficulty, difficulty, "target at {at:?}");
        let expected: &[(ModifierReason, i8)] = match at {
            (3, 5) => &[(ModifierReason::PointBlank, 1)],
            (20, 3) => &[(ModifierReason::HalfCover, -1)],
            _ => &[],
        };
        assert_eq!(reasons(&modifiers), expected, "target at {at:?}");
        let exact = LevelOdds::count_below(60, difficulty, extra_dice(&modifiers).net(), 100)
            .success_probability();
        let rate = hits as f64 / SEEDS as f64;
        let standard_error = (exact * (1.0 - exact) / SEEDS as f64).sqrt();
        assert!(
            (rate - exact).abs() <= 4.0 * standard_error,
            "target at {at:?} ({modifiers:?}): {rate:.4} against exact {exact:.4} (±{:.4})",
            4.0 * standard_error
        );
    }
}

/// The band a shot was taken at is named in its event.
#[test]
fn the_shot_names_its_band_and_line() {
    let rows = field(40, &[(29, 5, 'c')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (30, 5));
    let mut app = begun(on_field(&[shooter, target], &rows, ""));
    let mark = event_count(&app);
    fire(&mut app, A, FireMode::single(B));
    assert!(events_from(&app, mark).contains(&EventKind::ShotAt {
        unit: A,
        target: B,
        bullets: 1,
        band: RangeBand::Long,
        point_blank: false,
        line: ShotLine::HalfConcealed {
            cover: Tile::new(29, 5),
            armor: 3
        }
    }));
}

/// The log tells a shot in plain words: the trigger, the range and the line, the roll with its
/// modifiers, the hit, the damage and the wound.
#[test]
fn the_log_tells_each_shot() {
    let rows = field(40, &[(25, 5, 'c')]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let target = fighter("Target", "b", (26, 5));
    let scenario = on_field(&[shooter, target], &rows, "");
    let mut app = begun(scenario.clone());
    let mark = event_count(&app);
    load(
        &mut app,
        &[percentile_with(23, 2), vec![7], percentile(40).to_vec()].concat(),
    );
    fire(&mut app, A, FireMode::single(B));
    let lines: Vec<String> = app.world().resource::<EventLog>().0[mark..]
        .iter()
        .map(|event| gridkeeper::log::describe(event, &scenario))
        .collect();
    let expected = [
        "Gunman fires the .38 or 9mm Revolver: 1 round",
        "Target must answer Gunman: dive for cover, or take it",
        "Target does not defend",
        "Gunman · a shot at Target: long range, half cover",
        "Gunman rolls Firearms (Handgun): 23 against 60 (−1 half cover), hard needed: hard success",
        "The shot hits Target",
        ".38 or 9mm Revolver: 7 damage [dice 7]",
        "Target takes 7 damage, 3 hit points left · major wound",
    ];
    for line in expected {
        assert!(lines.contains(&line.to_string()), "{line}\n{lines:#?}");
    }
}

/// A surprise shot before round 1 is always rolled to hit; a target that did not see it coming
/// cannot dive for cover, one that did may. The set-up goes on after it.
#[test]
fn surprise_shots_are_rolled_and_only_the_watchful_dive() {
    let rows = field(20, &[]);
    for (spotted, asked) in [(60, false), (10, true)] {
        let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
        let target = fighter("Target", "b", (8, 5));
        let mut app = test_app(on_field(&[shooter, target], &rows, ""));
        // The target's Spot Hidden (25) against `spotted`, then the shot: a miss at 90.
        let events = after(
            &mut app,
            &rolls(&[spotted, 90], &[]),
            Command::Surprise {
                unit: A,
                target: B,
                attack: SurpriseAttack::Shot(GUN),
            },
        );
        assert!(events.contains(&EventKind::SurpriseAttempted {
            unit: A,
            target: B,
            seen: asked
        }));
        let was_asked = events
            .iter()
            .any(|event| matches!(event, EventKind::DefenceAsked { .. }));
        assert_eq!(was_asked, asked, "seen: {asked}");
        take_it(&mut app);
        assert_eq!(attack_rolls(&crate::events(&app), A).len(), 1);
        assert!(crate::events(&app).contains(&EventKind::ShotMissed { unit: A, target: B }));
        assert_eq!(app.world().resource::<Flow>().phase, Phase::Setup);
        assert_eq!(ammunition(&mut app, A), (5, 0));
    }
}

/// A small deterministic generator for random orders (xorshift).
struct Orders(u64);

impl Orders {
    fn below(&mut self, limit: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % limit.max(1) as u64).unwrap_or(0)
    }

    fn unit(&mut self, units: usize) -> UnitId {
        UnitId::of_index(self.below(units))
    }

    /// Any order at all for `unit`, sensible or not.
    fn order(&mut self, unit: UnitId, units: usize, near: Tile) -> Command {
        let target = self.unit(units);
        let weapon = match self.below(5) {
            0 => WeaponChoice::Unarmed,
            1 => WeaponChoice::Natural(0),
            pick => WeaponChoice::Carried(pick - 2),
        };
        let tile = Tile::new(
            (near.x + 12).saturating_sub(u32::try_from(self.below(25)).unwrap_or(0)),
            (near.y + 12).saturating_sub(u32::try_from(self.below(25)).unwrap_or(0)),
        );
        let bullets = u32::try_from(self.below(12)).unwrap_or(0);
        match self.below(16) {
            0 => Command::Fire {
                unit,
                weapon,
                mode: FireMode::single(target),
            },
            1 => Command::Fire {
                unit,
                weapon,
                mode: FireMode::Shots(vec![target, self.unit(units), target]),
            },
            2 => Command::Fire {
                unit,
                weapon,
                mode: FireMode::Burst(target),
            },
            3 => Command::Fire {
                unit,
                weapon,
                mode: FireMode::FullAuto(vec![(target, bullets), (self.unit(units), bullets)]),
            },
            4 => Command::Attack {
                unit,
                target,
                weapon,
            },
            5 => Command::Blast {
                unit,
                weapon,
                at: tile,
            },
            6 => Command::SetCharge {
                unit,
                weapon,
                at: tile,
                fuse: (bullets < 8).then_some(bullets / 3),
            },
            7 => Command::Aim { unit, target },
            8 => Command::Reload { unit, weapon },
            9 => Command::ClearJam { unit, weapon },
            10 => Command::Ready { unit, weapon },
            11 => Command::Move { unit, to: tile },
            12 => Command::StandUp { unit },
            13 => Command::Extinguish {
                unit,
                patient: target,
            },
            14 => Command::FirstAid {
                unit,
                patient: target,
            },
            _ => Command::EndTurn { unit },
        }
    }
}

/// Random orders of every kind, sensible or not, from whoever acts and whoever must answer, on
/// the warehouse map under 60 seeds: nothing panics, hit points and rounds stay within bounds,
/// no two units share a tile, and an attack waiting for an answer always waits on a unit there.
#[test]
fn random_orders_never_break_the_battle() {
    let scenario = shipped("warehouse.ron");
    let units = scenario.units.len();
    let capacity: Vec<Vec<u32>> = scenario
        .units
        .iter()
        .map(|unit| {
            unit.weapons
                .iter()
                .map(|carried| carried.weapon.capacity().max(carried.loaded))
                .collect()
        })
        .collect();
    for seed in 0..60 {
        let mut app = gridkeeper::headless_app(scenario.clone(), seed);
        app.update();
        send(&mut app, Command::Begin);
        let mut orders = Orders(seed * 7919 + 17);
        for _ in 0..300 {
            let flow = app.world().resource::<Flow>().clone();
            let command = match (&flow.phase, flow.acting()) {
                (Phase::Over(_), _) => break,
                (Phase::Defending(pending), _) => Command::Answer {
                    unit: pending.target,
                    answer: [
                        Answer::Dodge,
                        Answer::FightBack,
                        Answer::DiveForCover,
                        Answer::Nothing,
                        Answer::Maneuver(ManeuverGoal::KnockProne),
                    ][orders.below(5)],
                },
                (_, Some(unit)) => {
                    let near = unit_state::<TilePosition>(&mut app, unit).0;
                    orders.order(unit, units, near)
                }
                (_, None) => Command::Begin,
            };
            send(&mut app, command.clone());
            let mut query = app
                .world_mut()
                .query::<(&UnitId, &Vitals, &Arsenal, Option<&TilePosition>)>();
            let mut tiles = std::collections::BTreeSet::new();
            for (id, vitals, arsenal, position) in query.iter(app.world()) {
                assert!(
                    vitals.hit_points <= vitals.max_hit_points,
                    "seed {seed}: {command:?}"
                );
                for (index, state) in arsenal.weapons.iter().enumerate() {
                    assert!(
                        state.ammunition.loaded <= capacity[id.index()][index],
                        "seed {seed}: {command:?} overfilled a weapon"
                    );
                }
                if let Some(at) = position {
                    assert!(tiles.insert(at.0), "seed {seed}: two units at {}", at.0);
                }
            }
            if let Some(target) = app
                .world()
                .resource::<Flow>()
                .pending()
                .map(|pending| pending.target)
            {
                let mut positions = app.world_mut().query::<(&UnitId, &TilePosition)>();
                assert!(
                    positions.iter(app.world()).any(|(id, _)| *id == target),
                    "seed {seed}: {command:?} waits on a unit not on the map"
                );
            }
        }
    }
}

/// As docs/RULES.md says: one pull of the trigger is one attack, so the aiming die counts on
/// every volley of it, and the following-volley dice cancel it first. A burst is one volley.
#[test]
fn aiming_counts_on_every_volley_of_the_pull() {
    let rows = field(20, &[]);
    // Every roll misses at 90, well below the Thompson's malfunction number (96).
    let aimed =
        |weapon: &'static str, skills: &[(&'static str, u32)], mode: FireMode, tens: &[usize]| {
            let mut shooter = gunman((1, 5), weapon, SMG, 63);
            shooter.skills.extend_from_slice(skills);
            let mut target = fighter("Target", "b", (10, 5));
            target.constitution = 500;
            let mut app = begun(on_field(&[shooter, target], &rows, ""));
            send(&mut app, Command::Aim { unit: A, target: B });
            send(&mut app, Command::EndTurn { unit: A });
            send(&mut app, Command::EndTurn { unit: B });
            let mark = event_count(&app);
            let faces: Vec<u32> = tens
                .iter()
                .flat_map(|dice| percentile_with(90, *dice))
                .collect();
            load(&mut app, &faces);
            fire(&mut app, A, mode);
            attack_rolls(&events_from(&app, mark), A)
                .into_iter()
                .map(|(check, modifiers)| (reasons(&modifiers), check.roll.dice, check.difficulty))
                .collect::<Vec<_>>()
        };
    let aiming = (ModifierReason::Aiming, 1);
    assert_eq!(
        aimed(
            "Thompson",
            &[],
            FireMode::FullAuto(vec![(B, 24)]),
            &[2, 1, 2, 3]
        ),
        [
            (vec![aiming], NetDice::Bonus(1), Difficulty::Regular),
            (
                vec![aiming, (reasons::FOLLOWING_VOLLEY, -1)],
                NetDice::PLAIN,
                Difficulty::Regular
            ),
            (
                vec![aiming, (reasons::FOLLOWING_VOLLEY, -2)],
                NetDice::Penalty(1),
                Difficulty::Regular
            ),
            (
                vec![aiming, (reasons::FOLLOWING_VOLLEY, -3)],
                NetDice::Penalty(2),
                Difficulty::Regular
            ),
        ]
    );
    assert_eq!(
        aimed("M16A2", &[(RIFLE, 50)], FireMode::Burst(B), &[2]),
        [(vec![aiming], NetDice::Bonus(1), Difficulty::Regular)]
    );
}

/// A minigun is fired by hand only from Build 2; on a mount anyone fires it.
#[test]
fn a_minigun_needs_build_two_or_a_mount() {
    let fire = |strength: u32, size: u32, kit: &str| {
        let mut gunner = fighter("Gunner", "a", (2, 5));
        gunner.kit = vec![kit.to_string()];
        gunner.skills.push(("Firearms (MG)", 60));
        gunner.strength = strength;
        gunner.size = size;
        let target = fighter("Target", "b", (9, 5));
        let mut app = begun(scenario(&[gunner, target]));
        let events = after(
            &mut app,
            &[],
            Command::Fire {
                unit: A,
                weapon: GUN,
                mode: FireMode::FullAuto(vec![(B, 6)]),
            },
        );
        rejected(&events)
    };
    let by_hand = "(weapon: \"Minigun\")";
    assert_eq!(
        fire(50, 50, by_hand),
        Some(Rejection::WrongWeapon(
            "the Minigun needs Build 2 to fire by hand, or a mount (Build 0)".to_string()
        ))
    );
    assert_eq!(fire(100, 100, by_hand), None, "Build 2");
    assert_eq!(fire(50, 50, "(weapon: \"Minigun\", mounted: true)"), None);
}

/// After a dive for cover the diver's next turn has no action: the preview promises no shot,
/// and says what the battle says when the shot is tried.
#[test]
fn after_a_dive_the_preview_promises_no_shot() {
    let rows = field(20, &[]);
    let shooter = gunman((1, 5), REVOLVER, HANDGUN, 60);
    let mut diver = gunman((8, 5), REVOLVER, HANDGUN, 60);
    diver.name = "Diver";
    diver.side = "b";
    let mut app = begun(on_field(&[shooter, diver], &rows, ""));
    a_shoots_and_b_dives(&mut app);
    assert_eq!(acting(&app), Some(B));
    let lost = app
        .world()
        .resource::<Flow>()
        .turn
        .and_then(|turn| turn.action_lost);
    assert_eq!(lost, Some(gridkeeper::battle::ActionLost::DivedForCover));
    assert_eq!(lost.map(|lost| lost.words()), Some("dived for cover"));
    let preview =
        gridkeeper::battle::ranged::preview(app.world_mut(), B, GUN, &FireMode::single(A));
    assert_eq!(preview.err(), Some(Rejection::ActionUsed));
    let tried = refusal(
        &mut app,
        Command::Fire {
            unit: B,
            weapon: GUN,
            mode: FireMode::single(A),
        },
    );
    assert_eq!(tried, Some(Rejection::ActionUsed));
}
