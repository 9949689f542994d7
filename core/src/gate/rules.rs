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
pub(crate) type Roles = u16;
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
/// "why not just SQLite?", "Pourquoi pas X ?": a question that names the
/// alternative it asks for, which decides like a request that names both.
pub(crate) const ASKS: Roles = 16;
/// "build X with TECH": a request that names the technology to make it
/// with; put as a polite question ("can you write a scraper using
/// playwright?") it is still the request.
pub(crate) const MAKES: Roles = 32;
/// "please", "pls": politeness beside an assent, which weighs nothing.
pub(crate) const POLITE: Roles = 64;
/// "do that", "implement these": assent to the proposed work by its
/// pronoun; the requests beside it in the sentence are that work.
pub(crate) const WORK: Roles = 128;
/// "keep using X", "stay on node 18": the current choice kept against a
/// change, which a "for now" does not make temporary ("stay on node 18 for
/// now until infra upgrades the agents" turns the upgrade down).
pub(crate) const KEEPS: Roles = 256;
/// "never …", "nunca …", "절대 …": a prohibition that states its own
/// permanence, which a "for now" elsewhere in the sentence does not make
/// temporary ("never run migrations from a laptop, for now just generate
/// the sql").
pub(crate) const LASTS: Roles = 512;
/// "python 3.12, deploy with SAM", "go + goldmark for the markdown",
/// "…, terraform, europe-west4": a technology set down as a line of a
/// request's spec, which decides only in a turn that asks for something to
/// be made ("add a lambda that …", "new side project", "пишу бота …") and
/// reports no fault (in a bug report the same words are the setting: "the
/// search returns 500. elasticsearch 7.17, python client").
pub(crate) const SPECIFIES: Roles = 1024;

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

const BANVB: &str = r"build|rebuild|compile|reinit|reinitiali[sz]e|inspect|point|aim|hand[- ]?edit|manually\s+(?:edit|change|modify|touch|run)|use|add|depend|introduce|import|log|store|commit|call|pull|bring|rely|ship|expose|hardcode|hard-code|put|write|catch|swallow|mutate|vendor|check\s+in|push|merge|deploy|run|enable|disable|leak|return|allow|accept|mix|reach|embed|inline|duplicate|copy|spawn|block|unwrap|panic|print|send|bypass|mock|create|touch|edit|modify|break|trust|assume|hand-roll|roll|reinvent|generate|access|query|parse|ignore|silence|suppress|install|upgrade|downgrade|bump|pin|shell\s+out|force-push|force\s+push|rebase|squash|publish|release|hit|leave|let|change|rename|delete|remove|drop|reformat|rewrite|turn\s+off|turn\s+on|convert|escape|strip|truncate|lowercase|uppercase|normali[sz]e|cache|retry";

/// Languages, frameworks, stores and tools named in "build X in/with T"
/// requests (a technology named in a new-project or feature request is a
/// decision). Lower case; matched case-insensitively.
const TECH: &str = r"(?:go|golang|rust|python3?|typescript|javascript|node(?:\.?js)?|deno|bun|java|kotlin|swift|c\#|csharp|c\+\+|cpp|ruby|php|elixir|erlang|scala|haskell|zig|dart|lua|perl|bash|powershell|react(?:\s+native)?|preact|vue(?:\.?js)?|nuxt|svelte(?:kit)?|angular|next(?:\.?js)?|remix|astro|vite|django|flask|fastapi|express(?:\.?js)?|nestjs|koa|hono|rails|ruby\s+on\s+rails|laravel|symfony|spring\s+boot|\.net|asp\.net|gin|actix|axum|tokio|tauri|electron|flutter|qt|gtk|tkinter|pyqt|textual|streamlit|gradio|htmx|tailwind(?:css)?|postgres(?:ql)?|mysql|mariadb|sqlite3?|duckdb|mongodb|mongo|redis|dynamodb|firebase|supabase|prisma|drizzle|typeorm|sqlalchemy|sequelize|kafka|rabbitmq|nats|grpc|graphql|docker|kubernetes|k8s|helm|terraform|ansible|pulumi|aws\s+lambda|cloudflare\s+workers|pytest|jest|vitest|xunit|nunit|mstest|junit|testng|phpunit|rspec|minitest|mocha|playwright|cypress|selenium|pandas|numpy|pytorch|tensorflow|langchain|webassembly|wasm|cobra|clap|typer|argparse|zod|pydantic|celery|apscheduler|sidekiq|bullmq|esbuild|babel|swc|webpack|rollup|pnpm|yarn|poetry|uv|maven|gradle|bazel|cmake|nix|wails|swiftui|jetpack\s+compose|godot|gdscript|pygame|json|jsonl|ndjson|yaml|toml|csv|msgpack|external\s+secrets(?:\s+operator)?|three\.js|d3|echarts|shadcn|storybook|jquery|socket\.io|websockets?|nginx|caddy|lancedb|surrealdb|qdrant|pgvector|elasticsearch|opensearch|meilisearch|clickhouse|spark|airflow|dbt|rusqlite|diesel|sqlx|serde|lit|turborepo|nx|lerna|github\s+actions|gitlab\s+ci|circleci|jenkins|fly\.io|render|aws|gcp|azure|websockets?|sse|server-sent\s+events|vercel|netlify|heroku|railway|cloudflare|pino|winston|zap|slog|structlog|loguru|sentry|datadog|prometheus|grafana|opentelemetry|otel|recharts|chart\.js|mlflow|dvc|polars|dask|ray|fastify|trpc|tanstack|react\s+query|redux|zustand|jotai|mobx|pinia|vuex|sass|scss|styled-components|emotion|prettier|eslint|ruff|black|mypy|pyright|biome|husky|lint-staged|alembic|flyway|liquibase|knex|kysely|mikro-orm|gorm|ent|sqlc|jooq|hibernate|alpine(?:\.?js)?|solidjs|expo|ionic|capacitor|unity|unreal|distroless|matplotlib|seaborn|plotly|riverpod|lodash|luxon|tree-sitter|s3|sqs|sns|gcs|kinesis|mkdocs(?:[- ]material)?|docusaurus|i18next|react-hook-form|github\s+pages|psycopg2?|sqlc|litestream|date-fns|dayjs|slowapi|snowflake|bigquery|redshift|databricks|bevy|xarray|netcdf4?|ioredis|lru-cache|neverthrow|envconfig|sqlalchemy|goose|sqlc|lingui|react-intl|formatjs|gettext|msw|nock|wiremock|testcontainers|faker|factory_boy|lightgbm|xgboost|catboost|scikit-learn|sklearn|jax|keras|hugging\s*face|vllm|onnx(?:runtime(?:-web)?)?|llama\.cpp|ollama|cron|crontab|temporal|next-themes|ec2|phoenix|openai|discord\.py|discord\.js|solidity|foundry|hardhat|openzeppelin|sarama|franz-go|koin|giscus|disqus|embassy|spacy|nltk|opencv|statsmodels|optuna|wandb|tensorboard|pytorch\s+lightning|zephyr|freertos|arduino|esp-idf|platformio|micropython|circuitpython|stm32cube|prometheus(?:[_-]client)?|loki|jaeger|posthog|mixpanel|stripe|auth0|keycloak|okta|nextauth|aiogram|telegraf|grammy|python-telegram-bot|clerk|lucia|better-auth|cognito|supertokens|passport\.js|boto3|httpx|aiohttp|axios|undici|tokio-postgres|reqwest|sqlalchemy\s+core|tortoise|peewee|beanie|mongoose|typegoose|knex|puppeteer|pdfkit|weasyprint|reportlab|pandera|great\s+expectations|marshmallow|attrs|msgspec|orjson|protobuf|capnp|flatbuffers|avro|parquet|pyarrow|tailscale|wireguard|traefik|envoy|istio|linkerd|argo(?:cd)?|skaffold|minikube|k3s|podman|buildah|packer|vagrant|saltstack|supabase|planetscale|turso|libsql|cockroach(?:db)?|timescale(?:db)?|influxdb|cassandra|scylla(?:db)?|neo4j|memgraph|couchdb|pouchdb|rxdb|dexie|indexeddb|objectbox|leveldb|rocksdb|lmdb|redb|valkey|dragonfly|memcached|keydb|swr|apollo|urql|xstate|valtio|recoil|effector|nanostores|rxjs|ngrx|mui|material\s+ui|chakra(?:\s+ui)?|mantine|antd|ant\s+design|headless\s*ui|daisyui|bulma|vuetify|quasar|primevue|element\s+plus|dramatiq|rq|huey|arq|inngest|trigger\.dev|resque|faktory|nsq|pulsar|redpanda|zeromq|zmq|mqtt|mosquitto|emqx|postgis|pg_cron|pgbouncer|timescale|hasura|postgrest|directus|strapi|contentful|wordpress|livewire|openapi|cloudflare\s+pages|sendgrid|postmark|mailgun|pagefind|jimp|unleash|launchdarkly|flagsmith|growthbook|swagger|uikit|appkit|modbus|argo\s*cd|fluent\s*bit|fluentd|kotlin\s+multiplatform|jetpack\s+compose|core\s+data|isar|getx|seaorm|sqlboiler|ktor|micronaut|quarkus|vert\.x|liveview|hotwire|thymeleaf|jinja2?|handlebars|ejs|postgre(?:s|sql)?[a-zа-я]*|постгре(?:с|скл)[а-я]*|редис[а-я]*|джанг[а-я]*|монг[а-я]*|кафк[а-я]*|докер[а-я]*|кубер[а-я]*|реакт[а-я]*|фастапи|ларавел[а-я]*|тайпскрипт[а-я]*|питон[а-я]*|эластик[а-я]*|кликхаус[а-я]*|селери|спринг[а-я]*|свелт[а-я]*|флаттер[а-я]*|вит[еуы])";

/// Closed sets a product's scope is stated in: the human languages it
/// ships in, the platforms it runs on and the browsers it supports.
const SCOPE_SET: &str = r"(?:english|japanese|chinese|mandarin|cantonese|korean|german|french|spanish|portuguese|brazilian\s+portuguese|russian|ukrainian|polish|italian|dutch|swedish|norwegian|danish|finnish|turkish|arabic|hebrew|hindi|vietnamese|thai|indonesian|greek|czech|persian|farsi|windows|macos|mac\s*os|osx|mac|linux|ios|ipados|android|wear\s*os|chrome\s*os|chromeos|freebsd|chrome|chromium|firefox|safari|edge|opera|brave|web|desktop|mobile|tablets?)";

/// Shapes a product is built as ("keep the monolith", "this will be a
/// monorepo", "going serverless").
const ARCH: &str = r"(?:monorepo|polyrepo|monolith|modular\s+monolith|micro-?services?(?:\s+architecture)?|serverless|single[- ]page\s+app(?:lication)?|spa|pwa|progressive\s+web\s+app|static\s+site|static\s+export|event[- ]driven|offline[- ]first|local[- ]first|mobile[- ]first|multi[- ]tenant|single[- ]tenant|stateless|headless)";

const WEVB: &str = r"support|use|add|accept|ship|allow|depend|take|merge|build|maintain|provide|store|log|run|deploy|rely|vendor|target|commit|push|expose|write|hardcode|call|import|introduce|mock|touch|break|bump|pin|release|publish|do";

/// Whether `word` (lower case) is one of the technology names written
/// plainly in the table (a name the table spells with a pattern, such as
/// `node(?:\.?js)?`, is left out): a search of the table's text, with no
/// regex to build.
pub(crate) fn is_plain_tech_name(word: &str) -> bool {
    if word.is_empty()
        || !word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
    {
        return false;
    }
    let t = TECH.as_bytes();
    memchr::memmem::find_iter(t, word.as_bytes()).any(|i| {
        let before = i.checked_sub(1).map(|j| t[j]);
        let after = t.get(i + word.len()).copied();
        matches!(before, Some(b'|') | Some(b':')) && matches!(after, Some(b'|') | Some(b')'))
    })
}

