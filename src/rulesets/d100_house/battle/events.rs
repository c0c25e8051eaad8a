//! The d100 house sheet's own events, carried by the engine's stream and written as the engine's
//! own are (snake-case kinds, the unit first).

use serde::Serialize;

use crate::battle::UnitId;
use crate::battle::command::ManeuverGoal;
use crate::battle::event::{EventKind, LogKind};
use crate::battle::own::{Landing, OwnEvent, RollNote, RulebookEvent};
use crate::map::Tile;
use crate::map::scenario::Scenario;
use crate::rules::body::BodyPart;
use crate::rules::roll_harm::DodgeOutcome;
use crate::rulesets::d100_house::cherries::Cherry;
use crate::words::the_weapon;

/// What happens in a battle by the house sheet's own mechanisms.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum HouseEvent {
    /// The unit failed to work its bolt-action `weapon` in time for another shot this round:
    /// the attack is spent, the shot lost.
    BoltTooSlow { unit: UnitId, weapon: String },
    /// The unit takes a dodge stance, held to its next turn (the d100 house sheet): `shift` on
    /// its dodges where it attacked first this turn, else on the attacks it makes after.
    DodgeStanceTaken { unit: UnitId, shift: Option<i32> },
    /// The unit divides its skill, `whole` with its standing shifts, into these `shares` for
    /// the turn's attacks (the d100 house sheet).
    SkillDivided {
        unit: UnitId,
        whole: u32,
        shares: Vec<u32>,
    },
    /// The unit calls its turn's next attack at `part`, at `shift` (the d100 house sheet).
    ShotCalled {
        unit: UnitId,
        part: BodyPart,
        shift: i32,
    },
    /// The unit will take `cherry` on its next matched blow (the d100 house sheet), or
    /// (`None`) the damage.
    CherryPicked {
        unit: UnitId,
        cherry: Option<Cherry>,
    },
    /// The dodge `unit` holds met `attacker`'s hit (the d100 house sheet), with this outcome.
    StanceDodge {
        unit: UnitId,
        attacker: UnitId,
        outcome: DodgeOutcome,
    },
    /// `unit`'s sharp `weapon` still grazes `target` on a plain miss (the d100 house sheet).
    Grazed {
        unit: UnitId,
        target: UnitId,
        weapon: String,
    },
    /// A roll of `unit`'s suppressing fire that pins (the d100 house sheet) succeeded at
    /// `target` without hurting: only a matched or critical success does.
    BulletPinned { unit: UnitId, target: UnitId },
    /// `unit`'s suppressing fire pins `group` (the d100 house sheet): `bullets`, the most fired
    /// at one of them since its last turn, put `shift` on their rolls until its next turn (0:
    /// too few yet).
    Suppressed {
        unit: UnitId,
        group: Vec<UnitId>,
        bullets: u32,
        shift: i32,
    },
    /// `unit`'s matched blow on `target` gives it `cherry` in place of its damage (the d100
    /// house sheet).
    CherryTaken {
        unit: UnitId,
        target: UnitId,
        cherry: Cherry,
    },
    /// The unit's Monkey Dodge turns `attacker`'s attack on it to `to`.
    MonkeyDodged {
        unit: UnitId,
        attacker: UnitId,
        to: UnitId,
    },
    /// `unit`'s hit on `target` lands where its roll's digits swapped say (the d100 house
    /// sheet): the roll, the number read and the part.
    HitLocated {
        unit: UnitId,
        target: UnitId,
        roll: u32,
        flipped: u32,
        part: BodyPart,
        /// The attack was called at the part, which the roll does not change.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        called: bool,
    },
    /// The hit on `unit`'s `part` meets the `cover` beside it (the d100 house sheet): `stopped`
    /// outright, or else brought down to the digit sum.
    PartCovered {
        unit: UnitId,
        part: BodyPart,
        cover: String,
        stopped: bool,
    },
    /// A part of `unit` has taken `tally` all told, enough to cripple it; a crippled weapon arm
    /// drops the weapon it held.
    Crippled {
        unit: UnitId,
        part: BodyPart,
        tally: u32,
        dropped: Option<String>,
    },
    /// The unit is knocked down (the d100 house sheet): prone, sent to the back of the queue,
    /// its next turn spent getting up.
    KnockedDown { unit: UnitId },
    /// The unit is dazed (the d100 house sheet): a shift on its rolls until `until_round` ends,
    /// on top of any other daze.
    Dazed { unit: UnitId, until_round: u32 },
    /// A cherry blinds the unit: a shift on its rolls until `until_round` ends.
    Blinded { unit: UnitId, until_round: u32 },
    /// `unit` tried `goal` on `against` by an opposed grapple roll (the d100 house sheet), and
    /// won or not.
    Wrestled {
        unit: UnitId,
        against: UnitId,
        goal: ManeuverGoal,
        won: bool,
    },
    /// `unit` is thrown by `by` (the d100 house sheet) to the tile `to`, or where it stood if
    /// none was free.
    Thrown {
        unit: UnitId,
        by: UnitId,
        to: Option<Tile>,
    },
    /// The human shield `unit` took a hit on `holder`'s off side, at `part` (the d100 house
    /// sheet).
    ShieldHit {
        unit: UnitId,
        holder: UnitId,
        part: BodyPart,
    },
    /// Going for a sharp `weapon`'s hand cut `unit` (the d100 house sheet's disarm).
    CutOnTheBlade { unit: UnitId, weapon: String },
    /// `unit` tried to execute the `target` it holds on `skill` (the d100 house sheet): killed
    /// outright, or not (then the damage follows).
    ExecutionTried {
        unit: UnitId,
        target: UnitId,
        skill: String,
        killed: bool,
    },
    /// `unit`, hurt for `taken` this round, lets go of whoever it holds (the d100 house sheet).
    ForcedToLetGo { unit: UnitId, taken: u32 },
    /// `unit` let go and rolled to do it in stride (the d100 house sheet): its action kept for
    /// one more, or spent.
    LetGoInStride { unit: UnitId, kept_action: bool },
}

