//! The mechanisms more than one rulebook has, each asked for by name: a rulebook that has one
//! hands the engine its answers for it ([`Mechanisms`]); one that has none hands `None`, and the
//! engine then does nothing of it. No switch is asked "is this on", no answer probed with a
//! made-up argument.

use super::body::{BodyPart, Hand};
use super::characteristics::MoveAllowance;
use std::collections::BTreeMap;

use super::characteristics::Characteristics;
use super::damage::DamageRoll;
use super::falls::Falling;
use super::roll::{Demand, Verdict};
use super::roll_harm::{HitForm, RollHit};
use super::situation::{AllowedAnswers, DefenceFacts, Posture};

/// The shared mechanisms a rulebook uses, each with that rulebook's answers.
#[derive(Clone, Copy, Default)]
pub struct Mechanisms<'a> {
    /// Fire on a group rather than at one target (CoC's optional rule, the d100 house sheet).
    pub suppressing_fire: Option<SuppressingFire<'a>>,
    /// Postures taken at will, which feed cover (the western, the d100 house sheet).
    pub postures: Option<&'a dyn Postures>,
    /// Cover that hides body parts rather than the whole unit (the d100 house sheet).
    pub part_cover: Option<&'a dyn PartCover>,
    /// Answering a blow in an exchange (CoC, BRP, the d10 pool); without it a blow is taken.
    pub blow_answers: Option<&'a dyn BlowAnswers>,
    /// Initiative rolled once for the combat and kept (the d10 pool's Dex + Wits, the d100
    /// house sheet's Initiative); without it the round is ordered afresh each round from what
    /// places each unit.
    pub kept_initiative: Option<&'a dyn InitiativeRoll>,
    /// The order planned in the first round kept for the whole battle (the western: its
    /// roll-offs are not rolled again; the d100 house sheet's queue), rather than planned
    /// afresh each round.
    pub kept_order: bool,
    /// Harm read off the attack roll rather than rolled in dice (the d100 house sheet).
    pub roll_harm: Option<&'a dyn RollHarmRules>,
    /// How a fall hurts, which the keeper may order (the d100 house sheet); without it the
    /// keeper's fall order is refused.
    pub falling: Option<Falling>,
}

impl<'a> Mechanisms<'a> {
    /// A posture in the rulebook's words, in plain words where it has no postures of its own.
    pub fn posture_words(&self, posture: Posture) -> PostureWords {
        self.postures
            .map_or_else(|| plain_posture_words(posture), |own| own.words(posture))
    }

    /// The postures a unit may take at will: none without postures.
    pub fn posture_choices(&self) -> &'static [Posture] {
        self.postures.map_or(&[], |own| own.choices())
    }

    /// What standing up from prone costs of a unit's movement this turn: nothing unless the
    /// rulebook's postures say.
    pub fn stand_up_cost(&self, moves: MoveAllowance) -> u32 {
        self.postures.map_or(0, |own| own.stand_up_cost(moves))
    }

    /// The parts low cover hides of a unit in `posture`, where cover hides body parts.
    pub fn covered_parts(&self, posture: Posture, hand: Hand) -> Option<Vec<BodyPart>> {
        self.part_cover.map(|cover| cover.covered(posture, hand))
    }

    /// Which answers a defender may still give to a blow: none where blows are not answered.
    pub fn allowed_answers(&self, facts: &DefenceFacts) -> AllowedAnswers {
        self.blow_answers
            .map_or(AllowedAnswers::NONE, |answers| answers.allowed(facts))
    }

    /// Whether a maneuver may answer a blow.
    pub fn maneuvers_answer(&self) -> bool {
        self.blow_answers.is_some_and(|answers| answers.maneuvers())
    }

    /// Whether a parry is named at the start of the round, against one attacker.
    pub fn parry_is_declared(&self) -> bool {
        self.blow_answers
            .is_some_and(|answers| answers.parry_is_declared())
    }

    /// Whether a dodge costs the defender its attack in the round.
    pub fn dodge_costs_the_attack(&self) -> bool {
        self.blow_answers
            .is_some_and(|answers| answers.dodge_costs_the_attack())
    }

    /// Whether a defence with a weapon rolled on `defence_skill` may meet an attack rolled on
    /// `attack_skill`: any may, unless the rulebook's answers say otherwise.
    pub fn weapon_defence_meets(&self, attack_skill: &str, defence_skill: &str) -> bool {
        self.blow_answers
            .is_none_or(|answers| answers.weapon_defence_meets(attack_skill, defence_skill))
    }

    /// How suppressing fire pins, where it does.
    pub fn pinning(&self) -> Option<&'a dyn Pinning> {
        self.suppressing_fire.and_then(SuppressingFire::pinning)
    }
}

/// How fire on a group works, where a rulebook has it.
#[derive(Clone, Copy)]
pub enum SuppressingFire<'a> {
    /// Each roll's target is drawn from the group by a die, once everyone in it has had the
    /// chance to dive for cover (CoC's optional suppressing fire).
    AtTheGroup,
    /// The fire pins the group (the d100 house sheet): see [`Pinning`].
    Pins(&'a dyn Pinning),
}

