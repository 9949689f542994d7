//! The commitment gate: finds decisions in what a person typed to a coding
//! agent, deterministically (no model, no randomness, no floats).
//!
//! # Pipeline
//!
//! 1. **Prose only.** The turn is split into lines (module `text`); fenced code
//!    (```` ``` ````/`~~~`), indented code (4 spaces / tab), `>` quotes and
//!    log / tool-output lines (timestamps, log levels, `error[E0308]:`,
//!    `  --> src/x.rs:3:5`, `    at f (x.js:1:2)`, `Traceback`, `File "x.py",
//!    line 3`, `thread 'main' panicked`, `npm ERR!`, …) are dropped. The rest is
//!    split into sentences (bullets, headings and newlines start a sentence;
//!    `.`/`!`/`?`/`…` end one unless part of `e.g.`, `i.e.`, `main.rs`,
//!    `v1.2`, `query!` …). Inline code spans and quoted strings are masked with
//!    `_` (same byte length) so that words inside them never fire.
//! 2. **Markers.** Every [`Rule`] of the table is a regex matched
//!    case-insensitively against each masked sentence separately (a literal
//!    prefilter, module `prefilter`, skips the rules whose required words are
//!    absent), so `^`/`$` mean the sentence's start/end. Conventions for patterns:
//!    * named group `m` (or `m2`, `m3`, … in alternations): the marker's
//!      span (default: the whole match);
//!    * named groups starting with `veto`: when such a group takes part in a
//!      match, the match is discarded (the regex crate has no look-around;
//!      put the veto alternative *first* so leftmost-first matching prefers it);
//!    * named groups `chosen` / `rejected`: option spans used by the extractor;
//!    * `\b` / `\B` are ASCII word boundaries (keeps matching on the fast DFA
//!      path); `\w` / `\W` are ASCII letters, digits and `_` plus the Latin
//!      letters U+00C0–U+024F (and their complement); `\d` and `\s` outside
//!      `[...]` are ASCII; in the built-in table `'` also matches `’`.
//! 3. **Score.** Per sentence, the sum of the strengths (1–3) of its markers
//!    in the categories decision_verb, rejection, ban, memory, confirmation
//!    and imperative (action_request markers are reported but weigh 0).
//!    Cancelling cues (module `cues`, a fixed documented table) then apply:
//!    * a question (ends with `?`, starts with an interrogative, "what do you
//!      think"), a hedge ("maybe", "we could", "I think we should", "what
//!      about"), delegation ("you decide", "whatever you think is best"),
//!      indecision ("haven't decided", "let me think"), an experiment ("try it
//!      … and see") or a decision reported from someone else → score 0;
//!    * temporary scope ("for now", "yet", "in this PR", "we'll … later") →
//!      score 0 unless the sentence also has a memory marker of strength ≥ 2
//!      ("anymore", "from now on", "every X must");
//!    * a conditional ("if …", "when …") → only ban and memory markers count.
//!
//!    A decision_verb, confirmation or imperative marker lying inside another
//!    marker's `rejected` span ("Option B" in "Option B is out") does not count.
//!
//!    An emphatic fragment ("Period.", "Ever.", "Final answer.") adds its
//!    score to the sentence before it.
//!
//!    Consecutive sentences made only of confirmation markers ("I agree.
//!    Go ahead.") count together, on the later one.
//!
//!    Support: a sentence that scores ≥ 2 with a decision_verb or ban marker
//!    gets +1 when a neighbouring, uncancelled sentence holds a rejection
//!    marker of strength ≥ 2 ("Option B is out. We do plain CRUD tables.").
//! 4. **Decide.** The turn is a decision when some sentence scores ≥
//!    [`THRESHOLD`] (3). The epitome is the highest-scoring sentence (the
//!    earliest on ties). Failing that, a short sentence that names one item
//!    of an earlier "A vs B vs C" list or bulleted list is a pick
//!    ("sqlite-vss vs pgvector… pgvector.").
//! 5. **Extract.** Options come from the `chosen` / `rejected` groups of the
//!    epitome's markers (constructions: "X instead of Y", "X rather than Y",
//!    "X over Y", "not X but Y", "X, not Y", "switch from Y to X", "replace Y
//!    with X", "yes to X, no to Y", bans), trimmed to a short span; then from
//!    lists in the turn ("A vs B", bullets) matched against the chosen
//!    option; then from neighbouring "Option B is out" / "X was the other
//!    option" sentences; for a ban without a replacement in the sentence, from
//!    a following "use X" / "X instead" / "X only." sentence. A chosen
//!    option that comes only from a statement of practice ("we do X", "use
//!    X") is kept only when an alternative was named; selections ("go with
//!    X", "option 2", "X it is") always keep it. `is_ban` is true when the
//!    epitome's first strong (≥ 2) decisive marker is a ban and no "use X"
//!    choice precedes it ("use the helper, don't write a new one" is a choice).
//!    `confirmation` is the first test / check named in the epitome or the two
//!    sentences after it (`` `cargo test --test x` ``, `tests/golden.rs`,
//!    `test_roundtrip`, "the integration suite", `make bench`, …).
//!
//! Everything is a pure function of the input text; regexes are compiled
//! once per [`Gate`] (the built-in gate once per process) and every regex
//! search is linear in the sentence length. Sentences are cut at 2000 bytes.
//!
//! [`Gate::decide_confirmation`] documents how confirmations of an
//! assistant's proposal are resolved.

