/* Measures the C ABI: per-call overhead of memscribe_parse on a tiny input,
 * throughput of a session fed a large file in 1 MiB chunks, and one
 * memscribe_parse of a whole file (its peak memory is what scripts/bench
 * reports).
 *   bench_ffi overhead [ITERATIONS]
 *   bench_ffi throughput FILE OPTIONS_JSON
 * Prints one JSON object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "memscribe.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "overhead") == 0) {
        long n = argc > 2 ? atol(argv[2]) : 200000;
        const char *line = "{\"type\":\"user\",\"sessionId\":\"s\",\"uuid\":\"u\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";
        size_t len = strlen(line);
        const char *opts[] = {"{\"source\":\"claude_code\",\"output\":\"events\",\"redact\":false}", NULL};
        const char *names[] = {"events_no_redact", "defaults"};
        printf("{");
        for (int o = 0; o < 2; o++) {
            double best = 1e9;
            for (int rep = 0; rep < 5; rep++) {
                double t0 = now();
                for (long i = 0; i < n; i++) {
                    char *nd = NULL;
                    size_t out_len = 0;
                    if (memscribe_parse((const uint8_t *)line, len, opts[o], &nd, &out_len, NULL) != MEMSCRIBE_OK) return 1;
                    memscribe_string_free(nd);
                }
                double per = (now() - t0) / (double)n * 1e6;
                if (per < best) best = per;
            }
            printf("%s\"%s_us_per_call\":%.3f", o ? "," : "", names[o], best);
        }
        printf("}\n");
        return 0;
    }
    if (argc >= 4 && strcmp(argv[1], "throughput") == 0) {
        FILE *f = fopen(argv[2], "rb");
        if (!f) { perror(argv[2]); return 1; }
        size_t cap = 1 << 20, total = 0, out_total = 0;
        char *buf = malloc(cap);
        memscribe_session *s = NULL;
        if (memscribe_session_new(argv[3], &s, NULL) != MEMSCRIBE_OK) return 1;
        double t0 = now();
        size_t r;
        while ((r = fread(buf, 1, cap, f)) > 0) {
            char *nd = NULL;
            size_t n = 0;
            if (memscribe_session_feed(s, (const uint8_t *)buf, r, &nd, &n, NULL) != MEMSCRIBE_OK) return 1;
            out_total += n;
            memscribe_string_free(nd);
            total += r;
        }
        char *nd = NULL;
        size_t n = 0;
        if (memscribe_session_finish(s, &nd, &n, NULL) != MEMSCRIBE_OK) return 1;
        out_total += n;
        memscribe_string_free(nd);
        double secs = now() - t0;
        memscribe_session_free(s);
        fclose(f);
        free(buf);
        printf("{\"mb\":%.1f,\"seconds\":%.3f,\"mb_per_s\":%.1f,\"output_bytes\":%zu}\n", total / 1e6, secs, total / 1e6 / secs, out_total);
        return 0;
    }
    if (argc >= 4 && strcmp(argv[1], "oneshot") == 0) {
        /* The whole file through one memscribe_parse (for peak memory). */
        FILE *f = fopen(argv[2], "rb");
        if (!f) { perror(argv[2]); return 1; }
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *buf = malloc(size > 0 ? (size_t)size : 1);
        if (fread(buf, 1, (size_t)size, f) != (size_t)size) return 1;
        fclose(f);
        char *nd = NULL;
        size_t n = 0;
        double t0 = now();
        if (memscribe_parse((const uint8_t *)buf, (size_t)size, argv[3], &nd, &n, NULL) != MEMSCRIBE_OK) return 1;
        double secs = now() - t0;
        memscribe_string_free(nd);
        free(buf);
        printf("{\"mb\":%.1f,\"seconds\":%.3f,\"output_bytes\":%zu}\n", size / 1e6, secs, n);
        return 0;
    }
    fprintf(stderr, "usage: bench_ffi overhead [N] | bench_ffi throughput FILE OPTIONS_JSON | bench_ffi oneshot FILE OPTIONS_JSON\n");
    return 2;
}
