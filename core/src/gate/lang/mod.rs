//! Languages other than English, as data: each language is one [`Lang`]
//! table (its own file) of rule rows, cancelling cues, and the words that
//! turn its answers and the assistant's option lists into the English forms
//! the assent machinery reads. Adding a language is adding a table to
//! [`LANGS`]; no code names a language.
//!
//! Patterns use the gate's dialect (see [`super::dialect`]). Scripts without
//! spaces (Chinese, Japanese) need no word boundaries; for Cyrillic and for
//! words that end in an accented letter, `\b` (ASCII) does not see the
//! boundary, so those rows write `(?:^|\W)` / `(?:\W|$)` instead (`\w`
//! covers the Latin letters; the Russian rows spell out the Cyrillic ones).

use super::rules::Roles;
use super::Category;

#[cfg(test)]
pub(crate) mod cases;
mod common;
mod de;
mod es;
mod fa;
mod fr;
mod id;
mod it;
mod ja;
mod ko;
mod nl;
mod pl;
mod pt;
mod ru;
mod tr;
mod vi;
mod zh;

/// One rule row: `(id suffix, category, strength, roles, pattern)`; the
/// rule's id is `<code>.<suffix>`.
pub(crate) type Row = (&'static str, Category, u8, Roles, &'static str);

/// A language's tables.
pub(crate) struct Lang {
    /// Short code, the prefix of its rule ids (`zh` covers simplified and
    /// traditional script).
    pub code: &'static str,
    /// Markers, scored like the English table's.
    pub rules: &'static [Row],
    /// Cancelling cues: `(cue name, pattern)` with the names of
    /// [`super::cues::CUE_TABLE`]; each is OR-ed into that cue.
    pub cues: &'static [(&'static str, &'static str)],
    /// Rewrites `(pattern, replacement)` that turn this language's answers
    /// ("选B", "la segunda", "вариант 2", "はい") and the option headings of
    /// an assistant's message ("方案一：", "Opción A:") into the English
    /// forms ("option B", "the second", "option 2", "yes", "Option 1:") the
    /// proposal reader and the answer rules understand. Applied in order.
    pub canon: &'static [(&'static str, &'static str)],
    /// Confirmation tags that close a statement with a question mark
    /// without asking anything ("nunca vai para o frontend, ok?", "以后都用
    /// pnpm，记住了吗？", "main には直接 push しない、いい？"): the sentence
    /// before the tag is read as the statement it is.
    pub tags: &'static [&'static str],
}

/// Every language table.
pub(crate) const LANGS: &[&Lang] = &[
    &common::LANG,
    &zh::LANG,
    &ja::LANG,
    &ko::LANG,
    &es::LANG,
    &de::LANG,
    &fr::LANG,
    &pt::LANG,
    &ru::LANG,
    &it::LANG,
    &id::LANG,
    &nl::LANG,
    &pl::LANG,
    &tr::LANG,
    &vi::LANG,
    &fa::LANG,
];

/// Every language's confirmation tags ([`Lang::tags`]), lowercase, longest
/// first.
pub(crate) fn confirm_tags() -> &'static [String] {
    static T: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t: Vec<String> = LANGS
            .iter()
            .flat_map(|l| l.tags.iter().map(|x| x.to_lowercase()))
            .collect();
        t.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        t.dedup();
        t
    })
}

/// The rule rows of every language, with their full ids.
pub(crate) fn rows() -> impl Iterator<Item = (String, Category, u8, Roles, &'static str)> {
    LANGS.iter().flat_map(|l| {
        l.rules
            .iter()
            .map(move |r| (format!("{}.{}", l.code, r.0), r.1, r.2, r.3, r.4))
    })
}

/// The roles of a language rule id (`None` when it is not one).
pub(crate) fn roles_of(id: &str) -> Option<Roles> {
    let (code, rest) = id.split_once('.')?;
    let lang = LANGS.iter().find(|l| l.code == code)?;
    lang.rules.iter().find(|r| r.0 == rest).map(|r| r.3)
}

/// Every language's alternatives for cue `name`, joined with `|`.
pub(crate) fn cue_alternatives(name: &str) -> Vec<&'static str> {
    LANGS
        .iter()
        .flat_map(|l| l.cues.iter().filter(|c| c.0 == name).map(|c| c.1))
        .collect()
}

/// One rewrite of a language's `canon` table: its pattern (in the gate's
/// classes, compiled on first use) and replacement.
struct Rewrite {
    re: super::dialect::LazyRegex,
    replacement: &'static str,
}

impl Rewrite {
    fn re(&self) -> &regex::Regex {
        self.re.get()
    }
}

