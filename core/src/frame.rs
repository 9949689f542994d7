//! Framing: how an input's bytes are cut into records.
//!
//! Line formats (JSONL, Markdown) are cut at `\n` by the session itself. A
//! JSON *document* (Gemini's session file, a Cline task file, an Amp thread,
//! a VS Code chat export) is cut by [`DocScanner`] into the records an
//! adapter reads: each element of a top-level array; each member of a
//! top-level object, where a member whose value is an array is cut once more
//! into its elements (so `{"sessionId": …, "messages": [m1, m2]}` gives the
//! records `sessionId`, `messages[0]`, `messages[1]`). The scanner is
//! incremental and only ever holds the record it is in, so a document of any
//! size is read in memory bounded by its largest record (`max_record_bytes`),
//! and the records come out the same however the bytes were split.
//!
//! The scanner only finds where records start and end (strings, escapes and
//! nesting); each record is then parsed by the adapter like a line.

use crate::adapters::kit::Loc;

/// What decides the framing: the first line of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Framing {
    Lines,
    Document,
}

/// Decides the framing from the input's first line (without its `\n`), or
/// `None` while more bytes are needed (`eof` false and no newline yet).
///
/// A document starts with `[`, or its first line is a lone `{` (pretty
/// printed), or the whole document is one line holding an array of records
/// whose members say it is one (an Amp thread or a Gemini session written
/// minified). Anything else is read as lines.
pub(crate) fn decide(head: &[u8], eof: bool, limit: usize) -> Option<Framing> {
    let text = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
    let start = text.iter().position(|b| !b.is_ascii_whitespace());
    let Some(start) = start else {
        // Only whitespace so far (blank leading lines are fine in both).
        return (eof || head.len() > limit).then_some(Framing::Lines);
    };
    let text = &text[start..];
    match text[0] {
        b'[' => return Some(Framing::Document),
        b'{' => {}
        _ => return Some(Framing::Lines),
    }
    let line_end = memchr::memchr(b'\n', text);
    let Some(end) = line_end.or(eof.then_some(text.len())) else {
        return (head.len() > limit).then_some(Framing::Lines);
    };
    let line = text[..end].trim_ascii();
    if line == b"{" {
        return Some(Framing::Document);
    }
    if line.len() > limit {
        // Not read whole (as a line it is over the limit either way).
        return Some(Framing::Lines);
    }
    let (decoded, _) = crate::text::decode(line);
    match serde_json::from_str::<serde_json::Value>(&decoded) {
        Ok(serde_json::Value::Object(m)) if crate::detect::is_document(&m) => {
            Some(Framing::Document)
        }
        _ => Some(Framing::Lines),
    }
}

/// Where the scanner stands in the document's structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// Before the top-level value.
    Start,
    /// In the top-level array, before an element (or `]`).
    ArrayItem,
    /// In the top-level object, before a key (or `}`).
    ObjectKey,
    /// In a member name (after its opening quote).
    Key,
    /// In the top-level object, after a key, before `:`.
    Colon,
    /// In the top-level object, before a member's value.
    MemberValue,
    /// In an array-valued member, before an element (or `]`).
    MemberItem,
    /// After the top-level value.
    End,
    /// The structure broke; the rest is not read.
    Broken,
}

/// A record in progress.
#[derive(Clone, Debug, Default)]
struct Cur {
    active: bool,
    /// Nesting inside the record's value (0 for a scalar or a string).
    depth: usize,
    in_str: bool,
    esc: bool,
    /// A number or literal (ends at a delimiter, which is not part of it).
    scalar: bool,
    /// Over the limit: its bytes are dropped, it ends as `TooLarge`.
    skipping: bool,
    /// The next byte is the record's first (decides `scalar`).
    first: bool,
    loc: Loc,
}

/// Whether `b` can open a JSON value (so a record always consumes it).
fn starts_value(b: u8) -> bool {
    matches!(
        b,
        b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n'
    )
}

