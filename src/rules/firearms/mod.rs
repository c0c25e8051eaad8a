//! Firearms as the rules have them: which hits are extreme, malfunctions, several shots in a
//! round, bursts and full-automatic volleys, the dice a target's size and speed give, and what
//! a reload does. Pure arithmetic; the battle decides when each applies.

use serde::{Deserialize, Serialize};

use super::percentile::{Difficulty, MAX_EXTRA_DICE, SuccessLevel};
use super::roll::Verdict;
use super::weapons::{Feed, UsesPerRound};

/// Whether a successful shot is an extreme hit (maximum damage, an impale for a weapon that
/// impales). An extreme success or better is one; but when only an extreme success could hit
/// (very long range), only a 01 is; and when only a 01 could hit (automatic fire pushed past
/// Extreme), nothing is.
pub fn extreme_hit(level: SuccessLevel, difficulty: Difficulty) -> bool {
    match difficulty {
        Difficulty::Regular | Difficulty::Hard => level >= SuccessLevel::Extreme,
        Difficulty::Extreme => level == SuccessLevel::Critical,
        Difficulty::Critical => false,
    }
}

/// Whether a roll of `value` makes the weapon malfunction instead of firing: at or above its
/// malfunction number.
pub fn malfunctions(value: u32, malfunction: Option<u32>) -> bool {
    malfunction.is_some_and(|number| value >= number)
}

/// Whether `shots` single shots in one round each take the multiple-shots penalty die: more
/// than the weapon fires without penalty (one for most, two for a semi-automatic shotgun).
pub fn multiple_shots_penalty(shots: u32, uses: &UsesPerRound) -> bool {
    shots > uses.attacks.max(1)
}

/// The bonus (+1) or penalty (−1) die for the target's size: Build −2 or less is small, Build 4
/// or more is large.
pub fn size_dice(build: i32) -> i8 {
    if build <= -2 {
        -1
    } else if build >= 4 {
        1
    } else {
        0
    }
}

/// The slowest a target may be and still be fast-moving when it runs.
pub const FAST_MOVEMENT: u32 = 8;

/// Bullets in one volley of full-automatic fire: the tens digit of the skill, never fewer than
/// three.
pub fn volley_size(skill: u32) -> u32 {
    (skill / 10).max(3)
}

/// One attack roll of burst or full-automatic fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Volley {
    /// Which of the targets, by its place in the shooter's list.
    pub target: usize,
    pub bullets: u32,
    /// The attack roll's place in the trigger pull, 0 for the first.
    pub roll: u32,
}

/// Split full-automatic fire into volleys: each target's bullets, in order, in volleys of at
/// most `size` (the last one at a target may be smaller). A new target always starts a new
/// volley.
pub fn volleys(size: u32, bullets_per_target: &[u32]) -> Vec<Volley> {
    let size = size.max(1);
    let mut planned = Vec::new();
    let mut roll = 0;
    for (target, &bullets) in bullets_per_target.iter().enumerate() {
        let mut left = bullets;
        while left > 0 {
            let volley = left.min(size);
            planned.push(Volley {
                target,
                bullets: volley,
                roll,
            });
            roll += 1;
            left -= volley;
        }
    }
    planned
}

/// The penalty dice of the `roll`-th attack roll of a trigger pull (0 for the first): one per
/// roll after the first.
pub fn following_volley_dice(roll: u32) -> i8 {
    i8::try_from(roll).map_or(i8::MIN, |dice| -dice)
}

/// How many difficulty steps the `roll`-th attack roll of automatic fire adds, given the net
/// bonus (positive) or penalty (negative) dice of every other modifier on it.
///
/// The following-volley penalty dice cancel bonus dice and add to penalty dice as usual; when
/// they would bring the roll to a third penalty die, it stays at two and each die past two
/// becomes one step of difficulty. Penalty dice from other modifiers past two are dropped, as for
/// any roll: only the volley dice turn into difficulty.
pub fn following_volley_steps(other_dice: i8, roll: u32) -> u32 {
    let cap = i32::from(MAX_EXTRA_DICE);
    let others = i32::from(other_dice);
    let with_volleys = others - i32::try_from(roll).unwrap_or(i32::MAX);
    let past_cap = |net: i32| (-net - cap).max(0);
    u32::try_from(past_cap(with_volleys) - past_cap(others)).unwrap_or_default()
}

/// `difficulty` raised by `steps`, or `None` once it passes Critical (the roll cannot hit).
pub fn raised(difficulty: Difficulty, steps: u32) -> Option<Difficulty> {
    (0..steps).try_fold(difficulty, |current, _| current.harder())
}

/// What one attack roll of burst or full-automatic fire puts into its target.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VolleyHits {
    /// Bullets that hit.
    pub hits: u32,
    /// How many of them (the first ones) do extreme damage: they impale with a weapon that does.
    pub extreme: u32,
}

/// One hit for a roll that succeeds with a bullet in it, none else: where every shot is its own
/// roll (the d10 pool, the western).
pub fn one_hit_a_roll(bullets: u32, verdict: &Verdict) -> VolleyHits {
    VolleyHits {
        hits: u32::from(verdict.success && bullets > 0),
        extreme: 0,
    }
}

