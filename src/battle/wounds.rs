//! The one pipeline every kind of harm goes through (armor, regular damage, major wounds,
//! unconsciousness, dying, death), and the care that undoes some of it: First Aid and Medicine.

use super::aim::spoil_aim;
use super::command::Rejection;
use super::event::EventKind;
use super::hold::{holders, let_go};
use super::hooks::BattleHooks;
use super::state::Battle;
use super::{Phase, UnitId, Vital, Vitals};
use crate::rules::body::BodyPart;
use crate::rules::damage::{DamageNotation, DamageQuality, DamageReach, Formula, Term};
use crate::rules::skills::{FIRST_AID, MEDICINE};
use crate::rules::wounds::{BlowSeverity, Patient, WoundBlow, after_armor};

/// Damage on its way to a unit, in the pieces armor must each pierce: one for most blows, every
/// pellet of shot, every bullet of a volley.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blow {
    pub pieces: Vec<u32>,
    /// The armor of the cover it was shot through, taken off each piece before worn armor.
    pub cover: u32,
    /// Armor does not stop it (fire).
    pub ignores_armor: bool,
    /// Struck at this unit on purpose (a blow, a shot aimed at it), rather than caught by it (a
    /// blast, a stray bullet, fire): only that finishes off someone already down at zero.
    pub deliberate: bool,
    /// Dealt hand to hand (the western rolls Strength against its pain, not Concentration).
    pub hand_to_hand: bool,
    /// A bullet or a blade, by the weapon's name: where the rulebook locates wounds at the end
    /// of the round, one to locate.
    pub located: Option<String>,
    /// Blood lost from an earlier wound: no roll against its pain, nothing to locate.
    pub bleed: bool,
    /// The body part it landed on, where the rulebook reads one off the roll (and tallies
    /// damage by part).
    pub part: Option<BodyPart>,
}

impl Blow {
    /// One piece of damage struck at the unit on purpose, through worn armor only.
    pub fn struck(rolled: u32) -> Self {
        Self {
            pieces: vec![rolled],
            cover: 0,
            ignores_armor: false,
            deliberate: true,
            hand_to_hand: false,
            located: None,
            bleed: false,
            part: None,
        }
    }

    /// Harm no armor stops (fire, blood lost), the unit caught by it.
    pub fn unstoppable(rolled: u32) -> Self {
        Self {
            ignores_armor: true,
            ..Self::caught(rolled)
        }
    }

    /// One piece of damage the unit was caught by, through worn armor only.
    pub fn caught(rolled: u32) -> Self {
        Self {
            deliberate: false,
            ..Self::struck(rolled)
        }
    }
}

