//! Scoring a turn: each prose sentence's markers (found by the rule table,
//! behind the literal prefilter), its cues, and the score the module docs
//! of the gate describe; the epitome is the best sentence at or above the
//! threshold.

use super::dialect::fold_case;
use super::{cues, prefilter, rules, text, Category, Gate, THRESHOLD};

/// How many later clauses of a sentence the sentence-initial rules read.
const MAX_CLAUSES: usize = 3;
/// Longer sentences are not read clause by clause.
const MAX_CLAUSE_SENTENCE: usize = 400;

/// A marker occurrence with its option spans (absolute byte ranges).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hit {
    pub rule: usize,
    pub start: usize,
    pub end: usize,
    pub chosen: Option<(usize, usize)>,
    pub rejected: Option<(usize, usize)>,
}

lazy_re!(
    switch_request_re,
    concat!(
        r"^\W*(?:(?:so|ok|okay|and|but|also|hmm+|actually|then)\W+)*",
        request_topic!(),
        r"(?:should|shall|can|could)\s+we\s+(?:just\s+)?(?:switch|move|migrate|port|change)\s+(?:\w+\s+){0,4}?(?:to|over\s+to)\b"
    )
);

lazy_re!(
    make_request_re,
    r"^\W*(?:(?:so|ok|okay|and|also|now|hey|hi)\W+)*(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|kindly\s+|now\s+)?(?:write|build|create|make|add|implement|set\s+up|setup|rewrite|generate|scaffold|convert|port|migrate|develop|code)\b"
);

lazy_re!(
    suggestion_re,
    r"^[^\w¿]*¿?\s*(?:(?:so|ok|okay|and|but|hmm+|actually|or|also)\W+)*(?:(?:what\s+if|how\s+about|what\s+about|maybe|perhaps|could\s+we\s+(?:not\s+)?just|shouldn't\s+we|wouldn't\s+it\s+be\s+(?:better|simpler|easier|cleaner)\s+to|y\s+si|qu[eé]\s+tal\s+si|qu[eé]\s+tal|y\s+por\s+qu[eé]\s+no|e\s+se|que\s+tal|e\s+por\s+que\s+n[ãa]o|et\s+si|et\s+pourquoi\s+pas|pourquoi\s+ne\s+pas|wie\s+w[äa]re\s+es|was\s+w[äa]re\s+(?:wenn|mit)|und\s+wenn\s+wir|vielleicht)\b|(?:может(?:\s+быть)?|а\s+может|а\s+что\s+если|а\s+если|давай(?:те)?)(?:\s|,|$))"
);

lazy_re!(
    suggest_use_re,
    r"\b(?:use|used|using|usar|usamos|usemos|usasse|us[aá]ssemos|usar[ií]amos|us[aá]ramos|utilis(?:er|ait|ions|e)|pren(?:ait|ions|dre)|nehmen|n[äa]hmen|verwenden|benutzen)\b|(?:возьм[её]м|используем|использовать|взять)"
);

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

/// Whether sentence `ep` (a ban when `is_ban`) is context of the way the
/// turn opens rather than a commitment:
///
/// * after an experiment ("試しに Bun でビルドしてみて…", "try swapping the
///   tokenizer just to see …"), its prohibitions and choices are the
///   experiment's;
/// * after a choice handed to the assistant — a choice question the turn
///   does not answer ("question before I start: zod or yup for
///   validation?") or a delegation ("honestly I don't care, pick whatever
///   you think is best") — its statements are context ("we're on
///   react-hook-form", "users is bigserial, orders is uuid"), not a choice
///   (a ban still stands). A sentence that names one of the question's two
///   alternatives and not the other answers it; so may one in another
///   script, which may spell an option its own way ("포스트그레스로 하자").
pub(crate) fn context_after_opening(a: &Analysis, ep: usize, is_ban: bool) -> bool {
    if ep > 0 && a.sents[0].cues().experiment {
        return true;
    }
    !is_ban && hands_choice_over(a, ep)
}

