//! Building [`Diff`]s from the two edit representations the adapters meet:
//! Claude Code's `structuredPatch` hunks and Codex's V4A `apply_patch` text.

use serde::Deserialize;

use crate::model::Diff;

/// The parts of a Claude Code `toolUseResult` that describe a file edit
/// (Edit, MultiEdit, Write). Other fields are skipped without being read.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ClaudeEdit {
    #[serde(rename = "filePath")]
    pub file_path: Option<String>,
    #[serde(rename = "structuredPatch")]
    pub structured_patch: Option<Vec<Hunk>>,
    #[serde(rename = "type")]
    pub ty: Option<String>,
    pub content: Option<String>,
    #[serde(rename = "originalFile")]
    pub original_file: Option<String>,
    #[serde(rename = "oldString")]
    pub old_string: Option<String>,
    #[serde(rename = "newString")]
    pub new_string: Option<String>,
}

/// One `structuredPatch` hunk. The numbers are read as any JSON value, so
/// that one which is not a line number (negative, fractional, too large, a
/// string) is reported rather than losing the edit.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Hunk {
    #[serde(rename = "oldStart", default)]
    old_start: Option<serde_json::Value>,
    #[serde(rename = "oldLines", default)]
    old_lines: Option<serde_json::Value>,
    #[serde(rename = "newStart", default)]
    new_start: Option<serde_json::Value>,
    #[serde(rename = "newLines", default)]
    new_lines: Option<serde_json::Value>,
    #[serde(default)]
    lines: Vec<String>,
}

/// A hunk number: a non-negative integer, else 0 with a problem noted.
fn line_number(
    v: &Option<serde_json::Value>,
    what: &str,
    hunk: usize,
    problems: &mut Vec<String>,
) -> u64 {
    match v {
        None => 0,
        Some(v) => v.as_u64().unwrap_or_else(|| {
            problems.push(format!(
                "hunk {} has {what} {v}, not a line number; written as 0",
                hunk + 1
            ));
            0
        }),
    }
}

/// A path as a `---`/`+++` header names it: as is, or, when it holds a
/// control character (a line break would start a forged header), quoted
/// with C escapes as git quotes unusual paths (`"b/a\nb"`).
pub(crate) fn header_path(prefix: &str, path: &str) -> String {
    if !path.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return format!("{prefix}{path}");
    }
    let mut out = String::with_capacity(path.len() + prefix.len() + 8);
    out.push('"');
    out.push_str(prefix);
    for c in path.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\{:03o}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether a path names a file at all.
fn is_blank_path(path: &str) -> bool {
    path.trim().is_empty()
}

/// Builds the diff of a successful Claude Code Edit / MultiEdit / Write from the
/// raw `toolUseResult`. Returns `None` when it is not an edit result (other
/// tools, or the plain-string form used for errors and rejections). What is
/// wrong with an edit result (an unreadable field, a number that is not a
/// line number, a line holding a line break, no path) is added to
/// `problems`; the edit is made from what could be read, or not at all
/// when it has no path or cannot be read.
pub(crate) fn from_claude_tool_result(raw: &str, problems: &mut Vec<String>) -> Option<Diff> {
    // Cheap rejections first: most results are Read/Bash output.
    if !raw.starts_with('{')
        || memchr::memmem::find(raw.as_bytes(), b"\"structuredPatch\"").is_none()
    {
        return None;
    }
    let e: ClaudeEdit = match serde_json::from_str(raw) {
        Ok(e) => e,
        Err(err) => {
            problems.push(format!("edit result not read, so no file_edit: {err}"));
            return None;
        }
    };
    from_claude_edit(e, problems)
}

