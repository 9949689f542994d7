//! The built-in rule table.
//!
//! Each entry is `(id, category, strength, roles, pattern)`; the roles say
//! how extraction and assent read a rule's markers beyond its category (see
//! [`Roles`]), so no code names a rule by its id. Patterns are matched
//! case-insensitively against one masked prose sentence at a time (so `^` and
//! `$` are the sentence's bounds). Placeholders are expanded before
//! compilation and the expanded text is what [`super::Gate::builtin_rules`]
//! shows:
//!
//! * `⟨NP⟩`: one character of a noun-phrase-ish span: anything but a clause
//!   boundary (`,` `;` `!` `?` `—` `–`).
//! * `⟨VB⟩`: the verbs that turn "V X instead of Y" into a choice.
//! * `⟨BANVB⟩`: the verbs a lasting prohibition ("don't V …") is about.
//! * `⟨WEVB⟩`: the verbs of "we won't / we don't V …" policies.
//! * `'` matches both the ASCII apostrophe and `’`.
//!
//! Named groups: `m` (the marker's span), `veto*` (the match is discarded
//! when such a group took part), `chosen` / `rejected` (option spans).

use super::{Category, Category::*};

/// What a built-in rule's markers mean to the code beyond their category,
/// as bits. A host's rule with a built-in id keeps that rule's roles.
pub(crate) type Roles = u8;
/// No role beyond the category.
pub(crate) const NONE: Roles = 0;
/// The `chosen` group is a selection even when no alternative is named ("go
/// with X", "X it is"), not a statement of practice.
pub(crate) const SELECTION: Roles = 1;
/// A handle on what the assistant proposed ("do that", "option 2", "the
/// Postgres approach", "go with X"): assent without a bare "yes".
pub(crate) const HANDLE: Roles = 2;
/// An emphatic fragment ("Period.", "Ever.") that reinforces the sentence
/// before it.
pub(crate) const EMPHATIC: Roles = 4;
/// "Option B is out", "X was the other option": a rejection that names an
/// option for the decision in the sentence next to it.
pub(crate) const NEIGHBOUR_REJECTION: Roles = 8;

/// The roles of the built-in rule `id` (`NONE` when there is no such rule).
pub(crate) fn roles_of(id: &str) -> Roles {
    TABLE
        .iter()
        .find(|r| r.0 == id)
        .map(|r| r.3)
        .or_else(|| super::lang::roles_of(id))
        .unwrap_or(NONE)
}

const NP: &str = "[^,;!?—–]";

const VB: &str = r"use|using|make|return|returning|keep\s+(?:it|them|this|that)\s+as|keep|store|storing|write|go\s+with|switch\s+to|prefer|pick|choose|put|pass|send|model|represent|implement|have|rely\s+on|depend\s+on|build|emit|throw|raise|parse|compute|ship|deploy|host|adopt|stick\s+with|do|go\s+for|cache|validate|fetch|load|serialize|deserialize|encode|decode|render|read|log|handle|wrap|generate|compile|call|split|group|sort|filter|index|hash|encrypt|sign|verify|inject|register|expose|export|bundle|serve|route|query|join|batch|stream|buffer|queue|schedule|poll|sync|lock|spawn|await|define|declare|structure|organi[sz]e|configure|run|test|mock|stub|check|compare|match|derive|box|clone|borrow|allocate|persist|save|insert|upsert|key|partition|shard|paginate|authenticate|authori[sz]e|assert|catch|propagate|convert|map|collect|iterate|loop|process|compose|extend|inherit|subclass|pipe|dispatch|publish|subscribe|trigger|fire|notify|defer|memoi[sz]e|precompute|inline|vendor|pin";

const BANVB: &str = r"use|add|depend|introduce|import|log|store|commit|call|pull|bring|rely|ship|expose|hardcode|hard-code|put|write|catch|swallow|mutate|vendor|check\s+in|push|merge|deploy|run|enable|disable|leak|return|allow|accept|mix|reach|embed|inline|duplicate|copy|spawn|block|unwrap|panic|print|send|bypass|mock|create|touch|edit|modify|break|trust|assume|hand-roll|roll|reinvent|generate|access|query|parse|ignore|silence|suppress|install|upgrade|downgrade|bump|pin|shell\s+out|force-push|force\s+push|rebase|squash|publish|release|hit|leave|let|change|rename|delete|remove|drop|reformat|rewrite|turn\s+off|turn\s+on";

/// Languages, frameworks, stores and tools named in "build X in/with T"
/// requests (a technology named in a new-project or feature request is a
/// decision). Lower case; matched case-insensitively.
const TECH: &str = r"(?:go|golang|rust|python3?|typescript|javascript|node(?:\.?js)?|deno|bun|java|kotlin|swift|c\#|csharp|c\+\+|cpp|ruby|php|elixir|erlang|scala|haskell|zig|dart|lua|perl|bash|powershell|react(?:\s+native)?|preact|vue(?:\.?js)?|nuxt|svelte(?:kit)?|angular|next(?:\.?js)?|remix|astro|vite|django|flask|fastapi|express(?:\.?js)?|nestjs|koa|hono|rails|ruby\s+on\s+rails|laravel|symfony|spring\s+boot|\.net|asp\.net|gin|actix|axum|tokio|tauri|electron|flutter|qt|gtk|tkinter|pyqt|textual|streamlit|gradio|htmx|tailwind(?:css)?|postgres(?:ql)?|mysql|mariadb|sqlite3?|duckdb|mongodb|mongo|redis|dynamodb|firebase|supabase|prisma|drizzle|typeorm|sqlalchemy|sequelize|kafka|rabbitmq|nats|grpc|graphql|docker|kubernetes|k8s|helm|terraform|ansible|pulumi|aws\s+lambda|cloudflare\s+workers|pytest|jest|vitest|mocha|playwright|cypress|selenium|pandas|numpy|pytorch|tensorflow|langchain|webassembly|wasm|cobra|clap|typer|argparse|zod|pydantic|celery|apscheduler|sidekiq|bullmq|esbuild|webpack|rollup|pnpm|yarn|poetry|uv|maven|gradle|bazel|cmake|nix|wails|swiftui|jetpack\s+compose|godot|pygame|three\.js|d3|echarts|shadcn|storybook|jquery|socket\.io|websockets?|nginx|caddy|lancedb|surrealdb|qdrant|pgvector|elasticsearch|opensearch|meilisearch|clickhouse|spark|airflow|dbt|rusqlite|diesel|sqlx|serde|lit|turborepo|nx|lerna|github\s+actions|gitlab\s+ci|circleci|jenkins|fly\.io|render|aws|gcp|azure|websockets?|sse|server-sent\s+events|vercel|netlify|heroku|railway|cloudflare|pino|winston|zap|slog|structlog|loguru|sentry|datadog|prometheus|grafana|opentelemetry|otel|recharts|chart\.js|mlflow|dvc|polars|dask|ray|fastify|trpc|tanstack|react\s+query|redux|zustand|jotai|mobx|pinia|vuex|sass|scss|styled-components|emotion|prettier|eslint|ruff|black|mypy|pyright|biome|husky|lint-staged|alembic|flyway|liquibase|knex|kysely|mikro-orm|gorm|ent|sqlc|jooq|hibernate|alpine(?:\.?js)?|solidjs|expo|ionic|capacitor|unity|unreal|distroless)";

const WEVB: &str = r"support|use|add|accept|ship|allow|depend|take|merge|build|maintain|provide|store|log|run|deploy|rely|vendor|target|commit|push|expose|write|hardcode|call|import|introduce|mock|touch|break|bump|pin|release|publish|do";

