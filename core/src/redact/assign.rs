//! The reader of `key = value` assignments for `secret_assignment`: the
//! keywords a key must contain, where its value starts and ends in the
//! many shapes code and config write it, and what is left alone.
//!
//! ## What `secret_assignment` deliberately leaves alone
//!
//! Key-based detection sees a lot of things that are not secrets, so a value
//! is only redacted when it plausibly is one. The choices below were tuned on
//! the samples in `tests/redaction/` and on the code and docs of a Python
//! installation and a Cargo registry (~6.7 M lines), where what is left is
//! hard-coded passwords and example keys.
//!
//! - Keys that name a fact about a secret rather than the secret: the name
//!   goes on past the keyword with something other than `key`, `value`,
//!   `str`, `hash`, `b64`, `confirm(ation)`, digits, … (`max_tokens`,
//!   `token_type`, `tokenizer`, `password_min_length`, `secret_name`,
//!   `api_key_file`, `--password-stdin`); pagination, idempotency and model
//!   vocabulary tokens (`next_page_token`, `ClientToken`, `ChangeToken`,
//!   `eos_token`, `csrf_token`); the working directory (`PWD`, `OLDPWD`).
//! - Placeholders: values shorter than 4 bytes; `${VAR}`, `$VAR`, `$(cmd)`,
//!   `%VAR%`, `%s`, `{{ var }}`, `<your token>`, `[…]`, `(…)`; only `*`, `x`,
//!   `.`, `-`; containing `...`/`…`, `xxxx`, `****`, `example`, `placeholder`,
//!   `changeme`, `redacted`; starting with `your`, `replace`, `insert`,
//!   `enter`; words such as `password`, `secret`, `token`, `none`, `null`,
//!   `true`, `false`, `required`, `string`, `test`, `foo`; numbers of at most
//!   5 digits; version requirements (`^9.0.2`); ARNs and URLs; an
//!   already-redacted `[REDACTED:…]`.
//! - Names, not values: a value that is itself a key-like name containing a
//!   keyword (`"auth_token"`, `db-password`, `token=access_token`,
//!   `api_key=api_key`); for keys other than password ones, any value made
//!   of letters and `_` only (`token = Error`, `"input_token": "NextToken"`,
//!   `token: string`): real tokens carry digits or look random.
//! - Code: an unquoted value that is a path (`os.environ`, `self.token`,
//!   `token::Paren`), or is directly followed by `(`, `[`, `,`, `)` or `<`
//!   (`f(password=pw, …)`, `creds['token']`, `frag_token: __u32,`): a literal
//!   secret in code is quoted; `a = b` with blanks around `=` unless the key
//!   starts the line and the value ends it (INI `password = hunter2` is
//!   redacted, `const token = tok;` is not); YAML anchors, aliases, tags and
//!   block markers (`&x`, `*x`, `!vault`, `|`).
//! - Prose: a quoted value containing whitespace; after `:`, an unquoted value
//!   followed by more words (`Password: must be 8 characters`), or with no
//!   blank after the colon (`secret:prod/db`, an IAM action).
//!
//! The price is recall on passwords that contain a space, are a plain word
//! used with a non-password key, are a dotted word, or are literally `test`.
//!

use regex::bytes::Captures;

use super::heuristics::*;
use super::LOOKBEHIND;

/// The keywords a `secret_assignment` key name must contain (normalized:
/// lower case, without `_`, `-`, `.`). Longest first where one contains another.
pub(super) const KEYWORDS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "pwd",
    "secret",
    "token",
    "apikey",
    "accesskey",
    "privatekey",
];

/// What may follow the keyword in a key name (normalized) for the key to still
/// name a secret: `db_password`, `api_key_value`, `secret_key`, `password2`.
pub(super) const KEY_TAILS: &[&str] = &[
    "",
    "key",
    "value",
    "val",
    "str",
    "string",
    "b64",
    "base64",
    "hash",
    "confirm",
    "confirmation",
    "plain",
    "plaintext",
    "raw",
    "enc",
    "encrypted",
    "secret",
    "token",
    "pass",
    "phrase",
    "keybase",
];

