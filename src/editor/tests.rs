//! The editor's drafts: saved for every rulebook, read back the same and accepted by `check`;
//! every edit taken back and done again; the edits refused, and why.

#[cfg(feature = "coc7e")]
use super::draft::WALL;
use super::draft::{Draft, Edit, FLOOR, line, rectangle};
use super::history::Editing;
use crate::map::Tile;
use crate::map::roster::roster;
#[cfg(feature = "coc7e")]
use crate::map::scenario::{Control, SideFile, Victory};
use crate::map::scenario::{Scenario, ScenarioFile};
use crate::map::terrain::{CustomTerrain, LegendEntry, TerrainKind};
use crate::rules::ruleset::RuleOptions;
use crate::rules::ruleset_id::RulesetId;

/// A barricade made with the legend's form: low cover of wood, armor 6, that hides what is
/// behind it.
fn barricade() -> CustomTerrain {
    CustomTerrain {
        name: Some("barricade".to_string()),
        armor: Some(6),
        material: Some(crate::rules::situation::Material::Wood),
        blocks_sight: Some(true),
        ..CustomTerrain::of(TerrainKind::LowCover)
    }
}

/// The legend's entries are listed with what they change from their kind.
#[test]
fn a_legend_entry_says_what_it_changes_from_its_kind() {
    assert_eq!(
        super::sections::entry_words(&LegendEntry::Custom(barricade())),
        "barricade · low cover · armor 6 · wood · blocks sight"
    );
    assert_eq!(
        super::sections::entry_words(&LegendEntry::Kind(TerrainKind::Window)),
        "window"
    );
}

/// A scene as a keeper makes one: a wall of crates, a custom barricade, six units from the
/// rulebook's roster (three a side), a way out, a victory.
fn scene(ruleset: RulesetId) -> Editing {
    let mut editing = Editing::new(Draft::blank(ruleset, 20, 12).expect("a size allowed"));
    let barricade = LegendEntry::Custom(barricade());
    let edits = [
        Edit::SetLegend {
            symbol: 'c',
            entry: LegendEntry::Kind(TerrainKind::HighCover),
        },
        Edit::SetLegend {
            symbol: 'b',
            entry: barricade,
        },
        Edit::Paint {
            tiles: line(Tile::new(8, 2), Tile::new(8, 5)),
            symbol: 'c',
        },
        Edit::Paint {
            tiles: rectangle(Tile::new(12, 7), Tile::new(13, 8), true),
            symbol: 'b',
        },
        Edit::ToggleExit(Tile::new(0, 6)),
        Edit::Paint {
            tiles: vec![Tile::new(0, 6)],
            symbol: FLOOR,
        },
        Edit::Describe {
            name: "The test scene".to_string(),
            description: "Made by the editor's tests.".to_string(),
        },
    ];
    for edit in edits {
        editing.apply(edit).expect("a scene's edit");
    }
    let rules = RuleOptions {
        ruleset,
        ..RuleOptions::default()
    };
    let book = crate::rulesets::ruleset(&rules).expect("the rulebook");
    let entries = roster(book.as_ref()).expect("the roster");
    for place in 0..6_u32 {
        let entry = &entries[place as usize % entries.len()];
        let side = if place < 3 { "players" } else { "opposition" };
        let at = Tile::new(if place < 3 { 2 } else { 16 }, 2 + place % 3 * 3);
        let unit = editing.draft().recruit(entry, Some(side), at);
        editing
            .apply(Edit::PlaceUnit(Box::new(unit)))
            .expect("a unit placed");
    }
    editing
}

#[test]
fn a_saved_scene_passes_check_and_reads_back_the_same_for_every_rulebook() {
    for ruleset in crate::rulesets::ids() {
        let editing = scene(ruleset);
        let draft = editing.draft();
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let path = scratch.path().join(format!("{ruleset:?}.ron"));
        draft
            .save(&path)
            .unwrap_or_else(|error| panic!("{ruleset:?}: {error}"));
        let scenario = Scenario::load(&path).unwrap_or_else(|error| panic!("{ruleset:?}: {error}"));
        assert_eq!(scenario.units.len(), 6, "{ruleset:?}");
        assert_eq!(scenario.ruleset.id(), ruleset);
        assert_eq!(scenario.name, "The test scene");
        let text = std::fs::read_to_string(&path).expect("saved");
        let read: ScenarioFile = ron::from_str(&text).expect("RON");
        assert_eq!(&read, draft.file(), "{ruleset:?} reads back as written");
        // Opened again in the editor, it is the same draft.
        assert_eq!(Draft::of(&scenario), *draft, "{ruleset:?}");
    }
}

