//! Each rule's regexes, compiled once, and how a match becomes a secret's
//! span (the checks on its surroundings and its value).

use regex::bytes::{Captures, Regex};

use super::assign::{flag_match_value, flag_value};
use super::heuristics::*;
use super::rules::Rule;
use super::{push_span, Redactor, Spans, LOGIN_COMMAND};

pub(super) struct Compiled {
    pk_header: Regex,
    pk_footer: Regex,
    pk_body: Regex,
    jwt: Regex,
    aws_key_id: Regex,
    aws_secret: Regex,
    gcp: Regex,
    github: Regex,
    gitlab: Regex,
    slack: Regex,
    slack_webhook: Regex,
    stripe: Regex,
    anthropic: Regex,
    openai: Regex,
    npm: Regex,
    pypi: Regex,
    huggingface: Regex,
    sendgrid: Regex,
    url_password: Regex,
    bearer: Regex,
    basic_header: Regex,
    curl_user: Regex,
    flag: Regex,
    mysql_p: Regex,
    xml_attr: Regex,
}

pub(super) fn re(p: &str) -> Regex {
    Regex::new(p).expect("built-in redaction regex")
}

impl Compiled {
    pub(super) fn new() -> Compiled {
        Compiled {
            pk_header: re(r"(?-u)-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"),
            pk_footer: re(r"(?-u)-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"),
            pk_body: re(r"(?-u)\A(?:(?:\\[rn]|[\r\n\t ])+[A-Za-z0-9+/=]{16,})+"),
            jwt: re(r"(?-u)eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"),
            aws_key_id: re(r"(?-u)(?:AKIA|ASIA)[A-Z0-9]{16}"),
            aws_secret: re(
                r#"(?-u)(?i:aws_?secret_?(?:access_?)?key|secret_?access_?key)(?:\\?["'])?[ \t]*(?::=|=>|=|:)[ \t]*(?:\\?["'])?([A-Za-z0-9/+]{40})"#,
            ),
            gcp: re(r"(?-u)AIza[0-9A-Za-z_-]{35}"),
            github: re(r"(?-u)(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})"),
            gitlab: re(r"(?-u)gl(?:pat|ptt|dt|rt)-[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9_-]{2,}){0,2}"),
            slack: re(
                r"(?-u)(?:xox[abposre]-[0-9A-Za-z][0-9A-Za-z-]{8,}[0-9A-Za-z]|xapp-[0-9]-[0-9A-Za-z][0-9A-Za-z-]{8,}[0-9A-Za-z])",
            ),
            slack_webhook: re(
                r"(?-u)(?i:hooks\.slack\.com)/(?:services|workflows|triggers)/([A-Za-z0-9_/-]{16,}[A-Za-z0-9])",
            ),
            stripe: re(
                r"(?-u)(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9+/=]{24,})",
            ),
            anthropic: re(r"(?-u)sk-ant-[A-Za-z0-9_-]{20,}"),
            openai: re(r"(?-u)sk-(?:proj-|svcacct-|admin-)?([A-Za-z0-9_-]{20,})"),
            npm: re(r"(?-u)npm_[A-Za-z0-9]{36}"),
            pypi: re(r"(?-u)pypi-AgE[A-Za-z0-9_-]{50,}"),
            huggingface: re(r"(?-u)hf_[A-Za-z0-9]{34}"),
            sendgrid: re(r"(?-u)SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
            url_password: re(
                r#"(?-u)[A-Za-z][A-Za-z0-9+.-]{0,30}://([^\s:/@?#"'<>]*):([^\s/?#"'<>\\,:]+)@[A-Za-z0-9\[_-]"#,
            ),
            bearer: re(r"(?-u)(?i:bearer)(?:[ \t]+|%20|\+)([A-Za-z0-9._~+/-]{16,}=*)"),
            basic_header: re(
                r#"(?-u)(?i:authorization)(?:\\?["'])?[ \t]*[:=][ \t]*(?:\\?["'])?(?i:basic|token)[ \t]+([A-Za-z0-9._~+/-]{8,}=*)"#,
            ),
            curl_user: re(
                r#"(?-u)(?i:curl)[^\n]*?[ \t](?:-u|--user)[ \t]*(?:\\?["'])?[^\s:"'\\]+:([^\s"'\\]+)"#,
            ),
            mysql_p: re(
                r#"(?-u)(?i:mysql|mysqldump|mysqladmin|mariadb)[^\n]*?[ \t]-p(?:'([^'\r\n]+)'|"([^"\r\n]+)"|([^\s'"\\;&|:]+))"#,
            ),
            xml_attr: re(
                r#"(?-u)(?i:key|name)[ \t]*=[ \t]*"(?P<key>[A-Za-z0-9_.\-:]*(?i:pass|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key)[A-Za-z0-9_.\-:]*)"[ \t]+(?i:value)[ \t]*=[ \t]*"(?P<val>[^"\r\n]*)""#,
            ),
            flag: re(
                r#"(?-u)(?:(?m:^)|[ \t])--(?P<key>[A-Za-z0-9\-]*(?i:pass|secret|token|api-?key|access-?key|private-?key)[A-Za-z0-9\-]*)[ \t]+(?P<val>"[^"\r\n]*"|'[^'\r\n]*'|[^\s"'`;&|<>(){}\[\]\\]+)"#,
            ),
        }
    }
}

/// Whether `text` (what precedes a `-p` on its line) runs a login: `sshpass`,
/// or `login` after one of the container, cluster or cloud CLIs.
fn names_login_command(text: &[u8]) -> bool {
    let low = text.to_ascii_lowercase();
    if memchr::memmem::find(&low, b"sshpass").is_some() {
        return true;
    }
    let Some(login) = memchr::memmem::rfind(&low, b"login") else {
        return false;
    };
    let head = &low[..login];
    [
        "docker", "podman", "buildah", "skopeo", "nerdctl", "helm", "oc", "az",
    ]
    .iter()
    .any(|cmd| {
        memchr::memmem::find_iter(head, cmd.as_bytes()).any(|p| {
            (p == 0 || !head[p - 1].is_ascii_alphanumeric())
                && matches!(head.get(p + cmd.len()), Some(b' ' | b'\t'))
        })
    })
}

/// How far past its header a private key block's footer is looked for.
pub(super) const MAX_KEY_BLOCK: usize = 64 * 1024;

/// The matches of `re` in `h` starting at or after `from` (`h[..from]` is context).
pub(super) fn finds<'h>(
    re: &'h Regex,
    h: &'h [u8],
    from: usize,
) -> impl Iterator<Item = regex::bytes::Match<'h>> + 'h {
    let mut pos = from;
    std::iter::from_fn(move || {
        if pos > h.len() {
            return None;
        }
        let m = re.find_at(h, pos)?;
        pos = if m.end() > m.start() {
            m.end()
        } else {
            m.end() + 1
        };
        Some(m)
    })
}

