//! `gridkeeper damage`: roll damage notation from a seed, as text or JSON lines.

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::fail;
use crate::files::lines::Lines;
use crate::rules::damage::{
    DamageNotation, DamagePart, DamageQuality, DamageReach, DamageRoll, DamageSource, Formula,
};
use crate::rules::dice::{Dice, fresh_seed};

#[derive(Debug, Args)]
pub(super) struct DamageArgs {
    /// Damage as the weapon table writes it: `1D10+2`, `1D6+DB`, `4D6/2D6/1D6`, `4D10/3 yards`.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    expression: String,
    /// The damage bonus for `DB` and `half DB`: `-2`, `-1`, `0`, `1D4`, `1D6`, `2D6`...
    #[arg(
        long,
        value_name = "EXPR",
        default_value = "0",
        allow_hyphen_values = true
    )]
    db: String,
    /// An extreme success: maximum damage plus maximum damage bonus.
    #[arg(long, conflicts_with = "impale")]
    extreme: bool,
    /// An impale: as extreme, plus one more roll of the weapon's damage.
    #[arg(long)]
    impale: bool,
    /// For shotgun damage: the band, 1 for the nearest.
    #[arg(long, conflicts_with = "distance", value_parser = clap::value_parser!(u32).range(1..=16))]
    band: Option<u32>,
    /// For blasts: the target's distance from the centre, in yards.
    #[arg(long, value_parser = parse_distance)]
    distance: Option<f32>,
    /// Seed for the dice; without one, a seed is chosen and printed.
    #[arg(long)]
    seed: Option<u64>,
    /// How many rolls to make from the one stream of dice.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    count: u64,
    /// One JSON object per line instead of text.
    #[arg(long)]
    json: bool,
}

fn parse_distance(text: &str) -> Result<f32, String> {
    text.parse::<f32>()
        .ok()
        .filter(|yards| yards.is_finite() && (0.0..=100_000.0).contains(yards))
        .ok_or_else(|| format!("`{text}` is not a distance from 0 to 100000 yards"))
}

/// One die as a JSON object.
#[derive(Serialize)]
struct DieLine {
    sides: u32,
    face: u32,
    source: DamageSource,
}

/// One damage roll as a JSON line.
#[derive(Serialize)]
struct DamageLine<'a> {
    total: u32,
    dice: Vec<DieLine>,
    parts: &'a [DamagePart],
    quality: DamageQuality,
    divisor: u32,
    /// False when the target stands beyond a blast's reach (then nothing is rolled).
    in_reach: bool,
    notation: &'a str,
    db: &'a str,
    seed: u64,
    roll: u64,
}