/// Apply a blow to `unit`, from `by` if a unit dealt it.
pub fn harm(battle: &mut Battle, unit: UnitId, by: Option<UnitId>, blow: Blow) {
    let hooks = super::hooks::of(battle);
    let worn = if blow.ignores_armor {
        0
    } else {
        armor_in_the_way(battle, hooks.as_ref(), unit, blow.deliberate)
    };
    let rolled: u32 = blow.pieces.iter().sum();
    let (mut cover, mut taken) = (0, 0);
    for piece in &blow.pieces {
        let through_cover = after_armor(*piece, blow.cover);
        cover += piece - through_cover;
        taken += after_armor(through_cover, worn);
    }
    let armor = rolled - taken;
    let before = battle.vitals(unit);
    let mut after = before;
    // The rulebook weighs the blow (CoC: one struck on purpose at someone down at zero kills;
    // harm merely caught is weighed like any other).
    let result = battle.scenario.ruleset.take_blow(&WoundBlow {
        damage: taken,
        hit_points: before.hit_points,
        below_zero: before.below_zero,
        max_hit_points: before.max_hit_points,
        major_wound: before.major_wound,
        deliberate: blow.deliberate && before.vital != Vital::Dead,
    });
    let severity = result.severity;
    after.hit_points = result.hit_points;
    after.below_zero = result.below_zero;
    after.major_wound = result.major_wound;
    if result.dead {
        after.vital = Vital::Dead;
    } else if result.dying && before.vital != Vital::Dying {
        after.vital = Vital::Dying;
        after.dying_since = battle.round();
    } else if result.knocked_out {
        after.vital = Vital::Unconscious;
    }
    battle.set_vitals(unit, after);
    battle.emit(EventKind::Damaged {
        unit,
        by,
        rolled,
        armor,
        taken,
        hit_points: after.hit_points,
        cover,
        severity,
    });
    if after.below_zero > before.below_zero {
        battle.emit(EventKind::BelowZero {
            unit,
            hit_points: after.below_zero,
        });
    }
    if taken > 0 {
        if !blow.bleed {
            hooks.wounded(
                battle,
                unit,
                (taken, blow.hand_to_hand),
                blow.located.as_deref(),
            );
        }
        spoil_aim(battle, unit);
        // Where the rulebook treats each wound once (BRP), a fresh wound may be tended.
        if battle.scenario.ruleset.first_aid_per_wound() {
            battle.change_condition(unit, |condition| condition.first_aid_received = false);
        }
    }
    if after.vital == Vital::Unconscious
        && before.vital == Vital::Conscious
        && hooks.stays_awake(battle, unit)
    {
        after.vital = Vital::Conscious;
        battle.set_vitals(unit, after);
    }
    if result.needs_con_roll && after.vital == Vital::Conscious {
        // A major wound (CoC) or a shock (BRP): down, and a CON roll to stay conscious.
        battle.fall_prone(unit);
        let constitution = battle.spec(unit).characteristics.constitution;
        let check = battle.roll_characteristic(unit, "CON", constitution, Vec::new());
        if !check.success && !hooks.stays_awake(battle, unit) {
            after.vital = Vital::Unconscious;
            battle.set_vitals(unit, after);
            hooks.knocked_out(battle, unit);
        }
    }
    settle_after_harm(battle, unit, before, severity != BlowSeverity::Regular);
    if taken > 0 {
        hooks.harm_taken(battle, unit, taken, blow.part);
    }
}

/// What harm leaves behind, once the unit's vitals are set: down if it is out of the fight; a
/// holder that was `shaken` (a major wound) or went down lets go; the dead are held by no one;
/// and the change of its wound state, from `before`, is told.
pub fn settle_after_harm(battle: &mut Battle, unit: UnitId, before: Vitals, shaken: bool) {
    let vital = battle.vitals(unit).vital;
    if vital != Vital::Conscious {
        battle.fall_prone(unit);
    }
    if (shaken || vital != Vital::Conscious) && battle.condition(unit).holding.is_some() {
        let_go(battle, unit);
    }
    if vital == Vital::Dead {
        for holder in holders(battle, unit) {
            let_go(battle, holder);
        }
    }
    announce_change(battle, unit, before);
}

/// A knock-out blow of `damage` that landed: weighed against the target's hit points on the
/// rulebook's resistance table (rolled, unless sure either way); won, the target loses a third
/// of it (rounded down, armor already weighed in the table) and is out cold; lost, it takes the
/// blow.
pub(super) fn knock_out_blow(battle: &mut Battle, from: UnitId, to: UnitId, damage: u32) {
    let hit_points = battle.vitals(to).hit_points;
    let (odds, knocked_out) = battle.roll_resistance(
        from,
        damage,
        hit_points,
        format!("knock-out, {damage} damage against {hit_points} hit points"),
    );
    battle.emit(EventKind::KnockOutWeighed {
        unit: from,
        target: to,
        damage,
        hit_points,
        odds,
        knocked_out,
    });
    if knocked_out {
        let blow = Blow {
            pieces: vec![damage / 3],
            ignores_armor: true,
            ..Blow::struck(0)
        };
        harm(battle, to, Some(from), blow);
        knock_out_cold(battle, to);
    } else {
        harm(battle, to, Some(from), Blow::struck(damage));
    }
}

