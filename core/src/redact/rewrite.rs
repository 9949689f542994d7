//! Redacting a transcript in its own format: each record is rewritten with
//! every secret replaced by its `[REDACTED:<rule>]` marker and every other
//! byte kept, so that a session can be shared as the file it was.
//!
//! A record is walked as JSON text. Each string literal (keys too) is
//! decoded with a map from decoded bytes back to the bytes that wrote them,
//! redacted exactly as the parser redacts the strings it reads, and the
//! secrets' bytes are replaced in the literal as written (an escape outside
//! a secret stays the escape it was). A string the adapter reads as JSON of
//! its own (Codex `function_call` arguments) is walked the same way, one
//! level down. A line that is not JSON is redacted as text.

use crate::source::SourceKind;

use super::{rules, Redactor};

/// One secret replaced: where it was and which rule found it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Replacement {
    /// 1-based line of the record.
    pub line_no: u64,
    /// Offset in the input of the secret's first byte.
    pub byte_offset: u64,
    /// How many bytes of the input the secret took.
    pub len: u64,
    /// The rule's id (the marker's).
    pub rule: String,
}

/// A redacted copy of a transcript.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Redaction {
    /// The transcript with every secret replaced, in its own format.
    pub output: Vec<u8>,
    /// What was replaced, in input order.
    pub replacements: Vec<Replacement>,
    /// The tool the input was read as, when known (given or detected).
    pub source: Option<SourceKind>,
}

/// Rewrites a transcript line by line (see the module documentation). Feed
/// whole lines with [`Rewriter::line`]; the source decides which strings hold
/// JSON of their own, and is detected from the records when not given.
pub struct Rewriter {
    redactor: &'static Redactor,
    source: Option<SourceKind>,
    detected: bool,
    line_no: u64,
    offset: u64,
}

/// A replacement in the bytes of one record: `start..end` becomes the
/// marker of `rule`.
type Edit = (usize, usize, usize);

impl Rewriter {
    /// A rewriter for `source` (detected from the records when `None`).
    pub fn new(source: Option<SourceKind>) -> Rewriter {
        Rewriter {
            redactor: Redactor::shared(),
            source,
            detected: source.is_some(),
            line_no: 0,
            offset: 0,
        }
    }

    /// The source, once given or detected.
    pub fn source(&self) -> Option<SourceKind> {
        self.source
    }

    /// Rewrites one line (its bytes with their line break, if any) into
    /// `out`, and adds what it replaced to `report`.
    pub fn line(&mut self, line: &[u8], out: &mut Vec<u8>, report: &mut Vec<Replacement>) {
        self.line_no += 1;
        let start = self.offset;
        self.offset += line.len() as u64;
        let body_len = line.len()
            - line
                .iter()
                .rev()
                .take_while(|&&b| b == b'\n' || b == b'\r')
                .count();
        let body = &line[..body_len];
        if !self.detected && !body.trim_ascii().is_empty() {
            if let Some(kind) = crate::detect::classify_line(body, self.line_no == 1) {
                self.source = Some(kind);
                self.detected = true;
            }
        }
        let mut edits: Vec<Edit> = Vec::new();
        match std::str::from_utf8(body) {
            Ok(text) if serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok() => {
                let mut w = Walker {
                    r: self.redactor,
                    json_args: self.source == Some(SourceKind::Codex),
                    edits: &mut edits,
                };
                w.value(text.as_bytes(), 0, 0, None);
            }
            Ok(text) => {
                self.text_edits(text, 0, &mut edits);
                edits = keep_structure(body, edits);
            }
            Err(_) => {
                // Bytes that are not UTF-8: each valid run is redacted as text.
                for (at, run) in utf8_runs(body) {
                    self.text_edits(run, at, &mut edits);
                }
                edits = keep_structure(body, edits);
            }
        }
        if edits.is_empty() {
            out.extend_from_slice(line);
            return;
        }
        edits.sort_unstable();
        let mut at = 0;
        for (s, e, rule) in edits {
            if s < at {
                continue; // (edits never overlap; kept safe regardless)
            }
            out.extend_from_slice(&line[at..s]);
            out.extend_from_slice(b"[REDACTED:");
            out.extend_from_slice(rules()[rule].id.as_bytes());
            out.push(b']');
            report.push(Replacement {
                line_no: self.line_no,
                byte_offset: start + s as u64,
                len: (e - s) as u64,
                rule: rules()[rule].id.to_owned(),
            });
            at = e;
        }
        out.extend_from_slice(&line[at..]);
    }

