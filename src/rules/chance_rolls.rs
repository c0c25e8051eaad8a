//! The percentile roll at most a chance, as a roll record: made from the dice and the chance
//! the rulebook built, put into words for the log and sketched for a roll card, showing how the
//! chance was reached ("45 · ×2 point-blank = 90").

use super::modifiers::{Effect, Modifier, modifier_words};
use super::percentile::PercentileRoll;
use super::roll::{
    ChanceOutcome, ChanceVerdict, DieRole, RollPurpose, RollRecord, RollSketch, RollVerdict,
    RolledDie, SketchedDie, Threshold, Tone,
};

/// The highest roll that succeeds against `chance`: 100 always fails.
fn highest_success(chance: u32) -> u32 {
    chance.min(99)
}

/// The highest roll that is special: a fifth of the chance.
fn highest_special(chance: u32) -> u32 {
    chance / 5
}

/// Judge a d100 `roll` (1-100) against `chance`: 100 always fails; where `specials` count (an
/// impaling weapon), a success at or below a fifth of the chance is special; a firearm
/// malfunctions at or above `malfunction`, whatever the chance.
pub fn judge(roll: u32, chance: u32, specials: bool, malfunction: Option<u32>) -> ChanceOutcome {
    if malfunction.is_some_and(|number| roll >= number) {
        ChanceOutcome::Malfunction
    } else if roll > highest_success(chance) {
        ChanceOutcome::Failure
    } else if specials && roll <= highest_special(chance) {
        ChanceOutcome::Special
    } else {
        ChanceOutcome::Success
    }
}

/// What a roll against a chance was made against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Against {
    pub skill: u32,
    /// The chance the skill came to with the modifiers.
    pub chance: u32,
    pub malfunction: Option<u32>,
    /// A roll within a fifth of the chance is special (an impaling weapon).
    pub specials: bool,
}

/// The record of a plain percentile `roll` against a chance, built from the skill with these
/// modifiers, and what came of it.
pub fn record(
    purpose: RollPurpose,
    roll: &PercentileRoll,
    against: Against,
    outcome: ChanceOutcome,
    modifiers: Vec<Modifier>,
) -> RollRecord {
    RollRecord {
        purpose,
        dice: vec![
            RolledDie::tens(roll.kept_tens(), true),
            RolledDie::units(roll.units),
        ],
        verdict: RollVerdict::Chance(ChanceVerdict {
            value: roll.value,
            skill: against.skill,
            chance: against.chance,
            malfunction: against.malfunction,
            specials: against.specials,
            outcome,
        }),
        modifiers,
        success: outcome.is_success(),
    }
}

/// What a roll against a chance came to: "special success", "success", "failure", "the weapon
/// malfunctions".
pub fn verdict_words(outcome: ChanceOutcome) -> &'static str {
    match outcome {
        ChanceOutcome::Special => "special success",
        ChanceOutcome::Success => "success",
        ChanceOutcome::Failure => "failure",
        ChanceOutcome::Malfunction => "the weapon malfunctions",
    }
}

/// How a chance was reached: "45 · +5 large target · ×2 point-blank = 100"; just "45" when
/// nothing changed it.
pub fn chance_words(skill: u32, chance: u32, modifiers: &[Modifier]) -> String {
    let shaping: Vec<String> = modifiers
        .iter()
        .filter(|modifier| !matches!(modifier.effect, Effect::Dice(_)))
        .map(Modifier::words)
        .collect();
    if shaping.is_empty() {
        skill.to_string()
    } else {
        format!("{skill} · {} = {chance}", shaping.join(" · "))
    }
}

/// The modifiers that gave bonus or penalty dice rather than shaping the chance.
fn dice_modifiers(record: &RollRecord) -> Vec<Modifier> {
    record
        .modifiers
        .iter()
        .filter(|modifier| matches!(modifier.effect, Effect::Dice(_)))
        .copied()
        .collect()
}

/// A roll in the log's words: "37 against 45 · ×2 point-blank = 90: success".
pub fn roll_words(record: &RollRecord, verdict: &ChanceVerdict) -> String {
    let dice = dice_modifiers(record);
    let dice = if dice.is_empty() {
        String::new()
    } else {
        format!(" ({})", modifier_words(&dice))
    };
    format!(
        "{} against {}{dice}: {}",
        verdict.value,
        chance_words(verdict.skill, verdict.chance, &record.modifiers),
        verdict_words(verdict.outcome)
    )
}