/// The points of `unit`'s armor in the way of a blow. Armor over only part of the body is tried
/// against one aimed at its wearer where the rulebook says (CoC's optional hit locations or Luck
/// roll); otherwise it always counts.
fn armor_in_the_way(
    battle: &mut Battle,
    hooks: &dyn BattleHooks,
    unit: UnitId,
    aimed: bool,
) -> u32 {
    let Some(armor) = battle.spec(unit).armor.clone() else {
        return 0;
    };
    let Some(parts) = armor.covers.as_deref().filter(|_| aimed) else {
        return armor.points;
    };
    match hooks.armor_tried(battle, unit, (&armor.name, parts)) {
        Some(false) => 0,
        Some(true) | None => armor.points,
    }
}

/// Knocked out by a blow (the unit still conscious after its damage): unconscious, down, and out
/// cold for as long as the rulebook's dice say.
pub fn knock_out_cold(battle: &mut Battle, unit: UnitId) {
    if battle.vitals(unit).conscious() {
        fall_unconscious(battle, unit, true);
    }
}

/// A conscious unit falls unconscious: down, out cold for the rulebook's dice where it is
/// knocked out (`out_cold`), and letting go of anyone it holds.
pub fn fall_unconscious(battle: &mut Battle, unit: UnitId, out_cold: bool) {
    let before = battle.vitals(unit);
    battle.set_vitals(
        unit,
        Vitals {
            vital: Vital::Unconscious,
            ..before
        },
    );
    battle.fall_prone(unit);
    if out_cold {
        super::hooks::of(battle).knocked_out(battle, unit);
    }
    if battle.condition(unit).holding.is_some() {
        let_go(battle, unit);
    }
    announce_change(battle, unit, before);
}

/// Emit a wound-state change if there was one.
pub fn announce_change(battle: &mut Battle, unit: UnitId, before: Vitals) {
    let (from, to) = (before.wound_state(), battle.vitals(unit).wound_state());
    if from != to {
        battle.emit(EventKind::WoundChanged { unit, from, to });
    }
}

/// Checks shared by First Aid and Medicine: the patient is there and within reach.
fn patient_there(battle: &Battle, unit: UnitId, patient: UnitId) -> Result<Vitals, Rejection> {
    battle.known(patient)?;
    let (Some(from), Some(to)) = (battle.position(unit), battle.position(patient)) else {
        return Err(Rejection::NothingToTreat(
            "the patient is not here".to_string(),
        ));
    };
    if patient != unit && !from.is_adjacent(to) {
        return Err(Rejection::OutOfReach(format!(
            "{} is not beside {}",
            battle.spec(patient).name,
            battle.spec(unit).name
        )));
    }
    let vitals = battle.vitals(patient);
    if vitals.vital == Vital::Dead {
        return Err(Rejection::NothingToTreat("the patient is dead".to_string()));
    }
    Ok(vitals)
}

