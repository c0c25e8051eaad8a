//! `gridkeeper roll` as a user runs it: each rulebook's core roll, its output, reproducibility,
//! frequencies against the exact odds, and the rolls refused.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod command;

use command::{gridkeeper, json_lines};

use gridkeeper::rules::odds::LevelOdds;
use gridkeeper::rules::percentile::{Difficulty, ExtraDice, SuccessLevel};
use gridkeeper::rules::pool::NetOdds;
use serde_json::Value;

#[test]
fn roll_json_has_the_documented_fields() {
    let lines = json_lines(&gridkeeper(&[
        "roll", "--skill", "50", "--bonus", "1", "--seed", "7", "--json",
    ]));
    assert_eq!(lines.len(), 1);
    let roll = &lines[0];
    let value = roll["value"].as_u64().expect("value");
    let tens: Vec<u64> = roll["tens"]
        .as_array()
        .expect("tens")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    let units = roll["units"].as_u64().expect("units");
    assert_eq!(tens.len(), 2, "one bonus die rolls two tens dice");
    assert!(tens.iter().all(|tens| tens % 10 == 0 && *tens <= 90));
    assert!(units <= 9);
    let lowest = tens
        .iter()
        .map(|tens| if tens + units == 0 { 100 } else { tens + units })
        .min()
        .expect("two dice");
    assert_eq!(value, lowest, "a bonus die keeps the lowest");
    let level = roll["level"].as_str().expect("level");
    assert!(
        [
            "critical", "extreme", "hard", "regular", "failure", "fumble"
        ]
        .contains(&level)
    );
    assert_eq!(roll["success"].as_bool(), Some(value <= 50));
    assert_eq!(roll["seed"].as_u64(), Some(7));
}

#[test]
fn the_same_seed_gives_the_same_rolls() {
    let args = [
        "roll", "--skill", "65", "--seed", "123", "--count", "50", "--json",
    ];
    assert_eq!(gridkeeper(&args).stdout, gridkeeper(&args).stdout);
    let other = [
        "roll", "--skill", "65", "--seed", "124", "--count", "50", "--json",
    ];
    assert_ne!(gridkeeper(&args).stdout, gridkeeper(&other).stdout);
}