/// Keys ending in one of these (normalized) hold a token that is not a secret.
pub(super) const KEY_DENY_SUFFIXES: &[&str] = &[
    // pagination, idempotency and concurrency tokens
    "pagetoken",
    "nexttoken",
    "continuationtoken",
    "paginationtoken",
    "synctoken",
    "resumetoken",
    "startingtoken",
    "sequencetoken",
    "forwardtoken",
    "backwardtoken",
    "cursortoken",
    "markertoken",
    "cancellationtoken",
    "canceltoken",
    "changetoken",
    "clienttoken",
    "locktoken",
    "requesttoken",
    "idempotencytoken",
    "updatetoken",
    "exporttoken",
    "importtoken",
    "producttoken",
    "actiontoken",
    "unittoken",
    "inputtoken",
    "outputtoken",
    "invalidtoken",
    // model vocabulary and token counts
    "eostoken",
    "bostoken",
    "padtoken",
    "unktoken",
    "septoken",
    "clstoken",
    "masktoken",
    "specialtoken",
    "stoptoken",
    "starttoken",
    "endtoken",
    "maxtoken",
    "mintoken",
    "numtoken",
    // anti-forgery tokens are per-session values, not credentials worth hiding
    "csrftoken",
    "xsrftoken",
];

/// Position just past the last `\n`, `\r` or escaped `\n` before `pos` (the
/// start of `pos`'s line).
pub(super) fn line_start(hay: &[u8], pos: usize) -> usize {
    let mut i = pos;
    while i > 0 {
        let b = hay[i - 1];
        if b == b'\n' || b == b'\r' {
            return i;
        }
        if i >= 2 && (b == b'n' || b == b'r') && hay[i - 2] == b'\\' {
            return i;
        }
        i -= 1;
    }
    0
}

/// Whether only whitespace, a comment, or a closing delimiter follows `pos` on its line.
pub(super) fn rest_of_line_is_end(hay: &[u8], pos: usize) -> bool {
    let mut i = pos;
    while i < hay.len() && (hay[i] == b' ' || hay[i] == b'\t') {
        i += 1;
    }
    if i >= hay.len() {
        return true;
    }
    let adjacent = i == pos;
    match hay[i] {
        b'\n' | b'\r' | b'#' => true,
        // A closing quote/bracket or separator right after the value.
        b'"' | b'\'' | b'`' | b',' | b';' | b'}' | b')' | b']' => adjacent,
        b'\\' => {
            matches!(hay.get(i + 1), Some(b'n') | Some(b'r'))
                || (adjacent && hay.get(i + 1) == Some(&b'"'))
        }
        b'/' => hay.get(i + 1) == Some(&b'/'),
        _ => false,
    }
}

/// Normalized key (lower case, without `_`, `-`, `.`), and whether it names a secret.
pub(super) fn key_names_secret(key: &[u8]) -> bool {
    // `DB_PASS`, `ansible_become_pass`, `smtpPass`, `pass2`: `pass` as the last word.
    let last_word = {
        let mut i = key.len();
        while i > 0 && key[i - 1].is_ascii_digit() {
            i -= 1;
        }
        let end = i;
        while i > 0 && key[i - 1].is_ascii_alphabetic() {
            // stop at a camelCase boundary: `dbPass` → `Pass`
            if i < end && key[i].is_ascii_uppercase() && key[i - 1].is_ascii_lowercase() {
                break;
            }
            i -= 1;
        }
        &key[i..end]
    };
    if last_word.eq_ignore_ascii_case(b"pass") {
        return true;
    }
    let mut buf = Vec::new();
    let norm = normalize(key, &mut buf);
    if norm == b"pwd" || norm == b"oldpwd" {
        return false;
    }
    if KEY_DENY_SUFFIXES
        .iter()
        .any(|s| norm.ends_with(s.as_bytes()))
    {
        return false;
    }
    // The keyword occurrence that ends last decides.
    let Some((end, start)) = (1..=norm.len()).rev().find_map(|e| {
        KEYWORDS
            .iter()
            .find(|kw| norm[..e].ends_with(kw.as_bytes()))
            .map(|kw| (e, e - kw.len()))
    }) else {
        return false;
    };
    let tail = &norm[end..];
    if tail.iter().all(u8::is_ascii_digit) {
        return true;
    }
    if tail == b"id" && &norm[start..end] == b"secret" {
        return true; // Vault AppRole secret_id
    }
    KEY_TAILS.iter().any(|t| t.as_bytes() == tail)
}

