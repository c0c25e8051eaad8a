//! What an attack would be, shown before it is made: the line of fire to the enemy under the
//! pointer with every modifier and the exact chance ("Hard · long range · −1 half cover · 42% to hit"),
//! and for an explosive the rings of its blast with every unit it would catch, friend or foe.
//! The battle's own checks make these readings (`battle::ranged::preview`,
//! `battle::blast::preview`, and the defender's odds from `battle::answer::answer_odds`); the
//! view only draws them.

use bevy::prelude::*;

use super::Unseen;
use super::hover::HoveredTile;
use super::orders::{FireOrder, Intent};
use super::overlay::Selection;
use crate::battle::answer::answer_odds;
use crate::battle::command::{FireMode, Rejection, WeaponChoice};
use crate::battle::hooks;
use crate::battle::melee;
use crate::battle::ranged::RollPreview;
use crate::battle::scope::{BattleMoment, BattleScoped, moment};
use crate::battle::threat::AnswerOdds;
use crate::battle::{ActiveScenario, Arsenal, AttackKind, TilePosition, UnitId, blast, ranged};
use crate::map::Tile;
use crate::map::range::{RangeBand, range_reading};
use crate::map::scenario::Scenario;
use crate::map::sight::{LineOfFire, ShotLine, line_of_fire};
use crate::rules::explosions::BlastRing;
use crate::rules::modifiers::{Modifier, modifier_words};
use crate::rules::vocabulary::WeaponDefenceWords;
use crate::rules::weapons::AttackForm;
use crate::schedule::AppSystems;
use crate::words::{capitalised, plural};

/// The selected unit aiming at the enemy under the pointer.
#[derive(Debug, Clone, PartialEq)]
pub struct Aim {
    pub shooter: UnitId,
    pub target: UnitId,
    pub weapon: String,
    /// The line to draw, with what conceals or blocks it.
    pub line: ShotLine,
    /// Whether the attack can be made from here.
    pub possible: bool,
    /// How it stands in a line: "Hard · long range · −1 half cover · 42% to hit", or why not.
    pub headline: String,
    /// Each roll, when the attack makes several (shots, volleys).
    pub rolls: Vec<String>,
    /// The tiles a sweep would cover (empty: no sweep).
    pub area: Vec<Tile>,
}

impl Aim {
    pub fn label(&self) -> String {
        self.headline.clone()
    }
}

/// The aim shown this frame, if the selected unit is pointing at an enemy.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct AimReadout(pub Option<Aim>);

/// An explosive's blast as it would land on the tile under the pointer.
#[derive(Debug, Clone, PartialEq)]
pub struct BlastSketch {
    pub centre: Tile,
    /// The blast's rings, nearest first, as its rulebook draws them.
    pub rings: Vec<BlastRing>,
    /// Units caught, with their ring (an index into `rings`).
    pub caught: Vec<(UnitId, usize)>,
    pub shielded: Vec<UnitId>,
    /// "Dynamite Stick · Regular · 60% on target · catches 2 enemies and 1 friend", or why not.
    pub headline: String,
}

/// The blast shown this frame, if the selected unit holds an explosive and points at a tile.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct BlastReadout(pub Option<BlastSketch>);

/// The odds of each answer, while an attack waits for its defender's answer.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct AnswerReadout(pub Option<AnswerOdds>);

pub(super) fn plugin(app: &mut App) {
    app.battle_view::<AimReadout>()
        .battle_view::<BlastReadout>()
        .battle_view::<AnswerReadout>()
        .add_systems(
            Update,
            (
                read_previews,
                (drawing::draw_line_of_fire, drawing::draw_blast),
            )
                .chain()
                .in_set(AppSystems::Present),
        );
}

/// The headline for a ranged attack's preview: its one roll, or how many and the first.
pub fn headline(preview: &Result<Vec<RollPreview>, Rejection>) -> String {
    match preview {
        Ok(rolls) => match rolls.as_slice() {
            [] => "Nothing to fire".to_string(),
            [only] => only.label(),
            [first, ..] => format!("{} rolls · first: {}", rolls.len(), first.label()),
        },
        Err(Rejection::OutOfReach(_)) => "Out of range".to_string(),
        Err(Rejection::NoLineOfFire(_)) => "No line of sight".to_string(),
        Err(other) => capitalised(&other.to_string()),
    }
}

