//! A turn that reads from across a room: tokens glide along the path they moved, each shot
//! draws a tracer from shooter to target, and damage floats up from whoever took it. The
//! battle has already happened by then; these only show it, at the pace the table chose (or at
//! once). While they play the AI waits, so its turn unfolds a step at a time.

use bevy::prelude::*;

use super::{MapGeometry, ShownMap, TOKEN_Z};
use crate::ai::AiPause;
use crate::battle::event::EventKind;
use crate::battle::scope::BattleScoped;
use crate::battle::{EventLog, TilePosition, UnitId};
use crate::schedule::AppSystems;

/// How fast the battle is shown: seconds a token takes a tile, and seconds a shot's tracer or a
/// damage number lasts. Zero: at once, nothing animated.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    pub seconds_a_tile: f32,
    pub effect_seconds: f32,
}

impl Pace {
    /// The pace at a speed from 0 (at once) up: 1 is the table's normal pace.
    pub fn at(speed: f32) -> Self {
        if speed <= 0.0 {
            return Self {
                seconds_a_tile: 0.0,
                effect_seconds: 0.0,
            };
        }
        Self {
            seconds_a_tile: 0.12 / speed,
            effect_seconds: 0.9 / speed,
        }
    }

    fn instant(self) -> bool {
        self.seconds_a_tile <= 0.0 && self.effect_seconds <= 0.0
    }
}

impl Default for Pace {
    fn default() -> Self {
        Self::at(1.0)
    }
}

/// A token gliding along its path (world positions of the tiles, first to last).
#[derive(Debug, Clone)]
pub struct Glide {
    pub unit: UnitId,
    pub path: Vec<Vec2>,
    pub started: f32,
}

/// A shot's tracer: from the shooter to the target.
#[derive(Debug, Clone)]
pub struct Tracer {
    pub shooter: UnitId,
    pub target: UnitId,
    pub from: Vec2,
    pub to: Vec2,
    pub started: f32,
}

/// Damage floating up from a unit that took it.
#[derive(Debug, Clone)]
pub struct FloatingDamage {
    pub unit: UnitId,
    pub at: Vec2,
    pub taken: u32,
    pub started: f32,
}

/// What is being shown, with when each began (seconds since start).
#[derive(Resource, Debug, Default)]
pub struct Motion {
    pub glides: Vec<Glide>,
    pub tracers: Vec<Tracer>,
    pub floating: Vec<FloatingDamage>,
    /// Events read so far.
    read: usize,
}

