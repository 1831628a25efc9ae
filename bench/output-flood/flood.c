/* The C scale for bench/output-flood: LINES lines of exactly 80 bytes with printf, as Flood.java prints them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    long lines = argc > 1 ? atol(argv[1]) : 1000000;
    int rank = argc > 2 ? atoi(argv[2]) : 0;
    char pad[81];
    memset(pad, 'x', 80);
    pad[80] = 0;
    for (long s = 0; s < lines; s++) {
        char head[64];
        int n = snprintf(head, sizeof head, "rank %d seq %ld ", rank, s);
        printf("%s%.*s\n", head, 79 - n, pad);
    }
    return 0;
}