#[test]
fn without_a_seed_one_is_chosen_and_printed() {
    let output = gridkeeper(&["roll", "--skill", "40"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let seed: u64 = text
        .split_whitespace()
        .nth(1)
        .and_then(|word| word.parse().ok())
        .unwrap_or_else(|| panic!("the first line names the seed: {text}"));
    // Rolling again with that seed reproduces the roll.
    let again = gridkeeper(&["roll", "--skill", "40", "--seed", &seed.to_string()]);
    assert_eq!(text, String::from_utf8_lossy(&again.stdout));
}

/// 100,000 seeded rolls match the exact odds of each level within 4 standard errors.
#[test]
fn roll_frequencies_match_the_exact_odds() {
    let cases: [(u32, Difficulty, u8, u8); 5] = [
        (50, Difficulty::Regular, 0, 0),
        (45, Difficulty::Hard, 1, 0),
        (70, Difficulty::Regular, 0, 2),
        (30, Difficulty::Extreme, 2, 0),
        (85, Difficulty::Hard, 1, 2),
    ];
    const ROLLS: u32 = 100_000;
    for (seed, (skill, difficulty, bonus, penalty)) in (1u64..).zip(cases) {
        let output = gridkeeper(&[
            "roll",
            "--skill",
            &skill.to_string(),
            "--difficulty",
            difficulty.name(),
            "--bonus",
            &bonus.to_string(),
            "--penalty",
            &penalty.to_string(),
            "--seed",
            &seed.to_string(),
            "--count",
            &ROLLS.to_string(),
            "--json",
        ]);
        let lines = json_lines(&output);
        assert_eq!(lines.len(), ROLLS as usize);
        let exact = LevelOdds::count(skill, difficulty, ExtraDice { bonus, penalty }.net());
        let mut observed_successes = 0u32;
        for level in SuccessLevel::ALL {
            let observed = lines
                .iter()
                .filter(|line| line["level"] == level.name())
                .count();
            let p = exact.probability(level);
            let rate = observed as f64 / f64::from(ROLLS);
            let standard_error = (p * (1.0 - p) / f64::from(ROLLS)).sqrt();
            assert!(
                (rate - p).abs() <= 4.0 * standard_error,
                "skill {skill} {difficulty} +{bonus}/-{penalty}: {level} seen {rate:.5}, exact {p:.5}"
            );
        }
        observed_successes +=
            u32::try_from(lines.iter().filter(|line| line["success"] == true).count()).unwrap_or(0);
        let p = exact.success_probability();
        let rate = f64::from(observed_successes) / f64::from(ROLLS);
        assert!(
            (rate - p).abs() <= 4.0 * (p * (1.0 - p) / f64::from(ROLLS)).sqrt(),
            "success rate {rate} vs {p}"
        );
    }
}

/// BRP classic's core roll (SPECS.md section 1): Harvey's Handgun 55 at the Thing in the Hold,
/// point-blank, is (55 + 5) x 2 = 120, impaling within 24; at twice the .38's range it is 27.
/// Each roll is judged against the chance as the text says: 100 always fails.
#[test]
fn roll_ruleset_brp_classic_builds_the_chance() {
    let lines = json_lines(&gridkeeper(&[
        "roll",
        "--ruleset",
        "brp-classic",
        "--skill",
        "55",
        "--point-blank",
        "--target-siz",
        "42",
        "--impaling",
        "--seed",
        "11",
        "--count",
        "400",
        "--json",
    ]));
    assert_eq!(lines.len(), 400);
    for line in &lines {
        assert_eq!(line["ruleset"], "brp-classic");
        assert_eq!(line["chance"].as_u64(), Some(120));
        let value = line["value"].as_u64().expect("value");
        let expected = match value {
            1..=24 => "special",
            25..=99 => "success",
            _ => "failure",
        };
        assert_eq!(line["outcome"], expected, "{line}");
    }
    let reasons: Vec<&str> = lines[0]["modifiers"]
        .as_array()
        .expect("modifiers")
        .iter()
        .filter_map(|modifier| modifier["reason"].as_str())
        .collect();
    assert_eq!(reasons, ["large_target", "point_blank"]);
    let far = json_lines(&gridkeeper(&[
        "roll",
        "--ruleset",
        "brp-classic",
        "--skill",
        "55",
        "--range-multiple",
        "2",
        "--malfunction",
        "96",
        "--seed",
        "5",
        "--count",
        "300",
        "--json",
    ]));
    for line in &far {
        assert_eq!(line["chance"].as_u64(), Some(27));
        let value = line["value"].as_u64().expect("value");
        let expected = match value {
            1..=27 => "success",
            96.. => "malfunction",
            _ => "failure",
        };
        assert_eq!(line["outcome"], expected, "{line}");
    }
    let text = String::from_utf8_lossy(
        &gridkeeper(&[
            "roll",
            "--ruleset",
            "brp-classic",
            "--skill",
            "45",
            "--burst",
            "4",
            "--seed",
            "1",
        ])
        .stdout,
    )
    .to_string();
    assert!(
        text.starts_with("seed 1 · BRP classic · chance 45 · +20 burst = 65\n"),
        "{text}"
    );
    // Each rulebook's options are refused with the other's.
    let mixed: [&[&str]; 2] = [
        &[
            "roll",
            "--ruleset",
            "brp-classic",
            "--skill",
            "45",
            "--bonus",
            "1",
        ],
        &[
            "roll",
            "--ruleset",
            "coc7e",
            "--skill",
            "45",
            "--point-blank",
        ],
    ];
    for args in mixed {
        let output = gridkeeper(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1);
    }
}

/// Each of these `roll` argument lines is refused as a usage error (exit 2), with words on
/// stderr.
fn rolls_refused(lines: &[&str]) {
    for wrong in lines {
        let wrong: Vec<&str> = std::iter::once("roll")
            .chain(wrong.split_whitespace())
            .collect();
        let output = gridkeeper(&wrong);
        assert_eq!(output.status.code(), Some(2), "{wrong:?}");
        assert!(!output.stderr.is_empty());
    }
}

/// The frontier western's task roll (SPECS.md 3.1): a d100 at most 30 + 2 x RM + 10 x M held
/// between 5 and 95; Wes's Hand Guns (RM 23) at long range (−4) is 36%; the same seed the same
/// rolls; successes as often as the chance says; and a roll out of the rulebook's terms is
/// refused.
#[test]
fn roll_ruleset_frontier_is_30_plus_twice_rm_plus_ten_a_step() {
    let args = [
        "roll",
        "--ruleset",
        "frontier",
        "--skill",
        "23",
        "--steps",
        "-4",
        "--seed",
        "5",
        "--count",
        "20000",
        "--json",
    ];
    let lines = json_lines(&gridkeeper(&args));
    assert_eq!(lines.len(), 20_000);
    let mut successes = 0;
    for line in &lines {
        assert_eq!(line["ruleset"], "frontier");
        assert_eq!(line["chance"].as_u64(), Some(36));
        let value = line["value"].as_u64().expect("a value");
        assert!((1..=100).contains(&value));
        assert_eq!(line["success"].as_bool(), Some(value <= 36));
        successes += u32::from(value <= 36);
    }
    assert_eq!(
        json_lines(&gridkeeper(&args)),
        lines,
        "the same seed, the same rolls"
    );
    let seen = f64::from(successes) / 20_000.0;
    let error = (0.36_f64 * 0.64 / 20_000.0).sqrt();
    assert!((seen - 0.36).abs() < 4.0 * error, "{seen}");
    for (steps, chance) in [("0", "76%"), ("9", "95%"), ("-9", "5%")] {
        let output = gridkeeper(&[
            "roll",
            "--ruleset",
            "frontier",
            "--skill",
            "23",
            "--steps",
            steps,
            "--seed",
            "1",
        ]);
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains(&format!("= {chance}")), "{steps}: {text}");
    }
    rolls_refused(&[
        "--ruleset frontier",
        "--ruleset frontier --skill 31",
        "--ruleset frontier --skill 20 --pool 3",
        "--ruleset frontier --skill 20 --bonus 1",
        "--skill 40 --steps 2",
    ]);
}

/// The d10 pool's core roll (SPECS.md section 2): every face a d10, a success at or above the
/// difficulty, a 1 taking one away, the net and the botch as the faces make them, the same
/// seed the same faces, and the nets as often as the counted odds say.
#[test]
fn roll_ruleset_d10_pool_counts_successes_less_ones() {
    let args = [
        "roll",
        "--ruleset",
        "d10-pool",
        "--pool",
        "4",
        "--difficulty",
        "7",
        "--seed",
        "9",
        "--count",
        "20000",
        "--json",
    ];
    let lines = json_lines(&gridkeeper(&args));
    assert_eq!(lines.len(), 20_000);
    let mut net_successes = 0;
    for line in &lines {
        assert_eq!(line["ruleset"], "d10-pool");
        assert_eq!(line["difficulty"].as_u64(), Some(7));
        let faces: Vec<u64> = line["faces"]
            .as_array()
            .expect("faces")
            .iter()
            .map(|face| face.as_u64().expect("a face"))
            .collect();
        assert_eq!(faces.len(), 4);
        assert!(faces.iter().all(|face| (1..=10).contains(face)), "{line}");
        let count = |wanted: &dyn Fn(u64) -> bool| {
            i64::try_from(faces.iter().filter(|face| wanted(**face)).count()).expect("few dice")
        };
        let successes = count(&|face| face >= 7);
        let ones = count(&|face| face == 1);
        assert_eq!(line["successes"].as_i64(), Some(successes));
        assert_eq!(line["ones"].as_i64(), Some(ones));
        assert_eq!(line["net"].as_i64(), Some(successes - ones));
        assert_eq!(line["botch"].as_bool(), Some(successes < ones));
        if successes > ones {
            net_successes += 1;
        }
    }
    assert_eq!(
        json_lines(&gridkeeper(&args)),
        lines,
        "the same seed, the same rolls"
    );
    // Within four standard errors of the counted chance.
    let chance = NetOdds::of(4, 7).at_least(1);
    let seen = f64::from(net_successes) / 20_000.0;
    let error = (chance * (1.0 - chance) / 20_000.0).sqrt();
    assert!(
        (seen - chance).abs() < 4.0 * error,
        "{seen} against {chance}"
    );
    // A pool needs its dice, and a percentile difficulty is not a pool's.
    rolls_refused(&[
        "--ruleset d10-pool --difficulty 7",
        "--ruleset d10-pool --pool 3 --difficulty hard",
        "--ruleset d10-pool --pool 3 --difficulty 11",
        "--skill 40 --pool 3",
    ]);
}

/// The d100 house sheet's roll (SPECS.md 4.1): Rico's Firearms 55 wounded (−10) is 45%; 01 a
/// critical and 00 a fumble; doubles matched, a success within the chance and a failure above;
/// Struggle's minimum of 20 fails under it; each class as often as its faces say; the same seed
/// the same rolls; and a roll out of the rulebook's terms is refused.
#[test]
fn roll_ruleset_d100_house_judges_each_roll_by_class() {
    let args = [
        "roll",
        "--ruleset",
        "d100-house",
        "--skill",
        "55",
        "--shift",
        "-10",
        "--seed",
        "8",
        "--count",
        "20000",
        "--json",
    ];
    let lines = json_lines(&gridkeeper(&args));
    assert_eq!(lines.len(), 20_000);
    let mut matched_successes = 0;
    for line in &lines {
        assert_eq!(line["ruleset"], "d100-house");
        assert_eq!(line["chance"].as_u64(), Some(45));
        let value = line["value"].as_u64().expect("a value");
        let double = (11..=99).contains(&value) && value % 11 == 0;
        let class = match value {
            1 => "critical",
            100 => "fumble",
            _ if double && value <= 45 => "matched_success",
            _ if double => "matched_failure",
            _ if value <= 45 => "success",
            _ => "failure",
        };
        assert_eq!(line["class"], class, "{value}");
        assert_eq!(
            line["success"].as_bool(),
            Some(matches!(class, "critical" | "matched_success" | "success"))
        );
        matched_successes += u32::from(class == "matched_success");
    }
    assert_eq!(
        json_lines(&gridkeeper(&args)),
        lines,
        "the same seed, the same rolls"
    );
    // 11, 22, 33 and 44: four faces in a hundred.
    let seen = f64::from(matched_successes) / 20_000.0;
    let error = (0.04_f64 * 0.96 / 20_000.0).sqrt();
    assert!((seen - 0.04).abs() < 4.0 * error, "{seen}");
    let struggle = json_lines(&gridkeeper(&[
        "roll",
        "--ruleset",
        "d100-house",
        "--skill",
        "60",
        "--minimum",
        "20",
        "--seed",
        "2",
        "--count",
        "5000",
        "--json",
    ]));
    for line in &struggle {
        let value = line["value"].as_u64().expect("a value");
        assert_eq!(
            line["success"].as_bool(),
            Some(value == 1 || (20..=60).contains(&value)),
            "{value}"
        );
    }
    let output = gridkeeper(&[
        "roll",
        "--ruleset",
        "d100-house",
        "--skill",
        "60",
        "--minimum",
        "20",
        "--seed",
        "1",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("skill 60, shift +0 = 60%, at least 20 · 42% to succeed"),
        "{text}"
    );
    rolls_refused(&[
        "--ruleset d100-house",
        "--ruleset d100-house --skill 40 --steps 2",
        "--ruleset d100-house --skill 40 --bonus 1",
        "--ruleset d100-house --skill 40 --minimum 1",
        "--skill 40 --shift 10",
        "--skill 40 --minimum 20",
    ]);
}
