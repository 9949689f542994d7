//! Unit tests of the gate: one table-driven test per rule (positives and
//! negatives), plus prose extraction, sentence splitting, scoring, option
//! extraction, bans, checks, confirmations and robustness.

use super::dialect::WORD_CHARS;
use super::*;

fn gate() -> Gate {
    Gate::builtin()
}

/// The English table's cases and every other language's
/// (`lang/cases.rs`).
fn all_cases() -> impl Iterator<
    Item = &'static (
        &'static str,
        &'static [&'static str],
        &'static [&'static str],
    ),
> {
    RULE_CASES.iter().chain(super::lang::cases::CASES.iter())
}

/// The words of the option a decision picked, if it picked one.
fn chosen(e: &Evaluation) -> Option<String> {
    e.decision
        .as_ref()
        .and_then(|d| d.options.iter().find(|o| o.1).map(|o| o.0.clone()))
}

fn fires(g: &Gate, rule: &str, text: &str) -> bool {
    g.markers(text).iter().any(|m| m.rule_id == rule)
}

/// `(rule id, sentences it must fire on, sentences it must not fire on)`.
#[rustfmt::skip]
pub(super) const RULE_CASES: &[(&str, &[&str], &[&str])] = &[
    ("ban.were_never", &["we're never bundling the ML model in the wheel again", "we are never hand-editing generated files"], &["we're never going to finish this", "we're never getting a response from the api"]),
    ("ban.not_anymore", &["we are not shipping debug builds anymore", "i'm not approving PRs without tests any more"], &["we're not seeing the error anymore", "i'm not getting the timeout anymore", "we're not using it right now"]),
    ("ban.nothing_without", &["nothing gets merged to main without a review", "no migration ships unless it has a down step"], &["nothing gets printed", "nothing works without the flag?"]),
    ("ban.avoid_tech", &["avoid lodash, we have native methods now", "and avoid pulling in another http client"], &["to avoid confusion I renamed it", "avoid the crash on startup", "avoid the slow path when the cache is warm"]),
    ("dv.keep_state", &["Keep the parser hand-written.", "actually keep the cache in-process, skip sqlite entirely", "let's keep the retries in the client then"], &["keep the tests passing", "keep the server running while I test", "keep it simple"]),
    ("dv.tech_for", &["zod for runtime validation.", "vitest for unit tests, playwright for e2e", "snake_case for the json keys", "UTC everywhere"], &["go for it", "thanks for the fix", "rust for the win?"]),
    ("mem.goes_through", &["all db access goes through the `repo/` layer", "every request must go through the gateway"], &["it goes through the loop twice", "go through the code"]),
    ("dv.x_over_y", &["tailwind over styled-components for the marketing site pls", "composition over inheritance"], &["Product sent over this PRD, please implement it:", "go over the code", "hand over the keys", "game over", "it's over 9000"]),
    ("dv.pin_version", &["pin torch to 2.3.1 in requirements.txt", "pin node at 20.11"], &["pin the tab", "pin it to the top"]),
    ("mem.lives_at_path", &["config lives in `~/.config/tally/config.toml`", "shared types belong in packages/types", "db setup goes in `conftest.py` fixtures"], &["the bug lives in parser.rs", "my cat lives in the garage"]),
    ("mem.thats_how", &["errors are returned as Result, not thrown. that's how the whole codebase works", "that's how we do it here"], &["that's how I found the bug", "that's how the api works?", "so that's how it works"]),
    ("mem.apply_to_all", &["Apply that to all subcommands, existing and new.", "every service, current and future, logs to stdout"], &["apply the patch", "do the same for every endpoint", "all tests, existing ones too, are failing"]),
    ("mem.follow_guidelines", &["The CLI should follow the clig.dev guidelines", "new screens must follow the material guidelines"], &["follow the guidelines in the README to set it up", "it should follow the cursor"]),
    ("dv.going_all_tech", &["for iOS we're going all SwiftUI", "we're all in on Postgres"], &["we're all done", "we are going all out this sprint"]),
    ("mem.we_all_with", &["fyi we generate all queries with sqlc now", "we deploy every service with helm"], &["we run all tests with pytest but they fail", "we built all of it with love"]),
    ("mem.every_x_gets", &["every migration gets a down step", "PRs need a changelog entry under Unreleased", "each new endpoint must have an integration test"], &["every time I run it, it gets a timeout", "PRs are slow to review", "the migration needs a fix"]),
    ("mem.target_versions", &["target is android 8+ and ios 15+", "support matrix for the package is python 3.10 through 3.13", "we support node 18 and up"], &["target the div with id 3", "the target is 3 seconds away", "we support this"]),
    ("dv.matters_most", &["what matters most to me here is cold start time, not throughput", "optimize for readability, not speed", "the priority is correctness, not speed"], &["what matters most is that it works", "optimize the query"]),
    ("ban.kind_never_goes", &["and secrets never go in the task definition environment", "generated files must never get into git", "PII never goes outside the EU region"], &["it never goes to the handler", "the bug never goes away", "and it never gets to the server"]),
    ("rej.drop_tech_entirely", &["drop babel entirely, esbuild handles the rest", "ok remove redux completely"], &["drop the table entirely", "remove redux from this one file"]),
    ("rej.getting_rid_of", &["we're getting rid of MSTest in this solution", "we are finally dropping redis", "we're moving off heroku this quarter"], &["we're getting rid of the warnings", "we're dropping the old column", "are we dropping redis?"]),
    ("mem.house_default", &["that's our house default, individual queries can override", "it's the team convention here"], &["that's our house", "it's the default, right?"]),
    ("mem.precedence", &["config precedence is cli flags > env vars > config file > defaults"], &["precedence is confusing here", "operator precedence: a > b"]),
    ("mem.named_like", &["branches are named `<ticket>-<slug>`", "test files are suffixed `_test.go`"], &["the files are named wrong", "tables are named"]),
    ("mem.every_x_logged", &["every experiment gets logged to mlflow with the git sha", "each release is tagged in git with its version"], &["every request gets logged twice", "all errors are logged"]),
    ("mem.all_comes_from", &["all test data comes from pytest fixtures in conftest.py", "every config value lives in settings.py"], &["all of it comes from the api and it's slow", "where does all this come from"]),
    ("dv.rather_than", &["i'd like to do this through expo's push service rather than talking to FCM directly", "let's do it with a cron job rather than a queue"], &["it failed with a timeout rather than an error", "use the fast path rather than this"]),
    ("dv.make_go_through", &["make the feature flags go through unleash", "make all outbound email go through postmark"], &["make the tests go through", "make it run through the night"]),
    ("mem.path_scope", &["don't touch anything under `vendor/`", "nothing in migrations/ gets edited by hand"], &["don't change anything in src/ yet", "anything in there?", "look at everything under the hood", "write a script that goes through all the markdown files in docs/"]),
    ("mem.config_from_only", &["config comes from environment variables only, 12-factor style", "secrets are read from vault only"], &["config comes from the env", "where does the config come from only?"]),
    ("dv.move_to_tech", &["move the infra to terraform", "lets move all data fetching to tanstack query", "let's move dev + build to vite", "we're moving the pipeline to polars", "let's move uploads to presigned S3 URLs"], &["move the file to src/", "move the button to the left"]),
    ("dv.a_x_shop", &["we're a uv shop now", "we are a postgres house"], &["we're at the shop", "we are in the house"]),
    ("dv.make_x_the", &["let's make kafka the backbone for events", "make postgres the source of truth"], &["make the tests pass", "make it the same size"]),
    ("mem.only_ever", &["only ever deploy through the argo pipeline", "we only ever talk to the db through the repo layer"], &["it only ever happened once?", "I only ever saw it in staging"]),
    ("dv.x_only_in", &["error handling: thiserror enums in the lib crate, anyhow only in the binary", "mocks only in tests"], &["it happens only in prod", "the bug shows only in CI"]),
    ("dv.plan_stack", &["ok so the plan: sveltekit frontend, hono api", "stack: next + prisma + postgres"], &["the plan: fix the bug first", "plan: tomorrow"]),
    ("dv.lean_on", &["nah dont write a custom tokenizer, just lean on tree-sitter", "just lean on the browser's fetch"], &["you can lean on me", "lean on it"]),
    ("dv.for_x_its", &["for the plots in the paper its matplotlib", "for e2e it's playwright"], &["for now it's fine", "for the login page, it's broken"]),
    ("ban.banned_from", &["jquery is banned from the new frontend", "any is not allowed in the core package"], &["my account got banned", "I was banned from the forum?"]),
    ("dv.verb_with_tech", &["add rate limiting to the public API using redis, sliding window", "hook the signup form up to react-hook-form + zod", "write CRUD queries for vendors using the @Intuit + Quickbooks NPM Package", "set up an ai route using @vercel ai sdk"], &["add a test for the parser", "fix the bug with the redis client", "write the queries using the same package"]),
    ("dv.wire_up_tech", &["wire up sentry for error reporting in both apps", "add redis as a cache in front of the api"], &["add tests for the parser", "set up the repo for me"]),
    ("dv.store_in_tech", &["store the uploads in s3 and hand out presigned urls", "deploy the docs to github pages", "store the data in a sqlite database"], &["and log each retry at warning level so we can see in datadog how often it happens", "store the result in a variable", "deploy it to staging"]),
    ("dv.use_for", &["use the repository pattern for data access in the new orders module", "always use pino for logging"], &["use the staging db for this test", "use the logs for debugging", "use it for now"]),
    ("rej.scrap_idea", &["scrap the redis idea, postgres LISTEN/NOTIFY is enough", "nah, ditch the microservice split"], &["scrap that, I was wrong about the bug", "skip the tests"]),
    ("dv.revert_to", &["revert to the old approach with explicit invalidation calls", "go back to the previous design"], &["revert the last commit", "go back to the main branch"]),
    ("mem.all_stored_as", &["all monetary amounts are stored as integer cents", "all timestamps are stored in UTC in the database", "all the parquet output is partitioned by event_date and nothing else"], &["all files are stored", "the amount is stored as a float and it breaks"]),
    ("mem.we_x_here", &["We colocate tests here: foo.ts gets foo.test.ts next to it", "we squash merge in this repo"], &["we have a problem here", "we are here"]),
    ("mem.priorities", &["priorities for the ledger service: correctness first, then latency", "order of priority: security first, speed later"], &["priority: high", "what are the priorities first?"]),
    ("dv.want_done_with", &["I want i18n done with i18next", "we need the queue handled using SQS"], &["I want it done by friday", "I want this done"]),
    ("mem.names_should", &["branch names should be <type>/<ticket>-<slug>", "commit messages must follow conventional commits"], &["the file name should be fine?", "names should"]),
    ("dv.lets_do_name", &["Let's do SQS with a dead-letter queue per queue", "let's do SSE. we only need server to client"], &["let's do it", "let's do this properly"]),
    ("rej.drop_name", &["Drop SQLAlchemy for the sync module", "ok drop redis, we don't need it"], &["drop the table", "drop it"]),
    ("dv.keep_it_in", &["keep it a modular monolith", "just keep it in memory"], &["keep it a secret", "keep it in mind"]),
    ("dv.stack_is", &["deploy target is fly.io", "the docs site should be mkdocs-material"], &["the deploy target is down", "the docs are wrong"]),
    ("dv.why_not", &["why not just SQLite? it's a single user", "hmm why not use Postgres here", "why not just use vanilla-extract?"], &["why not?", "why not just ask them"]),
    ("dv.first_later", &["auth first, the admin dashboard can wait", "first the checkout flow, notifications later"], &["first of all, thanks", "first run the tests, then tell me"]),
    ("dv.we_would_want_all", &["i think we would want to include all sources related to a session", "we'd need to support every export format"], &["we would want to know", "would you want to include all of it?"]),
    ("dv.lets_lock", &["Let's lock the output format: JSONL, one record per line", "let's freeze the api: v1 only"], &["let's lock the door", "let's fix the bug: it crashes"]),
    ("dv.tech_plus_tech", &["sqlalchemy + alembic", "fastapi + postgres."], &["1 + 1", "redis + the thing we discussed?"]),
    ("mem.in_x_only", &["ignore E501 in tests/ only, keep it everywhere else", "mock the clock in tests only"], &["in theory only", "only in my dreams"]),
    ("dv.x_then_bare", &["throw then, silent ignore is worse than failing loud", "exceljs then"], &["fine then", "run it then", "ok then", "what then?", "ok leave it then, ill ask the ops team"]),
    ("dv.for_topic_use", &["For logging, use structlog.", "for the queue, let's use SQS"], &["for some reason it fails, use the logs", "for now, use whatever works"]),
    ("dv.do_it_with", &["ok, then we do it with websockets", "we'll do the auth with JWTs"], &["let's do this with you watching", "we'll handle it with care"]),
    ("mem.always_stored", &["Dates are always stored in UTC.", "ids must be always prefixed with the tenant"], &["the date is always wrong", "it always crashes"]),
    ("dv.make_default", &["make the default port 8080", "set the default timeout to 30s"], &["make the default test pass", "set the default"]),
    ("mem.all_in", &["all timestamps in UTC please", "all ids as strings"], &["all tests in the suite fail today", "all good"]),
    ("dv.keep_in_not", &["Let's keep the API keys in .env, never in code.", "store sessions in Redis, not in memory"], &["keep it in mind", "keep going in the meantime"]),
    ("dv.we_should_keep", &["i think we should continue to create the old export files for backwards compatibility", "we should keep the retries in the client"], &["we should keep going", "we need to keep an eye on memory"]),
    ("dv.we_would_want", &["i think we would want to include all sources related to a session", "we'd want the prompt of each skill if present"], &["would you want to include it?", "we would want to know"]),
    ("mem.done_when", &["run those to declare phase 6 complete", "a task is only done when the integration tests pass", "Target frame rate is 60 fps, and that's the acceptance criterion for every level."], &["the task is done", "when you're done, tell me"]),
    ("mem.whenever", &["Whenever you add an endpoint, add a test for it.", "every time the schema changes, regenerate the client"], &["whenever I run it, it crashes", "every time I open the app it logs me out"]),
    ("mem.when_ing", &["when adding dependencies, pin the exact version", "When writing migrations, make sure they are reversible", "When working on features, you must always use red/green/refactor TDD"], &["when running the tests, I get a timeout", "when loading the page, it flickers", "when running it, you always get a timeout?"]),
    ("dv.scope_list", &["the export must handle CSV, XLSX and JSON", "it needs to run on Linux, macOS and Windows"], &["it must handle errors", "you need to read the docs and tell me"]),
    // decision verbs
    ("dv.build_in", &["build a small CLI in Go that syncs a folder", "write the importer using pandas", "create a productrepository to connect with a mongodb", "rewrite dashboard.py as a page using chart.js", "starting a small tower defense in bevy", "build a small api w/ fastapi and sqlite that stores webhook payloads"], &["build it in the repo root", "write the tests in the same file", "rewrite main.py in the same style", "Please create a commit message for these changes (added basic testing framework with vitest)", "Review the plans starting with playwright"]),
    ("mem.same_for_every", &["do that for inventory too and every service after it", "apply the same pattern to all new endpoints"], &["do that for the inventory service", "apply it to this file"]),
    ("ban.dont_want_ever", &["we dont want to use that directory format ever, use the format the other tasks use", "I don't want to see console.log in commits again"], &["I don't want to wait forever", "we don't want that"]),
    ("ban.should_not_practice", &["I think we should not be placing the password in the user file we push to github", "you shouldn't hardcode the region in the lambdas", "we must not log request bodies"], &["you shouldn't be seeing that error", "should we not use redis here?", "we shouldn't have to restart it"]),
    ("ban.should_not_be_doing", &["you should not be moving anything from the prototypes directory. please undo that", "we shouldn't be committing files from dist"], &["you shouldn't be getting this error", "you should not be seeing that"]),
    ("mem.in_all_cases", &["failing tests should be treated as the top priority in all cases", "the API must return JSON at all times"], &["in all cases it crashed", "check all the cases", "the wheels are always spinning no matter what"]),
    ("rej.too_much", &["no, that's too much. instead, update the doc to include this info", "nah that's overkill"], &["no that's it", "that's too much text in the logs"]),
    ("dv.must_be_built_in", &["The bot must be written in python", "the docs site has to be built with astro"], &["the bot must be written by friday", "it has to be done in the next sprint"]),
    ("dv.add_package", &["add NLog package(s) and nothing else.", "please install the zod library for validation", "use the humanize package"], &["add the missing package", "install the required dependencies", "add a package.json script"]),
    ("mem.follow_convention", &["follow camelCase and add SKU and offers.", "stick to PEP 8", "use conventional commits"], &["follow the steps in the readme", "use the same case as the other file"]),
    ("dv.tech_artifact", &["write a python script that renames the files", "create a new React app for the admin", "initialize a bun typescript project for a CLI tool called minsky", "help me start an elixir/phoenix project with the below file structure"], &["I want a clean build of the tauri application", "write a script that renames the files"]),
    ("ban.hands_off", &["hands off the billing module", "stay away from the legacy folder"], &["hands on experience", "keep off topic"]),
    ("mem.after_each", &["commit after each task is done", "make sure to run the tests before every push"], &["commit after lunch", "test after"]),
    ("mem.goes_in", &["all new code goes in src/lib, not in main.rs", "every handler lives in api/handlers"], &["the code goes in there", "all is fine"]),
    ("rej.in_not_in", &["store the tokens in the keychain, not in a file", "put the config in toml, not in env vars"], &["in the file, not sure", "not in the mood", "That path is on my main machine, not in the container."]),
    ("dv.target_only", &["target node 20 only", "we only support chrome and firefox"], &["only target practice", "support only"]),
    ("mem.must_stay", &["the public npm package must stay zero-dependency", "keep the public api backwards compatible", "migrations must be reversible", "file permissions should be preserved from the input"], &["is it stable?", "keep going"]),
    ("dv.make_it_a", &["make it a single static binary", "this should be a cli"], &["make it work", "make it a bit faster"]),
    ("dv.stack_is", &["the frontend is react + vite, backend fastapi", "the database will be postgres."], &["the db is postgres and it keeps dropping", "the backend is slow"]),
    ("mem.should_be_default", &["dark mode should be the default", "UTC must be the default"], &["what is the default?", "should be fine"]),
    ("dv.called", &["i want the cli to be called ship", "call it memscribe"], &["call me later", "it was called twice"]),
    ("mem.like_the_others", &["use the repository pattern like the other services", "same as in the other repos"], &["like the other day", "same here"]),
    ("rej.drop_dep", &["drop the redis dependency, we dont need it", "remove the lodash dependency"], &["drop the table", "remove the file"]),
    ("dv.move_all_to", &["move everything to typescript", "migrate the whole codebase to python 3.12"], &["move everything to the left", "move it to the trash"]),
    ("dv.i_prefer", &["i prefer tabs", "we prefer small PRs"], &["which do you prefer?", "if i prefer"]),
    ("dv.we_deploy", &["we deploy with github actions to fly.io", "we host everything on aws"], &["we deploy tomorrow", "we run the tests"]),
    ("dv.should_use", &["this should use websockets for the live updates", "the importer should use streaming"], &["should this use websockets?", "it used to work"]),
    ("dv.goes_to_tech", &["errors go to sentry", "all logs should go to datadog"], &["go to the store", "goes to sleep"]),
    ("rej.x_not_y", &["add pagination to GET /users, cursor-based not offset", "pnpm not npm"], &["it's not offset", "that is not fine", "yes. servers not working", "wait, its api/handlers/orders.go not internal/orders.go", "ITS NOT ABOUT CACHING.", "thats not the cache", "Login screen not centered.", "the header not aligned"]),
    ("rej.none_of", &["none of those, move them into quarantine", "neither, just use the existing queue"], &["neither worked.", "none of those helped", "none of the tests pass", "I like neither", "i ran the migration, neither blind adjustment and chip adjustment worked"]),
    ("ban.never_here", &["floats never touch money in this codebase", "secrets never appear anywhere in logs"], &["it never finishes", "never mind"]),
    ("rej.prioritize", &["prioritize correctness over speed", "we care more about latency than throughput"], &["prioritize the backlog", "we care about you"]),
    ("dv.for_part_use", &["for the charts on the analytics page use recharts, its what the design system uses", "for auth, go with supabase"], &["for the tests use pytest to run them", "for now use the helper", "for this one use whatever"]),
    ("rej.in_tech_not_tech", &["actually lets do the mobile app in flutter not react native, the team knows dart", "write the worker in go, not rust"], &["the crash happens in react not django", "it works with sqlite not postgres"]),
    ("dv.use_named", &["add the export, use papaparse for the csv", "use zod for validation"], &["use it for now", "we use papaparse"]),
    ("mem.follow_standards", &["adhere to the standards in docs/STYLE.md", "follow the existing conventions"], &["follow the white rabbit", "the standards body"]),
    ("dv.use_existing", &["use the existing mailer", "reuse the existing retry helper"], &["use the new mailer", "the existing mailer is slow", "continue working on task 011, use the existing session"]),
    ("dv.need_support", &["we need to support linux, mac and windows", "it must run on python 3.9", "The electron app must keep working on Windows 10 and on macOS 12"], &["support told us to wait", "we need support here", "It has to work either way."]),
    ("dv.default_to", &["default to mem safe languages such as rust", "Default to UTC."], &["the default is UTC", "defaults are fine"]),
    ("dv.rather_first", &["I'd rather ship the CLI first", "we would rather keep the monolith"], &["I'd like that", "rather slow"]),
    ("ban.should_be_no", &["There should be no surrealdb or postgres for this.", "we want no new dependencies"], &["there should be a test", "no one wants that"]),
    ("mem.should_live_in", &["editor state should live in jotai atoms, one atom per panel", "fixtures must go in tests/fixtures", "rate limiting should live at the nginx ingress, not in the app"], &["it should live in there", "should go in the same place", "I never have to go in these debug loops again"]),
    ("dv.tech_only", &["tailwind only for styling in this repo", "we use pnpm only."], &["only tailwind classes changed", "is tailwind only a css thing?"]),
    ("dv.use_because", &["use sonner, we already have shadcn set up", "use luxon, it's already a dependency"], &["use it, we already did", "we use sonner, we already have it"]),
    ("dv.use_tech", &["use pnpm", "ok switch to vitest"], &["use pytest to run the tests", "use the helper"]),
    ("dv.to_use_instead", &["update the plan to use automerge-repo instead of cr-sqlite", "refactor the line items section to use that function instead of findItems()", "update the client to return the typed rows instead of raw json"], &["change it so it tries to return the rows instead of failing", "how do I use automerge instead of cr-sqlite?", "update the plan, we tried to use X instead of Y"]),
    ("dv.reply_language", &["please always answer in English", "write everything in German"], &["translate this paragraph in German", "the docs are in English"]),
    ("dv.we_should_use", &["we should use postgres for this", "I'd like to use tailwind"], &["should we use postgres?", "we used to use postgres"]),
    ("dv.keep_it_in", &["let's keep it in rust", "just keep everything in one file"], &["keep it up", "let's keep going"]),
    ("dv.lets_use", &["Let use OAuth to avoid having to use a PAT.", "let's use uv.", "Lets go with a monorepo.", "let's standardize on pnpm", "lets keep the omarchy logo but multi color it", "lets go back to the solid orange"], &["let's see what happens", "we use uv", "let me use the debugger", "let go of the lock", "let's pick up where we left off", "lets keep going", "let's keep it in mind", "Let's go back to first principles here."]),
    ("dv.looks_best", &["slant looks the best", "the dark palette sounds best to me", "oh rspec-openapi sounds way better, we have 400 request specs"], &["that sounds better", "it still spills over. but seems better than before.", "the layout looks better now", "it looks the best so far", "that looks better now", "which looks best?"]),
    ("dv.lets", &["let's return errors instead", "lets keep it"], &["let's see", "let's think about it", "let me check", "Okay lets begin, I dont want us to have a single error"]),
    ("dv.go_with", &["go with the sqlite fallback", "We're going with Postgres.", "stick with serde"], &["The Continue button should stick to the bottom on small viewports.", "go with the flow", "it goes with everything", "keep going with the test fixes"]),
    ("dv.go_with", &["zustand has been fine so far, keep going with it for the cart state too"], &["The color appears to still be black and doesn't go with the gray of the background."]),
    ("dv.went_with", &["we went with sqlite", "I picked tokio"], &["they went with mongo", "the picked value"]),
    ("dv.choosing", &["I'm choosing opaque tokens.", "we're standardizing on ruff"], &["I'm chewing on it", "choosing is hard"]),
    ("dv.i_choose", &["I choose the enum design", "we'll pick tokio"], &["which do you choose", "pick up the pieces", "I need to understand that before we choose anything."]),
    ("dv.decided", &["I've decided: tokio.", "we decided last week: one schema per tenant."], &["I decided to try the new SDK", "ok I've decided I'm done", "they decided"]),
    ("dv.decision_label", &["**Decision:** SQLite for the index.", "Decided on Postgres.", "It's decided: rustls."], &["the decision was hard", "decisions, decisions"]),
    ("dv.made_call", &["I've made up my mind.", "we made the call to drop it"], &["make up your mind", "I made a cake"]),
    ("dv.keep_using", &["keep using REST", "let's stay on Postgres 15"], &["keep using it", "I keep using the wrong flag"]),
    ("dv.tech_is_fine", &["vite is fine...", "ok sqlite is good enough for this"], &["redis is fine now", "is vite fine?", "the build is fine"]),
    ("dv.proceed_with_tech", &["ok lets proceed with ec2.", "then we'll go ahead with the redis one"], &["proceed with the migration", "let's proceed with the next step"]),
    ("dv.to_use_tech", &["Refactor this to use Link from next/Link", "migrate the jobs to use celery"], &["refactor this to use the helper", "update the docs to use the new name"]),
    ("dv.is_going_to_be_in", &["the project is going to be entirely in elixir/phoenix", "the backend will be written in go"], &["the project is going to be fun", "the fix will be in the next release"]),
    ("ban.should_never_be", &["these features should never be part of the roadmap", "secrets must never be committed"], &["it should never be null", "this should never be called twice"]),
    ("ban.make_sure_not", &["make sure that you dont actually build this project. it builds in ci", "ensure you never commit the .env"], &["make sure you don't forget the tests", "make sure it doesn't crash"]),
    ("ban.we_dont_want", &["we don't want each app to have its own git repo", "we do not want analytics in the mobile app"], &["we don't want to lose data", "we don't want any surprises"]),
    ("rej.use_to_replace", &["use the family size to replace the siblings and parents", "use a view in place of the temp table"], &["use it to replace", "we use this"]),
    ("dv.tech_stack_alone", &["pnpm workspaces + turborepo", "react and zustand."], &["pnpm install", "react is slow with zustand here"]),
    ("dv.all_the_way", &["ECS all the way, no wrapper structs", "ok typescript all the way"], &["it failed all the way down", "scroll all the way"]),
    ("ban.dont_ever", &["heads up the folder is generated, don't ever edit or add files in db/migrations yourself, just tell me the SQL", "and dont ever touch the vendored protos"], &["don't ever worry about it", "I don't ever use vim"]),
    ("ban.dont_x_ever", &["no. don't kubectl or helm against any prod context, ever, only staging"], &["don't worry, ever"]),
    ("mem.in_general_for", &["and in general for this repo: all config objects are dataclasses"], &["in general the repo is fine"]),
    ("dv.lead_tech", &["terraform. I get the typescript argument but every other team is on it", "tailwind. i know you said css modules", "prisma. final answer.", "ok playwright!"], &["go.", "ok next.", "Webpack", "postgres is down", "redis keeps crashing."]),
    ("dv.keep_in_tech", &["use a token bucket in redis since we already have it", "store the sessions in postgres", "cache the rendered pages in redis for five minutes"], &["use the helper in the tests", "store it in the same file", "we saw the bug in redis logs"]),
    ("dv.keep_tech", &["keep vitest. we moved off jest on purpose", "nope, keep date-fns", "leave it on mysql, the dba team only supports it", "keep it gdscript, nobody here knows c#"], &["keep it simple", "keep going", "keep the tests green", "keep an eye on redis memory"]),
    ("dv.leave_as_is", &["leave the cache as is, its fine", "ok leave the auth flow as it is"], &["leave the room", "leave a comment on the PR"]),
    ("dv.going_ahead_with", &["we are going ahead with MongoDB only for this module"], &["we are going ahead with the release", "going ahead with it"]),
    ("dv.standardized", &["We have standardised on yarn berry across all repos", "the team has settled on pnpm"], &["we settled the bill", "standardised tests"]),
    ("mem.house_style", &["we colour everything via the design tokens. that's house style"], &["what's the house style?", "the house is red"]),
    ("dv.go_tech", &["yes go sse", "ok go rust"], &["go rust is fast", "go to the docs"]),
    ("dv.gonna_say", &["im gonna say htmx. we dont need an spa", "I'm going to go with postgres"], &["im gonna say something", "I'm going to say it again"]),
    ("mem.kind_in_style", &["commit msgs in imperative mood pls", "all timestamps in UTC", "branch names in kebab-case"], &["commit the changes in english", "the dates in the table look wrong"]),
    ("mem.keep_under", &["keep functions under 50 lines where possible", "keep bundles below 200 kb"], &["keep it under control", "keep the tests"]),
    ("mem.must_run", &["must run fully offline. the whole point is field techs", "has to work on ipads too"], &["must be a bug in the parser", "it must run faster"]),
    ("mem.only_for", &["only english for v1", "monthly billing only for launch"], &["only one test fails", "the only way"]),
    ("mem.kind_goes", &["tests go next to the file not in __tests__", "migrations live in db/migrations"], &["tests go red on CI", "my tests", "Tests go in `tests/export.rs`."]),
    ("dv.standardize", &["Standardize on ruff for linting.", "adopt the new error type"], &["we should standardize eventually?", "the adopted child"]),
    ("dv.prefer_imp", &["Prefer composition over inheritance.", "always prefer `?` to unwrap"], &["I prefer tea", "preferences are saved"]),
    ("dv.lets_do_handle", &["let's do the Postgres approach", "let's take your second option"], &["let's do some debugging", "let's take a break", "ok. let's take the next steps one at a time."]),
    ("dv.decision_is", &["The decision is to use gRPC.", "my decision is final: Rust"], &["what is the decision?", "a decision tree"]),
    ("dv.switch_from_to", &["migrate the build from webpack to vite", "We are moving off Heroku to Fly."], &["move the fn from src/a.rs to src/b.rs", "we switched from mac to linux last year"]),
    ("dv.switch_to", &["Switch to httpx.", "migrate to Postgres 16", "swap to sass, node-sass is dead anyway"], &["switch to the main branch", "switch to another tab", "swap to the other terminal"]),
    ("dv.replace_with", &["Replace the custom cache with moka.", "swap lodash for native methods"], &["replace the customer logos with the ones in assets/logos/new/", "replace 'foo' with 'bar' in the docs", "the replacement is broken", "ok just replace it with the most recent one now", "replace the app/page.tsx of the initial nextjs app with a new page that offers API docs"]),
    ("dv.prefer", &["I'd rather use SQLite", "we prefer explicit errors"], &["do you prefer vim?", "preferably soon"]),
    ("dv.i_like", &["I like option 2", "we love the enum design"], &["I like to test first", "I like it"]),
    ("dv.prefer_over", &["prefer composition over inheritance", "preferring rustls to openssl"], &["prefer it", "a preference"]),
    ("dv.like_better", &["I like the enum-based design better than the trait objects.", "we want X instead of Y"], &["don't implement anything, I want to read it and think about it over the weekend", "I like it better now", "better than nothing"]),
    ("dv.we_will_use", &["We'll use Postgres.", "we will standardize on ruff"], &["we'll use it later", "we used Postgres"]),
    ("dv.we_will", &["we'll do server-side rendering", "we will keep the old API"], &["will we do it?", "we did the rendering"]),
    ("dv.we_policy", &["We target Python 3.10 as the minimum version.", "we only support Linux"], &["can we target arm?", "targets are set"]),
    ("dv.we_agreed", &["we agreed on one schema per tenant", "the team settled on gRPC"], &["do we agree?", "I agreed to meet"]),
    ("dv.want", &["I want tokio, not async-std", "we need async in the worker"], &["I want to see the diff", "I need you to check"]),
    ("dv.way_to_go", &["pgvector is the way to go", "Tailwind is our pick"], &["is this the way to go?", "the way to go home"]),
    ("dv.x_then", &["ok, postgres then.", "alright, the enum version then"], &["ok then", "so we then do it"]),
    ("dv.we_do", &["We do plain CRUD tables with an audit log.", "For logging we use tracing", "From now on we use ruff"], &["we do have tests", "do we use tracing?"]),
    ("dv.were_going", &["we're switching to pnpm", "we are sticking with REST"], &["we're going home", "they are sticking around"]),
    ("dv.drop_support", &["we're dropping support for Node 16", "drop Windows support for the daemon"], &["drop the table", "support is down"]),
    ("dv.x_it_is", &["Postgres it is.", "alright, your second suggestion (move validation into the constructor) it is."], &["Here it is", "that's just how it is", "it is what it is"]),
    // rejections
    ("rej.instead_of", &["the importer skips lines instead of reporting them"], &["instead, show me the diff", "in stead"]),
    ("rej.instead_we", &["instead of polling every second, we should use websockets", "so that instead of doing vscode tasks (i.e., remove your code) , we instead do that logic as a step in the workflow"], &["instead of the list, it shows an error", "instead of polling, maybe websockets?"]),
    ("rej.verb_instead_of", &["use a set instead of the nested loop", "make `parse_turns` return an iterator instead of collecting into a Vec"], &["it tries to parse the file instead of streaming it", "the app crashes instead of creating it"]),
    ("dv.tech_named", &["Regarding formatting: we use black with a line length of 100", "we use pnpm", "new pipeline steps get written in polars", "New project: I want a small REST service in Go, chi for routing", "auth via clerk", "logging via pino, json output", "hosting on fly.io", "we'll deploy on fly.io", "we are going to host it with vercel", "The mobile app should be React Native with Expo (managed workflow)", "the bot should be python with discord.py, hosted on a cheap VPS", "we're deploying this on fly.io, so add a fly.toml", "we are using zustand for state"], &["the build with vite fails", "problem with redis", "we'll deploy it tomorrow", "we will run it on my laptop", "the file should be there", "we're deploying it now", "we're running out of time"]),
    ("mem.should_be_called", &["the cli binary should be called `fz`", "the env var must be named APP_DB_URL"], &["it should be called once", "this should be called after init"]),
    ("mem.one_per", &["one component per file", "a single migration per PR"], &["one error per line in the log is weird", "one per file?"]),
    ("mem.case_in", &["snake_case in the db, camelCase in the json api"], &["is snake_case in python ok?"]),
    ("dv.lets_do_design", &["lets do cursor pagination", "let's go for a monorepo"], &["let's do the refactor", "let's do it", "lets do some cleanup"]),
    ("dv.make_property", &["make the worker idempotent, jobs will get retried", "make all handlers stateless"], &["make the port configurable", "make the button bigger", "make sure the tests pass"]),
    ("dv.pin_all", &["pin all dependency versions exactly, no ^ or ~", "pin the base images"], &["pin the tab", "pin this issue"]),
    ("mem.scope_only", &["we only care about chrome and firefox", "safari isnt a target", "IE11 is out of scope"], &["it isn't a target", "that is out of scope?x"]),
    ("mem.set_scope", &["we ship English and Japanese from the first release", "support chrome, firefox and safari", "the app must be available in English, Dutch, German and Spanish"], &["it works on windows and linux", "translate the readme into french and german", "we support dark mode"]),
    ("mem.set_only", &["english only, no i18n", "ios only for launch", "Windows only."], &["only windows fails", "english is the only one", "safari only shows a blank page"]),
    ("dv.arch", &["this will be a monorepo with multiple nextjs apps", "we keep the monolith", "going serverless for the thumbnailer", "the public API must be versioned"], &["the old app was a monolith", "is it a monorepo", "going back to the login page"]),
    ("rej.modal_not", &["errors should be returned, not thrown, in the service layer", "timestamps must be stored as utc, not local time"], &["it should work, but it does not", "errors should be returned", "a negative total should throw, not return 0"]),
    ("rej.tech_not", &["postgres row level security for tenant isolation, not app level where clauses", "redis for the job queue, not rabbitmq"], &["postgres works locally, not in docker", "redis is slow, not sure why"]),
    ("mem.version_floor", &["python 3.11 minimum", "node 20 or newer for everything", "minimum is python 3.10"], &["python 3.11 crashes on this", "upgrade node to 20", "our stack is still vue 2 + vuex"]),
    ("mem.we_practice", &["we do strict semver on the cli", "we follow conventional commits for every repo"], &["we do have semver issues", "we used to do tdd"]),
    ("mem.kind_made_by", &["enemies should be built by composition, not subclasses", "money amounts must be stored as integer cents"], &["these should be handled by the backend", "it should be done by friday"]),
    ("mem.remember_lead", &["remember: we use pnpm", "save this in your memory: tabs, not spaces"], &["I remember it worked", "note: the build is red"]),
    ("mem.settings_come_from", &["secrets come from env vars, everything else from the config file", "api base urls come from config, per environment"], &["the errors come from the parser", "where do the settings come from?"]),
    ("rej.lets_instead", &["lets batch them 100 at a time through the bulk endpoint instead, vendor supports it", "let's just poll instead."], &["let's go instead of waiting", "instead, lets wait"]),
    ("mem.runs_on_scope", &["it only needs to run on linux", "the app has to work offline"], &["it needs to run the tests", "it has to work"]),
    ("mem.thats_the_rule", &["retry 3 times then dead-letter. that's the rule for all outbound integrations", "that is the convention here"], &["that's the rules engine", "is that the rule?"]),
    ("rej.lets_instead_of", &["let's target the enemy that's furthest along the path instead of the closest", "lets render it on the server instead of the client"], &["let's see what happens instead of guessing", "let's not do that instead of this"]),
    ("dv.keep_them_shape", &["no, keep them separate. settings change way more often", "keep both apart"], &["keep them coming", "keep it up", "can you keep them separate?"]),
    ("dv.keep_current", &["so keep the fixed 2s delay for this client, backoff makes it worse", "keep the existing schema."], &["keep the tests passing", "keep the current tab open while I check"]),
    ("rej.instead_trailing", &["open a revert PR instead.", "use gix instead"], &["instead of that, run it", "what instead?x"]),
    ("rej.verb_instead", &["use anyhow instead.", "return an error instead"], &["crashes instead", "use it instead of that"]),
    ("rej.rather_than", &["use an in-process LRU rather than redis", "the advisory lock rather than the retry loop"], &["rather good", "I'd rather not"]),
    ("rej.rather_x_than", &["I'd rather use the Postgres table than bring in RabbitMQ."], &["rather than that", "I'd rather not say"]),
    ("rej.shaped_comma_not", &["the api should be plain REST, not graphql. keep it boring", "write the parser as a hand rolled recursive descent, not a parser generator"], &["Amounts must be exported as plain numbers, not formatted strings", "it should be fine, not a problem", "write it in the readme, not sure where", "the button should be red, not working though"]),
    ("mem.imp_everywhere", &["store money as integer cents everywhere", "use snake_case in all json files"], &["it fails everywhere", "we use it everywhere"]),
    ("dv.pin_to", &["pin node to 20 in .nvmrc and the CI matrix", "lock react at 18.2"], &["pin the tab", "pin it to the top of the page"]),
    ("rej.comma_not", &["I've decided: tokio, not async-std.", "server-side rendering, not a SPA"], &["you edited the wrong file, the config prod reads is prod.yaml, not production.yaml", "it works, not sure why", "fine, not now", "it always crashes on the second click, not the first"]),
    ("rej.code_not", &["use `Path` not `&str` for paths"], &["you edited the wrong file 😅 the config prod reads is `config/prod.yaml`, not `config/production.yaml`", "use `Path` and `&str`", "`a`, not really"]),
    ("rej.bare_not", &["postgress not mongo", "Postgres, not MySQL."], &["maybe not redis", "it's not working", "server is not running", "the login page not loading", "actual result is not like the expected", "its api/handlers/orders.go not internal/orders.go", "the admin is not here", "but the staging db is not the source of truth", "tasks started but not completed", "now its not dark inside though", "repo should not be in the name.", "the last check not going through", "COMPLAIN TO CLAUDE NOT ME."]),
    ("rej.not_but", &["not a mutex but a channel", "Not REST but gRPC for internal calls"], &["it's not a bug but a feature", "not only fast but safe"]),
    ("rej.over", &["We're going with Postgres over MySQL.", "use composition over inheritance"], &["use websockets over TLS", "we went with it over the weekend"]),
    ("rej.vs", &["poetry vs uv", "JWT versus opaque tokens"], &["vsync is on", "versus", "7-zip vs node vs nvm vs npm"]),
    ("rej.gt", &["vitest > jest", "pnpm > npm for monorepos"], &["From Settings > Members, an admin can invite", "if x > 5 then", "2 > 1", "<blank>\nmy program builds fine"]),
    ("rej.instead_of_lead", &["instead of coloring borders around whole components, i want you to color each component", "update 1: instead of a modal, let's use an inline banner", "Instead of polling, we should push events over a websocket"], &["instead of fixing the bug, you broke the tests", "instead of the error, it now shows a blank page", "instead of the list, the page shows nothing"]),
    ("rej.revert_and_instead", &["revert the change in spinner.js and instead make the change in style.css", "remove the retry loop and instead fail fast"], &["revert the last commit and push", "it removed the file and instead created a copy"]),
    ("rej.dont_want_but", &["i don't want it to show a decimal point, but an integer", "we don't need a queue, but a plain cron job"], &["i don't want to break anything, but it crashes", "why don't we want the cache"]),
    ("rej.ensure_not_but", &["make sure the pr command doesn't output debug logs to stdout, but makes them go to stderr", "ensure the client does not retry, but fails fast"], &["make sure it doesn't crash, but I doubt it", "it doesn't log to stdout, but to stderr"]),
    ("rej.dont_need_enough", &["we don't need a database for this, a json file is enough", "I don't need redis; the in-process cache is fine"], &["we don't need a database for this", "i don't need help, thanks, it is fine"]),
    ("rej.dont_just", &["update the script so that it doesn't create backup files, just overwrite", "don't use a class, just a plain function"], &["don't fix anything, just write the review as PR comments", "don't explain, just fix it", "don't overthink it, just ship", "it doesn't load, just spins"]),
    ("rej.doesnt_make_sense_to", &["it doesnt make sense to use the `--session` param here", "it does not make sense to keep a cache for this"], &["it doesn't make sense to me", "does it make sense to use redis?"]),
    ("mem.use_unless_given", &["Use stdout if OUTPUT_SCRIPT is not specified", "default to utf-8 when the encoding isn't given"], &["use it if the flag is not set", "use stdout"]),
    ("mem.should_have_pattern", &["we should have the pattern: test_NAME_OF_FILE", "all tests should follow the same naming convention: test_<module>"], &["we should have the results by monday", "it should have a pattern that matches"]),
    ("mem.there_should_not_be", &["there should not be a prompt if the value is otherwise provided", "there shouldn't be any retries when the request is a POST"], &["there should not be any errors now", "there should be a prompt if the value is missing"]),
    ("rej.bare_instead", &["Postgres instead of Mongo.", "sqlite instead of duckdb, it is simpler"], &["what instead of this?", "it crashes instead of exiting", "so the root is used instead of local."]),
    ("rej.bare_over", &["postgres over mongo", "sqlx over diesel, the checks are worth it."], &["Product sent over this PRD, please implement it:", "the loop runs over 10k items", "game over"]),
    ("rej.deprecated", &["request is deprecated, use httpx", "the v1 API is now legacy"], &["deprecation warnings everywhere", "is it deprecated?x"]),
    ("rej.drop_and_use", &["Kill the custom retry logic and use tower's retry layer.", "get rid of moment and use date-fns"], &["drop the table and restart", "remove the file"]),
    ("rej.lets_not", &["let's not use GraphQL", "lets not add another dependency", "hmm, actually let's not do graphql"], &["let's not worry about it", "let's note that", "let's not do it now", "Lets not change anything"]),
    ("rej.comma_never", &["Use pnpm, never npm.", "we use ruff, never flake8", "Stick with Postgres; never MySQL."], &["ok, never mind", "it worked once, never again", "fine, never had that problem"]),
    ("rej.comma_no", &["use a single Config struct, no globals", "From now on X stays on, no per-package overrides."], &["ok, no worries", "sure, no problem", "resuelve el error de login, no me expliques nada", "just estimate it, no code", "no android o teclado sempre cobre o campo de senha, no iphone nunca acontece"]),
    ("rej.is_out", &["Option B (the event-sourced design) is out.", "the second approach is off the table"], &["option B is outstanding", "the new version is out"]),
    ("rej.off_table", &["Kafka is off the table", "microservices are a non-starter"], &["the cup is off the table edge", "it is on the table"]),
    ("rej.other_option", &["Separate repos was the other option but it's painful."], &["the other option?", "another option"]),
    ("rej.no_to", &["Yes to #1 and #3, no to #2"], &["no tomorrow", "say no more"]),
    // bans
    ("ban.never", &["Never log request bodies.", "never, ever push to prod on Fridays", "and never commit .env files", "postmortem note for you: never run db migrations from the app container on startup again", "and in general never do a plain --force push on anything"], &["never mind, revert that", "never do that", "never did work", "never had this before", "I never understood this"]),
    ("ban.we_never", &["we never deploy on Fridays", "you should never store tokens in plain text", "but you never touch the prod kube context"], &["we never had this problem", "you never told me that", "you never answered my question", "add a test that checks we never drop events", "WE NEVER EVEN COMPLETED INTEGRATING GAME LOGIC FROM THIS"]),
    ("ban.dont", &["Do not inspect or use any files outside this folder.", "DO NOT BUILD BTW", "don't use lodash.", "Do NOT use `SELECT *` in any query.", "Don't ever call the payments API from the frontend", "I.e., don't convert in-the-middle whitespaces to hyphens"], &["don't commit any of it, do it in a scratch notebook", "don't worry about the tests", "I don't use vim", "don't forget the docs", "Don't commit it."]),
    ("ban.we_wont", &["We will not support Python 2.", "we don't mock the database", "we won't be adding a GUI"], &["we don't know yet", "we won't have time", "since this is a remote repository and we cannot run commands."]),
    ("ban.should_never", &["the tests should never hit the network", "she should NEVER modify a voxel."], &["it should never happen", "it should never have been merged", "this should never be slow", "I thought it should never return null"]),
    ("ban.must_not", &["We must not store raw API tokens.", "the library mustn't panic"], &["must have", "it must be fine"]),
    ("ban.no_x", &["No floats for money.", "no ORMs.", "rule for this repo: no unwrap in library code"], &["no same issue", "no like an example response", "no for the storage i mean", "what is it doing right now? no news", "No they didn't", "No button is appearing for the new guide", "no banco aparecem 2 linhas iguais com 200ms de diferença", "no idea why", "No, that's wrong", "no more errors now", "No real change.", "No migrations to apply.", "No Nginx process found", "NO jesus christ i mean the editor has no bright appearance."]),
    ("ban.no_more", &["no more global state", "and no more force-pushes"], &["no more than 3 retries", "no more errors, thanks"]),
    ("ban.stop", &["Stop using `any` in the TS code.", "please stop adding comments"], &["stop the server", "it stopped using the cache"]),
    ("ban.avoid", &["avoid unwrap in library code", "always avoid global state"], &["to avoid confusion I renamed it", "unavoidable"]),
    ("ban.under_no", &["Under no circumstances disable TLS verification.", "do not, under any circumstances, log tokens"], &["under the circumstances it's fine", "no circumstance"]),
    ("ban.nothing_may", &["Nothing in core may touch the filesystem.", "No code should call exit() directly"], &["nothing works", "no code here", "There is no difference I can discern between the two window renderings"]),
    ("ban.i_dont_want", &["I don't want any println! in the library", "we don't want a vendor in the loop", "i dont want any println in the library"], &["I don't want to break it", "I don't want you to wait", "i dont want to break it"]),
    ("ban.banned", &["raw SQL strings are not allowed", "force pushes are forbidden"], &["the user got banned", "allowed values are listed", "403 forbidden"]),
    ("ban.leave_alone", &["leave the generated files in `src/gen/` alone, buf overwrites them", "please leave the vendored crates alone"], &["leave me alone", "leave it alone for now", "I'll leave the tests alone until tomorrow"]),
    ("mem.all_in_units", &["All physical quantities in the simulation code must be in SI units", "every timestamp should be in UTC", "all the api fields will be in snake_case"], &["all the files must be in the zip", "every test should be in place"]),
    ("mem.keep_that_way", &["update the handlers and keep doing it that way for new endpoints", "do it the same way for all new services"], &["I did it that way yesterday", "why did you do it that way"]),
    ("mem.we_do_here", &["we do trunk based dev here, short lived branches merged daily", "we do code review in pairs in this team"], &["we do have a problem here", "what do we do here"]),
    ("dv.going_only", &["For the iOS app we are going SwiftUI only.", "we're going serverless all the way"], &["we are going back only if it fails", "we are going to test it"]),
    ("mem.gets_merged_if", &["A new model only gets promoted to production if it beats the current baseline", "If a change makes any level drop below 60 fps, it doesn't get merged."], &["it only gets merged into main, right?", "it was merged yesterday"]),
    ("mem.put_all_in", &["Put all the type definitions in a separate file", "keep every helper in `utils.py`", "put all styles in src/styles/"], &["put all the logs in a file so I can read them", "move all of it into the other branch"]),
    ("mem.should_be_list", &["the pages should be: announcements, events, photos, directory, profile.", "supported languages will be: en, de, fr"], &["the pages should be faster", "which pages should be: home or about?"]),
    ("ban.off_limits", &["unwrap is banned in library code", "the vendored openssl under third_party/ is off limits", "prod is a no-go for you"], &["the user got banned", "no limits on the free tier"]),
    ("rej.overkill", &["nah graphql is overkill for this, drop it", "honestly kubernetes is way overkill here"], &["this is overkill", "is redis overkill?"]),
    ("rej.not_moving_to", &["keep the webpack config, we're not moving to vite", "we will not switch to kotlin"], &["we're not moving to the next step yet", "not moving to vite is a mistake"]),
    ("dv.tech_is_enough", &["nah. a cron entry + a django management command is plenty", "sqlite is more than enough for us"], &["is sqlite enough?", "that is enough for today"]),
    ("mem.topic_colon", &["log format: one JSON object per line", "branch naming: <type>/<ticket>-<slug>", "target browsers for the extension: Chrome, Firefox and Edge", "error handling in the domain layer: functions return Result types"], &["log: see below", "the log format is weird: look", "error: file not found"]),
    ("rej.out_of_scope", &["Safari is out of scope for v1.", "i18n is out of scope"], &["this is out of scope", "is Safari out of scope?"]),
    ("mem.is_x_everywhere", &["money is integer cents everywhere — DB columns, API payloads", "dates are UTC across the board."], &["it is broken everywhere", "errors are everywhere in the log"]),
    ("mem.at_every", &["wrap errors at every package boundary with context", "run the linter on every commit"], &["at every turn it fails", "i looked at every file"]),
    ("mem.anything_under", &["Anything under `billing/` needs a review from someone on payments.", "everything in src/legacy goes through the adapter"], &["anything under 5 ms is fine", "everything in here needs a rewrite?"]),
    ("mem.plural_goes_in", &["invoice totals go in NUMERIC(12,2), floats lose cents", "pillow and opencv go in optional extras", "feature flags live in config/flags/ next to the defaults"], &["the totals go in the footer", "it goes in the readme", "things go in circles when we do that", "tests go in there", "this goes in src/", "Tests go in `tests/export.rs`."]),
    ("dv.is_what_signed_off", &["banker's rounding is what accounting signed off on", "keycloak is what the security team approved"], &["that is what I asked for", "is this what you approved?"]),
    ("mem.only_dependency", &["requests is the only runtime dependency, keep it that way", "serde stays the only third-party dependency"], &["the only dependency is broken", "which is the only package that fails"]),
    ("mem.ci_fails_if", &["have CI fail if the lockfile is out of date", "the build should fail when coverage drops below 80%", "fail the build on any clippy warning"], &["the build failed when I ran it", "why does ci fail on main"]),
    ("dv.already_run_use_that", &["we already run external secrets operator on the cluster, use that", "we already have a redis for sessions, just use it"], &["we already run the tests, use that output", "we already have redis?", "we already use postgres and it is slow"]),
    ("dv.tech_since_we_run_it", &["token bucket per api key, stored in redis since we already run it for sessions", "put the jobs on sqs because we already use it"], &["it broke in redis since we already had it", "stored in the cache since we already run it"]),
    ("dv.we_are_on", &["you pulled in moment again. we're on date-fns", "we're already on postgres, use that"], &["we're on it", "we are on the main branch"]),
    ("dv.stays_on", &["the warehouse itself stays on Snowflake", "auth remains on keycloak"], &["the light stays on", "it stays on the screen"]),
    ("dv.i_said_use", &["no, I said use the existing client, don't write a new one", "didn't i say to use pnpm?"], &["i said hello", "you said to use what?"]),
    ("mem.hard_requirement", &["Heads up: the image has to stay under 50 MB, that's a hard limit", "Accessibility is a requirement here, not a nice-to-have", "this is non-negotiable"], &["the limit is hard to find", "is a requirement missing?"]),
    ("mem.has_to_stay", &["Patient data has to stay in eu-west-1", "the bundle needs to stay under 200 KB"], &["you have to stay calm", "it has to stay"]),
    ("mem.all_our_repos", &["uv for dependency management in all our python repos", "across all our services we log JSON"], &["in all our tests it fails", "for all our users"]),
    ("dv.repo_uses", &["this repo uses pnpm, not npm", "our stack is built on django"], &["this repo uses too much memory", "the app uses a lot of it"]),
    ("ban.without_asking", &["I'd prefer you don't run the full e2e suite without asking", "never push tags without my ok"], &["don't worry", "without asking, it failed"]),
    ("mem.for_this_repo", &["Line length is 100 for this repo.", "indentation is 2 spaces across the whole codebase"], &["the bug is present in this repo", "it is slow for this project", "There are currently no tests for this project."]),
    ("mem.phase_scope", &["just use a json file on disk as the store for v0", "until we have real users we deploy to one box"], &["for the first time", "until the build passes"]),
    ("ban.ban_verb", &["banning unwrap in lib code", "forbid unsafe code"], &["the ban hammer", "a banner"]),
    // imperative
    ("imp.use", &["use gix or read the files directly", "please use `unknown` and narrow it"], &["Use whatever XML library you think is best.", "we could use a set", "the use of unsafe", "use the --force option"]),
    // memory / lasting scope
    ("mem.permanently", &["add a cargo test --release job to CI permanently, the overflow thing only shows up there", "keep the debug endpoint behind the admin flag permanently."], &["delete the old branch permanently", "the cache was removed permanently, why?", "permanently is a strong word"]),
    ("mem.from_now_on", &["From now on `strictNullChecks` stays on.", "Going forward, all timestamps are UTC.", "Commit messages follow conventional commits from here on."], &["from now", "going to the forward base"]),
    ("mem.every_must", &["Every migration has to be reversible.", "all public fns must have docs", "every PR needs a changelog entry", "every new dbt model needs at least unique + not_null tests"], &["all of them have to be rewritten", "every time it fails", "all we need to do is properly get the seats in position", "its all going to have to flow, not be cut off", "all of the code we need to write has already been done"]),
    ("mem.must_always", &["the API must always return JSON", "tests should always clean up", "the frontend needs to always be built to communicate through the discord library"], &["it must be always-on", "always must"]),
    ("mem.we_always", &["we always squash-merge", "we will always pin versions"], &["we always forget the flag", "we always end up here"]),
    ("mem.rule_is", &["The rule is: one schema per tenant.", "New rule: no direct DB access.", "rule for this repo: no panics"], &["rules are fun", "ruler: 30cm"]),
    ("mem.minimum", &["Node 18 is the minimum.", "3.10 stays the baseline"], &["the minimum is unclear to me, what is it", "minimum wage"]),
    ("mem.non_negotiable", &["Backwards compat is non-negotiable.", "this is a hard rule"], &["is it negotiable?x", "negotiation"]),
    ("mem.is_default", &["zstd is the new default", "tabs are our standard"], &["the default is broken?x", "by default it fails"]),
    ("mem.msrv_is", &["MSRV is 1.80 and stays there.", "minimum supported version is 3.10"], &["bump the MSRV check", "msrv."]),
    ("mem.every_should", &["every handler should validate input"], &["everyone should see it?x", "should every", "on all the other pages where it should be it isn't"]),
    ("rej.dont_want_want", &["I dont want a modal I want a popup", "we don't need redux, just react context", "I dont want to change the city I want it automatically detected", "i don't want tabs, i'd rather have a sidebar"], &["I don't want to break anything, I need this shipped today", "I don't need an explanation, I need a fix", "I don't want it to crash", "we don't need to wait, just run it", "I dont want us to have a single error, I want to blitz"]),
    ("rej.want_x_not_y", &["I want it in the sidebar not the header", "it should be a popup not a modal", "users will be using Windows not linux", "we need sqlite not postgres for this"], &["I need it done today not tomorrow", "it should be fixed not ignored", "I want to go, not stay", "it should work not crash", "we need it not to crash", "the issue has to be with the cache not the queue", "that would be helpful but not the actual case", "we just need to be tactical and not break it", "i just need to ensure its not gonna break"]),
    ("rej.shouldnt_be_should_be", &["it shouldn't be in the apps/api directory it should be in the root of the monorepo", "the config should not be a class, it should be a plain object"], &["it shouldn't be in the list, should it be?", "it should not be slow, it should be fast"]),
    ("rej.need_not_be_a", &["This component does not need to be a Table.", "the cache doesn't need to be a separate service"], &["it doesn't need to be a big deal", "it doesn't need to be perfect"]),
    ("rej.dont_want_to_use", &["I don't want to use this github repo because it's not active.", "we do not want to add redux to this app"], &["I don't want to use it wrong", "I don't want to use it"]),
    ("rej.dont_need", &["the gradient is a little too much and I don't need the hover effects", "so i don't need to handle this feature", "we don't need any auth for the admin page"], &["I don't need an explanation, just fix it", "we don't need that.", "I don't need the details", "i dont need you to explain"]),
    ("rej.keep_comma_drop", &["Apply stash, keep docs, delete metaconflict noise.", "keep the tests, delete the old fixtures"], &["keep going, delete the file when done", "keep it, remove the rest later? not sure", "keep in mind, drop me a note"]),
    ("dv.keep_only", &["keep only the grep step, drop the rest", "only keep the last 10 entries in the log file"], &["I only keep getting this error", "we keep only seeing timeouts"]),
    ("rej.out_of_release", &["quiet hours stay out of v1", "ok, csv export is out of scope for the mvp", "and dark mode waits for v2"], &["that's out of scope", "the bug is out of scope of this fix? not sure", "it is outside the first release"]),
    ("rej.keep_drop", &["keep the sqlite cache and drop the redis one", "we should keep the old parser and remove the new one."], &["keep it and drop me a line", "keep going and drop the logs"]),
    ("ban.not_here", &["also we dont do naive datetimes in this codebase", "and in general no abbreviations in function names in this repo", "We don't use exceptions for control flow in this project", "no pandas left in this file"], &["there are no tests left in this file", "there is no test in this repo for that", "we don't have a CI config in this repo", "no idea where it is in the codebase"]),
    ("mem.want_every", &["we'd want all endpoints to return problem+json", "we need every public function to have a doc comment"], &["i want all of it", "we need all the help we can get"]),
    ("mem.convention", &["Let's make that the convention for all handlers", "follow the house style"], &["a conventional oven", "the policeman", "Content Security Policy of your site blocks some resources"]),
    ("mem.make_default", &["make zstd the default", "make that the pattern for every endpoint"], &["make a default value", "make it default"]),
    ("mem.anymore", &["do not use docker-in-docker in CI anymore", "we no longer ship 32-bit builds"], &["any more questions", "ever"]),
    ("mem.ever_alone", &["Ever.", "Always."], &["ever since", "always the same test"]),
    ("mem.finality", &["No network calls in unit tests, period.", "a panic is a bug, full stop.", "Final answer."], &["the grace period", "a full stop sign"]),
    ("mem.everywhere", &["returns Result everywhere", "across the board"], &["anywhere", "where is it"]),
    ("mem.for_all", &["use snake_case for all column names", "in all the public fns"], &["for all I know", "all for it", "yes create documentation files for all of these"]),
    ("mem.msrv", &["bump the MSRV", "We target 3.10 as the minimum version."], &["minimal", "version 2"]),
    ("mem.stays", &["strictNullChecks stays on", "the flag remains disabled"], &["stays", "I stayed home"]),
    ("mem.we_keep", &["We keep the core crate free of I/O.", "we keep secrets out of the repo"], &["we keep running into timeouts", "keep it simple"]),
    ("mem.nowhere_else", &["config lives in config.rs and nowhere else"], &["somewhere else", "nowhere"]),
    ("mem.kind_lives_in", &["tests should be in a subfolder called test", "all migrations must live in the db folder", "components should preferably be in their own files"], &["this should be in a separate file", "it should be in the src folder", "the files should be ready in a minute"]),
    ("mem.lives_in", &["the parser lives in core", "tests go in tests/"], &["he lived in Paris", "going in circles"]),
    ("mem.remember", &["keep that in mind", "remember that the API is async"], &["I remember now", "mind the gap"]),
    ("mem.always_imp", &["Always use UTC internally.", "and always run clippy", "always focus on the failing test first"], &["always the same flaky test", "it always crashes", "it only shows up after repeated tool calls, and always causes issues"]),
    ("mem.always", &["it always retries 5 times"], &["alwaysOn flag", "all ways"]),
    // confirmations
    ("conf.yes", &["yes, do that", "Yep, the second one.", "👍 go with it"], &["yesterday it worked", "okay-ish build"]),
    ("conf.sounds_good", &["sounds good, do that", "fine by me", "makes sense", "agreed"], &["it sounds bad", "good morning", "check it uses the slim image like we agreed"]),
    ("conf.do_that", &["sounds good, do that", "do it.", "yes please do that"], &["do it again", "I'll do that later", "don't do that"]),
    ("conf.handle", &["option 2", "Yep, the second one.", "Yes to #1 and #3"], &["Ok, I reviewed your plan for the CSV importer", "optional", "the second time it failed"]),
    ("conf.named_handle", &["let's do the Postgres approach", "your enum design"], &["the approach", "approaching", "bring it in line with the intended design", "yes edit the implementation plan."]),
    ("conf.handle_alone", &["Option A.", "the second one.", "#2 please", "1, 2"], &["получается минус 16 часов.", "検索画面のページングで2ページ目以降が同じ結果を返すバグを直して", "하단에 카드 4개 표시", "2个就够了", "option A is slow", "the second one failed", "(1, 2, 3, …)", "[1., 2., 3., ...]"]),
    ("conf.like_you_said", &["drop it like you proposed", "your plan looks good"], &["like you said it crashes", "plan looks odd"]),
    ("conf.like_you_described", &["split it like you said", "as you described"], &["like I said", "you described it"]),
    ("conf.yes_use", &["yes, use the queue", "ok go with the LRU"], &["yes, use it", "use the queue", "yep keep going", "ok keep at it"]),
    ("conf.go_ahead", &["Good plan, go ahead.", "go for it"], &["go ahead and run the tests", "ahead of time"]),
    ("conf.go_ahead_with", &["go ahead with the migration", "proceed with option 2"], &["go ahead and run it", "proceeds with caution"]),
    ("conf.sounds_like_plan", &["sounds like a plan", "that's the plan"], &["sounds like a bug", "plan ahead"]),
    ("conf.verb_handle", &["do option 2", "go with the second"], &["do the second test", "option"]),
    ("conf.named_handle_alone", &["sure, the LRU approach.", "the async one."], &["the async one is broken", "one"]),
    ("conf.yes_to", &["yes to #1 and #3", "Yes to both"], &["yes, too slow", "no to #2"]),
    ("conf.bare_np", &["sure, the cursor-based pagination.", "yes, the streaming parser"], &["yes the file exists at app/static/js/viewer.js", "yes, the tests pass now", "yes, that's the error"]),
    // action requests
    ("act.task", &["add a test for parse()", "pls fix the failing test"], &["the test is added", "we fixed it"]),
    ("act.polite", &["can you rerun CI?", "please add types"], &["you can't", "pleased"]),
];