/// The raw table (placeholders unexpanded).
#[rustfmt::skip]
pub(crate) const TABLE: &[(&str, Category, u8, Roles, &str)] = &[
    // ───────────────────────── decision verbs ─────────────────────────
    ("dv.lets_use", DecisionVerb, 3, SELECTION | HANDLE,
     r"\b(?:let's|lets|let\s+us)\s+(?:just\s+|also\s+|all\s+|now\s+)?(?P<m>use|go\s+with|go\s+for|stick\s+with|stay\s+with|switch\s+(?:over\s+)?to|move\s+to|migrate\s+to|adopt|standardi[sz]e\s+on|settle\s+on|pick|choose|keep\s+using|opt\s+for)\b\s*(?P<chosen>⟨NP⟩*)"),
    ("dv.lets", DecisionVerb, 1, NONE,
     r"\b(?:let's|lets|let\s+us)\s+(?:(?P<veto>see|think|talk|discuss|figure|try|look|check|wait|revisit|consider|brainstorm|explore|investigate|debug|start|continue|move\s+on|pause|step\s+back|not|get\s+back|circle\s+back|hold\s+off|table|park|focus)\b|(?P<m>\w+))"),
    ("dv.go_with", DecisionVerb, 3, SELECTION | HANDLE,
     r"\b(?P<m>(?:go|going|gone)\s+(?:with|for)|stick\s+(?:with|to)|sticking\s+(?:with|to))\s+(?:(?P<veto>the\s+flow|me|a\s+(?:walk|run|coffee|break)|lunch|now|today|the\s+night)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.went_with", DecisionVerb, 2, SELECTION,
     r"\b(?:we|i)\s+(?P<m>went\s+with|chose|picked|opted\s+for|settled\s+on)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.choosing", DecisionVerb, 3, SELECTION,
     r"\b(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:now\s+|officially\s+)?(?P<m>choosing|picking|opting\s+for|settling\s+on|sticking\s+with|standardi[sz]ing\s+on)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.i_choose", DecisionVerb, 3, SELECTION,
     r"\b(?:i|we)(?:'ll|\s+will)?\s+(?P<m>choose|pick|opt\s+for)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.decided", DecisionVerb, 3, NONE,
     r"\b(?:i|we)(?:'ve|'d|\s+have|\s+had)?\s+(?:now\s+|already\s+|finally\s+|just\s+|officially\s+|collectively\s+)?(?P<m>decided)\b(?:\s*(?P<veto>to\s+(?:try|test|see|look|check|play|give|take|experiment|ask|wait|sleep|stop|call|go\s+home|grab)|i'm|i\s+am|i'll|it's|that\s+i|we're\s+done|i\s+need))?"),
    ("dv.decision_label", DecisionVerb, 3, SELECTION,
     r"^\W*(?:it's\s+|it\s+is\s+|that's\s+)?(?P<m>(?:final\s+|our\s+|team\s+)?(?:decision|verdict|resolution|ruling|decided)(?:\s+made)?)\s*\**\s*(?::|on\b)\W*(?P<chosen>⟨NP⟩+)"),
    ("dv.made_call", DecisionVerb, 3, NONE,
     r"\b(?:i|we)(?:'ve|\s+have)?\s+(?P<m>made\s+up\s+(?:my|our)\s+minds?|made\s+(?:the|a|my|our)\s+(?:call|decision)|landed\s+on)\b"),
    ("dv.keep_using", DecisionVerb, 3, NONE,
     r"(?:^\W*|\b(?:let's|we'll|we\s+will|we|just|so|ok|okay)\s+)(?P<m>keep\s+using|stay\s+on|stay\s+with)\s+(?:(?P<veto>it|that|this|me|them|the\s+same)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.standardize", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|so|ok|okay|and)\s+)?(?P<m>standardi[sz]e\s+on|settle\s+on|adopt)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.prefer_imp", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:always|please|pls|just|and|also|generally)\s+)?(?P<m>prefer)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.lets_do_handle", DecisionVerb, 3, SELECTION,
     r"\b(?:let's|lets|let\s+us)\s+(?P<m>do|take|build|implement|try)\s+(?P<chosen>(?:the|your|that)\s+[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?\s+(?:approach|option|variant|design|plan|route|proposal|suggestion|idea|solution|version|one|way))\b"),
    ("dv.decision_is", DecisionVerb, 3, SELECTION,
     r"\b(?:the|our|my|final)\s+(?P<m>decision)\s+is\s+(?:to\s+|that\s+)?(?P<chosen>⟨NP⟩+)"),
    ("dv.switch_from_to", DecisionVerb, 3, NONE,
     r"\b(?P<m>switch|switching|migrate|migrating|move|moving|cut\s+over|port|porting)\s+(?:over\s+)?(?:\S+\s+){0,4}?(?:from|off(?:\s+of)?)\s+(?:(?P<veto>\S*[/\\]|\S+\.(?:rs|py|ts|js|go|tsx|jsx|rb|java|c|h|cpp|md|toml|json|ya?ml|sh|txt)\b|(?:line|page|step|row|column|index)\s+\d)|(?P<rejected>⟨NP⟩+?)\s+(?:over\s+)?(?:to|onto)\s+(?P<chosen>⟨NP⟩+))"),
    ("dv.switch_to", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>switch(?:ing)?|migrat(?:e|ing)|mov(?:e|ing)\s+over|cut(?:ting)?\s+over)\s+(?:(?:the\s+|our\s+|all\s+)?[\w`.-]+\s+){0,3}?(?:over\s+)?to\s+(?:(?P<veto>(?:the\s+)?(?:\w+\s+)?(?:branch|tab|window|terminal|directory|folder|dir|worktree|pane|buffer|shell|mode|view|page|screen|main|master|dev|develop)\b)|(?P<chosen>⟨NP⟩+))"),
    ("dv.replace_with", DecisionVerb, 3, NONE,
     r#"\b(?P<m>replace|replacing|swap|swapping)\s+(?:(?P<veto>['"“_])|(?P<rejected>⟨NP⟩+?)\s+(?:out\s+)?(?:with|for)\s+(?P<chosen>⟨NP⟩+))"#),
    ("dv.prefer", DecisionVerb, 2, NONE,
     r"\b(?:i|we)(?:'d|\s+would)?\s+(?:much\s+|really\s+|strongly\s+|definitely\s+)?(?P<m>prefer|rather)\b"),
    ("dv.i_like", DecisionVerb, 1, NONE,
     r"\b(?:i|we)\s+(?:really\s+|definitely\s+)?(?P<m>like|love)\s+(?:(?P<veto>to|it|that|this|how|when|the\s+(?:idea|sound))\b|\w)"),
    ("dv.prefer_over", DecisionVerb, 3, NONE,
     r"\b(?P<m>prefer(?:ring)?)\s+(?P<chosen>⟨NP⟩+?)\s+(?:over|to)\s+(?P<rejected>⟨NP⟩+)"),
    ("dv.like_better", DecisionVerb, 3, NONE,
     r"\b(?:i|we)\s+(?:like|prefer|want)\s+(?P<chosen>⟨NP⟩+?)\s+(?P<m>better\s+than|more\s+than|over|instead\s+of)\s+(?P<rejected>⟨NP⟩+)"),
    ("dv.we_will_use", DecisionVerb, 3, SELECTION,
     r"\bwe(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to|\s+shall|'re\s+gonna|\s+are\s+gonna)\s+(?:just\s+|only\s+|always\s+)?(?P<m>use|go\s+with|stick\s+with|standardi[sz]e\s+on|rely\s+on|adopt|move\s+to|switch\s+to|migrate\s+to|target|require)\s+(?:(?P<veto>it|that|this|them|whatever|something|anything)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.we_will", DecisionVerb, 2, NONE,
     r"\bwe(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to|\s+shall|'re\s+gonna|\s+are\s+gonna)\s+(?:just\s+|only\s+|always\s+)?(?P<m>do|keep|build|write|store|ship|support|drop)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.we_policy", DecisionVerb, 3, NONE,
     r"^\W*(?:(?:so|ok|okay|here|basically)\W+)?we\s+(?:only\s+)?(?P<m>standardi[sz]e\s+on|target|require|only\s+support|support\s+only)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.we_agreed", DecisionVerb, 3, NONE,
     r"\b(?:we|the\s+team|everyone)(?:'ve|\s+have|\s+all)?\s+(?:all\s+|already\s+|finally\s+)?(?P<m>agreed|settled|landed)\s+(?:on|that|to|upon)\b\s*(?P<chosen>⟨NP⟩*)"),
    ("dv.want", DecisionVerb, 1, NONE,
     r"\b(?:i|we)\s+(?P<m>want|need)\s+(?:(?P<veto>to|you|u|a\s+(?:quick|short)|some|more|help|an?\s+explanation|it\s+to|this\s+to|that\s+to)\b|\w)"),
    ("dv.way_to_go", DecisionVerb, 3, SELECTION,
     r"(?P<chosen>⟨NP⟩+?)\s+(?:is|are)\s+(?P<m>the\s+way\s+to\s+go|the\s+winner|the\s+right\s+call|our\s+pick|the\s+pick)\b"),
    ("dv.x_then", DecisionVerb, 2, SELECTION,
     r"^\W*(?:ok|okay|alright|all\s+right|fine|right|sure|yes|yep|yeah|so)\W+(?:(?P<veto>(?:i|we|you|it|that|this|do|let's|go)\b)|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,4}?))\s+(?P<m>then)\W*$"),
    ("dv.x_then_bare", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?P<veto>(?:ok|okay|so|and|but|what|why|how|fine|good|great|thanks|thx|bye|later|right|yes|no|sure|alright|now|it|that|this|do|go|let's|lets|continue|proceed|next|same|done|see\s+you|talk|until|since|just|only|even|since|back|since)\b)|(?P<veto2>[\w`.+#/-]+\s+(?:it|them|that|this|again|now|first|later|too))|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,2}?))\s+(?P<m>then)(?:\W*$|\s*,\s)"),
    ("dv.we_do", DecisionVerb, 2, NONE,
     r"^\W*(?:(?:so|ok|okay|then|here|now|basically|instead|from\s+now\s+on|from\s+here\s+on|going\s+forward|moving\s+forward|henceforth)\W+)?(?:(?:for|in|on|at)\s+[^,;:!?]{1,40}?,?\s+)?we\s+(?:always\s+|only\s+)?(?P<m>use|do|keep|target|require|support|store|build|ship|write|run|prefer|pin|standardi[sz]e\s+on|rely\s+on|go\s+with|stick\s+with|deploy\s+(?:to|on|with))\s+(?:(?P<veto>not|have|need|get|know|want|into)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.were_going", DecisionVerb, 3, NONE,
     r"\bwe(?:'re|\s+are)\s+(?:now\s+|officially\s+)?(?P<m>going\s+with|moving\s+to|switching\s+to|migrating\s+to|sticking\s+with|standardi[sz]ing\s+on|adopting)\b\s*(?P<chosen>⟨NP⟩*)"),
    ("dv.drop_support", DecisionVerb, 3, NONE,
     r"\b(?P<m>drop|dropping|deprecate|deprecating|sunset|sunsetting|end|ending)\s+(?:(?:official\s+)?support\s+for\b|⟨NP⟩{1,40}?\s+support\b)"),
    ("dv.x_it_is", DecisionVerb, 3, SELECTION | HANDLE,
     r"^\W*(?:(?:ok|okay|alright|all\s+right|fine|sure|yes|yep|yeah|then|so|right)\W+)*(?:(?P<veto>⟨NP⟩*\b(?:how|what|where|as|that|whatever|which|whether|if|think|know|wonder|way|guess|believe|say|is|was)\s+it\s+is)|(?P<chosen>⟨NP⟩+?)\s+(?P<m>it\s+is)(?:\W*$|\s*[,;—–]\s))"),
    // ───────────────────────── rejections / alternatives ─────────────────────────
    ("rej.instead_of", Rejection, 1, NONE,
     r"\b(?P<m>instead\s+of)\s+(?P<rejected>⟨NP⟩+)"),
    ("rej.verb_instead_of", Rejection, 2, NONE,
     r"(?:(?P<veto>\b(?:to|it|he|she|they|that|which|who)\s+(?:⟨VB⟩)\b)|\b(?:⟨VB⟩)\s+(?P<chosen>⟨NP⟩+?)\s+(?P<m>instead\s+of)\s+(?P<rejected>⟨NP⟩+))"),
    ("rej.instead_trailing", Rejection, 1, NONE,
     r"(?:^\W*|[,;:]\s*)(?:(?:just|then|so|and)\s+)?(?P<chosen>⟨NP⟩+?)\s+(?P<m>instead)\W*$"),
    ("rej.verb_instead", Rejection, 2, NONE,
     r"\b(?:⟨VB⟩)\s+(?P<chosen>⟨NP⟩+?)\s+(?P<m>instead)\W*$"),
    ("rej.rather_than", Rejection, 2, NONE,
     r"\b(?:(?:⟨VB⟩)\s+)?(?P<chosen>⟨NP⟩+?)\s+(?P<m>rather\s+than)\s+(?:(?:bring|pull)\s+in\s+|using\s+|adding\s+|going\s+with\s+)?(?P<rejected>⟨NP⟩+)"),
    ("rej.rather_x_than", Rejection, 2, NONE,
     r"\b(?P<m>rather)\s+(?:use\s+|go\s+with\s+|have\s+|keep\s+|pick\s+)?(?P<chosen>⟨NP⟩+?)\s+than\s+(?:(?:bring|pull)\s+in\s+|use\s+|add\s+|adopt\s+|introduce\s+|go\s+with\s+|deal\s+with\s+|maintain\s+|run\s+)?(?P<rejected>⟨NP⟩+)"),
    ("rej.comma_not", Rejection, 2, NONE,
     r"(?P<chosen>[^,;:!?—–]+),\s*(?:and\s+|but\s+)?(?P<m>not)\s+(?:(?P<veto>only|just|because|that|sure|yet|really|necessarily|always|even|exactly|quite|so|too|very|at\s+all|anymore|now|today|here|there|for|to|in|on|by|if|when|as|until|unless|after|before|with|without|much|many|all|every|a\s+(?:big\s+)?(?:deal|problem|bug|priority|concern|blocker|fan)|ideal|great|good|bad|ok|okay|working|broken|needed|necessary|important|possible|clear|helpful|urgent|required|recommended|sure)\b|(?P<rejected>⟨NP⟩+))"),
    ("rej.code_not", Rejection, 2, NONE,
     r"(?P<chosen>`[^`]+`)\s*,?\s+(?P<m>not)\s+(?P<rejected>`[^`]+`)"),
    ("rej.bare_not", Rejection, 3, NONE,
     r"^\W*(?:(?P<veto>(?:why|maybe|probably|definitely|certainly|hopefully|surely|obviously|clearly|if|or|and|but|it's|that's|this|that|it|is|are|was|were|do|does|did|i|we|you|they|just|still|also|really|actually|sure|yes|ok|okay|no|nope|hmm|so|but|though|almost)\b)|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?)\s*,?\s+(?P<m>not)\s+(?P<rejected>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3})\W*$)"),
    ("rej.not_but", Rejection, 3, NONE,
     r"(?:(?P<veto0>\b(?:is|are|was|were|it's|that's|isn't|do|does|did|i'm|we're|they're|you're|could|would|should|will|can|must|have|has|had|be)\s+not\b)|(?:^|[^\w'])(?P<m>not)\s+(?:(?P<veto>only|just|because|that|sure|really|necessarily|always|even|working|broken|yet|so|too|very|a\s+bug|the\s+(?:issue|problem|point))\b|(?P<rejected>⟨NP⟩+?)\s*,?\s+but\s+(?:rather\s+|instead\s+)?(?P<chosen>⟨NP⟩+)))"),
    ("rej.over", Rejection, 2, NONE,
     r"\b(?:go(?:ing)?\s+with|went\s+with|choose|chose|choosing|pick|picked|picking|prefer|preferring|use|using|favou?r|favou?ring|opt(?:ing)?\s+for|recommend)\s+(?P<chosen>⟨NP⟩+?)\s+(?P<m>over)\s+(?:(?P<veto>https?|tls|ssl|ssh|tcp|udp|ipc|grpc|stdin|stdout|the\s+(?:network|wire|internet|socket|years|weekend|course|top)|time|a\s+(?:socket|pipe|channel|network|year|week)|\d)\b|(?P<rejected>⟨NP⟩+))"),
    ("rej.vs", Rejection, 1, NONE,
     r"\S\s+(?P<m>vs\.?|versus)\s+\S"),
    ("rej.gt", Rejection, 3, NONE,
     r"^\W*(?P<chosen>[a-z][\w.+#-]*(?:\s+[a-z][\w.+#-]*)?)\s*(?P<m>>|≫|>>)\s*(?P<rejected>[a-z][\w.+#-]*(?:\s+[a-z][\w.+#-]*)?)\b"),
    ("rej.bare_instead", Rejection, 3, NONE,
     r"^\W*(?:(?P<veto>(?:why|maybe|probably|what|how|if|or|and|but|it|this|that|i|we|you|they|just|still|also|really|actually|so|crashes|fails|returns)\b)|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?)\s*,?\s+(?P<m>instead\s+of)\s+(?P<rejected>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?)(?:\W*$|\s*[,;—–:]\s))"),
    ("rej.bare_over", Rejection, 3, NONE,
     r"^\W*(?:(?P<veto>(?:why|maybe|probably|what|how|if|or|and|but|it|this|that|i|we|you|they|just|still|also|really|actually|so|the|a|an|game|it's|its|all|start|move|hand|get|come|run)\b)|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+)?)\s+(?P<m>over)\s+(?:(?P<veto2>the|a|an|\d|https?|tls|ssh|tcp|udp|time|there|here)\b|(?P<rejected>[\w`.+#/-]+(?:\s+[\w`.+#/-]+)?))(?:\W*$|\s*[,;—–:]\s))"),
    ("rej.deprecated", Rejection, 2, NONE,
     r"(?P<rejected>⟨NP⟩+?)\s+(?:is|are)\s+(?:now\s+)?(?P<m>deprecated|obsolete|legacy|dead)\b"),
    ("rej.drop_and_use", Rejection, 3, NONE,
     r"\b(?P<m>get\s+rid\s+of|ditch|drop|remove|rip\s+out|kill|delete)\s+(?P<rejected>⟨NP⟩+?)\s*(?:,\s*|\s+)(?:and\s+)?(?:just\s+)?(?:use|go\s+with|switch\s+to|move\s+to|replace\s+(?:it|them)\s+with)\s+(?P<chosen>⟨NP⟩+)"),
    ("rej.lets_not", Rejection, 3, NONE,
     r"\b(?:let's|lets|let\s+us)\s+(?P<m>not)\s+(?:(?P<veto>worry|bother|forget|panic|rush|overthink|get\s+ahead)\b|(?P<rejected>(?:⟨BANVB⟩|go\s+with|switch\s+to|move\s+to|adopt|introduce)\b⟨NP⟩*))"),
    ("rej.comma_never", Rejection, 2, NONE,
     r"[^,;:!?—–]\s*[,;—–]\s*(?:but\s+|and\s+)?(?P<m>never)\s+(?:(?P<veto>mind|again|ever|once|before|been|had|have|has|seen|heard|thought|worked|happened|knew|know|did|do|does|tried|really|got|gets|get|was|were|is|are|will|would|could|should|can|forget|say|said|in|on|at|for|with|by|to|the\s+(?:less|same)|a\s+(?:problem|issue))\b|(?P<rejected>⟨NP⟩+))"),
    ("rej.comma_no", Rejection, 2, NONE,
     r"[,;—–]\s*(?P<m>no)\s+(?:(?P<veto>worries|idea|luck|problem|need|way|thanks|wait|matter|longer|doubt|rush|big\s+deal|change|difference|errors?|warnings?|output|issues?|one|i|you|it|that|this|we|not|yes|ok|more\s+than|\d)\b|\w)"),
    ("rej.is_out", Rejection, 2, NEIGHBOUR_REJECTION,
     r"\b(?P<rejected>(?:(?:the|your|that|this)\s+(?:\w+\s+)?)?(?:option|approach|plan|proposal|idea|alternative|variant)(?:\s+⟨NP⟩*?)?)\s+(?:is|are)\s+(?P<m>out|off\s+the\s+table|rejected|dead|a\s+no-go|not\s+happening|ruled\s+out)\b"),
    ("rej.off_table", Rejection, 2, NEIGHBOUR_REJECTION,
     r"(?P<rejected>⟨NP⟩+?)\s+(?:is|are)\s+(?P<m>off\s+the\s+table|ruled\s+out|a\s+no-go|not\s+an\s+option|a\s+non-starter|dead\s+to\s+me)(?:\W*$|\s*[,;—–.])"),
    ("rej.other_option", Rejection, 2, NEIGHBOUR_REJECTION,
     r"(?P<rejected>⟨NP⟩+?)\s+(?:was|is|were|are)\s+the\s+other\s+(?P<m>option|alternative|candidate|contender|choice)\b"),
    ("rej.no_to", Rejection, 2, NONE,
     r"\b(?P<m>no\s+to)\s+(?P<rejected>⟨NP⟩+)"),
    // ───────────────────────── bans ─────────────────────────
    ("ban.never", Ban, 3, NONE,
     r"^\W*(?:(?:and|so|also|but|please|pls|just|remember|rule|important|note|again|seriously|oh|ok|okay|no|nope|nah|and\s+please|also\s+please)\W+)*(?P<m>never(?:,?\s+ever,?)?)\s+(?:(?P<veto>mind|had|has|have|was|were|did|does|do|knew|know|seen|saw|heard|been|thought|understood|got|gets|realized|noticed|worked|works|happened|happens|occurred|tried|liked|expected|really|goes|went|came|comes|seems|seemed|used\s+to|once|before|anything|ends|stops|returns|finishes|shows|appears)\b|(?:again\s+)?(?P<rejected>⟨NP⟩+))"),
    ("ban.we_never", Ban, 3, NONE,
     r"(?:(?:^\W*|[,;:—–]\s*|\b(?:and|so|but|also|here)\s+)we\s+|\bwe\s+(?:should|must|shall|will|can)\s+|\bwe'll\s+|\byou\s+(?:should|must|shall|can)\s+)(?P<m>never)\s+(?:(?P<veto>mind|had|have|has|was|were|did|knew|know|seen|saw|heard|been|thought|understood|got|realized|noticed|worked|happened|tried|liked|expected|really|used\s+to|once|before)\b|(?P<rejected>⟨NP⟩+))"),
    ("ban.dont", Ban, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|but|so|please|pls|just|also|seriously|again|then|rule|remember)\s+)(?P<m>(?:don't|dont|do\s+not|never\s+ever)(?:\s+ever)?)\s+(?:(?P<veto>worry|bother|forget|need|have\s+to|mind|know|think|get|see|understand|care|want|like|remember|judge|panic|stress|wait|be\s+afraid|hesitate|overthink|sweat|go\s+overboard|ask|apologi[sz]e|rush)\b|(?:(?:ever|ever\s+again|even|just)\s+)?(?P<rejected>(?:⟨BANVB⟩)\b⟨NP⟩*))"),
    ("ban.we_wont", Ban, 3, NONE,
     r"\bwe(?:\s+will\s+not|\s+won't|\s+are\s+not\s+going\s+to|\s+aren't\s+going\s+to|'re\s+not\s+going\s+to|\s+do\s+not|\s+don't|\s+shall\s+not|\s+must\s+not|\s+cannot|\s+can't|\s+no\s+longer)\s+(?:(?P<veto>know|have|need|get|see|want|understand|care|think|forget|expect|yet|really|even|currently|always|seem|actually|like|mind)\b|(?P<rejected>(?:be\s+\w+ing|⟨WEVB⟩)\b⟨NP⟩*))"),
    ("ban.must_not", Ban, 3, NONE,
     r"\b(?P<m>must\s+not|mustn't|must\s+never|shall\s+not|shan't|is\s+not\s+allowed\s+to|are\s+not\s+allowed\s+to|is\s+forbidden\s+to|are\s+forbidden\s+to)\s+(?P<rejected>⟨NP⟩+)"),
    ("ban.no_x", Ban, 3, NONE,
     r"(?:^\W*|:\s*)(?P<m>no)\s+(?:(?P<veto>me|te|se|lo|le|les|nos|es|est[aá]|hay|puedo|quiero|tengo|s[eé]|sabe|entiendo|funciona|android|iphone|ios|o|os|as|el|los|las|un|una|um|uma|da|do|en|em|meu|minha|mi|tu|su|worries|worry|idea|luck|problem|problems|clue|need|way|thanks|thank|wait|matter|longer|one|doubt|rush|hurry|change|changes|difference|errors?|warnings?|output|response|results?|issues?|success|dice|joy|sorry|i|you|it|that|this|we|not|yes|ok|okay|no|rather|actually|sir|big|biggie|kidding|offense|pressure|stress|answer|reply|logs?|data|effect|improvement|crash|crashes|such|other|time|go|can\s+do|prob|probs|cap|what|why|how|wonder|surprise|lol|haha|more\s+than|more\s+(?:errors?|warnings?|crash(?:es)?|issues?|problems?|failures?|flakes?|timeouts?|output|logs?|questions|worries)|sweat|bueno|dependencies\s+changed|tests?\s+(?:fail|failed|ran|run)|one's)\b|\d|(?P<rejected>⟨NP⟩+))"),
    ("ban.no_more", Ban, 3, NONE,
     r"\b(?P<m>no\s+more)\s+(?:(?P<veto>than|of|and|questions|for\s+today|today|worries|errors?|warnings?|crash(?:es)?|issues?|problems?|failures?|flakes?|timeouts?|output|logs?)\b|(?P<rejected>⟨NP⟩+))"),
    ("ban.stop", Ban, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|please|pls|just|so|also|let's|we\s+(?:should|need\s+to|must|will)|we'll)\s+)(?P<m>stop|quit)\s+(?P<rejected>(?:using|adding|importing|writing|calling|committing|pushing|logging|storing|relying\s+on|depending\s+on|shipping|putting|mixing|creating|generating|hardcoding|catching|swallowing|vendoring|exposing|running|deploying|mocking|disabling|skipping|ignoring|suppressing|returning|force-pushing|merging)\b⟨NP⟩*)"),
    ("ban.avoid", Ban, 2, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|please|pls|always|so|also)\s+)(?P<m>avoid)\s+(?P<rejected>⟨NP⟩+)"),
    ("ban.under_no", Ban, 3, NONE,
     r"\b(?P<m>under\s+no\s+circumstances|in\s+no\s+case|at\s+no\s+point|under\s+any\s+circumstances)\b\s*(?P<rejected>⟨NP⟩*)"),
    ("ban.nothing_may", Ban, 3, NONE,
     r"\b(?:nothing|no\s+one|nobody|no\s+code|no\s+\w+)\s+(?:\w+\s+){0,3}?(?P<m>should|may|must|can|is\s+allowed\s+to|gets\s+to)\s+(?:ever\s+)?(?P<rejected>⟨NP⟩+)"),
    ("ban.i_dont_want", Ban, 2, NONE,
     r"\b(?:i|we)\s+(?P<m>(?:don't|do\s+not|never)\s+want)\s+(?:to\s+see\s+)?(?:(?P<veto>to|you|u|it|that|this|them|much|anything\s+fancy)\b|(?P<rejected>⟨NP⟩+))"),
    ("ban.banned", Ban, 2, NONE,
     r"\b(?:is|are|be|stays?|remains?)\s+(?P<m>banned|forbidden|prohibited|not\s+allowed|disallowed|off-limits|off\s+limits|verboten)\b"),
    ("ban.ban_verb", Ban, 3, NONE,
     r"^\W*(?:(?:we're|we\s+are|i'm|i\s+am|we\s+will\s+be|we'll\s+be)\s+)?(?P<m>ban|banning|forbid|forbidding|prohibit|prohibiting|disallow|disallowing)\s+(?P<rejected>⟨NP⟩+)"),
    // ───────────────────────── imperatives ─────────────────────────
    ("imp.use", Imperative, 1, NONE,
     r"(?:(?P<veto>\b(?:to|i|we|you|they|he|she|it|would|could|should|can|will|'ll|'d|not|don't|didn't|doesn't|the|a|an|of|for|no|any|its|their|our|my|your|who|which|that|why|how|what|whatever|never|u|we'd|you'd)\s+use\b|\buse\s+(?:whatever|any(?:thing|one)?|something|it|this|that|them|these|those|your|ur|u|the\s+same|what(?:ever)?|case|cases)\b)|\b(?P<m>use)\s+(?P<chosen>⟨NP⟩+))"),
    // ───────────────────────── lasting scope / memory ─────────────────────────
    ("mem.from_now_on", Memory, 3, NONE,
     r"\b(?P<m>from\s+now\s+on|from\s+here\s+on(?:\s+out)?|from\s+today\s+on|going\s+forward|moving\s+forward|henceforth|from\s+this\s+point\s+(?:on|forward)|in\s+future\s*,|in\s+the\s+future\s*,|in\s+(?:all\s+)?future\s+(?:prs|code|changes|commits|work|projects|migrations|modules|releases)|for\s+all\s+future|starting\s+(?:now|today)|as\s+of\s+(?:now|today)|from\s+then\s+on)\b"),
    ("mem.every_must", Memory, 3, NONE,
     r"\b(?:(?P<veto>all\s+of\s+(?:them|it|these|those|this|that|us|you)|each\s+other|any\s+new\s+(?:ideas?|thoughts))|(?:every|all|each|any\s+new)\s+(?:[\w`.\-/]+\s+){0,5}?(?P<m>must|has\s+to|have\s+to|needs?\s+(?:to|a|an)|shall|is\s+required\s+to|are\s+required\s+to|always|requires)\b)"),
    ("mem.must_always", Memory, 3, NONE,
     r"\b(?P<m>must\s+always|shall\s+always|has\s+to\s+always|have\s+to\s+always|should\s+always)\b"),
    ("mem.we_always", Memory, 3, NONE,
     r"\bwe\s+(?:will\s+|should\s+|must\s+)?(?P<m>always)\s+(?:(?P<veto>forget|forgot|had|have|get|got|seem|seemed|run\s+into|hit|end\s+up|ended\s+up|break|broke|used|say|said|talk)\b|\w)"),
    ("mem.rule_is", Memory, 3, NONE,
     r"(?:\b(?:the|our|house|team|one|new)\s+(?P<m>rule|policy|convention|standard)\s+(?:is|here\s+is|going\s+forward|from\s+now)\b|\b(?P<m2>rule)\s+(?:for|in|of)\s+(?:this|the|our)\s+(?:repo|project|codebase|team|crate|package)\b|^\W*(?:(?:new|house|team|repo|hard|one|golden|ground)\s+)?(?P<m3>rule|policy|convention|standard)\s*\**\s*:)"),
    ("mem.minimum", Memory, 3, NONE,
     r"\b(?:is|stays|remains)\s+(?:the\s+)?(?P<m>minimum|floor|baseline|oldest\s+supported\s+version)\b\W*(?:we\s+support\W*)?$"),
    ("mem.non_negotiable", Memory, 3, NONE,
     r"\b(?:is|are)\s+(?P<m>non-negotiable|not\s+negotiable|a\s+hard\s+rule)\b"),
    ("mem.is_default", Memory, 3, NONE,
     r"\b(?:is|are)\s+(?:now\s+)?(?:the|our)\s+(?:new\s+)?(?P<m>default|standard|convention|norm|go-to)\b"),
    ("mem.msrv_is", Memory, 3, NONE,
     r"\b(?P<m>msrv|minimum\s+supported\s+(?:\w+\s+)?version)\s+(?:is|=|:|stays|will\s+be|remains)\s+\S"),
    ("rej.keep_drop", Rejection, 3, NONE,
     r"\b(?P<m>keep)\s+(?P<chosen>(?:the|our|that|this)\s+[^,;.!?]{1,40}?)\s+and\s+(?:drop|remove|rip\s+out|get\s+rid\s+of|delete|ditch|retire|kill)\s+(?P<rejected>(?:the|that|this)\s+[^,;.!?]{1,40}?)(?:[,;.!?]|\s+(?:since|because|as|its|it's)\b|$)"),
    ("mem.every_should", Memory, 2, NONE,
     r"\b(?:every|all|each)\s+(?:[\w`.\-/]+\s+){0,5}?(?P<m>should)\b"),
    ("mem.want_every", Memory, 3, NONE,
     r"\b(?:we|i)(?:'d|\s+would|\s+will)?\s+(?P<m>want|need)\s+(?:every|all|each)\s+(?:(?:of\s+)?(?:the|our)\s+)?(?:[\w`.\-/+]+\s+){1,5}?to\s+\w"),
    ("mem.convention", Memory, 2, NONE,
     r"\b(?P<m>conventions?|policy|policies|house\s+style|style\s+guide|the\s+rule\s+(?:is|here)|rule\s+(?:for|in|of)\s+(?:this|the|our)\s+(?:repo|project|codebase|team|crate|package)|as\s+a\s+rule|standard\s+practice|the\s+standard\s+(?:is|here)|(?:the|our)\s+pattern\s+for|that's\s+the\s+pattern|hard\s+requirement|ground\s+rule)\b"),
    ("mem.make_default", Memory, 3, NONE,
     r"\b(?P<m>make)\s+(?:that|this|it|(?P<chosen>⟨NP⟩+?))\s+(?:the|our)\s+(?:new\s+)?(?:default|convention|standard|rule|norm|pattern|go-to)\b"),
    ("mem.anymore", Memory, 2, NONE,
     r"\b(?P<m>anymore|any\s+more(?:\s*[,;.!—–)]|\W*$)|ever\s+again|no\s+longer)"),
    ("mem.ever_alone", Memory, 2, EMPHATIC,
     r"^\W*(?P<m>ever|never\s+ever|not\s+ever|never\s+again|always|every\s+(?:single\s+)?time|no\s+exceptions)\W*$"),
    ("mem.finality", Memory, 2, EMPHATIC,
     r"(?:[,;:—–]\s*|^\W*)(?P<m>period|full\s+stop|no\s+exceptions|end\s+of\s+story|non-negotiable|final\s+answer|final\s+decision|that's\s+final|decision\s+made|settled)\W*$"),
    ("mem.everywhere", Memory, 1, NONE,
     r"\b(?P<m>everywhere|across\s+the\s+(?:board|codebase|repo|project))\b"),
    ("mem.for_all", Memory, 2, NONE,
     r"\b(?P<m>(?:for|in|on|across)\s+(?:all|every|each|any)(?:\s+(?:of\s+)?(?:the|our))?)\s+(?:(?P<veto>of\s+(?:it|them|this|that)|the\s+time|cases?|reasons?|i\s+know|\d)\b|\w)"),
    ("mem.msrv", Memory, 2, NONE,
     r"\b(?P<m>msrv|minimum\s+supported\s+(?:\w+\s+)?version|min(?:imum)?\s+(?:\w+\s+)?version|lowest\s+supported)\b"),
    ("mem.stays", Memory, 1, NONE,
     r"\b(?P<m>stays?|remains?)\s+(?:on|off|there|at|pinned|enabled|disabled|the\s+same|as\s+is|that\s+way|in\s+place|put|unchanged|fixed|locked)\b"),
    ("mem.we_keep", Memory, 3, NONE,
     r"\bwe\s+(?:always\s+)?(?P<m>keep)\s+(?:(?P<veto>running|getting|seeing|hitting|having|breaking|failing|forgetting|losing|adding|going|coming|finding|trying|bumping|doing)\b|⟨NP⟩*?\b(?:free\s+of|free\s+from|out\s+of|separate|separated|in\s+sync|under|below|at\s+most|pinned|behind|private|internal|stable|minimal|backwards?[- ]compatible|dependency-free|zero-dependency|sorted|deterministic|immutable|pure)\b)"),
    ("mem.nowhere_else", Memory, 3, NONE,
     r"\b(?P<m>nowhere\s+else|and\s+only\s+there)\b"),
    ("mem.lives_in", Memory, 1, NONE,
     r"\b(?P<m>lives?|belongs?|goes|go)\s+in(?:to)?\b"),
    ("mem.remember", Memory, 1, NONE,
     r"\b(?P<m>remember\s+(?:that|to)|keep\s+(?:that|this|it)\s+in\s+mind|for\s+future\s+reference|note\s+for\s+the\s+future|make\s+a\s+note|never\s+forget)\b"),
    ("mem.always_imp", Memory, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|so|please|pls|just|also|then|but)\s+)(?P<m>always)\s+(?:(?P<veto>the|a|an|same|this|that|it|there|getting|get|gets|returns?|shows?|showing|times?|on|in|at|when|with|for|because|been|was|were|is|are|has|had|forget|forgets|fails?|failing|breaks?|crashes|crashing|retries|prints|happens|seems?|takes|goes|ends|comes|hangs|runs|throws|errors|complains|does|did|says|wants|works|worked|used)\b|\d|\w)"),
    ("mem.always", Memory, 1, NONE,
     r"\b(?P<m>always)\b"),
    // ───────────────────────── confirmations ─────────────────────────
    ("conf.yes", Confirmation, 1, NONE,
     r#"^[\s*_>"\x27(\[-]*(?P<m>(?:yes|yeah|yep|yup|ya|yea|sure|ok|okay|k|kk|alright|all\s+right|right|agreed|agree|correct|exactly|absolutely|definitely|perfect|great|cool|nice|fine|good|lgtm|approved|confirmed|affirmative|roger|deal|totally|indeed|of\s+course)\b|👍|✅|👌|🙌|💯)(?:(?P<veto>-)|)"#),
    ("conf.sounds_good", Confirmation, 1, NONE,
     r"\b(?P<m>sounds\s+(?:good|great|right|fine|perfect|reasonable|like\s+a\s+plan)|works\s+for\s+me|fine\s+by\s+me|fine\s+with\s+me|ok\s+by\s+me|i'm\s+(?:fine|ok|okay|good)\s+with\s+(?:that|this|it)|makes\s+sense|that\s+works|i\s+agree|good\s+(?:call|idea|plan|point)|love\s+it|agreed|approved|let's\s+do\s+(?:it|that|this))\b"),
    ("conf.do_that", Confirmation, 3, HANDLE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:then|so|just|please|pls|let's|lets|yes|ok|okay|sure|and|yeah|yep)\s+)(?P<m>(?:do|implement|go\s+with|apply|build|execute|proceed\s+with)\s+(?:that|this|it|that\s+one|this\s+one|those|these|both|all\s+(?:of\s+them|three|two)|(?:that|this|the|your)\s+(?:approach|plan|one|version|design|option|proposal|suggestion|idea|refactor)))\b(?:\s+(?P<veto>again|later|tomorrow|next|first|manually|yourself|myself|locally|by\s+hand))?"),
    ("conf.handle", Confirmation, 2, SELECTION | HANDLE,
     r"(?P<m>(?P<chosen>\b(?:option\s+(?:[a-e]|\d{1,2}|one|two|three|four)|(?:the\s+|your\s+)?(?:first|second|third|fourth|last|latter|former|1st|2nd|3rd)\s+(?:one|option|approach|suggestion|proposal|variant|design|alternative|idea|plan)|(?:your|the)\s+(?:first|second|third|\d(?:st|nd|rd|th))\s+(?:suggestion|proposal|option|idea)|plan\s+[a-e]|approach\s+[a-e1-9]|(?:that|this|your)\s+(?:approach|plan|proposal|suggestion|option|design|idea|one))|#\d{1,2}(?:\s+and\s+#\d{1,2})*))\b"),
    ("conf.named_handle", Confirmation, 2, SELECTION | HANDLE,
     r"\b(?P<chosen>(?:the|your|that)\s+[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?\s+(?P<m>approach|option|variant|design|plan|route|proposal|suggestion|idea|solution|alternative|strategy))\b"),
    ("conf.handle_alone", Confirmation, 3, SELECTION | HANDLE,
     r"^\W*(?:(?:yes|yep|yeah|ok|okay|sure|alright|let's\s+(?:do|go\s+with)|go\s+with|i'd\s+say|i\s+say|definitely)\W+)?(?P<m>(?P<chosen>(?:option|approach|plan|proposal|variant|choice|number)\s*(?:[a-e]|\d{1,2}|one|two|three|four)|(?:that|this)\s+one|[a-e]|#?\d{1,2}(?:\s*(?:and|&|\+|,)\s*#?\d{1,2})*|(?:the\s+)?(?:first|second|third|fourth|last|latter|former|1st|2nd|3rd)(?:\s+(?:one|option|approach|suggestion|proposal|variant))?))\W*(?:please|pls|then|it\s+is|for\s+sure|definitely)?\W*$"),
    ("conf.like_you_said", Confirmation, 3, HANDLE,
     r"\b(?P<m>(?:like|as|the\s+way|what)\s+(?:you\s+)?(?:proposed|suggested|recommended|planned)|(?:your|the|that)\s+(?:proposal|suggestion|recommendation|plan|approach)\s+(?:is\s+|sounds\s+|looks\s+|seems\s+)?(?:good|fine|great|solid|reasonable|right|perfect|works|makes\s+sense))\b"),
    ("conf.like_you_described", Confirmation, 2, NONE,
     r"\b(?P<m>(?:like|as)\s+you\s+(?:described|outlined|laid\s+out|wrote\s+up|sketched|said|showed|mentioned))\b"),
    ("conf.yes_use", Confirmation, 2, NONE,
     r"^\W*(?:yes|yep|yeah|ok|okay|sure|agreed|alright|right|perfect|great)\W+(?:then\s+|just\s+)?(?P<m>use|go\s+with|pick|switch\s+to|stick\s+with|keep)\s+(?:(?P<veto>it|that|this|them|whatever|ripgrep|grep)\b|(?P<chosen>⟨NP⟩+))"),
    ("conf.go_ahead", Confirmation, 2, NONE,
     r"\b(?P<m>go\s+ahead|go\s+for\s+it|proceed|make\s+it\s+so)\W*$"),
    ("conf.go_ahead_with", Confirmation, 3, SELECTION,
     r"\b(?P<m>go\s+ahead\s+(?:with|and\s+(?:do|implement|apply|build))|proceed\s+with)\s+(?P<chosen>(?:that|this|it|the\s+(?:plan|approach|refactor|rewrite|proposal|migration|design|change|first|second|third|last|latter|former)|your|option)\b⟨NP⟩*)"),
    ("conf.sounds_like_plan", Confirmation, 3, NONE,
     r"\b(?P<m>sounds\s+like\s+(?:a|the)\s+(?:plan|good\s+plan|way\s+forward)|let's\s+do\s+(?:it|that|this)\s+that\s+way|that's\s+the\s+plan)\b"),
    ("conf.verb_handle", Confirmation, 1, NONE,
     r"\b(?P<m>do|implement|go\s+with|pick|take|use|apply|build|choose)\s+(?:the\s+|your\s+)?(?:option|(?:first|second|third|last|latter|former)(?:\s+(?:one|option|approach|suggestion|proposal|variant)\b|\W*$)|#\d|plan\s+[a-e]\b|approach\s+[a-e1-9]\b)"),
    ("conf.named_handle_alone", Confirmation, 3, SELECTION,
     r"^\W*(?:(?:yes|yep|yeah|ok|okay|sure|alright|fine|perfect|great|agreed)\W+)?(?P<chosen>(?:the|your)\s+[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?\s+(?P<m>approach|option|variant|design|plan|route|proposal|suggestion|idea|solution|version|one))\W*(?:please|pls|then|it\s+is)?\W*$"),
    ("conf.yes_to", Confirmation, 3, SELECTION | HANDLE,
     r"\b(?P<m>yes\s+to)\s+(?P<chosen>⟨NP⟩+)"),
    ("conf.bare_np", Confirmation, 2, SELECTION | HANDLE,
     r#"^[\s*_>"\x27(\[-]*(?:yes|yep|yeah|yup|sure|ok|okay|alright|right|perfect|great|fine|cool)\W+(?:(?P<veto>⟨NP⟩*\b(?:is|are|was|were|be|pass|passes|passed|fail|fails|failed|works?|worked|runs?|ran|crash|crashes|crashed|shows?|showed|broke|breaks|broken|looks?|seems?|does|did|has|have|had|still|now|i|we|you|it|that's|it's|there|thanks|thank)\b)|(?P<chosen>(?:the|a|an|your)\s+[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,5}))\W*$"#),
    ("dv.build_in", DecisionVerb, 3, SELECTION,
     r"\b(?:build|create|make|write|scaffold|set\s+up|setup|implement|program|develop|code|start|bootstrap|port|rewrite|generate)\b[^.;!?]{0,80}?\b(?P<m>in|with|using|on|via|based\s+on|as\s+an?)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("dv.tech_artifact", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>build|create|make|write|scaffold|set\s+up|implement|program|develop|code|start|need|want)\s+(?:me\s+|us\s+)?(?:a|an|the|some|our)?\s*(?:(?:new|simple|small|basic|quick|little|minimal|tiny|full|proper|standalone|separate|web|cli|command-line|desktop|mobile|native|rest|http|tiny)\s+){0,2}(?P<chosen>⟨TECH⟩)\s+(?:script|app|application|cli|api|service|server|library|lib|tool|bot|extension|plugin|project|backend|frontend|website|site|dashboard|game|program|module|package|crate|worker|client|sdk|component|microservice)s?\b"),
    ("ban.should_be_no", Ban, 3, NONE,
     r"\b(?P<m>there\s+(?:should|must|shall)\s+be\s+no|(?:i|we)\s+want\s+no|(?:we|i)\s+(?:need|want)\s+zero)\s+(?P<rejected>⟨NP⟩+)"),
    ("dv.use_tech", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|then|and|just|please|pls|also|yeah|yes|no|nah|actually)\W+)*(?P<m>use|switch\s+to|move\s+to|migrate\s+to|go\s+for)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)(?:(?P<veto>\s*to\s+(?:run|find|check|test|see|debug|look|search|grep|install|print|format|lint|fix|get|read|open|inspect))|)"),
    ("dv.we_should_use", DecisionVerb, 3, SELECTION,
     r"\b(?:we|i)(?:\s+(?:should|ought\s+to|want\s+to|wanna|would\s+like\s+to|need\s+to|have\s+to|must)(?:\s+be)?|'d\s+like\s+to)\s+(?P<m>using|use|go\s+with|stick\s+with|switch\s+to|move\s+to|migrate\s+to|adopt|keep\s+using)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.keep_it_in", DecisionVerb, 3, SELECTION,
     r"\b(?:let's|lets|let\s+us|we'll|we\s+will|just)\s+(?P<m>keep\s+(?:it|this|everything|them|things)\s+(?:in|on|as|with))\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.use_named", DecisionVerb, 3, SELECTION,
     r"(?:^\W*|[,;:]\s*|\band\s+|\bjust\s+)(?P<m>use)\s+(?:(?P<veto>it|this|that|them|one|something|whatever|same|these|those|both|either|any|all|more|less|less|fewer|only|your|my|our|their|his|her|its|some|each|every|another|other|such|what|which)\b|(?P<chosen>[a-z0-9][\w.@/-]*))\s+(?:for|as\s+the|to\s+(?:parse|build|render|handle|generate|store|send|validate|serialize|bundle|format|lint|schedule|queue|cache|test))\b"),
    ("mem.follow_standards", Memory, 3, NONE,
     r"\b(?P<m>adhere\s+to|follow|stick\s+to|comply\s+with|conform\s+to|respect)\s+(?:the\s+|our\s+)?(?:coding\s+|code\s+|team\s+|project\s+|house\s+|existing\s+)?(?:standards?|conventions?|guidelines?|style\s+guide|styleguide|rules)\b"),
    ("rej.prioritize", Rejection, 3, NONE,
     r"\b(?P<m>prioriti[sz]e|we\s+care\s+(?:more\s+)?about|optimi[sz]e\s+for)\s+(?P<chosen>[^,;.!?]{1,40}?)\s+(?:over|rather\s+than|more\s+than|than|before)\s+(?P<rejected>⟨NP⟩+)"),
    ("rej.x_not_y", Rejection, 3, NONE,
     r"(?:^|,\s*)(?:(?P<veto>(?:[\w'.+#/-]+\s+)?(?:is|are|was|were|do|does|did|it|it's|that|that's|this|should|would|could|will|can|has|have|had|i|we|you|they|just|maybe|why|and|but|or|so|still|yet|really|probably|definitely|certainly|'s)\s+not)\b|(?P<chosen>[\w.+#/-]+(?:[\s-][\w.+#/-]+)?)\s+(?P<m>not)\s+(?P<rejected>[\w.+#/-]+(?:\s[\w.+#/-]+)?)\W*$)"),
    ("rej.none_of", Rejection, 3, NONE,
     r"^\W*(?:(?:no|nah|nope|hmm)\W+)?(?P<m>none\s+of\s+(?:those|them|these|the\s+above|the\s+options)|neither(?:\s+of\s+(?:those|them|these))?)\b"),
    ("ban.never_here", Ban, 3, NONE,
     r"\b(?P<m>never)\b[^.!?]*\b(?:in\s+(?:this|our|the)\s+(?:codebase|repo|repository|project|code\s*base|app|service)|anywhere\s+in)\b"),
    ("ban.not_here", Ban, 3, NONE,
     r"(?:\b(?:we|i)\s+(?P<m>(?:don't|dont|do\s+not)\s+(?:do|use|allow|want|write|ship|add|keep))|(?:^\W*|\b(?:and|also|so|plus|general|rule)\W+)(?P<m2>no))\s+(?:(?P<veto>idea|clue|way|need|problem|worries|rush|matter|one|longer|more|luck|doubt)\b|(?P<rejected>[^,.;!?]{1,40}?)\s+(?:anywhere\s+)?in\s+(?:this|our|the)\s+(?:codebase|repo|repository|project|code\s*base|crate|package)\b)"),
    ("mem.after_each", Memory, 3, NONE,
     r"\b(?P<m>commit|push|run\s+(?:the\s+)?(?:tests|linter|lint|formatter)|test|lint|format|update\s+the\s+(?:docs|changelog|readme))\s+(?:(?:the\s+)?changes\s+)?(?:after|before)\s+(?:each|every|all|any)\b"),
    ("mem.goes_in", Memory, 3, NONE,
     r"\b(?:all|every|each|any|new)\b[^.!?]{0,40}\b(?P<m>goes|go|lives?|belongs?|should\s+(?:go|live|be))\s+(?:in|into|under|to)\s+(?P<chosen>⟨NP⟩+)"),
    ("rej.in_not_in", Rejection, 3, NONE,
     r"\b(?:in|into|on|to|with|as|under)\s+(?P<chosen>(?:[^,;.!?]|\.\S){1,40}),\s*(?:and\s+|but\s+)?(?P<m>not|never)\s+(?:in|into|on|to|with|as|under)\s+(?P<rejected>⟨NP⟩+)"),
    ("dv.target_only", DecisionVerb, 3, SELECTION,
     r"\b(?:(?P<m>target|support)\s+(?P<chosen>[^,;.!?]{1,30}?)\s+only\b|\b(?:we|i|it|this|you)\s+only\s+(?P<m2>support|target)\s+(?P<chosen2>⟨NP⟩+))"),
    ("mem.must_stay", Memory, 3, NONE,
     r"\b(?P<m>keep|stay|remain|(?:must|should|has\s+to|needs\s+to|have\s+to)\s+(?:be|stay|remain))\s+(?:[^.!?]{0,30}\s)?(?:fully\s+|always\s+)?(?:backwards?[- ]compatible|stable|deterministic|idempotent|reversible|immutable|stateless|offline[- ]first|async|type[- ]safe|accessible|private)\b"),
    ("dv.make_it_a", DecisionVerb, 3, NONE,
     r"\b(?P<m>make\s+it|it\s+should\s+be|this\s+should\s+be|ship\s+it\s+as)\s+(?:a|an)\s+(?:single\s+|small\s+|simple\s+)?(?:static\s+binary|cli|library|monorepo|spa|pwa|static\s+site|single[- ]page\s+app|microservice|plugin|daemon|desktop\s+app|web\s+app|mobile\s+app)\b"),
    ("dv.stack_is", DecisionVerb, 3, SELECTION,
     r"^\W*(?:the\s+|our\s+)?(?P<m>frontend|front-end|backend|back-end|database|db|api|stack|ui|orm|cache|queue)\s+(?:is|will\s+be|should\s+be)\s+(?P<chosen>⟨TECH⟩)(?:\s*(?:\+|and|with|/)\s*⟨TECH⟩)*\s*(?:[,.;]|$)"),
    ("mem.should_be_default", Memory, 3, NONE,
     r"\b(?P<chosen>[^,;.!?]{1,40}?)\s+(?P<m>should\s+be|must\s+be|will\s+be|becomes)\s+the\s+default\b"),
    ("dv.called", DecisionVerb, 3, NONE,
     r"\b(?P<m>(?:call|name)\s+(?:it|them|the\s+\w+)|to\s+be\s+(?:called|named))\s+\S"),
    ("mem.like_the_others", Memory, 2, NONE,
     r"\b(?P<m>like\s+(?:the\s+other|in\s+the\s+other)\s+(?:services|repos?|modules|projects|apps|packages|components|endpoints|ones|files|crates|handlers|pages|screens)|like\s+we\s+do\s+(?:in|elsewhere|everywhere)|same\s+(?:as|way\s+as)\s+(?:the\s+other|in\s+the\s+other))\b"),
    ("rej.drop_dep", Rejection, 3, NONE,
     r"^\W*(?:(?:ok|so|and|also|let's|lets|just)\W+)*(?P<m>drop|remove|get\s+rid\s+of|rip\s+out|kill)\s+(?:the\s+)?(?P<rejected>⟨NP⟩+?)\s+(?:dependency|dep|library|lib|package|crate|support|integration|layer)\b"),
    ("dv.move_all_to", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>move|migrate|port|convert|rewrite|switch)\s+(?:everything|it\s+all|all\s+of\s+it|the\s+(?:whole\s+)?(?:codebase|project|app|repo|frontend|backend|code))\s+(?:to|in|into|over\s+to)\s+(?:(?P<veto>the\s+(?:left|right|top|bottom|trash|end|start|front|back|root)|a\s+new\s+(?:file|folder|directory))\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.i_prefer", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|so|and|also|honestly|personally)\W+)*(?:i|we)\s+(?P<m>prefer|always\s+prefer)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.we_deploy", DecisionVerb, 3, SELECTION,
     r"\bwe\s+(?P<m>deploy|host|run|ship|build|release)\s+[^.!?]{0,30}?\b(?:with|on|to|via|using)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("dv.should_use", DecisionVerb, 3, SELECTION,
     r"\b(?:it|this|that|the\s+\w+|everything)\s+(?:should|must|needs?\s+to|has\s+to|will)\s+(?P<m>use)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.goes_to_tech", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>go|goes|get\s+sent|are\s+sent|should\s+go|get\s+reported)\s+(?:to|into)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("ban.hands_off", Ban, 3, NONE,
     r"\b(?P<m>hands\s+off|stay\s+away\s+from|keep\s+your\s+hands\s+off|keep\s+out\s+of)\s+(?P<rejected>⟨NP⟩+)"),
    ("dv.use_existing", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>(?:use|reuse|keep|stick\s+with|go\s+with)\s+the\s+existing)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.need_support", DecisionVerb, 3, NONE,
     r"\b(?P<m>(?:we|it|this|the\s+\w+)\s+(?:need|needs|have|has|want|must)\s+to\s+(?:support|run\s+on|work\s+on|work|run)|must\s+(?:support|run\s+on|work\s+on))\s+(?P<chosen>offline\b⟨NP⟩*|on\s+⟨NP⟩+|⟨NP⟩+)"),
    ("dv.scope_list", DecisionVerb, 3, NONE,
     r"\b(?:must|should|has\s+to|have\s+to|needs?\s+to|will\s+need\s+to)\s+(?:(?:be\s+able\s+to|also)\s+)?(?P<m>support|handle|accept|export(?:\s+(?:to|as))?|work\s+(?:on|with|in|for)|run\s+(?:on|in)|cover|target|talk\s+to)\s+(?:both\s+)?(?P<chosen>[^,.;!?]{1,40}(?:,\s*[^,.;!?]{1,40}){0,6},?\s+(?:and|&)\s+[^,.;!?]{1,40})"),
    ("mem.whenever", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|ok|okay|btw|oh\s+and)\W+)?(?P<m>whenever|every\s+time|each\s+time|any\s*time)\s+[^,;.!?]{3,80},\s*(?:please\s+|always\s+|also\s+|just\s+)?(?:make\s+sure|remember\s+to|don't|do\s+not|never|add|update|bump|write|pin|avoid|follow|include|document|note|mention|ask|tell|create|remove|delete|regenerate|rebuild|rerun|re-run|⟨VB⟩)\b"),
    ("mem.when_ing", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|ok|okay|btw|oh\s+and)\W+)?(?P<m>when|while)\s+(?:\w+ing)\b[^,;.!?]{0,80},\s*(?:please\s+|always\s+|also\s+)?(?:make\s+sure|remember\s+to|don't|do\s+not|never|add|update|bump|write|pin|avoid|follow|include|document|prefer|use|run|keep|put|stick\s+to)\b"),
    ("dv.we_should_keep", DecisionVerb, 3, NONE,
     r"\b(?:we|i)\s+(?:should|would\s+want\s+to|'d\s+want\s+to|want\s+to|need\s+to|have\s+to|must|will\s+want\s+to)\s+(?:still\s+|also\s+|just\s+)?(?P<m>keep|continue\s+(?:to|using|with)|preserve|retain|stick\s+(?:to|with)|stay\s+(?:on|with)|default\s+to|maintain\s+(?:backwards?|compatibility))\s+(?:(?P<veto>going|it\s+up|trying|working|looking|an\s+eye|in\s+mind|track|this\s+in\s+mind|that\s+in\s+mind)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.we_would_want", DecisionVerb, 2, NONE,
     r"\b(?:we|i)(?:\s+would|'d)\s+(?P<m>want|need)\s+(?:to\s+(?:include|support|store|expose|treat|show|record|capture|have)\b|the\b)"),
    ("mem.done_when", Memory, 3, NONE,
     r"\b(?P<m>(?:to|before\s+we)\s+(?:declare|call|consider|mark)\s+[^,.;!?]{1,40}?\s+(?:complete|completed|done|finished)|(?:is|are|counts\s+as)\s+(?:only\s+)?(?:done|complete|finished)\s+(?:when|once|if\s+and\s+only\s+if)|definition\s+of\s+done|acceptance\s+criteri(?:a|on)\s+(?:is|are))\b"),
    ("dv.for_topic_use", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:and|ok|okay|so|also)\W+)?for\s+(?:(?P<veto>some\s+reason|now|the\s+moment|the\s+time\s+being|a\s+while|example|instance|today|this\s+(?:pr|task|test|run|one|time)|once|real|sure|what\s+it's\s+worth)\b|(?:the\s+|our\s+|all\s+|any\s+)?[\w\s./-]{2,30}?,\s*(?:let's\s+|we'll\s+|please\s+|just\s+|always\s+)?(?P<m>use|go\s+with|pick|stick\s+with|switch\s+to|we\s+use|we'll\s+use)\s+(?:(?P<veto2>whatever|anything|something|it|that|this)\b|(?P<chosen>⟨NP⟩+)))"),
    ("dv.do_it_with", DecisionVerb, 3, SELECTION,
     r"\b(?:we(?:'ll|\s+will)?|let's|lets)\s+(?:just\s+)?(?P<m>do|build|implement|handle)\s+(?:it|this|that|them|the\s+[\w\s-]{1,20}?)\s+(?:with|using|via|through)\s+(?:(?P<veto>you|me|him|her|them|care|caution)\b|(?P<chosen>⟨NP⟩+))"),
    ("mem.always_stored", Memory, 3, NONE,
     r"\b(?:are|is|must\s+be|should\s+be|get|gets)\s+(?P<m>always)\s+(?:stored|kept|written|formatted|serialized|encoded|named|logged|validated|rounded|sorted|compressed|encrypted|hashed|versioned|pinned|reviewed|typed|documented|prefixed|suffixed|quoted|escaped|sanitized|normalized)\b"),
    ("dv.make_default", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|let's|ok|okay|and)\s+)?(?P<m>make|set)\s+the\s+default\s+[\w\s-]{1,25}?\s+(?:(?:to|be)\s+(?P<chosen>[\w`.:/-]+)|(?P<chosen2>[\w`.:/-]*\d[\w`.:/-]*))\W*$"),
    ("mem.all_in", Memory, 3, NONE,
     r"^\W*(?P<m>all|every)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:in|as)\s+(?P<chosen>[\w`.:/+-]+(?:\s+[\w`.:/+-]+)?)(?:,?\s+(?:please|pls|always|everywhere))?\W*$"),
    ("dv.keep_in_not", DecisionVerb, 3, NONE,
     r"\b(?P<m>keep|put|store)\s+(?:the\s+|all\s+|our\s+)?[\w\s./-]{1,30}?\s+(?:in|under|inside)\s+(?P<chosen>(?:[^,;.!?]|\.\S){1,40}),\s*(?:and\s+|but\s+)?(?:not|never)\b"),
    ("dv.default_to", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>default\s+to)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.rather_first", DecisionVerb, 3, SELECTION,
     r"\b(?:i|we)(?:'d|\s+would)\s+(?P<m>rather)\s+(?P<chosen>⟨NP⟩+)"),
    ("ban.were_never", Ban, 3, NONE,
     r"\bwe(?:'re|\s+are)\s+(?P<m>never)\s+(?:(?P<veto>going|getting|seeing|hitting|having|making|finding|receiving|experiencing|running|asking|saying|talking|trying|looking|expecting|able|done|ready|sure|happy)\b|(?P<rejected>[\w-]+ing\b⟨NP⟩*))"),
    ("ban.not_anymore", Ban, 3, NONE,
     r"\b(?:we|i)(?:'re|\s+are|'m|\s+am)\s+(?P<m>not|never)\s+(?:(?P<veto>going|getting|seeing|hitting|having|making|finding|receiving|experiencing|running\s+into|asking|saying|talking|trying|looking|expecting|able|done|ready|sure|happy|working|feeling|sleeping)\b|(?P<rejected>[\w-]+ing\b[^.;!?]{0,80}?)\s+(?:ever\s+)?(?:again|anymore|any\s+more|any\s+longer)\b)"),
    ("ban.nothing_without", Ban, 3, NONE,
     r"\b(?:nothing|no\s+(?:code|pr|prs|change|changes|commit|commits|migration|migrations|release|feature|deploy|deploys|branch|dependency|dependencies))\s+(?P<m>gets\s+\w+|goes|lands|ships|merges|moves|is\s+(?:merged|deployed|released|shipped|committed|pushed|added)|may\s+\w+|can\s+\w+)\b[^.;!?]{0,50}?\b(?:without|unless|until|except\s+(?:through|via))\b"),
    ("ban.avoid_tech", Ban, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|please|pls|always|so|also|just)\s+)(?P<m>avoid)\s+(?:(?:using|adding|pulling\s+in|depending\s+on|introducing|importing)\s+(?:(?:a|an|another|any|more|new|extra)\s+)?)?(?P<rejected>⟨TECH⟩|[\w.-]+\s+(?:client|library|lib|dependency|dependencies|framework|package|crate|module|orm)|[\w.@/-]+)(?:\s*[,;]|\s*$|\.(?:\s|$)|\s+(?:and|since|because|as|we|it's|its|in|for|anywhere|entirely|altogether|everywhere)\b)"),
    ("dv.keep_state", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|actually|no|nah|just|please|pls|and|but|then|let's|lets|i'd|we'll)\W+){0,3}(?P<m>keep)\s+(?P<chosen>(?:the|our|all|this|that|these|those)\s+[\w`./-]+(?:\s+[\w`./-]+){0,3}?)\s+(?:in[- ]process|in[- ]memory|hand[- ]?written|hand[- ]rolled|server[- ]side|client[- ]side|(?:in|on)\s+the\s+(?:client|server|backend|frontend|browser|database|db|monorepo|same\s+(?:file|module|crate|package|repo|process|service))|local(?:[- ]only)?|synchronous|single[- ]threaded|separate|flat|as[- ]is|as\s+it\s+is|as\s+they\s+are|where\s+(?:it\s+is|they\s+are)|behind\s+a\s+(?:feature\s+)?flag|opt[- ]in|off\s+by\s+default|on\s+by\s+default)\b"),
    ("dv.tech_for", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:and|ok|okay|so|then|also|just|ah|hmm)\W+)?(?:(?P<veto>go|render|ray|lit|ent|spark|black|emotion|unity|express|next|remix|d3|zap|rust)\s+for|(?P<chosen>⟨TECH⟩|snake_case|camelcase|camel\s+case|kebab-case|pascalcase|pascal\s+case|screaming_snake_case|tabs|single\s+quotes|double\s+quotes|utc|iso[- ]?8601|utf-?8)\s+(?P<m>for|everywhere|across\s+the\s+board|throughout)\b(?:\s+(?:the\s+|all\s+|our\s+|every\s+|any\s+)?(?:[\w`./-]+\s+){0,3}?[\w`./-]+)?\s*(?:[,;.]|$|\s+(?:and|but|since|because|as|—|-)\s))"),
    // ───────────────────────── action requests ─────────────────────────
    ("act.task", ActionRequest, 1, NONE,
     r"^\W*(?:(?:please|pls|plz|can\s+you|could\s+you|would\s+you|now|then|also|and|ok|okay|so|just|quickly)\W+)*(?P<m>add|fix|write|implement|create|scaffold|rename|port|update|refactor|remove|delete|run|rerun|re-run|bump|install|generate|build|deploy|commit|push|merge|revert|undo|check|test|debug|investigate|look\s+into|explain|show|tell|help|move|clean\s+up|split|extract|document|review|format|lint|set\s+up|make|change|convert|rewrite|optimi[sz]e|profile|benchmark|measure|find|search|open|close|squash|rebase|upgrade|downgrade|configure|enable|disable|wire\s+up|hook\s+up|skip|hardcode|put|mock|stub)\b(?:\s+(?P<veto>is|are|was|were|has|fails|failed|broke|keeps|seems|looks)\b)?"),
    ("act.polite", ActionRequest, 1, NONE,
     r"\b(?P<m>can\s+you|could\s+you|would\s+you\s+mind|please|pls|plz)\b"),
];

/// Expands the placeholders of a raw table pattern.
pub(crate) fn expand(p: &str) -> String {
    let p = p
        .replace("⟨TECH⟩", TECH)
        .replace("⟨NP⟩", NP)
        .replace("⟨VB⟩", VB)
        .replace("⟨BANVB⟩", BANVB)
        .replace("⟨WEVB⟩", WEVB);
    super::dialect::expand_builtin(&p)
}
