//! The rolls the rulebooks make most, each timed a call over 100,000 varied inputs drawn up
//! front by the seeded dice (so no one input is learnt): CoC 7e's percentile skill roll with one
//! bonus die (goal: 5 ns), beside the raw ChaCha8 outputs it draws on; each rulebook's core roll
//! through the `Ruleset` seam, at every skill of its scale and every range band's modifiers; and
//! one firearm shot resolved outside the ECS for each rulebook, from the range read to the wound
//! (goal: 200 ns). Prints each median time a call, of 11 rounds.
//! Run with `cargo bench --bench rolls`.

use std::hint::black_box;
use std::ops::RangeInclusive;
use std::time::Instant;

use gridkeeper::map::range::{WeaponReach, base_feet, distance_squared, range_reading};
use gridkeeper::map::{Terrain, TerrainKind, Tile};
use gridkeeper::rules::body::Hand;
use gridkeeper::rules::characteristics::{Characteristics, DerivedStats};
use gridkeeper::rules::damage::DamageQuality;
use gridkeeper::rules::dice::{Dice, FaceSource};
use gridkeeper::rules::injuries::{InjuryHit, InjuryList};
use gridkeeper::rules::length::Length;
use gridkeeper::rules::percentile::{Difficulty, ExtraDice, SkillCheck};
use gridkeeper::rules::roll::{Demand, RollPurpose};
use gridkeeper::rules::roll_harm::{HitForm, RollHit};
use gridkeeper::rules::ruleset::{RuleOptions, Ruleset};
use gridkeeper::rules::ruleset_id::RulesetId;
use gridkeeper::rules::situation::{
    LineCover, Posture, RangeBand, RangeReading, ShotFacts, StandingFacts, Worth,
};
use gridkeeper::rules::weapons::Weapon;
use gridkeeper::rules::wounds::{WoundBlow, after_armor};
use gridkeeper::rulesets::d10_pool::injuries::injure;
use gridkeeper::rulesets::d100_house::damage::roll_location;
use gridkeeper::rulesets::ruleset;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Times each set of calls is run: the median of these is reported.
const ROUNDS: usize = 11;
/// Calls in a round, each on an input of its own.
const CALLS: u32 = 100_000;
/// The seed the inputs are drawn with, and the seed the timed rolls are made with.
const INPUT_SEED: u64 = 7;
const ROLL_SEED: u64 = 11;

/// The bands a shot may fall in, for the core roll's modifiers.
const BANDS: [RangeBand; 3] = [RangeBand::Base, RangeBand::Long, RangeBand::VeryLong];
/// What may stand beside the target on the line of fire.
const COVERS: [LineCover; 3] = [
    LineCover::Open,
    LineCover::HalfConcealed,
    LineCover::Through,
];
/// Where every shooter stands; its targets stand along the row to its right.
const SHOOTER_AT: Tile = Tile::new(0, 0);

/// A value from `range`, drawn by the dice.
fn draw(dice: &mut Dice, range: &RangeInclusive<u32>) -> u32 {
    range.start() + dice.face(range.end() - range.start() + 1) - 1
}

/// One of `choices`, drawn by the dice.
fn pick<'a, T>(dice: &mut Dice, choices: &'a [T]) -> &'a T {
    let sides = u32::try_from(choices.len()).unwrap_or(u32::MAX);
    &choices[dice.face(sides) as usize - 1]
}

/// The median time one call takes in nanoseconds, each round running it over every input once.
fn median_per_call<T: Copy, R>(inputs: &[T], mut call: impl FnMut(T) -> R) -> f64 {
    let calls = u32::try_from(inputs.len()).map_or(f64::MAX, f64::from);
    let mut times: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            let begun = Instant::now();
            for &input in inputs {
                black_box(call(black_box(input)));
            }
            begun.elapsed().as_secs_f64() * 1e9 / calls
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[ROUNDS / 2]
}

/// One line of the report: the case, its median time a call, and its goal where it has one.
fn report(case: &str, nanos: f64, goal: Option<f64>) {
    let goal = goal.map_or(String::new(), |goal| {
        let verdict = if nanos <= goal { "met" } else { "missed" };
        format!("  goal {goal} ns: {verdict}")
    });
    println!("{case:<28} {nanos:>8.1} ns{goal}");
}

