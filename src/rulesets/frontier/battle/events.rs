//! The western's own events, carried by the engine's stream and written as the engine's own are
//! (snake-case kinds, the unit first).

use serde::Serialize;

use super::declaration::Declaration;
use crate::battle::UnitId;
use crate::battle::event::{EventKind, LogKind};
use crate::battle::own::{ContestCard, ContestSide, Located, OwnEvent, RulebookEvent};
use crate::map::scenario::Scenario;
use crate::rules::body::BodyPart;
use crate::rules::modifiers::{Effect, Modifier};
use crate::rulesets::frontier::draw::DrawTotal;
use crate::rulesets::frontier::wounds::PainFailure;
use crate::words::the_weapon;

/// What happens in a battle by the western's own mechanisms.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum FrontierEvent {
    /// Tripped, it failed the roll to rise: up all the same, but each foe within reach gets a
    /// free blow at it.
    Stumbled { unit: UnitId },
    /// `by`'s First Aid stops `unit`'s bleeding.
    BleedingStopped { unit: UnitId, by: UnitId },
    /// `unit` failed the roll against a wound's pain: it falls and drops what it held
    /// (`dropped`), or, hurt hand to hand, loses its action this round.
    PainFelt {
        unit: UnitId,
        failure: PainFailure,
        dropped: Option<String>,
    },
    /// `unit` rolled against the pain of an earlier wound again, and mastered it.
    PainMastered { unit: UnitId },
    /// `unit`'s turn goes by: it is down in the pain of a wound this round.
    DownInPain { unit: UnitId },
    /// A specific shot in the legs hit `unit`: it moves no further than its zigzag for the rest
    /// of the fight.
    ShotInTheLegs { unit: UnitId },
    /// As the round ends, `unit` bleeds `loss` (the damage follows).
    Bled { unit: UnitId, loss: u32 },
    /// A bullet went through `cover` to reach `unit`, which took `stopped` off its damage (wood,
    /// iron and steel: the `faces` of the dice rolled for it, if any).
    ThroughMaterial {
        unit: UnitId,
        cover: String,
        faces: Vec<u32>,
        stopped: u32,
    },
    /// As the round ends, one of `unit`'s wounds of the round (dealt by `weapon`) is located:
    /// the d100 `die` read as `part`.
    WoundLocated {
        unit: UnitId,
        weapon: String,
        die: u32,
        part: BodyPart,
    },
    /// In its declaration slot, how `unit` will move and what it will do this round.
    Declared {
        unit: UnitId,
        declaration: Declaration,
    },
    /// `unit`'s act turn ended without the act it declared (the target fell, went out of sight
    /// or reach): that part of the declaration is lost.
    DeclarationLost {
        unit: UnitId,
        declaration: Declaration,
    },
    /// A quick draw: `unit`'s shot at `rival`, whose declared shot was at it; each side's
    /// draw, and who fires first (`None`: both at once).
    QuickDrawn {
        unit: UnitId,
        rival: UnitId,
        shooter: DrawTotal,
        answer: DrawTotal,
        first: Option<UnitId>,
    },
}

impl From<FrontierEvent> for EventKind {
    fn from(event: FrontierEvent) -> Self {
        Self::Rulebook(RulebookEvent::new(event))
    }
}

impl OwnEvent for FrontierEvent {
    fn kind(&self) -> LogKind {
        match self {
            Self::Stumbled { .. } => LogKind::Moves,
            Self::BleedingStopped { .. } => LogKind::Care,
            Self::PainFelt { .. }
            | Self::PainMastered { .. }
            | Self::DownInPain { .. }
            | Self::ShotInTheLegs { .. }
            | Self::Bled { .. }
            | Self::ThroughMaterial { .. }
            | Self::WoundLocated { .. } => LogKind::Wounds,
            Self::QuickDrawn { .. } | Self::Declared { .. } | Self::DeclarationLost { .. } => {
                LogKind::Attacks
            }
        }
    }

    fn units(&self) -> Vec<UnitId> {
        match self {
            Self::Stumbled { unit }
            | Self::PainFelt { unit, .. }
            | Self::PainMastered { unit }
            | Self::DownInPain { unit }
            | Self::ShotInTheLegs { unit }
            | Self::Bled { unit, .. }
            | Self::ThroughMaterial { unit, .. }
            | Self::WoundLocated { unit, .. } => vec![*unit],
            Self::BleedingStopped { unit, by } => vec![*unit, *by],
            Self::QuickDrawn { unit, rival, .. } => vec![*unit, *rival],
            Self::Declared { unit, declaration } | Self::DeclarationLost { unit, declaration } => {
                std::iter::once(*unit)
                    .chain(declaration.act.target())
                    .collect()
            }
        }
    }

