//! Prose extraction and sentence splitting.
//!
//! A person's turn is split into lines, and every line is classified as
//! prose, blank, code (inside a ``` / ~~~ fence, or indented by four spaces
//! or a tab), quote (`> …`) or log (stack traces, compiler diagnostics,
//! timestamps, log levels, tool output). Only prose lines are split into
//! sentences; nothing else can ever fire a marker.
//!
//! All positions are byte offsets into the original text and always fall on
//! `char` boundaries.

use regex::{Regex, RegexSet, RegexSetBuilder};
use std::sync::OnceLock;

/// What a line of the turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineKind {
    Prose,
    Blank,
    Code,
    Quote,
    Log,
}

/// One line: `[start, end)` excludes the line terminator (`\n` or `\r\n`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line {
    pub start: usize,
    pub end: usize,
    pub kind: LineKind,
}

/// One prose sentence: `[start, end)` is trimmed, never includes a leading
/// list marker or heading hashes, and includes its terminal punctuation.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sentence {
    pub start: usize,
    pub end: usize,
    /// Paragraph number: increases at every blank or non-prose line.
    pub para: usize,
    /// First sentence of a bulleted / numbered list item.
    pub bullet: bool,
    /// Index of the first line of the unit that holds the sentence.
    pub line: usize,
}

/// Sentences longer than this are cut at a whitespace (keeps regex work bounded).
pub(crate) const MAX_SENTENCE_BYTES: usize = 2000;