/// Bullets that hit from a volley of `bullets`: none on a miss; half (rounded down, at least
/// one) on a success; all of them on an extreme hit, the first half (at least one) extreme.
pub fn volley_hits(bullets: u32, success: bool, extreme_hit: bool) -> VolleyHits {
    let half = (bullets / 2).max(1).min(bullets);
    match (success, extreme_hit) {
        (false, _) => VolleyHits::default(),
        (true, false) => VolleyHits {
            hits: half,
            extreme: 0,
        },
        (true, true) => VolleyHits {
            hits: bullets,
            extreme: half,
        },
    }
}

/// Bullets wasted swinging from one target to the next: one per yard between them, a part of a
/// yard counting as a whole one (`distance_squared` in square yards).
pub fn bullets_between_targets(distance_squared: u64) -> u32 {
    let yards = distance_squared.isqrt();
    let yards = if yards * yards < distance_squared {
        yards + 1
    } else {
        yards
    };
    u32::try_from(yards).unwrap_or(u32::MAX)
}

/// Whether every direction (from the shooter to each target, in tiles) lies within one arc of
/// sixty degrees, as automatic fire must: every pair of directions is at most sixty degrees
/// apart.
pub fn within_arc(directions: &[(i64, i64)]) -> bool {
    directions.iter().enumerate().all(|(index, &first)| {
        directions[index + 1..]
            .iter()
            .all(|&second| within_sixty_degrees(first, second))
    })
}

/// Whether two directions are at most sixty degrees apart (cos θ ≥ 1/2), in exact integers.
/// A claymore's 120-degree cone holds whatever is within sixty degrees of where it faces.
pub fn within_sixty_degrees(first: (i64, i64), second: (i64, i64)) -> bool {
    let dot =
        i128::from(first.0) * i128::from(second.0) + i128::from(first.1) * i128::from(second.1);
    let length = |(x, y): (i64, i64)| i128::from(x) * i128::from(x) + i128::from(y) * i128::from(y);
    dot >= 0 && 4 * dot * dot >= length(first) * length(second)
}

/// A reload's progress on a weapon: its rounds, and for belts the first of two rounds done.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ammunition {
    pub loaded: u32,
    pub spare: u32,
    /// A belt half changed (the first of its two rounds of work is done).
    pub belt_half_changed: bool,
}

/// Why a weapon cannot be reloaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum ReloadRefusal {
    #[error("it is not loaded: there is nothing to reload")]
    NothingToLoad,
    #[error("it is already full")]
    Full,
    #[error("no spare ammunition")]
    NoSpare,
}

/// Rounds loaded into a weapon fed one at a time in one combat round.
pub const ROUNDS_LOADED_A_TURN: u32 = 2;

/// What one combat round of reloading does: two rounds into a gun loaded round by round; a new
/// magazine (the spent one's rounds go back to the spare); half a belt change, then the rest.
pub fn reload(feed: Feed, capacity: u32, before: Ammunition) -> Result<Ammunition, ReloadRefusal> {
    match feed {
        Feed::Rounds | Feed::Magazine | Feed::Belt => {}
        Feed::Nothing | Feed::AsFired | Feed::OneUse | Feed::Fixed => {
            return Err(ReloadRefusal::NothingToLoad);
        }
    }
    if before.loaded >= capacity {
        return Err(ReloadRefusal::Full);
    }
    if before.spare == 0 {
        return Err(ReloadRefusal::NoSpare);
    }
    let fill = |most: u32| {
        let added = most.min(capacity - before.loaded).min(before.spare);
        Ammunition {
            loaded: before.loaded + added,
            spare: before.spare - added,
            belt_half_changed: false,
        }
    };
    Ok(match feed {
        Feed::Rounds => fill(ROUNDS_LOADED_A_TURN),
        Feed::Belt if !before.belt_half_changed => Ammunition {
            belt_half_changed: true,
            ..before
        },
        _ => fill(capacity),
    })
}

/// Whether one round may be put in the chamber and fired in the same round (with a penalty die):
/// for guns loaded round by round, when empty with a spare round.
pub fn can_chamber_and_fire(feed: Feed, ammunition: Ammunition) -> bool {
    feed == Feed::Rounds && ammunition.loaded == 0 && ammunition.spare > 0
}

/// Rounds available to fire now: what is loaded, and for weapons fed as fired (or used up one
/// at a time) the spare ones too.
pub fn rounds_ready(feed: Feed, ammunition: Ammunition) -> u32 {
    match feed {
        Feed::AsFired | Feed::OneUse => ammunition.loaded + ammunition.spare,
        _ => ammunition.loaded,
    }
}

/// Spend `rounds` from a weapon: loaded rounds first, then (for weapons fed as fired or used up
/// one at a time) spare ones.
pub fn spend(feed: Feed, ammunition: Ammunition, rounds: u32) -> Ammunition {
    let from_loaded = rounds.min(ammunition.loaded);
    let mut after = Ammunition {
        loaded: ammunition.loaded - from_loaded,
        ..ammunition
    };
    if matches!(feed, Feed::AsFired | Feed::OneUse) {
        after.spare = after.spare.saturating_sub(rounds - from_loaded);
    }
    if feed == Feed::OneUse && after.loaded == 0 && after.spare > 0 {
        after.loaded = 1;
        after.spare -= 1;
    }
    after
}

#[cfg(test)]
mod tests;
