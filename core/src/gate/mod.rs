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
//!    The `check` (the node's `confirmation`) is the first test / check named in the epitome or the two
//!    sentences after it (`` `cargo test --test x` ``, `tests/golden.rs`,
//!    `test_roundtrip`, "the integration suite", `make bench`, …).
//!
//! Everything is a pure function of the input text; regexes are compiled
//! once per [`Gate`] (the built-in gate once per process) and every regex
//! search is linear in the sentence length. Sentences are cut at 2000 bytes.
//!
//! [`Gate::decide_assent`] documents how a person's assent to what the
//! assistant proposed is read as a decision.

#[macro_use]
mod dialect;
mod alternatives;
mod assent;
mod check;
mod cues;
mod lang;
mod lists;
mod prefilter;
mod prefilter_table;
mod proposal;
mod recent;
mod rules;
mod score;
mod span;
#[cfg(test)]
mod tests;
mod text;
pub(crate) mod typed;
mod words;

use std::collections::HashSet;
use std::sync::OnceLock;

use dialect::{gate_classes, Compiled, LazyRule};
pub(crate) use score::{is_scored, Analysis, Hit};

/// A sentence is decisive when its score reaches this value.
pub const THRESHOLD: u32 = 3;

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
    /// The test / check the decision names, if any (the node's
    /// `confirmation`).
    pub check: Option<String>,
    /// The markers that fired in the whole turn (prose only).
    pub markers: Vec<Marker>,
}

/// The compiled rule table.
#[derive(Debug, Clone)]
pub struct Gate {
    rules: Vec<Rule>,
    compiled: std::sync::Arc<[LazyRule]>,
    prefilter: prefilter::Prefilter,
    /// Rule id → index into `rules`.
    by_id: std::collections::HashMap<String, usize>,
    /// Each rule's roles (see [`rules::Roles`]), by index.
    roles: Vec<rules::Roles>,
}

/// The rules' patterns as the prefilter reads them: the technology names
/// as "some text" (the requirements stay necessary, since a match of the
/// names is a match of the text, and the names' alternation is not
/// searched for literals fifty times).
fn prefilter_patterns(compiled: &[LazyRule]) -> Vec<std::borrow::Cow<'_, str>> {
    let tech = rules::tech_names_pattern();
    compiled
        .iter()
        .map(
            |l| match dialect::replace_tech(&l.pattern, tech, "(?s:.+)") {
                Some(p) => std::borrow::Cow::Owned(p),
                None => std::borrow::Cow::Borrowed(l.pattern.as_str()),
            },
        )
        .collect()
}

pub(crate) fn text_is_closer(c: char) -> bool {
    matches!(c, ')' | ']' | '"' | '\'' | '”' | '’' | '*' | '_' | '`')
}

fn builtin_cached() -> &'static Gate {
    static G: OnceLock<Gate> = OnceLock::new();
    G.get_or_init(|| Gate::build(Gate::builtin_rules(), false).unwrap_or_else(|_| Gate::empty()))
}

impl Gate {
    /// The gate `opts` asks for (`gate_rules`, `gate_mode`); the built-in one
    /// is compiled once per process. A bad rule is an `invalid_options` error.
    pub(crate) fn for_options(opts: &crate::Options) -> Result<std::sync::Arc<Gate>, crate::Error> {
        use crate::options::GateMode;
        use std::sync::Arc;
        static BUILTIN: OnceLock<Arc<Gate>> = OnceLock::new();
        let built = match (&opts.gate_rules, opts.gate_mode) {
            (None, GateMode::Extend) => {
                return Ok(BUILTIN.get_or_init(|| Arc::new(Gate::builtin())).clone())
            }
            (None, GateMode::Replace) => Gate::from_rules(Vec::new()),
            (Some(r), GateMode::Extend) => Gate::extended(r.clone()),
            (Some(r), GateMode::Replace) => Gate::from_rules(r.clone()),
        };
        built.map(Arc::new).map_err(|e| {
            crate::Error::new(crate::ErrorKind::InvalidOptions, format!("gate_rules: {e}"))
        })
    }

    /// The built-in table, compiled once per process (cheap to call again).
    pub fn builtin() -> Gate {
        builtin_cached().clone()
    }

    /// The built-in table, placeholders expanded: the English rules, then
    /// each other language's (ids prefixed with its code: `zh.`, `ja.`, …).
    pub fn builtin_rules() -> Vec<Rule> {
        let english = rules::TABLE.iter().map(|(id, cat, strength, _, pat)| Rule {
            id: (*id).to_string(),
            category: *cat,
            strength: *strength,
            pattern: rules::expand(pat),
        });
        let others = lang::rows().map(|(id, category, strength, _, pat)| Rule {
            id,
            category,
            strength,
            pattern: rules::expand(pat),
        });
        english.chain(others).collect()
    }

