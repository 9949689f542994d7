/* The C test suite for libmemscribe: conformance vectors (one call and byte by
 * byte through a session), every error path, reports (diagnostics and
 * summary), and sessions on several threads. Run from the repository root;
 * built against the shared and the static library and run under valgrind by
 * scripts/test. Prints "ok NAME" or "FAILED NAME" per test and, last,
 * "N passed, N failed" counting tests (not the checks inside them). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "memscribe.h"

static int passed, failed;
/* The running test: its name, how many checks it made and how many failed. */
static char test_name[256];
static int test_checks, test_failures;

static void begin(const char *name) {
    snprintf(test_name, sizeof test_name, "%s", name);
    test_checks = test_failures = 0;
}

static void end(void) {
    if (test_failures == 0 && test_checks > 0) {
        passed++;
        printf("ok %s\n", test_name);
    } else {
        failed++;
        printf("FAILED %s (%d of %d checks failed)\n", test_name, test_failures, test_checks);
    }
}

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        test_checks++;                                                     \
        if (!(cond)) {                                                     \
            test_failures++;                                               \
            fprintf(stderr, "FAIL %s (%s:%d): ", test_name, __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) != 0) { fclose(f); return NULL; }
    long size = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) { free(buf); buf = NULL; }
    if (buf) buf[size] = '\0';
    fclose(f);
    *len = (size_t)size;
    return buf;
}

/* Appends src to a growing buffer. */
static void append(char **buf, size_t *len, size_t *cap, const char *src, size_t n) {
    if (*len + n + 1 > *cap) {
        while (*len + n + 1 > *cap) *cap = *cap ? *cap * 2 : 4096;
        *buf = realloc(*buf, *cap);
    }
    memcpy(*buf + *len, src, n);
    *len += n;
    (*buf)[*len] = '\0';
}

/* Parses in one call; returns the NDJSON (caller frees with free()). */
static char *parse_once(const char *input, size_t len, const char *opts, size_t *out_len) {
    char *nd = NULL;
    memscribe_error *err = NULL;
    uint32_t st = memscribe_parse((const uint8_t *)input, len, opts, &nd, out_len, &err);
    if (st != MEMSCRIBE_OK) {
        fprintf(stderr, "parse failed: %s\n", memscribe_error_message(err));
        memscribe_error_free(err);
        return NULL;
    }
    char *copy = malloc(*out_len + 1);
    memcpy(copy, nd, *out_len + 1);
    memscribe_string_free(nd);
    return copy;
}

/* Feeds the input `step` bytes at a time; returns the concatenated NDJSON. */
static char *parse_streamed(const char *input, size_t len, const char *opts, size_t step, size_t *out_len) {
    memscribe_session *s = NULL;
    memscribe_error *err = NULL;
    if (memscribe_session_new(opts, &s, &err) != MEMSCRIBE_OK) {
        fprintf(stderr, "session_new failed: %s\n", memscribe_error_message(err));
        memscribe_error_free(err);
        return NULL;
    }
    char *all = NULL;
    size_t all_len = 0, cap = 0;
    append(&all, &all_len, &cap, "", 0);
    for (size_t off = 0;; off += step) {
        char *nd = NULL;
        size_t n = 0;
        int last = off >= len;
        uint32_t st;
        if (!last) {
            size_t take = len - off < step ? len - off : step;
            st = memscribe_session_feed(s, (const uint8_t *)input + off, take, &nd, &n, NULL);
        } else {
            st = memscribe_session_finish(s, &nd, &n, NULL);
        }
        if (st != MEMSCRIBE_OK) {
            free(all);
            memscribe_session_free(s);
            return NULL;
        }
        append(&all, &all_len, &cap, nd, n);
        memscribe_string_free(nd);
        if (last) break;
    }
    memscribe_session_free(s);
    *out_len = all_len;
    return all;
}

