//! The combat log: every event in plain words, sorted by what it is about and whom it names,
//! and the whole of it as a Markdown document.

mod blast_words;
mod fire_words;
mod grapple_words;
mod harm_words;
mod keeper_words;
pub mod visibility;
mod words;

use crate::battle::UnitId;
use crate::battle::event::{Event, EventKind, Reveal};
use crate::map::scenario::Scenario;
pub use harm_words::{injury_state_words, severity_suffix};
pub use words::describe;

pub use crate::battle::event::LogKind;

/// Which part of the log an event belongs to.
pub fn kind_of(kind: &EventKind) -> LogKind {
    use EventKind as E;
    match kind {
        E::Rulebook(own) => own.event().kind(),
        E::BattleBegan { .. }
        | E::RoundBegan { .. }
        | E::TurnBegan { .. }
        | E::TurnEnded { .. }
        | E::RoundEnded
        | E::BattleEnded { .. }
        | E::Delayed { .. }
        | E::DelayLapsed { .. }
        | E::ActionForfeited { .. }
        | E::TurnLost { .. } => LogKind::Turns,
        E::UnitJoined { .. }
        | E::Moved { .. }
        | E::StoodUp { .. }
        | E::PostureTaken { .. }
        | E::Fled { .. }
        | E::MineTriggered { .. }
        | E::Revealed { .. } => LogKind::Moves,
        E::DiceEntered { .. } | E::Adjusted { .. } | E::RolledInSecret { .. } => LogKind::Keeper,
        E::Rolled { .. }
        | E::SurpriseAttempted { .. }
        | E::Attacked { .. }
        | E::WeaponStuck { .. }
        | E::Maneuvered { .. }
        | E::KnockOutSwung { .. }
        | E::KnockOutWeighed { .. }
        | E::StrengthPitted { .. }
        | E::TargetDrawn { .. }
        | E::DefenceAsked { .. }
        | E::Answered { .. }
        | E::MeleeResolved { .. }
        | E::Fired { .. }
        | E::ShotAt { .. }
        | E::BulletsCounted { .. }
        | E::ShotHit { .. }
        | E::ShotMissed { .. }
        | E::ShotWasted { .. }
        | E::StrayHit { .. }
        | E::DodgedFire { .. }
        | E::BulletDodged { .. }
        | E::Launched { .. }
        | E::Scattered { .. }
        | E::Exploded { .. }
        | E::Dud { .. }
        | E::Shielded { .. } => LogKind::Attacks,
        E::DamageRolled { .. }
        | E::Damaged { .. }
        | E::BelowZero { .. }
        | E::Backlash { .. }
        | E::WoundChanged { .. }
        | E::FellProne { .. }
        | E::Disarmed { .. }
        | E::Held { .. }
        | E::Released { .. }
        | E::ChokedOut { .. }
        | E::Gripped { .. }
        | E::GripEased { .. }
        | E::BreathGone { .. }
        | E::CaughtFire { .. }
        | E::Burned { .. }
        | E::Injured { .. }
        | E::StunnedForRound { .. } => LogKind::Wounds,
        E::Stabilised { .. } | E::Healed { .. } | E::FireOut { .. } => LogKind::Care,
        E::ReadiedWeapon { .. }
        | E::WeaponFreed { .. }
        | E::Aimed { .. }
        | E::AimLost { .. }
        | E::Malfunctioned { .. }
        | E::JamWorkedOn { .. }
        | E::JamCleared { .. }
        | E::Reloaded { .. }
        | E::ChargeSet { .. }
        | E::Rejected { .. } => LogKind::Gear,
    }
}

