//! What parsing returns: a [`Batch`] of events, nodes and diagnostics per
//! `feed` / `finish` call, its [`Item`]s in output order, the NDJSON writers,
//! and the [`Summary`] of a whole parse.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::diag::{Diagnostic, DiagnosticKind};
use crate::model::CaptureEvent;
use crate::nodes::PreparedNode;
use crate::options::OutputMode;
use crate::source::SourceKind;

/// One output item: an event or a node.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Item<'a> {
    /// An event.
    Event(&'a CaptureEvent),
    /// A node.
    Node(&'a PreparedNode),
}

impl serde::Serialize for Item<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Item::Event(e) => e.serialize(s),
            Item::Node(n) => n.serialize(s),
        }
    }
}

/// What one `feed` or `finish` call produced.
///
/// `events` is empty when the output is `nodes`, and `nodes` when it is
/// `events`. In `both` mode each node is placed right after the event whose
/// processing made it final ([`Batch::write_ndjson`] interleaves them so).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Batch {
    /// Events, in `seq` order.
    pub events: Vec<CaptureEvent>,
    /// Nodes, in the order they became final.
    pub nodes: Vec<PreparedNode>,
    /// Notes about records: why some produced no event, what was redacted.
    pub diagnostics: Vec<Diagnostic>,
    /// The whole session's counts, on the batch [`Session::finish`] returns
    /// (and so on [`parse`](crate::parse)'s); `None` on `feed`'s batches.
    pub summary: Option<Summary>,
    /// For each node, how many events of the stream came before it.
    pub(crate) node_pos: Vec<u64>,
}

/// What a whole parse read and made: the line a CLI prints at the end, and
/// what bindings return beside the items.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The tool the input was read as (given or detected); null when no
    /// record identified one.
    pub source: Option<SourceKind>,
    /// Non-blank input lines (records), including those skipped with a
    /// diagnostic.
    pub records: u64,
    /// Events made (also counted when only nodes are returned).
    pub events: u64,
    /// Nodes made (0 when only events are returned).
    pub nodes: u64,
    /// Diagnostics by kind, notes included.
    pub diagnostics: BTreeMap<DiagnosticKind, u64>,
    /// Schema drift: per tool version seen (as `session_start` names it;
    /// `""` before one is known or when the tool writes none), how many
    /// records were read and how many of them went to `unknown` events.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub versions: BTreeMap<String, VersionCount>,
}

/// Records read under one tool version, and how many were not understood.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersionCount {
    /// Records read (handed to the adapter).
    pub records: u64,
    /// Records kept as `unknown` events.
    pub unknown: u64,
}

impl Summary {
    /// Diagnostics that report damage or a mismatch (see
    /// [`DiagnosticKind::is_problem`]).
    pub fn problems(&self) -> u64 {
        self.diagnostics
            .iter()
            .filter(|(k, _)| k.is_problem())
            .map(|(_, n)| n)
            .sum()
    }
}

impl Batch {
    /// Appends another batch (used to concatenate streamed output).
    pub fn extend(&mut self, other: Batch) {
        self.events.extend(other.events);
        self.nodes.extend(other.nodes);
        self.node_pos.extend(other.node_pos);
        self.diagnostics.extend(other.diagnostics);
        if other.summary.is_some() {
            self.summary = other.summary;
        }
    }

    /// True when the batch holds no event, node, diagnostic or summary.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
            && self.nodes.is_empty()
            && self.diagnostics.is_empty()
            && self.summary.is_none()
    }

    /// For node `i`, the number of events of the stream that precede it.
    pub fn node_position(&self, i: usize) -> Option<u64> {
        self.node_pos.get(i).copied()
    }

    /// The batch's output items in the order of the given mode: events, nodes,
    /// or both interleaved (each node right after the event that made it
    /// final). Bindings build their native objects from this.
    pub fn items(&self, mode: OutputMode) -> Vec<Item<'_>> {
        let mut out = Vec::with_capacity(self.events.len() + self.nodes.len());
        let mut next_node = 0;
        if mode != OutputMode::Nodes {
            for ev in &self.events {
                if mode == OutputMode::Both {
                    while next_node < self.nodes.len() && self.node_pos[next_node] <= ev.seq {
                        out.push(Item::Node(&self.nodes[next_node]));
                        next_node += 1;
                    }
                }
                out.push(Item::Event(ev));
            }
        }
        if mode != OutputMode::Events {
            out.extend(self.nodes[next_node..].iter().map(Item::Node));
        }
        out
    }

    /// Writes the batch as NDJSON in the given mode (see [`Batch::items`]).
    /// One canonical JSON object per line, `\n`-terminated.
    pub fn write_ndjson<W: std::io::Write>(
        &self,
        mut w: W,
        mode: OutputMode,
    ) -> std::io::Result<()> {
        for item in self.items(mode) {
            match item {
                Item::Event(e) => serde_json::to_writer(&mut w, e)?,
                Item::Node(n) => serde_json::to_writer(&mut w, n)?,
            }
            w.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Writes the events as NDJSON: one canonical JSON object per line, each
    /// terminated by `\n`.
    pub fn write_events_ndjson<W: std::io::Write>(&self, mut w: W) -> std::io::Result<()> {
        for ev in &self.events {
            serde_json::to_writer(&mut w, ev)?;
            w.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Writes the diagnostics as NDJSON, one object per line.
    pub fn write_diagnostics_ndjson<W: std::io::Write>(&self, mut w: W) -> std::io::Result<()> {
        for d in &self.diagnostics {
            serde_json::to_writer(&mut w, d)?;
            w.write_all(b"\n")?;
        }
        Ok(())
    }
}
