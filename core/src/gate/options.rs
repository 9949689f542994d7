//! Option extraction: turns the `chosen` / `rejected` spans of markers, lists
//! in the turn and neighbouring sentences into `(text, chosen)` pairs, and
//! finds the test / check a decision names.

use super::{Analysis, Category, Gate, Hit};
use regex::Regex;
use std::sync::OnceLock;

/// What a span is being trimmed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    Chosen,
    Rejected,
    /// A list item: only surrounding punctuation is removed.
    Item,
}

lazy_re!(lead_common, r"^\s*(?:(?:just|also|only|always|ever|even|then|please|pls|ok|okay|so|and|but|now|let's|lets|let\s+us|i'd|we'd|i'll|we'll|we|i|you|should|would|will|must|to|really|definitely|probably|both)\s+)");

lazy_re!(lead_chosen, r"^\s*(?:use|using|go\s+with|going\s+with|do|doing|pick|picking|choose|choosing|switch\s+to|stick\s+with|keep\s+using|keep\s+(?:it|them|this|that)\s+as|prefer|adopt|opt\s+for|rather\s+use|rather|have|'ll\s+do|'re\s+going\s+with|going\s+to\s+use|target)\s+");

lazy_re!(lead_rejected, r"^\s*(?:use|using|add|adding|introduce|introducing|import|importing|store|storing|log|logging|commit|committing|support|supporting|ship|shipping|put|putting|vendor|vendoring|install|installing|pin|pinning|expose|exposing|have|having|bring\s+in|bringing\s+in|pull\s+in|pulling\s+in|depend\s+on|depending\s+on|rely\s+on|relying\s+on|any|more|new|additional|extra|further|a\s+dependency\s+on|dependencies\s+on|a\s+dep\s+on|deps\s+on)\s+");

/// Words at which an option span is cut (when they follow the first word).
const CUT_WORDS: &[&str] = &[
    "so",
    "because",
    "since",
    "which",
    "when",
    "where",
    "unless",
    "if",
    "until",
    "for",
    "in",
    "at",
    "on",
    "from",
    "within",
    "across",
    "throughout",
    "inside",
    "under",
    "here",
    "there",
    "now",
    "first",
    "anymore",
    "everywhere",
    "too",
    "again",
    "directly",
    "instead",
    "only",
    "pls",
    "please",
    "like",
    "while",
    "whenever",
    "than",
    "whereas",
    "though",
    "although",
    "unless",
    "anyway",
    "ever",
    "period",
    "either",
    "—",
    "–",
    "-",
    "--",
    "…",
    "...",
];

/// Verbs / pronouns that start a new clause after "and" / "or".
const CLAUSE_AFTER_CONJ: &[&str] = &[
    "narrow",
    "make",
    "delete",
    "remove",
    "add",
    "let",
    "keep",
    "call",
    "pass",
    "put",
    "use",
    "write",
    "run",
    "do",
    "move",
    "return",
    "then",
    "just",
    "also",
    "that's",
    "it's",
    "that",
    "it",
    "we",
    "i",
    "you",
    "they",
    "read",
    "find",
    "mock",
    "hash",
    "drop",
    "fix",
    "rename",
    "update",
    "change",
    "handle",
    "send",
    "narrowing",
    "the",
    "this",
    "delete",
    "get",
    "throw",
    "log",
    "print",
    "wrap",
    "convert",
];

/// Whether an option span ends before the word `raw` (followed by `next`).
fn is_cut_word(raw: &str, next: Option<&str>, role: Role) -> bool {
    let w = strip_punct_word(raw);
    if ["—", "–", "-", "--", "…", "..."].contains(&raw) || CUT_WORDS.contains(&w.as_str()) {
        return true;
    }
    match w.as_str() {
        "that" => next == Some("way"),
        // "`unknown` and narrow it", "gix or read the files directly", but
        // "a WaitGroup or a channel" stays one option
        "and" | "or" | "but" => {
            let n = next.unwrap_or("");
            CLAUSE_AFTER_CONJ.contains(&n) && !(w == "or" && matches!(n, "the" | "this" | "that"))
        }
        "to" => matches!(next, Some("the" | "our" | "a" | "make" | "keep" | "avoid")),
        "rather" => next == Some("than"),
        "instead" => next == Some("of"),
        "over" | "not" => role == Role::Chosen,
        _ => false,
    }
}