/// What one step of the scanner found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DocEvent {
    /// A record is complete: its bytes are [`DocScanner::record`], its
    /// member name [`DocScanner::field`].
    Record(Loc),
    /// A record longer than the limit ended (its bytes were dropped).
    TooLarge(Loc),
    /// The structure is not JSON here; nothing after it is read.
    Broken(Loc, String),
    /// Bytes after the end of the document (reported once).
    Trailing(Loc),
}

/// The incremental document cutter. Feed it with [`DocScanner::step`] until
/// the input is used up, then call [`DocScanner::finish`].
#[derive(Clone, Debug)]
pub(crate) struct DocScanner {
    at: At,
    cur: Cur,
    buf: Vec<u8>,
    /// The current member's key (raw JSON string bytes, quotes excluded).
    key: Vec<u8>,
    key_esc: bool,
    /// The member name of the record last returned (decoded key).
    field: Option<String>,
    line_no: u64,
    offset: u64,
    limit: usize,
    trailing_reported: bool,
    /// Where the member being read began (its key's opening quote): a
    /// document cut before that member's value is reported there, so the
    /// report points at the member and not at the end of the input.
    member: Loc,
}

impl DocScanner {
    pub fn new(limit: usize) -> DocScanner {
        DocScanner {
            at: At::Start,
            cur: Cur::default(),
            buf: Vec::new(),
            key: Vec::new(),
            key_esc: false,
            field: None,
            line_no: 1,
            offset: 0,
            limit,
            trailing_reported: false,
            member: Loc {
                line_no: 1,
                byte_offset: 0,
            },
        }
    }

    /// The bytes of the record last returned as [`DocEvent::Record`].
    pub fn record(&self) -> &[u8] {
        &self.buf
    }

    /// The member the record last returned belongs to (`None` for an
    /// element of a top-level array).
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// The position the scanner has reached.
    pub fn loc(&self) -> Loc {
        Loc {
            line_no: self.line_no,
            byte_offset: self.offset,
        }
    }

    /// Reads from `input` until a record completes (or something else worth
    /// reporting happens) or the input is used up. Returns how many bytes
    /// were consumed and what happened.
    pub fn step(&mut self, input: &[u8]) -> (usize, Option<DocEvent>) {
        let mut i = 0;
        let mut event = None;
        while i < input.len() && event.is_none() {
            if self.cur.active {
                let (n, done) = self.value_bytes(&input[i..]);
                self.advance(&input[i..i + n]);
                i += n;
                if done {
                    event = Some(self.end_record());
                }
                continue;
            }
            if self.at == At::Key {
                let n = self.key_bytes(&input[i..]);
                self.advance(&input[i..i + n]);
                i += n;
                continue;
            }
            if self.at == At::Broken {
                self.advance(&input[i..]);
                i = input.len();
                continue;
            }
            let b = input[i];
            if b.is_ascii_whitespace() {
                self.advance(&input[i..=i]);
                i += 1;
                continue;
            }
            match self.at {
                At::Start => match b {
                    b'[' => self.at = At::ArrayItem,
                    b'{' => self.at = At::ObjectKey,
                    // A byte-order mark before the document.
                    0xef | 0xbb | 0xbf if self.offset < 3 => {}
                    _ => event = Some(self.broken("the document does not start with '[' or '{'")),
                },
                At::ArrayItem | At::MemberItem => match b {
                    b',' => {}
                    b']' => {
                        self.at = if self.at == At::ArrayItem {
                            At::End
                        } else {
                            At::ObjectKey
                        }
                    }
                    _ if !starts_value(b) => event = Some(self.broken("expected a value")),
                    _ => {
                        if self.at == At::ArrayItem {
                            self.field = None;
                        }
                        self.begin_record();
                        continue; // the byte is the record's first
                    }
                },
                At::ObjectKey => match b {
                    b',' => {}
                    b'}' => self.at = At::End,
                    b'"' => {
                        self.key.clear();
                        self.key_esc = false;
                        self.member = self.loc();
                        self.at = At::Key;
                    }
                    _ => event = Some(self.broken("expected a member name")),
                },
                At::Colon => match b {
                    b':' => self.at = At::MemberValue,
                    _ => event = Some(self.broken("expected ':' after a member name")),
                },
                At::MemberValue if !starts_value(b) => {
                    event = Some(self.broken("expected a member's value"))
                }
                At::MemberValue => {
                    self.field = Some(self.decoded_key());
                    if b == b'[' {
                        self.at = At::MemberItem;
                    } else {
                        self.at = At::ObjectKey;
                        self.begin_record();
                        continue;
                    }
                }
                At::End => {
                    if !self.trailing_reported {
                        self.trailing_reported = true;
                        event = Some(DocEvent::Trailing(self.loc()));
                    }
                }
                At::Key | At::Broken => {} // handled above
            }
            if self.at == At::Broken {
                continue; // the rest is accounted for above
            }
            self.advance(&input[i..=i]);
            i += 1;
        }
        (i, event)
    }