#[test]
fn builtin_compiles_and_ids_are_unique() {
    let rules = Gate::builtin_rules();
    assert!(Gate::from_rules(rules.clone()).is_ok());
    let mut ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n);
    assert!(rules.iter().all(|r| (1..=3).contains(&r.strength)));
    assert_eq!(gate().rules().len(), n);
}

/// The literal sets of the built-in patterns are derived ahead of time;
/// the table must be the one the patterns give today (a stale table only
/// slows start-up, but this keeps it from drifting).
#[test]
fn prefilter_table_is_current() {
    let g = Gate::build(Gate::builtin_rules(), false).expect("built-in table");
    let mut patterns: Vec<String> = prefilter_patterns(&g.compiled)
        .into_iter()
        .map(|p| p.into_owned())
        .collect();
    patterns.extend(cues::cues().patterns().into_iter().map(String::from));
    let want = prefilter::render_table(&patterns);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/gate/prefilter_table.rs");
    if std::env::var("MEMSCRIBE_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(path, &want).expect("write the table");
    }
    let have = std::fs::read_to_string(path).expect("read the table");
    assert!(
        have == want,
        "core/src/gate/prefilter_table.rs is stale: run MEMSCRIBE_BLESS=1 cargo test -p memscribe --lib prefilter_table"
    );
}

