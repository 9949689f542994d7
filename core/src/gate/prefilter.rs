//! A literal prefilter for the rule table.
//!
//! Most rules cannot match a sentence unless one of a few words appears in it
//! ("decided", "instead", "never", …). For each rule we derive, from its
//! parsed pattern, a set of literals such that every match of the rule
//! contains at least one of them; one Aho-Corasick pass over a sentence then
//! names the rules worth running. A rule with no such set always runs.
//!
//! The search runs over a *normalised* copy of the sentence and the literals
//! are normalised the same way: ASCII letters lower-cased and `’` folded to
//! `'`. The mapping works character by character, so if a match contains a
//! literal, the normalised sentence contains the normalised literal: the
//! prefilter can only add candidates, never drop a rule that matches.
//!
//! Case-insensitive matching also equates `s` with `ſ` (U+017F) and `k` with
//! the Kelvin sign (U+212A). Those two characters are left out of the
//! literals; a sentence that contains either of them skips the prefilter and
//! runs every rule.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use regex_syntax::hir::{Class, Hir, HirKind};

/// How many strings an exact set or a requirement may hold.
const MAX_SET: usize = 24;
/// How many characters a class may have and still be enumerated.
const MAX_CLASS: u32 = 6;
/// Literals are cut to this many bytes (a prefix of a literal is still required).
const MAX_LIT: usize = 8;

/// Non-ASCII characters that match ASCII letters case-insensitively.
const ASCII_FOLDS: [char; 2] = ['\u{17F}', '\u{212A}'];

/// At most this many literal sets are required per rule (all of them must be present).
const MAX_CONJUNCTS: usize = 3;

#[derive(Debug, Clone)]
pub(crate) struct Prefilter {
    ac: Option<AhoCorasick>,
    /// The (rule, conjunct bit) pairs each literal satisfies, literal after
    /// literal: those of literal `i` are `pairs[starts[i]..starts[i + 1]]`
    /// (one contiguous table: it is read for every literal found).
    pairs: Vec<(u32, u8)>,
    starts: Vec<u32>,
    /// Per rule, the bits of all its conjuncts; 0 when the rule always runs.
    full: Vec<u8>,
    /// The rules without literals.
    always: Vec<usize>,
}

/// Reusable buffers for [`Prefilter::candidates`].
#[derive(Default)]
pub(crate) struct Scratch {
    norm: Vec<u8>,
    seen: Vec<u8>,
    out: Vec<usize>,
}