/// Every language's rewrites, in table order, and a literal prefilter over
/// them: one Aho-Corasick pass over a text names the rows worth trying, and
/// only those are compiled and run. (A regex set of all the rows cost more
/// to build than the rest of the gate's start-up, and its overlapping
/// search over an assistant's long message most of the rest.)
fn canon_rules() -> &'static (Vec<Rewrite>, super::prefilter::Prefilter) {
    static C: std::sync::OnceLock<(Vec<Rewrite>, super::prefilter::Prefilter)> =
        std::sync::OnceLock::new();
    C.get_or_init(|| {
        // (the gate's ASCII classes; a row whose first word is short and may
        // follow a non-ASCII letter starts with `(?:^|\s)` instead of `\b`)
        let rows: Vec<Rewrite> = LANGS
            .iter()
            .flat_map(|l| l.canon.iter())
            .map(|(p, r)| Rewrite {
                re: super::dialect::LazyRegex::new(super::dialect::gate_classes(p), true),
                replacement: r,
            })
            .collect();
        let prefilter = super::prefilter::Prefilter::new(
            &rows.iter().map(|r| r.re.pattern()).collect::<Vec<_>>(),
        );
        (rows, prefilter)
    })
}

/// The names spelled in Hangul or katakana ([`ko::NAMES`], [`ja::NAMES`])
/// and the Latin names they stand for, the longest spelling first.
fn spelled_names() -> &'static (aho_corasick::AhoCorasick, Vec<&'static str>) {
    static N: std::sync::OnceLock<(aho_corasick::AhoCorasick, Vec<&'static str>)> =
        std::sync::OnceLock::new();
    N.get_or_init(|| {
        let rows: Vec<(&str, &str)> = ko::NAMES.iter().chain(ja::NAMES).copied().collect();
        let ac = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .build(rows.iter().map(|r| r.0))
            .expect("the spelled names build");
        (ac, rows.iter().map(|r| r.1).collect())
    })
}

/// `text` with the names spelled in another script written in Latin
/// letters ("키클록으로" → "Keycloak으로"), so that the rewrites and the
/// option matching see the name an option line gives.
fn latin_names(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_ascii() {
        return std::borrow::Cow::Borrowed(text);
    }
    let (ac, names) = spelled_names();
    if !ac.is_match(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(ac.replace_all(text, names))
}

/// `text` with every language's rewrites applied (borrowed when none applies).
///
/// The rows that apply are those that match `text` as given; each is then
/// applied, in table order, where it still matches the rewritten text.
pub(crate) fn canonical(text: &str) -> std::borrow::Cow<'_, str> {
    // (a long text is rewritten by several readers of a turn and again for
    // the next turns; `None`: the text is already canonical)
    const LONG: usize = 256;
    thread_local! {
        static DONE: super::recent::Kept<Option<String>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    if text.len() < LONG {
        return rewrite(text);
    }
    let kept = super::recent::recall(&DONE, text, |t| match rewrite(t) {
        std::borrow::Cow::Borrowed(_) => None,
        std::borrow::Cow::Owned(c) => Some(c),
    });
    kept.map_or(std::borrow::Cow::Borrowed(text), std::borrow::Cow::Owned)
}

/// [`canonical`] without its memory of recent texts.
fn rewrite(text: &str) -> std::borrow::Cow<'_, str> {
    let (rows, prefilter) = canon_rules();
    let mut out = latin_names(text);
    // full-width punctuation first: the rewrites and the English readers
    // expect ASCII marks
    if out.contains(['（', '）', '，', '。', '：', '？', '！', '；']) {
        let mut s = String::with_capacity(out.len());
        for c in out.chars() {
            match c {
                '（' => s.push_str(" ("),
                '）' => s.push_str(") "),
                '，' => s.push_str(", "),
                '。' => s.push_str(". "),
                '：' => s.push_str(": "),
                '？' => s.push_str("? "),
                '！' => s.push_str("! "),
                '；' => s.push_str("; "),
                c => s.push(c),
            }
        }
        out = std::borrow::Cow::Owned(s);
    }
    let mut scratch = super::prefilter::Scratch::default();
    let applies: Vec<usize> = prefilter
        .candidates(&out, &mut scratch)
        .iter()
        .copied()
        .filter(|&i| rows[i].re().is_match(&out))
        .collect();
    for i in applies {
        let re = rows[i].re();
        if re.is_match(&out) {
            let rep = rows[i].replacement;
            out = std::borrow::Cow::Owned(
                re.replace_all(&out, |c: &regex::Captures| keep_breaks(c, rep))
                    .into_owned(),
            );
        }
    }
    out
}

/// The replacement of one rewrite, keeping the line breaks its match opens
/// with: a row that starts with `(?:^|\s)` must not join an option line to
/// the line before it ("…:\n\nOpción 1: …" → "…:\n\n option 1: …").
fn keep_breaks(c: &regex::Captures, rep: &str) -> String {
    let mut out = String::new();
    c.expand(rep, &mut out);
    let m = c.get(0).map_or("", |m| m.as_str());
    let lead = &m[..m.len() - m.trim_start().len()];
    if lead.contains('\n') && !out.starts_with('\n') {
        let mut kept = lead.to_string();
        kept.push_str(out.trim_start_matches(' '));
        return kept;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_and_rewrite_compiles() {
        for l in LANGS {
            for r in l.rules {
                let pat = super::super::rules::expand(r.4);
                super::super::dialect::Compiled::new(&super::super::dialect::gate_classes(&pat))
                    .unwrap_or_else(|e| panic!("{}.{}: {e}", l.code, r.0));
            }
            for (p, _) in l.canon {
                regex::Regex::new(&super::super::dialect::gate_classes(p))
                    .unwrap_or_else(|e| panic!("{}: {p}: {e}", l.code));
            }
            for (name, p) in l.cues {
                assert!(
                    super::super::cues::CUE_TABLE.iter().any(|c| c.0 == *name),
                    "{}: no cue {name}",
                    l.code
                );
                regex::Regex::new(&super::super::dialect::gate_classes(p))
                    .unwrap_or_else(|e| panic!("{}: {p}: {e}", l.code));
            }
        }
        assert_eq!(
            canon_rules().0.len(),
            LANGS.iter().map(|l| l.canon.len()).sum::<usize>()
        );
    }

    /// The prefiltered rewrites give what one regex set over all the rows
    /// gave (the rows that match the text as given, applied in order).
    #[test]
    fn prefiltered_rewrites_match_a_set_of_all_rows() {
        let pats: Vec<&str> = canon_rules().0.iter().map(|r| r.re.pattern()).collect();
        let set = regex::RegexSetBuilder::new(&pats)
            .case_insensitive(true)
            .multi_line(true)
            .size_limit(1 << 24)
            .dfa_size_limit(1 << 23)
            .build()
            .expect("the rewrites build as one set");
        let mut texts: Vec<String> = cases::CASES
            .iter()
            .flat_map(|c| c.1.iter().chain(c.2.iter()))
            .map(|s| s.to_string())
            .collect();
        texts.extend(
            [
                "方案一：用 Redis\n方案二：用 Postgres\n你选哪个？",
                "Opción A: SQLite\nOpción B: Postgres",
                "选B",
                "la segunda, gracias",
                "вариант 2, пожалуйста",
                "2番でお願いします",
                "Variante 1: Kafka. Variante 2: RabbitMQ.",
                "はい、お願いします",
                "두 번째로 가요",
            ]
            .map(String::from),
        );
        let mut rewritten = 0;
        for t in &texts {
            let got = canonical(t);
            // (the names in other scripts are spelled out before the rows)
            let mut want = latin_names(t);
            let hits = set.matches(&want);
            for (i, row) in canon_rules().0.iter().enumerate() {
                if hits.matched(i) && row.re().is_match(&want) {
                    want = std::borrow::Cow::Owned(
                        row.re()
                            .replace_all(&want, |c: &regex::Captures| {
                                keep_breaks(c, row.replacement)
                            })
                            .into_owned(),
                    );
                }
            }
            if want != t.as_str() {
                rewritten += 1;
            }
            // (texts with full-width marks are rewritten before the rows)
            if !t.contains(['（', '）', '，', '。', '：', '？', '！', '；']) {
                assert_eq!(got, want, "{t}");
            }
        }
        assert!(rewritten >= 9, "only {rewritten} texts rewritten");
    }

    #[test]
    fn answers_become_english_forms() {
        for (from, to) in [
            ("选B", "option B"),
            ("方案二", "option 2"),
            ("第二个", "the second"),
            ("2番で", "option 2"),
            ("두 번째", "the second"),
            ("la segunda", "the second"),
            ("вариант 1", "option 1"),
            ("はい", "yes"),
            ("두번째요", "the second"),
            ("키클록으로", "Keycloak으로"),
            ("ポスグレで", "Postgresで"),
            ("vai na 2", "go with 2"),
            ("en postgres, dale", "en postgres, go ahead"),
            (
                "offset 방식과 cursor 방식이 있습니다",
                "options are: offset 방식 and cursor 방식.",
            ),
        ] {
            let c = canonical(from);
            assert!(c.contains(to), "{from} → {c}");
        }
    }
}
