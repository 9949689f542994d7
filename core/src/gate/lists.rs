//! Lists of alternatives in a person's turn ("A vs B vs C", bulleted short
//! labels), and a short later sentence that picks one of them
//! ("sqlite-vss vs pgvector… pgvector.").

use std::sync::OnceLock;

use regex::Regex;

use super::span::{trim_span, SpanRole};
use super::words::{best_item, content_words};
use super::{Analysis, Category, Gate};

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
        let seps: Vec<(usize, usize)> = vs_split_re()
            .find_iter(view)
            .map(|m| (m.start(), m.end()))
            .collect();
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
        let mut right = view[last..]
            .find(is_delim)
            .map(|p| last + p)
            .unwrap_or(view.len());
        if let Some(p) = view[last..right]
            .find("...")
            .or_else(|| view[last..right].find('…'))
        {
            right = last + p;
        }
        let mut items = Vec::new();
        let mut cur = left;
        for &(ss, se) in seps.iter().chain(std::iter::once(&(right, right))) {
            if ss < cur {
                continue;
            }
            let (x, y) = (s.s.start + cur, s.s.start + ss.min(right));
            if let Some(r) = trim_span(a.text, x, y, SpanRole::Item) {
                if a.text[r.0..r.1].split_whitespace().count() <= 8 {
                    items.push(r);
                }
            }
            cur = se;
        }
        if items.len() >= 2 {
            out.push(OptList {
                items,
                sentence: si,
            });
        }
    }
    // bulleted lists
    let bold = bold_re();
    let mut group: Vec<(usize, usize)> = Vec::new();
    let mut last_line: Option<usize> = None;
    let mut last_si = 0usize;
    let flush = |group: &mut Vec<(usize, usize)>, last_si: usize, out: &mut Vec<OptList>| {
        if group.len() >= 2 {
            out.push(OptList {
                items: std::mem::take(group),
                sentence: last_si,
            });
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
                c.get(1)
                    .map(|m| (s.s.start + m.start(), s.s.start + m.end()))
            } else if let Some(p) = [":", " — ", " – ", " - "]
                .iter()
                .filter_map(|d| st.find(d))
                .min()
                .filter(|&p| p <= 60)
            {
                Some((s.s.start, s.s.start + p))
            } else if st.split_whitespace().count() <= 5 {
                Some((s.s.start, s.s.end))
            } else {
                None
            };
            if let Some((x, y)) = label.and_then(|(x, y)| trim_span(a.text, x, y, SpanRole::Item)) {
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
        if s.hits
            .iter()
            .any(|h| matches!(gate.category(h), Category::ActionRequest | Category::Ban))
        {
            continue;
        }
        let Some(r) = trim_span(a.text, s.s.start, s.s.end, SpanRole::Item) else {
            continue;
        };
        let probe = content_words(&a.text[r.0..r.1]);
        if probe.is_empty() {
            continue;
        }
        for l in &ls {
            if l.sentence >= i {
                continue;
            }
            let items: Vec<String> = l
                .items
                .iter()
                .map(|&(x, y)| a.text[x..y].to_string())
                .collect();
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