/// What varies from one shot to the next.
#[derive(Clone, Copy)]
struct Shot {
    target_at: Tile,
    cover: LineCover,
    /// The shooter's skill, on the rulebook's scale.
    skill: u32,
    /// The target wears the rulebook's first armor example.
    armored: bool,
    /// The target has already lost half its hit points (the d10 pool: it has one injury).
    wounded: bool,
}

/// One rulebook with a shooter and a target of middling characteristics on its own sheet, the
/// shooter holding the rulebook's everyday handgun, and what stays the same from shot to shot.
struct Duel {
    ruleset: Box<dyn Ruleset>,
    /// The skills drawn from, on the rulebook's scale: percent, a pool's dice, the western's RM.
    skills: RangeInclusive<u32>,
    gun: Weapon,
    /// The shooter's sheet, and the target's.
    sheet: Characteristics,
    derived: DerivedStats,
    /// The shooter unhurt and unmoved, for what its own state costs its rolls.
    shooter_standing: StandingFacts,
    reach: WeaponReach,
    point_blank: Length,
    base_feet: Option<u32>,
    /// The armor points the target wears when armored.
    armor: u32,
    /// The cover beside the target, where there is any.
    low_cover: Terrain,
}

impl Duel {
    fn new(id: RulesetId) -> Self {
        let ruleset = ruleset(&RuleOptions {
            ruleset: id,
            ..RuleOptions::default()
        })
        .expect("the shipped rulebook loads");
        // (skills, every characteristic, the handgun) on the rulebook's scale.
        let (skills, characteristic, handgun) = match id {
            gridkeeper::rulesets::coc7e::ID => (5..=95, 50, ".38 or 9mm Revolver"),
            gridkeeper::rulesets::brp_classic::ID => (5..=95, 11, ".38 Revolver"),
            gridkeeper::rulesets::d10_pool::ID => (2..=10, 3, "Handgun"),
            gridkeeper::rulesets::frontier::ID => (1..=30, 8, "Colt .45"),
            gridkeeper::rulesets::d100_house::ID => (5..=95, 50, "Heavy pistol"),
            other => panic!("no duel written for {other}"),
        };
        let sheet = Characteristics {
            strength: characteristic,
            constitution: characteristic,
            size: characteristic,
            dexterity: characteristic,
            appearance: characteristic,
            intelligence: characteristic,
            power: characteristic,
            education: characteristic,
            luck: characteristic,
        };
        let derived = ruleset.sheet().derive(&sheet, 30);
        let gun = ruleset
            .weapons()
            .find(handgun)
            .cloned()
            .expect("the rulebook lists its handgun");
        let scale = ruleset.range_scale();
        Self {
            skills,
            shooter_standing: StandingFacts {
                hit_points: derived.hit_points,
                max_hit_points: derived.hit_points,
                ..StandingFacts::default()
            },
            reach: WeaponReach::of(&gun.range, sheet.strength, &scale),
            point_blank: scale.point_blank(sheet.dexterity),
            base_feet: base_feet(&gun.range, sheet.strength),
            armor: ruleset
                .armor()
                .armor
                .first()
                .map_or(0, |example| example.points),
            low_cover: TerrainKind::LowCover.terrain(),
            sheet,
            derived,
            gun,
            ruleset,
        }
    }

    /// The rulebook's core roll at every skill of its scale, with each range band's modifiers
    /// in its own currency (steps of difficulty, multipliers, added points).
    fn demands(&self) -> Vec<Demand> {
        self.skills
            .clone()
            .flat_map(|value| {
                BANDS.map(|band| {
                    let reading = RangeReading {
                        band,
                        point_blank: false,
                    };
                    Demand::new(value, self.ruleset.range_value(reading).unwrap_or_default())
                })
            })
            .collect()
    }

