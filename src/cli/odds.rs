//! `gridkeeper odds SCENARIO --attacker NAME --target NAME [--weapon NAME] [--at COL,ROW]`:
//! the chance of an attack as the battle itself reckons it once the fight begins (the same code
//! as the preview under the pointer), every modifier named, in the rulebook's own terms.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::{Value, json};

use super::{MapAccess, Opened, fail, open, parse_tile};
use crate::battle::command::{Command, FireMode, Rejection, WeaponChoice};
use crate::battle::threat::AnswerOdds;
use crate::battle::{AttackKind, Flow, TurnState, UnitId, blast, melee, ranged};
use crate::headless::headless_app;
use crate::map::Loaded;
use crate::map::Tile;
use crate::map::range::distance_yards;
use crate::map::scenario::Scenario;
use crate::replay::give;
use crate::rules::weapons::AttackForm;
use crate::view::preview::strike_headline;

#[derive(Debug, Args)]
pub(super) struct OddsArgs {
    /// The scenario (or saved battle: its scenario, as it opened).
    scenario: PathBuf,
    #[command(flatten)]
    maps: MapAccess,
    /// The unit that attacks (its name in the scenario).
    #[arg(long, value_name = "NAME")]
    attacker: String,
    /// The unit attacked.
    #[arg(long, value_name = "NAME")]
    target: String,
    /// The attacker's weapon or natural attack by name, "bare hands", or where the rulebook has
    /// them "kick" or "bite" [default: what it holds at the start].
    #[arg(long, value_name = "NAME")]
    weapon: Option<String>,
    /// Fire this many bullets of automatic fire at the target instead of one shot.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=200))]
    bullets: Option<u32>,
    /// Put the attacker on this tile (COLUMN,ROW) first.
    #[arg(long, value_name = "COLUMN,ROW", value_parser = parse_tile)]
    at: Option<Tile>,
    /// One JSON object instead of text (docs/FORMATS.md).
    #[arg(long)]
    json: bool,
}

/// A unit by its name, ignoring case; else what names there are.
fn unit_named(scenario: &Scenario, name: &str) -> Result<UnitId, String> {
    scenario
        .units
        .iter()
        .position(|unit| unit.name.eq_ignore_ascii_case(name.trim()))
        .map(UnitId::of_index)
        .ok_or_else(|| {
            let names: Vec<&str> = scenario
                .units
                .iter()
                .map(|unit| unit.name.as_str())
                .collect();
            format!(
                "no unit is named {name:?}: the units are {}",
                names.join(", ")
            )
        })
}

/// One of the attacker's weapons by name, ignoring case; else what it has.
fn weapon_named(scenario: &Scenario, unit: UnitId, name: &str) -> Result<WeaponChoice, String> {
    let spec = &scenario.units[unit.index()];
    let wanted = name.trim();
    let choices = spec.attack_choices(scenario.ruleset.as_ref());
    let named = choices
        .iter()
        .find(|choice| spec.attack_name(**choice).eq_ignore_ascii_case(wanted))
        .copied();
    let unarmed = wanted
        .eq_ignore_ascii_case("unarmed")
        .then_some(WeaponChoice::Unarmed);
    named.or(unarmed).ok_or_else(|| {
        let names: Vec<String> = choices
            .iter()
            .map(|choice| spec.attack_name(*choice))
            .collect();
        format!("{} has no {name:?}: it has {}", spec.name, names.join(", "))
    })
}

/// Put `unit` on `tile`, if the tile is open ground on the map that nobody else stands on.
fn place(scenario: &mut Scenario, unit: UnitId, tile: Tile) -> Result<(), String> {
    if !scenario.map.walkable(tile) {
        return Err(format!("{tile} is not open ground on the map"));
    }
    let taken = scenario
        .units
        .iter()
        .enumerate()
        .find(|(index, other)| *index != unit.index() && other.start == tile);
    if let Some((_, other)) = taken {
        return Err(format!("{} stands on {tile}", other.name));
    }
    scenario.units[unit.index()].start = tile;
    Ok(())
}

/// The odds of the answers to a blow, as JSON.
fn answer_json(odds: &AnswerOdds) -> Value {
    match odds {
        AnswerOdds::Exchange {
            dodge,
            fight_back,
            take_it,
        } => json!({"dodge": dodge, "fight_back": fight_back, "take_it": take_it}),
        AnswerOdds::Shots {
            answer,
            made,
            hit_if_taken,
            hit_if_made,
        } => json!({
            "answer": answer.name,
            "made": made,
            "hit_if_taken": hit_if_taken,
            "hit_if_made": hit_if_made,
        }),
    }
}

