//! The d100 house sheet's unit (SPECS.md 4.1): Body, Speed, Mind and Soul on the percentile
//! scale, kept in the shared sheet's CON, DEX, INT and POW (so a unit file writes either
//! name); hit points of twice Body; skills in percent with no base; MOV 8 yards and act, or 16
//! and nothing else; the wound shifts, −10 once a third of the hit points is lost and −20 at
//! two thirds, on every roll.

use crate::rules::characteristics::{Characteristics, DerivedStats, MoveAllowance};
use crate::rules::damage::Formula;
use crate::rules::modifiers::{Effect, Modifier, ModifierReason};
use crate::rules::situation::StandingFacts;
use crate::rules::skills::{FIRST_AID, SkillEntry, fighting, skill};
use crate::rulesets::d100_house::reasons;

pub const FIREARMS: &str = "Firearms";
pub const STRUGGLE: &str = "Struggle";
pub const DODGE: &str = "Dodge";
pub const ATHLETICS: &str = "General Athletics";
pub const INITIATIVE: &str = "Initiative";

/// The characteristics as the sheet names them, and the shared field each is kept in.
pub const CHARACTERISTICS: [(&str, &str); 4] = [
    ("Body", "CON"),
    ("Speed", "DEX"),
    ("Mind", "INT"),
    ("Soul", "POW"),
];

/// The highest a characteristic goes on the percentile scale.
const HIGHEST: u32 = 100;

/// Yards a unit moves and still acts (twice that running, and nothing else).
const MOVEMENT: u32 = 8;

/// The skills a fight calls for (SPECS.md's [house] field set), none with a base.
pub const HOUSE_SKILLS: &[SkillEntry] = &[
    skill(FIREARMS, &["Firearm", "Guns"], 0),
    fighting(STRUGGLE, &["Brawl", "Melee"], 0),
    skill(DODGE, &[], 0),
    skill(ATHLETICS, &["Athletics"], 0),
    skill(INITIATIVE, &[], 0),
    skill(FIRST_AID, &[], 0),
];

/// Hit points of twice Body, 8 yards of movement; no Build or damage bonus (damage is read off
/// the attack roll).
pub fn derive(characteristics: &Characteristics) -> DerivedStats {
    DerivedStats {
        hit_points: characteristics.constitution.saturating_mul(2),
        moves: MoveAllowance::running(MOVEMENT),
        build: 0,
        damage_bonus: Formula::default(),
    }
}

/// Why a sheet value does not fit: Body, Speed, Mind and Soul run from 1 to 100; the shared
/// sheet's STR, SIZ, APP, EDU and Luck mean nothing here.
pub fn characteristic_problem(name: &str, value: u32) -> Option<String> {
    let (own, _) = CHARACTERISTICS.iter().find(|(_, field)| *field == name)?;
    (!(1..=HIGHEST).contains(&value)).then(|| {
        format!("{own} ({name}) {value} is out of range: characteristics run from 1 to {HIGHEST}")
    })
}

