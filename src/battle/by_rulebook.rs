//! Each rulebook's code of one kind, by the rulebook: the registry its plugin puts its battle
//! hooks, its AI's and its own state's answers in, and the engine looks them up by the battle's
//! rulebook.

use std::sync::Arc;

use bevy::prelude::*;

use crate::rules::ruleset_id::RulesetId;

/// Each rulebook's code of one kind (`T`: its battle hooks, its AI's), by the rulebook, as
/// their plugins put it in.
#[derive(Resource)]
pub struct ByRulebook<T: ?Sized + Send + Sync + 'static>(Vec<(RulesetId, Arc<T>)>);

impl<T: ?Sized + Send + Sync + 'static> Default for ByRulebook<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T: ?Sized + Send + Sync + 'static> Clone for ByRulebook<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T: ?Sized + Send + Sync + 'static> ByRulebook<T> {
    /// Rulebook `id`'s, where its plugin put one in.
    pub fn get(&self, id: RulesetId) -> Option<Arc<T>> {
        self.0
            .iter()
            .find(|(rulebook, _)| *rulebook == id)
            .map(|(_, code)| code.clone())
    }

    /// Puts in rulebook `id`'s, in place of any it had.
    pub fn put(&mut self, id: RulesetId, code: Arc<T>) {
        self.0.retain(|(rulebook, _)| *rulebook != id);
        self.0.push((id, code));
    }

    /// Puts rulebook `id`'s in `app`, from its plugin.
    pub fn put_in(app: &mut App, id: RulesetId, code: Arc<T>) {
        app.world_mut().get_resource_or_init::<Self>().put(id, code);
    }
}
