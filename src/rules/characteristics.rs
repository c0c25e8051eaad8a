//! Characteristics and what follows from them: hit points, movement rate, Build and damage bonus.

use serde::{Deserialize, Serialize};

use super::damage::{Formula, Term, TermKind};

/// The highest value a characteristic or skill may have (monsters go well past 100).
pub const MAX_RATING: u32 = 999;

/// The nine characteristics of a person or creature, on the rulebook's own scale (percentile
/// for CoC 7e, 3-18 for BRP classic). The d10 pool keeps its attributes in dots here under
/// their own names as well (Str, Dex, Sta, Wits, Per, Willpower), reads SIZ (or Size) as a size
/// class, and has no APP or EDU: SIZ, APP and EDU may be left out, and read 0. The western keeps
/// AGI in DEX, Concentration (`Conc`) in CON and CHA in APP, and has no SIZ, POW, EDU or Luck:
/// POW and Luck may be left out too (a rulebook that needs them says so when they read 0). The
/// d100 house sheet keeps Body in CON, Speed in DEX, Mind in INT and Soul in POW, and has no
/// STR: it may be left out as well, and every other rulebook refuses a 0 there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Characteristics {
    #[serde(rename = "STR", alias = "Str", default)]
    pub strength: u32,
    #[serde(rename = "CON", alias = "Sta", alias = "Conc", alias = "Body")]
    pub constitution: u32,
    #[serde(rename = "SIZ", alias = "Size", default)]
    pub size: u32,
    #[serde(rename = "DEX", alias = "Dex", alias = "AGI", alias = "Speed")]
    pub dexterity: u32,
    #[serde(rename = "APP", alias = "CHA", default)]
    pub appearance: u32,
    #[serde(rename = "INT", alias = "Wits", alias = "Mind")]
    pub intelligence: u32,
    #[serde(rename = "POW", alias = "Per", alias = "Soul", default)]
    pub power: u32,
    #[serde(rename = "EDU", default)]
    pub education: u32,
    #[serde(rename = "LUCK", alias = "Luck", alias = "Willpower", default)]
    pub luck: u32,
}

/// How far a unit may move in a round, in tenths of a yard (a path's cost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveAllowance {
    /// As far as it may go and act as it would have.
    pub free: u32,
    /// The most it may go in a round.
    pub most: u32,
    /// Going past `free` gives up the turn's action (a run: CoC, BRP), and once the action is
    /// used only `free` is left; otherwise going past it costs what the rulebook says (the d10
    /// pool's dice) and `most` stays open.
    pub past_free_forfeits: bool,
}

impl MoveAllowance {
    /// MOV yards and still act, twice that running and giving up the action.
    pub fn running(movement: u32) -> Self {
        let free = movement.saturating_mul(TENTHS_A_YARD);
        Self {
            free,
            most: free.saturating_mul(2),
            past_free_forfeits: true,
        }
    }

    /// The same allowance with its free movement set to `movement` yards (a scenario's own
    /// MOV), the extra beyond it kept as the rulebook has it.
    pub fn with_free(self, movement: u32) -> Self {
        if self.past_free_forfeits {
            Self::running(movement)
        } else {
            let free = movement.saturating_mul(TENTHS_A_YARD);
            Self {
                free,
                most: free.saturating_add(self.most.saturating_sub(self.free)),
                past_free_forfeits: false,
            }
        }
    }
}

/// Tenths of a yard in a yard: the unit a path's cost is counted in.
const TENTHS_A_YARD: u32 = 10;

/// The values a ruleset derives from characteristics and age.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DerivedStats {
    pub hit_points: u32,
    /// How far it may move in a round, to the tenth of a yard.
    pub moves: MoveAllowance,
    pub build: i32,
    pub damage_bonus: Formula,
}

impl DerivedStats {
    /// Movement rate: whole yards a unit may move in a round and still act (MOV).
    pub fn movement(&self) -> u32 {
        self.moves.free / TENTHS_A_YARD
    }
}

