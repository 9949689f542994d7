//! Sentence-level cues that cancel a commitment: questions, hedges,
//! conditionals, temporary scope, delegation, indecision, experiments and
//! decisions reported from someone else.
//!
//! These are not markers (they are not part of the JSON marker categories);
//! they only decide whether a sentence's markers count. The table is fixed,
//! documented here and tested like the rule table.

use std::sync::OnceLock;

/// Which cancelling cues a sentence carries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct CueFlags {
    pub question: bool,
    pub hedge: bool,
    pub conditional: bool,
    pub temporary: bool,
    pub delegation: bool,
    pub undecided: bool,
    pub experiment: bool,
    pub reported: bool,
    /// A request put as a question ("can you …", "could we …", "…てもらえますか"):
    /// it cancels nothing by itself; a question that asks for a named
    /// alternative ("can we use X instead of Y?") still decides.
    pub request: bool,
}

impl CueFlags {
    /// Cues that cancel every marker of the sentence.
    pub fn cancels_all(&self) -> bool {
        self.question
            || self.hedge
            || self.delegation
            || self.undecided
            || self.experiment
            || self.reported
    }
}

/// What someone else's choice is said with ("he said", "my lead wants"),
/// after a "they/he/she" at a clause start or after a named other person
/// (a "he said" after "like" or "as" agrees rather than reports).
macro_rules! reported_tail {
    () => {
        r"(?:\s+(?:on|at|in|from)\s+[\w.-]+(?:\s+[\w.-]+)?)?\s+(?:decided|chose|picked|went\s+with|wanted|wants|insisted|said|says|claims?|thinks|suggested|suggests|keeps\s+(?:saying|suggesting|pushing|asking))\b"
    };
}