/// Log / tool-output line patterns. A line matching any of them is not prose.
const LOG_PATTERNS: &[&str] = &[
    // timestamps
    r"^\s*\[?\d{4}[-/]\d{2}[-/]\d{2}(?:[T ]\d|\b)",
    r"^\s*\[?\d{1,2}:\d{2}:\d{2}\b",
    // a unified diff pasted without a fence: its headers and markers
    r"^(?:diff --git |index [0-9a-f]{6,}\.\.[0-9a-f]{6,}|--- a/|\+\+\+ b/|@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@|\\ No newline at end of file)",
    // an elapsed-time stamp: `[379 ms] Start: Run: …` (VS Code's Dev Containers log)
    r"^\s*\[\d+(?:\.\d+)?\s?(?:ms|s|µs|us|ns)\]\s",
    // log levels (upper case only)
    r"^\s*\[?(?:ERROR|ERR|WARN|WARNING|INFO|DEBUG|TRACE|FATAL|CRITICAL|CRIT|PANIC|NOTICE|DETAIL|HINT|CONTEXT|STATEMENT|SEVERE)(?-u:\b)",
    r"(?i)^\s*\[(?:error|warn|warning|info|debug|trace|fatal|notice)\]",
    r"^\s*(?:Error|Warning|Fatal|Caused by|Exception|Panic)(?:\s*\[\w+\])?:\s",
    // rustc / cargo
    r"^\s*(?:error|warning)(?:\[[A-Za-z]*\d+\])?:",
    r"^\s*=\s*(?:note|help):",
    r"^\s*-->\s*\S",
    r"^\s*\d*\s*\|",
    // MSBuild / tsc diagnostics (`Program.cs(41,14): warning ASP0011:`),
    // .NET logger lines, Windows paths, browser console
    r"\(\d+,\d+\)\s*:\s*(?:warning|error|message|info)\s+[A-Z]{1,8}\d{2,6}\s*:",
    r"^\s*(?:info|warn|fail|crit|dbug|trce):\s+[\w.]+\[\d+\]",
    r"^\s*[A-Za-z]:\\[^\s\\]+\\",
    r"has been blocked by CORS policy|^\s*Uncaught(?: \(in promise\))? \w*Error|^\s*Failed to load resource:",
    r"^\s*\^+\s*$",
    r"^\s*~+\s*$",
    r"^\s+(?:Compiling|Finished|Running|Downloaded|Downloading|Checking|Building|Fresh|Updating|Locking|Adding|Blocking|Documenting|Installing|Installed|Removing|Packaging|Verifying|Uploading|Fetching|Doc-tests)\s",
    r"thread '[^']*' panicked",
    r"^\s*stack backtrace:",
    r"^\s*note: run with `RUST_BACKTRACE",
    // JS / Java / Python / Go stacks
    r"^\s*at\s+\S.*(?:\(.*:\d+(?::\d+)?\)|:\d+:\d+)\s*$",
    r"^\s*at\s+[\w.$<>]+\(",
    r"^\s*Traceback \(most recent call last\)",
    r#"^\s*File "[^"]+", line \d+"#,
    r"^[A-Z][A-Za-z]*(?:Error|Exception|Warning|Interrupt|Exit)(?::|\s*$)",
    r"^[a-z][\w]*(?:\.\w+)+(?:Error|Exception):",
    r"^\s*goroutine \d+",
    r"^\s*(?:panic|runtime error|fatal error):",
    r"^\s*exit status \d+",
    // test runners
    r"^\s*(?:--- (?:FAIL|PASS|SKIP)|=== (?:RUN|PAUSE|CONT)|FAIL\s|FAIL$|PASS$|ok\s{2,}|ok\t)",
    r"^\s*E\s{2,}",
    r"^\s*(?:FAILED|PASSED|ERROR|SKIPPED|XFAIL|XPASS)\s+\S+::",
    r"^\s*test \S+ \.\.\. (?:ok|FAILED|ignored)",
    // path:line[:col] at line start, path-only lines
    r"^\s*\S+\.(?:py|rs|go|js|mjs|cjs|ts|tsx|jsx|java|rb|c|cc|cpp|h|hpp|cs|kt|swift|php|sh|ya?ml|toml|json|tf|sql|vue|svelte|ex|exs|scala|lua):\d+",
    r"^\s*(?:[A-Za-z]:)?[\\/][\w.\-\\/]+\s*$",
    // package managers, docker, git, shells
    r"^\s*(?:npm|yarn|pnpm)\s+(?:ERR!|WARN|error|warn|notice)",
    r"^#\d+\s+(?:\[|\d+\.\d+|ERROR|DONE|CACHED|sha256|resolve|transferring|naming|exporting|writing|extracting|load)",
    r"^\s*(?:failed to \w+:|error:|fatal:|hint:|remote:)\s",
    // browser consoles (a source reference ends the line: `client:495:9`,
    // `useColorManagement.ts:106:15`), dev servers, git status
    r"[\s>][\w.\-/@?=&<>]+:\d+:\d+\s*$",
    r"^\s*\[(?:vite|webpack|HMR|hmr|nodemon|next|nuxt|wds)\]\s",
    // a bundler plugin's error (`[plugin:vite:vue] v-model cannot be used
    // on a prop …`), a package's own log line (`[dotenv@17.2.2] injecting
    // env …`)
    r"^\s*\[plugin:[\w:@/.-]+\]",
    r"^\s*\[[\w.-]+@\d+(?:\.\d+)+\]\s",
    // code pasted without a fence: a definition's head, a binding, an
    // import, a statement ended by `;`, a line of closing brackets
    r"^\s*(?:function|def|class|fn|func)\s+[A-Za-z_]\w*\s*[(<{:]",
    r"^\s*(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*(?::\s*[\w<>\[\]]+\s*)?=\s*\S",
    r"^\s*(?:import\s+[\w{*].*\bfrom\b|from\s+[\w.]+\s+import\s+\w|#include\s*[<\x22])",
    r"^\s*(?:return|await|yield)\b[^;]*;\s*$",
    r"^\s*[}\])]+[;,)]*\s*$",
    r"^\s*[\w.$]+\([^)]*\)\s*;\s*$",
    // a tool's name before its message (`standard: Unexpected linter output:`)
    r"^\s*[a-z][\w.-]*:\s+(?:Unexpected|Error|Warning|Cannot|Failed|Unknown|Invalid|Missing|Could not|Unable to)\b",
    // parser diagnostics (`… at line 2 column 32`, `⚠ path: invalid YAML:`)
    r"\bat line \d+,? column \d+",
    r"^\s*⚠\s*\S+:\s",
    r"^\s*Failed to (?:\w+\s+){0,4}\w+:\s",
    r#"^\s*(?:Changes (?:not staged for commit|to be committed):|Untracked files:|nothing to commit|no changes added to commit|\(use "git )"#,
    r"^\s*(?:CONFLICT \(|Auto-merging |Automatic merge failed|Merge made by|Already up to date|Switched to (?:a new )?branch|Your branch is)",
    r"^\s*(?:\$|>>>|PS [A-Z]:\\\S*>|❯|➜)\s",
    r"^\s*\d+:\d+\s+(?:error|warning|warn)\b",
    r"^\s*[✖✔×✗✘]\s",
    r"^\s*(?:-{3,}|={3,}|\*{3,}|_{3,})\s*$",
    r"^\s*(?:make(?:\[\d+\])?:|\*\*\*)\s",
    r"^\s*(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)\s+/\S*\s",
    r"^\s*HTTP/\d",
    r"^\s*[│╷╵┃]",
    r"^\s*Plan: \d+ to add",
    r"(?:^|\s)(?:level|lvl|msg|ts)=\S",
    r#"^\s*\{.*"(?:level|msg|message|severity)"\s*:"#,
    r"^[A-Z][A-Z_]+:\s{2,}\S",
    r"^NAME\s{2,}",
    r"\S\s{3,}\S+\s{3,}\S+\s{3,}\S",
];