fn strip_punct_word(w: &str) -> String {
    w.trim_matches(|c: char| {
        !c.is_alphanumeric() && c != '\'' && c != '’' && c != '-' && c != '—' && c != '–' && c != '…' && c != '.'
    })
    .trim_end_matches(['.', ','])
    .to_lowercase()
    .replace('’', "'")
}

/// Trims the byte range `[a, b)` of `text` to the shortest span that
/// identifies an option. Returns `None` when nothing meaningful is left.
pub(crate) fn trim_span(text: &str, a: usize, b: usize, role: Role) -> Option<(usize, usize)> {
    if a >= b || b > text.len() || !text.is_char_boundary(a) || !text.is_char_boundary(b) {
        return None;
    }
    let mut a = a;
    let mut b = b;
    // 1. leading filler and verbs
    if role != Role::Item {
        for _ in 0..8 {
            let s = &text[a..b];
            let m = lead_common().find(s).or_else(|| match role {
                Role::Chosen => lead_chosen().find(s),
                Role::Rejected => lead_rejected().find(s),
                Role::Item => None,
            });
            match m {
                Some(m) if m.end() > 0 && m.end() < s.len() => a += m.end(),
                _ => break,
            }
        }
    }
    // 2. cut at the first clause boundary outside brackets / code
    let s = &text[a..b];
    let mut depth: i32 = 0;
    let mut tick = false;
    // words as (start, end, bracket depth, inside code) relative to `s`
    let mut words: Vec<(usize, usize, i32, bool)> = Vec::new();
    let mut cur: Option<(usize, i32, bool)> = None;
    let mut punct_cut: Option<usize> = None;
    for (i, c) in s.char_indices() {
        if c.is_whitespace() {
            if let Some((st, d, t)) = cur.take() {
                words.push((st, i, d, t));
            }
            continue;
        }
        if cur.is_none() {
            cur = Some((i, depth, tick));
        }
        match c {
            '(' | '[' | '{' if !tick => depth += 1,
            ')' | ']' | '}' if !tick => depth -= 1,
            '`' => tick = !tick,
            // "loop, it's …" but not "a:b" or "1,000"
            ',' | ';' | ':' if depth <= 0 && !tick && i > 0 => {
                let next = s[i + c.len_utf8()..].chars().next();
                if next.map(|n| n.is_whitespace()).unwrap_or(true) {
                    punct_cut = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    if punct_cut.is_none() {
        if let Some((st, d, t)) = cur.take() {
            words.push((st, s.len(), d, t));
        }
    }
    let mut cut = punct_cut;
    if role != Role::Item {
        for k in 1..words.len() {
            let (ws, we, d, t) = words[k];
            if d > 0 || t {
                continue;
            }
            let next = words.get(k + 1).map(|&(x, y, _, _)| strip_punct_word(&s[x..y]));
            if is_cut_word(&s[ws..we], next.as_deref(), role) {
                cut = Some(cut.map_or(ws, |c| c.min(ws)));
                break;
            }
        }
    }
    if let Some(c) = cut {
        b = a + c;
    }
    // 3. surrounding whitespace / punctuation
    let s = &text[a..b];
    let t = s.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, '.' | ',' | ';' | ':' | '!' | '?' | '…' | '—' | '–' | '-')
    });
    let t_start = t.len()
        - t.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '—' | '–' | '-')).len();
    let mut na = a + t_start;
    let mut nb = a + t.len();
    if na >= nb {
        return None;
    }
    // unbalanced closing paren at the end: "(… , etc)" stays, "foo)" loses it
    let inner = &text[na..nb];
    if inner.ends_with(')') && inner.matches('(').count() < inner.matches(')').count() {
        nb -= 1;
    }
    if inner.starts_with('(') && inner.matches('(').count() > inner.matches(')').count() {
        na += 1;
    }
    if na >= nb {
        return None;
    }
    let out = text[na..nb].trim();
    let lw = out.to_lowercase();
    if out.is_empty()
        || matches!(
            lw.as_str(),
            "it" | "that"
                | "this"
                | "them"
                | "those"
                | "these"
                | "one"
                | "so"
                | "too"
                | "me"
                | "us"
                | "there"
                | "here"
                | "the"
                | "a"
                | "an"
        )
        || !out.chars().any(|c| c.is_alphanumeric() || c == '*' || c == '#')
    {
        return None;
    }
    let lead = text[na..nb].len() - text[na..nb].trim_start().len();
    Some((na + lead, na + lead + out.len()))
}