    /// The input ended. Returns what is still open: a record cut short, or a
    /// document whose closing bracket never came.
    pub fn finish(&mut self) -> Option<(Loc, &'static str)> {
        if self.cur.active {
            self.cur.active = false;
            return Some((self.cur.loc, "input ended in the middle of a record"));
        }
        match self.at {
            At::End | At::Broken => None,
            At::Start => None,
            At::Key | At::Colon | At::MemberValue => Some((
                self.member,
                "input ended in a member of the document before its value",
            )),
            _ => Some((
                self.loc(),
                "input ended before the document's closing bracket",
            )),
        }
    }

    /// Reads key bytes until the closing quote (which moves on to `Colon`);
    /// returns the bytes consumed, the quote included.
    fn key_bytes(&mut self, input: &[u8]) -> usize {
        let mut i = 0;
        while i < input.len() {
            let b = input[i];
            i += 1;
            if self.key_esc {
                self.key_esc = false;
            } else if b == b'\\' {
                self.key_esc = true;
            } else if b == b'"' {
                self.at = At::Colon;
                return i;
            }
            if self.key.len() < 4096 {
                self.key.push(b);
            }
        }
        i
    }

    fn decoded_key(&self) -> String {
        let mut quoted = Vec::with_capacity(self.key.len() + 2);
        quoted.push(b'"');
        quoted.extend_from_slice(&self.key);
        quoted.push(b'"');
        let (text, _) = crate::text::decode(&quoted);
        serde_json::from_str::<String>(&text)
            .unwrap_or_else(|_| String::from_utf8_lossy(&self.key).into_owned())
    }

    /// Starts a record at the next byte (`first`, not yet consumed).
    fn begin_record(&mut self) {
        self.buf.clear();
        self.cur = Cur {
            active: true,
            loc: self.loc(),
            ..Cur::default()
        };
        self.cur.first = true;
    }

    fn end_record(&mut self) -> DocEvent {
        self.cur.active = false;
        if self.cur.skipping {
            self.buf.clear();
            DocEvent::TooLarge(self.cur.loc)
        } else {
            DocEvent::Record(self.cur.loc)
        }
    }

    fn broken(&mut self, why: &str) -> DocEvent {
        self.at = At::Broken;
        DocEvent::Broken(
            self.loc(),
            format!(
                "{why} at byte {}; the rest of the document is not read",
                self.offset
            ),
        )
    }

