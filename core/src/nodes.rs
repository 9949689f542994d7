//! The PreparedNode contract: what the pipeline hands a memory or governance
//! layer. Serialized with a `"node"` tag; every node carries `id` and
//! `session_id` first. Field names are a public contract, documented in
//! `docs/contract.md`; fields are only ever added.

use serde::{Deserialize, Serialize};

use crate::model::{Diff, GitRef, SeqRange, SourceLocation};

/// How a node's content was obtained. Memscribe emits only the first two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "node", rename_all = "snake_case")]
pub enum PreparedNode {
    /// A person's turn that carries a commitment.
    Conversation(Conversation),
    /// A decision made (or agreed to) in a person's turn.
    Decision(Decision),
    /// A successful file edit.
    Episode(Episode),
    /// A link from a decision or conversation to an episode of its arc.
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
/// assistant proposal it agrees to when it is assent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Conversation {
    /// `<session_id>#conversation@<event id of the turn>`.
    pub id: String,
    /// The session the turn belongs to.
    pub session_id: Option<String>,
    /// Events `start..end` (`seq`, end exclusive) the span covers.
    pub turn_range: SeqRange,
    /// The person's text.
    pub text: String,
    /// The commitment markers that fired in the text's prose, in text order.
    pub markers: Vec<Marker>,
    /// Always `observed`: the text is copied from the transcript.
    pub fact_status: FactStatus,
    /// Where each turn of the span came from.
    pub provenance: Vec<SourceLocation>,
    /// Additive: the person turn's timestamp.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
}

/// One option a decision weighed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ConsideredOption {
    /// The option's words, as the person (or the proposal) wrote them.
    pub text: String,
    /// True for the option chosen; false for those turned down.
    pub chosen: bool,
}

/// A decision: a choice, a standing rule or a prohibition the person made or
/// confirmed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Decision {
    /// `<session_id>#decision@<event id of the turn>`.
    pub id: String,
    /// The session the decision was made in.
    pub session_id: Option<String>,
    /// The verbatim decisive sentence.
    pub epitome: String,
    /// The options weighed, in text order: the chosen one and those turned
    /// down (empty when the sentence names none).
    pub considered_options: Vec<ConsideredOption>,
    /// True for a lasting prohibition ("never use X", "don't add Y").
    pub is_ban: bool,
    /// The id of a later decision of the session on the same subject.
    pub superseded_by: Option<String>,
    /// The test or check the decision names, if any.
    pub confirmation: Option<String>,
    /// Events `start..end` (`seq`, end exclusive) the decision was made in.
    pub source_span: SeqRange,
    /// Always `deterministically_derived`.
    pub fact_status: FactStatus,
    /// When the person's turn was written (the source's timestamp).
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Episode {
    /// `<session_id>#episode@<event id of the file edit>`.
    pub id: String,
    /// The session the edit was made in.
    pub session_id: Option<String>,
    /// The file edited (the destination of a move).
    pub path: String,
    /// The change, as the `file_edit` event has it.
    pub diff: Diff,
    /// The repository state the session reported, if any.
    pub git: Option<GitRef>,
    /// A deterministic hash of the session id and the edit's event id.
    pub episode_id: String,
    /// Additive: the `file_edit` event it comes from.
    pub event_id: String,
    /// Additive: the tool call that made the edit.
    pub call_id: String,
    /// Additive: when the edit was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Additive: the subagent that made the edit, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
}

/// W3C PROV-style record of a binding: which decision was used, in which
/// session, and when, relative to the generation of the edit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Prov {
    /// The session the decision (or conversation) belongs to.
    pub used_session: Option<String>,
    /// The decision (or conversation) node used.
    pub used_decision: Option<String>,
    /// The session the edit was generated in.
    pub was_generated_by_session: Option<String>,
    /// When the decision (or conversation) was made; `t_use ≤ t_gen` always.
    pub t_use: Option<String>,
    /// When the edit was made.
    pub t_gen: Option<String>,
}

/// A link from a decision (or gated conversation) to an episode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Binding {
    /// `<session_id>#binding@<decision anchor>-><edit event id>`.
    pub id: String,
    /// The session of the edit.
    pub session_id: Option<String>,
    /// The decision (or conversation) node's id.
    pub from: String,
    /// The episode node's id.
    pub to: String,
    /// How the two relate.
    pub relation: Relation,
    /// When and where each end happened.
    pub prov: Prov,
    /// Always `deterministically_derived`.
    pub fact_status: FactStatus,
    /// The evidence tying the two: `arc` (the edit was made while the turn's
    /// arc was open) or `subagent_arc` (by a subagent started in that arc).
    pub correlation: String,
}

/// The kind of commitment a marker shows (the contract's
/// `marker.category`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