/// Lower-cased content words of a span (for matching options to list items).
pub(crate) fn content_words(s: &str) -> Vec<String> {
    const STOP: &[&str] = &[
        "the",
        "a",
        "an",
        "for",
        "of",
        "with",
        "in",
        "on",
        "to",
        "and",
        "or",
        "we",
        "i",
        "use",
        "using",
        "our",
        "it",
        "one",
        "approach",
        "option",
        "version",
        "that",
        "this",
        "your",
        "my",
        "is",
        "be",
        "just",
        "go",
        "do",
        "yes",
        "yeah",
        "yep",
        "ok",
        "okay",
        "sure",
        "sounds",
        "good",
        "great",
        "fine",
        "perfect",
        "alright",
        "let's",
        "lets",
        "like",
        "you",
        "proposed",
        "suggested",
        "please",
        "pls",
        "then",
        "thanks",
        "cool",
        "nice",
        "idea",
        "plan",
        "suggestion",
        "proposal",
        "design",
        "me",
        "by",
        "works",
        "let",
        "s",
    ];
    s.split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '#' || c == '-' || c == '_' || c == '.'))
        .map(|w| w.trim_matches(|c: char| c == '.' || c == '-').to_lowercase())
        .filter(|w| !w.is_empty() && !STOP.contains(&w.as_str()))
        .collect()
}

/// Index of the unique item sharing the most content words with `probe`.
pub(crate) fn best_item(probe: &str, items: &[String]) -> Option<usize> {
    let pw = content_words(probe);
    if pw.is_empty() {
        return None;
    }
    let mut best: Option<(usize, usize)> = None;
    let mut tie = false;
    for (i, it) in items.iter().enumerate() {
        let iw = content_words(it);
        let n = iw.iter().filter(|w| pw.contains(w)).count();
        if n == 0 {
            continue;
        }
        match best {
            Some((_, bn)) if n == bn => tie = true,
            Some((_, bn)) if n < bn => {}
            _ => {
                best = Some((i, n));
                tie = false;
            }
        }
    }
    if tie {
        None
    } else {
        best.map(|(i, _)| i)
    }
}

lazy_re!(vs_split_re, r"\s+(?:vs\.?|versus)\s+");

/// One list of alternatives found in the turn: item ranges and the sentence it ends in.
#[derive(Debug, Clone)]
pub(crate) struct OptList {
    pub items: Vec<(usize, usize)>,
    pub sentence: usize,
}

