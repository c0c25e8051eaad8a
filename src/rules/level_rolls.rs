//! The percentile roll judged by success levels, as a roll record: made from a skill check, read
//! back into one, put into words for the log and sketched for a roll card.

use super::modifiers::{Modifier, modifier_words, without_steps};
use super::percentile::{Difficulty, PercentileRoll, SkillCheck, SuccessLevel, TensDice};
use super::roll::{
    DieRole, DieTint, LevelVerdict, RollPurpose, RollRecord, RollSketch, RollVerdict, RolledDie,
    SketchedDie, Threshold, Tone,
};

/// The record of a skill check made for `purpose` with these modifiers.
pub fn record(purpose: RollPurpose, check: &SkillCheck, modifiers: Vec<Modifier>) -> RollRecord {
    let roll = &check.roll;
    let tens = (roll.tens.iter().enumerate())
        .map(|(index, &face)| RolledDie::tens(face, index == roll.kept));
    RollRecord {
        purpose,
        dice: tens
            .chain(std::iter::once(RolledDie::units(roll.units)))
            .collect(),
        verdict: RollVerdict::Levels(LevelVerdict {
            value: roll.value,
            skill: check.skill,
            difficulty: check.difficulty,
            level: check.level,
            dice: roll.dice,
        }),
        modifiers,
        success: check.success,
    }
}

/// The skill check a record of a level roll holds; `None` for another kind of roll.
pub fn check_of(record: &RollRecord) -> Option<SkillCheck> {
    match &record.verdict {
        RollVerdict::Levels(verdict) => Some(check(record, verdict)),
        RollVerdict::Chance(_) | RollVerdict::Pool(_) | RollVerdict::Classes(_) => None,
    }
}

/// The skill check of a level roll's record and verdict.
fn check(record: &RollRecord, verdict: &LevelVerdict) -> SkillCheck {
    let faces = |role: DieRole| {
        record
            .dice
            .iter()
            .filter(move |die| die.role == role)
            .map(|die| (die.face, die.kept))
    };
    let tens: TensDice = faces(DieRole::Tens).map(|(face, _)| face).collect();
    let kept = faces(DieRole::Tens)
        .position(|(_, kept)| kept)
        .unwrap_or_default();
    let units = faces(DieRole::Units)
        .map(|(face, _)| face)
        .next()
        .unwrap_or_default();
    SkillCheck {
        roll: PercentileRoll {
            tens,
            units,
            kept,
            value: verdict.value,
            dice: verdict.dice,
        },
        skill: verdict.skill,
        difficulty: verdict.difficulty,
        level: verdict.level,
        success: record.success,
    }
}

/// What a roll came to: "hard success", "regular success, not enough" (when hard was needed),
/// "failure", "fumble".
pub fn verdict_words(check: &SkillCheck) -> String {
    let level = check.level;
    match (level.is_success(), check.success) {
        (true, true) => format!("{level} success"),
        (true, false) => format!("{level} success, not enough"),
        (false, _) => level.to_string(),
    }
}

/// A roll in the log's words: "23 against 60 (+1 outnumbered), hard needed: hard success".
pub fn roll_words(record: &RollRecord, verdict: &LevelVerdict) -> String {
    let check = check(record, verdict);
    // The steps of difficulty are said by the difficulty needed.
    let dice = without_steps(&record.modifiers);
    let modifiers = if dice.is_empty() {
        String::new()
    } else {
        format!(" ({})", modifier_words(&dice))
    };
    format!(
        "{} against {}{modifiers}, {} needed: {}",
        check.roll.value,
        check.skill,
        check.difficulty,
        verdict_words(&check)
    )
}

