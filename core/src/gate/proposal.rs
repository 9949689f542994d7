//! Reading what the assistant proposed just before a person's turn: its
//! alternatives ("Option A/B", numbered, lettered or bulleted items
//! introduced as alternatives, "X or Y?"), its recommendation, and which of
//! them the person's words refer to ("option 2", "the second", "B").

use super::prefilter::is_space;
use super::words::best_item;

lazy_re!(
    proposal_re,
    r"\b(?:i(?:'d|\s+would)?\s+(?:suggest|recommend|propose|go\s+with|lean|prefer|pick)|my\s+(?:suggestion|recommendation|proposal)|we\s+could|you\s+could|one\s+option|options?\s+(?:are|is|[a-e1-9]\b)|approach(?:es)?|alternatives?|instead|should\s+i|shall\s+i|do\s+you\s+want|would\s+you\s+(?:like|prefer)|want\s+me\s+to|plan|proposal|either|trade-?offs?|refactor|switch|migrate|replace|design)\b"
);

lazy_re!(
    one_off_re,
    r"\b(?:commit|push|merge|run|rerun|re-run|deploy|restart|install|open|close|delete|revert|squash|rebase|ship|release|publish|tag|retry|kick\s+off|trigger|save|upload|send)\b"
);

lazy_re!(
    design_re,
    r"\b(?:option|approach|alternative|design|architecture|refactor|switch|migrate|replace|instead|schema|structure|pattern|library|crate|package|framework|database|strategy|plan|implement|rewrite|split|move|rename|use)\b"
);

lazy_re!(
    also_viable_re,
    r"(?:^|[.!?]\s+|,\s*but\s+|;\s*|\n\s*)(?P<b>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:is|would\s+be)\s+also\s+(?:viable|an\s+option|possible|fine|workable|a\s+(?:good|valid|solid|reasonable)\s+(?:option|choice|alternative))"
);

lazy_re!(
    option_head_re,
    r"(?:^|[\s*])option\s+(?:[a-e]|\d{1,2})\b\s*[:.)—–-]"
);

lazy_re!(
    inline_options_re,
    r"(?P<p>[.;!?,:])[ \t]+(?P<o>(?:\*\*)?option\s+(?:[a-e]|\d{1,2})\b\s*[:.)—–-])"
);

lazy_re!(
    recommend_re,
    r"\b(?:i(?:'d|\s+would)?\s+(?:recommend|suggest|go\s+with|lean\s+(?:towards?|toward)|prefer|pick|vote\s+for)|my\s+(?:personal\s+|own\s+|top\s+)?(?:recommendation|pick|vote|suggestion|preference)|recommended|(?:is|seems)\s+(?:probably\s+|likely\s+|definitely\s+|clearly\s+)?(?:the\s+)?(?:(?:best|better|safest|simplest)\s+(?:option|choice|fit|bet|approach|path)|least\s+(?:invasive|risky|disruptive|effort)|lowest[- ](?:risk|effort)|most\s+(?:pragmatic|robust)))\b"
);

lazy_re!(
    ref_re,
    r"(?:\boption\s+(?P<opt>[a-e]|\d{1,2}|one|two|three|four)\b|#(?P<hash>\d{1,2})\b|\b(?:plan|approach|variant|number|no\.)\s*(?P<plan>[a-e]|\d{1,2})\b|\b(?P<ord>first|second|third|fourth|fifth|last|latter|former|1st|2nd|3rd|4th)\b|^\W*(?P<bare>\d{1,2}|[a-e])\W*$)"
);

lazy_re!(
    intro_alternatives_re,
    r"\b(?:options?|approaches|alternatives|ways|choices|ideas|suggestions|directions|styles|themes|variations|either|which\s+(?:one|do\s+you|would\s+you)|prefer|pick|choose|could|candidates?|vs\.?|versus|trade-?offs?)\b|옵션|선택지|가지\s*(?:방법|방식|안)|候補|可选|選択肢|方案|选项|選項|两种|兩種|几种|幾種|[2-4二三]つの|どちら|alternativ|opci[oó]n|opciones|op[cç][aã]o|op[cç][oõ]es|optionen|m(?:ö|o|oe)glichkeit|variante|ans(?:ä|a|ae)tze|\bwege\b|maneras|formas|sa[ií]das|caminhos|caminos|\bpistes\b|approches|abordagens|enfoques|fa[cç]ons|possibilit[ée]s|solutions|方法|やり方|방법|방식|вариант|способ|путь|пути|\b(?:i|we|you)\s+can\b|\b(?:two|three|2|3|a\s+few|several)\s+(?:\w+\s+)?(?:fixes|solutions|routes|paths|directions|strategies|possibilities|shapes|designs|layouts|setups|structures|flavou?rs|variants)\b"
);

lazy_re!(
    bold_head_re,
    r"^\s*\*\*(?P<h>[^*\n]{2,60})\*\*\s*(?:\([^)\n]{0,60}\)\s*)?(?:[—–:]|-\s)\s*\S"
);

lazy_re!(
    option_verdict_re,
    r"^\s*(?:option|approach|plan|alternative|choice)\s+(?:[a-e]|\d{1,2})\s+(?:is|seems|looks|sounds|would\s+be)\b"
);

lazy_re!(
    option_item_re,
    r"^\s*(?:#{1,4}\s*)?[*_]*\s*(?:option|approach|plan|alternative|choice)\s+(?P<id>[a-e]|\d{1,2})\b\s*[*_]*\s*[:.)—–-]?\s*[*_]*\s*(?P<rest>.*)$"
);

// List items are read by `list_item` (the same as these patterns, without a
// regex engine walking every character of every line); the patterns are kept
// for the test that checks the two agree.

#[cfg(test)]
lazy_re!(
    numbered_item_re,
    r"^\s*(?:(?:\*\*|__)?(?:(?P<id>\d{1,2})[.)]|\((?P<pid>\d{1,2})\))|\*\*(?P<bid>\d{1,2})[.)]\*\*|__(?P<uid>\d{1,2})[.)]__)\s+(?P<rest>.+)$"
);

#[cfg(test)]
lazy_re!(
    lettered_item_re,
    r"^\s*(?:(?:\*\*|__)?\(?(?P<id>[a-e])[.)]|\*\*\(?(?P<bid>[a-e])[.)]\*\*|__\(?(?P<uid>[a-e])[.)]__)\s+(?P<rest>.+)$"
);

#[cfg(test)]
lazy_re!(bullet_item_re, r"^\s*[-*+•]\s+(?P<rest>.+)$");

// ("Which should I use: A or B?": the sides start after the colon, which
// the question this pattern reads does not cross; the last question is
// then read by its " or "; "…, or keep them as separate tables?" keeps its
// "keep", which a pick names: "keep them separate")
lazy_re!(
    or_question_re,
    r"(?:should\s+(?:i|we)|do\s+you\s+want(?:\s+me)?(?:\s+to)?|would\s+you\s+(?:like|prefer)(?:\s+me)?(?:\s+to)?|want\s+me\s+to|prefer)\s+(?:to\s+)?(?:use\s+|go\s+with\s+|keep\s+|do\s+)?(?P<a>[^,?.;:]+?)\s*,?\s+or\s+(?:to\s+)?(?:use\s+|go\s+with\s+|do\s+)?(?P<b>[^,?;]+?)\s*\?"
);

lazy_re!(
    or_offer_re,
    r"\b(?:i\s+can|i\s+could|we\s+can|we\s+could|you\s+can|you\s+could|either|options?\s+(?:are|is)|choices?\s+(?:are|is)|alternatives\s+are|between|options?\b[^:\n]{0,40}:|(?:two|three|2|3)\s+(?:\w+\s+)?(?:routes|ways|options|paths|approaches|choices|fixes)(?:\s+\w+)?\s*:)\s*:?\s+(?:use\s+|go\s+with\s+|keep\s+|do\s+)?(?P<a>(?:[^,?.;\n(]|\.[^\s.,?;]|\([^)\n]*\))+?)\s*,?\s+or\s+(?:use\s+|go\s+with\s+|keep\s+|do\s+)?(?P<b>(?:[^,?.;\n(]|\.[^\s.,?;]|\([^)\n]*\))+?)\s*(?:[,?;\n]|\.(?:\s|$))"
);

lazy_re!(
    options_and_re,
    r"\b(?:options?\s+(?:are|is)|choices?\s+(?:are|is)|alternatives\s+are|(?:two|three|2|3)\s+(?:\w+\s+)?(?:ways|options|paths|approaches|choices|kinds|methods|strategies)(?:\s+[\w-]+){0,3}?\s*:)\s*:?\s+(?P<a>(?:[^,?.;\n(]|\.[^\s.,?;]|\([^)\n]*\))+?)\s*,?\s+(?:and|y|e|et|und|и)\s+(?P<b>(?:[^,?.;\n(]|\.[^\s.,?;]|\([^)\n]*\))+?)\s*(?:[,?;\n]|\.(?:\s|$))"
);

lazy_re!(no_to_re, r"\bno\s+to\s+(?P<x>[^,;.!?—–]+)");

lazy_re!(yes_to_re, r"\byes\s+to\s+(?P<x>[^,;.!?—–]+)");

lazy_re!(ref_num_re, r"#?(?P<n>\d{1,2})\b|\boption\s+(?P<l>[a-e])\b");

/// One alternative of the assistant's proposal.
#[derive(Debug, Clone)]
pub(crate) struct ProposalItem {
    pub label: String,
    pub number: Option<u32>,
    pub letter: Option<char>,
    pub full: String,
}

impl ProposalItem {
    /// An item known only by its words (no number or letter).
    pub(crate) fn named(label: String) -> ProposalItem {
        ProposalItem {
            full: label.clone(),
            label,
            number: None,
            letter: None,
        }
    }
}