/// "A vs B vs C" clauses and bulleted lists of short labels.
pub(crate) fn lists(a: &Analysis) -> Vec<OptList> {
    let mut out = Vec::new();
    for (si, s) in a.sents.iter().enumerate() {
        let view = &s.view;
        let seps: Vec<(usize, usize)> = vs_split_re().find_iter(view).map(|m| (m.start(), m.end())).collect();
        if seps.is_empty() {
            continue;
        }
        let is_delim = |c: char| matches!(c, ',' | ':' | ';' | '—' | '–' | '(' | '?' | '!' | ')');
        let first = seps[0].0;
        let last = seps[seps.len() - 1].1;
        let left = view[..first]
            .rfind(is_delim)
            .map(|p| p + view[p..].chars().next().map(|c| c.len_utf8()).unwrap_or(1))
            .unwrap_or(0);
        let mut right = view[last..].find(is_delim).map(|p| last + p).unwrap_or(view.len());
        if let Some(p) = view[last..right].find("...").or_else(|| view[last..right].find('…')) {
            right = last + p;
        }
        let mut items = Vec::new();
        let mut cur = left;
        for &(ss, se) in seps.iter().chain(std::iter::once(&(right, right))) {
            if ss < cur {
                continue;
            }
            let (x, y) = (s.s.start + cur, s.s.start + ss.min(right));
            if let Some(r) = trim_span(a.text, x, y, Role::Item) {
                if a.text[r.0..r.1].split_whitespace().count() <= 8 {
                    items.push(r);
                }
            }
            cur = se;
        }
        if items.len() >= 2 {
            out.push(OptList { items, sentence: si });
        }
    }
    // bulleted lists
    let bold = bold_re();
    let mut group: Vec<(usize, usize)> = Vec::new();
    let mut last_line: Option<usize> = None;
    let mut last_si = 0usize;
    let flush = |group: &mut Vec<(usize, usize)>, last_si: usize, out: &mut Vec<OptList>| {
        if group.len() >= 2 {
            out.push(OptList { items: std::mem::take(group), sentence: last_si });
        } else {
            group.clear();
        }
    };
    for (si, s) in a.sents.iter().enumerate() {
        if s.s.bullet {
            if let Some(ll) = last_line {
                if s.s.line != ll + 1 && !group.is_empty() {
                    flush(&mut group, last_si, &mut out);
                }
            }
            let st = &a.text[s.s.start..s.s.end];
            let label = if let Some(c) = bold.captures(st) {
                c.get(1).map(|m| (s.s.start + m.start(), s.s.start + m.end()))
            } else if let Some(p) =
                [":", " — ", " – ", " - "].iter().filter_map(|d| st.find(d)).min().filter(|&p| p <= 60)
            {
                Some((s.s.start, s.s.start + p))
            } else if st.split_whitespace().count() <= 5 {
                Some((s.s.start, s.s.end))
            } else {
                None
            };
            if let Some((x, y)) = label.and_then(|(x, y)| trim_span(a.text, x, y, Role::Item)) {
                group.push((x, y));
            }
            last_line = Some(s.s.line);
            last_si = si;
        } else if last_line.map(|ll| s.s.line != ll).unwrap_or(false) {
            flush(&mut group, last_si, &mut out);
            last_line = None;
        }
    }
    flush(&mut group, last_si, &mut out);
    out
}

fn bold_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(r"^(?:\*\*|__)([^*_]{1,80}?)(?:\*\*|__)").expect("bold regex"))
}

/// A short sentence naming one item of an earlier list: "… vs pgvector … pgvector."
pub(crate) fn list_pick(gate: &Gate, a: &Analysis) -> Option<(usize, (usize, usize))> {
    let ls = lists(a);
    if ls.is_empty() {
        return None;
    }
    for (i, s) in a.sents.iter().enumerate() {
        if s.cues().cancels_all() || s.cues().conditional || s.cues().temporary {
            continue;
        }
        let st = &a.text[s.s.start..s.s.end];
        if st.split_whitespace().count() > 6 {
            continue;
        }
        // a pick carries no task or ban of its own
        if s.hits.iter().any(|h| matches!(gate.category(h), Category::ActionRequest | Category::Ban)) {
            continue;
        }
        let Some(r) = trim_span(a.text, s.s.start, s.s.end, Role::Item) else { continue };
        let probe = content_words(&a.text[r.0..r.1]);
        if probe.is_empty() {
            continue;
        }
        for l in &ls {
            if l.sentence >= i {
                continue;
            }
            let items: Vec<String> = l.items.iter().map(|&(x, y)| a.text[x..y].to_string()).collect();
            if let Some(k) = best_item(&a.text[r.0..r.1], &items) {
                let iw = content_words(&items[k]);
                // the sentence must be (almost) only the item's name
                if probe.iter().all(|w| iw.contains(w)) {
                    return Some((i, r));
                }
            }
        }
    }
    None
}

