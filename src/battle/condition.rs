//! A unit's situation in the fight (`Condition`): posture, holds, aim, what it has done this
//! round, the rounds a wound's pain or a stun costs it, lamed legs, and the western's restrain;
//! why it may do nothing more this round.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Presence, UnitId};
use crate::rules::explosions::Burning;
use crate::rules::grapple::Grip;
use crate::rules::situation::Posture;

/// A count left out of the written state while it is nothing.
fn is_zero(value: &u32) -> bool {
    *value == 0
}

/// A unit's situation in the fight.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Condition {
    pub prone: bool,
    /// The unit holding it (one of them, where several hold it together).
    pub held_by: Option<UnitId>,
    pub holding: Option<UnitId>,
    /// What it keeps doing to the unit it holds (pinned, strangled), until it does anything
    /// else.
    pub grip: Option<Grip>,
    /// Dodges and fights back this round (for the outnumbered bonus die), and how many of them
    /// were dodges.
    pub defences_this_round: u32,
    pub dodges_this_round: u32,
    /// First Aid has been tried on its wounds (once a patient in CoC; in BRP a fresh wound may
    /// be tended again).
    pub first_aid_received: bool,
    pub medicine_received: bool,
    pub surprise_spent: bool,
    /// DEX-roll initiative: a critical roll's bonus die on the first attack, or a fumble's lost
    /// first action, has been used up.
    pub initiative_edge_spent: bool,
    /// Waiting to arrive, on the map, or gone.
    pub presence: Presence,
    /// Took aim on its turn: a bonus die on its shot at that target on its next turn.
    pub aim: Option<AimTaken>,
    /// Dived for cover: it loses its next action, and until then may only dodge.
    pub dived_for_cover: bool,
    /// On fire, until put out.
    pub burning: Option<Burning>,
    /// Turns it still loses to a stun.
    pub stunned_turns: u32,
    /// The round it last ran at full speed (moved past its MOV).
    pub ran_in_round: Option<u32>,
    /// How far it has moved this round, in tenths of a yard.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub moved_this_round: u32,
    /// Single shots fired this round, and whether a burst or automatic fire was (for a round
    /// plan with several slots a unit, BRP's).
    pub shots_this_round: u32,
    pub burst_this_round: bool,
    /// It has used an action this round.
    pub acted_this_round: bool,
    /// It lost a turn's action this round (ran past its MOV, dived for cover, fumbled its DEX).
    pub forfeited_this_round: bool,
    /// Luck spent so far (on staying conscious).
    pub luck_spent: u32,
    /// Hidden from the players (an ambush) until something reveals it.
    pub hidden: bool,
    /// Kneeling, where the rulebook lets a unit kneel (the western).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub kneeling: bool,
    /// Held fast where it stands (bound, pinned under something, a prisoner): it cannot leave
    /// its tile until the keeper frees it, and counts as immobilised where the rulebook says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub held_fast: bool,
    /// Hidden behind cover, nothing showing (the d100 house sheet).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ducked: bool,
    /// The round it does nothing more in, and why: stunned by a blast (the western's outer
    /// ring) or by a knockout blow it stayed on its feet through, or for a reason of its
    /// rulebook's (the western's pain of a wound not taken hand to hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle: Option<IdleRound>,
    /// Shot in the legs (the western): it moves no further than its zigzag for the rest of the
    /// fight.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lamed: bool,
    /// Restrained (the western's specific blow): while held it can do nothing but try to
    /// break free, as its rulebook has it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub restrained: bool,
}

/// The round a unit does nothing more in, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct IdleRound {
    pub round: u32,
    pub why: Idle,
}

/// Why a unit does nothing more this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Idle {
    /// A blast or a knockout blow it shrugged off stunned it.
    Stunned,
    /// A reason of its rulebook's, in its words ("Down in pain").
    Rulebook(&'static str),
}

impl Idle {
    /// "Stunned", or the rulebook's words.
    pub fn words(self) -> &'static str {
        match self {
            Self::Stunned => "Stunned",
            Self::Rulebook(words) => words,
        }
    }
}

/// How a unit's legs carry it this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Footing {
    Free,
    /// Shot in the legs, or a crippled leg.
    Lamed,
    /// Held fast where it stands: no movement at all.
    HeldFast,
}

impl Condition {
    /// How its legs carry it: not at all held fast, else lamed or freely.
    pub fn footing(&self) -> Footing {
        if self.held_fast {
            Footing::HeldFast
        } else if self.lamed {
            Footing::Lamed
        } else {
            Footing::Free
        }
    }

    /// Why it does nothing more in `round`; `None` where it may act.
    pub fn idle_in(&self, round: u32) -> Option<Idle> {
        self.idle
            .filter(|idle| idle.round == round)
            .map(|idle| idle.why)
    }

    /// Whether it is stunned for `round` (it does nothing more in it).
    pub fn stunned_in(&self, round: u32) -> bool {
        self.idle_in(round) == Some(Idle::Stunned)
    }

    /// It does nothing more in `round`, for `why`; a stun for the round stands whatever comes
    /// after it.
    pub fn idle_for(&mut self, round: u32, why: Idle) {
        if !self.stunned_in(round) {
            self.idle = Some(IdleRound { round, why });
        }
    }

    /// It may act again in `round` after all, unless stunned for it.
    pub fn not_idle_in(&mut self, round: u32) {
        if !self.stunned_in(round) {
            self.idle = None;
        }
    }

    /// The unit restraining it (the western's restrain: it can do nothing but try to break
    /// free), if it is restrained.
    pub fn restrained_by(&self) -> Option<UnitId> {
        self.held_by.filter(|_| self.restrained)
    }

    /// Whether it has fired this round: a shot, or a burst.
    pub fn fired_this_round(&self) -> bool {
        self.shots_this_round > 0 || self.burst_this_round
    }

    /// How it holds itself: prone, kneeling (where the rulebook lets it), or standing.
    pub fn posture(&self) -> Posture {
        if self.prone {
            Posture::Prone
        } else if self.ducked {
            Posture::Hidden
        } else if self.kneeling {
            Posture::Kneeling
        } else {
            Posture::Standing
        }
    }

    /// Able to answer an attack: neither stunned nor out of it.
    pub fn stunned(&self) -> bool {
        self.stunned_turns > 0
    }
}

/// A unit's aim: at whom, in which round it was last taken, and for how many rounds running
/// (where the rulebook lets aim build up, the d10 pool's; else one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AimTaken {
    pub target: UnitId,
    pub round: u32,
    #[serde(default = "one_round", skip_serializing_if = "is_one_round")]
    pub rounds: u32,
}

fn one_round() -> u32 {
    1
}

fn is_one_round(rounds: &u32) -> bool {
    *rounds == 1
}
