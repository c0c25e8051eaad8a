//! The western's declaration slot at the start of the round: the person picks how the unit
//! moves and the one thing it will do, from what the panel read of the battle.

use bevy_egui::egui;

use super::RoundPanel;
use crate::battle::UnitId;
use crate::battle::command::{Command, WeaponChoice};
use crate::map::Tile;
use crate::map::scenario::Scenario;
use crate::rules::melee::SpecificBlow;
use crate::rules::weapons::AttackForm;
use crate::rulesets::frontier::battle::commands::FrontierCommand;
use crate::rulesets::frontier::battle::declaration::{
    Declaration, DeclaredAct, DeclaredMove, SpecificShot,
};

/// The units on the map and conscious whose side stands to `unit`'s as `sides` says.
fn standing(
    panel: &RoundPanel,
    scenario: &Scenario,
    unit: UnitId,
    sides: impl Fn(usize, usize) -> bool,
) -> Vec<UnitId> {
    let side = scenario.units[unit.index()].side;
    panel
        .standing
        .iter()
        .map(|(other, _)| *other)
        .filter(|other| sides(side, scenario.units[other.index()].side))
        .collect()
}

/// The act being drawn up, before its target is picked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum ActKind {
    #[default]
    Fire,
    Bead,
    Strike,
    Throw,
    HoldFire,
    Draw,
    Reload,
    FirstAid,
    Nothing,
}

impl ActKind {
    const ALL: [Self; 9] = [
        Self::Fire,
        Self::Bead,
        Self::Strike,
        Self::Throw,
        Self::HoldFire,
        Self::Draw,
        Self::Reload,
        Self::FirstAid,
        Self::Nothing,
    ];

    fn words(self) -> &'static str {
        match self {
            Self::Fire => "Fire",
            Self::Bead => "Take a bead",
            Self::Strike => "Strike",
            Self::Throw => "Throw",
            Self::HoldFire => "Hold fire",
            Self::Draw => "Draw",
            Self::Reload => "Reload",
            Self::FirstAid => "First Aid",
            Self::Nothing => "Nothing",
        }
    }

    fn attacks(self) -> bool {
        matches!(
            self,
            Self::Fire | Self::Bead | Self::Strike | Self::Throw | Self::HoldFire
        )
    }
}

/// A declaration being drawn up in the panel, kept from frame to frame: a throw is aimed at the
/// tile its target stands on.
#[derive(Debug, Clone, Copy, Default)]
struct Draft {
    movement: DeclaredMove,
    act: ActKind,
    target: Option<UnitId>,
    shots: u32,
    specific: Option<SpecificShot>,
    through: bool,
    blow: Option<SpecificBlow>,
}

impl Draft {
    /// The declaration, once everything it needs is picked (`tile_of` tells where a unit is).
    fn declaration(self, tile_of: impl Fn(UnitId) -> Option<Tile>) -> Option<Declaration> {
        let act = match (self.act, self.target) {
            (ActKind::Fire, Some(target)) => DeclaredAct::Fire {
                target,
                shots: self.shots.max(1),
            },
            (ActKind::Bead, Some(target)) => DeclaredAct::Bead { target },
            (ActKind::Strike, Some(target)) => DeclaredAct::Strike { target },
            (ActKind::Throw, Some(target)) => DeclaredAct::Throw {
                at: tile_of(target)?,
            },
            (ActKind::FirstAid, Some(patient)) => DeclaredAct::FirstAid { patient },
            (ActKind::HoldFire, _) => DeclaredAct::HoldFire,
            (ActKind::Draw, _) => DeclaredAct::Draw,
            (ActKind::Reload, _) => DeclaredAct::Reload,
            (ActKind::Nothing, _) => DeclaredAct::Nothing,
            _ => return None,
        };
        Some(Declaration {
            movement: self.movement,
            act,
            specific: self.specific.filter(|_| self.act == ActKind::Fire),
            through: self.through && self.act == ActKind::Fire,
            blow: self.blow.filter(|_| self.act == ActKind::Strike),
        })
    }
}