impl Prefilter {
    /// Builds the prefilter for patterns compiled case-insensitively (as the
    /// gate compiles them). A pattern that does not parse gets no literals.
    pub(crate) fn new<P: AsRef<str>>(patterns: &[P]) -> Prefilter {
        let mut lits: Vec<Vec<u8>> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let mut lit_rules: Vec<Vec<(u32, u8)>> = Vec::new();
        let mut full = vec![0u8; patterns.len()];
        for (i, p) in patterns.iter().enumerate() {
            let Some(sets) = required_literals(p.as_ref()) else {
                continue;
            };
            for (k, set) in sets.iter().cloned().enumerate() {
                let bit = 1u8 << k;
                full[i] |= bit;
                for lit in set {
                    let id = *index.entry(lit.clone()).or_insert_with(|| {
                        lits.push(lit);
                        lit_rules.push(Vec::new());
                        lits.len() - 1
                    });
                    lit_rules[id].push((i as u32, bit));
                }
            }
        }
        // A contiguous NFA: with the literals of ten languages a DFA cost
        // 20 MB and most of a short parse's start-up, for a few per cent of
        // scanning speed.
        let ac = if lits.is_empty() {
            None
        } else {
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::Standard)
                .kind(Some(AhoCorasickKind::ContiguousNFA))
                .build(&lits)
                .ok()
        };
        if ac.is_none() {
            // Without an automaton every rule runs.
            full.iter_mut().for_each(|f| *f = 0);
            lit_rules.clear();
        }
        let always = (0..full.len()).filter(|&r| full[r] == 0).collect();
        let mut starts = vec![0u32];
        let mut pairs = Vec::new();
        for l in lit_rules {
            pairs.extend(l);
            starts.push(pairs.len() as u32);
        }
        Prefilter {
            ac,
            pairs,
            starts,
            full,
            always,
        }
    }

    /// The rules that may match `view`, in ascending order.
    pub(crate) fn candidates<'s>(&self, view: &str, scratch: &'s mut Scratch) -> &'s [usize] {
        let Scratch { norm, seen, out } = scratch;
        out.clear();
        let Some(ac) = &self.ac else {
            out.extend(0..self.full.len());
            return out;
        };
        if !normalise_into(view.as_bytes(), norm) {
            // `ſ` or the Kelvin sign: literals may be spelled differently.
            out.extend(0..self.full.len());
            return out;
        }
        if seen.len() != self.full.len() {
            seen.clear();
            seen.resize(self.full.len(), 0);
        }
        out.extend_from_slice(&self.always);
        let first_found = out.len();
        for m in ac.find_overlapping_iter(norm.as_slice()) {
            let lit = m.pattern().as_usize();
            for &(r, bit) in &self.pairs[self.starts[lit] as usize..self.starts[lit + 1] as usize] {
                let r = r as usize;
                if seen[r] == 0 {
                    out.push(r);
                }
                seen[r] |= bit;
            }
        }
        // Keep the rules whose every conjunct was found; reset `seen`.
        let mut keep = first_found;
        for k in first_found..out.len() {
            let r = out[k];
            if seen[r] == self.full[r] {
                out[keep] = r;
                keep += 1;
            }
            seen[r] = 0;
        }
        out.truncate(keep);
        out.sort_unstable();
        out
    }

    /// How many rules always run (for tests and diagnostics).
    #[cfg(test)]
    pub(crate) fn unfiltered(&self) -> usize {
        self.always.len()
    }
}

/// The ASCII white space of the gate's `\s`.
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ')
}

/// A pattern's required literal sets (all must be present; one literal of
/// each).
type LiteralSets = std::sync::Arc<Vec<Vec<Vec<u8>>>>;

/// The literal sets a pattern requires (`None` when it does not parse).
/// The built-in patterns' sets are derived ahead of time (see
/// [`super::prefilter_table`]): parsing the thousand patterns of ten
/// languages was a sixth of a short parse's instructions. Other patterns
/// are derived here and remembered for the life of the process: a host's
/// table that extends the built-in one rebuilds its prefilter from mostly
/// the same patterns.
fn required_literals(p: &str) -> Option<LiteralSets> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<String, Option<LiteralSets>>>> = OnceLock::new();
    // Bounded: a host may send many tables; past this the cache stops growing.
    const MAX: usize = 4096;
    if let Some(sets) = precomputed(p) {
        return sets;
    }
    let cache = CACHE.get_or_init(Default::default);
    if let Some(hit) = cache.lock().ok().and_then(|c| c.get(p).cloned()) {
        return hit;
    }
    let sets = derive(p);
    if let Ok(mut c) = cache.lock() {
        if c.len() < MAX {
            c.insert(p.to_owned(), sets.clone());
        }
    }
    sets
}

/// A pattern's key in the table of derived sets: the first 128 bits of
/// its BLAKE3 hash. A pattern that is not in the table (changed, or a
/// host's own) is derived as it is: the table can make start-up slower
/// when stale, never the literals wrong.
fn table_key(p: &str) -> u128 {
    let mut k = [0u8; 16];
    k.copy_from_slice(&blake3::hash(p.as_bytes()).as_bytes()[..16]);
    u128::from_be_bytes(k)
}

