//! Call of Cthulhu's own optional rules, as a scenario writes them beside the shared ones
//! (`rules: (ruleset: Coc7e, prone_dice: false, hit_locations: true)`), each read by name from
//! the scenario's options with its default where the file is silent.

use crate::rules::rule_options::OwnOption;

/// No point-blank bonus die for rifles, full-length shotguns and bows.
pub const POINT_BLANK_REVISITED: OwnOption = OwnOption {
    name: "point_blank_revisited",
    words: "Point-blank revisited (no bonus die for long arms)",
    on_unless_told: false,
};

/// A bonus die to blows at a prone unit and to a prone shooter, a penalty die to shots at a
/// prone target past point-blank.
pub const PRONE_DICE: OwnOption = OwnOption {
    name: "prone_dice",
    words: "Prone dice",
    on_unless_told: true,
};

/// Armor revisited: armor comes off each die of a shotgun's pellets.
pub const SHOTGUN_ARMOR_PER_DIE: OwnOption = OwnOption {
    name: "shotgun_armor_per_die",
    words: "Armor off each shotgun pellet die",
    on_unless_told: true,
};

/// Armor revisited: armor that covers only part of the body stops a blow or a shot aimed at its
/// wearer only on a Luck roll (a bonus die for armor over head and torso).
pub const PARTIAL_ARMOR_BY_LUCK: OwnOption = OwnOption {
    name: "partial_armor_by_luck",
    words: "Partial armor by a Luck roll",
    on_unless_told: false,
};

/// Hit locations: a 1D20 says where a blow or shot lands, and armor that covers only part of
/// the body stops it only there (instead of the Luck roll).
pub const HIT_LOCATIONS: OwnOption = OwnOption {
    name: "hit_locations",
    words: "Hit locations",
    on_unless_told: false,
};

/// Spending Luck to remain conscious: a unit that would fall unconscious stays awake for 1
/// Luck to the end of the round, then 2, 4, 8 … at the start of each further round.
pub const LUCK_TO_STAY_CONSCIOUS: OwnOption = OwnOption {
    name: "luck_to_stay_conscious",
    words: "Luck to stay conscious",
    on_unless_told: false,
};

/// Suppressing fire: a shooter may fire on a group rather than a target; everyone in it may
/// dive for cover first, then each roll's target is drawn from the group by a die.
pub const SUPPRESSING_FIRE: OwnOption = OwnOption {
    name: "suppressing_fire",
    words: "Suppressing fire",
    on_unless_told: false,
};

/// Every option of CoC's own, in the editor's order.
pub const OPTIONS: &[OwnOption] = &[
    POINT_BLANK_REVISITED,
    PRONE_DICE,
    SHOTGUN_ARMOR_PER_DIE,
    PARTIAL_ARMOR_BY_LUCK,
    HIT_LOCATIONS,
    LUCK_TO_STAY_CONSCIOUS,
    SUPPRESSING_FIRE,
];