/// A case-insensitive regex from a built-in pattern (the gate's classes, see
/// [`gate_classes`]; `'` matching `’` too); a pattern that fails to build
/// never matches.
fn ci(p: &str) -> Regex {
    RegexBuilder::new(&gate_classes(&expand_builtin(p)))
        .case_insensitive(true)
        .build()
        .unwrap_or_else(|_| Regex::new("$^").expect("never-matching regex"))
}

/// `lazy_re!(name, pattern)` defines `fn name() -> &'static Regex`, compiled
/// with [`ci`] on first use.
macro_rules! lazy_re {
    ($name:ident, $pat:expr) => {
        fn $name() -> &'static regex::Regex {
            static R: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
            R.get_or_init(|| super::ci($pat))
        }
    };
}

mod confirm;
mod cues;
mod options;
mod prefilter;
mod rules;
#[cfg(test)]
mod tests;
mod text;

use regex::{Regex, RegexBuilder};
use std::collections::HashSet;
use std::sync::OnceLock;

/// A sentence is decisive when its score reaches this value.
pub const THRESHOLD: u32 = 3;
const EPITOME_MAX: bool = true;

pub use crate::nodes::{Category, Marker};
pub use crate::options::Rule;

/// A decision found in a person's turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionDraft {
    /// The verbatim decisive sentence (exact substring of the text), not the whole turn.
    pub epitome: String,
    /// Byte offset of the epitome in the text.
    pub epitome_offset: usize,
    /// Considered options `(text, chosen)`, in text order.
    pub options: Vec<(String, bool)>,
    /// A lasting prohibition ("never use X", "do not add a dependency on X", …).
    pub is_ban: bool,
    /// The test / check the decision names, if any.
    pub confirmation: Option<String>,
    /// The markers that fired in the whole turn (prose only).
    pub markers: Vec<Marker>,
}

#[derive(Debug, Clone)]
struct Compiled {
    re: Regex,
    vetoes: Vec<usize>,
    m: Vec<usize>,
    chosen: Option<usize>,
    rejected: Option<usize>,
}

