//! The d100 house sheet (SPECS.md section 4, a house sheet for a d100 game of the occult
//! underground): Body, Speed, Mind and Soul, hit points of twice Body, a d100 at or under the
//! skill with criticals, fumbles and matched doubles, damage read off the attack roll, the
//! flip-flop hit location and cover by body part. docs/RULES.md has every decision.

pub mod check;