fn log_set() -> &'static RegexSet {
    static SET: OnceLock<RegexSet> = OnceLock::new();
    SET.get_or_init(|| {
        // The gate's narrow classes (`gate_classes`): with Unicode word
        // boundaries the lazy DFA gives up on any non-ASCII line and the set
        // falls back to the (much slower) PikeVM.
        let pats: Vec<String> = LOG_PATTERNS
            .iter()
            .map(|p| super::dialect::gate_classes(p))
            .collect();
        RegexSetBuilder::new(&pats)
            .size_limit(1 << 24)
            .dfa_size_limit(1 << 23)
            .build()
            .unwrap_or_else(|_| RegexSet::empty())
    })
}

/// A shell prompt with its command: `user@host:~/dir$ cmd`, `(venv) user@host:/x$ cmd`,
/// `user@host dir % cmd`, `PS C:\x> cmd`, `➜  dir git:(main) cmd`.
fn is_prompt_line(line: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"^\s*(?:\([\w.-]+\)\s+)?[\w.-]+@[\w.-]+(?::\S*\s?[$#]|\s+\S+\s+[%$#])\s")
            .expect("prompt regex")
    });
    let t = line.trim_start();
    // (a zsh theme's arrow, `➜  api git:(main) ✗ fly launch`, or `❯ cmd`)
    t.starts_with(['➜', '❯'])
        || (memchr::memchr(b'@', line.as_bytes()).is_some()
            && re.is_match(prefix_at_boundary(line, 400)))
}

/// True when a single line looks like tool output (log, stack trace, diagnostics).
pub(crate) fn is_log_line(line: &str) -> bool {
    // Bound the work on pathological lines: tool output is recognisable from its head.
    let head = prefix_at_boundary(line, 400);
    log_set().is_match(head)
}

/// The start of the longest suffix of `s` of at most `max` bytes that
/// starts on a char boundary.
pub(crate) fn prefix_at_boundary_rev(s: &str, max: usize) -> usize {
    let mut i = s.len().saturating_sub(max);
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// The longest prefix of `s` of at most `max` bytes that ends on a char boundary.
pub(crate) fn prefix_at_boundary(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut i = max;
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    &s[..i]
}

fn leading_indent(line: &str) -> usize {
    let mut n = 0;
    for b in line.bytes() {
        match b {
            b' ' => n += 1,
            b'\t' => n += 4,
            _ => break,
        }
    }
    n
}

fn bullet_re() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        // a number in bold (`**2. Rename …**`) is a list marker too
        Regex::new(r"^[ \t]*(?:[-*+•‣◦]\s+(?:\[[ xX]\]\s+)?|(?:\*\*|__)?\d{1,3}[.)]\s+|#{1,6}\s+)")
            .expect("bullet regex")
    })
}

fn is_bullet_line(line: &str) -> bool {
    let t = line.trim_start();
    bullet_re().is_match(line) && !t.starts_with('#')
}