/// The sets derived ahead of time for `p`, if it is a built-in pattern.
fn precomputed(p: &str) -> Option<Option<LiteralSets>> {
    let table = super::prefilter_table::TABLE;
    let key = table_key(p);
    let at = table.binary_search_by_key(&key, |e| e.0).ok()?;
    Some(table[at].1.map(|sets| {
        std::sync::Arc::new(
            sets.iter()
                .map(|set| set.iter().map(|l| l.to_vec()).collect())
                .collect(),
        )
    }))
}

/// The literal sets of `p`, derived from its parsed form.
fn derive(p: &str) -> Option<LiteralSets> {
    // Parsed as written: the case-insensitive translation folds every class
    // (`\W`, `[^,;]` …) at a cost that was most of the gate's start-up, for
    // nothing, since only small classes are enumerated; `exact` folds the
    // literals and the small classes itself, as that translation would.
    regex_syntax::ParserBuilder::new()
        .build()
        .parse(p)
        .ok()
        .map(|h| {
            std::sync::Arc::new(
                strongest(conjuncts(&h))
                    .into_iter()
                    .map(|s| s.into_iter().collect())
                    .collect(),
            )
        })
}

/// The source of [`super::prefilter_table`] for `patterns` (the built-in
/// ones, as the gate and the cues hand them to [`Prefilter::new`]).
#[cfg(test)]
pub(super) fn render_table<P: AsRef<str>>(patterns: &[P]) -> String {
    use std::fmt::Write;
    let mut rows: Vec<(u128, Option<LiteralSets>)> = patterns
        .iter()
        .map(|p| (table_key(p.as_ref()), derive(p.as_ref())))
        .collect();
    rows.sort_by_key(|r| r.0);
    rows.dedup_by_key(|r| r.0);
    let mut out = String::from(
        "//! Generated from the built-in rule and cue patterns: the literal sets\n\
         //! the prefilter derives for each, keyed by the first 128 bits of the\n\
         //! pattern's BLAKE3 hash. Do not edit: run\n\
         //! `MEMSCRIBE_BLESS=1 cargo test -p memscribe --lib prefilter_table`.\n\n\
         #[rustfmt::skip]\n\
         pub(super) static TABLE: &[(u128, Option<&[&[&[u8]]]>)] = &[\n",
    );
    for (key, sets) in rows {
        let _ = write!(out, "(0x{key:032x}, ");
        match sets {
            None => out.push_str("None"),
            Some(sets) => {
                out.push_str("Some(&[");
                for set in sets.iter() {
                    out.push_str("&[");
                    for lit in set {
                        // (readable where it is text; the literals are cut
                        // on character boundaries, so it always is)
                        match std::str::from_utf8(lit) {
                            Ok(text) => {
                                let _ = write!(out, "{text:?}.as_bytes(),");
                            }
                            Err(_) => {
                                out.push_str("b\"");
                                for &b in lit {
                                    out.extend(std::ascii::escape_default(b).map(char::from));
                                }
                                out.push_str("\",");
                            }
                        }
                    }
                    out.push_str("],");
                }
                out.push_str("])");
            }
        }
        out.push_str("),\n");
    }
    out.push_str("];\n");
    out
}

/// ASCII lower-case, `’` → `'`, runs of ASCII white space → one space; other
/// bytes unchanged. False when `s` holds `ſ` or the Kelvin sign.
fn normalise_into(s: &[u8], out: &mut Vec<u8>) -> bool {
    out.clear();
    out.reserve(s.len());
    let mut ok = true;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b < 0x80 {
            if is_space(b) {
                if out.last() != Some(&b' ') {
                    out.push(b' ');
                }
            } else {
                out.push(b.to_ascii_lowercase());
            }
            i += 1;
        } else if s[i..].starts_with("’".as_bytes()) {
            out.push(b'\'');
            i += 3;
        } else {
            if ASCII_FOLDS
                .iter()
                .any(|c| s[i..].starts_with(c.encode_utf8(&mut [0; 4]).as_bytes()))
            {
                ok = false;
            }
            out.push(b);
            i += 1;
        }
    }
    ok
}

fn normalise(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    normalise_into(s, &mut out);
    out
}