fn hands_choice_over(a: &Analysis, ep: usize) -> bool {
    let Some(open) = a.sents.iter().take(2).position(|s| {
        let c = s.cues();
        // (a delegation to the assistant, not "Prettierに任せる", leave
        // it to Prettier)
        (c.delegation && to_you_re().is_match(&s.view))
            || (c.question && choice_question_re().is_match(&s.view))
    }) else {
        return false;
    };
    // (a standing rule after it still stands: "…or later? and from now on
    // use pnpm")
    if ep <= open || standing_re().is_match(&a.sents[ep].view) {
        return false;
    }
    let q = &a.sents[open].view;
    let Some(c) = choice_question_re().captures(q) else {
        return true; // a delegation
    };
    let epitome = a.sents[ep].view.to_lowercase();
    let names = |x: &str| {
        let x = x.to_lowercase();
        x.chars().count() >= 2 && epitome.contains(x.as_str())
    };
    match (names(&c["x"]), names(&c["y"])) {
        (true, true) => true,
        (false, false) => epitome.is_ascii(),
        _ => false,
    }
}

lazy_re!(
    standing_re,
    r"\b(?:from\s+now\s+on|going\s+forward|from\s+here\s+on|always|never|every\s+time|in\s+future)\b"
);

lazy_re!(
    to_you_re,
    r"\b(?:you|your|u|tú|tu|usted|du|dir|vous|você|voce|ты|вы|тебе|вам)\b|你|您|あなた|君|너|당신"
);

lazy_re!(
    choice_question_re,
    r"(?P<x>[\w`.+#/-]+)\s+(?:or|vs\.?|versus)\s+(?:just\s+)?(?:an?\s+|the\s+)?(?P<y>[\w`.+#/-]+)[^.!]*\?"
);

/// Whether markers of this category add to a sentence's score
/// (action requests are reported but weigh nothing).
pub(crate) fn is_scored(c: Category) -> bool {
    !matches!(c, Category::ActionRequest)
}

impl Gate {
    /// Markers of one masked sentence `view` that starts at byte `base`.
    pub(super) fn scan(
        &self,
        view: &str,
        base: usize,
        scratch: &mut prefilter::Scratch,
    ) -> Vec<Hit> {
        self.scan_rules(view, base, scratch, false)
    }

    /// [`Gate::scan`], with only the sentence-initial rules when
    /// `initial_only` (a clause read as if it began the sentence).
    fn scan_rules(
        &self,
        view: &str,
        base: usize,
        scratch: &mut prefilter::Scratch,
        initial_only: bool,
    ) -> Vec<Hit> {
        let mut hits = Vec::new();
        if self.compiled.is_empty() {
            return hits;
        }
        // (the sentence in lower case, for the rules that name technologies)
        let mut folded: Option<String> = None;
        for &idx in self.prefilter.candidates(view, scratch) {
            let lazy = &self.compiled[idx];
            if initial_only && !lazy.sentence_initial() {
                continue;
            }
            let Some(c) = lazy.get() else {
                continue;
            };
            let hay = if lazy.folded {
                folded.get_or_insert_with(|| fold_case(view)).as_str()
            } else {
                view
            };
            // Most candidates do not match: a plain search is cheaper than
            // setting up capture groups.
            if !c.re.is_match(hay) {
                continue;
            }
            for caps in c.re.captures_iter(hay) {
                if c.vetoes.iter().any(|&g| caps.get_group(g).is_some()) {
                    continue;
                }
                let Some(whole) = caps.get_match().map(|m| m.span()) else {
                    continue;
                };
                let text = |s: regex_automata::Span| &hay[s.range()];
                if text(whole).trim().is_empty() {
                    continue;
                }
                let span =
                    c.m.iter()
                        .filter_map(|&g| caps.get_group(g))
                        .find(|&s| !text(s).is_empty())
                        .unwrap_or(whole);
                let grp = |g: Option<usize>| {
                    g.and_then(|g| caps.get_group(g))
                        .filter(|&s| !text(s).trim().is_empty())
                        .map(|s| (base + s.start, base + s.end))
                };
                hits.push(Hit {
                    rule: idx,
                    start: base + span.start,
                    end: base + span.end,
                    chosen: grp(c.chosen),
                    rejected: grp(c.rejected),
                });
            }
        }
        hits.sort_by_key(|h| (h.start, h.rule));
        hits.dedup_by_key(|h| (h.start, h.rule));
        hits
    }