/// A chance roll as a card draws it: the two dice, the value, how the chance was reached, the
/// special window and the verdict.
pub fn sketch(record: &RollRecord, verdict: &ChanceVerdict) -> RollSketch {
    let ChanceVerdict {
        value,
        skill,
        chance,
        malfunction,
        specials,
        outcome,
    } = *verdict;
    let mut thresholds = vec![Threshold {
        words: format!("≤{}", highest_success(chance)),
        needed: true,
    }];
    if specials {
        thresholds.push(Threshold {
            words: format!("special ≤{}", highest_special(chance)),
            needed: false,
        });
    }
    if let Some(number) = malfunction {
        thresholds.push(Threshold {
            words: format!("malfunction ≥{number}"),
            needed: false,
        });
    }
    RollSketch {
        heading: format!(
            "{} {}",
            record.purpose.name(),
            chance_words(skill, chance, &record.modifiers)
        ),
        dice: vec![
            vec![SketchedDie::plain(format!(
                "{:02}",
                record.face(DieRole::Tens)
            ))],
            vec![SketchedDie::plain(record.face(DieRole::Units).to_string())],
        ],
        reading: format!("= {value}"),
        verdict: verdict_words(outcome).to_string(),
        tone: match outcome {
            ChanceOutcome::Special => Tone::Great,
            ChanceOutcome::Success => Tone::Good,
            ChanceOutcome::Failure => Tone::Bad,
            ChanceOutcome::Malfunction => Tone::Dire,
        },
        thresholds,
        modifiers: modifier_words(&dice_modifiers(record)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::ModifierReason;
    use crate::rules::percentile::NetDice;

    /// A reason of a rulebook's own, for a modifier the words read.
    const OUTNUMBERED: ModifierReason = ModifierReason::own("outnumbered", "outnumbered");

    /// The chance verdict of a record made here.
    fn chance_of(record: &RollRecord) -> ChanceVerdict {
        match &record.verdict {
            RollVerdict::Chance(verdict) => *verdict,
            other => panic!("a chance roll, not {other:?}"),
        }
    }

    /// A .38 (it impales) at point-blank.
    fn point_blank_shot(tens: u32, units: u32, outcome: ChanceOutcome) -> RollRecord {
        let roll = PercentileRoll::from_faces(vec![tens], units, NetDice::PLAIN);
        record(
            RollPurpose::Skill("Handgun".to_string()),
            &roll,
            Against {
                skill: 45,
                chance: 90,
                malfunction: Some(100),
                specials: true,
            },
            outcome,
            vec![Modifier {
                reason: ModifierReason::PointBlank,
                effect: Effect::Times([2, 1]),
            }],
        )
    }

    #[test]
    fn a_chance_roll_says_how_its_chance_was_reached() {
        let hit = point_blank_shot(30, 7, ChanceOutcome::Success);
        assert!(hit.success);
        assert_eq!(
            roll_words(&hit, &chance_of(&hit)),
            "37 against 45 · ×2 point-blank = 90: success"
        );
        let card = sketch(&hit, &chance_of(&hit));
        assert_eq!(card.heading, "Handgun 45 · ×2 point-blank = 90");
        assert_eq!(card.reading, "= 37");
        assert_eq!(card.tone, Tone::Good);
        let marks: Vec<&str> = card
            .thresholds
            .iter()
            .map(|mark| mark.words.as_str())
            .collect();
        assert_eq!(marks, ["≤90", "special ≤18", "malfunction ≥100"]);
        // A roll that cannot be special (a club's, a dodge) shows no special mark.
        let mut clubbed = chance_of(&hit);
        clubbed.specials = false;
        let plain: Vec<String> = sketch(&hit, &clubbed)
            .thresholds
            .into_iter()
            .map(|mark| mark.words)
            .collect();
        assert_eq!(plain, ["≤90", "malfunction ≥100"]);
        let jammed = point_blank_shot(90, 9, ChanceOutcome::Malfunction);
        assert!(!jammed.success);
        assert_eq!(
            roll_words(&jammed, &chance_of(&jammed)),
            "99 against 45 · ×2 point-blank = 90: the weapon malfunctions"
        );
        assert_eq!(chance_words(45, 45, &[]), "45");
        // Dice modifiers do not shape the chance: the words and the card name them apart.
        let mut outnumbered = hit.clone();
        outnumbered.modifiers.push(Modifier::new(OUTNUMBERED, 1));
        assert_eq!(
            roll_words(&outnumbered, &chance_of(&outnumbered)),
            "37 against 45 · ×2 point-blank = 90 (+1 outnumbered): success"
        );
        assert_eq!(
            sketch(&outnumbered, &chance_of(&outnumbered)).modifiers,
            "+1 outnumbered"
        );
    }
}
