//! Secret redaction.
//!
//! Redaction replaces only the bytes of a secret with `[REDACTED:<rule id>]`;
//! everything around it (the key name, the quotes, the URL's user and host,
//! the `Bearer ` scheme word, …) is kept byte for byte. A string in which no
//! rule fires is never touched, not even reallocated.
//!
//! # Rules
//!
//! Applied in this order; where two rules claim overlapping bytes, the earlier
//! rule wins (so `GITHUB_TOKEN=ghp_…` is reported as `github_token`, not as
//! `secret_assignment`).
//!
//! - `private_key`: a PEM/OpenSSH/PGP private key block, `-----BEGIN … PRIVATE KEY-----` through `-----END … PRIVATE KEY-----`, headers included (an unterminated block up to the end of its base64 body).
//! - `jwt`: a JSON Web Token, `eyJ<header>.eyJ<payload>.<signature>`.
//! - `aws_access_key_id`: an AWS access key id, `AKIA`/`ASIA` + 16 upper-case alphanumerics.
//! - `aws_secret_access_key`: a 40-character AWS secret key assigned to `aws_secret_access_key`, `SecretAccessKey`, … (`=`, `:`, `=>`, `:=`).
//! - `gcp_api_key`: a Google/GCP API key, `AIza` + 35 characters.
//! - `github_token`: GitHub tokens `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` (36+ alphanumerics) and fine-grained `github_pat_…`.
//! - `gitlab_token`: GitLab tokens `glpat-`, `glptt-`, `gldt-`, `glrt-` (20+ characters).
//! - `slack_token`: Slack tokens `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`, `xoxo-`, `xoxe-` and app tokens `xapp-`.
//! - `slack_webhook`: the secret path of a `hooks.slack.com/services/…` (or `/workflows/`, `/triggers/`) webhook URL.
//! - `stripe_key`: Stripe secret and restricted keys `sk_live_`, `sk_test_`, `rk_live_`, `rk_test_`, and webhook secrets `whsec_`.
//! - `anthropic_key`: Anthropic keys `sk-ant-…`.
//! - `openai_key`: OpenAI keys `sk-…`, `sk-proj-…`, `sk-svcacct-…`, `sk-admin-…` (20+ characters that look random).
//! - `npm_token`: npm access tokens, `npm_` + 36 alphanumerics.
//! - `pypi_token`: PyPI / TestPyPI upload tokens, `pypi-AgE…`.
//! - `url_password`: the password of a URL's user info, `scheme://user:PASSWORD@host` (the user and host are kept).
//! - `bearer_token`: the token after `Bearer ` (in an `Authorization` header or anywhere else; 16+ characters that look random).
//! - `basic_auth`: the credentials of `Authorization: Basic …` / `Authorization: Token …` headers and the password of `curl -u user:PASSWORD`.
//! - `secret_assignment`: the value of `KEY=value`, `KEY: value`, `"key": "value"`, `x['key'] = value`, `key := value`, `key => value`, `--key value`, `key="…" value="…"` and `mysql -pPASSWORD`, where the key name contains `password`, `passwd`, `pwd`, `passphrase`, `secret`, `token`, `api_key`/`apikey`/`api-key`, `access_key`, `private_key`, or ends in the word `pass` (so also `client_secret`, `DB_PASSWORD`, `DB_PASS`, `x-api-key`, `accessToken`, …).
//!
//! # What `secret_assignment` deliberately leaves alone
//!
//! Key-based detection sees a lot of things that are not secrets, so a value
//! is only redacted when it plausibly is one. The choices below were tuned on
//! the samples in `tests/redaction/` and on the code and docs of a Python
//! installation and a Cargo registry (~6.7 M lines), where what is left is
//! hard-coded passwords and example keys.
//!
//! - Keys that name a fact about a secret rather than the secret: the name
//!   goes on past the keyword with something other than `key`, `value`,
//!   `str`, `hash`, `b64`, `confirm(ation)`, digits, … (`max_tokens`,
//!   `token_type`, `tokenizer`, `password_min_length`, `secret_name`,
//!   `api_key_file`, `--password-stdin`); pagination, idempotency and model
//!   vocabulary tokens (`next_page_token`, `ClientToken`, `ChangeToken`,
//!   `eos_token`, `csrf_token`); the working directory (`PWD`, `OLDPWD`).
//! - Placeholders: values shorter than 4 bytes; `${VAR}`, `$VAR`, `$(cmd)`,
//!   `%VAR%`, `%s`, `{{ var }}`, `<your token>`, `[…]`, `(…)`; only `*`, `x`,
//!   `.`, `-`; containing `...`/`…`, `xxxx`, `****`, `example`, `placeholder`,
//!   `changeme`, `redacted`; starting with `your`, `replace`, `insert`,
//!   `enter`; words such as `password`, `secret`, `token`, `none`, `null`,
//!   `true`, `false`, `required`, `string`, `test`, `foo`; numbers of at most
//!   5 digits; version requirements (`^9.0.2`); ARNs and URLs; an
//!   already-redacted `[REDACTED:…]`.
//! - Names, not values: a value that is itself a key-like name containing a
//!   keyword (`"auth_token"`, `db-password`, `token=access_token`,
//!   `api_key=api_key`); for keys other than password ones, any value made
//!   of letters and `_` only (`token = Error`, `"input_token": "NextToken"`,
//!   `token: string`): real tokens carry digits or look random.
//! - Code: an unquoted value that is a path (`os.environ`, `self.token`,
//!   `token::Paren`), or is directly followed by `(`, `[`, `,`, `)` or `<`
//!   (`f(password=pw, …)`, `creds['token']`, `frag_token: __u32,`): a literal
//!   secret in code is quoted; `a = b` with blanks around `=` unless the key
//!   starts the line and the value ends it (INI `password = hunter2` is
//!   redacted, `const token = tok;` is not); YAML anchors, aliases, tags and
//!   block markers (`&x`, `*x`, `!vault`, `|`).
//! - Prose: a quoted value containing whitespace; after `:`, an unquoted value
//!   followed by more words (`Password: must be 8 characters`), or with no
//!   blank after the colon (`secret:prod/db`, an IAM action).
//!
//! The price is recall on passwords that contain a space, are a plain word
//! used with a non-password key, are a dotted word, or are literally `test`.
//!
//! # Performance
//!
//! One ASCII-case-insensitive Aho–Corasick scan over literal triggers
//! (`akia`, `ghp_`, `-----begin`, `://`, `token`, `pass`, …) decides which
//! rules can match at all. A rule runs only when one of its triggers is
//! present, and then only over the lines holding a trigger (from at most 256
//! bytes before it); `key = value` is parsed by hand around each keyword
//! rather than searched for. Text without candidates costs one automaton
//! pass and is never copied.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use regex::bytes::{Captures, Regex};

/// One rule of the documented rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RedactRule {
    /// Identifier used in the `[REDACTED:<id>]` marker.
    pub id: &'static str,
    /// What the rule matches, in one line.
    pub description: &'static str,
}