/// "Body 55 · Speed 60 · Mind 45 · Soul 40".
pub fn sheet_line(characteristics: &Characteristics) -> String {
    CHARACTERISTICS
        .iter()
        .map(|(own, field)| {
            format!(
                "{own} {}",
                characteristics.by_name(field).unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The hit points lost at which each wound shift starts, for a unit of `most` hit points: a
/// third and two thirds, rounded up.
pub fn shift_thresholds(most: u32) -> [u32; 2] {
    [most.div_ceil(3), most.saturating_mul(2).div_ceil(3)]
}

/// The shifts on every roll: the wound shift, −10 once a third of the hit points is lost, −20
/// at two thirds; suppressing fire's for the bullets fired at the unit; −10 for each daze;
/// a blinding cherry's −30; −5 for each round a fire on it has burnt.
pub fn standing_modifiers(facts: &StandingFacts) -> Vec<Modifier> {
    let lost = facts.max_hit_points.saturating_sub(facts.hit_points);
    let [third, two_thirds] = shift_thresholds(facts.max_hit_points);
    let wounded = if lost >= two_thirds && lost > 0 {
        -20
    } else if lost >= third && lost > 0 {
        -10
    } else {
        0
    };
    [
        (ModifierReason::Wounded, wounded),
        (
            reasons::SUPPRESSED,
            super::suppression::shift(facts.suppressing_bullets),
        ),
        (
            reasons::DAZED,
            super::firearms::DAZED.saturating_mul(i32::try_from(facts.dazes).unwrap_or(i32::MAX)),
        ),
        (
            reasons::BLINDED,
            if facts.blinded {
                super::cherries::CHERRIES.blind_shift
            } else {
                0
            },
        ),
        (
            reasons::BURNING,
            super::hazards::BURNING
                .saturating_mul(i32::try_from(facts.burning_rounds).unwrap_or(i32::MAX)),
        ),
    ]
    .into_iter()
    .filter(|(_, shift)| *shift != 0)
    .map(|(reason, shift)| Modifier {
        reason,
        effect: Effect::Add(shift),
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(body: u32, speed: u32) -> Characteristics {
        Characteristics {
            strength: 0,
            constitution: body,
            size: 0,
            dexterity: speed,
            appearance: 0,
            intelligence: 40,
            power: 40,
            education: 0,
            luck: 0,
        }
    }

    /// Spin Cycle's six (SPECS.md 4.4): hit points of twice Body, and where the wound shifts
    /// start: Rico 110 → 37/74, Dee 120 → 40/80, Lou 90 → 30/60, Grey and Nico 100 → 34/67,
    /// Bruno 130 → 44/87.
    #[test]
    fn hit_points_and_the_wound_shifts_of_spin_cycle() {
        for (body, most, thresholds) in [
            (55, 110, [37, 74]),
            (60, 120, [40, 80]),
            (45, 90, [30, 60]),
            (50, 100, [34, 67]),
            (65, 130, [44, 87]),
        ] {
            let derived = derive(&sheet(body, 50));
            assert_eq!(derived.hit_points, most, "Body {body}");
            assert_eq!(derived.movement(), 8);
            assert_eq!(derived.moves.most, 160);
            assert_eq!(shift_thresholds(most), thresholds, "{most}");
        }
    }

    /// Rico (110): 36 lost, no shift; 37, −10; 73, −10; 74, −20.
    /// The shifts on every roll of a unit of 110 hit points with `lost` taken and
    /// `bullets` of suppressing fire on it, by reason.
    fn shifts(lost: u32, bullets: u32) -> Vec<(ModifierReason, i32)> {
        let facts = StandingFacts {
            hit_points: 110 - lost,
            max_hit_points: 110,
            suppressing_bullets: bullets,
            ..StandingFacts::default()
        };
        standing_modifiers(&facts)
            .iter()
            .map(|modifier| match modifier.effect {
                Effect::Add(points) => (modifier.reason, points),
                _ => (modifier.reason, 0),
            })
            .collect()
    }

    #[test]
    fn the_wound_shift_by_hit_points_lost() {
        let total = |lost| shifts(lost, 0).iter().map(|(_, shift)| shift).sum::<i32>();
        assert_eq!(
            [0, 36, 37, 73, 74, 110].map(total),
            [0, 0, -10, -10, -20, -20]
        );
    }

    /// Suppression's shift stands beside the wound's: 6 bullets on Rico at 40 lost are −10 and
    /// −10, 3 bullets shift nothing.
    #[test]
    fn suppression_shifts_beside_the_wounds() {
        use crate::rulesets::d100_house::reasons::SUPPRESSED;
        use ModifierReason::Wounded;
        assert_eq!(shifts(40, 6), vec![(Wounded, -10), (SUPPRESSED, -10)]);
        assert_eq!(shifts(0, 12), vec![(SUPPRESSED, -20)]);
        assert_eq!(shifts(0, 3), vec![]);
    }

    /// Each daze is −10 more: two are −20; blinded as well, −30 beside them.
    #[test]
    fn dazes_add_up_and_a_blinding_stands_beside_them() {
        let facts = StandingFacts {
            hit_points: 100,
            max_hit_points: 100,
            dazes: 2,
            ..StandingFacts::default()
        };
        let shift = |reason, by| Modifier {
            reason,
            effect: Effect::Add(by),
        };
        assert_eq!(standing_modifiers(&facts), vec![shift(reasons::DAZED, -20)]);
        let blinded = StandingFacts {
            blinded: true,
            ..facts
        };
        assert_eq!(
            standing_modifiers(&blinded),
            vec![shift(reasons::DAZED, -20), shift(reasons::BLINDED, -30)]
        );
    }

    #[test]
    fn characteristics_stay_in_their_ranges_and_read_in_the_sheets_words() {
        assert_eq!(characteristic_problem("CON", 100), None);
        assert_eq!(
            characteristic_problem("DEX", 101).as_deref(),
            Some("Speed (DEX) 101 is out of range: characteristics run from 1 to 100")
        );
        assert!(characteristic_problem("POW", 0).is_some());
        assert_eq!(characteristic_problem("STR", 0), None, "no STR here");
        assert_eq!(
            sheet_line(&sheet(55, 60)),
            "Body 55 · Speed 60 · Mind 40 · Soul 40"
        );
    }
}