static void conformance(void) {
    size_t tsv_len;
    char *tsv = read_file("tests/conformance/vectors.tsv", &tsv_len);
    begin("conformance vectors file");
    CHECK(tsv != NULL, "cannot read tests/conformance/vectors.tsv (run from the repo root)");
    end();
    if (!tsv) return;
    int vectors = 0;
    for (char *line = strtok(tsv, "\n"); line; line = strtok(NULL, "\n")) {
        char *name = line, *tab1 = strchr(line, '\t');
        if (!tab1) continue;
        *tab1 = '\0';
        char *input_rel = tab1 + 1, *tab2 = strchr(input_rel, '\t');
        if (!tab2) continue;
        *tab2 = '\0';
        const char *opts = tab2 + 1;
        char path[1024], expected_path[1024], title[300];
        snprintf(title, sizeof title, "conformance %s", name);
        begin(title);
        snprintf(path, sizeof path, "tests/conformance/%s", input_rel);
        snprintf(expected_path, sizeof expected_path, "tests/conformance/%s.expected.ndjson", name);
        size_t in_len, exp_len, one_len = 0, streamed_len = 0, chunked_len = 0;
        char *input = read_file(path, &in_len);
        char *expected = read_file(expected_path, &exp_len);
        CHECK(input && expected, "%s: cannot read input or expected output", name);
        if (input && expected) {
            char *one = parse_once(input, in_len, opts, &one_len);
            CHECK(one && one_len == exp_len && memcmp(one, expected, exp_len) == 0, "%s: one-shot output differs", name);
            char *bytewise = parse_streamed(input, in_len, opts, 1, &streamed_len);
            CHECK(bytewise && streamed_len == exp_len && memcmp(bytewise, expected, exp_len) == 0,
                  "%s: byte-by-byte output differs", name);
            char *chunked = parse_streamed(input, in_len, opts, 4093, &chunked_len);
            CHECK(chunked && chunked_len == exp_len && memcmp(chunked, expected, exp_len) == 0,
                  "%s: chunked output differs", name);
            free(one);
            free(bytewise);
            free(chunked);
            vectors++;
        }
        free(input);
        free(expected);
        end();
    }
    begin("conformance: every vector ran");
    CHECK(vectors >= 15, "only %d conformance vectors ran", vectors);
    end();
    free(tsv);
}

static void expect_status(uint32_t got, uint32_t want, memscribe_error *err, const char *what) {
    CHECK(got == want, "%s: status %u, want %u", what, (unsigned)got, (unsigned)want);
    if (want != MEMSCRIBE_OK) {
        CHECK(err != NULL, "%s: no error object", what);
        CHECK(memscribe_error_status(err) == want, "%s: error status", what);
        const char *msg = memscribe_error_message(err);
        CHECK(msg && *msg, "%s: empty message", what);
    } else {
        CHECK(err == NULL, "%s: error set on success", what);
    }
    memscribe_error_free(err);
}