/// A (lower-case) key that names a password, whose value may well be a plain
/// word (`password: sunshine`); `pass` alone (`first_pass`, `DB_PASS`) does not
/// count, as it is as often a compiler or render pass.
pub(super) fn names_password(key_lower: &[u8]) -> bool {
    memfind(key_lower, b"passw") || memfind(key_lower, b"passphrase") || memfind(key_lower, b"pwd")
}

pub(super) fn contains_keyword(v: &[u8]) -> bool {
    let mut buf = Vec::new();
    let lower = normalize(v, &mut buf);
    (0..lower.len()).any(|i| {
        let t = &lower[i..];
        KEYWORDS.iter().any(|kw| t.starts_with(kw.as_bytes()))
            || t.starts_with(b"pass")
            || t.starts_with(b"key")
    })
}

/// `v` in lower case without `_`, `-` and `.` (`DB_Password` → `dbpassword`).
pub(super) fn normalize<'b>(v: &[u8], buf: &'b mut Vec<u8>) -> &'b [u8] {
    buf.clear();
    buf.extend(
        v.iter()
            .filter(|b| !matches!(b, b'_' | b'-' | b'.'))
            .map(u8::to_ascii_lowercase),
    );
    buf
}

/// One `key = value` candidate: byte ranges into the haystack.
pub(super) struct Assign<'h> {
    /// Where the key starts, its opening quote included.
    key_start: usize,
    /// The key name.
    key: (usize, usize),
    /// The quote before and after the key (`"`, `'`, `` ` `` or `\"`), if any.
    /// (Empty when there is none: an `Option` here trips valgrind, whose view
    /// of `None`'s unused payload is "uninitialised".)
    kq: &'h [u8],
    kq2: &'h [u8],
    /// `x['key'] = …`
    sub: bool,
    /// The separator with the blanks around it (`=`, ` = `, `: `, `:=`, `=>`).
    sep: &'h [u8],
    /// The value, quotes included.
    val: (usize, usize),
    /// A `.env` line (`KEY=value` starting its line, maybe after `export`
    /// or a YAML `- `): the unquoted value runs to the end of the line, as a
    /// dotenv reader reads it, punctuation and blanks included.
    env_line: bool,
}

/// After a blank in a `KEY=value` line: whether the next word makes it a
/// shell command (`B=y`, `-x`, `./run`, `/usr/bin/x`, `&&`, `|`).
fn shell_goes_on(rest: &[u8]) -> bool {
    let rest = rest.trim_ascii_start();
    let word_len = rest
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(rest.len());
    let word = &rest[..word_len];
    match word.first() {
        Some(b'-' | b'/' | b'&' | b'|' | b';' | b'>' | b'<') => true,
        Some(b'.') => word.starts_with(b"./") || word.starts_with(b"../"),
        Some(_) => {
            let key = word
                .iter()
                .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
                .count();
            key > 0 && word.get(key) == Some(&b'=')
        }
        None => false,
    }
}

/// Whether the key starting at `key_start` starts its line, after blanks and
/// at most an `export`, a YAML list `-` or a diff's `+`/`-` (looked at
/// within a few bytes, so the cost does not depend on the line's length).
fn starts_line(hay: &[u8], key_start: usize) -> bool {
    let mut i = key_start;
    let blanks = |i: &mut usize| {
        while *i > 0 && matches!(hay[*i - 1], b' ' | b'\t') {
            *i -= 1;
        }
    };
    blanks(&mut i);
    if hay[..i].ends_with(b"export") && i - 6 < key_start.saturating_sub(1) {
        i -= 6;
        blanks(&mut i);
    } else if i > 0 && matches!(hay[i - 1], b'-' | b'+') {
        i -= 1;
        blanks(&mut i);
    }
    i == 0
        || matches!(hay[i - 1], b'\n' | b'\r')
        || (i >= 2 && hay[i - 2] == b'\\' && matches!(hay[i - 1], b'n' | b'r'))
}