impl Characteristics {
    /// A characteristic by a rulebook's own name for it, from `aliases` (its name and the shared
    /// field it is kept in: the pool's "Dex", the western's "AGI"), or by the shared name
    /// itself; `None` for another name.
    pub fn by_alias(&self, aliases: &[(&str, &str)], name: &str) -> Option<u32> {
        let field = aliases
            .iter()
            .find(|(own, _)| own.eq_ignore_ascii_case(name))
            .map_or(name, |(_, field)| *field);
        self.by_name(field)
    }

    /// A characteristic by its short name ("STR", "dex", "Luck"); `None` for another name.
    pub fn by_name(&self, name: &str) -> Option<u32> {
        let mut copy = *self;
        copy.field_mut(name).map(|value| *value)
    }

    /// A characteristic by its short name, to change it (the editor's sheet); `None` for
    /// another name.
    pub fn field_mut(&mut self, name: &str) -> Option<&mut u32> {
        let field = match name.trim().to_ascii_uppercase().as_str() {
            "STR" => &mut self.strength,
            "CON" => &mut self.constitution,
            "SIZ" => &mut self.size,
            "DEX" => &mut self.dexterity,
            "APP" => &mut self.appearance,
            "INT" => &mut self.intelligence,
            "POW" => &mut self.power,
            "EDU" => &mut self.education,
            "LUCK" => &mut self.luck,
            _ => return None,
        };
        Some(field)
    }

    /// Hit points: (CON + SIZ) / 10, rounded down.
    pub fn hit_points(&self) -> u32 {
        (self.constitution + self.size) / 10
    }

    /// Movement rate: 7 when both DEX and STR are below SIZ, 9 when both are above, else 8;
    /// less one per decade of age from the forties on (at most five less).
    pub fn movement(&self, age: u32) -> u32 {
        let base = if self.dexterity < self.size && self.strength < self.size {
            7
        } else if self.dexterity > self.size && self.strength > self.size {
            9
        } else {
            8
        };
        let age_penalty = match age {
            0..=39 => 0,
            40..=79 => age / 10 - 3,
            _ => 5,
        };
        base - age_penalty
    }

    /// Build and damage bonus from STR + SIZ.
    pub fn build_and_damage_bonus(&self) -> (i32, Formula) {
        build_and_damage_bonus(self.strength + self.size)
    }

    /// Everything derived at once.
    pub fn derive(&self, age: u32) -> DerivedStats {
        let (build, damage_bonus) = self.build_and_damage_bonus();
        DerivedStats {
            hit_points: self.hit_points(),
            moves: MoveAllowance::running(self.movement(age)),
            build,
            damage_bonus,
        }
    }
}