    fn empty() -> Gate {
        Gate {
            rules: Vec::new(),
            compiled: Vec::new().into(),
            prefilter: prefilter::Prefilter::new::<&str>(&[]),
            by_id: Default::default(),
            roles: Vec::new(),
        }
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
                return Err(format!(
                    "rule {:?}: strength {} is outside 1..=3",
                    r.id, r.strength
                ));
            }
            let lazy = LazyRule::new(gate_classes(&r.pattern), rules::tech_names_pattern());
            // A built-in rule kept as it is compiles (a test checks the whole
            // table), so only a host's own patterns are compiled up front.
            if eager && !Gate::is_builtin(r) {
                let c = Compiled::new(&lazy.compiled_pattern(rules::tech_names_pattern()))
                    .map_err(|e| format!("rule {:?}: bad pattern: {e}", r.id))?;
                let _ = lazy.cell.set(Some(c));
            }
            compiled.push(lazy);
        }
        let prefilter = prefilter::Prefilter::new(&prefilter_patterns(&compiled));
        let by_id = rules
            .iter()
            .enumerate()
            .map(|(i, r)| (r.id.clone(), i))
            .collect();
        let roles = rules.iter().map(|r| rules::roles_of(&r.id)).collect();
        Ok(Gate {
            rules,
            compiled: compiled.into(),
            prefilter,
            by_id,
            roles,
        })
    }

    /// True when `r` is a rule of the built-in table, unchanged.
    fn is_builtin(r: &Rule) -> bool {
        let b = builtin_cached();
        b.by_id
            .get(&r.id)
            .is_some_and(|&i| b.rules[i].pattern == r.pattern)
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

    /// Whether the marker's rule has `role` (one of the [`rules::Roles`] bits).
    pub(crate) fn has_role(&self, h: &Hit, role: rules::Roles) -> bool {
        self.roles[h.rule] & role != 0
    }

    /// Decides whether a person's turn carries a decision. Pure function of `text`.
    pub fn decide(&self, text: &str) -> Option<DecisionDraft> {
        let a = self.analyze(text);
        self.decide_analysis(&a)
            .filter(|d| !assent::is_answer_only(&d.epitome))
    }

    pub(crate) fn decide_analysis(&self, a: &Analysis) -> Option<DecisionDraft> {
        let (ep, pick) = match self.best_sentence(a) {
            Some(i) => (i, None),
            None => {
                let (i, range) = lists::list_pick(self, a)?;
                (i, Some(range))
            }
        };
        let s = &a.sents[ep];
        let is_ban = pick.is_none() && self.sentence_is_ban(s);
        if score::context_after_opening(a, ep, is_ban) {
            return None;
        }
        let options = alternatives::extract(self, a, ep, pick, is_ban);
        Some(DecisionDraft {
            epitome: a.text[s.s.start..s.s.end].to_string(),
            epitome_offset: s.s.start,
            options,
            is_ban,
            check: check::find_check(a, ep),
            markers: self.markers_of(a),
        })
    }

    /// A person's short assent to what the assistant proposed just before
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
    pub fn decide_assent(&self, person_text: &str, assistant_text: &str) -> Option<DecisionDraft> {
        assent::decide_assent(self, person_text, assistant_text)
    }

    /// The former name of [`Gate::decide_assent`].
    #[deprecated(
        since = "0.1.1",
        note = "renamed to decide_assent (\"confirmation\" is a marker category)"
    )]
    pub fn decide_confirmation(
        &self,
        person_text: &str,
        assistant_text: &str,
    ) -> Option<DecisionDraft> {
        self.decide_assent(person_text, assistant_text)
    }

    /// Everything the pipeline asks of one person turn, from a single analysis:
    /// its markers, and its decision — [`Gate::decide`], or failing that
    /// [`Gate::decide_assent`] to `proposal` (the assistant turn just
    /// before) when there is one.
    pub fn evaluate(&self, text: &str, proposal: Option<&str>) -> Evaluation {
        let a = self.analyze(text);
        let markers = self.markers_of(&a);
        let own = self.decide_analysis(&a);
        // A turn whose only markers are assent ("yes", "that one", "the 2nd")
        // answers the assistant: like a bare answer, it decides only by
        // picking among what the assistant laid out.
        // (a "please" beside it weighs nothing: "yes, do these fixes please")
        let only_assent = assent::only_assent(&markers);
        if let Some(d) = &own {
            if !assent::is_answer_only(&d.epitome) && !only_assent {
                // A choice in the person's own words among the options the
                // assistant laid out carries those options.
                let decision = match proposal {
                    Some(p) => assent::own_pick_among(self, &a, own, p),
                    None => own,
                };
                return Evaluation {
                    markers,
                    decision,
                    assent: false,
                };
            }
        }
        // A bare answer ("B", "yes", "选B", "la segunda") is a decision only
        // as a pick among what the assistant laid out just before.
        let own_answer = own.is_some();
        // An assent in a sentence of its own words keeps that sentence as
        // the epitome; the options say what was picked.
        let sentence = own
            .as_ref()
            .filter(|d| !assent::is_answer_only(&d.epitome))
            .map(|d| (d.epitome.clone(), d.epitome_offset));
        let mut decision = proposal.and_then(|p| assent::decide_answer(self, &a, own, p));
        if let (Some(d), Some((epitome, offset))) = (decision.as_mut(), sentence) {
            d.epitome = epitome;
            d.epitome_offset = offset;
        }
        if decision.is_none() && !own_answer {
            decision = proposal.and_then(|p| {
                assent::decide_lead(self, &a, p)
                    .or_else(|| assent::decide_decline(self, &a, p))
                    .or_else(|| assent::decide_narrowing(self, &a, p))
                    .or_else(|| assent::decide_continuation(self, &a, p))
                    .or_else(|| assent::decide_named_pick(self, &a, p))
                    .or_else(|| assent::decide_subset(self, &a, p))
                    .or_else(|| assent::decide_or_answer(self, &a, p))
            });
        }
        let assent = decision.is_some();
        if decision.is_none() && !own_answer && a.sents.len() >= 2 {
            if let Some(d) = assent::decide_self_answer(self, &a) {
                return Evaluation {
                    markers,
                    decision: Some(d),
                    assent: false,
                };
            }
        }
        Evaluation {
            markers,
            decision,
            assent,
        }
    }
}

