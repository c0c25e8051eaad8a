//! The sixth rulebook's one mechanism of its own, a steadied aim: its command, its state on
//! a unit, its event and log line, its stages in the battle and its choice for the AI.

use bevy::prelude::*;
use gridkeeper::ai::hooks::{AiHooks, HookAi};
use gridkeeper::battle::command::{Command, Rejection};
use gridkeeper::battle::event::{EventKind, LogKind};
use gridkeeper::battle::hooks::{
    AttackHooks, ChoiceHooks, DiceHooks, FireHooks, HarmHooks, HookRulebook, TurnHooks, own_command,
};
use gridkeeper::battle::own::{
    CommandDecoder, OwnCommand, OwnEvent, RulebookCommand, RulebookEvent, register_commands,
};
use gridkeeper::battle::own_state::own_of;
use gridkeeper::battle::state::Battle;
use gridkeeper::battle::{Flow, TurnState, UnitId};
use gridkeeper::map::scenario::Scenario;
use gridkeeper::rules::modifiers::{Modifier, ModifierReason};
use gridkeeper::rules::roll::Demand;
use gridkeeper::rulesets::{Rulebook, plugins::register_plugin, register};
use serde::{Deserialize, Serialize};

use super::rulebook::{ID, Sixth, added};

/// What a steadied aim adds to the unit's next attack (the engine has no reason of a
/// rulebook's own yet, so it borrows "aiming", which nothing else here gives).
pub(crate) const STEADY: Modifier = added(ModifierReason::Aiming, 2);

/// The sixth rulebook's part of a unit's state: its aim steadied for its next attack.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct SteadyAim {
    pub(crate) held: bool,
}

/// The sixth rulebook's own commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum SixthCommand {
    /// Steady the aim for the unit's next attack: free, on its turn before the turn's attack,
    /// one steadied aim at a time; it holds until that attack is made.
    Steady { unit: UnitId },
}

impl OwnCommand for SixthCommand {
    fn unit(&self) -> Option<UnitId> {
        let Self::Steady { unit } = self;
        Some(*unit)
    }
}

/// The command carried by the engine's command stream.
pub(crate) fn steady(unit: UnitId) -> Command {
    Command::Rulebook(RulebookCommand::new(SixthCommand::Steady { unit }))
}

/// The sixth rulebook's own events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub(crate) enum SixthEvent {
    Steadied { unit: UnitId },
}

impl OwnEvent for SixthEvent {
    fn kind(&self) -> LogKind {
        LogKind::Attacks
    }

    fn units(&self) -> Vec<UnitId> {
        let Self::Steadied { unit } = self;
        vec![*unit]
    }

    fn words(&self, scenario: &Scenario) -> String {
        let Self::Steadied { unit } = self;
        format!("{} steadies their aim", unit.name_in(scenario))
    }
}

/// Whether a unit on `turn` with `aim` may steady it now: not steadied already, and its
/// action (the turn's attack) still to come. The battle and the AI ask the same.
pub(crate) fn may_steady(turn: &TurnState, aim: SteadyAim) -> Result<(), Rejection> {
    if aim.held {
        return Err(Rejection::NotNow("its aim is steady already".to_string()));
    }
    if turn.action_used || turn.action_forfeited() || turn.attacks_made > 0 {
        return Err(Rejection::ActionUsed);
    }
    Ok(())
}

/// The sixth rulebook's code at the engine's stages.
pub(crate) struct SixthHooks;

impl TurnHooks for SixthHooks {}

impl ChoiceHooks for SixthHooks {
    fn command(&self, battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        let SixthCommand::Steady { unit } = own_command::<SixthCommand>(own)?;
        let turn = battle.own_turn(*unit)?;
        may_steady(&turn, battle.own(*unit))?;
        battle.change_own(*unit, |aim: &mut SteadyAim| aim.held = true);
        battle.emit(EventKind::Rulebook(RulebookEvent::new(
            SixthEvent::Steadied { unit: *unit },
        )));
        Ok(())
    }
}

impl FireHooks for SixthHooks {}

impl DiceHooks for SixthHooks {}

impl AttackHooks for SixthHooks {
    /// A steadied aim makes the attack (each roll of a trigger pull) easier.
    fn attack_demand(&self, battle: &Battle, unit: UnitId, mut demand: Demand) -> Demand {
        if battle.own::<SteadyAim>(unit).held {
            demand.modifiers.push(STEADY);
        }
        demand
    }

    /// The attack is made: the steadied aim is spent.
    fn attack_made(&self, battle: &mut Battle, unit: UnitId) {
        if battle.own::<SteadyAim>(unit).held {
            battle.change_own(unit, |aim: &mut SteadyAim| aim.held = false);
        }
    }
}

impl HarmHooks for SixthHooks {}

/// The sixth rulebook's choices for the AI.
pub(crate) struct SixthAi;

impl AiHooks for SixthAi {
    /// Before an attack, steady the aim where the unit may.
    fn first(&self, world: &mut World, _scenario: &Scenario, command: &Command) -> Option<Command> {
        let (Command::Fire { unit, .. } | Command::Attack { unit, .. }) = command else {
            return None;
        };
        let turn = world.resource::<Flow>().turn?;
        may_steady(&turn, own_of(world, *unit)).ok()?;
        Some(steady(*unit))
    }
}

/// The sixth rulebook's battle and AI plugin.
pub(crate) fn plugin(app: &mut App) {
    app.hook_rulebook(ID, SixthHooks).hook_ai(ID, SixthAi);
}

/// Puts the sixth rulebook in the registry, its plugin in every app made after, and its
/// commands' decoder where replays are read (again: no change).
pub(crate) fn register_the_sixth() {
    register(Rulebook {
        id: ID,
        options: &[],
        make: |_| Ok(Box::new(Sixth::new()?)),
    });
    register_plugin(ID, plugin);
    register_commands(CommandDecoder::of::<SixthCommand>(&["Steady"]));
}