    /// `CALLS` shots drawn by the dice: at any tile in range along the row, past any cover, at
    /// any skill of the rulebook's scale, at a target armored or not, wounded or not.
    fn shots(&self, dice: &mut Dice) -> Vec<Shot> {
        let farthest = 4 * self.base_feet.unwrap_or_default().div_ceil(3);
        let in_range: Vec<Tile> = (1..=farthest)
            .map(|yards| Tile::new(yards, 0))
            .filter(|&at| {
                range_reading(&self.reach, self.point_blank, SHOOTER_AT, at).band
                    != RangeBand::OutOfRange
            })
            .collect();
        (0..CALLS)
            .map(|_| Shot {
                target_at: *pick(dice, &in_range),
                cover: *pick(dice, &COVERS),
                skill: draw(dice, &self.skills),
                armored: *pick(dice, &[false, true]),
                wounded: *pick(dice, &[false, true]),
            })
            .collect()
    }

    /// One shot resolved as the battle resolves it, by the pure calls it makes, in its order.
    /// There is no single entry point outside the ECS: `battle::shot::setup`,
    /// `trigger_pull::take_shot`, `hits::deal_hits`, `injuries::injure`,
    /// `body_harm::from_the_roll` and `wounds::harm` weave these calls through the battle's
    /// state and events. Left out: the events, the ammunition, the target's answer (it takes
    /// the shot), aims, declared and called shots, a speciality, a split dice budget, partial
    /// armor, tallies by body part, and what a wound sets off (a CON roll, pain, a knock-down).
    /// Returns what the target has left: its hit points, or where the rulebook keeps injuries,
    /// what remains before it is out of the fight.
    fn resolve(&self, dice: &mut Dice, shot: Shot) -> u32 {
        let ruleset = self.ruleset.as_ref();
        let gun = &self.gun;
        let most = self.derived.hit_points;
        let hit_points = if shot.wounded { most / 2 } else { most };
        // `shot::setup`: the range read, and what the shot's facts are worth.
        let reading = range_reading(&self.reach, self.point_blank, SHOOTER_AT, shot.target_at);
        let facts = ShotFacts {
            squared_yards: distance_squared(SHOOTER_AT, shot.target_at),
            base_feet: self.base_feet,
            shooter_dexterity: self.sheet.dexterity,
            cover: shot.cover,
            committed: gun.committed,
            cumbersome: gun.cumbersome(),
            target_movement: self.derived.movement(),
            target_size: self.derived.build,
            target_siz: self.sheet.size,
            shooter_perception: self.sheet.power,
            shooter_skill: shot.skill,
            ..ShotFacts::plain(reading)
        };
        let Worth {
            mut modifiers,
            possible,
        } = ruleset.shot_value(&facts);
        if !possible {
            return hit_points;
        }
        // `volley::shot_demand`, then `Battle::standing_demand`: the shooter's own state.
        modifiers.extend(ruleset.standing_modifiers(&self.shooter_standing));
        let demand = Demand::new(shot.skill, modifiers)
            .with_weapon(gun.malfunction, gun.impale)
            .at_difficulty(gun.difficulty);
        // `Battle::roll_attack`, which names the roll by the gun's skill.
        let verdict = ruleset
            .check(dice, RollPurpose::Skill(gun.skill.clone()), &demand)
            .verdict;
        if verdict.malfunction || !verdict.success {
            return hit_points;
        }
        // `hits::deal_hits`: one bullet, an injury where the rulebook keeps them
        // (`injuries::injure`).
        let worn = if shot.armored { self.armor } else { 0 };
        let injured = InjuryHit {
            net: verdict.net,
            weapon: gun.damage.flat().unwrap_or(0),
            skill: gun.skill.as_str(),
            armour: worn,
            toughness: self.sheet.constitution,
            injuries: if shot.wounded {
                InjuryList::default().with(2)
            } else {
                InjuryList::default()
            },
            blast: false,
        };
        if ruleset.id() == gridkeeper::rulesets::d10_pool::ID {
            return injure(&injured).remaining;
        }
        // `body_harm::part_cover`: where cover hides body parts, those it hides of a target
        // standing behind it (all of one hiding behind cover shot through).
        let hidden_parts = match shot.cover {
            LineCover::Open => None,
            LineCover::HalfConcealed => ruleset
                .mechanisms()
                .covered_parts(Posture::Standing, Hand::Right),
            LineCover::Through => ruleset
                .mechanisms()
                .covered_parts(Posture::Hidden, Hand::Right),
        };
        let hit = RollHit {
            verdict,
            weapon_value: gun.damage.flat().unwrap_or_default(),
            form: HitForm::Firearm,
            downgraded: false,
        };
        let roll_harm = ruleset.mechanisms().roll_harm;
        let rolled = match roll_harm.and_then(|harm| harm.damage(&hit)) {
            // `body_harm::from_the_roll`: the damage read off the roll, where it lands, and what
            // the cover there makes of it: stopped, or brought down to the digit sum.
            Some(uncovered) => {
                let covered = roll_location(&verdict).is_some_and(|(_, part)| {
                    hidden_parts
                        .as_ref()
                        .is_some_and(|parts| parts.contains(&part))
                });
                match (covered, self.low_cover.stops_bullets()) {
                    (false, _) => uncovered.total,
                    (true, true) => return hit_points,
                    (true, false) => roll_harm
                        .and_then(|harm| {
                            harm.damage(&RollHit {
                                downgraded: true,
                                ..hit
                            })
                        })
                        .map_or(0, |roll| roll.total),
                }
            }
            // `Battle::roll_damage`: the gun's dice, an extreme success or an impale at its best.
            None => {
                let quality = match (verdict.special, gun.impale) {
                    (false, _) => DamageQuality::Normal,
                    (true, true) => DamageQuality::Impale,
                    (true, false) => DamageQuality::Extreme,
                };
                ruleset
                    .damage(
                        dice,
                        RollPurpose::Damage(gun.name.clone()),
                        &gun.damage,
                        gun.damage_reach(reading.band),
                        &self.derived.damage_bonus,
                        quality,
                    )
                    .ok()
                    .flatten()
                    .map_or(0, |rolled| rolled.result.total)
            }
        };
        // `wounds::harm`: the armor of cover shot through (none where cover hides body parts),
        // then the armor worn, and the blow weighed.
        let cover_armor = match (shot.cover, &hidden_parts) {
            (LineCover::Through, None) => self.low_cover.armor,
            _ => 0,
        };
        ruleset
            .take_blow(&WoundBlow {
                damage: after_armor(after_armor(rolled, cover_armor), worn),
                hit_points,
                below_zero: 0,
                max_hit_points: most,
                major_wound: false,
                deliberate: true,
            })
            .hit_points
    }
}