/// Classifies every line of `text`.
pub(crate) fn classify_lines(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    let mut pos = 0usize;
    let mut fence: Option<(u8, usize)> = None; // (fence char, run length)
    let mut prev_kind = LineKind::Blank;
    let mut shell = false;
    let bytes = text.as_bytes();
    while pos <= text.len() {
        let nl = memchr_nl(&bytes[pos..]).map(|i| pos + i);
        let raw_end = nl.unwrap_or(text.len());
        let mut end = raw_end;
        if end > pos && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        let line = &text[pos..end];
        let trimmed = line.trim_start();
        let kind = if let Some((fc, flen)) = fence {
            let run = trimmed.bytes().take_while(|&b| b == fc).count();
            if run >= flen && trimmed[run..].trim().is_empty() {
                fence = None;
            }
            LineKind::Code
        } else if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            let fc = trimmed.as_bytes()[0];
            let run = trimmed.bytes().take_while(|&b| b == fc).count();
            let rest = &trimmed[run..];
            // A one-line ```code``` span does not open a fence.
            let closes_inline = fc == b'`' && rest.contains("```");
            if !closes_inline {
                fence = Some((fc, run));
            }
            LineKind::Code
        } else if trimmed.is_empty() {
            LineKind::Blank
        } else if trimmed.starts_with('>') {
            LineKind::Quote
        } else if leading_indent(line) >= 4 && !is_bullet_line(line) {
            LineKind::Code
        } else if is_prompt_line(line) {
            // a pasted terminal: the prompt and everything after it up to a
            // blank line is the shell's
            shell = true;
            LineKind::Log
        } else if shell || is_log_line(line) {
            LineKind::Log
        } else if prev_kind == LineKind::Log && leading_indent(line) >= 2 {
            // continuation of a multi-line log record
            LineKind::Log
        } else {
            LineKind::Prose
        };
        if kind == LineKind::Blank {
            shell = false;
        }
        out.push(Line {
            start: pos,
            end,
            kind,
        });
        prev_kind = kind;
        match nl {
            Some(i) => pos = i + 1,
            None => break,
        }
    }
    tool_advice_is_log(text, &mut out);
    out
}

/// At most this many prose lines inside a tool's output are taken for its own.
const MAX_ADVICE_LINES: usize = 6;

/// Prose a tool printed inside its own output ("The conflict is caused
/// by:", "To fix this you could try to: 1. loosen the range … 2. remove
/// package versions …" between pip's `ERROR:` lines) is the tool's, not
/// the person's: a short run of prose lines after a log line (the output
/// has begun), with a log line or an indented one just before the run
/// and a log line just after it. Prose between fenced blocks stays the person's
/// (a comment between two pasted snippets).
fn tool_advice_is_log(text: &str, lines: &mut [Line]) {
    let indented = |l: &Line| {
        l.kind == LineKind::Code
            && text[l.start..l.end].starts_with([' ', '\t'])
            && !text[l.start..l.end].trim_start().starts_with(['`', '~'])
    };
    let mut seen_log = false;
    let mut i = 0;
    while i < lines.len() {
        let k = lines[i].kind;
        if k == LineKind::Log {
            seen_log = true;
        }
        if k != LineKind::Prose || !seen_log {
            i += 1;
            continue;
        }
        // the run of prose and blank lines from `i`
        let mut j = i;
        let mut prose = 0;
        while j < lines.len() && matches!(lines[j].kind, LineKind::Prose | LineKind::Blank) {
            prose += usize::from(lines[j].kind == LineKind::Prose);
            j += 1;
        }
        let before = lines[..i].iter().rev().find(|l| l.kind != LineKind::Blank);
        let opened = before.is_some_and(|l| l.kind == LineKind::Log || indented(l));
        let goes_on = lines.get(j).is_some_and(|l| l.kind == LineKind::Log);
        if opened && goes_on && prose <= MAX_ADVICE_LINES {
            for l in &mut lines[i..j] {
                if l.kind == LineKind::Prose {
                    l.kind = LineKind::Log;
                }
            }
        }
        i = j;
    }
}

fn memchr_nl(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'\n')
}

/// Abbreviations after which a single `.` does not end a sentence.
const ABBREV: &[&str] = &[
    "e.g", "i.e", "eg", "ie", "vs", "cf", "approx", "incl", "esp", "resp", "a.k.a", "aka", "w.r.t",
    "viz", "mr", "mrs", "ms", "dr", "jr", "sr", "fig", "eq", "al", "ca", "no", "nr", "vol", "ver",
    "e.t.c",
];

fn is_abbrev(token: &str, next: Option<char>) -> bool {
    let tok = token
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_ascii_lowercase();
    if tok == "etc" {
        // "etc." ends the sentence only when a capital letter follows
        return !next.map(|c| c.is_uppercase()).unwrap_or(true);
    }
    if tok == "no" {
        // "No." alone is a sentence; "no. 5" is an abbreviation
        return next.map(|c| c.is_ascii_digit()).unwrap_or(false);
    }
    ABBREV.contains(&tok.as_str())
}

fn is_closer(c: char) -> bool {
    matches!(c, ')' | ']' | '"' | '\'' | '”' | '’' | '*' | '_' | '`')
}

