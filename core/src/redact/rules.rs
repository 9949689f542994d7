//! The rule set, stated once: each rule's id (the `[REDACTED:<id>]` marker),
//! its description, its place in the order rules are applied (where two
//! rules claim overlapping bytes, the earlier wins, so `GITHUB_TOKEN=ghp_…`
//! is reported as `github_token`, not `secret_assignment`), and the literal
//! triggers that make it worth running.

/// One rule of the documented rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RedactRule {
    /// Identifier used in the `[REDACTED:<id>]` marker.
    pub id: &'static str,
    /// What the rule matches, in one line.
    pub description: &'static str,
}

/// Defines [`Rule`] (one variant per rule, in the order they are applied)
/// and the public [`RedactRule`] list from one table.
macro_rules! rule_set {
    ($( $variant:ident = $id:literal, $description:literal; )+) => {
        /// A redaction rule. Its position is its priority and its index into
        /// [`rules()`] and into the per-rule counts.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) enum Rule {
            $( #[doc = $description] $variant, )+
        }

        impl Rule {
            /// Every rule, in the order they are applied.
            pub(crate) const ALL: &'static [Rule] = &[$( Rule::$variant, )+];
        }

        const RULES: &[RedactRule] = &[$( RedactRule { id: $id, description: $description }, )+];
    };
}

rule_set! {
    PrivateKey = "private_key", "PEM/OpenSSH/PGP private key blocks (-----BEGIN … PRIVATE KEY----- … -----END … PRIVATE KEY-----), headers included";
    Jwt = "jwt", "JSON Web Tokens (eyJ….eyJ….signature)";
    AwsAccessKeyId = "aws_access_key_id", "AWS access key ids (AKIA/ASIA + 16 upper-case alphanumerics)";
    AwsSecretAccessKey = "aws_secret_access_key", "40-character AWS secret access keys assigned to aws_secret_access_key / SecretAccessKey";
    GcpApiKey = "gcp_api_key", "Google / GCP API keys (AIza + 35 characters)";
    GithubToken = "github_token", "GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)";
    GitlabToken = "gitlab_token", "GitLab tokens (glpat-, glptt-, gldt-, glrt-)";
    SlackToken = "slack_token", "Slack tokens (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxo-, xoxe-, xapp-)";
    SlackWebhook = "slack_webhook", "Slack incoming-webhook secrets (hooks.slack.com/services/…)";
    StripeKey = "stripe_key", "Stripe secret/restricted keys and webhook secrets (sk_live_, sk_test_, rk_live_, rk_test_, whsec_)";
    AnthropicKey = "anthropic_key", "Anthropic API keys (sk-ant-…)";
    OpenaiKey = "openai_key", "OpenAI API keys (sk-…, sk-proj-…, sk-svcacct-…, sk-admin-…)";
    NpmToken = "npm_token", "npm access tokens (npm_ + 36 alphanumerics)";
    PypiToken = "pypi_token", "PyPI / TestPyPI API tokens (pypi-AgE…)";
    HuggingfaceToken = "huggingface_token", "Hugging Face access tokens (hf_ + 34 letters and digits, mixed case)";
    SendgridKey = "sendgrid_key", "SendGrid API keys (SG. + 22 + . + 43 base64url characters)";
    UrlPassword = "url_password", "passwords in URL user info (scheme://user:PASSWORD@host)";
    BearerToken = "bearer_token", "tokens after `Bearer ` (Authorization headers and elsewhere)";
    BasicAuth = "basic_auth", "Authorization: Basic/Token credentials and curl -u user:PASSWORD";
    SecretAssignment = "secret_assignment", "values assigned to keys named *password*, *passwd*, *pwd*, *passphrase*, *secret*, *token*, *api_key*, *access_key*, *private_key*, *_pass (KEY=v, KEY: v, \"key\": \"v\", --key v, mysql -pv, docker/az login -p v, sshpass -p v)";
}

impl Rule {
    /// The rule's bit in a mask of rules.
    pub(crate) fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// The built-in rule set, in the order rules are applied.
pub fn rules() -> &'static [RedactRule] {
    RULES
}

/// Literal triggers (matched ASCII-case-insensitively) and the rules each one
/// makes possible. A rule's regexes run only when one of its triggers occurs.
pub(super) const TRIGGERS: &[(&str, &[Rule])] = &[
    ("-----begin", &[Rule::PrivateKey]),
    ("eyj", &[Rule::Jwt]),
    ("akia", &[Rule::AwsAccessKeyId]),
    ("asia", &[Rule::AwsAccessKeyId]),
    ("aiza", &[Rule::GcpApiKey]),
    ("ghp_", &[Rule::GithubToken]),
    ("gho_", &[Rule::GithubToken]),
    ("ghu_", &[Rule::GithubToken]),
    ("ghs_", &[Rule::GithubToken]),
    ("ghr_", &[Rule::GithubToken]),
    ("github_pat_", &[Rule::GithubToken]),
    ("glpat-", &[Rule::GitlabToken]),
    ("glptt-", &[Rule::GitlabToken]),
    ("gldt-", &[Rule::GitlabToken]),
    ("glrt-", &[Rule::GitlabToken]),
    ("xox", &[Rule::SlackToken]),
    ("xapp-", &[Rule::SlackToken]),
    ("hooks.slack.com", &[Rule::SlackWebhook]),
    ("sk_live_", &[Rule::StripeKey]),
    ("sk_test_", &[Rule::StripeKey]),
    ("rk_live_", &[Rule::StripeKey]),
    ("rk_test_", &[Rule::StripeKey]),
    ("whsec_", &[Rule::StripeKey]),
    ("sk-", &[Rule::AnthropicKey, Rule::OpenaiKey]),
    ("npm_", &[Rule::NpmToken]),
    ("pypi-", &[Rule::PypiToken]),
    ("hf_", &[Rule::HuggingfaceToken]),
    ("sg.", &[Rule::SendgridKey]),
    ("://", &[Rule::UrlPassword]),
    ("bearer", &[Rule::BearerToken]),
    ("authorization", &[Rule::BasicAuth]),
    ("curl", &[Rule::BasicAuth]),
    ("pass", &[Rule::SecretAssignment]),
    ("mysql", &[Rule::SecretAssignment]),
    ("mariadb", &[Rule::SecretAssignment]),
    ("login", &[Rule::SecretAssignment]),
    ("sshpass", &[Rule::SecretAssignment]),
    ("pwd", &[Rule::SecretAssignment]),
    (
        "secret",
        &[Rule::AwsSecretAccessKey, Rule::SecretAssignment],
    ),
    ("token", &[Rule::SecretAssignment]),
    ("api_key", &[Rule::SecretAssignment]),
    ("api-key", &[Rule::SecretAssignment]),
    ("apikey", &[Rule::SecretAssignment]),
    ("access_key", &[Rule::SecretAssignment]),
    ("access-key", &[Rule::SecretAssignment]),
    ("accesskey", &[Rule::SecretAssignment]),
    ("private_key", &[Rule::SecretAssignment]),
    ("private-key", &[Rule::SecretAssignment]),
    ("privatekey", &[Rule::SecretAssignment]),
];

/// The trigger of an existing `[REDACTED:…]` marker, whose bytes no rule may
/// claim (this is what makes redaction idempotent).
pub(super) const MARKER_TRIGGER: &str = "[redacted:";
