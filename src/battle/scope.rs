//! A battle begun and cleared as one thing: its units hang from one root entity and go with it,
//! and every resource that belongs to a battle is registered once, where it is set up, so that
//! clearing the battle (a restart, an undo) and leaving it (back to the menu) miss none.

use bevy::prelude::*;

/// The entity a battle's units belong to: despawning it takes every unit with it.
#[derive(Component, Debug, Default)]
pub struct BattleRoot;

/// The battle a unit belongs to (its [`BattleRoot`]).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[relationship(relationship_target = BattleUnits)]
pub struct InBattle(pub Entity);

/// The units of a battle, on its root; they are despawned with it.
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = InBattle, linked_spawn)]
pub struct BattleUnits(Vec<Entity>);

/// How many times a battle has been cleared in this world: a cursor kept between frames (how
/// far a log was read) keeps the epoch it was read in, and starts again when it changes.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct BattleEpoch(pub u32);

/// Where the battle stands, for a view worked out from it: its epoch and how many events it
/// has made (every command makes one). While it is the same, nothing a view reads has moved.
pub type BattleMoment = (BattleEpoch, usize);

/// Where the battle in `world` stands (`BattleMoment`).
pub fn moment(world: &World) -> BattleMoment {
    (
        world
            .get_resource::<BattleEpoch>()
            .copied()
            .unwrap_or_default(),
        world
            .get_resource::<super::EventLog>()
            .map_or(0, |log| log.0.len()),
    )
}

/// What becomes of the resources registered as a battle's ([`BattleScoped`]): what is done to
/// each when the battle is cleared (`reset`), and when it is left (`left`, after the clearing).
#[derive(Resource, Default)]
pub struct BattleScope {
    reset: Vec<fn(&mut World)>,
    left: Vec<fn(&mut World)>,
}

/// Registering a resource as a battle's, in the plugin that owns it.
pub trait BattleScoped {
    /// `R` is the battle's record: it starts at its default and is put back to it whenever the
    /// battle is cleared (begun again, taken back, left).
    fn battle_record<R: Resource + Default>(&mut self) -> &mut Self;

    /// `R` lives only while a battle is on (put in as it begins): taken away when it is left.
    fn battle_only<R: Resource>(&mut self) -> &mut Self;

    /// `R` is how the window shows a battle (what is selected, pointed at, being typed): it
    /// starts at its default and is put back to it when the battle is left, not when it is
    /// cleared, so that an undo keeps the view.
    fn battle_view<R: Resource + Default>(&mut self) -> &mut Self;
}

impl BattleScoped for App {
    fn battle_record<R: Resource + Default>(&mut self) -> &mut Self {
        put_back::<R>(self, |scope| &mut scope.reset)
    }

    fn battle_only<R: Resource>(&mut self) -> &mut Self {
        scope(self).left.push(|world| {
            world.remove_resource::<R>();
        });
        self
    }

    fn battle_view<R: Resource + Default>(&mut self) -> &mut Self {
        put_back::<R>(self, |scope| &mut scope.left)
    }
}

/// `R` set up at its default, and put back to it at the time `list` says.
fn put_back<R: Resource + Default>(
    app: &mut App,
    list: fn(&mut BattleScope) -> &mut Vec<fn(&mut World)>,
) -> &mut App {
    app.init_resource::<R>();
    list(&mut scope(app)).push(|world| world.insert_resource(R::default()));
    app
}

fn scope(app: &mut App) -> Mut<'_, BattleScope> {
    app.world_mut().get_resource_or_init::<BattleScope>()
}

/// Take the battle off the board: its root and units despawned, its record put back to its
/// defaults, the epoch moved on.
pub fn clear(world: &mut World) {
    let roots: Vec<Entity> = world
        .query_filtered::<Entity, With<BattleRoot>>()
        .iter(world)
        .collect();
    for root in roots {
        world.despawn(root);
    }
    run(world, |scope| &scope.reset);
    world.get_resource_or_init::<BattleEpoch>().0 += 1;
}

/// Leave the battle: cleared, what lived only while it was on taken away, and the window's view
/// of it put back to its defaults.
pub fn leave(world: &mut World) {
    clear(world);
    run(world, |scope| &scope.left);
}

fn run(world: &mut World, which: fn(&BattleScope) -> &Vec<fn(&mut World)>) {
    let actions = world
        .get_resource::<BattleScope>()
        .map(|scope| which(scope).clone())
        .unwrap_or_default();
    for action in actions {
        action(world);
    }
}

/// The root of the battle on the board, made if there is none yet.
pub fn root(world: &mut World) -> Entity {
    let found = world
        .query_filtered::<Entity, With<BattleRoot>>()
        .iter(world)
        .next();
    found.unwrap_or_else(|| world.spawn(new_root()).id())
}

/// A battle's root, to spawn.
pub(super) fn new_root() -> (Name, BattleRoot) {
    (Name::new("Battle"), BattleRoot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Resource, Default, Debug, PartialEq)]
    struct Tally(u32);

    #[derive(Resource, Default, Debug, PartialEq)]
    struct Lent(u32);

    #[derive(Resource, Default, Debug, PartialEq)]
    struct Shown(u32);

    /// Clearing despawns the root with every unit on it and puts the record back; leaving also
    /// takes away what was kept for the battle, or puts it back where asked.
    #[test]
    fn a_battle_is_cleared_and_left_as_one_thing() {
        let mut app = App::new();
        app.battle_record::<Tally>()
            .battle_only::<Lent>()
            .battle_view::<Shown>();
        let world = app.world_mut();
        let root = root(world);
        assert_eq!(super::root(world), root, "one root");
        let units: Vec<Entity> = (0..3).map(|_| world.spawn(InBattle(root)).id()).collect();
        let bystander = world.spawn(Name::new("not the battle's")).id();
        world.insert_resource(Tally(5));
        world.insert_resource(Lent(7));
        world.insert_resource(Shown(9));
        clear(world);
        assert!(units.iter().all(|unit| world.get_entity(*unit).is_err()));
        assert!(world.get_entity(root).is_err());
        assert!(world.get_entity(bystander).is_ok());
        assert_eq!(world.resource::<Tally>(), &Tally(0));
        assert_eq!(
            world.resource::<Lent>(),
            &Lent(7),
            "kept while the battle is on"
        );
        assert_eq!(
            world.resource::<Shown>(),
            &Shown(9),
            "an undo keeps the view"
        );
        assert_eq!(world.resource::<BattleEpoch>(), &BattleEpoch(1));
        world.insert_resource(Tally(5));
        leave(world);
        assert_eq!(world.resource::<Tally>(), &Tally(0));
        assert!(world.get_resource::<Lent>().is_none());
        assert_eq!(world.resource::<Shown>(), &Shown(0));
        assert_eq!(world.resource::<BattleEpoch>(), &BattleEpoch(2));
    }
}