/// Where a `.env` value starting at `vs` ends: before the line break (or an
/// escaped one, or the escaped quote closing a JSON string the line sits
/// in), a ` #` comment and trailing blanks. A line that goes on with another
/// assignment, an option or a path after a blank is a shell command
/// (`A=x B=y ./run`), whose value ends at that blank. `None` when the line
/// runs past `limit`.
fn env_value_end(hay: &[u8], vs: usize, limit: usize) -> Option<usize> {
    let mut j = vs;
    while j < limit {
        match hay[j] {
            b'\n' | b'\r' => break,
            b'\\' if matches!(hay.get(j + 1), Some(b'n' | b'r' | b'"')) => break,
            b'#' if j > vs && matches!(hay[j - 1], b' ' | b'\t') => break,
            b' ' | b'\t' if j > vs && shell_goes_on(&hay[j..limit]) => break,
            _ => j += 1,
        }
    }
    if j == limit && limit < hay.len() {
        return None;
    }
    while j > vs && matches!(hay[j - 1], b' ' | b'\t') {
        j -= 1;
    }
    Some(j)
}

/// The longest value `secret_assignment` reads: a value that runs on longer
/// (no closing quote, no blank or delimiter) is not taken for a secret, and
/// the scan for its end stops there, so that text made of keywords and
/// separators (`token=token=token=…`) costs time linear in its length.
pub(super) const MAX_VALUE: usize = 4096;

/// Parses `key = value` around the keyword at `p` (see [`parse_assignment_at`]),
/// and says how far it read: keywords before that position belong to this
/// key or value and are not keys of their own.
pub(super) fn parse_assignment(hay: &[u8], p: usize, ke: usize) -> (Option<Assign<'_>>, usize) {
    match parse_assignment_at(hay, p, ke) {
        // A quoted value may hold assignments of its own (`"note": "set
        // TOKEN=… first"`): its keywords are still looked at. Quotes end such
        // values near each keyword, so this stays linear.
        Ok(a) if matches!(hay[a.val.0], b'"' | b'\'' | b'`' | b'\\') => (Some(a), ke),
        Ok(a) => {
            let end = a.val.1;
            (Some(a), end)
        }
        Err(read_to) => (None, read_to.max(ke)),
    }
}