impl Motion {
    /// How far through an effect begun at `started` it is, from 0 to 1.
    pub fn progress(pace: Pace, started: f32, now: f32) -> f32 {
        if pace.effect_seconds <= 0.0 {
            return 1.0;
        }
        ((now - started) / pace.effect_seconds).clamp(0.0, 1.0)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pace>()
        .battle_view::<Motion>()
        .add_systems(
            Update,
            (
                start_effects,
                glide_tokens,
                expire_effects,
                draw_tracers,
                hold_the_ai,
            )
                .chain()
                .after(super::PlaceTokens)
                .in_set(AppSystems::Present),
        );
}

/// Begin an effect for each new move, shot and wound in the stream.
fn start_effects(
    events: Option<Res<EventLog>>,
    map: Res<ShownMap>,
    units: Query<(&UnitId, &TilePosition, &Transform)>,
    pace: Res<Pace>,
    time: Res<Time>,
    mut motion: ResMut<Motion>,
) {
    let Some(events) = events else {
        return;
    };
    if events.0.len() < motion.read {
        // Taken back or played again: nothing half-shown survives.
        *motion = Motion::default();
    }
    let now = time.elapsed_secs();
    let geometry = MapGeometry::of(&map.0);
    let at = |unit: UnitId| {
        units
            .iter()
            .find(|(id, ..)| **id == unit)
            .map(|(_, position, _)| geometry.centre(position.0))
    };
    let from = motion.read;
    motion.read = events.0.len();
    if pace.instant() {
        return;
    }
    for event in &events.0[from..] {
        match &event.kind {
            EventKind::Moved { unit, path, .. } if path.len() > 1 => {
                // A second move in a row carries on from where the first has got to.
                let carried_on = motion
                    .glides
                    .iter()
                    .any(|glide| glide.unit == *unit)
                    .then(|| {
                        units
                            .iter()
                            .find(|(id, ..)| *id == unit)
                            .map(|(.., transform)| transform.translation.truncate())
                    })
                    .flatten();
                let mut points: Vec<Vec2> =
                    path.iter().map(|tile| geometry.centre(*tile)).collect();
                if let Some(start) = carried_on {
                    points[0] = start;
                }
                motion.glides.retain(|glide| glide.unit != *unit);
                motion.glides.push(Glide {
                    unit: *unit,
                    path: points,
                    started: now,
                });
            }
            EventKind::ShotAt { unit, target, .. } => {
                if let (Some(from), Some(to)) = (at(*unit), at(*target)) {
                    motion.tracers.push(Tracer {
                        shooter: *unit,
                        target: *target,
                        from,
                        to,
                        started: now,
                    });
                }
            }
            kind @ (EventKind::Damaged { .. } | EventKind::Injured { .. }) => {
                if let Some(harm) = kind.harm().filter(|harm| harm.taken > 0)
                    && let Some(place) = at(harm.unit)
                {
                    motion.floating.push(FloatingDamage {
                        unit: harm.unit,
                        at: place,
                        taken: harm.taken,
                        started: now,
                    });
                }
            }
            _ => {}
        }
    }
}

/// Gliding tokens follow their paths, a tile at a time; the rest stand on their tiles.
fn glide_tokens(
    pace: Res<Pace>,
    time: Res<Time>,
    mut motion: ResMut<Motion>,
    mut tokens: Query<(&UnitId, &mut Transform), With<Sprite>>,
) {
    let now = time.elapsed_secs();
    let seconds_a_tile = pace.seconds_a_tile.max(f32::EPSILON);
    motion.glides.retain(|glide| {
        let Some((_, mut transform)) = tokens.iter_mut().find(|(id, _)| **id == glide.unit) else {
            return false;
        };
        let steps = (glide.path.len() - 1) as f32;
        let along = ((now - glide.started) / seconds_a_tile).min(steps);
        // `along` is between 0 and the steps of a path of at most a few hundred tiles.
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a tile index along a short path"
        )]
        let step = along.floor() as usize;
        let next = (step + 1).min(glide.path.len() - 1);
        let point = glide.path[step].lerp(glide.path[next], along - step as f32);
        transform.translation = point.extend(TOKEN_Z);
        along < steps
    });
}

/// Tracers and floating damage go once they have faded out.
fn expire_effects(pace: Res<Pace>, time: Res<Time>, mut motion: ResMut<Motion>) {
    let now = time.elapsed_secs();
    let shown = |started: f32| Motion::progress(*pace, started, now) < 1.0;
    motion.tracers.retain(|tracer| shown(tracer.started));
    motion.floating.retain(|floating| shown(floating.started));
}

/// A shot's tracer in the keeper's window: a bright line fading from shooter to target.
fn draw_tracers(pace: Res<Pace>, time: Res<Time>, motion: Res<Motion>, mut gizmos: Gizmos) {
    let now = time.elapsed_secs();
    for tracer in &motion.tracers {
        let fade = 1.0 - Motion::progress(*pace, tracer.started, now);
        gizmos.line_2d(tracer.from, tracer.to, Color::srgba(1.0, 0.9, 0.4, fade));
    }
}

/// While anything is still being shown, the AI waits for it.
fn hold_the_ai(
    pace: Res<Pace>,
    time: Res<Time>,
    motion: Res<Motion>,
    pause: Option<ResMut<AiPause>>,
) {
    let Some(mut pause) = pause else {
        return;
    };
    let now = time.elapsed_secs_f64();
    let busy = !motion.glides.is_empty() || !motion.tracers.is_empty();
    if busy {
        let after = now + f64::from(pace.effect_seconds) * 0.5;
        if pause.not_before < after {
            pause.not_before = after;
        }
    }
}