/// What the assistant proposed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Proposal {
    pub items: Vec<ProposalItem>,
    pub recommended: Option<usize>,
    pub is_plan: bool,
    pub one_off: bool,
    /// The items come from an "X or Y" offer or question.
    pub offered: bool,
    /// The message's options were ways to go on with the conversation
    /// ([`about_the_talk`]), dropped as such.
    pub about_the_talk: bool,
}

fn word_number(s: &str) -> Option<u32> {
    match s.to_lowercase().as_str() {
        "one" | "first" | "1st" | "former" => Some(1),
        "two" | "second" | "2nd" => Some(2),
        "three" | "third" | "3rd" => Some(3),
        "four" | "fourth" | "4th" => Some(4),
        "fifth" => Some(5),
        x => x.parse().ok(),
    }
}

fn label_of(rest: &str) -> String {
    let r = rest.trim();
    // "option A: text" (a rewritten "A案：text"): the text is the label
    let lower = r.get(..7).map(str::to_ascii_lowercase);
    if lower.as_deref() == Some("option ") {
        if let Some((head, tail)) = r.split_once(':') {
            if head.len() <= 10 && !tail.trim().is_empty() {
                return label_of(tail);
            }
        }
    }
    // **Bold** label first
    if let Some(stripped) = r.strip_prefix("**").or_else(|| r.strip_prefix("__")) {
        if let Some(e) = stripped.find("**").or_else(|| stripped.find("__")) {
            let l = stripped[..e]
                .trim()
                .trim_end_matches([':', '.', '—', '-'])
                .trim();
            if !l.is_empty() {
                return l.to_string();
            }
        }
    }
    let r = r.trim_matches(|c: char| c == '*' || c == '_').trim();
    // the label ends at the earliest first occurrence of a delimiter, a
    // delimiter that first occurs at the very start being ignored
    const DELIMS: [&str; 12] = [
        ":", " — ", " – ", " - ", " (", ". ", "; ", ", which", ", so", ", but", "——", " ——",
    ];
    let at_start = DELIMS.map(|d| r.starts_with(d));
    // (a delimiter inside a code span is the code's: "use the `md:`
    // breakpoint")
    // (an unpaired backtick opens no span)
    let paired = r.bytes().filter(|&b| b == b'`').count() % 2 == 0;
    let mut in_code = false;
    let outside: Vec<bool> = r
        .bytes()
        .map(|b| {
            if b == b'`' && paired {
                in_code = !in_code;
            }
            !in_code
        })
        .collect();
    let cut = r
        .char_indices()
        .skip(1)
        .filter(|&(i, c)| matches!(c, ':' | ' ' | '.' | ';' | ',' | '—') && outside[i])
        .find(|&(i, _)| {
            DELIMS
                .iter()
                .zip(at_start)
                .any(|(d, s)| !s && r[i..].starts_with(d))
        })
        .map_or(r.len(), |(i, _)| i);
    let mut l = &r[..cut];
    if l.len() > 100 {
        l = super::text::prefix_at_boundary(l, 100);
    }
    l.trim()
        .trim_end_matches(['.', ':', ',', '*', '_'])
        .trim()
        .to_string()
}

/// What `\s+(?P<rest>.+)$` captures from byte `at` of a line: the text after
/// the white space run, or — when nothing follows the run — its last
/// character (the pattern gives one back to `.+`); `None` when there is no
/// white space at `at` or nothing is left for `.+`.
fn spaced_rest(line: &str, at: usize) -> Option<&str> {
    let run = line
        .as_bytes()
        .get(at..)?
        .iter()
        .take_while(|&&b| is_space(b))
        .count();
    let end = at + run;
    match run {
        0 => None,
        _ if end < line.len() => Some(&line[end..]),
        1 => None,
        _ => Some(&line[end - 1..]),
    }
}

/// A list item line: `12. rest` / `3) rest` (kind 1, number), `a. rest` /
/// `(b) rest` (kind 2, letter a–e in either case) or `- rest` / `* rest` /
/// `+ rest` / `• rest` (kind 3), after optional ASCII white space — the
/// language of `^\s*(\d{1,2})[.)]\s+(.+)$`, `^\s*\(?([a-e])[.)]\s+(.+)$`
/// and `^\s*[-*+•]\s+(.+)$`, tried in that order.
fn list_item(line: &str) -> Option<(u8, Option<u32>, Option<char>, &str)> {
    let b = line.as_bytes();
    let s = b.iter().take_while(|&&c| is_space(c)).count();
    // a marker in bold ("**B. Watch the file** – …") marks an item too, and
    // so does a bold marker closed before the text ("**A)** Zustand — …")
    let bold = match b.get(s..s + 3) {
        // (or around the whole head: "**(A) Regrouper** les mises à jour")
        Some([b'*', b'*', c] | [b'_', b'_', c]) if c.is_ascii_alphanumeric() || *c == b'(' => {
            Some(b[s])
        }
        _ => None,
    };
    let s = if bold.is_some() { s + 2 } else { s };
    let after = |at: usize| match bold {
        Some(m) if b.get(at..at + 2) == Some(&[m, m][..]) => at + 2,
        _ => at,
    };
    let digits = b[s..].iter().take_while(|c| c.is_ascii_digit()).count();
    if (1..=2).contains(&digits) && matches!(b.get(s + digits), Some(b'.' | b')')) {
        if let Some(rest) = spaced_rest(line, after(s + digits + 1)) {
            return Some((1, line[s..s + digits].parse().ok(), None, rest));
        }
    }
    let l = s + usize::from(b.get(s) == Some(&b'('));
    // "(1) rest"
    if l > s {
        let d = b[l..].iter().take_while(|c| c.is_ascii_digit()).count();
        if (1..=2).contains(&d) && b.get(l + d) == Some(&b')') {
            if let Some(rest) = spaced_rest(line, l + d + 1) {
                return Some((1, line[l..l + d].parse().ok(), None, rest));
            }
        }
    }
    let letter = b
        .get(l)
        .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'a'..=b'e'));
    if letter && matches!(b.get(l + 1), Some(b'.' | b')')) {
        if let Some(rest) = spaced_rest(line, after(l + 2)) {
            return Some((2, None, Some(b[l].to_ascii_lowercase() as char), rest));
        }
    }
    let marker = match b.get(s) {
        Some(b'-' | b'*' | b'+') => 1,
        _ if line[s..].starts_with('•') => '•'.len_utf8(),
        _ => return None,
    };
    spaced_rest(line, s + marker).map(|rest| (3, None, None, rest))
}

/// The numbered items of the last numbered list in `text` (`1. …`, `2) …`),
/// as (number, label), when they are numbered 1, 2, 3… in order.
pub(crate) fn numbered_steps(text: &str) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = Vec::new();
    for line in text.lines() {
        if let Some((1, Some(n), _, rest)) = list_item(line) {
            if n == 1 {
                out.clear();
            }
            if n as usize == out.len() + 1 {
                out.push((n, label_of(rest)));
            }
        }
    }
    out
}

/// Whether a line of `text` introduces the list after it as alternatives
/// ("Two ways to fix it:", "有两种方案："), not as a report or a plan.
pub(crate) fn introduces_alternatives(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_end();
        l.ends_with([':', '：']) && intro_alternatives_re().is_match(l)
    })
}

/// A line that is one bold head with a dash in it ("**Option B — Generic
/// template**", "**Hybrid — what I'd recommend**").
fn is_bold_dash_head(line: &str) -> bool {
    let t = line.trim();
    t.len() <= 160
        && t.starts_with("**")
        && t.ends_with("**")
        && t.len() > 4
        && !t[2..t.len() - 2].contains("**")
        && (t.contains(" — ") || t.contains(" – ") || t.contains(" - "))
}

/// Whether the message recommends one of what it laid out ("My personal
/// pick would be …", "I'd go with …").
pub(crate) fn recommends(text: &str) -> bool {
    recommend_re().is_match(text)
}

/// Whether the message heads at least two options as such ("Option 1:",
/// "**Option B —**"): alternatives by their form, asked for or not.
pub(crate) fn has_option_heads(text: &str) -> bool {
    option_head_re().find_iter(text).take(2).count() == 2
}

/// The first cell of a markdown table row (`| date-fns | 18 KB |`), when
/// the line is one.
fn table_row(line: &str) -> Option<&str> {
    let t = line.trim();
    let inner = t.strip_prefix('|')?;
    let cell = inner.split('|').next()?.trim();
    (!cell.is_empty() && t.len() > 2).then_some(cell)
}

/// The option cells of a table header whose first cell is empty or names
/// the criteria (`| | Playwright | Cypress |`, `| Criterion | A | B |`):
/// two to five short cells after it.
fn column_heads(line: &str) -> Option<Vec<&str>> {
    let t = line.trim();
    let inner = t.strip_prefix('|')?.trim_end().trim_end_matches('|');
    let mut cells = inner.split('|').map(str::trim);
    let first = cells.next()?.trim_matches(['*', '_']).to_ascii_lowercase();
    let criteria = first.is_empty()
        || [
            "criterion",
            "criteria",
            "feature",
            "features",
            "aspect",
            "dimension",
            "factor",
            "concern",
            "property",
            "capability",
        ]
        .contains(&first.as_str());
    if !criteria {
        return None;
    }
    let heads: Vec<&str> = cells.map(|c| c.trim_matches(['*', '_', '`'])).collect();
    ((2..=5).contains(&heads.len())
        && heads
            .iter()
            .all(|h| !h.is_empty() && h.len() <= 40 && !h.contains(": ") && !h.contains(". ")))
    .then_some(heads)
}

/// A table cell that opens with an option's letter or number ("A. Zod",
/// "2) Redis"): that letter or number, and the rest.
fn labelled_cell(cell: &str) -> (Option<u32>, Option<char>, &str) {
    let cell = cell.trim_matches(['*', '_']);
    let Some((id, rest)) = cell.split_once(['.', ')', ':']) else {
        return (None, None, cell);
    };
    let rest = rest.trim_start_matches(['*', '_']);
    if !rest.starts_with(' ') || rest.trim().is_empty() {
        return (None, None, cell);
    }
    let id = id.trim();
    let rest = rest.trim();
    if id.len() == 1 && matches!(id.as_bytes()[0], b'A'..=b'E' | b'a'..=b'e') {
        (
            None,
            id.chars().next().map(|c| c.to_ascii_lowercase()),
            rest,
        )
    } else if (1..=2).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit()) {
        (id.parse().ok(), None, rest)
    } else {
        (None, None, cell)
    }
}