fn main() {
    println!("median time a call, {CALLS} varied calls a round, {ROUNDS} rounds");
    let mut draws = Dice::from_seed(INPUT_SEED);
    let mut dice = Dice::from_seed(ROLL_SEED);

    let checks: Vec<(u32, Difficulty)> = (0..CALLS)
        .map(|_| {
            (
                draw(&mut draws, &(1..=99)),
                *pick(&mut draws, &Difficulty::ALL),
            )
        })
        .collect();
    let time = median_per_call(&checks, |(skill, difficulty)| {
        SkillCheck::roll(&mut dice, skill, difficulty, ExtraDice::bonus(1))
    });
    report("CoC 7e skill, 1 bonus die", time, Some(5.0));
    // What the three faces of that roll cost the stream alone, as raw 32-bit outputs: the floor
    // under it, since every save and replay holds a seed and the faces it gives.
    let mut stream = ChaCha8Rng::seed_from_u64(ROLL_SEED);
    let time = median_per_call(&checks, |_| {
        (stream.next_u32(), stream.next_u32(), stream.next_u32())
    });
    report("ChaCha8 alone, 3 raw outputs", time, None);

    let duels: Vec<Duel> = gridkeeper::rulesets::ids()
        .into_iter()
        .map(Duel::new)
        .collect();
    for duel in &duels {
        let demands = duel.demands();
        let rolls: Vec<&Demand> = (0..CALLS).map(|_| pick(&mut draws, &demands)).collect();
        // An empty name: a skill's would time an allocation that is no part of the roll.
        let time = median_per_call(&rolls, |demand| {
            duel.ruleset
                .check(&mut dice, RollPurpose::Skill(String::new()), demand)
        });
        report(&format!("{:?} core roll", duel.ruleset.id()), time, None);
    }

    for duel in &duels {
        let shots = duel.shots(&mut draws);
        let time = median_per_call(&shots, |shot| duel.resolve(&mut dice, shot));
        report(
            &format!("{:?} firearm shot", duel.ruleset.id()),
            time,
            Some(200.0),
        );
    }
}
