//! Declared rounds (the western, SPECS.md 3.1): each unit's declaration taken in its declaration
//! slot and kept for the round (`Declarations`), and held to in its act slot, where it may do
//! what it declared and nothing else. A part that has become impossible is lost. What it
//! declared bounds its movement (a zigzag, a stay) and sets the facts of its shots (a specific
//! shot, the shots declared, a shot through cover) and blows (a specific blow).

use bevy::prelude::*;

use super::declaration::{Declaration, DeclaredAct, DeclaredMove};
use super::events::FrontierEvent;
use crate::battle::choices::Binding;
use crate::battle::command::{Command, FireMode, Rejection};
use crate::battle::flow::end_turn;
use crate::battle::state::Battle;
use crate::battle::{AttackKind, Footing, PendingAttack, TurnState, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::characteristics::MoveAllowance;
use crate::rules::melee::SpecificBlow;
use crate::rules::situation::ShotFacts;
use crate::rulesets::frontier::sheet::zigzag_move;

/// This round's declarations, in the order made (a record of the battle's: put back to none as
/// it is cleared).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Declarations {
    round: u32,
    made: Vec<(UnitId, Declaration)>,
}

impl Declarations {
    /// The declarations made in `round`, in the order made.
    pub fn in_round(&self, round: u32) -> &[(UnitId, Declaration)] {
        if self.round == round { &self.made } else { &[] }
    }
}

/// The declarations made this round, in the order made.
pub fn declarations_of(world: &World, round: u32) -> Vec<(UnitId, Declaration)> {
    world
        .get_resource::<Declarations>()
        .map(|declarations| declarations.in_round(round).to_vec())
        .unwrap_or_default()
}

/// The declarations made this round in `battle`.
fn made<'b>(battle: &'b Battle<'_>) -> &'b [(UnitId, Declaration)] {
    battle
        .world
        .get_resource::<Declarations>()
        .map_or(&[], |declarations| declarations.in_round(battle.round()))
}

/// What `unit` declared this round in `battle` (nothing, where it declared nothing).
pub fn declared_in(battle: &Battle, unit: UnitId) -> Declaration {
    declared(made(battle), unit)
}

/// Whether `command`, given on the unit's own act turn after `shots_fired` shots this round, is
/// part of what `declaration` declared.
pub fn allows(declaration: &Declaration, command: &Command, shots_fired: u32) -> bool {
    match (command, declaration.act) {
        (Command::TakePosture { .. } | Command::StandUp { .. } | Command::Release { .. }, _) => {
            true
        }
        (Command::Move { .. } | Command::Flee { .. }, _) => {
            declaration.movement != DeclaredMove::Stay
        }
        (
            Command::Fire {
                mode: FireMode::Shots(at),
                ..
            },
            DeclaredAct::Fire { target, shots },
        ) => {
            let fired = u32::try_from(at.len()).unwrap_or(u32::MAX);
            at.iter().all(|aimed| *aimed == target) && shots_fired + fired <= shots
        }
        (Command::Aim { target: aimed, .. }, DeclaredAct::Bead { target })
        | (
            Command::Attack { target: aimed, .. } | Command::KnockOut { target: aimed, .. },
            DeclaredAct::Strike { target },
        )
        | (Command::FirstAid { patient: aimed, .. }, DeclaredAct::FirstAid { patient: target }) => {
            *aimed == target
        }
        (Command::Blast { at: aimed, .. }, DeclaredAct::Throw { at }) => *aimed == at,
        (Command::Reload { .. }, DeclaredAct::Reload) => true,
        // Taking up the weapon it will use is part of using it (a drawn gun fires at the
        // rulebook's step for drawing).
        (
            Command::Ready { .. },
            DeclaredAct::Draw
            | DeclaredAct::Fire { .. }
            | DeclaredAct::Strike { .. }
            | DeclaredAct::Throw { .. },
        ) => true,
        _ => false,
    }
}

