//! The replay viewer's clock: which command the battle on screen has reached, playing or
//! paused, how fast, and the way to any step (forward by giving the next commands, back by
//! starting again and giving the commands up to it: the dice make it the same battle).

use bevy::prelude::*;

use super::{Replay, give, replay_to};
use crate::battle::command::Command;
use crate::battle::{CommandQueue, Flow};
use crate::input::MapAction;

/// Playback speeds, in commands a second.
pub const SPEEDS: [f32; 6] = [0.5, 1.0, 2.0, 4.0, 8.0, 16.0];

/// A replay being watched. While it exists the battle takes no other orders.
#[derive(Resource, Debug, Clone)]
pub struct Playback {
    pub commands: Vec<Command>,
    pub seed: u64,
    /// How many commands the battle on screen has been given.
    pub at: usize,
    pub playing: bool,
    /// Commands a second while playing.
    pub speed: f32,
    /// The round each step starts in: `rounds[step]` is the round before command `step`
    /// (one more entry than commands, for the end).
    pub rounds: Vec<u32>,
    /// A step asked for (by the controls), taken on the next frame.
    pub wanted: Option<usize>,
    /// Seconds since the last step while playing.
    since_step: f32,
}

impl Playback {
    /// Ready to watch `replay` from its start, paused. Works out the round of every step by
    /// playing it through once, headless.
    pub fn of(replay: &Replay) -> Self {
        let mut app = replay.headless(replay.seed);
        let mut rounds = Vec::with_capacity(replay.commands.len() + 1);
        for command in &replay.commands {
            rounds.push(app.world().resource::<Flow>().round);
            give(app.world_mut(), command.clone());
        }
        rounds.push(app.world().resource::<Flow>().round);
        Self {
            commands: replay.commands.clone(),
            seed: replay.seed,
            at: 0,
            playing: false,
            speed: 2.0,
            rounds,
            wanted: None,
            since_step: 0.0,
        }
    }

    /// The number of steps (commands) in the replay.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// The round the battle on screen is in.
    pub fn round(&self) -> u32 {
        self.rounds.get(self.at).copied().unwrap_or_default()
    }

    /// The last round the replay reaches.
    pub fn last_round(&self) -> u32 {
        self.rounds.last().copied().unwrap_or_default()
    }

    /// The first step at which the battle is in `round`, if it gets there.
    pub fn step_of_round(&self, round: u32) -> Option<usize> {
        self.rounds.iter().position(|at| *at >= round)
    }

    /// Ask for a step (clamped to the replay); it is taken on the next frame.
    pub fn go_to(&mut self, step: usize) {
        self.wanted = Some(step.min(self.len()));
    }

    /// The step the battle on screen is at, or is about to be taken to: steps asked for in
    /// quick succession add up.
    pub fn heading(&self) -> usize {
        self.wanted.unwrap_or(self.at)
    }

    /// Pause, and go to `step`.
    pub fn pause_at(&mut self, step: usize) {
        self.playing = false;
        self.go_to(step);
    }

    /// Play from here, or pause; playing at the end starts again from the beginning.
    pub fn toggle_playing(&mut self) {
        if !self.playing && self.at >= self.len() {
            self.go_to(0);
        }
        self.playing = !self.playing;
        self.since_step = 0.0;
    }
}

/// Take the step asked for, or, playing, as many steps as are due (more than one a frame when
/// the speed outruns the frames).
pub(super) fn advance(world: &mut World) {
    let Some(mut playback) = world.remove_resource::<Playback>() else {
        return;
    };
    let delta = world.resource::<Time>().delta_secs();
    if playback.wanted.is_none() && playback.playing {
        playback.since_step += delta;
        let interval = 1.0 / playback.speed;
        let mut due = 0;
        while playback.since_step >= interval {
            playback.since_step -= interval;
            due += 1;
        }
        if due > 0 {
            playback.wanted = Some(playback.at + due);
        }
    }
    if let Some(wanted) = playback.wanted.take() {
        let wanted = wanted.min(playback.len());
        if wanted >= playback.at {
            for command in &playback.commands[playback.at..wanted] {
                give(world, command.clone());
            }
        } else {
            replay_to(world, playback.seed, &playback.commands, wanted);
        }
        // The battle answers for its AI units by queueing the answer; the replay has it as
        // its next command.
        world.resource_mut::<CommandQueue>().0.clear();
        playback.at = wanted;
        if playback.at >= playback.len() {
            playback.playing = false;
        }
    }
    world.insert_resource(playback);
}

