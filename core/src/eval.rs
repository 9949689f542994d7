//! Scores the decision gate against labelled person turns, through the
//! same `parse` a host calls (nodes mode, redaction off), so that whatever
//! the pipeline does around the gate (tool-written text, repetition, the
//! assistant turn a bare answer replies to) is measured too.
//!
//! Three sources, described in `tests/eval/README.md`:
//!
//! * **dialogues** (`tests/eval/dialogues/*.jsonl`): short sessions written
//!   for the project, one JSON object per person turn: `{group, lang,
//!   proposal, text, label, epitome, chosen, rejected}`. A group is one
//!   session: its turns are fed in order, each after its `proposal` (the
//!   assistant turn before it) when there is one.
//! * **corpus** (`tests/eval/corpus.jsonl`): labels of the person turns of
//!   the real transcripts in `../shared/corpus`, by file and `seq`, with a
//!   hash of the turn's text (the text itself is never copied here):
//!   `{file, session?, seq, sha, label, lang, epitome: [start, end] | null}`
//!   (`session` for an input that holds several sessions, a database's).
//! * **turns** (`tests/eval/turns.jsonl`): the first, hand-written set of
//!   single turns, each scored as its own session after a generic proposal.
//!
//! **The split.** Every case has a split key: the dialogue's group, the
//! corpus file's project (the file name before `__`, so that a resumed
//! session and its parent land together). A key is held out when the first
//! byte of its blake3 hash is odd. The first set is development data as a
//! whole (its rules were written against all of it). Tooling never prints a
//! held-out case: only its counts.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use serde_json::{json, Value};

use crate::batch::Batch;
use crate::model::EventKind;
use crate::nodes::PreparedNode;
use crate::options::{Options, OutputMode};
use crate::source::SourceKind;

/// The stand-in for "what the assistant proposed just before" a turn of the
/// first set (it labels bare confirmations as decisions on that assumption).
pub const GENERIC_PROPOSAL: &str = "I see two ways to do this:\n\n1. Keep the current approach and patch the failing case.\n2. Replace it with a dedicated module.\n\nI'd recommend option 2. Want me to go ahead?";

/// What a turn is labelled as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// No decision.
    None,
    /// A decision that is not a ban.
    Decision,
    /// A lasting prohibition.
    Ban,
}

/// True when cases with this split key belong to the held-out half.
pub fn held_out(key: &str) -> bool {
    blake3::hash(key.as_bytes()).as_bytes()[0] & 1 == 1
}

/// The split key of a corpus file (`tool/project__name.jsonl` → `tool/project`).
pub fn corpus_key(file: &str) -> String {
    match file.find("__") {
        Some(i) => file[..i].to_owned(),
        None => file.to_owned(),
    }
}

/// The hash that ties a corpus label to its turn's text: the first 16 hex
/// digits of the text's blake3.
pub fn text_sha(text: &str) -> String {
    blake3::hash(text.as_bytes()).to_hex()[..16].to_owned()
}

/// One scored turn.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Which set it comes from: `dialogues`, `corpus` or `turns`.
    pub set: &'static str,
    /// The split key.
    pub key: String,
    /// The case's id within its set (`group#n`, `file@seq`, `t001`).
    pub id: String,
    /// The language the person wrote in (`en`, `zh-Hans`, …).
    pub lang: String,
    /// The label.
    pub expected: Label,
    /// What the pipeline made of the turn.
    pub got: Label,
    /// For a found decision: its epitome overlaps the labelled one (or no
    /// epitome was labelled).
    pub epitome_ok: bool,
    /// The node's epitome, when a decision was found.
    pub epitome: Option<String>,
    /// The person's text (tooling prints it for development cases only).
    pub text: String,
}

impl Outcome {
    /// True when the case is in the held-out half.
    pub fn is_held_out(&self) -> bool {
        self.set != "turns" && held_out(&self.key)
    }
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
    /// True positives whose ban / not-ban agrees with the label.
    pub ban_agreement: usize,
    /// True positives whose epitome overlaps the labelled one.
    pub epitome_overlap: usize,
    /// Positives (labelled) written in a language other than English.
    pub positives_not_english: usize,
}