static void error_paths(void) {
    const char *line = "{\"type\":\"user\",\"sessionId\":\"s\",\"uuid\":\"u\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";
    size_t n = strlen(line);
    char *nd = (char *)1;
    size_t len = 7;
    uint32_t st;
    memscribe_error *err = NULL;

    begin("parse: error statuses and cleared outputs");
    st = memscribe_parse((const uint8_t *)line, n, NULL, NULL, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err,
                  "NULL out_ndjson");
    err = NULL;
    st = memscribe_parse(NULL, 5, NULL, &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "NULL input, len 5");
    CHECK(nd == NULL && len == 0, "outputs cleared on error");
    err = NULL;
    st = memscribe_parse(NULL, 0, "{\"source\":\"codex\"}", &nd, &len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "NULL input, len 0");
    CHECK(nd && len == 0 && nd[0] == '\0', "empty output for empty input");
    memscribe_string_free(nd);
    err = NULL;
    st = memscribe_parse((const uint8_t *)line, n, "{not json", &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_OPTIONS, err,
                  "bad options JSON");
    err = NULL;
    st = memscribe_parse((const uint8_t *)line, n, "{\"sauce\":\"codex\"}", &nd, &len, &err);
    expect_status(st,
                  MEMSCRIBE_INVALID_OPTIONS, err, "unknown option key");
    err = NULL;
    st = memscribe_parse((const uint8_t *)line, n, "{\"output\":\"everything\"}", &nd, &len, &err);
    expect_status(st,
                  MEMSCRIBE_INVALID_OPTIONS, err, "bad output mode");
    err = NULL;
    /* Options are an object: an array would be read positionally. */
    st = memscribe_parse((const uint8_t *)line, n, "[\"codex\", false, \"events\"]", &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_OPTIONS, err, "options as an array");
    CHECK(nd == NULL && len == 0, "no output for array options");
    err = NULL;
    st = memscribe_parse((const uint8_t *)line, n, "{\"gate_rules\":[[\"r\",\"ban\",3,\"x\"]]}", &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_OPTIONS, err, "a gate rule as an array");
    err = NULL;
    st = memscribe_parse((const uint8_t *)line, n, "\xff\xfe", &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_OPTIONS, err,
                  "options not UTF-8");
    err = NULL;
    st = memscribe_parse((const uint8_t *)"hello\nworld\n", 12, NULL, &nd, &len, &err);
    expect_status(st, MEMSCRIBE_UNKNOWN_SOURCE,
                  err, "undetectable");
    err = NULL;
    st = memscribe_parse((const uint8_t *)line, n, "{\"source\":\"windsurf\"}", &nd, &len, &err);
    expect_status(st,
                  MEMSCRIBE_UNSUPPORTED_SOURCE, err, "unsupported source");
    /* out_err may be NULL: the status still tells. */
    CHECK(memscribe_parse(NULL, 3, NULL, &nd, &len, NULL) == MEMSCRIBE_INVALID_ARGUMENT, "NULL out_err");
    /* Hostile bytes are not errors: they become diagnostics. */
    const char hostile[] = "\xff\xfe{\"type\":\n[[[[[[[[[[\n\x00\x01\x02\n";
    err = NULL;
    st = memscribe_parse((const uint8_t *)hostile, sizeof hostile - 1, "{\"source\":\"claude_code\"}", &nd, &len, &err);
    expect_status(st,
                  MEMSCRIBE_OK, err, "hostile input");
    memscribe_string_free(nd);
    end();

    begin("redact: the transcript back with only its secrets replaced");
    {
        const char *secret_in =
            "{\"type\":\"user\",\"message\":{\"content\":\"caf\\u00e9 ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo\"}}\n"
            "DB_PASSWORD=Tr0ub4dor&3-x\n";
        const char *secret_out =
            "{\"type\":\"user\",\"message\":{\"content\":\"caf\\u00e9 [REDACTED:github_token]\"}}\n"
            "DB_PASSWORD=[REDACTED:secret_assignment]\n";
        char *text = NULL, *rep = NULL;
        size_t tlen = 0, rlen = 0;
        err = NULL;
        st = memscribe_redact((const uint8_t *)secret_in, strlen(secret_in), NULL, &text, &tlen, &rep, &rlen, &err);
        expect_status(st, MEMSCRIBE_OK, err, "redact");
        CHECK(text && strcmp(text, secret_out) == 0 && tlen == strlen(secret_out), "redacted copy: %s", text ? text : "(null)");
        CHECK(rep && strstr(rep, "\"rule\":\"github_token\"") && strstr(rep, "\"line_no\":2") && rlen == strlen(rep),
              "report: %s", rep ? rep : "(null)");
        memscribe_string_free(text);
        memscribe_string_free(rep);
        /* The report is optional. */
        err = NULL;
        st = memscribe_redact((const uint8_t *)secret_in, strlen(secret_in), "{\"source\":\"claude_code\"}", &text, NULL, NULL, NULL, &err);
        expect_status(st, MEMSCRIBE_OK, err, "redact without report");
        memscribe_string_free(text);
        err = NULL;
        st = memscribe_redact((const uint8_t *)"a\0b", 3, NULL, &text, &tlen, NULL, NULL, &err);
        expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "redact a NUL byte");
        CHECK(text == NULL && tlen == 0, "no copy on error");
        err = NULL;
        st = memscribe_redact((const uint8_t *)secret_in, 3, "[\"codex\"]", &text, &tlen, NULL, NULL, &err);
        expect_status(st, MEMSCRIBE_INVALID_OPTIONS, err, "redact with array options");
    }
    end();

    begin("export: ATIF and OTLP/JSON with a manifest, from bytes and from a path");
    {
        const char *secret_in =
            "{\"type\":\"user\",\"sessionId\":\"s1\",\"uuid\":\"u1\",\"parentUuid\":null,\"timestamp\":\"2025-09-07T09:52:03.071Z\","
            "\"message\":{\"role\":\"user\",\"content\":\"Use SQLite. token ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo\"}}\n";
        char *out = NULL;
        size_t olen = 0;
        err = NULL;
        st = memscribe_export((const uint8_t *)secret_in, strlen(secret_in), NULL, NULL, &out, &olen, &err);
        expect_status(st, MEMSCRIBE_OK, err, "export");
        CHECK(out && strstr(out, "\"schema_version\":\"ATIF-v1.4\"") && strstr(out, "\"manifest\"") && olen == strlen(out),
              "atif: %s", out ? out : "(null)");
        CHECK(out && strstr(out, "[REDACTED:github_token]") && strstr(out, "\"redactions\":{\"github_token\":") && !strstr(out, "ghp_Zr8k"),
              "redacted by default, counted per rule: %s", out ? out : "(null)");
        memscribe_string_free(out);
        err = NULL;
        st = memscribe_export((const uint8_t *)secret_in, strlen(secret_in), "{\"redact\":false}", "otel", &out, NULL, &err);
        expect_status(st, MEMSCRIBE_OK, err, "export otel");
        CHECK(out && strstr(out, "\"resourceSpans\"") && strstr(out, "ghp_Zr8k"), "otel raw: %s", out ? out : "(null)");
        memscribe_string_free(out);
        err = NULL;
        st = memscribe_export((const uint8_t *)secret_in, strlen(secret_in), NULL, "csv", &out, &olen, &err);
        expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "export to an unknown format");
        CHECK(out == NULL && olen == 0, "nothing on error");
        err = NULL;
        st = memscribe_export((const uint8_t *)secret_in, strlen(secret_in), NULL, NULL, NULL, NULL, &err);
        expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "export with NULL out");
        err = NULL;
        st = memscribe_export_path("tests/fixtures/goose/v5/sessions.db", "{\"redact\":false}", "atif", &out, &olen, &err);
        expect_status(st, MEMSCRIBE_OK, err, "export_path of a database");
        CHECK(out && strstr(out, "\"agent\":{") && strstr(out, "\"blake3\":"), "db export: %.200s", out ? out : "(null)");
        memscribe_string_free(out);
        err = NULL;
        st = memscribe_export_path("tests/fixtures/no/such/file.jsonl", NULL, NULL, &out, &olen, &err);
        expect_status(st, MEMSCRIBE_IO, err, "export_path of a missing file");
        err = NULL;
        st = memscribe_export_path(NULL, NULL, NULL, &out, &olen, &err);
        expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "export_path of NULL");
    }
    end();

    begin("detect");
    char *src = NULL;
    err = NULL;
    st = memscribe_detect((const uint8_t *)line, n, &src, &err);
    expect_status(st, MEMSCRIBE_OK, err, "detect");
    CHECK(src && strcmp(src, "claude_code") == 0, "detect says %s", src ? src : "(null)");
    memscribe_string_free(src);
    err = NULL;
    st = memscribe_detect((const uint8_t *)"plain", 5, &src, &err);
    expect_status(st, MEMSCRIBE_UNKNOWN_SOURCE, err, "detect nothing");
    CHECK(src == NULL, "no source on failure");
    err = NULL;
    st = memscribe_detect((const uint8_t *)line, n, NULL, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "detect NULL out");
    /* detect and parse agree on what the input is. */
    const char *aider = "# aider chat started at 2025-01-01 10:00:00\n#### hi\n";
    err = NULL;
    st = memscribe_detect((const uint8_t *)aider, strlen(aider), &src, &err);
    expect_status(st, MEMSCRIBE_OK, err, "detect aider");
    CHECK(src && strcmp(src, "aider") == 0, "detect says %s", src ? src : "(null)");
    memscribe_string_free(src);
    err = NULL;
    st = memscribe_parse((const uint8_t *)aider, strlen(aider), "{\"output\":\"events\"}", &nd, &len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "parse aider");
    CHECK(nd && strstr(nd, "\"source\":\"aider\"") != NULL, "parse of aider: %s", nd ? nd : "(null)");
    memscribe_string_free(nd);
    nd = NULL;
    end();

    begin("session lifecycle");
    memscribe_session *s = NULL;
    err = NULL;
    st = memscribe_session_new("{\"output\":3}", &s, &err);
    expect_status(st, MEMSCRIBE_INVALID_OPTIONS, err, "session bad options");
    CHECK(s == NULL, "no session on error");
    err = NULL;
    st = memscribe_session_new(NULL, NULL, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "session NULL out");
    err = NULL;
    st = memscribe_session_feed(NULL, (const uint8_t *)line, n, &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err,
                  "feed NULL session");
    err = NULL;
    st = memscribe_session_new("{\"source\":\"claude\",\"output\":\"events\"}", &s, &err);
    expect_status(st, MEMSCRIBE_OK, err,
                  "session new");
    err = NULL;
    st = memscribe_session_feed(s, NULL, 4, &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "feed NULL chunk");
    err = NULL;
    st = memscribe_session_feed(s, (const uint8_t *)line, n, &nd, &len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "feed");
    CHECK(len > 0 && strstr(nd, "\"user_turn\"") != NULL, "feed returns the finished line's events");
    memscribe_string_free(nd);
    err = NULL;
    st = memscribe_session_finish(s, &nd, &len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "finish");
    memscribe_string_free(nd);
    err = NULL;
    st = memscribe_session_feed(s, (const uint8_t *)line, n, &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err,
                  "feed after finish");
    err = NULL;
    st = memscribe_session_finish(s, &nd, &len, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "finish twice");
    memscribe_session_free(s);
    end();

    begin("release functions accept NULL; version");
    /* NULL is accepted by every release function. */
    memscribe_session_free(NULL);
    memscribe_error_free(NULL);
    memscribe_string_free(NULL);
    CHECK(memscribe_error_message(NULL) == NULL, "message of NULL");
    CHECK(memscribe_error_status(NULL) == MEMSCRIBE_OK, "status of NULL");
    CHECK(strcmp(memscribe_version(), MEMSCRIBE_VERSION) == 0, "version %s vs header %s", memscribe_version(), MEMSCRIBE_VERSION);
    end();
}