/// The viewer's keys: play or pause, a step back or on, to the start or the end.
pub(super) fn keys(
    controls: Single<&leafwing_input_manager::prelude::ActionState<MapAction>>,
    playback: Option<ResMut<Playback>>,
) {
    let Some(mut playback) = playback else {
        return;
    };
    if controls.just_pressed(&MapAction::ReplayPlayPause) {
        playback.toggle_playing();
    }
    let target = if controls.just_pressed(&MapAction::ReplayStepBack) {
        Some(playback.heading().saturating_sub(1))
    } else if controls.just_pressed(&MapAction::ReplayStepForward) {
        Some(playback.heading() + 1)
    } else if controls.just_pressed(&MapAction::ReplayStart) {
        Some(0)
    } else if controls.just_pressed(&MapAction::ReplayEnd) {
        Some(playback.len())
    } else {
        None
    };
    if let Some(step) = target {
        playback.pause_at(step);
    }
}

/// On Call of Cthulhu 7e's shipped scenes.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use std::time::Duration;

    use bevy::time::TimeUpdateStrategy;

    use super::*;
    use crate::battle::{BattleSystems, EventLog};
    use crate::map::scenario::Scenario;

    /// The viewer in a headless app, frames a quarter of a second apart (the most a frame may
    /// last), playing 4 steps a second: a step a frame.
    fn viewer(replay: &Replay) -> App {
        let mut app = replay.headless(replay.seed);
        let mut playback = Playback::of(replay);
        playback.speed = 4.0;
        app.insert_resource(playback)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                250,
            )))
            .add_systems(Update, advance.before(BattleSystems));
        app.update();
        app
    }

    /// The events after the first `steps` commands, given one by one.
    fn events_at(replay: &Replay, steps: usize) -> Vec<crate::battle::event::Event> {
        let mut app = replay.headless(replay.seed);
        for command in &replay.commands[..steps] {
            give(app.world_mut(), command.clone());
        }
        app.world().resource::<EventLog>().0.clone()
    }

    #[test]
    fn the_viewer_goes_to_any_step_and_plays_on_from_it() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/warehouse.ron");
        let scenario = Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"));
        let replay = crate::replay::simulate(scenario, 11, Some(3));
        let last = replay.commands.len();
        assert!(
            last > 30,
            "a battle long enough to step through ({last} commands)"
        );
        let mut app = viewer(&replay);
        for step in [last - 5, 12, 13, 0, last, 25] {
            app.world_mut().resource_mut::<Playback>().go_to(step);
            app.update();
            assert_eq!(app.world().resource::<Playback>().at, step);
            assert_eq!(
                app.world().resource::<EventLog>().0,
                events_at(&replay, step),
                "at step {step}"
            );
        }
        app.world_mut().resource_mut::<Playback>().toggle_playing();
        for step in 26..=30 {
            app.update();
            assert_eq!(app.world().resource::<Playback>().at, step);
            assert_eq!(
                app.world().resource::<EventLog>().0,
                events_at(&replay, step)
            );
        }
        let mut playback = app.world_mut().resource_mut::<Playback>();
        playback.toggle_playing();
        assert!(!playback.playing);
        app.update();
        assert_eq!(app.world().resource::<Playback>().at, 30, "paused");
        let mut playback = app.world_mut().resource_mut::<Playback>();
        for _ in 0..3 {
            let back = playback.heading() - 1;
            playback.pause_at(back);
        }
        app.update();
        assert_eq!(
            app.world().resource::<Playback>().at,
            27,
            "three steps back asked within one frame are three steps"
        );
        assert_eq!(app.world().resource::<EventLog>().0, events_at(&replay, 27));
        let mut playback = app.world_mut().resource_mut::<Playback>();
        playback.speed = 16.0;
        playback.toggle_playing();
        app.update();
        assert_eq!(
            app.world().resource::<Playback>().at,
            31,
            "16 steps a second, a quarter of a second a frame: 4 steps a frame"
        );
    }
}
