//! The d100 roll judged by class (the d100 house sheet's, SPECS.md 4.1): a success at or under
//! the skill with its shifts, 01 a critical, 00 a fumble, and doubles 11 to 99 matched, a
//! matched success within the chance and a matched failure above it. A minimum roll (Struggle's
//! 20) opens the window from the minimum up; 01 stays a critical. Made into a roll record, put
//! into words for the log and sketched for a roll card.

use super::chance_rolls::chance_words;
use super::modifiers::{Effect, Modifier};
use super::percentile::{PercentileRoll, SuccessLevel};
use super::roll::{
    Checked, DieRole, RollPurpose, RollRecord, RollSketch, RollVerdict, RolledDie, SketchedDie,
    Threshold, Tone, Verdict,
};
pub use super::roll_class::{ClassVerdict, RollClass};

/// The class a verdict of a class roll was judged, read back from the shared verdict.
pub fn class_of(verdict: &Verdict) -> RollClass {
    match (verdict.level, verdict.matched, verdict.success) {
        (SuccessLevel::Critical, _, _) => RollClass::Critical,
        (SuccessLevel::Fumble, _, _) => RollClass::Fumble,
        (_, true, true) => RollClass::MatchedSuccess,
        (_, false, true) => RollClass::Success,
        (_, true, false) => RollClass::MatchedFailure,
        (_, false, false) => RollClass::Failure,
    }
}

/// The colour a class is drawn in on a card.
fn tone(class: RollClass) -> Tone {
    match class {
        RollClass::Critical | RollClass::MatchedSuccess => Tone::Great,
        RollClass::Success => Tone::Good,
        RollClass::Failure | RollClass::MatchedFailure => Tone::Bad,
        RollClass::Fumble => Tone::Dire,
    }
}

/// The lowest and highest roll read (01 and 00).
pub const FACES: std::ops::RangeInclusive<u32> = 1..=100;

/// Whether a roll of 1 to 100 shows doubles: 11, 22 … 99 (01 and 00 are no doubles).
pub fn is_double(roll: u32) -> bool {
    (11..=99).contains(&roll) && roll.is_multiple_of(11)
}

/// The chance a skill comes to with its shifts: the skill plus every addition, never below 0.
pub fn chance(skill: u32, modifiers: &[Modifier]) -> u32 {
    let shifts: i64 = modifiers
        .iter()
        .map(|modifier| match modifier.effect {
            Effect::Add(points) => i64::from(points),
            Effect::Dice(_) | Effect::Times(_) | Effect::Steps(_) | Effect::Successes(_) => 0,
        })
        .sum();
    u32::try_from((i64::from(skill) + shifts).max(0)).unwrap_or(u32::MAX)
}

/// What a roll must land in besides the chance: from a minimum (Struggle's 20), or only a Hail
/// Mary (a critical or doubles within the chance: a shot from behind cover, head down).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Window {
    pub minimum: Option<u32>,
    pub hail_mary: bool,
}

impl Window {
    /// A roll that must reach `minimum`.
    pub fn at_least(minimum: u32) -> Self {
        Self {
            minimum: Some(minimum),
            hail_mary: false,
        }
    }
}

/// Judge a d100 `roll` (1-100) against `chance`, in its `window`: 01 is a critical and 00 a
/// fumble, whatever the chance; any other roll succeeds from the minimum (1 without one) to the
/// chance, matched where it shows doubles; a Hail Mary's plain success is a failure.
pub fn judge(roll: u32, chance: u32, window: Window) -> RollClass {
    let success = (window.minimum.unwrap_or(1)..=chance).contains(&roll);
    match (roll, success, is_double(roll)) {
        (1, _, _) => RollClass::Critical,
        (100, _, _) => RollClass::Fumble,
        (_, true, true) => RollClass::MatchedSuccess,
        (_, true, false) if window.hail_mary => RollClass::Failure,
        (_, true, false) => RollClass::Success,
        (_, false, true) => RollClass::MatchedFailure,
        (_, false, false) => RollClass::Failure,
    }
}

