//! What the overlay's panels read of the battle, and the queue their buttons write to: one
//! system parameter shared by every panel, so each reads the same state the same way.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::battle::command::{Command, WeaponChoice};
use crate::battle::{
    ActiveScenario, Arsenal, CommandQueue, Condition, Controllers, EventLog, Flow, TilePosition,
    UnitId, Vitals, WeaponState,
};
use crate::map::scenario::{Control, Scenario};
use crate::replay::{Playback, SaveRequest};
use crate::view::orders::{FireOrder, Intent};
use crate::view::overlay::Selection;

/// Everything the battle panels read, and the queue their buttons write to.
#[derive(SystemParam)]
pub(super) struct BattleView<'w, 's> {
    pub(super) scenario: Option<Res<'w, ActiveScenario>>,
    pub(super) flow: Option<Res<'w, Flow>>,
    pub(super) events: Option<Res<'w, EventLog>>,
    pub(super) controllers: Option<Res<'w, Controllers>>,
    pub(super) queue: Option<ResMut<'w, CommandQueue>>,
    pub(super) intent: ResMut<'w, Intent>,
    pub(super) fire_order: ResMut<'w, FireOrder>,
    pub(super) selection: ResMut<'w, Selection>,
    /// The replay being watched, if one is: then nobody here gives orders.
    pub(super) playback: Option<ResMut<'w, Playback>>,
    save_request: Option<ResMut<'w, SaveRequest>>,
    keeper_eyes: Res<'w, crate::view::KeeperEyes>,
    /// The state of the battle's rulebook's own controls (the d10 pool's kept dice and split).
    pub(super) panel_state: ResMut<'w, super::panels::PanelState>,
    /// Each rulebook's own controls in the panels.
    panels: Option<Res<'w, super::panels::RulebookPanels>>,
    /// What the rulebook offers the unit whose turn it is.
    pub(super) offers: Option<Res<'w, crate::view::offers::TurnOffers>>,
    /// The flags the rulebook's own state puts on each unit.
    own_flags: Option<Res<'w, crate::view::offers::OwnFlags>>,
    /// The lines the rulebook's own state writes on each unit's card.
    own_notes: Option<Res<'w, crate::view::offers::OwnNotes>>,
    /// How the rulebook bounds each unit this round (its movement, a stay, what binds it).
    bounds: Option<Res<'w, crate::view::offers::UnitBounds>>,
    /// Each rulebook's code at the battle's stages (its own styles of firing).
    hooks: Option<Res<'w, crate::battle::hooks::RulebookHooks>>,
    pub(super) units: Query<
        'w,
        's,
        (
            &'static UnitId,
            &'static Vitals,
            &'static Condition,
            &'static Arsenal,
            Option<&'static TilePosition>,
            Has<crate::view::Unseen>,
        ),
    >,
}

/// A unit's state as the panels show it.
pub(super) struct UnitState {
    pub vitals: Vitals,
    pub condition: Condition,
    pub arsenal: Arsenal,
    /// Its tile, while it is on the map.
    pub at: Option<crate::map::Tile>,
}

impl BattleView<'_, '_> {
    pub(super) fn scenario(&self) -> Option<&std::sync::Arc<Scenario>> {
        self.scenario.as_ref().map(|scenario| &scenario.0)
    }

    /// The battle's rulebook's own controls in the panels, where it has any.
    pub(super) fn rulebook_panel(
        &self,
    ) -> Option<std::sync::Arc<dyn super::panels::RulebookPanel>> {
        self.panels.as_ref()?.get(self.scenario()?.ruleset.id())
    }

    /// The flags the rulebook's own state puts on `unit`.
    pub(super) fn own_flags(&self, unit: UnitId) -> &[crate::battle::choices::UnitFlag] {
        self.own_flags.as_ref().map_or(&[], |flags| flags.on(unit))
    }

    /// The lines the rulebook's own state writes on `unit`'s card.
    pub(super) fn own_notes(&self, unit: UnitId) -> &[String] {
        self.own_notes.as_ref().map_or(&[], |notes| notes.on(unit))
    }

    /// The battle's rulebook's code at the battle's stages, where a battle is on.
    pub(super) fn rulebook_hooks(
        &self,
    ) -> Option<std::sync::Arc<dyn crate::battle::hooks::BattleHooks>> {
        self.hooks.as_ref()?.get(self.scenario()?.ruleset.id())
    }

    /// How the rulebook bounds `unit` this round, where the battle has said.
    pub(super) fn bounds(&self, unit: UnitId) -> Option<&crate::battle::choices::RoundBounds> {
        self.bounds.as_ref()?.of(unit)
    }

