//! The preview's words: headlines, roll lines and defence odds as the player reads them.

use super::*;
use crate::battle::own::{OwnFireMode, RulebookFireMode};
use crate::battle::shot::ShotSetup;
use crate::map::range::RangeReading;
#[cfg(feature = "brp_classic")]
use crate::rules::melee::ExchangeOdds;
use crate::rules::modifiers::ModifierReason;
use crate::rules::roll::Demand;
use crate::rules::ruleset::RuleOptions;
#[cfg(feature = "brp_classic")]
use crate::rules::ruleset_id::RulesetId;
#[cfg(feature = "brp_classic")]
use crate::rules::vocabulary::WeaponDefenceWords;

/// A reason of a rulebook's own, for a modifier the headline reads.
const OUTNUMBERED: ModifierReason = ModifierReason::own("outnumbered", "outnumbered");

/// A previewed roll as the default rulebook words it.
fn roll(band: RangeBand, modifiers: Vec<Modifier>, chance: f64) -> RollPreview {
    let ruleset = crate::rulesets::ruleset(&RuleOptions::default()).expect("it loads");
    RollPreview {
        target: UnitId(1),
        bullets: 1,
        harm: None,
        words: ruleset
            .words()
            .demand_words(&Demand::new(50, modifiers.clone())),
        setup: ShotSetup {
            reading: RangeReading {
                band,
                point_blank: false,
            },
            line: ShotLine::Clear,
            modifiers,
            possible: true,
            hail_mary: false,
        },
        chance,
        band_words: ruleset.words().band_words(band),
    }
}

/// The default rulebook's name for the weapon's defence, and BRP classic's.
#[cfg(feature = "brp_classic")]
fn weapon_defence(ruleset: RulesetId) -> WeaponDefenceWords {
    let options = RuleOptions {
        ruleset,
        ..RuleOptions::default()
    };
    crate::rulesets::ruleset(&options)
        .expect("it loads")
        .words()
        .weapon_defence()
}

#[cfg(feature = "brp_classic")]
#[test]
fn a_blow_in_reach_reads_with_its_odds() {
    let fight_back = weapon_defence(RulesetId::named("Coc7e"));
    let odds = |attacker_wins: f64| ExchangeOdds {
        attacker_wins,
        defender_strikes: 0.0,
        no_harm: 1.0 - attacker_wins,
        both_strike: 0.0,
    };
    let both = AnswerOdds::Exchange {
        dodge: Some(odds(0.314)),
        fight_back: Some(odds(0.486)),
        take_it: odds(0.99),
    };
    assert_eq!(
        strike_headline(
            "lands",
            &[Modifier::new(OUTNUMBERED, 1)],
            &both,
            &fight_back
        ),
        "In reach · +1 outnumbered · lands 31% against a dodge, 49% against fighting back"
    );
    let dodge_only = AnswerOdds::Exchange {
        dodge: Some(odds(0.25)),
        fight_back: None,
        take_it: odds(0.99),
    };
    assert_eq!(
        strike_headline("works", &[], &dodge_only, &fight_back),
        "In reach · works 25% against a dodge"
    );
    // BRP classic parries; a unit that has had its turn has no dodge left.
    let parry_only = AnswerOdds::Exchange {
        dodge: None,
        fight_back: Some(odds(0.2)),
        take_it: odds(0.5),
    };
    assert_eq!(
        strike_headline(
            "lands",
            &[],
            &parry_only,
            &weapon_defence(RulesetId::named("BrpClassic"))
        ),
        "In reach · lands 20% against a parry"
    );
}

#[test]
fn headlines_read_as_a_keeper_says_them() {
    let cover_and_aim = roll(
        RangeBand::Long,
        vec![
            Modifier::new(ModifierReason::HalfCover, -1),
            Modifier::new(ModifierReason::Aiming, 1),
            Modifier::steps(ModifierReason::LongRange, 1),
        ],
        0.21,
    );
    assert_eq!(
        headline(&Ok(vec![cover_and_aim.clone()])),
        "Hard · long range · −1 half cover, +1 aiming · 21% to hit"
    );
    assert_eq!(
        headline(&Ok(vec![
            roll(RangeBand::Base, Vec::new(), 0.6),
            cover_and_aim
        ])),
        "2 rolls · first: Regular · base range · 60% to hit"
    );
    assert_eq!(
        headline(&Err(Rejection::OutOfReach("far".to_string()))),
        "Out of range"
    );
    assert_eq!(
        headline(&Err(Rejection::NoLineOfFire("wall".to_string()))),
        "No line of sight"
    );
    assert_eq!(headline(&Err(Rejection::Jammed)), "The weapon is jammed");
}

/// A rulebook's own fire whose shots go at targets drawn by a die (as BRP's unaimed fire).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
struct DrawnFire(Vec<UnitId>);

impl OwnFireMode for DrawnFire {
    fn targets(&self) -> Vec<UnitId> {
        crate::battle::command::each_once(self.0.iter().copied())
    }

    fn retarget(&self, _from: UnitId, _to: UnitId) -> RulebookFireMode {
        RulebookFireMode::new(self.clone())
    }

    fn shots_counted(&self) -> Option<u32> {
        None
    }

    fn draws_targets(&self) -> bool {
        true
    }
}

#[cfg(feature = "brp_classic")]
#[test]
fn fire_drawn_from_a_group_names_the_group() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/kingsport.ron");
    let scenario = Scenario::load(&path).unwrap_or_else(|error| panic!("{error}"));
    let (ezra, mercy, silas) = (UnitId(3), UnitId(4), UnitId(5));
    assert_eq!(
        drawn_group_words(
            &FireMode::Suppressing {
                bullets: 2,
                at: vec![mercy, silas, ezra],
            },
            &scenario
        )
        .as_deref(),
        Some("Each shot's target drawn by a die from: Mercy, Silas, Ezra")
    );
    let drawn = |at: Vec<UnitId>| FireMode::Rulebook(RulebookFireMode::new(DrawnFire(at)));
    assert_eq!(
        drawn_group_words(&drawn(vec![silas, mercy, silas]), &scenario).as_deref(),
        Some("Each shot's target drawn by a die from: Silas, Mercy"),
        "a rulebook's own fire that draws its targets"
    );
    assert_eq!(
        drawn_group_words(&drawn(vec![mercy, mercy]), &scenario),
        None
    );
    assert_eq!(
        drawn_group_words(&FireMode::Shots(vec![mercy, silas]), &scenario),
        None,
        "named shots are not drawn"
    );
}