/// The attack's reading: a line of text, and the JSON fields it adds.
fn reckon(
    scenario: &Scenario,
    (attacker, target): (UnitId, UnitId),
    weapon: WeaponChoice,
    bullets: Option<u32>,
) -> Result<(Vec<String>, Value), Rejection> {
    let mut app = headless_app(scenario.clone(), 0);
    app.update();
    let world = app.world_mut();
    give(world, Command::Begin);
    // The attack is reckoned as the attacker's own turn would make it, just begun; where the
    // rulebook has parries named at the start of the round, the target named the attacker.
    world.resource_mut::<Flow>().turn = Some(TurnState::fresh(attacker));
    crate::battle::answer::assume_named(world, target, attacker);
    let form = match weapon {
        WeaponChoice::Carried(index) => scenario.units[attacker.index()].weapons[index]
            .weapon
            .attack_form(),
        WeaponChoice::Natural(_) | WeaponChoice::Unarmed | WeaponChoice::Body(_) => {
            AttackForm::Melee
        }
    };
    match form {
        AttackForm::Shot | AttackForm::Thrown => {
            let mode = bullets.map_or(FireMode::single(target), |bullets| {
                FireMode::FullAuto(vec![(target, bullets)])
            });
            let rolls = ranged::preview(world, attacker, weapon, &mode)?;
            let lines = rolls.iter().map(ranged::RollPreview::label).collect();
            let rolls: Vec<Value> = rolls
                .iter()
                .map(|roll| {
                    let mut fields = json!({
                        "bullets": roll.bullets,
                        "band": roll.setup.reading.band,
                        "point_blank": roll.setup.reading.point_blank,
                        "demand": roll.words.head,
                        "modifiers": roll.setup.modifiers,
                        "possible": roll.setup.possible,
                        "chance": roll.chance,
                    });
                    // Where the rulebook reads harm off the roll: its exact mean.
                    if let (Some(harm), Some(fields)) = (&roll.harm, fields.as_object_mut()) {
                        fields.insert("harm".to_string(), json!(harm));
                    }
                    fields
                })
                .collect();
            Ok((lines, json!({"kind": "shots", "rolls": rolls})))
        }
        AttackForm::Melee => {
            let (modifiers, odds) =
                melee::strike_odds(world, attacker, target, AttackKind::Strike(weapon))?;
            let words = scenario.ruleset.words().weapon_defence();
            let mut line = strike_headline("lands", &modifiers, &odds, &words);
            if let AnswerOdds::Exchange { take_it, .. } = &odds {
                line.push_str(&format!(
                    ", {:.0}% if not defended",
                    take_it.attacker_wins * 100.0
                ));
            }
            let fields =
                json!({"kind": "blow", "modifiers": modifiers, "odds": answer_json(&odds)});
            Ok((vec![line], fields))
        }
        AttackForm::Lobbed | AttackForm::Placed => {
            let at = scenario.units[target.index()].start;
            let preview = blast::preview(world, attacker, weapon, at)?;
            let line = format!(
                "{} · {:.0}% on target",
                [
                    preview.words.head.as_str(),
                    preview.words.modifiers.as_str()
                ]
                .iter()
                .filter(|part| !part.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" · "),
                preview.chance * 100.0
            );
            let fields = json!({
                "kind": "blast",
                "demand": preview.words.head,
                "chance": preview.chance,
                "caught": preview.caught.len(),
            });
            Ok((vec![line], fields))
        }
    }
}

pub(super) fn run(args: &OddsArgs) -> ExitCode {
    let mut scenario = match open(&args.scenario, args.maps) {
        Ok(Opened::Loaded(Loaded::Scenario(scenario))) => *scenario,
        Ok(Opened::Saved(saved)) => saved.scenario.clone(),
        Ok(Opened::Loaded(Loaded::Map(_))) => {
            return fail(&format!(
                "{} is a bare map: odds need a scenario's units",
                args.scenario.display()
            ));
        }
        Err(error) => return fail(&error.to_string()),
    };
    let found = unit_named(&scenario, &args.attacker).and_then(|attacker| {
        let target = unit_named(&scenario, &args.target)?;
        let weapon = match &args.weapon {
            Some(name) => weapon_named(&scenario, attacker, name)?,
            None => scenario.units[attacker.index()].default_weapon(),
        };
        Ok((attacker, target, weapon))
    });
    let (attacker, target, weapon) = match found {
        Ok(found) => found,
        Err(message) => return fail(&message),
    };
    if let Some(tile) = args.at
        && let Err(message) = place(&mut scenario, attacker, tile)
    {
        return fail(&message);
    }
    let (lines, fields) = match reckon(&scenario, (attacker, target), weapon, args.bullets) {
        Ok(reading) => reading,
        Err(refusal) => return fail(&format!("the attack cannot be made: {refusal}")),
    };
    let spec = &scenario.units[attacker.index()];
    let victim = &scenario.units[target.index()];
    let yards = distance_yards(spec.start, victim.start);
    let weapon_name = spec.attack_name(weapon);
    if args.json {
        let mut object = json!({
            "ruleset": scenario.ruleset.name(),
            "attacker": spec.name,
            "target": victim.name,
            "weapon": weapon_name,
            "from": [spec.start.x, spec.start.y],
            "to": [victim.start.x, victim.start.y],
            "yards": yards,
        });
        if let (Some(object), Value::Object(more)) = (object.as_object_mut(), fields) {
            object.extend(more);
        }
        println!("{object}");
    } else {
        println!(
            "{} → {} · {weapon_name} · {:.1} yards · {}",
            spec.name,
            victim.name,
            yards,
            scenario.ruleset.name()
        );
        for line in lines {
            println!("  {line}");
        }
    }
    ExitCode::SUCCESS
}
