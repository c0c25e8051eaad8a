//! The log's words for attacks: blows and maneuvers, their answers, gunfire and blasts.

use super::*;

/// One example of each of these kinds of event, and the words the log gives it.
pub(super) fn examples() -> Vec<(EventKind, &'static str)> {
    use EventKind as E;
    let check = example_check();
    vec![
        (
            E::Rolled {
                unit: WALTER,
                roll: level_rolls::record(
                    RollPurpose::Skill("Firearms (Handgun)".to_string()),
                    &check,
                    vec![Modifier::new(ModifierReason::HalfCover, -1)],
                ),
            },
            "Walter Corbitt Jr. rolls Firearms (Handgun): 63 against 60 (−1 half cover), hard needed: failure",
        ),
        (
            E::Rolled {
                unit: ROSE,
                roll: level_rolls::record(
                    RollPurpose::Skill("Dodge".to_string()),
                    &SkillCheck::judge(
                        PercentileRoll::from_faces(vec![40], 2, NetDice::PLAIN),
                        50,
                        Difficulty::Hard,
                    ),
                    Vec::new(),
                ),
            },
            "Rose Whateley rolls Dodge: 42 against 50, hard needed: regular success, not enough",
        ),
        (
            E::SurpriseAttempted {
                unit: GHOUL,
                target: DOYLE,
                seen: false,
            },
            "Father Doyle is caught unawares by Ghoul of the Corbitt house",
        ),
        (
            E::Attacked {
                unit: GHOUL,
                target: DOYLE,
                weapon: "Claws".to_string(),
            },
            "Ghoul of the Corbitt house attacks Father Doyle with the Claws",
        ),
        (
            E::Maneuvered {
                unit: ROSE,
                target: GHOUL,
                goal: ManeuverGoal::KnockProne,
            },
            "Rose Whateley tries to knock down Ghoul of the Corbitt house",
        ),
        (
            E::DefenceAsked {
                unit: DOYLE,
                attacker: GHOUL,
                asked: DefenceKind::Melee,
            },
            "Father Doyle must answer Ghoul of the Corbitt house: dodge, fight back or a maneuver",
        ),
        (
            E::Answered {
                unit: DOYLE,
                answer: Answer::DiveForCover,
            },
            "Father Doyle dives for cover",
        ),
        (
            E::MeleeResolved {
                attacker: GHOUL,
                defender: DOYLE,
                outcome: MeleeOutcome::DefenderStrikes,
            },
            "Father Doyle turns it on Ghoul of the Corbitt house",
        ),
        (
            E::Fired {
                unit: WALTER,
                weapon: "Thompson".to_string(),
                rounds: 12,
                wasted: 3,
            },
            "Walter Corbitt Jr. fires the Thompson: 12 rounds, 3 more wasted between targets",
        ),
        (
            E::ShotAt {
                unit: WALTER,
                target: GHOUL,
                bullets: 6,
                band: RangeBand::Long,
                point_blank: false,
                line: ShotLine::HalfConcealed {
                    cover: Tile::new(4, 4),
                    armor: 3,
                },
            },
            "Walter Corbitt Jr. · a volley of 6 at Ghoul of the Corbitt house: long range, half cover",
        ),
        (
            E::BulletsCounted {
                unit: WALTER,
                target: GHOUL,
                die: die(9, 4),
            },
            "1D9 for the bullets of the burst that hit Ghoul of the Corbitt house: 4",
        ),
        (
            E::ShotHit {
                unit: WALTER,
                target: GHOUL,
                hits: 6,
                extreme: 3,
            },
            "6 bullets hit Ghoul of the Corbitt house, 3 of them extreme",
        ),
        (
            E::ShotMissed {
                unit: WALTER,
                target: GHOUL,
            },
            "The shot misses Ghoul of the Corbitt house",
        ),
        (
            E::ShotWasted {
                unit: WALTER,
                target: GHOUL,
                bullets: 6,
            },
            "6 rounds at Ghoul of the Corbitt house cannot hit: the fire is too wild",
        ),
        (
            E::StrayHit {
                unit: WALTER,
                target: GHOUL,
                ally: ROSE,
            },
            "A fumble into the melee around Ghoul of the Corbitt house: Rose Whateley is hit instead",
        ),
        (
            E::DodgedFire {
                unit: DOYLE,
                made_it: false,
            },
            "Father Doyle tries to dodge the first bullet, too slowly",
        ),
        (
            E::WeaponStuck {
                unit: ROSE,
                weapon: "Knife, large (machete, etc.)".to_string(),
                target: GHOUL,
            },
            "Rose Whateley's Knife, large (machete, etc.) sticks in Ghoul of the Corbitt house: bare hands until it is worked free",
        ),
        (
            E::TargetDrawn {
                unit: WALTER,
                target: GHOUL,
                die: die(2, 2),
            },
            "The die sends Walter Corbitt Jr.'s next shot at Ghoul of the Corbitt house [1D2: 2]",
        ),
        (
            E::KnockOutSwung {
                unit: WALTER,
                target: ROSE,
                weapon: "Club".to_string(),
            },
            "Walter Corbitt Jr. strikes at Rose Whateley with the Club to knock them out",
        ),
        (
            E::StrengthPitted {
                unit: ROSE,
                against: WALTER,
                contest: Contest::ThrowOff,
                active: 11,
                passive: 16,
                odds: Resistance::Chance(25),
                won: false,
            },
            "Rose Whateley strains to throw off the grapple of Walter Corbitt Jr.: STR 11 \
             against 16 (25% on the resistance table): held",
        ),
        (
            E::StrengthPitted {
                unit: WALTER,
                against: ROSE,
                contest: Contest::Pin,
                active: 28,
                passive: 11,
                odds: Resistance::Sure(true),
                won: true,
            },
            "Walter Corbitt Jr. strains to pin Rose Whateley: STR 28 against 11 (sure, ten or \
             more ahead): pinned: it can do nothing until let be",
        ),
        (
            E::StrengthPitted {
                unit: ROSE,
                against: WALTER,
                contest: Contest::BreakFree,
                active: 11,
                passive: 16,
                odds: Resistance::Chance(25),
                won: true,
            },
            "Rose Whateley strains to break free of Walter Corbitt Jr.: STR 11 against 16 (25% \
             on the resistance table): free",
        ),
        (
            E::KnockOutWeighed {
                unit: WALTER,
                target: ROSE,
                damage: 12,
                hit_points: 13,
                odds: Resistance::Chance(45),
                knocked_out: true,
            },
            "Knock-out: 12 damage against Rose Whateley's 13 hit points (45% on the resistance \
             table): knocked out, losing 4 of them",
        ),
        (
            E::KnockOutWeighed {
                unit: WALTER,
                target: ROSE,
                damage: 3,
                hit_points: 13,
                odds: Resistance::Sure(false),
                knocked_out: false,
            },
            "Knock-out: 3 damage against Rose Whateley's 13 hit points (no chance, ten or more \
             behind): not knocked out: the blow goes in whole",
        ),
        (
            E::BulletDodged {
                unit: ROSE,
                target: DOYLE,
            },
            "Father Doyle's dodge takes one hit of Rose Whateley's away",
        ),
        (
            E::Launched {
                unit: ROSE,
                weapon: "Dynamite Stick".to_string(),
                at: Tile::new(6, 6),
            },
            "Rose Whateley sends the Dynamite Stick at (6, 6)",
        ),
        (
            E::Scattered {
                weapon: "Dynamite Stick".to_string(),
                from: Tile::new(6, 6),
                to: Tile::new(9, 6),
                direction: die(8, 3),
                yards: vec![die(4, 1), die(4, 2)],
            },
            "The Dynamite Stick goes astray from (6, 6) to (9, 6) [D8: 3, D4: 1 2]",
        ),
        (
            E::Exploded {
                weapon: "Dynamite Stick".to_string(),
                at: Tile::new(9, 6),
                radius: Some(3),
            },
            "The Dynamite Stick bursts at (9, 6) (radius 3 yards)",
        ),
        (
            E::Dud {
                weapon: "Hand Grenade".to_string(),
                at: Tile::new(9, 6),
            },
            "The Hand Grenade at (9, 6) does not go off",
        ),
        (
            E::Shielded {
                unit: DOYLE,
                by: Tile::new(8, 7),
            },
            "Father Doyle is shielded from the blast by (8, 7)",
        ),
    ]
}
