//! Events → PreparedNodes: the gate, the segmenter, the binder and node prep.
//!
//! The pipeline sees events one at a time, in `seq` order, and keeps only the
//! state of the open *arc* — a person's turn and the work that follows it
//! until their next turn — plus the session's decisions:
//!
//! * **Segmenter.** A `user_turn` the person typed (not `injected`, not in a
//!   subagent) closes the open arc and opens a new one. Injected text
//!   (context, command XML, compaction summaries, subagent prompts) never
//!   opens an arc and is never gated. A subagent works for the arc of the
//!   call that started it (a call the source's adapter names as starting a
//!   subagent), found by the prompt it was given, wherever its events come in
//!   the stream (inline, or from a subagent's own file
//!   fed after the main file); its edits keep their `agent_id`.
//!   A compaction keeps the arc open but forgets the assistant's last proposal.
//! * **Gate.** The person's text is evaluated by [`Gate`]: a decision
//!   ([`Gate::decide`]), or assent to the assistant turn just before
//!   ([`Gate::decide_assent`]); a turn with commitment markers becomes a
//!   `conversation` node, ungated turns produce no node.
//! * **Binder.** Each successful `file_edit` becomes an `episode`, bound to the
//!   decision (or gated conversation) of the arc it was made in: `produced`
//!   for a decision, `governs` for a ban, `correlated_with` for a
//!   conversation without a decision. A binding is only made when
//!   `t_use ≤ t_gen` holds (or a timestamp is missing, leaving file order as
//!   the evidence). Work per edit is bounded by the arc's own decisions.
//! * **Decisions** are held until the session ends, because a later decision
//!   on the same subject (sharing a considered option) sets the earlier one's
//!   `superseded_by`; an index by subject keeps that linear.
//!
//! Node ids are `<session_id>#<kind>@<anchor>`, where the anchor is the
//! tool-native event id of the turn or edit, so they are deterministic and
//! never collide across sessions.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use crate::diag::{Diagnostic, DiagnosticKind};
use crate::gate::typed::{person_words, Typed};
use crate::gate::{Category, DecisionDraft, Gate};
use crate::model::{CaptureEvent, EventKind, Injected, SeqRange, SourceLocation};
use crate::nodes::{
    Binding, ConsideredOption, Conversation, Decision, Episode, FactStatus, PreparedNode, Prov,
    Relation,
};

/// Decisions held for supersession beyond this are released early (oldest first).
const MAX_PENDING_DECISIONS: usize = 10_000;

/// What an arc's edits bind to.
#[derive(Clone)]
struct Governor {
    id: String,
    is_decision: bool,
    is_ban: bool,
    anchor: String,
    timestamp: Option<String>,
    time: Option<OffsetDateTime>,
}

/// How many answered assistant turns a pick may reach back over.
const MAX_ANSWERED: usize = 2;

/// The last assistant turn on the main thread, as a proposal the person may confirm.
#[derive(Clone)]
struct Proposal {
    text: String,
    seq: u64,
    provenance: SourceLocation,
}

/// How many subagent-starting calls and subagents are remembered to find a subagent's arc.
const MAX_AGENT_LINKS: usize = 256;

#[derive(Clone)]
pub(crate) struct Pipeline {
    gate: Arc<Gate>,
    /// The source's calls that start a subagent (its adapter names them).
    subagent_tools: &'static [&'static str],
    arc: Vec<Governor>,
    /// Calls of the main thread that start a subagent: (prompt, the arc they were made in).
    task_prompts: VecDeque<(String, Vec<Governor>)>,
    /// Subagents whose prompt matched such a call: (agent id, that call's arc).
    agent_arcs: VecDeque<(String, Vec<Governor>)>,
    proposal: Option<Proposal>,
    /// The assistant turns the last few person turns answered, oldest
    /// first: a pick may name options laid out a turn or two before.
    answered: Vec<Proposal>,
    decisions: Vec<Decision>,
    /// Normalized option text → index into `decisions` of the latest decision naming it.
    subjects: HashMap<String, usize>,
    /// Decisions already released (index offset of `decisions[0]`).
    released: usize,
    /// Hashes of the long paragraphs person turns held so far (a block met
    /// twice was not typed).
    seen: std::collections::HashSet<u64>,
}

