//! The gate's regex dialect: how a pattern of the rule table (or of the
//! gate's own helpers) becomes a compiled regex — the narrower class
//! escapes, `'` matching `’`, case-insensitive matching — and the compiled
//! form of a rule with its named groups, built on first use.

use std::sync::OnceLock;

use regex::{Regex, RegexBuilder};

/// A case-insensitive regex from a built-in pattern (the gate's classes, see
/// [`gate_classes`]; `'` matching `’` too); a pattern that fails to build
/// never matches.
pub(crate) fn ci(p: &str) -> Regex {
    RegexBuilder::new(&gate_classes(&expand_builtin(p)))
        .case_insensitive(true)
        .build()
        .unwrap_or_else(|_| Regex::new("$^").expect("never-matching regex"))
}

/// `lazy_re!(name, pattern)` defines `fn name() -> &'static Regex`, compiled
/// with [`ci`] on first use.
/// The topic a request may open with before its asking words ("and the
/// csv part, should we …"), shared by the request cue and the scorer's
/// "should we switch to X?".
macro_rules! request_topic {
    () => {
        r"(?:(?:for|as\s+for|about)?\s*the\s+[\w\s-]{1,25}?,\s*)?"
    };
}

macro_rules! lazy_re {
    ($name:ident, $pat:expr) => {
        pub(super) fn $name() -> &'static regex::Regex {
            static R: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
            R.get_or_init(|| $crate::gate::dialect::ci($pat))
        }
    };
}

/// The word characters of the gate's patterns: ASCII letters, digits and `_`,
/// the Latin letters of U+00C0–U+024F (Latin-1 Supplement without `×`
/// and `÷`, Latin Extended-A and -B), so that "naïve" or "Gödel" stay one
/// word. (Cyrillic is left out: every rule's automaton would grow for it;
/// the Russian table writes its boundaries with `[^\wЀ-ӿ]`.)
pub(crate) const WORD_CHARS: &str = "0-9A-Za-z_\u{C0}-\u{D6}\u{D8}-\u{F6}\u{F8}-\u{24F}";

