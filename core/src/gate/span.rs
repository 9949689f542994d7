//! Trimming a span of a sentence down to the words that name an option:
//! leading filler and verbs ("let's just use …"), and what follows the
//! option's name ("… because it is faster", "… so that …").

/// What a span is being trimmed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SpanRole {
    Chosen,
    Rejected,
    /// A list item: only surrounding punctuation is removed.
    Item,
}

lazy_re!(
    lead_common,
    r"^\s*(?:(?:just|also|only|always|ever|even|then|please|pls|ok|okay|so|and|but|now|let's|lets|let\s+us|i'd|we'd|i'll|we'll|we|i|you|should|would|will|must|to|really|definitely|probably|both)\s+)"
);

lazy_re!(
    lead_chosen,
    r"^\s*(?:use|using|go\s+with|going\s+with|do|doing|pick|picking|choose|choosing|switch\s+to|stick\s+with|keep\s+using|keep\s+(?:it|them|this|that)\s+as|prefer|adopt|opt\s+for|rather\s+use|rather|have|'ll\s+do|'re\s+going\s+with|going\s+to\s+use|target)\s+"
);

lazy_re!(
    lead_rejected,
    r"^\s*(?:use|using|add|adding|introduce|introducing|import|importing|store|storing|log|logging|commit|committing|support|supporting|ship|shipping|put|putting|vendor|vendoring|install|installing|pin|pinning|expose|exposing|have|having|bring\s+in|bringing\s+in|pull\s+in|pulling\s+in|depend\s+on|depending\s+on|rely\s+on|relying\s+on|any|more|new|additional|extra|further|a\s+dependency\s+on|dependencies\s+on|a\s+dep\s+on|deps\s+on)\s+"
);

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
fn is_cut_word(raw: &str, next: Option<&str>, role: SpanRole) -> bool {
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
        "over" | "not" => role == SpanRole::Chosen,
        _ => false,
    }
}

fn strip_punct_word(w: &str) -> String {
    w.trim_matches(|c: char| {
        !c.is_alphanumeric()
            && c != '\''
            && c != '’'
            && c != '-'
            && c != '—'
            && c != '–'
            && c != '…'
            && c != '.'
    })
    .trim_end_matches(['.', ','])
    .to_lowercase()
    .replace('’', "'")
}

/// Trims the byte range `[a, b)` of `text` to the shortest span that
/// identifies an option. Returns `None` when nothing meaningful is left.
pub(crate) fn trim_span(text: &str, a: usize, b: usize, role: SpanRole) -> Option<(usize, usize)> {
    if a >= b || b > text.len() || !text.is_char_boundary(a) || !text.is_char_boundary(b) {
        return None;
    }
    let mut a = a;
    let mut b = b;
    // 1. leading filler and verbs
    if role != SpanRole::Item {
        for _ in 0..8 {
            let s = &text[a..b];
            let m = lead_common().find(s).or_else(|| match role {
                SpanRole::Chosen => lead_chosen().find(s),
                SpanRole::Rejected => lead_rejected().find(s),
                SpanRole::Item => None,
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
    if role != SpanRole::Item {
        for k in 1..words.len() {
            let (ws, we, d, t) = words[k];
            if d > 0 || t {
                continue;
            }
            let next = words
                .get(k + 1)
                .map(|&(x, y, _, _)| strip_punct_word(&s[x..y]));
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
        - t.trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | ':' | '—' | '–' | '-')
        })
        .len();
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
        || !out
            .chars()
            .any(|c| c.is_alphanumeric() || c == '*' || c == '#')
    {
        return None;
    }
    let lead = text[na..nb].len() - text[na..nb].trim_start().len();
    Some((na + lead, na + lead + out.len()))
}