/// How many long paragraphs are remembered for repetition.
const MAX_SEEN_BLOCKS: usize = 8192;

impl Pipeline {
    /// Names the source's calls that start a subagent (see
    /// [`Adapter::subagent_tools`](crate::adapters::kit::Adapter::subagent_tools)).
    pub fn set_subagent_tools(&mut self, tools: &'static [&'static str]) {
        self.subagent_tools = tools;
    }

    pub fn new(gate: Arc<Gate>) -> Pipeline {
        Pipeline {
            gate,
            subagent_tools: &[],
            arc: Vec::new(),
            task_prompts: VecDeque::new(),
            agent_arcs: VecDeque::new(),
            proposal: None,
            answered: Vec::new(),
            decisions: Vec::new(),
            subjects: HashMap::new(),
            released: 0,
            seen: Default::default(),
        }
    }

    /// Processes one event; nodes that became final are pushed to `out`.
    pub fn event(
        &mut self,
        ev: &CaptureEvent,
        out: &mut Vec<PreparedNode>,
        diags: &mut Vec<Diagnostic>,
    ) {
        match &ev.kind {
            EventKind::UserTurn {
                text,
                injected: None | Some(Injected::Command),
                ..
            } if ev.agent_id.is_none() => self.person_turn(ev, text, out),
            EventKind::AssistantTurn { text, .. }
                if ev.agent_id.is_none() && !text.trim().is_empty() =>
            {
                self.proposal = Some(Proposal {
                    text: text.clone(),
                    seq: ev.seq,
                    provenance: ev.provenance.clone(),
                });
            }
            EventKind::FileEdit { call_id, diff } => {
                self.edit(ev, call_id, diff.clone(), out, diags)
            }
            EventKind::ToolCall { name, args, .. }
                if ev.agent_id.is_none() && self.subagent_tools.contains(&name.as_str()) =>
            {
                // A subagent started here works for this arc, wherever its
                // events land in the stream (2.x subagent files come after).
                if let Some(prompt) = args.get("prompt").and_then(serde_json::Value::as_str) {
                    push_bounded(
                        &mut self.task_prompts,
                        (prompt.to_owned(), self.arc.clone()),
                    );
                }
            }
            EventKind::UserTurn {
                text,
                injected: Some(Injected::SubagentPrompt),
                ..
            } => {
                if let Some(agent) = &ev.agent_id {
                    let known = self.agent_arcs.iter().any(|(a, _)| a == agent);
                    if let Some(i) = self
                        .task_prompts
                        .iter()
                        .position(|(p, _)| p == text)
                        .filter(|_| !known)
                    {
                        let (_, arc) = self.task_prompts.remove(i).expect("index from position");
                        push_bounded(&mut self.agent_arcs, (agent.clone(), arc));
                    }
                }
            }
            EventKind::Compaction { .. } => {
                self.proposal = None;
                self.answered.clear();
            }
            EventKind::SessionStart { .. } => {
                // A new session in the same stream: nothing carries over.
                self.arc.clear();
                self.proposal = None;
                self.answered.clear();
                self.task_prompts.clear();
                self.agent_arcs.clear();
                self.release_all(out);
            }
            _ => {}
        }
    }

    /// [`Pipeline::event`] for an event nobody else keeps: a file edit's diff
    /// moves into its episode instead of being copied.
    pub fn event_owned(
        &mut self,
        mut ev: CaptureEvent,
        out: &mut Vec<PreparedNode>,
        diags: &mut Vec<Diagnostic>,
    ) {
        if let EventKind::FileEdit { call_id, diff } = &mut ev.kind {
            let (call_id, diff) = (std::mem::take(call_id), std::mem::take(diff));
            return self.edit(&ev, &call_id, diff, out, diags);
        }
        self.event(&ev, out, diags);
    }

    /// Ends the stream: releases the held decisions.
    pub fn finish(&mut self, out: &mut Vec<PreparedNode>) {
        self.release_all(out);
    }

    fn release_all(&mut self, out: &mut Vec<PreparedNode>) {
        self.released += self.decisions.len();
        out.extend(self.decisions.drain(..).map(PreparedNode::Decision));
        self.subjects.clear();
    }

    fn person_turn(&mut self, ev: &CaptureEvent, text: &str, out: &mut Vec<PreparedNode>) {
        let text = gate_window(text);
        // Only what the person typed is gated; a message with none of it
        // (a tool's or a template's text, a command without arguments) is
        // not a person's turn.
        let mut typed = person_words(text);
        let seen = &mut self.seen;
        typed.drop_repeated(text, |h| {
            if seen.len() >= MAX_SEEN_BLOCKS {
                seen.clear();
            }
            !seen.insert(h)
        });
        if let Some(p) = &self.proposal {
            typed.drop_echoed(text, gate_window(&p.text));
        }
        if typed.is_empty(text) {
            return;
        }
        self.arc.clear();
        let proposal = self.proposal.take();
        let (joined, map) = if typed.is_whole(text) {
            (None, Vec::new())
        } else {
            let (j, m) = typed.join(text);
            (Some(j), m)
        };
        let gated = joined.as_deref().unwrap_or(text);
        // Words taken out of a command or template (its arguments, its
        // quoted input) start something new; they answer no question.
        let answers = if typed.invoked {
            None
        } else {
            proposal.as_ref().map(|p| gate_window(&p.text))
        };
        let mut eval = self.gate.evaluate(gated, answers);
        // Options laid out a turn or two before this one's proposal (read
        // only when the turn decides nothing by itself).
        let mut confirmed_earlier = None;
        if eval.decision.is_none() && !typed.invoked {
            let earlier = self.answered.iter().rev().map(|p| gate_window(&p.text));
            if let Some((at, e)) = self.gate.evaluate_earlier_options(gated, earlier) {
                eval = e;
                confirmed_earlier = self.answered.iter().rev().nth(at).cloned();
            }
        }
        if let Some(p) = &proposal {
            if self.answered.len() == MAX_ANSWERED {
                self.answered.remove(0);
            }
            self.answered.push(p.clone());
        }
        if !map.is_empty() {
            for m in &mut eval.markers {
                m.offset = Typed::original_offset(&map, m.offset);
            }
        }
        // Without a decision, only a strong commitment cue (strength 3, not a
        // mere "ok") makes the turn a conversation node: weak markers such as
        // "always" or "every" fire on ordinary requests.
        let committed = eval.markers.iter().any(|m| {
            crate::gate::is_scored(m.category)
                && m.category != Category::Confirmation
                && self.strength(&m.rule_id) >= 3
        });
        let markers = eval.markers;
        let draft = eval.decision;
        let confirmed = if eval.assent {
            confirmed_earlier.or(proposal)
        } else {
            None
        };
        if draft.is_none() && !committed {
            return; // ungated: no node
        }
        let sid = ev.session_id.clone();
        let start = confirmed.as_ref().map_or(ev.seq, |p| p.seq);
        let span = SeqRange {
            start,
            end: ev.seq + 1,
        };
        let conv_id = node_id(&sid, "conversation", &ev.event_id);
        let mut provenance = Vec::new();
        if let Some(p) = &confirmed {
            provenance.push(p.provenance.clone());
        }
        provenance.push(ev.provenance.clone());
        let text = ev_text(ev);
        out.push(PreparedNode::Conversation(Conversation {
            id: conv_id.clone(),
            session_id: sid.clone(),
            turn_range: span,
            text: text.to_owned(),
            markers,
            fact_status: FactStatus::Observed,
            provenance,
            timestamp: ev.timestamp.clone(),
        }));
        let time = ev.timestamp.as_deref().and_then(parse_time);
        match draft {
            Some(d) => {
                let id = node_id(&sid, "decision", &ev.event_id);
                self.arc.push(Governor {
                    id: id.clone(),
                    is_decision: true,
                    is_ban: d.is_ban,
                    anchor: ev.event_id.clone(),
                    timestamp: ev.timestamp.clone(),
                    time,
                });
                self.add_decision(
                    decision_node(
                        id,
                        sid,
                        d,
                        span,
                        ev.timestamp.clone(),
                        conv_id,
                        confirmed.is_some(),
                    ),
                    out,
                );
            }
            None => self.arc.push(Governor {
                id: conv_id,
                is_decision: false,
                is_ban: false,
                anchor: ev.event_id.clone(),
                timestamp: ev.timestamp.clone(),
                time,
            }),
        }
    }

    fn strength(&self, rule_id: &str) -> u8 {
        self.gate.rule_strength(rule_id)
    }

    fn add_decision(&mut self, d: Decision, out: &mut Vec<PreparedNode>) {
        if self.decisions.len() >= MAX_PENDING_DECISIONS {
            // Bound memory on pathological input: release the oldest.
            let oldest = self.decisions.remove(0);
            self.released += 1;
            self.subjects.retain(|_, i| *i >= self.released);
            out.push(PreparedNode::Decision(oldest));
        }
        let index = self.released + self.decisions.len();
        for opt in &d.considered_options {
            let key = subject_key(&opt.text);
            if key.len() < 2 {
                continue;
            }
            if let Some(&prev) = self.subjects.get(&key) {
                if let Some(p) = prev
                    .checked_sub(self.released)
                    .and_then(|i| self.decisions.get_mut(i))
                {
                    p.superseded_by = Some(d.id.clone());
                }
            }
            self.subjects.insert(key, index);
        }
        self.decisions.push(d);
    }

    fn edit(
        &mut self,
        ev: &CaptureEvent,
        call_id: &str,
        diff: crate::model::Diff,
        out: &mut Vec<PreparedNode>,
        diags: &mut Vec<Diagnostic>,
    ) {
        let sid = ev.session_id.clone();
        let id = node_id(&sid, "episode", &ev.event_id);
        let episode_id = {
            let mut h = blake3::Hasher::new();
            h.update(sid.as_deref().unwrap_or("").as_bytes());
            h.update(b"\0");
            h.update(ev.event_id.as_bytes());
            h.finalize().to_hex()[..32].to_owned()
        };
        out.push(PreparedNode::Episode(Episode {
            id: id.clone(),
            session_id: sid.clone(),
            path: diff.path.clone(),
            diff,
            git: ev.project.git.clone(),
            episode_id,
            event_id: ev.event_id.clone(),
            call_id: call_id.to_owned(),
            timestamp: ev.timestamp.clone(),
            agent_id: ev.agent_id.clone(),
        }));
        let t_gen = ev.timestamp.as_deref().and_then(parse_time);
        // A subagent's edits bind through the arc of the call that started it.
        let arc = match &ev.agent_id {
            Some(agent) => self
                .agent_arcs
                .iter()
                .find(|(a, _)| a == agent)
                .map_or(&self.arc, |(_, arc)| arc),
            None => &self.arc,
        };
        for g in arc {
            if let (Some(u), Some(gen)) = (g.time, t_gen) {
                if u > gen {
                    diags.push(Diagnostic {
                        diagnostic: DiagnosticKind::Inconsistent,
                        line_no: ev.provenance.line_no,
                        byte_offset: ev.provenance.byte_offset,
                        message: format!(
                            "edit timestamped before the turn {} it follows; not bound",
                            g.anchor
                        ),
                    });
                    continue;
                }
            }
            let relation = match (g.is_decision, g.is_ban) {
                (true, true) => Relation::Governs,
                (true, false) => Relation::Produced,
                (false, _) => Relation::CorrelatedWith,
            };
            out.push(PreparedNode::Binding(Binding {
                id: node_id(&sid, "binding", &format!("{}->{}", g.anchor, ev.event_id)),
                session_id: sid.clone(),
                from: g.id.clone(),
                to: id.clone(),
                relation,
                prov: Prov {
                    used_session: sid.clone(),
                    used_decision: g.is_decision.then(|| g.id.clone()),
                    was_generated_by_session: sid.clone(),
                    t_use: g.timestamp.clone(),
                    t_gen: ev.timestamp.clone(),
                },
                fact_status: FactStatus::DeterministicallyDerived,
                correlation: if ev.agent_id.is_some() {
                    "subagent_arc"
                } else {
                    "arc"
                }
                .to_owned(),
            }));
        }
    }
}