impl From<HouseEvent> for EventKind {
    fn from(event: HouseEvent) -> Self {
        Self::Rulebook(RulebookEvent::new(event))
    }
}

impl OwnEvent for HouseEvent {
    fn kind(&self) -> LogKind {
        match self {
            Self::HitLocated { .. }
            | Self::PartCovered { .. }
            | Self::Crippled { .. }
            | Self::KnockedDown { .. }
            | Self::Dazed { .. }
            | Self::Blinded { .. }
            | Self::Thrown { .. }
            | Self::CutOnTheBlade { .. }
            | Self::ShieldHit { .. }
            | Self::ForcedToLetGo { .. }
            | Self::LetGoInStride { .. } => LogKind::Wounds,
            Self::BoltTooSlow { .. }
            | Self::DodgeStanceTaken { .. }
            | Self::SkillDivided { .. }
            | Self::ShotCalled { .. }
            | Self::CherryPicked { .. }
            | Self::StanceDodge { .. }
            | Self::Grazed { .. }
            | Self::BulletPinned { .. }
            | Self::Suppressed { .. }
            | Self::CherryTaken { .. }
            | Self::MonkeyDodged { .. }
            | Self::Wrestled { .. }
            | Self::ExecutionTried { .. } => LogKind::Attacks,
        }
    }

    fn units(&self) -> Vec<UnitId> {
        match self {
            Self::BoltTooSlow { unit, .. }
            | Self::HitLocated { unit, .. }
            | Self::PartCovered { unit, .. }
            | Self::Crippled { unit, .. }
            | Self::DodgeStanceTaken { unit, .. }
            | Self::SkillDivided { unit, .. }
            | Self::KnockedDown { unit, .. }
            | Self::CutOnTheBlade { unit, .. }
            | Self::ForcedToLetGo { unit, .. }
            | Self::LetGoInStride { unit, .. }
            | Self::Dazed { unit, .. }
            | Self::ShotCalled { unit, .. }
            | Self::CherryPicked { unit, .. }
            | Self::Blinded { unit, .. } => vec![*unit],
            Self::BulletPinned { unit, target }
            | Self::Grazed { unit, target, .. }
            | Self::ExecutionTried { unit, target, .. }
            | Self::CherryTaken { unit, target, .. } => vec![*unit, *target],
            Self::StanceDodge { unit, attacker, .. } => vec![*unit, *attacker],
            Self::Suppressed { unit, group, .. } => [vec![*unit], group.clone()].concat(),
            Self::MonkeyDodged { unit, attacker, to } => vec![*unit, *attacker, *to],
            Self::Wrestled { unit, against, .. } => vec![*unit, *against],
            Self::Thrown { unit, by, .. } => vec![*unit, *by],
            Self::ShieldHit { unit, holder, .. } => vec![*unit, *holder],
        }
    }