/// The captures of `re` in `h` starting at or after `from` (`h[..from]` is context).
pub(super) fn caps<'h>(
    re: &'h Regex,
    h: &'h [u8],
    from: usize,
) -> impl Iterator<Item = Captures<'h>> + 'h {
    let mut pos = from;
    std::iter::from_fn(move || {
        if pos > h.len() {
            return None;
        }
        let c = re.captures_at(h, pos)?;
        let m = c.get(0).unwrap();
        pos = if m.end() > m.start() {
            m.end()
        } else {
            m.end() + 1
        };
        Some(c)
    })
}

pub(super) fn simple(
    re: &Regex,
    h: &[u8],
    from: usize,
    hay: &[u8],
    left: fn(u8) -> bool,
    right: fn(u8) -> bool,
    add: &mut impl FnMut(usize, usize),
) {
    for m in finds(re, h, from) {
        if left_ok(hay, m.start(), left)
            && right_ok(hay, m.end(), right)
            && !is_placeholder(m.as_bytes())
        {
            add(m.start(), m.end());
        }
    }
}

pub(super) fn openai_body_ok(body: &[u8]) -> bool {
    let upper = body.iter().any(u8::is_ascii_uppercase);
    let lower = body.iter().any(u8::is_ascii_lowercase);
    let digit = body.iter().any(u8::is_ascii_digit);
    if upper && lower && digit {
        return true;
    }
    // Lower-case hex keys (32+), as issued by OpenAI-compatible providers.
    body.len() >= 32
        && digit
        && body
            .iter()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
}