fn from_claude_edit(e: ClaudeEdit, problems: &mut Vec<String>) -> Option<Diff> {
    let hunks = e.structured_patch?;
    let path = match e.file_path {
        Some(p) if !is_blank_path(&p) => p,
        _ => {
            problems.push(
                "edit result names no file (empty or missing filePath), so no file_edit".to_owned(),
            );
            return None;
        }
    };
    let is_write = matches!(e.ty.as_deref(), Some("create" | "update")) && e.content.is_some();
    let (old, new, op) = if is_write {
        let op = if e.ty.as_deref() == Some("create") {
            "add"
        } else {
            "update"
        };
        (e.original_file, e.content, op)
    } else {
        (e.old_string, e.new_string, "update")
    };

    let rel = path.trim_start_matches('/');
    let old_label = if op == "add" {
        "/dev/null".to_owned()
    } else {
        header_path("a/", rel)
    };
    let mut unified = format!("--- {old_label}\n+++ {}\n", header_path("b/", rel));
    let (mut added, mut removed) = (0u64, 0u64);
    if !hunks.is_empty() {
        for (i, h) in hunks.iter().enumerate() {
            let body = hunk_body(&h.lines, i, problems);
            let (old_start, new_start) = (
                line_number(&h.old_start, "oldStart", i, problems),
                line_number(&h.new_start, "newStart", i, problems),
            );
            // The counts say where the hunk ends; they are the lines'
            // own, so that no line can pass for a header after it.
            let mut counts = [
                line_number(&h.old_lines, "oldLines", i, problems),
                line_number(&h.new_lines, "newLines", i, problems),
            ];
            let real = [body.context + body.removed, body.context + body.added];
            if counts != real && (h.old_lines.is_some() || h.new_lines.is_some()) {
                problems.push(format!(
                    "hunk {} counts {} old and {} new lines but has {} and {}; written with its own",
                    i + 1, counts[0], counts[1], real[0], real[1]
                ));
            }
            counts = real;
            unified.push_str(&format!(
                "@@ -{},{} +{},{} @@\n",
                old_start, counts[0], new_start, counts[1]
            ));
            unified.push_str(&body.text);
            added += body.added;
            removed += body.removed;
        }
    } else {
        // Write of a new file (or an edit whose patch the tool left empty):
        // derive the hunk from the texts.
        let old_lines: Vec<&str> = old.as_deref().map(split_lines).unwrap_or_default();
        let new_lines: Vec<&str> = new.as_deref().map(split_lines).unwrap_or_default();
        if !old_lines.is_empty() || !new_lines.is_empty() {
            let old_start = usize::from(!old_lines.is_empty());
            let new_start = usize::from(!new_lines.is_empty());
            unified.push_str(&format!(
                "@@ -{},{} +{},{} @@\n",
                old_start,
                old_lines.len(),
                new_start,
                new_lines.len()
            ));
            for l in &old_lines {
                unified.push('-');
                unified.push_str(l);
                unified.push('\n');
            }
            for l in &new_lines {
                unified.push('+');
                unified.push_str(l);
                unified.push('\n');
            }
            removed = old_lines.len() as u64;
            added = new_lines.len() as u64;
        }
    }
    Some(Diff {
        path,
        old,
        new,
        unified,
        added_lines: added,
        removed_lines: removed,
        op: Some(op.to_owned()),
        move_to: None,
    })
}

/// A hunk's lines as unified-diff text, and their counts.
struct HunkBody {
    text: String,
    added: u64,
    removed: u64,
    context: u64,
}

/// Writes a hunk's lines one per line, each with its marker: a line holding
/// a line break is split, each piece keeping the marker, and a line without
/// a marker is context. Either is noted in `problems`.
fn hunk_body(lines: &[String], hunk: usize, problems: &mut Vec<String>) -> HunkBody {
    let mut b = HunkBody {
        text: String::new(),
        added: 0,
        removed: 0,
        context: 0,
    };
    let (mut split, mut unmarked) = (0usize, 0usize);
    for line in lines {
        let (marker, content) = match line.as_bytes().first() {
            Some(b'+' | b'-' | b' ' | b'\\') => (&line[..1], &line[1..]),
            _ => {
                unmarked += 1;
                (" ", line.as_str())
            }
        };
        let mut pieces = content.split('\n');
        if content.contains('\n') {
            split += 1;
            if content.ends_with('\n') {
                // The line's own line break, not a second line.
                pieces = content[..content.len() - 1].split('\n');
            }
        }
        for piece in pieces {
            b.text.push_str(marker);
            b.text.push_str(piece);
            b.text.push('\n');
            match marker {
                "+" => b.added += 1,
                "-" => b.removed += 1,
                " " => b.context += 1,
                _ => {} // `\ No newline at end of file`
            }
        }
    }
    if split > 0 {
        problems.push(format!("hunk {} has {split} line(s) holding a line break; split, each piece keeping its marker", hunk + 1));
    }
    if unmarked > 0 {
        problems.push(format!(
            "hunk {} has {unmarked} line(s) without a +, - or space marker; written as context",
            hunk + 1
        ));
    }
    b
}

