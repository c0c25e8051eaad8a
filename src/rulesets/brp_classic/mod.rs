//! Basic Role Playing, the classic Call of Cthulhu quick reference (`shared/rules/`, SPECS.md
//! section 1): 3-18 characteristics, chances built by adding and multiplying, impales at a fifth
//! of the chance, the resistance table, and blasts that lose a die every two yards.

pub mod chance;
pub mod sheet;