/// Matches in which a `veto…` group took part are discarded, so for the
/// prefilter such a group is a sub-pattern that never matches: only the
/// other branches need their literals.
fn is_veto(c: &regex_syntax::hir::Capture) -> bool {
    c.name.as_deref().is_some_and(|n| n.starts_with("veto"))
}

/// Whether `h` can never match.
fn never(h: &Hir) -> bool {
    match h.kind() {
        HirKind::Class(Class::Unicode(c)) => c.ranges().is_empty(),
        HirKind::Class(Class::Bytes(c)) => c.ranges().is_empty(),
        HirKind::Capture(c) => is_veto(c) || never(&c.sub),
        HirKind::Repetition(r) => r.min >= 1 && never(&r.sub),
        HirKind::Concat(subs) => subs.iter().any(never),
        HirKind::Alternation(subs) => subs.iter().all(never),
        HirKind::Empty | HirKind::Literal(_) | HirKind::Look(_) => false,
    }
}

/// Every string `h` can match, normalised, when there are few and they are short.
fn exact(h: &Hir) -> Option<Vec<Vec<u8>>> {
    match h.kind() {
        HirKind::Empty | HirKind::Look(_) => Some(vec![Vec::new()]),
        HirKind::Literal(l) => {
            let mut acc = vec![Vec::new()];
            for one in char_sets(&l.0)? {
                acc = product(&acc, &one)?;
            }
            Some(acc)
        }
        HirKind::Class(Class::Unicode(c)) => {
            // (folding only adds characters: a large class is not cloned)
            if class_size(c) > MAX_CLASS {
                return None;
            }
            let mut c = c.clone();
            c.case_fold_simple();
            folded_chars(&c)
        }
        HirKind::Class(Class::Bytes(c)) => {
            let n: u32 = c
                .ranges()
                .iter()
                .map(|r| r.end() as u32 - r.start() as u32 + 1)
                .sum();
            if n > MAX_CLASS || c.ranges().iter().any(|r| r.end() >= 0x80) {
                return None;
            }
            let out = c
                .ranges()
                .iter()
                .flat_map(|r| r.start()..=r.end())
                .map(|b| normalise(&[b]))
                .collect();
            dedup(out)
        }
        HirKind::Capture(c) if is_veto(c) => Some(Vec::new()),
        HirKind::Capture(c) => exact(&c.sub),
        HirKind::Concat(subs) => {
            let mut acc = vec![Vec::new()];
            for s in subs {
                acc = product(&acc, &exact(s)?)?;
            }
            Some(acc)
        }
        HirKind::Alternation(subs) => {
            let mut out = Vec::new();
            for s in subs {
                out.extend(exact(s)?);
                // (a long list of names is past the cap long before its end:
                // the strings so far, without repeats, already say so)
                if out.len() > MAX_SET {
                    out = dedup_within(out, MAX_SET)?;
                }
            }
            dedup(out)
        }
        HirKind::Repetition(r) => {
            let one = exact(&r.sub)?;
            // White space runs are folded to one space, so `\s+` is exact.
            if one.iter().all(|s| s == b" ") {
                return Some(if r.min == 0 {
                    vec![Vec::new(), b" ".to_vec()]
                } else {
                    one
                });
            }
            let max = r.max?;
            if max > 3 {
                return None;
            }
            let mut out = Vec::new();
            let mut acc = vec![Vec::new()];
            for k in 0..=max {
                if k >= r.min {
                    out.extend(acc.iter().cloned());
                }
                if k < max {
                    acc = product(&acc, &one)?;
                }
            }
            dedup(out)
        }
    }
}

