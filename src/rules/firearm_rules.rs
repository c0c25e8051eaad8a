//! How a rulebook handles firearms beyond the roll (`FirearmRules`): when an aim counts and how
//! far it builds, the fire modes it has beyond single shots and bursts, a full-auto attack's
//! bullets, and a jam's work.

/// How a rulebook handles firearms beyond the roll; [`FirearmRules::PLAIN`] unless it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirearmRules {
    /// Whether an aim taken counts for a shot later the same round (BRP: aiming takes the turn
    /// at DEX, and the aimed shot goes at half DEX), rather than for the shot on the unit's
    /// next turn (CoC).
    pub aim_fires_this_round: bool,
    /// How many rounds of aim at one target build up (the d10 pool's three); one elsewhere.
    pub most_aim_rounds: u32,
    /// Whether a shooter behind cover may aim (not in the d10 pool).
    pub aims_from_cover: bool,
    /// Where one attack of full auto fires a set number of bullets, each rolled (the d100 house
    /// sheet: 3), that number, the most a `FullAuto` pull may name; `None`: as many as are
    /// ready.
    pub full_auto_attack: Option<u32>,
    /// Where a jam takes a set number of rounds of work before the roll to clear it (the d100
    /// house sheet: 1), that number; `None`: 1D6 rounds.
    pub jam_work: Option<u32>,
}

impl FirearmRules {
    /// An aim counts for the next turn's shot, one round of it, taken anywhere; single shots,
    /// bursts and full auto as the gun allows; a jam cleared after 1D6 rounds.
    pub const PLAIN: Self = Self {
        aim_fires_this_round: false,
        most_aim_rounds: 1,
        aims_from_cover: true,
        full_auto_attack: None,
        jam_work: None,
    };
}