/// Splits the prose of `text` into sentences.
pub(crate) fn sentences(text: &str) -> Vec<Sentence> {
    let lines = classify_lines(text);
    let mut out = Vec::new();
    let mut para = 0usize;
    let mut i = 0usize;
    let mut last_was_prose = false;
    while i < lines.len() {
        let l = lines[i];
        if l.kind != LineKind::Prose {
            if last_was_prose {
                para += 1;
            }
            last_was_prose = false;
            i += 1;
            continue;
        }
        last_was_prose = true;
        // Build a unit: this line plus soft-wrapped continuation lines.
        let first = i;
        let line_text = &text[l.start..l.end];
        let marker_len = bullet_re().find(line_text).map(|m| m.end()).unwrap_or(0);
        let bullet = marker_len > 0 && !line_text.trim_start().starts_with('#');
        let heading = line_text.trim_start().starts_with('#') && marker_len > 0;
        let mut unit_end = l.end;
        let mut j = i + 1;
        while j < lines.len() && !heading {
            let nl = lines[j];
            if nl.kind != LineKind::Prose {
                break;
            }
            let prev = text[lines[j - 1].start..lines[j - 1].end].trim_end();
            let next = &text[nl.start..nl.end];
            if bullet_re().is_match(next) {
                break;
            }
            let prev_ends = prev.ends_with(['.', '!', '?', ':', '…']);
            let next_lower = next
                .trim_start()
                .chars()
                .next()
                .map(|c| c.is_lowercase())
                .unwrap_or(false);
            if prev_ends || !next_lower {
                break;
            }
            unit_end = nl.end;
            j += 1;
        }
        split_unit(
            text,
            l.start + marker_len,
            unit_end,
            para,
            bullet,
            first,
            &mut out,
        );
        i = j;
    }
    out
}

fn push_sentence(
    text: &str,
    mut s: usize,
    mut e: usize,
    para: usize,
    bullet: bool,
    line: usize,
    out: &mut Vec<Sentence>,
) {
    let seg = &text[s..e];
    let lead = seg.len() - seg.trim_start().len();
    s += lead;
    let seg = &text[s..e];
    e = s + seg.trim_end().len();
    if s >= e {
        return;
    }
    // Cut overlong sentences at whitespace so regex work stays bounded.
    while e - s > MAX_SENTENCE_BYTES {
        let chunk = prefix_at_boundary(&text[s..e], MAX_SENTENCE_BYTES);
        let cut = chunk
            .rfind(char::is_whitespace)
            .filter(|&c| c > 0)
            .unwrap_or(chunk.len());
        let cut = if cut == 0 { chunk.len().max(1) } else { cut };
        let mut cut_abs = s + cut;
        while cut_abs < e && !text.is_char_boundary(cut_abs) {
            cut_abs += 1;
        }
        let piece = &text[s..cut_abs];
        let pe = s + piece.trim_end().len();
        if pe > s {
            out.push(Sentence {
                start: s,
                end: pe,
                para,
                bullet,
                line,
            });
        }
        let rest = &text[cut_abs..e];
        s = cut_abs + (rest.len() - rest.trim_start().len());
        if s >= e {
            return;
        }
    }
    out.push(Sentence {
        start: s,
        end: e,
        para,
        bullet,
        line,
    });
}

fn vs_header_re() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)^[^,;:.!?]{1,80}?\s(?:vs\.?|versus)\s[^,;:!?]{1,80}$")
            .expect("vs header regex")
    })
}

/// Characters of the scripts written without spaces.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF)
}

/// Whether `before` ends with a word that only closes a sentence: a
/// Chinese sentence-final particle (吧, 了, 啊, 呢, 嘛) or a Korean
/// propositive, imperative or promissive ending (하자, 합시다, 해줘,
/// 주세요, 할게요).
fn closes_cjk_sentence(before: &str) -> bool {
    let Some(last) = before.chars().next_back() else {
        return false;
    };
    if matches!(last, '吧' | '了' | '啊' | '呢' | '嘛' | '呀' | '啦') {
        return true;
    }
    if !('\u{AC00}'..='\u{D7AF}').contains(&last) {
        return false;
    }
    let word = before.rsplit(' ').next().unwrap_or(before);
    [
        "하자",
        "가자",
        "쓰자",
        "두자",
        "넣자",
        "빼자",
        "보자",
        "바꾸자",
        "만들자",
        "옮기자",
        "합시다",
        "갑시다",
        "해줘",
        "주세요",
        "할게요",
        "할께요",
        "하죠",
        "가죠",
        "습니다",
    ]
    .iter()
    .any(|e| word.ends_with(e))
}

/// Sentence-ending punctuation: ASCII, full-width (Chinese, Japanese) and
/// the Arabic question mark (Persian, Arabic).
fn is_terminal(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '…' | '。' | '！' | '？' | '｡' | '؟')
}

