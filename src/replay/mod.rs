//! Replays and saves (one file serves both): recording the battle as it is played, playing a
//! replay back headless or step by step, and running its commands under other dice.

pub mod file;
pub mod playback;
pub mod saving;

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;

use crate::ai::AiStyles;
use crate::battle::command::Command;
use crate::battle::event::{Event, EventKind};
use crate::battle::scope::BattleScoped;
use crate::battle::{
    ActiveScenario, BattleDice, BattleSystems, CommandLog, CommandQueue, Controllers, EventLog,
    Flow, Phase, RefusedCommands, resolve, restart,
};
use crate::map::scenario::{Control, Scenario};
use crate::schedule::AppSystems;
pub use file::{EventDigest, REPLAY_FORMAT, Replay, ReplayFile};
pub use playback::Playback;
pub use saving::{Autosave, SaveNotices, SaveRequest, SaveState, SavedCommands};

/// Saves and the replay viewer in the game window: saved commands given again first, the
/// viewer's clock before the battle's systems, saves after them.
pub(crate) fn plugin(app: &mut App) {
    app.battle_view::<SaveRequest>()
        .battle_view::<UndoRequest>()
        .battle_view::<RestartRequest>()
        .battle_only::<Autosave>()
        .battle_only::<SaveState>()
        .battle_only::<SavedCommands>()
        .battle_only::<Playback>()
        .init_resource::<SaveNotices>()
        .add_systems(
            Update,
            (
                playback::keys
                    .run_if(not(egui_wants_any_keyboard_input))
                    .in_set(AppSystems::Interact),
                (
                    saving::play_saved_commands,
                    playback::advance,
                    undo_on_request,
                    restart_on_request,
                )
                    .chain()
                    .after(AppSystems::Interact)
                    .before(BattleSystems),
                (saving::save_on_request, saving::autosave)
                    .chain()
                    .after(BattleSystems)
                    .before(AppSystems::Present),
            ),
        );
}

impl Replay {
    /// The battle in `world` so far, as a replay; `None` where no battle is being played.
    pub fn of_battle(world: &World) -> Option<Self> {
        let scenario = world.get_resource::<ActiveScenario>()?;
        let dice = world.get_resource::<BattleDice>()?;
        let controllers = world.get_resource::<Controllers>()?;
        let commands = world.get_resource::<CommandLog>()?;
        let events = world.get_resource::<EventLog>()?;
        Some(Self {
            format: REPLAY_FORMAT,
            scenario: scenario.0.as_begun(),
            seed: dice.seed,
            control: controllers.0[..controllers.0.len().min(scenario.0.units_as_begun())].to_vec(),
            commands: commands.0.clone(),
            events: EventDigest::of(&events.0),
        })
    }

    /// The replay's battle in a headless app under `seed`, set up, no command given yet.
    pub fn headless(&self, seed: u64) -> App {
        let mut app = crate::headless::headless_app(self.scenario.clone(), seed);
        app.insert_resource(Controllers(self.control.clone()));
        app.update();
        app
    }

    /// Play every command under the replay's own seed, headless: the app at the end.
    pub fn play(&self) -> App {
        self.play_noting_refusals().0
    }

    /// As [`Replay::play`], with the first command the battle refused: its number (from 1) in
    /// the file's list, and the command and reason in words.
    fn play_noting_refusals(&self) -> (App, Option<String>) {
        let mut app = self.headless(self.seed);
        let mut first_refused = None;
        for (index, command) in self.commands.iter().enumerate() {
            let from = give_tracked(app.world_mut(), command.clone());
            if first_refused.is_some() {
                continue;
            }
            if let Some(EventKind::Rejected { reason, .. }) = app.world().resource::<EventLog>().0
                [from..]
                .last()
                .map(|event| &event.kind)
            {
                first_refused = Some(format!(
                    "command {} of {} (`{}`) was refused: {reason}",
                    index + 1,
                    self.commands.len(),
                    command.written()
                ));
            }
        }
        (app, first_refused)
    }

    /// As [`Replay::verify`], where the digest can be checked: a replay of an older format only
    /// plays (its digest is of events in their old form), and passes.
    pub fn verify_if_current(&self) -> Result<(), String> {
        if self.format < REPLAY_FORMAT {
            return Ok(());
        }
        self.verify()
    }