    fn text_edits(&self, text: &str, base: usize, edits: &mut Vec<Edit>) {
        for (s, e, rule) in self.redactor.secret_spans(text) {
            edits.push((base + s, base + e, rule));
        }
    }
}

/// In a line that is not JSON, a secret's control characters, quotes and
/// backslashes are kept and only the runs between them replaced, so that
/// redacting never turns the line into JSON (which would read as a record
/// where the original read as a `not_json` line): whatever made the line
/// invalid inside a string (a raw control character, a bad escape, an
/// unterminated string) stays, and a marker outside a string is not JSON.
fn keep_structure(body: &[u8], edits: Vec<Edit>) -> Vec<Edit> {
    let structural = |b: u8| b < 0x20 || b == b'"' || b == b'\\';
    let mut out = Vec::with_capacity(edits.len());
    for (s, e, rule) in edits {
        let mut run = s;
        for i in s..e {
            if structural(body[i]) {
                if run < i {
                    out.push((run, i, rule));
                }
                run = i + 1;
            }
        }
        if run < e {
            out.push((run, e, rule));
        }
    }
    out
}

/// The maximal runs of valid UTF-8 in `b`, with their offsets.
fn utf8_runs(b: &[u8]) -> Vec<(usize, &str)> {
    let mut runs = Vec::new();
    let mut at = 0;
    while at < b.len() {
        match std::str::from_utf8(&b[at..]) {
            Ok(s) => {
                runs.push((at, s));
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                if good > 0 {
                    runs.push((
                        at,
                        std::str::from_utf8(&b[at..at + good]).unwrap_or_default(),
                    ));
                }
                at += good + e.error_len().unwrap_or(b.len() - at - good).max(1);
            }
        }
    }
    runs
}

/// Walks JSON text that is known to be valid, collecting edits.
struct Walker<'a> {
    r: &'static Redactor,
    /// Codex: `arguments` strings hold JSON the adapter parses.
    json_args: bool,
    edits: &'a mut Vec<Edit>,
}

/// A decoded string literal and, for each decoded byte (and one past the
/// end), the offset in the literal's text of the escape or byte that wrote
/// it. `None` when the literal has no escape (decoded = written).
struct Decoded {
    text: String,
    map: Option<Vec<u32>>,
}