fn decision_node(
    id: String,
    session_id: Option<String>,
    d: DecisionDraft,
    span: SeqRange,
    timestamp: Option<String>,
    conversation_id: String,
    confirmed_proposal: bool,
) -> Decision {
    Decision {
        id,
        session_id,
        epitome: d.epitome,
        considered_options: distinct_options(d.options),
        is_ban: d.is_ban,
        superseded_by: None,
        confirmation: d.check,
        source_span: span,
        fact_status: FactStatus::DeterministicallyDerived,
        timestamp,
        conversation_id: Some(conversation_id),
        confirmed_proposal,
    }
}

/// The options as a node lists them: each text once (letter case and
/// surrounding space aside), and an option both chosen and rejected (a
/// choice that names itself among the alternatives) only as chosen.
fn distinct_options(options: Vec<(String, bool)>) -> Vec<ConsideredOption> {
    let key = |t: &str| t.trim().to_lowercase();
    let chosen: std::collections::HashSet<String> = options
        .iter()
        .filter(|(_, c)| *c)
        .map(|(t, _)| key(t))
        .collect();
    let mut seen = std::collections::HashSet::new();
    options
        .into_iter()
        .filter(|(t, c)| (*c || !chosen.contains(&key(t))) && seen.insert((key(t), *c)))
        .map(|(text, chosen)| ConsideredOption { text, chosen })
        .collect()
}

