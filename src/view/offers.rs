//! What the battle's rulebook offers the unit whose turn it is, the flags its own state puts on
//! each unit and how it bounds each unit's round (`battle::choices`), gathered for the panels
//! whenever the battle moves on, so the action bar and the cards draw the rulebook's own
//! without naming it.

use bevy::prelude::*;

use crate::battle::choices::{Offers, OwnFireStyle, RoundBounds, TurnChoices, UnitFlag};
use crate::battle::hooks::{flagged, noted, offered};
use crate::battle::moves::{bounded, own_moves};
use crate::battle::scope::{BattleMoment, BattleScoped, moment};
use crate::battle::{ActiveScenario, Flow, Footing, Phase, UnitId};
use crate::map::scenario::Scenario;
use crate::schedule::AppSystems;

/// What the rulebook lets the unit whose turn it is do, as the battle last stood.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct TurnOffers {
    pub unit: Option<UnitId>,
    pub choices: TurnChoices,
}

impl TurnOffers {
    /// The offers to `unit`, where it is the one whose turn it is.
    pub fn to(&self, unit: UnitId) -> Option<&Offers> {
        (self.unit == Some(unit)).then_some(&self.choices.offers)
    }

    /// The guns `unit` may still fire this turn beyond its spent action.
    pub fn second_guns(&self, unit: UnitId) -> &[(usize, OwnFireStyle)] {
        if self.unit == Some(unit) {
            &self.choices.second_guns
        } else {
            &[]
        }
    }

    /// Whether `unit`'s action went on something only an attack may follow.
    pub fn attack_follows_action(&self, unit: UnitId) -> bool {
        self.unit == Some(unit) && self.choices.attack_follows_action
    }
}

/// What the rulebook's own state says of each unit (its flags, the lines on its card), as the
/// battle last stood.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct OwnMarks<T: Send + Sync + 'static>(Vec<(UnitId, Vec<T>)>);

/// The flags the rulebook's own state puts on each unit.
pub type OwnFlags = OwnMarks<UnitFlag>;

/// The lines the rulebook's own state writes on each unit's card.
pub type OwnNotes = OwnMarks<String>;

impl<T: Send + Sync + 'static> Default for OwnMarks<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T: Send + Sync + 'static> OwnMarks<T> {
    /// What is said of `unit`.
    pub fn on(&self, unit: UnitId) -> &[T] {
        self.0
            .iter()
            .find(|(flagged, _)| *flagged == unit)
            .map_or(&[], |(_, flags)| flags.as_slice())
    }
}

/// How the rulebook bounds each unit this round, as the battle last stood.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct UnitBounds(Vec<(UnitId, RoundBounds)>);

impl UnitBounds {
    /// How `unit` is bounded, where the battle has said.
    pub fn of(&self, unit: UnitId) -> Option<&RoundBounds> {
        self.0
            .iter()
            .find(|(bounded, _)| *bounded == unit)
            .map(|(_, bounds)| bounds)
    }

    /// The movement `unit` has this round: as the battle bounds it, else its own on `footing`.
    pub fn moves(
        &self,
        scenario: &Scenario,
        (unit, footing): (UnitId, Footing),
    ) -> crate::rules::characteristics::MoveAllowance {
        self.of(unit).map_or_else(
            || own_moves(scenario, (unit, footing)),
            |bounds| bounds.moves,
        )
    }

    /// Whether `unit` keeps its tile this round by its rulebook's own state.
    pub fn stays(&self, unit: UnitId) -> bool {
        self.of(unit).is_some_and(|bounds| bounds.stays)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.battle_view::<TurnOffers>()
        .battle_view::<UnitBounds>()
        .battle_view::<OwnFlags>()
        .battle_view::<OwnNotes>()
        .add_systems(Update, gather_offers.in_set(AppSystems::Present));
}

/// The offers and flags gathered anew where the battle has moved on (an event, another
/// battle) since they were last.
fn gather_offers(world: &mut World, mut last: Local<Option<BattleMoment>>) {
    let key = moment(world);
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    let unit = world
        .get_resource::<Flow>()
        .filter(|flow| matches!(flow.phase, Phase::Turn))
        .and_then(|flow| flow.turn)
        .map(|turn| turn.unit);
    let gathered = match unit {
        Some(unit) if world.contains_resource::<ActiveScenario>() => TurnOffers {
            unit: Some(unit),
            choices: offered(world, unit),
        },
        _ => TurnOffers::default(),
    };
    world.resource_mut::<TurnOffers>().set_if_neq(gathered);
    let in_battle = world.contains_resource::<ActiveScenario>();
    let flags = OwnMarks(if in_battle {
        flagged(world)
    } else {
        Vec::new()
    });
    world.resource_mut::<OwnFlags>().set_if_neq(flags);
    let notes = OwnMarks(if in_battle { noted(world) } else { Vec::new() });
    world.resource_mut::<OwnNotes>().set_if_neq(notes);
    let bounds = UnitBounds(if in_battle {
        bounded(world)
    } else {
        Vec::new()
    });
    world.resource_mut::<UnitBounds>().set_if_neq(bounds);
}