    /// Whether playing the commands makes the events the file recorded.
    pub fn verify(&self) -> Result<(), String> {
        if self.format < REPLAY_FORMAT {
            return Err(format!(
                "recorded in replay format {}, whose events this build no longer writes in the \
                 same form, so its digest cannot be checked here; it still plays, and saving it \
                 again records a digest that can be",
                self.format
            ));
        }
        let (app, first_refused) = self.play_noting_refusals();
        let made = EventDigest::of(&app.world().resource::<EventLog>().0);
        if made == self.events {
            return Ok(());
        }
        let difference = format!(
            "the commands made {} events (digest {}), the file recorded {} (digest {})",
            made.count, made.digest, self.events.count, self.events.digest
        );
        Err(match first_refused {
            Some(refused) => format!("{refused}; {difference}"),
            None => difference,
        })
    }
}

/// Give one recorded command again. The battle queues some commands of its own as it goes (an
/// AI defender's answer); those were recorded too, as the commands after the one that queued
/// them, so what an earlier command queued is dropped first: a replay's commands come from its
/// file alone. What this command queues is left for the battle to take up if the replay ends
/// here and play goes on (the viewer, which plays nothing on, drops it).
pub fn give(world: &mut World, command: Command) {
    world.resource_mut::<CommandQueue>().0.clear();
    resolve(world, command);
}

/// As [`give`], and where in the event log the events the command made begin.
pub fn give_tracked(world: &mut World, command: Command) -> usize {
    let from = world.resource::<EventLog>().0.len();
    give(world, command);
    from
}

/// Set by the keeper's undo button: the last command is taken back before the next frame's
/// battle.
#[derive(Resource, Debug, Default)]
pub struct UndoRequest(pub bool);

/// Set by the end window's buttons: the fight starts again from the scenario under this seed.
#[derive(Resource, Debug, Default)]
pub struct RestartRequest(pub Option<u64>);

/// Start the fight again when asked: a new battle, so a new autosave beside the old one (the
/// finished battle's file stays as it is).
fn restart_on_request(world: &mut World) {
    let Some(seed) = world.resource_mut::<RestartRequest>().0.take() else {
        return;
    };
    restart(world, seed);
    // A fresh fight: the AI plays it unless the keeper holds it again.
    if let Some(mut pause) = world.get_resource_mut::<crate::ai::AiPause>() {
        *pause = crate::ai::AiPause::default();
    }
    if world.get_resource::<Autosave>().is_some()
        && let Some(scenario) = world
            .get_resource::<ActiveScenario>()
            .map(|scenario| scenario.0.clone())
    {
        // The old claim (and its lock) goes as the new one takes its place.
        world.remove_resource::<Autosave>();
        let autosave = Autosave::claim(&scenario, seed, None);
        world.insert_resource(SaveState {
            path: Some(autosave.path.clone()),
            ..SaveState::default()
        });
        world.insert_resource(autosave);
    }
    world
        .resource_mut::<SaveNotices>()
        .0
        .push(format!("The fight starts again (dice seed {seed})"));
}

/// Carry out an undo asked for, and say what was taken back.
fn undo_on_request(world: &mut World) {
    if !std::mem::take(&mut world.resource_mut::<UndoRequest>().0) {
        return;
    }
    let before = world
        .get_resource::<EventLog>()
        .map(|events| events.0.clone())
        .unwrap_or_default();
    // Named as the battle named them before the undo: a unit brought in goes with it.
    let scenario = world
        .get_resource::<ActiveScenario>()
        .map(|scenario| scenario.0.clone());
    let words = match undo(world) {
        Some(command) => {
            // Said as the log said the first thing the command did.
            let now = world
                .get_resource::<EventLog>()
                .map_or(0, |events| events.0.len());
            let what = match (before.get(now), scenario) {
                (Some(event), Some(scenario)) => crate::log::describe(event, &scenario),
                _ => command.written(),
            };
            format!("Took back: {what}. The AI holds until let go")
        }
        None => "Nothing to take back".to_string(),
    };
    world.resource_mut::<SaveNotices>().0.push(words);
}

/// Take back the last command a person or the keeper gave that the battle carried out, and
/// every command after it (the AI's answer to it, commands refused): the battle is played again
/// from the start without them, so it stands exactly as it stood before. The AI is paused, or
/// it would give its commands again at once. The command taken back; `None` where there is none.
pub fn undo(world: &mut World) -> Option<Command> {
    let commands = world.get_resource::<CommandLog>()?.0.clone();
    let refused = &world.get_resource::<RefusedCommands>()?.0;
    let controllers = world.get_resource::<Controllers>()?;
    let by_a_person = |command: &Command| {
        command
            .unit()
            .is_none_or(|unit| controllers.0.get(unit.index()) != Some(&Control::Ai))
    };
    let last = (0..commands.len())
        .rev()
        .find(|index| !refused.contains(index) && by_a_person(&commands[*index]))?;
    let seed = world.get_resource::<BattleDice>()?.seed;
    replay_to(world, seed, &commands, last);
    if let Some(mut pause) = world.get_resource_mut::<crate::ai::AiPause>() {
        pause.paused = true;
    }
    Some(commands[last].clone())
}