/// (name, pattern). `'` matches both `'` and `’`; class escapes as in rule
/// patterns (`\b` is an ASCII word boundary, see [`super::dialect::gate_classes`]).
pub(crate) const CUE_TABLE: &[(&str, &str)] = &[
    (
        "question",
        r"^\W*(?:(?:so|ok|okay|hmm+|and|or|but|also|btw|quick\s+question|question|q|wait|hey|oh|well|honestly|actually|just\s+curious|curious)\W+)*(?:should|shall|would|could|can|will|do\s+(?:we|you|i|they|these|those|people|u)|does|did|is|are|was|were|am|have\s+(?:we|you|i)|has|what|what's|whats|why|how|where|which|who|whom|whose|isn't|aren't|wouldn't|shouldn't|couldn't|can't\s+(?:we|you)|won't\s+(?:we|you)|doesn't|don't\s+(?:we|you)|any\s+(?:idea|reason|thoughts|chance))\b",
    ),
    (
        "question_any",
        r"\b(?:what\s+do\s+(?:you|u)\s+think|wdyt|thoughts\s*\?|your\s+thoughts|what\s+would\s+(?:you|u)\s+(?:pick|choose|use|do|recommend|suggest)|which\s+(?:one\s+)?(?:would|should|do)\s+(?:you|we)|or\s+not\s*\?|any\s+objections|does\s+that\s+make\s+sense|right\s*\?\s*$)",
    ),
    (
        "hedge",
        r"(?:^\W*(?:maybe|perhaps|possibly|probably)\b|\b(?:maybe|perhaps|possibly)\b|(?:^\W*|[^\w\s]\s*|\b(?:and|but|so|or|then|think|thought|believe|figured|assumed|suppose|like|ok|okay|well|also|guess|now|here|hmm+|or\s+else)\s+)(?:we|you|i)\s+(?:could|might|may)\b|\b(?:we|you)\s+(?:should\s+)?probably\b|would\s+be\s+(?:nice|better|good|cool|great|cleaner)|\bi\s+(?:guess|suppose|wonder|reckon)\s+(?:we|you|it|that|this|maybe)\s+(?:should|could|might|would|can|may|is|'d|'s)|\bi\s+(?:think|feel\s+like|believe)\s+(?:(?:we|you)\s+(?:could|might|may|can)\b|(?:it|that|this)\s+(?:should|could|might|would|can|may|is|'d|'s)|maybe)|\bi\s+(?:guess|suppose|wonder)\b|\bi'm\s+(?:thinking|wondering|leaning|considering|not\s+sure|unsure|tempted)|\bnot\s+sure\b|\bunsure\b|thinking\s+out\s+loud|just\s+(?:a\s+)?thought|just\s+thinking|\bwhat\s+if\b|\bhow\s+about\b|\bwhat\s+about\b|\bworth\s+(?:considering|trying|exploring|a\s+try|looking|a\s+shot)|lean(?:ing)?\s+(?:more\s+|a\s+bit\s+|slightly\s+)?towards?|on\s+the\s+fence|torn\s+between|\bin\s+theory\b|\bideally\b|\beventually\b|\bsomeday\b|\bat\s+some\s+point\b|\bone\s+day\b|down\s+the\s+(?:road|line)|\bconsider(?:ing)?\s+(?:using|switching|moving|replacing|adding|dropping)|\bidk\b|\bno\s+idea\b|^\W*(?:this|that|it|which)\s+would\s+(?:allow|let|enable|make|mean|give|help|require|need|cause|break|add)\b|\b(?:seems?|seemed)\s+(?:like|to\s+be)\b)",
    ),
    (
        "conditional",
        r"^\W*(?:(?:and|but|so|also|ok|okay|then|like|say)\W+)?(?:if|unless|when|whenever|once|in\s+case|assuming|provided|as\s+long\s+as|only\s+if)\b",
    ),
    (
        "temporary",
        r"\b(?:only\s+(?:touch|edit|change|modify)\s+(?:that|this|the)\s+(?:one\s+|single\s+)?(?:file|function|method|class|module|component|test)\b|only\s+touch\s+[\w/-]+\.\w+\b|(?:don't|dont|do\s+not|no\s+need\s+to)\s+run\s+(?:any(?:thing)?\s+)?(?:\w+\s+)?(?:commands?|tests?)\s+to\s+(?:verify|check|test|confirm)\b|for\s+now|(?:don't|dont|do\s+not)\s+(?:[\w-]+\s+){1,6}?now\b|for\s+the\s+(?:moment|time\s+being)|temporar(?:y|ily)|(?:just\s+)?for\s+(?:this|that)\s+(?:pr|commit|run|test|task|branch|one|once|ticket|demo|release|spike|session|refactor|refactoring|fix|cleanup)|in\s+this\s+(?:current\s+)?(?:pr|commit|branch|change|changeset|session|ticket|task|patch|iteration|run|thread|conversation|chat)|\bto\s+(?:perform|do|complete|finish|make|run|carry\s+out)\s+(?:this|that)\s+(?:check|task|change|fix|review|step|edit|update|migration)\b|(?:not|don't|dont|do\s+not|never|no\s+need\s+to)\s+(?:[\w-]+\s+){0,2}?(?:merge|push|commit|deploy|release|ship|publish|run|start|touch|change|delete|remove|implement|build|write|open|apply|migrate|upgrade|update|switch|install|enable|do|worry|bother|add|fix|refactor|split|rename|move|use|make|create|send|submit|close|drop|wire|hook|integrate|optimi[sz]e|test)\b[^.;]*\byet\b|(?:^|[^\w\s]\s*)not\s+yet\b|(?:before|until)\s+(?:you|we|i)\s+(?:open|merge|push|commit|ship|release|review|decide|finish|get|have|hear|know)|just\s+this\s+once|\bthis\s+time\b|quick\s+(?:and\s+dirty|hack)|\bstopgap\b|\bfor\s+(?:today|the\s+demo|testing|debugging|local\s+dev|local\s+testing)\b|\bas\s+a\s+(?:test|trial|dry[- ]run|smoke\s+test)\b|short[- ]term|(?:we'll|we\s+will|i'll|i\s+will|we\s+can|you\s+can)\s+[^.;,—]*\blater\b|for\s+the\s+first\s+(?:pass|version|iteration|cut)|in\s+the\s+meantime|\bmeanwhile\b|\bright\s+now\s+just\b|\bright\s+now\s*[—–-]|\bthis\s+is\s+(?:just|only)\s+(?:analysis|research|a\s+question|exploration|an\s+experiment|for\s+discussion)\b|\bjust\s+(?:report|review|look|read|tell|list|show|diagnose|investigate|explain|analy[sz]e|summari[sz]e|describe)\b|until\s+(?:tomorrow|monday|next\s+week|the\s+demo|the\s+release)|\bwhile\s+(?:we|i|you)\s+(?:debug|test|investigate|figure)|\b(?:use|using|utilize|utilise|utilizando|usa|usando|usar|utiliza|utilisez|benutze|nutze)\s+(?:the\s+|o\s+|a\s+|la\s+|le\s+|el\s+)?(?:sequential[-_ ]?thinking|ultrathink|context7|deepwiki|[\w-]+\s+mcp))\b|\b(?:don't|dont|do\s+not)\s+(?:\w+\s+or\s+)?[a-z]+\s+(?:anything|any\s+code|(?:any\s+)?(?:new\s+)?(?:bugs|errors|mistakes|regressions))(?:\s+(?:else|yet|for\s+now|now|until\s+\w+|before\s+\w+))?\s*(?:[.,;:!—–-]|$)",
    ),
    (
        "delegation",
        r"\b(?:(?:you|u)\s+(?:decide|choose|pick|can\s+decide|can\s+choose|can\s+pick|get\s+to\s+pick|make\s+the\s+call)|up\s+to\s+(?:you|u)|your\s+call|your\s+choice|dealer's\s+choice|whatever\s+(?:\w+\s+){0,4}?(?:you|u)\s+(?:think|prefer|like|want|feel|find)|(?:i\s+)?(?:don't|do\s+not)\s+(?:really\s+)?care\s+(?:which|what|how|about\s+the)|either\s+(?:is|one\s+is|works|way\s+is)\s+fine|use\s+your\s+(?:best\s+)?judge?ment|whichever\s+(?:you|is\s+easier|is\s+simpler))",
    ),
    (
        "undecided",
        r"\b(?:(?:haven't|have\s+not|hasn't|has\s+not|not|didn't|did\s+not|hadn't|yet\s+to)\s+(?:yet\s+|really\s+|fully\s+|quite\s+)?(?:decided|decide|settled|chosen|picked|made\s+(?:a|the|up)\s+)|undecided|(?:will|is\s+to|are\s+to|to)\s+be\s+(?:decided|chosen|picked)|(?:will|is\s+to|are\s+to|to)\s+be\s+determined(?:\s*$|\s*[.,;:!?)]|\s+(?:later|soon|yet|after|once|when|at|in|next|tomorrow|by\s+(?:the\s+)?(?:team|us|them|me|you|someone|product|pm|management|lead|client|customer)\b))|\btbd\b|let\s+me\s+think|let's\s+(?:think|discuss|talk|revisit)|still\s+(?:deciding|thinking|torn|unsure|figuring)|(?:^\W*|\b(?:still|i'm|im|i\s+am|been|was|we're|we\s+are|am|keep)\s+)thinking\s+about\s+(?:it\s*(?:[.?!…]|$|,\s*(?:i|we|will|and|but|let)\b|\s+(?:more|still|a\s+bit|again|and|but))|whether|which|if)|need\s+to\s+(?:think|decide)|not\s+sure\s+(?:yet|if|whether|which)|can't\s+decide|haven't\s+made\s+up)",
    ),
    (
        "experiment",
        r"(?:\b(?:try|trying|tried)\s+(?:it|this|that|them|out|using|with|switching|replacing|swapping|a|an|the|both|\w+ing)\b|\b(?:and|to)\s+see\s+(?:if|whether|how|what|which)\b|\bsee\s+if\b|\b(?:experimenting|experiment\s+(?:with|on)|(?:an?|as\s+an?|the|this|quick|small|little)\s+experiment)\b|\bspike\b|\bquick\s+(?:test|check|benchmark|bench|comparison|prototype)\b|\bbenchmark\s+(?:both|them|each)\b|\bcompare\s+(?:both|them|the\s+two)\b|\bdecided\s+to\s+try\b)",
    ),
    (
        "reported",
        concat!(
            r"(?:^|[^\w\s]\s*|\b(?:and|but|so|because|since|then|now|also|that|when|if|i\s+think|apparently)\s+)(?:they|he|she)",
            reported_tail!(),
            r"|\b(?:the\s+(?:previous|old|last|other|original|former)\s+\w+|someone|somebody|the\s+\w+\s+team|the\s+docs?|the\s+readme|(?:the|our|their)\s+(?:sla|spec|docs?|readme|contract|guide|policy|style\s+guide)(?:\s+\w+)?\s+says\b|\b(?:my|our|a)\s+(?:boss|manager|lead|colleague|coworker|co-worker|teammate|friend|cto|client|customer))",
            reported_tail!(),
            r"|\bi\s+(?:read|heard|saw)\s+(?:somewhere|online|on\s+\w+|in\s+(?:a|an|the)\s+\w+)|\bpeople\s+(?:say|keep\s+saying|on\s+\w+\s+say)\b|\b(?:should|supposed\s+to)\b[^.;!?]{1,60}?\bbut\s+(?:it's|its|it|instead|currently|right\s+now|i\s+(?:get|see|got))\b",
            // a symptom reported ("getting 401 on every request"): what
            // happens, not a choice (a clause after it may still decide:
            // "getting errors again, pin torch to 2.3.1")
            r"|^\W*(?:(?:so|and|but|now|still|also|hey|hi|ok|okay)\W+)*(?:i'm\s+|im\s+|i\s+am\s+|we're\s+|we\s+are\s+|i\s+keep\s+|we\s+keep\s+|i\s+get\s+|i\s+see\s+)?(?:still\s+)?(?:getting|seeing)\s+(?:an?\s+|the\s+|this\s+|these\s+|that\s+|a\s+lot\s+of\s+|lots\s+of\s+)?(?:\d{3}s?\b|errors?|exceptions?|warnings?|timeouts?|failures?|crash\w*|panics?|segfaults?|null|undefined|nan|empty|blank|weird|strange|random|intermittent|duplicate\w*|the\s+same)\b[^,;—–]*$"
        ),
    ),
    (
        "request",
        concat!(
            r"^\W*(?:(?:so|ok|okay|and|but|also|hmm+|actually)\W+)*",
            request_topic!(),
            r"(?:(?:can|could|would)\s+(?:you|u|we)|(?:should|shall)\s+we\s+(?:just\s+)?(?:switch|move|migrate|use|go\s+with|stick|keep|replace|stream|drop)|why\s+not\s+(?:just\s+)?(?:use|switch|go|keep))\b"
        ),
    ),
];