    /// Consumes bytes of the record in progress. Returns the count and
    /// whether the record ended (a scalar's delimiter is not consumed).
    fn value_bytes(&mut self, input: &[u8]) -> (usize, bool) {
        let c = &mut self.cur;
        let mut i = 0;
        let mut done = false;
        if c.first && !input.is_empty() {
            c.first = false;
            c.scalar = !matches!(input[0], b'{' | b'[' | b'"');
        }
        while i < input.len() {
            if c.in_str {
                if c.esc {
                    c.esc = false;
                    i += 1;
                    continue;
                }
                match memchr::memchr2(b'"', b'\\', &input[i..]) {
                    None => i = input.len(),
                    Some(j) => {
                        i += j + 1;
                        if input[i - 1] == b'\\' {
                            c.esc = true;
                        } else {
                            c.in_str = false;
                            if c.depth == 0 {
                                done = true;
                                break;
                            }
                        }
                    }
                }
                continue;
            }
            let b = input[i];
            if c.scalar {
                if matches!(b, b',' | b']' | b'}') || b.is_ascii_whitespace() {
                    done = true;
                    break;
                }
                i += 1;
                continue;
            }
            i += 1;
            match b {
                b'"' => c.in_str = true,
                b'{' | b'[' => c.depth += 1,
                b'}' | b']' => {
                    c.depth = c.depth.saturating_sub(1);
                    if c.depth == 0 {
                        done = true;
                        break;
                    }
                }
                _ => {}
            }
        }
        if !c.skipping {
            if self.buf.len() + i > self.limit {
                c.skipping = true;
                self.buf = Vec::new();
            } else {
                self.buf.extend_from_slice(&input[..i]);
            }
        }
        (i, done)
    }

