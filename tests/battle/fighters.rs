//! Building the battle tests' fights: a `Fighter` with plain defaults, the arena and other
//! fields, scenarios made of them, and the sample skirmishes of SPECS.md as the text lays them
//! out.

use super::*;

/// One unit of a test scenario, with plain defaults: every characteristic 50 (10 hit points,
/// Build 0, no damage bonus), Brawl 50, Dodge 50.
#[derive(Clone)]
pub(crate) struct Fighter {
    pub(crate) name: &'static str,
    pub(crate) side: &'static str,
    pub(crate) at: (u32, u32),
    pub(crate) strength: u32,
    pub(crate) constitution: u32,
    pub(crate) size: u32,
    pub(crate) dexterity: u32,
    pub(crate) skills: Vec<(&'static str, u32)>,
    pub(crate) weapons: Vec<&'static str>,
    /// Weapons written out in full, with their rounds: `(weapon: "…", loaded: Some(2))`.
    pub(crate) kit: Vec<String>,
    pub(crate) natural: Vec<(&'static str, u32, &'static str)>,
    pub(crate) luck: u32,
    pub(crate) attacks: u32,
    pub(crate) armor: u32,
    pub(crate) arrives: Option<u32>,
    pub(crate) movement: Option<u32>,
    /// The scenario's standing order: wait until an enemy is within this many yards.
    pub(crate) waits: Option<u32>,
    /// The parts of the body the armor covers (all over when empty).
    pub(crate) armor_covers: Vec<&'static str>,
}

/// What the shipped sample skirmishes add to SPECS.md's to make each a contest: the help that
/// comes to the law at Dry Gulch, Level B2's fourth guard and second dog.
pub(crate) const ADDED_FOR_A_CONTEST: [&str; 4] = [
    "Jailer Abe Tucker",
    "Hotel clerk Ned Price",
    "Dacey",
    "Second guard dog",
];

/// A sample skirmish of SPECS.md as the text lays it out, for the tests that follow its worked
/// examples: the shipped file (`text`, read from `maps/` where not given) less the units added
/// to make it a contest, and with no time limit on a way out (the Kingsport ledger's).
pub(crate) fn specs_sample(file: &str, text: Option<String>) -> Scenario {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let text = text.unwrap_or_else(|| {
        std::fs::read_to_string(maps.join(file)).unwrap_or_else(|error| panic!("{file}: {error}"))
    });
    let mut written: ScenarioFile =
        ron::from_str(&text).unwrap_or_else(|error| panic!("{file}: {error}"));
    written
        .units
        .retain(|unit| !ADDED_FOR_A_CONTEST.contains(&unit.name.as_str()));
    if let Victory::ReachExit { by_round, .. } = &mut written.victory
        && file == "kingsport.ron"
    {
        *by_round = None;
    }
    let text = ron::ser::to_string(&written).expect("written out");
    Scenario::parse(file, &text, Some(&maps)).unwrap_or_else(|error| panic!("{error}"))
}

pub(crate) fn fighter(name: &'static str, side: &'static str, at: (u32, u32)) -> Fighter {
    Fighter {
        name,
        side,
        at,
        strength: 50,
        constitution: 50,
        size: 50,
        dexterity: 50,
        skills: vec![("Fighting (Brawl)", 50), ("Dodge", 50)],
        weapons: Vec::new(),
        kit: Vec::new(),
        natural: Vec::new(),
        luck: 50,
        attacks: 1,
        armor: 0,
        arrives: None,
        movement: None,
        waits: None,
        armor_covers: Vec::new(),
    }
}

impl Fighter {
    fn ron(&self) -> String {
        let skills: Vec<String> = self
            .skills
            .iter()
            .map(|(name, value)| format!("{name:?}: {value}"))
            .collect();
        let weapons: Vec<String> = self
            .weapons
            .iter()
            .map(|name| format!("(weapon: {name:?})"))
            .chain(self.kit.iter().cloned())
            .collect();
        let natural: Vec<String> = self
            .natural
            .iter()
            .map(|(name, skill, damage)| {
                format!("(name: {name:?}, skill: {skill}, damage: {damage:?})")
            })
            .collect();
        let armor = if self.armor > 0 && !self.armor_covers.is_empty() {
            format!(
                "Some((name: \"hide\", points: {}, covers: Some([{}])))",
                self.armor,
                self.armor_covers.join(", ")
            )
        } else if self.armor > 0 {
            format!("Some((name: \"hide\", points: {}))", self.armor)
        } else {
            "None".to_string()
        };
        format!(
            "(name: {:?}, side: {:?}, at: ({}, {}), characteristics: (STR: {}, CON: {}, SIZ: {}, DEX: {}, APP: 50, \
             INT: 50, POW: 50, EDU: 50, LUCK: {}), skills: {{ {} }}, weapons: [{}], natural_attacks: [{}], \
             attacks_per_round: {}, armor: {armor}, arrives: {:?}, movement: {:?}, \
             waits_until_within: {:?})",
            self.name,
            self.side,
            self.at.0,
            self.at.1,
            self.strength,
            self.constitution,
            self.size,
            self.dexterity,
            self.luck,
            skills.join(", "),
            weapons.join(", "),
            natural.join(", "),
            self.attacks,
            self.arrives,
            self.movement,
            self.waits,
        )
    }
}

pub(crate) const ARENA: [&str; 7] = [
    "############",
    "#..........#",
    "#..........#",
    "#..........#",
    "#..........#",
    "#..........#",
    "############",
];

/// A walled field of open floor, `width` tiles across and 11 down, with `features` drawn on it
/// (column, row, symbol: any in the test legend).
pub(crate) fn field(width: usize, features: &[(usize, usize, char)]) -> Vec<String> {
    (0..11)
        .map(|row| {
            (0..width)
                .map(|column| {
                    if row == 0 || row == 10 || column == 0 || column + 1 == width {
                        return '#';
                    }
                    features
                        .iter()
                        .find(|(x, y, _)| (*x, *y) == (column, row))
                        .map_or('.', |(_, _, symbol)| *symbol)
                })
                .collect()
        })
        .collect()
}

/// A scenario on `rows` (or the walled arena) with these fighters and rule options. The rows
/// may use floor ('.'), wall ('#'), low cover ('c'), a closed door ('+') and water ('~').
pub(crate) fn scenario_with(
    fighters: &[Fighter],
    rows: &[impl AsRef<str>],
    rules: &str,
    exits: &str,
) -> Scenario {
    let units: Vec<String> = fighters.iter().map(Fighter::ron).collect();
    let rows: Vec<String> = rows
        .iter()
        .map(|row| format!("{:?}", row.as_ref()))
        .collect();
    let text = format!(
        "(name: \"Test\", map: Inline((name: \"Arena\", legend: {{ '.': Floor, '#': Wall, 'c': LowCover, \
         '+': DoorClosed, '~': Water }}, rows: [{}])), \
         rules: ({rules}), sides: [(id: \"a\", name: \"Side A\"), (id: \"b\", name: \"Side B\")], units: [{}], \
         exits: [{exits}], victory: LastSideStanding)",
        rows.join(", "),
        units.join(", ")
    );
    Scenario::parse("test", &text, None).unwrap_or_else(|error| panic!("{error}"))
}

pub(crate) fn scenario(fighters: &[Fighter]) -> Scenario {
    scenario_with(fighters, &ARENA, "", "")
}

/// Harvey with a nightstick beside a deep one with 1 point of natural armor; Harvey acts first.
pub(crate) fn harvey_and_the_deep_one() -> Scenario {
    let mut harvey = fighter("Harvey", "a", (2, 2));
    harvey.dexterity = 60;
    harvey.weapons = vec!["Club, small (nightstick)"];
    let mut deep_one = fighter("Deep one", "b", (3, 2));
    deep_one.armor = 1;
    scenario(&[harvey, deep_one])
}

/// STR and SIZ giving each Build from -2 to 3.
pub(crate) fn built(mut unit: Fighter, build: i32) -> Fighter {
    let each = match build {
        -2 => 30,
        -1 => 40,
        0 => 50,
        1 => 70,
        2 => 90,
        _ => 110,
    };
    unit.strength = each;
    unit.size = each;
    unit
}