/// Build and damage bonus for a total of STR + SIZ, by the table: up to 64 gives -2, up to 84
/// -1, up to 124 none, up to 164 1D4 (Build 1), up to 204 1D6 (Build 2), up to 284 2D6 (Build 3),
/// then one more D6 and one more Build per further 80 points.
pub fn build_and_damage_bonus(strength_plus_size: u32) -> (i32, Formula) {
    let flat = |value: i32| Formula {
        terms: vec![Term {
            negative: value < 0,
            kind: TermKind::Flat(value.unsigned_abs()),
        }],
    };
    let dice = |count: u32, sides: u32| Formula {
        terms: vec![Term {
            negative: false,
            kind: TermKind::Dice { count, sides },
        }],
    };
    match strength_plus_size {
        0..=64 => (-2, flat(-2)),
        65..=84 => (-1, flat(-1)),
        85..=124 => (0, flat(0)),
        125..=164 => (1, dice(1, 4)),
        165..=204 => (2, dice(1, 6)),
        total => {
            // 205-284 is 2D6 and Build 3; each further 80 points adds a D6 and a point of Build.
            let steps = (total - 205) / 80;
            let build = i32::try_from(steps)
                .unwrap_or(i32::MAX - 3)
                .saturating_add(3);
            (build, dice(2 + steps, 6))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_allowance_keeps_its_kind_when_a_scenario_sets_the_free_part() {
        let running = MoveAllowance::running(8);
        assert_eq!((running.free, running.most), (80, 160));
        assert!(running.past_free_forfeits);
        assert_eq!(running.with_free(6), MoveAllowance::running(6));
        // Free movement that costs dice past it: 25 feet free (8.3 yards) and 10 more.
        let paid = MoveAllowance {
            free: 83,
            most: 116,
            past_free_forfeits: false,
        };
        assert_eq!(
            paid.with_free(9),
            MoveAllowance {
                free: 90,
                most: 123,
                past_free_forfeits: false
            }
        );
    }

    fn person(strength: u32, constitution: u32, size: u32, dexterity: u32) -> Characteristics {
        Characteristics {
            strength,
            constitution,
            size,
            dexterity,
            appearance: 50,
            intelligence: 50,
            power: 50,
            education: 50,
            luck: 50,
        }
    }

    #[test]
    fn hit_points_round_down() {
        assert_eq!(person(50, 50, 65, 50).hit_points(), 11);
        assert_eq!(person(50, 70, 80, 50).hit_points(), 15);
        assert_eq!(person(50, 1, 8, 50).hit_points(), 0);
    }

    #[test]
    fn movement_rate_table() {
        let cases = [
            // STR, SIZ, DEX, age, MOV
            (40, 60, 50, 20, 7),
            (70, 60, 65, 20, 9),
            (60, 60, 70, 20, 8),
            (70, 60, 50, 20, 8),
            (50, 60, 70, 20, 8),
            (70, 60, 65, 39, 9),
            (70, 60, 65, 40, 8),
            (70, 60, 65, 49, 8),
            (70, 60, 65, 50, 7),
            (70, 60, 65, 65, 6),
            (70, 60, 65, 79, 5),
            (70, 60, 65, 80, 4),
            (40, 60, 50, 95, 2),
        ];
        for (strength, size, dexterity, age, movement) in cases {
            assert_eq!(
                person(strength, 50, size, dexterity).movement(age),
                movement,
                "STR {strength} SIZ {size} DEX {dexterity} age {age}"
            );
        }
    }

    #[test]
    fn build_and_damage_bonus_table() {
        let cases = [
            (2, -2, "-2"),
            (64, -2, "-2"),
            (65, -1, "-1"),
            (84, -1, "-1"),
            (85, 0, "0"),
            (124, 0, "0"),
            (125, 1, "1D4"),
            (164, 1, "1D4"),
            (165, 2, "1D6"),
            (204, 2, "1D6"),
            (205, 3, "2D6"),
            (284, 3, "2D6"),
            (285, 4, "3D6"),
            (364, 4, "3D6"),
            (365, 5, "4D6"),
            (444, 5, "4D6"),
            (445, 6, "5D6"),
            (524, 6, "5D6"),
            (525, 7, "6D6"),
        ];
        for (total, build, bonus) in cases {
            let (found_build, found_bonus) = build_and_damage_bonus(total);
            assert_eq!(found_build, build, "STR+SIZ {total}");
            assert_eq!(found_bonus.to_string(), bonus, "STR+SIZ {total}");
        }
    }

    #[test]
    fn derive_gathers_everything() {
        let harvey = person(60, 70, 80, 50);
        let derived = harvey.derive(42);
        assert_eq!(derived.hit_points, 15);
        assert_eq!(derived.movement(), 6);
        assert_eq!(derived.build, 1);
        assert_eq!(derived.damage_bonus.to_string(), "1D4");
    }

    #[test]
    fn characteristics_read_from_ron_with_upper_case_names() {
        let text =
            "(STR: 60, CON: 70, SIZ: 80, DEX: 50, APP: 40, INT: 75, POW: 55, EDU: 80, LUCK: 45)";
        let read: Characteristics = ron::from_str(text).expect("valid characteristics");
        assert_eq!(read.strength, 60);
        assert_eq!(read.luck, 45);
    }
}
