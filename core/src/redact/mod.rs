//! Secret redaction.
//!
//! Redaction replaces only the bytes of a secret with `[REDACTED:<rule id>]`;
//! everything around it (the key name, the quotes, the URL's user and host,
//! the `Bearer ` scheme word, …) is kept byte for byte. A string in which no
//! rule fires is never touched, not even reallocated.
//!
//! The rules — their ids, descriptions and the order they are applied in —
//! are the [`Rule`](rules::Rule) table of module `rules` (listed at run time
//! by [`rules()`]); module `patterns` holds each rule's regexes and checks,
//! `assign` the hand-written reader of `key = value` assignments (with what
//! `secret_assignment` deliberately leaves alone), `heuristics` the tests of
//! whether a value looks like a secret or a placeholder, and `walk` which
//! strings of an event are redacted.
//!
//! # Performance
//!
//! One ASCII-case-insensitive Aho–Corasick scan over literal triggers
//! (`akia`, `ghp_`, `-----begin`, `://`, `token`, `pass`, …) decides which
//! rules can match at all. A rule runs only when one of its triggers is
//! present, and then only over the lines holding a trigger (from at most 256
//! bytes before it); `key = value` is parsed by hand around each keyword
//! rather than searched for. Text without candidates costs one automaton
//! pass and is never copied.

mod assign;
mod heuristics;
mod patterns;
mod rewrite;
mod rules;
#[cfg(test)]
mod tests;
mod walk;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use assign::{assignment_value, parse_assignment};
use heuristics::is_key_byte;
use patterns::Compiled;
pub use rewrite::{redact_transcript, Redaction, Replacement, Rewriter};
pub use rules::{rules, RedactRule};
use rules::{Rule, MARKER_TRIGGER, TRIGGERS};
pub(crate) use walk::{
    project_strings, redact_diff, redact_kind, redact_names, redact_node_inputs,
};

/// Compiled once (use [`Redactor::shared`] for the shared default instance).
pub struct Redactor {
    /// The trigger scans: triggers of 4+ bytes, then the 3-byte ones, each
    /// with the index in `triggers` of its patterns.
    scans: [(AhoCorasick, Vec<usize>); 2],
    /// Every trigger in one automaton without a prefilter, for short text
    /// (ids, names, keys), where setting up two SIMD searches costs more
    /// than walking the bytes once.
    short_scan: [(AhoCorasick, Vec<usize>); 1],
    /// For each trigger, the bit set of rules it enables.
    trigger_rules: Vec<u32>,
    re: Compiled,
}

impl Default for Redactor {
    fn default() -> Self {
        Redactor::new()
    }
}

impl std::fmt::Debug for Redactor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Redactor")
            .field("rules", &rules().len())
            .finish()
    }
}

/// How far before its trigger a match may start (the scheme before `://`,
/// the rest of a key name before `token`, …).
pub(super) const LOOKBEHIND: usize = 256;

/// One trigger occurrence: the rules it enables and the window to search.
struct Hit {
    rules: u32,
    pos: usize,
    start: usize,
    end: usize,
}

/// The secrets found so far, which never overlap: start → (end, rule index
/// into [`rules()`], or [`MARKER`] for an existing `[REDACTED:…]`).
pub(super) type Spans = BTreeMap<usize, (usize, usize)>;

/// Text up to this long is scanned for triggers by [`Redactor`]'s one-pass
/// automaton.
const SHORT: usize = 96;

/// Not a rule: the bit and span tag of an existing `[REDACTED:…]` marker.
const MARKER: usize = 31;

/// Not rules: bits of the triggers that name a command whose `-p` takes a
/// password (`docker login`, `sshpass`; `mysql`), so that those patterns
/// run only where such a command is named, not at every keyword.
pub(super) const LOGIN_COMMAND: u32 = 1 << 29;
pub(super) const MYSQL_COMMAND: u32 = 1 << 30;

