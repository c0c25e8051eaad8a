//! Orders from the map: a click becomes a command for the unit whose turn it is (move to the
//! tile, attack the enemy, or whatever the chosen order asks), or selects a unit to look at.

use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use leafwing_input_manager::prelude::ActionState;

use super::hover::HoveredTile;
use super::overlay::{Selection, unit_at};
use crate::battle::choices::OwnFireStyle;
use crate::battle::command::{
    Adjustment, Answer, Command, FireMode, KeeperOrder, ManeuverGoal, SurpriseAttack, WeaponChoice,
};
use crate::battle::hooks::{self, BattleHooks, RulebookHooks};
use crate::battle::ranged::{self, shot_answer};
use crate::battle::scope::BattleScoped;
use crate::battle::{
    ActiveScenario, Arsenal, AttackKind, CommandQueue, Controllers, Flow, Phase, TilePosition,
    UnitId,
};
use crate::input::MapAction;
use crate::map::roster::{recruit, roster};
use crate::map::scenario::{Control, UnitFile};
use crate::replay::Playback;
use crate::rules::ruleset::Ruleset;
use crate::rules::ruleset_id::RulesetId;
use crate::rules::situation::ShotDefence;
use crate::rules::weapons::{AttackForm, Weapon};
use crate::schedule::AppSystems;

/// What the next click on a unit means.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Intent {
    /// Click an enemy to attack it with the weapon in hand (fire, throw, or strike if beside
    /// it), an empty tile to move there, any other unit to look at it.
    #[default]
    Default,
    Maneuver(ManeuverGoal),
    /// Strike the clicked unit to knock it out.
    KnockOut,
    FirstAid,
    /// Wait until the clicked unit has acted.
    DelayUntil,
    /// Before round 1: the selected unit attacks the clicked one by surprise.
    Surprise(SurpriseAttack),
    /// Take aim at the clicked unit.
    Aim,
    /// Throw or fire the explosive in hand at the clicked tile.
    Blast,
    /// Set the charge in hand on the clicked tile: with a fuse of so many rounds, or as a mine.
    SetCharge(Option<u32>),
    /// Beat out the flames on the clicked unit.
    Extinguish,
    /// Fire a second gun (this carried weapon) at the clicked enemy in the rulebook's own style
    /// (BRP's handgun in the other hand, unaimed).
    SecondGun(usize, OwnFireStyle),
    /// The keeper sets this unit down on the clicked tile (a token moved by hand).
    KeeperPlace(UnitId),
    /// The keeper brings in the roster's unit at this place in the list, on the side at this
    /// place in the scenario's, at the clicked tile.
    KeeperEnlist {
        entry: usize,
        side: usize,
    },
}

impl Intent {
    /// What the player is asked to click, for the panel.
    pub fn prompt(self) -> Option<&'static str> {
        match self {
            Self::Default => None,
            Self::Maneuver(_) => Some("Click the opponent for the maneuver"),
            Self::KnockOut => Some("Click the opponent to knock out"),
            Self::FirstAid => Some("Click the patient (or the unit itself)"),
            Self::DelayUntil => Some("Click the unit to wait for"),
            Self::Surprise(_) => Some("Click the unit to surprise"),
            Self::Aim => Some("Click the unit to aim at"),
            Self::Blast => Some("Click the tile to throw at: the rings show who it would catch"),
            Self::SetCharge(_) => Some("Click the unit's own tile or one beside it"),
            Self::Extinguish => Some("Click the burning unit (or the unit itself)"),
            Self::SecondGun(..) => Some("Click the enemy for the other gun's shots"),
            Self::KeeperPlace(_) => Some("Click the free tile to set the unit down on"),
            Self::KeeperEnlist { .. } => Some("Click the free tile the new unit comes in on"),
        }
    }
}

/// How the acting unit fires its gun when an enemy is clicked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FireStyle {
    /// One shot.
    #[default]
    Single,
    /// Several shots at the clicked enemy, each with a penalty die past the weapon's uses.
    Shots(u32),
    /// One burst.
    Burst,
    /// A way of firing of the rulebook's own (BRP's both barrels at once, its unaimed fire, the
    /// d10 pool's sweep across an area).
    Rulebook(OwnFireStyle),
    /// Full auto: this many bullets at each enemy clicked, fired with the panel's button.
    FullAuto(u32),
    /// Suppressing fire (where the rulebook has it): this many shots, or bullets of full auto,
    /// on the enemy clicked and its side's units about it (`ranged::suppressing_group`).
    Suppressing(u32),
}