/// First Aid: stabilises the dying (1 temporary hit point), else heals 1 hit point, once.
pub(super) fn first_aid(
    battle: &mut Battle,
    unit: UnitId,
    patient: UnitId,
) -> Result<(), Rejection> {
    battle.action_available(unit)?;
    let vitals = patient_there(battle, unit, patient)?;
    let dying = vitals.vital == Vital::Dying;
    if !dying {
        if vitals.vital == Vital::Stabilised {
            return Err(Rejection::NothingToTreat(
                "already stabilised: it needs Medicine".to_string(),
            ));
        }
        if vitals.hit_points >= vitals.max_hit_points {
            return Err(Rejection::NothingToTreat(
                "the patient is not hurt".to_string(),
            ));
        }
        if battle.condition(patient).first_aid_received {
            return Err(Rejection::NothingToTreat(
                "First Aid has already been tried on these wounds".to_string(),
            ));
        }
    }
    battle.change_turn(|turn| turn.action_used = true);
    let check = battle.roll_skill(unit, FIRST_AID, Vec::new());
    if !dying {
        battle.change_condition(patient, |condition| condition.first_aid_received = true);
    }
    if !check.success {
        return Ok(());
    }
    let ruleset = battle.scenario.ruleset.clone();
    let care = ruleset.first_aid(
        &Patient {
            hit_points: vitals.hit_points,
            below_zero: vitals.below_zero,
            max_hit_points: vitals.max_hit_points,
            dying,
            major_wound: vitals.major_wound,
        },
        &mut |sides| battle.die(sides).face,
    );
    let mut after = Vitals {
        hit_points: care.hit_points,
        below_zero: care.below_zero,
        ..vitals
    };
    super::hooks::of(battle).first_aid_given(battle, patient);
    if care.stabilised {
        after.vital = Vital::Stabilised;
        battle.set_vitals(patient, after);
        battle.emit(EventKind::Stabilised {
            unit: patient,
            by: unit,
            hit_points: after.hit_points,
        });
    } else {
        match care.awake {
            Some(true) if matches!(vitals.vital, Vital::Unconscious | Vital::Dying) => {
                after.vital = Vital::Conscious;
            }
            Some(false) if vitals.vital == Vital::Dying => after.vital = Vital::Unconscious,
            _ => {}
        }
        battle.set_vitals(patient, after);
        // Where wounds bleed (the western), First Aid stops it and heals nothing.
        if !super::hooks::of(battle).tended(battle, unit, patient) {
            battle.emit(EventKind::Healed {
                unit: patient,
                by: unit,
                amount: care.healed,
            });
        }
    }
    announce_change(battle, patient, vitals);
    Ok(())
}

/// Medicine takes an hour or more, so it is given once the fighting is over: 1D3 hit points,
/// and a stabilised patient is no longer dying. The dying need First Aid first.
pub(super) fn medicine(
    battle: &mut Battle,
    unit: UnitId,
    patient: UnitId,
) -> Result<(), Rejection> {
    if !matches!(battle.flow().phase, Phase::Over(_)) {
        return Err(Rejection::NotDuringBattle);
    }
    if !battle.vitals(unit).conscious() {
        return Err(Rejection::CannotAct("not conscious".to_string()));
    }
    let vitals = patient_there(battle, unit, patient)?;
    if vitals.vital == Vital::Dying {
        return Err(Rejection::NothingToTreat(
            "the dying need First Aid first".to_string(),
        ));
    }
    if vitals.vital != Vital::Stabilised && vitals.hit_points >= vitals.max_hit_points {
        return Err(Rejection::NothingToTreat(
            "the patient is not hurt".to_string(),
        ));
    }
    if battle.condition(patient).medicine_received {
        return Err(Rejection::NothingToTreat(
            "already treated with Medicine".to_string(),
        ));
    }
    battle.change_condition(patient, |condition| condition.medicine_received = true);
    let check = battle.roll_skill(unit, MEDICINE, Vec::new());
    if !check.success {
        return Ok(());
    }
    let recovery = DamageNotation::sum(vec![Term::dice(1, 3)]);
    let roll = battle.roll_damage(
        unit,
        patient,
        MEDICINE,
        &recovery,
        DamageReach::Full,
        &Formula::default(),
        DamageQuality::Normal,
    );
    let mut after = vitals;
    after.hit_points = (after.hit_points + roll.total).min(after.max_hit_points);
    if after.vital == Vital::Stabilised || (after.vital == Vital::Unconscious && !after.major_wound)
    {
        after.vital = Vital::Conscious;
    }
    battle.set_vitals(patient, after);
    battle.emit(EventKind::Healed {
        unit: patient,
        by: unit,
        amount: after.hit_points - vitals.hit_points,
    });
    announce_change(battle, patient, vitals);
    Ok(())
}
