//! The log's words for harm and care: damage, wounds, grapples' holds, fire, first aid.

use super::*;

/// One example of each of these kinds of event, and the words the log gives it.
pub(super) fn examples() -> Vec<(EventKind, &'static str)> {
    use EventKind as E;
    let damage = example_damage();
    vec![
        (
            E::DamageRolled {
                unit: WALTER,
                target: GHOUL,
                weapon: ".38 or 9mm Revolver".to_string(),
                roll: damage,
            },
            ".38 or 9mm Revolver: 7 damage [dice 7]",
        ),
        (
            E::StunnedForRound { unit: ROSE },
            "Rose Whateley is stunned and does nothing more this round",
        ),
        (E::FellProne { unit: ROSE }, "Rose Whateley falls prone"),
        (
            E::Damaged {
                unit: GHOUL,
                by: Some(WALTER),
                rolled: 9,
                armor: 5,
                taken: 4,
                hit_points: 9,
                cover: 3,
                severity: BlowSeverity::Regular,
            },
            "Ghoul of the Corbitt house takes 4 damage (9 less 3 for the cover and 2 armor), 9 hit points left",
        ),
        (
            E::WoundChanged {
                unit: WALTER,
                from: WoundState::Hurt,
                to: WoundState::MajorWound,
            },
            "Walter Corbitt Jr. is badly wounded (major wound)",
        ),
        (
            E::Disarmed {
                unit: WALTER,
                weapon: ".38 or 9mm Revolver".to_string(),
            },
            "Walter Corbitt Jr. loses the .38 or 9mm Revolver",
        ),
        (
            E::Held {
                unit: ROSE,
                holder: GHOUL,
            },
            "Rose Whateley is held by Ghoul of the Corbitt house",
        ),
        (
            E::Released {
                unit: ROSE,
                holder: GHOUL,
            },
            "Rose Whateley is free of Ghoul of the Corbitt house",
        ),
        (
            E::Stabilised {
                unit: WALTER,
                by: DOYLE,
                hit_points: 1,
            },
            "Father Doyle stabilises Walter Corbitt Jr. at 1 hit point",
        ),
        (
            E::Healed {
                unit: WALTER,
                by: DOYLE,
                amount: 1,
            },
            "Father Doyle heals Walter Corbitt Jr. of 1 hit point",
        ),
        (
            E::ChokedOut {
                unit: WALTER,
                by: ROSE,
            },
            "Walter Corbitt Jr. is choked out by Rose Whateley",
        ),
        (
            E::BelowZero {
                unit: ROSE,
                hit_points: 5,
            },
            "Rose Whateley is 5 hit points below zero",
        ),
        (
            E::Gripped {
                unit: WALTER,
                target: ROSE,
                grip: Grip::Strangle {
                    rounds: 0,
                    breathless: false,
                },
            },
            "Walter Corbitt Jr. begins to strangle Rose Whateley",
        ),
        (
            E::Gripped {
                unit: WALTER,
                target: ROSE,
                grip: Grip::Immobilise,
            },
            "Walter Corbitt Jr. holds Rose Whateley pinned",
        ),
        (
            E::GripEased {
                unit: WALTER,
                target: ROSE,
            },
            "Walter Corbitt Jr. eases the grip on Rose Whateley",
        ),
        (
            E::Backlash {
                unit: WALTER,
                weapon: "Chainsaw".to_string(),
            },
            "The Chainsaw turns on Walter Corbitt Jr.",
        ),
        (
            E::Injured {
                unit: ROSE,
                by: Some(GHOUL),
                net: 3,
                weapon: 1,
                soak: 0,
                severity: Some(4),
                wound_level: 5,
                remaining: 2,
                penalty: Some(3),
            },
            "Rose Whateley takes an injury of 4 (net 3 + 1 − 0 soaked): wound level 5, −3 dice \
             on every roll",
        ),
        (
            E::Injured {
                unit: WALTER,
                by: Some(GHOUL),
                net: 2,
                weapon: 0,
                soak: 3,
                severity: None,
                wound_level: 0,
                remaining: 7,
                penalty: Some(0),
            },
            "Walter Corbitt Jr. shrugs it off (net 2 + 0 − 3 soaked)",
        ),
        (
            E::Gripped {
                unit: WALTER,
                target: ROSE,
                grip: Grip::Garrote,
            },
            "Walter Corbitt Jr. pulls the garrote tight on Rose Whateley: 1D6 a round until a \
             maneuver breaks free",
        ),
        (
            E::BreathGone { unit: ROSE },
            "Rose Whateley can hold their breath no longer and chokes (1D6 a round until freed)",
        ),
        (
            E::CaughtFire { unit: GHOUL },
            "Ghoul of the Corbitt house catches fire",
        ),
        (
            E::Burned {
                unit: GHOUL,
                damage: 4,
            },
            "Ghoul of the Corbitt house burns for 4 damage",
        ),
        (
            E::FireOut { unit: GHOUL },
            "The fire on Ghoul of the Corbitt house is out",
        ),
    ]
}