fn overlaps(x: (usize, usize), y: (usize, usize)) -> bool {
    x.0 < y.1 && y.0 < x.1
}

lazy_re!(short_np_re, r"^\W*(?P<x>[^,;?]+?)\s+(?:only|for\s+[^,;?]+)\W*$");

/// The options of the decision whose epitome is sentence `ep`.
pub(crate) fn extract(
    gate: &Gate,
    a: &Analysis,
    ep: usize,
    pick: Option<(usize, usize)>,
    is_ban: bool,
) -> Vec<(String, bool)> {
    let text = a.text;
    let s = &a.sents[ep];
    let mut chosen: Option<(usize, usize)> = pick;
    let mut rejected: Vec<(usize, usize)> = Vec::new();

    // 1. marker groups in the epitome
    let mut hits: Vec<&Hit> = s.hits.iter().collect();
    hits.sort_by_key(|h| {
        let both = h.chosen.is_some() && h.rejected.is_some();
        let imp = gate.category(h) == Category::Imperative;
        (!both, imp, std::cmp::Reverse(gate.strength(h)), h.start)
    });
    // the hit that gave the chosen option, and whether it is a selection
    let mut source: Option<&Hit> = None;
    if chosen.is_none() {
        for h in &hits {
            if let Some((x, y)) = h.chosen {
                if let Some(r) = trim_span(text, x, y, Role::Chosen) {
                    chosen = Some(refine_chosen(text, r));
                    source = Some(h);
                    break;
                }
            }
        }
    }
    let mut rej_hits: Vec<&Hit> = s.hits.iter().filter(|h| h.rejected.is_some()).collect();
    rej_hits.sort_by_key(|h| h.start);
    // With an explicit "X instead of Y"-style construction, later clauses'
    // rejections belong to other points ("… — have the workers send results
    // instead of locking the map").
    let region_end = source
        .filter(|h| h.rejected.is_some())
        .map(|h| h.rejected.map(|r| r.1).unwrap_or(h.end).max(h.chosen.map(|c| c.1).unwrap_or(h.end)));
    for h in rej_hits {
        // a prohibition inside a non-ban decision is its justification
        if !is_ban && gate.category(h) == Category::Ban {
            continue;
        }
        if let Some(end) = region_end {
            if h.start >= end {
                continue;
            }
        }
        let (x, y) = h.rejected.unwrap_or((0, 0));
        if let Some(r) = trim_span(text, x, y, Role::Rejected) {
            push_unique(&mut rejected, r, chosen);
        }
    }

    // 2. lists in the turn
    if rejected.is_empty() {
        if let Some(c) = chosen {
            let probe = &text[c.0..c.1];
            for l in lists(a) {
                let items: Vec<String> = l.items.iter().map(|&(x, y)| text[x..y].to_string()).collect();
                if let Some(k) = best_item(probe, &items) {
                    for (j, &it) in l.items.iter().enumerate() {
                        if j != k && !overlaps(it, c) {
                            push_unique(&mut rejected, it, chosen);
                        }
                    }
                    break;
                }
            }
        }
    }

    // 3. "Option B is out." / "X was the other option." next to the epitome
    for j in [ep.wrapping_sub(1), ep + 1] {
        if j >= a.sents.len() || a.sents[j].cues().question {
            continue;
        }
        for h in &a.sents[j].hits {
            if matches!(gate.rule_id(h), "rej.is_out" | "rej.other_option" | "rej.off_table") {
                if let Some((x, y)) = h.rejected {
                    if let Some(r) = trim_span(text, x, y, Role::Item) {
                        push_unique(&mut rejected, r, chosen);
                    }
                }
            }
        }
    }

    // a statement of practice ("we do X", "use X") names an option only when
    // an alternative is on the table; otherwise it is a convention
    let selection = source
        .map(|h| (h.chosen.is_some() && h.rejected.is_some()) || SELECTION_RULES.contains(&gate.rule_id(h)))
        .unwrap_or(true);
    if !selection && rejected.is_empty() && !is_ban {
        chosen = None;
    }

    // 4. a ban's replacement
    if is_ban && chosen.is_none() {
        chosen = ban_replacement(gate, a, ep);
        if let Some(c) = chosen {
            rejected.retain(|&r| !overlaps(r, c));
        }
    }

    let mut out: Vec<(usize, usize, bool)> = rejected.into_iter().map(|(x, y)| (x, y, false)).collect();
    if let Some((x, y)) = chosen {
        out.push((x, y, true));
    }
    out.sort_by_key(|&(x, y, _)| (x, y));
    out.into_iter().map(|(x, y, c)| (text[x..y].to_string(), c)).collect()
}