/// Take the acting unit's declaration: checked, kept for the round and told; its slot is done.
pub(super) fn declare(
    battle: &mut Battle,
    unit: UnitId,
    declaration: Declaration,
) -> Result<(), Rejection> {
    battle.own_turn(unit)?;
    let refused = |why: &str| Err(Rejection::NotNow(why.to_string()));
    if declaration.movement == DeclaredMove::Zigzag && declaration.act.attacks() {
        return refused("a unit that zigzags makes no attack this round");
    }
    if matches!(declaration.act, DeclaredAct::Bead { .. })
        && declaration.movement != DeclaredMove::Stay
    {
        return refused("taking a bead, a unit does nothing else this round");
    }
    if let DeclaredAct::Fire { shots: 0, .. } = declaration.act {
        return refused("a shot or more");
    }
    let shots = matches!(declaration.act, DeclaredAct::Fire { .. });
    if declaration.specific.is_some() && !shots {
        return refused("a specific shot goes with shots");
    }
    if declaration.through && !shots {
        return refused("only shots go through cover");
    }
    if declaration.blow.is_some() && !matches!(declaration.act, DeclaredAct::Strike { .. }) {
        return refused("a specific blow goes with a strike");
    }
    if let Some(other) = declaration.act.target() {
        battle.known(other)?;
        let first_aid = matches!(declaration.act, DeclaredAct::FirstAid { .. });
        if (other == unit && !first_aid) || battle.position(other).is_none() {
            return Err(Rejection::InvalidTarget(format!(
                "{} is no target for that",
                battle.spec(other).name
            )));
        }
    }
    if let DeclaredAct::Throw { at } = declaration.act
        && !battle.scenario.map.contains(at)
    {
        return Err(Rejection::InvalidTarget("off the map".to_string()));
    }
    let round = battle.round();
    let mut declarations = battle.world.get_resource_or_init::<Declarations>();
    if declarations.round != round {
        *declarations = Declarations {
            round,
            made: Vec::new(),
        };
    }
    declarations.made.push((unit, declaration));
    battle.emit(FrontierEvent::Declared { unit, declaration });
    end_turn(battle);
    Ok(())
}

/// What the unit declared this round, once it has.
pub fn declaration_of(declarations: &[(UnitId, Declaration)], unit: UnitId) -> Option<Declaration> {
    declarations
        .iter()
        .find(|(declarer, _)| *declarer == unit)
        .map(|(_, declaration)| *declaration)
}

/// What the unit declared this round (nothing, where it declared nothing).
pub fn declared(declarations: &[(UnitId, Declaration)], unit: UnitId) -> Declaration {
    declaration_of(declarations, unit).unwrap_or_default()
}

/// On an act turn: refuse what the unit did not declare.
pub(super) fn binds(battle: &Battle, turn: &TurnState, command: &Command) -> Result<(), Rejection> {
    if matches!(command, Command::EndTurn { .. }) {
        return Ok(());
    }
    let declaration = declared_in(battle, turn.unit);
    if allows(
        &declaration,
        command,
        battle.condition(turn.unit).shots_this_round,
    ) {
        return Ok(());
    }
    let name = |other: UnitId| battle.spec(other).name.clone();
    Err(Rejection::NotNow(format!(
        "not what it declared ({})",
        declaration.words(name)
    )))
}

/// At the end of an act turn: a declared act that spends the action and was not done is lost.
pub(super) fn lose_undone(battle: &mut Battle, turn: &TurnState) {
    if turn.action_used {
        return;
    }
    let declaration = declared_in(battle, turn.unit);
    // Shots already fired in a quick draw it won are its declared shots.
    let fired = battle.condition(turn.unit).shots_this_round > 0;
    if declaration.act.spends_the_action() && !fired {
        battle.emit(FrontierEvent::DeclarationLost {
            unit: turn.unit,
            declaration,
        });
    }
}