impl Compiled {
    /// Compiles a pattern already passed through [`gate_classes`].
    fn new(pat: &str) -> Result<Compiled, regex::Error> {
        let re = RegexBuilder::new(pat).case_insensitive(true).size_limit(1 << 23).dfa_size_limit(1 << 22).build()?;
        let mut c = Compiled { re, vetoes: Vec::new(), m: Vec::new(), chosen: None, rejected: None };
        for (i, name) in c.re.capture_names().enumerate() {
            match name {
                Some(n)
                    if n == "m" || (n.len() > 1 && n.starts_with('m') && n[1..].bytes().all(|b| b.is_ascii_digit())) =>
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

/// A rule's regex, compiled when the prefilter first names the rule as a
/// candidate (most rules never are on a short transcript), or up front for a
/// host's table so that a bad pattern is an error of [`Gate::from_rules`].
/// Shared by every clone of the gate.
#[derive(Debug)]
struct LazyRule {
    pattern: String,
    /// `None` when the pattern does not compile (it then never matches; the
    /// built-in ones are tested to compile).
    cell: OnceLock<Option<Compiled>>,
}

impl LazyRule {
    fn get(&self) -> Option<&Compiled> {
        self.cell.get_or_init(|| Compiled::new(&self.pattern).ok()).as_ref()
    }
}

/// The compiled rule table.
#[derive(Debug, Clone)]
pub struct Gate {
    rules: Vec<Rule>,
    compiled: std::sync::Arc<[LazyRule]>,
    prefilter: prefilter::Prefilter,
    /// Rule id → index into `rules`.
    by_id: std::collections::HashMap<String, usize>,
}

/// A marker occurrence with its option spans (absolute byte ranges).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hit {
    pub rule: usize,
    pub start: usize,
    pub end: usize,
    pub chosen: Option<(usize, usize)>,
    pub rejected: Option<(usize, usize)>,
}

/// One analysed sentence.
#[derive(Debug, Clone)]
pub(crate) struct Sent {
    pub s: text::Sentence,
    pub view: String,
    pub hits: Vec<Hit>,
    cues: std::cell::OnceCell<cues::CueFlags>,
    pub score: u32,
}

impl Sent {
    /// The sentence's cues, computed on first use (most sentences have no
    /// marker and never need them).
    pub(crate) fn cues(&self) -> cues::CueFlags {
        *self.cues.get_or_init(|| cues::cues().flags(&self.view))
    }
}

/// A whole analysed turn.
#[derive(Debug, Clone)]
pub(crate) struct Analysis<'a> {
    pub text: &'a str,
    pub sents: Vec<Sent>,
}

/// The word characters of the gate's patterns: ASCII letters, digits and `_`,
/// and the Latin letters of U+00C0–U+024F (Latin-1 Supplement without `×`
/// and `÷`, Latin Extended-A and -B), so that "naïve" or "Gödel" stay one word.
const WORD_CHARS: &str = "0-9A-Za-z_\u{C0}-\u{D6}\u{D8}-\u{F6}\u{F8}-\u{24F}";

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

/// Built-in patterns only: `'` also matches the typographic apostrophe.
pub(crate) fn expand_builtin(p: &str) -> String {
    p.replace('\'', "['’]")
}

pub(crate) fn text_is_closer(c: char) -> bool {
    matches!(c, ')' | ']' | '"' | '\'' | '”' | '’' | '*' | '_' | '`')
}

fn builtin_cached() -> &'static Gate {
    static G: OnceLock<Gate> = OnceLock::new();
    G.get_or_init(|| Gate::build(Gate::builtin_rules(), false).unwrap_or_else(|_| Gate::empty()))
}

/// Whether markers of this category add to a sentence's score
/// (action requests are reported but weigh nothing).
pub(crate) fn is_scored(c: Category) -> bool {
    !matches!(c, Category::ActionRequest)
}

impl Gate {
    /// The gate `opts` asks for (`gate_rules`, `gate_mode`); the built-in one
    /// is compiled once per process. A bad rule is an `invalid_options` error.
    pub(crate) fn for_options(opts: &crate::Options) -> Result<std::sync::Arc<Gate>, crate::Error> {
        use crate::options::GateMode;
        use std::sync::Arc;
        static BUILTIN: OnceLock<Arc<Gate>> = OnceLock::new();
        let built = match (&opts.gate_rules, opts.gate_mode) {
            (None, GateMode::Extend) => return Ok(BUILTIN.get_or_init(|| Arc::new(Gate::builtin())).clone()),
            (None, GateMode::Replace) => Gate::from_rules(Vec::new()),
            (Some(r), GateMode::Extend) => Gate::extended(r.clone()),
            (Some(r), GateMode::Replace) => Gate::from_rules(r.clone()),
        };
        built.map(Arc::new).map_err(|e| crate::Error::new(crate::ErrorKind::InvalidOptions, format!("gate_rules: {e}")))
    }

