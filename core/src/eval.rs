//! Scores the decision gate against a labelled set of person turns
//! (`tests/eval/turns.jsonl`: `{id, style, text, is_decision, is_ban,
//! epitome, chosen, rejected}` per line).
//!
//! Each turn goes through the pipeline's own logic: [`Gate::decide`], and when
//! that finds nothing, [`Gate::decide_assent`] against a generic
//! assistant proposal (in a real session a person's turn follows an assistant
//! turn; the set labels bare confirmations as decisions on that assumption).

use serde::Deserialize;

use crate::gate::Gate;

/// The stand-in for "what the assistant proposed just before".
pub const GENERIC_PROPOSAL: &str = "I see two ways to do this:\n\n1. Keep the current approach and patch the failing case.\n2. Replace it with a dedicated module.\n\nI'd recommend option 2. Want me to go ahead?";

#[derive(Deserialize)]
struct Turn {
    id: String,
    text: String,
    is_decision: bool,
    #[serde(default)]
    is_ban: bool,
    #[serde(default)]
    epitome: Option<String>,
}

/// Counts and the derived figures, in thousandths (no floats in outputs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scores {
    /// Turns scored.
    pub turns: usize,
    /// Labelled decisions found.
    pub true_positives: usize,
    /// Decisions found in turns labelled as none.
    pub false_positives: usize,
    /// Labelled decisions missed.
    pub false_negatives: usize,
    /// Turns labelled as no decision, and found none.
    pub true_negatives: usize,
    /// True positives whose `is_ban` matches the label.
    pub ban_agreement: usize,
    /// True positives whose epitome overlaps the labelled one.
    pub epitome_overlap: usize,
    /// Ids of the misclassified turns: (id, expected, got).
    pub errors: Vec<(String, bool, bool)>,
}

impl Scores {
    /// Precision in thousandths.
    pub fn precision_milli(&self) -> u32 {
        ratio(self.true_positives, self.true_positives + self.false_positives)
    }

    /// Recall in thousandths.
    pub fn recall_milli(&self) -> u32 {
        ratio(self.true_positives, self.true_positives + self.false_negatives)
    }

    /// A short human-readable report.
    pub fn report(&self) -> String {
        let f = |m: u32| format!("{}.{:03}", m / 1000, m % 1000);
        format!(
            "turns {}  decisions: tp {} fp {} fn {} tn {}\nprecision {}  recall {}\nis_ban agrees on {}/{} true positives; epitome overlaps the label on {}/{}",
            self.turns,
            self.true_positives,
            self.false_positives,
            self.false_negatives,
            self.true_negatives,
            f(self.precision_milli()),
            f(self.recall_milli()),
            self.ban_agreement,
            self.true_positives,
            self.epitome_overlap,
            self.true_positives
        )
    }
}

fn ratio(num: usize, den: usize) -> u32 {
    if den == 0 {
        return 0;
    }
    ((num as u64 * 1000 + den as u64 / 2) / den as u64) as u32
}

/// Scores `gate` on the JSONL text of a labelled set; `filter` picks which
/// ids to include (e.g. a held-out half).
pub fn score(gate: &Gate, jsonl: &str, filter: impl Fn(&str) -> bool) -> Result<Scores, String> {
    let mut s = Scores::default();
    for (i, line) in jsonl.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let t: Turn = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        if !filter(&t.id) {
            continue;
        }
        s.turns += 1;
        let got = gate.decide(&t.text).or_else(|| gate.decide_assent(&t.text, GENERIC_PROPOSAL));
        match (t.is_decision, &got) {
            (true, Some(d)) => {
                s.true_positives += 1;
                if d.is_ban == t.is_ban {
                    s.ban_agreement += 1;
                }
                let overlaps = t.epitome.as_deref().is_some_and(|e| e.contains(d.epitome.trim()) || d.epitome.contains(e.trim()));
                if overlaps {
                    s.epitome_overlap += 1;
                }
            }
            (false, Some(_)) => {
                s.false_positives += 1;
                s.errors.push((t.id, false, true));
            }
            (true, None) => {
                s.false_negatives += 1;
                s.errors.push((t.id, true, false));
            }
            (false, None) => s.true_negatives += 1,
        }
    }
    Ok(s)
}

/// True for ids whose number is odd (`t001`, `t003`, …): the half the rules
/// were developed on. Even ids are the held-out half.
pub fn is_dev_id(id: &str) -> bool {
    id.trim_start_matches(|c: char| !c.is_ascii_digit()).parse::<u64>().is_ok_and(|n| n % 2 == 1)
}