impl<'a> SuppressingFire<'a> {
    /// How the fire pins, where it does.
    pub fn pinning(self) -> Option<&'a dyn Pinning> {
        match self {
            Self::AtTheGroup => None,
            Self::Pins(pinning) => Some(pinning),
        }
    }
}

/// Suppressing fire that pins its group rather than hitting it.
pub trait Pinning {
    /// The shift `bullets` fired at a unit in suppressing fire this turn put on all its rolls
    /// until the shooter's next turn (0: too few yet).
    fn shift(&self, bullets: u32) -> i32;

    /// Whether a roll of the fire hurts one of the group (drawn by a die, taking hand-to-hand
    /// damage); the others only pin.
    fn bullet_hurts(&self, roll: &Verdict) -> bool;
}

/// Postures a unit takes at will (kneeling, lying down, hiding behind cover), which feed cover;
/// without them a unit only falls prone and stands up.
pub trait Postures {
    /// The postures a unit may take at will.
    fn choices(&self) -> &'static [Posture];

    /// A posture in the rulebook's words.
    fn words(&self, posture: Posture) -> PostureWords;

    /// What standing up from prone costs of a unit's movement this turn, in tenths of a yard.
    fn stand_up_cost(&self, _moves: MoveAllowance) -> u32 {
        0
    }
}

/// Cover that protects body parts rather than the whole unit: hit in a hidden part, a shot
/// strikes the cover.
pub trait PartCover {
    /// The parts low cover beside a unit in `posture` hides, for a unit holding its weapon in
    /// `hand`.
    fn covered(&self, posture: Posture, hand: Hand) -> Vec<BodyPart>;
}

/// Answering a blow: a dodge, a defence with the weapon in hand, a maneuver.
pub trait BlowAnswers {
    /// Which answers a defender may still give, from what it has done and named this round.
    fn allowed(&self, facts: &DefenceFacts) -> AllowedAnswers;

    /// Whether a maneuver is ever one of them.
    fn maneuvers(&self) -> bool {
        false
    }

    /// Whether a defence with the weapon in hand needs the attacker named at the start of the
    /// round (BRP's declared parry).
    fn parry_is_declared(&self) -> bool {
        false
    }

    /// Whether a defence with a weapon rolled on `defence_skill` may meet an attack rolled on
    /// `attack_skill` (the d10 pool's clash: only within one ability).
    fn weapon_defence_meets(&self, _attack_skill: &str, _defence_skill: &str) -> bool {
        true
    }

    /// Whether a unit that dodged loses its attack (its action) for the rest of the round.
    fn dodge_costs_the_attack(&self) -> bool {
        false
    }
}

/// A posture in a rulebook's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PostureWords {
    /// "kneeling", "crouched".
    pub state: &'static str,
    /// "kneels", "crouches".
    pub verb: &'static str,
    /// The button that takes it: "Kneel".
    pub button: &'static str,
    pub hint: &'static str,
}

/// A posture in plain words, for a rulebook with no postures of its own (a unit there only
/// falls prone and stands up).
pub fn plain_posture_words(posture: Posture) -> PostureWords {
    let (state, verb, button, hint) = match posture {
        Posture::Standing => ("standing", "stands", "Stand", "stand up"),
        Posture::Kneeling => ("kneeling", "kneels", "Kneel", "kneel"),
        Posture::Prone => ("prone", "lies down", "Lie down", "lie prone"),
        Posture::Hidden => ("hidden", "hides behind cover", "Hide", "hide behind cover"),
    };
    PostureWords {
        state,
        verb,
        button,
        hint,
    }
}

/// Initiative rolled once for the combat, where a rulebook rolls it so.
pub trait InitiativeRoll {
    /// The roll for a unit of these characteristics and skills (a rulebook that rolls a skill
    /// for it finds it among the skills), and what breaks a tie after the roll.
    fn roll(
        &self,
        characteristics: &Characteristics,
        skills: &BTreeMap<String, u32>,
    ) -> (Demand, u32);

    /// Where a kept roll stands in the order, higher first: its net, unless the rulebook reads
    /// it its own way (the d100 house sheet: a critical, then successes by the roll).
    fn standing(&self, verdict: &Verdict) -> i32 {
        verdict.net
    }
}

/// Harm read off the attack roll rather than rolled in dice, where a rulebook reads it so.
pub trait RollHarmRules {
    /// The damage of `hit`, read off its roll (the d100 house sheet: a bullet's roll capped, a
    /// blow's digit sum); `None` where the roll gives none.
    fn damage(&self, hit: &RollHit) -> Option<DamageRoll>;

    /// The mean harm of one roll against `demand` with a weapon of `weapon_value` dealt in
    /// `form`, misses counted as nothing, and a hit on a part among `cover`'s (the parts, and
    /// whether it stops bullets) as that cover makes it: for the AI.
    fn mean(
        &self,
        demand: &Demand,
        weapon_value: u32,
        form: HitForm,
        cover: Option<(&[BodyPart], bool)>,
    ) -> f64;

    /// A fire's harm in its `rounds_burnt`th round, read off a fresh d100: the form it is read
    /// in, and the number.
    fn burn(&self, rounds_burnt: u32) -> (HitForm, u32);
}
