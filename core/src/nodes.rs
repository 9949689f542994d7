//! The PreparedNode contract: what the pipeline hands a memory or governance
//! layer. Serialized with a `"node"` tag; every node carries `id` and
//! `session_id` first. Field names are a public contract (see DESIGN.md).

use serde::{Deserialize, Serialize};

use crate::model::{Diff, GitRef, SeqRange, SourceLocation};

/// How a node's content was obtained. Memscribe emits only the first two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FactStatus {
    /// Copied from the transcript.
    Observed,
    /// Computed from observed facts by deterministic rules.
    DeterministicallyDerived,
    /// Reserved for downstream layers.
    StatisticallyRanked,
    /// Reserved for downstream layers.
    LlmHypothesis,
}

/// How a binding's source relates to its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// The decision's arc produced the edit.
    Produced,
    /// A prohibition was in force over the edit (bans).
    Governs,
    /// Reserved: the target was derived from the source.
    DerivedFrom,
    /// A gated conversation without a decision, and the edits of its arc.
    CorrelatedWith,
}

/// One output node. Serialized with a `"node"` tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum PreparedNode {
    Conversation(Conversation),
    Decision(Decision),
    Episode(Episode),
    Binding(Binding),
}

impl PreparedNode {
    /// The `"node"` tag.
    pub fn name(&self) -> &'static str {
        match self {
            PreparedNode::Conversation(_) => "conversation",
            PreparedNode::Decision(_) => "decision",
            PreparedNode::Episode(_) => "episode",
            PreparedNode::Binding(_) => "binding",
        }
    }

    /// The node's id.
    pub fn id(&self) -> &str {
        match self {
            PreparedNode::Conversation(n) => &n.id,
            PreparedNode::Decision(n) => &n.id,
            PreparedNode::Episode(n) => &n.id,
            PreparedNode::Binding(n) => &n.id,
        }
    }
}

/// A person's turn that carries a commitment (it fired gate markers), with the
/// assistant proposal it confirms when it is a confirmation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Conversation {
    pub id: String,
    pub session_id: Option<String>,
    /// Events `start..end` (`seq`, end exclusive) the span covers.
    pub turn_range: SeqRange,
    /// The person's text.
    pub text: String,
    pub markers: Vec<Marker>,
    pub fact_status: FactStatus,
    /// Where each turn of the span came from.
    pub provenance: Vec<SourceLocation>,
    /// Additive: the person turn's timestamp.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
}

/// One option a decision weighed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConsideredOption {
    pub text: String,
    pub chosen: bool,
}

/// A decision: a choice, a standing rule or a prohibition the person made or
/// confirmed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub id: String,
    pub session_id: Option<String>,
    /// The verbatim decisive sentence.
    pub epitome: String,
    pub considered_options: Vec<ConsideredOption>,
    pub is_ban: bool,
    /// The id of a later decision of the session on the same subject.
    pub superseded_by: Option<String>,
    /// The test or check the decision names, if any.
    pub confirmation: Option<String>,
    /// Events `start..end` (`seq`, end exclusive) the decision was made in.
    pub source_span: SeqRange,
    pub fact_status: FactStatus,
    pub timestamp: Option<String>,
    /// Additive: the conversation node of the turn that made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversation_id: Option<String>,
    /// Additive: true when the person confirmed an assistant proposal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub confirmed_proposal: bool,
}

/// One successful file edit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Episode {
    pub id: String,
    pub session_id: Option<String>,
    pub path: String,
    pub diff: Diff,
    pub git: Option<GitRef>,
    pub episode_id: String,
    /// Additive: the `file_edit` event and tool call it comes from.
    pub event_id: String,
    pub call_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Additive: the subagent that made the edit, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
}

/// W3C PROV-style record of a binding: which decision was used, in which
/// session, and when, relative to the generation of the edit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prov {
    pub used_session: Option<String>,
    pub used_decision: Option<String>,
    pub was_generated_by_session: Option<String>,
    /// When the decision (or conversation) was made; `t_use ≤ t_gen` always.
    pub t_use: Option<String>,
    /// When the edit was made.
    pub t_gen: Option<String>,
}

/// A link from a decision (or gated conversation) to an episode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Binding {
    pub id: String,
    pub session_id: Option<String>,
    pub from: String,
    pub to: String,
    pub relation: Relation,
    pub prov: Prov,
    pub fact_status: FactStatus,
    /// The evidence tying the two: `arc` (the edit was made while the turn's
    /// arc was open) or `subagent_arc` (by a subagent started in that arc).
    pub correlation: String,
}

/// The kind of commitment a marker shows (the contract's
/// `marker.category`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// A choice is made: "let's use X", "go with X".
    DecisionVerb,
    /// An alternative is turned down: "instead of Y", "not Y".
    Rejection,
    /// A lasting prohibition: "never use X", "don't add Y".
    Ban,
    /// An instruction to act a certain way: "use X", "keep it as Y".
    Imperative,
    /// The commitment should last: "from now on", "always", "anymore".
    Memory,
    /// Assent to what was proposed: "yes", "sounds good", "option 2".
    Confirmation,
    /// A request for a one-off action ("run the tests"), reported but not a
    /// commitment.
    ActionRequest,
}

impl Category {
    /// The snake_case name used in JSON.
    pub fn as_str(&self) -> &'static str {
        match self {
            Category::DecisionVerb => "decision_verb",
            Category::Rejection => "rejection",
            Category::Ban => "ban",
            Category::Imperative => "imperative",
            Category::Memory => "memory",
            Category::Confirmation => "confirmation",
            Category::ActionRequest => "action_request",
        }
    }
}

/// A commitment-marker rule that fired in a person's turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// The id of the rule (`gate_rules` or the built-in table).
    pub rule_id: String,
    /// The rule's category.
    pub category: Category,
    /// The words that fired it, exactly as in the turn.
    pub matched_text: String,
    /// Byte offset of `matched_text` in the turn's text.
    pub offset: usize,
}