fn split_lines(s: &str) -> Vec<&str> {
    if s.is_empty() {
        return Vec::new();
    }
    s.strip_suffix('\n').unwrap_or(s).split('\n').collect()
}

/// Splits a V4A patch (`*** Begin Patch` … `*** End Patch`) into one diff per
/// file operation. Text outside the markers is ignored; a patch with no file
/// operation yields an empty list.
///
/// A file operation without a path makes no diff and is noted in
/// `problems`.
pub(crate) fn from_v4a_patch(patch: &str, problems: &mut Vec<String>) -> Vec<Diff> {
    let mut diffs = Vec::new();
    let mut cur: Option<FileOp> = None;
    let patch = patch.strip_suffix('\n').unwrap_or(patch);
    // Without `\r` a line and its `\n` are one slice of the patch, copied at once.
    let has_cr = memchr::memchr(b'\r', patch.as_bytes()).is_some();
    let mut start = 0;
    let ends = memchr::memchr_iter(b'\n', patch.as_bytes()).chain(std::iter::once(patch.len()));
    for end in ends {
        let raw = &patch[start..end];
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let seg = if !has_cr && end < patch.len() {
            &patch[start..=end]
        } else {
            line
        };
        start = end + 1;
        if !line.starts_with("*** ") {
            // A body line (the common case): no marker can start it.
            if let Some(op) = cur.as_mut() {
                op.line(seg);
            }
        } else if let Some(path) = line.strip_prefix("*** Add File: ") {
            push_op(&mut diffs, cur.take());
            cur = Some(FileOp::new("add", path));
        } else if let Some(path) = line.strip_prefix("*** Update File: ") {
            push_op(&mut diffs, cur.take());
            cur = Some(FileOp::new("update", path));
        } else if let Some(path) = line.strip_prefix("*** Delete File: ") {
            push_op(&mut diffs, cur.take());
            cur = Some(FileOp::new("delete", path));
        } else if let Some(path) = line.strip_prefix("*** Move to: ") {
            if let Some(op) = cur.as_mut() {
                op.move_to = Some(path.trim().to_owned());
            }
        } else if line.starts_with("*** End Patch") || line.starts_with("*** Begin Patch") {
            push_op(&mut diffs, cur.take());
        } else if line.starts_with("*** End of File") {
            // Marks that the hunk is anchored at the end of the file.
        } else if let Some(op) = cur.as_mut() {
            op.line(line);
        }
    }
    push_op(&mut diffs, cur.take());
    let before = diffs.len();
    diffs.retain(|d| !is_blank_path(&d.path));
    if diffs.len() < before {
        problems.push(format!(
            "{} file operation(s) of the patch name no file, so no file_edit",
            before - diffs.len()
        ));
    }
    diffs
}

/// Builds the diff of a replacement of `old` by `new` in `path` (an edit
/// tool's old/new strings, or one SEARCH/REPLACE block), where the line
/// numbers are not known: one hunk without them, as a V4A patch gives.
/// `old` empty with `new` set, for a whole file, is a creation.
pub(crate) fn from_replace(path: &str, old: &str, new: &str) -> Option<Diff> {
    from_blocks(path, &[(old, new)], false)
}

/// Builds the diff of a whole file written with `content` (`created` when
/// the tool says it did not exist before).
pub(crate) fn from_write(path: &str, content: &str, created: bool) -> Option<Diff> {
    if is_blank_path(path) {
        return None;
    }
    if !created {
        // The previous text is not known: only the new one is.
        let mut d = from_blocks(path, &[("", content)], false)?;
        d.old = None;
        d.op = Some("update".to_owned());
        return Some(d);
    }
    from_blocks(path, &[("", content)], true)
}