/* The report of a parse: diagnostics with their lines, and the summary. */
static void reports(void) {
    const char garbage[] = "\xff\xfe\n{[[[[\n\x00";
    const char *opts = "{\"source\":\"claude_code\",\"output\":\"events\"}";
    char *nd = NULL, *report = NULL;
    size_t len = 0, report_len = 0;
    memscribe_error *err = NULL;

    begin("parse_with_report: diagnostics and summary");
    uint32_t st = memscribe_parse_with_report((const uint8_t *)garbage, sizeof garbage - 1, opts, &nd, &len, &report,
                                              &report_len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "parse_with_report");
    CHECK(nd && len == 0, "no events from garbage");
    CHECK(report && report_len == strlen(report), "report length");
    const char *want_summary =
        "{\"summary\":{\"source\":\"claude_code\",\"records\":3,\"events\":0,\"nodes\":0,\"diagnostics\":"
        "{\"invalid_utf8\":1,\"not_json\":2,\"truncated\":1,\"source_mismatch\":1},"
        "\"versions\":{\"\":{\"records\":2,\"unknown\":0}}},\"diagnostics\":[";
    CHECK(report && strncmp(report, want_summary, strlen(want_summary)) == 0, "report starts %.200s", report ? report : "");
    CHECK(report && strstr(report, "{\"diagnostic\":\"not_json\",\"line_no\":2,") != NULL, "not_json on line 2");
    memscribe_string_free(nd);
    memscribe_string_free(report);
    err = NULL;
    st = memscribe_parse_with_report((const uint8_t *)garbage, 3, opts, &nd, &len, NULL, &report_len, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "NULL out_report");
    CHECK(nd == NULL, "out_ndjson cleared when out_report is NULL");
    end();

    begin("session_report: last call's diagnostics, running summary");
    memscribe_session *s = NULL;
    err = NULL;
    st = memscribe_session_new(opts, &s, &err);
    expect_status(st, MEMSCRIBE_OK, err, "session new");
    st = memscribe_session_feed(s, (const uint8_t *)garbage, sizeof garbage - 1, &nd, &len, NULL);
    CHECK(st == MEMSCRIBE_OK, "feed");
    memscribe_string_free(nd);
    err = NULL;
    st = memscribe_session_report(s, &report, &report_len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "report after feed");
    CHECK(report && strstr(report, "\"records\":2,") && strstr(report, "\"invalid_utf8\"") && !strstr(report, "\"truncated\""),
          "after feed: %s", report ? report : "");
    memscribe_string_free(report);
    st = memscribe_session_finish(s, &nd, &len, NULL);
    memscribe_string_free(nd);
    st = memscribe_session_report(s, &report, &report_len, NULL);
    CHECK(st == MEMSCRIBE_OK && report && strstr(report, "\"records\":3,") && strstr(report, "{\"diagnostic\":\"truncated\""),
          "after finish: %s", report ? report : "");
    memscribe_string_free(report);
    memscribe_session_free(s);
    err = NULL;
    st = memscribe_session_report(NULL, &report, &report_len, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "report of NULL session");
    end();
}