/// The way the gun in hand is to be fired, and the full-auto targets picked so far.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct FireOrder {
    pub style: FireStyle,
    pub picked: Vec<(UnitId, u32)>,
}

impl FireOrder {
    /// Add `bullets` of full-auto fire at `target`: more at the last target picked, else a new
    /// one.
    pub fn pick(&mut self, target: UnitId, bullets: u32) {
        match self.picked.last_mut() {
            Some((last, already)) if *last == target => *already += bullets,
            _ => self.picked.push((target, bullets)),
        }
    }

    /// The fire mode a click on `target` gives (for full auto: the targets picked so far and
    /// this one; for suppressing fire: the `group` it gives, the target first; for a style of
    /// the rulebook's own, the fire its code (`own`) makes of it, else one shot).
    pub fn mode_at(
        &self,
        target: UnitId,
        group: impl FnOnce() -> Vec<UnitId>,
        own: Option<&dyn BattleHooks>,
    ) -> FireMode {
        match self.style {
            FireStyle::Single => FireMode::single(target),
            FireStyle::Shots(count) => {
                FireMode::Shots(vec![target; usize::try_from(count).unwrap_or(1)])
            }
            FireStyle::Burst => FireMode::Burst(target),
            FireStyle::Rulebook(style) => own
                .and_then(|own| own.styled_fire(style, target))
                .unwrap_or_else(|| FireMode::single(target)),
            FireStyle::FullAuto(bullets) => {
                let mut targets = self.picked.clone();
                targets.push((target, bullets));
                FireMode::FullAuto(targets)
            }
            FireStyle::Suppressing(bullets) => FireMode::Suppressing {
                bullets,
                at: group(),
            },
        }
    }
}

/// The rulebook's roster as read (once for each rulebook): what the keeper's menu lists and
/// a click brings in, by its place in the list.
#[derive(Resource, Debug, Default)]
pub struct ReadyMade(Option<(RulesetId, Vec<UnitFile>)>);

