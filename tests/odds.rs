//! `gridkeeper odds`: any rulebook held to its numbers through the battle's own reckoning (the
//! preview's code), with the shipped scenarios: BRP classic's Kingsport Warehouse (SPECS.md 1.4)
//! CoC 7e's cellar, and the d100 house sheet's Spin Cycle.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

use std::process::Command;

use serde_json::Value;

const KINGSPORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/kingsport.ron");
const CELLAR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/cellar.ron");
const SPIN_CYCLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/spin-cycle.ron");

/// The odds as JSON, or the one line the command refused with.
fn odds(scenario: &str, args: &[&str]) -> Result<Value, String> {
    let output = Command::new(env!("CARGO_BIN_EXE_gridkeeper"))
        .arg("odds")
        .arg(scenario)
        .args(args)
        .arg("--json")
        .output()
        .expect("the binary runs");
    if output.status.success() {
        let text = String::from_utf8_lossy(&output.stdout);
        Ok(serde_json::from_str(text.trim()).expect("one JSON object"))
    } else {
        assert_eq!(output.status.code(), Some(2));
        Err(String::from_utf8_lossy(&output.stderr).trim().to_string())
    }
}

/// The one roll of a single shot: its demand in words and its chance.
fn shot(value: &Value) -> (String, f64) {
    let roll = &value["rolls"][0];
    (
        roll["demand"].as_str().unwrap_or_default().to_string(),
        roll["chance"].as_f64().unwrap_or(-1.0),
    )
}

/// Worked by hand from SPECS.md 1.1 and 1.4: Ezra's Handgun 40 from outside the office door at
/// Harvey by the street door (17 yards, the second multiple of a 15-yard base) halves; Harvey's
/// Handgun 55 doubles within his 14 feet (4 yards), not at 5 yards; a chance never passes 99.
#[test]
fn brp_shots_by_the_book() {
    let cases = [
        (
            "Ezra",
            "Harvey Walters",
            "19,6",
            "40 · ×1/2 extended range = 20",
            0.20,
        ),
        (
            "Harvey Walters",
            "Ezra",
            "19,7",
            "55 · ×2 point-blank = 110",
            0.99,
        ),
        ("Harvey Walters", "Ezra", "19,8", "55", 0.55),
        ("Tommy Kelly", "Mercy", "3,9", "45", 0.45),
    ];
    for (attacker, target, at, demand, chance) in cases {
        let value = odds(
            KINGSPORT,
            &["--attacker", attacker, "--target", target, "--at", at],
        )
        .unwrap_or_else(|refusal| panic!("{attacker} at {at}: {refusal}"));
        assert_eq!(value["ruleset"], "Basic Role Playing (classic)");
        let (said, reckoned) = shot(&value);
        assert_eq!(said, demand, "{attacker} at {at}");
        assert!(
            (reckoned - chance).abs() < 1e-9,
            "{attacker} at {at}: {reckoned}"
        );
    }
}

/// Tommy's Thompson (SMG 45) at Mercy 12 yards off: a burst of 5 adds 25 in one roll; a burst
/// of 12 adds no more than the skill.
#[test]
fn brp_bursts_add_five_a_bullet_up_to_double() {
    for (bullets, demand, chance) in [
        ("5", "45 · +25 burst = 70", 0.70),
        ("12", "45 · +45 burst = 90", 0.90),
    ] {
        let value = odds(
            KINGSPORT,
            &[
                "--attacker",
                "Tommy Kelly",
                "--target",
                "Mercy",
                "--bullets",
                bullets,
            ],
        )
        .unwrap_or_else(|refusal| panic!("{bullets} bullets: {refusal}"));
        assert_eq!(value["rolls"].as_array().map(Vec::len), Some(1), "one roll");
        assert_eq!(
            value["rolls"][0]["bullets"],
            bullets.parse::<u32>().unwrap_or(0)
        );
        let (said, reckoned) = shot(&value);
        assert_eq!(said, demand);
        assert!((reckoned - chance).abs() < 1e-9, "{bullets}: {reckoned}");
    }
}

