//! Bonus and penalty dice with their reasons: every modifier a roll can get is named, so the
//! log, the overlay and the preview say why the dice came out as they did.

use serde::{Deserialize, Serialize};

use super::percentile::ExtraDice;

/// Why a roll got a bonus or penalty die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ModifierReason {
    /// The target is within a fifth of the shooter's DEX in feet.
    PointBlank,
    /// The shooter took aim at this target on its last turn.
    Aiming,
    /// Cover right beside the target hides half of it.
    HalfCover,
    /// The shot goes through the cover the target hides behind (its armor comes off the damage).
    ThroughCover,
    /// The target is small (Build −2 or less).
    SmallTarget,
    /// The target is large (Build 4 or more).
    LargeTarget,
    /// More shots this round than the weapon fires without penalty.
    MultipleShots,
    /// The target is past the weapon's base range, up to twice it.
    LongRange,
    /// The target is past twice the weapon's base range.
    VeryLongRange,
    /// The roller's wounds cost it dice.
    Wounded,
    /// The part of the round's split dice budget the roll was planned with.
    SplitShare,
    /// The target stands somewhere unlit.
    Dark,
    /// A reason of one rulebook's own (the western's drawing, the house's called shot), kept
    /// in its room and written by its own name as the others are.
    #[serde(untagged)]
    Rulebook(OwnReason),
}

impl ModifierReason {
    /// The reason in a few words, for the log and the preview.
    pub fn words(self) -> &'static str {
        match self {
            Self::Rulebook(own) => own.words,
            Self::PointBlank => "point-blank",
            Self::Aiming => "aiming",
            Self::HalfCover => "half cover",
            Self::ThroughCover => "through cover",
            Self::SmallTarget => "small target",
            Self::LargeTarget => "large target",
            Self::MultipleShots => "multiple shots",
            Self::LongRange => "long range",
            Self::VeryLongRange => "very long range",
            Self::Wounded => "wounded",
            Self::SplitShare => "split share",
            Self::Dark => "in the dark",
        }
    }
}

/// A rulebook's own reason: the name the event stream writes it by and its words in a roll's
/// modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OwnReason {
    pub name: &'static str,
    pub words: &'static str,
}

/// Written by its name alone, as a reason of the engine's own is (`"called_shot"`).
impl Serialize for OwnReason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

impl ModifierReason {
    /// A rulebook's own reason, written as `name` (snake case, as the engine's are) and shown
    /// as `words`.
    pub const fn own(name: &'static str, words: &'static str) -> Self {
        Self::Rulebook(OwnReason { name, words })
    }
}

/// What a modifier does to a roll, in its rulebook's currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Bonus (positive) or penalty (negative) dice.
    Dice(i8),
    /// Points added to (or taken from) the chance.
    Add(i32),
    /// The chance multiplied by a fraction: `[numerator, denominator]`.
    Times([u32; 2]),
    /// Steps of difficulty harder (positive) or easier (negative) than the plain roll.
    Steps(i8),
    /// Successes added to (or taken off) the roll's net once it is rolled: what a target's
    /// evading will take off an attack, counted in its odds (the d10 pool).
    Successes(i8),
}

/// A modifier on a roll and why: in the event stream `{"reason": …, "dice": 1}`, or `"add"`,
/// `"times"` or `"steps"`, by its effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Modifier {
    pub reason: ModifierReason,
    #[serde(flatten)]
    pub effect: Effect,
}

impl Modifier {
    /// One or more bonus (positive) or penalty (negative) dice.
    pub fn new(reason: ModifierReason, dice: i8) -> Self {
        Self {
            reason,
            effect: Effect::Dice(dice),
        }
    }

    /// Steps of difficulty harder (positive) or easier (negative).
    pub fn steps(reason: ModifierReason, steps: i8) -> Self {
        Self {
            reason,
            effect: Effect::Steps(steps),
        }
    }

    /// `modifiers` summed into one for `reason`, where they all add points (the western's
    /// steps): `None` where there are none, or where some do something else.
    pub fn summed(reason: ModifierReason, modifiers: &[Self]) -> Option<Self> {
        let points = modifiers
            .iter()
            .map(|modifier| match modifier.effect {
                Effect::Add(points) => Some(points),
                _ => None,
            })
            .sum::<Option<i32>>()?;
        (!modifiers.is_empty()).then_some(Self {
            reason,
            effect: Effect::Add(points),
        })
    }

    /// The bonus (positive) or penalty (negative) dice it gives; none unless its effect is
    /// dice.
    pub fn dice(&self) -> i8 {
        match self.effect {
            Effect::Dice(dice) => dice,
            Effect::Add(_) | Effect::Times(_) | Effect::Steps(_) | Effect::Successes(_) => 0,
        }
    }

    /// The successes it adds to the net; none unless its effect is successes.
    pub fn successes(&self) -> i8 {
        match self.effect {
            Effect::Successes(successes) => successes,
            Effect::Dice(_) | Effect::Add(_) | Effect::Times(_) | Effect::Steps(_) => 0,
        }
    }

    /// The steps of difficulty it adds; none unless its effect is steps.
    pub fn difficulty_steps(&self) -> i8 {
        match self.effect {
            Effect::Steps(steps) => steps,
            Effect::Dice(_) | Effect::Add(_) | Effect::Times(_) | Effect::Successes(_) => 0,
        }
    }