/// Builds one diff of several replacements in one file (a SEARCH/REPLACE
/// edit with several blocks): a hunk per block.
pub(crate) fn from_blocks(path: &str, blocks: &[(&str, &str)], created: bool) -> Option<Diff> {
    if is_blank_path(path) {
        return None;
    }
    let path = path.trim();
    let mut unified = if created {
        format!("--- /dev/null\n{}\n", header_path("+++ b/", path))
    } else {
        format!(
            "{}\n{}\n",
            header_path("--- a/", path),
            header_path("+++ b/", path)
        )
    };
    let (mut old_all, mut new_all) = (String::new(), String::new());
    let (mut added, mut removed) = (0u64, 0u64);
    for (old, new) in blocks {
        let olds: Vec<&str> = if old.is_empty() {
            Vec::new()
        } else {
            old.strip_suffix('\n').unwrap_or(old).split('\n').collect()
        };
        let news: Vec<&str> = if new.is_empty() {
            Vec::new()
        } else {
            new.strip_suffix('\n').unwrap_or(new).split('\n').collect()
        };
        if created {
            unified.push_str(&format!("@@ -0,0 +1,{} @@\n", news.len()));
        } else {
            unified.push_str("@@\n");
        }
        // Lines the two sides share at the start and end are context.
        let head = olds.iter().zip(&news).take_while(|(a, b)| a == b).count();
        let tail = olds[head..]
            .iter()
            .rev()
            .zip(news[head..].iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        for l in &olds[..head] {
            push_line(&mut unified, &format!(" {l}"));
        }
        for l in &olds[head..olds.len() - tail] {
            push_line(&mut unified, &format!("-{l}"));
            removed += 1;
        }
        for l in &news[head..news.len() - tail] {
            push_line(&mut unified, &format!("+{l}"));
            added += 1;
        }
        for l in &olds[olds.len() - tail..] {
            push_line(&mut unified, &format!(" {l}"));
        }
        old_all.push_str(old);
        if !old.is_empty() && !old.ends_with('\n') {
            old_all.push('\n');
        }
        new_all.push_str(new);
        if !new.is_empty() && !new.ends_with('\n') {
            new_all.push('\n');
        }
    }
    Some(Diff {
        path: path.to_owned(),
        old: if created { None } else { Some(old_all) },
        new: Some(new_all),
        unified,
        added_lines: added,
        removed_lines: removed,
        op: Some(if created { "add" } else { "update" }.to_owned()),
        move_to: None,
    })
}

/// The SEARCH/REPLACE blocks of an edit as Aider, Cline and Roo Code write
/// them: `<<<<<<< SEARCH` (Cline: `------- SEARCH`), the old lines,
/// `=======`, the new lines, `>>>>>>> REPLACE` (Cline: `+++++++ REPLACE`).
/// Roo's `:start_line:` header lines and the `-------` under them are
/// skipped. Blocks not closed are not returned.
pub(crate) fn search_replace_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut state = 0u8; // 0 outside, 1 in SEARCH, 2 in REPLACE
    let (mut old, mut new) = (String::new(), String::new());
    for line in text.split('\n') {
        let t = line.trim_end_matches('\r');
        let marker = t.trim();
        let is_search = marker.ends_with(" SEARCH")
            && (marker.starts_with("<<<<<<<") || marker.starts_with("-------"));
        let is_replace = marker.ends_with(" REPLACE")
            && (marker.starts_with(">>>>>>>") || marker.starts_with("+++++++"));
        match state {
            0 if is_search => {
                state = 1;
                old.clear();
                new.clear();
            }
            1 if marker == "=======" => state = 2,
            1 if (marker.starts_with(":start_line:") || marker.starts_with(":end_line:"))
                && old.is_empty() => {}
            1 if marker == "-------" && old.is_empty() => {}
            1 => {
                old.push_str(t);
                old.push('\n');
            }
            2 if is_replace => {
                blocks.push((std::mem::take(&mut old), std::mem::take(&mut new)));
                state = 0;
            }
            2 => {
                new.push_str(t);
                new.push('\n');
            }
            _ => {}
        }
    }
    blocks
}

struct FileOp {
    kind: &'static str,
    path: String,
    move_to: Option<String>,
    body: String,
    old: String,
    new: String,
    added: u64,
    removed: u64,
    in_hunk: bool,
}

impl FileOp {
    fn new(kind: &'static str, path: &str) -> FileOp {
        FileOp {
            kind,
            path: path.trim().to_owned(),
            move_to: None,
            body: String::new(),
            old: String::new(),
            new: String::new(),
            added: 0,
            removed: 0,
            in_hunk: false,
        }
    }