struct job {
    const char *input;
    size_t len;
    char *out;
    size_t out_len;
};

static void *thread_main(void *arg) {
    struct job *j = arg;
    j->out = parse_streamed(j->input, j->len, "{\"source\":\"codex\",\"redact\":false}", 977, &j->out_len);
    return NULL;
}

static void threads(void) {
    size_t len;
    begin("sessions on four threads");
    char *input = read_file("tests/fixtures/codex/v0_63/interleaved_arcs.jsonl", &len);
    CHECK(input != NULL, "fixture for threads");
    if (!input) {
        end();
        return;
    }
    size_t ref_len;
    char *ref = parse_once(input, len, "{\"source\":\"codex\",\"redact\":false}", &ref_len);
    enum { N = 4 };
    pthread_t t[N];
    struct job jobs[N];
    for (int i = 0; i < N; i++) {
        jobs[i] = (struct job){input, len, NULL, 0};
        pthread_create(&t[i], NULL, thread_main, &jobs[i]);
    }
    for (int i = 0; i < N; i++) {
        pthread_join(t[i], NULL);
        CHECK(jobs[i].out && jobs[i].out_len == ref_len && memcmp(jobs[i].out, ref, ref_len) == 0, "thread %d output", i);
        free(jobs[i].out);
    }
    free(ref);
    free(input);
    end();
}