    /// The modifier in words: "+1 point-blank", "×2 point-blank", "+5 large target",
    /// "+1 step long range".
    pub fn words(&self) -> String {
        let amount = match self.effect {
            Effect::Dice(dice) => signed(i32::from(dice)),
            Effect::Add(points) => signed(points),
            Effect::Times([numerator, 1]) => format!("×{numerator}"),
            Effect::Times([numerator, denominator]) => format!("×{numerator}/{denominator}"),
            Effect::Steps(steps) => {
                let plural = if steps.unsigned_abs() == 1 { "" } else { "s" };
                format!("{} step{plural}", signed(i32::from(steps)))
            }
            Effect::Successes(successes) => {
                let plural = if successes.unsigned_abs() == 1 {
                    ""
                } else {
                    "es"
                };
                format!("{} success{plural}", signed(i32::from(successes)))
            }
        };
        format!("{amount} {}", self.reason.words())
    }
}

/// A number with its sign, a true minus for negatives: "+1", "−2".
pub(crate) fn signed(number: i32) -> String {
    let sign = if number < 0 { "−" } else { "+" };
    format!("{sign}{}", number.unsigned_abs())
}

/// Add up the bonus and penalty dice of some modifiers, before they cancel.
pub fn extra_dice(modifiers: &[Modifier]) -> ExtraDice {
    modifiers
        .iter()
        .fold(ExtraDice::default(), |extra, modifier| {
            let dice = modifier.dice().unsigned_abs();
            if modifier.dice() > 0 {
                ExtraDice {
                    bonus: extra.bonus.saturating_add(dice),
                    ..extra
                }
            } else {
                ExtraDice {
                    penalty: extra.penalty.saturating_add(dice),
                    ..extra
                }
            }
        })
}

/// The modifiers other than steps of difficulty (which a difficulty's name already says).
pub fn without_steps(modifiers: &[Modifier]) -> Vec<Modifier> {
    modifiers
        .iter()
        .filter(|modifier| modifier.difficulty_steps() == 0)
        .copied()
        .collect()
}

/// Modifiers in words: "+1 point-blank, −1 half cover".
pub fn modifier_words(modifiers: &[Modifier]) -> String {
    modifiers
        .iter()
        .map(Modifier::words)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_are_added_before_they_cancel() {
        let modifiers = [
            Modifier::new(ModifierReason::PointBlank, 1),
            Modifier::new(ModifierReason::HalfCover, -1),
            Modifier::new(
                ModifierReason::own("following_volley", "following volley"),
                -2,
            ),
        ];
        assert_eq!(
            extra_dice(&modifiers),
            ExtraDice {
                bonus: 1,
                penalty: 3
            }
        );
        assert_eq!(
            modifier_words(&modifiers),
            "+1 point-blank, −1 half cover, −2 following volley"
        );
        assert_eq!(extra_dice(&[]), ExtraDice::default());
    }

    /// A rulebook's own reason is written by its name, as the engine's own reasons are, and
    /// is the same reason wherever it is made.
    #[test]
    fn a_rulebook_reason_is_written_as_the_engine_reasons_are() {
        let drawing = ModifierReason::own("drawing", "drawing");
        assert_eq!(
            serde_json::to_string(&Modifier::new(drawing, -1)).expect("plain data"),
            r#"{"reason":"drawing","dice":-1}"#
        );
        assert_eq!(
            serde_json::to_string(&Modifier::new(ModifierReason::HalfCover, -1))
                .expect("plain data"),
            r#"{"reason":"half_cover","dice":-1}"#
        );
        assert_eq!(drawing, ModifierReason::own("drawing", "drawing"));
        assert_ne!(drawing, ModifierReason::own("gun_draw", "the gun's draw"));
        assert_eq!(drawing.words(), "drawing");
    }

    /// Chances built by adding and multiplying are named in their own terms, give no dice, and
    /// read in the event stream by their effect; dice read as they always have.
    #[test]
    fn every_effect_has_its_words_and_its_field() {
        let point_blank = Modifier {
            reason: ModifierReason::PointBlank,
            effect: Effect::Times([2, 1]),
        };
        let half_cover = Modifier {
            reason: ModifierReason::HalfCover,
            effect: Effect::Times([1, 2]),
        };
        let large = Modifier {
            reason: ModifierReason::LargeTarget,
            effect: Effect::Add(5),
        };
        assert_eq!(
            modifier_words(&[point_blank, half_cover, large]),
            "×2 point-blank, ×1/2 half cover, +5 large target"
        );
        assert_eq!(extra_dice(&[point_blank, large]), ExtraDice::default());
        let json = |modifier: &Modifier| serde_json::to_string(modifier).unwrap_or_default();
        assert_eq!(
            json(&Modifier::new(ModifierReason::PointBlank, 1)),
            r#"{"reason":"point_blank","dice":1}"#
        );
        assert_eq!(json(&large), r#"{"reason":"large_target","add":5}"#);
        assert_eq!(
            json(&half_cover),
            r#"{"reason":"half_cover","times":[1,2]}"#
        );
        // Steps of difficulty give no dice either, and say how many steps.
        let long = Modifier::steps(ModifierReason::LongRange, 1);
        let very_long = Modifier::steps(ModifierReason::VeryLongRange, 2);
        assert_eq!(
            modifier_words(&[long, very_long]),
            "+1 step long range, +2 steps very long range"
        );
        assert_eq!((long.dice(), long.difficulty_steps()), (0, 1));
        assert_eq!(extra_dice(&[long]), ExtraDice::default());
        assert_eq!(json(&long), r#"{"reason":"long_range","steps":1}"#);
    }
}
