//! Which strings of an event are redacted. With events in the output, every
//! string an event carries; with nodes as the only output, just the strings
//! the pipeline reads into a node (the nodes are the same either way).

use crate::model::{Diff, EventKind, GitRef, Part, ProjectRef};

use super::Redactor;

/// Redacts the short strings of an event kind that name rather than say
/// things (ids, tool names, paths, models, versions), which nodes carry too,
/// so in every output mode. Returns the replacements made.
pub(crate) fn redact_names(r: &Redactor, kind: &mut EventKind, counts: &mut [u32]) -> u32 {
    let mut n = 0;
    let mut one = |s: &mut String| n += r.redact_in_place(s, counts);
    match kind {
        EventKind::SessionStart {
            cwd,
            git,
            model,
            tool_version,
        } => {
            cwd.iter_mut()
                .chain(model.iter_mut())
                .chain(tool_version.iter_mut())
                .for_each(&mut one);
            if let Some(g) = git {
                git_strings(g).for_each(one);
            }
        }
        EventKind::AssistantTurn {
            model, message_id, ..
        } => {
            model.iter_mut().chain(message_id.iter_mut()).for_each(one);
        }
        EventKind::ToolCall { call_id, name, .. } => [call_id, name].into_iter().for_each(one),
        EventKind::ToolResult { call_id, .. } => one(call_id),
        EventKind::FileEdit { call_id, diff } => {
            [call_id, &mut diff.path]
                .into_iter()
                .chain(diff.op.iter_mut())
                .chain(diff.move_to.iter_mut())
                .for_each(one);
        }
        EventKind::Rewind { to_event } => one(to_event),
        EventKind::Unknown { raw_type, .. } => one(raw_type),
        EventKind::UserTurn { .. }
        | EventKind::Compaction { .. }
        | EventKind::SessionEnd { .. } => {}
    }
    n
}

/// Every string of a project reference.
pub(crate) fn project_strings(p: &mut ProjectRef) -> impl Iterator<Item = &mut String> {
    let ProjectRef {
        cwd,
        repo_root,
        git,
    } = p;
    cwd.iter_mut()
        .chain(repo_root.iter_mut())
        .chain(git.iter_mut().flat_map(git_strings))
}

fn git_strings(g: &mut GitRef) -> impl Iterator<Item = &mut String> {
    let GitRef {
        sha,
        branch,
        repository_url,
    } = g;
    sha.iter_mut()
        .chain(branch.iter_mut())
        .chain(repository_url.iter_mut())
}

/// Redacts every string an event kind carries except those of
/// [`redact_names`]; returns the replacements made.
pub(crate) fn redact_kind(r: &Redactor, kind: &mut EventKind, counts: &mut [u32]) -> u32 {
    let mut n = 0;
    match kind {
        EventKind::SessionStart { .. }
        | EventKind::Compaction { summary: None, .. }
        | EventKind::Rewind { .. } => {}
        EventKind::UserTurn { text: t, parts, .. } => {
            n += r.redact_in_place(t, counts);
            for p in parts {
                n += redact_part(r, p, counts);
            }
        }
        EventKind::AssistantTurn {
            text: t,
            thinking,
            parts,
            ..
        } => {
            n += r.redact_in_place(t, counts);
            if let Some(th) = thinking {
                n += r.redact_in_place(th, counts);
            }
            for p in parts {
                n += redact_part(r, p, counts);
            }
        }
        EventKind::ToolCall { args, .. } => n += r.redact_value(args, counts),
        EventKind::ToolResult { output, .. } => n += r.redact_value(output, counts),
        EventKind::FileEdit { diff, .. } => n += redact_diff(r, diff, false, counts),
        EventKind::Compaction {
            summary: Some(s), ..
        } => n += r.redact_in_place(s, counts),
        EventKind::SessionEnd { reason } => {
            if let Some(s) = reason {
                n += r.redact_in_place(s, counts);
            }
        }
        EventKind::Unknown { raw, .. } => n += r.redact_value(raw, counts),
    }
    n
}

/// Redacts a diff's `unified`, `old` and `new` text. With `lines_in_unified`
/// (every line of `old` and `new` is part of a line of `unified`), `old` and
/// `new` are skipped when `unified` has no trigger: triggers never span a
/// line break, so neither can have one.
pub(crate) fn redact_diff(
    r: &Redactor,
    diff: &mut Diff,
    lines_in_unified: bool,
    counts: &mut [u32],
) -> u32 {
    let (mut n, triggered) = r.redact_in_place_traced(&mut diff.unified, counts);
    if triggered || !lines_in_unified {
        for s in [&mut diff.old, &mut diff.new].into_iter().flatten() {
            n += r.redact_in_place(s, counts);
        }
    }
    n
}

fn redact_part(r: &Redactor, part: &mut Part, counts: &mut [u32]) -> u32 {
    match part {
        Part::Text { text } | Part::Thinking { text } => r.redact_in_place(text, counts),
        Part::ToolUse { id, name, input } => {
            r.redact_in_place(id, counts)
                + r.redact_in_place(name, counts)
                + input.as_mut().map_or(0, |v| r.redact_value(v, counts))
        }
        Part::ToolResult {
            tool_use_id,
            content,
            ..
        } => r.redact_in_place(tool_use_id, counts) + r.redact_value(content, counts),
        Part::Image { media_type, source } => {
            media_type
                .as_mut()
                .map_or(0, |m| r.redact_in_place(m, counts))
                + r.redact_value(source, counts)
        }
        Part::Other { raw } => r.redact_value(raw, counts),
    }
}

/// With nodes as the only output, redacts just the strings [`Pipeline::event`]
/// reads into a node: turn text (conversation text, epitomes, option labels)
/// and the prompt of a subagent-starting call (matched against the
/// subagent's first turn, which is redacted too); file edits (episodes) are
/// redacted whole by the emitter in every mode. Tool arguments and outputs,
/// reasoning, parts and unknown records never reach a node, so scanning them
/// would only cost time. Returns the replacements made.
pub(crate) fn redact_node_inputs(
    r: &Redactor,
    kind: &mut EventKind,
    subagent_tools: &[&str],
    counts: &mut [u32],
) -> u32 {
    match kind {
        EventKind::UserTurn { text, .. } | EventKind::AssistantTurn { text, .. } => {
            r.redact_in_place(text, counts)
        }
        EventKind::ToolCall { name, args, .. } if subagent_tools.contains(&name.as_str()) => {
            r.redact_value(args, counts)
        }
        _ => 0,
    }
}
