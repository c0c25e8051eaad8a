//! Plain English helpers every part of the game that writes words shares.

/// The words with their first letter made a capital.
pub fn capitalised(words: &str) -> String {
    let mut letters = words.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// "s" for any count but one.
pub fn plural(count: u32) -> &'static str {
    if count == 1 { "" } else { "s" }
}
