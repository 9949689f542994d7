//! The options of a decision: the `chosen` / `rejected` spans of the
//! epitome's markers, trimmed to an option's words, then options from lists
//! in the turn, from a neighbouring "Option B is out" sentence, and a ban's
//! replacement from the sentence after it.

use super::lists::lists;
use super::rules::{NEIGHBOUR_REJECTION, SELECTION};
use super::span::{trim_span, SpanRole};
use super::words::best_item;
use super::{Analysis, Category, Gate, Hit};

fn overlaps(x: (usize, usize), y: (usize, usize)) -> bool {
    x.0 < y.1 && y.0 < x.1
}

lazy_re!(
    short_np_re,
    r"^\W*(?P<x>[^,;?]+?)\s+(?:only|for\s+[^,;?]+)\W*$"
);

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
                if let Some(r) = trim_span(text, x, y, SpanRole::Chosen) {
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
    let region_end = source.filter(|h| h.rejected.is_some()).map(|h| {
        h.rejected
            .map(|r| r.1)
            .unwrap_or(h.end)
            .max(h.chosen.map(|c| c.1).unwrap_or(h.end))
    });
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
        if let Some(r) = trim_span(text, x, y, SpanRole::Rejected) {
            push_unique(&mut rejected, r, chosen);
        }
    }

    // 2. lists in the turn
    if rejected.is_empty() {
        if let Some(c) = chosen {
            let probe = &text[c.0..c.1];
            for l in lists(a) {
                let items: Vec<String> = l
                    .items
                    .iter()
                    .map(|&(x, y)| text[x..y].to_string())
                    .collect();
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
            if gate.has_role(h, NEIGHBOUR_REJECTION) {
                if let Some((x, y)) = h.rejected {
                    if let Some(r) = trim_span(text, x, y, SpanRole::Item) {
                        push_unique(&mut rejected, r, chosen);
                    }
                }
            }
        }
    }

    // a statement of practice ("we do X", "use X") names an option only when
    // an alternative is on the table; otherwise it is a convention
    let selection = source
        .map(|h| (h.chosen.is_some() && h.rejected.is_some()) || gate.has_role(h, SELECTION))
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

    let mut out: Vec<(usize, usize, bool)> =
        rejected.into_iter().map(|(x, y)| (x, y, false)).collect();
    if let Some((x, y)) = chosen {
        out.push((x, y, true));
    }
    out.sort_by_key(|&(x, y, _)| (x, y));
    out.into_iter()
        .map(|(x, y, c)| (text[x..y].to_string(), c))
        .collect()
}

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
    let ban_start = s
        .hits
        .iter()
        .filter(|h| gate.category(h) == Category::Ban)
        .map(|h| h.start)
        .min()?;
    // clause after a dash / semicolon in the epitome
    let st = &text[s.s.start..s.s.end];
    for d in [" — ", " – ", "; ", " -- "] {
        if let Some(p) = st.find(d) {
            let cs = s.s.start + p + d.len();
            if cs <= ban_start {
                continue;
            }
            if s.hits
                .iter()
                .any(|h| gate.category(h) == Category::Ban && h.start >= cs)
            {
                continue;
            }
            let first = text[cs..s.s.end]
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_lowercase();
            const SUBJ: &[&str] = &[
                "we", "i", "they", "it", "it's", "this", "that", "the", "a", "an", "there",
                "these", "those", "you", "he", "she", "its", "which", "because", "so", "and",
                "but", "people", "nobody", "everyone", "our",
            ];
            if SUBJ.contains(&first.as_str()) || first.is_empty() {
                continue;
            }
            // prefer an explicit "use X" inside the clause
            if let Some(h) = s.hits.iter().find(|h| h.start >= cs && h.chosen.is_some()) {
                if let Some(r) = h
                    .chosen
                    .and_then(|(x, y)| trim_span(text, x, y, SpanRole::Chosen))
                {
                    return Some(r);
                }
            }
            return trim_span(text, cs, s.s.end, SpanRole::Chosen);
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
                    && matches!(
                        gate.category(h),
                        Category::Imperative | Category::Rejection | Category::DecisionVerb
                    )
            })
            .collect();
        hs.sort_by_key(|h| h.start);
        for h in hs {
            if let Some(r) = h
                .chosen
                .and_then(|(x, y)| trim_span(text, x, y, SpanRole::Chosen))
            {
                return Some(r);
            }
        }
        if j == ep + 1 && n.hits.is_empty() {
            let nt = &text[n.s.start..n.s.end];
            if nt.split_whitespace().count() <= 8 {
                if let Some(c) = short_np_re().captures(nt).and_then(|c| c.name("x")) {
                    return trim_span(
                        text,
                        n.s.start + c.start(),
                        n.s.start + c.end(),
                        SpanRole::Item,
                    );
                }
            }
        }
    }
    None
}
