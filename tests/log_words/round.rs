//! The log's words for the round and the table: turns, moves, weapons readied and reloaded,
//! and the keeper's dice and rulings.

use super::*;

/// One example of each of these kinds of event, and the words the log gives it.
pub(super) fn examples() -> Vec<(EventKind, &'static str)> {
    use EventKind as E;
    let check = example_check();
    vec![
        (E::BattleBegan { seed: 5 }, "The fight begins (dice seed 5)"),
        (
            E::RoundBegan {
                order: vec![ROSE, GHOUL],
                slots: Vec::new(),
            },
            "Round 2 · order: Rose Whateley, Ghoul of the Corbitt house",
        ),
        (E::TurnBegan { unit: ROSE }, "Rose Whateley's turn"),
        (
            E::ActionForfeited { unit: ROSE },
            "Rose Whateley has no action this turn",
        ),
        (
            E::Delayed {
                unit: ROSE,
                until: Some(GHOUL),
            },
            "Rose Whateley waits for Ghoul of the Corbitt house",
        ),
        (
            E::DelayLapsed { unit: ROSE },
            "Rose Whateley waited too long and loses the action",
        ),
        (
            E::TurnLost { unit: GHOUL },
            "Ghoul of the Corbitt house is stunned and loses the turn",
        ),
        (E::TurnEnded { unit: ROSE }, "Rose Whateley ends the turn"),
        (E::RoundEnded, "Round 2 ends"),
        (
            E::BattleEnded {
                outcome: Outcome {
                    winner: Some(0),
                    reason: "the last side standing".to_string(),
                },
            },
            "The fight is over, won by Investigators: the last side standing",
        ),
        (
            E::UnitJoined {
                unit: DOYLE,
                at: Tile::new(3, 4),
            },
            "Father Doyle joins the fight at (3, 4)",
        ),
        (
            E::Moved {
                unit: ROSE,
                path: vec![Tile::new(1, 1), Tile::new(2, 2)],
                cost: 14,
                spent: 14,
            },
            "Rose Whateley moves to (2, 2) (1.4 yards)",
        ),
        (E::StoodUp { unit: ROSE }, "Rose Whateley gets up"),
        (
            E::PostureTaken {
                unit: ROSE,
                posture: Posture::Kneeling,
            },
            "Rose Whateley kneels",
        ),
        (
            E::PostureTaken {
                unit: ROSE,
                posture: Posture::Prone,
            },
            "Rose Whateley lies down",
        ),
        (
            E::PostureTaken {
                unit: ROSE,
                posture: Posture::Standing,
            },
            "Rose Whateley stands",
        ),
        (E::Fled { unit: DOYLE }, "Father Doyle flees the fight"),
        (
            E::Revealed {
                unit: GHOUL,
                how: Reveal::SeenBy(ROSE),
            },
            "Ghoul of the Corbitt house comes out of hiding: Rose Whateley sees it",
        ),
        (
            E::MineTriggered {
                unit: GHOUL,
                at: Tile::new(5, 5),
            },
            "Ghoul of the Corbitt house steps on a mine at (5, 5)",
        ),
        (
            E::ReadiedWeapon {
                unit: ROSE,
                weapon: "Knife, large (machete, etc.)".to_string(),
            },
            "Rose Whateley readies the Knife, large (machete, etc.)",
        ),
        (
            E::Aimed {
                unit: WALTER,
                target: GHOUL,
            },
            "Walter Corbitt Jr. takes careful aim at Ghoul of the Corbitt house",
        ),
        (
            E::AimLost { unit: WALTER },
            "Walter Corbitt Jr. loses the aim",
        ),
        (
            E::Malfunctioned {
                unit: WALTER,
                weapon: "Thompson".to_string(),
                outcome: MalfunctionKind::Jam,
                work: Some(die(6, 2)),
                rounds: None,
            },
            "The Thompson jams: 2 rounds of work to clear it [D6: 2]",
        ),
        (
            E::Malfunctioned {
                unit: WALTER,
                weapon: "Heavy pistol".to_string(),
                outcome: MalfunctionKind::Jam,
                work: None,
                rounds: Some(1),
            },
            "The Heavy pistol jams: 1 round of work and a roll to clear it",
        ),
        (
            E::JamWorkedOn {
                unit: WALTER,
                weapon: "Thompson".to_string(),
                rounds_left: 1,
            },
            "Walter Corbitt Jr. works on the jammed Thompson: 1 more round",
        ),
        (
            E::JamCleared {
                unit: WALTER,
                weapon: "Thompson".to_string(),
            },
            "Walter Corbitt Jr. clears the Thompson",
        ),
        (
            E::Reloaded {
                unit: WALTER,
                weapon: ".38 or 9mm Revolver".to_string(),
                loaded: 2,
                spare: 10,
                half_done: false,
            },
            "Walter Corbitt Jr. reloads the .38 or 9mm Revolver: 2 loaded, 10 spare",
        ),
        (
            E::WeaponFreed {
                unit: ROSE,
                weapon: "Knife, large (machete, etc.)".to_string(),
                made_it: true,
            },
            "Rose Whateley works the Knife, large (machete, etc.) free",
        ),
        (
            E::ChargeSet {
                unit: ROSE,
                weapon: "Plastique (C-4)".to_string(),
                at: Tile::new(2, 2),
                fuse: Some(2),
            },
            "Rose Whateley sets the Plastique (C-4) at (2, 2): it goes off in 2 rounds",
        ),
        (
            E::Rejected {
                command: Command::EndTurn { unit: ROSE },
                reason: Rejection::NotItsTurn,
            },
            "Rose Whateley cannot do that: it is not this unit's turn",
        ),
        (
            E::Rejected {
                command: Command::Keeper(KeeperOrder::Bring {
                    unit: ROSE,
                    at: Tile::new(2, 2),
                }),
                reason: Rejection::KeeperRefused(
                    "not while an attack waits for its answer".to_string(),
                ),
            },
            "The keeper cannot do that: not while an attack waits for its answer",
        ),
        (
            E::DiceEntered { faces: vec![4, 5] },
            "The keeper enters dice: 4, 5",
        ),
        (
            E::Adjusted {
                unit: GHOUL,
                change: Adjustment::HitPoints(7),
            },
            "The keeper sets Ghoul of the Corbitt house's hit points to 7",
        ),
        (
            E::Adjusted {
                unit: ROSE,
                change: Adjustment::Place(Tile::new(2, 3)),
            },
            "The keeper sets Rose Whateley down at (2, 3)",
        ),
        (
            E::RolledInSecret {
                unit: WALTER,
                roll: level_rolls::record(
                    RollPurpose::Skill("Listen".to_string()),
                    &check,
                    Vec::new(),
                ),
            },
            "Walter Corbitt Jr. rolls Listen in secret: 63 against 60, hard needed: failure",
        ),
    ]
}