static void paths(void) {
    char *nd = NULL, *report = NULL;
    size_t len = 0, report_len = 0;
    memscribe_error *err = NULL;

    begin("parse_path: a task directory is one stream");
    uint32_t st = memscribe_parse_path("tests/fixtures/cline/v3/decision_then_edits", "{\"output\":\"events\",\"redact\":false}",
                                       &nd, &len, &report, &report_len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "parse_path");
    CHECK(nd && len == strlen(nd) && strstr(nd, "\"file_edit\""), "events with a file_edit");
    CHECK(nd && strstr(nd, "api_conversation_history.json"), "provenance names the file");
    CHECK(report && strstr(report, "\"source\":\"cline\""), "report: %s", report ? report : "");
    memscribe_string_free(nd);
    memscribe_string_free(report);
    err = NULL;
    st = memscribe_parse_path("tests/fixtures/amp/v5/decision_then_edits.json", NULL, &nd, &len, NULL, NULL, &err);
    expect_status(st, MEMSCRIBE_OK, err, "parse_path without a report");
    CHECK(nd && strstr(nd, "\"node\":\"decision\""), "nodes by default");
    memscribe_string_free(nd);
    err = NULL;
    st = memscribe_parse_path("tests/no/such/file.jsonl", NULL, &nd, &len, NULL, NULL, &err);
    expect_status(st, MEMSCRIBE_IO, err, "missing path");
    CHECK(nd == NULL, "no output on error");
    err = NULL;
    st = memscribe_parse_path(NULL, NULL, &nd, &len, NULL, NULL, &err);
    expect_status(st, MEMSCRIBE_INVALID_ARGUMENT, err, "NULL path");
    end();

    begin("parse_path: a database's sessions, each a stream of its own");
    err = NULL;
    st = memscribe_parse_path("tests/fixtures/goose/v5/sessions.db", "{\"output\":\"events\",\"redact\":false}", &nd, &len, &report,
                              &report_len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "parse_path on sessions.db");
    CHECK(nd && strstr(nd, "sessions.db#sessions/20260203_1") && strstr(nd, "sessions.db#sessions/20260204_1"), "both sessions, rows named");
    CHECK(nd && strstr(nd, "\"file_edit\""), "edits from the database");
    CHECK(report && strstr(report, "\"source\":\"goose\""), "report: %s", report ? report : "");
    memscribe_string_free(nd);
    memscribe_string_free(report);
    end();

    begin("discover: the sessions of a home, with a tool's override");
    char cwd[2048], db[4096];
    CHECK(getcwd(cwd, sizeof cwd) != NULL, "getcwd");
    snprintf(db, sizeof db, "%s/tests/fixtures/opencode/v1_18_db/opencode.db", cwd);
    char opts[8192];
    snprintf(opts, sizeof opts, "{\"home\":\"/nonexistent-home\",\"tools\":[\"opencode\"],\"env\":{\"OPENCODE_DB\":\"%s\"}}", db);
    char *json = NULL;
    size_t json_len = 0;
    err = NULL;
    st = memscribe_discover(opts, &json, &json_len, &err);
    expect_status(st, MEMSCRIBE_OK, err, "discover");
    CHECK(json && json_len == strlen(json) && json[0] == '[', "a JSON array");
    CHECK(json && strstr(json, "\"tool\":\"opencode\"") && strstr(json, "opencode.db"), "the database's sessions: %s", json ? json : "");
    int n = 0;
    for (const char *p = json; p && (p = strstr(p, "\"session_id\"")); p++) n++;
    CHECK(n == 2, "two sessions, got %d", n);
    memscribe_string_free(json);
    err = NULL;
    st = memscribe_discover("{\"tools\":[\"vim\"]}", &json, &json_len, &err);
    expect_status(st, MEMSCRIBE_UNKNOWN_SOURCE, err, "an unknown tool");
    CHECK(json == NULL, "no output on error");
    err = NULL;
    st = memscribe_discover("{\"colour\":1}", &json, &json_len, &err);
    expect_status(st, MEMSCRIBE_INVALID_OPTIONS, err, "an unknown option");
    end();
}