impl ReadyMade {
    /// The roster of `ruleset`, read the first time it is asked for (empty, with the reason
    /// logged, should the compiled-in file not read).
    pub fn units(&mut self, ruleset: &dyn Ruleset) -> &[UnitFile] {
        let id = ruleset.id();
        if self.0.as_ref().is_none_or(|(read_for, _)| *read_for != id) {
            let units = roster(ruleset).unwrap_or_else(|error| {
                error!("the rulebook's roster could not be read: {error}");
                Vec::new()
            });
            self.0 = Some((id, units));
        }
        self.0.as_ref().map_or(&[], |(_, units)| units.as_slice())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.battle_view::<Intent>()
        .init_resource::<ReadyMade>()
        .battle_view::<FireOrder>()
        .add_systems(
            Update,
            (
                follow_the_turn,
                click_on_the_map.run_if(not(egui_wants_any_pointer_input)),
                keys_for_the_turn.run_if(not(egui_wants_any_keyboard_input)),
            )
                .chain()
                .in_set(AppSystems::Interact),
        );
}

/// Select the acting unit whenever the turn passes (unless it is unseen here), and start its
/// fire order afresh.
fn follow_the_turn(
    flow: Option<Res<Flow>>,
    unseen: Query<&UnitId, With<super::Unseen>>,
    mut selection: ResMut<Selection>,
    mut fire_order: ResMut<FireOrder>,
    mut last: Local<Option<UnitId>>,
) {
    let Some(flow) = flow else {
        return;
    };
    let acting = flow.acting();
    if acting != *last {
        *last = acting;
        fire_order.set_if_neq(FireOrder::default());
        if acting.is_some() && !unseen.iter().any(|unit| Some(*unit) == acting) {
            selection.set_if_neq(Selection(acting));
        }
    }
}

/// Esc drops the chosen order; Enter or E ends the turn, or begins the fight; 1, 2 and 3 answer
/// an attack with a dodge, a fight back or nothing.
fn keys_for_the_turn(
    controls: Single<&ActionState<MapAction>>,
    flow: Option<Res<Flow>>,
    controllers: Option<Res<Controllers>>,
    scenario: Option<Res<ActiveScenario>>,
    arsenals: Query<(&UnitId, &Arsenal)>,
    mut intent: ResMut<Intent>,
    mut fire_order: ResMut<FireOrder>,
    queue: Option<ResMut<CommandQueue>>,
    watching: Option<Res<Playback>>,
    hooks: Option<Res<RulebookHooks>>,
) {
    if controls.just_pressed(&MapAction::Cancel) {
        intent.set_if_neq(Intent::Default);
    }
    // A replay being watched gives the battle its orders; nobody else does.
    let mut queue = queue.filter(|_| watching.is_none());
    let (Some(flow), Some(queue)) = (flow, queue.as_mut()) else {
        return;
    };
    if let (Phase::Turn, Some(unit), Some(scenario)) = (&flow.phase, flow.acting(), &scenario)
        && played_here(controllers.as_deref(), unit)
    {
        let weapon = in_hand_of(&arsenals, unit);
        let carried = match weapon {
            WeaponChoice::Carried(index) => scenario.0.units[unit.index()]
                .weapons
                .get(index)
                .map(|carried| &carried.weapon),
            _ => None,
        };
        let intents = [
            (MapAction::Aim, Intent::Aim),
            (MapAction::ThrowAtTile, Intent::Blast),
            (MapAction::FirstAid, Intent::FirstAid),
            (MapAction::Delay, Intent::DelayUntil),
        ];
        for (action, wanted) in intents {
            if controls.just_pressed(&action) {
                intent.set_if_neq(wanted);
            }
        }
        if controls.just_pressed(&MapAction::Reload) {
            queue.0.push_back(Command::Reload { unit, weapon });
        }
        if controls.just_pressed(&MapAction::StandUp) {
            queue.0.push_back(Command::StandUp { unit });
        }
        if controls.just_pressed(&MapAction::CycleFireMode)
            && let Some(carried) = carried
        {
            let own = hooks
                .as_ref()
                .and_then(|hooks| hooks.get(scenario.0.ruleset.id()));
            let styles = fire_styles(carried, scenario.0.ruleset.as_ref(), own.as_deref());
            let at = styles
                .iter()
                .position(|style| same_kind(*style, fire_order.style))
                .map_or(0, |at| (at + 1) % styles.len().max(1));
            if let Some(style) = styles.get(at) {
                *fire_order = FireOrder {
                    style: *style,
                    picked: Vec::new(),
                };
            }
        }
        if controls.just_pressed(&MapAction::OpenFire) && !fire_order.picked.is_empty() {
            let targets = std::mem::take(&mut fire_order.picked);
            queue.0.push_back(Command::Fire {
                unit,
                weapon,
                mode: FireMode::FullAuto(targets),
            });
        }
    }
    if controls.just_pressed(&MapAction::EndTurn) {
        match (&flow.phase, flow.acting()) {
            (Phase::Setup, _) => queue.0.push_back(Command::Begin),
            (Phase::Turn, Some(unit)) if played_here(controllers.as_deref(), unit) => {
                queue.0.push_back(Command::EndTurn { unit });
            }
            _ => {}
        }
    }
    if let Some(pending) = flow
        .pending()
        .filter(|pending| played_here(controllers.as_deref(), pending.target))
    {
        let dodge = match (&pending.kind, scenario.as_deref()) {
            (AttackKind::Fire(_), Some(scenario)) => {
                shot_answer(ShotDefence::plain(scenario.0.ruleset.shot_defences()))
            }
            (AttackKind::Fire(_), None) => Answer::DiveForCover,
            _ => Answer::Dodge,
        };
        let answers = [
            (MapAction::AnswerDodge, dodge),
            (MapAction::AnswerFightBack, Answer::FightBack),
            (MapAction::AnswerNothing, Answer::Nothing),
        ];
        for (action, answer) in answers {
            if controls.just_pressed(&action) {
                queue.0.push_back(Command::Answer {
                    unit: pending.target,
                    answer,
                });
            }
        }
    }
}

/// The ways a weapon can be fired, in order: one shot, several, the rulebook's own (from its
/// code, `own`), a burst, full auto (six bullets a target to start with) where the rulebook
/// fires it as the engine's.
pub fn fire_styles(
    weapon: &Weapon,
    ruleset: &dyn Ruleset,
    own: Option<&dyn BattleHooks>,
) -> Vec<FireStyle> {
    let mut styles = Vec::new();
    if weapon.most_shots() > 0 {
        styles.push(FireStyle::Single);
    }
    styles.extend((2..=weapon.most_shots()).map(FireStyle::Shots));
    if let Some(own) = own {
        styles.extend(own.fire_styles(weapon).into_iter().map(FireStyle::Rulebook));
    }
    if weapon.uses.burst.is_some() {
        styles.push(FireStyle::Burst);
    }
    if weapon.uses.full_auto && own.is_none_or(|own| own.full_auto_refused(weapon).is_none()) {
        styles.push(FireStyle::FullAuto(
            ruleset.firearm_rules().full_auto_attack.unwrap_or(6),
        ));
    }
    if ruleset.mechanisms().suppressing_fire.is_some() {
        if weapon.uses.full_auto {
            styles.push(FireStyle::Suppressing(
                ruleset.firearm_rules().full_auto_attack.unwrap_or(10),
            ));
        } else if weapon.most_shots() > 0 {
            styles.push(FireStyle::Suppressing(weapon.most_shots()));
        }
    }
    styles
}

/// Whether two fire styles are the same kind (full auto with any number of bullets is one, and
/// a rulebook's own whose count is set).
pub fn same_kind(first: FireStyle, second: FireStyle) -> bool {
    match (first, second) {
        (FireStyle::FullAuto(_), FireStyle::FullAuto(_))
        | (FireStyle::Suppressing(_), FireStyle::Suppressing(_)) => true,
        (FireStyle::Rulebook(first), FireStyle::Rulebook(second)) => first.same_kind(second),
        _ => first == second,
    }
}

/// The weapon a unit holds ready.
fn in_hand_of(arsenals: &Query<(&UnitId, &Arsenal)>, unit: UnitId) -> WeaponChoice {
    arsenals
        .iter()
        .find(|(id, _)| **id == unit)
        .map_or(WeaponChoice::Unarmed, |(_, arsenal)| arsenal.in_hand)
}

/// Whether `unit` takes orders from the person at this keyboard.
fn played_here(controllers: Option<&Controllers>, unit: UnitId) -> bool {
    controllers.is_none_or(|controllers| controllers.0.get(unit.index()) != Some(&Control::Ai))
}

fn click_on_the_map(
    controls: Single<&ActionState<MapAction>>,
    hovered: Res<HoveredTile>,
    units: Query<(&UnitId, &TilePosition), Without<super::Unseen>>,
    arsenals: Query<(&UnitId, &Arsenal)>,
    flow: Option<Res<Flow>>,
    scenario: Option<Res<ActiveScenario>>,
    controllers: Option<Res<Controllers>>,
    mut intent: ResMut<Intent>,
    mut fire_order: ResMut<FireOrder>,
    mut selection: ResMut<Selection>,
    queue: Option<ResMut<CommandQueue>>,
    watching: Option<Res<Playback>>,
    mut ready_made: ResMut<ReadyMade>,
    hooks: Option<Res<RulebookHooks>>,
    mut deferred: Commands,
) {
    // A press that starts the keeper's drag is not a click too.
    if !controls.just_pressed(&MapAction::Select) || controls.pressed(&MapAction::KeeperDrag) {
        return;
    }
    // Watching a replay, a click only selects.
    let mut queue = queue.filter(|_| watching.is_none());
    let Some(tile) = hovered.tile else {
        return;
    };
    let clicked = unit_at(&units, tile);
    let (Some(flow), Some(scenario), Some(queue)) = (flow, scenario, queue.as_mut()) else {
        selection.set_if_neq(Selection(clicked));
        return;
    };
    let mut order = |command: Command| queue.0.push_back(command);
    if let Intent::KeeperPlace(unit) = *intent {
        order(Command::Keeper(KeeperOrder::Adjust {
            unit,
            change: Adjustment::Place(tile),
        }));
        *intent = Intent::Default;
        return;
    }
    if let Intent::KeeperEnlist { entry, side } = *intent {
        if let Some(unit) = ready_made.units(scenario.0.ruleset.as_ref()).get(entry) {
            let unit = Box::new(recruit(unit, &scenario.0, side, tile));
            order(Command::Keeper(KeeperOrder::Enlist { unit }));
        }
        *intent = Intent::Default;
        return;
    }
    let side = |unit: UnitId| scenario.0.units[unit.index()].side;
    match (&flow.phase, *intent, clicked) {
        (Phase::Setup, Intent::Surprise(attack), Some(target)) => {
            if let Some(unit) = selection.0.filter(|unit| *unit != target) {
                order(Command::Surprise {
                    unit,
                    target,
                    attack,
                });
            }
            *intent = Intent::Default;
        }
        (Phase::Turn, _, _)
            if flow
                .acting()
                .is_some_and(|unit| played_here(controllers.as_deref(), unit)) =>
        {
            let Some(unit) = flow.acting() else {
                return;
            };
            match (*intent, clicked) {
                (Intent::Maneuver(goal), Some(target)) => {
                    order(Command::Maneuver { unit, target, goal })
                }
                (Intent::KnockOut, Some(target)) => order(Command::KnockOut {
                    unit,
                    target,
                    weapon: in_hand_of(&arsenals, unit),
                }),
                (Intent::FirstAid, Some(patient)) => order(Command::FirstAid { unit, patient }),
                (Intent::DelayUntil, Some(other)) => order(Command::Delay {
                    unit,
                    until: Some(other),
                }),
                (Intent::Aim, Some(target)) => order(Command::Aim { unit, target }),
                (Intent::SecondGun(index, style), Some(target)) => {
                    let own = hooks
                        .as_ref()
                        .and_then(|hooks| hooks.get(scenario.0.ruleset.id()));
                    if let Some(mode) = own.and_then(|own| own.styled_fire(style, target)) {
                        order(Command::Fire {
                            unit,
                            weapon: WeaponChoice::Carried(index),
                            mode,
                        });
                    }
                    *intent = Intent::Default;
                }
                (Intent::Extinguish, Some(patient)) => {
                    order(Command::Extinguish { unit, patient });
                }
                (Intent::Blast, _) => {
                    let weapon = in_hand_of(&arsenals, unit);
                    order(Command::Blast {
                        unit,
                        weapon,
                        at: tile,
                    });
                }
                (Intent::SetCharge(fuse), _) => {
                    let weapon = in_hand_of(&arsenals, unit);
                    order(Command::SetCharge {
                        unit,
                        weapon,
                        at: tile,
                        fuse,
                    });
                }
                (Intent::Default, Some(target)) if side(target) != side(unit) => {
                    let weapon = in_hand_of(&arsenals, unit);
                    let form = match weapon {
                        WeaponChoice::Carried(index) => scenario.0.units[unit.index()]
                            .weapons
                            .get(index)
                            .map_or(AttackForm::Melee, |carried| carried.weapon.attack_form()),
                        _ => AttackForm::Melee,
                    };
                    match form {
                        AttackForm::Shot => match fire_order.style {
                            FireStyle::FullAuto(bullets) => fire_order.pick(target, bullets),
                            _ => {
                                // The group for suppressing fire is the battle's to say.
                                let fire_order = fire_order.clone();
                                deferred.queue(move |world: &mut World| {
                                    let own = hooks::of_world(world);
                                    let mode = fire_order.mode_at(
                                        target,
                                        || ranged::suppressing_group(world, unit, weapon, target),
                                        own.as_deref(),
                                    );
                                    if let Some(mut queue) =
                                        world.get_resource_mut::<CommandQueue>()
                                    {
                                        queue.0.push_back(Command::Fire { unit, weapon, mode });
                                    }
                                });
                            }
                        },
                        AttackForm::Lobbed => order(Command::Blast {
                            unit,
                            weapon,
                            at: tile,
                        }),
                        AttackForm::Melee | AttackForm::Thrown => order(Command::Attack {
                            unit,
                            target,
                            weapon,
                        }),
                        AttackForm::Placed => order(Command::Attack {
                            unit,
                            target,
                            weapon: WeaponChoice::Unarmed,
                        }),
                    }
                }
                (Intent::Default, Some(other)) => {
                    selection.set_if_neq(Selection(Some(other)));
                }
                (Intent::Default, None) => order(Command::Move { unit, to: tile }),
                // Carried out above, whoever's turn it is.
                (Intent::Surprise(_) | Intent::KeeperPlace(_) | Intent::KeeperEnlist { .. }, _)
                | (_, None) => {}
            }
            *intent = Intent::Default;
        }
        _ => {
            selection.set_if_neq(Selection(clicked));
        }
    }
}
