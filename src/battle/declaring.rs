//! Declared rounds (the western, SPECS.md 3.1): each unit's declaration taken in its declaration
//! slot, and held to in its act slot, where it may do what it declared and nothing else. A part
//! that has become impossible is lost.

use super::command::{Command, FireMode, Rejection};
use super::declaration::{Declaration, DeclaredAct, DeclaredMove};
use super::event::EventKind;
use super::state::Battle;
use super::{AttackKind, Footing, PendingAttack, TurnState, UnitId};
use crate::map::scenario::Scenario;
use crate::rules::characteristics::MoveAllowance;
use crate::rules::melee::SpecificBlow;

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

/// Take the acting unit's declaration: checked, kept for the round and told (the caller ends
/// the turn).
pub(super) fn declare(
    battle: &mut Battle,
    unit: UnitId,
    declaration: Declaration,
) -> Result<(), Rejection> {
    battle.own_turn(unit)?;
    if !battle.scenario.ruleset.mechanisms().declares_actions() {
        return Err(Rejection::NotNow(
            "this rulebook has no declarations".to_string(),
        ));
    }
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
    battle.flow_mut().declarations.push((unit, declaration));
    battle.emit(EventKind::Declared { unit, declaration });
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

/// On an act turn of a rulebook that declares: refuse what the unit did not declare.
pub(super) fn binds(battle: &Battle, turn: &TurnState, command: &Command) -> Result<(), Rejection> {
    if !battle.scenario.ruleset.mechanisms().declares_actions()
        || matches!(command, Command::EndTurn { .. })
    {
        return Ok(());
    }
    let declaration = declared(&battle.flow().declarations, turn.unit);
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
    if !battle.scenario.ruleset.mechanisms().declares_actions() || turn.action_used {
        return;
    }
    let declaration = declared(&battle.flow().declarations, turn.unit);
    // Shots already fired in a quick draw it won are its declared shots.
    let fired = battle.condition(turn.unit).shots_this_round > 0;
    if declaration.act.spends_the_action() && !fired {
        battle.emit(EventKind::DeclarationLost {
            unit: turn.unit,
            declaration,
        });
    }
}

/// The movement the acting unit has this round: its zigzag allowance where it declared one.
pub(super) fn move_allowance(battle: &Battle, unit: UnitId) -> MoveAllowance {
    let footing = battle.condition(unit).footing();
    allowance(
        &battle.scenario,
        &battle.flow().declarations,
        (unit, footing),
    )
}

/// The movement `unit` has this round under `declarations`, on its `footing`: none held fast;
/// its zigzag allowance where it declared one or is lamed (shot in the legs), a crawl where the
/// rulebook has one for a lamed unit (a crippled leg), else its own.
pub fn allowance(
    scenario: &Scenario,
    declarations: &[(UnitId, Declaration)],
    (unit, footing): (UnitId, Footing),
) -> MoveAllowance {
    if let Some(crawl) = crawl(scenario, footing) {
        return crawl;
    }
    let spec = &scenario.units[unit.index()];
    let zigzag = scenario
        .ruleset
        .mechanisms()
        .zigzag_allowance(&spec.characteristics);
    let lamed = footing == Footing::Lamed;
    declared(declarations, unit).allowance(spec.derived.moves, zigzag, lamed)
}

/// The movement a unit's `footing` leaves it in place of its own: none held fast; a lamed
/// unit's crawl, where the rulebook has one (a crippled leg on the d100 house sheet); `None`
/// for a unit on its own feet, or lamed in a rulebook without a crawl.
pub fn crawl(scenario: &Scenario, footing: Footing) -> Option<MoveAllowance> {
    let crawl = match footing {
        Footing::Free => None,
        Footing::Lamed => scenario.ruleset.crawl(),
        Footing::HeldFast => Some(0),
    }?;
    Some(MoveAllowance {
        free: crawl,
        most: crawl,
        past_free_forfeits: false,
    })
}

/// Whether `unit` may move on its act turn: not where the rulebook declares rounds and it
/// declared it would stay.
pub fn may_move(scenario: &Scenario, declarations: &[(UnitId, Declaration)], unit: UnitId) -> bool {
    !scenario.ruleset.mechanisms().declares_actions()
        || declared(declarations, unit).movement != DeclaredMove::Stay
}

/// Whether the unit is zigzagging this round: it declared a zigzag, and is not down in pain or
/// stunned (a unit clutching its wound on the ground weaves about no more).
pub(super) fn zigzagging(battle: &Battle, unit: UnitId) -> bool {
    declared(&battle.flow().declarations, unit).movement == DeclaredMove::Zigzag
        && battle.condition(unit).idle_in(battle.round()).is_none()
}

/// The unit's declaration this round, where its act is aimed at `target` (what goes with it, a
/// specific shot, a specific blow or a shot through cover, then counts against `target`: `declare`
/// lets each go only with its own act).
pub fn declared_at(battle: &Battle, unit: UnitId, target: UnitId) -> Option<Declaration> {
    let declaration = declared(&battle.flow().declarations, unit);
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
pub(super) fn shots_declared(battle: &Battle, unit: UnitId) -> Option<u32> {
    match declared(&battle.flow().declarations, unit).act {
        DeclaredAct::Fire { shots, .. } => Some(shots),
        _ => None,
    }
}