pub(super) fn run(args: &DamageArgs) -> ExitCode {
    let notation: DamageNotation = match args.expression.parse() {
        Ok(notation) => notation,
        Err(error) => return fail(&error.to_string()),
    };
    let damage_bonus: Formula = match args.db.parse::<Formula>() {
        Ok(bonus) if bonus.uses_damage_bonus() => {
            return fail("--db: a damage bonus cannot itself refer to DB");
        }
        Ok(bonus) => bonus,
        Err(error) => return fail(&format!("--db: {error}")),
    };
    let quality = match (args.extreme, args.impale) {
        (_, true) => DamageQuality::Impale,
        (true, false) => DamageQuality::Extreme,
        (false, false) => DamageQuality::Normal,
    };
    let reach = match (args.band, args.distance) {
        (Some(band), _) => DamageReach::Band(band as usize - 1),
        (None, Some(yards)) => DamageReach::BlastDistance(yards),
        (None, None) => DamageReach::Full,
    };
    if let Err(error) = notation.formula_at(reach) {
        return fail(&error.to_string());
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut dice = Dice::from_seed(seed);
    let written = notation.to_string();
    let mut lines = Lines::new();
    if !args.json {
        lines.text(&describe_request(
            seed,
            &notation,
            reach,
            &damage_bonus,
            quality,
        ));
    }
    for index in 1..=args.count {
        if lines.closed() {
            break;
        }
        // The reach was checked above, so rolling cannot fail here.
        let rolled = notation
            .roll(&mut dice, reach, &damage_bonus, quality)
            .ok()
            .flatten();
        if args.json {
            let empty = Vec::new();
            lines.json(&DamageLine {
                total: rolled.as_ref().map_or(0, |roll| roll.total),
                dice: rolled
                    .as_ref()
                    .map(|roll| {
                        roll.dice()
                            .map(|(source, die)| DieLine {
                                sides: die.sides,
                                face: die.face,
                                source,
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
                parts: rolled.as_ref().map_or(&empty, |roll| &roll.parts),
                quality,
                divisor: rolled.as_ref().map_or(1, |roll| roll.divisor),
                in_reach: rolled.is_some(),
                notation: &written,
                db: &args.db,
                seed,
                roll: index,
            });
        } else {
            lines.text(&rolled.map_or_else(
                || "  0  beyond the blast".to_string(),
                |roll| describe(&roll),
            ));
        }
    }
    ExitCode::SUCCESS
}

/// `seed 9 · 4D6/2D6/1D6 · band 2: 2D6` and the like: what is about to be rolled.
fn describe_request(
    seed: u64,
    notation: &DamageNotation,
    reach: DamageReach,
    damage_bonus: &Formula,
    quality: DamageQuality,
) -> String {
    let mut header = format!("seed {seed} · {notation}");
    let formula = notation.formula_at(reach).ok().flatten();
    match (reach, formula) {
        (DamageReach::Band(band), Some((formula, _))) => {
            header.push_str(&format!(" · band {}: {formula}", band + 1));
        }
        (DamageReach::BlastDistance(yards), Some((formula, divisor))) => {
            let share = if divisor > 1 {
                format!(" ÷ {divisor}")
            } else {
                String::new()
            };
            header.push_str(&format!(
                " · {yards} yards from the centre: {formula}{share}"
            ));
        }
        (DamageReach::BlastDistance(yards), None) => {
            header.push_str(&format!(
                " · {yards} yards from the centre: beyond the blast"
            ));
        }
        _ => {}
    }
    if notation
        .formulas()
        .iter()
        .any(|formula| formula.uses_damage_bonus())
    {
        header.push_str(&format!(" · DB {damage_bonus}"));
    }
    match quality {
        DamageQuality::Normal => {}
        DamageQuality::Extreme => header.push_str(" · extreme success"),
        DamageQuality::Impale => header.push_str(" · impale"),
        DamageQuality::MartialArts => header.push_str(" · martial arts"),
        DamageQuality::Doubled => header.push_str(" · doubled"),
    }
    header
}

/// `7  = weapon 4 [D6:4] + DB 3 [D4:3]`
fn describe(roll: &DamageRoll) -> String {
    let parts: Vec<String> = roll
        .parts
        .iter()
        .map(|part| {
            let label = match part.source {
                DamageSource::Weapon => "weapon",
                DamageSource::DamageBonus => "DB",
                DamageSource::HalfDamageBonus => "half DB",
                DamageSource::WeaponMaximum => "weapon max",
                DamageSource::DamageBonusMaximum => "DB max",
                DamageSource::HalfDamageBonusMaximum => "half DB max",
                DamageSource::ImpaleRoll => "impale",
                DamageSource::TheRoll => "the roll",
                DamageSource::Cap => "cap",
                DamageSource::DigitSum => "digit sum",
                DamageSource::DoubledDigitSum => "digit sum x2",
                DamageSource::Quality => "qualities",
                DamageSource::Critical => "critical",
                DamageSource::ExtraDie => "a die more",
                DamageSource::DoubledRoll => "the roll x2",
            };
            let dice: Vec<String> = part
                .dice
                .iter()
                .map(|die| format!("D{}:{}", die.sides, die.face))
                .collect();
            if dice.is_empty() {
                format!("{label} {}", part.value)
            } else {
                format!("{label} {} [{}]", part.value, dice.join(" "))
            }
        })
        .collect();
    let halved = match roll.divisor {
        1 => String::new(),
        divisor => format!(", divided by {divisor}"),
    };
    format!("{:>3}  = {}{halved}", roll.total, parts.join(" + "))
}
