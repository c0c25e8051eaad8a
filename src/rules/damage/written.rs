//! The notation as written: read by a small hand-written parser that names the place of a
//! mistake, and written back the same.

use super::*;

impl std::str::FromStr for Formula {
    type Err = DamageNotationError;

    /// A plain formula, such as a damage bonus: no bands, no blast, no effects.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parser = Parser::new(text);
        let (formula, effects) = parser.formula()?;
        parser.end()?;
        if !effects.is_empty() {
            return Err(parser.error_at(0, "effects such as burn or stun are not allowed here"));
        }
        Ok(formula)
    }
}

impl std::str::FromStr for DamageNotation {
    type Err = DamageNotationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parser = Parser::new(text);
        let (first, mut effects) = parser.formula()?;
        let shape = if parser.eat('/') {
            if let Some(radius_yards) = parser.blast_radius()? {
                DamageShape::Blast {
                    formula: first,
                    radius_yards,
                }
            } else {
                let mut bands = vec![first];
                loop {
                    let (band, band_effects) = parser.formula()?;
                    effects.extend(band_effects);
                    bands.push(band);
                    if !parser.eat('/') {
                        break;
                    }
                }
                DamageShape::Bands(bands)
            }
        } else {
            DamageShape::Single(first)
        };
        parser.end()?;
        let notation = Self { shape, effects };
        notation.validate(&parser)?;
        Ok(notation)
    }
}

impl DamageNotation {
    fn validate(&self, parser: &Parser<'_>) -> Result<(), DamageNotationError> {
        let formulas = self.formulas();
        if formulas.iter().all(|formula| formula.terms.is_empty()) && self.effects.is_empty() {
            return Err(parser.error_at(0, "no damage in it"));
        }
        if formulas.len() > 1 && formulas.iter().any(|formula| formula.terms.is_empty()) {
            return Err(parser.error_at(0, "every band needs damage"));
        }
        if matches!(
            self.shape,
            DamageShape::Blast {
                radius_yards: 0,
                ..
            }
        ) {
            return Err(parser.error_at(0, "a blast radius must be at least 1 yard"));
        }
        Ok(())
    }
}

impl TryFrom<String> for DamageNotation {
    type Error = DamageNotationError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<DamageNotation> for String {
    fn from(notation: DamageNotation) -> Self {
        notation.to_string()
    }
}

impl std::fmt::Display for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            TermKind::Dice { count, sides } => write!(f, "{count}D{sides}"),
            TermKind::Flat(value) => write!(f, "{value}"),
            TermKind::DamageBonus => f.write_str("DB"),
            TermKind::HalfDamageBonus => f.write_str("half DB"),
        }
    }
}

impl std::fmt::Display for Formula {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (index, term) in self.terms.iter().enumerate() {
            match (index, term.negative) {
                (0, true) => f.write_str("-")?,
                (0, false) => {}
                (_, true) => f.write_str("-")?,
                (_, false) => f.write_str("+")?,
            }
            write!(f, "{term}")?;
        }
        Ok(())
    }
}

impl std::fmt::Display for DamageNotation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.shape {
            DamageShape::Single(formula) => write!(f, "{formula}")?,
            DamageShape::Bands(bands) => {
                for (index, band) in bands.iter().enumerate() {
                    if index > 0 {
                        f.write_str("/")?;
                    }
                    write!(f, "{band}")?;
                }
            }
            DamageShape::Blast {
                formula,
                radius_yards,
            } => {
                let unit = if *radius_yards == 1 { "yard" } else { "yards" };
                write!(f, "{formula}/{radius_yards} {unit}")?;
            }
        }
        for (index, effect) in self.effects.iter().enumerate() {
            let written = match effect {
                DamageEffect::Burn => "burn",
                DamageEffect::Stun => "Stun",
            };
            let nothing_before = index == 0
                && self
                    .formulas()
                    .iter()
                    .all(|formula| formula.terms.is_empty());
            if !nothing_before {
                f.write_str("+")?;
            }
            f.write_str(written)?;
        }
        Ok(())
    }
}