/// The movement `unit` has this round under `declarations`, on its `footing`, its own being
/// `own`: its zigzag allowance where it declared one or is lamed (shot in the legs).
pub fn allowance(
    scenario: &Scenario,
    declarations: &[(UnitId, Declaration)],
    (unit, footing): (UnitId, Footing),
    own: MoveAllowance,
) -> MoveAllowance {
    let zigzag = zigzag_move(&scenario.units[unit.index()].characteristics);
    let lamed = footing == Footing::Lamed;
    declared(declarations, unit).allowance(own, zigzag, lamed)
}

/// The movement `unit` has this round in `battle`, its own being `own`.
pub(super) fn moves(battle: &Battle, unit: UnitId, own: MoveAllowance) -> MoveAllowance {
    let footing = battle.condition(unit).footing();
    allowance(&battle.scenario, made(battle), (unit, footing), own)
}

/// Whether `unit` keeps its tile this round: it declared it would stay.
pub(super) fn stays(battle: &Battle, unit: UnitId) -> bool {
    declared_in(battle, unit).movement == DeclaredMove::Stay
}

/// What binds `unit`'s turn: its declaration (staying and doing nothing, where it declared
/// nothing), in words.
pub(super) fn binding(battle: &Battle, unit: UnitId) -> Binding {
    let declaration = declaration_of(made(battle), unit);
    let name = |other: UnitId| battle.spec(other).name.clone();
    let bound = declaration.unwrap_or_default();
    Binding {
        words: bound.words(name),
        given: declaration.is_some(),
        tends: matches!(bound.act, DeclaredAct::FirstAid { .. }),
    }
}

/// The facts of `shooter`'s shot at `target` its declaration sets: the shots it declared for
/// the round, a specific shot declared at `target`, and `target` zigzagging.
pub(super) fn shot_facts(
    battle: &Battle,
    (shooter, target): (UnitId, UnitId),
    facts: &mut ShotFacts,
) {
    if let Some(shots) = shots_declared(battle, shooter) {
        facts.shots_in_pull = shots.max(1);
    }
    facts.specific_shot = declared_at(battle, shooter, target)
        .is_some_and(|declaration| declaration.specific.is_some());
    facts.target_zigzagged = zigzagging(battle, target);
}

/// Whether `shooter` declared its shots at `target` through the low cover in the way.
pub(super) fn through_cover(battle: &Battle, shooter: UnitId, target: UnitId) -> bool {
    declared_at(battle, shooter, target).is_some_and(|declaration| declaration.through)
}

/// Whether the unit is zigzagging this round: it declared a zigzag, and is not down in pain or
/// stunned (a unit clutching its wound on the ground weaves about no more).
fn zigzagging(battle: &Battle, unit: UnitId) -> bool {
    declared_in(battle, unit).movement == DeclaredMove::Zigzag
        && battle.condition(unit).idle_in(battle.round()).is_none()
}

/// The unit's declaration this round, where its act is aimed at `target` (what goes with it, a
/// specific shot, a specific blow or a shot through cover, then counts against `target`: `declare`
/// lets each go only with its own act).
pub fn declared_at(battle: &Battle, unit: UnitId, target: UnitId) -> Option<Declaration> {
    let declaration = declared_in(battle, unit);
    (declaration.act.target() == Some(target)).then_some(declaration)
}

/// The specific blow the attacker declared at the defender this round, where `pending` is a
/// strike and not a free blow (always a plain one).
pub fn declared_blow(battle: &Battle, pending: &PendingAttack) -> Option<SpecificBlow> {
    match pending.kind {
        AttackKind::Strike(_) if !pending.free => {
            declared_at(battle, pending.attacker, pending.target)
                .and_then(|declaration| declaration.blow)
        }
        AttackKind::Strike(_) | AttackKind::Maneuver(_) | AttackKind::Fire(_) => None,
    }
}

/// How many shots the unit declared for this round, where it declared a shot.
fn shots_declared(battle: &Battle, unit: UnitId) -> Option<u32> {
    match declared_in(battle, unit).act {
        DeclaredAct::Fire { shots, .. } => Some(shots),
        _ => None,
    }
}