    /// The movement `unit` has this round (on `footing`, where the battle has not said).
    pub(super) fn moves(
        &self,
        scenario: &Scenario,
        (unit, footing): (UnitId, crate::battle::Footing),
    ) -> crate::rules::characteristics::MoveAllowance {
        self.bounds.as_ref().map_or_else(
            || crate::battle::moves::own_moves(scenario, (unit, footing)),
            |bounds| bounds.moves(scenario, (unit, footing)),
        )
    }

    /// Whether this window reads the battle as the keeper.
    pub(super) fn reads_as_keeper(&self) -> bool {
        self.keeper_eyes.0
    }

    /// Whether a unit is kept from whoever reads this window (the view marks it `Unseen`: read
    /// as the players, a hidden unit, and a secret side's units yet to come).
    pub(super) fn unseen(&self, unit: UnitId) -> bool {
        self.units
            .iter()
            .any(|(id, .., unseen)| *id == unit && unseen)
    }

    /// Whether a unit's numbers are kept from whoever reads this window.
    pub(super) fn numbers_hidden(&self, unit: UnitId) -> bool {
        !self.keeper_eyes.0
            && !self.played_solo(unit)
            && self
                .scenario()
                .is_some_and(|scenario| crate::log::visibility::numbers_secret(scenario, unit))
    }

    /// The selected unit, unless it is unseen here.
    pub(super) fn selected(&self) -> Option<UnitId> {
        self.selection.0.filter(|unit| !self.unseen(*unit))
    }

    /// Select a unit to look at (its card, its reach and range).
    pub(super) fn select(&mut self, unit: UnitId) {
        self.selection.set_if_neq(Selection(Some(unit)));
    }

    /// Every event so far.
    pub(super) fn events(&self) -> &[crate::battle::event::Event] {
        self.events
            .as_ref()
            .map_or(&[], |events| events.0.as_slice())
    }

    pub(super) fn in_hand(&self, unit: UnitId) -> Option<WeaponChoice> {
        self.unit(unit).map(|state| state.arsenal.in_hand)
    }

    /// A carried weapon's rounds and state now.
    pub(super) fn weapon_state(&self, unit: UnitId, index: usize) -> Option<WeaponState> {
        self.unit(unit).map(|state| state.arsenal.state(index))
    }

    pub(super) fn unit(&self, unit: UnitId) -> Option<UnitState> {
        self.units.iter().find(|(id, ..)| **id == unit).map(
            |(_, vitals, condition, arsenal, position, _)| UnitState {
                vitals: *vitals,
                condition: *condition,
                arsenal: arsenal.clone(),
                at: position.map(|position| position.0),
            },
        )
    }

    /// What is set on a tile: "a mine laid by Eli Boone", "a charge set by … to go off at the
    /// end of round 3".
    pub(super) fn charges_at(&self, tile: crate::map::Tile) -> Vec<String> {
        let (Some(flow), Some(scenario)) = (self.flow.as_ref(), self.scenario()) else {
            return Vec::new();
        };
        flow.charges
            .iter()
            .filter(|charge| charge.at == tile)
            .map(|charge| {
                let owner = &scenario.units[charge.owner.index()];
                let weapon = owner
                    .weapons
                    .get(charge.weapon)
                    .map_or("charge", |carried| carried.weapon.name.as_str());
                match charge.fuse {
                    Some(round) => format!(
                        "{weapon} set by {} to go off at the end of round {round}",
                        owner.name
                    ),
                    None => format!("{weapon} laid by {}", owner.name),
                }
            })
            .collect()
    }

    /// The round of the battle (0 before it begins).
    pub(super) fn round(&self) -> u32 {
        self.flow.as_ref().map_or(0, |flow| flow.round)
    }

    /// Whether `unit` is the solo player's own, against the AI: its numbers are never kept from
    /// the one playing it, even on a side the scenario keeps secret from a table's players.
    fn played_solo(&self, unit: UnitId) -> bool {
        self.played_here(unit)
            && self
                .controllers
                .as_ref()
                .is_some_and(|controllers| controllers.0.contains(&Control::Ai))
    }

    pub(super) fn played_here(&self, unit: UnitId) -> bool {
        !self.watching()
            && self
                .controllers
                .as_ref()
                .is_none_or(|controllers| controllers.0.get(unit.index()) != Some(&Control::Ai))
    }

    /// Ask for the battle to be saved (to a file of its own, beside the autosave).
    pub(super) fn ask_to_save(&mut self) {
        if let Some(request) = self.save_request.as_mut() {
            request.0 = true;
        }
    }

    /// Whether a replay is being watched.
    pub(super) fn watching(&self) -> bool {
        self.playback.is_some()
    }

    pub(super) fn order(&mut self, command: Command) {
        if self.watching() {
            return;
        }
        if let Some(queue) = self.queue.as_mut() {
            queue.0.push_back(command);
        }
        *self.intent = Intent::Default;
    }
}