/// How many of the hundred faces fall in each class: the exact odds of a roll, for `odds`
/// and the AI.
pub fn class_faces(chance: u32, window: Window) -> [(RollClass, u32); 6] {
    let mut counts = [
        (RollClass::Critical, 0),
        (RollClass::MatchedSuccess, 0),
        (RollClass::Success, 0),
        (RollClass::Failure, 0),
        (RollClass::MatchedFailure, 0),
        (RollClass::Fumble, 0),
    ];
    for roll in FACES {
        let class = judge(roll, chance, window);
        if let Some((_, count)) = counts.iter_mut().find(|(each, _)| *each == class) {
            *count += 1;
        }
    }
    counts
}

/// The exact chance a roll against `chance` succeeds (a critical included).
pub fn success_chance(chance: u32, window: Window) -> f64 {
    let successes: u32 = class_faces(chance, window)
        .iter()
        .filter(|(class, _)| class.is_success())
        .map(|(_, count)| count)
        .sum();
    f64::from(successes) / 100.0
}

/// The shared verdict of a roll of `value` judged `class`: a critical or matched success
/// counts for more, and a fumble with a `firearm` is its malfunction.
pub fn verdict_of(value: u32, class: RollClass, firearm: bool) -> Verdict {
    let success = class.is_success();
    Verdict {
        value,
        level: class.level(),
        success,
        special: matches!(class, RollClass::Critical | RollClass::MatchedSuccess),
        malfunction: class == RollClass::Fumble && firearm,
        matched: class.is_matched(),
        net: i32::from(success),
    }
}

/// A d100 `roll` against `skill` with these shifts in its `window`, judged once: its record
/// for the event stream and its verdict for the battle (a fumble with a `firearm` its
/// malfunction).
pub fn checked(
    purpose: RollPurpose,
    roll: &PercentileRoll,
    (skill, window): (u32, Window),
    modifiers: Vec<Modifier>,
    firearm: bool,
) -> Checked {
    let chance = chance(skill, &modifiers);
    let class = judge(roll.value, chance, window);
    Checked {
        record: RollRecord {
            purpose,
            dice: vec![
                RolledDie::tens(roll.kept_tens(), true),
                RolledDie::units(roll.units),
            ],
            verdict: RollVerdict::Classes(ClassVerdict {
                value: roll.value,
                skill,
                chance,
                minimum: window.minimum,
                hail_mary: window.hail_mary,
                class,
            }),
            modifiers,
            success: class.is_success(),
        },
        verdict: verdict_of(roll.value, class, firearm),
    }
}

/// The window a roll had to land in: "45", or "20 to 45" with a minimum.
fn window_words(verdict: &ClassVerdict, modifiers: &[Modifier]) -> String {
    let chance = chance_words(verdict.skill, verdict.chance, modifiers);
    let chance = match verdict.minimum {
        Some(minimum) => format!("{chance}, at least {minimum}"),
        None => chance,
    };
    if verdict.hail_mary {
        format!("{chance}, a Hail Mary (01 or doubles)")
    } else {
        chance
    }
}

/// A roll in the log's words: "44 against 55 · −10 wounded = 45: matched success".
pub fn roll_words(record: &RollRecord, verdict: &ClassVerdict) -> String {
    format!(
        "{:02} against {}: {}",
        verdict.value % 100,
        window_words(verdict, &record.modifiers),
        verdict.class.words()
    )
}

