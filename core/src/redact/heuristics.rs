//! Whether a value looks like a secret: machine-generated rather than a
//! word, an identifier, a code path, a version or a placeholder.

use std::sync::OnceLock;

use aho_corasick::AhoCorasick;

use super::assign::contains_keyword;

/// Lower-cased values that are placeholders, types, keywords or status words, never secrets.
pub(super) const PLACEHOLDER_WORDS: &[&str] = &[
    "password",
    "passwd",
    "pass",
    "secret",
    "token",
    "apikey",
    "api_key",
    "key",
    "changeme",
    "change_me",
    // the documented defaults of database and broker images
    "postgres",
    "mysql",
    "root",
    "admin",
    "guest",
    "changeit",
    "example",
    "sample",
    "dummy",
    "placeholder",
    "redacted",
    "hidden",
    "masked",
    "none",
    "null",
    "nil",
    "undefined",
    "true",
    "false",
    "yes",
    "no",
    "on",
    "off",
    "required",
    "optional",
    "string",
    "str",
    "int",
    "integer",
    "number",
    "bool",
    "boolean",
    "any",
    "bytes",
    "secretstr",
    "test",
    "todo",
    "tbd",
    "fixme",
    "default",
    "empty",
    "unset",
    "notset",
    "missing",
    "invalid",
    "expired",
    "valid",
    "present",
    "omitted",
    "await",
    "new",
    "this",
    "self",
    "function",
    "lambda",
    "require",
    "import",
    "input",
    "getpass",
    "option",
    "secretstring",
    "sensitive",
    "env",
    "environ",
    "process",
    "config",
    "settings",
    "params",
    "args",
    "options",
    "value",
    "variable",
    "stdin",
    "prompt",
    "keyring",
    "vault",
    "file",
    "x-oauth-basic",
    "xyz",
    "abc",
    "foo",
    "bar",
    "baz",
    "qux",
    "allow",
    "deny",
];

pub(super) fn is_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.'
}

pub(super) fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

pub(super) fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// `hay[start]` is not preceded by a byte for which `inside` holds.
pub(super) fn left_ok(hay: &[u8], start: usize, inside: fn(u8) -> bool) -> bool {
    start == 0 || !inside(hay[start - 1])
}

/// `hay[..end]` is not followed by a byte for which `inside` holds.
pub(super) fn right_ok(hay: &[u8], end: usize, inside: fn(u8) -> bool) -> bool {
    end >= hay.len() || !inside(hay[end])
}

/// Whether a run of token characters looks machine-generated rather than like
/// a word, an identifier or a path.
pub(super) fn looks_random(v: &[u8]) -> bool {
    // `Password123`, `MyTestSecret1`: a word with a number after it.
    let letters_end = v
        .iter()
        .rposition(|b| !b.is_ascii_digit())
        .map_or(0, |i| i + 1);
    if letters_end > 0
        && letters_end < v.len()
        && v[..letters_end].iter().all(u8::is_ascii_alphabetic)
    {
        return looks_random(&v[..letters_end]);
    }
    let (mut upper, mut lower, mut digit) = (0usize, 0usize, 0usize);
    let mut transitions = 0usize;
    let mut longest_alpha = 0usize;
    let mut run = 0usize;
    let mut prev_case: u8 = 0; // 0 none, 1 upper, 2 lower
    for &b in v {
        if b.is_ascii_uppercase() {
            upper += 1;
            if prev_case == 2 {
                transitions += 1;
            }
            prev_case = 1;
            run += 1;
        } else if b.is_ascii_lowercase() {
            lower += 1;
            if prev_case == 1 {
                transitions += 1;
            }
            prev_case = 2;
            run += 1;
        } else {
            if b.is_ascii_digit() {
                digit += 1;
            }
            prev_case = 0;
            run = 0;
        }
        longest_alpha = longest_alpha.max(run);
    }
    let alpha = upper + lower;
    if upper > 0 && lower > 0 && digit > 0 {
        return transitions >= 2 || digit >= 2;
    }
    if digit > 0 && alpha > 0 {
        return longest_alpha <= 12;
    }
    if upper > 0 && lower > 0 {
        // Random mixed case switches case about every other letter; CamelCase
        // identifiers (`EllipticCurvePrivateKey`) far less often.
        return v.len() >= 20 && transitions * 5 >= v.len() * 2;
    }
    false
}