#[test]
fn builtin_rules_compile_on_first_use() {
    let g = Gate::build(Gate::builtin_rules(), false).expect("built-in table");
    let compiled = |g: &Gate| g.compiled.iter().filter(|l| l.cell.get().is_some()).count();
    assert_eq!(compiled(&g), 0);
    let copy = g.clone();
    assert!(g.decide("Let's use uv instead of poetry.").is_some());
    let n = compiled(&g);
    assert!(
        n > 0 && n < g.rules().len() / 4,
        "{n} of {} rules compiled",
        g.rules().len()
    );
    // Clones share the compiled regexes.
    assert_eq!(compiled(&copy), n);
    // A host's table is compiled up front, so a bad pattern is an error there.
    let host = Gate::from_rules(vec![Rule {
        id: "x".into(),
        category: Category::Ban,
        strength: 3,
        pattern: "a".into(),
    }]);
    assert_eq!(compiled(&host.expect("host table")), 1);
}

#[test]
fn every_rule_has_cases() {
    for r in Gate::builtin_rules() {
        let case = all_cases().find(|c| c.0 == r.id);
        let (_, pos, neg) = case.unwrap_or_else(|| panic!("no test case for rule {}", r.id));
        assert!(
            !pos.is_empty() && !neg.is_empty(),
            "rule {} needs positives and negatives",
            r.id
        );
    }
    for (id, _, _) in all_cases() {
        assert!(
            Gate::builtin_rules().iter().any(|r| r.id == *id),
            "test case for unknown rule {id}"
        );
    }
}