    /// [`Gate::scan`], and once more with the sentence's leading
    /// interjections blanked ("cool, keep the cache in-process"), so that
    /// sentence-initial rules read what follows them.
    ///
    /// A later clause ("the old one is too slow, pin torch to 2.3.1") is
    /// read the same way by the sentence-initial rules: up to
    /// [`MAX_CLAUSES`] clause starts of a sentence of at most
    /// [`MAX_CLAUSE_SENTENCE`] bytes.
    fn scan_with_lead(
        &self,
        view: &str,
        base: usize,
        scratch: &mut prefilter::Scratch,
    ) -> Vec<Hit> {
        let mut hits = self.scan(view, base, scratch);
        let mut extra = false;
        if let Some(n) = text::lead_len(view) {
            // (spaces in place of the lead's bytes keep offsets and UTF-8)
            let blanked: String = " ".repeat(n) + &view[n..];
            hits.extend(self.scan(&blanked, base, scratch));
            extra = true;
        }
        if view.len() <= MAX_CLAUSE_SENTENCE {
            for c in text::clause_starts(view).into_iter().take(MAX_CLAUSES) {
                let n = c + text::lead_len(&view[c..]).unwrap_or(0);
                let blanked: String = " ".repeat(n) + &view[n..];
                hits.extend(self.scan_rules(&blanked, base, scratch, true));
                extra = true;
            }
        }
        if extra {
            hits.sort_by_key(|h| (h.start, h.rule));
            hits.dedup_by_key(|h| (h.start, h.rule));
        }
        hits
    }