#[cfg(feature = "coc7e")]
#[test]
fn every_edit_undoes_and_redoes() {
    let mut editing = scene(RulesetId::named("Coc7e"));
    let first_unit = editing.draft().file().units[0].clone();
    let moved = crate::map::scenario::UnitFile {
        at: (3, 3),
        name: "Moved".to_string(),
        ..first_unit.clone()
    };
    let renamed_side = SideFile {
        id: "heroes".to_string(),
        name: "The heroes".to_string(),
        colour: Some((10, 200, 30)),
        control: Control::Person,
        secret: None,
    };
    let edits = vec![
        Edit::Paint {
            tiles: vec![Tile::new(5, 5)],
            symbol: WALL,
        },
        Edit::Resize {
            width: 24,
            height: 10,
        },
        Edit::SetLegend {
            symbol: 'w',
            entry: LegendEntry::Kind(TerrainKind::Water),
        },
        Edit::RemoveLegend { symbol: 'w' },
        Edit::PlaceUnit(Box::new(moved.clone())),
        Edit::ChangeUnit {
            index: 0,
            unit: Box::new(crate::map::scenario::UnitFile {
                name: "Changed".to_string(),
                at: (4, 9),
                ..moved
            }),
        },
        Edit::RemoveUnit { index: 1 },
        Edit::AddSide(SideFile {
            id: "bystanders".to_string(),
            ..renamed_side.clone()
        }),
        Edit::ChangeSide {
            index: 0,
            side: renamed_side,
        },
        Edit::RemoveSide { index: 2 },
        Edit::ToggleExit(Tile::new(6, 6)),
        Edit::SetVictory(Victory::Survive {
            side: "heroes".to_string(),
            rounds: 6,
        }),
        Edit::SetRules(RuleOptions {
            dex_roll_initiative: true,
            ..RuleOptions::default()
        }),
        Edit::Describe {
            name: "Renamed".to_string(),
            description: String::new(),
        },
    ];
    for edit in edits {
        let before = editing.draft().clone();
        editing
            .apply(edit.clone())
            .unwrap_or_else(|error| panic!("{edit:?}: {error}"));
        let after = editing.draft().clone();
        assert_ne!(before, after, "{edit:?} changes the draft");
        assert!(editing.undo(), "{edit:?} can be taken back");
        assert_eq!(*editing.draft(), before, "{edit:?} taken back");
        assert!(editing.redo(), "{edit:?} can be done again");
        assert_eq!(*editing.draft(), after, "{edit:?} done again");
    }
    // A unit renamed carries the victory that names it.
    let guarded = editing.draft().file().units[0].name.clone();
    editing
        .apply(Edit::SetVictory(Victory::Protect {
            side: "heroes".to_string(),
            unit: guarded,
            rounds: 5,
        }))
        .expect("a victory");
    let renamed = crate::map::scenario::UnitFile {
        name: "The witness".to_string(),
        ..editing.draft().file().units[0].clone()
    };
    editing
        .apply(Edit::ChangeUnit {
            index: 0,
            unit: Box::new(renamed),
        })
        .expect("renamed");
    assert!(matches!(
        &editing.draft().file().victory,
        Victory::Protect { unit, .. } if unit == "The witness"
    ));
    // The side renamed carries its units and the victory with it, and the scene still checks.
    let draft = editing.draft();
    assert!(draft.file().units.iter().all(|unit| unit.side != "players"));
    draft.check().unwrap_or_else(|error| panic!("{error}"));
}

#[cfg(feature = "coc7e")]
#[test]
fn a_brush_stroke_is_one_change() {
    let mut editing = scene(RulesetId::named("Coc7e"));
    let before = editing.draft().clone();
    for (step, x) in (3..9).enumerate() {
        editing
            .stroke(
                Edit::Paint {
                    tiles: vec![Tile::new(x, 9)],
                    symbol: 'c',
                },
                step == 0,
            )
            .expect("painted");
    }
    editing.end_stroke();
    assert_eq!(editing.draft().symbol_at(Tile::new(8, 9)), Some('c'));
    assert!(editing.undo());
    assert_eq!(*editing.draft(), before);
    // A stroke that changes nothing leaves nothing to take back.
    let mut editing = Editing::new(before.clone());
    editing
        .stroke(
            Edit::Paint {
                tiles: vec![Tile::new(4, 4)],
                symbol: FLOOR,
            },
            true,
        )
        .expect("painted");
    editing.end_stroke();
    assert!(!editing.can_undo());
}

