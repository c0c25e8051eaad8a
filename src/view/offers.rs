//! What the battle's rulebook offers the unit whose turn it is, and the flags its own state puts
//! on each unit (`battle::choices`), gathered for the panels whenever the battle moves on, so
//! the action bar and the cards draw the rulebook's own without naming it.

use bevy::prelude::*;

use crate::battle::choices::{Offers, TurnChoices, UnitFlag};
use crate::battle::hooks::{flagged, offered};
use crate::battle::scope::{BattleMoment, BattleScoped, moment};
use crate::battle::{ActiveScenario, Flow, Phase, UnitId};
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

    /// Whether `unit`'s action went on something only an attack may follow.
    pub fn attack_follows_action(&self, unit: UnitId) -> bool {
        self.unit == Some(unit) && self.choices.attack_follows_action
    }
}

/// The flags the rulebook's own state puts on each unit, as the battle last stood.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct OwnFlags(Vec<(UnitId, Vec<UnitFlag>)>);

impl OwnFlags {
    /// The flags on `unit`.
    pub fn on(&self, unit: UnitId) -> &[UnitFlag] {
        self.0
            .iter()
            .find(|(flagged, _)| *flagged == unit)
            .map_or(&[], |(_, flags)| flags.as_slice())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.battle_view::<TurnOffers>()
        .battle_view::<OwnFlags>()
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
    let flags = if world.contains_resource::<ActiveScenario>() {
        OwnFlags(flagged(world))
    } else {
        OwnFlags::default()
    };
    world.resource_mut::<OwnFlags>().set_if_neq(flags);
}