impl Gate {
    /// A pick among the options of an earlier assistant turn, when the talk
    /// went on after it ("not C, what's the catch with B?" … "ok go with
    /// B"). `earlier` are the assistant turns before the one the person
    /// answers, newest first; the newest that lays out at least two
    /// alternatives is the one read, and the index of it is returned with
    /// the evaluation. Only a turn that names one of its options, by number,
    /// letter or words, is read this way; a bare "yes" or "ok" never reaches
    /// back.
    pub fn evaluate_earlier_options<'a>(
        &self,
        text: &str,
        earlier: impl IntoIterator<Item = &'a str>,
    ) -> Option<(usize, Evaluation)> {
        let (at, options, p) = earlier
            .into_iter()
            .enumerate()
            .map(|(i, t)| (i, t, proposal::parse_proposal(t)))
            .find(|(_, _, p)| p.items.len() >= 2)?;
        let lower = text.to_lowercase();
        let by_words = p.items.iter().any(|i| {
            let label = i.label.trim().to_lowercase();
            label.chars().count() >= 3 && lower.contains(&label)
        });
        // A capital letter standing alone ("go with B"), or a number in a
        // short turn ("2 then"), names a lettered or numbered item.
        let short = text.chars().count() <= 40;
        let by_token = text.split(|c: char| !c.is_alphanumeric()).any(|w| {
            p.items.iter().any(|i| {
                i.letter
                    .is_some_and(|l| w.len() == 1 && w.starts_with(l.to_ascii_uppercase()))
                    || (short && i.number.is_some_and(|n| w == n.to_string()))
            })
        });
        if !by_words && !by_token && proposal::resolve_refs(text, &p.items).is_empty() {
            return None;
        }
        if !by_words && text.trim().chars().count() <= 3 {
            // "2" or "B" alone answers the message just before, not an older one.
            return None;
        }
        let e = self.evaluate(text, Some(options));
        e.decision.as_ref()?;
        Some((at, e))
    }
}

/// What [`Gate::evaluate`] found in a person's turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// All markers of the turn's prose, in text order.
    pub markers: Vec<Marker>,
    /// The decision, if the turn makes or confirms one.
    pub decision: Option<DecisionDraft>,
    /// True when the decision is the person's assent to the proposal (the
    /// node's `confirmed_proposal`).
    pub assent: bool,
}

/// Exposed for the examples / debugging: the alternatives read from an
/// assistant's message (after the language rewrites) and the recommended one.
#[doc(hidden)]
pub fn proposal_items(assistant: &str) -> (String, Vec<String>, Option<usize>) {
    let c = lang::canonical(assistant);
    let p = proposal::parse_proposal(&c);
    (
        c.into_owned(),
        p.items.into_iter().map(|i| i.label).collect(),
        p.recommended,
    )
}

/// Exposed for the examples / debugging: the parts of a user-role message the
/// gate reads as the person's (tool blocks, templates and pasted documents
/// left out), joined by blank lines.
#[doc(hidden)]
pub fn person_text(text: &str) -> String {
    typed::person_words(text).join(text).0
}

/// Exposed for the examples / debugging: the per-sentence scores of a turn as
/// `(sentence, score)`.
#[doc(hidden)]
pub fn explain(gate: &Gate, text: &str) -> Vec<(String, u32, Vec<String>)> {
    let a = gate.analyze(text);
    a.sents
        .iter()
        .map(|s| {
            let mut tags: Vec<String> =
                s.hits.iter().map(|h| gate.rule_id(h).to_string()).collect();
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