/// The long strings a thread redacted last, with what redaction made of
/// them. A hit gives exactly what redacting again would (the same text,
/// result and counts), so output never depends on what is cached; the
/// cache only saves the scan. Bounded: a few entries of at most 64 KiB.
struct Repeats {
    entries: std::collections::VecDeque<Repeat>,
}

struct Repeat {
    input: String,
    /// The redacted text, or `None` when redaction changed nothing.
    output: Option<String>,
    result: (u32, bool),
    counts: Vec<u32>,
}

impl Repeats {
    const MIN_LEN: usize = 256;
    const MAX_LEN: usize = 64 << 10;
    const ENTRIES: usize = 8;

    /// Redacts `s` from the cache when it was seen; adds its counts.
    fn take(&mut self, s: &mut String, counts: &mut [u32]) -> Option<(u32, bool)> {
        let i = self
            .entries
            .iter()
            .position(|e| e.input.len() == s.len() && e.input == *s)?;
        let e = self.entries.remove(i)?;
        if let Some(out) = &e.output {
            s.clone_from(out);
        }
        for (c, n) in counts.iter_mut().zip(&e.counts) {
            *c += n;
        }
        let result = e.result;
        self.entries.push_front(e);
        Some(result)
    }

    fn put(
        &mut self,
        input: String,
        output: Option<String>,
        result: (u32, bool),
        counts: Vec<u32>,
    ) {
        if self.entries.len() == Self::ENTRIES {
            self.entries.pop_back();
        }
        self.entries.push_front(Repeat {
            input,
            output,
            result,
            counts,
        });
    }
}

thread_local! {
    static REPEATS: std::cell::RefCell<Repeats> =
        const { std::cell::RefCell::new(Repeats { entries: std::collections::VecDeque::new() }) };
}

