//! Benchmarks of the rules core: dice, skill rolls, exact odds and damage.

use gridkeeper::rules::damage::{DamageNotation, DamageQuality, DamageReach, Formula};
use gridkeeper::rules::dice::Dice;
use gridkeeper::rules::odds::LevelOdds;
use gridkeeper::rules::percentile::{Difficulty, ExtraDice, NetDice, SkillCheck};

fn main() {
    divan::main();
}

#[divan::bench(args = [0, 1, 2])]
fn skill_check_with_bonus_dice(bencher: divan::Bencher, bonus: u8) {
    let mut dice = Dice::from_seed(1);
    bencher.bench_local(|| {
        SkillCheck::roll(&mut dice, 55, Difficulty::Regular, ExtraDice::bonus(bonus))
    });
}

#[divan::bench]
fn exact_odds_with_two_penalty_dice() -> LevelOdds {
    LevelOdds::count(divan::black_box(60), Difficulty::Hard, NetDice::Penalty(2))
}

#[divan::bench(args = ["1D10+1D4+2", "4D6/2D6/1D6", "4D10/3 yards", "1D3+half DB"])]
fn parse_damage(notation: &str) -> DamageNotation {
    divan::black_box(notation).parse().expect("valid notation")
}

#[divan::bench]
fn roll_damage_with_bonus(bencher: divan::Bencher) {
    let notation: DamageNotation = "1D8+DB".parse().expect("valid notation");
    let bonus: Formula = "1D6".parse().expect("valid bonus");
    let mut dice = Dice::from_seed(2);
    bencher
        .bench_local(|| notation.roll(&mut dice, DamageReach::Full, &bonus, DamageQuality::Normal));
}