/// One alternative of a cue: the English pattern or one language's.
struct Alternative {
    /// The cue's position in `CUE_TABLE`.
    cue: usize,
    re: super::dialect::LazyRegex,
}

/// The cue table as its alternatives (each cue's English pattern, then
/// every other language's) and a literal prefilter over them: one
/// Aho-Corasick pass over a sentence names the alternatives worth running,
/// compiled on first use. Cue indices are `CUE_TABLE` positions, which
/// follow `CueFlags` (question has two patterns; the order is unit-tested).
/// (One regex set of all the cues spent most of its time building lazy-DFA
/// states for the many languages' words, sentence after sentence.)
pub(crate) struct Cues {
    alts: Vec<Alternative>,
    prefilter: super::prefilter::Prefilter,
}

impl Cues {
    /// The alternatives' patterns, as the prefilter reads them.
    #[cfg(test)]
    pub(crate) fn patterns(&self) -> Vec<&str> {
        self.alts.iter().map(|a| a.re.pattern()).collect()
    }
}

pub(crate) fn cues() -> &'static Cues {
    static C: OnceLock<Cues> = OnceLock::new();
    C.get_or_init(|| {
        let mut alts = Vec::new();
        for (cue, (name, p)) in CUE_TABLE.iter().enumerate() {
            let own = std::iter::once(*p).chain(super::lang::cue_alternatives(name));
            for a in own {
                alts.push(Alternative {
                    cue,
                    re: super::dialect::LazyRegex::new(
                        super::dialect::gate_classes(&super::dialect::expand_builtin(a)),
                        false,
                    ),
                });
            }
        }
        let prefilter = super::prefilter::Prefilter::new(
            &alts.iter().map(|a| a.re.pattern()).collect::<Vec<_>>(),
        );
        Cues { alts, prefilter }
    })
}