#[cfg(feature = "coc7e")]
#[test]
fn edits_that_cannot_be_made_say_why_and_change_nothing() {
    let mut editing = scene(RulesetId::named("Coc7e"));
    let before = editing.draft().clone();
    for (edit, why) in [
        (
            Edit::Paint {
                tiles: vec![Tile::new(1, 1)],
                symbol: 'z',
            },
            "`z` is not in the legend",
        ),
        (
            Edit::RemoveLegend { symbol: 'c' },
            "`c` is on the map: paint over it first",
        ),
        (
            Edit::RemoveSide { index: 0 },
            "the The players still have units: take them off first",
        ),
        (
            Edit::Resize {
                width: 2,
                height: 40,
            },
            "a map is from 3 to 256 tiles a side",
        ),
        (
            Edit::ChangeSide {
                index: 0,
                side: before.file().sides[1].clone(),
            },
            "another side is already `opposition`",
        ),
        (Edit::RemoveUnit { index: 99 }, "no such unit"),
    ] {
        assert_eq!(editing.apply(edit).err().as_deref(), Some(why));
        assert_eq!(*editing.draft(), before);
    }
    assert!(!editing.can_redo());
}

#[cfg(feature = "coc7e")]
#[test]
fn a_scene_that_fails_check_is_not_saved() {
    let mut editing = scene(RulesetId::named("Coc7e"));
    let mut walled = editing.draft().file().units[0].clone();
    walled.at = (0, 0);
    editing
        .apply(Edit::ChangeUnit {
            index: 0,
            unit: Box::new(walled),
        })
        .expect("the editor allows it while drawing");
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("walled.ron");
    let refusal = editing.draft().save(&path).expect_err("a unit in a wall");
    assert!(refusal.contains("walled.ron:"), "{refusal}");
    assert!(refusal.contains("wall"), "{refusal}");
    assert!(!path.exists());
}

#[test]
fn lines_and_rectangles_cover_the_tiles_a_keeper_expects() {
    let tiles = |points: &[(u32, u32)]| -> Vec<Tile> {
        points.iter().map(|(x, y)| Tile::new(*x, *y)).collect()
    };
    // Each column's tile is the one the true line passes nearest.
    assert_eq!(
        line(Tile::new(0, 0), Tile::new(6, 2)),
        tiles(&[(0, 0), (1, 0), (2, 1), (3, 1), (4, 1), (5, 2), (6, 2)])
    );
    assert_eq!(
        line(Tile::new(3, 5), Tile::new(3, 2)),
        tiles(&[(3, 5), (3, 4), (3, 3), (3, 2)])
    );
    assert_eq!(line(Tile::new(2, 2), Tile::new(2, 2)), tiles(&[(2, 2)]));
    assert_eq!(rectangle(Tile::new(4, 4), Tile::new(1, 1), true).len(), 16);
    assert_eq!(rectangle(Tile::new(1, 1), Tile::new(4, 4), false).len(), 12);
}

/// The editor on a scene of `ruleset`'s.
fn editor_on(ruleset: RulesetId) -> super::Editor {
    super::Editor::new(scene(ruleset).draft().clone(), None)
}