/// The raw table (placeholders unexpanded).
#[rustfmt::skip]
pub(crate) const TABLE: &[(&str, Category, u8, Roles, &str)] = &[
    // ───────────────────────── decision verbs ─────────────────────────
    ("dv.lets_use", DecisionVerb, 3, SELECTION | HANDLE,
     r"\b(?:let's|lets|let\s+us|let)\s+(?:just\s+|also\s+|all\s+|now\s+)?(?P<m>use|go\s+with|go\s+for|stick\s+with|stay\s+with|switch\s+(?:over\s+)?to|move\s+to|migrate\s+to|adopt|standardi[sz]e\s+on|settle\s+on|pick(?:\s+(?P<veto>up)\b)?|choose|keep\s+using|opt\s+for|go\s+back\s+to(?:\s+(?P<veto3>first\s+principles|square\s+one|basics|the\s+(?:basics|drawing\s+board|beginning|start|question|topic|plan|list|task)|work|normal)\b)?|revert\s+to|keep(?:\s+(?P<veto2>it|going|working|trying|looking|in\s+mind|an\s+eye|track|on|up|this|that|things|them|everything|doing)\b)?)\b\s*(?P<chosen>⟨NP⟩*)"),
    // "slant looks the best", "the dark one sounds best": a superlative
    // verdict on one of several
    ("dv.looks_best", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:i\s+think|honestly|ok|okay|hmm+|yeah|personally)\W+)?(?:(?P<veto>(?:it|that|this|everything|all|which|what|nothing|something|none|but|and|so|still|now|things|stuff|one)\s)|(?P<chosen>[\w.+#/-]+(?:\s+[\w.+#/-]+){0,3}?)\s+(?P<m>(?:looks|sounds|seems|feels|reads|works)\s+(?:(?:the|way|much|a\s+lot|far|definitely)\s+)?(?:best|nicest|cleanest|simplest|better|nicer|cleaner|simpler)))\b(?:\s+(?P<veto2>than\s+(?:before|it\s+was|yesterday|last\s+time|the\s+last|earlier)|now|already|so\s+far)\b)?"),
    ("dv.lets", DecisionVerb, 1, NONE,
     r"\b(?:let's|lets|let\s+us)\s+(?:(?P<veto>see|think|talk|discuss|figure|try|look|check|wait|revisit|consider|brainstorm|explore|investigate|debug|start|continue|move\s+on|pause|step\s+back|not|get\s+back|circle\s+back|hold\s+off|table|park|focus|begin|proceed|get\s+started|go\s+(?:ahead|on|over|through|step|one\s+by|for\s+it)|do\s+(?:it|this|that)|dive|tackle|work|review|test|plan|recap|summari[sz]e|finish|wrap|make\s+sure|be\s+(?:clear|careful)|keep\s+going)\b|(?P<m>\w+))"),
    ("dv.go_with", DecisionVerb, 3, SELECTION | HANDLE,
     r"\b(?:(?P<veto_looks>(?:doesn't|doesnt|does\s+not|didn't|didnt|wouldn't|won't)\s+(?:really\s+)?go\s+(?:well\s+)?with)|(?P<veto0>(?:keep|keeps|kept|keeping)\s+going\s+(?:with|on)\s+(?:the\s+|your\s+|this\s+|these\s+|those\s+)?(?:[\w-]+\s+)?(?:fix|fixes|work|task|tasks|test|tests|migration|refactor|rest|changes|list|plan|steps?|todos?|implementation|cleanup|next\s+one|remaining\s+\w+))\b|(?P<m>(?:go|going|gone)\s+(?:with|for|w/)|stick\s+(?:with|to)|sticking\s+(?:with|to))\s+(?:(?P<veto>the\s+flow|me|a\s+(?:walk|run|coffee|break)|lunch|now|today|the\s+night|the\s+(?:top|bottom|left|right|side|edge|screen|viewport|page|header|footer|window))\b|(?P<chosen>⟨NP⟩+)))"),
    // "we're getting rid of MSTest in this solution", "we're dropping
    // redis": a technology the project is leaving
    ("rej.getting_rid_of", Rejection, 3, NONE,
     r"\b(?:we're|we\s+are|i'm|i\s+am|we'll\s+be|we\s+will\s+be)\s+(?:also\s+|finally\s+|officially\s+)?(?P<m>getting\s+rid\s+of|dropping|ditching|removing|phasing\s+out|retiring|moving\s+(?:away\s+)?off(?:\s+of)?|moving\s+away\s+from)\s+(?:the\s+|our\s+)?(?P<rejected>⟨TECH⟩)(?:\W|$)"),
    // "that's our house default", "it's the team convention": a setting
    // said to be the project's standing one
    ("mem.house_default", Memory, 3, NONE,
     r"\b(?:that's|that\s+is|this\s+is|it's|it\s+is|thats)\s+(?:our|the)\s+(?P<m>(?:house|team|project|company|repo|org)(?:-wide)?\s+(?:default|rule|style|convention|standard|policy))\b"),
    ("dv.went_with", DecisionVerb, 2, SELECTION,
     r"\b(?:we|i)\s+(?P<m>went\s+with|chose|picked|opted\s+for|settled\s+on)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.choosing", DecisionVerb, 3, SELECTION,
     r"\b(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:now\s+|officially\s+)?(?P<m>choosing|picking|opting\s+for|settling\s+on|sticking\s+with|standardi[sz]ing\s+on)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.i_choose", DecisionVerb, 3, SELECTION,
     r"(?:\b(?P<veto>before|until|once|when|if|after|unless)\s+|\b)(?:i|we)(?:'ll|\s+will)?\s+(?P<m>choose|pick|opt\s+for)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.decided", DecisionVerb, 3, NONE,
     r"\b(?:i|we)(?:'ve|'d|\s+have|\s+had)?\s+(?:now\s+|already\s+|finally\s+|just\s+|officially\s+|collectively\s+)?(?P<m>decided)\b(?:\s*(?P<veto>to\s+(?:try|test|see|look|check|play|give|take|experiment|ask|wait|sleep|stop|call|go\s+home|grab)|i'm|i\s+am|i'll|it's|that\s+i|we're\s+done|i\s+need))?"),
    ("dv.decision_label", DecisionVerb, 3, SELECTION,
     r"^\W*(?:it's\s+|it\s+is\s+|that's\s+)?(?P<m>(?:final\s+|our\s+|team\s+)?(?:decision|verdict|resolution|ruling|decided)(?:\s+made)?)\s*\**\s*(?::|on\b)\W*(?P<chosen>⟨NP⟩+)"),
    ("dv.made_call", DecisionVerb, 3, NONE,
     r"\b(?:i|we)(?:'ve|\s+have)?\s+(?P<m>made\s+up\s+(?:my|our)\s+minds?|made\s+(?:the|a|my|our)\s+(?:call|decision)|landed\s+on)\b"),
    ("dv.keep_using", DecisionVerb, 3, KEEPS,
     r"(?:^\W*|\b(?:let's|we'll|we\s+will|we|just|so|ok|okay)\s+)(?P<m>keep\s+using|stay\s+on|stay\s+with)\s+(?:(?P<veto>it|that|this|me|them|the\s+same)\b|(?P<chosen>⟨NP⟩+))"),
    // "keep vitest.", "nope, keep date-fns", "leave it on mysql": a
    // technology kept
    ("dv.keep_tech", DecisionVerb, 3, SELECTION | KEEPS,
     r"^\W*(?:(?:ok|okay|so|nope|nah|no|yes|yeah|just|please|pls|then|honestly)\W+){0,3}(?P<m>keep(?:\s+it)?|leave\s+it\s+on|leave\s+it\s+(?:as|with)|stay\s+on|stay\s+with)\s+(?:using\s+|in\s+|as\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    // "leave the cache as is": the current design kept
    ("dv.leave_as_is", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|nah|no|nope|just|please|pls)\W+){0,2}(?P<m>leave)\s+(?P<chosen>(?:the|our|this|that)\s+[\w`./-]+(?:\s+[\w`./-]+){0,2}?)\s+(?:as\s+is|as\s+it\s+is)\b"),
    // "we are going ahead with MongoDB for this module"
    ("dv.going_ahead_with", DecisionVerb, 3, SELECTION,
     r"\b(?:we\s+are|we're|we\s+will\s+be|we'll\s+be|i\s+am|i'm)\s+(?P<m>going\s+ahead\s+with|moving\s+ahead\s+with|going\s+forward\s+with|proceeding\s+with)\s+(?P<chosen>(?:the\s+)?⟨TECH⟩⟨NP⟩*)"),
    // "we have standardised on yarn berry"
    ("dv.standardized", DecisionVerb, 3, SELECTION,
     r"\b(?:we|we've|we\s+have|the\s+team\s+has|we're|we\s+are)\s+(?:have\s+|all\s+)?(?P<m>standardi[sz]ed\s+on|settled\s+on|converged\s+on)\s+(?P<chosen>⟨NP⟩+)"),
    // "that's house style"
    ("mem.house_style", Memory, 3, NONE,
     r"\b(?P<m>(?:that's|that\s+is|it's|this\s+is)\s+(?:our\s+|the\s+)?house\s+(?:style|rule|convention)|house\s+(?:style|rule)\s*:)"),
    // "terraform.", "tailwind. i know you said css modules but …": a
    // sentence that is a technology's name alone, the pick before its reasons
    ("dv.lead_tech", DecisionVerb, 3, SELECTION,
     r"^[\s*_>]*(?:(?:ok|okay|so|yeah|yes|hmm|honestly|definitely|def|fine|then|alright|nah|no)\W+){0,2}(?:(?P<veto>go|render|lit|ent|black|emotion|ray|spark|rest|next|express|remix|gin|zap|slog|huey|arq|nix|ejs)\s*[.!]+\s*$|(?P<chosen>⟨TECH⟩)\s*[.!]+\s*(?:(?:it\s+is|then|please|pls)\W*)?$)"),
    // "vite is fine...", "sqlite is good enough for this": a technology
    // accepted
    ("dv.tech_is_fine", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|yeah|yes|honestly|then|and|i\s+think)\W+){0,2}(?P<chosen>⟨TECH⟩)\s+(?:is|are|would\s+be|will\s+be|'s)\s+(?P<m>fine|ok|okay|good\s+enough|enough|perfect|totally\s+fine|the\s+way\s+to\s+go)\b(?:\s+(?P<veto>now|again|locally|here\s+too)\b)?"),
    // "ok lets proceed with ec2": the option went ahead with
    ("dv.proceed_with_tech", DecisionVerb, 3, SELECTION,
     r"\b(?:let's|lets|let\s+us|we'll|we\s+will|i'll|then|ok|okay|yes|yeah)\s+(?P<m>proceed\s+with|go\s+ahead\s+with|move\s+forward\s+with)\s+(?:the\s+)?(?:(?P<veto>next|rest|render|go)\b|(?P<chosen>⟨TECH⟩)(?:\W|$))"),
    // "refactor this to use Link from next/link": a rewrite onto a technology
    ("dv.to_use_tech", DecisionVerb, 3, SELECTION | MAKES,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just)\W+)*(?:refactor|rewrite|convert|change|update|switch|migrate|port|move|redo)\b(?:[^.;!?]|\.\w){0,60}?\bto\s+(?P<m>use)\s+(?P<chosen>(?:[^.;!?,]|\.\w){0,30}?\b⟨TECH⟩)(?:\W|$)"),
    // "update the plan to use automerge-repo instead of cr-sqlite", "update
    // the api map to return the queries instead of the routes": a change
    // that names what it does and what that replaces (not "change it so it
    // tries to return … instead of …", which tells what the code does).
    // The verbs are a short list: the whole verb table here cost 1% of the
    // bench run in compiling this one pattern.
    ("dv.to_use_instead", DecisionVerb, 3, SELECTION | MAKES,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just)\W+)*(?:refactor|rewrite|convert|change|update|switch|migrate|port|move|redo|make)\b(?:(?P<veto>(?:[^.;!?,]|\.\w){0,60}?\b(?:it|they|he|she|that|which|who)\s+(?:tries|tried|wants|wanted|needs|needed|seems|seemed|keeps|kept|is|was|has|had|used)\b)|(?:[^.;!?,]|\.\w){0,60}?\bto\s+(?P<m>use|return|call|read|write|store|save|load|fetch|send|show|render|display|query|emit|log|parse|pass|accept|expose)\s+(?P<chosen>(?:[^.;!?,]|\.\w){1,80}?)\s+instead\s+of\s+(?P<rejected>⟨NP⟩+))"),
    // "the project is going to be entirely in elixir/phoenix"
    ("dv.is_going_to_be_in", DecisionVerb, 3, SELECTION,
     r"\b(?:project|app|application|backend|frontend|service|api|bot|site|website|server|client|cli|everything|whole\s+thing|codebase)\s+(?:is\s+going\s+to\s+be|will\s+be|shall\s+be|should\s+be|must\s+be|has\s+to\s+be|needs\s+to\s+be)\s+(?:(?:entirely|fully|all|purely|only|written|built|done|implemented|made)\s+){0,2}(?P<m>in|with|on|using)\s+(?P<chosen>⟨TECH⟩(?:\s*[/+&]\s*⟨TECH⟩)?)(?:\W|$)"),
    // "these features should never be part of the roadmap"
    ("ban.should_never_be", Ban, 3, LASTS,
     r"\b(?:should|must|shall|can)\s+(?P<m>never)\s+be\s+(?P<rejected>(?:part\s+of|added|used|included|implemented|introduced|allowed|exposed|committed|stored|logged|shipped|deployed|merged|enabled|imported|pushed|uploaded|hardcoded|hard-coded)\b⟨NP⟩*)"),
    // "the tests should never hit the network", "she should NEVER modify a
    // voxel": what a part of the work must never do, named by a verb of
    // work (not "it should never happen", "should never have been")
    ("ban.should_never", Ban, 3, LASTS,
     r"(?P<veto>\b(?:thought|think|believed?|assumed?|expected|said|says|guess|figured|understood|why)\b[^,;.!?]*?\bshould\s+never)|\b(?:should|shall)\s+(?P<m>never)\s+(?:ever\s+)?(?P<rejected>(?:⟨BANVB⟩)\b⟨NP⟩*)"),
    // "pnpm workspaces + turborepo": a stack named alone
    ("dv.tech_stack_alone", DecisionVerb, 3, SELECTION,
     r"^[\s*_>]*(?P<chosen>⟨TECH⟩(?:\s+[a-z][\w-]*)?(?:\s*(?:\+|&|,|\band\b|\bwith\b)\s*⟨TECH⟩(?:\s+[a-z][\w-]*)?)+)\s*[.!]*\s*$"),
    // "ECS all the way": a pick held firmly
    ("dv.all_the_way", DecisionVerb, 3, SELECTION,
     r"^[\s*_>]*(?:(?:ok|okay|so|yeah|yes|then)\W+)?(?:(?P<veto>(?:it|this|that|i|we|you|they|scroll|scrolled|go|went|goes|move|drag|zoom|push|pull|runs?|ran|failed|fails|down|up)\b)|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,2}?)\s+(?P<m>all\s+the\s+way)\s*(?:[,.;!—–]|$))"),
    // "don't kubectl or helm against any prod context, ever"
    ("ban.dont_x_ever", Ban, 3, LASTS,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|but|so|please|pls|just|also)\s+)(?:don't|dont|do\s+not)\s+(?:(?P<veto>worry|bother|forget|mind|hesitate|panic|stress|apologi[sz]e)\b|(?P<rejected>[^.;!?]{2,80}?),?\s+(?P<m>ever)\s*(?:[,;.!]|$))"),
    // "don't ever edit or add files in db/migrations yourself, just tell me
    // the SQL": the "ever" makes it standing, which the "just tell me" of
    // the task does not undo
    ("ban.dont_ever", Ban, 3, LASTS,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|but|so|please|pls|just|also|heads\s+up|fyi|note)\s+)(?:don't|dont|do\s+not)\s+(?P<m>ever)\s+(?P<rejected>(?:[a-z]+\s+or\s+)?(?:⟨BANVB⟩)\b⟨NP⟩*)"),
    // "and in general for this repo: all config objects are dataclasses"
    ("mem.in_general_for", Memory, 3, NONE,
     r"\b(?P<m>(?:in\s+general|generally|as\s+a\s+(?:general\s+)?rule)\s*,?\s+(?:for|in|across)\s+(?:this|the|our|all)\s+(?:repo|repository|project|codebase|code\s*base|app|team|services?)\s*[:,])"),
    // "make sure that you dont actually build this project"
    ("ban.make_sure_not", Ban, 3, NONE,
     r"\b(?P<m>make\s+sure|ensure|be\s+sure)\s+(?:that\s+)?(?:you\s+|we\s+)?(?:don't|dont|do\s+not|never|won't)\s+(?:ever\s+|actually\s+|accidentally\s+)?(?P<rejected>(?:⟨BANVB⟩)\b⟨NP⟩*)"),
    // "we don't want each app to have its own git repo": a team's policy
    ("ban.we_dont_want", Ban, 3, NONE,
     r"\bwe\s+(?P<m>(?:don't|dont|do\s+not|never)\s+want)\s+(?:(?P<veto>to|you|u|it|that|this|them|much|anything\s+fancy|any\s+(?:more\s+)?(?:issues|problems|bugs|errors|surprises|downtime))\b|(?P<rejected>⟨NP⟩+))"),
    // "use the family size to replace the siblings and parents"
    ("rej.use_to_replace", Rejection, 3, NONE,
     r"\b(?:use|using)\s+(?P<chosen>(?:[^,;.!?]|\.\w){1,40}?)\s+(?P<m>to\s+replace|in\s+place\s+of|as\s+a\s+replacement\s+for)\s+(?P<rejected>⟨NP⟩+)"),
    // "yes go sse", "ok go rust"
    ("dv.go_tech", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:yes|yeah|yep|ok|okay|sure|so|then|let's|lets)\W+){1,2}(?P<m>go)\s+(?P<chosen>⟨TECH⟩)(?:\W*$|\s*[,;—–]\s*\S)"),
    // "im gonna say htmx", "i'll say postgres"
    ("dv.gonna_say", DecisionVerb, 3, SELECTION,
     r"\b(?:i'm|im|i\s+am)\s+(?:gonna|going\s+to)\s+(?P<m>say|go\s+(?:with|for))\s+(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    // "commit msgs in imperative mood", "timestamps in UTC", "branch names in kebab-case"
    ("mem.kind_in_style", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|please|pls|oh|btw)\W+)*(?:all\s+)?(?P<chosen>(?:commit\s+(?:msgs?|messages?|titles?)|branch\s+names?|pr\s+(?:titles?|descriptions?)|comments?|docstrings?|log\s+(?:lines|messages)|logs|timestamps?|dates?|ids|money|amounts?|prices?|variable\s+names?|file\s*names?|filenames?|function\s+names?|test\s+names?|error\s+messages?|column\s+names?|table\s+names?|env\s+vars?)(?:\s+\w+)?)\s+(?P<m>in|as)\s+(?:\w+\s+){0,2}?(?:cents|imperative(?:\s+mood)?|english|utc|iso[- ]?8601|snake_case|snake\s+case|camel\s*case|kebab-case|kebab\s+case|pascal\s*case|lower\s*case|lowercase|present\s+tense|integers?|uuids?|ulids?)\b"),
    // "keep functions under 50 lines"
    ("mem.keep_under", Memory, 3, NONE,
     r"^\W*(?:(?:so|and|also|please|pls|oh|btw)\W+)*(?P<m>keep)\s+(?:all\s+|every\s+|each\s+)?(?P<chosen>[\w`./-]+(?:\s+[\w`./-]+){0,2}?)\s+(?:under|below|within|less\s+than|at\s+most|to)\s+\d+\s*(?:lines|loc|chars|characters|kb|mb|ms|columns|cols|params|parameters|arguments|args|levels)\b"),
    // "must run fully offline", "has to work on ipads": a standing scope
    // with the subject left out
    ("mem.must_run", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|oh|btw)\W+)*(?P<m>must|has\s+to|needs\s+to)\s+(?:(?:fully|completely|still|always)\s+)?(?:run|work|support|be\s+usable|function|build|load)\b"),
    // "only english for v1", "monthly billing only for launch": a scope
    // by phase (with mem.phase_scope)
    ("mem.only_for", Memory, 1, NONE,
     r"(?:^\W*(?P<m>only)\s+[\w+.#-]+(?:\s+[\w+.#-]+){0,2}|^\W*[\w+.#-]+(?:\s+[\w+.#-]+){0,2}\s+(?P<m2>only))\s+(?:for|in|until)\b"),
    // "tests go next to the file, not in __tests__"
    ("mem.kind_goes", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|please|pls|oh|btw)\W+)*(?:(?P<veto>(?:unit\s+|e2e\s+|integration\s+)?(?:tests?|specs?|types|styles|stories|fixtures|mocks|helpers|utils|hooks|migrations|docs|assets|constants|schemas?)(?:\s+files)?\s+(?:go|live|belong|sit)\s+(?:in|into|under|inside)\s+(?:`[^`]*`|[\w./-]+\.[A-Za-z]{1,5})\W*$)|(?P<chosen>(?:unit\s+|e2e\s+|integration\s+)?(?:tests?|specs?|types|styles|stories|fixtures|mocks|helpers|utils|hooks|migrations|docs|assets|constants|schemas?)(?:\s+files)?)\s+(?P<m>go|live|belong|sit)\s+(?:next\s+to|beside|alongside|in|into|under|inside)\s+\S)"),
    ("dv.standardize", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|so|ok|okay|and)\s+)?(?P<m>standardi[sz]e\s+on|settle\s+on|adopt)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.prefer_imp", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:always|please|pls|just|and|also|generally)\s+)?(?P<m>prefer)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.lets_do_handle", DecisionVerb, 3, SELECTION,
     r"\b(?:let's|lets|let\s+us)\s+(?P<m>do|take|build|implement|try)\s+(?P<chosen>(?:the|your|that)\s+[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?\s+(?:approach|option|variant|design|plan|route|proposal|suggestion|idea|solution|version|one|way))\b(?:\s+(?P<veto>at\s+a\s+time|by\s+one|after\s+(?:the\s+)?(?:other|another)))?"),
    ("dv.decision_is", DecisionVerb, 3, SELECTION,
     r"\b(?:the|our|my|final)\s+(?P<m>decision)\s+is\s+(?:to\s+|that\s+)?(?P<chosen>⟨NP⟩+)"),
    ("dv.switch_from_to", DecisionVerb, 3, NONE,
     r"\b(?P<m>switch|switching|migrate|migrating|move|moving|cut\s+over|port|porting)\s+(?:over\s+)?(?:\S+\s+){0,4}?(?:from|off(?:\s+of)?)\s+(?:(?P<veto>\S*[/\\]|\S+\.(?:rs|py|ts|js|go|tsx|jsx|rb|java|c|h|cpp|md|toml|json|ya?ml|sh|txt)\b|(?:line|page|step|row|column|index)\s+\d)|(?P<rejected>⟨NP⟩+?)\s+(?:over\s+)?(?:to|onto)\s+(?P<chosen>⟨NP⟩+))"),
    ("dv.switch_to", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>switch(?:ing)?|swap(?:ping)?|migrat(?:e|ing)|mov(?:e|ing)\s+over|cut(?:ting)?\s+over)\s+(?:(?:the\s+|our\s+|all\s+)?[\w`.-]+\s+){0,3}?(?:over\s+)?to\s+(?:(?P<veto>(?:the\s+)?(?:\w+\s+)?(?:branch|tab|window|terminal|directory|folder|dir|worktree|pane|buffer|shell|mode|view|page|screen|main|master|dev|develop)\b|(?:reset|wipe|drop|delete|recreate|run|apply|work|be|do|get|make|fix|create|generate|start|stop|rebuild|rerun|ask|prompt|overwrite|rewrite|redo|regenerate)\b)|(?P<chosen>⟨NP⟩+))"),
    ("dv.replace_with", DecisionVerb, 3, NONE,
     r#"\b(?P<m>replace|replacing|swap|swapping)\s+(?:(?P<veto>['"“_])|(?P<rejected>⟨NP⟩+?)\s+(?:out\s+)?(?:with|for)\s+(?:(?P<veto2>the\s+ones|the\s+new\s+ones|new\s+ones|these|those|this|that|the\s+following|(?:the\s+)?(?:most\s+recent|latest|newest|new|updated|current|correct|right|other)\s+(?:one|ones|version|file|copy|build)|an?\s+new\s+(?:page|file|component|one|section|screen|view|function|method|class|module|version)|an?\s+(?:page|file|component|section|screen|view|function|method|class|module)\s+that)\b|(?P<chosen>⟨NP⟩+)))"#),
    ("dv.prefer", DecisionVerb, 2, NONE,
     r"\b(?:i|we)(?:'d|\s+would)?\s+(?:much\s+|really\s+|strongly\s+|definitely\s+)?(?P<m>prefer|rather)\b"),
    ("dv.i_like", DecisionVerb, 1, NONE,
     r"\b(?:i|we)\s+(?:really\s+|definitely\s+)?(?P<m>like|love)\s+(?:(?P<veto>to|it|that|this|how|when|the\s+(?:idea|sound))\b|\w)"),
    ("dv.prefer_over", DecisionVerb, 3, NONE,
     r"\b(?P<m>prefer(?:ring)?)\s+(?P<chosen>⟨NP⟩+?)\s+(?:over|to)\s+(?P<rejected>⟨NP⟩+)"),
    ("dv.like_better", DecisionVerb, 3, NONE,
     r"\b(?:i|we)\s+(?:like|prefer|want)\s+(?:(?P<veto>⟨NP⟩+?\s+over\s+(?:the\s+)?(?:weekend|week|holidays?|break|night|summer|winter|next\s+(?:few\s+)?\w+|coming\s+\w+|lunch|coffee|time|phone|call)\b)|(?P<chosen>⟨NP⟩+?)\s+(?P<m>better\s+than|more\s+than|over|instead\s+of)\s+(?P<rejected>⟨NP⟩+))"),
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
     r"^\W*(?:(?P<veto>(?:ok|okay|so|and|but|what|why|how|fine|good|great|thanks|thx|bye|later|right|yes|no|sure|alright|now|it|that|this|do|go|let's|lets|continue|proceed|next|same|done|see\s+you|talk|until|since|just|only|even|since|back|since)\b)|(?P<veto2>(?:(?:ok|okay|so|fine|alright|yes|yeah|no|nah|hmm+)\W+)?[\w`.+#/-]+\s+(?:it|them|that|this|again|now|first|later|too))|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,2}?))\s+(?P<m>then)(?:\W*$|\s*,\s)"),
    ("dv.we_do", DecisionVerb, 2, NONE,
     r"^\W*(?:(?:so|ok|okay|then|here|now|basically|instead|from\s+now\s+on|from\s+here\s+on|going\s+forward|moving\s+forward|henceforth)\W+)?(?:(?:for|in|on|at)\s+[^,;:!?]{1,40}?,?\s+)?we\s+(?:always\s+|only\s+)?(?P<m>use|do|keep|target|require|support|store|build|ship|write|run|prefer|pin|standardi[sz]e\s+on|rely\s+on|go\s+with|stick\s+with|deploy\s+(?:to|on|with))\s+(?:(?P<veto>not|have|need|get|know|want|into)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.were_going", DecisionVerb, 3, NONE,
     r"\bwe(?:'re|\s+are)\s+(?:now\s+|officially\s+)?(?P<m>going\s+with|moving\s+to|switching\s+to|migrating\s+to|sticking\s+with|standardi[sz]ing\s+on|adopting)\b\s*(?P<chosen>⟨NP⟩*)"),
    ("dv.drop_support", DecisionVerb, 3, NONE,
     r"\b(?P<m>drop|dropping|deprecate|deprecating|sunset|sunsetting|end|ending)\s+(?:(?:official\s+)?support\s+for\b|⟨NP⟩{1,40}?\s+support\b)"),
    ("dv.x_it_is", DecisionVerb, 3, SELECTION | HANDLE,
     r"^\W*(?:(?:ok|okay|alright|all\s+right|fine|sure|yes|yep|yeah|then|so|right)\W+)*(?:(?P<veto>⟨NP⟩*\b(?:how|what|where|as|that|whatever|which|whether|if|think|know|wonder|way|guess|believe|say|is|was|here|there|so)\s+it\s+is)|(?P<chosen>⟨NP⟩+?)\s+(?P<m>it\s+is)(?:\W*$|\s*[,;—–]\s))"),
    // ───────────────────────── rejections / alternatives ─────────────────────────
    // What is rejected ends where the person's own clause starts ("instead
    // of polling lets use websockets")
    ("rej.instead_of", Rejection, 1, NONE,
     r"\b(?P<m>instead\s+of)\s+(?P<rejected>⟨NP⟩+?)(?:\s+(?:let's|lets|let\s+us|we'll|we\s+(?:will|should|can|could)|i'd|i\s+(?:want|would)|(?:can|could)\s+(?:we|you)|please|just)\b|\s*[,;!?—–]|\s*$)"),
    ("rej.instead_of_lead", Rejection, 2, NONE,
     r"^\W*(?:(?:so|ok|okay|and|but|also|now|then|actually|update\s*\d*)\W+)*(?P<m>instead\s+of)\s+(?P<rejected>⟨NP⟩+?)\s*,\s*(?:(?:i\s+(?:want|need|would\s+like|'d\s+like|prefer)\s+(?:you\s+to\s+|it\s+to\s+|to\s+)?|you\s+(?:should|must|need\s+to)\s+|let's\s+|lets\s+|we\s+(?:should|will|need\s+to|can)\s+|please\s+|just\s+)|(?P<veto>you|it|he|she|they|this|that|there|we|i|the\s+(?:app|code|tests?|build|server|script|function|page|output|result))\b)?(?P<chosen>⟨NP⟩+)"),
    ("rej.revert_and_instead", Rejection, 3, NONE,
     r"\b(?:revert|undo|remove|drop|roll\s+back|get\s+rid\s+of|delete)\s+(?P<rejected>⟨NP⟩+?)\s+and\s+(?:then\s+)?(?P<m>instead)\s+(?P<chosen>⟨NP⟩+)"),
    ("rej.dont_want_but", Rejection, 3, NONE,
     r"\b(?:i|we)\s+(?:don't|dont|do\s+not)\s+(?P<m>want|need)\s+(?P<rejected>⟨NP⟩+?)\s*,?\s+but\s+(?:rather\s+|instead\s+)?(?:(?P<veto>it|i|you|we|they|this|that|there|he|she|now|still|then)\b⟨NP⟩*|(?P<chosen>⟨NP⟩+))"),
    ("rej.ensure_not_but", Rejection, 3, NONE,
     r"\b(?:make\s+sure|ensure|so\s+that)\s+⟨NP⟩*?\b(?:doesn't|does\s+not|don't|do\s+not|never)\s+(?P<rejected>⟨NP⟩+?)\s*,?\s+but\s+(?:rather\s+|instead\s+)?(?:(?P<veto>it|i|you|we|they|this|that|there|he|she|now|still|then)\b⟨NP⟩*|(?P<chosen>⟨NP⟩+))"),
    ("rej.dont_need_enough", Rejection, 3, NONE,
     r"\b(?:i|we)\s+(?:don't|dont|do\s+not)\s+(?P<m>need)\s+(?P<rejected>⟨NP⟩+?)\s*[,;—–]\s*(?:(?:just\s+)?(?:a|an|the|one|plain)\s+)?(?P<chosen>⟨NP⟩+?)\s+(?:is|are|will\s+be|would\s+be)\s+(?:enough|fine|sufficient|plenty)\b"),
    ("rej.dont_just", Rejection, 3, NONE,
     r"(?:^\W*(?:(?:please|pls|and|also|so|ok|okay)\W+)?(?:don't|dont|do\s+not)|\b(?:so\s+(?:that\s+)?it|make\s+(?:sure\s+)?it|and|but|please)\s+(?:don't|dont|do\s+not|doesn't|does\s+not|shouldn't|should\s+not|won't|will\s+not))\s+(?:(?P<veto>explain|ask|worry|overthink|think|apologi[sz]e|summari[sz]e|tell|talk|say|wait|stop|bother|respond|reply|comment|describe|list|show|give|print|write\s+(?:a\s+)?(?:summary|report|docs?)|be|get|go|(?:do|change|touch|fix|implement|modify|edit|write|commit|push|refactor|add|delete|remove|run|code|build|install)\s+anything)\b⟨NP⟩*?|(?P<rejected>\w⟨NP⟩*?))\s*,\s*(?P<m>just)\s+(?P<chosen>\w⟨NP⟩+)"),
    ("rej.doesnt_make_sense_to", Rejection, 3, NONE,
     r"\b(?:it\s+)?(?:doesn't|doesnt|does\s+not|don't|dont|wouldn't|would\s+not)\s+(?P<m>make\s+(?:much\s+|any\s+)?sense)\s+to\s+(?:use|add|have|keep|call|pass|include|store|run|ship|support)\s+(?P<rejected>⟨NP⟩+)"),
    // "instead of doing vscode tasks, we instead do that logic in CI"
    ("rej.instead_we", Rejection, 2, NONE,
     r"\binstead\s+of\s+(?P<rejected>[^;!?]{2,100}?)\s*,\s*(?:so\s+)?(?:we|let's|lets)\s+(?:should\s+|will\s+|'ll\s+|can\s+)?(?:instead\s+)?(?P<m>⟨VB⟩)\b(?P<chosen>⟨NP⟩+)"),
    ("rej.verb_instead_of", Rejection, 2, NONE,
     r"(?:(?P<veto>\b(?:to|it|he|she|they|that|which|who)\s+(?:⟨VB⟩)\b)|\b(?:⟨VB⟩)\s+(?P<chosen>⟨NP⟩+?)\s+(?P<m>instead\s+of)\s+(?P<rejected>⟨NP⟩+))"),
    // the chosen text starts after a clause's colon ("X should never
    // reach the parser: strip them in the loader instead") but keeps a
    // colon inside a word ("use python:3.12 instead")
    ("rej.instead_trailing", Rejection, 1, NONE,
     r"(?:^\W*|[,;]\s*|:\s+)(?:(?:just|then|so|and)\s+)?(?P<chosen>(?:[^,;:!?—–]|:\S)+?)\s+(?P<m>instead)\W*$"),
    ("rej.verb_instead", Rejection, 2, NONE,
     r"\b(?:⟨VB⟩)\s+(?P<chosen>⟨NP⟩+?)\s+(?P<m>instead)\W*$"),
    ("rej.rather_than", Rejection, 2, NONE,
     r"\b(?:(?:⟨VB⟩)\s+)?(?P<chosen>⟨NP⟩+?)\s+(?P<m>rather\s+than)\s+(?:(?:bring|pull)\s+in\s+|using\s+|adding\s+|going\s+with\s+)?(?P<rejected>⟨NP⟩+)"),
    ("rej.rather_x_than", Rejection, 2, NONE,
     r"\b(?P<m>rather)\s+(?:use\s+|go\s+with\s+|have\s+|keep\s+|pick\s+)?(?P<chosen>⟨NP⟩+?)\s+than\s+(?:(?:bring|pull)\s+in\s+|use\s+|add\s+|adopt\s+|introduce\s+|go\s+with\s+|deal\s+with\s+|maintain\s+|run\s+)?(?P<rejected>⟨NP⟩+)"),
    // "the api should be plain REST, not graphql", "write the parser as a
    // hand rolled recursive descent, not a parser generator": a contrast
    // after "should be" or after an imperative that shapes the work
    ("rej.shaped_comma_not", Rejection, 3, NONE,
     r"(?:(?P<veto_shown>\b(?:should|must|needs?\s+to|has\s+to|will)\s+be\s+(?:exported|shown|displayed|rendered|visible|hidden|sorted|listed|printed|sent|emailed|returned|formatted|highlighted|greyed|grayed|disabled|enabled)\b[^,;.!?]{0,40}?,\s*not)\b|(?:\b(?:should|must|needs?\s+to|has\s+to|will|is\s+going\s+to)\s+(?:be|stay|remain)|^\W*(?:(?:ok|so|and|just|please|pls|also|then|actually)\W+)*(?:write|build|implement|make|store|keep|model|design|structure|return|render|serve|host|do)\b[^,;.!?]{1,60}?\b(?:as|in|with|using|via|on))\s+(?P<chosen>[^,;.!?]{1,40}?),\s*(?P<m>not)\s+(?:(?P<veto>only|just|because|that|this|sure|yet|really|necessarily|always|even|exactly|quite|so|too|very|now|today|here|there|a\s+(?:big\s+)?(?:deal|problem|bug)|working|broken)\b|(?P<rejected>⟨NP⟩+)))"),
    // "store money as integer cents everywhere": a rule for the whole code
    ("mem.imp_everywhere", Memory, 3, NONE,
     r"^\W*(?:(?:ok|so|and|just|please|pls|also|then)\W+)*(?:store|keep|use|write|return|name|format|log|represent|treat|handle|validate|wrap|prefix|suffix)\b[^.;!?]{1,60}?\b(?P<m>everywhere|across\s+the\s+(?:board|codebase|app|project|repo)|in\s+(?:all|every)\s+(?:\w+\s+)?(?:files?|modules?|services?|packages?|places|endpoints?|components?))\b"),
    // "pin node to 20 in .nvmrc": a version fixed
    ("dv.pin_to", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|so|and|just|please|pls|also|then|let's|lets)\W+)*(?P<m>pin|lock)\s+(?P<chosen>[\w.@/+-]+(?:\s+[\w.@/+-]+)?\s+(?:to|at)\s+v?\d+(?:\.[\dx*]+)*)\b"),
    ("rej.comma_not", Rejection, 2, NONE,
     r"(?:(?P<veto_wrong>\byou\s+(?:\w+\s+)?(?:edited|changed|modified|touched|updated|opened|fixed|patched|read|used|picked|created)\s+the\s+wrong\b[^!?]*?\bnot\b)|(?P<veto_report>[^,;:!?—–]*\b(?:crash(?:es|ed)?|fails?|failed|breaks|broke|hangs|hung|throws|threw|happens|happened|occurs|occurred|flickers|freezes|errors\s+out)\b[^,;:!?—–]*),\s*(?:and\s+|but\s+)?not\b|(?P<chosen>[^,;:!?—–]+),\s*(?:and\s+|but\s+)?(?P<m>not)\s+(?:(?P<veto>only|just|because|that|sure|yet|really|necessarily|always|even|exactly|quite|so|too|very|at\s+all|anymore|now|today|here|there|for|to|in|on|by|if|when|as|until|unless|after|before|with|without|much|many|all|every|a\s+(?:big\s+)?(?:deal|problem|bug|priority|concern|blocker|fan)|ideal|great|good|bad|ok|okay|working|broken|needed|necessary|important|possible|clear|helpful|urgent|required|recommended|sure)\b|(?P<rejected>⟨NP⟩+)))"),
    ("rej.code_not", Rejection, 2, NONE,
     r"(?:(?P<veto_wrong>\byou\s+(?:\w+\s+)?(?:edited|changed|modified|touched|updated|opened|fixed|patched|read|used|picked|created)\s+the\s+wrong\b[^!?]*?\bnot\b)|(?P<chosen>`[^`]+`)\s*,?\s+(?P<m>not)\s+(?P<rejected>`[^`]+`))"),
    ("rej.bare_not", Rejection, 3, NONE,
     r"^\W*(?:(?P<veto>(?:why|maybe|probably|definitely|certainly|hopefully|surely|obviously|clearly|if|or|and|but|let's|lets|it's|its|that's|thats|this|that|it|is|are|was|were|do|does|did|i|we|you|they|just|still|also|really|actually|sure|yes|ok|okay|no|nope|hmm|so|but|though|almost|now|then|changes|files?)\b)|(?P<veto3>(?:[\w`.+#/-]+\s+){1,4}?(?:(?:is|are|was|were|am|does|do|did|has|have|had|should|would|could|can|will|must|may|might)\s+not|but\s+not)\b)|(?P<veto4>(?:[\w`.+#/-]+\s+){1,4}?not\s+(?:only|me|you|him|her|us|them|\w{2,}ing\s+(?:through|to|the|a|an|you|me|it|them|up|down|out|on|in|for|with|any|properly|correctly|right|anymore)|\w{4,}ed)\b)|(?P<veto2>(?:[\w`.+#/-]+\s+){1,4}?(?:(?:is|are|was|were|still)\s+)?not\s+(?:working|running|loading|showing|found|defined|responding|starting|connecting|compiling|building|available|installed|updating|updated|saved|displaying|rendering|opening|loaded|there|visible|correct|needed|used|supported|happening|changing|appearing|firing|triggering|reachable|accessible|empty|valid|present|fixed|resolved|passing|deployed|started|reloading|refreshing|syncing|synced|recognized|detected|executed|called|printed|shown|applied|created|generated|picked\s+up|ready|enough|great|good|ideal)\b)|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?)\s*,?\s+(?P<m>not)\s+(?P<rejected>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3})\W*$)"),
    ("rej.not_but", Rejection, 3, NONE,
     r"(?:(?P<veto0>\b(?:is|are|was|were|it's|that's|isn't|do|does|did|i'm|we're|they're|you're|could|would|should|will|can|must|have|has|had|be)\s+not\b)|(?:^|[^\w'])(?P<m>not)\s+(?:(?P<veto>only|just|because|that|sure|really|necessarily|always|even|working|broken|yet|so|too|very|a\s+bug|the\s+(?:issue|problem|point))\b|(?P<rejected>⟨NP⟩+?)\s*,?\s+but\s+(?:rather\s+|instead\s+)?(?P<chosen>⟨NP⟩+)))"),
    ("rej.over", Rejection, 2, NONE,
     r"\b(?:go(?:ing)?\s+with|went\s+with|choose|chose|choosing|pick|picked|picking|prefer|preferring|use|using|favou?r|favou?ring|opt(?:ing)?\s+for|recommend)\s+(?P<chosen>⟨NP⟩+?)\s+(?P<m>over)\s+(?:(?P<veto>https?|tls|ssl|ssh|tcp|udp|ipc|grpc|stdin|stdout|the\s+(?:network|wire|internet|socket|years|weekend|course|top)|time|a\s+(?:socket|pipe|channel|network|year|week)|\d)\b|(?P<rejected>⟨NP⟩+))"),
    ("rej.vs", Rejection, 1, NONE,
     r"(?P<veto>\S\s+(?:vs\.?|versus)\s+(?:[^,;.!?]*?\s(?:vs\.?|versus)\s+)+\S*)|\S\s+(?P<m>vs\.?|versus)\s+\S"),
    ("rej.gt", Rejection, 3, NONE,
     r"^[^\w<]*(?:(?P<veto>(?:from|in|under|into|open|opens|click|via|on|at|go\s+to|navigate\s+to)\s+[a-z][\w.+#-]*[ \t]*>)|(?P<chosen>[a-z][\w.+#-]*(?:[ \t]+[a-z][\w.+#-]*)?)[ \t]*(?P<m>>|≫|>>)[ \t]*(?P<rejected>[a-z][\w.+#-]*(?:\s+[a-z][\w.+#-]*)?)\b)"),
    ("rej.bare_instead", Rejection, 3, NONE,
     r"^\W*(?:(?P<veto>(?:why|maybe|probably|what|how|if|or|and|but|it|this|that|i|we|you|they|just|still|also|really|actually|so|crashes|fails|returns)\b)|(?P<veto2>(?:[\w`.+#/-]+\s+){0,3}?(?:is|are|was|were|gets|got|being)\s+(?:used|shown|loaded|taken|picked|chosen|called|run|built|sent|served|rendered|returned|displayed)\s+instead\s+of)|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?)\s*,?\s+(?P<m>instead\s+of)\s+(?P<rejected>[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?)(?:\W*$|\s*[,;—–:]\s))"),
    ("rej.bare_over", Rejection, 3, NONE,
     r"^\W*(?:(?P<veto>(?:why|maybe|probably|what|how|if|or|and|but|it|this|that|i|we|you|they|just|still|also|really|actually|so|the|a|an|game|it's|its|all|start|move|hand|get|come|run)\b)|(?P<veto3>[\w`.+#/-]+\s+(?:sent|send|sends|handed|passed|took|came|moved|turned|went|got|looked|ran|carried|brought|copied|ported|synced|pasted|thought|talked|fell|mailed|forwarded))\s+over\b|(?P<chosen>[\w`.+#/-]+(?:\s+[\w`.+#/-]+)?)\s+(?P<m>over)\s+(?:(?P<veto2>the|a|an|\d|https?|tls|ssh|tcp|udp|time|there|here)\b|(?P<rejected>[\w`.+#/-]+(?:\s+[\w`.+#/-]+)?))(?:\W*$|\s*[,;—–:]\s))"),
    ("rej.deprecated", Rejection, 2, NONE,
     r"(?P<rejected>⟨NP⟩+?)\s+(?:is|are)\s+(?:now\s+)?(?P<m>deprecated|obsolete|legacy|dead)\b"),
    ("rej.drop_and_use", Rejection, 3, NONE,
     r"\b(?P<m>get\s+rid\s+of|ditch|drop|remove|rip\s+out|kill|delete)\s+(?P<rejected>⟨NP⟩+?)\s*(?:,\s*|\s+)(?:and\s+)?(?:just\s+)?(?:use|go\s+with|switch\s+to|move\s+to|replace\s+(?:it|them)\s+with)\s+(?P<chosen>⟨NP⟩+)"),
    ("rej.lets_not", Rejection, 3, NONE,
     r"\b(?:let's|lets|let\s+us)\s+(?P<m>not)\s+(?:(?P<veto>worry|bother|forget|panic|rush|overthink|get\s+ahead|(?:do|change|touch|modify|edit|break)\s+(?:it|that|this|them|anything|now|yet))\b|(?P<rejected>(?:⟨BANVB⟩|go\s+with|switch\s+to|move\s+to|adopt|introduce|do)\b⟨NP⟩*))"),
    ("rej.comma_never", Rejection, 2, NONE,
     r"[^,;:!?—–]\s*[,;—–]\s*(?:but\s+|and\s+)?(?P<m>never)\s+(?:(?P<veto>mind|again|ever|once|before|been|had|have|has|seen|heard|thought|worked|happened|knew|know|did|do|does|tried|really|got|gets|get|was|were|is|are|will|would|could|should|can|forget|say|said|in|on|at|for|with|by|to|the\s+(?:less|same)|a\s+(?:problem|issue))\b|(?P<rejected>⟨NP⟩+))"),
    // "plain js, no framework and no bundler": what is turned down ends the
    // clause ("…, no iphone nunca acontece" is Portuguese "in the iPhone")
    ("rej.comma_no", Rejection, 3, NONE,
     r"[,;—–]\s*(?P<m>no)\s+(?:(?P<veto>worries|idea|luck|problem|need|way|thanks|wait|matter|longer|doubt|rush|big\s+deal|change|difference|errors?|warnings?|output|issues?|flicker\w*|lag|crash\w*|glitch\w*|regressions?|failures?|delays?|leaks?|bugs?|problems?|drift|noise|artifacts?|tearing|stutter\w*|jank|complaints|response|reply|results?|one|i|you|it|that|this|we|not|yes|ok|more\s+than|code|coding|changes|edits|implementation|commits?|me|te|se|lo|la|le|les|los|las|nos|es|est[aá]|hay|funciona|tiene|tengo|puedo|quiero|sirve|s[eé]|sei|tem|faz|consigo|quero|\d)\b|(?P<rejected>[\w.+#^~/-]+(?:\s+[\w.+#^~/-]+)?)\s*(?:[,;.!)]|$|\s+(?:and|or|nor|at\s+all|whatsoever|please|pls|needed|required|allowed|anywhere|ever|either|for|in|on|unless|except|like|since|because)\b))"),
    ("rej.is_out", Rejection, 2, NEIGHBOUR_REJECTION,
     r"\b(?P<rejected>(?:(?:the|your|that|this)\s+(?:\w+\s+)?)?(?:option|approach|plan|proposal|idea|alternative|variant)(?:\s+⟨NP⟩*?)?)\s+(?:is|are)\s+(?P<m>out|off\s+the\s+table|rejected|dead|a\s+no-go|not\s+happening|ruled\s+out)\b"),
    ("rej.off_table", Rejection, 2, NEIGHBOUR_REJECTION,
     r"(?P<rejected>⟨NP⟩+?)\s+(?:is|are)\s+(?P<m>off\s+the\s+table|ruled\s+out|a\s+no-go|not\s+an\s+option|a\s+non-starter|dead\s+to\s+me)(?:\W*$|\s*[,;—–.])"),
    ("rej.other_option", Rejection, 2, NEIGHBOUR_REJECTION,
     r"(?P<rejected>⟨NP⟩+?)\s+(?:was|is|were|are)\s+the\s+other\s+(?P<m>option|alternative|candidate|contender|choice)\b"),
    ("rej.no_to", Rejection, 2, NONE,
     r"\b(?P<m>no\s+to)\s+(?P<rejected>⟨NP⟩+)"),
    // ───────────────────────── bans ─────────────────────────
    ("ban.never", Ban, 3, LASTS,
     r"^\W*(?:[\w'-]+(?:\s+[\w'./-]+){0,4}:\s+)?(?:(?:and|so|also|but|please|pls|just|remember|rule|important|note|again|seriously|oh|ok|okay|no|nope|nah|and\s+please|also\s+please|in\s+general|generally|in\s+future|in\s+the\s+future|going\s+forward|from\s+now\s+on)\W+)*(?P<m>never(?:,?\s+ever,?)?)\s+(?:(?P<veto>mind|had|has|have|was|were|did|does|do\s+(?:it|that|this|so|what|anything|enough|well|much|them)\b|do\s*$|knew|know|seen|saw|heard|been|thought|understood|got|gets|realized|noticed|worked|works|happened|happens|occurred|tried|liked|expected|really|goes|went|came|comes|seems|seemed|used\s+to|used\s+(?:it|them|either|both|one|that|this|any)|touched\s+(?:it|them|either|one)|once|before|anything|ends|stops|returns|finishes|shows|appears)\b|(?:again\s+)?(?P<rejected>⟨NP⟩+))"),
    // "secrets never go in the task definition", "generated files never
    // get committed": a kind of thing that never goes somewhere
    ("ban.kind_never_goes", Ban, 3, LASTS,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|so|but|also)\s+)(?:(?P<veto>(?:(?:and|so|but|also)\s+)?(?:it|this|that|they|he|she|which|i|we|you|there|nothing|something|one))\s|(?P<rejected>[\w.-]+(?:\s+[\w.-]+){0,3}?)\s+)(?P<m>(?:must\s+|should\s+|shall\s+|can\s+)?never)\s+(?:go|goes|get|gets|end\s+up|live|lives|land|lands|belong|belongs|appear|appears|leave|leaves|reach|reaches)\s+(?:in|into|on|to|inside|under|past|through|outside)\b"),
    // "drop babel entirely", "remove redux completely": a technology
    // left for good
    ("rej.drop_tech_entirely", Rejection, 3, NONE,
     r"^\W*(?:(?:ok|okay|so|just|then|and|also|yes|yeah|no|nah)\W+)*(?P<m>drop|remove|ditch|rip\s+out|get\s+rid\s+of|kill|delete)\s+(?:the\s+)?(?P<rejected>⟨TECH⟩)(?:\s+(?:dependency|dep|package|plugin|config))?\s+(?:entirely|completely|altogether|for\s+good|everywhere|from\s+the\s+(?:project|repo|codebase|stack))\b"),
    ("ban.we_never", Ban, 3, LASTS,
     r"(?:(?:^\W*|[,;:—–]\s*|\b(?:and|so|but|also|here)\s+)(?:we|you)\s+|\bwe\s+(?:should|must|shall|will|can)\s+|\bwe'll\s+|\byou\s+(?:should|must|shall|can)\s+)(?P<m>never)\s+(?:(?P<veto>mind|had|have|has|was|were|did|knew|know|seen|saw|heard|been|thought|understood|got|realized|noticed|worked|happened|tried|liked|expected|really|used\s+to|once|before|told|said|gave|sent|wrote|replied|answered|asked|fixed|finished|showed|mentioned|listen|listened|answer|reply|ask|tell|say|(?:even|actually|fully|properly|really)\s+\w+ed|\w+ed\s+(?:it|the|that|this|any|our|a|an|my|me|us))\b|(?P<rejected>⟨NP⟩+))"),
    ("ban.dont", Ban, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|but|so|please|pls|just|also|seriously|again|then|rule|remember|kindly)\s+|\bfor\s+the\s+rest\s+of\s+(?:this|the|our)\s+[\w-]+\s+|\b(?:in|on|across|for)\s+(?:this|the|our)\s+(?:project|repo|repository|codebase|app|team)\s+)(?P<m>(?:don't|dont|do\s+not|never\s+ever)(?:\s+ever)?)\s+(?:(?P<veto>worry|bother|forget|need|have\s+to|mind|know|think|get|see|understand|care|want|like|remember|judge|panic|stress|wait|be\s+afraid|hesitate|overthink|sweat|go\s+overboard|ask|apologi[sz]e|rush|[\w-]+\s+any\s+of\s+(?:it|this|that|them|these|those))\b|(?P<veto_work>(?:commit|push|merge|deploy|ship|release|publish|submit|send|close)\s+(?:it|this|that|them|these|those)(?:\s+(?:one|ones|change|changes|file|files|commit|fix|part|bit|branch))?(?:\s+(?:yet|now|for\s+now|just\s+yet))?(?:\W*$|\s*[,;—–]|\s+(?:until|till|before|since|because|i\s+want|we\s+want))|actually\s+[a-z]+\s+(?:it|this|that|them|these|those|anything)\b)|(?:(?:ever|ever\s+again|even|just|actually)\s+)?(?P<rejected>(?:[a-z]+\s+or\s+)?(?:⟨BANVB⟩)\b⟨NP⟩*))"),
    ("ban.we_wont", Ban, 3, NONE,
     r"(?P<veto_since>\b(?:since|because|as|given\s+that|now\s+that|if)\s+[^,;:!?]*?\bwe\s+(?:cannot|can't|do\s+not|don't|will\s+not|won't)\b)|\bwe(?:\s+will\s+not|\s+won't|\s+are\s+not\s+going\s+to|\s+aren't\s+going\s+to|'re\s+not\s+going\s+to|\s+do\s+not|\s+don't|\s+shall\s+not|\s+must\s+not|\s+cannot|\s+can't|\s+no\s+longer)\s+(?:(?P<veto>know|have|need|get|see|want|understand|care|think|forget|expect|yet|really|even|currently|always|seem|actually|like|mind)\b|(?P<rejected>(?:be\s+\w+ing|⟨WEVB⟩)\b⟨NP⟩*))"),
    ("ban.must_not", Ban, 3, NONE,
     r"\b(?P<m>must\s+not|mustn't|must\s+never|shall\s+not|shan't|is\s+not\s+allowed\s+to|are\s+not\s+allowed\s+to|is\s+forbidden\s+to|are\s+forbidden\s+to)\s+(?P<rejected>⟨NP⟩+)"),
    ("ban.no_x", Ban, 3, NONE,
     r"(?:^\W*|:\s*|^\W*(?:absolutely|strictly|definitely|seriously|and\s+absolutely)\s+)(?P<m>no)\s+(?:(?P<veto_found>(?:[\w.-]+\s+){1,3}(?:found|detected|available|left|remaining|to\s+(?:apply|commit|show|display|update|migrate|install|report|sync|process|run))\b)|(?P<veto>(?:[\w-]+\s+){0,5}i\s+mean|the|please|real|same|like|but|then|still|just|talking|news|good|bad|better|worse|puede|pude|jesus|god|man|dude|wait|me|te|se|lo|le|les|nos|es|est[aá]|hay|has|han|he|hemos|ha|veo|aparece|sale|carga|puedes|pude|encuentro|puedo|quiero|tengo|s[eé]|sabe|entiendo|funciona|android|iphone|ios|o|os|as|el|los|las|un|una|um|uma|da|do|en|em|meu|minha|mi|tu|su|worries|worry|idea|luck|problem|problems|clue|need|way|thanks|thank|wait|matter|longer|one|doubt|rush|hurry|change|changes|difference|errors?|warnings?|output|response|results?|issues?|success|dice|joy|sorry|i|you|it|that|this|thats|that's|its|it's|we|not|yes|ok|okay|no|rather|actually|sir|big|biggie|kidding|offense|pressure|stress|answer|reply|logs?|data|effect|improvement|crash|crashes|such|other|time|go|can\s+do|prob|probs|cap|what|why|how|wonder|surprise|lol|haha|more\s+than|more\s+(?:errors?|warnings?|crash(?:es)?|issues?|problems?|failures?|flakes?|timeouts?|output|logs?|questions|worries)|sweat|bueno|dependencies\s+changed|tests?\s+(?:fail|failed|ran|run)|one's|banco|servidor|navegador|celular|arquivo|c[oó]digo|projeto|come[cç]o|in[ií]cio|meio|lugar|caso|momento|ambiente|reposit[oó]rio|final|fim|\w+\s+(?:aparece|aparecem|t[aá]|est[aá]|fica|ficam|d[aá]|deu|tem|t[eê]m|vem|v[eê]m|sai|saem)|they|he|she|there|\w+(?:\s+\w+)?\s+(?:is|are|was|were|appears?|appearing|appeared|shows?|showing|shown|works?|working|worked|did|didn't|does|doesn't|has|have|had|seems?|loads?|loading|loaded|happens?|happening|happened|changed))\b|\d|(?P<rejected>⟨NP⟩+))"),
    ("ban.no_more", Ban, 3, NONE,
     r"\b(?P<m>no\s+more)\s+(?:(?P<veto>than|of|and|questions|for\s+today|today|worries|errors?|warnings?|crash(?:es)?|issues?|problems?|failures?|flakes?|timeouts?|output|logs?)\b|(?P<rejected>⟨NP⟩+))"),
    ("ban.stop", Ban, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|please|pls|just|so|also|let's|we\s+(?:should|need\s+to|must|will)|we'll)\s+)(?P<m>stop|quit)\s+(?P<rejected>(?:using|adding|importing|writing|calling|committing|pushing|logging|storing|relying\s+on|depending\s+on|shipping|putting|mixing|creating|generating|hardcoding|catching|swallowing|vendoring|exposing|running|deploying|mocking|disabling|skipping|ignoring|suppressing|returning|force-pushing|merging|pulling\s+in|bringing\s+in|introducing|reformatting|rewriting|touching|changing|modifying|editing|renaming|deleting|removing|installing|upgrading|bumping|leaving|printing|emitting|sending|opening|overwriting|inlining|duplicating|copying|wrapping)\b⟨NP⟩*)"),
    ("ban.avoid", Ban, 2, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|please|pls|always|so|also)\s+)(?P<m>avoid)\s+(?P<rejected>⟨NP⟩+)"),
    ("ban.under_no", Ban, 3, LASTS,
     r"\b(?P<m>under\s+no\s+circumstances|in\s+no\s+case|at\s+no\s+point|under\s+any\s+circumstances)\b\s*(?P<rejected>⟨NP⟩*)"),
    ("ban.nothing_may", Ban, 3, NONE,
     r"\b(?:(?P<veto>no\s+(?:difference|error|errors|change|changes|issue|issues|problem|problems|way|reason|idea|clue)\b|(?:nothing|no\s+\w+)\s+(?:i|you|we|they)\s+(?:can|could|may|should)\b)|(?:nothing|no\s+one|nobody|no\s+code|no\s+\w+)\s+(?:\w+\s+){0,3}?(?P<m>should|may|must|can|is\s+allowed\s+to|gets\s+to)\s+(?:ever\s+)?(?P<rejected>⟨NP⟩+))"),
    ("ban.i_dont_want", Ban, 2, NONE,
     r"\b(?:i|we)\s+(?P<m>(?:don't|do\s+not|never)\s+want)\s+(?:to\s+see\s+)?(?:(?P<veto>to|you|u|it|that|this|them|much|anything\s+fancy)\b|(?P<rejected>⟨NP⟩+))"),
    ("ban.banned", Ban, 2, NONE,
     r"\b(?:is|are|be|stays?|remains?)\s+(?P<m>forbidden|prohibited|not\s+allowed|disallowed)\b"),
    // "leave the generated files in `src/gen/` alone": hands off, for good
    ("ban.leave_alone", Ban, 3, NONE,
     r"(?:^\W*|[,;:—–.]\s*|\b(?:and|but|so|please|pls|just|also|always)\s+)(?P<m>leave)\s+(?:(?P<veto>me|it|him|her|them|us|that|this)\s+alone\b|(?P<rejected>(?:the|our|my|all|any|those|these)\s+[^,.;!?]{1,50}?)\s+alone\b)"),
    // "all physical quantities must be in SI units", "every timestamp
    // should be in UTC": a unit, format or case fixed for all of a kind
    ("mem.all_in_units", Memory, 3, NONE,
     r"\b(?:all|every|each)\s+(?:[\w-]+\s+){1,6}?(?:must|should|has\s+to|have\s+to|needs?\s+to|will)\s+(?:always\s+)?(?P<m>be\s+(?:in|as|stored\s+in|expressed\s+in))\s+(?P<chosen>(?:[\w-]+\s+){0,2}?(?:units?|format|utc|gmt|english|snake_case|camelcase|pascalcase|kebab-case|cents|seconds|milliseconds|metres|meters|iso[\s-]*8601|lowercase|uppercase|utf-8|utf8))\b"),
    // "keep doing it that way for new endpoints": the way just shown, kept
    ("mem.keep_that_way", Memory, 3, NONE,
     r"\b(?P<m>keep\s+(?:doing|writing|building|handling)\s+(?:it|this|that|them)\s+(?:that|this|the\s+same)\s+way|(?:do|write|build|handle)\s+(?:it|them)\s+(?:that|this|the\s+same)\s+way\s+(?:for\s+(?:all|every|each|any)\s+(?:new\s+)?|from\s+now\s+on|going\s+forward))"),
    // "we do trunk based dev here"
    // "we do strict semver on the cli", "we follow conventional commits":
    // a named practice the team keeps
    ("mem.we_practice", Memory, 3, NONE,
     r"\bwe\s+(?:always\s+|only\s+)?(?P<m>do|use|follow|practice|practise|enforce|stick\s+to|go\s+by|work\s+with)\s+(?:(?:strict|proper|real|full|plain|pure)\s+)?(?P<chosen>semver|semantic\s+versioning|calver|conventional\s+commits|tdd|bdd|trunk[- ]based(?:\s+dev(?:elopment)?)?|git\s*flow|github\s+flow|squash[- ]merges?|rebase[- ]merges?|linear\s+history|code\s+reviews?|pair\s+programming|feature\s+flags|pep\s*8|12[- ]factor|twelve[- ]factor|keep\s+a\s+changelog|hexagonal\s+architecture|clean\s+architecture|ddd|domain[- ]driven\s+design|event\s+sourcing|cqrs|continuous\s+deployment|blue[- ]green\s+deploys?|canary\s+(?:deploys|releases))\b"),
    // "enemies should be built by composition, …", "errors must be
    // returned as Result values": how a kind of thing is made, as a rule
    ("mem.kind_made_by", Memory, 3, NONE,
     r"(?:^\W*|\b(?:all|every|each|any|new|our|the|and|so)\s+)(?:(?P<veto>this|these|those|it|things|tests|files|changes|they|we|you)\s|(?:[\w-]+\s+)?[\w-]+s\s+)(?:should|must|need\s+to|have\s+to|are\s+to)\s+(?:always\s+)?be\s+(?P<m>built|done|written|implemented|handled|structured|modell?ed|composed|defined|validated|stored|managed|rendered|configured|named|formatted|organi[sz]ed|grouped|wrapped|serialized|returned|represented|expressed)\s+(?:by|with|using|via|as|through|in)\s+(?P<chosen>[\w`.-]+(?:\s+[\w`.-]+){0,3})"),
    // "remember: …", "save this in your memory: …", "keep in mind: …": what
    // follows is to be kept
    ("mem.remember_lead", Memory, 1, NONE,
     r"^\W*(?:(?:also|and|btw|pls|please|oh)\W+)*(?P<m>remember(?:\s+(?:this|that))?(?:\s+for\s+(?:the\s+future|later|next\s+time|future\s+sessions))?|save\s+(?:this|that)(?:\s+(?:in|to)\s+(?:your\s+)?memory)?|note(?:\s+(?:this|that))?\s+for\s+(?:the\s+future|later)|keep\s+in\s+mind|for\s+future\s+reference)\s*:\s*\S"),
    // "secrets come from env vars", "api base urls come from config":
    // where settings of a kind are read from
    ("mem.settings_come_from", Memory, 3, NONE,
     r"\b(?P<chosen>(?:[\w-]+\s+)?(?:secrets?|credentials|config|configuration|settings|urls|endpoints|api\s+keys|keys|tokens|env\s+vars|environment\s+variables|defaults|feature\s+flags|translations|strings|versions|ports|hostnames))\s+(?:should\s+|must\s+|always\s+|only\s+)*(?P<m>come|comes|are\s+read|get\s+read|are\s+loaded|get\s+loaded|are\s+pulled|get\s+pulled)\s+(?:only\s+)?from\s+\S"),
    // "lets batch them 100 at a time through the bulk endpoint instead":
    // the way taken against the current one
    ("rej.lets_instead", Rejection, 2, NONE,
     r"\b(?:let's|lets|let\s+us)\s+(?P<chosen>[^.;!?]{3,80}?)\s+(?P<m>instead)\b\s*(?:[.,;!—–-]|$)"),
    ("mem.we_do_here", Memory, 3, NONE,
     r"\bwe\s+(?P<m>do)\s+(?:(?P<veto>have|not|need|get|know|want|it|this|that|what|a\s+lot|lots|some|something|everything|all|so|too|well)\b|[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:here|in\s+this\s+(?:repo|codebase|project|team|shop|company))\b)"),
    // "for the iOS app we are going SwiftUI only"
    ("dv.going_only", DecisionVerb, 3, SELECTION,
     r"\bwe(?:'re|\s+are|'ll\s+be|\s+will\s+be)\s+going\s+(?:(?P<veto>to|back|home|out|in|through|over|up|down|forward|ahead|with|on)\b|(?P<chosen>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?P<m>only|all\s+the\s+way|everywhere)\b)"),
    // "a new model only gets promoted if it beats the baseline", "… it
    // doesn't get merged": an acceptance rule
    ("mem.gets_merged_if", Memory, 3, NONE,
     r"\b(?P<m>only\s+(?:gets?|is|are)\s+(?:promoted|merged|deployed|released|shipped|accepted|approved)\b[^.;!?]{0,40}?\b(?:if|when|once|after)|(?:doesn't|does\s+not|don't|do\s+not|won't|will\s+not)\s+get\s+(?:merged|promoted|deployed|released|shipped|approved))\b"),
    // "put all the type definitions in a separate file", "keep every
    // helper in utils.py": where a whole kind of code lives
    ("mem.put_all_in", Memory, 3, NONE,
     r"^\W*(?:(?:please|pls|and|also|so|ok|okay|then|just)\W+)*(?P<m>put|keep|place|store|define|declare|collect|move)\s+(?:all|every|each)\s+(?:of\s+)?(?:the\s+|our\s+|your\s+)?[\w-]+(?:\s+[\w-]+){0,2}?\s+(?:in|into|under|inside)\s+(?P<chosen>(?:a\s+(?:separate|single|dedicated|shared|central)|one|its\s+own|their\s+own)\s+(?:file|folder|directory|module|package|crate|place)|(?:a|the)\s+(?:separate|single|dedicated|shared|central)\s+[\w-]+|`[^`]+`|[\w.-]*[/.][\w./-]+)"),
    // "the pages should be: announcements, events, photos": the set of a
    // kind of thing the product has, listed
    ("mem.should_be_list", Memory, 3, NONE,
     r"^\W*(?:the\s+|our\s+)?(?:[\w-]+\s+){0,2}?(?P<m>(?:pages|screens|routes|tabs|views|sections|endpoints|languages|locales|platforms|roles|environments|menu\s+items|nav\s+items|columns|fields|statuses|states|categories|user\s+types)\s+(?:should|will|must|need\s+to)\s+be)\s*:\s*(?P<chosen>[^,;\n]+(?:,\s*[^,;\n]+)+)"),
    ("ban.off_limits", Ban, 3, NONE,
     r"\b(?:is|are|be|stays?|remains?)\s+(?:strictly\s+|completely\s+|totally\s+)?(?P<m>banned|off-limits|off\s+limits|verboten|a\s+no-go|a\s+no\s+go|untouchable)\b"),
    ("ban.ban_verb", Ban, 3, NONE,
     r"^\W*(?:(?:we're|we\s+are|i'm|i\s+am|we\s+will\s+be|we'll\s+be)\s+)?(?P<m>ban|banning|forbid|forbidding|prohibit|prohibiting|disallow|disallowing)\s+(?P<rejected>⟨NP⟩+)"),
    // ───────────────────────── imperatives ─────────────────────────
    ("imp.use", Imperative, 1, NONE,
     r"(?:(?P<veto>\b(?:to|i|we|you|they|he|she|it|would|could|should|can|will|'ll|'d|not|don't|didn't|doesn't|the|a|an|of|for|no|any|its|their|our|my|your|who|which|that|why|how|what|whatever|never|u|we'd|you'd)\s+use\b|\buse\s+(?:whatever|any(?:thing|one)?|something|it|this|that|them|these|those|your|ur|u|the\s+same|what(?:ever)?|case|cases)\b|\buse\s+(?:the\s+)?-{1,2}[a-z][\w-]*)|\b(?P<m>use)\s+(?P<chosen>⟨NP⟩+))"),
    // ───────────────────────── lasting scope / memory ─────────────────────────
    ("mem.from_now_on", Memory, 3, NONE,
     r"\b(?P<m>from\s+now\s+on|from\s+here\s+on(?:\s+out)?|from\s+today\s+on|going\s+forward|moving\s+forward|henceforth|from\s+this\s+point\s+(?:on|forward)|in\s+future\s*,|in\s+the\s+future\s*,|in\s+(?:all\s+)?future\s+(?:prs|code|changes|commits|work|projects|migrations|modules|releases)|for\s+all\s+future|starting\s+(?:now|today)|as\s+of\s+(?:now|today)|from\s+then\s+on)\b"),
    // "add a cargo test --release job to CI permanently": the change is to
    // stay ("delete the old branch permanently" is how a task is done)
    ("mem.permanently", Memory, 3, NONE,
     r"(?P<veto>\b(?:delete[sd]?|deleting|remove[sd]?|removing|erase[sd]?|wipe[sd]?|purge[sd]?|destroy(?:ed|s)?|ban(?:ned)?|block(?:ed)?|lost|gone|fix(?:ed|es)?|broke|broken|damaged?|close[sd]?|disable[sd]?|kill(?:ed)?)\b[^.;!?]*?\bpermanently)|\b(?P<m>permanently)\s*(?:[,.;!—–]|$)"),
    ("mem.every_must", Memory, 3, NONE,
     r"\b(?:(?P<veto>all\s+of\s+(?:them|it|these|those|this|that|us|you)|all\s+(?:we|you|i|they)\s+(?:need|have|must|got)\b|all\s+(?:of\s+)?(?:the\s+)?[\w-]+\s+(?:we|you|i|they)\s+(?:need|have|must|got)\b|(?:it's|its|it\s+is|we|they|you|we're|they're)\s+all\b|each\s+other|any\s+new\s+(?:ideas?|thoughts))|(?:every|all|each|any\s+new)\s+(?:[\w`.\-/]+\s+){0,5}?(?P<m>must|has\s+to|have\s+to|needs?\s+(?:to|a|an|at\s+least)|shall|is\s+required\s+to|are\s+required\s+to|always|requires)\b)"),
    ("mem.must_always", Memory, 3, NONE,
     r"\b(?P<m>must\s+always|shall\s+always|has\s+to\s+always|have\s+to\s+always|should\s+always|needs?\s+to\s+always|always\s+needs?\s+to)\b"),
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
    // "I dont want a modal I want a popup", "we don't need redux, just
    // context": what the person does not want set against what they do.
    ("rej.dont_want_want", Rejection, 3, NONE,
     r"\b(?:i|we)\s+(?:really\s+|just\s+)?(?:don't|dont|do\s+not)\s+(?:really\s+)?(?P<m>want|need)\s+(?:(?P<veto>(?:to\s+)?(?:break|lose|wait|waste|spend|see|hear|read|know|bother|be|get|have\s+to|deal)\b|an?\s+(?:explanation|summary|lecture|essay|apology|list|report|plan)\b|anything|any\s+more|more|you|us|help|excuses|it\s+to|this\s+to|that\s+to)|(?:to\s+\w+\s+)?(?P<rejected>[^,;.!?]{1,50}?)\s*[,;]?\s+(?:(?:i|we)\s+(?:actually\s+|just\s+|really\s+|only\s+)?(?:want|need|prefer|would\s+(?:rather|prefer|like))|i'd\s+(?:rather|prefer|like)|but\s+(?:rather|instead|just)|rather|instead|just)\s+(?:to\s+(?:\w+\s+)?)?(?P<chosen>[^,;.!?]{1,50}))"),
    // "I want it in the sidebar not the header", "it should be a popup not
    // a modal": a short option set against another without a comma.
    ("rej.want_x_not_y", Rejection, 3, NONE,
     r"\b(?:(?:i|we)\s+(?:just\s+|really\s+|only\s+)?(?:want|need|prefer)\s+(?:(?:it|them|this|that|these|those|everything)\s+)?|(?:should|must|needs?\s+to|will)\s+(?:be|stay|remain|go|live|sit)\s+)(?:(?:in|on|as|at|under|inside|into|with|using|via|for)\s+)?(?:(?P<veto1>(?:[\w.+#/-]+\s+){0,2}(?:and|but|or|its|it's|is|are|was|to|be)\s+not)\b|(?P<veto0>(?:fixed|working|done|visible|hidden|shown|ready|finished|enabled|disabled|gone|removed|deleted|updated|faster|slower|better|worse|possible|easy|hard|clear|obvious|there|here|able|sure|it|that|this|you|to|more|less)\s+not)\b|(?P<chosen>(?:(?:a|an|the|my|our)\s+)?[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)\s+(?P<m>not)\s+(?:(?P<veto>only|just|because|that|this|sure|yet|really|necessarily|always|even|exactly|quite|so|too|very|at|anymore|now|working|broken|crash\w*|fail\w*|to|be|have|get|tomorrow|today|later|yesterday|next|a\s+(?:big\s+)?(?:deal|problem|bug))\b|(?:(?:in|on|as|at|under|inside|into|with|using|via|for)\s+)?(?P<rejected>(?:(?:a|an|the|my|our)\s+)?[\w.+#/-]+(?:\s+[\w.+#/-]+)?)(?:\W|$)))"),
    // "I don't need the hover effects", "we don't need to support IE":
    // a feature or a scope turned down.
    // "it shouldn't be in the apps/api directory it should be in the root
    // of the monorepo": where or what a thing is not, then what it is
    ("rej.shouldnt_be_should_be", Rejection, 3, NONE,
     r"\b(?:shouldn't|shouldnt|should\s+not|mustn't|must\s+not)\s+be\s+(?P<rejected>(?:in|on|at|under|inside|a|an)\s+⟨NP⟩+?)\s*[,;—–]?\s+(?:(?:but|and|instead)\s+)?(?:(?:it|they|this|that|these|those)\s+)?(?:should|must|needs\s+to)\s+(?P<m>be)\s+(?:(?:put|placed|kept|moved)\s+)?(?P<chosen>(?:in|on|at|under|inside|a|an)\s+⟨NP⟩+)"),
    // "This component does not need to be a Table": a shape turned down
    // (not "it doesn't need to be a big deal")
    ("rej.need_not_be_a", Rejection, 3, NONE,
     r"\b(?:does\s+not|doesn't|doesnt|do\s+not|don't|dont)\s+(?P<m>need\s+to\s+be)\s+(?:(?P<veto>(?:a|an)\s+(?:(?:big|huge|real|major)\s+)?(?:deal|priority|blocker|problem|issue|concern|surprise|lot|bit|perfect|fancy|long|thing|headache|hassle|pain))\b|(?P<rejected>(?:a|an)\s+⟨NP⟩+))"),
    // "I don't want to use this github repo because it's not active", "I
    // do not want to use internal api routes to fulfill this feature": a
    // tool or approach turned down (not "I don't want to use it wrong")
    ("rej.dont_want_to_use", Rejection, 3, NONE,
     r"\b(?:i|we)\s+(?:really\s+|just\s+)?(?:don't|dont|do\s+not|never)\s+(?:really\s+)?(?P<m>want)\s+to\s+(?:use|add|depend\s+on|pull\s+in|bring\s+in|introduce|install|adopt|go\s+with|rely\s+on)\s+(?:(?P<veto>(?:it|this|that|them|anything|something)\s+(?:wrong|incorrectly|badly|again|like\s+that)\b|it\s*(?:[,;.!?]|$))|(?P<rejected>[^,;.!?]{1,50}?)(?:\s+(?:because|since|as|for|to|anymore|any\s+more)\b|\s*[,;.!?]|\s*$))"),
    ("rej.dont_need", Rejection, 3, NONE,
     r"\b(?:i|we)\s+(?:really\s+|also\s+|even\s+)?(?:don't|dont|do\s+not)\s+(?P<m>need)\s+(?:(?P<veto>(?:the|any|those|these|this|that|a|an)\s+(?:more\s+)?(?:explanation|summary|details?|help|lecture|essay|apology|list|report|plan|context|info(?:rmation)?|answer|reply|response|update|confirmation|permission|reminder|steps?|feedback|code|review|walkthrough|tutorial)\b|(?:this|that|it|them)\s*(?:[.,;!?]|$))|(?:(?:the|any|those|these|a|an)\s+|to\s+(?:handle|support|implement|add|build|keep|maintain|include)\s+(?:the\s+|any\s+|this\s+|that\s+)?)(?P<rejected>[^,;.!?]{1,40}))"),
    // "keep docs, delete the conflict noise": what stays and what goes,
    // set side by side.
    // "quiet hours stay out of v1", "exports are out of scope for the
    // mvp": a part left out of a release
    ("rej.out_of_release", Rejection, 3, NONE,
     r"(?:^\W*|[,;:]\s*|\b(?:and|but|so|also|then|ok|okay)\s+)(?:(?P<veto>(?:it|this|that|which|everything|anything|something|nothing|what)(?:'s|\s+is|\s+stays)?)\s+(?:out\s+of|outside)|(?P<rejected>[^,;.!?]{2,40}?)\s+(?P<m>stays?\s+out\s+of|(?:is|are)\s+out\s+of|(?:is|are)\s+outside|(?:is|are)\s+not\s+in|(?:waits?|wait)\s+(?:for|until))\s+(?:the\s+)?(?:v\d+|scope|mvp|first\s+(?:release|version)|this\s+(?:release|version|sprint|milestone)|phase\s+(?:\d+|one|two)|(?:the\s+)?next\s+(?:release|version))(?:\s*(?:[,;.!]|$)|\s+(?:for|and|but|so|until|too|either)\b))"),
    ("rej.keep_comma_drop", Rejection, 3, NONE,
     r"(?:^\W*|[,;:]\s*|\b(?:and|then|just|so|ok|okay)\s+)(?P<m>keep)\s+(?:(?P<veto>going|trying|it|them|this|that|in\s+mind|an\s+eye|track|up|on|working|looking|doing|me|us|you)\b|(?P<chosen>[^,;.!?]{1,40}?))\s*[,;]\s*(?:(?:and|but|then|just)\s+)?(?:drop|remove|delete|ditch|get\s+rid\s+of|kill|rip\s+out|discard|throw\s+away)\s+(?P<rejected>[^,;.!?]{1,40}?)(?:[,;.!?]|$)"),
    // "keep only the grep step", "only keep the last 10 entries": what
    // stays, the rest going
    ("dv.keep_only", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>keep\s+only|only\s+keep|leave\s+only)\s+(?:(?P<veto>getting|seeing|running|hitting|failing|breaking|coming|having|trying|going|doing|finding|losing|forgetting)\b|(?P<chosen>⟨NP⟩+))"),
    ("rej.keep_drop", Rejection, 3, NONE,
     r"\b(?P<m>keep)\s+(?P<chosen>(?:the|our|that|this)\s+[^,;.!?]{1,40}?)\s+and\s+(?:drop|remove|rip\s+out|get\s+rid\s+of|delete|ditch|retire|kill)\s+(?P<rejected>(?:the|that|this)\s+[^,;.!?]{1,40}?)(?:[,;.!?]|\s+(?:since|because|as|its|it's)\b|$)"),
    ("mem.every_should", Memory, 2, NONE,
     r"\b(?:(?P<veto>(?:every|all|each)\s+(?:[\w`.\-/]+\s+){0,5}?(?:where|as|like|when)\s+(?:it|they|this|these|you|we)\s+should)|(?:every|all|each)\s+(?:[\w`.\-/]+\s+){0,5}?(?P<m>should))\b"),
    ("mem.want_every", Memory, 3, NONE,
     r"\b(?:we|i)(?:'d|\s+would|\s+will)?\s+(?P<m>want|need)\s+(?:every|all|each)\s+(?:(?:of\s+)?(?:the|our)\s+)?(?:[\w`.\-/+]+\s+){1,5}?to\s+\w"),
    ("mem.convention", Memory, 2, NONE,
     r"(?:\b(?P<veto>(?:security|privacy|cors|cookie|retention|password|referrer|permissions?|iam|bucket|network|pod|cache|content|refund|return|cancellation)\s+polic(?:y|ies))|\b(?P<m>conventions?|policy|policies|house\s+style|style\s+guide|the\s+rule\s+(?:is|here)|rule\s+(?:for|in|of)\s+(?:this|the|our)\s+(?:repo|project|codebase|team|crate|package)|as\s+a\s+rule|standard\s+practice|the\s+standard\s+(?:is|here)|(?:the|our)\s+pattern\s+for|that's\s+the\s+pattern|hard\s+requirement|ground\s+rule)\b)"),
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
     r"\b(?P<m>(?:for|in|on|across)\s+(?:all|every|each|any)(?:\s+(?:of\s+)?(?:the|our))?)\s+(?:(?P<veto>of\s+(?:it|them|this|that|these|those)|these|those|the\s+time|cases?|reasons?|i\s+know|\d)\b|\w)"),
    ("mem.msrv", Memory, 2, NONE,
     r"\b(?P<m>msrv|minimum\s+supported\s+(?:\w+\s+)?version|min(?:imum)?\s+(?:\w+\s+)?version|lowest\s+supported)\b"),
    ("mem.stays", Memory, 1, NONE,
     r"\b(?P<m>stays?|remains?)\s+(?:on|off|there|at|pinned|enabled|disabled|the\s+same|as\s+is|that\s+way|in\s+place|put|unchanged|fixed|locked)\b"),
    ("mem.we_keep", Memory, 3, NONE,
     r"\bwe\s+(?:always\s+)?(?P<m>keep)\s+(?:(?P<veto>running|getting|seeing|hitting|having|breaking|failing|forgetting|losing|adding|going|coming|finding|trying|bumping|doing)\b|⟨NP⟩*?\b(?:free\s+of|free\s+from|out\s+of|separate|separated|in\s+sync|under|below|at\s+most|pinned|behind|private|internal|stable|minimal|backwards?[- ]compatible|dependency-free|zero-dependency|sorted|deterministic|immutable|pure)\b)"),
    ("mem.nowhere_else", Memory, 3, NONE,
     r"\b(?P<m>nowhere\s+else|and\s+only\s+there)\b"),
    ("mem.kind_lives_in", Memory, 3, NONE,
     r"(?:^\W*|\b(?:all|each|every|the|our|new|and|also)\s+)(?:(?P<veto>this|is|was|its|us|has|does|yes|thanks|always|status|process|class)\s|[\w-]+s\s+(?:\w+\s+)?)(?:should|must|need\s+to|have\s+to|are\s+to)\s+(?:preferably\s+|always\s+|all\s+)?(?P<m>be|live|go|sit|stay)\s+(?:placed\s+|kept\s+|stored\s+)?in\s+(?:a|an|the|its|their|one|separate|dedicated)\s+(?:[\w-]+\s+){0,2}?(?:sub)?(?:folder|directory|dir|module|package|files?)\b"),
    // "editor state should live in jotai atoms": where a kind of thing goes
    ("mem.should_live_in", Memory, 3, NONE,
     r"\b(?P<m>(?:should|must|needs?\s+to|has\s+to|have\s+to)\s+(?:(?:live|go|belong)\s+in(?:to)?|(?:live|belong|sit)\s+(?:at|on|behind|inside|under)|go\s+(?:straight|directly)\s+(?:to|into|through)|(?:go|pass)\s+through))\s+(?:(?P<veto>it|that|this|there|here|these|those|circles|loops|the\s+same\s+place)\b|(?P<chosen>⟨NP⟩+))"),
    // "tailwind only for styling in this repo", "use sonner, we already
    // have shadcn": a technology fixed, alone or with its reason
    ("dv.tech_only", DecisionVerb, 3, SELECTION,
     r"(?:^\W*|\b(?:we\s+use|use|using)\s+)(?P<chosen>⟨TECH⟩)\s+(?P<m>only)\b(?:\s+(?:for|in|across|everywhere)\b|\s*(?:[.,;!]|$))"),
    ("dv.use_because", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|so|and|just|please|pls|also|then|actually)\W+)*(?P<m>use)\s+(?:(?P<veto>it|this|that|them|these|those|whatever|the\s+same)\b|(?P<chosen>[\w.@/+-]+(?:\s+[\w.@/+-]+)?))\s*,\s*(?:since\s+|because\s+|as\s+)?(?:we|it's|its|it\s+is)\s+(?:already|'re\s+already|are\s+already)\b"),
    ("mem.lives_in", Memory, 1, NONE,
     r"\b(?P<m>lives?|belongs?|goes|go)\s+in(?:to)?\b"),
    ("mem.remember", Memory, 1, NONE,
     r"\b(?P<m>remember\s+(?:that|to)|keep\s+(?:that|this|it)\s+in\s+mind|for\s+future\s+reference|note\s+for\s+the\s+future|make\s+a\s+note|never\s+forget)\b"),
    ("mem.always_imp", Memory, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|so|please|pls|just|also|then|but)\s+)(?P<m>always)\s+(?:(?P<base>focus|discuss|process|access|address|express|pass|press|bless|cross|toss)\b|(?P<veto_third>[a-z]+[^s\W]s)\b|(?P<veto>the|a|an|same|this|that|it|there|getting|get|gets|returns?|shows?|showing|times?|on|in|at|when|with|for|because|been|was|were|is|are|has|had|forget|forgets|fails?|failing|breaks?|crashes|crashing|retries|prints|happens|seems?|takes|goes|ends|comes|hangs|runs|throws|errors|complains|does|did|says|wants|works|worked|used)\b|\d|\w)"),
    ("mem.always", Memory, 1, NONE,
     r"\b(?P<m>always)\b"),
    // ───────────────────────── confirmations ─────────────────────────
    ("conf.yes", Confirmation, 1, NONE,
     r#"^[\s*_>"\x27(\[-]*(?P<m>(?:yes|yeah|yep|yup|ya|yea|sure|ok|okay|k|kk|alright|all\s+right|right|agreed|agree|correct|exactly|absolutely|definitely|perfect|great|cool|nice|fine|good|lgtm|approved|confirmed|affirmative|roger|deal|totally|indeed|of\s+course)\b|👍|✅|👌|🙌|💯)(?:(?P<veto>-)|)"#),
    ("conf.sounds_good", Confirmation, 1, NONE,
     r"\b(?:(?P<veto>(?:we|you|i|they|as|like\s+we|like\s+you|as\s+we|as\s+you)\s+(?:had\s+|have\s+)?agreed)|(?P<m>sounds\s+(?:good|great|right|fine|perfect|reasonable|like\s+a\s+plan)|works\s+for\s+me|fine\s+by\s+me|fine\s+with\s+me|ok\s+by\s+me|i'm\s+(?:fine|ok|okay|good)\s+with\s+(?:that|this|it)|makes\s+sense|that\s+works|i\s+agree|good\s+(?:call|idea|plan|point)|love\s+it|agreed|approved|let's\s+do\s+(?:it|that|this)))\b"),
    ("conf.do_that", Confirmation, 3, HANDLE | WORK,
     r"(?:^\W*|[,;:—–]\s*|\b(?:then|so|just|please|pls|let's|lets|yes|ok|okay|sure|and|yeah|yep)\s+)(?P<m>(?:do|implement|go\s+with|apply|build|execute|proceed\s+with)\s+(?:that|this|it|that\s+one|this\s+one|those|these|both|all\s+(?:of\s+them|three|two)|(?:that|this|the|your)\s+(?:approach|plan|one|version|design|option|proposal|suggestion|idea|refactor)))\b(?:\s+(?P<veto>again|later|tomorrow|next|first|manually|yourself|myself|locally|by\s+hand))?"),
    ("conf.handle", Confirmation, 2, SELECTION | HANDLE,
     r"(?:(?P<veto>\b(?:reviewed|read|re-read|reread|saw|seen|looked\s+at|checked|about|regarding|on|of|in|for)\s+(?:your|the|that|this)\s+(?:plan|proposal|approach|suggestion|design|idea))\b|(?P<m>(?P<chosen>\b(?:option\s+(?:[a-e]|\d{1,2}|one|two|three|four)|(?:the\s+|your\s+)?(?:first|second|third|fourth|last|latter|former|1st|2nd|3rd)\s+(?:one|option|approach|suggestion|proposal|variant|design|alternative|idea|plan)|(?:your|the)\s+(?:first|second|third|\d(?:st|nd|rd|th))\s+(?:suggestion|proposal|option|idea)|plan\s+[a-e]|approach\s+[a-e1-9]|(?:that|this|your)\s+(?:approach|plan|proposal|suggestion|option|design|idea|one))|#\d{1,2}(?:\s+and\s+#\d{1,2})*))\b)"),
    ("conf.named_handle", Confirmation, 2, SELECTION | HANDLE,
     r"\b(?:(?P<veto>(?:the|your|that)\s+(?:intended|overall|whole|same|general|entire|underlying|implementation|refactor(?:ing)?|migration|action|execution|development|updated|revised|detailed|original|initial|final|above)\s+(?:[\w`.+#/-]+\s+){0,3}?(?:approach|option|variant|design|plan|route|proposal|suggestion|idea|solution|alternative|strategy))|(?P<chosen>(?:the|your|that)\s+[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,3}?\s+(?P<m>approach|option|variant|design|plan|route|proposal|suggestion|idea|solution|alternative|strategy)))\b"),
    ("conf.handle_alone", Confirmation, 3, SELECTION | HANDLE,
     r"^\W*(?:(?P<veto>(?:#?\d{1,2}\W+)+(?:\.\.\.|…)\W*$|#?\d{1,2}\s*(?:개|个|個|つ(?:[^目]|$)|件|枚|台|人|回|秒|分|時間|天|日|px|%|ms)|#?\d{1,2}[\x{3040}-\x{30FF}\x{4E00}-\x{9FFF}\x{AC00}-\x{D7AF}&&[^でにがをはの番つ吧号號번로으이요]]|#?\d{1,2}\s*[\x{0400}-\x{04FF}]{2,})|(?:(?:yes|yep|yeah|ok|okay|sure|alright|let's\s+(?:do|go\s+with)|go\s+with|i'd\s+say|i\s+say|definitely)\W+)?(?P<m>(?P<chosen>(?:option|approach|plan|proposal|variant|choice|number)\s*(?:[a-e]|\d{1,2}|one|two|three|four)|(?:that|this)\s+one|[a-e]|#?\d{1,2}(?:\s*(?:and|&|\+|,)\s*#?\d{1,2})*|(?:the\s+)?(?:first|second|third|fourth|last|latter|former|1st|2nd|3rd)(?:\s+(?:one|option|approach|suggestion|proposal|variant))?))\W{0,16}(?:please|pls|then|it\s+is|for\s+sure|definitely)?\W{0,16}$)"),
    ("conf.like_you_said", Confirmation, 3, HANDLE,
     r"\b(?P<m>(?:like|as|the\s+way|what|the\s+one|the\s+option|whichever)\s+(?:you\s+|you've\s+|you\s+have\s+)?(?:proposed|suggested|recommended|planned|preferred|leaned\s+towards?)|your\s+(?:recommendation|recommended\s+(?:one|option))|agree\s+with\s+your\s+(?:lean|recommendation|pick|choice)|(?:your|the|that)\s+(?:proposal|suggestion|recommendation|plan|approach)\s+(?:is\s+|sounds\s+|looks\s+|seems\s+)?(?:good|fine|great|solid|reasonable|right|perfect|works|makes\s+sense))\b"),
    ("conf.like_you_described", Confirmation, 2, NONE,
     r"\b(?P<m>(?:like|as)\s+you\s+(?:described|outlined|laid\s+out|wrote\s+up|sketched|said|showed|mentioned))\b"),
    ("conf.yes_use", Confirmation, 2, NONE,
     r"^\W*(?:yes|yep|yeah|ok|okay|sure|agreed|alright|right|perfect|great)\W+(?:then\s+|just\s+)?(?P<m>use|go\s+with|pick|switch\s+to|stick\s+with|keep)\s+(?:(?P<veto>it|that|this|them|whatever|ripgrep|grep|going|at|on|up|working|trying|pushing|moving|doing|rolling|the\s+rest)\b|(?P<chosen>⟨NP⟩+))"),
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
     r#"^[\s*_>"\x27(\[-]*(?:yes|yep|yeah|yup|sure|ok|okay|alright|right|perfect|great|fine|cool)\W+(?:(?P<veto>⟨NP⟩*\b(?:is|are|was|were|be|pass|passes|passed|fail|fails|failed|works?|worked|runs?|ran|crash|crashes|crashed|shows?|showed|broke|breaks|broken|looks?|seems?|does|did|has|have|had|exists?|lives|sits|contains|includes|says|said|returns|returned|loads|loaded|appears|appeared|printed|still|now|i|we|you|it|that's|it's|there|thanks|thank)\b).*|(?P<chosen>(?:the|a|an|your)\s+[\w`.+#/-]+(?:\s+[\w`.+#/-]+){0,5}))\W*$"#),
    ("dv.build_in", DecisionVerb, 3, SELECTION | MAKES,
     r"\b(?:(?P<veto>starting\s+with|(?:create|write|generate|draft|make)\s+(?:a\s+|the\s+|me\s+a\s+)?(?:commit\s+message|pr\s+description|summary|changelog|release\s+notes|report|explanation|email|reply)\b)|(?:build|create|make|write|scaffold|set\s+up|setup|implement|program|develop|code|start|bootstrap|port|rewrite|generate|starting|building|writing|making|creating|porting|rewriting)\b(?:[^.;!?]|\.\w){0,80}?\b(?P<m>in|with|using|on|via|based\s+on|as\s+an?)\s+(?:an?\s+)?@?(?P<chosen>⟨TECH⟩)(?:\W|$))"),
    ("dv.tech_artifact", DecisionVerb, 3, SELECTION | MAKES,
     r"\b(?P<m>build|create|make|write|scaffold|set\s+up|implement|program|develop|code|start|need|want|initiali[sz]e|init|bootstrap|spin\s+up)\s+(?:me\s+|us\s+)?(?:a|an|the|some|our)?\s*(?:(?:new|simple|small|basic|quick|little|minimal|tiny|full|proper|standalone|separate|web|cli|command-line|desktop|mobile|native|rest|http|tiny)\s+){0,2}(?P<chosen>⟨TECH⟩(?:(?:\s+|\s*[/+&]\s*)⟨TECH⟩)?)(?:\s+v?\d+(?:\.\d+)*)?\s+(?:prototype|poc|firmware|notebook|pipeline|baseline|model|scraper|crawler|addon|add-on|starter|template|monorepo|repo|script|app|application|cli|api|service|server|library|lib|tool|bot|extension|plugin|project|backend|frontend|website|site|dashboard|game|program|module|package|crate|worker|client|sdk|component|microservice)s?\b"),
    ("ban.should_be_no", Ban, 3, NONE,
     r"\b(?P<m>there\s+(?:should|must|shall)\s+be\s+no|(?:i|we)\s+want\s+no|(?:we|i)\s+(?:need|want)\s+zero)\s+(?P<rejected>⟨NP⟩+)"),
    ("dv.use_tech", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|then|and|just|please|pls|also|yeah|yes|no|nah|actually)\W+)*(?P<m>use|switch\s+to|move\s+to|migrate\s+to|go\s+for)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)(?:(?P<veto>\s*to\s+(?:run|find|check|test|see|debug|look|search|grep|install|print|format|lint|fix|get|read|open|inspect))|)"),
    // the language the agent answers or writes in, for good ("answer in
    // German", "write everything in English")
    ("dv.reply_language", DecisionVerb, 3, SELECTION,
     r"\b(?:(?P<m>(?:answer|reply|respond|talk|speak|communicate)(?:\s+to\s+me)?(?:\s+(?:only|always))?)|(?P<m2>(?:always\s+)?(?:write|do|keep|put)\s+(?:everything|it\s+all|all\s+(?:the\s+)?\w+)))\s+in\s+(?P<chosen>english|german|french|spanish|portuguese|russian|chinese|japanese|korean|italian|dutch|polish|turkish|vietnamese|indonesian|hindi|arabic|ukrainian|czech|swedish)\b"),
    ("dv.we_should_use", DecisionVerb, 3, SELECTION,
     r"\b(?:we|i)(?:\s+(?:should|ought\s+to|want\s+to|wanna|would\s+like\s+to|need\s+to|have\s+to|must)(?:\s+be)?|'d\s+like\s+to)\s+(?P<m>using|use|go\s+with|stick\s+with|switch\s+to|move\s+to|migrate\s+to|adopt|keep\s+using)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.keep_it_in", DecisionVerb, 3, SELECTION,
     r"(?:^\W*|[,;:—–.]\s*|\b(?:let's|lets|let\s+us|we'll|we\s+will|just)\s+)(?P<m>keep\s+(?:it|this|everything|them|things)\s+(?:in|on|as|with|an?))\s+(?:(?P<veto>secret|surprise|bit|little|while|go|mind|check|sync|place|line|view|the\s+loop|touch|sight)\b|(?P<chosen>⟨NP⟩+))"),
    // "for the charts on the analytics page use recharts": a technology
    // chosen for a named part of the work
    ("dv.for_part_use", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|and|also|then|actually)\W+)*for\s+(?:the\s+|our\s+|all\s+(?:the\s+)?)?(?:[\w`.+#/-]+\s+){0,6}?[\w`.+#/-]+\s*,?\s+(?:just\s+|please\s+)?(?P<m>use|go\s+with|pick|switch\s+to)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)(?:(?P<veto>\s*to\s+(?:run|find|check|test|see|debug|look|search|grep|install|print|get|read|open|inspect))|)"),
    // "do the mobile app in flutter not react native": one technology over
    // another, said in passing (a report of where something happens is not)
    ("rej.in_tech_not_tech", Rejection, 3, NONE,
     r"(?:(?P<veto>\b(?:is|are|was|were|it's|happens|fails|crashes|breaks|works|worked|bug)\s+(?:in|with|on|using)\s+[\w.+#-]+(?:\s+[\w.+#-]+)?\s*,?\s+not\b)|\b(?:in|with|using|use|via)\s+(?P<chosen>⟨TECH⟩)\s*,?\s+(?P<m>not)\s+(?:in\s+|with\s+|using\s+)?(?P<rejected>[\w.+#-]+(?:\s+[\w.+#-]+)?)(?:\W|$))"),
    ("dv.use_named", DecisionVerb, 3, SELECTION,
     r"(?:^\W*|[,;:]\s*|\band\s+|\bjust\s+)(?P<m>use)\s+(?:(?P<veto>it|this|that|them|one|something|whatever|same|these|those|both|either|any|all|more|less|less|fewer|only|your|my|our|their|his|her|its|some|each|every|another|other|such|what|which)\b|(?P<chosen>[a-z0-9][\w.@/-]*))\s+(?:for|as\s+the|to\s+(?:parse|build|render|handle|generate|store|send|validate|serialize|bundle|format|lint|schedule|queue|cache|test))\b"),
    ("mem.follow_standards", Memory, 3, NONE,
     r"\b(?P<m>adhere\s+to|follow|stick\s+to|comply\s+with|conform\s+to|respect)\s+(?:the\s+|our\s+)?(?:coding\s+|code\s+|team\s+|project\s+|house\s+|existing\s+)?(?:standards?|conventions?|guidelines?|style\s+guide|styleguide|rules)\b"),
    ("rej.prioritize", Rejection, 3, NONE,
     r"\b(?P<m>prioriti[sz]e|we\s+care\s+(?:more\s+)?about|optimi[sz]e\s+for)\s+(?P<chosen>[^,;.!?]{1,40}?)\s+(?:over|rather\s+than|more\s+than|than|before)\s+(?P<rejected>⟨NP⟩+)"),
    ("rej.x_not_y", Rejection, 3, NONE,
     r"(?:^|,\s*)(?:(?P<veto>(?:[\w'.+#/-]+\s+)?(?:is|are|was|were|do|does|did|it|it's|its|that|that's|thats|let's|lets|this|should|would|could|will|can|has|have|had|i|we|you|they|just|maybe|why|and|but|or|so|still|yet|really|probably|definitely|certainly|'s)\s+not)\b|(?P<veto3>(?:its|it's|thats|that's|it\s+is|that\s+is|i\s+meant|i\s+mean)\s+[\w.+#/-]+\s+not)\b|(?P<veto2>[\w.+#/-]+(?:[\s-][\w.+#/-]+)?\s+not\s+(?:working|running|loading|showing|found|defined|responding|starting|connecting|compiling|building|available|installed|updating|updated|saved|displaying|rendering|opening|loaded|there|visible|correct|needed|used|supported|happening|changing|appearing|firing|triggering|reachable|accessible|empty|valid|present|fixed|resolved|passing|deployed|started|reloading|refreshing|syncing|synced|recognized|detected|executed|called|printed|shown|applied|created|generated|picked\s+up|ready|enough|great|good|ideal|[a-z]{3,}ed)\b)|(?P<chosen>[\w.+#/-]+(?:[\s-][\w.+#/-]+)?)\s+(?P<m>not)\s+(?P<rejected>[\w.+#/-]+(?:\s[\w.+#/-]+)?)\W*$)"),
    ("rej.none_of", Rejection, 3, NONE,
     r"^\W*(?:(?:no|nah|nope|hmm)\W+)?(?:(?P<veto>neither\b[^,.;!?]{1,60}?\b(?:work|help|fix|did|chang|seem|solv|appear|show|load|ran|run|pass|succeed|made)\w*|(?:none\s+of\s+(?:those|them|these|the\s+above|the\s+options)|neither(?:\s+of\s+(?:those|them|these))?)\s+(?:work|help|fix|did|does|do|is|was|were|are|chang|seem|solv|appear|show|load|ran|run|pass|succeed|made)\w*)|(?P<m>none\s+of\s+(?:those|them|these|the\s+above|the\s+options)|neither(?:\s+of\s+(?:those|them|these))?)\b)"),
    ("ban.never_here", Ban, 3, LASTS,
     r"\b(?P<m>never)\b[^.!?]*\b(?:in\s+(?:this|our|the)\s+(?:codebase|repo|repository|project|code\s*base|app|service)|anywhere\s+in)\b"),
    ("ban.not_here", Ban, 3, NONE,
     r"(?:\b(?:we|i)\s+(?P<m>(?:don't|dont|do\s+not)\s+(?:do|use|allow|want|write|ship|add|keep))|(?:^\W*|\b(?:and|also|so|plus|general|rule)\W+)(?P<m2>no))\s+(?:(?P<veto>idea|clue|way|need|problem|worries|rush|matter|one|longer|more|luck|doubt)\b|(?P<rejected>[^,.;!?]{1,40}?)\s+(?:left\s+)?(?:anywhere\s+)?in\s+(?:this|our|the)\s+(?:codebase|repo|repository|project|code\s*base|crate|package|file|module|service)\b)"),
    ("mem.after_each", Memory, 3, NONE,
     r"\b(?P<m>commit|push|run\s+(?:the\s+)?(?:tests|linter|lint|formatter)|test|lint|format|update\s+the\s+(?:docs|changelog|readme))\s+(?:(?:the\s+)?changes\s+)?(?:after|before)\s+(?:each|every|all|any)\b"),
    ("mem.goes_in", Memory, 3, NONE,
     r"\b(?:all|every|each|any|new)\b[^.!?]{0,40}\b(?P<m>goes|go|lives?|belongs?|should\s+(?:go|live|be))\s+(?:in|into|under|to)\s+(?P<chosen>⟨NP⟩+)"),
    ("rej.in_not_in", Rejection, 3, NONE,
     r"(?P<veto_is>\b(?:is|are|was|were|lives|sits|exists|runs|located)\s+(?:in|into|on|to|with|as|under)\s+(?:[^,;.!?]|\.\S){1,40},\s*(?:and\s+|but\s+)?(?:not|never)\b)|\b(?:in|into|on|to|with|as|under)\s+(?P<chosen>(?:[^,;.!?]|\.\S){1,40}),\s*(?:and\s+|but\s+)?(?P<m>not|never)\s+(?:in|into|on|to|with|as|under)\s+(?P<rejected>⟨NP⟩+)"),
    ("dv.target_only", DecisionVerb, 3, SELECTION,
     r"\b(?:(?P<m>target|support)\s+(?P<chosen>[^,;.!?]{1,30}?)\s+only\b|\b(?:we|i|it|this|you)\s+only\s+(?P<m2>support|target)\s+(?P<chosen2>⟨NP⟩+))"),
    ("mem.must_stay", Memory, 3, NONE,
     r"\b(?P<m>keep|stay|remain|(?:must|should|has\s+to|needs\s+to|have\s+to)\s+(?:be|stay|remain))\s+(?:[^.!?]{0,30}\s)?(?:fully\s+|always\s+)?(?:zero[- ]dep(?:endency|endencies|s)?|dependency[- ]free|self[- ]contained|backwards?[- ]compatible|stable|deterministic|idempotent|reversible|immutable|stateless|offline[- ]first|async|type[- ]safe|accessible|private|preserved|retained|kept\s+intact)\b"),
    ("dv.make_it_a", DecisionVerb, 3, NONE,
     r"\b(?P<m>make\s+it|it\s+should\s+be|this\s+should\s+be|ship\s+it\s+as)\s+(?:a|an)\s+(?:single\s+|small\s+|simple\s+)?(?:static\s+binary|cli|library|monorepo|spa|pwa|static\s+site|single[- ]page\s+app|microservice|plugin|daemon|desktop\s+app|web\s+app|mobile\s+app)\b"),
    ("dv.stack_is", DecisionVerb, 3, SELECTION,
     r"^\W*(?:the\s+|our\s+)?(?P<m>frontend|front-end|backend|back-end|database|db|api|stack|ui|orm|cache|queue|deploy(?:ment)?\s+target|target|hosting|host|ci|docs(?:\s+site)?|runtime|language|framework|package\s+manager|test\s+runner|linter|formatter|bundler|build\s+tool|broker|message\s+bus|storage|search|monitoring|logging|auth)\s+(?:is|will\s+be|should\s+be|must\s+be)\s+(?P<chosen>⟨TECH⟩)(?:\s+v?\d[\w.]*(?:\s+lts)?)?(?:\s*(?:\+|and|with|/)\s*⟨TECH⟩)*\s*(?:[,.;]|$)"),
    ("mem.should_be_default", Memory, 3, NONE,
     r"\b(?P<chosen>[^,;.!?]{1,40}?)\s+(?P<m>should\s+be|must\s+be|will\s+be|becomes)\s+the\s+default\b"),
    ("dv.called", DecisionVerb, 3, NONE,
     r"\b(?P<m>(?:call|name)\s+(?:it|them|the\s+\w+)|to\s+be\s+(?:called|named))\s+(?:(?P<veto>a\s+(?:day|night|wrap)|quits|done|good|even|out|back|up|in|off)\b|\S)"),
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
     r"\b(?P<m>(?:use|reuse|keep|stick\s+with|go\s+with)\s+the\s+existing)\s+(?:(?P<veto>session|terminal|window|tab|shell|worktree|connection|process|pr|pull\s+request|chat|conversation|thread)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.need_support", DecisionVerb, 3, NONE,
     r"\b(?P<m>(?:we|it|this|the\s+\w+)\s+(?:need|needs|have|has|want|must)\s+to\s+(?:support|run\s+on|work\s+on|work|run|keep\s+(?:working|running)\s+on|keep\s+supporting)|must\s+(?:support|run\s+on|work\s+on|keep\s+(?:working|running)\s+on|keep\s+supporting))\s+(?:(?P<veto>either\s+way|anyway|regardless|properly|correctly|again|now|fine|better|first|well|right|perfectly|somehow|for\s+(?:me|us|now))\b|(?P<chosen>offline\b⟨NP⟩*|on\s+⟨NP⟩+|⟨NP⟩+))"),
    ("dv.scope_list", DecisionVerb, 3, NONE,
     r"\b(?:must|should|has\s+to|have\s+to|needs?\s+to|will\s+need\s+to)\s+(?:(?:be\s+able\s+to|also)\s+)?(?P<m>support|handle|accept|export(?:\s+(?:to|as))?|work\s+(?:on|with|in|for)|run\s+(?:on|in)|cover|target|talk\s+to)\s+(?:both\s+)?(?P<chosen>[^,.;!?]{1,40}(?:,\s*[^,.;!?]{1,40}){0,6},?\s+(?:and|&)\s+[^,.;!?]{1,40})"),
    ("mem.whenever", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|ok|okay|btw|oh\s+and)\W+)?(?P<m>whenever|every\s+time|each\s+time|any\s*time)\s+[^,;.!?]{3,80},\s*(?:please\s+|always\s+|also\s+|just\s+)?(?:make\s+sure|remember\s+to|don't|do\s+not|never|add|update|bump|write|pin|avoid|follow|include|document|note|mention|ask|tell|create|remove|delete|regenerate|rebuild|rerun|re-run|⟨VB⟩)\b"),
    ("mem.when_ing", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|ok|okay|btw|oh\s+and)\W+)?(?P<m>when|while)\s+(?:\w+ing)\b[^,;.!?]{0,80},\s*(?:please\s+|always\s+|also\s+|(?:you|we)\s+(?:\w+\s+)?always\s+)?(?:make\s+sure|remember\s+to|don't|do\s+not|never|add|update|bump|write|pin|avoid|follow|include|document|prefer|use|run|keep|put|stick\s+to)\b"),
    ("dv.we_should_keep", DecisionVerb, 3, KEEPS,
     r"\b(?:we|i)\s+(?:should|would\s+want\s+to|'d\s+want\s+to|want\s+to|need\s+to|have\s+to|must|will\s+want\s+to)\s+(?:still\s+|also\s+|just\s+)?(?P<m>keep|continue\s+(?:to|using|with)|preserve|retain|stick\s+(?:to|with)|stay\s+(?:on|with)|default\s+to|maintain\s+(?:backwards?|compatibility))\s+(?:(?P<veto>going|it\s+up|trying|working|looking|an\s+eye|in\s+mind|track|this\s+in\s+mind|that\s+in\s+mind)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.we_would_want", DecisionVerb, 2, NONE,
     r"\b(?:we|i)(?:\s+would|'d)\s+(?P<m>want|need)\s+(?:to\s+(?:include|support|store|expose|treat|show|record|capture|have)\b|the\b)"),
    ("mem.done_when", Memory, 3, NONE,
     r"\b(?P<m>(?:to|before\s+we)\s+(?:declare|call|consider|mark)\s+[^,.;!?]{1,40}?\s+(?:complete|completed|done|finished)|(?:is|are|counts\s+as)\s+(?:only\s+)?(?:done|complete|finished)\s+(?:when|once|if\s+and\s+only\s+if)|definition\s+of\s+done|acceptance\s+criteri(?:a|on)\s+(?:is|are)|(?:that's|that\s+is|is|are)\s+(?:the|our)\s+acceptance\s+criteri(?:a|on))\b"),
    ("dv.for_topic_use", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:and|ok|okay|so|also)\W+)?for\s+(?:(?P<veto>some\s+reason|now|the\s+moment|the\s+time\s+being|a\s+while|example|instance|today|this\s+(?:pr|task|test|run|one|time)|once|real|sure|what\s+it's\s+worth)\b|(?:the\s+|our\s+|all\s+|any\s+)?[\w\s./-]{2,30}?,\s*(?:let's\s+|we'll\s+|please\s+|just\s+|always\s+)?(?P<m>use|go\s+with|pick|stick\s+with|switch\s+to|we\s+use|we'll\s+use)\s+(?:(?P<veto2>whatever|anything|something|it|that|this)\b|(?P<chosen>⟨NP⟩+)))"),
    ("dv.do_it_with", DecisionVerb, 3, SELECTION,
     r"\b(?:we(?:'ll|\s+will)?|let's|lets)\s+(?:just\s+)?(?P<m>do|build|implement|handle)\s+(?:it|this|that|them|the\s+[\w\s-]{1,20}?)\s+(?:with|using|via|through)\s+(?:(?P<veto>you|me|him|her|them|care|caution)\b|(?P<chosen>⟨NP⟩+))"),
    ("mem.always_stored", Memory, 3, NONE,
     r"\b(?:are|is|must\s+be|should\s+be|get|gets)\s+(?P<m>always)\s+(?:stored|kept|written|formatted|serialized|encoded|named|logged|validated|rounded|sorted|compressed|encrypted|hashed|versioned|pinned|reviewed|typed|documented|prefixed|suffixed|quoted|escaped|sanitized|normalized)\b"),
    ("dv.make_default", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|let's|ok|okay|and)\s+)?(?P<m>make|set)\s+the\s+default\s+[\w\s-]{1,25}?\s+(?:(?:to|be)\s+(?P<chosen>[\w`.:/-]+)|(?P<chosen2>[\w`.:/-]*\d[\w`.:/-]*))\W*$"),
    ("mem.all_in", Memory, 3, NONE,
     r"^\W*(?P<m>all|every)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:in|as)\s+(?P<chosen>[\w`.:/+-]+(?:\s+[\w`.:/+-]+)?)(?:,?\s+(?:please|pls|always|everywhere))?(?:\W*$|\s*[,;—–]\s)"),
    ("dv.keep_in_not", DecisionVerb, 3, NONE,
     r"\b(?P<m>keep|put|store)\s+(?:the\s+|all\s+|our\s+)?[\w\s./-]{1,30}?\s+(?:in|under|inside)\s+(?P<chosen>(?:[^,;.!?]|\.\S){1,40}),\s*(?:and\s+|but\s+)?(?:not|never)\b"),
    ("dv.default_to", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>default\s+to)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.rather_first", DecisionVerb, 3, SELECTION,
     r"\b(?:i|we)(?:'d|\s+would)\s+(?:(?:honestly|really|much|just|actually|personally|definitely)\s+)?(?P<m>rather)\s+(?P<chosen>⟨NP⟩+)"),
    ("ban.were_never", Ban, 3, LASTS,
     r"\bwe(?:'re|\s+are)\s+(?P<m>never)\s+(?:(?P<veto>going|getting|seeing|hitting|having|making|finding|receiving|experiencing|running|asking|saying|talking|trying|looking|expecting|able|done|ready|sure|happy)\b|(?P<rejected>[\w-]+ing\b⟨NP⟩*))"),
    ("ban.not_anymore", Ban, 3, NONE,
     r"\b(?:we|i)(?:'re|\s+are|'m|\s+am)\s+(?P<m>not|never)\s+(?:(?P<veto>going|getting|seeing|hitting|having|making|finding|receiving|experiencing|running\s+into|asking|saying|talking|trying|looking|expecting|able|done|ready|sure|happy|working|feeling|sleeping)\b|(?P<rejected>[\w-]+ing\b[^.;!?]{0,80}?)\s+(?:ever\s+)?(?:again|anymore|any\s+more|any\s+longer)\b)"),
    ("ban.nothing_without", Ban, 3, NONE,
     r"\b(?:nothing|no\s+(?:code|pr|prs|change|changes|commit|commits|migration|migrations|release|feature|deploy|deploys|branch|dependency|dependencies))\s+(?P<m>gets\s+\w+|goes|lands|ships|merges|moves|is\s+(?:merged|deployed|released|shipped|committed|pushed|added)|may\s+\w+|can\s+\w+)\b[^.;!?]{0,50}?\b(?:without|unless|until|except\s+(?:through|via))\b"),
    ("ban.avoid_tech", Ban, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*|\b(?:and|please|pls|always|so|also|just)\s+)(?P<m>avoid)\s+(?:(?:using|adding|pulling\s+in|depending\s+on|introducing|importing)\s+(?:(?:a|an|another|any|more|new|extra)\s+)?)?(?P<rejected>⟨TECH⟩|[\w.-]+\s+(?:client|library|lib|dependency|dependencies|framework|package|crate|module|orm)|[\w.@/-]+)(?:\s*[,;]|\s*$|\.(?:\s|$)|\s+(?:and|since|because|as|we|it's|its|in|for|anywhere|entirely|altogether|everywhere)\b)"),
    ("dv.keep_state", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|actually|no|nah|just|please|pls|and|but|then|let's|lets|i'd|we'll)\W+){0,3}(?P<m>keep)\s+(?P<chosen>(?:the|our|all|this|that|these|those)\s+[\w`./-]+(?:\s+[\w`./-]+){0,3}?)\s+(?:in[- ]process|in[- ]memory|hand[- ]?written|hand[- ]rolled|server[- ]side|client[- ]side|(?:in|on)\s+the\s+(?:client|server|backend|frontend|browser|database|db|monorepo|same\s+(?:file|module|crate|package|repo|process|service))|local(?:[- ]only)?|synchronous|single[- ]threaded|separate|flat|as[- ]is|as\s+it\s+is|as\s+they\s+are|where\s+(?:it\s+is|they\s+are)|behind\s+a\s+(?:feature\s+)?flag|opt[- ]in|off\s+by\s+default|on\s+by\s+default|minimal|private|internal|stateless|immutable|read[- ]only)\b"),
    ("dv.tech_for", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:and|ok|okay|so|then|also|just|ah|hmm)\W+)?(?:(?P<veto>go|render|ray|lit|ent|spark|black|emotion|unity|express|next|remix|d3|zap|rust)\s+for|(?P<chosen>⟨TECH⟩(?:\s+v?\d+(?:\.[\dx]+)*)?|snake_case|camelcase|camel\s+case|kebab-case|pascalcase|pascal\s+case|screaming_snake_case|tabs|single\s+quotes|double\s+quotes|utc|iso[- ]?8601|utf-?8|async(?:/await)?|type\s+hints|strict\s+types|named\s+exports|absolute\s+imports|early\s+returns|dataclasses|structured\s+logging|integer\s+cents|uuids?|ulids?)\s+(?P<m>for|everywhere|across\s+the\s+board|throughout)\b(?:\s+(?:the\s+|all\s+|our\s+|every\s+|any\s+)?(?:[\w`./-]+\s+){0,3}?[\w`./-]+)?\s*(?:[,;.]|$|\s+(?:and|but|since|because|as|—|-)\s))"),
    // a technology said as what a part is, or will be, done with: "auth
    // via clerk", "logging via pino, json output", "we'll deploy on
    // fly.io", "we're deploying this on fly.io", "the bot should be
    // python with discord.py" (one rule, so that the names are compiled
    // once; a bug report goes on: "the build with vite fails")
    ("dv.tech_named", DecisionVerb, 3, SELECTION,
     r"(?:^\W*(?:(?:and|ok|okay|so|then|also|just)\W+)?(?:the\s+|our\s+)?(?:auth|authentication|authn|authz|authori[sz]ation|login|sign[- ]?in|sessions?|logging|logs|db|database|persistence|storage|file\s+storage|cache|caching|deploys?|deployment|hosting|styling|styles|css|state(?:\s+management)?|data\s+fetching|tests|testing|unit\s+tests|e2e(?:\s+tests)?|integration\s+tests|validation|schemas?|routing|queues?|background\s+jobs|jobs|workers|search|payments?|billing|e?mails?|ci|ci/cd|monitoring|metrics|tracing|observability|analytics|error\s+tracking|i18n|translations|orm|migrations|forms|charts|icons|ui(?:\s+components)?|animations?|bundling|linting|formatting|package\s+manager|infra|iac|containers|orchestration|secrets|config|notifications|realtime|real-time|uploads|http\s+client|api\s+client|rpc|messaging|pub/?sub|scheduling|docs|documentation|feature\s+flags|embeddings|vector\s+(?:store|db|search)|frontend|backend|server|api|cli|gui|desktop\s+app|mobile(?:\s+app)?|dashboard|admin(?:\s+panel)?|templating|scraping)\s+(?P<m>via|through|using|with|on|in|=|->|→|handled\s+by)|\bwe(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to|'re\s+gonna|\s+are\s+gonna|\s+shall)\s+(?:just\s+|only\s+|always\s+)?(?P<m2>deploy|host|run|ship|build|write|store|persist|serve|test|log|cache|publish|release|package|distribute|bundle|manage|handle|do)(?:\s+(?:it|this|that|them|everything|the\s+[\w-]+(?:\s+[\w-]+)?|[\w-]+))?\s+(?:on|to|with|in|using|via|through)|\bwe(?:'re|\s+are)\s+(?:just\s+|only\s+)?(?P<m3>deploying|hosting|building|writing|running|shipping|storing|using|going\s+with|standardi[sz]ing\s+on|moving\s+to|switching\s+to|migrating\s+to)(?:\s+(?:it|this|that|them|everything|the\s+[\w-]+(?:\s+[\w-]+)?))?(?:\s+(?:on|to|with|in|using|via|through))?|\b(?:should|must|shall|has\s+to|needs\s+to|is\s+going\s+to|will)\s+(?P<m4>be)(?:\s+(?:written|built|done|implemented)\s+(?:in|with))?(?:\s+(?:an?|in))?|(?:^\W*|[:;,—–]\s*|\b(?:and|so|also|here|btw|fyi|remember|note)\s+)we(?:'re|\s+are)?\s+(?:always\s+|only\s+|just\s+)?(?P<m5>use|using)|\b(?:new|all|every|each|any|future)\s+(?:[\w-]+\s+){0,3}?(?:get|gets|are|is|will\s+be|should\s+be|must\s+be)\s+(?:always\s+)?(?P<m6>written|built|done|implemented|made|coded|developed|rewritten)\s+(?:in|with|using|on)|\b(?:i|we)\s+(?:really\s+|just\s+)?(?:want|need|'d\s+like|would\s+like)\s+(?:a|an)\s+(?:[\w-]+\s+){0,3}?(?:service|api|app|application|cli|tool|bot|server|backend|frontend|website|site|library|lib|script|dashboard|game|extension|plugin|microservice|worker|sdk|client|crate|package)\s+(?:written\s+|built\s+|done\s+)?(?P<m7>in|with|using|on))\s+(?P<chosen>⟨TECH⟩)(?:\s+v?\d+(?:\.[\dx]+)*)?(?:\s+(?:with|and|on|\+)\s+[\w.+#/-]+)?(?:\s*(?:[,;.!(—–-]|$)|\s+(?:and|but|since|because|as|for|with|only|please|pls|hosted|running|so|not|on|in|to|from|now|today|tomorrow|instead|then|too|behind|via|using)\b)"),
    // "the cli binary should be called `fz`": a name fixed
    ("mem.should_be_called", Memory, 3, NONE,
     r"\b(?:should|must|shall|will|needs?\s+to|has\s+to|is\s+going\s+to)\s+be\s+(?P<m>called|named|renamed\s+to)\s+(?P<chosen>`[^`\n]{1,60}`|\x22[^\x22\n]{1,60}\x22|[\w.-]*[_.-][\w.-]*[\w])"),
    // "one component per file": a layout rule
    ("mem.one_per", Memory, 3, NONE,
     r"^\W*(?:(?:and|ok|okay|so|also|then|just|always)\W+)?(?:one|a\s+single|1)\s+(?P<chosen>[\w-]+(?:\s+[\w-]+)?)\s+(?P<m>per)\s+(?:file|module|package|folder|directory|crate|service|route|page|test|class|function|pr|commit|table|endpoint|component|feature|screen)\b\s*(?:[,;.!]|$)"),
    // "snake_case in the db, camelCase in the json api": a case per layer
    ("mem.case_in", Memory, 3, NONE,
     r"^\W*(?:(?:and|ok|okay|so|also|then|just|always)\W+)?(?P<chosen>snake_case|camelcase|camel\s+case|kebab-case|pascalcase|pascal\s+case|screaming_snake_case)\s+(?P<m>in|on|inside|for)\s+(?:the\s+)?[\w./-]+"),
    // "lets do cursor pagination", "let's go for a monorepo": a design
    // named by its kind (not "let's do the refactor", "let's do it")
    ("dv.lets_do_design", DecisionVerb, 3, SELECTION,
     r"\b(?:let's|lets|let\s+us)\s+(?:just\s+)?(?P<m>do|go\s+for|go\s+with|have|build)\s+(?P<chosen>(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:pagination|rendering|caching|auth|authentication|storage|deploys?|deployment|routing|validation|versioning|migrations?|deletes?|updates?|loading|polling|streaming|batching|sharding|partitioning|replication|architecture|monorepo|microservices|monolith|approach|pattern|strategy))\b\s*(?:[,;.!—–-]|$|\s+(?:and|but|since|because|as|for|with|then|instead|please|pls)\b)"),
    // "make the worker idempotent, jobs will get retried": a property the
    // design must have
    ("dv.make_property", DecisionVerb, 3, NONE,
     r"^\W*(?:(?:ok|okay|so|and|also|please|pls|then|just|always)\W+)*(?P<m>make)\s+(?:sure\s+)?(?:the\s+|all\s+(?:the\s+)?|every\s+|each\s+|our\s+)?(?P<chosen>[\w`./-]+(?:\s+[\w`./-]+){0,2}?)\s+(?:(?:is|are)\s+)?(?:idempotent|stateless|immutable|thread[- ]safe|deterministic|pure|backwards?[- ]compatible|framework[- ]agnostic|offline[- ]first|mobile[- ]first|type[- ]safe|async|non[- ]blocking|cancell?able|retryable|resumable|atomic|transactional)\b"),
    // "pin all dependency versions exactly": a versioning rule
    ("dv.pin_all", DecisionVerb, 3, NONE,
     r"^\W*(?:(?:ok|okay|so|and|also|please|pls|then|just|always)\W+)*(?P<m>pin)\s+(?:all\s+)?(?:the\s+|our\s+)?(?:dependency\s+versions|dependencies|deps|versions|packages|crates|actions|images|base\s+images)\b"),
    // "we only care about chrome and firefox", "safari isn't a target": the
    // scope said
    ("mem.scope_only", Memory, 3, NONE,
     r"(?:\bwe\s+only\s+(?P<m>care\s+about|need\s+to\s+support|support|target|ship\s+(?:to|for|on))\s+(?P<chosen>[^,;.!?]{2,60})|\b(?:(?P<veto>it|this|that|which|what|there|he|she|they|these|those)|(?P<rejected>[\w.+#-]+))\s+(?:(?:isn't|isnt|is\s+not|aren't|are\s+not)\s+(?:a\s+)?(?P<m2>(?:supported\s+)?targets?|in\s+scope)|(?:is|are)\s+(?P<m3>out\s+of\s+scope))\b)"),
    // "it only needs to run on linux", "it has to work offline": the
    // platforms in scope
    ("mem.runs_on_scope", Memory, 3, NONE,
     r"\b(?:only\s+)?(?:needs?|has|have)\s+to\s+(?P<m>run|work|be\s+usable)\s+(?:only\s+)?(?:(?:on|under|in)\s+(?P<chosen>linux|macos|mac|windows|ios|android|the\s+browser|mobile|desktop|arm64|raspberry\s+pi)\b|offline\b)"),
    // "we ship English and Japanese from the first release", "support
    // chrome, firefox and safari": the members of a closed set in scope
    ("mem.set_scope", Memory, 3, NONE,
     r"\b(?P<m>ship|ships|shipping|support|supports|supporting|available\s+in|locali[sz]ed\s+(?:in|into|for)|offered\s+in|target|targets|targeting|consider|be\s+in)\s+(?:both\s+)?(?:the\s+)?(?P<chosen>⟨SET⟩(?:\s*(?:,|/)\s*(?:and\s+)?⟨SET⟩)*\s*,?\s*(?:and|&|\+|as\s+well\s+as|plus)\s+⟨SET⟩)\b"),
    // "english only, no i18n", "ios only for launch": one member of a
    // closed set, alone
    ("mem.set_only", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|ok|okay|just|please|pls)\W+)*(?P<chosen>⟨SET⟩(?:\s*(?:/|\+|and)\s*⟨SET⟩)?)(?:\s+(?:ui|app|builds?|release|version|support|users))?\s+(?P<m>only)\b\s*(?:[,.;:!—–-]|$|(?:for|in|at|please|pls)\b)"),
    // "this will be a monorepo", "we keep the monolith", "going serverless
    // for the thumbnailer": the shape the product is built as
    ("dv.arch", DecisionVerb, 3, NONE,
     r"(?:\b(?:will\s+be|is\s+going\s+to\s+be|should\s+be|must\s+be|has\s+to\s+be|needs\s+to\s+be|stays?|remains?|make\s+it|keep|keeping|going|go|stick\s+with|stay\s+with|stay|build\s+(?:it|this|them)\s+as)\s+(?:a\s+|an\s+|the\s+|our\s+|one\s+)?(?:(?:single|simple|small|fully|pure|purely|plain|proper)\s+)?(?P<chosen>⟨ARCH⟩)\b|\b(?:should|must|needs?\s+to|has\s+to|have\s+to)\s+be\s+(?P<m>versioned)\b)"),
    // "errors should be returned, not thrown": a rule put as its two ways
    ("rej.modal_not", Rejection, 3, NONE,
     r"\b(?:[\w-]+s|we|(?:all|every|each|any)\s+[\w-]+)\s+(?:should|must|need\s+to|have\s+to|are\s+to)\s+(?:always\s+|only\s+)?(?:be\s+)?(?P<chosen>[\w`./-]+(?:\s+[\w`./-]+){0,2})\s*,\s*(?P<m>not)\s+(?P<rejected>[\w`./-]+(?:\s+[\w`./-]+){0,2})"),
    // "postgres row level security for tenant isolation, not app level
    // where clauses": a technology set against another, with no verb
    ("rej.tech_not", Rejection, 3, NONE,
     r"^\W*(?:(?:and|also|so|ok|okay|just|then)\W+)*(?:(?P<veto>⟨TECH⟩(?:\s+[\w-]+){0,4}?\s+(?:is|are|was|were|works|worked|fails|failed|runs|ran|breaks|broke|crashes|crashed|doesn't|doesnt|does|did|has|had|returns|throws|shows|gives|seems|looks|keeps|gets|got|can|could|will|would)\b)|(?P<chosen>⟨TECH⟩)(?:\s+[\w-]+){0,6}\s*,\s*(?P<m>not)\s+(?P<rejected>[\w`./-]+(?:\s+[\w`./-]+){0,3}))"),
    // "python 3.11 minimum", "node 20+": a version floor
    ("mem.version_floor", Memory, 3, NONE,
     r"(?:\b(?P<chosen>⟨TECH⟩\s+v?\d+(?:\.\d+)*)\s*(?P<m>\+(?:\s*(?:[,.;:)!]|$)|\s+(?:only|required|is\s+required))|or\s+(?:newer|later|higher|above)|minimum|min|at\s+minimum|and\s+(?:up|above|newer|later))(?:\W|$)|\b(?P<m2>minimum|min)\s+(?:version\s+)?(?:is\s+)?(?P<chosen2>⟨TECH⟩\s+v?\d+(?:\.\d+)*))"),
    // "…, that's the rule for all outbound integrations"
    ("mem.thats_the_rule", Memory, 3, NONE,
     r"\b(?:that's|thats|that\s+is|this\s+is)\s+(?P<m>the\s+(?:rule|convention|standard|policy))\b(?:\s+(?:for|from\s+now|going\s+forward|here|everywhere)|\s*[.!]|\s*$)"),
    // "let's target the furthest enemy instead of the closest": any work
    // verb after "let's", with what it replaces
    ("rej.lets_instead_of", Rejection, 3, SELECTION,
     r"\b(?:let's|lets|let\s+us)\s+(?:just\s+|also\s+|now\s+)?(?:(?P<veto>see|think|talk|discuss|figure|try|look|check|wait|revisit|consider|brainstorm|explore|investigate|debug|start|continue|pause|focus|get|go|do|not|be)\b|(?P<m>[a-z]+))\s+(?P<chosen>⟨NP⟩+?)\s+instead\s+of\s+(?P<rejected>⟨NP⟩+)"),
    // "no, keep them separate": the current shape kept, against a merge or
    // a split put to the person
    ("dv.keep_them_shape", DecisionVerb, 3, SELECTION | KEEPS | HANDLE,
     r"^\W*(?:(?:no|nah|nope|ok|okay|yes|yeah|so|just|actually|i'd|let's|lets)\W+){0,2}(?P<m>keep)\s+(?:them|it|those|these|both|the\s+two)\s+(?P<chosen>separate|apart|split|together|merged|combined|as\s+(?:is|they\s+are|it\s+is))\b"),
    // "so keep the fixed 2s delay for this client": the current choice kept
    ("dv.keep_current", DecisionVerb, 3, SELECTION | KEEPS,
     r"(?:^\W*|[,;:—–]\s*|\b(?:so|then|just|and|but|please|pls|i'd|we'll|let's|lets)\s+)(?P<m>keep)\s+(?P<chosen>(?:the|our)\s+(?:current|existing|old|fixed|same|original|static|manual|local|default|simple|plain|flat|single|legacy|hardcoded|hand[- ]written|sync|synchronous)\s+[\w.-]+(?:\s+[\w.-]+)?)\s*(?:[,;.!—–]|$|\s+(?:for|in|on|as|and|since|because|here|there|then|instead)\b)"),
    ("mem.goes_through", Memory, 3, NONE,
     r"\b(?:all|every|each|any)\s+(?:[\w`./-]+\s+){0,3}?(?P<m>goes|go|must\s+go|should\s+go|has\s+to\s+go|have\s+to\s+go|passes|pass|is\s+routed|are\s+routed|runs|run)\s+(?:only\s+)?through\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.x_over_y", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|fine|then|and|also|yeah|yes|nah|no|hmm|ok\s+so)\W+)*(?:(?P<veto>go|look|hand|take|read|think|run|move|roll|pass|check|skim|fall|get|come|turn|hover|click|copy|carry|bring|send|port|sync|paste|write|it|that|this|game|all|everything|i|we|you|they|one|two|three|just|well|stuff|things)\s+over|(?P<veto3>[\w.+#-]+\s+(?:sent|send|sends|handed|passed|took|came|moved|turned|went|got|looked|ran|carried|brought|copied|ported|synced|pasted|thought|talked|fell|mailed|forwarded))\s+over\b|(?P<chosen>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?P<m>over)\s+(?P<rejected>[\w.+#-]+(?:\s+[\w.+#-]+)?)(?:\s*[,;.]|\s*$|\s+(?:for|in|on|since|because|as|pls|please|here|everywhere)\b))"),
    ("dv.pin_version", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|and|also|please|pls|let's|lets|just)\W+)*(?P<m>pin)\s+(?P<chosen>[\w.@/-]+(?:\s+[\w.@/-]+)?)\s+(?:to|at|==|@)\s*v?\d+(?:\.\d+)+"),
    ("mem.lives_at_path", Memory, 3, NONE,
     r"^\W*(?:the\s+|our\s+|all\s+|every\s+)?(?:(?P<veto>bug|bugs|issue|problem|error|crash|leak|regression|it|that|this|he|she|they|i|we|you)\s|[\w\s.-]{1,25}?\s+)(?P<m>lives?|belongs?|goes|should\s+live|must\s+live|should\s+go|must\s+go)\s+(?:only\s+)?(?:in|under|inside)\s+(?P<chosen>`[^`]*`|[\w./~-]*[/.][\w./~-]*|the\s+[\w-]+\s+(?:folder|dir|directory|crate|package|module|repo|layer))"),
    ("dv.move_to_tech", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so|and|also|please|pls|let's|lets|we\s+should|i\s+want\s+to|time\s+to)\W+)*(?P<m>move|migrate|switch|convert|(?:we're|we\s+are|we'll\s+be|i'm)\s+(?:moving|migrating|switching|converting))\s+(?:the\s+|our\s+|all\s+(?:the\s+|of\s+the\s+)?|everything\s+)?(?:[\w+&/-]+\s+){0,3}?(?:over\s+)?(?:to|in|onto|into)\s+(?:(?:presigned|managed|hosted|serverless|self-hosted|native|plain|vanilla|async)\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("dv.a_x_shop", DecisionVerb, 3, SELECTION,
     r"\bwe(?:'re|\s+are)\s+(?:an?\s+)?(?P<chosen>[\w.+#-]+)\s+(?P<m>shop|house)\b"),
    ("dv.make_x_the", DecisionVerb, 3, SELECTION,
     r"\b(?:let's\s+|lets\s+|we'll\s+|we\s+should\s+)?(?P<m>make)\s+(?P<chosen>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:the|our)\s+(?:default|backbone|standard|source\s+of\s+truth|single\s+source\s+of\s+truth|primary|canonical|official|go-to)\b"),
    ("mem.only_ever", Memory, 3, NONE,
     r"(?:^\W*(?:(?:and|also|so|please|pls)\W+)?|\b(?:we|you)\s+)(?P<m>only\s+ever)\s+(?P<chosen>⟨NP⟩+)"),
    ("dv.x_only_in", DecisionVerb, 3, SELECTION,
     r"(?:^|[,;:]\s*)(?:(?P<veto>it|this|that|happens|fails|crashes|breaks|works|occurs|shows|appears|runs|exists|reproduces|flakes|passes|times\s+out|and|but)\s+only|(?P<chosen>[\w.+#-]+)\s+(?P<m>only)\s+in\s+(?:the\s+)?(?:binary|binaries|bin|tests?|cli|lib|library|crate|main|frontend|backend|server|client|dev|prod|production|ci|examples?|scripts?|[\w-]+/))"),
    ("dv.plan_stack", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:ok|okay|so)\W+)*(?:the\s+)?(?:[\w-]+\s+){0,2}?(?P<m>plan|stack|tech\s+stack|setup|architecture)\s*(?:is)?\s*:\s*(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("dv.lean_on", DecisionVerb, 3, SELECTION,
     r"(?:^\W*|[,;:—–]\s*)(?:(?:just|instead|and|so|ok|then)\s+)*(?P<m>lean\s+on|build\s+on\s+top\s+of|piggyback\s+on)\s+(?:(?P<veto>me|it|that|this|them)\b|(?P<chosen>⟨NP⟩+))"),
    ("dv.for_x_its", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:and|ok|okay|so|also)\W+)?for\s+(?:(?P<veto>now|the\s+moment|the\s+time\s+being|a\s+while|example|instance|today|me|this\s+one)\b|(?:the\s+|our\s+|all\s+|any\s+)?[\w\s./-]{2,40}?,?\s+(?:it's|its|it\s+is|it'll\s+be|it\s+should\s+be|we're\s+using|we\s+use)\s+(?P<chosen>⟨TECH⟩)(?:\W|$))"),
    ("ban.banned_from", Ban, 3, NONE,
     r"(?:\b(?P<veto>i|we|you|he|she|they|account|user|ip|i'm|we're|you're)\s+(?:(?:was|were|got|am|are|is|get|been|have\s+been|has\s+been)\s+)?)?\b(?P<m>banned|forbidden|prohibited|not\s+allowed|off-limits|off\s+limits)\s+(?:from|in|inside|within)\s+(?:the\s+|our\s+|this\s+|any\s+)"),
    ("dv.verb_with_tech", DecisionVerb, 3, SELECTION | MAKES,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just|next|first|honestly)\W+)*(?:use|add|lint|format|store|deploy|host|wire\s+up|hook|log|cache|queue|test|validate|parse|serialize|render|style|package|bundle|containerize|monitor|trace|handle|implement|persist|send|publish|schedule|authenticate|rewrite|redo|set\s+up|setup|set|manage|type-?check|typecheck|do|write|generate|back|connect|integrate)\b(?:[^.;!?]|\.\w){0,80}?\b(?P<m>with|using|via|through|backed\s+by|powered\s+by|on\s+top\s+of|up\s+to)\s+(?:an?\s+|the\s+)?@?(?:(?P<veto>(?:same|new|right|correct|existing|other|that|this|whole|old|official|latest|current|my|our|your)\s+(?:\w+\s+)?(?:package|library|lib|sdk|framework|crate|gem|plugin)\b)|(?P<chosen>⟨TECH⟩|@?[\w.+#/-]+(?:\s+[+&]?\s*@?[\w.+#/-]+){0,3}?\s+(?:npm\s+|python\s+|go\s+|rust\s+)?(?:package|library|lib|sdk|framework|crate|gem|plugin)))(?:\W|$)"),
    // "use a token bucket in redis", "store the sessions in postgres": where
    // a thing is kept, named by its technology
    ("dv.keep_in_tech", DecisionVerb, 3, SELECTION | MAKES,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just|next|first|let's|lets|honestly)\W+)*(?:use|store|cache|persist|queue|keep|put|track|model|save)\b(?:[^.;!?]|\.\w){1,60}?\b(?P<m>in|into|on)\s+(?:an?\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("dv.wire_up_tech", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just|next|first)\W+)*(?P<m>wire\s+up|hook\s+up|plug\s+in|set\s+up|setup|add|integrate|bring\s+in|introduce|install\s+and\s+configure|configure)\s+(?P<chosen>⟨TECH⟩)\s+(?:(?:to|into|in)\s+(?:the|our|this|both)\s|for|as|to\s+(?:handle|do|manage|run|track|serve|store))\b"),
    ("dv.store_in_tech", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just)\W+)*(?:(?P<veto>(?:store|log|cache|save|keep)\b(?:[^.;!?]|\.\w){0,60}?\bso\s+(?:that\s+)?(?:we|i|you|they|it|people)\s+can\b)|(?:store|deploy|host|log|persist|publish|cache|queue|package|bundle|containerize|ship|put|keep|save|upload|push\s+(?:the\s+)?(?:images?|artifacts?|logs?|metrics|events))\b(?:[^.;!?]|\.\w){0,60}?\b(?P<m>in|on|to|into)\s+(?:an?\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$))"),
    ("dv.use_for", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just|yeah|yes|no|nah|instead|always)\W+)*(?P<m>use)\s+(?:(?P<veto>whatever|any(?:thing|one)?|something|it|this|that|them|the\s+same|your|what)\b|(?P<chosen>[^,;.!?]{1,40}?)\s+(?:for|as)\s+(?:(?P<veto2>now|the\s+moment|the\s+time\s+being|this|that|these|those|testing|debugging|the\s+test|a\s+(?:quick|test|sec|bit|while|moment)|today|it|them|reference|example|instance|inspiration|context|comparison|sure|me|us|you|free)\b|(?:all\s+|the\s+|our\s+|every\s+|any\s+|new\s+)?[\w-]+))"),
    ("rej.scrap_idea", Rejection, 3, NONE,
     r"(?:^\W*|[,;:—–]\s*)(?:(?:ok|okay|so|nah|no|actually|hmm|let's|lets|just|yeah)\W+)*(?P<m>scrap|ditch|drop|kill|forget|abandon|shelve|nix|bin|skip)\s+(?P<rejected>(?:the|that|this|your|my)\s+(?:[\w.+#/-]+\s+){0,3}?(?:idea|approach|plan|route|option|design|proposal|suggestion|version|thing|stuff|split|rewrite|migration|abstraction|layer))\b"),
    ("dv.revert_to", DecisionVerb, 3, SELECTION,
     r"\b(?P<m>revert|go\s+back|roll\s+back|switch\s+back|return)\s+to\s+(?P<chosen>(?:the\s+|our\s+)?(?:old|previous|original|earlier|first|simple|simpler|initial|former)\s+(?:[\w-]+\s+){0,2}?(?:approach|version|design|way|implementation|setup|method|one|scheme|solution|structure|layout|behaviou?r))\b"),
    ("mem.all_stored_as", Memory, 3, NONE,
     r"(?:^\W*|:\s*)(?:all|every|each)\s+(?:[\w-]+\s+){0,3}?(?:are|is|get|gets|must\s+be|should\s+be|will\s+be)\s+(?:always\s+)?(?P<m>stored|kept|written|formatted|serialized|encoded|named|logged|represented|modeled|modelled|persisted|returned|sent|partitioned|keyed|sharded|bucketed|indexed|sorted|grouped)\s+(?:as|in|by)\s+(?P<chosen>⟨NP⟩+)"),
    ("mem.we_x_here", Memory, 3, NONE,
     r"\bwe\s+(?:always\s+|only\s+)?(?P<m>colocate|co-locate|use|write|name|prefix|suffix|keep|put|store|tag|squash|rebase|format|lint|test|deploy|version|pin|vendor|document|follow|prefer)\s+[^.;!?]{1,40}?\s+(?:here|in\s+this\s+(?:repo|codebase|project|team|house|shop))\b"),
    ("mem.priorities", Memory, 3, NONE,
     r"\b(?P<m>priorit(?:y|ies)|order\s+of\s+priority)\b[^.!?]{0,90}?:\s*[^.!?]{1,40}?\s+first\b"),
    ("dv.want_done_with", DecisionVerb, 3, SELECTION,
     r"\b(?:i|we)\s+(?:want|need|'d\s+like|would\s+like)\s+[^.;!?]{1,40}?\s+(?P<m>done|handled|implemented|built|written|managed|stored|deployed|tested)\s+(?:with|using|via|in|on)\s+(?P<chosen>[\w.+#/-]+)"),
    ("mem.names_should", Memory, 3, NONE,
     r"\b(?:branch|file|table|column|variable|function|class|component|commit|test|package|crate|module|env(?:ironment)?\s+var(?:iable)?|endpoint|route|tag|key|field|folder|directory|migration)\s+(?:names?|messages?|titles?)\s+(?P<m>should|must|have\s+to|need\s+to|will)\s+(?:always\s+)?(?:be|follow|use|start|end|look|include|match)\s+(?:(?P<veto>fine|ok|okay|good|correct|right|wrong|there|changed|updated|different|the\s+same)\b|\S)"),
    ("dv.lets_do_name", DecisionVerb, 3, SELECTION,
     r"\b(?:let's|lets|let\s+us)\s+(?:just\s+)?(?P<m>do|take|pick)\s+(?P<chosen>(?-i:[A-Z][A-Z0-9][\w.+#-]*|[A-Z][a-z0-9]+[A-Z][\w.+#-]*)|⟨TECH⟩)(?:\W|$)"),
    ("rej.drop_name", Rejection, 3, NONE,
     r"(?:^\W*|[,;:—–.]\s*)(?:(?:so|ok|okay|just|and|also|let's|lets)\W+)*(?P<m>drop|ditch|dump|rip\s+out|get\s+rid\s+of)\s+(?P<rejected>(?-i:[A-Z][\w.+#-]+)|⟨TECH⟩)(?:\s*[,;.]|\s*$|\s+(?:for|and|in\s+favou?r\s+of|from|entirely|completely|altogether)\b)"),
    ("dv.why_not", DecisionVerb, 3, SELECTION | ASKS,
     r"^\W*(?:(?:so|ok|okay|hmm+|but|and|actually|honestly)\W+)*(?P<m>why\s+not)\s+(?:just\s+|simply\s+)?(?:use\s+|go\s+with\s+|switch\s+to\s+|stick\s+with\s+)?(?:the\s+)?(?P<chosen>⟨TECH⟩|(?-i:[A-Z][\w.+#-]+)|[a-z][\w.+#]*[-.][\w.+#-]+)(?:\W|$)"),
    ("dv.first_later", DecisionVerb, 3, NONE,
     r"(?:\b(?P<m>first)\b[^.!?,]{1,60}|\b(?P<m2>first))\s*,\s*[^.!?]{1,40}?\b(?:later|can\s+wait|(?:in|for)\s+the\s+next\s+(?:release|version|sprint|milestone)|in\s+v\d)(?:\W|$)"),
    ("dv.we_would_want_all", DecisionVerb, 3, NONE,
     r"\b(?:we|i)(?:\s+would|'d)\s+(?P<m>want|need)\s+to\s+(?:include|support|store|expose|treat|show|record|capture|have|keep|export|create)\s+(?:all|every|each|both)\b"),
    ("dv.lets_lock", DecisionVerb, 3, SELECTION,
     r"\b(?:let's|lets|let\s+us|we\s+should)\s+(?P<m>lock(?:\s+in|\s+down)?|freeze|pin\s+down|settle)\s+(?:the|our)\s+[\w\s-]{1,30}?:\s*(?P<chosen>⟨NP⟩+)"),
    ("dv.tech_plus_tech", DecisionVerb, 3, SELECTION,
     r"^\W*(?P<chosen>⟨TECH⟩)\s*(?P<m>\+)\s*⟨TECH⟩(?:\s*\+\s*⟨TECH⟩)*\W*$"),
    ("mem.in_x_only", Memory, 3, NONE,
     r"\bin\s+(?P<chosen>[\w./-]+/|tests?|the\s+(?:tests?|binary|cli|ci|frontend|backend))\s+(?P<m>only)\b"),
    ("rej.overkill", Rejection, 3, NONE,
     r"(?:^\W*|[,;:—–.]\s*)(?:(?:nah|no|honestly|tbh|imo|i\s+think|ok|okay|so|hmm+)\W+)*(?P<rejected>⟨TECH⟩)\s+(?:is|'s|feels|seems|sounds|would\s+be)\s+(?:like\s+)?(?:way\s+|total\s+|complete\s+|massive\s+|a\s+bit\s+|kind\s+of\s+|kinda\s+|just\s+)?(?P<m>overkill|over-?engineered|over-?engineering|too\s+heavy|too\s+heavyweight|too\s+much)\b"),
    ("rej.not_moving_to", Rejection, 3, NONE,
     r"\bwe(?:'re|\s+are|'ll|\s+will)?\s+(?P<m>not|never)\s+(?:mov(?:e|ing)|switch(?:ing)?|migrat(?:e|ing)|go(?:ing)?|port(?:ing)?|upgrad(?:e|ing))\s+(?:over\s+)?to\s+(?P<rejected>⟨TECH⟩)(?:\W|$)"),
    ("dv.tech_is_enough", DecisionVerb, 3, SELECTION,
     r"(?:^\W*|[,;:—–.]\s*)(?:(?:nah|no|so|ok|okay|honestly|tbh|i\s+think|just)\W+)*(?P<chosen>(?:a\s+|an\s+|the\s+|plain\s+|simple\s+|just\s+)?[^.;!?,]{0,40}?\b⟨TECH⟩(?:\W[^.;!?,]{0,40}?)?)\s+(?:is|are|will\s+be|should\s+be|would\s+be)\s+(?:more\s+than\s+|totally\s+|perfectly\s+|plenty\s+|good\s+)?(?P<m>plenty|enough|sufficient|good\s+enough|all\s+we\s+need)\b"),
    ("mem.phase_scope", Memory, 2, NONE,
     r"\b(?P<m>for\s+(?:the\s+|this\s+|our\s+)?(?:mvp|v0|v1|poc|first\s+release|initial\s+release|first\s+launch|launch|beta|alpha|1\.0)|until\s+(?:the\s+)?(?:beta|launch|v1|ga|1\.0|we\s+(?:have|get)\s+(?:real\s+|actual\s+|paying\s+)?(?:users|customers|traffic)))\b"),
    ("mem.topic_colon", Memory, 3, NONE,
     r"^\W*(?:the\s+|our\s+)?(?P<m>(?:log(?:ging)?|date|time(?:stamp)?|output|response|error|commit(?:\s+message)?|branch|file|test|api|url|id|money|currency|column|table|env(?:ironment)?\s+var(?:iable)?)s?\s+(?:format|naming|style|conventions?|names|layout|policy|precedence|versioning)|naming(?:\s+conventions?)?|code\s+style|logging|(?:config|configuration|settings)\s+precedence|versioning|error\s+handling|supported\s+(?:platforms|browsers|versions|locales)|target\s+(?:browsers|platforms|os|devices|versions))(?:\s+(?:for|in|of|across)\s+[^:]{1,30})?\s*:\s+\S"),
    ("rej.out_of_scope", Rejection, 3, NONE,
     r"(?:^\W*|[,;:—–.]\s*)(?P<rejected>(?-i:[A-Z][\w.+#-]*)(?:\s+[\w.+#-]+)?|⟨TECH⟩|[a-z][\w+#]*\d[\w.+#-]*|[a-z][\w+#]*[-.][\w.+#-]+)\s+(?:is|are|stays?)\s+(?P<m>out\s+of\s+scope|not\s+in\s+scope|a\s+non-goal)\b"),
    ("mem.is_x_everywhere", Memory, 3, NONE,
     r"(?:^\W*|[,;:—–.]\s*)(?:(?P<veto>it|this|that|there|they|everything|something|nothing|stuff|the\s+(?:bug|error|issue|problem|warning))\s+|(?:the\s+|all\s+|our\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+)(?:is|are)\s+(?:(?P<veto2>broken|failing|missing|wrong|down|slow|crashing|flaky|buggy|used|duplicated|hardcoded|scattered|inconsistent|different|present|visible|showing)\b|[^.;!?]{1,40}?\s+(?P<m>everywhere|across\s+the\s+board|throughout\s+the\s+(?:codebase|app|project|repo|backend|frontend)))(?:\s*[—–:,;.]|\s*$)"),
    ("mem.at_every", Memory, 3, NONE,
     r"^\W*(?:(?:please|pls|ok|so|and|also|then|just)\W+)*[a-z]+\b[^.;!?]{0,40}?\b(?P<m>(?:at|in|on|for)\s+every)\s+(?:single\s+)?(?:package|module|layer|boundary|endpoint|handler|request|service|public\s+function|public\s+api|api\s+call|commit|pr|pull\s+request|push|release|migration)\b"),
    ("mem.anything_under", Memory, 3, NONE,
     r"\b(?:anything|everything|all\s+(?:code|files|changes))\s+(?:under|in|inside|touching)\s+(?:(?P<veto>here|there|it|this|that)\b|\S+)\s+(?P<m>needs|must|should|has\s+to|requires|gets|goes)\b"),
    ("dv.we_are_on", DecisionVerb, 3, SELECTION,
     r"(?:^\W*|[,;:—–.]\s*)(?:(?:no|nah|ok|okay|so)\W+)*we(?:'re|\s+are)\s+(?:already\s+)?(?P<m>on|using|standardi[sz]ed\s+on)\s+(?P<chosen>⟨TECH⟩|[a-z][\w.+#]*-[\w.+#-]+)(?:\W|$)"),
    ("dv.already_run_use_that", DecisionVerb, 3, SELECTION,
     r"\b(?:we|i)(?:'ve|\s+have)?\s+already\s+(?:run|have|got|use|pay\s+for|host|deploy)\s+(?:an?\s+|the\s+|our\s+)?(?P<chosen>⟨TECH⟩)(?:\s+[\w-]+){0,2}?(?:\s+(?:on|in|for|at)\s+⟨NP⟩*?)?\s*[,;—–]\s*(?:so\s+)?(?:just\s+)?(?P<m>use|reuse|go\s+with|stick\s+with|pick)\s+(?:that|it|this|those|them|one)\b"),
    ("dv.tech_since_we_run_it", DecisionVerb, 3, SELECTION,
     r"\b(?:in|on|with|via|using|use)\s+(?P<chosen>⟨TECH⟩)\s*,?\s+(?:since|because|as|cause|cuz)\s+we\s+(?P<m>already\s+(?:run|have|use|host)|(?:run|have|use|host)\s+it\s+already)\b"),
    // "amounts go in NUMERIC(20,8)", "scipy and matplotlib go in optional
    // extras": where a kind of thing goes, said of the kind (a plural or a
    // pair, no article), is the house rule
    ("mem.plural_goes_in", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|ok|okay|yes|yeah|then|btw)\W+)*(?:(?P<veto>the|a|an|this|that|these|those|it|its|they|we|you|i|my|our|your|which|what|there|here|things|stuff|all|every)\s+)?(?:[\w\[\]/.-]+\s+){0,2}?(?:[\w\[\]/.-]+\s+and\s+[\w\[\]/.-]+|[a-z][\w-]*[a-rt-z]s)\s+(?P<m>go|live|belong)\s+(?:in|into|under)\s+(?:(?P<veto2>circles|vain|there|here)\b|(?P<veto3>`[^`]*`|[\w./-]+\.[A-Za-z]{1,5})\W*$|(?P<chosen>⟨NP⟩+))"),
    // "ROUND_HALF_UP is what finance signed off on": the choice someone
    // with the say approved
    ("dv.is_what_signed_off", DecisionVerb, 3, SELECTION,
     r"\b(?:(?P<veto>that|this|it|which|what|here|there|he|she|who)|(?P<chosen>[\w./+#-]+(?:\s+[\w./+#-]+){0,2}))\s+is\s+what\s+(?:\w+\s+){0,3}?(?P<m>signed\s+off\s+on|agreed\s+(?:on|to)|approved|settled\s+on|standardi[sz]ed\s+on|mandated|wants)(?:\W|$)"),
    // "numpy is the only hard runtime dependency": a dependency policy
    ("mem.only_dependency", Memory, 3, NONE,
     r"\b(?:(?P<veto>that|this|it|which|what|here|there|who)|(?P<chosen>[\w./+#-]+))\s+(?:is|stays|remains)\s+the\s+only\s+(?:hard\s+|allowed\s+|required\s+|permitted\s+)?(?:runtime\s+|external\s+|third[- ]party\s+|non-dev\s+)?(?P<m>dependency|dep|library|package)\b"),
    // "have CI fail if regenerating it produces a diff": an acceptance rule
    ("mem.ci_fails_if", Memory, 3, NONE,
     r"\b(?:(?:have|make|let)\s+(?:the\s+)?(?:ci|build|pipeline|pre-commit|linter|check)\s+(?P<m>fail)|(?:ci|the\s+build|the\s+pipeline)\s+(?P<m2>should|must|has\s+to|needs\s+to)\s+fail|(?P<m3>fail)\s+(?:the\s+)?(?:ci|build|pipeline))\s+(?:if|when|whenever|on)\s+\S"),
    ("dv.stays_on", DecisionVerb, 3, SELECTION | KEEPS,
     r"\b(?P<m>stays?|remains?|keeps?\s+running)\s+(?:on|in|with)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("dv.i_said_use", DecisionVerb, 3, SELECTION,
     r"\b(?:i\s+(?:said|told\s+you|asked\s+you)|didn't\s+i\s+say)\s+(?:to\s+)?(?P<m>use|reuse|keep|stick\s+with|go\s+with)\s+(?P<chosen>⟨NP⟩+)"),
    ("mem.hard_requirement", Memory, 3, NONE,
     r"\b(?P<m>hard\s+(?:limit|requirement|constraint|rule)|non-?negotiable|(?:is|are)\s+a\s+(?:hard\s+)?requirement\s+(?:here|for\s+(?:us|this\s+(?:project|app|repo)))|(?:is|are)\s+a\s+requirement,\s+not)\b"),
    ("mem.has_to_stay", Memory, 3, NONE,
     r"\b(?:has|have|needs?)\s+to\s+(?P<m>stay|remain)\s+(?:under|below|within|in|on|inside)\s+\S"),
    ("mem.all_our_repos", Memory, 3, NONE,
     r"\b(?P<m>(?:in|across|for)\s+all\s+(?:of\s+)?our\s+(?:[\w-]+\s+)?(?:repos|repositories|services|projects|apps|codebases|packages|crates|microservices))\b"),
    ("dv.repo_uses", DecisionVerb, 3, SELECTION,
     r"\b(?:this|the|our)\s+(?:repo|project|codebase|monorepo|team|app|service|stack)\s+(?P<m>uses|is\s+on|runs\s+on|is\s+built\s+(?:on|with)|standardi[sz]es\s+on)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("ban.without_asking", Ban, 3, NONE,
     r"\b(?:don't|do\s+not|never|you\s+don't)\s+(?:\w+\s+){1,8}?(?P<m>without\s+(?:asking|checking\s+with\s+me|asking\s+me|my\s+(?:ok|okay|approval|go-ahead|permission)))\b"),
    ("mem.for_this_repo", Memory, 3, NONE,
     r"^\W*(?:(?P<veto_there>there|here|it|this|that|what|which)\s+(?:is|are)\b|(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+(?:is|are)\s+(?:(?P<veto>broken|failing|missing|wrong|down|slow|fine|ok|okay|different|present|there|not|no|none|empty|currently|still)\b|[^.;!?]{1,30}?\s+(?P<m>(?:for|in|across)\s+(?:this|the\s+whole|our)\s+(?:repo|codebase|project|monorepo))))\b"),
    ("mem.thats_how", Memory, 3, NONE,
     r"\b(?P<m>that's\s+how\s+(?:the\s+(?:whole|entire|rest\s+of\s+the)\s+|our\s+|this\s+)(?:codebase|code\s*base|repo|project|app|team|api|backend|frontend|service|library)\s+(?:works|does\s+it|is\s+(?:written|built|structured|done))|that's\s+how\s+we\s+do\s+(?:it|things)\s+(?:here|everywhere|in\s+this\s+(?:repo|codebase|project)))\b"),
    ("mem.apply_to_all", Memory, 3, NONE,
     r"\b(?:all|every|each)\s+[\w-]+,?\s+(?P<m>(?:both\s+)?(?:existing\s+and\s+new|new\s+and\s+existing|old\s+and\s+new|current\s+and\s+future|present\s+and\s+future))\b"),
    ("mem.follow_guidelines", Memory, 3, NONE,
     r"\b(?:should|must|has\s+to|have\s+to|needs?\s+to|will|always)\s+(?P<m>follow|stick\s+to|adhere\s+to|conform\s+to)\s+(?:the\s+)?(?P<chosen>[\w.-]+(?:\s+[\w.-]+)?)\s+(?:guidelines|conventions|style\s*guide|spec|rules|standard)\b"),
    ("dv.going_all_tech", DecisionVerb, 3, SELECTION,
     r"\b(?:we're|we\s+are|we'll|let's|lets|i'm)\s+(?:going\s+)?(?P<m>all[- ]in\s+(?:on|with)|all)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("mem.we_all_with", Memory, 3, NONE,
     r"\bwe\s+(?:now\s+|always\s+|only\s+)?(?P<m>generate|write|build|handle|manage|run|create|deploy|format|lint|bundle|package|host|store|serve|ship|version|migrate)\s+(?:all|every|each)\s+(?:of\s+)?(?:the\s+|our\s+)?(?:[\w-]+\s+){0,3}?(?:with|using|via|through|in|on)\s+(?P<chosen>⟨TECH⟩)(?:\W|$)(?:[^.!?]*?(?P<veto>\b(?:fail|fails|failing|broke|breaks|broken|crash|crashes|error|errors|slow|but)\b))?"),
    ("mem.every_x_gets", Memory, 3, NONE,
     r"(?:^\W*|[.;:]\s+|\s[—–]\s+)(?:(?:every|each|all)\s+(?:new\s+|list\s+|public\s+|api\s+|http\s+|rest\s+|db\s+|database\s+|background\s+)?(?:prs?|pull\s+requests?|migrations?|commits?|endpoints?|features?|releases?|tables?|services?|modules?|public\s+functions?|components?|packages?|crates?|handlers?|routes?|jobs?|changes?|bug\s*fix(?:es)?|api\s+changes?)|(?:prs|pull\s+requests|commits|migrations|releases|new\s+endpoints|new\s+features|bug\s*fixes))\s+(?P<m>gets?|needs?|must\s+have|has\s+to\s+have|have\s+to\s+have|requires?|should\s+have|comes?\s+with|ships?\s+with|must\s+include|should\s+include)\s+(?:a|an|its\s+own|their\s+own|at\s+least\s+one|tests?|docs?)\b"),
    ("mem.target_versions", Memory, 3, NONE,
     r"\b(?P<m>target(?:s|ing)?|support\s+matrix|supported\s+versions?|min(?:imum)?\s+(?:supported\s+)?versions?|we\s+support)\b[^.;!?\n]{0,40}?(?:\bis\b|\bare\b|:|\s)\s*[^.;!?\n]{0,30}?\d+(?:\.\d+)*\s*(?:\+|\s(?:through|to|and\s+(?:up|above|newer|later)|or\s+(?:newer|later|above|higher))\b)"),
    ("dv.matters_most", DecisionVerb, 3, SELECTION | ASKS,
     r"\b(?P<m>what\s+matters\s+(?:most|more)|the\s+(?:top\s+)?priority\s+(?:here\s+)?is|we\s+optimi[sz]e\s+for|optimi[sz]e\s+for)\b(?:\s+(?:to\s+me|to\s+us|here|for\s+us|for\s+me))*(?:\s+(?:is|are))?\s+(?P<chosen>[^,.;!?\n]{1,50}?),?\s+not\s+\w"),
    ("mem.precedence", Memory, 3, NONE,
     r"\b(?P<m>precedence|priority\s+order|order\s+of\s+precedence)\s+(?:is|:)\s+[\w\s.-]{1,30}?>\s*[\w\s.-]{1,30}?>"),
    ("mem.named_like", Memory, 3, NONE,
     r"\b(?:branches|files|tables|columns|commits|tags|topics|queues|buckets|env\s+vars|environment\s+variables|endpoints|routes|components|modules|packages|crates|tests|test\s+files|migrations|feature\s+flags|metrics|events)\s+(?:are|get)\s+(?:always\s+)?(?P<m>named|prefixed|suffixed|called)\s+(?:(?P<veto>wrong|wrongly|incorrectly|weird|weirdly|badly|inconsistently|differently|randomly)\b|\S)"),
    ("mem.every_x_logged", Memory, 3, NONE,
     r"\b(?:every|each|all)\s+(?:new\s+)?[\w-]+\s+(?:gets|get|is|are|must\s+be|should\s+be|has\s+to\s+be|have\s+to\s+be)\s+(?P<m>logged|tagged|reviewed|recorded|tracked|versioned|signed|documented|pinned|backed\s+up)\s+(?:to|in|with|by|on|through|via)\s+\S"),
    ("mem.all_comes_from", Memory, 3, NONE,
     r"\b(?:all|every|each|any)\s+(?:(?P<veto>of\s+(?:it|this|that|them|these|those))\b|(?:[\w-]+\s+){0,3}?(?P<m>comes?\s+from|must\s+come\s+from|should\s+come\s+from|lives?\s+in|belongs?\s+in)\s+(?P<chosen>⟨NP⟩+)(?:[^.!?]*?(?P<veto2>\b(?:slow|fails?|failing|broken|wrong|crash(?:es)?|errors?|missing|empty|null|undefined|why)\b))?)"),
    ("dv.rather_than", DecisionVerb, 3, SELECTION,
     r"\b(?:i'd\s+like\s+to|i\s+want\s+to|we\s+want\s+to|we'll|let's|lets|we\s+should|i'd\s+rather|i'd\s+prefer\s+to)\s+[^.;!?\n]{0,40}?\b(?:through|via|with|using|on|in)\s+(?P<chosen>[^,.;!?\n]{1,40}?)\s+(?P<m>rather\s+than)\s+(?P<rejected>[^,.;!?\n]{1,40})"),
    ("dv.make_go_through", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just)\W+)*(?P<m>make|have|route)\s+(?:the\s+|all\s+|our\s+)?[\w\s-]{1,30}?\s+(?:go|run)\s+through\s+(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    ("mem.path_scope", Memory, 2, NONE,
     r"\b(?:anything|everything|nothing)\s+(?P<m>under|inside|in|within|below)\s+(?:the\s+)?(?:`[^`]+`|[\w.-]*/[\w./-]*)(?:[^.!?]*?(?P<veto>\b(?:yet|for\s+now|today|tonight|this\s+time|until|right\s+now|in\s+this\s+(?:pr|task|change|commit|branch))\b))?"),
    ("mem.config_from_only", Memory, 3, NONE,
     r"\b(?:config(?:uration)?|settings|secrets|credentials)\s+(?P<m>comes?\s+from|is\s+read\s+from|are\s+read\s+from)\s+(?P<chosen>[^,.;!?\n]{1,40}?)\s+only\b"),
    // a named package added or used ("add NLog package(s) and nothing else")
    ("dv.add_package", DecisionVerb, 3, SELECTION,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|now|just|first)\W+)*(?P<m>add|install|use|include|pull\s+in|bring\s+in)\s+(?:the\s+)?(?:(?P<veto>missing|required|needed|necessary|same|other|following|relevant|correct|right|proper|new|latest|appropriate|any|all|these|those|this|that|it|them|your|my|our|a|an|some|more|extra|unused|whatever|needful)\b|(?P<chosen>[\w.@/+-]{2,40})\s+(?:nuget\s+|npm\s+|pip\s+|python\s+|composer\s+)?(?:packages?(?:\(s\))?|library|libraries|lib|crate|gem|dependency|module)\b)"),
    // a naming or style convention to follow ("follow camelCase", "follow PEP 8")
    ("mem.follow_convention", Memory, 3, NONE,
     r"^\W*(?:(?:please|pls|ok|okay|so|and|also|then|always|just)\W+)*(?P<m>follow|stick\s+to|adhere\s+to|use)\s+(?:the\s+)?(?P<chosen>camel\s*case|snake[_\s]case|pascal\s*case|kebab[-\s]case|screaming[_\s]snake[_\s]case|pep\s*-?\s*8|psr-?\d+|bem|conventional\s+commits|semver|semantic\s+versioning|airbnb(?:\s+style)?|google\s+style|standard\s*js)\b"),
    // "the bot must be written in python", "has to be built with vite"
    ("dv.must_be_built_in", DecisionVerb, 3, SELECTION,
     r"\b(?:must|should|has\s+to|have\s+to|needs\s+to|need\s+to|will)\s+be\s+(?P<m>written|built|implemented|developed|coded|made|done|rewritten|ported|deployed|hosted)\s+(?:in|with|using|on)\s+(?:an?\s+)?(?P<chosen>⟨TECH⟩)(?:\W|$)"),
    // "we dont want to use that directory format ever"
    ("ban.dont_want_ever", Ban, 3, LASTS,
     r"\b(?:we|i)\s+(?P<m>(?:don't|dont|do\s+not)\s+(?:ever\s+)?want|never\s+want)\s+(?:to\s+(?:use|see|have|add|touch|do|get)\s+)?(?P<rejected>(?:[^,.;!?]|\.\w){2,60}?)\s+(?:ever(?:\s+again)?|anymore|any\s+more|again)\b"),
    // "you should not be moving anything from the prototypes directory"
    ("ban.should_not_be_doing", Ban, 3, NONE,
     r"^\W*(?:(?:and|also|but|so)\W+)?(?:you|we)\s+(?P<m>should(?:n't|\s+not)|must(?:n't|\s+not)|are\s+not\s+supposed\s+to)\s+be\s+(?:(?P<veto>getting|seeing|having|receiving|hitting|running\s+into|worried|surprised)\b|(?P<rejected>\w+ing\s+(?:anything|any|things|stuff|files?|code|changes)\b[^,.;!?]{0,60}))"),
    // "we should not be placing passwords in the user file", "you shouldn't
    // hardcode the region": a standing practice turned down
    ("ban.should_not_practice", Ban, 3, NONE,
     r"\b(?:we|you)\s+(?P<m>should(?:n't|nt|\s+not)|must(?:n't|\s+not))\s+(?:ever\s+)?(?:be\s+)?(?P<rejected>(?:us(?:e|ing)|put(?:ting)?|plac(?:e|ing)|stor(?:e|ing)|commit(?:ting)?|push(?:ing)?|hard-?cod(?:e|ing)|log(?:ging)?|expos(?:e|ing)|upload(?:ing)?|ship(?:ping)?|check(?:ing)?\s+in|rely(?:ing)?\s+on|depend(?:ing)?\s+on|mix(?:ing)?|vendor(?:ing)?|import(?:ing)?)\b⟨NP⟩+)"),
    // "this should be treated as the top priority in all cases"
    ("mem.in_all_cases", Memory, 3, NONE,
     r"(?P<veto>\b(?:is|are|was|were|am|'re|'s)\s+always\s+\w+ing\b)|\b(?:should|must|has\s+to|have\s+to|needs?\s+to|always)\b[^.;!?]{0,80}?\b(?P<m>in\s+all\s+cases|in\s+every\s+case|at\s+all\s+times|no\s+matter\s+what|without\s+exception)\b"),
    // "no, that's too much": an offered change turned down
    ("rej.too_much", Rejection, 3, NONE,
     r"^\W*(?:no|nah|nope|hmm+)\W+(?P<m>(?:that's|that\s+is|it's|this\s+is)\s+(?:way\s+)?(?:too\s+much|overkill|too\s+complex|too\s+complicated|over-?engineered|not\s+what\s+i\s+(?:want|wanted|meant|asked\s+for)))"),
    // "do that for inventory too and every service after it"
    ("mem.same_for_every", Memory, 3, NONE,
     r"\b(?P<m>(?:do|apply|use|follow)\s+(?:that|this|it|the\s+same(?:\s+\w+)?))\b[^.;!?]{0,40}?\b(?:every|all|each)\s+(?:new\s+|other\s+|future\s+)?(?:service|module|package|file|component|endpoint|page|repo|project|table|model|test|crate|app|screen|route|handler|one)s?\b"),
    ("mem.use_unless_given", Memory, 3, NONE,
     r"^\W*(?:(?:please|pls|and|also|just|then|by\s+default)\W+)*(?P<m>use|default\s+to|fall\s+back\s+to)\s+(?:(?P<veto>it|this|that|them)\b|(?P<chosen>⟨NP⟩+?))\s+(?:if|when|whenever)\s+⟨NP⟩*?\b(?:is\s+not|isn't|are\s+not|aren't|was\s+not|wasn't)\s+(?:specified|set|provided|given|passed|defined|configured|supplied)\b"),
    ("mem.should_have_pattern", Memory, 3, NONE,
     r"\b(?:we|you|it|they|all\s+(?:the\s+)?\w+)\s+should\s+(?:have|use|follow|keep)\s+(?:the|a|this|one|that)\s+(?:same\s+)?(?:naming\s+)?(?P<m>pattern|convention|naming|structure|layout|format|scheme)\s*(?::|of\b|like\b)"),
    ("mem.there_should_not_be", Memory, 3, NONE,
     r"^\W*(?:(?:and|also|so|but)\W+)?there\s+(?P<m>should\s+(?:not|never)|shouldn't|must\s+(?:not|never)|mustn't)\s+be\s+(?:any\s+|a\s+|an\s+)?(?P<rejected>⟨NP⟩+?)\s+(?:if|when|whenever|unless|while|once)\b"),
    // ───────────────────────── action requests ─────────────────────────
    ("act.task", ActionRequest, 1, NONE,
     r"^\W*(?:(?:please|pls|plz|can\s+you|could\s+you|would\s+you|now|then|also|and|ok|okay|so|just|quickly)\W+)*(?P<m>add|fix|write|implement|create|scaffold|rename|port|update|refactor|remove|delete|run|rerun|re-run|bump|install|generate|build|deploy|commit|push|merge|revert|undo|check|test|debug|investigate|look\s+into|explain|show|tell|help|move|clean\s+up|split|extract|document|review|format|lint|set\s+up|make|change|convert|rewrite|optimi[sz]e|profile|benchmark|measure|find|search|open|close|squash|rebase|upgrade|downgrade|configure|enable|disable|wire\s+up|hook\s+up|skip|hardcode|put|mock|stub)\b(?:\s+(?P<veto>is|are|was|were|has|fails|failed|broke|keeps|seems|looks)\b)?"),
    ("act.polite", ActionRequest, 1, POLITE,
     r"\b(?P<m>can\s+you|could\s+you|would\s+you\s+mind|please|pls|plz)\b"),
];

/// [`TECH`] as it appears in a compiled table pattern (after
/// [`super::dialect::gate_classes`]).
pub(crate) fn tech_names_pattern() -> &'static str {
    static T: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    T.get_or_init(|| super::dialect::gate_classes(&super::dialect::expand_builtin(TECH)))
}

/// Expands the placeholders of a raw table pattern.
pub(crate) fn expand(p: &str) -> String {
    let p = p
        .replace("⟨TECH⟩", TECH)
        .replace("⟨NP⟩", NP)
        .replace("⟨VB⟩", VB)
        .replace("⟨BANVB⟩", BANVB)
        .replace("⟨WEVB⟩", WEVB)
        .replace("⟨SET⟩", SCOPE_SET)
        .replace("⟨ARCH⟩", ARCH);
    super::dialect::expand_builtin(&p)
}