    fn advance(&mut self, bytes: &[u8]) {
        self.offset += bytes.len() as u64;
        self.line_no += memchr::memchr_iter(b'\n', bytes).count() as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(doc: &[u8], chunk: usize) -> (Vec<(Option<String>, String, u64, u64)>, Vec<String>) {
        let mut s = DocScanner::new(1 << 20);
        let mut recs = Vec::new();
        let mut other = Vec::new();
        for piece in doc.chunks(chunk.max(1)) {
            let mut rest = piece;
            while !rest.is_empty() {
                let (n, ev) = s.step(rest);
                rest = &rest[n..];
                match ev {
                    Some(DocEvent::Record(loc)) => recs.push((
                        s.field().map(str::to_owned),
                        String::from_utf8(s.record().to_vec()).unwrap(),
                        loc.line_no,
                        loc.byte_offset,
                    )),
                    Some(e) => other.push(format!("{e:?}")),
                    None => {}
                }
            }
        }
        if let Some((_, why)) = s.finish() {
            other.push(why.to_owned());
        }
        (recs, other)
    }

    #[test]
    fn cuts_objects_and_arrays_the_same_in_any_chunking() {
        let doc = br#"{
  "sessionId": "s1",
  "n": 12,
  "ok": true,
  "messages": [
    {"id": "a", "text": "x]}\"{["},
    {"id": "b", "list": [1, 2]},
    "plain", 7
  ],
  "empty": [],
  "env": {"k": {"nested": [1]}}
}
"#;
        let (recs, other) = cut(doc, 1 << 20);
        assert!(other.is_empty(), "{other:?}");
        let got: Vec<(Option<&str>, &str)> = recs
            .iter()
            .map(|r| (r.0.as_deref(), r.1.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (Some("sessionId"), "\"s1\""),
                (Some("n"), "12"),
                (Some("ok"), "true"),
                (Some("messages"), r#"{"id": "a", "text": "x]}\"{["}"#),
                (Some("messages"), r#"{"id": "b", "list": [1, 2]}"#),
                (Some("messages"), "\"plain\""),
                (Some("messages"), "7"),
                (Some("env"), r#"{"k": {"nested": [1]}}"#),
            ]
        );
        assert_eq!(
            (recs[3].2, recs[3].3),
            (
                6,
                doc.windows(9).position(|w| w == br#"{"id": "a"#).unwrap() as u64
            )
        );
        for chunk in [1, 2, 3, 7, 16] {
            assert_eq!(cut(doc, chunk), (recs.clone(), vec![]), "chunk {chunk}");
        }
    }

    #[test]
    fn top_level_array_and_escaped_keys() {
        let doc = br#"[{"a":1},{"b":"\\"} , 3]"#;
        let (recs, other) = cut(doc, 2);
        assert!(other.is_empty());
        assert_eq!(
            recs.iter().map(|r| r.1.as_str()).collect::<Vec<_>>(),
            [r#"{"a":1}"#, r#"{"b":"\\"}"#, "3"]
        );
        let (recs, _) = cut(br#"{"we\"ird\u0041":1}"#, 1);
        assert_eq!(recs[0].0.as_deref(), Some("we\"irdA"));
    }

    #[test]
    fn damage_is_reported() {
        let (recs, other) = cut(br#"[{"a":1},{"b":"#, 4);
        assert_eq!(recs.len(), 1);
        assert_eq!(other, ["input ended in the middle of a record"]);
        let (_, other) = cut(br#"[{"a":1}"#, 4);
        assert_eq!(other, ["input ended before the document's closing bracket"]);
        // Cut after a member's name: reported where that member began
        // (line 2), not where the input ended (line 3).
        for doc in [
            &b"{\n\"typ\"\n:"[..],
            b"{\n\"typ\"\n",
            b"{\n\"ty",
            b"{\n\"typ\":\n ",
        ] {
            let mut s = DocScanner::new(1 << 20);
            let mut rest = doc;
            while !rest.is_empty() {
                rest = &rest[s.step(rest).0..];
            }
            let (loc, why) = s.finish().expect("reported");
            assert_eq!((loc.line_no, loc.byte_offset), (2, 2), "{doc:?}");
            assert_eq!(
                why,
                "input ended in a member of the document before its value"
            );
        }
        let (recs, other) = cut(br#"{"a" 1, "b": 2}"#, 3);
        assert!(recs.is_empty());
        assert!(other[0].starts_with("Broken"), "{other:?}");
        for bad in [&b"[}"[..], b"[1}", b"{\"m\":[1,2}", b"{\"a\":}", b"[:1]"] {
            for chunk in [1, 2, 64] {
                let (_, other) = cut(bad, chunk);
                assert!(
                    other.iter().any(|o| o.starts_with("Broken")),
                    "{bad:?}: {other:?}"
                );
            }
        }
        let (recs, other) = cut(b"\xef\xbb\xbf[1]", 1);
        assert!(other.is_empty() && recs.len() == 1, "{other:?}");
        let (recs, other) = cut(b"[1] [2]", 1);
        assert_eq!(recs.len(), 1);
        assert!(other[0].starts_with("Trailing"));
    }

    #[test]
    fn over_long_records_are_dropped_not_held() {
        let mut s = DocScanner::new(8);
        let doc = br#"[{"a":"0123456789"},{"b":1}]"#;
        let mut evs = Vec::new();
        let mut rest = &doc[..];
        while !rest.is_empty() {
            let (n, ev) = s.step(rest);
            rest = &rest[n..];
            if let Some(ev) = ev {
                evs.push(format!("{ev:?}"));
            }
            assert!(s.buf.len() <= 8);
        }
        assert_eq!(evs.len(), 2);
        assert!(evs[0].starts_with("TooLarge"));
        assert!(evs[1].starts_with("Record"));
    }

    #[test]
    fn framing_decisions() {
        let lim = 1 << 20;
        assert_eq!(decide(b"{\n", false, lim), Some(Framing::Document));
        assert_eq!(decide(b"  [", false, lim), Some(Framing::Document));
        assert_eq!(decide(b"{\"type\":\"user\"", false, lim), None);
        assert_eq!(
            decide(b"{\"type\":\"user\"}\n", false, lim),
            Some(Framing::Lines)
        );
        assert_eq!(
            decide(b"# aider chat started", false, lim),
            Some(Framing::Lines)
        );
        assert_eq!(decide(b"", true, lim), Some(Framing::Lines));
        assert_eq!(decide(b"\n\n", false, lim), None);
        // A session document written on one line is a document, though its
        // header members look like a JSONL header's (which holds no array).
        let one = br#"{"sessionId":"s","projectHash":"p","startTime":"t","messages":[{"id":"1","type":"user","content":"hi"}]}"#;
        assert_eq!(decide(one, true, lim), Some(Framing::Document));
        let header = br#"{"sessionId":"s","projectHash":"p","startTime":"t","lastUpdated":"t","kind":"main"}"#;
        assert_eq!(decide(header, true, lim), Some(Framing::Lines));
    }
}
