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

/// One `structuredPatch` hunk.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Hunk {
    #[serde(rename = "oldStart", default)]
    old_start: Option<u64>,
    #[serde(rename = "oldLines", default)]
    old_lines: Option<u64>,
    #[serde(rename = "newStart", default)]
    new_start: Option<u64>,
    #[serde(rename = "newLines", default)]
    new_lines: Option<u64>,
    #[serde(default)]
    lines: Vec<String>,
}

/// Builds the diff of a successful Claude Code Edit / MultiEdit / Write from the
/// raw `toolUseResult`. Returns `None` when it is not an edit result (other
/// tools, or the plain-string form used for errors and rejections).
pub(crate) fn from_claude_tool_result(raw: &str) -> Option<Diff> {
    // Cheap rejections first: most results are Read/Bash output.
    if !raw.starts_with('{') || memchr::memmem::find(raw.as_bytes(), b"\"structuredPatch\"").is_none() {
        return None;
    }
    let e: ClaudeEdit = serde_json::from_str(raw).ok()?;
    from_claude_edit(e)
}

fn from_claude_edit(e: ClaudeEdit) -> Option<Diff> {
    let path = e.file_path?;
    let hunks = e.structured_patch?;
    let is_write = matches!(e.ty.as_deref(), Some("create" | "update")) && e.content.is_some();
    let (old, new, op) = if is_write {
        let op = if e.ty.as_deref() == Some("create") { "add" } else { "update" };
        (e.original_file, e.content, op)
    } else {
        (e.old_string, e.new_string, "update")
    };

    let rel = path.trim_start_matches('/');
    let old_label = if op == "add" { "/dev/null".to_owned() } else { format!("a/{rel}") };
    let mut unified = format!("--- {old_label}\n+++ b/{rel}\n");
    let (mut added, mut removed) = (0u64, 0u64);
    if !hunks.is_empty() {
        for h in &hunks {
            unified.push_str(&format!(
                "@@ -{},{} +{},{} @@\n",
                h.old_start.unwrap_or(0),
                h.old_lines.unwrap_or(0),
                h.new_start.unwrap_or(0),
                h.new_lines.unwrap_or(0)
            ));
            for line in &h.lines {
                match line.as_bytes().first() {
                    Some(b'+') => added += 1,
                    Some(b'-') => removed += 1,
                    _ => {}
                }
                unified.push_str(line);
                unified.push('\n');
            }
        }
    } else {
        // Write of a new file (or an edit whose patch the tool left empty):
        // derive the hunk from the texts.
        let old_lines: Vec<&str> = old.as_deref().map(split_lines).unwrap_or_default();
        let new_lines: Vec<&str> = new.as_deref().map(split_lines).unwrap_or_default();
        if !old_lines.is_empty() || !new_lines.is_empty() {
            let old_start = usize::from(!old_lines.is_empty());
            let new_start = usize::from(!new_lines.is_empty());
            unified.push_str(&format!("@@ -{},{} +{},{} @@\n", old_start, old_lines.len(), new_start, new_lines.len()));
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
    Some(Diff { path, old, new, unified, added_lines: added, removed_lines: removed, op: Some(op.to_owned()), move_to: None })
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
pub(crate) fn from_v4a_patch(patch: &str) -> Vec<Diff> {
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
        let seg = if !has_cr && end < patch.len() { &patch[start..=end] } else { line };
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
    diffs
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
            _ => {
                let ctx = seg.strip_prefix(' ').unwrap_or(seg);
                push_line(&mut self.old, ctx);
                push_line(&mut self.new, ctx);
            }
        }
        push_line(&mut self.body, seg);
    }

    fn finish(mut self) -> Diff {
        let path = self.path.trim_start_matches('/');
        let (from, to) = match self.kind {
            "add" => ("/dev/null".to_owned(), format!("b/{path}")),
            "delete" => (format!("a/{path}"), "/dev/null".to_owned()),
            _ => (
                format!("a/{path}"),
                format!("b/{}", self.move_to.as_deref().unwrap_or(path).trim_start_matches('/')),
            ),
        };
        let mut unified = format!("--- {from}\n+++ {to}\n");
        if self.kind == "add" && self.added > 0 {
            unified.push_str(&format!("@@ -0,0 +1,{} @@\n", self.added));
        }
        unified.push_str(&self.body);
        let op = if self.move_to.is_some() { "move" } else { self.kind };
        let (old, new) = match self.kind {
            "add" => (None, Some(std::mem::take(&mut self.new))),
            "delete" => (None, None),
            _ => (Some(std::mem::take(&mut self.old)), Some(std::mem::take(&mut self.new))),
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
        from_claude_tool_result(&v.to_string())
    }

    #[test]
    fn v4a_add_update_delete_move() {
        let patch = "*** Begin Patch\n*** Add File: src/new.rs\n+fn a() {}\n+\n*** Update File: src/lib.rs\n*** Move to: src/core.rs\n@@ fn main() {\n-    old();\n+    new();\n     keep();\n*** Delete File: src/gone.rs\n*** End Patch\n";
        let d = from_v4a_patch(patch);
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].path, "src/new.rs");
        assert_eq!(d[0].op.as_deref(), Some("add"));
        assert_eq!(d[0].added_lines, 2);
        assert_eq!(d[0].new.as_deref(), Some("fn a() {}\n\n"));
        assert!(d[0].unified.starts_with("--- /dev/null\n+++ b/src/new.rs\n@@ -0,0 +1,2 @@\n+fn a() {}\n"));
        assert_eq!(d[1].op.as_deref(), Some("move"));
        assert_eq!(d[1].move_to.as_deref(), Some("src/core.rs"));
        assert_eq!((d[1].added_lines, d[1].removed_lines), (1, 1));
        assert_eq!(d[1].old.as_deref(), Some("    old();\n    keep();\n"));
        assert!(d[1].unified.contains("+++ b/src/core.rs\n@@ fn main() { @@\n-    old();\n"));
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
        let lf = from_v4a_patch(patch);
        assert_eq!(lf.len(), 4);
        assert_eq!(lf, from_v4a_patch(&patch.replace('\n', "\r\n")));
        assert_eq!(lf[0].new.as_deref(), Some("one\ntwo\n\n\n"));
        assert_eq!(lf[1].old.as_deref(), Some("ctx\nold\n\n indented\nx\n"));
        assert_eq!(lf[1].new.as_deref(), Some("ctx\nnew\n\n indented\ny\ntail\n"));
        // A patch without its final newline ends on the line-by-line path.
        assert_eq!(from_v4a_patch(patch.trim_end_matches('\n')), lf);
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
            for d in from_v4a_patch(&patch) {
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
        assert!(from_v4a_patch("*** Begin Patch\n*** End Patch").is_empty());
        assert!(from_v4a_patch("garbage").is_empty());
    }

    #[test]
    fn claude_structured_patch() {
        let t = json!({"filePath":"/p/a.rs","oldString":"x","newString":"y","structuredPatch":[
            {"oldStart":3,"oldLines":2,"newStart":3,"newLines":2,"lines":[" ctx","-x","+y"]}]});
        let d = claude(t).unwrap();
        assert_eq!(d.unified, "--- a/p/a.rs\n+++ b/p/a.rs\n@@ -3,2 +3,2 @@\n ctx\n-x\n+y\n");
        assert_eq!((d.added_lines, d.removed_lines), (1, 1));
        assert_eq!(d.old.as_deref(), Some("x"));
    }

    #[test]
    fn claude_write_create_without_hunks() {
        let t = json!({"type":"create","filePath":"/p/n.txt","content":"a\nb\n","structuredPatch":[]});
        let d = claude(t).unwrap();
        assert_eq!(d.op.as_deref(), Some("add"));
        assert_eq!(d.added_lines, 2);
        assert_eq!(d.unified, "--- /dev/null\n+++ b/p/n.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n");
    }

    #[test]
    fn claude_non_edit_results() {
        assert!(claude(json!("Error: string not found")).is_none());
        assert!(claude(json!({"stdout":"", "stderr":""})).is_none());
    }
}
