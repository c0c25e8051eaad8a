//! The `Ruleset` seam: everything the battle asks of a rulebook.
//!
//! The battle systems hold a `dyn Ruleset` and never call a rulebook's functions directly; each
//! rulebook under `src/rulesets/` is one implementation of this trait.

use serde::{Deserialize, Serialize};

use super::damage::{DamageNotation, DamageQuality, DamageReach, DamageRoll, Formula, ReachError};
use super::dice::Dice;
use super::explosions::BlastRing;
use super::firearm_rules::FirearmRules;
use super::firearms::{VolleyHits, one_hit_a_roll};
use super::grappling::{Grappling, NoGrappling};
use super::hand_to_hand::{HandToHand, PlainHandToHand};
use super::initiative::InitiativeEntry;
use super::mechanisms::Mechanisms;
use super::melee::{Defence, ExchangeOdds, MeleeOutcome, unanswered};
use super::modifiers::Modifier;
use super::opposed::SideResult;
use super::roll::{Checked, Demand, RollPurpose, Verdict};
use super::round::{RoundHistory, Slot, TurnKind, TurnLimits};
use super::ruleset_id::RulesetId;
use super::sheet_rules::SheetRules;
use super::situation::{
    BlowFacts, OwnRollFacts, RangeReading, RangeScale, ShotDefence, ShotFacts, StandingFacts, Worth,
};
use super::vocabulary::Vocabulary;
use super::weapons::{ArmorTable, WeaponTable};
use super::wounds::{Aftercare, BlowResult, Patient, WoundBlow};

pub use super::rule_options::RuleOptions;

/// A roll with what it was for: the record every caller puts in the event stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled<T> {
    pub purpose: RollPurpose,
    pub result: T,
}

