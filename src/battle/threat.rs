//! What a defender faces when it is asked for its answer: the odds of each answer it may give,
//! and what rides on it. The defence window, the attacker's preview and the AI all read these.

use crate::rules::melee::ExchangeOdds;
use crate::rules::situation::ShotDefence;

/// The odds of each answer the defender waiting now may give.
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerOdds {
    /// A blow, a maneuver or a throw: each outcome's chance for each answer allowed.
    Exchange {
        /// `None` where dodging is not allowed.
        dodge: Option<ExchangeOdds>,
        /// `None` where fighting back is not allowed.
        fight_back: Option<ExchangeOdds>,
        take_it: ExchangeOdds,
    },
    /// Shots: the rulebook's answer (a dive, a dodge), the chance its roll is made, and the first
    /// roll's chance to hit if the shots are taken and if the answer's roll is made.
    Shots {
        answer: ShotDefence,
        made: f64,
        hit_if_taken: f64,
        hit_if_made: f64,
    },
}

/// What rides on a defender's answer, beside the odds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Stakes {
    /// A blow, a maneuver or a throw: the mean damage of the attacker's blow, and of the
    /// defender's own if it fights back.
    Blow { theirs: f64, mine: f64 },
    /// Shots: the most damage the first roll at the defender could deal, the defender's
    /// maximum hit points, and whether it has already dived for cover (another dive costs
    /// nothing more).
    Shots {
        worst: u32,
        max_hit_points: u32,
        dived: bool,
    },
}

/// The attack waiting for a defender's answer, as the defender weighs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Threat {
    /// `None` where the odds cannot be read (the shots can no longer be planned).
    pub odds: Option<AnswerOdds>,
    pub stakes: Stakes,
    /// A dodge now would cost the defender its attack this round (BRP, before it has acted; a
    /// dice budget's sweep dodged in the open with nothing planned).
    pub dodge_costs_the_attack: bool,
}