/// Each character of a literal with its case variants, normalised (ASCII
/// letters fold in `normalise`; a cased character of another script is the
/// class the case-insensitive translation would make of it).
fn char_sets(l: &[u8]) -> Option<Vec<Vec<Vec<u8>>>> {
    let text = std::str::from_utf8(l).ok()?;
    text.chars()
        .map(|ch| {
            let mut b = [0u8; 4];
            if ch.is_ascii() {
                Some(vec![normalise(ch.encode_utf8(&mut b).as_bytes())])
            } else {
                let mut c = regex_syntax::hir::ClassUnicode::new([
                    regex_syntax::hir::ClassUnicodeRange::new(ch, ch),
                ]);
                c.case_fold_simple();
                folded_chars(&c)
            }
        })
        .collect()
}

/// How many characters a class holds.
fn class_size(c: &regex_syntax::hir::ClassUnicode) -> u32 {
    c.ranges()
        .iter()
        .map(|r| r.end() as u32 - r.start() as u32 + 1)
        .sum()
}

/// The characters of a (case-folded) class, normalised, when there are few.
fn folded_chars(c: &regex_syntax::hir::ClassUnicode) -> Option<Vec<Vec<u8>>> {
    if class_size(c) > MAX_CLASS {
        return None;
    }
    let mut out = Vec::new();
    for r in c.ranges() {
        for ch in r.start()..=r.end() {
            if ASCII_FOLDS.contains(&ch) {
                continue;
            }
            let mut b = [0u8; 4];
            out.push(normalise(ch.encode_utf8(&mut b).as_bytes()));
        }
    }
    dedup(out)
}

fn product(a: &[Vec<u8>], b: &[Vec<u8>]) -> Option<Vec<Vec<u8>>> {
    if a.len() * b.len() > MAX_SET {
        return None;
    }
    let mut out = Vec::with_capacity(a.len() * b.len());
    for x in a {
        for y in b {
            let mut s = x.clone();
            // Keep white space runs folded across the junction.
            let y = if s.last() == Some(&b' ') {
                y.strip_prefix(b" ").unwrap_or(y)
            } else {
                y
            };
            s.extend_from_slice(y);
            out.push(s);
        }
    }
    dedup(out)
}

fn dedup(v: Vec<Vec<u8>>) -> Option<Vec<Vec<u8>>> {
    dedup_within(v, MAX_SET)
}

/// `v` sorted without repeats, if it then holds at most `cap` strings.
fn dedup_within(mut v: Vec<Vec<u8>>, cap: usize) -> Option<Vec<Vec<u8>>> {
    v.sort();
    v.dedup();
    (v.len() <= cap).then_some(v)
}

/// How many strings a requirement that [`fit`] shrinks may hold.
const MAX_UNION: usize = 128;

/// Shrinks a requirement that has too many strings by cutting them to a
/// common length (a prefix of a required string is still required).
fn fit(set: Vec<Vec<u8>>) -> Option<Vec<Vec<u8>>> {
    [usize::MAX, 12, 8, 6, 4, 3]
        .into_iter()
        .find_map(|len| dedup_within(set.iter().map(|s| cut_to(s, len)).collect(), MAX_UNION))
}

/// `s` cut to at most `len` bytes on a character boundary.
fn cut_to(s: &[u8], len: usize) -> Vec<u8> {
    let mut s = s[..s.len().min(len)].to_vec();
    while std::str::from_utf8(&s).is_err() {
        s.pop();
    }
    s
}

/// A set of literals one of which every match of `h` contains, or `None`.
fn required(h: &Hir) -> Option<Vec<Vec<u8>>> {
    let set = match h.kind() {
        HirKind::Empty | HirKind::Look(_) => None,
        HirKind::Class(_) => exact(h),
        // (a long literal of a cased script is a run of classes)
        HirKind::Literal(_) => exact(h).or_else(|| strongest(conjuncts(h)).into_iter().next()),
        HirKind::Capture(c) if is_veto(c) => None,
        HirKind::Capture(c) => required(&c.sub),
        HirKind::Repetition(r) if r.min >= 1 => required(&r.sub),
        HirKind::Repetition(_) => None,
        HirKind::Alternation(subs) => {
            let mut out: Vec<Vec<u8>> = Vec::new();
            // (`fit` cuts to three bytes at the shortest: once more than
            // its union's cap of three-byte prefixes are in, no cut fits)
            let mut prefixes = std::collections::HashSet::new();
            for s in subs.iter().filter(|s| !never(s)) {
                let more = required(s)?;
                for m in &more {
                    prefixes.insert(cut_to(m, 3));
                }
                if prefixes.len() > MAX_UNION {
                    return None;
                }
                out.extend(more);
            }
            fit(out)
        }
        HirKind::Concat(_) => strongest(conjuncts(h)).into_iter().next(),
    };
    set.and_then(usable)
}