/// Mercy's Knife 50 at Harvey: a dodge at 28 (DEX 14 x 2) lets 50% x 72% through, a parry with
/// his Fist 60 50% x 40%; not defended, the blow lands on a hit.
#[test]
fn brp_blows_against_each_defence() {
    let value = odds(
        KINGSPORT,
        &[
            "--attacker",
            "mercy",
            "--target",
            "harvey walters",
            "--at",
            "3,5",
        ],
    )
    .expect("in reach");
    assert_eq!(value["kind"], "blow");
    assert_eq!(value["weapon"], "Knife, medium");
    let wins = |answer: &str| {
        value["odds"][answer]["attacker_wins"]
            .as_f64()
            .unwrap_or(-1.0)
    };
    assert!((wins("dodge") - 0.36).abs() < 1e-9);
    assert!((wins("fight_back") - 0.20).abs() < 1e-9);
    assert!((wins("take_it") - 0.50).abs() < 1e-9);
}

/// CoC 7e: Father Doyle's Handgun 35 at the ghoul across the cellar is at long range (Hard:
/// 17 or less); with his fists, out of reach.
#[test]
fn coc_odds_read_the_same_way() {
    let value = odds(
        CELLAR,
        &[
            "--attacker",
            "Father Doyle",
            "--target",
            "Ghoul of the Corbitt house",
        ],
    )
    .expect("a shot");
    assert_eq!(value["ruleset"], "Call of Cthulhu 7th edition");
    assert_eq!(value["rolls"][0]["band"], "long");
    let (demand, chance) = shot(&value);
    assert_eq!(demand, "Hard");
    assert!((chance - 0.17).abs() < 1e-9);
    let refusal = odds(
        CELLAR,
        &[
            "--attacker",
            "Father Doyle",
            "--target",
            "ghoul of the corbitt house",
            "--weapon",
            "bare hands",
        ],
    )
    .expect_err("fists do not reach");
    assert!(refusal.contains("cannot be made"), "{refusal}");
}

/// Unknown names are refused with the names there are; a tile that is a wall or taken, too.
/// The d100 house sheet: Rico's heavy pistol (max 50) at 55 does 15.74 a roll over the hundred
/// faces (the roll, capped; a 01 the cap); at Nico 4 yards off, standing beside a steel washer
/// that hides his legs, the hits on them do nothing: 11.61. From 17.7 yards, −10 long range:
/// 45% to hit, and no cover on that line. The other rulebooks have no `harm`.
#[test]
fn house_shots_read_their_harm_off_the_roll() {
    let rico = "Rico \"Two-Tone\" Ames";
    let close = odds(
        SPIN_CYCLE,
        &["--attacker", rico, "--target", "Nico", "--at", "21,3"],
    )
    .expect("a shot");
    assert_eq!(shot(&close), ("55%".to_string(), 0.55));
    let harm = &close["rolls"][0]["harm"];
    assert_eq!(harm["open"].as_f64(), Some(15.74));
    assert_eq!(harm["behind"][0].as_str(), Some("steel washer"));
    assert!((harm["behind"][1].as_f64().unwrap_or_default() - 11.61).abs() < 1e-9);
    let far = odds(SPIN_CYCLE, &["--attacker", rico, "--target", "Nico"]).expect("a shot");
    assert_eq!(shot(&far), ("55 · −10 long range = 45%".to_string(), 0.45));
    assert!(far["rolls"][0]["harm"]["behind"].is_null());
    let brp = odds(
        KINGSPORT,
        &[
            "--attacker",
            "Harvey Walters",
            "--target",
            "Ezra",
            "--at",
            "19,8",
        ],
    );
    assert!(brp.is_ok_and(|brp| brp["rolls"][0].get("harm").is_none()));
}

#[test]
fn bad_names_and_tiles_are_refused_by_name() {
    let args = |attacker, target, weapon, at| {
        let mut args = vec!["--attacker", attacker, "--target", target];
        if let Some(weapon) = weapon {
            args.extend(["--weapon", weapon]);
        }
        if let Some(at) = at {
            args.extend(["--at", at]);
        }
        odds(KINGSPORT, &args).expect_err("refused")
    };
    let nobody = args("Nobody", "Ezra", None, None);
    assert!(nobody.contains("no unit is named \"Nobody\""), "{nobody}");
    assert!(nobody.contains("Harvey Walters, Ida Marsh"), "{nobody}");
    let gun = args("Mercy", "Ezra", Some("Gun"), None);
    assert!(
        gun.contains("Mercy has no \"Gun\": it has Knife, medium, bare hands"),
        "{gun}"
    );
    let wall = args("Mercy", "Ezra", None, Some("0,0"));
    assert!(wall.contains("(0, 0) is not open ground"), "{wall}");
    let taken = args("Mercy", "Ezra", None, Some("16,11"));
    assert!(taken.contains("Silas stands on"), "{taken}");
}