/// Splits one unit `[s, e)` of prose into sentences.
fn split_unit(
    text: &str,
    s: usize,
    e: usize,
    para: usize,
    bullet: bool,
    line: usize,
    out: &mut Vec<Sentence>,
) {
    let unit = &text[s..e];
    let mut sent_start = 0usize;
    let mut in_tick = false;
    let mut first = true;
    let chars: Vec<(usize, char)> = unit.char_indices().collect();
    let mut k = 0usize;
    let emit = |a: usize, b: usize, first: &mut bool, out: &mut Vec<Sentence>| {
        let before = out.len();
        push_dash_split(text, s + a, s + b, para, bullet && *first, line, out);
        if out.len() > before {
            *first = false;
        }
    };
    while k < chars.len() {
        let (off, c) = chars[k];
        if c == '`' {
            in_tick = !in_tick;
            k += 1;
            continue;
        }
        // "actions로 하자 docker는 아직 필요 없어", "先A吧 polars以后再说":
        // typed without punctuation, a space after an ending that only
        // closes a sentence ends it
        if !in_tick && c == ' ' && k > 0 && closes_cjk_sentence(&unit[..off]) {
            if chars.get(k + 1).is_some_and(|&(_, n)| !n.is_whitespace()) {
                emit(sent_start, off, &mut first, out);
                sent_start = off + 1;
            }
            k += 1;
            continue;
        }
        // "…能用 X 吗，…": a comma after 吗 ends a question
        let asks = matches!(c, '，' | ',') && k > 0 && matches!(chars[k - 1].1, '吗' | '嗎');
        if in_tick || !(asks || is_terminal(c)) {
            k += 1;
            continue;
        }
        // run of terminal punctuation
        let mut r = k + 1;
        while r < chars.len() && is_terminal(chars[r].1) {
            r += 1;
        }
        let run_len = r - k;
        // closing quotes / brackets / emphasis
        let mut q = r;
        while q < chars.len() && is_closer(chars[q].1) {
            q += 1;
        }
        let at_end = q >= chars.len();
        let ws_after = !at_end && chars[q].1.is_whitespace();
        // full-width terminals end a sentence with no space after them
        // ("どっちがいいかな…いや UUID にしよう": so does an ellipsis
        // before a letter of those scripts)
        let full_width = asks
            || matches!(chars[r - 1].1, '。' | '！' | '？' | '｡')
            || (chars[r - 1].1 == '…' && !at_end && is_cjk(chars[q].1));
        if !(at_end || ws_after || full_width) {
            k = r;
            continue;
        }
        let next_char = chars[q..]
            .iter()
            .map(|&(_, ch)| ch)
            .find(|ch| !ch.is_whitespace());
        if run_len == 1 && c == '.' {
            let tok_start = unit[..off]
                .rfind(|ch: char| ch.is_whitespace() || ch == '(')
                .map(|p| p + 1)
                .unwrap_or(0);
            let token = &unit[tok_start..off];
            if is_abbrev(token, next_char) {
                k = r;
                continue;
            }
        }
        if run_len == 1 && c == '!' && !at_end {
            // `query! macros`, `println! calls`: a macro name, not a sentence end
            let prev_word = off > 0
                && unit[..off]
                    .chars()
                    .next_back()
                    .map(|p| p.is_alphanumeric() || p == '_')
                    .unwrap_or(false);
            if prev_word && next_char.map(|n| n.is_lowercase()).unwrap_or(false) {
                k = r;
                continue;
            }
        }
        let end_off = if q < chars.len() {
            chars[q].0
        } else {
            unit.len()
        };
        emit(sent_start, end_off, &mut first, out);
        sent_start = end_off;
        k = q;
    }
    if sent_start < unit.len() {
        emit(sent_start, unit.len(), &mut first, out);
    }
}