/// Everything the battle needs from a rulebook.
pub trait Ruleset: Send + Sync + std::fmt::Debug + 'static {
    fn id(&self) -> RulesetId;

    /// The rulebook's name as shown to people.
    fn name(&self) -> &'static str;

    /// The rulebook's ready-made units (investigators, cultists, creatures), as the file that
    /// holds them is named and written: units in a scenario's form, read by the map's roster.
    fn roster(&self) -> (&'static str, &'static str);

    /// The shared mechanisms this rulebook has, each with its answers; a default of none.
    fn mechanisms(&self) -> Mechanisms<'_> {
        Mechanisms::default()
    }

    /// The rulebook's sheet: its characteristics and skills, what they derive, and the limits a
    /// scenario's values must fit.
    fn sheet(&self) -> &dyn SheetRules;

    /// The rulebook's words: how it names its rolls, values, slots, wounds and weapons, for the
    /// log, the cards and the panels.
    fn words(&self) -> &dyn Vocabulary;

    /// The round's slots in order, from what places each unit; `tie_roll` rolls a die of so
    /// many sides (through the battle's dice) where the rulebook breaks ties by rolling.
    fn round_plan(
        &self,
        entries: &[InitiativeEntry],
        tie_roll: &mut dyn FnMut(u32) -> u32,
    ) -> Vec<Slot>;

    /// What a turn in a slot of `kind` allows after what the unit has done this round; `None`
    /// when the slot goes by (nothing it could do there).
    fn turn_limits(&self, kind: TurnKind, history: &RoundHistory) -> Option<TurnLimits>;

    /// What a roll of a characteristic (`CON`, `DEX`) or of Luck is made against: CoC's
    /// percentile value itself, BRP's value x 5 (Luck is already a percentage).
    fn characteristic_chance(&self, name: &str, value: u32) -> u32;

    /// A characteristic read on the percentile scale, for judging a unit rather than rolling
    /// (the AI's wits: a mindless creature fights without care): the percentile chance where
    /// the rulebook rolls one, its own reading where it rolls dice of its value.
    fn on_percentile_scale(&self, name: &str, value: u32) -> u32 {
        self.characteristic_chance(name, value)
    }

    /// Roll a skill or characteristic against a demand: the record for the event stream and
    /// the verdict the battle goes on from.
    fn check(&self, dice: &mut Dice, purpose: RollPurpose, demand: &Demand) -> Checked;

    /// The exact chance that a roll against `demand` succeeds (a malfunction is no success).
    fn chance(&self, demand: &Demand) -> f64;

    /// The mean harm of a hit rolled against `demand` with a weapon whose damage averages
    /// `weapon_mean`, as the AI reckons it: the weapon's own, where the roll adds nothing to
    /// the damage.
    fn hit_mean(&self, weapon_mean: f64, _demand: &Demand) -> f64 {
        weapon_mean
    }

    /// How the rulebook measures range: where its bands end, how far point-blank reaches.
    fn range_scale(&self) -> RangeScale;

    /// What the range alone is worth to an attack: its modifiers, or `None` when no roll can
    /// reach.
    fn range_value(&self, reading: RangeReading) -> Option<Vec<Modifier>>;

    /// What the facts of a shot are worth to the roll.
    fn shot_value(&self, facts: &ShotFacts) -> Worth;

    /// What the facts of a blow or a maneuver are worth to the attacker's roll.
    fn blow_value(&self, facts: &BlowFacts) -> Vec<Modifier>;

    /// How the rulebook handles firearms beyond the roll: when an aim counts, the fire modes it
    /// has, a full-auto attack's bullets and a jam's work.
    fn firearm_rules(&self) -> FirearmRules {
        FirearmRules::PLAIN
    }

    /// How many bullets of automatic fire one roll covers, for a shooter of this skill: one,
    /// where automatic fire is no more than a roll a bullet.
    fn volley_size(&self, _skill: u32) -> u32 {
        1
    }

    /// How many bullets a shooter of this skill best fires at one target in a burst: one,
    /// where automatic fire is no more than a roll a bullet.
    fn burst_size(&self, _skill: u32) -> u32 {
        1
    }

    /// What one roll of automatic fire at a target puts into it: `bullets` in the roll, its
    /// verdict; `die` rolls one die of that many sides (the battle records it with the hit).
    /// Plainly a bullet a roll: one hit on a success.
    fn volley_hits(
        &self,
        bullets: u32,
        verdict: &Verdict,
        _die: &mut dyn FnMut(u32) -> u32,
    ) -> VolleyHits {
        one_hit_a_roll(bullets, verdict)
    }

    /// A blast's rings as the rulebook draws them (CoC: full, half, a quarter out to three times
    /// the radius; BRP: a die fewer each step); empty for a damage that is no blast.
    fn blast_rings(&self, damage: &DamageNotation) -> Vec<BlastRing>;

    /// Every way a target may answer gunfire, its plain answer to shots among them (none: it
    /// takes the shots); which one a target gives, and when, its battle code says
    /// (`FireHooks::shot_answer`).
    fn shot_defences(&self) -> &'static [ShotDefence] {
        &[]
    }

    /// What one blow does to a unit's hit points and state.
    fn take_blow(&self, blow: &WoundBlow) -> BlowResult;

    /// What the unit's own state costs every roll it makes but initiative (the d10 pool's dice
    /// lost to wounds and to moving past its free movement).
    fn standing_modifiers(&self, _facts: &StandingFacts) -> Vec<Modifier> {
        Vec::new()
    }

    /// Whether First Aid may be tried once on each wound (BRP), rather than once on a patient
    /// (CoC).
    fn first_aid_per_wound(&self) -> bool {
        false
    }

    /// What successful First Aid does to a patient; `die` rolls one die of that many sides.
    /// Plainly nothing in a fight.
    fn first_aid(&self, patient: &Patient, _die: &mut dyn FnMut(u32) -> u32) -> Aftercare {
        Aftercare::nothing(patient)
    }

    /// What comes of a melee exchange, given both rolls (none for the defender who did not
    /// defend). Plainly a blow goes unanswered: it lands on a success.
    fn exchange(
        &self,
        _defence: Defence,
        attacker: SideResult,
        _defender: Option<SideResult>,
    ) -> MeleeOutcome {
        unanswered(&attacker)
    }

    /// The exact odds of each outcome of a melee exchange, before any die falls. Plainly those
    /// of a blow unanswered.
    fn exchange_odds(
        &self,
        _defence: Defence,
        attacker: &Demand,
        _defender: Option<&Demand>,
    ) -> ExchangeOdds {
        ExchangeOdds::unanswered(self.chance(attacker))
    }

    /// Where the rulebook tallies damage by body part, what a part must take, all told, to be
    /// crippled (the d100 house sheet: 25): a leg crawls, an arm drops its weapon, the head or
    /// torso knocks out. `None`: no tally.
    fn crippling(&self) -> Option<u32> {
        None
    }

    /// How far a unit lamed in the legs moves a round, in tenths of a yard, where the rulebook
    /// says so apart from zigzagging (the d100 house sheet's crawl of a yard).
    fn crawl(&self) -> Option<u32> {
        None
    }

    /// What a unit's situation is worth on its own roll (a defence, a throw): hampered, held,
    /// an initiative edge.
    fn own_roll_value(&self, _facts: &OwnRollFacts) -> Vec<Modifier> {
        Vec::new()
    }

    /// Roll a weapon's damage at `reach`; `Ok(None)` beyond a blast's reach. Plainly the
    /// notation as written, the damage bonus added.
    fn damage(
        &self,
        dice: &mut Dice,
        purpose: RollPurpose,
        damage: &DamageNotation,
        reach: DamageReach,
        damage_bonus: &Formula,
        quality: DamageQuality,
    ) -> Result<Option<Rolled<DamageRoll>>, ReachError> {
        Ok(damage
            .roll(dice, reach, damage_bonus, quality)?
            .map(|result| Rolled { purpose, result }))
    }

    /// The rulebook's weapon table.
    fn weapons(&self) -> &WeaponTable;

    /// The rulebook's armor examples.
    fn armor(&self) -> &ArmorTable;

    /// Its grapples: the maneuvers, their allowance and contest, breath, the resistance table.
    fn grappling(&self) -> &dyn Grappling {
        &NoGrappling
    }

    /// Its hand-to-hand beyond the weapon table: bare hands, body blows, reach, knock-outs.
    fn hand_to_hand(&self) -> &dyn HandToHand {
        &PlainHandToHand
    }
}