/// A list item kept borrowed (number, letter, rest, line) until its group is
/// chosen: labelling every bullet of a long answer is wasted work.
type RawItem<'a> = (Option<u32>, Option<char>, &'a str, &'a str);

lazy_re!(
    command_code_re,
    r"^(?:\*\*|__)?\[(?P<code>[\p{L}][\p{L}\d-]{0,15})\](?:\*\*|__)?\s+\S"
);

/// A list whose every item opens with a bracketed command code, one of
/// them longer than a letter: "[MH] Redisplay Menu Help", "[CA] Create
/// Architecture", "[C] Continue … [Details] More on one technique".
fn is_command_menu(items: &[RawItem]) -> bool {
    // (cheap first: the first item opens with a bracket)
    if !items.first().is_some_and(|it| {
        it.2.trim_start()
            .trim_start_matches(['*', '_'])
            .starts_with('[')
    }) {
        return false;
    }
    let mut long = false;
    for it in items {
        let Some(c) = command_code_re().captures(it.2.trim_start()) else {
            return false;
        };
        long |= c["code"].chars().count() > 1;
    }
    long
}

/// A list whose items mostly open with a status mark ("✅ Topbar", "❌
/// tests", "[x] done"): a report of what is or is not done, whose items are
/// not alternatives.
fn is_status_list(items: &[RawItem]) -> bool {
    let marked = items
        .iter()
        .filter(|it| {
            let t = it.2.trim_start().trim_start_matches(['*', '_', ' ']);
            t.starts_with([
                '✅', '✔', '✓', '☑', '❌', '✗', '✘', '⚠', '🔴', '🟢', '🟡', '🟠', '⏳', '🚧',
            ]) || t.starts_with("[x]")
                || t.starts_with("[X]")
                || t.starts_with("[ ]")
        })
        .count();
    items.len() >= 2 && marked * 2 >= items.len()
}

lazy_re!(
    offer_work_re,
    r"(?i)\b(?:would\s+you\s+like(?:\s+me)?\s+to|do\s+you\s+want\s+me\s+to|want\s+me\s+to|i\s+can\s+(?:also|still|now|next)|if\s+you\s+(?:want|like),?\s+i\s+can|je\s+peux\s+(?:aussi|encore|ensuite)|si\s+tu\s+veux,?\s+je\s+peux|tu\s+veux\s+que\s+je|voulez-vous\s+que\s+je|quieres\s+que|puedo\s+(?:tambi[eé]n|adem[aá]s)|(?:voc[eê]\s+)?quer\s+que\s+eu|posso\s+(?:tamb[eé]m|ainda)|soll\s+ich|ich\s+kann\s+(?:auch|noch)|хочешь,?\s+(?:чтобы\s+)?я|могу\s+(?:также|ещё|еще)|(?:suggested|possible|recommended|optional)\s+next\s+steps|next\s+steps\s+(?:could\s+be|if\s+you\s+(?:want|like))|follow[- ]ups?\s+(?:i|we)\s+(?:could|can)|pr[oó]ximos\s+pasos|prochaines\s+[ée]tapes|n[äa]chste\s+schritte|pr[oó]ximos\s+passos)(?:\W|$)|要我|需要我|我还可以|我還可以"
);

lazy_re!(
    keep_or_instead_re,
    r"(?i)\b(?:keep|leave|stay|as\s+is|instead|rather|either|which|prefer|laisser|garder|rester|plut[oô]t|mantener|dejar|en\s+vez|manter|deixar|em\s+vez|behalten|lassen|beibehalten|stattdessen|оставить|оставим|вместо)\b|保持|保留|不变|不變|そのまま|維持|유지|그대로|还是|還是|どちら|어느"
);

lazy_re!(
    asks_which_re,
    r"(?i)\b(?:what|which|how|better|quel(?:le)?s?|qu'est-ce|pr[ée]f[eè]r\w*|mieux|cu[aá]l(?:es)?|qual|quais|mejor|melhor|welche[rsn]?|wie|lieber|besser|какой|какую|какие|как|лучше|предпочита\w*)\b|哪|什么|什麼|更好|どれ|どの|何|どちら|무엇|뭘|어떤|어떻게|나을|좋을"
);

/// A list of work the assistant offers to do ("Would you like me to:",
/// "Si tu veux, je peux encore :"), not alternatives: its intro ends with a
/// colon, and nothing in it keeps what is there or stands instead of
/// another item.
fn offers_work(before: &str, items: &[RawItem]) -> bool {
    before.trim_end().ends_with([':', '：'])
        && offer_work_re().is_match(before)
        && !keep_or_instead_re().is_match(before)
        && !asks_which_re().is_match(before)
        && !items.iter().any(|it| keep_or_instead_re().is_match(it.2))
}

lazy_re!(
    talk_step_re,
    r"(?i)^[\W_]*(?:(?:or|ou|o|oder|или|then|puis|ensuite|and|et)\s+)?(?:(?:est-ce\s+que\s+|est-ce\s+qu')?(?:tu|vous)\s+(?:veux|voulez|pr[ée]f[eè]res|pr[ée]f[ée]rez)\s+(?:que\s+(?:je|j'|on|nous)\s*)?|(?:do\s+)?you\s+(?:want|prefer|'d\s+(?:rather|prefer|like)|would\s+(?:rather|prefer|like))\s+(?:me\s+|us\s+)?(?:to\s+)?|(?:should|shall)\s+(?:i|we)\s+|(?:want|like)\s+me\s+to\s+|(?:on|je|nous|we|i|let's|lets)\s+)?[*_\s]*(?:continu\w*|keep\s+going|go\s+on|move\s+on|carry\s+on|poursui\w*|seguir|sigamos|weiter\w*|продолж\w*|revenir|reviens|return\s+to|go\s+back|zoom\w*|r[ée]sum\w*|summari[sz]\w*|recap\w*|d[ée]taill\w*|elaborat\w*|go\s+deeper|approfondi\w*|prioris\w*|prioriti[sz]\w*|mix\w*|faire\s+un\s+[*_]*mix|brainstorm\w*|(?:propos|sugg[eè]r|suggest|g[ée]n[ée]r|generat|donn|giv)\w*\s+(?:d'autres\s+|des\s+|more\s+|some\s+|new\s+|other\s+|encore\s+|\d+\s+)?(?:nouvelles\s+|new\s+|autres\s+)?(?:id[ée]es?|ideas?|pistes?|questions?)|(?:g[ée]n[ée]r|generat)\w*\s+(?:plus|more|d'autres|encore)|essay\w*|try\s+(?:it\s+)?(?:yourself|on\s+your\s+own|first)|stop\w*|arr[eê]t\w*|pause|wrap\s+up|(?:bascul|switch|pass|mov|go|jump|saut)\w*\s+(?:en|to|à|au|aux|into|on\s+to)\s+[*_\s]*(?:(?:le|la|les|the|l')\s*)?[*_\s]*(?:mode|phase|bloc|block|step|[ée]tape|next|suivant\w*|section|question\w*|partie|part))(?:\W|$)|^\W*(?:继续|繼續|続け|계속)"
);

/// Alternatives that are ways to go on with the conversation itself
/// ("1) Continuer en mode Question Storming 2) Basculer en mode idées
/// directes", "Tu veux que je propose des idées ou tu préfères essayer ?",
/// "Keep going, or zoom in on two of them?"): a pick says how to talk on,
/// not what the project is. Every one of at least two must be such a step,
/// and none may name code.
fn about_the_talk<'a>(sides: impl Iterator<Item = &'a str>) -> bool {
    let mut n = 0;
    for x in sides {
        if x.contains('`') || !talk_step_re().is_match(x) {
            return false;
        }
        n += 1;
    }
    n >= 2
}

lazy_re!(
    // the work ahead, in the ten languages ("Next steps:", "Prochaines
    // étapes :", "下一步：")
    next_steps_re,
    r"\b(?:(?:possible|suggested|recommended|optional)\s+)?next\s+steps?\b|\bfollow[- ]?ups?\s*:|\bto\s*-?\s*do\s*:|prochaines?\s+[ée]tapes?|pr[óo]ximos\s+pasos|pr[óo]ximos\s+passos|n[äa]chste\s+schritte|следующие\s+шаги|下一步|后续|後續|次のステップ|今後の作業|다음\s*단계"
);

/// An intro that lays out one plan ("Here's the plan:", "Next steps:").
fn is_plan_intro(s: &str) -> bool {
    let b = s.to_ascii_lowercase();
    [
        "the plan",
        "my plan",
        "here's what i",
        "here is what i",
        "next steps",
        "the steps",
    ]
    .iter()
    .any(|w| b.contains(w))
}

/// One plan laid out for consent: a plan's intro and, as the last
/// question, "Shall I proceed?" (its steps are not alternatives, even when
/// one of them replaces something).
pub(crate) fn is_plan_for_consent(text: &str) -> bool {
    ends_asking_consent(text) && is_plan_intro(text)
}

/// Whether the last question of `text` asks for consent.
fn ends_asking_consent(text: &str) -> bool {
    let last_q = text
        .rsplit_terminator(['.', '!', '\n'])
        .find(|s| s.contains('?'))
        .unwrap_or("");
    asks_consent(last_q)
}