impl Decoded {
    fn raw(&self, i: usize) -> usize {
        self.map.as_ref().map_or(i, |m| m[i] as usize)
    }
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// The end of the string literal starting at `b[i] == '"'` (just past its
/// closing quote).
fn string_end(b: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    while j < b.len() {
        match memchr::memchr2(b'"', b'\\', &b[j..]) {
            Some(k) if b[j + k] == b'\\' => j += k + 2,
            Some(k) => return j + k + 1,
            None => return b.len(),
        }
    }
    b.len()
}

fn hex4(b: &[u8]) -> Option<u32> {
    let s = std::str::from_utf8(b.get(..4)?).ok()?;
    u32::from_str_radix(s, 16).ok()
}

/// Decodes the contents of a string literal (`inner`, without its quotes).
fn decode(inner: &[u8]) -> Decoded {
    if memchr::memchr(b'\\', inner).is_none() {
        return Decoded {
            text: String::from_utf8_lossy(inner).into_owned(),
            map: None,
        };
    }
    let mut text = String::with_capacity(inner.len());
    let mut map: Vec<u32> = Vec::with_capacity(inner.len() + 1);
    let mut i = 0;
    fn push(text: &mut String, map: &mut Vec<u32>, c: char, at: usize) {
        let before = text.len();
        text.push(c);
        map.extend(std::iter::repeat_n(at as u32, text.len() - before));
    }
    while i < inner.len() {
        let b = inner[i];
        if b != b'\\' {
            // One UTF-8 character, copied byte for byte.
            let len = match b {
                0x00..=0x7f => 1,
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                _ => 4,
            }
            .min(inner.len() - i);
            let s = String::from_utf8_lossy(&inner[i..i + len]);
            let before = text.len();
            text.push_str(&s);
            if text.len() - before == len {
                map.extend((i..i + len).map(|k| k as u32));
            } else {
                map.extend(std::iter::repeat_n(i as u32, text.len() - before));
            }
            i += len;
            continue;
        }
        let esc = inner.get(i + 1).copied().unwrap_or(b'\\');
        let simple = match esc {
            b'"' => Some('"'),
            b'\\' => Some('\\'),
            b'/' => Some('/'),
            b'b' => Some('\u{8}'),
            b'f' => Some('\u{c}'),
            b'n' => Some('\n'),
            b'r' => Some('\r'),
            b't' => Some('\t'),
            _ => None,
        };
        if let Some(c) = simple {
            push(&mut text, &mut map, c, i);
            i += 2;
            continue;
        }
        // \uXXXX, maybe a surrogate pair; a lone surrogate reads as U+FFFD.
        let unit = hex4(&inner[(i + 2).min(inner.len())..]).unwrap_or(0xfffd);
        let mut len = 6;
        let c = if (0xd800..0xdc00).contains(&unit) {
            let low = (inner.get(i + 6) == Some(&b'\\') && inner.get(i + 7) == Some(&b'u'))
                .then(|| hex4(&inner[i + 8..]))
                .flatten()
                .filter(|l| (0xdc00..0xe000).contains(l));
            match low {
                Some(l) => {
                    len = 12;
                    char::from_u32(0x10000 + ((unit - 0xd800) << 10) + (l - 0xdc00))
                        .unwrap_or('\u{fffd}')
                }
                None => '\u{fffd}',
            }
        } else {
            char::from_u32(unit).unwrap_or('\u{fffd}')
        };
        push(&mut text, &mut map, c, i);
        i += len;
    }
    map.push(inner.len() as u32);
    Decoded {
        text,
        map: Some(map),
    }
}

impl Walker<'_> {
    /// Walks the value at `b[i]` (`base` is `b`'s offset in the record);
    /// `key` is the key it is the value of. Returns the index past it.
    fn value(&mut self, b: &[u8], i: usize, base: usize, key: Option<&str>) -> usize {
        let i = skip_ws(b, i);
        match b.get(i) {
            Some(b'{') => {
                let mut j = skip_ws(b, i + 1);
                if b.get(j) == Some(&b'}') {
                    return j + 1;
                }
                loop {
                    let kend = string_end(b, j);
                    let k = decode(&b[j + 1..kend - 1]);
                    self.redact_string(&k, j + 1, base);
                    j = skip_ws(b, kend);
                    j += 1; // ':'
                    j = self.value(b, j, base, Some(&k.text));
                    j = skip_ws(b, j);
                    match b.get(j) {
                        Some(b',') => j = skip_ws(b, j + 1),
                        _ => return j + 1, // '}'
                    }
                }
            }
            Some(b'[') => {
                let mut j = skip_ws(b, i + 1);
                if b.get(j) == Some(&b']') {
                    return j + 1;
                }
                loop {
                    j = self.value(b, j, base, None);
                    j = skip_ws(b, j);
                    match b.get(j) {
                        Some(b',') => j += 1,
                        _ => return j + 1, // ']'
                    }
                }
            }
            Some(b'"') => {
                let end = string_end(b, i);
                let inner_start = i + 1;
                let s = decode(&b[inner_start..end - 1]);
                let nested = self.json_args
                    && key == Some("arguments")
                    && serde_json::from_str::<serde::de::IgnoredAny>(&s.text).is_ok();
                if nested {
                    // JSON inside the string: walked as JSON, its edits
                    // mapped back through the literal's escapes.
                    let mut inner_edits = Vec::new();
                    let mut w = Walker {
                        r: self.r,
                        json_args: self.json_args,
                        edits: &mut inner_edits,
                    };
                    w.value(s.text.as_bytes(), 0, 0, None);
                    for (a, z, rule) in inner_edits {
                        self.edits.push((
                            base + inner_start + s.raw(a),
                            base + inner_start + s.raw(z),
                            rule,
                        ));
                    }
                } else {
                    self.redact_string(&s, inner_start, base);
                }
                end
            }
            _ => {
                // A number, true, false or null.
                let mut j = i;
                while j < b.len()
                    && !matches!(b[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
                {
                    j += 1;
                }
                j
            }
        }
    }

    /// Redacts a decoded literal whose contents start at `at` (+ `base`).
    fn redact_string(&mut self, s: &Decoded, at: usize, base: usize) {
        for (a, z, rule) in self.r.secret_spans(&s.text) {
            self.edits
                .push((base + at + s.raw(a), base + at + s.raw(z), rule));
        }
    }
}

/// Redacts a whole transcript in its own format (see [`Rewriter`]).
pub fn redact_transcript(bytes: &[u8], source: Option<SourceKind>) -> Redaction {
    let mut w = Rewriter::new(source);
    let mut out = Vec::with_capacity(bytes.len());
    let mut report = Vec::new();
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', bytes) {
        w.line(&bytes[start..=end], &mut out, &mut report);
        start = end + 1;
    }
    if start < bytes.len() {
        w.line(&bytes[start..], &mut out, &mut report);
    }
    Redaction {
        output: out,
        replacements: report,
        source: w.source(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redacted(s: &str, source: Option<SourceKind>) -> String {
        String::from_utf8(redact_transcript(s.as_bytes(), source).output).unwrap()
    }

    #[test]
    fn only_the_secret_bytes_of_a_literal_change() {
        let tok = "ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo";
        let line =
            format!("{{\"a\":\"caf\\u00e9\\n token {tok}\\t\", \"b\" : [1, true, null, \"x\"]}}\n");
        let out = redacted(&line, None);
        assert_eq!(out, "{\"a\":\"caf\\u00e9\\n token [REDACTED:github_token]\\t\", \"b\" : [1, true, null, \"x\"]}\n");
    }

    #[test]
    fn keys_and_escaped_secrets_are_redacted_where_written() {
        // The token written with an escaped `/`-free but `\u`-escaped letter.
        let line = "{\"ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iK\\u006f\":1}";
        assert_eq!(redacted(line, None), "{\"[REDACTED:github_token]\":1}");
    }

    #[test]
    fn codex_arguments_are_walked_as_the_json_they_hold() {
        let args = r#"{\"command\":[\"bash\",\"-lc\",\"export DB_PASSWORD=Tr0ub4dor&3-x\"]}"#;
        let line = format!("{{\"type\":\"response_item\",\"payload\":{{\"type\":\"function_call\",\"arguments\":\"{args}\"}}}}");
        let out = redacted(&line, Some(SourceKind::Codex));
        assert!(
            out.contains(r#"export DB_PASSWORD=[REDACTED:secret_assignment]\"]}"#),
            "{out}"
        );
    }

    #[test]
    fn redacting_a_line_that_is_not_json_never_makes_it_json() {
        // Found by fuzzing: raw control characters inside the value of a
        // secret-named key were the line's only fault.
        let cases: [&[u8]; 4] = [
            b"{\"a\":1,\"passwd\":\"2025-05-01T10:00:\x00\x00\x0000.000Z\"}",
            b"{\"token\":\"Zr8kT2mQ9v\"Lx4NcB7wHs1YpE\"}",
            b"{\"secret\":\"Zr8kT2mQ9v\\qLx4NcB7wHs1YpE\"}",
            b"{\"password\":\"Zr8kT2mQ9v\tLx4NcB7wHs1YpE\"}",
        ];
        for line in cases {
            assert!(serde_json::from_slice::<serde::de::IgnoredAny>(line).is_err());
            let r = redact_transcript(line, None);
            assert!(
                !r.replacements.is_empty(),
                "{}",
                String::from_utf8_lossy(line)
            );
            assert!(
                serde_json::from_slice::<serde::de::IgnoredAny>(&r.output).is_err(),
                "became JSON: {}",
                String::from_utf8_lossy(&r.output)
            );
            assert!(
                !String::from_utf8_lossy(&r.output).contains("Zr8kT2mQ9v"),
                "{}",
                String::from_utf8_lossy(&r.output)
            );
        }
    }

    #[test]
    fn lines_that_are_not_json_are_redacted_as_text_and_bad_bytes_kept() {
        let mut input =
            b"not json: token ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo \xff end\n".to_vec();
        input.extend_from_slice(b"{\"x\":1}");
        let r = redact_transcript(&input, None);
        assert_eq!(
            r.output,
            b"not json: token [REDACTED:github_token] \xff end\n{\"x\":1}".to_vec()
        );
        assert_eq!(r.replacements.len(), 1);
        assert_eq!(
            (
                r.replacements[0].line_no,
                r.replacements[0].byte_offset,
                r.replacements[0].len
            ),
            (1, 16, 40)
        );
    }
}