/// A small hand-written reader over the notation's characters.
struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    position: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            chars: text.chars().collect(),
            position: 0,
        }
    }

    fn error_at(&self, position: usize, reason: impl Into<String>) -> DamageNotationError {
        DamageNotationError {
            notation: self.text.to_string(),
            column: position + 1,
            reason: reason.into(),
        }
    }

    fn error(&self, reason: impl Into<String>) -> DamageNotationError {
        self.error_at(self.position, reason)
    }

    fn skip_spaces(&mut self) {
        while self
            .chars
            .get(self.position)
            .is_some_and(|c| c.is_whitespace())
        {
            self.position += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.chars.get(self.position).copied()
    }

    fn eat(&mut self, wanted: char) -> bool {
        if self.peek() == Some(wanted) {
            self.position += 1;
            true
        } else {
            false
        }
    }

    /// Consume `word` (case-insensitive) if it comes next as a whole word.
    fn eat_word(&mut self, word: &str) -> bool {
        self.skip_spaces();
        let length = word.chars().count();
        let candidate: String = self.chars.iter().skip(self.position).take(length).collect();
        let whole = !self
            .chars
            .get(self.position + length)
            .is_some_and(|c| c.is_ascii_alphanumeric());
        if whole && candidate.eq_ignore_ascii_case(word) {
            self.position += length;
            true
        } else {
            false
        }
    }

    fn end(&mut self) -> Result<(), DamageNotationError> {
        match self.peek() {
            None => Ok(()),
            Some(found) => Err(self.error(format!("unexpected `{found}`"))),
        }
    }

    fn number(&mut self) -> Result<Option<u32>, DamageNotationError> {
        self.skip_spaces();
        let start = self.position;
        while self
            .chars
            .get(self.position)
            .is_some_and(char::is_ascii_digit)
        {
            self.position += 1;
        }
        if start == self.position {
            return Ok(None);
        }
        let digits: String = self.chars[start..self.position].iter().collect();
        digits
            .parse()
            .map(Some)
            .map_err(|_| self.error_at(start, format!("the number {digits} is too large")))
    }

    /// A sum of terms and effects.
    fn formula(&mut self) -> Result<(Formula, Vec<DamageEffect>), DamageNotationError> {
        let mut formula = Formula::default();
        let mut effects = Vec::new();
        let mut negative = self.eat('-');
        loop {
            let term_start = self.position;
            if self.eat_word("burn") || self.eat_word("stun") {
                let word: String = self.chars[term_start..self.position].iter().collect();
                if negative {
                    return Err(self.error_at(term_start, "an effect cannot be subtracted"));
                }
                let effect = if word.trim().eq_ignore_ascii_case("burn") {
                    DamageEffect::Burn
                } else {
                    DamageEffect::Stun
                };
                if effects.contains(&effect) {
                    return Err(
                        self.error_at(term_start, format!("`{}` is written twice", word.trim()))
                    );
                }
                effects.push(effect);
            } else {
                if !effects.is_empty() {
                    return Err(self.error("effects such as burn or stun go after the damage"));
                }
                let kind = self.term()?;
                if formula.terms.len() == MAX_TERMS {
                    return Err(self.error(format!("more than {MAX_TERMS} terms")));
                }
                formula.terms.push(Term { negative, kind });
            }
            negative = match self.peek() {
                Some('+') => false,
                Some('-') => true,
                _ => break,
            };
            self.position += 1;
        }
        Ok((formula, effects))
    }

    fn term(&mut self) -> Result<TermKind, DamageNotationError> {
        if self.eat_word("db") {
            return Ok(TermKind::DamageBonus);
        }
        if self.eat_word("half") {
            if self.eat_word("db") {
                return Ok(TermKind::HalfDamageBonus);
            }
            return Err(self.error("expected `DB` after `half`"));
        }
        let start = self.position;
        let count = self.number()?;
        let dice_letter = self
            .chars
            .get(self.position)
            .is_some_and(|c| c.eq_ignore_ascii_case(&'d'));
        if dice_letter {
            self.position += 1;
            let count = count.unwrap_or(1);
            let sides_at = self.position;
            let sides = self
                .number()?
                .ok_or_else(|| self.error("expected the number of sides after `D`"))?;
            if !(1..=MAX_DICE_IN_TERM).contains(&count) {
                return Err(self.error_at(
                    start,
                    format!("{count} dice: a term rolls from 1 to {MAX_DICE_IN_TERM} dice"),
                ));
            }
            if !(2..=MAX_SIDES).contains(&sides) {
                return Err(self.error_at(
                    sides_at,
                    format!("a D{sides}: dice have from 2 to {MAX_SIDES} sides"),
                ));
            }
            return Ok(TermKind::Dice { count, sides });
        }
        match count {
            Some(value) if value <= MAX_FLAT => Ok(TermKind::Flat(value)),
            Some(value) => Err(self.error_at(start, format!("{value} is more than {MAX_FLAT}"))),
            None => match self.peek() {
                Some(found) => Err(self.error(format!(
                    "expected dice (such as 1D6), a number, DB or half DB, found `{found}`"
                ))),
                None => Err(self.error("expected dice (such as 1D6), a number, DB or half DB")),
            },
        }
    }

    /// After a `/`: a blast radius such as `3 yards`, or nothing (then bands follow).
    fn blast_radius(&mut self) -> Result<Option<u32>, DamageNotationError> {
        let start = self.position;
        let Some(radius) = self.number()? else {
            return Ok(None);
        };
        if self.eat_word("yards") || self.eat_word("yard") {
            return Ok(Some(radius));
        }
        // Not a radius: rewind so the band parser reads it as a formula.
        self.position = start;
        Ok(None)
    }
}