#[test]
fn rule_table_cases() {
    let g = gate();
    let mut failures = Vec::new();
    for (id, pos, neg) in all_cases() {
        for p in *pos {
            if !fires(&g, id, p) {
                failures.push(format!("{id} should fire on {p:?}"));
            }
        }
        for n in *neg {
            if fires(&g, id, n) {
                failures.push(format!("{id} should not fire on {n:?}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The literal prefilter may only add candidates: on every case sentence of
/// the table (and on variants with other case, `’`, tabs, runs of spaces and
/// the two non-ASCII letters that fold to ASCII), every rule with a match
/// that is not vetoed must be a candidate.
#[test]
fn prefilter_never_drops_a_matching_rule() {
    let g = gate();
    let mut scratch = super::prefilter::Scratch::default();
    let mut checked = 0;
    for (_, pos, neg) in all_cases() {
        for t in pos.iter().chain(neg.iter()) {
            let variants = [
                t.to_string(),
                t.to_uppercase(),
                t.replace('\'', "’"),
                t.replace(' ', "  \t "),
                t.replace('s', "ſ").replace('k', "\u{212A}"),
            ];
            for v in &variants {
                for s in super::text::sentences(v) {
                    let view = super::text::mask(&v[s.start..s.end]);
                    let cands = g.prefilter.candidates(&view, &mut scratch).to_vec();
                    for (i, c) in g
                        .compiled
                        .iter()
                        .map(|l| l.get().expect("built-in rules compile"))
                        .enumerate()
                    {
                        // A match counts when no veto group took part (as in `Gate::scan`).
                        if c.re
                            .captures_iter(&view)
                            .any(|caps| c.vetoes.iter().all(|&g| caps.get_group(g).is_none()))
                        {
                            checked += 1;
                            assert!(
                                cands.contains(&i),
                                "rule {} matches {view:?} but is not a candidate",
                                g.rules[i].id
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 500, "too few matches checked: {checked}");
}

// ───────────────────────── prose extraction ─────────────────────────

#[test]
fn a_tools_own_advice_inside_its_output_is_not_the_persons() {
    let g = gate();
    // pip's advice, between its own ERROR lines
    let pip = "ERROR: Cannot install -r requirements.txt (line 3) and Django==4.2.20 because these package versions have conflicting dependencies.\n\nThe conflict is caused by:\n    The user requested Django==4.2.20\n    django-db-pool 0.0.10 depends on Django<1.6.99\n\nTo fix this you could try to:\n1. loosen the range of package versions you've specified\n2. remove package versions to allow pip to attempt to solve the dependency conflict\n\nERROR: ResolutionImpossible: for help visit https://pip.pypa.io/";
    assert!(g.decide(pip).is_none(), "{:?}", g.decide(pip));
    // The person's words after the output, or between two pasted
    // snippets, are still read.
    let after = "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/\n\nlet's drop django-db-pool instead of pinning django, we don't need it";
    assert!(g.decide(after).is_some());
    let between = "```\nconst a = 1;\n```\n\nuse a set instead of the nested loop here\n\n```\nconst b = 2;\n```";
    assert!(g.decide(between).is_some());
}

#[test]
fn code_quotes_and_logs_never_fire() {
    let g = gate();
    let cases = [
        "```\nnever use unwrap, use expect instead of unwrap\n```",
        "~~~\nfrom now on use X\n~~~",
        "    // never use X; use Y instead of Z",
        "\tdon't use lodash",
        "> never commit to main, use PRs instead of pushing",
        "    at handler (server.js:10:5)",
        "Traceback (most recent call last):\n  File \"x.py\", line 3, in main\nValueError: never use this",
        "2025-01-01 12:00:00 WARN never retry, use backoff instead of hammering",
        "ERROR: don't use the legacy endpoint",
        "[INFO] switching to fallback instead of primary",
        "error[E0308]: mismatched types, use `String` instead of `&str`",
        "  --> src/x.rs:3:5",
        "thread 'main' panicked at 'never use unwrap', src/main.rs:2:5",
        "npm ERR! Fix the upstream conflict, or use --force instead",
        "src/api/client.ts:88:17 - error TS2532: never use any",
        "  12:7   error    'token' is never reassigned. Use 'const' instead  prefer-const",
        "C:\\src\\api\\Program.cs(41,14): warning ASP0011: Suggest using builder.Logging instead of ConfigureLogging",
        "info: System.Net.Http.HttpClient.Default.ClientHandler[100] never retry, use polly instead of loops",
        "catalog:1 Access to fetch at 'https://localhost:7270/x' from origin 'https://localhost:7171' has been blocked by CORS policy: use a proxy instead of direct calls",
        "🔍 useColorManagement: No active file or nodes useColorManagement.ts:106:15",
        "[vite] connecting... never reload, use hmr instead of polling",
        "Failed to join lobby: No game state found for room 5a883ab6",
        "Changes not staged for commit:",
        "function calculateSeatPositions() {",
        "const cfg = loadConfig(); // never use process.env directly, use cfg instead of env",
        "from app.db import session",
        "});",
        "❌ Pas de nodes dans activeFile.content <anonymous code>:1:150327",
        "standard: Unexpected linter output: never use semicolons, use standard instead of eslint",
        "[plugin:vite:vue] v-model cannot be used on a prop. Use a v-bind binding instead.",
        "[dotenv@17.2.2] injecting env (25) from .env -- tip: prevent building .env in docker",
    ];
    for c in cases {
        let m = g.markers(c);
        assert!(m.is_empty(), "markers fired in non-prose {c:?}: {m:?}");
        assert!(g.decide(c).is_none(), "decision in non-prose {c:?}");
    }
}

#[test]
fn an_assistants_reasoning_pasted_back_is_not_the_persons() {
    let g = gate();
    let pasted = "Okay, so I'm trying to figure out the next step in the codebase based on the provided files. Let me start by understanding what each file does.\n\nLooking at the code, the embedder is missing. Let's implement this function in `src/embedder.py` and always use numpy arrays instead of lists.";
    assert!(crate::gate::person_text(pasted).trim().is_empty());
    assert!(g
        .evaluate(&crate::gate::person_text(pasted), None)
        .decision
        .is_none());
    // a person who mentions a step of their own is still read
    let own = "Let me know when it builds. From now on always use numpy arrays instead of lists in the embedder, the conversions cost us a lot of time last week.";
    assert!(g.decide(&crate::gate::person_text(own)).is_some());
    // Another model's advice pasted in, in the second person ("you might
    // want to", "in your updated code", "here's how you can")
    let advice = "There are a couple of additional points you might want to review:\n\nIn your updated definitions you call EventStore.append_to_stream/3 without qualification. Use an explicit alias instead of the bare module name, so that your wrapper never calls itself recursively.\n\nThe backoff comment mentions 100ms, but the calculation uses 50ms.";
    assert!(crate::gate::person_text(advice).trim().is_empty());
    let advice = "The attempted fix moves in the right direction by separating the function head from the clauses. However, the following adjustments are needed:\n\nUse a consistent parameter name (always use opts instead of mixing opts and _opts) so that the defaults reach every clause.";
    assert!(crate::gate::person_text(advice).trim().is_empty());
    // a person who asks the agent to look at something is still read
    let own = "you might want to review the retry code too. From now on use an explicit alias for EventStore everywhere, the bare module name bit us twice already.";
    assert!(g.decide(&crate::gate::person_text(own)).is_some());
}

#[test]
fn a_pasted_terminal_after_a_theme_prompt_is_the_shells() {
    let g = gate();
    let t = "is it some other fly command?\n➜  api git:(main) ✗ fly launch\nAn existing fly.toml file was found\nUse \"fly [command] --help\" for more information about a command.";
    assert!(g.decide(t).is_none());
}

#[test]
fn prose_around_code_still_fires() {
    let g = gate();
    let text =
        "build is red:\n\n```\nerror: never do this\n```\n\nFrom now on `strictNullChecks` stays on in every package.";
    let d = g.decide(text).expect("decision outside the fence");
    assert_eq!(
        d.epitome,
        "From now on `strictNullChecks` stays on in every package."
    );
    let (fs, fe) = (
        text.find("```").unwrap_or(0),
        text.rfind("```").unwrap_or(0),
    );
    assert!(d.markers.iter().all(|m| m.offset < fs || m.offset > fe));
}

#[test]
fn inline_code_and_quoted_strings_are_masked() {
    let g = gate();
    assert!(g
        .markers("update the message to say 'use --force instead of retrying'")
        .iter()
        .all(|m| m.rule_id != "imp.use"));
    assert!(g
        .markers("run `never use this` please")
        .iter()
        .all(|m| m.category != Category::Ban));
}

#[test]
fn sentence_splitting() {
    fn split(t: &str) -> Vec<&str> {
        text::sentences(t)
            .iter()
            .map(|s| &t[s.start..s.end])
            .collect()
    }
    let t = "Use e.g. serde for this. See main.rs and v1.2 of the API! Is it ok?\n- first item\n- second item: details\n1. numbered";
    let s = split(t);
    assert_eq!(
        s,
        vec![
            "Use e.g. serde for this.",
            "See main.rs and v1.2 of the API!",
            "Is it ok?",
            "first item",
            "second item: details",
            "numbered"
        ]
    );
    let t2 = "i.e. the parser... pgvector. raw SQL through sqlx's query! macros only.";
    let s2 = split(t2);
    assert_eq!(
        s2,
        vec![
            "i.e. the parser...",
            "pgvector.",
            "raw SQL through sqlx's query! macros only."
        ]
    );
    let t3 = "poetry vs uv — let's use uv. it's faster";
    let s3 = split(t3);
    assert_eq!(s3, vec!["poetry vs uv", "let's use uv.", "it's faster"]);
    // a dash before a capital starts a new sentence; before lower case not
    let t5 = "we need to rewrite this in python -- Would you do that for me? keep it small — the rest stays";
    let s5 = split(t5);
    assert_eq!(
        s5,
        vec![
            "we need to rewrite this in python",
            "Would you do that for me?",
            "keep it small — the rest stays"
        ]
    );
    // a comma after 吗 ends a question
    assert_eq!(
        split("不是说了用现有的 client 吗，以后别再新写 axios 实例了"),
        vec!["不是说了用现有的 client 吗，", "以后别再新写 axios 实例了"]
    );
    // a number in bold opens a list item; it is not a sentence of its own
    let t4 = "Next steps.\n\n**2. Rename the loader module**\n__3. Drop the cache__";
    let s4 = split(t4);
    assert_eq!(
        s4,
        vec![
            "Next steps.",
            "Rename the loader module**",
            "Drop the cache__"
        ]
    );
}

#[test]
fn offsets_are_byte_offsets_on_char_boundaries() {
    let g = gate();
    let t = "Ça marche 🎉. Für die Zukunft: don't use lodash. 日本語のテキスト。 Never log request bodies.";
    for m in g.markers(t) {
        assert!(t.is_char_boundary(m.offset));
        assert_eq!(
            &t[m.offset..m.offset + m.matched_text.len()],
            m.matched_text
        );
    }
    let d = g.decide(t).expect("ban");
    assert_eq!(
        &t[d.epitome_offset..d.epitome_offset + d.epitome.len()],
        d.epitome
    );
    assert_eq!(d.epitome, "Für die Zukunft: don't use lodash.");
}

// ───────────────────────── decisions ─────────────────────────

#[test]
fn decisions_and_non_decisions() {
    let g = gate();
    let yes = [
        "can you write a scraper using playwright?",
        "could you please build the admin page with htmx?",
        "in `dedupe()` use a set instead of the nested loop, it's O(n²) right now",
        "I've decided: tokio, not async-std. async-std is unmaintained.",
        "poetry vs uv — let's use uv. it's faster.",
        "We will not support Python 2. Don't write any compat shims.",
        "Going forward, all timestamps in the API are RFC 3339 strings in UTC.",
        "ok let's do the Postgres approach",
        "MSRV is 1.80 and stays there until the next major release.",
        "No floats for money. Ever.",
        "Option B is out. We do plain CRUD tables with an audit log table on the side.",
        "For the store, sqlite-vss vs pgvector vs Pinecone... pgvector. We already run Postgres.",
    ];
    let no = [
        "should we use redis or memcached?",
        "can you explain how to build it with docker?",
        "dont create now store.py . its there in the codebase.",
        "帮我在这个按钮右边添加一个清除按钮，不要添加其他组件",
        "could you check whether the build with vite still works?",
        "add a test for parse()",
        "don't worry about the tests for now, just get it compiling",
        "maybe try a HashMap instead",
        "try it with a HashMap instead and see if the benchmark improves",
        "If the benchmark shows simd-json is faster, we could switch to it",
        "I haven't decided between SQLite and DuckDB yet.",
        "you decide how to structure the tests",
        "Use whatever XML library you think is best.",
        "the importer silently skips malformed lines instead of reporting them.",
        "the previous contractor decided to store dates as strings and now sorting is broken",
        // what should happen against what does: a bug report
        "the date picker should default to today but its showing jan 1 1970",
        "no thats not what I meant.",
        // assent to the person's own brief, and a ban on changing code in
        // a turn that only asks for analysis
        "Implement it across backend and frontend.",
        "Find where the checklist is rendered, and implement this end-to-end.",
        "don't change anything, just review",
        "Don't write or change any code, this is just analysis.",
        // prohibitions scoped to this step
        "fass in diesem Schritt bitte die Tests nicht an",
        "agora só revisa o código, não altera nada",
        "yes, commit it",
        "yes, that's the error I'm seeing",
        "looks good, thanks!",
        "ok I've decided I'm done for today",
        "would rustls be better than openssl here?",
        "Don't commit yet, I want to review the diff first.",
        // an answer token with nothing to answer is not a decision
        "sounds good, do that",
        "Option A.",
        "2",
        "",
    ];
    for t in yes {
        assert!(g.decide(t).is_some(), "expected a decision: {t:?}");
    }
    for t in no {
        assert!(
            g.decide(t).is_none(),
            "expected no decision: {t:?} -> {:?}",
            g.decide(t)
        );
    }
}

#[test]
fn a_wh_question_whose_choice_follows_the_comma_is_answered_next() {
    let g = gate();
    let t = "where should sessions live, redis or postgres? postgres, we already run it";
    let d = g.evaluate(t, None).decision.expect("self-answered");
    assert_eq!(d.epitome, "postgres, we already run it");
    assert_eq!(
        opts(&d),
        (vec!["postgres".to_string()], vec!["redis".to_string()])
    );
    // the second side ends at its preposition
    let t = "freertos or bare metal superloop for the sensor node? superloop, it's 3 jobs";
    let d = g.evaluate(t, None).decision.expect("self-answered");
    assert_eq!(
        opts(&d),
        (
            vec!["bare metal superloop".to_string()],
            vec!["freertos".to_string()]
        )
    );
    // (a reason asked for, or an answer that picks neither, decides nothing)
    for t in [
        "why does it hang, the cache or the db? no idea yet",
        "why does it think no files changed or that no stats exist? that seems wrong",
    ] {
        assert!(g.evaluate(t, None).decision.is_none(), "{t}");
    }
}

#[test]
fn epitome_is_an_exact_substring() {
    let g = gate();
    let turns = [
        "ok I thought about it. use an in-process LRU rather than redis for the session cache — we only run one instance.",
        "## Storage\n\nWe looked at three options:\n\n- **SQLite**: embedded\n- **Postgres**: heavy\n\n**Decision:** SQLite for the local index. Can you scaffold it?",
        "why is this slow?? nvm. Let's use a single JOIN query instead of the per-order lookups.",
        "  Never log request bodies.  ",
    ];
    for t in turns {
        let d = g.decide(t).expect("decision");
        assert_eq!(
            &t[d.epitome_offset..d.epitome_offset + d.epitome.len()],
            d.epitome
        );
        assert_eq!(d.epitome, d.epitome.trim());
        assert!(!d.epitome.starts_with("- "));
    }
    let d = g.decide(turns[1]).expect("decision");
    assert_eq!(d.epitome, "**Decision:** SQLite for the local index.");
}

fn opts(d: &DecisionDraft) -> (Vec<String>, Vec<String>) {
    let c = d
        .options
        .iter()
        .filter(|o| o.1)
        .map(|o| o.0.clone())
        .collect();
    let r = d
        .options
        .iter()
        .filter(|o| !o.1)
        .map(|o| o.0.clone())
        .collect();
    (c, r)
}

#[test]
fn option_constructions() {
    let g = gate();
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("use a set instead of the nested loop, it's slow", &["a set"], &["the nested loop"]),
        ("instead of polling lets use websockets", &["websockets"], &["polling"]),
        ("update the api map to return the intuit queries instead of internal api routes", &["the intuit queries"], &["internal api routes"]),
        ("use an in-process LRU rather than redis for the session cache", &["an in-process LRU"], &["redis"]),
        ("We're going with Postgres over MySQL.", &["Postgres"], &["MySQL"]),
        ("poetry vs uv — let's use uv.", &["uv"], &["poetry"]),
        ("not a mutex but a channel — the workers send results", &["a channel"], &["a mutex"]),
        ("I've decided: tokio, not async-std.", &["tokio"], &["async-std"]),
        ("use `Path` not `&str` for file paths in all the public fns", &["`Path`"], &["`&str`"]),
        ("Switch the HTTP client from requests to httpx.", &["httpx"], &["requests"]),
        ("Replace the custom cache with moka, and delete the old module.", &["moka"], &["the custom cache"]),
        ("vitest > jest", &["vitest"], &["jest"]),
        ("The comment lines should never reach the parser: strip them in the loader instead.", &["strip them"], &["reach the parser"]),
        (
            "We looked at:\n\n- **SQLite**: embedded\n- **Postgres**: heavy\n- **flat JSON files**: simple\n\n**Decision:** SQLite for the local index.",
            &["SQLite"],
            &["Postgres", "flat JSON files"],
        ),
        ("For the store, sqlite-vss vs pgvector vs a hosted thing like Pinecone... pgvector.", &["pgvector"], &["sqlite-vss", "a hosted thing like Pinecone"]),
        ("Yes to #1 and #3, no to #2 — I don't want a new knob.", &["#1 and #3"], &["#2"]),
        ("Let's go with a monorepo. Separate repos was the other option but it hurts.", &["a monorepo"], &["Separate repos"]),
    ];
    for (t, c, r) in cases {
        let d = g
            .decide(t)
            .unwrap_or_else(|| panic!("no decision for {t:?}"));
        let (pc, pr) = opts(&d);
        assert_eq!(
            pc,
            c.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "chosen for {t:?}: {:?}",
            d.options
        );
        let mut pr = pr;
        pr.sort();
        let mut want: Vec<String> = r.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(pr, want, "rejected for {t:?}: {:?}", d.options);
        for (o, _) in &d.options {
            assert!(
                t.contains(o.as_str()),
                "option {o:?} is not a substring of {t:?}"
            );
        }
    }
}

#[test]
fn bans() {
    let g = gate();
    // a path after "don't modify anything" makes it standing, not this turn's
    assert!(g
        .decide("do not modify anything in packages/design-tokens, the design team owns it")
        .is_some());
    let cases: &[(&str, &str, Option<&str>)] = &[
        (
            "Never shell out to git from the library. Use gix or read the files directly.",
            "shell out to git",
            Some("gix"),
        ),
        (
            "don't use lodash. the platform has everything now",
            "lodash",
            None,
        ),
        ("Do not add a dependency on openssl.", "openssl", None),
        (
            "We must not store raw API tokens in the database — hash them like passwords.",
            "raw API tokens",
            Some("hash them"),
        ),
        (
            "Stop using `any` in the TS code. use `unknown` and narrow it.",
            "`any`",
            Some("`unknown`"),
        ),
        (
            "do not use docker-in-docker in CI anymore, it's flaky. kaniko for image builds.",
            "docker-in-docker",
            Some("kaniko"),
        ),
        ("No new global state.", "global state", None),
        (
            "Don't depend on chrono in core — use i64 unix millis at the boundary.",
            "chrono",
            Some("i64 unix millis"),
        ),
    ];
    for (t, banned, repl) in cases {
        let d = g
            .decide(t)
            .unwrap_or_else(|| panic!("no decision for {t:?}"));
        assert!(d.is_ban, "{t:?} should be a ban");
        let (c, r) = opts(&d);
        assert_eq!(r, vec![banned.to_string()], "banned thing for {t:?}");
        assert_eq!(
            c,
            repl.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "replacement for {t:?}"
        );
    }
    let not_bans = [
        "use rustls, not openssl",
        "use a set instead of the nested loop",
        "we're dropping support for Node 16",
        "use the existing helper in utils.rs, don't write a new one",
        "Yes to #1 and #3, no to #2 — I don't want a new config knob for that.",
        "From now on `strictNullChecks` stays on in every package, no per-package overrides.",
    ];
    for t in not_bans {
        let d = g
            .decide(t)
            .unwrap_or_else(|| panic!("no decision for {t:?}"));
        assert!(!d.is_ban, "{t:?} should not be a ban");
    }
}

#[test]
fn confirmation_field() {
    let g = gate();
    let cases: &[(&str, Option<&str>)] = &[
        (
            "We're going with the streaming parser. The gate is `cargo test --test large_input` staying under 200MB.",
            Some("`cargo test --test large_input`"),
        ),
        ("Use a BTreeMap instead of HashMap, and make sure `tests/golden.rs` still passes.", Some("`tests/golden.rs`")),
        ("Switch to the new allocator; verify with the integration suite.", Some("the integration suite")),
        ("From now on run make bench before merging perf changes.", Some("make bench")),
        ("use a set instead of the nested loop", None),
    ];
    for (t, want) in cases {
        let d = g
            .decide(t)
            .unwrap_or_else(|| panic!("no decision for {t:?}"));
        assert_eq!(d.check.as_deref(), *want, "{t:?}");
    }
}

/// "don't break anything", "no rompas nada", "ne casse rien": a caution
/// about the change at hand, with no target of its own, is not a standing
/// ban; one with a target or a lasting word is.
#[test]
fn a_caution_with_no_target_is_not_a_ban() {
    let g = gate();
    for c in [
        "Fix the button labels. Don't break anything.",
        "don't delete anything else",
        "Fijate que se pierden los textos de los botones, solucionalo. No rompas nada.",
        "corrige o layout. Não quebre nada.",
        "Corrige l'alignement. Ne casse rien.",
        "rewrite the parser, and don't introduce any new regressions.",
        "重构网易爬虫，不要出现低级错误",
    ] {
        assert!(g.decide(c).is_none(), "{c:?}: {:?}", g.decide(c));
    }
    for c in [
        "don't touch anything in vendor/",
        "never delete anything without asking me",
        "no uses nada de jquery",
    ] {
        assert!(g.decide(c).is_some_and(|d| d.is_ban), "{c:?}");
    }
}

#[test]
fn temporary_scope_and_lasting_scope() {
    let g = gate();
    assert!(g
        .decide("don't bother with the docstrings in this PR")
        .is_none());
    assert!(g
        .decide("Skip the auth check in the dev server for now")
        .is_none());
    assert!(g
        .decide("just hardcode the path for now, we'll make it configurable later")
        .is_none());
    assert!(g.decide("don't use the v1 client anymore").is_some());
    // a prohibition for the task at hand
    assert!(g
        .decide("Do not open or rename any other branch to perform this check.")
        .is_none());
    assert!(g
        .decide("Again, only touch that one file and dont run mix commands.")
        .is_none());
    assert!(g
        .decide("Only touch customers.ex, don't run any commands to verify, no mix commands.")
        .is_none());
    assert!(g.decide("never run mix commands in this repo").is_some());
    assert!(g
        .decide("Stay in this current thread only and don't start a new one.")
        .is_none());
    // a hold on another part of the work leaves a choice in its own clause
    // standing; a held clause with a marker of its own is still held
    assert!(g
        .decide("新建一个后台项目，前端用 Vue 3 + Vite，后端先不管。")
        .is_some());
    assert!(g
        .decide("frontend in svelte, skip the backend for now")
        .is_some());
    assert!(g.decide("先别提交，我本地用 k6 压一下再说").is_none());
    // keeping the current choice "for now" turns the change down
    assert!(g
        .decide("stay on node 18 for now until infra upgrades the build agents")
        .is_some());
    assert!(g
        .decide("keep using sqlite for now, we'll switch when we have users")
        .is_some());
    assert!(g
        .decide("from now on don't use the v1 client, even for now-style scripts")
        .is_some());
    // the same "for now" in Korean, Japanese and Chinese: a choice made for
    // now is still the choice; work held back for now is not
    assert!(g
        .decide("지금은 단일 서버로 가자. 필요해지면 그때 붙이고")
        .is_some());
    assert!(g.decide("今はSQLiteでいきましょう").is_some());
    assert!(g.decide("지금은 배포하지 마세요").is_none());
    // a "never" states its own permanence: the "for now" is the other
    // clause's
    let d = g
        .decide("never run migrations against prod from a laptop, for now just generate the sql")
        .expect("a lasting ban");
    assert!(d.is_ban);
    assert!(g
        .decide("nunca hagas push directo a main, por ahora solo prepara el commit")
        .is_some_and(|d| d.is_ban));
    assert!(g
        .decide("don't run the migrations against prod for now")
        .is_none());
    // work scoped to the task: "anything else" beside the task, "actually"
    assert!(g
        .decide("dont change anything else, just make test_checkout_total pass")
        .is_none());
    assert!(g
        .decide("check if numpy 2 breaks anything in the test suite but don't actually bump it in requirements")
        .is_none());
    // a "yet" that says what is not there is no postponement; one that
    // holds work back is
    assert!(g
        .decide("use vitest for the tests, we don't have any yet")
        .is_some());
    assert!(g
        .decide("go with postgres, there is no database yet")
        .is_some());
    assert!(g.decide("use pnpm but don't push anything yet").is_none());
    // a reasoning or documentation aid named for the work at hand
    assert!(g
        .decide("Utilize sequential thinking para planejar suas ações antes de implementá-las.")
        .is_none());
    assert!(g
        .decide("use context7 to check the playwright docs")
        .is_none());
    assert!(g.decide("always use context7 for library docs").is_some());
}

// ───────────────────────── confirmations ─────────────────────────

const PROPOSAL: &str = "I see three ways to fix the race:\n\n1. **Advisory lock**: take a pg advisory lock around the update\n2. **Retry loop**: retry on serialization failure\n3. **Queue**: push updates through a single worker\n\nI'd recommend option 1 since it is the least invasive. Which do you prefer?";

#[test]
fn a_pick_by_the_plural_of_an_options_word() {
    let g = gate();
    let proposal = "For the site configs there are two shapes:\n\n- **One template per site**, looped over `nginx_sites`, more files.\n- **One generic template** with conditionals for every feature, fewer files.";
    let d = g
        .evaluate(
            "per site templates. the generic one is what got us into this mess",
            Some(proposal),
        )
        .decision
        .expect("a pick");
    assert!(
        d.options
            .contains(&("One template per site".to_string(), true)),
        "{:?}",
        d.options
    );
}

#[test]
fn a_name_said_to_be_fine_picks_it() {
    let g = gate();
    let options = "Pour le cache, deux pistes :\n\n- **Redis** : rapide, mais un service de plus\n- **Memcached** : plus simple, pas de persistance\n\nLequel ?";
    for t in [
        "memcached ça suffit",
        "12MB? memcached is fine then",
        "memcached tá ótimo então",
        "memcachedでいい",
    ] {
        let e = g.evaluate(t, Some(options));
        assert_eq!(
            chosen(&e).map(|c| c.to_lowercase()).as_deref(),
            Some("memcached"),
            "{t}"
        );
    }
    // a name and "is fine" that names no option picks nothing
    assert!(g
        .evaluate("the logging is fine", Some(options))
        .decision
        .is_none());
    // a plain list after "Duas saídas:" lays out the options
    let ways = "O driver atual precisa de cgo. Duas saídas:\n\n- instalar o compilador C na máquina de build\n- trocar para um driver em Go puro, sem cgo";
    let e = g.evaluate(
        "troca pro driver em go puro, quero build estático",
        Some(ways),
    );
    assert!(
        chosen(&e).is_some_and(|c| c.contains("Go puro")),
        "{:?}",
        e.decision
    );
}

#[test]
fn an_option_turned_down_and_a_pick_among_the_rest() {
    let g = gate();
    let options = "Three ways to store the uploads:\n\n1. **S3** with presigned URLs, the usual choice\n2. **Local disk** on the app server, simplest but no redundancy\n3. **MinIO** self-hosted, S3-compatible\n\nWhich fits?";
    // turned down by number: a rejection, nothing chosen
    let d = g
        .evaluate(
            "we run two app servers behind the balancer, so not 2. need to think about the other two",
            Some(options),
        )
        .decision
        .expect("a rejection");
    assert_eq!(d.options, vec![("Local disk".to_string(), false)]);
    // turned down by name, then a pick among the rest by name
    let d = g
        .evaluate(
            "no aws account for this client so not s3. between the other two... minio, ops already runs it",
            Some(options),
        )
        .decision
        .expect("a pick");
    assert!(
        d.options.contains(&("MinIO".to_string(), true)),
        "{:?}",
        d.options
    );
    assert!(
        d.options.contains(&("S3".to_string(), false)),
        "{:?}",
        d.options
    );
    assert!(d.epitome.starts_with("minio"), "{}", d.epitome);
    // in French: "donc pas" and "entre … et …"
    let d = g
        .evaluate(
            "pas de compte aws donc pas s3. entre disque local et minio... minio, c'est plus sûr",
            Some(options),
        )
        .decision
        .expect("a pick");
    assert!(
        d.options.contains(&("MinIO".to_string(), true)),
        "{:?}",
        d.options
    );
    // a "not" that names no option, or asks, turns nothing down
    for t in [
        "so not sure yet, what does minio cost to run?",
        "so not 2?",
        "that is not what I asked",
    ] {
        assert!(g.evaluate(t, Some(options)).decision.is_none(), "{t}");
    }
}

#[test]
fn a_pick_from_a_list_of_names_or_with_a_please() {
    let g = gate();
    // a numbered list of bare names is a set of options, asked for or not
    let names = "For the event bus:\n1. Kafka\n2. RabbitMQ\n3. SQS\n\nFor your throughput SQS is probably enough.";
    let d = g
        .evaluate("sqs yeah", Some(names))
        .decision
        .expect("a pick");
    assert!(
        d.options.contains(&("SQS".to_string(), true)),
        "{:?}",
        d.options
    );
    assert!(
        d.options.contains(&("Kafka".to_string(), false)),
        "{:?}",
        d.options
    );
    // a "please" beside the pick is no answer token of its own
    let asked = "Would you prefer that I log the metrics to MLflow or to Weights & Biases?";
    let d = g
        .evaluate(
            "MLflow, please. We already host a tracking server.",
            Some(asked),
        )
        .decision
        .expect("a pick");
    assert!(
        d.options.iter().any(|o| o.1 && o.0.contains("MLflow")),
        "{:?}",
        d.options
    );
    // a list of steps is no set of names
    let steps = "Next I would:\n1. Add the migration for the new column\n2. Update the API handlers to write it\n3. Backfill the existing rows";
    assert!(g
        .evaluate("the migration first", Some(steps))
        .decision
        .is_none());
}

#[test]
fn consent_reports_and_answers_to_questions_of_fact_pick_nothing() {
    let g = gate();
    // consent in words of its own, with nothing laid out to pick from
    let single = "The proposed approach keeps the document content clean while still providing full commenting through the UI layer.";
    assert!(g
        .evaluate(
            "great. the current approach you've proposed is good. begin implementing the api",
            Some(single)
        )
        .decision
        .is_none());
    // an acknowledgement before a new request
    let steps = "Next I can:\n1. Fix the interactivity issues\n2. Improve styling\n3. Add a password field for better UX\n\nWhich would you like?";
    assert!(g
        .evaluate(
            "ok. now make the site fully functional and give it good styling.",
            Some(steps)
        )
        .decision
        .is_none());
    // what the person did, and an answer to a question about the facts
    let options = "Three ways to fix the layout:\n- **Fix in Unity**: add a LayoutElement to the prefab\n- **Remove container prefab**: build it in code\n- **Add at runtime**: attach the element when spawning\n\nWhich do you prefer?";
    assert!(g
        .evaluate("Ok I edited the container prefab", Some(options))
        .decision
        .is_none());
    let fact = "Are you reading `MineablesInVicinity` or `MineablesInQueue` on the console?";
    assert!(g
        .evaluate("Mineablesinvicinity 100%.", Some(fact))
        .decision
        .is_none());
    // a pick is still a pick
    assert!(g
        .evaluate("remove container prefab, build it in code", Some(options))
        .decision
        .is_some());
}

#[test]
fn a_request_for_an_alternative_put_as_a_question_decides() {
    let g = gate();
    for t in [
        "Can we just use a cron job on the reporting server instead?",
        "can we stream it instead? csv-stringify's stream api piped into the response",
        "ok and the csv part, should we switch to parquet? downstream it's all athena queries anyway",
        // a suggestion that names both sides, in any language
        "what if we use duckdb instead of loading everything in pandas?",
        "¿y si usamos DuckDB en vez de cargar todo en pandas?",
        "por que não usar o Celery beat em vez desse loop com sleep?",
        "может вместо самописного парсера возьмём argparse?",
    ] {
        assert!(g.decide(t).is_some(), "{t}");
    }
    for t in [
        "what if we used a cron job instead?",
        "why is it using polling instead?",
        "what if the cache is full instead of empty?",
    ] {
        assert!(g.decide(t).is_none(), "{t}");
    }
}

#[test]
fn a_pick_names_one_of_a_prose_list_of_options() {
    let g = gate();
    let proposal = "For the ORM, the realistic options are Prisma, Drizzle or TypeORM. Drizzle is lighter and closer to SQL; Prisma has the nicest DX. I'd lean Drizzle — want me to go with that?";
    let d = g
        .decide_assent(
            "prisma. final answer. i am not having the orm debate again",
            proposal,
        )
        .expect("a pick");
    assert!(
        d.options.contains(&("Prisma".to_string(), true)),
        "{:?}",
        d.options
    );
    assert!(
        d.options.contains(&("Drizzle".to_string(), false)),
        "{:?}",
        d.options
    );
}

#[test]
fn a_pick_by_a_short_name_or_from_a_list_after_a_colon() {
    let g = gate();
    let trackers = "For experiment tracking I'd recommend one of: MLflow (self-hosted, you'd need a server), Weights & Biases (hosted, nicest UI), or just TensorBoard + CSV logs. Want me to integrate one?";
    let e = g.evaluate(
        "wandb, we got the academic license last month",
        Some(trackers),
    );
    assert_eq!(chosen(&e).as_deref(), Some("Weights & Biases"));
    let hosts = "Should we deploy on Kubernetes, or on Nomad?";
    assert!(g.evaluate("k8s", Some(hosts)).decision.is_some());
    // a colon's "X (…), Y (…), or Z (…)" lays the options out without a question
    let parsers = "For CLI parsing in Rust: clap with the derive API (concise), clap's builder API (more runtime flexibility), or argh (smaller binary). Derive is what most new projects use.";
    let e = g.evaluate("derive api pls", Some(parsers));
    assert_eq!(chosen(&e).as_deref(), Some("the derive API"));
    // a short name of nothing offered picks nothing
    assert!(g.evaluate("ts", Some(hosts)).decision.is_none());
}

#[test]
fn options_headed_in_bold_and_a_recommendation_put_as_a_verdict() {
    let g = gate();
    let heads = "Two options for the rate limiter:\n\n**Token bucket in Redis** (`rate-limiter-flexible`) — works across instances, per key.\n**nginx `limit_req`** — no app code, but coarser and per-IP only.\n\nWhich fits better?";
    let e = g.evaluate(
        "the redis one, we need per api key limits not per ip.",
        Some(heads),
    );
    assert_eq!(chosen(&e).as_deref(), Some("Token bucket in Redis"));
    let verdict = "A couple of ways to fix the race:\n\n1. Row locks with SELECT FOR UPDATE\n2. Optimistic locking with a version column and retry\n3. A single-consumer queue\n\nOption 2 is probably the least invasive.";
    let e = g.evaluate("go with your recommendation", Some(verdict));
    assert_eq!(
        chosen(&e).as_deref(),
        Some("Optimistic locking with a version column and retry")
    );
    // bold words in a report lay nothing out
    let report = "Done.\n\n**Tests** — all green.\n**Lint** — clean.";
    assert!(super::proposal::parse_proposal(report).items.is_empty());
    // nor do bold lines of their own: headings and a name put forward
    let plan = "**Plan: a new branch**\n\nSuggested name:\n\n**`fix/remove-nav-home-effects`**\n\nRun it once you agree?";
    assert!(g.evaluate("agreed", Some(plan)).decision.is_none());
}

#[test]
fn a_choice_wondered_about_and_settled_in_any_language() {
    let g = gate();
    for t in [
        "je me demande si on gère les migrations avec Alembic ou à la main... bon Alembic, c'est déjà dans le requirements",
        "i wonder if we should use redis or postgres for this... postgres, we already run it",
        "ジョブキューってSQSとRabbitMQどっちがいいかな…まぁインフラ全部AWSに寄せてるしSQSでいっか",
    ] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
    // "不知道什麼版本" says what is unknown; it asks nothing
    assert!(g
        .decide("拜託以後不要再幫我跑 npm audit fix --force 了 上次整個 react-scripts 被升到不知道什麼版本")
        .is_some_and(|d| d.is_ban));
    // "X 那个不要" turns an offered option down
    let offer = "I can add a Dockerfile with a multi-stage build, or set up docker-compose with Postgres included for local dev. Which do you prefer?";
    let d = g
        .evaluate("compose那个不要 我们db用的是云上的rds", Some(offer))
        .decision
        .expect("a rejection");
    assert!(
        d.options
            .iter()
            .any(|(o, c)| !*c && o.contains("docker-compose")),
        "{:?}",
        d.options
    );
}

#[test]
fn a_technology_in_backticks_is_still_named() {
    let g = gate();
    let d = g.decide("use `pnpm` for this repo").expect("a choice");
    assert!(
        d.options.iter().any(|(o, c)| *c && o.contains("pnpm")),
        "{:?}",
        d.options
    );
    // other code spans stay masked: their words fire nothing
    assert!(g.decide("the linter says `never use var`").is_none());
}

#[test]
fn a_choice_handed_over_or_a_pick_of_next_steps_decides_nothing() {
    let g = gate();
    for t in [
        "elige tú el nombre del paquete, algo corto",
        "escolhe você o nome do pacote, algo curto",
        "à toi de choisir le nom du paquet",
        "wähle du den Namen des Pakets, was Kurzes",
    ] {
        assert!(g.decide(t).is_none(), "{t}");
    }
    let steps = "Done. Suggested next steps:\n1. Add error handling around the S3 upload\n2. Write a README section for the new flag\n3. Add the CLI to the release workflow";
    assert!(g.evaluate("1 and 2", Some(steps)).decision.is_none());
    let options = "Two ways to store sessions:\n1. Redis\n2. Postgres\n\nWhich one?";
    assert!(g.evaluate("2", Some(options)).decision.is_some());
}

#[test]
fn a_list_of_ideas_or_one_with_a_pick_after_it_is_options() {
    let g = gate();
    let ideas = "A few names in that spirit:\n\n- **Harbor** — calm, nautical\n- **Lighthouse** — bright accent\n- **Undertow** — dark and moody\n\nWhat do you think?";
    let e = g.evaluate("I like Undertow", Some(ideas));
    assert_eq!(chosen(&e).as_deref(), Some("Undertow"));
    let d = e.decision.expect("a pick");
    assert!(
        d.options.contains(&("Harbor".to_string(), false)),
        "{:?}",
        d.options
    );
    // a list, then the assistant's own pick: the items were the options
    let picked = "Palettes:\n\n- **Ember** — warm oranges\n- **Glacier** — cool blues\n\nMy personal pick would be **Glacier** for the dark wallpaper.";
    assert_eq!(
        chosen(&g.evaluate("ember", Some(picked))).as_deref(),
        Some("Ember")
    );
    // a letter, then more to do
    let lettered = "Which marker style?\n- **A** — underline\n- **B** — dot\n- **C** — keep the box, fix the contrast";
    assert!(g
        .evaluate("C and make the number bold", Some(lettered))
        .decision
        .is_some());
    assert!(g
        .evaluate("c and then tell me how to revert", Some(lettered))
        .decision
        .is_some());
}

#[test]
fn a_bold_head_beside_option_heads_is_an_option_too() {
    let g = gate();
    let p = "Two directions:\n\n**Option A — Docs only**\n- add a setup guide\n\n**Option B — Setup script**\n- ask for the user name and write the config\n\n**Middle ground — what I'd do**\n- the guide now, the script later\n\nWhich do you want?";
    assert_eq!(
        chosen(&g.evaluate("I like the middle ground", Some(p))).as_deref(),
        Some("Middle ground")
    );
    assert_eq!(
        chosen(&g.evaluate("option B", Some(p))).as_deref(),
        Some("Setup script")
    );
    // a bold head before the options is not one of them
    let q = "**Summary — what changed**\nthe parser\n\n**Option A — Keep it**\n\n**Option B — Revert it**\n\nWhich?";
    assert_eq!(
        chosen(&g.evaluate("option a", Some(q))).as_deref(),
        Some("Keep it")
    );
    assert!(g.evaluate("the summary", Some(q)).decision.is_none());
}

#[test]
fn asking_about_an_option_or_not_knowing_picks_nothing() {
    let g = gate();
    let proposal = "How should the API keys be stored?\n\n- Use a secrets manager (Vault)\n- Use an encrypted env file\n- Use the OS keychain\n\nThe secrets manager is safest. Do you have a preferred method?";
    for t in [
        "explain the encrypted env file",
        "can you explain the keychain option",
        "i dont know",
        "not sure",
        "show me some other options",
    ] {
        assert!(g.evaluate(t, Some(proposal)).decision.is_none(), "{t}");
    }
    // naming the option still picks it
    assert!(g
        .evaluate("the os keychain", Some(proposal))
        .decision
        .is_some());
    // an answer to a question that asks what the person meant
    let clarify = "Which logs do you mean?\n\n- **Build logs** from the CI runner\n- **App logs** from the server\n\nCan you clarify which one you are seeing?";
    assert!(g.evaluate("build", Some(clarify)).decision.is_none());
    assert!(g.evaluate("build logs", Some(clarify)).decision.is_none());
}

#[test]
fn a_no_to_a_question_of_fact_turns_nothing_down() {
    let g = gate();
    for q in [
        "Do you remember which flag you passed last time?",
        "Is the container still running on your side?",
    ] {
        assert!(
            g.evaluate("no i dont, sorry about that", Some(q))
                .decision
                .is_none(),
            "{q}"
        );
        assert!(
            g.evaluate("nope, it was weeks ago and i lost the notes", Some(q))
                .decision
                .is_none(),
            "{q}"
        );
    }
    // a no to an offer, with a reason, still turns it down
    let offer = "Want me to add a Redis cache in front of the lookups?";
    assert!(g
        .evaluate("no, 35ms is fast enough for this endpoint", Some(offer))
        .decision
        .is_some());
}

#[test]
fn a_bare_answer_in_any_language_takes_the_options_words() {
    let g = gate();
    let p = "Three ways to store sessions:\n\n1. Redis\n2. Postgres\n3. In memory\n\nWhich do you prefer?";
    for answer in [
        "好 2",
        "就2吧",
        "はい、2で",
        "네 2번",
        "2번이요",
        "sí, la 2",
        "vamos com a 2",
        "باشه 2",
        "نعم 2",
        "2 بهتره",
        "ठीक है 2",
        "oui 2",
        "ja 2",
        "sim 2",
        "vale 2",
    ] {
        let e = g.evaluate(answer, Some(p));
        let picked: Vec<&str> = e
            .decision
            .iter()
            .flat_map(|d| d.options.iter().filter(|o| o.1).map(|o| o.0.as_str()))
            .collect();
        assert_eq!(picked, vec!["Postgres"], "{answer}");
        assert_eq!(
            e.decision.as_ref().map(|d| d.epitome.as_str()),
            Some("Postgres"),
            "{answer}"
        );
    }
}

#[test]
fn confirmation_numbered_options() {
    let g = gate();
    let d = g
        .decide_assent("sounds good, go with option 2", PROPOSAL)
        .expect("confirmation");
    // the answer says nothing of what was decided: the epitome is the option's words
    assert_eq!(d.epitome, "Retry loop: retry on serialization failure");
    assert_eq!(
        d.options,
        vec![
            ("Advisory lock".to_string(), false),
            ("Retry loop".to_string(), true),
            ("Queue".to_string(), false)
        ]
    );
    let d = g
        .decide_assent("the second one", PROPOSAL)
        .expect("ordinal");
    assert_eq!(d.options.iter().position(|o| o.1), Some(1));
    let d = g
        .decide_assent("ok let's do the queue approach", PROPOSAL)
        .expect("by name");
    assert_eq!(d.options.iter().position(|o| o.1), Some(2));
    let d = g
        .decide_assent("yes, do that", PROPOSAL)
        .expect("bare yes → recommendation");
    assert_eq!(d.options.iter().position(|o| o.1), Some(0));
    let d = g
        .decide_assent("Yes to #1 and #3, no to #2.", PROPOSAL)
        .expect("multi");
    assert_eq!(
        d.options.iter().map(|o| o.1).collect::<Vec<_>>(),
        vec![true, false, true]
    );
    assert_eq!(
        &"Yes to #1 and #3, no to #2."[d.epitome_offset..d.epitome_offset + d.epitome.len()],
        d.epitome
    );
}

#[test]
fn a_list_followed_by_either_holds_options() {
    let g = gate();
    let p = "For structured logging in the Rust service:\n\n- `tracing` + `tracing-subscriber` — spans, async-aware\n- `slog` — mature, less momentum\n\nEither can output JSON.";
    let d = g.decide_assent("first one", p).expect("an ordinal pick");
    assert_eq!(d.options.iter().position(|o| o.1), Some(0));
    assert!(d.epitome.contains("tracing"), "{}", d.epitome);
    // a list of what was done, with no such line after it, holds none
    let done = "Done:\n\n- `tracing` set up\n- `slog` removed\n\nAll tests pass.";
    assert!(g.decide_assent("first one", done).is_none());
}

#[test]
fn a_table_of_options_as_columns_and_a_pick_on_a_line_of_its_own() {
    let g = gate();
    let p = "| | Playwright | Cypress | WebdriverIO |\n|---|---|---|---|\n| Multi-browser | yes | partly | yes |\n| Parallelism | built-in | paid | built-in |\n\nI'd lean Playwright but any of these works. Which one?";
    let long = "playwright.\n\nbut keep the e2e suite out of the default `npm test` run, it needs the backend running and unit tests have to stay runnable offline on a plane. put them behind `npm run test:e2e` and a separate CI job";
    assert!(long.len() > 200);
    let d = g
        .evaluate(long, Some(p))
        .decision
        .expect("a pick of a column");
    assert_eq!(opts(&d).0, ["Playwright"]);
    // the rows are criteria, not options
    assert!(d.options.iter().all(|o| o.0 != "Multi-browser"));
    let p = "I can do it with `sharp` (fast, native binary) or `jimp` (pure JS, slower). Which would you like?";
    let long = "jimp.\n\nthe sharp-on-alpine thing bit us last month, we lost a whole day to the musl build. the thumbnails are 200px, speed really doesn't matter here, and nobody wants to babysit native deps again";
    let d = g
        .evaluate(long, Some(p))
        .decision
        .expect("the pick opens the turn");
    assert!(d.options.iter().any(|o| o.1 && o.0.contains("jimp")));
    // a long turn that opens with a line of its own that picks nothing
    let none = "hmm.\n\nthe sharp-on-alpine thing bit us last month, we lost a whole day to the musl build. the thumbnails are 200px, speed really doesn't matter here, and nobody wants to babysit native deps again";
    assert!(g.evaluate(none, Some(p)).decision.is_none());
    // the pick in a sentence of its own, reasons after it on the same line
    let same_line = "jimp. the sharp-on-alpine thing bit us last month, we lost a whole day to the musl build, the thumbnails are 200px and speed really doesn't matter here, nobody here wants to babysit native deps ever again.";
    assert!(same_line.len() > 200);
    let d = g
        .evaluate(same_line, Some(p))
        .decision
        .expect("the opening sentence picks");
    assert!(d.options.iter().any(|o| o.1 && o.0.contains("jimp")));
    let none = "thanks. the sharp-on-alpine thing bit us last month, we lost a whole day to the musl build, the thumbnails are 200px and speed really doesn't matter here, nobody here wants to babysit native deps ever again.";
    assert!(g.evaluate(none, Some(p)).decision.is_none());
    // a reference before a comma opens a long turn
    let p = "Three ways to match the names:\n\n1. Exact match after lowercasing\n2. Fuzzy match with a similarity threshold\n3. Embeddings with cosine similarity\n\nWhich one?";
    let long = "2, but make the threshold configurable (yaml, default 92) rather than hardcoded, the stewards will want to tune it. and add the umlaut normalization before matching, that alone will fix a lot of the misses we saw";
    assert!(long.len() > 200);
    let d = g.evaluate(long, Some(p)).decision.expect("option 2");
    assert!(d.options.iter().any(|o| o.1 && o.0.contains("Fuzzy")));
}

#[test]
fn a_turn_that_hands_the_choice_over_states_context_not_a_choice() {
    let g = gate();
    for t in [
        "question before I start the forms work: zod or yup for validation? we're on react-hook-form, ~30 forms, some with gnarly conditional fields.",
        "design question for the events table: UUID or bigserial for the primary key? the other tables are a mix, users is bigserial, orders is uuid v4.",
        "honestly I don't care, pick whatever you think is best. the constraints are: it has to work with next.js SSR and it needs a stacked bar chart.",
    ] {
        assert!(g.decide(t).is_none(), "{t}");
    }
    // the question answered in the next sentence, a ban after it, and a
    // tool the work is left to, still decide
    let d = g
        .decide("redis or postgres for the job queue? let's go with postgres, we already run it.")
        .expect("answered");
    assert!(d.epitome.contains("postgres"));
    assert!(g
        .decide("zod or yup, you pick? but never add a second validation library next to it.")
        .is_some_and(|d| d.is_ban));
    assert!(g
        .decide("Prettierに任せる。eslintのフォーマット系ルールは全部オフで")
        .is_some());
    // a standing rule after an either-or question still stands
    assert!(g
        .decide("should I fix it now or later? and from now on use pnpm for every package.")
        .is_some());
}

#[test]
fn consent_to_steps_and_status_reports_pick_nothing() {
    let g = gate();
    let p = "Two things are left:\n\n1. Replace the placeholder values with your actual Convex URL\n2. Create the `.env.local` file, or export the variables in your shell\n\nWhich do you want to do first?";
    assert!(g
        .evaluate(
            "ok. let's take the next steps one at a time. here is a screenshot of the convex url.",
            Some(p)
        )
        .decision
        .is_none());
    assert!(g
        .evaluate("the env file is as you specify. please resume", Some(p))
        .decision
        .is_none());
}

#[test]
fn words_of_the_work_alone_name_no_next_step() {
    let g = gate();
    let p = "The store is set up.\n\nWould you like to:\n1. Test the event store with a sample event?\n2. Move on to the scoring rules?\n3. Or something else?";
    // the work's own words ("test", "again", "run", "review") fit any step
    for t in [
        "test it again",
        "review and test changes",
        "run it",
        "continue",
    ] {
        assert!(g.evaluate(t, Some(p)).decision.is_none(), "{t}");
    }
    // nor does a pick among next steps (a menu of work)
    assert!(g.evaluate("the scoring rules", Some(p)).decision.is_none());
    // among alternatives, a word that sets one option apart still picks it
    let p = "Two ways to store the scores:\n1. Keep them in the event store\n2. Move them into a scoring table\n\nWhich do you prefer?";
    assert!(g.evaluate("the scoring table", Some(p)).decision.is_some());
    // Chinese: a request that shares a verb ("更新", "修复") names no item;
    // one that is mostly an item's characters picks it
    let p =
        "可以这样处理：\n\n1. 更新了配置文件的读取路径\n2. 改用 Redis 缓存会话\n\n你想用哪一种？";
    assert!(g.evaluate("更新md文件", Some(p)).decision.is_none());
    assert!(g.evaluate("请你修复", Some(p)).decision.is_none());
    assert!(g.evaluate("缓存会话", Some(p)).decision.is_some());
    // a name run into CJK words without a space is a word of its own
    let p = "构建快了一倍。组件测试要换成 Vitest 还是保留 Jest？Vitest 更快，但要改 20 个文件。";
    assert!(g
        .evaluate("保留Jest 改动太大了", Some(p))
        .decision
        .is_some());
}

#[test]
fn a_pick_from_a_command_menu_or_from_offered_work_is_not_a_decision() {
    let g = gate();
    // the agent's own menu: bracketed command codes
    let p = "What next?\n\n1. [MH] Show the menu again\n2. [BR] Brainstorm the project\n3. [AR] Write the architecture\n4. [EX] Leave the agent";
    assert!(g.evaluate("3", Some(p)).decision.is_none());
    assert!(g.evaluate("AR", Some(p)).decision.is_none());
    // work the assistant offers to do next, in French and English
    let p = "Le document est prêt.\n\nSi tu veux, je peux encore :\n1) Ajouter une section sur les priorités\n2) Ajouter un tableau des rôles\n3) Exporter le document en PDF";
    assert!(g.evaluate("1", Some(p)).decision.is_none());
    let p = "Done.\n\nWould you like me to:\n1. Add a retry queue for failed uploads\n2. Write integration tests for the upload path";
    assert!(g.evaluate("2", Some(p)).decision.is_none());
    // the menu's own last item, "Or …?", is no alternative of its own, and
    // "this one" names nothing
    let p = "The fix is in place and the build passes.\n\nWould you like me to:\n1. Test if this fixes the compilation error?\n2. Continue with the remaining event tests?\n3. Or focus on something else?";
    for answer in ["2", "yes", "test it again", "now this one"] {
        assert!(g.evaluate(answer, Some(p)).decision.is_none(), "{answer}");
    }
    // alternatives stay alternatives: one keeps what is there, or the
    // question asks which
    let p = "J'ai fusionné les fonctions. Je peux aussi :\n\nA) migrer le fichier en TypeScript\nB) le laisser en JS avec des JSDoc";
    assert!(g.evaluate("A", Some(p)).decision.is_some());
    let p = "I can also:\n1. Cache sessions in Redis\n2. Cache sessions in Postgres\n\nWhich do you prefer?";
    assert!(g.evaluate("1", Some(p)).decision.is_some());
    // a list of what is done, each item under a status mark
    let p = "## Structure\n\n1. **✅ Topbar**: the top bar\n2. **✅ Main content area**: flexible, on the right\n3. **✅ StatusBar**: at the bottom";
    assert!(g
        .evaluate(
            "At the bottom of the main content area I want the tab bar",
            Some(p)
        )
        .decision
        .is_none());
    assert!(g.evaluate("2", Some(p)).decision.is_none());
    // "what would you like …" asks for a value among examples
    let p = "The screensaver starts after 2.5 minutes. What would you like to change it to? For example:\n\n- 5 minutes = 300\n- 10 minutes = 600";
    assert!(g.evaluate("10 minutes", Some(p)).decision.is_some());
}

#[test]
fn a_pick_of_how_the_conversation_goes_on_is_not_a_decision() {
    let g = gate();
    // a menu of modes for the talk itself, in French and English
    let p = "Bonne question.\n\nJe peux soit :\n\n1) Continuer en **mode questions** (tu poses des questions, je les transforme en pistes)\n2) Basculer en **mode idées directes** (je propose, tu réagis)\n3) Faire un **mix** des deux\n\nQu'est-ce qui te convient le mieux ?";
    assert!(g.evaluate("2", Some(p)).decision.is_none());
    let p = "Here is where we are.\n\nWhat would you prefer now?\n1. Keep going with new ideas\n2. Go back to the ideas we parked\n3. Prioritize the ideas we have\n";
    assert!(g.evaluate("3", Some(p)).decision.is_none());
    // the same as an "or" question
    let p =
        "Voici la technique suivante.\n\nTu veux que je propose des idées ou tu préfères essayer ?";
    assert!(g.evaluate("propose des idées", Some(p)).decision.is_none());
    let p =
        "That is twenty more.\n\nShall we keep going, or do you want to zoom in on a few of them?";
    assert!(g.evaluate("zoom in", Some(p)).decision.is_none());
    // one way of going on against a change to the project stays a choice
    let p = "The cache works, but it misses often.\n\nShould I continue with the in-memory cache, or switch to Redis?";
    assert!(g.evaluate("switch to redis", Some(p)).decision.is_some());
    let p = "Two ways:\n1. Continue with the current schema\n2. Move the settings into a `settings` table\n\nWhich do you prefer?";
    assert!(g.evaluate("2", Some(p)).decision.is_some());
}

#[test]
fn option_heads_stay_the_options_when_an_or_question_follows() {
    let g = gate();
    let p = "Here are three ways to fix it.\n\n## Option 1: Pass the layer to each call\n\nSimple.\n\n## Option 2: Pass the layers object to the factory\n\nRobust.\n\n## Option 3: Recreate the color system after layer changes\n\nExplicit.\n\nI'd lean toward **Option 2**.\n\nWould you like to go with Option 2, or do you see advantages in another one? Or is there a fourth option I haven't considered?";
    for answer in ["Let's go with option 2", "2"] {
        let e = g.evaluate(answer, Some(p));
        assert_eq!(
            chosen(&e).as_deref(),
            Some("Pass the layers object to the factory"),
            "{answer}"
        );
    }
    // a long message: the first head is far before its end
    let body1 = "- a line about passing the layer to each call and its cost\n".repeat(80);
    let body2 = "- a line about the factory holding the layers object\n".repeat(40);
    let p = format!("Three ways.\n\n## Option 1: Pass the layer to each call\n\n{body1}\n## Option 2: Pass the layers object to the factory\n\n{body2}\n## Option 3: Recreate the color system\n\nExplicit.\n\nWhich one do you prefer?");
    assert!(p.len() > 6000);
    let e = g.evaluate("1", Some(&p));
    assert_eq!(chosen(&e).as_deref(), Some("Pass the layer to each call"));
}

#[test]
fn a_lead_in_that_announces_a_proposal_hedges_nothing() {
    let g = gate();
    assert!(g
        .evaluate("how about this: lets keep the cache in memory", None)
        .decision
        .is_some());
    assert!(g
        .evaluate("here's an idea - use redis for the sessions", None)
        .decision
        .is_some());
    // a question of its own still asks
    assert!(g
        .evaluate("how about we use redis?", None)
        .decision
        .is_none());
    assert!(g.evaluate("how about this?", None).decision.is_none());
}

#[test]
fn a_limit_for_now_or_a_description_of_when_is_not_standing() {
    let g = gate();
    // Portuguese: "without code yet" is for now
    assert!(g
        .evaluate(
            "veja por que o instalador parou em 65%, sem mexer no código ainda",
            None
        )
        .decision
        .is_none());
    assert!(g
        .evaluate("Sem dependências novas, por favor.", None)
        .decision
        .is_some());
    // Japanese: "when X is run, …" describes what happens
    assert!(g
        .evaluate(
            "setup.sh を実行すると、nvm を使って LTS バージョンが入る",
            None
        )
        .decision
        .is_none());
    // going on with what is there is lasting even "for now"
    assert!(g
        .evaluate(
            "i think for now we should continue to create the export files the old version did",
            None
        )
        .decision
        .is_some());
    assert!(g
        .evaluate("for now just skip the export files", None)
        .decision
        .is_none());
}

#[test]
fn a_status_report_or_a_reply_to_an_offer_picks_nothing() {
    let g = gate();
    // a statement shares words with an item without picking it
    let p = "The dev server is up.\n\n1. The server is running on port 3000\n2. The worker is running in the background\n\nWhich one should I restart?";
    assert!(g
        .evaluate("server is not running", Some(p))
        .decision
        .is_none());
    // a report's list after a colon, with nothing asked, offers nothing
    let p = "The component now has these features:\n\n1. A collapse button with a chevron icon\n2. Collapsed by default\n3. Clicking the icon expands the debug area";
    assert!(g
        .evaluate("move the collapse icon a bit to the left", Some(p))
        .decision
        .is_none());
    let p = "我已经完成了修改，现在组件具有以下特点：\n\n1. 添加了一个折叠按钮\n2. 默认情况下内容是折叠的\n3. 点击图标可以展开调试按钮区域";
    assert!(g
        .evaluate("把折叠图标向左边移动一些吧，现在看起来不太美观", Some(p))
        .decision
        .is_none());
    // (a list after a line that introduces alternatives still offers them)
    let p = "Two fixes:\n\n- cancel stale requests with `AbortController`\n- debounce the input";
    assert!(g.evaluate("abortcontroller", Some(p)).decision.is_some());
    // an offer to do something asks for no choice among the steps
    let p = "Next:\n1. Pull changes from GitHub using `git pull`\n2. Restart the dev server\n\nWould you like me to do that?";
    assert!(g.evaluate("git pull", Some(p)).decision.is_none());
    // a mention opens the turn; a statement or a report picks nothing
    let p = "Done:\n\n1. The politipo package is found by pytest\n2. The terminal output is clean\n\nWhich should I look at next, or both?";
    assert!(g
        .evaluate("@politipo\n\nplease check the imports", Some(p))
        .decision
        .is_none());
    assert!(g
        .evaluate("this is my terminal output", Some(p))
        .decision
        .is_none());
    // "why … X or Y?" asks for a reason, not a choice
    assert!(g
        .evaluate("why does it think no files have been changed or that no stats are available? that seems wrong", None)
        .decision
        .is_none());
    // "please" beside an assent weighs nothing: "do these fixes" is consent
    let p = "I found two problems:\n\n1. The path is relative\n2. The env var is unset\n\nWant me to fix them?";
    assert!(g
        .evaluate("yes, do these fixes please", Some(p))
        .decision
        .is_none());
    // numbers alone on lines of their own in a pasted error overlay are
    // data, not a pick; one number alone still picks
    let p = "Two ways:\n\n1. Read the env at build time\n2. Read it at run time\n\nWhich one?";
    let overlay = "still broken, got this error\n\nConsole Error\nMissing required environment variables\n\nCall Stack\n14\n\nShow 9 ignore-listed frames\nvalidateEnvVars\n1\n2\nWas this helpful?";
    assert!(g.evaluate(overlay, Some(p)).decision.is_none());
    assert!(g.evaluate("2", Some(p)).decision.is_some());
    assert!(g.evaluate("ok\n\n2", Some(p)).decision.is_some());
    // a condition put to the reader offers no choice: its "or" is in the
    // condition, or in what the reader can do themselves
    let p = "Everything is committed on the session branch. If you need to push or perform further actions, just let me know!";
    assert!(g.evaluate("push it", Some(p)).decision.is_none());
    let p = "Your local repository is already synced with GitHub. If you have new changes, you can push them using `git push`, or pull changes from GitHub using `git pull`.";
    assert!(g.evaluate("please git pull", Some(p)).decision.is_none());
    // a statement whose "or" joins two nouns offers nothing
    let p = "Here's a rule you can add:\n\n**Rule:** End each response with a summary.\n\nThis rule can help guide further exploration or action based on the answer.";
    assert!(g
        .evaluate("please add this rule", Some(p))
        .decision
        .is_none());
    // (a choice put to the reader still offers one)
    let p = "The cache is slow. I can use Redis, or keep the in-process LRU. Which one?";
    assert!(g.evaluate("redis", Some(p)).decision.is_some());
    let p = "If you'd like, I can use Redis, or keep the in-process LRU.";
    assert!(g.evaluate("redis", Some(p)).decision.is_some());
    // a plan relayed with bold numbered steps: "**2." is a list marker, not
    // a pick of option 2
    let p = "Two ways:\n\n1. Keep the loader\n2. Split the loader\n\nWhich one?";
    assert!(g
        .evaluate(
            "Okay, let's continue with the implementations.\n\n**2. Rename and refine the loader**\n\nMove the file and update the imports.",
            Some(p)
        )
        .decision
        .is_none());
}

#[test]
fn a_plan_then_shall_i_proceed_is_one_offer() {
    let g = gate();
    let p = "Here's the plan:\n\n1. Extract the pricing logic into `pricing/engine.py`\n2. Replace the if/else chain with a strategy table\n3. Add property-based tests\n\nShall I proceed?";
    assert!(g.evaluate("yes, proceed", Some(p)).decision.is_none());
    // options, then the same question, are still options
    let p = "Two options:\n\n1. Keep Express\n2. Move to Fastify\n\nShall I proceed?";
    assert!(g.evaluate("2", Some(p)).decision.is_some());
    // the recommended one, in any of the answer's forms
    let p = "Opciones:\n1. Mantener Express\n2. Migrar a Fastify (recomendado: mejor rendimiento)\n3. Migrar a Hono";
    for answer in [
        "lo que recomiendas",
        "la recomendada",
        "the recommended one",
    ] {
        let d = g.evaluate(answer, Some(p)).decision.expect(answer);
        assert_eq!(d.options.iter().position(|o| o.1), Some(1), "{answer}");
    }
}

#[test]
fn confirmation_lettered_and_or_options() {
    let g = gate();
    let a = "**Option A** — Postgres: durable, what the server uses.\n**Option B** — SQLite: embedded, zero ops.\n\nThoughts?";
    let d = g.decide_assent("Option B.", a).expect("letter");
    assert_eq!(
        d.options,
        vec![
            ("Postgres".to_string(), false),
            ("SQLite".to_string(), true)
        ]
    );
    let d = g
        .decide_assent("ok let's do the Postgres approach", a)
        .expect("by name");
    assert_eq!(d.options.iter().position(|o| o.1), Some(0));
    let q = "I can fix it two ways. Should I use a mutex or a channel?";
    let d = g.decide_assent("yep, the channel", q).expect("or-question");
    assert_eq!(
        d.options,
        vec![
            ("a mutex".to_string(), false),
            ("a channel".to_string(), true)
        ]
    );
}

#[test]
fn confirmation_negatives() {
    let g = gate();
    assert!(g
        .decide_assent("should we go with option 2?", PROPOSAL)
        .is_none());
    assert!(g
        .decide_assent(
            "yes, that's the error I'm seeing",
            "Is this the error you see?"
        )
        .is_none());
    assert!(g
        .decide_assent("yes, commit it", "Tests pass. Want me to commit this?")
        .is_none());
    assert!(g
        .decide_assent(
            "sure, go ahead and run the tests",
            "Should I run the tests?"
        )
        .is_none());
    assert!(g
        .decide_assent("add a test for parse()", PROPOSAL)
        .is_none());
    assert!(g
        .decide_assent("looks good, thanks!", "Done — I renamed the module.")
        .is_none());
    assert!(g
        .decide_assent("yes", "Done, the build is green.")
        .is_none());
    assert!(g.decide_assent("", PROPOSAL).is_none());
    // a work verb on the whole proposal is consent, like "do that": it
    // names nothing chosen
    let steps = "Next steps:\n1. Validate the signup form\n2. Cache user lookups\n\nWant me to implement these?";
    for t in [
        "implement these to the code @/app",
        "implement these",
        "yes please implement those",
        "implement it",
        "ok, apply it",
    ] {
        assert!(g.decide_assent(t, steps).is_none(), "{t}");
        assert!(
            g.decide_assent(t, "Want me to add retries?").is_none(),
            "{t}"
        );
    }
    // (one option of several, named through the verb, still picks)
    assert!(g.decide_assent("implement option 2", PROPOSAL).is_some());
}

#[test]
fn confirmation_of_a_plain_proposal() {
    let g = gate();
    let a = "I suggest we rename the column and backfill in the same migration. Shall I go ahead?";
    // consent to a single offer is not a decision
    assert!(g.decide_assent("yes please", a).is_none());
    // a trade-off against the current design is a choice: "yes" picks it
    let t = "I'd replace the polling loop with inotify instead of the timer. Want me to do that?";
    let d = g.decide_assent("yes", t).expect("yes to a trade-off");
    assert!(
        d.options.iter().any(|o| o.1) && d.options.iter().any(|o| !o.1),
        "{:?}",
        d.options
    );
    assert_ne!(d.epitome, "yes");
    let d = g
        .decide_assent(
            "Yes. rename the column and backfill in the same migration like you suggested.",
            a,
        )
        .expect("restating");
    assert_eq!(
        d.epitome,
        "rename the column and backfill in the same migration like you suggested."
    );
}

// ───────────────────────── table API ─────────────────────────

#[test]
fn from_rules_and_extended() {
    let bad = vec![Rule {
        id: "x".into(),
        category: Category::Ban,
        strength: 3,
        pattern: "(".into(),
    }];
    assert!(Gate::from_rules(bad).is_err());
    let dup = vec![
        Rule {
            id: "x".into(),
            category: Category::Ban,
            strength: 3,
            pattern: "a".into(),
        },
        Rule {
            id: "x".into(),
            category: Category::Ban,
            strength: 3,
            pattern: "b".into(),
        },
    ];
    assert!(Gate::from_rules(dup).is_err());
    let strength = vec![Rule {
        id: "x".into(),
        category: Category::Ban,
        strength: 0,
        pattern: "a".into(),
    }];
    assert!(Gate::from_rules(strength).is_err());

    let custom = vec![Rule {
        id: "team.adr".into(),
        category: Category::DecisionVerb,
        strength: 3,
        pattern: r"\bADR-\d+\s+accepted\b".into(),
    }];
    let g = Gate::from_rules(custom.clone()).expect("custom table");
    assert_eq!(g.rules().len(), 1);
    assert!(g
        .decide("ADR-12 accepted: event sourcing for billing.")
        .is_some());
    assert!(g.decide("don't use lodash").is_none());

    let ext = Gate::extended(custom).expect("extended");
    assert_eq!(ext.rules().len(), Gate::builtin_rules().len() + 1);
    assert!(ext.decide("ADR-12 accepted.").is_some());
    assert!(ext.decide("don't use lodash").is_some());
    // same id replaces the built-in rule
    let replaced = Gate::extended(vec![Rule {
        id: "ban.dont".into(),
        category: Category::Ban,
        strength: 1,
        pattern: "zzz".into(),
    }])
    .expect("replace");
    assert_eq!(replaced.rules().len(), Gate::builtin_rules().len());
    assert!(replaced.decide("don't use lodash.").is_none());
}

#[test]
fn class_escapes_take_the_gate_meanings() {
    // Escaped backslashes stay literal; `\b` is ASCII; `\w` is one class in and
    // out of brackets; `\W` and `\d`/`\s` outside brackets are rewritten.
    assert_eq!(gate_classes(r"a\\w"), r"a\\w");
    assert_eq!(gate_classes(r"\bx\B"), r"(?-u:\b)x(?-u:\B)");
    assert_eq!(gate_classes(r"\d\s[\d\s]"), r"(?-u:\d)(?-u:\s)[\d\s]");
    assert_eq!(gate_classes(r"\w"), format!("[{WORD_CHARS}]"));
    assert_eq!(gate_classes(r"\W"), format!("[^{WORD_CHARS}]"));
    assert_eq!(gate_classes(r"[\w.-]"), format!("[{WORD_CHARS}.-]"));
    let re = |p: &str| regex::Regex::new(&gate_classes(p)).expect("compiles");
    // Latin letters are word characters, other scripts and symbols are not.
    assert!(re(r"^\w+$").is_match("naïve_Gödel2"));
    assert!(re(r"^[\w]+$").is_match("Ærøskøbing"));
    for not_word in ["×", "÷", "’", "—", "я", "中", "👍", " "] {
        assert!(re(r"^\W$").is_match(not_word), "{not_word:?}");
        assert!(!re(r"\w").is_match(not_word), "{not_word:?}");
    }
    // An accented option name is kept whole.
    let g = gate();
    let d = g
        .decide("We're going with the naïve approach over Dijkstra.")
        .expect("decision");
    let (chosen, rejected) = opts(&d);
    assert_eq!(
        (chosen, rejected),
        (
            vec!["the naïve approach".to_string()],
            vec!["Dijkstra".to_string()]
        )
    );
}

#[test]
fn serde_names_are_snake_case() {
    let m = Marker {
        rule_id: "dv.lets_use".into(),
        category: Category::DecisionVerb,
        matched_text: "use".into(),
        offset: 3,
    };
    let j = serde_json::to_string(&m).expect("json");
    assert_eq!(
        j,
        r#"{"rule_id":"dv.lets_use","category":"decision_verb","matched_text":"use","offset":3}"#
    );
    for c in [
        Category::DecisionVerb,
        Category::Rejection,
        Category::Ban,
        Category::Imperative,
        Category::Memory,
        Category::Confirmation,
        Category::ActionRequest,
    ] {
        assert_eq!(
            serde_json::to_string(&c).expect("json"),
            format!("\"{}\"", c.as_str())
        );
    }
}

// ───────────────────────── robustness ─────────────────────────

#[test]
fn deterministic() {
    let g = gate();
    let t = "Let's use X instead of Y. Never log tokens. from now on run `cargo test`";
    assert_eq!(g.decide(t), g.decide(t));
    assert_eq!(g.markers(t), Gate::builtin().markers(t));
}

#[test]
fn no_panics_on_odd_input() {
    let g = gate();
    let mut inputs: Vec<String> = vec![
        String::new(),
        " ".into(),
        "\n\n\n".into(),
        "```".into(),
        "```\nunclosed fence".into(),
        "'".into(),
        "`".into(),
        "\"unterminated".into(),
        "…".into(),
        "?".into(),
        "e.g.".into(),
        "- ".into(),
        "1.".into(),
        "**".into(),
        "\u{0}\u{1}\u{7f}".into(),
        "\u{200d}\u{fe0f}🏳️‍🌈 never use 👍".into(),
        "ǅǈǋ İ ß ﬁ Ω K".into(),
        "\r\n\r\nno floats\r\n".into(),
        "a".repeat(100_000),
        "never ".repeat(5_000),
        "use X instead of ".repeat(2_000),
        "é".repeat(3_000) + " don't use lodash",
        "(((((((((( not a but b ))))))))))".into(),
        "`".repeat(1001),
    ];
    // deterministic pseudo-random strings over a small alphabet of tricky chars
    let alphabet: Vec<char> = "ab .,!?'\"`-—–:;()\n\t>#*_0123456789éß日🙂 nevrusdotxyz、иф，"
        .chars()
        .collect();
    let mut state: u64 = 0x9e3779b97f4a7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut lengths = Vec::new();
    for _ in 0..300 {
        // The length comes from the generator too, so an empty string does
        // not leave the state (and every later string) where it was.
        let len = (next() % 200) as usize;
        let s: String = (0..len)
            .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
            .collect();
        lengths.push(len);
        inputs.push(s);
    }
    let empty = lengths.iter().filter(|&&n| n == 0).count();
    let distinct: std::collections::BTreeSet<&String> =
        inputs[inputs.len() - 300..].iter().collect();
    assert!(
        empty < 10 && distinct.len() > 280,
        "the generator is stuck: {empty} empty, {} distinct",
        distinct.len()
    );
    for t in &inputs {
        for m in g.markers(t) {
            assert!(t.is_char_boundary(m.offset));
            assert_eq!(
                &t[m.offset..m.offset + m.matched_text.len()],
                m.matched_text
            );
        }
        if let Some(d) = g.decide(t) {
            assert_eq!(
                &t[d.epitome_offset..d.epitome_offset + d.epitome.len()],
                d.epitome
            );
        }
        let _ = g.decide_assent(t, t);
        let _ = g.decide_assent("yes, option 2", t);
        let _ = g.evaluate(t, Some(t));
        let _ = g.evaluate("no, the adapters are enough", Some(t));
        let _ = g.evaluate("адаптеры", Some(t));
    }
}

#[test]
fn large_input_is_fast_enough() {
    let g = gate();
    let para = "We should look at this again and go with Postgres instead of MySQL maybe. Also fix the build. ";
    let big = para.repeat(200_000 / para.len());
    let t0 = std::time::Instant::now();
    let _ = g.decide(&big);
    let _ = g.markers(&big);
    // generous bound: linear work, even in debug builds
    assert!(t0.elapsed().as_secs() < 20, "took {:?}", t0.elapsed());
}

/// What a rule means beyond its category is a role in the table, so no code
/// of the gate names a rule by its id; and every id the tests name exists.
#[test]
fn rule_ids_are_named_only_in_the_table() {
    let ids: HashSet<&str> = rules::TABLE.iter().map(|r| r.0).collect();
    let id = regex::Regex::new(r#""((?:act|ban|conf|dv|imp|mem|rej)\.[a-z0-9_]+)""#).unwrap();
    let code = [
        ("mod.rs", include_str!("mod.rs")),
        ("alternatives.rs", include_str!("alternatives.rs")),
        ("assent.rs", include_str!("assent.rs")),
        ("check.rs", include_str!("check.rs")),
        ("cues.rs", include_str!("cues.rs")),
        ("dialect.rs", include_str!("dialect.rs")),
        ("lists.rs", include_str!("lists.rs")),
        ("prefilter.rs", include_str!("prefilter.rs")),
        ("proposal.rs", include_str!("proposal.rs")),
        ("score.rs", include_str!("score.rs")),
        ("span.rs", include_str!("span.rs")),
        ("text.rs", include_str!("text.rs")),
        ("words.rs", include_str!("words.rs")),
        ("../pipeline.rs", include_str!("../pipeline.rs")),
    ];
    for (name, src) in code {
        if let Some(c) = id.captures(src) {
            panic!(
                "{name} names the rule {}: give the table a role instead",
                &c[1]
            );
        }
    }
    let named: Vec<String> = id
        .captures_iter(include_str!("tests.rs"))
        .map(|c| c[1].to_owned())
        .collect();
    assert!(named.len() > 50, "the tests name rules");
    for n in &named {
        assert!(
            ids.contains(n.as_str()),
            "the tests name {n}, which the table does not have"
        );
    }
    // Every role is given to some rule, and the roles of a built-in id are found.
    for role in [
        rules::SELECTION,
        rules::HANDLE,
        rules::EMPHATIC,
        rules::NEIGHBOUR_REJECTION,
    ] {
        assert!(
            rules::TABLE.iter().any(|r| r.3 & role != 0),
            "role {role} is unused"
        );
    }
    assert_eq!(rules::roles_of("no.such_rule"), rules::NONE);
}

// ───────────────────────── hostile input ─────────────────────────

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
    /// Any person text against any assistant text, in any script: no panic,
    /// and a decision's offset points into the person's text.
    #[test]
    fn evaluate_never_panics(
        person in "[a-zA-Z0-9 ,.;:!?()\\[\\]<>#*_`'\"\n—–éçßñ选選方案はいネ네вариант1-9A-E]{0,120}",
        assistant in "[a-zA-Z0-9 ,.;:!?()\\[\\]<>#*_`'\"\n—–éçßñ选選方案はいネ네вариант1-9A-E]{0,400}",
    ) {
        let g = gate();
        let e = g.evaluate(&person, Some(&assistant));
        if let Some(d) = e.decision {
            proptest::prop_assert!(d.epitome_offset <= person.len().max(d.epitome_offset));
        }
        let _ = g.evaluate(&person, None);
        let _ = super::typed::person_words(&person).join(&person);
        let _ = super::lang::canonical(&assistant);
    }
}

#[test]
fn answers_in_other_languages_pick_the_assistants_option() {
    let g = gate();
    let p = "两种方案：\nA. 用 Postgres\nB. 用 MongoDB\n你选哪个？";
    let e = g.evaluate("选A", Some(p));
    let d = e.decision.expect("选A picks option A");
    assert_eq!(opts(&d).0, ["用 Postgres"]);
    assert_ne!(d.epitome, "选A");
    // no question, no pick
    assert!(g.evaluate("选A", None).decision.is_none());
    // consent to a single offer
    assert!(g
        .evaluate("好的", Some("要我顺便把测试也加上吗？"))
        .decision
        .is_none());
    let p = "Для деплоя подойдёт либо Docker на вашем VPS, либо Fly.io — там бесплатный тир.";
    let d = g
        .evaluate("Fly.io не вариант", Some(p))
        .decision
        .expect("a rejected option");
    assert!(
        d.options.iter().all(|o| !o.1) && d.options.iter().any(|o| o.0.contains("Fly.io")),
        "{:?}",
        d.options
    );
}

#[test]
fn or_questions_with_a_list_or_a_comma_before_the_or() {
    let g = gate();
    let p = "Added `--since`; it keeps entries on or after the date. Should it stay inclusive like that, or be exclusive?";
    let e = g.evaluate("exclusive", Some(p));
    assert_eq!(chosen(&e).as_deref(), Some("be exclusive"), "{e:?}");
    let p = "The cache is the slow part. Should I use redis, memcached, or an in-process LRU?";
    let e = g.evaluate("memcached, we already run it for sessions", Some(p));
    let d = e.decision.as_ref().expect("a pick among three");
    assert_eq!(d.options.len(), 3, "{d:?}");
    assert_eq!(chosen(&e).as_deref(), Some("memcached"));
    // a "." inside a code span ends no sentence
    let p = "Two ways out: pin `reqwest` to 0.11, or port the 3 call sites to `client.get(url).send()`.";
    let e = g.evaluate("port the call sites, pinning only delays it", Some(p));
    assert!(
        chosen(&e).is_some_and(|c| c.starts_with("port the 3 call sites")),
        "{e:?}"
    );
    // Chinese enumeration commas
    let p = "日志有三种做法：只写文件、只写数据库，或两者都写。你要哪个？";
    let e = g.evaluate("第三个", Some(p));
    assert_eq!(
        e.decision.as_ref().map(|d| d.options.len()),
        Some(3),
        "{e:?}"
    );
}

#[test]
fn an_alternative_named_in_a_sentence_of_its_own() {
    let g = gate();
    let p = "I'd keep the polling loop and lower the interval to one second. Alternatively we could switch to inotify, which needs a native dependency.";
    let e = g.evaluate("inotify, polling burns battery on laptops", Some(p));
    assert_eq!(chosen(&e).as_deref(), Some("switch to inotify"), "{e:?}");
    let e = g.evaluate("the polling loop, one less dependency", Some(p));
    assert!(
        chosen(&e).is_some_and(|c| c.contains("polling loop")),
        "{e:?}"
    );
    // the same in Russian ("Либо …")
    let p = "Предлагаю хранить сессии в Redis. Либо можно хранить их в Postgres, но это медленнее. Как лучше?";
    let e = g.evaluate("в Postgres, Redis у нас нет", Some(p));
    assert!(chosen(&e).is_some_and(|c| c.contains("Postgres")), "{e:?}");
}

#[test]
fn declining_an_offer_with_a_reason_rejects_it() {
    let g = gate();
    let p = "Search now averages 30ms over 300k rows. Want me to add a Redis cache in front of it?";
    let d = g
        .evaluate(
            "no, 30ms is plenty and a cache is one more thing to break",
            Some(p),
        )
        .decision
        .expect("declined");
    assert_eq!(
        d.epitome,
        "no, 30ms is plenty and a cache is one more thing to break"
    );
    assert_eq!(d.options.len(), 1);
    assert!(
        !d.options[0].1 && d.options[0].0.contains("Redis cache"),
        "{d:?}"
    );
    for (person, offer) in [
        (
            "不用，文件日志就够了，数据库太重",
            "已经改好了。要不要把日志也存到数据库里？",
        ),
        (
            "nein, JSON reicht völlig, YAML macht nur Ärger",
            "Fertig. Soll ich auch YAML-Dateien unterstützen?",
        ),
        (
            "non, on garde le CSV, les clients l'ouvrent dans Excel",
            "C'est fait. Voulez-vous que je passe aussi l'export en Parquet ?",
        ),
    ] {
        assert!(
            g.evaluate(person, Some(offer)).decision.is_some(),
            "{person}"
        );
    }
    // not a decision: a bare no, a no to a one-off action, a no for now,
    // a no that reports a problem, a no to no question
    for (person, offer) in [
        ("no", p),
        (
            "no, I want to read the diff first",
            "Tests pass. Want me to commit this?",
        ),
        ("no, leave it for now, I'll decide later", p),
        ("no, it still fails on CI with the same error", p),
        ("no, I meant the other config file", p),
        // (the work kept by the person or handed to someone: no approach
        // is turned down)
        (
            "nein, das Ticket mach ich selbst",
            "Soll ich das Ticket im Board anlegen?",
        ),
        (
            "não, deixa que eu faço depois da reunião",
            "Quer que eu abra o PR agora?",
        ),
        ("no, I'll talk to the security folks first", p),
        (
            "no, the search page is what feels slow",
            "I added the index and the search averages 30ms.",
        ),
    ] {
        assert!(
            g.evaluate(person, Some(offer)).decision.is_none(),
            "{person}"
        );
    }
}

#[test]
fn a_question_after_a_report_list_and_a_question_of_when() {
    let g = gate();
    // the bullets report what was done; the options are the question's
    let p = "Done:\n\n- moved the shared types into `packages/types`\n- added `turbo.json` with build and test pipelines\n- set up the workspace file\n\nShould `packages/ui` be published to npm, or stay internal (`private: true`)?";
    let d = g
        .evaluate("internal", Some(p))
        .decision
        .expect("a pick of the question's alternative");
    assert_eq!(d.options.len(), 2, "{d:?}");
    assert!(
        d.options.iter().any(|o| o.1 && o.0.contains("internal")),
        "{d:?}"
    );
    // "proceed with X, or anything else first?" asks when, not which
    let p = "The plan is ready.\n\nWould you like me to proceed with implementing the new export, or is there anything else to adjust first?";
    assert!(g
        .evaluate("implement the new export now", Some(p))
        .decision
        .is_none());
    // "first-class" and "next-intl" are names, not steps of the work
    let p = "The two options are `next-intl` (first-class server component support) or `i18next` (bigger ecosystem). Which do you want?";
    assert!(g.evaluate("next-intl", Some(p)).decision.is_some());
}

#[test]
fn turning_down_an_option_by_its_letter() {
    let g = gate();
    let p = "Three ways:\n\nA) cache in memory\nB) cache in Redis\nC) no cache, precompute nightly\n\nWhich one?";
    let d = g
        .evaluate(
            "not C, the nightly data goes stale. what's the catch with B",
            Some(p),
        )
        .decision
        .expect("a rejection");
    assert_eq!(d.options.len(), 1, "{d:?}");
    assert!(
        !d.options[0].1 && d.options[0].0.contains("precompute"),
        "{d:?}"
    );
    assert!(g
        .evaluate("not sure yet, what's the catch with B", Some(p))
        .decision
        .is_none());
}

#[test]
fn a_request_question_that_names_the_alternative_decides() {
    let g = gate();
    for t in [
        "can we use redis instead of memcached for the sessions?",
        "このノートブック、pandas じゃなくて polars で書き直してもらえますか？",
        "¿puedes usar Postgres en lugar de MySQL?",
    ] {
        assert!(g.decide(t).is_some(), "{t}");
    }
    for t in [
        "can you explain why redis is faster than memcached?",
        "could you try polars instead of pandas and see if it helps?",
        "can we maybe use redis instead of memcached?",
        "should we use redis?",
    ] {
        assert!(g.decide(t).is_none(), "{t}");
    }
}

#[test]
fn picks_by_a_name_in_brackets_a_hedge_or_an_ascii_question_in_another_language() {
    let g = gate();
    // a name given only in brackets
    let p = "For the mobile app I can scaffold it with:\n1. React Native (Expo)\n2. Flutter\n3. Native Kotlin + Swift";
    assert_eq!(
        chosen(&g.evaluate("expo. team already knows react", Some(p))).as_deref(),
        Some("React Native")
    );
    // a hedge around the pick
    let p = "For error tracking we could use:\n- Sentry (hosted)\n- GlitchTip (self-hosted, Sentry-compatible)\n- Rollbar";
    let e = g.evaluate(
        "hmm glitchtip i guess, the other two need a paid plan at our volume",
        Some(p),
    );
    assert_eq!(chosen(&e).as_deref(), Some("GlitchTip"), "{e:?}");
    // a request that shares a word with an option is still a request
    assert!(g
        .evaluate(
            "hmm why does sentry need a paid plan for that, check the pricing page",
            Some(p)
        )
        .decision
        .is_none());
    // an ASCII question in German or Portuguese, answered in one word
    let e = g.evaluate(
        "TOML",
        Some("Soll ich die Konfiguration in YAML oder TOML anlegen?"),
    );
    assert!(chosen(&e).is_some_and(|c| c.starts_with("TOML")), "{e:?}");
    let e = g.evaluate(
        "fastify",
        Some("Quer que eu use Express ou Fastify pra API?"),
    );
    assert!(
        chosen(&e).is_some_and(|c| c.starts_with("Fastify")),
        "{e:?}"
    );
    // a Korean list headed "options"
    let e = g.evaluate(
        "tailwind 걸로",
        Some("스타일링 옵션:\n- Tailwind CSS\n- Emotion\n- vanilla-extract"),
    );
    assert_eq!(chosen(&e).as_deref(), Some("Tailwind CSS"), "{e:?}");
}

#[test]
fn leading_interjections_do_not_hide_a_sentence_initial_rule() {
    let g = gate();
    for t in [
        "cool, keep the cache in-process",
        "thanks! zod for runtime validation",
        "hmm honestly tailwind over styled-components",
        "one more thing: pin torch to 2.3.1",
        "d'accord, on part sur Postgres",
    ] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
    for t in [
        "cool, thanks",
        "thanks! keep going",
        "ok so what now?",
        "hmm honestly no idea",
    ] {
        assert!(g.evaluate(t, None).decision.is_none(), "{t}");
    }
    assert_eq!(super::text::lead_len("ok so, use redis"), Some(7));
    assert_eq!(super::text::lead_len("use redis"), None);
    assert_eq!(super::text::lead_len("好的，用 pnpm"), Some("好的，".len()));
    assert_eq!(super::text::lead_len("thanks!"), None);
}

#[test]
fn a_later_clause_is_read_by_the_sentence_initial_rules() {
    let g = gate();
    for t in [
        "the old one is too slow, zod for runtime validation",
        "that makes sense, keep the cache in-process",
        "it keeps breaking, pin torch to 2.3.1",
        "the tests are flaky, standardize on vitest",
    ] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
    // a pasted error's "Type: message" is not a clause
    let t = "login fails on safari. Unhandled Promise Rejection: TypeError: crypto.randomUUID is not a function";
    assert!(g.evaluate(t, None).decision.is_none(), "{t}");
    assert_eq!(
        super::text::clause_starts("a b, c d; e f — g h"),
        vec![4, 9, 17]
    );
    assert!(super::text::clause_starts("Error: x is not y").is_empty());
}

#[test]
fn the_technology_names_are_found_in_the_compiled_table() {
    // the prefilter reads them as "some text"; that needs them found
    let tech = super::rules::tech_names_pattern();
    let n = Gate::builtin_rules()
        .iter()
        .filter(|r| super::dialect::gate_classes(&r.pattern).contains(tech))
        .count();
    assert!(n >= 30, "{n}");
}

#[test]
fn picks_after_a_korean_or_japanese_choice_between_two_names() {
    let g = gate();
    let e = g.evaluate(
        "recoil로 가요",
        Some("상태 관리는 Redux와 Recoil 중에 어떤 걸로 할까요?"),
    );
    assert!(chosen(&e).is_some_and(|c| c.contains("Recoil")), "{e:?}");
    let e = g.evaluate(
        "vitest で",
        Some("テストランナーは vitest と node:test どっちにしますか？"),
    );
    assert!(chosen(&e).is_some_and(|c| c.contains("vitest")), "{e:?}");
    let e = g.evaluate(
        "exponential w/ jitter, capped at 30s",
        Some("Should the retry backoff be exponential or fixed interval?"),
    );
    assert!(
        chosen(&e).is_some_and(|c| c.contains("exponential")),
        "{e:?}"
    );
}

#[test]
fn options_in_a_table_inline_or_named_as_also_viable() {
    let g = gate();
    let p = "Here are the three hosting options:\n\n| Provider | Cost |\n|---|---|\n| Vercel | $20 |\n| Netlify | $19 |\n| Cloudflare Pages | $5 |";
    assert_eq!(
        chosen(&g.evaluate("cloudflare", Some(p))).as_deref(),
        Some("Cloudflare Pages")
    );
    let p =
        "Option 1: poll the payment provider every minute. Option 2: subscribe to their webhooks.";
    let e = g.evaluate("webhooks, polling will get us rate limited", Some(p));
    assert!(chosen(&e).is_some_and(|c| c.contains("webhooks")), "{e:?}");
    let p = "I'd recommend Playwright for the e2e suite, but Cypress is also viable since the team already knows it.";
    assert_eq!(
        chosen(&g.evaluate("cypress, nobody wants to learn another tool", Some(p))).as_deref(),
        Some("Cypress")
    );
    let p = "For the background jobs, I'd use Celery with RabbitMQ. Another option is RQ, which is simpler. Thoughts?";
    assert_eq!(chosen(&g.evaluate("RQ", Some(p))).as_deref(), Some("RQ"));
    // a version number is not an option's number; a short name is the option's
    let p = "Which Python version should the Dockerfile target — 3.11 or 3.12?";
    assert_eq!(
        chosen(&g.evaluate("3.12", Some(p))).as_deref(),
        Some("3.12")
    );
    let p = "¿Prefieres que el backend esté en NestJS o en Express puro?";
    assert_eq!(
        chosen(&g.evaluate("nest", Some(p))).as_deref(),
        Some("NestJS")
    );
    // "I'd lean towards A." recommends A
    let p = "**Option A — Monorepo**: shared types.\n\n**Option B — Separate repos**: independent deploys.\n\nI'd lean towards A.";
    assert_eq!(
        chosen(&g.evaluate("go with your recommendation", Some(p))).as_deref(),
        Some("Monorepo")
    );
}

#[test]
fn technology_names_are_folded_without_moving_offsets() {
    // The names are compiled case-sensitively against the folded sentence,
    // so they must be written in lower case.
    let tech = super::rules::tech_names_pattern();
    assert!(
        !tech.chars().any(|c| c.is_uppercase()),
        "a technology name has a capital letter"
    );
    for s in [
        "Use PostgreSQL",
        "пока на ПОСТГРЕСЕ, Ёж",
        "Ünïcode ÀB 数据库 SQLite",
    ] {
        let f = super::dialect::fold_case(s);
        assert_eq!(f.len(), s.len());
        assert!(s.char_indices().all(|(i, _)| f.is_char_boundary(i)));
    }
    assert_eq!(
        super::dialect::fold_case("ПОСТГРЕС Ёж Use"),
        "постгрес ёж use"
    );
    // a name in capitals still decides
    let g = Gate::builtin();
    assert!(g
        .decide("We'll build the API with FASTAPI and POSTGRES.")
        .is_some());
    assert!(g.decide("Напиши бота на ПИТОНЕ").is_some());
}

/// "to be determined by X" says how something is determined; "to be
/// decided (later / by the team)" leaves the choice open.
#[test]
fn to_be_determined_by_a_rule_is_not_undecided() {
    let g = gate();
    assert!(g
        .evaluate(
            "instead of the old check, i want the start of a block to be determined by the TOC heading",
            None
        )
        .decision
        .is_some());
    for open in [
        "which cache we use is to be decided later",
        "let's use postgres or mysql, to be decided by the team",
        "the tool will be decided by the orchestrator at run time",
        "the schema is to be determined by the team",
        "the queue is to be determined.",
    ] {
        assert!(g.evaluate(open, None).decision.is_none(), "{open}");
    }
}

/// "…能使用 X 吗，使用它来…": a 吗 that ends a clause asks, whatever
/// follows it in the sentence.
#[test]
fn a_chinese_question_clause_asks_before_a_comma_too() {
    let g = gate();
    assert!(g
        .evaluate("我当前的项目能使用 Redis 吗，使用它来缓存会话", None)
        .decision
        .is_none());
    assert!(g
        .evaluate("会话缓存使用 Redis，不要用 memcached", None)
        .decision
        .is_some());
    // (and, asking, picks none of the assistant's options either)
    let p = "这样修改后会默认选择书签栏：\n\n1. 初始值改为书签栏\n2. 数据加载完成后自动显示";
    assert!(g
        .evaluate(
            "还可以默认选择 书签栏的下一级吗，比如 acollect，如果没有就提示",
            Some(p)
        )
        .decision
        .is_none());
}

#[test]
fn a_may_inside_a_relative_clause_hedges_nothing() {
    let g = gate();
    // "anything that we may be missing" asks for care, it does not hedge
    assert!(g
        .decide("users will be using Windows not linux, re read and add anything that we may be missing")
        .is_some());
    // "we could" opening a clause, or after "I think" / "I thought", does
    assert!(g.decide("I think we could use redis").is_none());
    assert!(g.decide("ok, we could use redis").is_none());
    assert!(g
        .decide("I thought we could never hit this branch")
        .is_none());
}

#[test]
fn a_recommendation_that_introduces_a_list_does_not_make_the_list_before_it_the_options() {
    let g = gate();
    let p = "掃過了：\n- 87 個 .vue 檔，其中 23 個用了 filters\n- Vuex store 有 6 個 module\n\n建議路線：\n(a) 先用 `@vue/compat` 過渡，逐步改\n(b) 直接一次升級，Vuex 同時換成 Pinia\n";
    let d = g
        .evaluate("走(a)，不過 Vuex 的部分直接換 Pinia", Some(p))
        .decision
        .expect("a pick of (a)");
    assert!(
        d.options.iter().any(|o| o.1 && o.0.contains("@vue/compat")),
        "{:?}",
        d.options
    );
    assert!(
        d.options.iter().all(|o| !o.0.contains(".vue 檔")),
        "{:?}",
        d.options
    );
}

#[test]
fn a_statement_closed_by_a_confirmation_tag_asks_nothing() {
    let g = gate();
    for t in [
        "never commit the .env file, ok?",
        "a chave service_role nunca vai para o frontend, ok?",
        "以后都不要直接push到main，记住了吗？",
    ] {
        assert!(g.decide(t).is_some_and(|d| d.is_ban), "{t}");
    }
    // a question stays one, with or without a tag
    for t in ["should we never use redis, ok?", "never?", "これでいい？"] {
        assert!(g.decide(t).is_none(), "{t}");
    }
}

#[test]
fn a_concessive_question_word_asks_nothing() {
    let g = gate();
    for t in [
        "以后不管做什么功能，都不准硬删除用户数据",
        "不管哪个服务，都别 catch 了异常然后什么都不做",
    ] {
        assert!(g.decide(t).is_some_and(|d| d.is_ban), "{t}");
    }
    assert!(g.decide("你觉得以后用什么好？").is_none());
}

/// Option lists the proposal reader must see, in the forms agents write
/// them, and answers that pick from them.
#[test]
fn picks_among_lists_in_every_form() {
    let g = gate();
    let bold = "Which state library?\n\n**A)** Zustand — tiny store\n**B)** Redux Toolkit — more structure\n**C)** React Query + context — server state\n\nWhich do you prefer?";
    let es = "La CPU se va al 100%.\n\nOpción 1: caché en Redis — cache-aside\nOpción 2: caché LRU en proceso — lo más simple\nOpción 3: caché en CDN — en el edge\n\n¿Cuál implemento?";
    let ja = "どれにしますか？\n\n1. Redis キャッシュ\n2. プロセス内 LRU キャッシュ\n3. CDN キャッシュ + Cache-Control ヘッダ\n\nどれで進めますか？";
    let de = "Drei Wege:\n\n1. Postgres-Volltextsuche\n2. Elasticsearch\n3. Meilisearch\n\nWelche?";
    for (answer, proposal, chosen) in [
        ("b", bold, "Redux Toolkit"),
        ("la 2", es, "caché LRU en proceso"),
        ("CDNで", ja, "CDN キャッシュ + Cache-Control ヘッダ"),
        ("zweite", de, "Elasticsearch"),
    ] {
        let d = g
            .evaluate(answer, Some(proposal))
            .decision
            .unwrap_or_else(|| panic!("{answer} picks nothing"));
        assert!(
            d.options.iter().any(|(o, c)| *c && o == chosen),
            "{answer}: {:?}",
            d.options
        );
    }
}

/// Keeping, or switching to, something the assistant's message named is a
/// choice; a name the message never used, or a question, is not.
#[test]
fn keeping_what_the_message_named() {
    let g = gate();
    let msg = "PATCH now uses `JsonNullable<String>` for `phone`, so absent means unchanged and null clears it. Alternatively I can go back to plain `Optional` and a separate `clearPhone` flag.";
    let d = g
        .evaluate("fine, keep JsonNullable", Some(msg))
        .decision
        .expect("a continuation");
    assert!(d.options.iter().any(|(o, c)| *c && o == "JsonNullable"));
    let pt = "Posso adicionar regras `-keep` pro Gson ou trocar o Gson por kotlinx.serialization.";
    assert!(g
        .evaluate(
            "troca pra kotlinx.serialization, o gson já era pra ter saído",
            Some(pt)
        )
        .decision
        .is_some());
    for t in ["keep going", "should we keep JsonNullable?", "keep Moshi"] {
        assert!(g.evaluate(t, Some(msg)).decision.is_none(), "{t}");
    }
}

#[test]
fn an_elapsed_time_log_is_output() {
    let g = gate();
    let t = "[379 ms] Dev Containers 0.442.0 in VS Code 1.109.5\n[871 ms] Start: Run: wsl -l -v\n[9806 ms] Error: No image information specified in devcontainer.json.";
    assert!(g.decide(t).is_none());
}

#[test]
fn a_diff_pasted_without_a_fence_is_output() {
    let g = gate();
    let t = "diff --git a/protos/x.proto b/protos/x.proto\nindex 90566f6ae..a2abf8804 100644\n--- a/protos/x.proto\n+++ b/protos/x.proto\n@@ -1,3 +1,4 @@\n message X {}\n\\ No newline at end of file";
    assert!(g.decide(t).is_none());
}

/// A pick among work on offer, or an answer about what the person is
/// after, decides nothing.
#[test]
fn picks_of_work_or_of_aims_are_not_choices() {
    let g = gate();
    let tasks = "Quelle tâche veux-tu attaquer ? Voici les items encore en attente :\n\n1. Multi-device login\n2. Tâche expirée\n3. Autocomplétion à la création de produit\n4. Filtrage de la liste des produits\n5. Historique des créations";
    assert!(g.evaluate("3, 4 et 5", Some(tasks)).decision.is_none());
    let aims = "What are you trying to do specifically?\n\n1. **Install Docker Desktop** on your machine?\n2. **Run the dev container** for this project?\n3. **Fix Docker permission issues**?";
    assert!(g.evaluate("2", Some(aims)).decision.is_none());
    // options stay options
    let ways = "Two ways:\n1. Keep the current schema\n2. Move the settings into a `settings` table\n\nWhich do you prefer?";
    assert!(g.evaluate("2", Some(ways)).decision.is_some());
}

#[test]
fn a_question_of_how_to_fix_still_offers_ways() {
    let g = gate();
    let p = "Which approach should I use to fix this?\n\n1. Retry with backoff\n2. Move the call into a queue";
    assert!(g.evaluate("2", Some(p)).decision.is_some());
}

#[test]
fn a_no_that_says_what_was_meant_turns_nothing_down() {
    let g = gate();
    let p = "So the nil case cannot happen; we can add a guard in the consumer as a safety net.\n\nAgreed on the plan overall?";
    for t in ["no, talking about expire at", "no like an example response"] {
        assert!(g.evaluate(t, Some(p)).decision.is_none(), "{t}");
    }
}

/// A reference followed by a word of agreement in another language, and
/// references joined by that language's "and", pick their options.
#[test]
fn a_reference_agreed_in_its_own_language_picks() {
    let g = gate();
    let two = "Deux pistes :\n1. Un cache Redis devant l'API\n2. Un index partiel sur la table commandes\nLaquelle ?";
    let d = g
        .evaluate("la 2 me va", Some(two))
        .decision
        .expect("a pick");
    assert!(d
        .options
        .iter()
        .any(|(o, c)| *c && o.contains("index partiel")));
    let es = "Dos caminos:\n1. Webhooks firmados\n2. Polling cada minuto\n¿Cuál prefieres?";
    assert!(g
        .evaluate("el 1 me parece bien", Some(es))
        .decision
        .is_some());
    let pt = "Opções:\n1) Fila no Postgres\n2) RabbitMQ\n3) Cron simples";
    assert!(g
        .evaluate("legal a documentação. a 1 sem dúvida", Some(pt))
        .decision
        .is_some());
    let de = "Vorschläge:\n**A)** Caching der Abhängigkeiten\n**B)** eigener Runner\n**C)** Tests parallelisieren";
    let d = g.evaluate("A und C", Some(de)).decision.expect("two picks");
    assert_eq!(
        d.options.iter().filter(|o| o.1).count(),
        2,
        "{:?}",
        d.options
    );
    let ru = "Варианты:\n1. Очередь на Redis\n2. Крон в контейнере\n3. Lambda по расписанию";
    assert!(g
        .evaluate("давай второй, у нас уже есть крон для бэкапов", Some(ru))
        .decision
        .is_some());
    // (agreement that is turned, or a reference to nothing offered)
    assert!(g.evaluate("la 2 me va pas", Some(two)).decision.is_none());
    assert!(g.evaluate("la 2 me va", None).decision.is_none());
}

/// Items of other shapes: "Between X and Y: …", a bold head with a letter
/// in parentheses, "A, B, or both" answered "both", and a name that is a
/// hyphenated part or variant of an option's.
#[test]
fn more_shapes_of_options_are_read() {
    let g = gate();
    let between = "Between SQLite and a JSON file: SQLite gives you queries, the JSON file is one dependency fewer. Thoughts?";
    let d = g
        .evaluate("the sqlite one, we'll want queries later", Some(between))
        .decision
        .expect("a pick between two");
    assert!(d.options.iter().any(|(o, c)| *c && o.contains("SQLite")));
    // (an explanation of the difference between two offers nothing)
    let explain = "The difference between SQLite and a JSON file is mostly queries. Anything else?";
    assert!(g.evaluate("sqlite", Some(explain)).decision.is_none());
    let bold = "Je peux préparer la config :\n\n**(A) Une PR groupée** par semaine\n**(B) Une PR par dépendance** avec automerge\n\nLaquelle ?";
    assert!(g.evaluate("B", Some(bold)).decision.is_some());
    let both = "Two fixes: raise the pool size to 20 (we have headroom), move the report query to the replica, or both.";
    let d = g.evaluate("both", Some(both)).decision.expect("both");
    assert_eq!(
        d.options
            .iter()
            .filter(|o| o.1)
            .map(|o| o.0.as_str())
            .collect::<Vec<_>>(),
        [
            "raise the pool size to 20",
            "move the report query to the replica"
        ]
    );
    assert!(g
        .evaluate("both", Some("Should I use Redis or Memcached?"))
        .decision
        .is_none());
    let adapters = "For dates, the chart needs an adapter: `chartjs-adapter-luxon` or `chartjs-adapter-dayjs`?";
    // (the distinct end of a hyphenated name names it)
    let d = g
        .evaluate("dayjs", Some(adapters))
        .decision
        .expect("by its end");
    assert!(d.options.iter().any(|(o, c)| *c && o.contains("dayjs")));
    let tools = "For the linter: `eslint-plugin-react` or `eslint-plugin-vue`?";
    assert!(g.evaluate("plugin", Some(tools)).decision.is_none());
    let docs = "For the docs: Sphinx or MkDocs?";
    assert!(g.evaluate("mkdocs-material", Some(docs)).decision.is_some());
}

/// A name the message set out in bold or as code, with another beside it,
/// opening the turn alone: a pick by name.
#[test]
fn a_name_the_message_weighed_is_picked() {
    let g = gate();
    let msg = "Para colas simples **BullMQ** encaja bien con lo que ya tenéis en Redis. **Agenda** guarda los jobs en Mongo, que no usáis. Yo usaría BullMQ.";
    let d = g
        .evaluate("vale bullmq, redis ya lo tenemos", Some(msg))
        .decision
        .expect("a pick by name");
    assert!(d
        .options
        .iter()
        .any(|(o, c)| *c && o.eq_ignore_ascii_case("bullmq")));
    let cmp = "`serde_json` is the usual pick; `simd-json` is faster on large inputs but needs mutable buffers.";
    assert!(g
        .evaluate("simd-json, our payloads are huge", Some(cmp))
        .decision
        .is_some());
    // (a question, a report, or a name in a message that weighs nothing)
    assert!(g.evaluate("bullmq?", Some(msg)).decision.is_none());
    let report = "Updated `config.ts` and `server.ts`. Want me to run the tests?";
    assert!(g
        .evaluate("config.ts, line 4 still fails", Some(report))
        .decision
        .is_none());
    let done = "Renamed **Room** to **RoomEntity** in the DAO.";
    assert!(g.evaluate("ok room", Some(done)).decision.is_none());
    // (slash commands and paths are what to run or open, not options)
    let skills = "No `/dream` skill exists here. The available skills are:\n\n- `/simplify` — review changed code\n- `/loop` — run a prompt on an interval\n\nWas there something specific you wanted?";
    assert!(g.evaluate("dream", Some(skills)).decision.is_none());
}

/// A symptom reported, a result, or a stack that misbehaves decides
/// nothing; the decision of another clause still counts.
#[test]
fn a_report_of_what_happens_is_no_decision() {
    let g = gate();
    for t in [
        "getting 500s on every upload since the deploy",
        "im still seeing errors on every request after the token refresh",
        "prisma migrate dev keeps trying to reset the db",
        "vite + vitest is taking a minute to boot in ci. any ideas",
        "ran it on staging, no crashes. merge it",
        "reproduced on the old tablet, no lag at all",
        "don't push this one, I still need to rebase",
        "rerun the import as a test, don't write to the live bucket",
    ] {
        let d = g.evaluate(t, None).decision;
        assert!(d.is_none(), "{t}: {d:?}");
    }
    for t in [
        "it keeps crashing, pin node to 20.11",
        "no more tabs, spaces only",
        "switch the queue to rabbitmq",
        "never push to main directly",
    ] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
    // ("迁到 uv": a move to a tool; "这次改用 compose": this time is this rewrite)
    for t in ["把项目从 pip 迁到 uv", "設定頁面這次改用compose寫"] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
    assert!(g.evaluate("这次先用mock数据", None).decision.is_none());
}

/// A part of the steps laid out, taken and the rest left, is a choice
/// among them; every step, or a pick of the task to take up, is not.
#[test]
fn a_part_of_the_steps_is_chosen() {
    let g = gate();
    let plan = "Plan:\n1. Add the Dockerfile\n2. Create the registry\n3. Wire the deploy job\n4. Add alerts\n\nShall I start?";
    let d = g
        .evaluate("just 1 and 3, alerts can come later", Some(plan))
        .decision
        .expect("a part of the plan");
    assert_eq!(
        d.options
            .iter()
            .filter(|o| o.1)
            .map(|o| o.0.as_str())
            .collect::<Vec<_>>(),
        ["Add the Dockerfile", "Wire the deploy job"]
    );
    assert!(g.evaluate("do 1-2 only", Some(plan)).decision.is_some());
    let review = "리뷰 결과입니다:\n1. 금액 타입\n2. 인덱스 누락\n3. 네이밍\n4. 트랜잭션 범위";
    assert!(g
        .evaluate("2랑 4는 반영해주세요", Some(review))
        .decision
        .is_some());
    for t in ["do 1-4", "just 7", "do 1 and 3?"] {
        assert!(g.evaluate(t, Some(plan)).decision.is_none(), "{t}");
    }
    let menu = "Open items:\n1. Login bug\n2. Export\n3. Dark mode\n\nWhich task do you want to tackle first?";
    assert!(g.evaluate("just 2", Some(menu)).decision.is_none());
    // "X로 확정", "Xで確定": a choice settled
    for t in [
        "임베딩 모델은 e5-large로 확정",
        "埋め込みは e5-large で確定です",
    ] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
}

/// Typed without punctuation, a space after an ending that only closes a
/// sentence (하자, 해줘, 吧, 了) ends it: a later clause's "not yet" leaves
/// the first one's choice alone.
#[test]
fn a_cjk_sentence_ends_at_its_closing_word() {
    let g = gate();
    let d = g
        .evaluate("GitLab CI로 하자 k8s는 아직 필요 없어", None)
        .decision
        .expect("the first clause decides");
    assert!(d.epitome.contains("GitLab CI"), "{}", d.epitome);
    let s = super::text::sentences("用Postgres吧 缓存以后再说");
    assert_eq!(s.len(), 2);
    // (a word that only looks like one stays inside: 사용자, 관리자)
    assert_eq!(
        super::text::sentences("사용자 관리자 페이지 만들어줘").len(),
        1
    );
}

/// A technology set down as a line of a request's spec decides in a turn
/// that asks for something to be made, and not in a bug report, nor when
/// what is being made only sets the scene for a question.
#[test]
fn a_request_spec_line_decides_with_its_request() {
    let g = gate();
    for t in [
        "Add an S3-triggered lambda that generates thumbnails. python 3.12, deploy with SAM like the other functions",
        "need a GKE autopilot cluster for the staging env, terraform, europe-west4.",
        "new side project. a cli that builds a static site from markdown notes. go + goldmark for the markdown",
        "add rate limiting to the public api. token bucket per api key, stored in redis since we already run it",
        "crea un bot de discord que avise de los deploys. python 3.12, sqlite",
    ] {
        let d = g.evaluate(t, None).decision.unwrap_or_else(|| panic!("{t}"));
        assert!(d.options.iter().any(|o| o.1), "{t}: {:?}", d.options);
    }
    for t in [
        // the same words without a request, in a report, or before a question
        "python 3.12, deploy with SAM like the other functions",
        "the /search endpoint returns 500 when q has an emoji. elasticsearch 7.17.",
        "add a retry to the upload, it keeps timing out. python 3.12",
        "estoy haciendo un plataformas en godot 4, gdscript. el salto se siente flotante, ¿cómo lo mejoro?",
        "I'm making a platformer for a game jam, gdscript. why does my jump feel floaty?",
    ] {
        assert!(g.evaluate(t, None).decision.is_none(), "{t}");
    }
}

/// A technology chosen "for now" is the choice made (a deferred other one
/// does not undo it); a task for now stays a task.
#[test]
fn a_technology_chosen_for_now_is_chosen() {
    let g = gate();
    for t in [
        "eh stay on classic for now, not worth the churn before the release",
        "keep sqlite for now, postgres when we have users",
    ] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
    for t in [
        "skip the flaky test for now",
        "just hardcode the url for now",
    ] {
        assert!(g.evaluate(t, None).decision.is_none(), "{t}");
    }
}

/// "experiments" the noun (a team's ML runs) is no experiment being tried.
#[test]
fn experiments_the_noun_cancel_nothing() {
    let g = gate();
    assert!(g
        .evaluate(
            "log everything to wandb, not tensorboard, the group uses wandb for all experiments.",
            None
        )
        .decision
        .is_some());
    assert!(g
        .evaluate("as an experiment, use wandb instead of tensorboard", None)
        .decision
        .is_none());
}

/// A technology concluded on ("then external secrets", "so JSON, because …", "那就mqtt"
/// after the reasons, "그럼 socket.io로") decides; a clause without spaces
/// is read as one when it has words enough.
#[test]
fn a_technology_concluded_on_decides() {
    let g = gate();
    for t in [
        "Ok so JSON, because players will share decks in the discord",
        "entonces postgres, ya lo tenemos",
        "會用電池，家裡NAS本來就有跑mosquitto，那就mqtt",
        "흠 그럼 socket.io로.",
        "ok bah va pour la première solution alors",
    ] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
    for t in [
        "so postgres is down again?",
        "then json parsing fails on the second row",
    ] {
        assert!(g.evaluate(t, None).decision.is_none(), "{t}");
    }
}

/// What is no offer to pick from: code in a fenced block ("IF a OR b" of
/// SQL), "… or vice versa", "now or later" (when, not which), and the
/// work a message lists as its next steps.
#[test]
fn code_timing_and_next_steps_offer_no_choice() {
    let g = gate();
    let sql = "Here's how to pass the ids forward:\n\n```sql\nIF v_initial_sync OR v_upgraded_client THEN\n  RETURN QUERY SELECT * FROM t;\nEND IF;\n```\n\nThis keeps the functions modular.\n\nWant me to create a task list for implementing this?";
    assert!(g.evaluate("yes", Some(sql)).decision.is_none());
    let windows = "You can run two windows:\n\n- **Window 1**: Local (running `npm run dev`)\n- **Window 2**: Container (for debugging)\n\nOr vice versa. Both can be open at once.";
    assert!(g.evaluate("npm run dev", Some(windows)).decision.is_none());
    let when = "Il y a aussi les modifications du prompt à committer. Tu veux que je le fasse maintenant ou plus tard avec le prochain release ?";
    assert!(g.evaluate("maintenant", Some(when)).decision.is_none());
    let next = "Plan updated to the spec's stack (Vue 3 + FastAPI).\n\nNext steps:\n1) Clean up AGENTS.md to remove the stale TypeScript/React entry if desired.\n2) Update research.md/other docs to align with the Python/FastAPI + Vue tech choices.";
    assert!(g.evaluate("1", Some(next)).decision.is_none());
    // the same shapes with real alternatives still pick
    let db = "For the cache, should we use Redis or Memcached?";
    assert!(g.evaluate("redis", Some(db)).decision.is_some());
    // (a code line that opens with "OR" is no "Or …" alternative)
    let sql_or =
        "```sql\nSELECT * FROM t\nWHERE a = 1\n  OR b = ANY(p_ids);\n```\n\nWant me to apply it?";
    assert!(g.evaluate("yes", Some(sql_or)).decision.is_none());
    let code_then_or =
        "```sh\nnpm i\n```\n\nShould the config live in `config.toml` or in env vars?";
    assert!(g
        .evaluate("env vars, we deploy on fly", Some(code_then_or))
        .decision
        .is_some());
}

/// A turn that ends asking the assistant to weigh or pick puts its case;
/// a decision before another kind of question stands.
#[test]
fn a_case_put_to_the_assistant_decides_nothing() {
    let g = gate();
    for t in [
        "we're on rails 7.1 and still using delayed_job from like 2016 lol. want to move off it. what would you pick",
        "This makes ids easy to find in the database, because you see the type in the prefix. Do you think it is worth it to replace the uuid IDs with an id like this?",
    ] {
        assert!(g.evaluate(t, None).decision.is_none(), "{t}");
    }
    for t in [
        "use postgres for the db. how do we handle migrations?",
        "never commit .env files. what would you pick for the secrets store?",
    ] {
        assert!(g.evaluate(t, None).decision.is_some(), "{t}");
    }
}

/// An option written in Latin letters, picked by its name spelled in
/// Cyrillic ("вебхук" for Webhook, "редис" for Redis); a Cyrillic word
/// that spells no option picks nothing.
#[test]
fn a_name_spelled_in_cyrillic_picks_its_option() {
    let g = gate();
    let msg = "Где держать очередь задач?\n\n1. **Redis** — быстро, но ещё один сервис\n2. **Postgres** — уже есть, через SKIP LOCKED";
    let e = g.evaluate("редис, он у нас всё равно стоит", Some(msg));
    assert!(
        chosen(&e).is_some_and(|c| c.eq_ignore_ascii_case("redis")),
        "{e:?}"
    );
    let hooks = "Как запускать бота?\n\n1. **Long polling** — проще\n2. **Webhook** — нужен домен";
    let e = g.evaluate("вебхук, домен есть", Some(hooks));
    assert!(
        chosen(&e).is_some_and(|c| c.eq_ignore_ascii_case("webhook")),
        "{e:?}"
    );
    assert!(g
        .evaluate("спасибо, посмотрю завтра", Some(hooks))
        .decision
        .is_none());
}

#[test]
fn a_bare_reference_picks_though_the_rest_says_everything() {
    let g = gate();
    let options = "Longer term the options are:\n(1) store everything as UTC and convert only at display time\n(2) keep local times and pass is_dst explicitly everywhere we localize\n\nWhich do you prefer?";
    let d = g
        .evaluate(
            "(1). everything stored in UTC, conversion only in the UI layer",
            Some(options),
        )
        .decision
        .expect("a pick");
    let (c, r) = opts(&d);
    assert!(
        c.iter().any(|x| x.starts_with("store everything as UTC")),
        "{c:?}"
    );
    assert!(!r.is_empty(), "{r:?}");
    // "all of them" still picks nothing
    assert!(g.evaluate("all of them", Some(options)).decision.is_none());
}

#[test]
fn a_closing_question_after_a_plan_is_the_choice() {
    let g = gate();
    let plan = "**Plan**\n\n1. `login/page.tsx`: a form with the e-mail only.\n2. `api/magic-link/route.ts`: make a token and store it.\n3. `verify/route.ts`: check the token, set the session.\n\n**Open question:** should tokens expire after 15 minutes or after 24 hours?";
    let d = g
        .evaluate("15 minutes", Some(plan))
        .decision
        .expect("a pick");
    let (c, r) = opts(&d);
    assert!(c.iter().any(|x| x.contains("15 minutes")), "{c:?}");
    assert!(r.iter().any(|x| x.contains("24 hours")), "{r:?}");
    // a question between the plan's own steps is no new choice: "2" still
    // picks a step of the plan, and nothing made of the question's sides
    let steps = "Plan:\n\n1. add the cache\n2. add the queue\n\nShould I start with the cache or the queue?";
    if let Some(d) = g.evaluate("the queue", Some(steps)).decision {
        assert!(
            !d.options.iter().any(|o| o.0.starts_with("Should")),
            "{:?}",
            d.options
        );
    }
}

#[test]
fn a_leading_number_with_a_remark_picks() {
    let g = gate();
    let options = "Two ways to fix the slow query:\n1. Add a composite index on (tenant_id, created_at)\n2. Cache the dashboard counts in Redis\n3. Move the report to a nightly job\n\nWhich one?";
    for text in [
        "ok 1 for now, the cache can come later if we need it",
        "1 索引我今晚自己加",
        "1 tout de suite, le reste on verra",
    ] {
        let d = g
            .evaluate(text, Some(options))
            .decision
            .unwrap_or_else(|| panic!("a pick: {text}"));
        let (c, r) = opts(&d);
        assert!(
            c.iter().any(|x| x.contains("composite index")),
            "{text}: {c:?}"
        );
        assert_eq!(r.len(), 2, "{text}: {r:?}");
    }
    // a number that counts something is no reference
    for text in ["2 tests still fail after the change", "3 个测试失败了"] {
        assert!(g.evaluate(text, Some(options)).decision.is_none(), "{text}");
    }
}

#[test]
fn a_subset_after_a_bare_acknowledgement_picks() {
    let g = gate();
    let steps = "All four are still open:\n1. Enable the build cache\n2. Split the test job in two\n3. Move the fixtures to a bucket\n4. Drop the old lint step";
    let d = g
        .evaluate(
            "ok. do 1 and 2. keep the fixtures in the repo for now",
            Some(steps),
        )
        .decision
        .expect("a pick");
    let (c, _) = opts(&d);
    assert_eq!(c.len(), 2, "{c:?}");
    assert!(c.iter().any(|x| x.contains("build cache")), "{c:?}");
}

#[test]
fn an_answer_to_a_closing_or_question_decides() {
    let g = gate();
    let asked = "The importer now skips rows without an id. Should rows with an unknown currency be rejected or converted at today's rate?";
    for text in [
        "log them and keep the original amount",
        "только отклонять, курс нам не нужен",
        "en la base de datos, es lo más seguro",
    ] {
        let d = g
            .evaluate(text, Some(asked))
            .decision
            .unwrap_or_else(|| panic!("a decision: {text}"));
        assert!(
            text.starts_with(d.epitome.as_str()),
            "{text}: {}",
            d.epitome
        );
    }
    // not an answer of which way: a handing back, a fault, a question, the
    // next piece of work, an assent
    for text in [
        "up to you",
        "egal, entscheide du",
        "the import fails on the first file: Error: bad header",
        "what would you pick?",
        "implement the export first",
        "I was going to ask about that",
        "yes",
    ] {
        assert!(g.evaluate(text, Some(asked)).decision.is_none(), "{text}");
    }
    // a question of fact is not a choice
    let fact = "Which one is deployed in production, the blue stack or the green one?";
    assert!(g
        .evaluate("it is on another cluster altogether", Some(fact))
        .decision
        .is_none());
    // nor is a question whether to go on
    let go_on =
        "Here are six more ideas. Do you want to keep some of them, or continue with other ideas?";
    assert!(g
        .evaluate("keep the ones about caching", Some(go_on))
        .decision
        .is_none());
}

#[test]
fn a_yes_to_a_switch_offered_as_a_question_picks_it() {
    let g = gate();
    let asked = "The report is built inside the request, which is why the page takes a minute. I'd recommend **building it in a background worker** so the page returns at once.\n\nShould I switch to the background worker instead of building it in the request?";
    let d = g.evaluate("yes", Some(asked)).decision.expect("a decision");
    let (chosen, rejected) = opts(&d);
    assert!(
        chosen.iter().any(|c| c.contains("background worker")),
        "{chosen:?}"
    );
    assert!(!rejected.is_empty(), "{rejected:?}");
    // a yes to a single offer with nothing given up is consent, not a choice
    let single = "I can add a retry around the upload. Should I add it?";
    assert!(g.evaluate("yes", Some(single)).decision.is_none());
}

#[test]
fn a_name_spelled_in_hangul_or_katakana_picks_its_option() {
    let g = gate();
    let ko = "캐시는 어떻게 할까요?\n1. Redis 캐시 서버\n2. 프로세스 내 메모리 캐시";
    let d = g
        .evaluate("레디스로", Some(ko))
        .decision
        .expect("a decision");
    let (chosen, _) = opts(&d);
    assert!(chosen.iter().any(|c| c.contains("Redis")), "{chosen:?}");
    let ja = "データベースはどうしますか？\n1. Postgres 16\n2. SQLite";
    let d = g
        .evaluate("ポスグレで", Some(ja))
        .decision
        .expect("a decision");
    let (chosen, _) = opts(&d);
    assert!(chosen.iter().any(|c| c.contains("Postgres")), "{chosen:?}");
    // a spelling that names no option picks nothing
    assert!(g.evaluate("도커로", Some(ko)).decision.is_none());
}

#[test]
fn what_a_fault_report_is_set_in_is_no_decision() {
    let g = gate();
    for text in [
        "we're building a checkout page in next.js. the total sometimes shows NaN after a coupon is applied",
        "Wir nutzen reportlab 4.0. Der Export funktioniert nicht mit Umlauten",
    ] {
        assert!(g.evaluate(text, None).decision.is_none(), "{text}");
    }
    // a choice made in the same turn still decides
    let d = g
        .decide("the export sometimes fails on large sheets. switch to xlsxwriter for it")
        .expect("a decision");
    assert!(d.epitome.contains("xlsxwriter"), "{}", d.epitome);
}

#[test]
fn a_question_put_again_as_a_choice_is_the_one_answered() {
    let g = gate();
    let d = g
        .evaluate(
            "où on garde les sessions ? en mémoire ou dans une table ? une table, ça survit aux redémarrages",
            None,
        )
        .decision
        .expect("a decision");
    let (chosen, rejected) = opts(&d);
    assert!(chosen.iter().any(|c| c.contains("table")), "{chosen:?}");
    assert!(
        rejected.iter().any(|c| c.contains("mémoire")),
        "{rejected:?}"
    );
}