    /// The built-in table, compiled once per process (cheap to call again).
    pub fn builtin() -> Gate {
        builtin_cached().clone()
    }

    /// The built-in table, placeholders expanded.
    pub fn builtin_rules() -> Vec<Rule> {
        rules::TABLE
            .iter()
            .map(|(id, cat, strength, pat)| Rule {
                id: (*id).to_string(),
                category: *cat,
                strength: *strength,
                pattern: rules::expand(pat),
            })
            .collect()
    }

    fn empty() -> Gate {
        Gate { rules: Vec::new(), compiled: Vec::new().into(), prefilter: prefilter::Prefilter::new::<&str>(&[]), by_id: Default::default() }
    }

    /// Replaces the table. Errors on a bad regex, an empty or duplicate id, or
    /// a strength outside 1–3.
    pub fn from_rules(rules: Vec<Rule>) -> Result<Gate, String> {
        Gate::build(rules, true)
    }

    /// [`Gate::from_rules`]; with `eager` false (the built-in table, which a
    /// test compiles whole) each regex is compiled on first use.
    fn build(rules: Vec<Rule>, eager: bool) -> Result<Gate, String> {
        let mut seen = HashSet::new();
        let mut compiled = Vec::with_capacity(rules.len());
        for r in &rules {
            if r.id.trim().is_empty() {
                return Err("rule with an empty id".to_string());
            }
            if !seen.insert(r.id.clone()) {
                return Err(format!("duplicate rule id {:?}", r.id));
            }
            if !(1..=3).contains(&r.strength) {
                return Err(format!("rule {:?}: strength {} is outside 1..=3", r.id, r.strength));
            }
            let pat = gate_classes(&r.pattern);
            let cell = OnceLock::new();
            if eager {
                let c = Compiled::new(&pat).map_err(|e| format!("rule {:?}: bad pattern: {e}", r.id))?;
                let _ = cell.set(Some(c));
            }
            compiled.push(LazyRule { pattern: pat, cell });
        }
        let prefilter = prefilter::Prefilter::new(&compiled.iter().map(|l| l.pattern.as_str()).collect::<Vec<_>>());
        let by_id = rules.iter().enumerate().map(|(i, r)| (r.id.clone(), i)).collect();
        Ok(Gate { rules, compiled: compiled.into(), prefilter, by_id })
    }

    /// The built-in table plus `rules`; a rule whose id exists replaces the built-in one.
    pub fn extended(rules: Vec<Rule>) -> Result<Gate, String> {
        let mut table = Gate::builtin_rules();
        for r in rules {
            if let Some(slot) = table.iter_mut().find(|b| b.id == r.id) {
                *slot = r;
            } else {
                table.push(r);
            }
        }
        Gate::from_rules(table)
    }

    /// The table in use.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The strength of the rule with this id (0 when there is none).
    pub fn rule_strength(&self, id: &str) -> u8 {
        self.by_id.get(id).map_or(0, |&i| self.rules[i].strength)
    }

    /// All markers in the prose of `text`, in text order.
    pub fn markers(&self, text: &str) -> Vec<Marker> {
        let a = self.analyze(text);
        self.markers_of(&a)
    }

    fn markers_of(&self, a: &Analysis) -> Vec<Marker> {
        let mut out: Vec<(usize, usize, Marker)> = Vec::new();
        for s in &a.sents {
            for h in &s.hits {
                let r = &self.rules[h.rule];
                out.push((
                    h.start,
                    h.rule,
                    Marker {
                        rule_id: r.id.clone(),
                        category: r.category,
                        matched_text: a.text[h.start..h.end].to_string(),
                        offset: h.start,
                    },
                ));
            }
        }
        out.sort_by_key(|x| (x.0, x.1));
        out.into_iter().map(|(_, _, m)| m).collect()
    }

