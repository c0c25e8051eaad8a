//! Plain English helpers every part of the game that writes words shares.

/// The words with their first letter made a capital.
pub fn capitalised(words: &str) -> String {
    let mut letters = words.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// A weapon's name as the object of "with": "the Club, large", but "bare hands".
pub fn the_weapon(name: &str) -> String {
    if name == "bare hands" {
        name.to_string()
    } else {
        format!("the {name}")
    }
}

/// "s" for any count but one.
pub fn plural(count: u32) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// A name as the object of a sentence, with "the": "the Investigators", and "the players" for
/// "The players" (never "the The players").
pub fn the(name: &str) -> String {
    match name.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None if name.starts_with("the ") => name.to_string(),
        None => format!("the {name}"),
    }
}

/// A count with its thousands set apart by commas: 1,000.
pub fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// Names joined as a sentence lists them: `a`, `a and b`, `a, b and c`.
pub fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A name as a file name's stem: its words (letters and digits of any script) lower case,
/// joined by dashes ("Cellar melee" is `cellar-melee`, "Ночь в подвале" `ночь-в-подвале`).
pub fn slug(name: &str) -> String {
    name.split(|letter: char| !letter.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_named_with_one_the() {
        assert_eq!(the("Investigators"), "the Investigators");
        assert_eq!(the("The players"), "the players");
        assert_eq!(the("the law"), "the law");
        assert_eq!(slug("Cellar melee: night!"), "cellar-melee-night");
        assert_eq!(slug("Ночь в подвале"), "ночь-в-подвале");
        assert_eq!(slug("«★»"), "");
        let names = |list: &[&str]| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(listed(&names(&["a"])), "a");
        assert_eq!(listed(&names(&["a", "b", "c"])), "a, b and c");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn a_weapon_with_its_article() {
        assert_eq!(the_weapon("Club, large"), "the Club, large");
        assert_eq!(the_weapon("bare hands"), "bare hands");
    }
}