/// Whether a blow or maneuver can be made at `target` now, and the line that says how it
/// stands.
fn exchange_reading(
    world: &mut World,
    attacker: UnitId,
    target: UnitId,
    kind: AttackKind,
) -> (bool, String) {
    let verb = match kind {
        AttackKind::Maneuver(goal) => {
            if let Some(chance) = melee::at_once_chance(world, attacker, target, goal) {
                return match chance {
                    Ok(chance) if chance >= 1.0 => (true, "Held · sure to work".to_string()),
                    Ok(chance) => (true, format!("Held · works {:.0}%", chance * 100.0)),
                    Err(why) => (false, capitalised(&why.to_string())),
                };
            }
            "works"
        }
        _ => "lands",
    };
    match melee::strike_odds(world, attacker, target, kind) {
        Ok((modifiers, odds)) => {
            let ruleset = world.resource::<ActiveScenario>().0.ruleset.clone();
            let words = ruleset.words().weapon_defence();
            (true, strike_headline(verb, &modifiers, &odds, &words))
        }
        Err(Rejection::OutOfReach(_)) => (false, "Out of reach".to_string()),
        Err(other) => (false, capitalised(&other.to_string())),
    }
}

/// A blow (or a maneuver) in reach: its modifiers and its chance to land (or work) against
/// each answer the target may give.
/// "In reach · +1 outnumbered · lands 41% against a dodge, 48% against fighting back", the
/// weapon's defence named as the rulebook names it.
pub fn strike_headline(
    verb: &str,
    modifiers: &[Modifier],
    odds: &AnswerOdds,
    weapon_defence: &WeaponDefenceWords,
) -> String {
    let mut parts = vec!["In reach".to_string()];
    if !modifiers.is_empty() {
        parts.push(modifier_words(modifiers));
    }
    if let AnswerOdds::Exchange {
        dodge, fight_back, ..
    } = odds
    {
        let percent = |chance: f64| format!("{:.0}%", chance * 100.0);
        let against: Vec<String> = [
            dodge.map(|odds| format!("{} against a dodge", percent(odds.attacker_wins))),
            fight_back.map(|odds| {
                format!(
                    "{} against {}",
                    percent(odds.attacker_wins),
                    weapon_defence.against
                )
            }),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !against.is_empty() {
            parts.push(format!("{verb} {}", against.join(", ")));
        }
    }
    parts.join(" · ")
}

/// What the previews depend on: when none of it changes, they are not worked out again.
type PreviewKey = (
    Option<UnitId>,
    Option<Tile>,
    Intent,
    FireOrder,
    BattleMoment,
);

/// Work out the aim and the blast from the selected unit to what is under the pointer.
fn read_previews(world: &mut World, mut last: Local<Option<PreviewKey>>) {
    let key: PreviewKey = (
        world.resource::<Selection>().0,
        world.resource::<HoveredTile>().tile,
        *world.resource::<Intent>(),
        world.resource::<FireOrder>().clone(),
        moment(world),
    );
    if last.as_ref() == Some(&key) {
        return;
    }
    let (selected, hovered, intent, fire_order, _) = key.clone();
    *last = Some(key);
    // A bare map has no battle: nothing to aim, answer or plan.
    let in_battle = world.contains_resource::<ActiveScenario>();
    let (aim, blast) = match (selected, hovered) {
        (Some(shooter), Some(tile)) if in_battle => {
            previews(world, shooter, tile, intent, &fire_order)
        }
        _ => (None, None),
    };
    let answers = in_battle.then(|| answer_odds(world)).flatten();
    world
        .resource_mut::<AnswerReadout>()
        .set_if_neq(AnswerReadout(answers));
    world
        .resource_mut::<AimReadout>()
        .set_if_neq(AimReadout(aim));
    world
        .resource_mut::<BlastReadout>()
        .set_if_neq(BlastReadout(blast));
}

/// "Each shot's target drawn by a die from: A, B, C": for fire whose targets are drawn from a
/// group (suppressing fire at several, a rulebook's own that draws them: BRP's unaimed fire),
/// none otherwise.
fn drawn_group_words(mode: &FireMode, scenario: &Scenario) -> Option<String> {
    let group = match mode {
        FireMode::Suppressing { .. } => mode.targets(),
        FireMode::Rulebook(own) if own.mode().draws_targets() => mode.targets(),
        _ => return None,
    };
    let names: Vec<&str> = group
        .iter()
        .map(|unit| scenario.units[unit.index()].name.as_str())
        .collect();
    (names.len() > 1).then(|| {
        format!(
            "Each shot's target drawn by a die from: {}",
            names.join(", ")
        )
    })
}

/// The aim at the enemy on `tile`, and the blast an explosive in hand would make there.
fn previews(
    world: &mut World,
    shooter: UnitId,
    tile: Tile,
    intent: Intent,
    fire_order: &FireOrder,
) -> (Option<Aim>, Option<BlastSketch>) {
    let scenario = world.resource::<ActiveScenario>().0.clone();
    let mut units = world.query_filtered::<(&UnitId, &TilePosition, &Arsenal), Without<Unseen>>();
    let positions: Vec<(UnitId, Tile)> = units.iter(world).map(|(id, at, _)| (*id, at.0)).collect();
    let Some(in_hand) = units
        .iter(world)
        .find(|(id, ..)| **id == shooter)
        .map(|(_, _, arsenal)| arsenal.in_hand)
    else {
        return (None, None);
    };
    // The handgun in the other hand, about to fire unaimed.
    let in_hand = match intent {
        Intent::SecondGun(index, _) => WeaponChoice::Carried(index),
        _ => in_hand,
    };
    let Some(from) = positions
        .iter()
        .find(|(id, _)| *id == shooter)
        .map(|(_, at)| *at)
    else {
        return (None, None);
    };
    let spec = &scenario.units[shooter.index()];
    let form = match in_hand {
        WeaponChoice::Carried(index) => spec
            .weapons
            .get(index)
            .map_or(AttackForm::Melee, |carried| carried.weapon.attack_form()),
        _ => AttackForm::Melee,
    };
    let target = positions
        .iter()
        .find(|(_, at)| *at == tile)
        .map(|(id, _)| *id)
        .filter(|target| scenario.units[target.index()].side != spec.side);
    let blast = (form == AttackForm::Lobbed && (intent == Intent::Blast || target.is_some()))
        .then(|| blast_sketch(world, shooter, in_hand, tile, &scenario));
    let Some(target) = target else {
        return (None, blast);
    };
    let weapon = spec.attack_name(in_hand);
    let scale = scenario.ruleset.range_scale();
    let close_line = || match line_of_fire(&scenario.map, from, tile) {
        LineOfFire::Blocked { at } => ShotLine::Blocked { at },
        _ => ShotLine::Clear,
    };
    if let Intent::Maneuver(goal) = intent {
        let (possible, headline) =
            exchange_reading(world, shooter, target, AttackKind::Maneuver(goal));
        let aim = Aim {
            shooter,
            target,
            weapon: format!("Maneuver: {}", goal.words()),
            line: close_line(),
            possible,
            headline,
            rolls: Vec::new(),
            area: Vec::new(),
        };
        return (Some(aim), blast);
    }
    let aim = match form {
        AttackForm::Shot | AttackForm::Thrown => {
            let mode = match (form, intent) {
                (AttackForm::Shot, Intent::SecondGun(_, style)) => hooks::of_world(world)
                    .and_then(|own| own.styled_fire(style, target))
                    .unwrap_or_else(|| FireMode::single(target)),
                (AttackForm::Shot, _) => {
                    let own = hooks::of_world(world);
                    fire_order.mode_at(
                        target,
                        || ranged::suppressing_group(world, shooter, in_hand, target),
                        own.as_deref(),
                    )
                }
                _ => FireMode::single(target),
            };
            let (preview, area) = match ranged::preview_fire(world, shooter, in_hand, &mode) {
                Ok(fire) => (Ok(fire.rolls), fire.swept),
                Err(refused) => (Err(refused), Vec::new()),
            };
            let mut rolls: Vec<String> = match &preview {
                Ok(rolls) if rolls.len() > 1 || !area.is_empty() => rolls
                    .iter()
                    .map(|roll| {
                        let name = &scenario.units[roll.target.index()].name;
                        if area.is_empty() {
                            format!(
                                "{name} · {} bullet{}: {}",
                                roll.bullets,
                                plural(roll.bullets),
                                roll.label()
                            )
                        } else {
                            format!("{name}: {}", roll.label())
                        }
                    })
                    .collect(),
                _ => Vec::new(),
            };
            if let Some(group) = drawn_group_words(&mode, &scenario)
                && preview.is_ok()
            {
                rolls.insert(0, group);
            }
            if !area.is_empty() && preview.is_ok() {
                rolls.insert(
                    0,
                    format!(
                        "One roll for everyone in the sweep ({} tile{} wide), each may dodge",
                        area.len(),
                        plural(u32::try_from(area.len()).unwrap_or(u32::MAX))
                    ),
                );
            }
            Aim {
                shooter,
                target,
                weapon,
                line: crate::map::sight::shot_line(&scenario.map, from, tile),
                possible: preview.is_ok(),
                headline: headline(&preview),
                rolls,
                area,
            }
        }
        AttackForm::Melee | AttackForm::Lobbed | AttackForm::Placed => {
            let line = close_line();
            let (possible, headline) = if form == AttackForm::Melee {
                exchange_reading(world, shooter, target, AttackKind::Strike(in_hand))
            } else {
                let reach = spec.attack_reach(in_hand, &scale);
                let point_blank = scale.point_blank(spec.characteristics.dexterity);
                let reading = range_reading(&reach, point_blank, from, tile);
                let in_reach = reading.band != RangeBand::OutOfRange;
                let headline = match (form, &blast) {
                    (AttackForm::Lobbed, Some(sketch)) => sketch.headline.clone(),
                    _ if in_reach => "In reach".to_string(),
                    _ => "Out of reach".to_string(),
                };
                (in_reach, headline)
            };
            Aim {
                shooter,
                target,
                weapon,
                line,
                possible,
                headline,
                rolls: Vec::new(),
                area: Vec::new(),
            }
        }
    };
    (Some(aim), blast)
}

/// The blast of the explosive in hand landing on `tile`.
fn blast_sketch(
    world: &mut World,
    shooter: UnitId,
    weapon: WeaponChoice,
    tile: Tile,
    scenario: &crate::map::scenario::Scenario,
) -> BlastSketch {
    let unseen: Vec<UnitId> = world
        .query_filtered::<&UnitId, With<Unseen>>()
        .iter(world)
        .copied()
        .collect();
    match blast::preview(world, shooter, weapon, tile) {
        Ok(mut preview) => {
            // Whom the blast would catch is told of the units this window may see.
            preview.caught.retain(|(unit, _)| !unseen.contains(unit));
            preview.shielded.retain(|unit| !unseen.contains(unit));
            let side = scenario.units[shooter.index()].side;
            let friends = preview
                .caught
                .iter()
                .filter(|(unit, _)| scenario.units[unit.index()].side == side)
                .count();
            let enemies = preview.caught.len() - friends;
            let mut parts = vec![preview.weapon.clone(), preview.words.head.clone()];
            if !preview.words.modifiers.is_empty() {
                parts.push(preview.words.modifiers.clone());
            }
            let shielded = if preview.shielded.is_empty() {
                String::new()
            } else {
                format!(", {} behind cover", preview.shielded.len())
            };
            BlastSketch {
                centre: tile,
                rings: preview.rings,
                headline: format!(
                    "{} · {:.0}% on target · catches {enemies} enem{} and {friends} friend{}{shielded}",
                    parts.join(" · "),
                    preview.chance * 100.0,
                    if enemies == 1 { "y" } else { "ies" },
                    if friends == 1 { "" } else { "s" },
                ),
                caught: preview.caught,
                shielded: preview.shielded,
            }
        }
        Err(why) => BlastSketch {
            centre: tile,
            rings: Vec::new(),
            caught: Vec::new(),
            shielded: Vec::new(),
            headline: headline(&Err(why)),
        },
    }
}

mod drawing;
/// On Call of Cthulhu 7e's weapons and sheets.
#[cfg(all(test, feature = "coc7e"))]
mod tests;