/// True when the sentence ends with a question mark (ignoring closing quotes,
/// brackets, emphasis and emoji), unless the mark only closes a
/// confirmation tag after a statement ("never commit .env files, ok?",
/// "以后都用pnpm，记住了吗？").
pub(crate) fn ends_with_question(view: &str) -> bool {
    for (i, c) in view.char_indices().rev() {
        if c.is_whitespace() || super::text_is_closer(c) || is_emoji_like(c) {
            continue;
        }
        return matches!(c, '?' | '？' | '؟') && statement_before_tag(&view[..i]).is_none();
    }
    false
}

/// Where the statement before a closing confirmation tag ends: the tag
/// ([`super::lang::Lang::tags`]) is the sentence's last words before its
/// question mark (or, for a CJK tag such as "记住了吗", its last words),
/// set off by a comma, a dash or a space from a statement of at least two
/// words or four CJK characters ("…, ok", "… d'accord", "…，好吗";
/// Spanish may open the tag with "¿").
fn statement_before_tag(before: &str) -> Option<usize> {
    let b = before.trim_end();
    for tag in super::lang::confirm_tags() {
        // the last as many characters as the tag has, compared without case
        let n = tag.chars().count();
        let Some((at, _)) = b.char_indices().rev().nth(n - 1) else {
            continue;
        };
        if b[at..].to_lowercase() != *tag {
            continue;
        }
        let head = b[..at].trim_end_matches(['¿', ' ']);
        // (the tag is a word of its own: "…, ok", not "…look")
        let Some(sep) = head.chars().next_back() else {
            continue;
        };
        // ("これでいい？" asks; "push しない、いい？" tells)
        let spaced = b[..at].ends_with([' ', '¿']);
        if !matches!(sep, ',' | '，' | '、' | '—' | '–' | '-' | ';') && !spaced {
            continue;
        }
        // the statement before it: two words, or a CJK clause
        let stmt = head.trim_end_matches([',', '，', '、', '—', '–', '-', ';', ' ']);
        if stmt.split_whitespace().count() >= 2
            || stmt.chars().filter(|c| super::text::is_cjk(*c)).count() >= 4
        {
            return Some(stmt.len());
        }
        return None;
    }
    None
}