/// Whether the last question of `text` offers to do something ("Would you
/// like me to …?", "Shall I …?") or asks consent, without naming a choice
/// ("… or …", "which …").
pub(crate) fn ends_with_offer(text: &str) -> bool {
    let last_q = text
        .rsplit_terminator(['.', '!', '\n'])
        .find(|s| s.contains('?'))
        .unwrap_or("")
        .to_ascii_lowercase();
    let offers = [
        "would you like me to",
        "do you want me to",
        "want me to",
        "like me to",
        "shall i ",
        "should i ",
    ]
    .iter()
    .any(|w| last_q.contains(w));
    (offers || asks_consent(&last_q)) && !last_q.contains(" or ") && !last_q.contains("which")
}

/// A question that asks for consent to what was just laid out ("Shall I
/// proceed?", "Sound good?", "OK to go ahead?"), not for a choice.
fn asks_consent(q: &str) -> bool {
    let q = q
        .trim()
        .trim_end_matches(['?', '？', ' '])
        .trim_matches(['*', '_'])
        .to_ascii_lowercase();
    [
        "proceed",
        "go ahead",
        "sound good",
        "sounds good",
        "look good",
        "looks good",
        "look right",
        "good to go",
        "ok with you",
        "okay with you",
        "start",
        "get started",
        "continue",
    ]
    .iter()
    .any(|w| q.ends_with(w))
}

/// A table's `|---|:--:|` line.
fn table_separator(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.contains('-') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// A bullet whose text opens with an option's letter or number — `- A)
/// text`, `- **B.** text`, `* 2: text` — is that lettered (kind 2) or
/// numbered (kind 1) item.
fn labelled_bullet(rest: &str) -> Option<(u8, Option<u32>, Option<char>, &str)> {
    let r = rest
        .strip_prefix("**")
        .or_else(|| rest.strip_prefix("__"))
        .unwrap_or(rest);
    let bold = r.len() != rest.len();
    let b = r.as_bytes();
    let (kind, number, letter, n) = if b
        .first()
        .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'a'..=b'e'))
    {
        (2, None, Some(b[0].to_ascii_lowercase() as char), 1)
    } else {
        let d = b.iter().take_while(|c| c.is_ascii_digit()).count();
        if !(1..=2).contains(&d) {
            return None;
        }
        (1, r[..d].parse().ok(), None, d)
    };
    if !matches!(b.get(n), Some(b'.' | b')' | b':')) {
        return None;
    }
    let mut tail = &r[n + 1..];
    if bold {
        tail = tail
            .strip_prefix("**")
            .or_else(|| tail.strip_prefix("__"))?;
    }
    if !tail.starts_with(|c: char| c.is_whitespace()) {
        return None;
    }
    let tail = tail.trim_start();
    (!tail.is_empty()).then_some((kind, number, letter, tail))
}