/// Whether an assignment / URL value is a placeholder rather than a secret.
pub(super) fn is_placeholder(v: &[u8]) -> bool {
    if v.len() < 3 {
        return true;
    }
    if v.starts_with(b"[REDACTED") {
        return true;
    }
    let first = v[0];
    let last = v[v.len() - 1];
    if matches!(
        first,
        b'$' | b'%'
            | b'{'
            | b'<'
            | b'@'
            | b':'
            | b'&'
            | b'*'
            | b'!'
            | b'|'
            | b'>'
            | b'#'
            | b'?'
            | b'='
    ) {
        return true;
    }
    if matches!((first, last), (b'[', b']') | (b'(', b')')) {
        return true;
    }
    if v.iter().all(|&b| {
        matches!(
            b,
            b'*' | b'x' | b'X' | b'.' | b'-' | b'#' | b'?' | b'0' | b'_'
        )
    }) {
        return true;
    }
    if v.len() <= 5 && v.iter().all(u8::is_ascii_digit) {
        return true;
    }
    static NEEDLES: OnceLock<AhoCorasick> = OnceLock::new();
    let needles = NEEDLES.get_or_init(|| {
        AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build([
                "...",
                "\u{2026}",
                "xxxx",
                "****",
                "example",
                "placeholder",
                "changeme",
                "redacted",
                "your_",
                "your-",
            ])
            .expect("built-in placeholder needles")
    });
    if needles.is_match(v) {
        return true;
    }
    for prefix in [
        &b"your"[..],
        b"replace",
        b"insert",
        b"enter-",
        b"enter_",
        b"put-",
        b"put_",
    ] {
        if v.len() >= prefix.len() && v[..prefix.len()].eq_ignore_ascii_case(prefix) {
            return true;
        }
    }
    v.len() <= 16
        && PLACEHOLDER_WORDS
            .iter()
            .any(|w| w.as_bytes().eq_ignore_ascii_case(v))
}

pub(super) fn memfind(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// `self.token`, `os.environ`, `token::Paren`, `rust_openssl.hpke.Key`: a
/// path in code, not a secret (but `ya29.a0AfH6SM…`, `hvs.CAESIJ…` are secrets).
pub(super) fn is_code_path(v: &[u8]) -> bool {
    let mut segs: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    let mut seg_start = 0;
    while i < v.len() {
        if v[i] == b'.' || (v[i] == b':' && v.get(i + 1) == Some(&b':')) {
            segs.push(&v[seg_start..i]);
            i += if v[i] == b'.' { 1 } else { 2 };
            seg_start = i;
        } else {
            i += 1;
        }
    }
    segs.push(&v[seg_start..]);
    if segs.len() < 2
        || !segs.iter().all(|s| {
            !s.is_empty()
                && (s[0].is_ascii_alphabetic() || s[0] == b'_')
                && s.iter().all(|&b| is_word_byte(b))
        })
    {
        return false;
    }
    let last = segs[segs.len() - 1];
    segs.len() >= 3 || !(last.len() >= 16 && looks_random(last))
}

pub(super) fn is_identifier(v: &[u8]) -> bool {
    !v.is_empty()
        && (v[0].is_ascii_alphabetic() || v[0] == b'_')
        && v.iter().all(|&b| is_word_byte(b))
}

/// Only letters and `_`, `-`, `.`: an identifier, a word or a name, not a
/// generated secret (unless it is long and random-looking).
pub(super) fn is_plain_word(v: &[u8]) -> bool {
    v.iter()
        .all(|&b| b.is_ascii_alphabetic() || matches!(b, b'_' | b'-' | b'.'))
        && !looks_random(v)
}

/// `auth_token`, `db-password` (the name of a secret, not the secret), or a
/// version requirement (`^9.0.2`, `>=1.4`, `1.2.3`).
pub(super) fn is_name_or_version(v: &[u8]) -> bool {
    let name_like = v.iter().all(|&b| is_key_byte(b)) && !looks_random(v) && contains_keyword(v);
    let ver = {
        let t: &[u8] = {
            let mut t = v;
            while let [b'^' | b'~' | b'>' | b'<' | b'=' | b'v', rest @ ..] = t {
                t = rest;
            }
            t
        };
        !t.is_empty()
            && t[0].is_ascii_digit()
            && t.contains(&b'.')
            && t.iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'+' | b'*'))
            && t.split(|&b| b == b'.')
                .take(2)
                .all(|seg| !seg.is_empty() && seg.iter().all(u8::is_ascii_digit))
    };
    name_like || ver
}