    pub(crate) fn category(&self, h: &Hit) -> Category {
        self.rules[h.rule].category
    }

    pub(crate) fn strength(&self, h: &Hit) -> u32 {
        self.rules[h.rule].strength as u32
    }

    pub(crate) fn rule_id(&self, h: &Hit) -> &str {
        &self.rules[h.rule].id
    }

    /// Markers of one masked sentence `view` that starts at byte `base`.
    fn scan(&self, view: &str, base: usize, scratch: &mut prefilter::Scratch) -> Vec<Hit> {
        let mut hits = Vec::new();
        if self.compiled.is_empty() {
            return hits;
        }
        for &idx in self.prefilter.candidates(view, scratch) {
            let Some(c) = self.compiled[idx].get() else { continue };
            // Most candidates do not match: a plain search is cheaper than
            // setting up capture groups.
            if !c.re.is_match(view) {
                continue;
            }
            for caps in c.re.captures_iter(view) {
                if c.vetoes.iter().any(|&g| caps.get(g).is_some()) {
                    continue;
                }
                let Some(whole) = caps.get(0) else { continue };
                if whole.as_str().trim().is_empty() {
                    continue;
                }
                let span = c.m.iter().filter_map(|&g| caps.get(g)).find(|m| !m.as_str().is_empty()).unwrap_or(whole);
                let grp = |g: Option<usize>| {
                    g.and_then(|g| caps.get(g))
                        .filter(|m| !m.as_str().trim().is_empty())
                        .map(|m| (base + m.start(), base + m.end()))
                };
                hits.push(Hit {
                    rule: idx,
                    start: base + span.start(),
                    end: base + span.end(),
                    chosen: grp(c.chosen),
                    rejected: grp(c.rejected),
                });
            }
        }
        hits.sort_by_key(|h| (h.start, h.rule));
        hits.dedup_by_key(|h| (h.start, h.rule));
        hits
    }