/// Parses the assistant's message into a proposal.
/// A line that opens or closes a fenced block (`` ``` ``, `~~~`).
pub(crate) fn is_fence(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

pub(crate) fn parse_proposal(assistant: &str) -> Proposal {
    thread_local! {
        static READ: super::recent::Kept<Proposal> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    super::recent::recall(&READ, assistant, read_fresh)
}

/// `text` with its fenced blocks (fence lines included) blanked to spaces,
/// byte for byte, so that offsets still match: code holds no options ("IF
/// a OR b THEN" in a SQL block is no "a or b" offer).
fn blank_fences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_fence = false;
    for line in text.split_inclusive('\n') {
        let fence = is_fence(line);
        if fence || in_fence {
            let body = line.strip_suffix('\n').unwrap_or(line);
            out.extend(std::iter::repeat_n(' ', body.len()));
            if body.len() < line.len() {
                out.push('\n');
            }
        } else {
            out.push_str(line);
        }
        if fence {
            in_fence = !in_fence;
        }
    }
    out
}

fn read_fresh(assistant: &str) -> Proposal {
    let mut p = Proposal::default();
    // "Option 1: … Option 2: …" in one paragraph: each option on a line
    let split;
    let assistant = if has_option_heads(assistant) && inline_options_re().is_match(assistant) {
        split = inline_options_re().replace_all(assistant, "${p}\n${o}");
        split.as_ref()
    } else {
        assistant
    };
    // (the "X or Y" readings skip code; a fenced block may still be one
    // side of an "Or with ripgrep: …" after it)
    let unfenced;
    let plain = if assistant.contains("```") || assistant.contains("~~~") {
        unfenced = blank_fences(assistant);
        unfenced.as_str()
    } else {
        assistant
    };
    let lines: Vec<&str> = assistant.lines().collect();
    // a table's header row (the row above its `|---|` line) is not an item;
    // its data rows are, by their first cell
    let mut table_head: Option<usize> = None;
    let mut in_fence = false;
    let mut option_items: Vec<ProposalItem> = Vec::new();
    let mut column_items: Vec<ProposalItem> = Vec::new();
    let mut in_column_table = false;
    // whole-line bold heads with a dash ("**Hybrid — what I'd recommend**"),
    // by line: an option beside "**Option A — …**" heads of the same shape
    let mut dash_heads: Vec<(usize, &str)> = Vec::new();
    let mut first_option_line: Option<usize> = None;
    // a list was read as a menu of commands or of work on offer
    let mut work_menu = false;
    let mut list_groups: Vec<(usize, Vec<RawItem>)> = Vec::new(); // (first line index, items)
    let mut cur: Vec<RawItem> = Vec::new();
    let mut cur_start = 0usize;
    let mut cur_kind = 0u8; // 1 numbered, 2 lettered, 3 bullet
    for (i, raw) in lines.iter().enumerate() {
        let t = raw.trim_start();
        if is_fence(raw) {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        // A cheap necessary condition before the option-heading regex: the
        // first word after the allowed lead (`\s#*_`).
        let bytes = raw.as_bytes();
        let option_head = raw
            .bytes()
            .position(|b| !(is_space(b) || matches!(b, b'#' | b'*' | b'_')))
            .is_some_and(|i| {
                ["option", "approach", "plan", "alternative", "choice"]
                    .iter()
                    .any(|k| {
                        bytes[i..]
                            .get(..k.len())
                            .is_some_and(|w| w.eq_ignore_ascii_case(k.as_bytes()))
                    })
            });
        if let Some(c) = option_head
            .then(|| option_item_re().captures(raw))
            .flatten()
        {
            let id = c.name("id").map(|m| m.as_str()).unwrap_or("");
            let rest = c.name("rest").map(|m| m.as_str()).unwrap_or("");
            let (number, letter) = match id.parse::<u32>() {
                Ok(n) => (Some(n), None),
                Err(_) => (None, id.chars().next().map(|c| c.to_ascii_lowercase())),
            };
            let label = if rest.trim().is_empty() {
                format!("Option {id}")
            } else {
                label_of(rest)
            };
            option_items.push(ProposalItem {
                label,
                number,
                letter,
                full: raw.trim().to_string(),
            });
            first_option_line.get_or_insert(i);
            continue;
        }
        if is_bold_dash_head(raw) {
            dash_heads.push((i, raw.trim()));
        }
        // a table whose options are its columns ("| | Playwright | Cypress |",
        // "| Criterion | A | B |"): the header's cells are the options and the
        // rows are criteria
        if in_column_table {
            if raw.trim_start().starts_with('|') {
                continue;
            }
            in_column_table = false;
        }
        if column_items.is_empty() && lines.get(i + 1).is_some_and(|n| table_separator(n)) {
            if let Some(heads) = column_heads(raw) {
                column_items = heads
                    .into_iter()
                    .map(|h| ProposalItem {
                        label: label_of(h),
                        number: None,
                        letter: None,
                        full: h.to_string(),
                    })
                    .collect();
                in_column_table = true;
                continue;
            }
        }
        if let Some(row) = table_row(raw) {
            if lines.get(i + 1).is_some_and(|n| table_separator(n)) {
                table_head = Some(i);
                continue;
            }
            if table_separator(raw) {
                continue;
            }
            if cur_kind != 4 && !cur.is_empty() {
                list_groups.push((cur_start, std::mem::take(&mut cur)));
            }
            if cur.is_empty() {
                // (the lines before a table are those before its header)
                cur_start = table_head.take().unwrap_or(i);
            }
            cur_kind = 4;
            let (number, letter, rest) = labelled_cell(row);
            cur.push((number, letter, rest, raw));
            continue;
        }
        let item = match list_item(raw) {
            // a bullet indented by two or more continues the item before it
            Some((3, ..)) if raw.len() - t.len() >= 2 => None,
            Some((3, _, _, rest)) => labelled_bullet(rest).or(Some((3, None, None, rest))),
            item => item,
        };
        match item {
            Some((kind, number, letter, rest)) => {
                if kind != cur_kind && !cur.is_empty() {
                    list_groups.push((cur_start, std::mem::take(&mut cur)));
                }
                if cur.is_empty() {
                    cur_start = i;
                }
                cur_kind = kind;
                cur.push((number, letter, rest, raw));
            }
            None => {
                // indented continuation lines keep the list open
                if !t.is_empty() && raw.len() - t.len() >= 2 {
                    continue;
                }
                if !cur.is_empty() && !t.is_empty() {
                    list_groups.push((cur_start, std::mem::take(&mut cur)));
                    cur_kind = 0;
                }
            }
        }
    }
    if !cur.is_empty() {
        list_groups.push((cur_start, cur));
    }
    if option_items.len() >= 2 {
        if option_items.iter().all(|it| is_bold_dash_head(&it.full)) {
            for (i, head) in dash_heads {
                if first_option_line.is_some_and(|f| i > f) {
                    let inner = head.trim_matches(['*', '_', ' ']);
                    option_items.push(ProposalItem {
                        label: label_of(inner),
                        number: None,
                        letter: None,
                        full: head.to_string(),
                    });
                }
            }
        }
        p.items = option_items;
    } else if column_items.len() >= 2 {
        p.items = column_items;
    } else {
        // a list counts as alternatives when introduced (or followed) as such
        for (start, items) in list_groups {
            if items.len() < 2 {
                continue;
            }
            let before = lines[start.saturating_sub(2)..start].join(" ");
            let after_idx = (start + items.len()).min(lines.len());
            let after = &lines[after_idx..(after_idx + 3).min(lines.len())];
            // lettered items are options by their form; so is a list after
            // a question or before one ("要統一嗎？", "Which one?"), or after
            // a counted intro ("Two fixes:")
            let lettered = items.iter().all(|it| it.1.is_some());
            let counted = before.trim_end().ends_with(':')
                && before.split(|c: char| !c.is_alphanumeric()).any(|w| {
                    matches!(
                        w.to_ascii_lowercase().as_str(),
                        "two"
                            | "three"
                            | "four"
                            | "2"
                            | "3"
                            | "4"
                            | "couple"
                            | "several"
                            | "few"
                            | "options"
                    )
                });
            let asked_before = before.trim_end().ends_with(['?', '？']);
            // "- use a breakpoint … ⏎- or shrink the logo …": an item that
            // opens with "or" makes the list a set of alternatives
            let or_item = items.iter().skip(1).any(|it| {
                let t = it.2.trim_start().to_ascii_lowercase();
                t.starts_with("or ") || t.starts_with("or,")
            });
            // "… Either works." / "Both would do." after the list: they were
            // alternatives
            let either_after = after
                .iter()
                .find(|l| !l.trim().is_empty())
                .is_some_and(|l| {
                    let l = l.trim_start().to_ascii_lowercase();
                    [
                        "either ",
                        "whichever ",
                        "both work",
                        "both would",
                        "both are fine",
                        "both are good",
                        "both options",
                        "both approaches",
                    ]
                    .iter()
                    .any(|w| l.starts_with(w))
                });
            let question_after = after.iter().find(|l| l.trim_end().ends_with(['?', '？']));
            // "My personal pick would be **Mission Control** — …" after the
            // list: its items were the options
            // (not a line that introduces the next list: "建議路線：(a) … (b) …")
            let recommended_after = after
                .iter()
                .any(|l| recommend_re().is_match(l) && !l.trim_end().ends_with([':', '：']));
            // a comparison table is options by its form ("| Option | Pros | Cons |")
            let compared = lines.get(start).is_some_and(|h| {
                let head = h.to_lowercase();
                table_row(h).is_some()
                    && lines.get(start + 1).is_some_and(|n| table_separator(n))
                    && [
                        "option",
                        "approach",
                        "pros",
                        "cons",
                        "trade",
                        "alternative",
                        "choice",
                    ]
                    .iter()
                    .any(|w| head.contains(w))
            });
            let introduced = lettered
                || or_item
                || either_after
                || recommended_after
                || counted
                || compared
                || asked_before
                || intro_alternatives_re().is_match(&before);
            // a list of what was done, then a question with alternatives of
            // its own ("should it be published, or stay internal?"): the
            // question's alternatives are the options
            if !introduced
                && question_after
                    .is_some_and(|q| or_sides(q.trim_end().trim_end_matches(['?', '？'])).is_some())
            {
                continue;
            }
            // a menu of the agent's own commands ("[MH] Redisplay Menu
            // Help", "[C] Continue", "[Details] …"), or the work the
            // assistant offers to do next ("Would you like me to: 1. Test
            // … 2. Move on to …", "Si tu veux, je peux : 1) …"): a pick
            // says what to do next, not what the project is
            // ("Je peux aussi : A) … B) … Qu'est-ce que tu préfères ?" asks
            // which: alternatives)
            let asks_which = || {
                question_after.is_some_and(|q| {
                    asks_which_re().is_match(q) || keep_or_instead_re().is_match(q)
                })
            };
            if !compared
                && (is_command_menu(&items)
                    || is_status_list(&items)
                    || (offers_work(&before, &items) && !asks_which()))
            {
                work_menu = true;
                continue;
            }
            if !compared && about_the_talk(items.iter().map(|it| it.2)) {
                work_menu = true;
                p.about_the_talk = true;
                continue;
            }
            // a plan, then "Shall I proceed?": one offer, to be consented to
            let plan_intro = is_plan_intro(&before);
            if (!introduced || (plan_intro && !lettered && !counted && !compared))
                && question_after.is_some_and(|q| asks_consent(q))
            {
                continue;
            }
            if introduced || question_after.is_some() {
                p.items = items
                    .into_iter()
                    .map(|(number, letter, rest, raw)| ProposalItem {
                        label: label_of(rest),
                        number,
                        letter,
                        full: raw.trim().to_string(),
                    })
                    .collect();
                break;
            }
        }
    }
    // (a menu of work or commands that the message ends on holds its own
    // "3. Or focus on something else?": no question of its own follows it)
    let ends_in_menu = work_menu
        && assistant
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| list_item(l).is_some());
    // "**Token bucket in Redis** (`rate-limiter-flexible`) — works across
    // instances …" and another such line: options headed in bold, without
    // list markers, after an intro that counts or names them or before a
    // question
    if p.items.is_empty() && !ends_in_menu {
        let heads: Vec<(usize, &str, &str)> = assistant
            .lines()
            .enumerate()
            .filter_map(|(i, l)| {
                let c = bold_head_re().captures(l)?;
                Some((i, c.name("h")?.as_str(), l))
            })
            .collect();
        let lines: Vec<&str> = assistant.lines().collect();
        if heads.len() >= 2 && heads.len() <= 6 {
            let first = heads[0].0;
            let last = heads[heads.len() - 1].0;
            // (one block: nothing but blank lines or the heads' own text between)
            let one_block = last - first <= heads.len() * 3;
            let before = lines[first.saturating_sub(2)..first].join(" ");
            let after = lines[last + 1..].join(" ");
            // ("…: how should it run?" before the heads asks as a colon does)
            let introduced = before.trim_end().ends_with([':', '?', '？'])
                && (asks_which_re().is_match(&before)
                    || before.to_ascii_lowercase().contains("option")
                    || before.to_ascii_lowercase().contains("way"));
            if one_block && (introduced || after.contains(['?', '？'])) {
                p.items = heads
                    .iter()
                    .map(|&(_, h, l)| ProposalItem {
                        label: label_of(h),
                        number: None,
                        letter: None,
                        full: l.trim().to_string(),
                    })
                    .collect();
            }
        }
    }
    // (the "X or Y?" question needs a question mark; "I can use X or Y." a
    // modal offer)
    if p.items.is_empty() && !ends_in_menu {
        let c = if memchr::memchr(b'?', plain.as_bytes()).is_some() {
            or_question_re().captures(plain)
        } else {
            None
        };
        let c = c
            .or_else(|| or_offer_re().captures(plain))
            .or_else(|| options_and_re().captures(plain));
        // ("proceed with X, or is there anything else first?" asks when, not
        // which; "If you have changes, you can push them, or pull …" tells
        // the reader what they can do)
        let c = c.filter(|c| {
            let whole = c.get(0).map_or(0..0, |m| m.range());
            let from = sentence_start(&plain[..whole.start]);
            !["a", "b"]
                .iter()
                .any(|g| c.name(g).is_some_and(|m| no_other_way(m.as_str())))
                && !reader_conditional(&plain[from..whole.end])
        });
        // (sides that are ways to go on with the talk are no alternatives)
        let talk = c.as_ref().is_some_and(|c| {
            about_the_talk(
                ["a", "b"]
                    .iter()
                    .filter_map(|g| c.name(g))
                    .map(|m| m.as_str()),
            )
        });
        p.about_the_talk |= talk;
        let c = c.filter(|_| !talk);
        if let Some(c) = c {
            p.offered = true;
            for g in ["a", "b"] {
                let Some(m) = c.name(g) else { continue };
                // "A、B or C": the enumeration comma of Chinese and Japanese lists
                for x in m
                    .as_str()
                    .split('、')
                    .map(str::trim)
                    .filter(|x| !x.is_empty())
                {
                    p.items.push(ProposalItem {
                        label: label_of(x),
                        number: None,
                        letter: None,
                        full: x.to_string(),
                    });
                }
            }
        }
    }
    // an enumeration inside a sentence: "Want me to 1) add tests, 2) update docs?"
    // (not the steps of a plan laid out for consent)
    // (the menu's or the offer's numbered items are not read again inline)
    if p.items.is_empty() && !work_menu && !ends_asking_consent(assistant) {
        let tail = &plain[super::text::prefix_at_boundary_rev(plain, 1500)..];
        let found = inline_items(tail);
        // ("Next steps: 1) … 2) …" is the work ahead, not a choice)
        // (the items are slices of `tail`: the first one's offset in it)
        let intro = found.first().map_or("", |f| {
            let at = f.as_ptr() as usize - tail.as_ptr() as usize;
            &tail[super::text::prefix_at_boundary_rev(&tail[..at], 80)..]
        });
        if found.len() >= 2 && !(is_plan_intro(intro) || next_steps_re().is_match(intro)) {
            p.items = found
                .into_iter()
                .enumerate()
                .map(|(i, x)| ProposalItem {
                    label: label_of(x),
                    number: Some(i as u32 + 1),
                    letter: None,
                    full: x.to_string(),
                })
                .collect();
        }
    }
    // last: a question with a single "or" ("用 A or B?", "A or B, which one?")
    if p.items.is_empty() && !ends_in_menu {
        // ("proceed with X, or review it first?" asks when, not which)
        if let Some(sides) = or_near_end(plain).filter(|sides| {
            let talk = about_the_talk(sides.iter().map(String::as_str));
            p.about_the_talk |= talk;
            !talk && !sides.iter().any(|x| no_other_way(x))
        }) {
            for x in sides {
                p.items.push(ProposalItem {
                    label: label_of(&x),
                    ..ProposalItem::named(x)
                });
            }
            p.offered = true;
        }
    }
    // "I'd add row-level security … Alternatively we could go schema-per-tenant"
    // (after a list that is not lettered, the list is the plan and the
    // sentence its alternative)
    // (the message's own "Option 1 / Option 2" heads are the options, not a
    // plan: "… Or is there a fifth option I haven't considered?" adds none)
    let list_before = |p: &Proposal, at: usize| {
        p.items.iter().all(|it| it.letter.is_none())
            && !p.items.iter().all(|it| option_item_re().is_match(&it.full))
            && p.items
                .last()
                .and_then(|it| assistant.find(it.full.as_str()))
                .is_some_and(|k| k < at)
    };
    if !ends_in_menu && (p.items.is_empty() || (!p.offered && p.items.len() >= 2)) {
        if let Some((a, b, _)) = alternative_offer(assistant, plain)
            .filter(|x| p.items.is_empty() || list_before(&p, x.2))
        {
            p.items.clear();
            p.items.push(ProposalItem {
                label: a.clone(),
                number: None,
                letter: None,
                full: a,
            });
            p.items.push(ProposalItem {
                label: label_of(&b),
                number: None,
                letter: None,
                full: b,
            });
            p.recommended = Some(0);
            p.offered = true;
        }
    }
    // "**Plan** 1. … 5. … **Open question:** expire after 15 minutes or
    // after 24 hours?": after a plan's list, a closing question between
    // two other things is the choice the message leaves (not when its
    // sides name the list's own items: "1 or 3?", "the cache or the queue?")
    if !ends_in_menu && !p.offered && p.items.len() >= 2 {
        let body = plain.trim_end();
        let at = body.rfind("\n\n").map_or(0, |k| k + 2);
        let last = &body[at..];
        if last.contains('?') && at > 0 && list_before(&p, at) {
            let names_item = |x: &str| {
                let x = x.to_lowercase();
                p.items.iter().any(|it| {
                    let l = it.label.to_lowercase();
                    !l.is_empty() && (x.contains(&l) || l.contains(x.trim()))
                })
            };
            if let Some(sides) = or_near_end(last).filter(|sides| {
                sides.len() == 2
                    && !about_the_talk(sides.iter().map(String::as_str))
                    && sides.iter().all(|x| {
                        x.trim().chars().count() >= 4 && !no_other_way(x) && !names_item(x)
                    })
            }) {
                p.items = sides
                    .into_iter()
                    .map(|x| ProposalItem {
                        label: label_of(&x),
                        ..ProposalItem::named(x)
                    })
                    .collect();
                p.offered = true;
            }
        }
    }
    // recommendation
    for (i, it) in p.items.iter().enumerate() {
        if it.full.to_lowercase().contains("recommended") {
            p.recommended = Some(i);
        }
    }
    // (without items there is nothing to recommend)
    if p.recommended.is_none() && !p.items.is_empty() {
        for sent in assistant.split_inclusive(['.', '!', '?', '\n']) {
            // (an option's head line is no recommendation; "Option 2 is
            // probably the least invasive." is)
            if !recommend_re().is_match(sent)
                || (option_item_re().is_match(sent) && !option_verdict_re().is_match(sent))
            {
                continue;
            }
            if let Some(i) = resolve_refs(sent, &p.items).first().copied() {
                p.recommended = Some(i);
                break;
            }
            // "I'd lean towards A.": a capital letter standing alone
            let by_letter = sent.split(|c: char| !c.is_alphanumeric()).find_map(|w| {
                let c = w
                    .chars()
                    .next()
                    .filter(|c| w.len() == 1 && c.is_ascii_uppercase())?;
                p.items
                    .iter()
                    .position(|it| it.letter == Some(c.to_ascii_lowercase()))
            });
            if let Some(i) = by_letter {
                p.recommended = Some(i);
                break;
            }
            let labels: Vec<String> = p.items.iter().map(|x| x.label.clone()).collect();
            if let Some(i) = best_item(sent, &labels) {
                p.recommended = Some(i);
                break;
            }
        }
    }
    p.is_plan = !p.items.is_empty() || proposal_re().is_match(assistant);
    // "Want me to commit this?" – the last question is about a one-off action
    let last_q = assistant
        .rsplit_terminator(['.', '!', '\n'])
        .find(|s| s.contains('?'))
        .unwrap_or("");
    p.one_off =
        p.items.is_empty() && one_off_re().is_match(last_q) && !design_re().is_match(last_q);
    p
}

lazy_re!(
    workflow_re,
    r"\b(?:proceed|go\s+ahead|anything\s+else|something\s+else|hold\s+off|wait\s+(?:for|until)|leave\s+it|stop\s+here|(?:review|check|look\s+(?:at|over)|adjust|change)\s+(?:(?:it|this|that|them|things|the\s+\w+)\s+)?first|vice\s+versa|the\s+other\s+way\s+a?round|inversement|viceversa|umgekehrt)\b|наоборот|反之|逆も|반대로"
);

/// A side of an "or" that is no other way to build the thing: a way to go
/// on with the work ("proceed", "or vice versa") or a time ("later", "plus
/// tard avec …").
fn no_other_way(side: &str) -> bool {
    workflow_re().is_match(side) || timing_re().is_match(side)
}

lazy_re!(
    // a side that opens with when ("later", "plus tard avec …", "明天")
    timing_re,
    r"^\W*(?:(?:do\s+it|it|that|them)\s+)?(?:later|afterwards|after\s+(?:the|this|that|lunch|review|release|merge)|tomorrow|next\s+(?:week|time|sprint|release)|plus\s+tard|apr[èe]s|demain|m[áa]s\s+tarde|despu[ée]s|ma[ñn]ana|sp[äa]ter|danach|morgen|mais\s+tarde|depois|amanh[ãa])\b|^\W*(?:потом|позже|завтра|稍后|稍後|以后|以後|之后|之後|明天|後で|あとで|明日|나중에|내일)"
);

lazy_re!(
    alternatively_re,
    r"(?:^|[.!?]\s+|\n\s*)(?:alternatively|or(?:\s+else)?|another\s+option\s+(?:is|would\s+be)|the\s+other\s+option\s+(?:is|would\s+be))\b[,:]?\s+(?P<b>(?:we|i|you)\s+(?:could|can|might)\b[^\n]*|[^\n]+)"
);

/// What the assistant put forward and the alternative it then names in a
/// sentence of its own ("Here's my plan: … Alternatively we could go
/// schema-per-tenant, …"; the language tables rewrite "Либо", "Sinon", …):
/// the text before (at most 200 bytes from its paragraph's start, list
/// markers out) and the alternative's first clause.
fn alternative_offer(text: &str, plain: &str) -> Option<(String, String, usize)> {
    // (cheap first: the words the pattern starts with)
    let lower_has = |w: &str| memchr::memmem::find(text.as_bytes(), w.as_bytes()).is_some();
    if ![
        "lternativ",
        "LTERNATIV",
        "Or ",
        "Or,",
        "OR ",
        " or else",
        "other option",
        "Another option",
        " also ",
    ]
    .iter()
    .any(|w| lower_has(w))
    {
        return None;
    }
    // "… X is also viable": the alternative named before "also"
    // (found outside code: `plain` is `text` with its fenced blocks
    // blanked, at the same offsets; what came before may be a block)
    let c = alternatively_re()
        .captures_iter(plain)
        .last()
        .or_else(|| also_viable_re().captures_iter(plain).last())?;
    let b = c.name("b")?;
    let whole = c.get(0)?;
    // the alternative up to its sentence end or first clause break
    let rest = b.as_str();
    let end = stops(rest, &[',', ';', '—', '.', '?', '!'])
        .next()
        .map_or(rest.len(), |x| x.0);
    let mut alt = rest[..end].trim();
    for lead in [
        "we could ",
        "we can ",
        "i could ",
        "i can ",
        "you could ",
        "you can ",
        "we might ",
        "go with ",
        "use ",
    ] {
        if alt.len() > lead.len()
            && alt
                .get(..lead.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(lead))
        {
            alt = alt[lead.len()..].trim_start();
        }
    }
    // ("Or vice versa.", "Or later, with the next release": no other way)
    if no_other_way(alt) {
        return None;
    }
    // what came before, from its block's start
    let before = text[..whole.start()].trim_end();
    let block_start = before.rfind("\n\n").map_or(0, |i| i + 2);
    let mut block = before[block_start..].trim();
    if block.is_empty() {
        return None;
    }
    // a list's intro line and items belong to the block before it
    if block
        .lines()
        .all(|l| list_item(l).is_some() || l.trim().is_empty())
    {
        let prev = before[..block_start].trim_end();
        let intro_start = prev.rfind('\n').map_or(0, |i| i + 1);
        block = before[intro_start..].trim();
    }
    let mut flat = String::with_capacity(block.len().min(260));
    for line in block.lines() {
        let t = line.trim();
        let t = list_item(t)
            .map_or(t, |(_, _, _, rest)| rest)
            .replace("**", "");
        if t.is_empty() {
            continue;
        }
        if !flat.is_empty() {
            flat.push_str(if flat.ends_with(':') { " " } else { "; " });
        }
        flat.push_str(t.trim());
        if flat.len() >= 200 {
            break;
        }
    }
    let flat = super::text::prefix_at_boundary(&flat, 200)
        .trim()
        .to_string();
    let ok = |x: &str| x.len() >= 3 && x.len() <= 200;
    // ("RQ" is an alternative too)
    let ok_alt = |x: &str| x.len() >= 2 && x.len() <= 200;
    (ok(&flat) && ok_alt(alt)).then(|| (flat, alt.to_string(), whole.start()))
}

/// "… 1) add tests, 2) update the docs, or 3) both?": the texts after the
/// markers `1)` / `(1)` / `1.` numbered 1, 2, 3… in one paragraph, each up
/// to the next marker or clause end.
fn inline_items(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut marks: Vec<(usize, usize)> = Vec::new(); // (marker start, text start)
    let mut want = 1u8;
    let mut i = 0;
    while i + 2 < b.len() {
        let start_ok = i == 0 || matches!(b[i - 1], b' ' | b'(' | b':' | b'\n');
        let paren = b[i] == b'(';
        let d = if paren { i + 1 } else { i };
        if start_ok
            && d + 2 < b.len()
            && b[d] == b'0' + want
            && matches!(b[d + 1], b')' | b'.')
            && b[d + 2] == b' '
        {
            if !paren || b[d + 1] == b')' {
                marks.push((i, d + 3));
                want += 1;
                if want > 9 {
                    break;
                }
            }
        } else if b[i] == b'\n' && i + 1 < b.len() && b[i + 1] == b'\n' && marks.len() < 2 {
            marks.clear(); // a new paragraph
            want = 1;
        }
        i += 1;
    }
    if marks.len() < 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (k, &(_, s)) in marks.iter().enumerate() {
        let e = marks.get(k + 1).map_or(text.len(), |m| m.0);
        let seg = &text[s..e];
        let cut = seg.find([',', ';', '?', '\n']).unwrap_or(seg.len());
        let seg = seg[..cut]
            .trim()
            .trim_end_matches(" or")
            .trim_end_matches(" and")
            .trim();
        if seg.is_empty() {
            return Vec::new();
        }
        out.push(seg);
    }
    out
}

/// The sides of the only " or " of a sentence near the end of `text` (the
/// last question first, then the last three sentences), parenthesized
/// asides removed, each side cut at the clause boundary nearest to the "or"
/// and after an introducing "with" / "using" / "like" (in the languages the
/// rewrites cover), at most 120 bytes a side. A list before the "or" ("X, Y,
/// or Z", "X、Y 或 Z") gives each of its short items.
fn or_near_end(text: &str) -> Option<Vec<String>> {
    let mut sentences: Vec<&str> = Vec::new();
    if let Some(q) = text.rfind('?') {
        let start = text[..q].rfind(['.', '!', '\n']).map_or(0, |i| i + 1);
        sentences.push(&text[start..q]);
    }
    let asked = sentences.len();
    let body = text.trim_end();
    let mut end = body.len();
    for _ in 0..3 {
        let start = sentence_start(body[..end].trim_end_matches(['.', '!', '?', ' ']));
        sentences.push(&body[start..end]);
        if start == 0 {
            break;
        }
        end = start;
    }
    sentences
        .iter()
        .enumerate()
        .filter(|&(i, s)| !reader_conditional(s) && (i < asked || offers(s)))
        .find_map(|(_, s)| or_sides(s))
        .or_else(|| {
            // "Between asyncio + httpx and the thread pool: … Preference?":
            // the two a message asks the reader to choose between (in the
            // question, or a sentence that opens with them), when it asks
            (asked > 0)
                .then(|| {
                    sentences
                        .iter()
                        .enumerate()
                        .filter(|&(_, s)| !reader_conditional(s))
                        .find_map(|(i, s)| between_sides(s, i < asked))
                })
                .flatten()
        })
}

lazy_re!(
    between_re,
    r"(?i)(?P<lead>^[\s*_>-]*|\b(?:choose|choosing|pick|picking|decide|deciding|preference|prefer|torn|choice)\s+)?\b(?:between|entre|zwischen|между)\s+(?P<a>[^,;:?()\n]{2,60}?)\s+(?:and|y|e|et|und|и)\s+(?P<b>[^,;:?()\n]{2,60}?)\s*(?:[:,?]|$)"
);

/// The two sides of "between X and Y" in `sentence` (and its words in the
/// Romance and German languages and Russian), when the sentence opens with
/// it or a word of choosing leads it ("pick between …"), or it is the
/// message's question (`asked`): "the difference between X and Y" in an
/// explanation offers nothing.
fn between_sides(sentence: &str, asked: bool) -> Option<Vec<String>> {
    let c = between_re().captures(sentence)?;
    if !asked && c.name("lead").is_none() {
        return None;
    }
    let side = |k: &str| c.name(k).map(|m| m.as_str().trim().to_string());
    let (a, b) = (side("a")?, side("b")?);
    (a.len() >= 2 && b.len() >= 2 && !a.eq_ignore_ascii_case(&b)).then(|| vec![a, b])
}

lazy_re!(
    offer_cue_re,
    r"\b(?:(?:i|we|you)\s+(?:can|could|might|may|would|should)|i'd|we'd|you'd|either|prefer\w*|which|options?|alternatively|whether|let\s+me\s+know|up\s+to\s+you|your\s+call|choose|pick|decide)\b"
);

/// Whether a sentence that asks nothing still puts a choice to the reader
/// ("I can use Redis, or keep the LRU."; "Either works."). A statement
/// whose "or" joins two nouns ("helps guide further exploration or
/// action") offers nothing. (Sentences in other languages are read as they
/// are: their cue words are not all rewritten.)
fn offers(sentence: &str) -> bool {
    let s = sentence.trim_end();
    s.ends_with(['?', '？'])
        || !s.is_ascii()
        || !english_re().is_match(s)
        || offer_cue_re().is_match(s)
        || colon_list(s)
}

/// "For CLI parsing in Rust: clap's derive API (…), its builder API (…),
/// or argh (…)": a list of three or more after a colon, joined by "or",
/// lays alternatives out.
fn colon_list(s: &str) -> bool {
    s.rfind(':').is_some_and(|c| {
        let t = &s[c + 1..];
        t.contains(", ") && (t.contains(", or ") || t.contains(" or "))
    })
}

lazy_re!(
    english_re,
    r"\b(?:the|this|that|these|those|is|are|was|will|it|its|and|of|for|with|can)\b"
);

/// "If you need to push or make other changes, let me know", "If you have
/// new changes, you can push them, or pull with `git pull`": a condition
/// put to the reader, whose "or" is in the condition or in what the reader
/// can do themselves, offers no choice. ("If you'd like, I can use A or B"
/// and "If you prefer A or B, …" still do.)
fn reader_conditional(sentence: &str) -> bool {
    let l = sentence
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_ascii_lowercase();
    let mut l = l.as_str();
    for lead in ["and ", "but ", "also, ", "also ", "or "] {
        l = l.strip_prefix(lead).unwrap_or(l);
    }
    if !l.starts_with("if you") && !l.starts_with("if there") && !l.starts_with("if anything") {
        return false;
    }
    let (cond, main) = l.split_at(l.find(',').unwrap_or(l.len()));
    let main = main.trim_start_matches([',', ' ']);
    let chooses = ["prefer", "rather", "choose", "pick", "go with", "decide"]
        .iter()
        .any(|w| cond.contains(w));
    let yours = [
        "you can",
        "you could",
        "you may",
        "you might",
        "you'll",
        "you will",
        "you need",
        "you should",
        "just let me know",
        "let me know",
        "feel free",
    ]
    .iter()
    .any(|w| main.starts_with(w));
    !chooses && (cond.contains(" or ") || yours)
}

/// The positions of `set`'s characters in `s` outside code spans.
fn cuts<'s>(s: &'s str, set: &'s [char]) -> impl Iterator<Item = (usize, char)> + 's {
    let mut code = false;
    s.char_indices().filter(move |&(_, c)| {
        if c == '`' {
            code = !code;
        }
        !code && set.contains(&c)
    })
}

/// As [`cuts`], where a "." counts only before a space or the end (a "."
/// inside a name, `client.get(url)` or `Fly.io`, ends nothing).
fn stops<'s>(s: &'s str, set: &'s [char]) -> impl Iterator<Item = (usize, char)> + 's {
    cuts(s, set).filter(move |&(i, c)| {
        c != '.' || s[i + 1..].is_empty() || s[i + 1..].starts_with(char::is_whitespace)
    })
}

/// Where the last sentence of `s` starts: after its last sentence end or
/// line break outside code spans.
pub(crate) fn sentence_start(s: &str) -> usize {
    stops(s, &['.', '!', '?', '\n', '。'])
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8())
}