/// Literal sets that are all required by every match of `h` (each set: one
/// of its strings occurs).
fn conjuncts(h: &Hir) -> Vec<Vec<Vec<u8>>> {
    match h.kind() {
        HirKind::Capture(c) if is_veto(c) => Vec::new(),
        HirKind::Capture(c) => conjuncts(&c.sub),
        HirKind::Repetition(r) if r.min >= 1 => conjuncts(&r.sub),
        HirKind::Alternation(subs) if subs.iter().filter(|s| !never(s)).count() == 1 => subs
            .iter()
            .find(|s| !never(s))
            .map(conjuncts)
            .unwrap_or_default(),
        HirKind::Literal(l) => char_sets(&l.0)
            .map(|chars| runs(chars.into_iter().map(Ok)))
            .unwrap_or_default(),
        HirKind::Concat(subs) => runs(subs.iter().flat_map(parts)),
        _ => required(h).into_iter().collect(),
    }
}

/// A child of a concatenation as parts of a run: a literal's characters
/// one by one, as the classes of a case-insensitive translation would be;
/// any other node whole.
fn parts(s: &Hir) -> Vec<Result<Vec<Vec<u8>>, &Hir>> {
    match s.kind() {
        HirKind::Literal(l) => match char_sets(&l.0) {
            Some(chars) => chars.into_iter().map(Ok).collect(),
            None => vec![Err(s)],
        },
        _ => vec![Err(s)],
    }
}

/// The conjuncts of a sequence of parts, each an exact set or a node:
/// runs of exact sets combine into longer literals; a run is closed when
/// its product would grow too large.
fn runs<'h>(parts: impl Iterator<Item = Result<Vec<Vec<u8>>, &'h Hir>>) -> Vec<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    let mut run: Option<Vec<Vec<u8>>> = None;
    for part in parts {
        let (e, node) = match part {
            Ok(e) => (Some(e), None),
            Err(h) => (exact(h), Some(h)),
        };
        match e {
            Some(e) => {
                run = Some(match run.take() {
                    None => e,
                    Some(r) => match product(&r, &e) {
                        Some(p) => p,
                        None => {
                            out.extend(usable(r));
                            e
                        }
                    },
                });
            }
            None => {
                out.extend(run.take().and_then(usable));
                if let Some(h) = node {
                    out.extend(conjuncts(h));
                }
            }
        }
    }
    out.extend(run.and_then(usable));
    out
}

/// The best few of `sets`, best first. Sets of one-letter strings filter
/// next to nothing and are kept only when nothing else is left.
fn strongest(mut sets: Vec<Vec<Vec<u8>>>) -> Vec<Vec<Vec<u8>>> {
    sets.sort_by(|a, b| score(b).cmp(&score(a)).then_with(|| a.cmp(b)));
    sets.dedup();
    let keep = 1 + sets
        .iter()
        .skip(1)
        .take(MAX_CONJUNCTS - 1)
        .take_while(|s| score(s).0 >= 2)
        .count();
    sets.truncate(keep);
    sets
}

/// A requirement is usable when none of its strings is empty; long strings
/// are cut (any match containing the string contains its prefix).
fn usable(set: Vec<Vec<u8>>) -> Option<Vec<Vec<u8>>> {
    if set.is_empty() || set.iter().any(|s| s.is_empty()) {
        return None;
    }
    fit(set.iter().map(|s| cut_to(s, MAX_LIT)).collect())
        .filter(|v| v.iter().all(|s| !s.is_empty()))
}