/// `view` without a confirmation tag that closes it ("…，记住了吗？" →
/// "…"): the cues read the statement, not the tag's question particle.
fn without_confirm_tag(view: &str) -> &str {
    let t = view.trim_end_matches(|c: char| {
        c.is_whitespace() || super::text_is_closer(c) || is_emoji_like(c)
    });
    let t = t.strip_suffix(['?', '？']).unwrap_or(t);
    let cjk_tag = t.chars().next_back().is_some_and(super::text::is_cjk);
    if t.len() == view.trim_end().len() && !cjk_tag {
        return view;
    }
    match statement_before_tag(t) {
        Some(end) => &view[..end],
        None => view,
    }
}

fn is_emoji_like(c: char) -> bool {
    let u = c as u32;
    (0x1F000..=0x1FAFF).contains(&u) || (0x2600..=0x27BF).contains(&u) || u == 0xFE0F || u == 0x200D
}

/// The length of a lead-in that only announces the person's own proposal
/// ("how about this:", "what about this -", "here's an idea:"): the cues
/// are read after it.
fn announcing_lead(view: &str) -> usize {
    let lower = super::text::prefix_at_boundary(view, 40).to_ascii_lowercase();
    let t = lower.trim_start();
    let lead = lower.len() - t.len();
    for opener in [
        "how about this",
        "what about this",
        "here's an idea",
        "heres an idea",
        "here is an idea",
        "here's my idea",
        "here is my idea",
        "here's a thought",
    ] {
        if let Some(rest) = t.strip_prefix(opener) {
            let after = rest.trim_start_matches([' ', '\t']);
            if after.starts_with([':', '-', '—', '–']) {
                let sep = after.chars().next().map_or(0, char::len_utf8);
                return lead + t.len() - after.len() + sep;
            }
        }
    }
    0
}