fn or_sides(sentence: &str) -> Option<Vec<String>> {
    // asides in parentheses out: "X (simple, threads) or Y (async)"
    let mut plain = String::with_capacity(sentence.len());
    let mut depth = 0u32;
    for c in sentence.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let mut it = plain.match_indices(" or ");
    let (at, _) = it.next()?;
    if it.next().is_some() {
        return None;
    }
    // ("… le fasse maintenant or plus tard avec le prochain release ?": when,
    // not which)
    if timing_re().is_match(&plain[at + 4..]) {
        return None;
    }
    const LEADS: [&str; 23] = [
        " options are ",
        " choices are ",
        " candidates are ",
        " between ",
        " in ",
        " en ",
        " em ",
        " with ",
        " using ",
        " use ",
        " via ",
        " like ",
        " such as ",
        " con ",
        " com ",
        " avec ",
        " mit ",
        " como ",
        " comme ",
        " wie ",
        " как ",
        " на ",
        " either ",
    ];
    // "X, or Y": the comma before the "or" is the list's, not a clause's
    let left = plain[..at].trim_end().trim_end_matches([',', '，']);
    // the list before the "or", from the clause that introduces it
    let intro = cuts(left, &[':', ';']).last().map(|x| x.0);
    let clause = left[intro.map_or(0, |i| i + 1)..].trim();
    let mut listed: Vec<&str> = clause.split([',', '、']).map(str::trim).collect();
    // (the list starts at its lead: "For the ORM, the realistic options are
    // Prisma, Drizzle or TypeORM")
    if let Some(k) = (1..listed.len().saturating_sub(1))
        .rev()
        .find(|&k| LEADS.iter().any(|l| listed[k].contains(l)))
    {
        listed.drain(..k);
    }
    // (a list after a colon or a lead, or of short items; not "since X is
    // missing, A or B")
    let led = LEADS.iter().any(|l| listed[0].contains(l));
    let list_head = (listed.len() >= 2
        && listed.len() <= 5
        // (an item after a colon may be a longer phrase: "Options: bump
        // I2C to 400 kHz, switch to buffered mode and only flush when
        // something changed, or both")
        && listed[1..]
            .iter()
            .all(|x| !x.is_empty() && x.len() <= if intro.is_some() { 90 } else { 60 })
        && (intro.is_some() || led || listed.iter().all(|x| x.len() <= 30)))
    .then(|| listed[..listed.len() - 1].to_vec());
    // what follows the last introducing lead ("use X" → "X"); "stay
    // inclusive like that": a lead followed by a pronoun introduces nothing
    let after_lead = |x: &'_ str| -> String {
        let lead = LEADS
            .iter()
            .filter_map(|l| x.rfind(l).map(|k| (k, k + l.len())))
            .max_by_key(|x| x.0)
            .map(|x| x.1);
        match lead {
            Some(k)
                if !matches!(
                    x[k..].trim().to_ascii_lowercase().as_str(),
                    "that" | "this" | "it" | "so" | "now" | "before" | "today"
                ) =>
            {
                x[k..].trim().to_string()
            }
            _ => x.trim().to_string(),
        }
    };
    let cut = cuts(left, &[',', ':', ';', '、', '—', '–'])
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8());
    let a = after_lead(&left[cut..]);
    let right = &plain[at + 4..];
    let end = stops(right, &[',', ':', ';', '—', '.', '?', '？'])
        .next()
        .map_or(right.len(), |x| x.0);
    let mut b = right[..end].trim();
    for l in LEADS {
        let l = l.trim_start();
        if let Some(rest) = b.strip_prefix(l) {
            b = rest.trim();
        }
        // "go with Y": a lead among the side's first words ("stay internal
        // and consumed via X" is not a lead to X)
        if let Some(k) = b
            .find(&format!(" {l}"))
            .filter(|&k| b[..k].split_whitespace().count() <= 2)
        {
            b = &b[k + l.len() + 1..];
        }
    }
    let b = b.trim().to_string();
    let ok = |s: &str| !s.is_empty() && s.len() <= 120;
    // the list's first item may hold the lead ("use redis, memcached, or …")
    let mut sides: Vec<String> = list_head
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(k, x)| {
            if k == 0 {
                after_lead(x)
            } else {
                x.trim().to_string()
            }
        })
        .collect();
    sides.push(a);
    sides.push(b);
    sides.iter().all(|x| ok(x)).then_some(sides)
}

