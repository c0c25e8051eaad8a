//! The dice pool as a roll record: made from a pool rolled, put into words for the log ("7 dice
//! at difficulty 6: 3 successes − 1 = net 2") and sketched for a roll card that draws every die,
//! successes green and 1s red. Its modifiers are in the pool's currency: dice added or lost,
//! and the difficulty moved.

use super::modifiers::{Effect, Modifier, signed};
use super::pool::{PoolRoll, count_words, tally_words};
use super::roll::{
    DieTint, PoolVerdict, RollPurpose, RollRecord, RollSketch, RollVerdict, RolledDie, SketchedDie,
    Threshold, Tone,
};

/// The record of `roll`, a pool for `purpose` whose difficulty was `base_difficulty` before
/// these modifiers moved it.
pub fn record(
    purpose: RollPurpose,
    roll: &PoolRoll,
    base_difficulty: u32,
    modifiers: Vec<Modifier>,
) -> RollRecord {
    let net = roll.net();
    RollRecord {
        purpose,
        dice: roll
            .faces
            .iter()
            .map(|face| RolledDie::pool(*face, *face >= roll.difficulty))
            .collect(),
        verdict: RollVerdict::Pool(PoolVerdict {
            pool: u32::try_from(roll.faces.len()).unwrap_or(u32::MAX),
            base_difficulty,
            difficulty: roll.difficulty,
            successes: roll.successes,
            ones: roll.ones,
            net,
        }),
        modifiers,
        success: net >= 1,
    }
}

/// A pool's modifier in its own currency: "−1 die wounded", "+2 difficulty half cover".
fn pool_modifier_words(modifier: &Modifier) -> String {
    match modifier.effect {
        Effect::Dice(dice) => {
            let noun = if dice.unsigned_abs() == 1 {
                "die"
            } else {
                "dice"
            };
            format!(
                "{} {noun} {}",
                signed(i32::from(dice)),
                modifier.reason.words()
            )
        }
        Effect::Steps(steps) => format!(
            "{} difficulty {}",
            signed(i32::from(steps)),
            modifier.reason.words()
        ),
        Effect::Add(_) | Effect::Times(_) | Effect::Successes(_) => modifier.words(),
    }
}

