//! The stages of harm a rulebook may hook: a hit's effects, wounds, armor and aid (one family
//! of [`super::BattleHooks`]).

use crate::battle::UnitId;
use crate::battle::harm_read::{CoverByPart, RollHarm, RolledHit};
use crate::battle::shot_terms::ShotSetup;
use crate::battle::state::Battle;
use crate::map::Tile;
use crate::rules::body::BodyPart;
use crate::rules::damage::DamageNotation;
use crate::rules::explosions::BlastRing;
use crate::rules::roll::Demand;
use crate::rules::roll_harm::{HitForm, RollHit};
use crate::rules::weapons::Weapon;

/// The stages of harm: a hit's effects, wounds, armor and aid; each stage's default does nothing.
pub trait HarmHooks {
    /// What the cover at `cover` a shot at `target` goes through takes off each piece of its
    /// damage, rolled and told, where the rulebook weighs the cover's material (the western);
    /// `None`: the cover's armor points.
    fn through_cover(&self, _battle: &mut Battle, _target: UnitId, _cover: Tile) -> Option<u32> {
        None
    }

    /// A unit a burning weapon has hit, not alight yet: whether it keeps from catching fire
    /// (CoC's Luck roll); `false`, and it catches.
    fn resists_fire(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// After a hit with `damage` (a weapon stunning up to `stun_limit` Build) and its fire:
    /// what the weapon's other effects do (CoC's stun, and the spray's roll against it).
    fn hit_effects(
        &self,
        _battle: &mut Battle,
        _target: UnitId,
        _damage: &DamageNotation,
        _stun_limit: Option<i32>,
    ) {
    }

    /// `unit`'s hit on `target` with `weapon`, where the rulebook reads its harm off the roll
    /// `hit` (the house sheet), behind `cover` where its cover hides parts: what it does, told
    /// in its events; `None` where the damage is rolled in dice.
    fn harm_off_the_roll(
        &self,
        _battle: &mut Battle,
        _fighters: (UnitId, UnitId),
        _weapon: &str,
        _hit: &RollHit,
        _cover: Option<&CoverByPart>,
    ) -> Option<RolledHit> {
        None
    }

    /// The exact mean harm of `unit`'s roll at `demand` on `target` with `weapon`, where the
    /// rulebook reads harm off the roll, for the shot's preview: in the open, and behind the
    /// cover `shot`'s line finds beside the target. `None` where the damage is rolled in dice.
    fn harm_preview(
        &self,
        _battle: &Battle,
        _fighters: (UnitId, UnitId),
        _weapon: &Weapon,
        _roll: (&Demand, &ShotSetup),
    ) -> Option<RollHarm> {
        None
    }

    /// `unit` caught in the ring of `by`'s blast at `centre` whose harm the rulebook reads off
    /// a fresh roll (`read`: the form, and the weapon's number): what it does.
    fn blast_harm_off_the_roll(
        &self,
        _battle: &mut Battle,
        _caught: (UnitId, UnitId),
        _weapon: &str,
        _centre: Tile,
        _read: (HitForm, u32),
    ) -> Option<RolledHit> {
        None
    }

    /// A hit on `unit` (by `by`) that landed with `net` successes left once the defence was
    /// off, with `skill` and a weapon of `weapon` damage (a blast's band, where `blast`): an
    /// injury, where the rulebook keeps wounds as a list of them (the d10 pool), told in its
    /// events; `false` where it counts hit points (the caller rolls the damage).
    fn injury(
        &self,
        _battle: &mut Battle,
        _hit: (UnitId, Option<UnitId>),
        _net: i32,
        _weapon: (u32, bool),
        _skill: &str,
    ) -> bool {
        false
    }

    /// `unit` has just lost `damage` (more than nothing, not to bleeding; `hand_to_hand` or
    /// not; from a bullet or blade, the weapon `located`), before it rolls to stay awake: what
    /// the wound leaves (the western's pain, bleeding and wound to locate).
    fn wounded(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _wound: (u32, bool),
        _located: Option<&str>,
    ) {
    }

    /// Whether the armor of a unit hit by a shotgun's pellets comes off each die of them (CoC's
    /// armor revisited, an option on unless told); `false`: once, off their sum.
    fn pellets_armored_each(&self, _battle: &Battle) -> bool {
        false
    }

    /// A dying `unit` at the round's end, down since an earlier round: whether it holds on to
    /// the next (CoC's CON roll each round); `false`, and it dies (BRP: at the end of the round
    /// after its fall, unless healed before).
    fn dying_holds_on(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// `unit`, knocked out by a blow (unconscious and down): how long it stays out cold where
    /// the rulebook says (BRP: 2D6 rounds), told in its events; by default until it comes to
    /// as any unconscious unit does.
    fn knocked_out(&self, _battle: &mut Battle, _unit: UnitId) {}

    /// `unit`, conscious, is about to fall unconscious from harm: whether the rulebook keeps it
    /// awake (CoC's Luck spent, an optional rule), told in its events.
    fn stays_awake(&self, _battle: &mut Battle, _unit: UnitId) -> bool {
        false
    }

    /// `unit`'s armor (`armor`, over only `parts` of its body) in the way of a blow aimed at it:
    /// whether it covers where the blow lands, tried where the rulebook says (CoC's optional hit
    /// locations, or a Luck roll), told in its events; `None`: it counts.
    fn armor_tried(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _armor: (&str, &[BodyPart]),
    ) -> Option<bool> {
        None
    }

    /// First Aid has succeeded on `patient`, before its vitals are settled: what the rulebook's
    /// own state lets go of (CoC: Luck no longer keeps it awake).
    fn first_aid_given(&self, _battle: &mut Battle, _patient: UnitId) {}

    /// `by`'s First Aid on `patient`, its vitals settled: whether the rulebook's own state
    /// takes the aid in place of healing (the western's bleeding stopped), told in its events.
    fn tended(&self, _battle: &mut Battle, _by: UnitId, _patient: UnitId) -> bool {
        false
    }

    /// `unit` caught in `ring` of `by`'s blast at `centre`, thrown with `net` successes and
    /// `skill`: an injury, where the rulebook keeps wounds as a list of them (the d10 pool: the
    /// ring's severity, less behind low cover, a dodge with the dice it can spare), told in its
    /// events; `false` where it counts hit points (the caller rolls the damage).
    fn blast_injury(
        &self,
        _battle: &mut Battle,
        _caught: (UnitId, UnitId),
        _net: i32,
        _ring: (Option<&BlastRing>, Tile),
        _skill: &str,
    ) -> bool {
        false
    }

    /// `unit` took `taken` (more than nothing), on `part` where the blow located it, its
    /// vitals settled: what more the harm does (the house sheet: a holder hurt enough this
    /// round lets go; each part's tally, which cripples it).
    fn harm_taken(
        &self,
        _battle: &mut Battle,
        _unit: UnitId,
        _taken: u32,
        _part: Option<BodyPart>,
    ) {
    }
}