/// "poetry vs uv — let's use uv." : a comparison header followed by a dash is
/// its own sentence.
fn push_dash_split(
    text: &str,
    s: usize,
    e: usize,
    para: usize,
    bullet: bool,
    line: usize,
    out: &mut Vec<Sentence>,
) {
    let seg = &text[s..e];
    // Every dash form starts with `-` or with 0xE2 (`—`, `–`).
    if memchr::memchr2(b'-', 0xE2, seg.as_bytes()).is_none() {
        push_sentence(text, s, e, para, bullet, line, out);
        return;
    }
    for dash in [" — ", " -- ", " – ", " - "] {
        if let Some(p) = memchr::memmem::find(seg.as_bytes(), dash.as_bytes()) {
            let head = seg[..p].trim();
            // "we need to rewrite it in python -- Would you do this for
            // me?": a dash before a capitalized question or request starts
            // a new sentence
            let after = &seg[p + dash.len()..];
            let capital = dash != " - "
                && head.split_whitespace().nth(2).is_some()
                && [
                    "Would ", "Could ", "Can ", "Will ", "Do ", "Does ", "Should ", "Shall ",
                    "Is ", "Are ", "What ", "Why ", "How ", "Please ", "Thanks", "Thank ",
                ]
                .iter()
                .any(|w| after.starts_with(w));
            if capital || vs_header_re().is_match(head) {
                push_sentence(text, s, s + p, para, bullet, line, out);
                push_sentence(text, s + p + dash.len(), e, para, false, line, out);
                return;
            }
        }
    }
    push_sentence(text, s, e, para, bullet, line, out);
}

/// False only when no character of `b` can open a masked span (the common
/// case), so that [`mask`] can skip its per-character pass: no backtick or
/// double quote, no `“`/`‘` (lead byte 0xE2), and every `'` follows a letter,
/// digit or `_` (an apostrophe inside a word never opens a quote).
fn may_open_span(b: &[u8]) -> bool {
    let mut from = 0;
    while let Some(i) = memchr::memchr3(b'`', b'"', b'\'', &b[from..]).map(|i| from + i) {
        if b[i] != b'\'' || i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
            return true;
        }
        from = i + 1;
    }
    let curly = |q: &str| memchr::memmem::find(b, q.as_bytes()).is_some();
    memchr::memchr(0xE2, b).is_some() && (curly("“") || curly("‘"))
}

/// Whether `s` is one of the built-in technology names and nothing else.
fn is_tech_name(s: &str) -> bool {
    s.len() <= 40 && super::rules::is_plain_tech_name(&s.to_ascii_lowercase())
}

/// A copy of `s` of identical byte length in which the content of inline code
/// spans and quoted strings is replaced by `_`, so that words inside them never
/// fire a marker while offsets stay valid. A code span that is only a
/// technology's name stays, its backticks read as spaces.
pub(crate) fn mask(s: &str) -> String {
    if !may_open_span(s.as_bytes()) {
        return s.to_string();
    }
    mask_spans(s)
}

/// [`mask`] without the shortcut.
fn mask_spans(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = b.to_vec();
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    let n = chars.len();
    let mut i = 0usize;
    let byte_end = |idx: usize| if idx < n { chars[idx].0 } else { s.len() };
    while i < n {
        let (off, c) = chars[i];
        let opener_ok = |idx: usize| -> bool {
            if idx == 0 {
                return true;
            }
            let p = chars[idx - 1].1;
            p.is_whitespace() || matches!(p, '(' | '[' | '{' | ':' | '=' | ',' | '/')
        };
        let close = match c {
            '`' => Some('`'),
            '"' if opener_ok(i) => Some('"'),
            '“' => Some('”'),
            '\'' if opener_ok(i) => Some('\''),
            '‘' if opener_ok(i) => Some('’'),
            _ => None,
        };
        if let Some(cl) = close {
            // find the closing char
            let mut j = i + 1;
            let mut found = None;
            while j < n {
                let cj = chars[j].1;
                if cj == cl {
                    let closer_ok = if cl == '\'' || cl == '’' {
                        let next = if j + 1 < n {
                            Some(chars[j + 1].1)
                        } else {
                            None
                        };
                        let prev = chars[j - 1].1;
                        !prev.is_whitespace()
                            && next
                                .map(|x| {
                                    x.is_whitespace() || (x.is_ascii_punctuation() && x != '\'')
                                })
                                .unwrap_or(true)
                    } else {
                        true
                    };
                    if closer_ok {
                        found = Some(j);
                        break;
                    }
                }
                if cj == '\n' || chars[j].0 - off > 300 {
                    break;
                }
                j += 1;
            }
            if let Some(j) = found {
                let a = byte_end(i + 1);
                let z = chars[j].0;
                // (a technology's name in backticks is still its name: "use
                // `pnpm` for this repo")
                if cl == '`' && j > i + 1 && is_tech_name(&s[a..z]) {
                    // (the backticks read as spaces)
                    out[off] = b' ';
                    out[z] = b' ';
                } else if j > i + 1 {
                    for x in &mut out[a..z] {
                        *x = b'_';
                    }
                }
                i = j + 1;
                continue;
            }
        }
        let _ = off;
        i += 1;
    }
    // Every replaced range covers whole chars, so the result is valid UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| s.to_string())
}