    /// Splits, scans and scores a turn.
    pub(crate) fn analyze<'a>(&self, text: &'a str) -> Analysis<'a> {
        let mut scratch = prefilter::Scratch::default();
        let mut sents: Vec<Sent> = text::sentences(text)
            .into_iter()
            .map(|s| {
                let view = text::mask(&text[s.start..s.end]);
                let hits = self.scan_with_lead(&view, s.start, &mut scratch);
                Sent {
                    s,
                    view,
                    hits,
                    cues: std::cell::OnceCell::new(),
                    score: 0,
                }
            })
            .collect();
        // Numbers alone on lines of their own, two or more in a turn, are
        // data (a pasted error overlay's frame counts, pagination), not an
        // answer that picks an option ("2", "1 and 3" pick once).
        let lone_number = |s: &Sent| {
            let t = text[s.s.start..s.s.end].trim_matches(|c: char| !c.is_alphanumeric());
            !s.s.bullet && !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit())
        };
        let lone: Vec<usize> = (0..sents.len())
            .filter(|&i| lone_number(&sents[i]))
            .collect();
        if lone.len() >= 2
            && lone
                .iter()
                .any(|&i| sents[i].s.line != sents[lone[0]].s.line)
        {
            for i in lone {
                sents[i].hits.clear();
            }
        }
        let mut base: Vec<u32> = sents.iter().map(|s| self.base_score(s)).collect();
        // An emphatic fragment ("Period.", "Ever.", "Final answer.") reinforces
        // the sentence before it.
        for i in 1..sents.len() {
            let frag = &sents[i];
            let words = text[frag.s.start..frag.s.end].split_whitespace().count();
            if words <= 3
                && !frag.hits.is_empty()
                && frag.hits.iter().all(|h| self.has_role(h, rules::EMPHATIC))
                && base[i - 1] > 0
            {
                base[i - 1] += base[i];
            }
        }
        // "I agree with the plan. Go ahead.": consecutive confirmation-only
        // sentences count together (on the later one).
        for i in 1..sents.len() {
            let conf_only = |s: &Sent| {
                !s.hits.is_empty()
                    && s.hits
                        .iter()
                        .all(|h| self.category(h) == Category::Confirmation)
            };
            if conf_only(&sents[i]) && conf_only(&sents[i - 1]) && base[i - 1] > 0 && base[i] > 0 {
                base[i] += base[i - 1];
            }
        }
        for i in 0..sents.len() {
            let mut sc = base[i];
            if (2..THRESHOLD).contains(&sc)
                && sents[i]
                    .hits
                    .iter()
                    .any(|h| matches!(self.category(h), Category::DecisionVerb | Category::Ban))
            {
                let neighbour_rejects = [i.wrapping_sub(1), i + 1].iter().any(|&j| {
                    j < sents.len()
                        && !sents[j].cues().cancels_all()
                        && sents[j].hits.iter().any(|h| {
                            self.category(h) == Category::Rejection && self.strength(h) >= 2
                        })
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
        if s.hits.is_empty() {
            return 0;
        }
        if s.cues().cancels_all() && !self.asks_for_alternative(s) {
            return 0;
        }
        let lasting = s.hits.iter().any(|h| {
            (self.category(h) == Category::Memory && self.strength(h) >= 2)
                || self.has_role(h, rules::KEEPS)
                || self.has_role(h, rules::LASTS)
        });
        if s.cues().temporary && !lasting {
            return 0;
        }
        // (the same words count once: "update the docs in the
        // refactoring plan, then continue with the refactoring plan"
        // names the work twice, it does not decide twice; the words are
        // compared only between hits of one rule)
        let words = |span: Option<(usize, usize)>| {
            span.and_then(|(a, b)| {
                s.view
                    .get(a.checked_sub(s.s.start)?..b.checked_sub(s.s.start)?)
                    .map(str::to_lowercase)
            })
        };
        let same_words = |a: &Hit, b: &Hit| {
            a.rule == b.rule
                && words(Some((a.start, a.end))) == words(Some((b.start, b.end)))
                && words(a.chosen) == words(b.chosen)
        };
        // (a suggestion put as a question may open like a conditional: "¿y
        // si usamos X en vez de Y?")
        let conditional = s.cues().conditional && !self.asks_for_alternative(s);
        let mut counted: Vec<&Hit> = Vec::new();
        let mut sum = 0;
        for h in s.hits.iter().filter(|h| {
            let c = self.category(h);
            let inside_rejected = matches!(
                c,
                Category::Confirmation | Category::DecisionVerb | Category::Imperative
            ) && s.hits.iter().any(|o| {
                o.rule != h.rule
                    && o.rejected
                        .map(|(x, y)| x <= h.start && h.end <= y)
                        .unwrap_or(false)
            });
            is_scored(c)
                && !inside_rejected
                && (!conditional || matches!(c, Category::Ban | Category::Memory))
        }) {
            if !counted.iter().any(|o| same_words(o, h)) {
                counted.push(h);
                sum += self.strength(h);
            }
        }
        sum
    }

    /// "can we use X instead of Y?", "polars で書き直してもらえますか": a request
    /// put as a question that names the alternative it asks for (a
    /// rejection naming what it replaces, or a choice between two named
    /// options), with no other cancelling cue; or a "why not just X?"
    /// (a marker with the `ASKS` role); or a polite "can you build X with
    /// TECH?" (a request, not a question: the `MAKES` role).
    fn asks_for_alternative(&self, s: &Sent) -> bool {
        let c = s.cues();
        // ("what if we use duckdb instead of loading it all in pandas?",
        // "¿y si usamos X en vez de Y?": a suggestion put as a question
        // that names the alternative; its "maybe" / "what if" is how it is
        // asked, not doubt)
        // with a verb that takes it up ("what if the cache is full
        // instead of empty?" names a state, not an alternative)
        let once = std::cell::OnceCell::new();
        let suggests = || {
            *once.get_or_init(|| {
                s.view.trim_end().ends_with(['?', '？'])
                    && (s.hits.iter().any(|h| {
                        matches!(
                            self.category(h),
                            Category::DecisionVerb | Category::Imperative
                        )
                    }) || suggest_use_re().is_match(&s.view))
                    && suggestion_re().is_match(&s.view)
            })
        };
        !(c.delegation || c.undecided || c.experiment || c.reported)
            && (!c.hedge || suggests())
            && s.hits.iter().any(|h| {
                let names_both = matches!(
                    self.category(h),
                    Category::Rejection | Category::DecisionVerb
                ) && self.strength(h) >= 2
                    && h.chosen.is_some()
                    && h.rejected.is_some();
                // ("can we just use a cron job instead?": the alternative
                // named against what is there)
                let names_instead = self.category(h) == Category::Rejection
                    && self.strength(h) >= 2
                    && h.chosen.is_some();
                // ("should we switch to parquet?": a change of technology
                // put to the agent)
                let names_switch = self.category(h) == Category::DecisionVerb
                    && self.strength(h) >= 3
                    && self.has_role(h, rules::SELECTION)
                    && h.chosen.is_some()
                    && switch_request_re().is_match(&s.view);
                ((c.request || suggests()) && (names_both || names_instead || names_switch))
                    || (self.has_role(h, rules::ASKS) && h.chosen.is_some())
                    || (self.has_role(h, rules::MAKES)
                        && h.chosen.is_some()
                        && make_request_re().is_match(&s.view))
            })
    }

    /// Index of the epitome sentence, if some sentence reaches the threshold.
    pub(super) fn best_sentence(&self, a: &Analysis) -> Option<usize> {
        let mut best: Option<usize> = None;
        for (i, s) in a.sents.iter().enumerate() {
            // "implement it across backend and frontend": assent with no
            // option named decides nothing by itself (an answer to the
            // assistant is read against its message instead); "rename the
            // column like you suggested" restates the work in its own words;
            // "find where it renders, and implement this end-to-end": the
            // requests beside an assent to the work's pronoun are that work
            let assent_only = || {
                let mut conf = s
                    .hits
                    .iter()
                    .filter(|h| self.category(h) == Category::Confirmation)
                    .peekable();
                let pronoun_assent =
                    conf.peek().is_some() && conf.all(|h| self.has_role(h, rules::WORK));
                s.hits.iter().all(|h| h.chosen.is_none())
                    && super::assent::assent_alone(&s.hits, |h| {
                        let c = self.category(h);
                        let polite = self.has_role(h, rules::POLITE)
                            || (pronoun_assent && c == Category::ActionRequest);
                        (c, polite, h.start, h.end)
                    })
            };
            if s.score >= THRESHOLD
                && best.map(|b| s.score > a.sents[b].score).unwrap_or(true)
                && !assent_only()
            {
                best = Some(i);
            }
        }
        best
    }

    /// Whether the sentence's first strong decisive marker is a ban.
    pub(crate) fn sentence_is_ban(&self, s: &Sent) -> bool {
        let first_ban = s
            .hits
            .iter()
            .filter(|h| self.category(h) == Category::Ban && self.strength(h) >= 2)
            .map(|h| h.start)
            .min();
        let first_other = s
            .hits
            .iter()
            .filter(|h| {
                matches!(
                    self.category(h),
                    Category::DecisionVerb | Category::Rejection | Category::Confirmation
                ) && self.strength(h) >= 2
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
}