const RULES: &[RedactRule] = &[
    RedactRule { id: "private_key", description: "PEM/OpenSSH/PGP private key blocks (-----BEGIN … PRIVATE KEY----- … -----END … PRIVATE KEY-----), headers included" },
    RedactRule { id: "jwt", description: "JSON Web Tokens (eyJ….eyJ….signature)" },
    RedactRule { id: "aws_access_key_id", description: "AWS access key ids (AKIA/ASIA + 16 upper-case alphanumerics)" },
    RedactRule { id: "aws_secret_access_key", description: "40-character AWS secret access keys assigned to aws_secret_access_key / SecretAccessKey" },
    RedactRule { id: "gcp_api_key", description: "Google / GCP API keys (AIza + 35 characters)" },
    RedactRule { id: "github_token", description: "GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)" },
    RedactRule { id: "gitlab_token", description: "GitLab tokens (glpat-, glptt-, gldt-, glrt-)" },
    RedactRule { id: "slack_token", description: "Slack tokens (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxo-, xoxe-, xapp-)" },
    RedactRule { id: "slack_webhook", description: "Slack incoming-webhook secrets (hooks.slack.com/services/…)" },
    RedactRule { id: "stripe_key", description: "Stripe secret/restricted keys and webhook secrets (sk_live_, sk_test_, rk_live_, rk_test_, whsec_)" },
    RedactRule { id: "anthropic_key", description: "Anthropic API keys (sk-ant-…)" },
    RedactRule { id: "openai_key", description: "OpenAI API keys (sk-…, sk-proj-…, sk-svcacct-…, sk-admin-…)" },
    RedactRule { id: "npm_token", description: "npm access tokens (npm_ + 36 alphanumerics)" },
    RedactRule { id: "pypi_token", description: "PyPI / TestPyPI API tokens (pypi-AgE…)" },
    RedactRule { id: "url_password", description: "passwords in URL user info (scheme://user:PASSWORD@host)" },
    RedactRule { id: "bearer_token", description: "tokens after `Bearer ` (Authorization headers and elsewhere)" },
    RedactRule { id: "basic_auth", description: "Authorization: Basic/Token credentials and curl -u user:PASSWORD" },
    RedactRule { id: "secret_assignment", description: "values assigned to keys named *password*, *passwd*, *pwd*, *passphrase*, *secret*, *token*, *api_key*, *access_key*, *private_key*, *_pass (KEY=v, KEY: v, \"key\": \"v\", --key v, mysql -pv)" },
];

const PRIVATE_KEY: usize = 0;
const JWT: usize = 1;
const AWS_KEY_ID: usize = 2;
const AWS_SECRET: usize = 3;
const GCP: usize = 4;
const GITHUB: usize = 5;
const GITLAB: usize = 6;
const SLACK: usize = 7;
const SLACK_WEBHOOK: usize = 8;
const STRIPE: usize = 9;
const ANTHROPIC: usize = 10;
const OPENAI: usize = 11;
const NPM: usize = 12;
const PYPI: usize = 13;
const URL_PASSWORD: usize = 14;
const BEARER: usize = 15;
const BASIC_AUTH: usize = 16;
const ASSIGNMENT: usize = 17;
const N_RULES: usize = 18;
/// Not a rule: the trigger bit for an existing `[REDACTED:…]` marker, whose
/// bytes no rule may claim (this is what makes redaction idempotent).
const MARKER: usize = 31;

/// The built-in rule set, in the order rules are applied.
pub fn rules() -> &'static [RedactRule] {
    RULES
}

/// Literal triggers (matched ASCII-case-insensitively) and the rules each one
/// makes possible. A rule's regexes run only when one of its triggers occurs.
const TRIGGERS: &[(&str, &[usize])] = &[
    ("-----begin", &[PRIVATE_KEY]),
    ("eyj", &[JWT]),
    ("akia", &[AWS_KEY_ID]),
    ("asia", &[AWS_KEY_ID]),
    ("aiza", &[GCP]),
    ("ghp_", &[GITHUB]),
    ("gho_", &[GITHUB]),
    ("ghu_", &[GITHUB]),
    ("ghs_", &[GITHUB]),
    ("ghr_", &[GITHUB]),
    ("github_pat_", &[GITHUB]),
    ("glpat-", &[GITLAB]),
    ("glptt-", &[GITLAB]),
    ("gldt-", &[GITLAB]),
    ("glrt-", &[GITLAB]),
    ("xox", &[SLACK]),
    ("xapp-", &[SLACK]),
    ("hooks.slack.com", &[SLACK_WEBHOOK]),
    ("sk_live_", &[STRIPE]),
    ("sk_test_", &[STRIPE]),
    ("rk_live_", &[STRIPE]),
    ("rk_test_", &[STRIPE]),
    ("whsec_", &[STRIPE]),
    ("sk-", &[ANTHROPIC, OPENAI]),
    ("npm_", &[NPM]),
    ("pypi-", &[PYPI]),
    ("://", &[URL_PASSWORD]),
    ("bearer", &[BEARER]),
    ("authorization", &[BASIC_AUTH]),
    ("curl", &[BASIC_AUTH]),
    ("pass", &[ASSIGNMENT]),
    ("mysql", &[ASSIGNMENT]),
    ("mariadb", &[ASSIGNMENT]),
    ("pwd", &[ASSIGNMENT]),
    ("secret", &[AWS_SECRET, ASSIGNMENT]),
    ("token", &[ASSIGNMENT]),
    ("api_key", &[ASSIGNMENT]),
    ("api-key", &[ASSIGNMENT]),
    ("apikey", &[ASSIGNMENT]),
    ("access_key", &[ASSIGNMENT]),
    ("access-key", &[ASSIGNMENT]),
    ("accesskey", &[ASSIGNMENT]),
    ("private_key", &[ASSIGNMENT]),
    ("private-key", &[ASSIGNMENT]),
    ("privatekey", &[ASSIGNMENT]),
    ("[redacted:", &[MARKER]),
];

/// The keywords a `secret_assignment` key name must contain (normalized:
/// lower case, without `_`, `-`, `.`). Longest first where one contains another.
const KEYWORDS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "pwd",
    "secret",
    "token",
    "apikey",
    "accesskey",
    "privatekey",
];

/// What may follow the keyword in a key name (normalized) for the key to still
/// name a secret: `db_password`, `api_key_value`, `secret_key`, `password2`.
const KEY_TAILS: &[&str] = &[
    "",
    "key",
    "value",
    "val",
    "str",
    "string",
    "b64",
    "base64",
    "hash",
    "confirm",
    "confirmation",
    "plain",
    "plaintext",
    "raw",
    "enc",
    "encrypted",
    "secret",
    "token",
    "pass",
    "phrase",
    "keybase",
];