/// The length of a sentence's leading interjections ("cool, ", "thanks! ",
/// "ok so ", "hmm honestly ", "d'accord, ", "好的，"): words that say
/// nothing of the decision and that the table's sentence-initial rules do
/// not list. `None` when there are none or nothing follows them.
pub(crate) fn lead_len(view: &str) -> Option<usize> {
    static R: OnceLock<Regex> = OnceLock::new();
    let re = R.get_or_init(|| {
        super::dialect::ci(concat!(
            r"^[\s\p{P}]*(?:(?:ok|okay|k|kk|so|and|also|but|then|now|well|yes|yeah|yep|yup|sure|right|alright|all\s+right|cool|great|nice|perfect|awesome|excellent|good|fine|thanks|thank\s+you|thx|ty|cheers|got\s+it|makes\s+sense|sounds\s+good|agreed|lgtm|fair\s+enough|fair|true|exactly|correct|hmm+|hm+|ah|oh|eh|meh|welp|btw|by\s+the\s+way|honestly|tbh|imo|actually|anyway|anyways|one\s+more\s+thing|plus|no|nah|nope|wait|ugh|lol|haha|wow|interesting|understood|noted|ack",
            r"|vale|bueno|bien|perfecto|genial|claro|listo|entonces|pues|oye|beleza|blz|show|certo|ent[ãa]o|bom|[óo]timo|perfeito|t[áa]|pois|d'accord|bon|parfait|super|g[ée]nial|alors|bref|voil[àa]|euh|ouais|merci|gut|alles\s+klar|perfekt|passt|na\s+gut|ja|jo|danke|prima",
            r"|ок|окей|ладно|хорошо|отлично|понял|поняла|ясно|так|ну|спасибо|супер",
            r")(?:[\s,!.:;…—–-]+|$)|(?:好的|好吧|好|嗯|行|可以|了解|なるほど|はい|うん|네|좋아요|좋아|알겠어요|그래|흠+|음+)[\s,，、。!！]+)+"
        ))
    });
    let m = re.find(view)?;
    (m.end() > 0 && view[m.end()..].trim().chars().count() >= 2).then_some(m.end())
}

/// Byte offsets where a later clause of a sentence begins: after ", ",
/// "; ", " — ", " – " or " - ", with at least two more words to read.
/// (The full-width comma and semicolon count too; a colon does not: "Error:
/// X is not a function" is a pasted message, not a clause.)
pub(crate) fn clause_starts(view: &str) -> Vec<usize> {
    let b = view.as_bytes();
    let mut out = Vec::new();
    for (i, c) in view.char_indices() {
        let after = i + c.len_utf8();
        let cut = match c {
            ',' | ';' => b.get(after) == Some(&b' '),
            '，' | '；' | '—' | '–' => true,
            '-' => i > 0 && b[i - 1] == b' ' && b.get(after) == Some(&b' '),
            _ => false,
        };
        // (a clause in a script written without spaces counts its
        // characters: "…，那就mqtt")
        let cjk_words = || {
            view[after..]
                .chars()
                .filter(|&c| is_cjk(c))
                .nth(1)
                .is_some()
        };
        if cut && (view[after..].split_whitespace().nth(1).is_some() || cjk_words()) {
            out.push(after);
        }
    }
    out
}

#[cfg(test)]
mod mask_tests {
    use proptest::prelude::*;

    #[test]
    fn shortcut_agrees_on_quotes_and_apostrophes() {
        for t in [
            "don't use `unwrap` here",
            "it's fine, 'quoted words' stay",
            "(\'x\') and \"y\" and “z” and ‘w’",
            "rock'n'roll isn't masked",
            "a\u{A0}'b' c",
            "x_'y' 9'z'",
            "'start",
            "no quotes at all",
        ] {
            assert_eq!(super::mask(t), super::mask_spans(t), "{t:?}");
        }
        assert!(!super::may_open_span(b"don't won't it's"));
    }

    proptest! {
        #[test]
        fn shortcut_agrees_with_the_full_pass(s in "[a-z _'`\"(=\u{A0}\u{2018}\u{201C}\u{2019}\u{201D}]{0,40}") {
            prop_assert_eq!(super::mask(&s), super::mask_spans(&s));
        }
    }
}