/// The western's declaration: movement, act, its target and shots, and the button that
/// declares it (binding on the unit's act slot; those who declare later see it in the order).
pub(super) fn declaration_form(
    ui: &mut egui::Ui,
    panel: &RoundPanel,
    scenario: &Scenario,
    unit: UnitId,
) -> Option<Command> {
    let id = egui::Id::new(("declaration", unit.0, panel.round));
    let mut draft: Draft = ui.data_mut(|data| {
        *data.get_temp_mut_or_insert_with(id, || Draft {
            movement: DeclaredMove::Move,
            shots: 1,
            ..Draft::default()
        })
    });
    ui.label("Binding on its act slot; those declaring after it see it.");
    ui.horizontal_wrapped(|ui| {
        ui.label("Movement:");
        for (movement, words) in [
            (DeclaredMove::Move, "Move"),
            (DeclaredMove::Zigzag, "Zigzag (no attack, −4 to shooters)"),
            (DeclaredMove::Stay, "Stay"),
        ] {
            ui.selectable_value(&mut draft.movement, movement, words);
        }
    });
    let weapons = &scenario.units[unit.index()].weapons;
    let carries = |form: AttackForm| {
        weapons.iter().enumerate().any(|(index, carried)| {
            carried.weapon.attack_form() == form && !panel.lost.contains(&index)
        })
    };
    let offered = |act: ActKind| match act {
        ActKind::Fire | ActKind::Bead | ActKind::HoldFire | ActKind::Reload => {
            carries(AttackForm::Shot)
        }
        ActKind::Throw => carries(AttackForm::Lobbed),
        _ => true,
    };
    ui.horizontal_wrapped(|ui| {
        ui.label("Act:");
        for act in ActKind::ALL.into_iter().filter(|act| offered(*act)) {
            let allowed = !(act.attacks() && draft.movement == DeclaredMove::Zigzag);
            let button = egui::Button::selectable(draft.act == act, act.words());
            if ui.add_enabled(allowed, button).clicked() {
                draft.act = act;
                draft.target = None;
            }
        }
    });
    if draft.act.attacks() && draft.movement == DeclaredMove::Zigzag {
        draft.act = ActKind::Nothing;
    }
    if draft.act == ActKind::Bead {
        draft.movement = DeclaredMove::Stay;
    }
    let targets = match draft.act {
        ActKind::Fire | ActKind::Bead | ActKind::Strike | ActKind::Throw => {
            standing(panel, scenario, unit, |side, other| side != other)
        }
        ActKind::FirstAid => standing(panel, scenario, unit, |side, other| side == other),
        ActKind::HoldFire | ActKind::Draw | ActKind::Reload | ActKind::Nothing => Vec::new(),
    };
    if !targets.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(if draft.act == ActKind::FirstAid {
                "On:"
            } else {
                "At:"
            });
            for target in targets {
                let name = &scenario.units[target.index()].name;
                ui.selectable_value(&mut draft.target, Some(target), name);
            }
        });
    }
    if draft.act == ActKind::Fire {
        let most = most_shots(scenario, unit, panel.in_hand);
        ui.horizontal(|ui| {
            ui.label("Shots:");
            ui.add(egui::DragValue::new(&mut draft.shots).range(1..=most.max(1)));
            if draft.shots > 1 {
                ui.small(format!("each at −{} for the number", draft.shots - 1));
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Specific shot (−2):");
            ui.selectable_value(&mut draft.specific, None, "none");
            for specific in SpecificShot::ALL {
                ui.selectable_value(&mut draft.specific, Some(specific), specific.name());
            }
        });
        ui.checkbox(
            &mut draft.through,
            "Through low cover (no cover step; its material comes off the damage)",
        );
    }
    if draft.act == ActKind::Strike {
        ui.horizontal_wrapped(|ui| {
            ui.label("Specific blow (−2):");
            ui.selectable_value(&mut draft.blow, None, "none");
            for blow in SpecificBlow::ALL {
                let words = match blow {
                    SpecificBlow::Trip | SpecificBlow::Restrain => blow.name().to_string(),
                    _ => format!("{} (−4)", blow.name()),
                };
                ui.selectable_value(&mut draft.blow, Some(blow), words);
            }
        });
    }
    ui.data_mut(|data| data.insert_temp(id, draft));
    let name = |other: UnitId| scenario.units[other.index()].name.clone();
    let tile_of = |other: UnitId| {
        panel
            .standing
            .iter()
            .find(|(standing, _)| *standing == other)
            .map(|(_, at)| *at)
    };
    match draft.declaration(tile_of) {
        Some(declaration) => ui
            .button(format!("Declare: {}", declaration.words(name)))
            .clicked()
            .then(|| FrontierCommand::Declare { unit, declaration }.into()),
        None => {
            ui.add_enabled(false, egui::Button::new("Declare: pick whom first"));
            None
        }
    }
}

/// The most shots the unit's gun fires in a round: the one in hand, else the first it carries.
fn most_shots(scenario: &Scenario, unit: UnitId, in_hand: Option<WeaponChoice>) -> u32 {
    let weapons = &scenario.units[unit.index()].weapons;
    let in_hand = match in_hand {
        Some(WeaponChoice::Carried(index)) => weapons.get(index),
        _ => None,
    };
    in_hand
        .into_iter()
        .chain(weapons)
        .find(|carried| carried.weapon.attack_form() == AttackForm::Shot)
        .map_or(1, |carried| carried.weapon.most_shots())
}
