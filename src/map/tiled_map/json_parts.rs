//! Reading Tiled's JSON part by part: each list read at most as long as its limit allows (no
//! allocation past it, whatever the file says), each part kept as the text it is written in
//! (`RawValue`) so that its place in the file is exact, and read into its type only when it is
//! wanted, a problem in it put at its line and column in the whole file; one JSON file being
//! read (`Json`): its parts, its errors at their place, and the properties we read.

use std::marker::PhantomData;

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;

use super::limits::{self, Budget};
use super::{Place, Property, PropertyValue};
use crate::files::FileError;

/// A JSON part as written in the file.
pub(super) type Raw<'text> = &'text RawValue;

/// How long one kind of list may be, and what its entries are called.
pub(super) trait Cap {
    const MOST: usize;
    const WHAT: &'static str;
}

/// A [`Cap`]: its name, its most, and what its entries are called.
macro_rules! cap {
    ($name:ident, $most:expr, $what:literal) => {
        pub(super) struct $name;
        impl Cap for $name {
            const MOST: usize = $most;
            const WHAT: &'static str = $what;
        }
    };
}

cap!(LayersCap, limits::MAX_LAYERS, "layers");
cap!(TilesetsCap, limits::MAX_TILESETS, "tilesets");
cap!(
    TilesCap,
    limits::MAX_TILESET_TILES as usize,
    "tiles in a tileset"
);
cap!(ObjectsCap, limits::MAX_OBJECTS, "objects");
cap!(PropertiesCap, limits::MAX_PROPERTIES, "properties");
cap!(
    CellsCap,
    crate::map::MAX_MAP_SIDE * crate::map::MAX_MAP_SIDE,
    "cells in a layer"
);

/// A list read no longer than `C` allows.
pub(super) struct Capped<T, C>(pub Vec<T>, PhantomData<C>);

impl<T, C> Default for Capped<T, C> {
    fn default() -> Self {
        Self(Vec::new(), PhantomData)
    }
}

impl<'de, T: Deserialize<'de>, C: Cap> Deserialize<'de> for Capped<T, C> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<T, C>(PhantomData<(T, C)>);
        impl<'de, T: Deserialize<'de>, C: Cap> Visitor<'de> for Entries<T, C> {
            type Value = Capped<T, C>;

            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(formatter, "a list of {}", C::WHAT)
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut entries: A) -> Result<Self::Value, A::Error> {
                let mut read = Vec::new();
                while let Some(entry) = entries.next_element()? {
                    if read.len() == C::MOST {
                        return Err(serde::de::Error::custom(format!(
                            "more than {} {}, the most read",
                            C::MOST,
                            C::WHAT
                        )));
                    }
                    read.push(entry);
                }
                Ok(Capped(read, PhantomData))
            }
        }
        deserializer.deserialize_seq(Entries(PhantomData))
    }
}

/// The error serde_json gives, at its line and column (counted from `from`, a byte offset of
/// `text` where the part it read begins).
fn located(file: &str, text: &str, from: usize, error: &serde_json::Error) -> FileError {
    // serde_json says the place again at the end.
    let message = error
        .to_string()
        .split(" at line ")
        .next()
        .unwrap_or_default()
        .to_string();
    let part = &text[from..];
    let line_start = part
        .split_inclusive('\n')
        .take(error.line().saturating_sub(1))
        .map(str::len)
        .sum::<usize>();
    let offset = from + line_start + error.column().saturating_sub(1);
    FileError::in_field(file, text, offset.min(text.len()), None, message)
}

/// The whole of `text` read as JSON.
pub(super) fn parse_whole<'text, T: Deserialize<'text>>(
    file: &str,
    text: &'text str,
) -> Result<T, FileError> {
    serde_json::from_str(text).map_err(|error| located(file, text, 0, &error))
}

/// A part of `text` read into its type.
pub(super) fn parse_part<'text, T: Deserialize<'text>>(
    file: &str,
    text: &'text str,
    part: Raw<'text>,
) -> Result<T, FileError> {
    serde_json::from_str(part.get())
        .map_err(|error| located(file, text, offset_in(text, part), &error))
}

/// Where a part read from `text` begins in it.
pub(super) fn offset_in(text: &str, part: Raw<'_>) -> usize {
    (part.get().as_ptr() as usize)
        .checked_sub(text.as_ptr() as usize)
        .filter(|offset| *offset <= text.len())
        .unwrap_or(0)
}

/// Where `key` (a JSON key, quoted) is first written in a part, else where the part begins.
pub(super) fn key_in(text: &str, part: Raw<'_>, key: &str) -> usize {
    let from = offset_in(text, part);
    part.get()
        .find(&format!("\"{key}\""))
        .map_or(from, |found| from + found)
}

#[derive(Deserialize)]
pub(super) struct JsonProperty {
    name: String,
    value: serde_json::Value,
}

/// One JSON file being read: its name and text.
#[derive(Clone, Copy)]
pub(super) struct Json<'text> {
    pub(super) file: &'text str,
    pub(super) text: &'text str,
}

impl<'text> Json<'text> {
    pub(super) fn error(&self, at: usize, field: &str, message: impl Into<String>) -> FileError {
        FileError::in_field(
            self.file,
            self.text,
            at,
            (!field.is_empty()).then(|| field.to_string()),
            message,
        )
    }

    pub(super) fn part<T: Deserialize<'text>>(&self, part: Raw<'text>) -> Result<T, FileError> {
        parse_part(self.file, self.text, part)
    }

    /// The properties we read (text, numbers, flags), each placed at its value, from `source`.
    pub(super) fn properties(
        &self,
        written: &[Raw<'text>],
        source: usize,
        budget: &mut Budget,
    ) -> Result<Vec<Property>, FileError> {
        let mut read = Vec::with_capacity(written.len());
        for part in written {
            budget
                .count_property()
                .map_err(|why| self.error(offset_in(self.text, part), "properties", why))?;
            let property: JsonProperty = self.part(part)?;
            let value = match &property.value {
                serde_json::Value::Bool(flag) => PropertyValue::Flag(*flag),
                serde_json::Value::Number(number) => match number.as_f64() {
                    Some(number) => PropertyValue::Number(number),
                    None => continue,
                },
                serde_json::Value::String(text) => PropertyValue::Text(text.clone()),
                _ => continue,
            };
            let key = key_in(self.text, part, "value");
            let offset = self.text[key..]
                .find(':')
                .map_or(key, |colon| key + colon + 1);
            read.push(Property {
                name: property.name,
                value,
                place: Place { source, offset },
            });
        }
        Ok(read)
    }
}