/// Rules whose `chosen` group is a selection even without a named alternative.
const SELECTION_RULES: &[&str] = &[
    "dv.lets_use",
    "dv.go_with",
    "dv.went_with",
    "dv.choosing",
    "dv.i_choose",
    "dv.decision_label",
    "dv.decision_is",
    "dv.switch_to",
    "dv.x_it_is",
    "dv.x_then",
    "dv.way_to_go",
    "dv.we_will_use",
    "dv.lets_do_handle",
    "dv.standardize",
    "dv.prefer_imp",
    "conf.handle",
    "conf.named_handle",
    "conf.named_handle_alone",
    "conf.handle_alone",
    "conf.yes_to",
    "conf.bare_np",
    "conf.go_ahead_with",
];

fn push_unique(v: &mut Vec<(usize, usize)>, r: (usize, usize), chosen: Option<(usize, usize)>) {
    if let Some(c) = chosen {
        if overlaps(c, r) {
            return;
        }
    }
    if v.iter().any(|&x| overlaps(x, r)) {
        return;
    }
    v.push(r);
}

/// "`parse_turns` return an iterator" → "an iterator": a verb inside the chosen span.
fn refine_chosen(text: &str, r: (usize, usize)) -> (usize, usize) {
    let s = &text[r.0..r.1];
    let mut best = None;
    let mut offset = 0usize;
    for (k, w) in s.split(' ').enumerate() {
        let lw = w.to_lowercase();
        if k > 0 && matches!(lw.as_str(), "return" | "returns" | "use" | "uses" | "using") {
            let after = offset + w.len() + 1;
            if after < s.len() {
                best = Some(after);
            }
        }
        offset += w.len() + 1;
    }
    match best {
        Some(p) if !s[..p].contains('(') => (r.0 + p, r.1),
        _ => r,
    }
}

/// A ban's named replacement: a "use X" / "X instead" in the epitome after the
/// ban, the clause after a dash, or a short following sentence.
fn ban_replacement(gate: &Gate, a: &Analysis, ep: usize) -> Option<(usize, usize)> {
    let text = a.text;
    let s = &a.sents[ep];
    let ban_start = s.hits.iter().filter(|h| gate.category(h) == Category::Ban).map(|h| h.start).min()?;
    // clause after a dash / semicolon in the epitome
    let st = &text[s.s.start..s.s.end];
    for d in [" — ", " – ", "; ", " -- "] {
        if let Some(p) = st.find(d) {
            let cs = s.s.start + p + d.len();
            if cs <= ban_start {
                continue;
            }
            if s.hits.iter().any(|h| gate.category(h) == Category::Ban && h.start >= cs) {
                continue;
            }
            let first = text[cs..s.s.end].split_whitespace().next().unwrap_or("").to_lowercase();
            const SUBJ: &[&str] = &[
                "we", "i", "they", "it", "it's", "this", "that", "the", "a", "an", "there", "these", "those", "you",
                "he", "she", "its", "which", "because", "so", "and", "but", "people", "nobody", "everyone", "our",
            ];
            if SUBJ.contains(&first.as_str()) || first.is_empty() {
                continue;
            }
            // prefer an explicit "use X" inside the clause
            if let Some(h) = s.hits.iter().find(|h| h.start >= cs && h.chosen.is_some()) {
                if let Some(r) = h.chosen.and_then(|(x, y)| trim_span(text, x, y, Role::Chosen)) {
                    return Some(r);
                }
            }
            return trim_span(text, cs, s.s.end, Role::Chosen);
        }
    }
    // following sentences
    for j in ep + 1..(ep + 3).min(a.sents.len()) {
        let n = &a.sents[j];
        if n.cues().question || n.s.para != s.s.para && j > ep + 1 {
            continue;
        }
        if n.hits.iter().any(|h| gate.category(h) == Category::Ban) {
            continue;
        }
        let mut hs: Vec<&Hit> = n
            .hits
            .iter()
            .filter(|h| {
                h.chosen.is_some()
                    && matches!(gate.category(h), Category::Imperative | Category::Rejection | Category::DecisionVerb)
            })
            .collect();
        hs.sort_by_key(|h| h.start);
        for h in hs {
            if let Some(r) = h.chosen.and_then(|(x, y)| trim_span(text, x, y, Role::Chosen)) {
                return Some(r);
            }
        }
        if j == ep + 1 && n.hits.is_empty() {
            let nt = &text[n.s.start..n.s.end];
            if nt.split_whitespace().count() <= 8 {
                if let Some(c) = short_np_re().captures(nt).and_then(|c| c.name("x")) {
                    return trim_span(text, n.s.start + c.start(), n.s.start + c.end(), Role::Item);
                }
            }
        }
    }
    None
}