/// Put the battle in `world` back to its start and give the first `steps` of `commands`
/// again: the replay viewer's way back (and forward by more than one step).
pub fn replay_to(world: &mut World, seed: u64, commands: &[Command], steps: usize) {
    restart(world, seed);
    for command in commands.iter().take(steps) {
        give(world, command.clone());
    }
}

/// The most frames a simulated battle may take before it is called stuck.
const MOST_SIMULATED_FRAMES: u32 = 100_000;

/// Frames in a row with no event at all after which a simulated battle is called stuck (an AI
/// turn gives a command every frame, and every command makes an event).
const STILL_FRAMES: u32 = 200;

/// Play `scenario` headless with the AI giving every unit's orders, from the start until the
/// battle ends or `most_rounds` rounds are over: the replay of it.
pub fn simulate(scenario: Scenario, seed: u64, most_rounds: Option<u32>) -> Replay {
    Replay::unplayed(scenario, seed).play_on(most_rounds)
}

/// As [`simulate`], each unit in the AI style `styles` gives it: the app at the end.
pub fn simulate_app(
    scenario: Scenario,
    seed: u64,
    most_rounds: Option<u32>,
    styles: AiStyles,
) -> App {
    Replay::unplayed(scenario, seed).played_on_in_styles(most_rounds, styles)
}

impl Replay {
    /// A battle of `scenario` under `seed` not begun, the AI to play every unit.
    pub fn unplayed(scenario: Scenario, seed: u64) -> Self {
        let units = scenario.units.len();
        Self {
            format: REPLAY_FORMAT,
            scenario,
            seed,
            control: vec![Control::Ai; units],
            commands: Vec::new(),
            events: EventDigest::of(&[]),
        }
    }

    /// Give the replay's commands again, then let the AI play every unit on (as a saved battle
    /// is played on) until the battle ends or `most_rounds` rounds are over: the replay of the
    /// whole battle.
    pub fn play_on(&self, most_rounds: Option<u32>) -> Replay {
        self.play_on_in_styles(most_rounds, AiStyles::default())
    }

    /// As [`Replay::play_on`], each unit in the AI style `styles` gives it.
    pub fn play_on_in_styles(&self, most_rounds: Option<u32>, styles: AiStyles) -> Replay {
        self.play_on_or_stall(most_rounds, styles).0
    }

    /// As [`Replay::play_on_in_styles`], and why the battle stalled, where it did: it stopped
    /// before its end and before `most_rounds` rounds were over.
    pub fn play_on_or_stall(
        &self,
        most_rounds: Option<u32>,
        styles: AiStyles,
    ) -> (Replay, Option<String>) {
        let app = self.played_on_in_styles(most_rounds, styles);
        let mut replay =
            Replay::of_battle(app.world()).expect("a headless battle app always holds a battle");
        replay.control.clone_from(&self.control);
        (replay, stall(app.world(), most_rounds))
    }

    /// As [`Replay::play_on`], the app at the end.
    pub fn played_on(&self, most_rounds: Option<u32>) -> App {
        self.played_on_in_styles(most_rounds, AiStyles::default())
    }

    /// As [`Replay::played_on`], each unit in the AI style `styles` gives it.
    pub fn played_on_in_styles(&self, most_rounds: Option<u32>, styles: AiStyles) -> App {
        let mut app = self.headless(self.seed);
        app.insert_resource(Controllers(vec![Control::Ai; self.control.len()]))
            .insert_resource(styles)
            .add_plugins(crate::ai::plugin);
        for command in &self.commands {
            give(app.world_mut(), command.clone());
        }
        crate::battle::answer::ask_the_ai_what_waits(app.world_mut());
        if app.world().resource::<Flow>().phase == Phase::Setup {
            app.world_mut()
                .resource_mut::<CommandQueue>()
                .0
                .push_back(Command::Begin);
        }
        let mut still = 0;
        for _ in 0..MOST_SIMULATED_FRAMES {
            if !goes_on(app.world().resource::<Flow>(), most_rounds) || still > STILL_FRAMES {
                break;
            }
            let events = app.world().resource::<EventLog>().0.len();
            app.update();
            let moved = app.world().resource::<EventLog>().0.len() > events;
            still = if moved { 0 } else { still + 1 };
        }
        app
    }
}

/// Whether a battle played for at most `most_rounds` rounds has more to play: it is not over,
/// and its rounds have not run out.
pub fn goes_on(flow: &Flow, most_rounds: Option<u32>) -> bool {
    !matches!(flow.phase, Phase::Over(_)) && most_rounds.is_none_or(|most| flow.round <= most)
}

