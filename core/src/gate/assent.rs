//! Assent to an assistant's proposal: a person's "yes, do that", "option 2",
//! "ok let's do the Postgres approach" — a decision the person makes by
//! agreeing to what the assistant proposed. The rules are documented on
//! [`Gate::decide_assent`].

use super::check::find_check;
use super::proposal::{no_to_re, one_off_re, parse_proposal, ref_num_re, resolve_refs, yes_to_re, Proposal};
use super::rules::HANDLE;
use super::words::{best_item, content_words};
use super::{Analysis, Category, DecisionDraft, Gate};

lazy_re!(
    fact_re,
    r"(?:\bthat's\s+(?:exactly\s+)?(?:the|what|it|right|correct|the\s+one)\b.*\b(?:error|issue|problem|bug|file|output|message|line|stack|trace|log|see|saw|seeing|meant|mean|get|got|getting|one)\b|\b(?:it's|it\s+is|yep\s+it's)\s+(?:running|listening|on\s+port|on|at|in|set|there|installed|enabled|the\s+same)\b|\b(?:that|it)\s+(?:worked|works|fixed\s+it|did\s+it|helped)\b|\b(?:looks|look)\s+(?:good|great|fine|right|correct)\b|\b(?:thanks|thank\s+you|thx|ty)\b|\bthat's\s+what\s+i(?:'d)?\b)"
);






lazy_re!(
    bare_accept_re,
    r"^[\s*_>\x27\x22(\[-]*(?:yes|yeah|yep|yup|sure|ok|okay|alright|all\s+right|agreed|absolutely|definitely|lgtm|approved|👍|✅|sounds\s+(?:good|great|fine|right|perfect)|works\s+for\s+me|fine\s+by\s+me|let's\s+do\s+(?:it|that|this)|go\s+ahead|go\s+for\s+it|do\s+it|please\s+do|make\s+it\s+so)(?:[\s,.!;:—–-]+(?:please|pls|thanks|thank\s+you|then|go\s+ahead|do\s+it|do\s+that|let's\s+do\s+it|let's\s+go|sounds\s+good|go\s+for\s+it|yes|sure|ok|okay|definitely|absolutely|👍|✅))*[\s.!👍✅]*$"
);

pub(crate) fn decide_assent(gate: &Gate, person: &str, assistant: &str) -> Option<DecisionDraft> {
    let a = gate.analyze(person);
    let own = gate.decide_analysis(&a);
    decide_assent_analysis(gate, &a, own, assistant)
}

/// As [`decide_assent`], on a person's turn already analysed (`own`:
/// the turn's own decision, `gate.decide_analysis(a)`).
pub(crate) fn decide_assent_analysis(
    gate: &Gate,
    a: &Analysis<'_>,
    own: Option<DecisionDraft>,
    assistant: &str,
) -> Option<DecisionDraft> {
    let person = a.text;
    // Markers first, cues (a regex set per sentence) only where one fired.
    let has_handle = a
        .sents
        .iter()
        .any(|s| s.hits.iter().any(|h| gate.has_role(h, HANDLE)) && !s.cues().cancels_all());
    let conf_idx = a.sents.iter().position(|s| {
        s.hits.iter().any(|h| gate.category(h) == Category::Confirmation || gate.has_role(h, HANDLE))
            && !s.cues().cancels_all()
    });
    if own.is_none() && conf_idx.is_none() {
        return None; // nothing confirms: the proposal need not be read
    }
    if a.sents.first()?.cues().question {
        return None;
    }
    // The proposal is parsed only once the person's side can confirm.
    let parsed = std::cell::OnceCell::new();
    let proposal = || parsed.get_or_init(|| parse_proposal(assistant));

    let mut draft = match own {
        Some(d) => d,
        None => {
            let ci = conf_idx?;
            let s = &a.sents[ci];
            let st = &person[s.s.start..s.s.end];
            if !has_handle {
                let whole = a.sents.iter().map(|x| &person[x.s.start..x.s.end]).collect::<Vec<_>>().join(" ");
                if fact_re().is_match(&whole)
                    || one_off_re().is_match(st)
                    || !bare_accept_re().is_match(st)
                    || !proposal().is_plan
                    || proposal().one_off
                {
                    return None;
                }
            }
            DecisionDraft {
                epitome: st.to_string(),
                epitome_offset: s.s.start,
                options: Vec::new(),
                is_ban: false,
                check: None,
                markers: gate.markers_of(a),
            }
        }
    };

    let proposal = proposal();
    if !proposal.items.is_empty() {
        let chosen = resolve_choice(a, person, proposal);
        // keep the person's own options when they name alternatives of their
        // own and none of the proposal's items is picked
        let own_alternatives = draft.options.iter().any(|o| !o.1);
        if chosen.is_empty() && own_alternatives {
            return Some(finish_check(gate, a, draft));
        }
        let rejected_refs: Vec<usize> = no_to_re()
            .captures_iter(person)
            .flat_map(|c| resolve_refs(c.name("x").map(|m| m.as_str()).unwrap_or(""), &proposal.items))
            .collect();
        draft.options = proposal
            .items
            .iter()
            .enumerate()
            .map(|(i, it)| (it.label.clone(), chosen.contains(&i) && !rejected_refs.contains(&i)))
            .collect();
    }
    Some(finish_check(gate, a, draft))
}

fn finish_check(gate: &Gate, a: &Analysis, mut draft: DecisionDraft) -> DecisionDraft {
    if draft.check.is_none() {
        draft.check = find_check(a, 0).or_else(|| {
            let chosen_label = draft.options.iter().find(|o| o.1).map(|o| o.0.clone())?;
            let probe = format!("`{}`", chosen_label);
            let an = gate.analyze(&probe);
            if an.sents.is_empty() {
                return None;
            }
            find_check(&an, 0).map(|_| chosen_label)
        });
    }
    draft
}

fn resolve_choice(a: &Analysis, person: &str, proposal: &Proposal) -> Vec<usize> {
    let prose: Vec<&str> = a.sents.iter().filter(|s| !s.cues().question).map(|s| &person[s.s.start..s.s.end]).collect();
    let joined = prose.join(" ");
    // "yes to #1 and #3"
    let mut yes: Vec<usize> = yes_to_re()
        .captures_iter(&joined)
        .flat_map(|c| {
            let x = c.name("x").map(|m| m.as_str()).unwrap_or("");
            let mut v = resolve_refs(x, &proposal.items);
            for m in ref_num_re().captures_iter(x) {
                if let Some(n) = m.name("n").and_then(|n| n.as_str().parse::<usize>().ok()) {
                    if n >= 1 && n <= proposal.items.len() && !v.contains(&(n - 1)) {
                        v.push(n - 1);
                    }
                }
            }
            v
        })
        .collect();
    if !yes.is_empty() {
        yes.sort();
        yes.dedup();
        return yes;
    }
    // explicit references, ignoring those after "no to"
    let cleaned = no_to_re().replace_all(&joined, " ");
    let refs = resolve_refs(&cleaned, &proposal.items);
    if !refs.is_empty() {
        return refs;
    }
    // by name: "the Postgres approach"
    let labels: Vec<String> = proposal.items.iter().map(|x| x.label.clone()).collect();
    let pw = content_words(&cleaned);
    if !pw.is_empty() {
        if let Some(i) = best_item(&cleaned, &labels) {
            return vec![i];
        }
        let fulls: Vec<String> = proposal.items.iter().map(|x| x.full.clone()).collect();
        if let Some(i) = best_item(&cleaned, &fulls) {
            return vec![i];
        }
    }
    proposal.recommended.into_iter().collect()
}