/// Keys ending in one of these (normalized) hold a token that is not a secret.
const KEY_DENY_SUFFIXES: &[&str] = &[
    // pagination, idempotency and concurrency tokens
    "pagetoken",
    "nexttoken",
    "continuationtoken",
    "paginationtoken",
    "synctoken",
    "resumetoken",
    "startingtoken",
    "sequencetoken",
    "forwardtoken",
    "backwardtoken",
    "cursortoken",
    "markertoken",
    "cancellationtoken",
    "canceltoken",
    "changetoken",
    "clienttoken",
    "locktoken",
    "requesttoken",
    "idempotencytoken",
    "updatetoken",
    "exporttoken",
    "importtoken",
    "producttoken",
    "actiontoken",
    "unittoken",
    "inputtoken",
    "outputtoken",
    "invalidtoken",
    // model vocabulary and token counts
    "eostoken",
    "bostoken",
    "padtoken",
    "unktoken",
    "septoken",
    "clstoken",
    "masktoken",
    "specialtoken",
    "stoptoken",
    "starttoken",
    "endtoken",
    "maxtoken",
    "mintoken",
    "numtoken",
    // anti-forgery tokens are per-session values, not credentials worth hiding
    "csrftoken",
    "xsrftoken",
];

/// Lower-cased values that are placeholders, types, keywords or status words, never secrets.
const PLACEHOLDER_WORDS: &[&str] = &[
    "password",
    "passwd",
    "pass",
    "secret",
    "token",
    "apikey",
    "api_key",
    "key",
    "changeme",
    "change_me",
    "changeit",
    "example",
    "sample",
    "dummy",
    "placeholder",
    "redacted",
    "hidden",
    "masked",
    "none",
    "null",
    "nil",
    "undefined",
    "true",
    "false",
    "yes",
    "no",
    "on",
    "off",
    "required",
    "optional",
    "string",
    "str",
    "int",
    "integer",
    "number",
    "bool",
    "boolean",
    "any",
    "bytes",
    "secretstr",
    "test",
    "todo",
    "tbd",
    "fixme",
    "default",
    "empty",
    "unset",
    "notset",
    "missing",
    "invalid",
    "expired",
    "valid",
    "present",
    "omitted",
    "await",
    "new",
    "this",
    "self",
    "function",
    "lambda",
    "require",
    "import",
    "input",
    "getpass",
    "option",
    "secretstring",
    "sensitive",
    "env",
    "environ",
    "process",
    "config",
    "settings",
    "params",
    "args",
    "options",
    "value",
    "variable",
    "stdin",
    "prompt",
    "keyring",
    "vault",
    "file",
    "x-oauth-basic",
    "xyz",
    "abc",
    "foo",
    "bar",
    "baz",
    "qux",
    "allow",
    "deny",
];

fn is_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.'
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// `hay[start]` is not preceded by a byte for which `inside` holds.
fn left_ok(hay: &[u8], start: usize, inside: fn(u8) -> bool) -> bool {
    start == 0 || !inside(hay[start - 1])
}

/// `hay[..end]` is not followed by a byte for which `inside` holds.
fn right_ok(hay: &[u8], end: usize, inside: fn(u8) -> bool) -> bool {
    end >= hay.len() || !inside(hay[end])
}

/// Whether a run of token characters looks machine-generated rather than like
/// a word, an identifier or a path.
fn looks_random(v: &[u8]) -> bool {
    // `Password123`, `MyTestSecret1`: a word with a number after it.
    let letters_end = v
        .iter()
        .rposition(|b| !b.is_ascii_digit())
        .map_or(0, |i| i + 1);
    if letters_end > 0
        && letters_end < v.len()
        && v[..letters_end].iter().all(u8::is_ascii_alphabetic)
    {
        return looks_random(&v[..letters_end]);
    }
    let (mut upper, mut lower, mut digit) = (0usize, 0usize, 0usize);
    let mut transitions = 0usize;
    let mut longest_alpha = 0usize;
    let mut run = 0usize;
    let mut prev_case: u8 = 0; // 0 none, 1 upper, 2 lower
    for &b in v {
        if b.is_ascii_uppercase() {
            upper += 1;
            if prev_case == 2 {
                transitions += 1;
            }
            prev_case = 1;
            run += 1;
        } else if b.is_ascii_lowercase() {
            lower += 1;
            if prev_case == 1 {
                transitions += 1;
            }
            prev_case = 2;
            run += 1;
        } else {
            if b.is_ascii_digit() {
                digit += 1;
            }
            prev_case = 0;
            run = 0;
        }
        longest_alpha = longest_alpha.max(run);
    }
    let alpha = upper + lower;
    if upper > 0 && lower > 0 && digit > 0 {
        return transitions >= 2 || digit >= 2;
    }
    if digit > 0 && alpha > 0 {
        return longest_alpha <= 12;
    }
    if upper > 0 && lower > 0 {
        // Random mixed case switches case about every other letter; CamelCase
        // identifiers (`EllipticCurvePrivateKey`) far less often.
        return v.len() >= 20 && transitions * 5 >= v.len() * 2;
    }
    false
}

/// Whether an assignment / URL value is a placeholder rather than a secret.
fn is_placeholder(v: &[u8]) -> bool {
    if v.len() < 3 {
        return true;
    }
    if v.starts_with(b"[REDACTED") {
        return true;
    }
    let first = v[0];
    let last = v[v.len() - 1];
    if matches!(
        first,
        b'$' | b'%'
            | b'{'
            | b'<'
            | b'@'
            | b':'
            | b'&'
            | b'*'
            | b'!'
            | b'|'
            | b'>'
            | b'#'
            | b'?'
            | b'='
    ) {
        return true;
    }
    if matches!((first, last), (b'[', b']') | (b'(', b')')) {
        return true;
    }
    if v.iter().all(|&b| {
        matches!(
            b,
            b'*' | b'x' | b'X' | b'.' | b'-' | b'#' | b'?' | b'0' | b'_'
        )
    }) {
        return true;
    }
    if v.len() <= 5 && v.iter().all(u8::is_ascii_digit) {
        return true;
    }
    static NEEDLES: OnceLock<AhoCorasick> = OnceLock::new();
    let needles = NEEDLES.get_or_init(|| {
        AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build([
                "...",
                "\u{2026}",
                "xxxx",
                "****",
                "example",
                "placeholder",
                "changeme",
                "redacted",
                "your_",
                "your-",
            ])
            .expect("built-in placeholder needles")
    });
    if needles.is_match(v) {
        return true;
    }
    for prefix in [
        &b"your"[..],
        b"replace",
        b"insert",
        b"enter-",
        b"enter_",
        b"put-",
        b"put_",
    ] {
        if v.len() >= prefix.len() && v[..prefix.len()].eq_ignore_ascii_case(prefix) {
            return true;
        }
    }
    v.len() <= 16
        && PLACEHOLDER_WORDS
            .iter()
            .any(|w| w.as_bytes().eq_ignore_ascii_case(v))
}