/// A unit made from scratch (the roster's last choice), given a skill and a weapon of its
/// rulebook's, passes the check and reads back as written, in every rulebook.
#[test]
fn a_unit_made_from_scratch_passes_check_for_every_rulebook() {
    for ruleset in crate::rulesets::ids() {
        let mut editor = editor_on(ruleset);
        editor.recruit = editor.roster.len();
        let mut unit = editor.recruit_entry().expect("a unit from scratch");
        assert_eq!(unit.name, "New unit");
        assert!(
            unit.skills.is_empty() && unit.weapons.is_empty(),
            "{ruleset:?}"
        );
        let book = editor.book().expect("the rulebook");
        let skill = book.sheet().skills()[0].name;
        let base = book
            .sheet()
            .base_skill(skill, &unit.characteristics)
            .expect("a skill of its own");
        unit.skills.insert(skill.to_string(), base + 10);
        let weapon = book.weapons().weapons[0].name.clone();
        unit.weapons.push(crate::map::scenario::CarriedWeaponFile {
            weapon: weapon.clone(),
            loaded: None,
            spare: 0,
            slugs: false,
            mounted: false,
        });
        let placed = editor
            .draft()
            .recruit(&unit, Some("players"), Tile::new(5, 5));
        editor.edit(Edit::PlaceUnit(Box::new(placed)), None);
        assert_eq!(editor.said, None, "{ruleset:?}");
        let checked = editor.checked().clone();
        let scenario = checked.unwrap_or_else(|error| panic!("{ruleset:?}: {error}"));
        let made = scenario.units.last().expect("placed");
        assert_eq!(made.name, "New unit");
        assert_eq!(made.weapons.len(), 1, "{ruleset:?}: {weapon}");
        assert_eq!(editor.unit_problem(), None);
        let scratch = tempfile::tempdir().expect("a scratch folder");
        let path = scratch.path().join(format!("scratch-{ruleset:?}.ron"));
        editor.draft().save(&path).expect("saved");
        let read: ScenarioFile =
            ron::from_str(&std::fs::read_to_string(&path).expect("read")).expect("RON");
        assert_eq!(&read, editor.draft().file(), "{ruleset:?}");
    }
}

/// A value the check refuses, typed into a unit's sheet, is said beside that unit in the
/// check's own words, with the part of the sheet it is in; a unit's other faults (its tile)
/// too; and none once it is mended.
#[cfg(feature = "coc7e")]
#[test]
fn the_checks_word_on_a_unit_is_said_beside_it() {
    let mut editor = editor_on(RulesetId::named("Coc7e"));
    let fifth = editor.draft().file().units[4].clone();
    let mut weak = fifth.clone();
    weak.characteristics.strength = 0;
    editor.edit(
        Edit::ChangeUnit {
            index: 4,
            unit: Box::new(weak),
        },
        None,
    );
    assert_eq!(
        editor.unit_problem(),
        Some(super::UnitProblem {
            index: 4,
            field: "characteristics.STR".to_string(),
            message: "STR 0 is out of range: characteristics run from 1 to 999".to_string(),
        })
    );
    let mut unskilled = fifth.clone();
    unskilled.skills.insert("Dodge".to_string(), 1000);
    editor.edit(
        Edit::ChangeUnit {
            index: 4,
            unit: Box::new(unskilled),
        },
        None,
    );
    let problem = editor.unit_problem().expect("a skill too high");
    assert_eq!(
        (
            problem.index,
            problem.field.as_str(),
            problem.message.as_str()
        ),
        (
            4,
            "skills",
            "Dodge 1000 is out of range: skills run from 0 to 999"
        )
    );
    let mut lost = editor.draft().file().units[1].clone();
    lost.weapons.push(crate::map::scenario::CarriedWeaponFile {
        weapon: "Ray gun".to_string(),
        loaded: None,
        spare: 0,
        slugs: false,
        mounted: false,
    });
    editor.edit(
        Edit::ChangeUnit {
            index: 4,
            unit: Box::new(fifth),
        },
        None,
    );
    editor.edit(
        Edit::ChangeUnit {
            index: 1,
            unit: Box::new(lost),
        },
        None,
    );
    let problem = editor.unit_problem().expect("a weapon not in the table");
    assert_eq!(
        (problem.index, problem.field.as_str()),
        (1, "weapons.weapon")
    );
    editor.undo();
    assert_eq!(editor.unit_problem(), None);
    assert!(editor.checked().is_ok());
}

/// Every rulebook's sheet names characteristics a unit has, and shows its roster's units as
/// their files write them.
#[test]
fn every_rulebooks_sheet_names_its_own_characteristics() {
    for ruleset in crate::rulesets::ids() {
        let editor = editor_on(ruleset);
        let book = editor.book().expect("the rulebook");
        let sheet = book.sheet().characteristics();
        assert!(sheet.len() >= 4, "{ruleset:?}");
        for entry in &editor.roster {
            for (own, field) in sheet {
                let mut characteristics = entry.characteristics;
                let value = characteristics.by_name(field);
                assert!(value.is_some(), "{ruleset:?}: {own} is kept in {field}");
                assert_eq!(characteristics.field_mut(field).copied(), value);
            }
        }
    }
}