impl Scores {
    /// Sums the outcomes.
    pub fn of<'a>(outcomes: impl IntoIterator<Item = &'a Outcome>) -> Scores {
        let mut s = Scores::default();
        for o in outcomes {
            s.turns += 1;
            let want = o.expected != Label::None;
            let got = o.got != Label::None;
            if want && o.lang != "en" {
                s.positives_not_english += 1;
            }
            match (want, got) {
                (true, true) => {
                    s.true_positives += 1;
                    s.ban_agreement +=
                        usize::from((o.expected == Label::Ban) == (o.got == Label::Ban));
                    s.epitome_overlap += usize::from(o.epitome_ok);
                }
                (false, true) => s.false_positives += 1,
                (true, false) => s.false_negatives += 1,
                (false, false) => s.true_negatives += 1,
            }
        }
        s
    }

    /// Precision in thousandths.
    pub fn precision_milli(&self) -> u32 {
        ratio(
            self.true_positives,
            self.true_positives + self.false_positives,
        )
    }

    /// Recall in thousandths.
    pub fn recall_milli(&self) -> u32 {
        ratio(
            self.true_positives,
            self.true_positives + self.false_negatives,
        )
    }

    /// A short human-readable report.
    pub fn report(&self) -> String {
        let f = milli;
        let positives = self.true_positives + self.false_negatives;
        format!(
            "turns {}  positives {} ({} not in English)  tp {} fp {} fn {} tn {}\nprecision {}  recall {}\nban agrees on {}/{} true positives; epitome overlaps the label on {}/{}",
            self.turns,
            positives,
            self.positives_not_english,
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

/// A figure in thousandths as a decimal: 916 → "0.916".
pub fn milli(m: u32) -> String {
    format!("{}.{:03}", m / 1000, m % 1000)
}

fn ratio(num: usize, den: usize) -> u32 {
    if den == 0 {
        return 0;
    }
    ((num as u64 * 1000 + den as u64 / 2) / den as u64) as u32
}

/// One person turn to score, with the session it belongs to.
#[derive(Debug, Clone)]
struct Case {
    id: String,
    lang: String,
    proposal: Option<String>,
    text: String,
    label: Label,
    epitome: Option<String>,
}

#[derive(Deserialize)]
struct DialogueLine {
    group: String,
    lang: String,
    #[serde(default)]
    proposal: Option<String>,
    text: String,
    label: Label,
    #[serde(default)]
    epitome: Option<String>,
}

#[derive(Deserialize)]
struct TurnLine {
    id: String,
    text: String,
    is_decision: bool,
    #[serde(default)]
    is_ban: bool,
    #[serde(default)]
    epitome: Option<String>,
}

#[derive(Deserialize)]
struct CorpusLine {
    file: String,
    #[serde(default)]
    session: Option<String>,
    seq: u64,
    sha: String,
    label: Label,
    lang: String,
    #[serde(default)]
    epitome: Option<(usize, usize)>,
}

fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
}

/// What `parse` made of a session's person turns: per `user_turn` (in
/// order) its seq and text, and the decision nodes by the seq of the turn
/// they come from.
///
/// A database holds several sessions, each with its own `seq` from 0, so
/// both are keyed by the session id too.
struct Parsed {
    turns: Vec<(TurnKey, String)>,
    decisions: BTreeMap<TurnKey, (bool, String)>,
}

/// A person turn: its session's id and its `seq`.
type TurnKey = (Option<String>, u64);

/// The options the sets are scored with: events and nodes, redaction off
/// (a label's text hash is of the text as written).
pub fn options() -> Options {
    Options::default()
        .with_output(OutputMode::Both)
        .with_redact(false)
}

fn run_parse(bytes: &[u8], source: Option<SourceKind>) -> Result<Parsed, String> {
    let mut opts = options();
    opts.source = source;
    let batch = crate::parse(bytes, &opts).map_err(|e| e.to_string())?;
    Ok(scan(&batch))
}

fn scan(batch: &Batch) -> Parsed {
    let mut p = Parsed {
        turns: Vec::new(),
        decisions: BTreeMap::new(),
    };
    for ev in &batch.events {
        if let EventKind::UserTurn { text, .. } = &ev.kind {
            if ev.agent_id.is_none() {
                p.turns
                    .push(((ev.session_id.clone(), ev.seq), text.clone()));
            }
        }
    }
    for n in &batch.nodes {
        if let PreparedNode::Decision(d) = n {
            p.decisions.insert(
                (d.session_id.clone(), d.source_span.end.saturating_sub(1)),
                (d.is_ban, d.epitome.clone()),
            );
        }
    }
    p
}

fn got_label(d: Option<&(bool, String)>) -> Label {
    match d {
        Some((true, _)) => Label::Ban,
        Some((false, _)) => Label::Decision,
        None => Label::None,
    }
}

fn overlaps(label: Option<&str>, got: &str) -> bool {
    let got = got.trim();
    match label.map(str::trim) {
        None => true,
        Some(l) => !got.is_empty() && (l.contains(got) || got.contains(l)),
    }
}

/// Writes a session of `cases` as Claude Code JSONL (assistant proposal,
/// then the person's turn, for each case).
fn session_jsonl(group: &str, cases: &[Case]) -> Vec<u8> {
    let sid = format!("eval-{}", text_sha(group));
    let mut out = Vec::new();
    let mut n = 0u32;
    let mut line = |role: &str, content: Value, out: &mut Vec<u8>| {
        n += 1;
        let rec = json!({
            "type": role,
            "sessionId": sid,
            "uuid": format!("{sid}-{n}"),
            "cwd": "/work/eval",
            "version": "2.0.0",
            "timestamp": format!("2026-01-01T00:{:02}:{:02}Z", (n / 60) % 60, n % 60),
            "message": {"role": role, "content": content},
        });
        out.extend_from_slice(rec.to_string().as_bytes());
        out.push(b'\n');
    };
    for c in cases {
        if let Some(p) = &c.proposal {
            line("assistant", json!([{"type": "text", "text": p}]), &mut out);
        }
        line("user", Value::String(c.text.clone()), &mut out);
    }
    out
}

fn run_sessions(
    set: &'static str,
    groups: Vec<(String, Vec<Case>)>,
) -> Result<Vec<Outcome>, String> {
    let mut out = Vec::new();
    for (group, cases) in groups {
        let p = run_parse(&session_jsonl(&group, &cases), Some(SourceKind::ClaudeCode))?;
        if p.turns.len() != cases.len() {
            return Err(format!(
                "{set} {group}: {} person turns parsed for {} cases",
                p.turns.len(),
                cases.len()
            ));
        }
        for (c, (key, _)) in cases.into_iter().zip(p.turns) {
            let d = p.decisions.get(&key);
            out.push(Outcome {
                set,
                key: if set == "turns" {
                    "turns".to_owned()
                } else {
                    group.clone()
                },
                id: c.id,
                lang: c.lang,
                expected: c.label,
                got: got_label(d),
                epitome_ok: d.is_some_and(|(_, e)| overlaps(c.epitome.as_deref(), e)),
                epitome: d.map(|(_, e)| e.clone()),
                text: c.text,
            });
        }
    }
    Ok(out)
}

/// Scores the dialogues of one JSONL file.
pub fn run_dialogues(jsonl: &str) -> Result<Vec<Outcome>, String> {
    let mut groups: Vec<(String, Vec<Case>)> = Vec::new();
    for (n, line) in lines(jsonl) {
        let d: DialogueLine = serde_json::from_str(line).map_err(|e| format!("line {n}: {e}"))?;
        if d.epitome.as_deref().is_some_and(|e| !d.text.contains(e)) {
            return Err(format!("line {n}: the epitome is not a part of the text"));
        }
        if (d.label == Label::None) != d.epitome.is_none() {
            return Err(format!(
                "line {n}: a positive needs an epitome, a negative has none"
            ));
        }
        let id = format!(
            "{}#{}",
            d.group,
            groups
                .last()
                .filter(|g| g.0 == d.group)
                .map_or(0, |g| g.1.len())
                + 1
        );
        let case = Case {
            id,
            lang: d.lang,
            proposal: d.proposal,
            text: d.text,
            label: d.label,
            epitome: d.epitome,
        };
        match groups.last_mut() {
            Some(g) if g.0 == d.group => g.1.push(case),
            _ => groups.push((d.group, vec![case])),
        }
    }
    run_sessions("dialogues", groups)
}

/// Scores the first set (`turns.jsonl`): each turn its own session, after
/// [`GENERIC_PROPOSAL`].
pub fn run_turns(jsonl: &str) -> Result<Vec<Outcome>, String> {
    let mut groups = Vec::new();
    for (n, line) in lines(jsonl) {
        let t: TurnLine = serde_json::from_str(line).map_err(|e| format!("line {n}: {e}"))?;
        let label = match (t.is_decision, t.is_ban) {
            (false, _) => Label::None,
            (true, false) => Label::Decision,
            (true, true) => Label::Ban,
        };
        let case = Case {
            id: t.id.clone(),
            lang: "en".to_owned(),
            proposal: Some(GENERIC_PROPOSAL.to_owned()),
            text: t.text,
            label,
            epitome: t.epitome,
        };
        groups.push((t.id, vec![case]));
    }
    run_sessions("turns", groups)
}

/// Scores the corpus labels against the transcripts under `corpus`, each
/// read whole by `read` (the CLI's `eval` reads files, session directories
/// and databases with `memscribe_io::parse_path`). A label names its
/// turn by `seq`, and by `session` when the input holds several sessions
/// whose `seq`s overlap (a database's). A label whose turn is missing or
/// whose text hash differs is an error: the labels no longer describe what
/// the adapter reads.
pub fn run_corpus(
    labels: &str,
    corpus: &Path,
    read: &mut dyn FnMut(&Path) -> Result<Batch, String>,
) -> Result<Vec<Outcome>, String> {
    let mut by_file: BTreeMap<String, Vec<CorpusLine>> = BTreeMap::new();
    for (n, line) in lines(labels) {
        let l: CorpusLine = serde_json::from_str(line).map_err(|e| format!("line {n}: {e}"))?;
        by_file.entry(l.file.clone()).or_default().push(l);
    }
    let mut out = Vec::new();
    for (file, labels) in by_file {
        let batch = read(&corpus.join(&file)).map_err(|e| format!("{file}: {e}"))?;
        let p = scan(&batch);
        for l in labels {
            let at = |(s, q): &TurnKey| {
                *q == l.seq && (l.session.is_none() || s.as_deref() == l.session.as_deref())
            };
            let mut found = p.turns.iter().filter(|(k, _)| at(k));
            let (key, text) = found.next().ok_or_else(|| {
                format!(
                    "{file}: no person turn at seq {}{}",
                    l.seq,
                    l.session
                        .as_deref()
                        .map_or(String::new(), |s| format!(" of session {s}"))
                )
            })?;
            if found.next().is_some() {
                return Err(format!(
                    "{file}: several sessions have a person turn at seq {}; the label needs a `session`",
                    l.seq
                ));
            }
            if text_sha(text) != l.sha {
                return Err(format!(
                    "{file}: the turn at seq {} is not the one labelled (text hash differs)",
                    l.seq
                ));
            }
            let epitome = match l.epitome {
                Some((s, e)) => Some(text.get(s..e).ok_or_else(|| {
                    format!(
                        "{file}@{}: epitome range {s}..{e} is not in the turn",
                        l.seq
                    )
                })?),
                None => None,
            };
            let d = p.decisions.get(key);
            out.push(Outcome {
                set: "corpus",
                key: corpus_key(&file),
                id: match &l.session {
                    Some(s) => format!("{file}#{s}@{}", l.seq),
                    None => format!("{file}@{}", l.seq),
                },
                lang: l.lang,
                expected: l.label,
                got: got_label(d),
                epitome_ok: d.is_some_and(|(_, e)| overlaps(epitome, e)),
                epitome: d.map(|(_, e)| e.clone()),
                text: text.clone(),
            });
        }
    }
    Ok(out)
}

/// Everything under `eval_dir` (`tests/eval`): the first set, every
/// dialogue file, and the corpus labels when `corpus` is given (its inputs
/// read by `read`, see [`run_corpus`]).
pub fn run_all(
    eval_dir: &Path,
    corpus: Option<&Path>,
    read: &mut dyn FnMut(&Path) -> Result<Batch, String>,
) -> Result<Vec<Outcome>, String> {
    let read_text =
        |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    // (a directory of dialogues alone — `tests/eval/fresh/…` — has no
    // first set and no corpus labels)
    let turns = eval_dir.join("turns.jsonl");
    let mut out = if turns.exists() {
        run_turns(&read_text(&turns)?)?
    } else {
        Vec::new()
    };
    let mut files: Vec<_> = std::fs::read_dir(eval_dir.join("dialogues"))
        .map_err(|e| format!("{}/dialogues: {e}", eval_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    for f in files {
        out.extend(run_dialogues(&read_text(&f)?).map_err(|e| format!("{}: {e}", f.display()))?);
    }
    let labels_file = eval_dir.join("corpus.jsonl");
    if let Some(corpus) = corpus.filter(|_| labels_file.exists()) {
        let labels = read_text(&labels_file)?;
        out.extend(run_corpus(&labels, corpus, read)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two sessions of one input whose `seq`s overlap, as a database's do:
    /// a label finds its turn by `session` and `seq`, and a label without a
    /// session that matches both is refused rather than scored on either.
    #[test]
    fn corpus_labels_name_the_session_when_seqs_overlap() {
        let case = |text: &str| Case {
            id: String::new(),
            lang: "en".into(),
            proposal: None,
            text: text.into(),
            label: Label::None,
            epitome: None,
        };
        let mut both = Batch::default();
        for (group, text) in [("a", "we use postgres, not mysql"), ("b", "hello there")] {
            let bytes = session_jsonl(group, &[case(text)]);
            let mut opts = options();
            opts.source = Some(SourceKind::ClaudeCode);
            both.extend(crate::parse(&bytes, &opts).unwrap());
        }
        let dir = std::env::temp_dir();
        let mut read = |_: &Path| Ok(both.clone());
        let sid = |g: &str| format!("eval-{}", text_sha(g));
        let label = |session: Option<String>, text: &str, label: &str| {
            let mut v = json!({"file": "db", "seq": 1, "sha": text_sha(text), "label": label, "lang": "en", "epitome": null});
            if let Some(s) = session {
                v["session"] = json!(s);
            }
            v.to_string()
        };
        let found = run_corpus(
            &format!(
                "{}\n{}",
                label(Some(sid("a")), "we use postgres, not mysql", "decision"),
                label(Some(sid("b")), "hello there", "none")
            ),
            &dir,
            &mut read,
        )
        .unwrap();
        let got: Vec<(Label, Label)> = found.iter().map(|o| (o.expected, o.got)).collect();
        assert_eq!(
            got,
            [
                (Label::Decision, Label::Decision),
                (Label::None, Label::None)
            ]
        );
        assert!(found[0].id.contains(&sid("a")));
        let err = run_corpus(&label(None, "hello there", "none"), &dir, &mut read).unwrap_err();
        assert!(err.contains("needs a `session`"), "{err}");
        let err = run_corpus(
            &label(Some(sid("a")), "hello there", "none"),
            &dir,
            &mut read,
        )
        .unwrap_err();
        assert!(err.contains("text hash differs"), "{err}");
    }
}
