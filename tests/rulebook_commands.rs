//! A rulebook's own command and event, defined here and nowhere under `src/`: hooked into a
//! battle, the command is carried out at the rulebook's stage and its event is logged and
//! written as the rulebook's enum writes it; in a replay's list the command is written as its
//! enum writes it and read back by the rulebook's decoder, beside the engine's own commands; a
//! name nobody knows is refused with the engine's names expected. A rulebook's own way of
//! firing (BRP's both barrels) is written and read back so too.
// Plays the shipped files of every rulebook: built with all five.
#![cfg(all_rulebooks)]

mod shipped;

use bevy::prelude::*;
use gridkeeper::battle::command::{
    Command, FireMode, Rejection, WeaponChoice, Written, read_commands,
};
use gridkeeper::battle::event::{EventKind, LogKind};
use gridkeeper::battle::hooks::{
    AttackHooks, ChoiceHooks, DiceHooks, FireHooks, HarmHooks, HookRulebook, TurnHooks,
};
use gridkeeper::battle::own::{
    CommandDecoder, OwnCommand, OwnEvent, RulebookCommand, RulebookEvent, register_commands,
};
use gridkeeper::battle::state::Battle;
use gridkeeper::battle::{EventLog, Flow, UnitId};
use gridkeeper::headless::headless_app;
use gridkeeper::map::scenario::Scenario;
use gridkeeper::replay::give;
use gridkeeper::rulesets::brp_classic::battle::fire_modes::BrpFireMode;
use gridkeeper::rulesets::d10_pool::battle::sweep::PoolFireMode;
use serde::{Deserialize, Serialize};
use shipped::shipped;

/// The test rulebook's own commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Shouting {
    Shout { unit: UnitId, words: String },
    Hush,
}

impl OwnCommand for Shouting {
    fn unit(&self) -> Option<UnitId> {
        match self {
            Self::Shout { unit, .. } => Some(*unit),
            Self::Hush => None,
        }
    }
}

/// Its own event.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
enum Shouted {
    Shouted { unit: UnitId, words: String },
}

impl OwnEvent for Shouted {
    fn kind(&self) -> LogKind {
        LogKind::Attacks
    }

    fn units(&self) -> Vec<UnitId> {
        let Self::Shouted { unit, .. } = self;
        vec![*unit]
    }

    fn words(&self, scenario: &Scenario) -> String {
        let Self::Shouted { unit, words } = self;
        format!("{} shouts \"{words}\"", unit.name_in(scenario))
    }
}

/// Its code at the engine's stages: a shout on the unit's own turn.
struct ShoutingHooks;

impl TurnHooks for ShoutingHooks {}

impl ChoiceHooks for ShoutingHooks {
    fn command(&self, battle: &mut Battle, own: &dyn OwnCommand) -> Result<(), Rejection> {
        let Some(Shouting::Shout { unit, words }) = own.as_any().downcast_ref::<Shouting>() else {
            return Err(Rejection::NoSuchCommand(format!("{own:?}")));
        };
        battle.own_turn(*unit)?;
        battle.emit(EventKind::Rulebook(RulebookEvent::new(Shouted::Shouted {
            unit: *unit,
            words: words.clone(),
        })));
        Ok(())
    }
}

impl FireHooks for ShoutingHooks {}

impl DiceHooks for ShoutingHooks {}

impl AttackHooks for ShoutingHooks {}

impl HarmHooks for ShoutingHooks {}

fn register() {
    register_commands(CommandDecoder::of::<Shouting>(&["Shout", "Hush"]));
}

fn shout(unit: UnitId) -> Command {
    Command::Rulebook(RulebookCommand::new(Shouting::Shout {
        unit,
        words: "Halt!".to_string(),
    }))
}

#[test]
fn a_rulebooks_own_command_is_carried_out_at_its_stage_and_logged() {
    let mut app = headless_app(shipped("cellar.ron"), 3);
    app.hook_rulebook(gridkeeper::rulesets::coc7e::ID, ShoutingHooks);
    app.update();
    give(app.world_mut(), Command::Begin);
    let acting = app
        .world()
        .resource::<Flow>()
        .acting()
        .expect("someone acts");
    let idle = UnitId(
        (0..4)
            .find(|index| UnitId(*index) != acting)
            .expect("another"),
    );
    give(app.world_mut(), shout(idle));
    let events = &app.world().resource::<EventLog>().0;
    let refused = events.last().expect("an event");
    assert!(
        matches!(
            &refused.kind,
            EventKind::Rejected {
                reason: Rejection::NotItsTurn,
                ..
            }
        ),
        "{refused:?}"
    );
    give(app.world_mut(), shout(acting));
    let events = &app.world().resource::<EventLog>().0;
    let shouted = events.last().expect("an event");
    assert_eq!(
        shouted.kind.own::<Shouted>(),
        Some(&Shouted::Shouted {
            unit: acting,
            words: "Halt!".to_string()
        })
    );
    let scenario = shipped("cellar.ron");
    assert_eq!(
        gridkeeper::log::describe(shouted, &scenario),
        format!("{} shouts \"Halt!\"", acting.name_in(&scenario))
    );
    assert_eq!(
        serde_json::to_string(shouted).expect("plain data"),
        format!(
            r#"{{"round":1,"kind":"shouted","unit":{},"words":"Halt!"}}"#,
            acting.0
        )
    );
}

