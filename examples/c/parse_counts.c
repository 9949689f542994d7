/* Parses a transcript with libmemscribe and prints how many nodes of each
 * kind it yields.
 *
 *   cc -Wall -Wextra -Werror parse_counts.c $(pkg-config --cflags --libs memscribe) -o parse_counts
 *   ./parse_counts examples/data/claude_code_session.jsonl
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memscribe.h"

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger) { free(buf); buf = NULL; }
            else buf = bigger;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s TRANSCRIPT [OPTIONS_JSON]\n", argv[0]);
        return 2;
    }
    size_t len = 0;
    char *data = read_file(argv[1], &len);
    if (!data) {
        perror(argv[1]);
        return 1;
    }
    char *ndjson = NULL;
    size_t out_len = 0;
    memscribe_error *err = NULL;
    uint32_t status = memscribe_parse((const uint8_t *)data, len, argc > 2 ? argv[2] : NULL, &ndjson, &out_len, &err);
    free(data);
    if (status != MEMSCRIBE_OK) {
        fprintf(stderr, "memscribe: %s (status %u)\n", memscribe_error_message(err), (unsigned)status);
        memscribe_error_free(err);
        return 1;
    }
    const char *kinds[] = {"conversation", "decision", "episode", "binding"};
    size_t counts[4] = {0, 0, 0, 0};
    for (char *line = ndjson; line && *line;) {
        char *end = strchr(line, '\n');
        for (int k = 0; k < 4; k++) {
            char tag[64];
            snprintf(tag, sizeof tag, "{\"node\":\"%s\"", kinds[k]);
            if (strncmp(line, tag, strlen(tag)) == 0) counts[k]++;
        }
        line = end ? end + 1 : NULL;
    }
    printf("memscribe %s: %zu bytes of NDJSON\n", memscribe_version(), out_len);
    for (int k = 0; k < 4; k++) printf("%-13s %zu\n", kinds[k], counts[k]);
    memscribe_string_free(ndjson);
    return 0;
}
