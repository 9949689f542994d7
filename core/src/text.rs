//! Lenient decoding of a record's text: bytes that are not UTF-8, and JSON
//! escapes of lone UTF-16 surrogates (what a JavaScript writer leaves when a
//! string is cut inside an emoji), are read as U+FFFD so that the rest of
//! the record is kept. Each repair is reported by the caller.

use std::borrow::Cow;

/// What [`decode`] had to repair.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Repairs {
    /// The first UTF-8 error, when the bytes were not UTF-8.
    pub invalid_utf8: Option<String>,
    /// How many lone surrogate escapes were replaced.
    pub lone_surrogates: usize,
}

impl Repairs {
    pub fn any(&self) -> bool {
        self.invalid_utf8.is_some() || self.lone_surrogates > 0
    }

    /// A diagnostic message saying what was replaced.
    pub fn message(&self) -> String {
        let mut parts = Vec::new();
        if let Some(e) = &self.invalid_utf8 {
            parts.push(format!(
                "record is not valid UTF-8 ({e}); the invalid bytes are read as U+FFFD"
            ));
        }
        if self.lone_surrogates > 0 {
            parts.push(format!(
                "{} escaped lone UTF-16 surrogate(s) (a string cut inside a character) read as U+FFFD",
                self.lone_surrogates
            ));
        }
        parts.join("; ")
    }
}

/// The record's text, repaired where needed.
pub(crate) fn decode(line: &[u8]) -> (Cow<'_, str>, Repairs) {
    let mut repairs = Repairs::default();
    let text = match simdutf8::basic::from_utf8(line) {
        Ok(t) => Cow::Borrowed(t),
        Err(_) => {
            repairs.invalid_utf8 = std::str::from_utf8(line).err().map(|e| e.to_string());
            String::from_utf8_lossy(line)
        }
    };
    // Only a record with a `\uD…` escape can hold a lone surrogate.
    static ESCAPE: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"\\u"));
    let b = text.as_bytes();
    let candidate = ESCAPE
        .find_iter(b)
        .any(|i| matches!(b.get(i + 2), Some(b'd' | b'D')));
    if !candidate {
        return (text, repairs);
    }
    match replace_lone_surrogates(&text) {
        Some((fixed, n)) => {
            repairs.lone_surrogates = n;
            (Cow::Owned(fixed), repairs)
        }
        None => (text, repairs),
    }
}

/// The code unit of the `\uXXXX` escape at `i` (which starts with `\u`).
fn escape_at(b: &[u8], i: usize) -> Option<u16> {
    let hex = b.get(i + 2..i + 6)?;
    let s = std::str::from_utf8(hex).ok()?;
    u16::from_str_radix(s, 16).ok()
}

fn is_high(u: u16) -> bool {
    (0xD800..0xDC00).contains(&u)
}

fn is_low(u: u16) -> bool {
    (0xDC00..0xE000).contains(&u)
}

/// Replaces each escape of an unpaired surrogate with `\ufffd`, walking the
/// escapes in order (so `\\ud83d`, an escaped backslash before `ud83d`, is
/// left alone). Returns `None` when there was none.
fn replace_lone_surrogates(text: &str) -> Option<(String, usize)> {
    let b = text.as_bytes();
    let mut lone: Vec<usize> = Vec::new();
    let mut i = 0;
    while let Some(j) = memchr::memchr(b'\\', &b[i..]) {
        let at = i + j;
        match b.get(at + 1) {
            Some(b'u') => {
                let unit = escape_at(b, at);
                match unit {
                    Some(u) if is_high(u) => {
                        let next = (b.get(at + 6) == Some(&b'\\') && b.get(at + 7) == Some(&b'u'))
                            .then(|| escape_at(b, at + 6))
                            .flatten();
                        if next.is_some_and(is_low) {
                            i = at + 12;
                            continue;
                        }
                        lone.push(at);
                    }
                    Some(u) if is_low(u) => lone.push(at),
                    _ => {}
                }
                i = at + 6;
            }
            Some(_) => i = at + 2,
            None => break,
        }
        if i >= b.len() {
            break;
        }
    }
    if lone.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for &at in &lone {
        out.push_str(&text[from..at]);
        out.push_str("\\ufffd");
        from = at + 6;
    }
    out.push_str(&text[from..]);
    Some((out, lone.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(s: &str) -> (String, usize) {
        let (t, r) = decode(s.as_bytes());
        (t.into_owned(), r.lone_surrogates)
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        assert_eq!(
            fixed(r#"{"a":"x\ud83d"}"#),
            (r#"{"a":"x\ufffd"}"#.to_owned(), 1)
        );
        assert_eq!(
            fixed(r#"{"a":"\ude00y"}"#),
            (r#"{"a":"\ufffdy"}"#.to_owned(), 1)
        );
        assert_eq!(
            fixed(r#"{"a":"\uD83D\uD83D\uDE00"}"#),
            (r#"{"a":"\ufffd\uD83D\uDE00"}"#.to_owned(), 1)
        );
    }

    #[test]
    fn pairs_and_escaped_backslashes_are_left_alone() {
        for s in [
            r#"{"a":"\ud83d\ude00"}"#,
            r#"{"a":"\\ud83d"}"#,
            r#"{"a":"\\\\ud83d"}"#,
            r#"{"a":"\u00e9"}"#,
            r#"{"a":"\ud8"}"#,
        ] {
            let (t, r) = decode(s.as_bytes());
            assert_eq!(t, s);
            assert!(!r.any());
        }
    }

    #[test]
    fn invalid_bytes_are_read_as_replacement_characters() {
        let (t, r) = decode(b"{\"a\":\"\xff\"}");
        assert_eq!(t, "{\"a\":\"\u{fffd}\"}");
        assert!(r.invalid_utf8.is_some());
    }
}