/// A pool's modifiers in words, joined: "−1 die wounded, +2 difficulty half cover".
pub fn modifier_words(modifiers: &[Modifier]) -> String {
    modifiers
        .iter()
        .map(pool_modifier_words)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the net came to: "net 2", "no net success", "botch".
fn verdict_words(net: i32) -> String {
    match net {
        1.. => format!("net {net}"),
        0 => "no net success".to_string(),
        _ => "botch".to_string(),
    }
}

/// A pool in the log's words: "Firearms 7 dice at difficulty 6 (+1 difficulty cover): 3
/// successes − 1 = net 2".
pub fn roll_words(record: &RollRecord, verdict: &PoolVerdict) -> String {
    let modifiers = if record.modifiers.is_empty() {
        String::new()
    } else {
        format!(" ({})", modifier_words(&record.modifiers))
    };
    format!(
        "{} dice at difficulty {}{modifiers}: {} = {}",
        verdict.pool,
        verdict.difficulty,
        count_words(verdict.successes, verdict.ones),
        verdict_words(verdict.net)
    )
}

/// A pool as a card draws it: every die in the order rolled (successes green, 1s red, the rest
/// faded), what counts, the net, and the count ("3 successes − 1 at difficulty 6", with "botch"
/// or "no net success" where it came to nothing).
pub fn sketch(record: &RollRecord, verdict: &PoolVerdict) -> RollSketch {
    let dice = record
        .dice
        .iter()
        .map(|die| SketchedDie {
            face: die.face.to_string(),
            ringed: false,
            faded: !die.kept && die.face != 1,
            tint: if die.kept {
                DieTint::Counted
            } else if die.face == 1 {
                DieTint::Cancelling
            } else {
                DieTint::Plain
            },
        })
        .collect();
    let mut thresholds = vec![Threshold {
        words: format!("≥{} counts", verdict.difficulty),
        needed: true,
    }];
    if verdict.base_difficulty != verdict.difficulty {
        thresholds.push(Threshold {
            words: format!("from {}", verdict.base_difficulty),
            needed: false,
        });
    }
    thresholds.push(Threshold {
        words: "1 takes one away".to_string(),
        needed: false,
    });
    let tally = tally_words(verdict.successes, verdict.ones, verdict.difficulty);
    RollSketch {
        heading: format!(
            "{} {} dice at {}",
            record.purpose.name(),
            verdict.pool,
            verdict.difficulty
        ),
        dice: vec![dice],
        reading: format!("net {}", verdict.net),
        verdict: match verdict.net {
            1.. => tally,
            net => format!("{tally}: {}", verdict_words(net)),
        },
        tone: match verdict.net {
            1.. => Tone::Good,
            0 => Tone::Bad,
            _ => Tone::Dire,
        },
        thresholds,
        modifiers: modifier_words(&record.modifiers),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::ModifierReason;

    fn pool_of(record: &RollRecord) -> PoolVerdict {
        match &record.verdict {
            RollVerdict::Pool(verdict) => *verdict,
            other => panic!("a pool roll, not {other:?}"),
        }
    }

    /// Seven dice for a shot at a target in cover (+2 difficulty) by a wounded shooter (−1
    /// die): the worked example of the card.
    fn covered_shot(faces: &[u32]) -> RollRecord {
        record(
            RollPurpose::Skill("Firearms".to_string()),
            &PoolRoll::of_faces(faces.to_vec(), 8),
            6,
            vec![
                Modifier::new(ModifierReason::HalfCover, -1),
                Modifier::steps(ModifierReason::HalfCover, 2),
            ],
        )
    }

    #[test]
    fn a_pool_record_keeps_every_die_and_the_net() {
        let shot = covered_shot(&[8, 3, 1, 10, 5, 9]);
        let verdict = pool_of(&shot);
        assert_eq!(
            (verdict.pool, verdict.successes, verdict.ones, verdict.net),
            (6, 3, 1, 2)
        );
        assert!(shot.success);
        let kept: Vec<bool> = shot.dice.iter().map(|die| die.kept).collect();
        assert_eq!(kept, [true, false, false, true, false, true]);
        assert_eq!(
            roll_words(&shot, &verdict),
            "6 dice at difficulty 8 (−1 die half cover, +2 difficulty half cover): \
             3 successes − 1 = net 2"
        );
        // A botch and a blank say so.
        let botched = covered_shot(&[1, 1, 8]);
        assert!(!botched.success);
        assert!(roll_words(&botched, &pool_of(&botched)).ends_with("1 success − 2 = botch"));
        let blank = covered_shot(&[4, 5]);
        assert!(roll_words(&blank, &pool_of(&blank)).ends_with("0 successes = no net success"));
    }

    #[test]
    fn a_pool_card_colours_successes_and_ones() {
        let shot = covered_shot(&[8, 3, 1, 10]);
        let card = sketch(&shot, &pool_of(&shot));
        assert_eq!(card.heading, "Firearms 4 dice at 8");
        let tints: Vec<(DieTint, bool)> = card.dice[0]
            .iter()
            .map(|die| (die.tint, die.faded))
            .collect();
        assert_eq!(
            tints,
            [
                (DieTint::Counted, false),
                (DieTint::Plain, true),
                (DieTint::Cancelling, false),
                (DieTint::Counted, false),
            ]
        );
        assert_eq!(card.reading, "net 1");
        assert_eq!(card.verdict, "2 successes − 1 at difficulty 8");
        assert_eq!(card.tone, Tone::Good);
        let marks: Vec<&str> = card
            .thresholds
            .iter()
            .map(|mark| mark.words.as_str())
            .collect();
        assert_eq!(marks, ["≥8 counts", "from 6", "1 takes one away"]);
        assert_eq!(
            card.modifiers,
            "−1 die half cover, +2 difficulty half cover"
        );
        let botched = covered_shot(&[1, 1]);
        let card = sketch(&botched, &pool_of(&botched));
        assert_eq!(card.tone, Tone::Dire);
        assert_eq!(
            (card.reading.as_str(), card.verdict.as_str()),
            ("net -2", "0 successes − 2 at difficulty 8: botch")
        );
    }

    #[test]
    fn a_pool_record_is_written_to_the_event_stream_die_by_die() {
        let shot = covered_shot(&[8, 1]);
        let json = serde_json::to_string(&shot).expect("written");
        assert!(
            json.contains(r#"{"sides":10,"face":1,"role":"pool","kept":false}"#),
            "{json}"
        );
        assert!(
            json.contains(
                r#""verdict":{"kind":"pool","pool":2,"base_difficulty":6,"difficulty":8,"successes":1,"ones":1,"net":0}"#
            ),
            "{json}"
        );
    }
}