    fn words(&self, scenario: &Scenario) -> String {
        let name = |unit: UnitId| unit.name_in(scenario);
        match self {
            Self::Stumbled { unit } => format!(
                "{} stumbles getting up: each foe within reach strikes once, free",
                name(*unit)
            ),
            Self::BleedingStopped { unit, by } => {
                format!("{} stops {}'s bleeding", name(*by), name(*unit))
            }
            Self::PainFelt {
                unit,
                failure,
                dropped,
            } => match (failure, dropped) {
                (PainFailure::FallAndDrop, Some(weapon)) => format!(
                    "{} falls in pain and drops {}: nothing more this round",
                    name(*unit),
                    the_weapon(weapon)
                ),
                (PainFailure::FallAndDrop, None) => {
                    format!("{} falls in pain: nothing more this round", name(*unit))
                }
                (PainFailure::NoAttacks, _) => {
                    format!("{} reels from the blow: no action this round", name(*unit))
                }
            },
            Self::PainMastered { unit } => format!("{} masters the pain", name(*unit)),
            Self::Declared { unit, declaration } => {
                format!("{} declares: {}", name(*unit), declaration.words(name))
            }
            Self::DeclarationLost { unit, declaration } => format!(
                "{}'s declaration is lost, not carried out ({})",
                name(*unit),
                declaration.words(name)
            ),
            Self::DownInPain { unit } => {
                format!("{} is down in pain and does nothing this turn", name(*unit))
            }
            Self::ShotInTheLegs { unit } => format!(
                "{} is shot in the legs: no further than a zigzag for the rest of the fight",
                name(*unit)
            ),
            Self::Bled { unit, loss } => format!("{} bleeds {loss}", name(*unit)),
            Self::ThroughMaterial {
                unit,
                cover,
                faces,
                stopped,
            } => {
                let dice = if faces.is_empty() {
                    String::new()
                } else {
                    let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
                    format!(" (dice {})", faces.join(" "))
                };
                format!(
                    "The bullet goes through the {cover} to {}: {stopped} off its damage{dice}",
                    name(*unit)
                )
            }
            Self::WoundLocated {
                unit,
                weapon,
                die,
                part,
            } => format!(
                "{}'s wound from {} is in the {} (d100 {die})",
                name(*unit),
                the_weapon(weapon),
                part.words()
            ),
            Self::QuickDrawn {
                unit,
                rival,
                shooter,
                answer,
                first,
            } => {
                let who = match first {
                    Some(first) => format!("{} fires first", name(*first)),
                    None => "both fire at once".to_string(),
                };
                format!(
                    "Quick draw: {} {} against {} {}: {who}",
                    name(*unit),
                    shooter.words(),
                    name(*rival),
                    answer.words()
                )
            }
        }
    }

    fn locates(&self) -> Option<Located> {
        match self {
            Self::WoundLocated {
                unit,
                weapon,
                die,
                part,
            } => Some(Located {
                unit: *unit,
                weapon: weapon.clone(),
                words: format!("in the {} · d100 {die}", part.words()),
            }),
            _ => None,
        }
    }

    fn begins_a_moment(&self) -> bool {
        matches!(self, Self::QuickDrawn { .. })
    }

    fn contest_card(&self) -> Option<ContestCard> {
        let Self::QuickDrawn {
            unit,
            rival,
            shooter,
            answer,
            first,
        } = self
        else {
            return None;
        };
        Some(ContestCard {
            title: "Quick draw",
            first: *first,
            won: "fires first",
            even: "both fire at once",
            sides: [draw_side(*unit, shooter), draw_side(*rival, answer)],
        })
    }
}

/// One side of a quick draw on its card: the d100, the total, then what made up the bonus.
fn draw_side(unit: UnitId, draw: &DrawTotal) -> ContestSide {
    let mut parts = vec![format!("+{} skill", draw.skill_points)];
    parts.extend(
        draw.modifiers
            .iter()
            .filter(|modifier| matches!(modifier.effect, Effect::Add(_)))
            .map(Modifier::words),
    );
    ContestSide {
        unit,
        die: format!("{:02}", draw.die % 100),
        total: draw.total,
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::frontier::draw::DrawBonus;
    use crate::rulesets::frontier::reasons;

    /// SPECS.md 3.4's Wes (44, his Colt holstered) against the Kid (54): the card shows each
    /// die as its two digits, the total and the parts of the bonus, Wes first.
    #[test]
    fn a_quick_draw_is_a_card_of_two_sides() {
        let drawn = |die: u32, skill_points: i32, drawing: Option<i32>| {
            DrawTotal::new(
                die,
                DrawBonus {
                    sides: 100,
                    skill_points,
                    modifiers: drawing
                        .map(|points| Modifier {
                            reason: reasons::DRAWING,
                            effect: Effect::Add(points),
                        })
                        .into_iter()
                        .collect(),
                },
            )
        };
        let event = FrontierEvent::QuickDrawn {
            unit: UnitId(0),
            rival: UnitId(1),
            shooter: drawn(100, 44, Some(-20)),
            answer: drawn(7, 54, None),
            first: Some(UnitId(0)),
        };
        assert!(event.begins_a_moment());
        let card = event.contest_card().expect("a quick draw has a card");
        assert_eq!(
            (card.title, card.first, card.won),
            ("Quick draw", Some(UnitId(0)), "fires first")
        );
        let [wes, kid] = card.sides;
        assert_eq!(
            (wes.unit, wes.die.as_str(), wes.total),
            (UnitId(0), "00", 124)
        );
        assert_eq!(wes.parts, ["+44 skill", "−20 drawing"]);
        assert_eq!(
            (kid.die.as_str(), kid.total, kid.parts),
            ("07", 61, vec!["+54 skill".to_string()])
        );
        assert!(
            FrontierEvent::Bled {
                unit: UnitId(1),
                loss: 2
            }
            .contest_card()
            .is_none()
        );
    }
}
