//! Finding places in RON text without parsing it: the line and column of a byte, the value of
//! a field, the items of a list, the field path at a place; comments, strings and character
//! literals are never mistaken for structure.

/// 1-based line and column (in characters) of a byte offset.
pub fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    line_and_column_bytes(text.as_bytes(), offset)
}

pub(super) fn line_and_column_bytes(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = 1 + before.iter().filter(|&&byte| byte == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |newline| newline + 1);
    let column = 1 + String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count();
    (line, column)
}

/// Byte offset of a 1-based line and column (in characters).
pub(super) fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let within: usize = text
        .get(line_start..)
        .unwrap_or_default()
        .chars()
        .take(column.saturating_sub(1))
        .map(char::len_utf8)
        .sum();
    line_start + within
}

/// The pieces of RON text that locate a value: brackets, commas, field names, bare names and
/// strings.
/// Comments are skipped, and nothing inside a string is mistaken for structure.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Open,
    Close,
    Comma,
    /// A field name followed by `:`, with the byte offset of its value.
    Field {
        name: String,
        value_at: usize,
    },
    /// A name that is not a field's: an enum variant (`Begin`, `Move(…)`) or `true`.
    Word,
    /// A string literal: byte offsets of its first character and of its closing quote.
    Text {
        start: usize,
        end: usize,
    },
}

/// The tokens of `text`, each with its byte offset.
fn tokens(text: &str) -> impl Iterator<Item = (usize, Token)> + '_ {
    let bytes = text.as_bytes();
    let mut index = 0;
    std::iter::from_fn(move || {
        while index < bytes.len() {
            let at = index;
            index += 1;
            match bytes[at] {
                b'"' => {
                    let end = closing_quote(bytes, index, b'"');
                    index = end + 1;
                    return Some((at, Token::Text { start: at + 1, end }));
                }
                // A character literal (`'('`, `'"'`, `'\''`): a value, never structure.
                b'\'' => {
                    index = closing_quote(bytes, index, b'\'') + 1;
                    return Some((at, Token::Word));
                }
                b'/' if bytes.get(index) == Some(&b'/') => {
                    while index < bytes.len() && bytes[index] != b'\n' {
                        index += 1;
                    }
                }
                b'/' if bytes.get(index) == Some(&b'*') => {
                    index += 1;
                    while index + 1 < bytes.len()
                        && !(bytes[index] == b'*' && bytes[index + 1] == b'/')
                    {
                        index += 1;
                    }
                    index += 2;
                }
                b'(' | b'[' | b'{' => return Some((at, Token::Open)),
                b')' | b']' | b'}' => return Some((at, Token::Close)),
                b',' => return Some((at, Token::Comma)),
                byte if byte.is_ascii_alphabetic() || byte == b'_' => {
                    while index < bytes.len()
                        && (bytes[index].is_ascii_alphanumeric() || bytes[index] == b'_')
                    {
                        index += 1;
                    }
                    let name = &text[at..index];
                    let rest = &text[index..];
                    let after_spaces = index + rest.len() - rest.trim_start().len();
                    let is_field = bytes.get(after_spaces) == Some(&b':')
                        && bytes.get(after_spaces + 1) != Some(&b':');
                    if is_field {
                        let value = &text[after_spaces + 1..];
                        let value_at = after_spaces + 1 + value.len() - value.trim_start().len();
                        index = after_spaces + 1;
                        return Some((
                            at,
                            Token::Field {
                                name: name.to_string(),
                                value_at,
                            },
                        ));
                    }
                    return Some((at, Token::Word));
                }
                _ => {}
            }
        }
        None
    })
}

/// Where the literal whose first byte is at `from` ends: its closing `quote`, skipping escaped
/// bytes; the end of the text where it never closes.
fn closing_quote(bytes: &[u8], from: usize, quote: u8) -> usize {
    let mut index = from;
    while index < bytes.len() && bytes[index] != quote {
        index += if bytes[index] == b'\\' { 2 } else { 1 };
    }
    index.min(bytes.len())
}

/// Byte offset in `text` of the `n`th character (from 0) of the string literal whose first
/// character is at `start`, counting an escape (`\"`, `\x41`, `\u{4E00}`) as the one character it
/// stands for; past its last character, the closing quote's.
pub fn string_char_offset(text: &str, start: usize, n: usize) -> usize {
    let Some(rest) = text.get(start..) else {
        return text.len();
    };
    let mut chars = rest.char_indices();
    let mut seen = 0;
    while let Some((at, character)) = chars.next() {
        if seen == n || character == '"' {
            return start + at;
        }
        if character == '\\' {
            match chars.next() {
                Some((_, 'u')) => {
                    for (_, inside) in chars.by_ref() {
                        if inside == '}' {
                            break;
                        }
                    }
                }
                Some((_, 'x')) => {
                    chars.next();
                    chars.next();
                }
                Some(_) => {}
                None => break,
            }
        }
        seen += 1;
    }
    text.len()
}

/// Byte offset of the value of the first field called `field` at or after `from`.
pub fn field_value_offset(text: &str, from: usize, field: &str) -> Option<usize> {
    tokens(text).find_map(|(at, token)| match token {
        Token::Field { name, value_at } if at >= from && name == field => Some(value_at),
        _ => None,
    })
}

/// Byte offsets where each item of the list that starts at `value_at` begins, for items that
/// are strings (the offset of the first character inside the quotes), names (enum variants,
/// with or without fields) or bracketed values such as structs (the offset of the opening
/// bracket). Bare numbers are not located.
pub fn list_items(text: &str, value_at: usize) -> Vec<usize> {
    let mut depth = 0usize;
    let mut items = Vec::new();
    let mut expecting_item = false;
    for (at, token) in tokens(text).skip_while(|(at, _)| *at < value_at) {
        if depth == 1 && expecting_item && token != Token::Close {
            items.push(match token {
                Token::Text { start, .. } => start,
                _ => at,
            });
            expecting_item = false;
        }
        match token {
            Token::Open => {
                depth += 1;
                expecting_item = depth == 1;
            }
            Token::Close => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            Token::Comma => expecting_item = depth == 1,
            Token::Field { .. } | Token::Word | Token::Text { .. } => {}
        }
    }
    items
}

/// The dotted path of RON struct fields and map keys that enclose `offset`, such as
/// `units.weapons` or `bindings.reload`.
pub fn field_path_at(text: &str, offset: usize) -> Option<String> {
    // For every open bracket, the field whose value it began; and the field being written at
    // the innermost level.
    let mut open: Vec<Option<String>> = Vec::new();
    let mut current: Option<String> = None;
    for (_, token) in tokens(text).take_while(|(at, _)| *at < offset) {
        match token {
            Token::Open => open.push(current.take()),
            Token::Close => current = open.pop().flatten(),
            Token::Comma => current = None,
            Token::Field { name, .. } => current = Some(name),
            Token::Word => {}
            // A string followed by `:` is a map's key, named in the path like a field.
            Token::Text { start, end } => {
                if text
                    .get(end + 1..)
                    .is_some_and(|rest| rest.trim_start().starts_with(':'))
                {
                    current = text.get(start..end).map(str::to_string);
                }
            }
        }
    }
    let path: Vec<String> = open.into_iter().flatten().chain(current).collect();
    (!path.is_empty()).then(|| path.join("."))
}