/// `view` with the question words of a CJK concessive ("不管做什么功能",
/// "无论哪个服务": no matter what) written as "某", so that they ask
/// nothing: "以后不管做什么功能，都不准硬删除" is a rule, not a question.
fn without_concessive(view: &str) -> std::borrow::Cow<'_, str> {
    const LEADS: [&str; 6] = ["不管", "无论", "無論", "不论", "不論", "任何"];
    const ASKING: [char; 7] = ['什', '么', '麼', '哪', '怎', '谁', '誰'];
    if !LEADS.iter().any(|l| view.contains(l)) && !view.contains(['都', '也']) {
        return std::borrow::Cow::Borrowed(view);
    }
    let mut out = String::with_capacity(view.len());
    let mut left = 0usize; // characters of a concessive still to read
    let chars: Vec<char> = view.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if i + 1 < chars.len()
            && LEADS
                .iter()
                .any(|l| l.starts_with(c) && l.ends_with(chars[i + 1]))
        {
            left = 10;
        }
        if matches!(c, '，' | ',' | '。' | '？' | '?' | '！' | '!') {
            left = 0;
        }
        // ("什么都不做", "哪个都行": a question word before 都 / 也 means
        // any, and asks nothing either)
        let any = ASKING.contains(&c)
            && chars[i + 1..]
                .iter()
                .take(3)
                .take_while(|n| !matches!(n, '，' | ',' | '。' | '？' | '?'))
                .any(|n| matches!(n, '都' | '也'));
        if (left > 0 || any) && ASKING.contains(&c) {
            // (each of these is three bytes in UTF-8, as "某" is)
            out.push('某');
        } else {
            out.push(c);
        }
        left = left.saturating_sub(1);
        i += 1;
    }
    std::borrow::Cow::Owned(out)
}

impl Cues {
    pub fn flags(&self, view: &str) -> CueFlags {
        let view = &view[announcing_lead(view)..];
        let view = without_confirm_tag(view);
        let neutral = without_concessive(view);
        let view = neutral.as_ref();
        let mut found = [false; 16];
        let mut scratch = super::prefilter::Scratch::default();
        for &i in self.prefilter.candidates(view, &mut scratch) {
            let a = &self.alts[i];
            if a.cue < found.len() && !found[a.cue] && a.re.get().is_match(view) {
                found[a.cue] = true;
            }
        }
        let on = |k: usize| found[k];
        CueFlags {
            question: ends_with_question(view) || on(0) || on(1),
            hedge: on(2),
            conditional: on(3),
            temporary: on(4),
            delegation: on(5),
            undecided: on(6),
            experiment: on(7),
            reported: on(8),
            request: on(9),
        }
    }
}

#[cfg(test)]
mod prefilter_tests {
    use super::*;

    /// The prefiltered alternatives give the flags one regex set of the
    /// whole cues gave, on every sentence of the rule cases.
    #[test]
    fn prefiltered_cues_match_a_set_of_the_whole_cues() {
        let pats: Vec<String> = CUE_TABLE
            .iter()
            .map(|(name, p)| {
                let alts: Vec<String> = std::iter::once(*p)
                    .chain(crate::gate::lang::cue_alternatives(name))
                    .map(|a| format!("(?:{})", crate::gate::dialect::expand_builtin(a)))
                    .collect();
                crate::gate::dialect::gate_classes(&alts.join("|"))
            })
            .collect();
        let set = regex::RegexSetBuilder::new(&pats)
            .case_insensitive(true)
            .size_limit(1 << 24)
            .dfa_size_limit(1 << 23)
            .build()
            .expect("the cues build as one set");
        let mut on = 0;
        let sentences = crate::gate::tests::RULE_CASES
            .iter()
            .chain(crate::gate::lang::cases::CASES.iter())
            .flat_map(|c| c.1.iter().chain(c.2.iter()));
        for s in sentences {
            // (the cues read a concessive's question words as "某")
            let m = set.matches(&super::without_concessive(super::without_confirm_tag(s)));
            let f = cues().flags(s);
            let want = [
                f.question && !ends_with_question(s),
                f.hedge,
                f.conditional,
                f.temporary,
                f.delegation,
                f.undecided,
                f.experiment,
                f.reported,
                f.request,
            ];
            let got = [
                m.matched(0) || m.matched(1),
                m.matched(2),
                m.matched(3),
                m.matched(4),
                m.matched(5),
                m.matched(6),
                m.matched(7),
                m.matched(8),
                m.matched(9),
            ];
            if ends_with_question(s) {
                assert_eq!(got[1..], want[1..], "{s}");
            } else {
                assert_eq!(got, want, "{s}");
            }
            on += want.iter().filter(|&&b| b).count();
        }
        assert!(on >= 50, "only {on} cues on");
    }
}

#[cfg(test)]
mod order_tests {
    #[test]
    fn table_order_follows_the_flags() {
        let names: Vec<&str> = super::CUE_TABLE.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            names,
            [
                "question",
                "question_any",
                "hedge",
                "conditional",
                "temporary",
                "delegation",
                "undecided",
                "experiment",
                "reported",
                "request"
            ]
        );
    }
}