/// Better requirements have a longer shortest string (spaces not counted),
/// then fewer strings.
fn score(set: &[Vec<u8>]) -> (usize, std::cmp::Reverse<usize>) {
    let len = |s: &Vec<u8>| s.iter().filter(|&&b| b != b' ').count();
    (
        set.iter().map(len).min().unwrap_or(0),
        std::cmp::Reverse(set.len()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(p: &str) -> Option<Vec<String>> {
        let h = regex_syntax::ParserBuilder::new()
            .case_insensitive(true)
            .build()
            .parse(p)
            .unwrap();
        required(&h).map(|v| {
            v.into_iter()
                .map(|s| String::from_utf8(s).unwrap())
                .collect()
        })
    }

    #[test]
    fn literals_are_derived_from_the_pattern() {
        assert_eq!(
            req(r"\bwe\s+(?P<m>decided)\b"),
            Some(vec!["decided".to_string()])
        );
        assert_eq!(
            req(r"(?:prefer|rather)\s+x"),
            Some(vec!["prefer".to_string(), "rather".to_string()])
        );
        // Adjacent exact pieces combine; `’` folds to `'`.
        assert_eq!(req(r"don['’]t\s+\w+"), Some(vec!["don't".to_string()]));
        assert_eq!(
            req(r"\bfoo(?:bar)?\b"),
            Some(vec!["foo".to_string(), "foobar".to_string()])
        );
        // Nothing required.
        assert_eq!(req(r"^\W*\w+"), None);
        assert_eq!(req(r"(?:never)?\s+"), None);
        assert_eq!(req(r"a|\w+"), None);
    }

    #[test]
    fn ascii_letters_fold_only_to_the_two_known_characters() {
        let h = regex_syntax::ParserBuilder::new()
            .case_insensitive(true)
            .build()
            .parse("[a-z]")
            .unwrap();
        let HirKind::Class(Class::Unicode(c)) = h.kind() else {
            panic!("class expected")
        };
        let extra: Vec<char> = c
            .ranges()
            .iter()
            .flat_map(|r| r.start()..=r.end())
            .filter(|ch| !ch.is_ascii())
            .collect();
        assert_eq!(extra, ASCII_FOLDS.to_vec());
    }

    #[test]
    fn candidates_cover_every_matching_rule() {
        let pats: Vec<String> = [
            r"\bwe\s+decided\b",
            r"(?i)never\s+use",
            r"^\W*\w+",
            r"don['’]t\s+add",
            r"\bkeep\b",
            r"обязательно\s+для\s+всех",
            r"über\s+Straße",
        ]
        .map(String::from)
        .to_vec();
        let pf = Prefilter::new(&pats);
        assert_eq!(pf.unfiltered(), 1);
        let res: Vec<regex::Regex> = pats
            .iter()
            .map(|p| {
                regex::RegexBuilder::new(p)
                    .case_insensitive(true)
                    .build()
                    .unwrap()
            })
            .collect();
        let mut scratch = Scratch::default();
        for s in [
            "We DECIDED",
            "NEVER use it",
            "Don’t add deps",
            "don't ADD",
            "\u{212A}eep",
            "ke\u{17F}p",
            "nothing here",
            "we  decided.",
            // (a cased script other than Latin: its capitals match too)
            "ОБЯЗАТЕЛЬНО ДЛЯ ВСЕХ",
            "Обязательно для всех",
            "ÜBER STRAßE",
        ] {
            let cand = pf.candidates(s, &mut scratch).to_vec();
            for (i, re) in res.iter().enumerate() {
                if re.is_match(s) {
                    assert!(
                        cand.contains(&i),
                        "{s:?}: rule {i} matches but is not a candidate ({cand:?})"
                    );
                }
            }
        }
        let cand = pf.candidates("nothing here", &mut scratch).to_vec();
        assert_eq!(cand, vec![2]);
    }
}