fn push_bounded<T>(q: &mut VecDeque<T>, item: T) {
    if q.len() >= MAX_AGENT_LINKS {
        q.pop_front();
    }
    q.push_back(item);
}

/// How much of a person's turn the gate reads: the first 64 KiB (on a char
/// boundary). Decisions are stated in prose, not in megabytes of pasted
/// output, and this keeps the gate's cost per turn bounded.
const GATE_WINDOW: usize = 64 * 1024;

fn gate_window(text: &str) -> &str {
    if text.len() <= GATE_WINDOW {
        return text;
    }
    let mut end = GATE_WINDOW;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The full text of a person's turn (the gate may have read only a window).
fn ev_text(ev: &CaptureEvent) -> &str {
    match &ev.kind {
        EventKind::UserTurn { text, .. } => text,
        _ => "",
    }
}

/// `<session>#<kind>@<anchor>`; `-` stands for an unknown session.
pub(crate) fn node_id(session_id: &Option<String>, kind: &str, anchor: &str) -> String {
    format!("{}#{kind}@{anchor}", session_id.as_deref().unwrap_or("-"))
}

fn parse_time(s: &str) -> Option<OffsetDateTime> {
    OffsetDateTime::parse(s, &Rfc3339).ok()
}

/// The comparable form of an option: lower case, without articles, quotes,
/// backticks and surrounding punctuation.
fn subject_key(text: &str) -> String {
    let lowered = text.to_lowercase();
    let words: Vec<&str> = lowered
        .split(|c: char| {
            c.is_whitespace()
                || matches!(
                    c,
                    '`' | '"' | '\'' | '*' | ',' | '.' | '!' | '?' | ';' | ':' | '(' | ')'
                )
        })
        .filter(|w| !w.is_empty() && !matches!(*w, "a" | "an" | "the" | "to" | "use" | "using"))
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {

    #[test]
    fn an_option_is_listed_once_and_never_both_chosen_and_rejected() {
        let o = |t: &str, c: bool| (t.to_owned(), c);
        let got = super::distinct_options(vec![
            o("gui", true),
            o("GUI ", false),
            o("cli", false),
            o("cli", false),
            o("tui", false),
        ]);
        let got: Vec<(String, bool)> = got.into_iter().map(|x| (x.text, x.chosen)).collect();
        assert_eq!(got, vec![o("gui", true), o("cli", false), o("tui", false)]);
    }
    use super::*;

    #[test]
    fn subject_keys_normalize() {
        assert_eq!(subject_key("the `Redis` cache"), "redis cache");
        assert_eq!(subject_key("Redis cache."), "redis cache");
        assert_eq!(subject_key("an in-process LRU"), "in-process lru");
    }

    #[test]
    fn ids_are_scoped_by_session() {
        assert_ne!(
            node_id(&Some("a".into()), "decision", "u1"),
            node_id(&Some("b".into()), "decision", "u1")
        );
        assert_eq!(node_id(&None, "episode", "x"), "-#episode@x");
    }
}
