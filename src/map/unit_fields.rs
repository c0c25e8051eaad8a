//! A unit's fields that only some rulebooks read, weighed against the scenario's rulebook: one
//! it does not read is refused, naming the rulebooks that do, rather than accepted and ignored
//! while the keeper believes it counts.

use super::scenario::UnitFile;
use crate::rules::ruleset::{RuleOptions, Ruleset};
use crate::rules::sheet_rules::SheetField;

/// Whether `unit` gives `field` (anything but its default).
fn gives(unit: &UnitFile, field: SheetField) -> bool {
    match field {
        SheetField::Secondary => !unit.secondary.is_empty(),
        SheetField::Handed => !unit.handed.is_right(),
        SheetField::Obsession => unit.obsession.is_some(),
        SheetField::Cherries => !unit.cherries.is_empty(),
        SheetField::ImmuneToImpale => unit.immune_to_impale,
        SheetField::CannotBeKnockedOut => unit.cannot_be_knocked_out,
    }
}

/// The first field `unit` gives that `ruleset` does not read, with why: which rulebooks read it.
pub(super) fn foreign_field(
    unit: &UnitFile,
    ruleset: &dyn Ruleset,
) -> Option<(SheetField, String)> {
    let field = SheetField::ALL
        .into_iter()
        .find(|field| gives(unit, *field) && !ruleset.sheet().fields().contains(field))?;
    let readers: Vec<String> = crate::rulesets::ids()
        .into_iter()
        .filter_map(|id| {
            crate::rulesets::ruleset(&RuleOptions {
                ruleset: id,
                ..RuleOptions::default()
            })
            .ok()
        })
        .filter(|other| other.sheet().fields().contains(&field))
        .map(|other| other.name().to_string())
        .collect();
    let why = if readers.is_empty() {
        format!(
            "`{}` is read by no rulebook in this build: leave it out of {}",
            field.written(),
            unit.name
        )
    } else {
        format!(
            "`{}` is read only in {}, not in {}: leave it out of {}",
            field.written(),
            crate::words::listed(&readers),
            ruleset.name(),
            unit.name
        )
    };
    Some((field, why))
}

/// The units given fields are the cellar's, Call of Cthulhu 7e's.
#[cfg(all(test, feature = "coc7e"))]
mod tests {
    use super::*;
    use crate::map::scenario::Scenario;
    use crate::rules::body::Hand;

    /// A unit of the cellar's, given `field`.
    fn giving(field: SheetField) -> UnitFile {
        let cellar = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/cellar.ron");
        let mut unit = Scenario::load(&cellar).expect("shipped").source.units[0].clone();
        match field {
            SheetField::Secondary => unit.secondary = vec!["Pistols".to_string()],
            SheetField::Handed => unit.handed = Hand::Left,
            SheetField::Obsession => unit.obsession = Some("Dodge".to_string()),
            SheetField::Cherries => {
                unit.cherries = vec![crate::rules::bare_name::BareName::named("KnockDown")];
            }
            SheetField::ImmuneToImpale => unit.immune_to_impale = true,
            SheetField::CannotBeKnockedOut => unit.cannot_be_knocked_out = true,
        }
        assert!(gives(&unit, field), "{field:?}");
        unit
    }

    /// Each field is refused by every rulebook that does not read it, with the ones that do
    /// named (or none in the build), and passed by those that do; a unit that gives none passes
    /// everywhere.
    #[test]
    fn each_rulebook_refuses_the_fields_it_does_not_read() {
        let rulebooks: Vec<Box<dyn Ruleset>> = crate::rulesets::ids()
            .into_iter()
            .map(|ruleset| {
                crate::rulesets::ruleset(&RuleOptions {
                    ruleset,
                    ..RuleOptions::default()
                })
                .expect("shipped")
            })
            .collect();
        for field in SheetField::ALL {
            let unit = giving(field);
            let readers: Vec<&str> = rulebooks
                .iter()
                .filter(|book| book.sheet().fields().contains(&field))
                .map(|book| book.name())
                .collect();
            for book in &rulebooks {
                let refused = foreign_field(&unit, book.as_ref());
                if readers.contains(&book.name()) {
                    assert_eq!(refused, None, "{field:?} in {}", book.name());
                } else {
                    let (which, why) = refused.expect("refused");
                    assert_eq!(which, field);
                    assert!(
                        match readers.first() {
                            Some(reader) => why.contains(reader) && why.contains(book.name()),
                            None => why.contains("read by no rulebook in this build"),
                        },
                        "{why}"
                    );
                }
            }
        }
        let plain = giving(SheetField::Secondary);
        let plain = UnitFile {
            secondary: Vec::new(),
            ..plain
        };
        for book in &rulebooks {
            assert_eq!(foreign_field(&plain, book.as_ref()), None);
        }
    }
}