impl Redactor {
    /// Builds the prefilter and compiles every rule.
    pub fn new() -> Redactor {
        // Case-sensitive over the (lower-case) triggers, run on a lower-cased copy
        // of the text: an ASCII-case-insensitive automaton gets no prefilter,
        // while this one gets the SIMD (Teddy) literal searcher. Leftmost-first
        // plus restarting one byte past each match finds every occurrence,
        // since no trigger is a prefix of another (unit-tested). The few
        // 3-byte triggers get their own scan: mixed with the rest they make
        // the searcher fingerprint only 3 bytes, and its false candidates on
        // ordinary code cost more than a second pass.
        let triggers: Vec<(&str, u32)> = TRIGGERS
            .iter()
            .map(|(t, rs)| {
                let command = match *t {
                    "login" | "sshpass" => LOGIN_COMMAND,
                    "mysql" | "mariadb" => MYSQL_COMMAND,
                    _ => 0,
                };
                (*t, rs.iter().fold(command, |m, r| m | r.bit()))
            })
            .chain([(MARKER_TRIGGER, 1 << MARKER)])
            .collect();
        let scan = |keep: &dyn Fn(&str) -> bool, prefilter: bool| {
            let idx: Vec<usize> = (0..triggers.len())
                .filter(|&i| keep(triggers[i].0))
                .collect();
            let ac = AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostFirst)
                .kind(Some(AhoCorasickKind::DFA))
                .prefilter(prefilter)
                .build(idx.iter().map(|&i| triggers[i].0))
                .expect("built-in redaction triggers");
            (ac, idx)
        };
        let trigger_rules = triggers.iter().map(|&(_, bits)| bits).collect();
        Redactor {
            scans: [scan(&|t| t.len() >= 4, true), scan(&|t| t.len() < 4, true)],
            short_scan: [scan(&|_| true, false)],
            trigger_rules,
            re: Compiled::new(),
        }
    }

    /// The lazily built default instance.
    pub fn shared() -> &'static Redactor {
        static SHARED: OnceLock<Redactor> = OnceLock::new();
        SHARED.get_or_init(Redactor::new)
    }

    /// The trigger occurrences in `hay`: for each, the rules it enables and
    /// the window a match involving it must lie in (its line, from at most
    /// [`LOOKBEHIND`] bytes before it; to the end of `hay` for private keys,
    /// which span lines).
    fn triggers(&self, hay: &[u8], hits: &mut Vec<Hit>) -> u32 {
        if hay.len() <= SHORT {
            let mut low = [0u8; SHORT];
            let low = &mut low[..hay.len()];
            low.copy_from_slice(hay);
            low.make_ascii_lowercase();
            return self.trigger_hits(&self.short_scan, hay, low, hits);
        }
        thread_local! {
            static LOWER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        LOWER.with(|low| match low.try_borrow_mut() {
            Ok(mut low) => {
                low.clear();
                low.extend_from_slice(hay);
                low.make_ascii_lowercase();
                let m = self.trigger_hits(&self.scans, hay, &low, hits);
                if low.capacity() > 1 << 20 {
                    *low = Vec::new(); // do not keep a huge buffer per thread
                }
                m
            }
            Err(_) => self.trigger_hits(&self.scans, hay, &hay.to_ascii_lowercase(), hits),
        })
    }

    /// [`Redactor::triggers`] given `low`, `hay` lower-cased (ASCII).
    fn trigger_hits(
        &self,
        scans: &[(AhoCorasick, Vec<usize>)],
        hay: &[u8],
        low: &[u8],
        hits: &mut Vec<Hit>,
    ) -> u32 {
        let mut mask = 0u32;
        // The line of the previous hit, `line_start..line_end`: found once per
        // line, so that many triggers on one line cost no more than one.
        let (mut line_start, mut line_end) = (0usize, 0usize);
        let mut have_line = false;
        // Every trigger occurrence as (position, trigger), in text order; no
        // two share a position, as no trigger is a prefix of another.
        let mut found: Vec<(usize, usize)> = Vec::new();
        for (ac, idx) in scans {
            let mut at = 0;
            while let Some(m) = ac.find(aho_corasick::Input::new(low).range(at..)) {
                at = m.start() + 1;
                found.push((m.start(), idx[m.pattern().as_usize()]));
            }
        }
        found.sort_unstable();
        for (p, trigger) in found {
            let rules = self.trigger_rules[trigger];
            mask |= rules;
            if !(have_line && line_start <= p && p < line_end) {
                line_start = memchr::memrchr(b'\n', &hay[..p]).map_or(0, |i| i + 1);
                line_end = memchr::memchr(b'\n', &hay[p..]).map_or(hay.len(), |i| p + i);
                have_line = true;
            }
            let start = line_start.max(p.saturating_sub(LOOKBEHIND));
            let end = if rules & Rule::PrivateKey.bit() != 0 {
                hay.len()
            } else {
                line_end
            };
            hits.push(Hit {
                rules,
                pos: p,
                start,
                end,
            });
        }
        mask
    }

    /// Replaces every secret in `s` in place with `[REDACTED:<rule id>]`.
    /// Returns how many replacements were made and adds 1 to `counts[i]` for
    /// each replacement by rule `i` (`counts` is indexed like [`rules()`]).
    /// Leaves `s` untouched (no reallocation) when nothing is found.
    pub fn redact_in_place(&self, s: &mut String, counts: &mut [u32]) -> u32 {
        self.redact_in_place_traced(s, counts).0
    }

    /// [`Redactor::redact_in_place`], also telling whether `s` held any
    /// trigger (a literal that every secret pattern needs nearby; triggers
    /// never span a line break). Without one, no line of `s` can hold a
    /// secret, nor can any text made of lines of `s`.
    pub(crate) fn redact_in_place_traced(&self, s: &mut String, counts: &mut [u32]) -> (u32, bool) {
        if (Repeats::MIN_LEN..=Repeats::MAX_LEN).contains(&s.len()) {
            // Transcripts repeat long strings: a turn's text in its parts, a
            // file written in its call and its edit, the instructions in every
            // Codex turn context. A string seen lately is not scanned again.
            let found =
                REPEATS.with(|r| r.try_borrow_mut().ok().and_then(|mut r| r.take(s, counts)));
            if let Some(result) = found {
                return result;
            }
            let before = s.clone();
            let mut local = vec![0u32; rules().len()];
            let result = self.redact_uncached(s, &mut local);
            for (c, n) in counts.iter_mut().zip(&local) {
                *c += n;
            }
            let out = (result.0 > 0).then(|| s.clone());
            REPEATS.with(|r| {
                if let Ok(mut r) = r.try_borrow_mut() {
                    r.put(before, out, result, local);
                }
            });
            return result;
        }
        self.redact_uncached(s, counts)
    }

    fn redact_uncached(&self, s: &mut String, counts: &mut [u32]) -> (u32, bool) {
        let hay = s.as_bytes();
        let mut hits = Vec::new();
        let mask = self.triggers(hay, &mut hits);
        if mask & !(1 << MARKER) == 0 {
            return (0, false);
        }
        (self.redact_hits(s, mask, &hits, counts), true)
    }

    /// The secrets of `s`: non-overlapping `(start, end, rule index)` byte
    /// ranges in text order, as [`Redactor::redact_in_place`] replaces them.
    pub(crate) fn secret_spans(&self, s: &str) -> Vec<(usize, usize, usize)> {
        let mut hits = Vec::new();
        let mask = self.triggers(s.as_bytes(), &mut hits);
        if mask & !(1 << MARKER) == 0 {
            return Vec::new();
        }
        self.spans(s, mask, &hits)
            .into_iter()
            .map(|(start, (end, rule))| (start, end, rule))
            .collect()
    }

    fn redact_hits(&self, s: &mut String, mask: u32, hits: &[Hit], counts: &mut [u32]) -> u32 {
        let spans = self.spans(s, mask, hits);
        if spans.is_empty() {
            return 0;
        }
        let mut out = String::with_capacity(s.len() + spans.len() * 24);
        let mut at = 0;
        for (&start, &(end, rule)) in &spans {
            out.push_str(&s[at..start]);
            out.push_str("[REDACTED:");
            out.push_str(rules()[rule].id);
            out.push(']');
            at = end;
            if let Some(c) = counts.get_mut(rule) {
                *c += 1;
            }
        }
        out.push_str(&s[at..]);
        *s = out;
        spans.len() as u32
    }

    /// The secrets of `s` given its trigger hits (existing markers excluded).
    fn spans(&self, s: &str, mask: u32, hits: &[Hit]) -> Spans {
        let hay = s.as_bytes();
        let mut spans = Spans::new();
        if mask & (1 << MARKER) != 0 {
            let mut from = 0;
            while let Some(i) = s[from..].find("[REDACTED:") {
                let start = from + i;
                let end = s[start..].find(']').map_or(s.len(), |j| start + j + 1);
                spans.insert(start, (end, MARKER));
                from = end;
            }
        }
        let mut windows: Vec<(usize, usize)> = Vec::new();
        for &rule in Rule::ALL {
            if mask & rule.bit() == 0 {
                continue;
            }
            windows.clear();
            for h in hits.iter().filter(|h| h.rules & rule.bit() != 0) {
                match windows.last_mut() {
                    Some(w) if h.start <= w.1 => w.1 = w.1.max(h.end),
                    _ => windows.push((h.start, h.end)),
                }
            }
            for &(from, to) in &windows {
                self.find(rule, hay, from, to, &mut spans);
            }
            if rule == Rule::SecretAssignment {
                for command in [LOGIN_COMMAND, MYSQL_COMMAND] {
                    windows.clear();
                    for h in hits.iter().filter(|h| h.rules & command != 0) {
                        match windows.last_mut() {
                            Some(w) if h.start <= w.1 => w.1 = w.1.max(h.end),
                            _ => windows.push((h.start, h.end)),
                        }
                    }
                    for &(from, to) in &windows {
                        self.find_command(command, hay, from, to, &mut spans);
                    }
                }
                // `key = value` is parsed by hand around each keyword occurrence.
                let mut done_to = 0;
                for h in hits
                    .iter()
                    .filter(|h| h.rules & Rule::SecretAssignment.bit() != 0)
                {
                    if h.pos < done_to {
                        continue; // same key as the previous keyword
                    }
                    let key_end =
                        h.pos + hay[h.pos..].iter().take_while(|&&b| is_key_byte(b)).count();
                    // Keywords inside the key or value just read are not keys
                    // of their own (which also keeps the work linear).
                    let (a, read_to) = parse_assignment(hay, h.pos, key_end);
                    done_to = read_to;
                    let Some(a) = a else {
                        continue;
                    };
                    if let Some((start, end)) = assignment_value(hay, &a) {
                        push_span(hay, &mut spans, start, end, Rule::SecretAssignment as usize);
                    }
                }
            }
        }
        spans.retain(|_, &mut (_, rule)| rule != MARKER);
        spans
    }

    /// Walks a JSON value and redacts every string in it, object keys
    /// included. Same return value and counting as
    /// [`Redactor::redact_in_place`].
    pub fn redact_value(&self, v: &mut serde_json::Value, counts: &mut [u32]) -> u32 {
        use serde_json::Value;
        let mut n = 0;
        let mut stack: Vec<&mut Value> = vec![v];
        while let Some(v) = stack.pop() {
            match v {
                Value::String(s) => n += self.redact_in_place(s, counts),
                Value::Array(a) => stack.extend(a.iter_mut()),
                Value::Object(o) => {
                    n += self.redact_keys(o, counts);
                    stack.extend(o.iter_mut().map(|(_, v)| v));
                }
                _ => {}
            }
        }
        n
    }

    /// Redacts the keys of an object (not its values). A key whose redacted
    /// form is already a key keeps its value under the first of them and the
    /// others are numbered (`#2`, …), so no value is lost.
    pub(crate) fn redact_keys(
        &self,
        o: &mut serde_json::Map<String, serde_json::Value>,
        counts: &mut [u32],
    ) -> u32 {
        let mut hits = Vec::new();
        let mut renames: Vec<(String, String)> = Vec::new();
        let mut n = 0;
        for k in o.keys() {
            hits.clear();
            if self.triggers(k.as_bytes(), &mut hits) & !(1 << MARKER) == 0 {
                continue;
            }
            let mut new = k.clone();
            let made = self.redact_in_place(&mut new, counts);
            if made > 0 {
                n += made;
                renames.push((k.clone(), new));
            }
        }
        for (old, new) in renames {
            let Some(v) = o.remove(&old) else { continue };
            let mut key = new.clone();
            let mut i = 2;
            while o.contains_key(&key) {
                key = format!("{new}#{i}");
                i += 1;
            }
            o.insert(key, v);
        }
        n
    }
}

/// Records a secret at `start..end` unless it is empty, splits a UTF-8
/// character, or overlaps a span already recorded (earlier rules win).
pub(super) fn push_span(hay: &[u8], spans: &mut Spans, start: usize, end: usize, rule: usize) {
    // Spans never overlap, so only the last one starting before `end` can
    // overlap `start..end`.
    let overlaps = spans
        .range(..end)
        .next_back()
        .is_some_and(|(_, &(e, _))| e > start);
    if start >= end || !is_boundary(hay, start) || !is_boundary(hay, end) || overlaps {
        return;
    }
    spans.insert(start, (end, rule));
}

fn is_boundary(hay: &[u8], i: usize) -> bool {
    // A UTF-8 char boundary: not a continuation byte.
    i >= hay.len() || (hay[i] as i8) >= -0x40
}