lazy_re!(check_tick_re, r"(?:\btest|tests?/|_test\b|\bspec\b|\bcheck|lint|clippy|\bbench|\bci\b|verify|assert|golden|\bfmt\b|mypy|pyright|\btsc\b|eslint|pytest|jest|vitest|\bcargo\s|\bmake\s|\bgo\s+(?:test|vet)|\bstrict|\bnpm\s+(?:run\s+)?test|coverage|miri|\bnextest)");

lazy_re!(check_plain_re, r"\b(?:cargo\s+(?:test|clippy|bench|check|fmt|nextest)(?:\s+--?[\w-]+(?:\s+[\w./:-]+)?)*|make\s+(?:test|check|bench|lint|ci)\w*|go\s+(?:test|vet)(?:\s+\./\S*)?|pytest(?:\s+[\w./:-]+)?|npm\s+(?:run\s+)?test|tests?/[\w./-]+|test_\w+|\w+_test\.\w+)\b");

// Generic suites ("the integration suite") count only next to a check verb.
lazy_re!(check_suite_re, r"\b(?:(?:the\s+)?(?:integration|unit|e2e|end-to-end|golden|regression|smoke|snapshot|property|fuzz|load|contract|acceptance)\s+(?:test\s+)?(?:suite|tests?)|(?:the\s+)?ci\s+(?:pipeline|checks?|job)|benchmarks?\s+suite|the\s+test\s+suite)\b");

lazy_re!(check_verb_re, r"\b(?:pass|passes|passing|green|verify|verified|verifies|check|checked|make\s+sure|ensure|gate|gated|covered\s+by|must\s+pass|catch|catches|prove|proves|confirm|confirms|validated?\s+(?:by|with))\b");

fn tick_span_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| Regex::new(r"`([^`\n]{1,200})`").expect("tick regex"))
}

/// The first test / check named in the epitome or the two sentences after it.
pub(crate) fn find_check(a: &Analysis, ep: usize) -> Option<String> {
    for j in ep..(ep + 3).min(a.sents.len()) {
        let s = &a.sents[j];
        let st = &a.text[s.s.start..s.s.end];
        for c in tick_span_re().captures_iter(st) {
            let inner = c.get(1).map(|m| m.as_str()).unwrap_or("");
            if check_tick_re().is_match(inner) {
                return c.get(0).map(|m| m.as_str().to_string());
            }
        }
        // plain text outside code spans
        let masked = super::text::mask(st);
        if let Some(m) = check_plain_re().find(&masked) {
            return Some(st[m.start()..m.end()].to_string());
        }
        if check_verb_re().is_match(&masked) {
            if let Some(m) = check_suite_re().find(&masked) {
                return Some(st[m.start()..m.end()].to_string());
            }
        }
    }
    None
}
