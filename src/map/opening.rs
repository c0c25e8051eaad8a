//! How a unit stands as a fight opens, for a fight that starts mid-story: hit points already
//! lost, a major wound, lying prone, an aim already taken, a fire already burning. Unhurt and on
//! its feet by default.

use serde::{Deserialize, Serialize};

pub use crate::rules::situation::Watch;

/// A unit's opening state as the scenario file writes it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningFile {
    /// Hit points left, from 0 to the unit's maximum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_points: Option<u32>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub major_wound: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prone: bool,
    /// Took aim on the turn before the fight at this unit, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aiming_at: Option<String>,
    /// On fire: the damage it takes at the end of round 1, doubled each round after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub burning: Option<u32>,
    /// Taken by surprise: in round 1 it acts at half its DEX (BRP).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub surprised: bool,
    /// Taken wholly by surprise: surprised, and no action in round 1 but moving and defending
    /// (BRP's extreme surprise).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extreme_surprise: bool,
    /// Asleep or meditating as the fight opens: harder to rouse against a surprise, where the
    /// rulebook weighs one as a contest (the d10 pool).
    #[serde(default, skip_serializing_if = "Watch::is_awake")]
    pub watch: Watch,
    /// Its weapon is holstered: nothing is in its hand until it draws.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub holstered: bool,
    /// Held fast where it stands (bound, trapped, a prisoner): it cannot leave its tile until
    /// the keeper frees it, and counts as immobilised where the rulebook says (the d10 pool).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub held_fast: bool,
}

/// A unit's opening state, checked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Opening {
    /// Hit points left (the maximum when `None`).
    pub hit_points: Option<u32>,
    pub major_wound: bool,
    pub prone: bool,
    /// The unit it aims at, by its place in the scenario.
    pub aiming_at: Option<usize>,
    pub burning: Option<u32>,
    pub surprised: bool,
    pub extreme_surprise: bool,
    pub watch: Watch,
    pub holstered: bool,
    pub held_fast: bool,
}

/// What is wrong with an opening state: the field, and why.
pub type OpeningError = (&'static str, String);

impl OpeningFile {
    /// Check the state of the unit called `name` (its place `index` among `names`) with
    /// `max_hit_points`.
    pub fn check(
        &self,
        name: &str,
        index: usize,
        max_hit_points: u32,
        names: &[&str],
    ) -> Result<Opening, OpeningError> {
        if let Some(hit_points) = self.hit_points
            && hit_points > max_hit_points
        {
            return Err((
                "hit_points",
                format!("{name} has at most {max_hit_points} hit points, not {hit_points}"),
            ));
        }
        if self
            .burning
            .is_some_and(|damage| !(1..=100).contains(&damage))
        {
            return Err((
                "burning",
                format!(
                    "a fire does from 1 to 100 damage in its first round, not {:?}",
                    self.burning
                ),
            ));
        }
        let aiming_at = match &self.aiming_at {
            None => None,
            Some(target) => match names.iter().position(|other| other == target) {
                Some(found) if found == index => {
                    return Err(("aiming_at", format!("{name} cannot aim at itself")));
                }
                Some(found) => Some(found),
                None => {
                    return Err((
                        "aiming_at",
                        format!("{name} aims at `{target}`, who is not in the scenario"),
                    ));
                }
            },
        };
        Ok(Opening {
            hit_points: self.hit_points,
            major_wound: self.major_wound,
            prone: self.prone,
            aiming_at,
            burning: self.burning,
            surprised: self.surprised || self.extreme_surprise,
            extreme_surprise: self.extreme_surprise,
            watch: self.watch,
            holstered: self.holstered,
            held_fast: self.held_fast,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opening_state_is_checked_against_the_unit_and_the_others() {
        let names = ["Harvey", "Ghoul"];
        let wounded = OpeningFile {
            hit_points: Some(4),
            major_wound: true,
            prone: true,
            aiming_at: Some("Ghoul".to_string()),
            burning: Some(2),
            surprised: false,
            extreme_surprise: true,
            watch: Watch::Asleep,
            holstered: true,
            held_fast: true,
        };
        assert_eq!(
            wounded.check("Harvey", 0, 13, &names),
            Ok(Opening {
                hit_points: Some(4),
                major_wound: true,
                prone: true,
                aiming_at: Some(1),
                burning: Some(2),
                surprised: true,
                extreme_surprise: true,
                watch: Watch::Asleep,
                holstered: true,
                held_fast: true,
            })
        );
        let too_many = OpeningFile {
            hit_points: Some(14),
            ..OpeningFile::default()
        };
        assert_eq!(
            too_many
                .check("Harvey", 0, 13, &names)
                .map_err(|error| error.0),
            Err("hit_points")
        );
        let at_self = OpeningFile {
            aiming_at: Some("Harvey".to_string()),
            ..OpeningFile::default()
        };
        assert_eq!(
            at_self.check("Harvey", 0, 13, &names),
            Err(("aiming_at", "Harvey cannot aim at itself".to_string()))
        );
        let at_nobody = OpeningFile {
            aiming_at: Some("Dagon".to_string()),
            ..OpeningFile::default()
        };
        assert_eq!(
            at_nobody
                .check("Harvey", 0, 13, &names)
                .map_err(|error| error.0),
            Err("aiming_at")
        );
        let cold_fire = OpeningFile {
            burning: Some(0),
            ..OpeningFile::default()
        };
        assert_eq!(
            cold_fire
                .check("Harvey", 0, 13, &names)
                .map_err(|error| error.0),
            Err("burning")
        );
    }
}