#[test]
fn a_rulebooks_own_commands_are_written_and_read_back_beside_the_engines() {
    register();
    let commands = vec![
        Command::Begin,
        shout(UnitId(2)),
        Command::Rulebook(RulebookCommand::new(Shouting::Hush)),
        Command::EndTurn { unit: UnitId(2) },
    ];
    let written: Vec<Written> = commands.iter().map(Written).collect();
    let text = ron::to_string(&written).expect("plain data");
    assert_eq!(
        text,
        r#"[Begin,Shout(unit:2,words:"Halt!"),Hush,EndTurn(unit:2)]"#
    );
    let mut reader = ron::Deserializer::from_str(&text).expect("RON");
    let read = read_commands(&mut reader).expect("read back");
    assert_eq!(read, commands);
    let json = serde_json::to_string(&written).expect("plain data");
    let read = read_commands(&mut serde_json::Deserializer::from_str(&json)).expect("read back");
    assert_eq!(read, commands);
    let mut reader = ron::Deserializer::from_str("[Begin, Frobnicate(unit: 3)]").expect("RON");
    let error = read_commands(&mut reader).expect_err("no such command");
    assert!(
        error.to_string().contains(
            "Unexpected variant named `Frobnicate` in enum `Command`, expected one of `Begin`"
        ),
        "{error}"
    );
    let mut reader = ron::Deserializer::from_str("[Shout(unit: 3, words: 7)]").expect("RON");
    assert!(read_commands(&mut reader).is_err(), "the decoder's refusal");
}

/// A rulebook's own way of firing (BRP's both barrels, the d10 pool's sweep) inside a fire
/// command: written as its enum writes it, beside the engine's own fire modes, read back by its
/// rulebook's decoder; a fire mode nobody knows is refused with the engine's names expected.
#[test]
fn a_rulebooks_own_fire_mode_is_written_and_read_back_beside_the_engines() {
    gridkeeper::rulesets::plugins::register_commands();
    let fire = |mode| Command::Fire {
        unit: UnitId(0),
        weapon: WeaponChoice::Carried(1),
        mode,
    };
    let commands = vec![
        fire(BrpFireMode::BothBarrels(UnitId(3)).into()),
        fire(FireMode::Shots(vec![UnitId(2), UnitId(2)])),
        fire(
            BrpFireMode::Unaimed {
                shots: 4,
                at: vec![UnitId(2), UnitId(3)],
            }
            .into(),
        ),
        fire(
            PoolFireMode::Sweep {
                at: UnitId(2),
                rounds: 20,
            }
            .into(),
        ),
    ];
    let written: Vec<Written> = commands.iter().map(Written).collect();
    let text = ron::to_string(&written).expect("plain data");
    assert_eq!(
        text,
        "[Fire(unit:0,weapon:Carried(1),mode:BothBarrels(3)),\
         Fire(unit:0,weapon:Carried(1),mode:Shots([2,2])),\
         Fire(unit:0,weapon:Carried(1),mode:Unaimed(shots:4,at:[2,3])),\
         Fire(unit:0,weapon:Carried(1),mode:Sweep(at:2,rounds:20))]"
    );
    let mut reader = ron::Deserializer::from_str(&text).expect("RON");
    assert_eq!(read_commands(&mut reader).expect("read back"), commands);
    let json = serde_json::to_string(&written).expect("plain data");
    let read = read_commands(&mut serde_json::Deserializer::from_str(&json)).expect("read back");
    assert_eq!(read, commands);
    let mut reader =
        ron::Deserializer::from_str("[Fire(unit: 0, weapon: Carried(1), mode: Volley(3))]")
            .expect("RON");
    let error = read_commands(&mut reader).expect_err("no such fire mode");
    assert!(
        error.to_string().contains(
            "Unexpected variant named `Volley` in enum `FireMode`, expected one of `Shots`"
        ),
        "{error}"
    );
}