/// Item indices referenced by ordinal / number / letter in `s`.
pub(crate) fn resolve_refs(s: &str, items: &[ProposalItem]) -> Vec<usize> {
    let mut out = Vec::new();
    let find_num = |n: u32| -> Option<usize> {
        items
            .iter()
            .position(|it| it.number == Some(n))
            .or_else(|| {
                if n >= 1
                    && (n as usize) <= items.len()
                    && items.iter().all(|it| it.number.is_none())
                {
                    Some(n as usize - 1)
                } else {
                    None
                }
            })
    };
    let find_letter = |l: char| -> Option<usize> {
        let l = l.to_ascii_lowercase();
        items
            .iter()
            .position(|it| it.letter == Some(l))
            .or_else(|| {
                let k = (l as u32).saturating_sub('a' as u32) as usize;
                if k < items.len() && items.iter().all(|it| it.letter.is_none()) {
                    Some(k)
                } else {
                    None
                }
            })
    };
    for c in ref_re().captures_iter(s) {
        let idx = if let Some(m) = c
            .name("opt")
            .or_else(|| c.name("plan"))
            .or_else(|| c.name("bare"))
        {
            let v = m.as_str();
            match word_number(v) {
                Some(n) => find_num(n),
                None => v.chars().next().and_then(find_letter),
            }
        } else if let Some(m) = c.name("hash") {
            m.as_str().parse().ok().and_then(find_num)
        } else if let Some(m) = c.name("ord") {
            match m.as_str().to_lowercase().as_str() {
                "last" | "latter" => items.len().checked_sub(1),
                v => word_number(v).and_then(|n| {
                    if (n as usize) <= items.len() {
                        Some(n as usize - 1)
                    } else {
                        None
                    }
                }),
            }
        } else {
            None
        };
        if let Some(i) = idx {
            if !out.contains(&i) {
                out.push(i);
            }
        }
    }
    out
}