/* Runs a store request; returns the answer (free with memscribe_string_free)
 * or NULL, with the status in *status. */
static char *store_req(memscribe_store *store, const char *req, uint32_t *status) {
    char *json = NULL;
    size_t len = 0;
    memscribe_error *err = NULL;
    *status = memscribe_store_request(store, req, &json, &len, &err);
    if (*status != MEMSCRIBE_OK) {
        CHECK(json == NULL, "no answer on error");
        memscribe_error_free(err);
        return NULL;
    }
    CHECK(json && len == strlen(json), "answer and length");
    return json;
}

static void store(void) {
    begin("store: ingest, query, replay, verify, errors");
    char dir[] = "/tmp/memscribe-c-store-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char path[512], cwd[2048], req[8192];
    snprintf(path, sizeof path, "%s/s.db", dir);
    CHECK(getcwd(cwd, sizeof cwd) != NULL, "getcwd");
    memscribe_store *st = NULL;
    memscribe_error *err = NULL;
    uint32_t status = memscribe_store_open(path, "{\"redaction\":\"sanitize\"}", &st, &err);
    expect_status(status, MEMSCRIBE_OK, err, "open");
    snprintf(req, sizeof req, "{\"op\":\"ingest\",\"paths\":[\"%s/examples/data/claude_code_session.jsonl\",\"%s/examples/data/codex_rollout.jsonl\"]}", cwd, cwd);
    char *a = store_req(st, req, &status);
    CHECK(a && strstr(a, "\"checkpoint\":1") && strstr(a, "\"changed\":2"), "ingest report: %s", a ? a : "");
    memscribe_string_free(a);
    a = store_req(st, req, &status);
    CHECK(a && strstr(a, "\"checkpoint\":null") && strstr(a, "\"unchanged\":2"), "again, nothing changes: %s", a ? a : "");
    memscribe_string_free(a);
    a = store_req(st, "{\"op\":\"sessions\"}", &status);
    CHECK(a && strstr(a, "\"tool\":\"claude_code\"") && strstr(a, "\"tool\":\"codex\""), "sessions: %s", a ? a : "");
    memscribe_string_free(a);
    a = store_req(st, "{\"op\":\"decisions\",\"tool\":\"claude_code\"}", &status);
    CHECK(a && strstr(a, "\"node\":\"decision\"") && !strstr(a, "\"source\":\"codex\""), "decisions");
    memscribe_string_free(a);
    a = store_req(st, "{\"op\":\"replay\",\"output\":\"events\"}", &status);
    CHECK(a && a[0] == '[' && strstr(a, "\"event\":\"file_edit\""), "replay");
    memscribe_string_free(a);
    a = store_req(st, "{\"op\":\"verify\"}", &status);
    CHECK(a && strcmp(a, "[]") == 0, "verify: %s", a ? a : "");
    memscribe_string_free(a);
    a = store_req(st, "{\"op\":\"search\",\"query\":\"the\"}", &status);
    CHECK(a && strstr(a, "\"snippet\""), "search");
    memscribe_string_free(a);
    a = store_req(st, "{\"op\":\"frobnicate\"}", &status);
    CHECK(a == NULL && status == MEMSCRIBE_INVALID_ARGUMENT, "unknown op: %u", status);
    a = store_req(st, "{\"op\":\"sessions\",\"as_of\":99}", &status);
    CHECK(a == NULL && status == MEMSCRIBE_INVALID_ARGUMENT, "no such checkpoint: %u", status);
    a = store_req(st, "not json", &status);
    CHECK(a == NULL && status == MEMSCRIBE_INVALID_ARGUMENT, "not JSON");
    err = NULL;
    char *out = NULL;
    status = memscribe_store_request(NULL, "{\"op\":\"info\"}", &out, NULL, &err);
    expect_status(status, MEMSCRIBE_INVALID_ARGUMENT, err, "NULL store");
    memscribe_store_close(st);
    memscribe_store_close(NULL);
    /* A file that is not a store. */
    char junk[512];
    snprintf(junk, sizeof junk, "%s/junk.db", dir);
    FILE *f = fopen(junk, "wb");
    for (int i = 0; f && i < 300; i++) fputs("not a database, only text\n", f);
    if (f) fclose(f);
    st = NULL;
    err = NULL;
    status = memscribe_store_open(junk, NULL, &st, &err);
    expect_status(status, MEMSCRIBE_STORE_CORRUPT, err, "a file that is not a store");
    CHECK(st == NULL, "no store on error");
    err = NULL;
    status = memscribe_store_open(path, "{\"redaction\":\"mask\"}", &st, &err);
    expect_status(status, MEMSCRIBE_INVALID_ARGUMENT, err, "another redaction mode");
    err = NULL;
    status = memscribe_store_open(path, "{\"colour\":1}", &st, &err);
    expect_status(status, MEMSCRIBE_INVALID_OPTIONS, err, "an unknown option");
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "cleanup");
    end();
}

int main(void) {
    paths();
    conformance();
    error_paths();
    reports();
    threads();
    store();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