    /// Splits, scans and scores a turn.
    pub(crate) fn analyze<'a>(&self, text: &'a str) -> Analysis<'a> {
        let mut scratch = prefilter::Scratch::default();
        let mut sents: Vec<Sent> = text::sentences(text)
            .into_iter()
            .map(|s| {
                let view = text::mask(&text[s.start..s.end]);
                let hits = self.scan(&view, s.start, &mut scratch);
                Sent { s, view, hits, cues: std::cell::OnceCell::new(), score: 0 }
            })
            .collect();
        let mut base: Vec<u32> = sents.iter().map(|s| self.base_score(s)).collect();
        // An emphatic fragment ("Period.", "Ever.", "Final answer.") reinforces
        // the sentence before it.
        for i in 1..sents.len() {
            let frag = &sents[i];
            let words = text[frag.s.start..frag.s.end].split_whitespace().count();
            if words <= 3
                && !frag.hits.is_empty()
                && frag.hits.iter().all(|h| matches!(self.rule_id(h), "mem.finality" | "mem.ever_alone"))
                && base[i - 1] > 0
            {
                base[i - 1] += base[i];
            }
        }
        // "I agree with the plan. Go ahead.": consecutive confirmation-only
        // sentences count together (on the later one).
        for i in 1..sents.len() {
            let conf_only =
                |s: &Sent| !s.hits.is_empty() && s.hits.iter().all(|h| self.category(h) == Category::Confirmation);
            if conf_only(&sents[i]) && conf_only(&sents[i - 1]) && base[i - 1] > 0 && base[i] > 0 {
                base[i] += base[i - 1];
            }
        }
        for i in 0..sents.len() {
            let mut sc = base[i];
            if (2..THRESHOLD).contains(&sc)
                && sents[i].hits.iter().any(|h| matches!(self.category(h), Category::DecisionVerb | Category::Ban))
            {
                let neighbour_rejects = [i.wrapping_sub(1), i + 1].iter().any(|&j| {
                    j < sents.len()
                        && !sents[j].cues().cancels_all()
                        && sents[j]
                            .hits
                            .iter()
                            .any(|h| self.category(h) == Category::Rejection && self.strength(h) >= 2)
                });
                if neighbour_rejects {
                    sc += 1;
                }
            }
            sents[i].score = sc;
        }
        Analysis { text, sents }
    }

    /// The sentence's score before neighbour support (see the module docs).
    fn base_score(&self, s: &Sent) -> u32 {
        if s.hits.is_empty() || s.cues().cancels_all() {
            return 0;
        }
        let lasting = s.hits.iter().any(|h| self.category(h) == Category::Memory && self.strength(h) >= 2);
        if s.cues().temporary && !lasting {
            return 0;
        }
        s.hits
            .iter()
            .filter(|h| {
                let c = self.category(h);
                let inside_rejected =
                    matches!(c, Category::Confirmation | Category::DecisionVerb | Category::Imperative)
                        && s.hits.iter().any(|o| {
                            o.rule != h.rule && o.rejected.map(|(x, y)| x <= h.start && h.end <= y).unwrap_or(false)
                        });
                is_scored(c)
                    && !inside_rejected
                    && (!s.cues().conditional || matches!(c, Category::Ban | Category::Memory))
            })
            .map(|h| self.strength(h))
            .sum()
    }

    /// Index of the epitome sentence, if some sentence reaches the threshold.
    fn best_sentence(&self, a: &Analysis) -> Option<usize> {
        let mut best: Option<usize> = None;
        for (i, s) in a.sents.iter().enumerate() {
            if s.score >= THRESHOLD && best.map(|b| EPITOME_MAX && s.score > a.sents[b].score).unwrap_or(true) {
                best = Some(i);
            }
        }
        best
    }

    /// Whether the sentence's first strong decisive marker is a ban.
    pub(crate) fn sentence_is_ban(&self, s: &Sent) -> bool {
        let first_ban =
            s.hits.iter().filter(|h| self.category(h) == Category::Ban && self.strength(h) >= 2).map(|h| h.start).min();
        let first_other = s
            .hits
            .iter()
            .filter(|h| {
                matches!(self.category(h), Category::DecisionVerb | Category::Rejection | Category::Confirmation)
                    && self.strength(h) >= 2
            })
            .map(|h| h.start)
            .min();
        // "use the existing helper, don't write a new one": a choice first
        let first_imperative = s
            .hits
            .iter()
            .filter(|h| self.category(h) == Category::Imperative && h.chosen.is_some())
            .map(|h| h.start)
            .min();
        let first_other = match (first_other, first_imperative) {
            (Some(o), Some(i)) => Some(o.min(i)),
            (o, i) => o.or(i),
        };
        match (first_ban, first_other) {
            (Some(b), Some(o)) => b <= o,
            (Some(_), None) => true,
            _ => false,
        }
    }

    /// Decides whether a person's turn carries a decision. Pure function of `text`.
    pub fn decide(&self, text: &str) -> Option<DecisionDraft> {
        let a = self.analyze(text);
        self.decide_analysis(&a)
    }

    pub(crate) fn decide_analysis(&self, a: &Analysis) -> Option<DecisionDraft> {
        let (ep, pick) = match self.best_sentence(a) {
            Some(i) => (i, None),
            None => {
                let (i, range) = options::list_pick(self, a)?;
                (i, Some(range))
            }
        };
        let s = &a.sents[ep];
        let is_ban = pick.is_none() && self.sentence_is_ban(s);
        let options = options::extract(self, a, ep, pick, is_ban);
        Some(DecisionDraft {
            epitome: a.text[s.s.start..s.s.end].to_string(),
            epitome_offset: s.s.start,
            options,
            is_ban,
            confirmation: options::find_check(a, ep),
            markers: self.markers_of(a),
        })
    }

    /// A person's short confirmation of what the assistant proposed just before
    /// ("yes, do that", "sounds good, go with option 2", "ok let's do the
    /// Postgres approach"). The epitome is the person's confirming sentence
    /// (an exact substring of `person_text`). Pure function of both texts.
    ///
    /// Rules, in order:
    ///
    /// 1. If the person's turn is a decision on its own (`Gate::decide`), that
    ///    draft is used (a sentence restating the proposal is the better epitome);
    ///    its options are replaced by the proposal's items when the person's words
    ///    pick one of them.
    /// 2. Otherwise the turn must contain an uncancelled confirming sentence: a
    ///    confirmation marker ("yes", "sounds good", "do that", "option 2", "the
    ///    second one", "the Postgres approach", "like you suggested") or a
    ///    selection verb ("go with", "let's use"). A leading question cancels.
    /// 3. Without a handle to the proposal ("do that", "option 2", "the X
    ///    approach", "go with", …) the confirming sentence must be a pure
    ///    acceptance ("yes", "yes please", "sounds good", "ok, go ahead"; not "ok
    ///    cool" or "good morning"), and it is not a confirmation of a plan
    ///    (→ `None`) when the person confirms a fact ("yes, that's the error I'm seeing", "it's running on
    ///    5432"), approves finished work ("looks good, thanks"), approves a one-off
    ///    action ("yes, commit it", "sure, run the tests"), or the assistant's text
    ///    proposes nothing (no alternatives, no "I suggest / I'd recommend /
    ///    should I …" proposal) or only proposes a one-off action ("Want me to
    ///    commit this?").
    /// 4. Options come from the assistant's proposal: "Option A/B" items, numbered
    ///    or bulleted list items when the list is introduced as alternatives, or
    ///    "X or Y?" in a question. The chosen one is resolved from the person's
    ///    words: "option 2" / "#2" / "2" / "the second" / "B" / "the latter", then
    ///    "yes to #1 and #3, no to #2", then the item whose label shares the most
    ///    words with the confirmation ("the Postgres approach"), and finally the
    ///    assistant's recommendation ("I'd recommend option 2", "(recommended)")
    ///    when the person just says "yes".
    pub fn decide_confirmation(&self, person_text: &str, assistant_text: &str) -> Option<DecisionDraft> {
        confirm::decide_confirmation(self, person_text, assistant_text)
    }

    /// Everything the pipeline asks of one person turn, from a single analysis:
    /// its markers, and its decision — [`Gate::decide`], or failing that
    /// [`Gate::decide_confirmation`] of `proposal` (the assistant turn just
    /// before) when there is one.
    pub fn evaluate(&self, text: &str, proposal: Option<&str>) -> Evaluation {
        let a = self.analyze(text);
        let markers = self.markers_of(&a);
        if let Some(d) = self.decide_analysis(&a) {
            return Evaluation { markers, decision: Some(d), confirmed_proposal: false };
        }
        let decision = proposal.and_then(|p| confirm::decide_confirmation_analysis(self, &a, None, p));
        let confirmed_proposal = decision.is_some();
        Evaluation { markers, decision, confirmed_proposal }
    }
}