    /// A line of the body. `seg` is the line, followed by its `\n` when the
    /// patch has the two in one piece (then each destination takes one copy).
    fn line(&mut self, seg: &str) {
        let line = seg.strip_suffix('\n').unwrap_or(seg);
        if self.kind == "add" {
            // Every line of an added file is `+content`.
            let content = seg.strip_prefix('+').unwrap_or(seg);
            self.in_hunk = true;
            self.body.push('+');
            push_line(&mut self.body, content);
            push_line(&mut self.new, content);
            self.added += 1;
            return;
        }
        if let Some(ctx) = line.strip_prefix("@@") {
            let ctx = ctx.trim();
            self.in_hunk = true;
            if ctx.is_empty() {
                self.body.push_str("@@\n");
            } else {
                self.body.push_str("@@ ");
                self.body.push_str(ctx);
                self.body.push_str(" @@\n");
            }
            return;
        }
        if !self.in_hunk {
            // Update without an explicit @@ header: open an anonymous hunk.
            self.in_hunk = true;
            self.body.push_str("@@\n");
        }
        match seg.as_bytes().first() {
            Some(b'+') => {
                self.added += 1;
                push_line(&mut self.new, &seg[1..]);
            }
            Some(b'-') => {
                self.removed += 1;
                push_line(&mut self.old, &seg[1..]);
            }
            Some(b' ') | None => {
                let ctx = seg.strip_prefix(' ').unwrap_or(seg);
                push_line(&mut self.old, ctx);
                push_line(&mut self.new, ctx);
            }
            _ => {
                // Context written without its leading space (a blank line
                // stays blank): the space is added in `unified`, so that no
                // body line can pass for a header there.
                push_line(&mut self.old, seg);
                push_line(&mut self.new, seg);
                if !line.is_empty() {
                    self.body.push(' ');
                }
            }
        }
        push_line(&mut self.body, seg);
    }

    fn finish(mut self) -> Diff {
        let path = self.path.trim_start_matches('/');
        let (from, to) = match self.kind {
            "add" => ("/dev/null".to_owned(), header_path("b/", path)),
            "delete" => (header_path("a/", path), "/dev/null".to_owned()),
            _ => (
                header_path("a/", path),
                header_path(
                    "b/",
                    self.move_to
                        .as_deref()
                        .unwrap_or(path)
                        .trim_start_matches('/'),
                ),
            ),
        };
        let mut unified = format!("--- {from}\n+++ {to}\n");
        if self.kind == "add" && self.added > 0 {
            unified.push_str(&format!("@@ -0,0 +1,{} @@\n", self.added));
        }
        unified.push_str(&self.body);
        let op = if self.move_to.is_some() {
            "move"
        } else {
            self.kind
        };
        let (old, new) = match self.kind {
            "add" => (None, Some(std::mem::take(&mut self.new))),
            "delete" => (None, None),
            _ => (
                Some(std::mem::take(&mut self.old)),
                Some(std::mem::take(&mut self.new)),
            ),
        };
        Diff {
            path: self.path,
            old,
            new,
            unified,
            added_lines: self.added,
            removed_lines: self.removed,
            op: Some(op.to_owned()),
            move_to: self.move_to,
        }
    }
}

/// Appends a line (which may already end with its `\n`) and a line break.
fn push_line(dst: &mut String, line: &str) {
    dst.push_str(line);
    if !line.ends_with('\n') {
        dst.push('\n');
    }
}