/// Every unit an event names, the one it is about first.
pub fn units_of(kind: &EventKind) -> Vec<UnitId> {
    use EventKind as E;
    match kind {
        E::Rulebook(own) => own.event().units(),
        E::BattleBegan { .. }
        | E::RoundEnded
        | E::BattleEnded { .. }
        | E::DiceEntered { .. }
        | E::Scattered { .. }
        | E::Exploded { .. }
        | E::Dud { .. } => Vec::new(),
        E::RoundBegan { order, .. } => {
            let mut units: Vec<UnitId> = Vec::with_capacity(order.len());
            for unit in order {
                if !units.contains(unit) {
                    units.push(*unit);
                }
            }
            units
        }
        E::UnitJoined { unit, .. }
        | E::TurnBegan { unit }
        | E::Rolled { unit, .. }
        | E::Moved { unit, .. }
        | E::ActionForfeited { unit }
        | E::StoodUp { unit }
        | E::PostureTaken { unit, .. }
        | E::FellProne { unit }
        | E::ReadiedWeapon { unit, .. }
        | E::WeaponFreed { unit, .. }
        | E::Answered { unit, .. }
        | E::WoundChanged { unit, .. }
        | E::Disarmed { unit, .. }
        | E::DelayLapsed { unit }
        | E::Fled { unit }
        | E::AimLost { unit }
        | E::Fired { unit, .. }
        | E::Malfunctioned { unit, .. }
        | E::JamWorkedOn { unit, .. }
        | E::JamCleared { unit, .. }
        | E::Reloaded { unit, .. }
        | E::DodgedFire { unit, .. }
        | E::Launched { unit, .. }
        | E::Shielded { unit, .. }
        | E::ChargeSet { unit, .. }
        | E::MineTriggered { unit, .. }
        | E::CaughtFire { unit }
        | E::Burned { unit, .. }
        | E::FireOut { unit }
        | E::StunnedForRound { unit }
        | E::BelowZero { unit, .. }
        | E::BreathGone { unit }
        | E::Backlash { unit, .. }
        | E::TurnLost { unit }
        | E::Adjusted { unit, .. }
        | E::RolledInSecret { unit, .. }
        | E::Revealed {
            unit,
            how: Reveal::Attacked | Reveal::Hurt | Reveal::Keeper,
        }
        | E::TurnEnded { unit } => vec![*unit],
        E::Revealed {
            unit,
            how: Reveal::SeenBy(spotter),
        } => vec![*unit, *spotter],
        E::DamageRolled { unit, target, .. }
        | E::SurpriseAttempted { unit, target, .. }
        | E::Attacked { unit, target, .. }
        | E::WeaponStuck { unit, target, .. }
        | E::Maneuvered { unit, target, .. }
        | E::KnockOutSwung { unit, target, .. }
        | E::TargetDrawn { unit, target, .. }
        | E::KnockOutWeighed { unit, target, .. }
        | E::Aimed { unit, target }
        | E::ShotAt { unit, target, .. }
        | E::BulletsCounted { unit, target, .. }
        | E::ShotHit { unit, target, .. }
        | E::ShotMissed { unit, target }
        | E::BulletDodged { unit, target }
        | E::ShotWasted { unit, target, .. } => vec![*unit, *target],
        E::StrayHit { unit, target, ally } => vec![*unit, *target, *ally],
        E::DefenceAsked { unit, attacker, .. } => vec![*unit, *attacker],
        E::MeleeResolved {
            attacker, defender, ..
        } => vec![*attacker, *defender],
        E::Damaged { unit, by, .. } | E::Injured { unit, by, .. } => {
            std::iter::once(*unit).chain(*by).collect()
        }
        E::Held { unit, holder } | E::Released { unit, holder } => vec![*unit, *holder],
        E::StrengthPitted { unit, against, .. } => vec![*unit, *against],
        E::ChokedOut { unit, by } => vec![*unit, *by],
        E::Gripped { unit, target, .. } | E::GripEased { unit, target } => vec![*unit, *target],
        E::Stabilised { unit, by, .. } | E::Healed { unit, by, .. } => vec![*unit, *by],
        E::Delayed { unit, until } => std::iter::once(*unit).chain(*until).collect(),
        E::Rejected { command, .. } => command.unit().into_iter().collect(),
    }
}

/// The whole log as a Markdown document for its reader: a heading per round, a line per event
/// (the players' copy holds only what they may read, in their words).
pub fn markdown(events: &[Event], scenario: &Scenario, seed: u64, reader: Reader) -> String {
    let lines: Vec<(usize, String)> = match reader {
        Reader::Keeper => events
            .iter()
            .enumerate()
            .map(|(index, event)| (index, describe(event, scenario)))
            .collect(),
        Reader::Players => visibility::players_lines(scenario, events),
    };
    // The players' copy leaves out the seed: with it and the public rolls, the secret ones
    // could be worked out.
    let whose = match reader {
        Reader::Keeper => format!(
            "dice seed {seed} · {} events · the keeper's copy",
            lines.len()
        ),
        Reader::Players => format!("{} events · the players' copy", lines.len()),
    };
    let mut text = format!(
        "# {}: combat log\n\n{} · {whose}\n",
        scenario.name,
        scenario.ruleset.name(),
    );
    let mut round = None;
    for (index, line) in lines {
        let event_round = events[index].round;
        if round != Some(event_round) {
            round = Some(event_round);
            let heading = match event_round {
                0 => "Before the fight".to_string(),
                number => format!("Round {number}"),
            };
            text.push_str(&format!("\n## {heading}\n\n"));
        }
        text.push_str(&format!("- {line}\n"));
    }
    text
}

/// Who reads the log: the keeper reads everything, the players what is public.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Keeper,
    Players,
}
