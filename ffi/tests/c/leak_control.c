/* Control for the leak check: forgets to free a result on purpose. scripts/test
 * runs it under the same valgrind settings as the test suite and expects them
 * to fail it, proving a real leak would not go unnoticed. */
#include <stdio.h>
#include <string.h>

#include "memscribe.h"

int main(void) {
    const char *line = "{\"type\":\"user\",\"sessionId\":\"s\",\"uuid\":\"u\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n";
    char *nd = NULL;
    size_t len = 0;
    if (memscribe_parse((const uint8_t *)line, strlen(line), "{\"output\":\"events\"}", &nd, &len, NULL) != MEMSCRIBE_OK) return 1;
    printf("leaking %zu bytes on purpose\n", len);
    nd = NULL; /* the only pointer is lost: a definite leak */
    return 0;
}