/// Parses `key = value` around the keyword at `p`: the key is the run of
/// key characters (`[A-Za-z0-9_.-]`) containing `p`, optionally quoted and
/// subscripted, then a separator, then a quoted or unquoted value of at most
/// [`MAX_VALUE`] bytes. On failure, how far it read.
fn parse_assignment_at(hay: &[u8], p: usize, ke: usize) -> Result<Assign<'_>, usize> {
    let mut ks = p;
    while ks > 0 && is_key_byte(hay[ks - 1]) {
        if p - ks >= LOOKBEHIND {
            return Err(ke);
        }
        ks -= 1;
    }
    let quote_at = |i: usize| -> &[u8] {
        if hay[i..].starts_with(b"\\\"") {
            &hay[i..i + 2]
        } else if matches!(hay.get(i), Some(b'"' | b'\'' | b'`')) {
            &hay[i..i + 1]
        } else {
            &hay[i..i]
        }
    };
    let kq = if ks >= 2 && &hay[ks - 2..ks] == b"\\\"" {
        &hay[ks - 2..ks]
    } else if ks >= 1 && matches!(hay[ks - 1], b'"' | b'\'' | b'`') {
        &hay[ks - 1..ks]
    } else {
        &hay[ks..ks]
    };
    let key_start = ks - kq.len();
    let mut i = ke;
    let kq2 = if i < hay.len() {
        quote_at(i)
    } else {
        &hay[i..i]
    };
    i += kq2.len();
    let sub = hay.get(i) == Some(&b']');
    if sub {
        i += 1;
    }
    let sep_start = i;
    while matches!(hay.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let rest = &hay[i..];
    i += if rest.starts_with(b":=") || rest.starts_with(b"=>") {
        2
    } else if rest.starts_with(b"=") || rest.starts_with(b":") {
        1
    } else {
        return Err(i);
    };
    while matches!(hay.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let sep = &hay[sep_start..i];
    let vs = i;
    // The value is looked for within MAX_VALUE bytes; reading stops there.
    let limit = (vs + MAX_VALUE).min(hay.len());
    let hv = &hay[..limit];
    let env_line = sep == b"="
        && kq.is_empty()
        && !sub
        && !matches!(hv.get(vs), Some(b'"' | b'\'' | b'`' | b'\\'))
        && starts_line(hay, key_start);
    if env_line {
        let ve = env_value_end(hay, vs, limit).ok_or(limit)?;
        if ve == vs {
            return Err(vs);
        }
        return Ok(Assign {
            key_start,
            key: (ks, ke),
            kq,
            kq2,
            sub,
            sep,
            val: (vs, ve),
            env_line,
        });
    }
    let ve = if hv[vs..].starts_with(b"\\\"") {
        // `\"value\"` inside an escaped JSON string
        let n = hv[vs + 2..]
            .iter()
            .position(|&b| matches!(b, b'"' | b'\\' | b'\r' | b'\n'))
            .ok_or(limit)?;
        if !hv[vs + 2 + n..].starts_with(b"\\\"") {
            return Err(vs + 2 + n);
        }
        vs + 2 + n + 2
    } else {
        match hv.get(vs) {
            Some(b'"') => {
                let mut j = vs + 1;
                loop {
                    match *hv.get(j).ok_or(limit)? {
                        b'"' => break j + 1,
                        b'\\' if hv.get(j + 1).is_some_and(|&b| b != b'\n') => j += 2,
                        b'\\' | b'\r' | b'\n' => return Err(j),
                        _ => j += 1,
                    }
                }
            }
            Some(&q @ (b'\'' | b'`')) => {
                let n = hv[vs + 1..]
                    .iter()
                    .position(|&b| b == q || b == b'\r' || b == b'\n')
                    .ok_or(limit)?;
                if hv[vs + 1 + n] != q {
                    return Err(vs + 1 + n);
                }
                vs + 1 + n + 1
            }
            _ => {
                let n = hv[vs..]
                    .iter()
                    .position(|&b| {
                        b.is_ascii_whitespace()
                            || matches!(
                                b,
                                b'"' | b'\''
                                    | b'`'
                                    | b','
                                    | b';'
                                    | b'&'
                                    | b'|'
                                    | b'<'
                                    | b'>'
                                    | b'('
                                    | b')'
                                    | b'{'
                                    | b'}'
                                    | b'['
                                    | b']'
                                    | b'\\'
                            )
                    })
                    .or(if limit == hay.len() {
                        Some(limit - vs)
                    } else {
                        None
                    })
                    .ok_or(limit)?;
                if n == 0 {
                    return Err(vs);
                }
                vs + n
            }
        }
    };
    Ok(Assign {
        key_start,
        key: (ks, ke),
        kq,
        kq2,
        sub,
        sep,
        val: (vs, ve),
        env_line,
    })
}

/// First words of text that describes a password rather than being one.
const PROSE_STARTS: &[&str] = &[
    "the", "a", "an", "your", "my", "our", "their", "enter", "type", "must", "should", "will",
    "is", "are", "used", "use", "for", "to", "please", "see", "set", "min", "max", "minimum",
    "maximum", "at", "required", "optional", "new", "old", "current", "user's", "users", "same",
    "not", "no", "only", "if", "when",
];

/// Words of a key naming a message about a password (an i18n catalog's
/// `cli.enter_password`, `hint.check_username_password`), whose value is
/// text shown to a person.
const MESSAGE_KEY_WORDS: &[&str] = &[
    "enter",
    "check",
    "reset",
    "forgot",
    "change",
    "hint",
    "label",
    "prompt",
    "message",
    "msg",
    "title",
    "placeholder",
    "error",
    "help",
    "desc",
    "tooltip",
    "text",
    "recommend",
    "invalid",
    "wrong",
    "required",
];

/// A value with blanks that is text for a person rather than a passphrase:
/// a description (`"The user's password"`, `"must be 12 characters."`),
/// text in a script other than Latin (`"请输入 cpolar 密码"`), or the value of a
/// message key.
fn reads_as_message(key_lower: &[u8], v: &[u8]) -> bool {
    !v.is_ascii() || is_message_key(key_lower) || reads_as_prose(v)
}

/// Whether a key has a word (between `_`, `.`, `-`) of
/// [`MESSAGE_KEY_WORDS`]: `hint.check_password`, not `enterprise_token`.
fn is_message_key(key_lower: &[u8]) -> bool {
    key_lower
        .split(|b| matches!(b, b'_' | b'.' | b'-' | b':'))
        .any(|word| MESSAGE_KEY_WORDS.iter().any(|w| w.as_bytes() == word))
}

/// A value with blanks that reads as a description (`"The user's password"`,
/// `"must be 12 characters."`) rather than a passphrase.
fn reads_as_prose(v: &[u8]) -> bool {
    let words: Vec<&[u8]> = v
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let Some(first) = words.first() else {
        return true;
    };
    words.len() > 6
        || matches!(v.last(), Some(b'.' | b'?' | b'!' | b':'))
        || contains_keyword(v)
        || PROSE_STARTS
            .iter()
            .any(|s| s.as_bytes().eq_ignore_ascii_case(first))
}

/// Code rather than a value: a call (`getpass()`, `os.getenv(…)`,
/// `SecretStr(…)`: a name of letters, `_` and `.`, then `(`), or a first
/// word followed by code punctuation (`creds['token']`, `api_key,` in a
/// call's arguments, `Vec<Token>`).
fn is_code_value(v: &[u8]) -> bool {
    let name = v
        .iter()
        .take_while(|&&b| b.is_ascii_alphabetic() || b == b'_' || b == b'.')
        .count();
    if name > 0 && v.get(name) == Some(&b'(') {
        return true;
    }
    let word = v
        .iter()
        .take_while(|&&b| is_word_byte(b) || b == b'.')
        .count();
    word > 0 && matches!(v.get(word), Some(b'[' | b',' | b')' | b'<'))
}

/// Checks one `secret_assignment` candidate; returns the secret's byte range.
pub(super) fn assignment_value(hay: &[u8], a: &Assign<'_>) -> Option<(usize, usize)> {
    let key_bytes = &hay[a.key.0..a.key.1];
    let (kq, kq2, sep) = (a.kq, a.kq2, a.sep);
    let v = &hay[a.val.0..a.val.1];
    let val_start = a.val.0;
    let val_end = a.val.1;
    let key_start = a.key_start;

    // The key must start at the start of a key-like run.
    if !left_ok(hay, key_start, is_key_byte) {
        return None;
    }
    if !key_names_secret(key_bytes) {
        return None;
    }
    let colon = sep.contains(&b':') && !sep.contains(&b'=');
    let key_quoted = !kq.is_empty() && kq == kq2;
    if a.sub && !(key_quoted && key_start > 0 && hay[key_start - 1] == b'[') {
        return None; // only `x['key'] = …` subscripts
    }
    if colon && !key_quoted && matches!(sep.first(), Some(b' ' | b'\t')) {
        return None; // `PASSWORD :'x'` (psql), `key :value`: not a mapping
    }
    // `x != y`, `x == y`
    if hay.get(val_start) == Some(&b'=') {
        return None;
    }
    // Quoted key: either `"key": …` (quotes match) or a whole `"Header-Token: value"` string.
    let header_string = match (kq.is_empty(), kq2.is_empty()) {
        (true, true) => false,
        (false, false) if kq == kq2 => false,
        (false, true) if colon && sep.ends_with(b" ") => true,
        _ => return None,
    };

    let quoted = matches!(v.first(), Some(b'"' | b'\'' | b'`')) || v.starts_with(b"\\\"");
    let (start, end) = if v.starts_with(b"\\\"") {
        (val_start + 2, val_end - 2)
    } else if quoted {
        (val_start + 1, val_end - 1)
    } else {
        (val_start, val_end)
    };
    if start >= end {
        return None;
    }
    let inner = &hay[start..end];
    if is_placeholder(inner) || inner.len() < 4 || is_name_or_version(inner) {
        return None;
    }
    if inner.starts_with(b"arn:") || memfind(inner, b"://") {
        return None; // an ARN or a URL names where a secret is, it is not one
    }
    let key_lower = key_bytes.to_ascii_lowercase();
    let password_key = names_password(&key_lower);
    let blanks = inner.iter().any(|b| b.is_ascii_whitespace());
    if is_message_key(&key_lower) {
        return None; // `hint.check_password`: text shown to a person
    }
    if a.env_line {
        // `.env`: the whole rest of the line is the value. Blanks belong to
        // passwords only; code (`token=os.environ`, `password=input(…)`)
        // and names are not values.
        if blanks && (!password_key || reads_as_message(&key_lower, inner)) {
            return None;
        }
        if is_code_value(inner) || is_code_path(inner) {
            return None;
        }
        if is_identifier(inner)
            && (inner.eq_ignore_ascii_case(key_bytes) || contains_keyword(inner))
        {
            return None;
        }
        if !password_key && is_plain_word(inner) {
            return None;
        }
        return Some((start, end));
    }
    if quoted {
        // A passphrase may have blanks; a description of one does too.
        if blanks && (!password_key || reads_as_message(&key_lower, inner)) {
            return None;
        }
        if !password_key && is_plain_word(inner) {
            return None; // "input_token": "NextToken", ACCESS_KEY = 'AWSAccessKeyId'
        }
        if inner.starts_with(b"\\n") {
            return None;
        }
        return Some((start, end));
    }

    // Unquoted: reject code, types and prose.
    if header_string && hay.get(end).copied() != kq.last().copied() {
        return None;
    }
    let next = hay.get(end).copied().unwrap_or(b'\n');
    if is_code_path(inner) {
        return None; // self.token, os.environ, token::Paren
    }
    if is_identifier(inner) && (inner.eq_ignore_ascii_case(key_bytes) || contains_keyword(inner)) {
        return None; // api_key=api_key, token=access_token
    }
    let spaced = matches!(sep.first(), Some(b' ' | b'\t'));
    // An unquoted value directly followed by code punctuation is an expression
    // (`f(password=pw, …)`, `creds['token']`, `frag_token: __u32,`, `Vec<Token>`);
    // a literal secret in code would be quoted. (`Password=x;` in a
    // connection string is the exception.)
    if matches!(next, b'(' | b'[' | b',' | b')' | b'<') || (next == b';' && (spaced || colon)) {
        return None;
    }
    if colon {
        if !key_quoted && !sep.ends_with(b" ") && !sep.ends_with(b"\t") {
            return None; // `secret:prod/db`, `passwd:files`: YAML needs a space after `:`
        }
        if !header_string && !rest_of_line_is_end(hay, end) {
            return None; // prose: "Password: must be 8 characters"
        }
    } else if spaced {
        // `a = b`: only INI-style lines (key at the start of the line, value to its end).
        let ls = line_start(hay, key_start);
        let before = hay[ls..key_start].trim_ascii();
        if !(before.is_empty() || before == b"export") || !rest_of_line_is_end(hay, end) {
            return None;
        }
        if is_plain_word(inner) && !password_key {
            return None; // `token = Error` in code
        }
    }
    // Token/secret/key names: a plain word is a status, a type or a name, not a secret.
    if !password_key && is_plain_word(inner) {
        return None;
    }
    Some((start, end))
}

/// Checks one `key="…" value="…"` match; returns the secret's byte range.
pub(super) fn flag_value(c: &Captures<'_>) -> Option<(usize, usize)> {
    let (key, val) = (c.name("key")?, c.name("val")?);
    key_value(key.as_bytes(), val.as_bytes(), val.start())
}

/// Checks one `--flag value` match (`m`, found by the `flag` regex, starting
/// at `at`), read without the regex's captures, which cost far more than
/// the match on text made of flags: a blank or line start, `--`, the key,
/// blanks, the value. Returns the secret's byte range.
pub(super) fn flag_match_value(m: &[u8], at: usize) -> Option<(usize, usize)> {
    let dashes = m.iter().position(|&b| b == b'-')?;
    let ks = dashes + 2;
    let ke = ks
        + m[ks..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-')
            .count();
    let vs = ke
        + m[ke..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
    key_value(&m[ks..ke], &m[vs..], at + vs)
}

/// Checks a `--flag` or attribute value `v` (at `v_at` in the haystack) of
/// the key `key`; returns the secret's byte range.
fn key_value(key: &[u8], v: &[u8], v_at: usize) -> Option<(usize, usize)> {
    if !key_names_secret(key) {
        return None;
    }
    let (start, end) = if matches!(v.first(), Some(b'"' | b'\'')) {
        (v_at + 1, v_at + v.len() - 1)
    } else {
        (v_at, v_at + v.len())
    };
    if start >= end {
        return None;
    }
    let inner = &v[start - v_at..end - v_at];
    if inner.starts_with(b"-")
        || is_placeholder(inner)
        || inner.len() < 4
        || is_name_or_version(inner)
    {
        return None;
    }
    if inner.iter().any(|b| b.is_ascii_whitespace())
        || inner.contains(&b'/') && !looks_random(inner)
    {
        return None; // a path (`--token-file`-like usage) or prose
    }
    if is_code_path(inner) {
        return None;
    }
    let key_lower = key.to_ascii_lowercase();
    if !names_password(&key_lower) && is_plain_word(inner) {
        return None; // `--token allow`
    }
    Some((start, end))
}