impl Redactor {
    /// Adds the spans rule `rule` finds in `hay[from..to]` (with `hay` as
    /// context) that do not overlap a span already found by an earlier rule.
    pub(super) fn find(&self, rule: Rule, hay: &[u8], from: usize, to: usize, spans: &mut Spans) {
        let re = &self.re;
        let h = &hay[..to];
        let mut add = |start: usize, end: usize| push_span(hay, spans, start, end, rule as usize);
        match rule {
            Rule::PrivateKey => {
                for m in finds(&re.pk_header, h, from) {
                    // The block ends at its footer, looked for up to the next
                    // header and within MAX_KEY_BLOCK bytes; without one, at
                    // the end of the base64 lines that follow the header.
                    let he = m.end();
                    let mut lim = hay.len().min(he + MAX_KEY_BLOCK);
                    if let Some(i) = hay[he..lim].windows(10).position(|w| w == b"-----BEGIN") {
                        lim = he + i;
                    }
                    let end = match re.pk_footer.find(&hay[he..lim]) {
                        Some(f) => he + f.end(),
                        None => he + re.pk_body.find(&hay[he..]).map_or(0, |b| b.end()),
                    };
                    // A header (and footer) with no key material is prose.
                    let body: usize = hay[he..end]
                        .split(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')))
                        .filter(|run| run.len() >= 16)
                        .map(<[u8]>::len)
                        .sum();
                    if body >= 40 {
                        add(m.start(), end);
                    }
                }
            }
            Rule::Jwt => {
                for m in finds(&re.jwt, h, from) {
                    if left_ok(hay, m.start(), is_token_byte) {
                        add(m.start(), m.end());
                    }
                }
            }
            Rule::AwsAccessKeyId => simple(
                &re.aws_key_id,
                h,
                from,
                hay,
                is_word_byte,
                is_word_byte,
                &mut add,
            ),
            Rule::AwsSecretAccessKey => {
                for c in caps(&re.aws_secret, h, from) {
                    let g = c.get(1).unwrap();
                    if right_ok(hay, g.end(), |b| {
                        b.is_ascii_alphanumeric() || b == b'/' || b == b'+' || b == b'='
                    }) && looks_random(g.as_bytes())
                        && !is_placeholder(g.as_bytes())
                    {
                        add(g.start(), g.end());
                    }
                }
            }
            Rule::GcpApiKey => simple(
                &re.gcp,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            Rule::GithubToken => simple(
                &re.github,
                h,
                from,
                hay,
                is_word_byte,
                is_word_byte,
                &mut add,
            ),
            Rule::GitlabToken => simple(
                &re.gitlab,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            Rule::SlackToken => simple(
                &re.slack,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            Rule::SlackWebhook => {
                for c in caps(&re.slack_webhook, h, from) {
                    let g = c.get(1).unwrap();
                    add(g.start(), g.end());
                }
            }
            Rule::StripeKey => simple(
                &re.stripe,
                h,
                from,
                hay,
                is_word_byte,
                is_word_byte,
                &mut add,
            ),
            Rule::AnthropicKey => simple(
                &re.anthropic,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            Rule::OpenaiKey => {
                // The body is read off the match (captures would cost more
                // than the match on text made of `sk-`).
                for m in finds(&re.openai, h, from) {
                    let key = &m.as_bytes()[3..];
                    let body = [&b"proj-"[..], b"svcacct-", b"admin-"]
                        .iter()
                        .find_map(|p| key.strip_prefix(*p).filter(|rest| rest.len() >= 20))
                        .unwrap_or(key);
                    if left_ok(hay, m.start(), is_token_byte) && openai_body_ok(body) {
                        add(m.start(), m.end());
                    }
                }
            }
            Rule::NpmToken => simple(&re.npm, h, from, hay, is_word_byte, is_word_byte, &mut add),
            Rule::PypiToken => simple(
                &re.pypi,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            Rule::HuggingfaceToken => {
                for m in finds(&re.huggingface, h, from) {
                    // Issued tokens mix cases; a 34-letter identifier in
                    // one case (`hf_…` in code) is a name.
                    let body = &m.as_bytes()[3..];
                    let mixed = body.iter().any(u8::is_ascii_uppercase)
                        && body.iter().any(u8::is_ascii_lowercase);
                    if mixed
                        && left_ok(hay, m.start(), is_word_byte)
                        && right_ok(hay, m.end(), is_word_byte)
                    {
                        add(m.start(), m.end());
                    }
                }
            }
            Rule::SendgridKey => simple(
                &re.sendgrid,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            Rule::UrlPassword => {
                // The match ends with the host's first byte, which may begin
                // the scheme of a URL right after (`…@db.host://u:p@…`): the
                // next search starts at that byte, not past it.
                let mut pos = from;
                while let Some(c) = re.url_password.captures_at(h, pos) {
                    let m = c.get(0).unwrap();
                    let pw = c.get(2).unwrap();
                    if left_ok(hay, m.start(), |b| {
                        b.is_ascii_alphanumeric() || b == b'+' || b == b'.' || b == b'-'
                    }) && !is_placeholder(pw.as_bytes())
                    {
                        add(pw.start(), pw.end());
                    }
                    pos = m.end() - 1;
                }
            }
            Rule::BearerToken => {
                for c in caps(&re.bearer, h, from) {
                    let m = c.get(0).unwrap();
                    let t = c.get(1).unwrap();
                    if left_ok(hay, m.start(), |b| b.is_ascii_alphanumeric())
                        && right_ok(hay, t.end(), |b| b.is_ascii_alphanumeric() || b == b'_')
                        && looks_random(t.as_bytes())
                    {
                        add(t.start(), t.end());
                    }
                }
            }
            Rule::BasicAuth => {
                for c in caps(&re.basic_header, h, from) {
                    let t = c.get(1).unwrap();
                    if !is_placeholder(t.as_bytes()) {
                        add(t.start(), t.end());
                    }
                }
                for c in caps(&re.curl_user, h, from) {
                    let t = c.get(1).unwrap();
                    if !is_placeholder(t.as_bytes()) {
                        add(t.start(), t.end());
                    }
                }
            }
            Rule::SecretAssignment => {
                // (`key = value` itself: see `parse_assignment`.)
                for m in finds(&re.flag, h, from) {
                    if let Some((a, b)) = flag_match_value(m.as_bytes(), m.start()) {
                        add(a, b);
                    }
                }
                for c in caps(&re.xml_attr, h, from) {
                    if let Some((a, b)) = flag_value(&c) {
                        add(a, b);
                    }
                }
            }
        }
    }

    /// `secret_assignment` in a command whose `-p` takes a password
    /// ([`LOGIN_COMMAND`] or [`MYSQL_COMMAND`]), in `hay[from..to]`, the
    /// line of a trigger naming the command.
    pub(super) fn find_command(
        &self,
        command: u32,
        hay: &[u8],
        from: usize,
        to: usize,
        spans: &mut Spans,
    ) {
        if command == LOGIN_COMMAND {
            // By hand: an `-p`/`--password` option (rare) is looked for first,
            // then the command before it; a regex walking every long line
            // that names a login costs more.
            let w = &hay[from..to];
            for opt in memchr::memmem::find_iter(w, b"-p") {
                let mut i = opt + 2;
                if w[i..].starts_with(b"assword") {
                    i += 7;
                    if opt == 0 || w[opt - 1] != b'-' {
                        continue;
                    }
                }
                let before = if w[i - 1] == b'p' { opt } else { opt - 1 };
                if before == 0
                    || !matches!(w[before - 1], b' ' | b'\t')
                    || !matches!(w.get(i), Some(b' ' | b'\t'))
                {
                    continue;
                }
                if !names_login_command(&w[..before]) {
                    continue;
                }
                while matches!(w.get(i), Some(b' ' | b'\t')) {
                    i += 1;
                }
                let (vs, ve) = match w.get(i) {
                    Some(&q @ (b'\'' | b'"')) => {
                        let Some(n) = w[i + 1..]
                            .iter()
                            .position(|&b| b == q || b == b'\n' || b == b'\r')
                        else {
                            continue;
                        };
                        if w[i + 1 + n] != q {
                            continue;
                        }
                        (i + 1, i + 1 + n)
                    }
                    _ => {
                        let n = w[i..]
                            .iter()
                            .position(|&b| {
                                b.is_ascii_whitespace()
                                    || matches!(b, b'\'' | b'"' | b'\\' | b';' | b'&' | b'|')
                            })
                            .unwrap_or(w.len() - i);
                        (i, i + n)
                    }
                };
                let v = &w[vs..ve];
                if !is_placeholder(v) && v.len() >= 4 {
                    push_span(
                        hay,
                        spans,
                        from + vs,
                        from + ve,
                        Rule::SecretAssignment as usize,
                    );
                }
            }
            return;
        }
        let re = &self.re.mysql_p;
        for c in caps(re, &hay[..to], from) {
            let v = c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)).unwrap();
            if !is_placeholder(v.as_bytes()) && v.len() >= 4 {
                push_span(
                    hay,
                    spans,
                    v.start(),
                    v.end(),
                    Rule::SecretAssignment as usize,
                );
            }
        }
    }
}