/// What [`Gate::evaluate`] found in a person's turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// All markers of the turn's prose, in text order.
    pub markers: Vec<Marker>,
    /// The decision, if the turn makes or confirms one.
    pub decision: Option<DecisionDraft>,
    /// True when the decision is a confirmation of the proposal.
    pub confirmed_proposal: bool,
}

/// Exposed for the examples / debugging: the per-sentence scores of a turn as
/// `(sentence, score)`.
#[doc(hidden)]
pub fn explain(gate: &Gate, text: &str) -> Vec<(String, u32, Vec<String>)> {
    let a = gate.analyze(text);
    a.sents
        .iter()
        .map(|s| {
            let mut tags: Vec<String> = s.hits.iter().map(|h| gate.rule_id(h).to_string()).collect();
            let c = s.cues();
            for (on, name) in [
                (c.question, "?question"),
                (c.hedge, "?hedge"),
                (c.conditional, "?conditional"),
                (c.temporary, "?temporary"),
                (c.delegation, "?delegation"),
                (c.undecided, "?undecided"),
                (c.experiment, "?experiment"),
                (c.reported, "?reported"),
            ] {
                if on {
                    tags.push(name.to_string());
                }
            }
            (a.text[s.s.start..s.s.end].to_string(), s.score, tags)
        })
        .collect()
}