fn push_op(diffs: &mut Vec<Diff>, op: Option<FileOp>) {
    if let Some(op) = op {
        diffs.push(op.finish());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn claude(v: serde_json::Value) -> Option<Diff> {
        let mut problems = Vec::new();
        let d = from_claude_tool_result(&v.to_string(), &mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        d
    }

    fn v4a(patch: &str) -> Vec<Diff> {
        from_v4a_patch(patch, &mut Vec::new())
    }

    #[test]
    fn v4a_add_update_delete_move() {
        let patch = "*** Begin Patch\n*** Add File: src/new.rs\n+fn a() {}\n+\n*** Update File: src/lib.rs\n*** Move to: src/core.rs\n@@ fn main() {\n-    old();\n+    new();\n     keep();\n*** Delete File: src/gone.rs\n*** End Patch\n";
        let d = v4a(patch);
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].path, "src/new.rs");
        assert_eq!(d[0].op.as_deref(), Some("add"));
        assert_eq!(d[0].added_lines, 2);
        assert_eq!(d[0].new.as_deref(), Some("fn a() {}\n\n"));
        assert!(d[0]
            .unified
            .starts_with("--- /dev/null\n+++ b/src/new.rs\n@@ -0,0 +1,2 @@\n+fn a() {}\n"));
        assert_eq!(d[1].op.as_deref(), Some("move"));
        assert_eq!(d[1].move_to.as_deref(), Some("src/core.rs"));
        assert_eq!((d[1].added_lines, d[1].removed_lines), (1, 1));
        assert_eq!(d[1].old.as_deref(), Some("    old();\n    keep();\n"));
        assert!(d[1]
            .unified
            .contains("+++ b/src/core.rs\n@@ fn main() { @@\n-    old();\n"));
        assert_eq!(d[2].op.as_deref(), Some("delete"));
        assert_eq!(d[2].path, "src/gone.rs");
    }

    #[test]
    fn v4a_lines_read_in_one_piece_or_with_crlf_agree() {
        // LF patches copy each line with its newline at once; CRLF patches go
        // line by line. Both must give the same diffs.
        let patch = "*** Begin Patch\n*** Add File: a.txt\n+one\ntwo\n+\n\n*** Update File: b.rs\n ctx\n-old\n+new\n\n\
                     @@ fn f() {\n  indented\n-x\n+y\n@@\n+tail\n*** Update File: c.rs\n*** Move to: d.rs\n@@ g\n-a\n+b\n\
                     *** End of File\n*** Delete File: e.rs\n*** End Patch\n";
        let lf = v4a(patch);
        assert_eq!(lf.len(), 4);
        assert_eq!(lf, v4a(&patch.replace('\n', "\r\n")));
        assert_eq!(lf[0].new.as_deref(), Some("one\ntwo\n\n\n"));
        assert_eq!(lf[1].old.as_deref(), Some("ctx\nold\n\n indented\nx\n"));
        assert_eq!(
            lf[1].new.as_deref(),
            Some("ctx\nnew\n\n indented\ny\ntail\n")
        );
        // A patch without its final newline ends on the line-by-line path.
        assert_eq!(v4a(patch.trim_end_matches('\n')), lf);
    }

    proptest::proptest! {
        /// What `Emitter::emit_patch_edit` relies on to skip scanning `old` and
        /// `new` for secrets: each of their lines is part of a line of `unified`.
        #[test]
        fn v4a_old_and_new_lines_are_parts_of_unified_lines(
            lines in proptest::collection::vec(
                r"(\*\*\* (Add|Update|Delete) File: [a-z]{1,3}|\*\*\* Move to: [a-z]|\*\*\* End of File|@@[ a-z]{0,4}|[-+ ]?[a-z =\r]{0,6}|\*\*\* x)",
                0..24,
            ),
            crlf in proptest::bool::ANY,
        ) {
            let patch = lines.join(if crlf { "\r\n" } else { "\n" });
            for d in v4a(&patch) {
                let unified: Vec<&str> = d.unified.lines().collect();
                for side in [&d.old, &d.new].into_iter().flatten() {
                    for l in side.lines() {
                        proptest::prop_assert!(unified.iter().any(|u| u.contains(l)), "{l:?} not in {:?}", d.unified);
                    }
                }
            }
        }
    }

    #[test]
    fn v4a_without_files() {
        assert!(v4a("*** Begin Patch\n*** End Patch").is_empty());
        assert!(v4a("garbage").is_empty());
    }

    #[test]
    fn claude_structured_patch() {
        let t = json!({"filePath":"/p/a.rs","oldString":"x","newString":"y","structuredPatch":[
            {"oldStart":3,"oldLines":2,"newStart":3,"newLines":2,"lines":[" ctx","-x","+y"]}]});
        let d = claude(t).unwrap();
        assert_eq!(
            d.unified,
            "--- a/p/a.rs\n+++ b/p/a.rs\n@@ -3,2 +3,2 @@\n ctx\n-x\n+y\n"
        );
        assert_eq!((d.added_lines, d.removed_lines), (1, 1));
        assert_eq!(d.old.as_deref(), Some("x"));
    }

    #[test]
    fn claude_write_create_without_hunks() {
        let t =
            json!({"type":"create","filePath":"/p/n.txt","content":"a\nb\n","structuredPatch":[]});
        let d = claude(t).unwrap();
        assert_eq!(d.op.as_deref(), Some("add"));
        assert_eq!(d.added_lines, 2);
        assert_eq!(
            d.unified,
            "--- /dev/null\n+++ b/p/n.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n"
        );
    }

    #[test]
    fn claude_non_edit_results() {
        assert!(claude(json!("Error: string not found")).is_none());
        assert!(claude(json!({"stdout":"", "stderr":""})).is_none());
    }
}