#[cfg(test)]
mod label_tests {
    use super::label_of;

    /// The definition `label_of` implements in one pass: cut at the smallest
    /// first occurrence (> 0) of any delimiter.
    fn reference_cut(r: &str) -> usize {
        let mut cut = r.len();
        for d in [
            ":", " — ", " – ", " - ", " (", ". ", "; ", ", which", ", so", ", but",
        ] {
            if let Some(p) = r.find(d) {
                if p > 0 && p < cut {
                    cut = p;
                }
            }
        }
        cut
    }

    #[test]
    fn a_delimiter_inside_a_code_span_does_not_end_the_label() {
        assert_eq!(
            label_of("use the `md:` breakpoint, with a burger menu: more markup"),
            "use the `md:` breakpoint, with a burger menu"
        );
        // (an unpaired backtick opens no span)
        assert_eq!(label_of("a `b: c"), "a `b");
    }

    #[test]
    fn a_list_whose_item_opens_with_or_is_alternatives() {
        let p = super::parse_proposal(
            "The fix:\n- add a breakpoint and collapse the links into a menu\n- or shrink the logo and let the links scroll",
        );
        assert_eq!(p.items.len(), 2, "{:?}", p.items);
        // a list of steps is not
        let p =
            super::parse_proposal("The fix:\n- add a breakpoint\n- collapse the links into a menu");
        assert!(p.items.len() < 2, "{:?}", p.items);
    }

    #[test]
    fn one_pass_cut_matches_the_definition() {
        let cases = [
            "Postgres: durable, boring",
            ": leading colon: then another",
            ". leading. dot. then",
            "Queue — async (with retries); later",
            "Redis, which is fast, but volatile",
            "plain label",
            "a - b - c",
            "x (y) : z",
            "SQLite – embedded – simple",
            "so, but, which",
            "über: naïve — façade",
            "",
            ":",
            " (",
        ];
        for c in cases {
            let r = c.trim();
            let want = r[..reference_cut(r)]
                .trim()
                .trim_end_matches(['.', ':', ','])
                .trim();
            let want = if want.len() > 100 { &want[..100] } else { want };
            assert_eq!(label_of(c), want, "{c:?}");
        }
    }

    /// What the three list-item patterns capture (the first that matches).
    fn item_by_regex(line: &str) -> Option<(u8, Option<u32>, Option<char>, &str)> {
        fn rest<'h>(c: &regex::Captures<'h>) -> &'h str {
            c.name("rest").map_or("", |m| m.as_str())
        }
        fn id<'h>(c: &regex::Captures<'h>) -> &'h str {
            ["id", "bid", "uid"]
                .iter()
                .find_map(|g| c.name(g))
                .map_or("", |m| m.as_str())
        }
        if let Some(c) = super::numbered_item_re().captures(line) {
            let n = c.name("pid").map_or_else(|| id(&c), |m| m.as_str());
            return Some((1, n.parse().ok(), None, rest(&c)));
        }
        if let Some(c) = super::lettered_item_re().captures(line) {
            return Some((
                2,
                None,
                id(&c).chars().next().map(|l| l.to_ascii_lowercase()),
                rest(&c),
            ));
        }
        super::bullet_item_re()
            .captures(line)
            .map(|c| (3, None, None, rest(&c)))
    }

    #[test]
    fn bullets_that_open_with_an_option_label_are_lettered_or_numbered_items() {
        let p = super::parse_proposal("Two ways:\n- A) call the API from the browser\n- B) go through a server endpoint with a cache\nWhich one?");
        assert_eq!(
            p.items
                .iter()
                .map(|i| (i.letter, i.label.as_str()))
                .collect::<Vec<_>>(),
            [
                (Some('a'), "call the API from the browser"),
                (Some('b'), "go through a server endpoint with a cache")
            ]
        );
        // a marker in bold opens the item's line
        let p = super::parse_proposal("A few ways:\n\n**A. Restart on change** – drops requests.\n**B. Watch the file and hot-swap** – no downtime.\n\nWhich would you prefer?");
        assert_eq!(p.items.len(), 2, "{:?}", p.items);
        let p = super::parse_proposal("Options:\n\n- **A.** a materialized view\n- **B.** one join with GROUP BY\n- **C.** cache it for 60s");
        assert_eq!(
            p.items.iter().map(|i| i.label.as_str()).collect::<Vec<_>>(),
            [
                "a materialized view",
                "one join with GROUP BY",
                "cache it for 60s"
            ]
        );
        assert_eq!(super::labelled_bullet("Cache: warm"), None);
        assert_eq!(super::labelled_bullet("a.b"), None);
        assert_eq!(
            super::labelled_bullet("2) run it"),
            Some((1, Some(2), None, "run it"))
        );
    }

    #[test]
    fn list_items_are_read_as_the_patterns_read_them() {
        for line in [
            "1. Postgres",
            "12) two",
            "123. no",
            "1.no space",
            "1.  ",
            "1. ",
            " 1.\t\t",
            "(b) Redis",
            "(B). x",
            "(f) no",
            "E. five",
            "- item",
            "  - indented",
            "•  bullet",
            "* ",
            "*  ",
            "+\tx",
            "-",
            "",
            "   ",
            "9)\x0Bx",
            "a.b",
            "\u{a0}- nbsp",
            "•",
            "• ",
            "(",
            "(1) x",
            "**A)** Zustand — tiny",
            "**2.** two",
            "__b)__ x",
            "**b)**x",
            "**1.__ x",
            "**(1)** x",
            "**(A) Regrouper** les mises à jour",
            "**(1) one** two",
            "**(x) no",
            "__(b)__ x",
        ] {
            assert_eq!(super::list_item(line), item_by_regex(line), "{line:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn list_items_agree_with_the_patterns(
            line in concat!(
                r"[ \t\x0B\u{a0}]{0,2}\(?([0-9]{1,3}|[a-gA-G]|[-*+•(x])[.)]?[ \t\r\x0B\x0C]{0,3}[x é\t)]{0,2}",
                r"|[ \t\r0-9a-gA-G().*_+•\-xé]{0,8}"
            )
        ) {
            let line: &str = &line;
            proptest::prop_assert_eq!(super::list_item(line), item_by_regex(line));
        }
    }
}