/// A class roll as a card draws it: the two dice, the value, the window and the class.
pub fn sketch(record: &RollRecord, verdict: &ClassVerdict) -> RollSketch {
    let mut thresholds = vec![Threshold {
        words: format!("≤{}", verdict.chance),
        needed: true,
    }];
    if let Some(minimum) = verdict.minimum {
        thresholds.push(Threshold {
            words: format!("min {minimum}"),
            needed: true,
        });
    }
    thresholds.push(Threshold {
        words: if verdict.hail_mary {
            "Hail Mary: 01 or doubles".to_string()
        } else {
            "doubles matched".to_string()
        },
        needed: verdict.hail_mary,
    });
    RollSketch {
        heading: format!(
            "{} {}",
            record.purpose.name(),
            chance_words(verdict.skill, verdict.chance, &record.modifiers)
        ),
        dice: vec![
            vec![SketchedDie::plain(format!(
                "{:02}",
                record.face(DieRole::Tens)
            ))],
            vec![SketchedDie::plain(record.face(DieRole::Units).to_string())],
        ],
        reading: format!("= {:02}", verdict.value % 100),
        verdict: verdict.class.words().to_string(),
        tone: tone(verdict.class),
        thresholds,
        modifiers: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::modifiers::ModifierReason;
    use crate::rules::percentile::NetDice;

    fn wounded() -> Vec<Modifier> {
        vec![Modifier {
            reason: ModifierReason::Wounded,
            effect: Effect::Add(-10),
        }]
    }

    /// 01 is a critical and 00 a fumble at every skill, even past 100 or at 0.
    #[test]
    fn one_is_always_critical_and_a_hundred_always_a_fumble() {
        for chance in [0, 1, 5, 45, 99, 100, 150] {
            assert_eq!(
                judge(1, chance, Window::default()),
                RollClass::Critical,
                "{chance}"
            );
            assert_eq!(
                judge(100, chance, Window::default()),
                RollClass::Fumble,
                "{chance}"
            );
            assert_eq!(
                judge(1, chance, Window::at_least(20)),
                RollClass::Critical,
                "{chance}"
            );
        }
    }

    /// Doubles within the chance are matched successes, above it matched failures; the rest
    /// succeed at or under the chance.
    #[test]
    fn doubles_are_matched_either_way() {
        let table = [
            (44, 55, RollClass::MatchedSuccess),
            (55, 55, RollClass::MatchedSuccess),
            (66, 55, RollClass::MatchedFailure),
            (99, 98, RollClass::MatchedFailure),
            (11, 10, RollClass::MatchedFailure),
            (45, 45, RollClass::Success),
            (46, 45, RollClass::Failure),
            (10, 45, RollClass::Success),
            (2, 0, RollClass::Failure),
        ];
        for (roll, chance, class) in table {
            assert_eq!(
                judge(roll, chance, Window::default()),
                class,
                "{roll} against {chance}"
            );
        }
        assert!(!is_double(1) && !is_double(100) && !is_double(10) && is_double(77));
    }

    /// A minimum of 20: 19 fails, 20 to the skill succeeds, 11 is a matched failure, 01 still a
    /// critical.
    #[test]
    fn a_minimum_roll_opens_the_window_from_the_minimum() {
        let table = [
            (19, RollClass::Failure),
            (20, RollClass::Success),
            (11, RollClass::MatchedFailure),
            (22, RollClass::MatchedSuccess),
            (55, RollClass::MatchedSuccess),
            (56, RollClass::Failure),
            (2, RollClass::Failure),
        ];
        for (roll, class) in table {
            assert_eq!(judge(roll, 55, Window::at_least(20)), class, "{roll}");
        }
        // 20 to 55 is 36 faces, and the critical: 37%.
        assert!((success_chance(55, Window::at_least(20)) - 0.37).abs() < 1e-12);
        // A minimum above the skill leaves the critical alone.
        assert!((success_chance(15, Window::at_least(20)) - 0.01).abs() < 1e-12);
    }

    /// The exact odds by faces: at 55, one critical, five matched successes (11 … 55), 49
    /// plain successes, four matched failures (66 … 99), 40 failures and one fumble.
    #[test]
    fn the_faces_of_each_class() {
        let faces = class_faces(55, Window::default());
        assert_eq!(
            faces,
            [
                (RollClass::Critical, 1),
                (RollClass::MatchedSuccess, 5),
                (RollClass::Success, 49),
                (RollClass::Failure, 40),
                (RollClass::MatchedFailure, 4),
                (RollClass::Fumble, 1),
            ]
        );
        assert!((success_chance(55, Window::default()) - 0.55).abs() < 1e-12);
        // Past 99 only the fumble fails; at 0 only the critical succeeds.
        assert!((success_chance(130, Window::default()) - 0.99).abs() < 1e-12);
        assert!((success_chance(0, Window::default()) - 0.01).abs() < 1e-12);
    }

    /// Shifts add to the skill, and never take the chance below 0.
    #[test]
    fn shifts_move_the_chance() {
        assert_eq!(chance(55, &wounded()), 45);
        let blinded = [Modifier {
            reason: ModifierReason::Wounded,
            effect: Effect::Add(-80),
        }];
        assert_eq!(chance(55, &blinded), 0);
    }

    /// The log and the card say the roll, the window and the class.
    #[test]
    fn a_class_roll_reads_as_its_roll_its_window_and_its_class() {
        let roll = PercentileRoll::from_faces(vec![40], 4, NetDice::PLAIN);
        let record = checked(
            RollPurpose::Skill("Firearms".to_string()),
            &roll,
            (55, Window::default()),
            wounded(),
            false,
        )
        .record;
        let RollVerdict::Classes(verdict) = record.verdict else {
            panic!("a class verdict");
        };
        assert_eq!(verdict.class, RollClass::MatchedSuccess);
        assert!(record.success);
        assert_eq!(
            roll_words(&record, &verdict),
            "44 against 55 · −10 wounded = 45: matched success"
        );
        let card = sketch(&record, &verdict);
        assert_eq!(card.heading, "Firearms 55 · −10 wounded = 45");
        assert_eq!(card.reading, "= 44");
        assert_eq!(card.tone, Tone::Great);
        let grip = PercentileRoll::from_faces(vec![10], 9, NetDice::PLAIN);
        let struggle = checked(
            RollPurpose::Skill("Struggle".to_string()),
            &grip,
            (60, Window::at_least(20)),
            Vec::new(),
            false,
        )
        .record;
        let RollVerdict::Classes(verdict) = struggle.verdict else {
            panic!("a class verdict");
        };
        assert_eq!(
            roll_words(&struggle, &verdict),
            "19 against 60, at least 20: failure"
        );
        let marks: Vec<String> = sketch(&struggle, &verdict)
            .thresholds
            .into_iter()
            .map(|mark| mark.words)
            .collect();
        assert_eq!(marks, ["≤60", "min 20", "doubles matched"]);
        // 00 reads "00" and is a fumble.
        let fumble = PercentileRoll::from_faces(vec![0], 0, NetDice::PLAIN);
        let fumbled = checked(
            RollPurpose::Skill("Struggle".to_string()),
            &fumble,
            (60, Window::default()),
            Vec::new(),
            false,
        )
        .record;
        let RollVerdict::Classes(verdict) = fumbled.verdict else {
            panic!("a class verdict");
        };
        assert_eq!(roll_words(&fumbled, &verdict), "00 against 60: fumble");
        assert_eq!(sketch(&fumbled, &verdict).tone, Tone::Dire);
    }

    /// A Hail Mary at 55: 01 and the doubles 11 to 55 hit, 6 faces; a plain 37 fails; the
    /// words say so.
    #[test]
    fn a_hail_mary_hits_on_a_critical_or_doubles() {
        let hail_mary = Window {
            minimum: None,
            hail_mary: true,
        };
        assert_eq!(judge(37, 55, hail_mary), RollClass::Failure);
        assert_eq!(judge(33, 55, hail_mary), RollClass::MatchedSuccess);
        assert_eq!(judge(1, 55, hail_mary), RollClass::Critical);
        assert_eq!(judge(66, 55, hail_mary), RollClass::MatchedFailure);
        assert!((success_chance(55, hail_mary) - 0.06).abs() < 1e-12);
        let roll = PercentileRoll::from_faces(vec![30], 7, NetDice::PLAIN);
        let shot = checked(
            RollPurpose::Skill("Firearms".to_string()),
            &roll,
            (55, hail_mary),
            Vec::new(),
            false,
        )
        .record;
        let RollVerdict::Classes(verdict) = shot.verdict else {
            panic!("a class verdict");
        };
        assert_eq!(
            roll_words(&shot, &verdict),
            "37 against 55, a Hail Mary (01 or doubles): failure"
        );
    }
}