/// Rewrites a rule pattern's class escapes into the forms the gate uses:
/// `\b` / `\B` become ASCII word boundaries (`(?-u:\b)`), `\w` / `\W` the
/// [`WORD_CHARS`] class and its negation (also inside `[...]`), and `\d` /
/// `\s` outside `[...]` their ASCII forms. Unicode's `\w` has some 700 ranges:
/// it multiplied the automata's states (compile time and memory) for no gain
/// on English rules. Escaped backslashes are left alone.
pub(crate) fn gate_classes(p: &str) -> String {
    let mut out = String::with_capacity(p.len() + 16);
    let mut chars = p.chars();
    // Inside `[...]` a class escape cannot be wrapped in a group.
    let mut in_class = false;
    while let Some(c) = chars.next() {
        if c == '[' && !in_class {
            in_class = true;
        } else if c == ']' && in_class {
            in_class = false;
        }
        if c == '\\' {
            match chars.next() {
                Some('b') => out.push_str(r"(?-u:\b)"),
                Some('B') => out.push_str(r"(?-u:\B)"),
                Some('w') if in_class => out.push_str(WORD_CHARS),
                Some('w') => {
                    out.push('[');
                    out.push_str(WORD_CHARS);
                    out.push(']');
                }
                Some('W') if !in_class => {
                    out.push_str("[^");
                    out.push_str(WORD_CHARS);
                    out.push(']');
                }
                // The positive ones only: a negated ASCII class could match
                // invalid UTF-8.
                Some(c @ ('s' | 'd')) if !in_class => {
                    out.push_str("(?-u:\\");
                    out.push(c);
                    out.push(')');
                }
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Built-in patterns only: `'` also matches the typographic apostrophe,
/// and in a negative contraction (`n't`) and in `i'm` it may be left out,
/// as people type them ("i dont want", "cant we", "im using").
pub(crate) fn expand_builtin(p: &str) -> String {
    let b = p.as_bytes();
    let mut out = String::with_capacity(p.len() + 16);
    for (i, c) in p.char_indices() {
        if c != '\'' {
            out.push(c);
            continue;
        }
        let prev = i.checked_sub(1).map(|j| b[j].to_ascii_lowercase());
        let next = b.get(i + 1).map(u8::to_ascii_lowercase);
        // `i'm` only as a word of its own (after a non-word byte or `\b`)
        let word_start = i.checked_sub(2).is_none_or(|j| {
            !b[j].is_ascii_alphanumeric() || (b[j] == b'b' && j >= 1 && b[j - 1] == b'\\')
        });
        let contraction = (prev == Some(b'n') && next == Some(b't'))
            || (prev == Some(b'i') && next == Some(b'm') && word_start);
        out.push_str(if contraction { "['’]?" } else { "['’]" });
    }
    with_shorthand(&out)
}

/// The word "with" in a pattern also reads as its shorthand `w/` ("build
/// a small api w/ fastapi"): where it stands as a word of its own (after a
/// bracket, a bar, `\b` or a space class, before a bar, a bracket or an
/// escape), not inside another word ("without").
fn with_shorthand(p: &str) -> String {
    const WORD: &str = "with";
    if !p.contains(WORD) {
        return p.to_string();
    }
    let mut out = String::with_capacity(p.len() + 32);
    let mut rest = p;
    while let Some(at) = rest.find(WORD) {
        let head = &rest[..at];
        let tail = &rest[at + WORD.len()..];
        let opens = head.ends_with(['(', '|', ':', '+', '*', '?', '>'])
            || head.ends_with("\\b")
            || head.ends_with("\\s")
            || head.is_empty() && out.is_empty();
        let closes = tail.starts_with(['|', ')', '\\']) || tail.is_empty();
        out.push_str(head);
        if opens && closes && !tail.starts_with("\\w") {
            out.push_str("(?:with|w/)");
        } else {
            out.push_str(WORD);
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

#[derive(Debug, Clone)]
pub(crate) struct Compiled {
    /// The rule's regex, on the engine the `regex` crate wraps (its builder
    /// does not expose the setting below).
    pub re: regex_automata::meta::Regex,
    /// Groups whose taking part discards the match.
    pub vetoes: Vec<usize>,
    /// The marker span groups (`m`, `m2`, …).
    pub m: Vec<usize>,
    pub chosen: Option<usize>,
    pub rejected: Option<usize>,
}

impl Compiled {
    /// Compiles a pattern already passed through [`gate_classes`]: case
    /// insensitive, leftmost-first, as `regex::RegexBuilder` would, but
    /// without the regex's own literal prefilter. The gate's prefilter has
    /// already found the rule's words in the sentence, and sentences are
    /// short; building a prefilter (and, for a rule whose literals sit
    /// inside it, a reverse automaton) for each of some hundred rules was a
    /// fifth of their compile time.
    pub(crate) fn new(pat: &str) -> Result<Compiled, regex_automata::meta::BuildError> {
        use regex_automata::{meta, util::syntax, MatchKind};
        let re = meta::Builder::new()
            .configure(
                meta::Config::new()
                    .match_kind(MatchKind::LeftmostFirst)
                    .utf8_empty(true)
                    .nfa_size_limit(Some(1 << 23))
                    .hybrid_cache_capacity(1 << 22)
                    .auto_prefilter(false)
                    .onepass(false),
            )
            .syntax(syntax::Config::new().case_insensitive(true).utf8(true))
            .build(pat)?;
        let mut c = Compiled {
            re,
            vetoes: Vec::new(),
            m: Vec::new(),
            chosen: None,
            rejected: None,
        };
        let names: Vec<Option<&str>> =
            c.re.group_info()
                .pattern_names(regex_automata::PatternID::ZERO)
                .collect();
        for (i, name) in names.into_iter().enumerate() {
            match name {
                Some(n)
                    if n == "m"
                        || (n.len() > 1
                            && n.starts_with('m')
                            && n[1..].bytes().all(|b| b.is_ascii_digit())) =>
                {
                    c.m.push(i)
                }
                Some("chosen") => c.chosen = Some(i),
                Some("rejected") => c.rejected = Some(i),
                Some(n) if n.starts_with("veto") => c.vetoes.push(i),
                _ => {}
            }
        }
        Ok(c)
    }
}

/// A pattern of the gate's tables (already in the gate's classes) and its
/// case-insensitive regex, compiled on first use: the prefilter names the
/// patterns worth running, and most never are. A pattern that does not
/// build never matches (the tables are tested to build).
#[derive(Debug)]
pub(crate) struct LazyRegex {
    pattern: String,
    multi_line: bool,
    re: OnceLock<Regex>,
}

impl LazyRegex {
    pub(crate) fn new(pattern: String, multi_line: bool) -> LazyRegex {
        LazyRegex {
            pattern,
            multi_line,
            re: OnceLock::new(),
        }
    }

    pub(crate) fn pattern(&self) -> &str {
        &self.pattern
    }

    pub(crate) fn get(&self) -> &Regex {
        self.re.get_or_init(|| {
            RegexBuilder::new(&self.pattern)
                .case_insensitive(true)
                .multi_line(self.multi_line)
                .size_limit(1 << 24)
                .dfa_size_limit(1 << 23)
                .build()
                .unwrap_or_else(|_| Regex::new("$^").expect("never-matching regex"))
        })
    }
}

/// A rule's regex, compiled when the prefilter first names the rule as a
/// candidate (most rules never are on a short transcript), or up front for a
/// host's table so that a bad pattern is an error of [`Gate::from_rules`].
/// Shared by every clone of the gate.
#[derive(Debug)]
pub(crate) struct LazyRule {
    pub pattern: String,
    /// Matched against the sentence as [`fold_case`] writes it, with the
    /// technology names compiled case-sensitively (see [`LazyRule::new`]).
    pub folded: bool,
    /// `None` when the pattern does not compile (it then never matches; the
    /// built-in ones are tested to compile).
    pub cell: OnceLock<Option<Compiled>>,
}

/// `s` with ASCII and basic Cyrillic capitals in lower case. Byte offsets are
/// kept: each replaced letter has the same UTF-8 length as its capital.
pub(crate) fn fold_case(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'A'..='Z' => c.to_ascii_lowercase(),
            '\u{410}'..='\u{42F}' => char::from_u32(c as u32 + 0x20).unwrap_or(c),
            '\u{401}' => '\u{451}',
            _ => c,
        })
        .collect()
}

/// Where `tech` (the built-in names; another string is searched for as
/// is) first occurs in `hay`. The names are some thousands of bytes: a
/// searcher for them is built once (building one for each of the
/// table's patterns, with `str::contains` and `str::replace`, cost more
/// than a tenth of the table's compile time).
fn find_tech(hay: &str, tech: &str) -> Option<usize> {
    static FINDER: OnceLock<(&'static str, memchr::memmem::Finder<'static>)> = OnceLock::new();
    let (needle, finder) = FINDER.get_or_init(|| {
        let t = super::rules::tech_names_pattern();
        (t, memchr::memmem::Finder::new(t.as_bytes()))
    });
    if std::ptr::eq(*needle, tech) {
        finder.find(hay.as_bytes())
    } else {
        hay.find(tech)
    }
}

/// `pattern` with each `tech` replaced by `with`; `None` when it holds none.
pub(crate) fn replace_tech(pattern: &str, tech: &str, with: &str) -> Option<String> {
    let mut at = Some(find_tech(pattern, tech)?);
    let mut out = String::with_capacity(pattern.len() + with.len());
    let mut rest = pattern;
    while let Some(i) = at {
        out.push_str(&rest[..i]);
        out.push_str(with);
        rest = &rest[i + tech.len()..];
        at = find_tech(rest, tech);
    }
    out.push_str(rest);
    Some(out)
}

impl LazyRule {
    /// Whether the pattern can only match at the start of a sentence
    /// (`^…`, or an alternation of starts that opens with `^`).
    pub(crate) fn sentence_initial(&self) -> bool {
        self.pattern.trim_start_matches("(?:").starts_with('^')
    }

    /// A rule of `pattern` (already passed through [`gate_classes`]). When it
    /// holds the technology names `tech` (lower case) and no case-sensitive
    /// part of its own, it is compiled with the names case-sensitive and
    /// matched against the case-folded sentence: the same matches, and the
    /// case folding of some 470 names, most of the table's compile
    /// time, is not built into every such rule.
    pub(crate) fn new(pattern: String, tech: &str) -> LazyRule {
        let folded = find_tech(&pattern, tech).is_some() && !pattern.contains("(?-i");
        LazyRule {
            pattern,
            folded,
            cell: OnceLock::new(),
        }
    }

    /// The pattern as compiled.
    pub(crate) fn compiled_pattern(&self, tech: &str) -> std::borrow::Cow<'_, str> {
        if self.folded {
            std::borrow::Cow::Owned(
                replace_tech(&self.pattern, tech, &format!("(?-i:{tech})"))
                    .unwrap_or_else(|| self.pattern.clone()),
            )
        } else {
            std::borrow::Cow::Borrowed(&self.pattern)
        }
    }

    pub(crate) fn get(&self) -> Option<&Compiled> {
        self.cell
            .get_or_init(|| {
                Compiled::new(&self.compiled_pattern(super::rules::tech_names_pattern())).ok()
            })
            .as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::expand_builtin;

    fn hit(p: &str, t: &str) -> bool {
        regex::Regex::new(&expand_builtin(p)).unwrap().is_match(t)
    }

    #[test]
    fn apostrophes_typed_or_left_out() {
        // both apostrophes; a negative contraction and a lone "i'm" may drop it
        for t in ["don't use it", "don’t use it", "dont use it"] {
            assert!(hit(r"\bdon't\s+use\b", t), "{t}");
        }
        assert!(hit(r"\bcan't\s+we\b", "cant we use another provider"));
        assert!(hit(r"\bi'm\s+using\b", "im using postgres"));
        assert!(hit(r"(?:^|\s)i'm\s+using\b", "so im using postgres"));
        // elsewhere the apostrophe stays required
        assert!(!hit(r"\bit's\s+fine\b", "its fine"));
        assert!(!hit(r"\blet's\s+go\b", "lets go"));
        assert!(!hit(r"\bwe're\b", "were"));
        // "i'm" inside a word is not the pronoun
        assert!(!hit(r"hi'm", "him"));
    }
}