    /// Where the digits put the hit, and what the cover there made of it.
    fn roll_note(&self) -> Option<RollNote> {
        match self {
            Self::HitLocated {
                unit,
                roll,
                flipped,
                part,
                called,
                ..
            } => {
                let words = if *called {
                    format!("called: {}", part.words())
                } else {
                    format!(
                        "flip-flop: {:02} flips to {:02}, {}",
                        roll % 100,
                        flipped % 100,
                        part.words()
                    )
                };
                Some(RollNote {
                    unit: Some(*unit),
                    landing: Some(Landing::At(format!("in the {} · {words}", part.words()))),
                    words,
                })
            }
            Self::PartCovered { cover, stopped, .. } => Some(RollNote {
                unit: None,
                words: if *stopped {
                    format!("{cover}: stopped")
                } else {
                    format!("{cover}: digit sum only")
                },
                landing: Some(Landing::Further),
            }),
            _ => None,
        }
    }

    fn words(&self, scenario: &Scenario) -> String {
        let name = |unit: UnitId| unit.name_in(scenario);
        match self {
            Self::BoltTooSlow { unit, weapon } => format!(
                "{} cannot work the {weapon}'s bolt in time: the shot is lost",
                name(*unit)
            ),
            Self::DodgeStanceTaken { unit, shift } => match shift {
                Some(shift) => format!(
                    "{} takes a dodge stance after attacking: {} on its dodges until its next turn",
                    name(*unit),
                    crate::rules::modifiers::signed(*shift)
                ),
                None => format!(
                    "{} takes a dodge stance until its next turn (an attack this turn takes the shift)",
                    name(*unit)
                ),
            },
            Self::SkillDivided {
                unit,
                whole,
                shares,
            } => format!(
                "{} divides {whole} into {} attacks: {}",
                name(*unit),
                shares.len(),
                shares
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" + ")
            ),
            Self::ShotCalled { unit, part, shift } => format!(
                "{} calls its next attack at the {} ({})",
                name(*unit),
                part.words(),
                crate::rules::modifiers::signed(*shift)
            ),
            Self::CherryPicked { unit, cherry } => match cherry {
                Some(cherry) => format!(
                    "{} will take {} on a matched blow",
                    name(*unit),
                    cherry.words()
                ),
                None => format!("{} will take the damage on a matched blow", name(*unit)),
            },
            Self::StanceDodge {
                unit,
                attacker,
                outcome,
            } => format!(
                "{} dodges {}'s hit: {}",
                name(*unit),
                name(*attacker),
                outcome.words()
            ),
            Self::Grazed {
                unit,
                target,
                weapon,
            } => format!(
                "{}'s {weapon} misses but still grazes {}",
                name(*unit),
                name(*target)
            ),
            Self::BulletPinned { unit, target } => format!(
                "{}'s bullet keeps {} down without hurting (only a matched or critical roll hurts)",
                name(*unit),
                name(*target)
            ),
            Self::Suppressed {
                unit,
                group,
                bullets,
                shift,
            } => {
                let pinned = group
                    .iter()
                    .map(|member| name(*member))
                    .collect::<Vec<_>>()
                    .join(", ");
                if *shift == 0 {
                    format!(
                        "{} has fired {bullets} bullets at {pinned} this turn: not yet enough to pin them",
                        name(*unit)
                    )
                } else {
                    format!(
                        "{} has fired {bullets} bullets at {pinned} this turn: {} on their rolls until its next turn",
                        name(*unit),
                        crate::rules::modifiers::signed(*shift)
                    )
                }
            }
            Self::CherryTaken {
                unit,
                target,
                cherry,
            } => format!(
                "Matched: {} takes {} on {}{}",
                name(*unit),
                cherry.words(),
                name(*target),
                if cherry.does_damage() {
                    ""
                } else {
                    " in place of the damage"
                }
            ),
            Self::MonkeyDodged { unit, attacker, to } => format!(
                "{}'s Monkey Dodge turns {}'s attack on {}",
                name(*unit),
                name(*attacker),
                name(*to)
            ),
            Self::HitLocated {
                unit,
                target,
                part,
                called: true,
                ..
            } => format!(
                "{}'s called shot on {} lands in the {}",
                name(*unit),
                name(*target),
                part.words()
            ),
            Self::HitLocated {
                unit,
                target,
                roll,
                flipped,
                part,
                called: false,
            } => format!(
                "{}'s hit on {} lands in the {}: {:02} flips to {:02}",
                name(*unit),
                name(*target),
                part.words(),
                roll % 100,
                flipped % 100
            ),
            Self::PartCovered {
                unit,
                part,
                cover,
                stopped,
            } => format!(
                "the {cover} covers {}'s {}: {}",
                name(*unit),
                part.words(),
                if *stopped {
                    "the bullet is stopped"
                } else {
                    "only the digit sum gets through"
                }
            ),
            Self::Crippled {
                unit,
                part,
                tally,
                dropped,
            } => format!(
                "{}'s {} is crippled ({tally} taken there){}",
                name(*unit),
                part.words(),
                dropped
                    .as_ref()
                    .map(|weapon| format!(" and drops {}", the_weapon(weapon)))
                    .unwrap_or_default()
            ),
            Self::KnockedDown { unit } => format!(
                "{} is knocked down: to the back of the queue, its next turn spent getting up",
                name(*unit)
            ),
            Self::Dazed { unit, until_round } => {
                format!("{} is dazed until round {until_round} ends", name(*unit))
            }
            Self::Blinded { unit, until_round } => {
                format!("{} is blinded until round {until_round} ends", name(*unit))
            }
            Self::Wrestled {
                unit,
                against,
                goal,
                won,
            } => format!(
                "{} struggles to {} {}: {}",
                name(*unit),
                goal.words(),
                name(*against),
                if *won { "done" } else { "foiled" }
            ),
            Self::Thrown { unit, by, to } => match to {
                Some(tile) => format!(
                    "{} throws {} to ({}, {})",
                    name(*by),
                    name(*unit),
                    tile.x,
                    tile.y
                ),
                None => format!("{} throws {} down where they stand", name(*by), name(*unit)),
            },
            Self::ShieldHit { unit, holder, part } => format!(
                "{} takes the hit meant for {}'s {}, held as a human shield",
                name(*unit),
                name(*holder),
                part.words()
            ),
            Self::CutOnTheBlade { unit, weapon } => {
                format!("{} is cut going for the {weapon}", name(*unit))
            }
            Self::ExecutionTried {
                unit,
                target,
                skill,
                killed,
            } => format!(
                "{} tries to execute {} ({skill}): {}",
                name(*unit),
                name(*target),
                if *killed {
                    "killed outright"
                } else {
                    "failed, the damage still lands"
                }
            ),
            Self::ForcedToLetGo { unit, taken } => {
                format!("{} has taken {taken} this round and lets go", name(*unit))
            }
            Self::LetGoInStride { unit, kept_action } => format!(
                "{} lets go {}",
                name(*unit),
                if *kept_action {
                    "in stride, an action still to take"
                } else {
                    "(the action spent)"
                }
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::event::{Event, EventKind};
    use crate::battle::own::RulebookEvent;

    /// Carried by the stream, the house's event is written as it was as an engine event.
    #[test]
    fn a_house_event_is_written_as_before() {
        let event = Event {
            round: 1,
            kind: EventKind::Rulebook(RulebookEvent::new(HouseEvent::BoltTooSlow {
                unit: UnitId(2),
                weapon: "Hunting rifle".to_string(),
            })),
        };
        assert_eq!(
            serde_json::to_string(&event).expect("plain data"),
            r#"{"round":1,"kind":"bolt_too_slow","unit":2,"weapon":"Hunting rifle"}"#
        );
    }
}