fn memfind(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Position just past the last `\n`, `\r` or escaped `\n` before `pos` (the
/// start of `pos`'s line).
fn line_start(hay: &[u8], pos: usize) -> usize {
    let mut i = pos;
    while i > 0 {
        let b = hay[i - 1];
        if b == b'\n' || b == b'\r' {
            return i;
        }
        if i >= 2 && (b == b'n' || b == b'r') && hay[i - 2] == b'\\' {
            return i;
        }
        i -= 1;
    }
    0
}

/// Whether only whitespace, a comment, or a closing delimiter follows `pos` on its line.
fn rest_of_line_is_end(hay: &[u8], pos: usize) -> bool {
    let mut i = pos;
    while i < hay.len() && (hay[i] == b' ' || hay[i] == b'\t') {
        i += 1;
    }
    if i >= hay.len() {
        return true;
    }
    let adjacent = i == pos;
    match hay[i] {
        b'\n' | b'\r' | b'#' => true,
        // A closing quote/bracket or separator right after the value.
        b'"' | b'\'' | b'`' | b',' | b';' | b'}' | b')' | b']' => adjacent,
        b'\\' => {
            matches!(hay.get(i + 1), Some(b'n') | Some(b'r'))
                || (adjacent && hay.get(i + 1) == Some(&b'"'))
        }
        b'/' => hay.get(i + 1) == Some(&b'/'),
        _ => false,
    }
}

struct Compiled {
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
    url_password: Regex,
    bearer: Regex,
    basic_header: Regex,
    curl_user: Regex,
    flag: Regex,
    mysql_p: Regex,
    xml_attr: Regex,
}

fn re(p: &str) -> Regex {
    Regex::new(p).expect("built-in redaction regex")
}

impl Compiled {
    fn new() -> Compiled {
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

/// Compiled once (use [`Redactor::shared`] for the shared default instance).
pub struct Redactor {
    /// The trigger scans: triggers of 4+ bytes, then the 3-byte ones, each
    /// with the index in [`TRIGGERS`] of its patterns.
    scans: [(AhoCorasick, Vec<usize>); 2],
    /// For each trigger, the bit set of rules it enables.
    trigger_rules: Vec<u32>,
    re: Compiled,
}

impl Default for Redactor {
    fn default() -> Self {
        Redactor::new()
    }
}

impl std::fmt::Debug for Redactor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Redactor")
            .field("rules", &RULES.len())
            .finish()
    }
}

/// How far before its trigger a match may start (the scheme before `://`,
/// the rest of a key name before `token`, …).
const LOOKBEHIND: usize = 256;

/// How far past its header a private key block's footer is looked for.
const MAX_KEY_BLOCK: usize = 64 * 1024;

/// One trigger occurrence: the rules it enables and the window to search.
struct Hit {
    rules: u32,
    pos: usize,
    start: usize,
    end: usize,
}

/// The secrets found so far, which never overlap: start → (end, rule).
type Spans = BTreeMap<usize, (usize, usize)>;

impl Redactor {
    /// Builds the prefilter and compiles every rule.
    pub fn new() -> Redactor {
        // Case-sensitive over the (lower-case) triggers, run on a lower-cased copy
        // of the text: an ASCII-case-insensitive automaton gets no prefilter,
        // while this one gets the SIMD (Teddy) literal searcher. Leftmost-first
        // plus restarting one byte past each match finds every occurrence,
        // since no trigger is a prefix of another (unit-tested). The few
        // 3-byte triggers get their own scan: mixed with the rest they make
        // the searcher fingerprint only 3 bytes, and its false candidates on
        // ordinary code cost more than a second pass.
        let scan = |long: bool| {
            let idx: Vec<usize> = (0..TRIGGERS.len()).filter(|&i| (TRIGGERS[i].0.len() >= 4) == long).collect();
            let ac = AhoCorasick::builder()
                .match_kind(MatchKind::LeftmostFirst)
                .kind(Some(AhoCorasickKind::DFA))
                .build(idx.iter().map(|&i| TRIGGERS[i].0))
                .expect("built-in redaction triggers");
            (ac, idx)
        };
        let trigger_rules = TRIGGERS
            .iter()
            .map(|(_, rs)| rs.iter().fold(0u32, |m, &r| m | (1 << r)))
            .collect();
        Redactor {
            scans: [scan(true), scan(false)],
            trigger_rules,
            re: Compiled::new(),
        }
    }

    /// The lazily built default instance.
    pub fn shared() -> &'static Redactor {
        static SHARED: OnceLock<Redactor> = OnceLock::new();
        SHARED.get_or_init(Redactor::new)
    }

    /// The trigger occurrences in `hay`: for each, the rules it enables and
    /// the window a match involving it must lie in (its line, from at most
    /// [`LOOKBEHIND`] bytes before it; to the end of `hay` for private keys,
    /// which span lines).
    fn triggers(&self, hay: &[u8], hits: &mut Vec<Hit>) -> u32 {
        thread_local! {
            static LOWER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        LOWER.with(|low| match low.try_borrow_mut() {
            Ok(mut low) => {
                low.clear();
                low.extend_from_slice(hay);
                low.make_ascii_lowercase();
                let m = self.trigger_hits(hay, &low, hits);
                if low.capacity() > 1 << 20 {
                    *low = Vec::new(); // do not keep a huge buffer per thread
                }
                m
            }
            Err(_) => self.trigger_hits(hay, &hay.to_ascii_lowercase(), hits),
        })
    }

    /// [`Redactor::triggers`] given `low`, `hay` lower-cased (ASCII).
    fn trigger_hits(&self, hay: &[u8], low: &[u8], hits: &mut Vec<Hit>) -> u32 {
        let mut mask = 0u32;
        let mut line_end = 0usize; // end of the line of the previous hit
        let mut line_from = usize::MAX; // a position known to be on that line
        // Every trigger occurrence as (position, trigger), in text order; no
        // two share a position, as no trigger is a prefix of another.
        let mut found: Vec<(usize, usize)> = Vec::new();
        for (ac, idx) in &self.scans {
            let mut at = 0;
            while let Some(m) = ac.find(aho_corasick::Input::new(low).range(at..)) {
                at = m.start() + 1;
                found.push((m.start(), idx[m.pattern().as_usize()]));
            }
        }
        found.sort_unstable();
        for (p, trigger) in found {
            let rules = self.trigger_rules[trigger];
            mask |= rules;
            let lo = p.saturating_sub(LOOKBEHIND);
            let start = match hay[lo..p].iter().rposition(|&b| b == b'\n') {
                Some(i) => lo + i + 1,
                None => lo,
            };
            if !(line_from <= p && p < line_end) {
                line_end = memchr::memchr(b'\n', &hay[p..]).map_or(hay.len(), |i| p + i);
                line_from = p;
            }
            let end = if rules & (1 << PRIVATE_KEY) != 0 {
                hay.len()
            } else {
                line_end
            };
            hits.push(Hit {
                rules,
                pos: p,
                start,
                end,
            });
        }
        mask
    }

    /// Replaces every secret in `s` in place with `[REDACTED:<rule id>]`.
    /// Returns how many replacements were made and adds 1 to `counts[i]` for
    /// each replacement by rule `i` (`counts` is indexed like [`rules()`]).
    /// Leaves `s` untouched (no reallocation) when nothing is found.
    pub fn redact_in_place(&self, s: &mut String, counts: &mut [u32]) -> u32 {
        self.redact_in_place_traced(s, counts).0
    }

    /// [`Redactor::redact_in_place`], also telling whether `s` held any
    /// trigger (a literal that every secret pattern needs nearby; triggers
    /// never span a line break). Without one, no line of `s` can hold a
    /// secret, nor can any text made of lines of `s`.
    pub(crate) fn redact_in_place_traced(&self, s: &mut String, counts: &mut [u32]) -> (u32, bool) {
        let hay = s.as_bytes();
        let mut hits = Vec::new();
        let mask = self.triggers(hay, &mut hits);
        if mask & !(1 << MARKER) == 0 {
            return (0, false);
        }
        (self.redact_hits(s, mask, &hits, counts), true)
    }

    fn redact_hits(&self, s: &mut String, mask: u32, hits: &[Hit], counts: &mut [u32]) -> u32 {
        let hay = s.as_bytes();
        let mut spans = Spans::new();
        if mask & (1 << MARKER) != 0 {
            let mut from = 0;
            while let Some(i) = s[from..].find("[REDACTED:") {
                let start = from + i;
                let end = s[start..].find(']').map_or(s.len(), |j| start + j + 1);
                spans.insert(start, (end, MARKER));
                from = end;
            }
        }
        let mut windows: Vec<(usize, usize)> = Vec::new();
        for rule in 0..N_RULES {
            if mask & (1 << rule) == 0 {
                continue;
            }
            windows.clear();
            for h in hits.iter().filter(|h| h.rules & (1 << rule) != 0) {
                match windows.last_mut() {
                    Some(w) if h.start <= w.1 => w.1 = w.1.max(h.end),
                    _ => windows.push((h.start, h.end)),
                }
            }
            for &(from, to) in &windows {
                self.find(rule, hay, from, to, &mut spans);
            }
            if rule == ASSIGNMENT {
                // `key = value` is parsed by hand around each keyword occurrence.
                let mut done_to = 0;
                for h in hits.iter().filter(|h| h.rules & (1 << ASSIGNMENT) != 0) {
                    if h.pos < done_to {
                        continue; // same key as the previous keyword
                    }
                    let key_end =
                        h.pos + hay[h.pos..].iter().take_while(|&&b| is_key_byte(b)).count();
                    done_to = key_end;
                    let Some(a) = parse_assignment(hay, h.pos, key_end) else {
                        continue;
                    };
                    if let Some((start, end)) = assignment_value(hay, &a) {
                        push_span(hay, &mut spans, start, end, ASSIGNMENT);
                    }
                }
            }
        }
        spans.retain(|_, &mut (_, rule)| rule != MARKER);
        if spans.is_empty() {
            return 0;
        }
        let mut out = String::with_capacity(s.len() + spans.len() * 24);
        let mut at = 0;
        for (&start, &(end, rule)) in &spans {
            out.push_str(&s[at..start]);
            out.push_str("[REDACTED:");
            out.push_str(RULES[rule].id);
            out.push(']');
            at = end;
            if let Some(c) = counts.get_mut(rule) {
                *c += 1;
            }
        }
        out.push_str(&s[at..]);
        *s = out;
        spans.len() as u32
    }

    /// Walks a JSON value and redacts every string in it (object keys are left
    /// alone). Same return value and counting as [`Redactor::redact_in_place`].
    pub fn redact_value(&self, v: &mut serde_json::Value, counts: &mut [u32]) -> u32 {
        use serde_json::Value;
        let mut n = 0;
        let mut stack: Vec<&mut Value> = vec![v];
        while let Some(v) = stack.pop() {
            match v {
                Value::String(s) => n += self.redact_in_place(s, counts),
                Value::Array(a) => stack.extend(a.iter_mut()),
                Value::Object(o) => stack.extend(o.iter_mut().map(|(_, v)| v)),
                _ => {}
            }
        }
        n
    }

    /// Adds the spans rule `rule` finds in `hay[from..to]` (with `hay` as
    /// context) that do not overlap a span already found by an earlier rule.
    fn find(&self, rule: usize, hay: &[u8], from: usize, to: usize, spans: &mut Spans) {
        let re = &self.re;
        let h = &hay[..to];
        let mut add = |start: usize, end: usize| push_span(hay, spans, start, end, rule);
        match rule {
            PRIVATE_KEY => {
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
            JWT => {
                for m in finds(&re.jwt, h, from) {
                    if left_ok(hay, m.start(), is_token_byte) {
                        add(m.start(), m.end());
                    }
                }
            }
            AWS_KEY_ID => simple(
                &re.aws_key_id,
                h,
                from,
                hay,
                is_word_byte,
                is_word_byte,
                &mut add,
            ),
            AWS_SECRET => {
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
            GCP => simple(
                &re.gcp,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            GITHUB => simple(
                &re.github,
                h,
                from,
                hay,
                is_word_byte,
                is_word_byte,
                &mut add,
            ),
            GITLAB => simple(
                &re.gitlab,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            SLACK => simple(
                &re.slack,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            SLACK_WEBHOOK => {
                for c in caps(&re.slack_webhook, h, from) {
                    let g = c.get(1).unwrap();
                    add(g.start(), g.end());
                }
            }
            STRIPE => simple(
                &re.stripe,
                h,
                from,
                hay,
                is_word_byte,
                is_word_byte,
                &mut add,
            ),
            ANTHROPIC => simple(
                &re.anthropic,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            OPENAI => {
                for c in caps(&re.openai, h, from) {
                    let m = c.get(0).unwrap();
                    let body = c.get(1).unwrap().as_bytes();
                    if left_ok(hay, m.start(), is_token_byte) && openai_body_ok(body) {
                        add(m.start(), m.end());
                    }
                }
            }
            NPM => simple(&re.npm, h, from, hay, is_word_byte, is_word_byte, &mut add),
            PYPI => simple(
                &re.pypi,
                h,
                from,
                hay,
                is_token_byte,
                is_token_byte,
                &mut add,
            ),
            URL_PASSWORD => {
                for c in caps(&re.url_password, h, from) {
                    let m = c.get(0).unwrap();
                    let pw = c.get(2).unwrap();
                    if left_ok(hay, m.start(), |b| {
                        b.is_ascii_alphanumeric() || b == b'+' || b == b'.' || b == b'-'
                    }) && !is_placeholder(pw.as_bytes())
                    {
                        add(pw.start(), pw.end());
                    }
                }
            }
            BEARER => {
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
            BASIC_AUTH => {
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
            ASSIGNMENT => {
                // (`key = value` itself: see `parse_assignment`.)
                for c in caps(&re.flag, h, from) {
                    if let Some((a, b)) = flag_value(&c) {
                        add(a, b);
                    }
                }
                for c in caps(&re.xml_attr, h, from) {
                    if let Some((a, b)) = flag_value(&c) {
                        add(a, b);
                    }
                }
                for c in caps(&re.mysql_p, h, from) {
                    let v = c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)).unwrap();
                    if !is_placeholder(v.as_bytes()) && v.len() >= 4 {
                        add(v.start(), v.end());
                    }
                }
            }
            _ => {}
        }
    }
}

/// Records a secret at `start..end` unless it is empty, splits a UTF-8
/// character, or overlaps a span already recorded (earlier rules win).
fn push_span(hay: &[u8], spans: &mut Spans, start: usize, end: usize, rule: usize) {
    // Spans never overlap, so only the last one starting before `end` can
    // overlap `start..end`.
    let overlaps = spans
        .range(..end)
        .next_back()
        .is_some_and(|(_, &(e, _))| e > start);
    if start >= end || !is_boundary(hay, start) || !is_boundary(hay, end) || overlaps {
        return;
    }
    spans.insert(start, (end, rule));
}

fn is_boundary(hay: &[u8], i: usize) -> bool {
    // A UTF-8 char boundary: not a continuation byte.
    i >= hay.len() || (hay[i] as i8) >= -0x40
}

/// The matches of `re` in `h` starting at or after `from` (`h[..from]` is context).
fn finds<'h>(
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
fn caps<'h>(re: &'h Regex, h: &'h [u8], from: usize) -> impl Iterator<Item = Captures<'h>> + 'h {
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

fn simple(
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

fn openai_body_ok(body: &[u8]) -> bool {
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

/// Normalized key (lower case, without `_`, `-`, `.`), and whether it names a secret.
fn key_names_secret(key: &[u8]) -> bool {
    // `DB_PASS`, `ansible_become_pass`, `smtpPass`, `pass2`: `pass` as the last word.
    let last_word = {
        let mut i = key.len();
        while i > 0 && key[i - 1].is_ascii_digit() {
            i -= 1;
        }
        let end = i;
        while i > 0 && key[i - 1].is_ascii_alphabetic() {
            // stop at a camelCase boundary: `dbPass` → `Pass`
            if i < end && key[i].is_ascii_uppercase() && key[i - 1].is_ascii_lowercase() {
                break;
            }
            i -= 1;
        }
        &key[i..end]
    };
    if last_word.eq_ignore_ascii_case(b"pass") {
        return true;
    }
    let mut buf = Vec::new();
    let norm = normalize(key, &mut buf);
    if norm == b"pwd" || norm == b"oldpwd" {
        return false;
    }
    if KEY_DENY_SUFFIXES
        .iter()
        .any(|s| norm.ends_with(s.as_bytes()))
    {
        return false;
    }
    // The keyword occurrence that ends last decides.
    let Some((end, start)) = (1..=norm.len()).rev().find_map(|e| {
        KEYWORDS
            .iter()
            .find(|kw| norm[..e].ends_with(kw.as_bytes()))
            .map(|kw| (e, e - kw.len()))
    }) else {
        return false;
    };
    let tail = &norm[end..];
    if tail.iter().all(u8::is_ascii_digit) {
        return true;
    }
    if tail == b"id" && &norm[start..end] == b"secret" {
        return true; // Vault AppRole secret_id
    }
    KEY_TAILS.iter().any(|t| t.as_bytes() == tail)
}

/// `self.token`, `os.environ`, `token::Paren`, `rust_openssl.hpke.Key`: a
/// path in code, not a secret (but `ya29.a0AfH6SM…`, `hvs.CAESIJ…` are secrets).
fn is_code_path(v: &[u8]) -> bool {
    let mut segs: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    let mut seg_start = 0;
    while i < v.len() {
        if v[i] == b'.' || (v[i] == b':' && v.get(i + 1) == Some(&b':')) {
            segs.push(&v[seg_start..i]);
            i += if v[i] == b'.' { 1 } else { 2 };
            seg_start = i;
        } else {
            i += 1;
        }
    }
    segs.push(&v[seg_start..]);
    if segs.len() < 2
        || !segs.iter().all(|s| {
            !s.is_empty()
                && (s[0].is_ascii_alphabetic() || s[0] == b'_')
                && s.iter().all(|&b| is_word_byte(b))
        })
    {
        return false;
    }
    let last = segs[segs.len() - 1];
    segs.len() >= 3 || !(last.len() >= 16 && looks_random(last))
}

fn is_identifier(v: &[u8]) -> bool {
    !v.is_empty()
        && (v[0].is_ascii_alphabetic() || v[0] == b'_')
        && v.iter().all(|&b| is_word_byte(b))
}

/// Only letters and `_`, `-`, `.`: an identifier, a word or a name, not a
/// generated secret (unless it is long and random-looking).
fn is_plain_word(v: &[u8]) -> bool {
    v.iter()
        .all(|&b| b.is_ascii_alphabetic() || matches!(b, b'_' | b'-' | b'.'))
        && !looks_random(v)
}

/// A (lower-case) key that names a password, whose value may well be a plain
/// word (`password: sunshine`); `pass` alone (`first_pass`, `DB_PASS`) does not
/// count, as it is as often a compiler or render pass.
fn names_password(key_lower: &[u8]) -> bool {
    memfind(key_lower, b"passw") || memfind(key_lower, b"passphrase") || memfind(key_lower, b"pwd")
}

/// `auth_token`, `db-password` (the name of a secret, not the secret), or a
/// version requirement (`^9.0.2`, `>=1.4`, `1.2.3`).
fn is_name_or_version(v: &[u8]) -> bool {
    let name_like = v.iter().all(|&b| is_key_byte(b)) && !looks_random(v) && contains_keyword(v);
    let ver = {
        let t: &[u8] = {
            let mut t = v;
            while let [b'^' | b'~' | b'>' | b'<' | b'=' | b'v', rest @ ..] = t {
                t = rest;
            }
            t
        };
        !t.is_empty()
            && t[0].is_ascii_digit()
            && t.contains(&b'.')
            && t.iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'+' | b'*'))
            && t.split(|&b| b == b'.')
                .take(2)
                .all(|seg| !seg.is_empty() && seg.iter().all(u8::is_ascii_digit))
    };
    name_like || ver
}

fn contains_keyword(v: &[u8]) -> bool {
    let mut buf = Vec::new();
    let lower = normalize(v, &mut buf);
    (0..lower.len()).any(|i| {
        let t = &lower[i..];
        KEYWORDS.iter().any(|kw| t.starts_with(kw.as_bytes()))
            || t.starts_with(b"pass")
            || t.starts_with(b"key")
    })
}

/// `v` in lower case without `_`, `-` and `.` (`DB_Password` → `dbpassword`).
fn normalize<'b>(v: &[u8], buf: &'b mut Vec<u8>) -> &'b [u8] {
    buf.clear();
    buf.extend(
        v.iter()
            .filter(|b| !matches!(b, b'_' | b'-' | b'.'))
            .map(u8::to_ascii_lowercase),
    );
    buf
}

/// One `key = value` candidate: byte ranges into the haystack.
struct Assign<'h> {
    /// Where the key starts, its opening quote included.
    key_start: usize,
    /// The key name.
    key: (usize, usize),
    /// The quote before and after the key (`"`, `'`, `` ` `` or `\"`), if any.
    /// (Empty when there is none: an `Option` here trips valgrind, whose view
    /// of `None`'s unused payload is "uninitialised".)
    kq: &'h [u8],
    kq2: &'h [u8],
    /// `x['key'] = …`
    sub: bool,
    /// The separator with the blanks around it (`=`, ` = `, `: `, `:=`, `=>`).
    sep: &'h [u8],
    /// The value, quotes included.
    val: (usize, usize),
}

/// Parses `key = value` around the keyword at `p`: the key is the run of
/// key characters (`[A-Za-z0-9_.-]`) containing `p`, optionally quoted and
/// subscripted, then a separator, then a quoted or unquoted value.
fn parse_assignment(hay: &[u8], p: usize, ke: usize) -> Option<Assign<'_>> {
    let mut ks = p;
    while ks > 0 && is_key_byte(hay[ks - 1]) {
        if p - ks >= LOOKBEHIND {
            return None;
        }
        ks -= 1;
    }
    let quote_at = |i: usize| -> &[u8] {
        if hay[i..].starts_with(b"\\\"") {
            &hay[i..i + 2]
        } else if matches!(hay.get(i), Some(b'"' | b'\'' | b'`')) {
            &hay[i..i + 1]
        } else {
            &hay[i..i]
        }
    };
    let kq = if ks >= 2 && &hay[ks - 2..ks] == b"\\\"" {
        &hay[ks - 2..ks]
    } else if ks >= 1 && matches!(hay[ks - 1], b'"' | b'\'' | b'`') {
        &hay[ks - 1..ks]
    } else {
        &hay[ks..ks]
    };
    let key_start = ks - kq.len();
    let mut i = ke;
    let kq2 = if i < hay.len() { quote_at(i) } else { &hay[i..i] };
    i += kq2.len();
    let sub = hay.get(i) == Some(&b']');
    if sub {
        i += 1;
    }
    let sep_start = i;
    while matches!(hay.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let rest = &hay[i..];
    i += if rest.starts_with(b":=") || rest.starts_with(b"=>") {
        2
    } else if rest.starts_with(b"=") || rest.starts_with(b":") {
        1
    } else {
        return None;
    };
    while matches!(hay.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    let sep = &hay[sep_start..i];
    let vs = i;
    let ve = if hay[vs..].starts_with(b"\\\"") {
        // `\"value\"` inside an escaped JSON string
        let n = hay[vs + 2..]
            .iter()
            .position(|&b| matches!(b, b'"' | b'\\' | b'\r' | b'\n'))?;
        if !hay[vs + 2 + n..].starts_with(b"\\\"") {
            return None;
        }
        vs + 2 + n + 2
    } else {
        match hay.get(vs) {
            Some(b'"') => {
                let mut j = vs + 1;
                loop {
                    match *hay.get(j)? {
                        b'"' => break j + 1,
                        b'\\' if hay.get(j + 1).is_some_and(|&b| b != b'\n') => j += 2,
                        b'\\' | b'\r' | b'\n' => return None,
                        _ => j += 1,
                    }
                }
            }
            Some(&q @ (b'\'' | b'`')) => {
                let n = hay[vs + 1..]
                    .iter()
                    .position(|&b| b == q || b == b'\r' || b == b'\n')?;
                if hay[vs + 1 + n] != q {
                    return None;
                }
                vs + 1 + n + 1
            }
            _ => {
                let n = hay[vs..]
                    .iter()
                    .position(|&b| {
                        b.is_ascii_whitespace()
                            || matches!(
                                b,
                                b'"' | b'\''
                                    | b'`'
                                    | b','
                                    | b';'
                                    | b'&'
                                    | b'|'
                                    | b'<'
                                    | b'>'
                                    | b'('
                                    | b')'
                                    | b'{'
                                    | b'}'
                                    | b'['
                                    | b']'
                                    | b'\\'
                            )
                    })
                    .unwrap_or(hay.len() - vs);
                if n == 0 {
                    return None;
                }
                vs + n
            }
        }
    };
    Some(Assign {
        key_start,
        key: (ks, ke),
        kq,
        kq2,
        sub,
        sep,
        val: (vs, ve),
    })
}

/// Checks one `secret_assignment` candidate; returns the secret's byte range.
fn assignment_value(hay: &[u8], a: &Assign<'_>) -> Option<(usize, usize)> {
    let key_bytes = &hay[a.key.0..a.key.1];
    let (kq, kq2, sep) = (a.kq, a.kq2, a.sep);
    let v = &hay[a.val.0..a.val.1];
    let val_start = a.val.0;
    let val_end = a.val.1;
    let key_start = a.key_start;

    // The key must start at the start of a key-like run.
    if !left_ok(hay, key_start, is_key_byte) {
        return None;
    }
    if !key_names_secret(key_bytes) {
        return None;
    }
    let colon = sep.contains(&b':') && !sep.contains(&b'=');
    let key_quoted = !kq.is_empty() && kq == kq2;
    if a.sub && !(key_quoted && key_start > 0 && hay[key_start - 1] == b'[') {
        return None; // only `x['key'] = …` subscripts
    }
    if colon && !key_quoted && matches!(sep.first(), Some(b' ' | b'\t')) {
        return None; // `PASSWORD :'x'` (psql), `key :value`: not a mapping
    }
    // `x != y`, `x == y`
    if hay.get(val_start) == Some(&b'=') {
        return None;
    }
    // Quoted key: either `"key": …` (quotes match) or a whole `"Header-Token: value"` string.
    let header_string = match (kq.is_empty(), kq2.is_empty()) {
        (true, true) => false,
        (false, false) if kq == kq2 => false,
        (false, true) if colon && sep.ends_with(b" ") => true,
        _ => return None,
    };

    let quoted = matches!(v.first(), Some(b'"' | b'\'' | b'`')) || v.starts_with(b"\\\"");
    let (start, end) = if v.starts_with(b"\\\"") {
        (val_start + 2, val_end - 2)
    } else if quoted {
        (val_start + 1, val_end - 1)
    } else {
        (val_start, val_end)
    };
    if start >= end {
        return None;
    }
    let inner = &hay[start..end];
    if is_placeholder(inner) || inner.len() < 4 || is_name_or_version(inner) {
        return None;
    }
    if inner.starts_with(b"arn:") || memfind(inner, b"://") {
        return None; // an ARN or a URL names where a secret is, it is not one
    }
    let key_lower = key_bytes.to_ascii_lowercase();
    let password_key = names_password(&key_lower);
    if quoted {
        if inner.iter().any(|b| b.is_ascii_whitespace()) {
            return None;
        }
        if !password_key && is_plain_word(inner) {
            return None; // "input_token": "NextToken", ACCESS_KEY = 'AWSAccessKeyId'
        }
        if inner.starts_with(b"\\n") {
            return None;
        }
        return Some((start, end));
    }

    // Unquoted: reject code, types and prose.
    if header_string && hay.get(end).copied() != kq.last().copied() {
        return None;
    }
    let next = hay.get(end).copied().unwrap_or(b'\n');
    if is_code_path(inner) {
        return None; // self.token, os.environ, token::Paren
    }
    if is_identifier(inner) && (inner.eq_ignore_ascii_case(key_bytes) || contains_keyword(inner)) {
        return None; // api_key=api_key, token=access_token
    }
    let spaced = matches!(sep.first(), Some(b' ' | b'\t'));
    // An unquoted value directly followed by code punctuation is an expression
    // (`f(password=pw, …)`, `creds['token']`, `frag_token: __u32,`, `Vec<Token>`);
    // a literal secret in code would be quoted. (`Password=x;` in a
    // connection string is the exception.)
    if matches!(next, b'(' | b'[' | b',' | b')' | b'<') || (next == b';' && (spaced || colon)) {
        return None;
    }
    if colon {
        if !key_quoted && !sep.ends_with(b" ") && !sep.ends_with(b"\t") {
            return None; // `secret:prod/db`, `passwd:files`: YAML needs a space after `:`
        }
        if !header_string && !rest_of_line_is_end(hay, end) {
            return None; // prose: "Password: must be 8 characters"
        }
    } else if spaced {
        // `a = b`: only INI-style lines (key at the start of the line, value to its end).
        let ls = line_start(hay, key_start);
        let before = trim_ascii(&hay[ls..key_start]);
        if !(before.is_empty() || before == b"export") || !rest_of_line_is_end(hay, end) {
            return None;
        }
        if is_plain_word(inner) && !password_key {
            return None; // `token = Error` in code
        }
    }
    // Token/secret/key names: a plain word is a status, a type or a name, not a secret.
    if !password_key && is_plain_word(inner) {
        return None;
    }
    Some((start, end))
}

fn trim_ascii(mut b: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = b {
        if first.is_ascii_whitespace() {
            b = rest;
        } else {
            break;
        }
    }
    while let [rest @ .., last] = b {
        if last.is_ascii_whitespace() {
            b = rest;
        } else {
            break;
        }
    }
    b
}

/// Checks one `--flag value` match; returns the secret's byte range.
fn flag_value(c: &Captures<'_>) -> Option<(usize, usize)> {
    let key = c.name("key")?;
    let val = c.name("val")?;
    if !key_names_secret(key.as_bytes()) {
        return None;
    }
    let v = val.as_bytes();
    let (start, end) = if matches!(v.first(), Some(b'"' | b'\'')) {
        (val.start() + 1, val.end() - 1)
    } else {
        (val.start(), val.end())
    };
    if start >= end {
        return None;
    }
    let inner = &v[start - val.start()..end - val.start()];
    if inner.starts_with(b"-")
        || is_placeholder(inner)
        || inner.len() < 4
        || is_name_or_version(inner)
    {
        return None;
    }
    if inner.iter().any(|b| b.is_ascii_whitespace())
        || inner.contains(&b'/') && !looks_random(inner)
    {
        return None; // a path (`--token-file`-like usage) or prose
    }
    if is_code_path(inner) {
        return None;
    }
    let key_lower = key.as_bytes().to_ascii_lowercase();
    if !names_password(&key_lower) && is_plain_word(inner) {
        return None; // `--token allow`
    }
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn red(s: &str) -> String {
        let mut s = s.to_string();
        let mut counts = vec![0; rules().len()];
        Redactor::shared().redact_in_place(&mut s, &mut counts);
        s
    }

    #[test]
    fn rules_and_triggers_line_up() {
        assert_eq!(rules().len(), N_RULES);
        for (t, rs) in TRIGGERS {
            assert_eq!(*t, t.to_ascii_lowercase());
            assert!(rs.iter().all(|&r| r < N_RULES || r == MARKER));
        }
        // The leftmost-first scan reports one trigger per position: it finds
        // every occurrence only while no trigger is a prefix of another.
        for (a, _) in TRIGGERS {
            for (b, _) in TRIGGERS {
                assert!(a == b || !b.starts_with(a), "trigger {a:?} is a prefix of {b:?}");
            }
        }
    }

    #[test]
    fn no_trigger_spans_a_line_break() {
        // Emitter::emit_patch_edit relies on it: text made of lines without a
        // trigger has none.
        assert!(TRIGGERS.iter().all(|(t, _)| !t.contains(['\n', '\r'])));
    }

    #[test]
    fn triggers_found_at_every_position_and_case() {
        // overlapping and adjacent occurrences, mixed case, non-ASCII around
        let s = "ÄPASSword tokenToken sk-SK-x://é";
        let mut hits = Vec::new();
        let mask = Redactor::shared().triggers(s.as_bytes(), &mut hits);
        let pos: Vec<usize> = hits.iter().map(|h| h.pos).collect();
        let want: Vec<usize> = ["PASS", "token", "Token", "sk-", "SK-", "://"]
            .iter()
            .scan(0, |from, t| {
                let p = *from + s[*from..].find(t).unwrap();
                *from = p + 1;
                Some(p)
            })
            .collect();
        assert_eq!(pos, want);
        assert_ne!(mask & (1 << ASSIGNMENT), 0);
        assert_ne!(mask & (1 << URL_PASSWORD), 0);
    }

    #[test]
    fn basics() {
        assert_eq!(
            red("export DB_PASSWORD=hunter2x"),
            "export DB_PASSWORD=[REDACTED:secret_assignment]"
        );
        assert_eq!(red("max_tokens=4096"), "max_tokens=4096");
        assert_eq!(
            red("postgres://app:s3cr3tpw@db:5432/x"),
            "postgres://app:[REDACTED:url_password]@db:5432/x"
        );
    }

    #[test]
    fn assignment_parsing() {
        for (input, want) in [
            (
                r#"app.config['SECRET_KEY'] = 'q7Rv2Lp9zT4x'"#,
                r#"app.config['SECRET_KEY'] = '[REDACTED:secret_assignment]'"#,
            ),
            (
                "password := \"Hunter2-prod\"",
                "password := \"[REDACTED:secret_assignment]\"",
            ),
            (
                "  :password => 'Hunter2-prod',",
                "  :password => '[REDACTED:secret_assignment]',",
            ),
            (
                "--api-token q7Rv2Lp9zT4x --env prod",
                "--api-token [REDACTED:secret_assignment] --env prod",
            ),
            (
                "x\n--token q7Rv2Lp9zT4x",
                "x\n--token [REDACTED:secret_assignment]",
            ),
            (
                r#"<add key="ApiKey" value="q7Rv2Lp9zT4x" />"#,
                r#"<add key="ApiKey" value="[REDACTED:secret_assignment]" />"#,
            ),
            (
                "mysql -u root -p'q7Rv2Lp9zT4x' shop",
                "mysql -u root -p'[REDACTED:secret_assignment]' shop",
            ),
            (
                "DB_PASS=q7Rv2Lp9zT4x",
                "DB_PASS=[REDACTED:secret_assignment]",
            ),
        ] {
            assert_eq!(red(input), want);
        }
        for same in [
            "const token = await getToken();",
            "token = self._token",
            "pub frag_token: __u32,",
            "\"input_token\": \"NextToken\",",
            "password: !vault |",
            "PWD=/home/jane/src",
            "Password: must contain a digit",
            "second_pass: done",
            "\"jsonwebtoken\": \"^9.0.2\",",
        ] {
            assert_eq!(red(same), same);
        }
    }

    #[test]
    fn looks_random_separates_keys_from_words() {
        for k in [
            "q7Rv2Lp9zT4xW1",
            "9f3c2a7e1b8d4f6a0c5e",
            "AbXyQrStUvWxYzAbCdEfGh",
        ] {
            assert!(looks_random(k.as_bytes()), "{k}");
        }
        for w in [
            "authentication",
            "MyTestSecret1",
            "EllipticCurvePrivateKey",
            "Password123",
        ] {
            assert!(!looks_random(w.as_bytes()), "{w}");
        }
    }
}