/// Why the battle in `world` stands still, where it has stopped before its end and before
/// `most_rounds` rounds were over: who is waited for, and for what.
pub fn stall(world: &World, most_rounds: Option<u32>) -> Option<String> {
    let flow = world.resource::<Flow>();
    if !goes_on(flow, most_rounds) {
        return None;
    }
    let scenario = &world.resource::<ActiveScenario>().0;
    let name = |unit: crate::battle::UnitId| {
        scenario
            .units
            .get(unit.index())
            .map_or("a unit", |spec| spec.name.as_str())
    };
    let waiting = match (flow.pending(), flow.acting()) {
        (Some(pending), _) => format!(
            "an attack by {} waits for {}'s answer",
            name(pending.attacker),
            name(pending.target)
        ),
        (None, Some(unit)) => format!("{}'s turn goes no further", name(unit)),
        (None, None) => "no one's turn comes".to_string(),
    };
    let commands = world.resource::<CommandLog>().0.len();
    Some(format!(
        "the battle stalls in round {} after {commands} commands: {waiting}",
        flow.round
    ))
}

/// Whether a command was refused: the last of the events it made says so.
pub fn refused(events: &[Event]) -> bool {
    matches!(
        events.last().map(|event| &event.kind),
        Some(EventKind::Rejected { .. })
    )
}

/// On Call of Cthulhu 7e's shipped scenes.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use super::*;

    #[test]
    fn play_again_starts_the_fight_afresh_under_the_seed_asked_for() {
        let maps = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        let scenario = Scenario::load(&maps.join("cellar.ron")).expect("the cellar");
        let mut app = crate::headless::headless_app(scenario, 4);
        app.init_resource::<RestartRequest>()
            .init_resource::<SaveNotices>();
        app.update();
        give(app.world_mut(), Command::Begin);
        assert!(!app.world().resource::<EventLog>().0.is_empty());
        app.world_mut().resource_mut::<RestartRequest>().0 = Some(9);
        restart_on_request(app.world_mut());
        assert!(app.world().resource::<EventLog>().0.is_empty());
        assert!(app.world().resource::<CommandLog>().0.is_empty());
        assert_eq!(app.world().resource::<BattleDice>().seed, 9);
        assert_eq!(app.world().resource::<RestartRequest>().0, None);
        // The fight plays from the start under the new seed: as a fresh battle under it.
        give(app.world_mut(), Command::Begin);
        let mut fresh =
            Replay::unplayed((*app.world().resource::<ActiveScenario>().0).clone(), 9).headless(9);
        give(fresh.world_mut(), Command::Begin);
        assert_eq!(
            EventDigest::of(&app.world().resource::<EventLog>().0),
            EventDigest::of(&fresh.world().resource::<EventLog>().0)
        );
    }

    #[test]
    fn an_undone_unit_brought_in_is_named_in_the_notice_and_gone() {
        let maps = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        let scenario = Scenario::load(&maps.join("cellar.ron")).expect("the cellar");
        let units = scenario.units.len();
        let ghoul = crate::map::roster::roster(scenario.ruleset.as_ref())
            .expect("the roster")
            .into_iter()
            .find(|unit| unit.name == "Ghoul")
            .expect("a ghoul");
        let free = (0..scenario.map.width())
            .flat_map(|x| (0..scenario.map.height()).map(move |y| crate::map::Tile::new(x, y)))
            .find(|tile| {
                scenario.map.walkable(*tile) && !scenario.units.iter().any(|u| u.start == *tile)
            })
            .expect("a free tile");
        let ghoul = crate::map::roster::recruit(&ghoul, &scenario, 1, free);
        let mut app = crate::headless::headless_app(scenario, 4);
        app.init_resource::<UndoRequest>()
            .init_resource::<SaveNotices>();
        app.update();
        give(
            app.world_mut(),
            Command::Keeper(crate::battle::command::KeeperOrder::Enlist {
                unit: Box::new(ghoul),
            }),
        );
        assert_eq!(
            app.world().resource::<ActiveScenario>().0.units.len(),
            units + 1
        );
        app.world_mut().resource_mut::<UndoRequest>().0 = true;
        undo_on_request(app.world_mut());
        assert_eq!(
            app.world().resource::<ActiveScenario>().0.units.len(),
            units
        );
        let said = app.world().resource::<SaveNotices>().0.clone();
        assert_eq!(
            said.last(),
            Some(&format!(
                "Took back: Ghoul joins the fight at {free}. The AI holds until let go"
            ))
        );
    }
}