/// A level roll as a card draws it: every tens die (the kept one ringed when there are
/// several, the others faded), the units die, the value, the regular, hard and extreme
/// thresholds with the one needed marked, the level reached and the modifiers.
pub fn sketch(record: &RollRecord, verdict: &LevelVerdict) -> RollSketch {
    let check = check(record, verdict);
    let several = check.roll.tens.len() > 1;
    let tens = check
        .roll
        .tens
        .iter()
        .enumerate()
        .map(|(index, tens)| SketchedDie {
            face: format!("{tens:02}"),
            ringed: several && index == check.roll.kept,
            faded: index != check.roll.kept,
            tint: DieTint::Plain,
        })
        .collect();
    let units = vec![SketchedDie::plain(check.roll.units.to_string())];
    let mut thresholds: Vec<Threshold> =
        [Difficulty::Regular, Difficulty::Hard, Difficulty::Extreme]
            .into_iter()
            .map(|difficulty| Threshold {
                words: format!("{} ≤{}", difficulty.name(), difficulty.target(check.skill)),
                needed: difficulty == check.difficulty,
            })
            .collect();
    if check.difficulty == Difficulty::Critical {
        thresholds.push(Threshold {
            words: "only 01".to_string(),
            needed: true,
        });
    }
    RollSketch {
        heading: format!("{} {}%", record.purpose.name(), check.skill),
        dice: vec![tens, units],
        reading: format!("= {}", check.roll.value),
        verdict: verdict_words(&check),
        tone: match (check.success, check.level) {
            (_, SuccessLevel::Fumble) => Tone::Dire,
            (false, _) => Tone::Bad,
            (true, SuccessLevel::Critical | SuccessLevel::Extreme) => Tone::Great,
            (true, _) => Tone::Good,
        },
        thresholds,
        modifiers: modifier_words(&record.modifiers),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::ModifierReason;
    use crate::rules::percentile::NetDice;

    /// A reason of a rulebook's own, for a modifier the words read.
    const OUTNUMBERED: ModifierReason = ModifierReason::own("outnumbered", "outnumbered");

    /// The level verdict of a record made here.
    fn levels(record: &RollRecord) -> LevelVerdict {
        match &record.verdict {
            RollVerdict::Levels(verdict) => *verdict,
            other => panic!("a level roll, not {other:?}"),
        }
    }

    fn bonus_roll() -> (SkillCheck, RollRecord) {
        let check = SkillCheck::judge(
            PercentileRoll::from_faces(vec![70, 20], 3, NetDice::Bonus(1)),
            60,
            Difficulty::Hard,
        );
        let record = record(
            RollPurpose::Skill("Fighting (Brawl)".to_string()),
            &check,
            vec![Modifier::new(OUTNUMBERED, 1)],
        );
        (check, record)
    }

    #[test]
    fn a_record_keeps_every_face_and_reads_back_into_its_check() {
        let (check, record) = bonus_roll();
        let faces: Vec<(u32, DieRole, bool)> = record
            .dice
            .iter()
            .map(|die| (die.face, die.role, die.kept))
            .collect();
        assert_eq!(
            faces,
            [
                (70, DieRole::Tens, false),
                (20, DieRole::Tens, true),
                (3, DieRole::Units, true)
            ]
        );
        assert_eq!(check.roll.value, 23);
        assert!(record.success);
        assert_eq!(check_of(&record), Some(check));
    }

    #[test]
    fn words_and_sketch_say_what_the_roll_came_to() {
        let (_, record) = bonus_roll();
        assert_eq!(
            roll_words(&record, &levels(&record)),
            "23 against 60 (+1 outnumbered), hard needed: hard success"
        );
        let sketch = sketch(&record, &levels(&record));
        assert_eq!(sketch.heading, "Fighting (Brawl) 60%");
        assert_eq!(sketch.reading, "= 23");
        assert_eq!(sketch.tone, Tone::Good);
        let tens: Vec<(&str, bool, bool)> = sketch.dice[0]
            .iter()
            .map(|die| (die.face.as_str(), die.ringed, die.faded))
            .collect();
        assert_eq!(tens, [("70", false, true), ("20", true, false)]);
        let needed: Vec<&str> = sketch
            .thresholds
            .iter()
            .filter(|threshold| threshold.needed)
            .map(|threshold| threshold.words.as_str())
            .collect();
        assert_eq!(needed, ["hard ≤30"]);
    }

    #[test]
    fn a_fumble_is_dire_and_not_enough_is_said() {
        let fumble = SkillCheck::judge(
            PercentileRoll::from_faces(vec![90], 8, NetDice::PLAIN),
            40,
            Difficulty::Regular,
        );
        let fumbled = record(RollPurpose::Skill("Dodge".to_string()), &fumble, Vec::new());
        assert_eq!(sketch(&fumbled, &levels(&fumbled)).tone, Tone::Dire);
        let short = SkillCheck::judge(
            PercentileRoll::from_faces(vec![40], 2, NetDice::PLAIN),
            50,
            Difficulty::Hard,
        );
        let fell_short = record(RollPurpose::Skill("Dodge".to_string()), &short, Vec::new());
        assert_eq!(
            roll_words(&fell_short, &levels(&fell_short)),
            "42 against 50, hard needed: regular success, not enough"
        );
        assert_eq!(sketch(&fell_short, &levels(&fell_short)).tone, Tone::Bad);
    }
}
