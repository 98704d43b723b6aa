/*
 * check.h - the little harness of the C unit tests.
 *
 * CHECK(cond) counts a pass or prints the failing condition; check_done()
 * prints "N passed, N failed" and gives the exit status. Data files from
 * ../shared/data are found through the SUDOKU_DATA environment variable;
 * a test that needs them and finds none exits with CHECK_SKIP (77).
 */
#ifndef SUDOKU_CHECK_H
#define SUDOKU_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

#define CHECK_SKIP 77

/* 1 in sanitizer builds, where the differential tests run fewer rounds
 * (everything is several times slower there). */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

/* Well-known boards the tests share. */
/* the example of data/README (and of the minlex issue) */
#define CHECK_EXAMPLE \
    "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75"
/* the grid with the most automorphisms (648) */
#define CHECK_GRID648 \
    "123456789456789123789123456231564897564897231897231564312645978645978312978312645"
/* the smallest minlex grid (3 automorphisms) */
#define CHECK_GRID3 \
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642"

static int check_passed, check_failed;

#define CHECK(cond) CHECK_MSG(cond, "%s", #cond)

/* Prints at most 20 failures in detail; counts all. */
#define CHECK_MSG(cond, ...)                                                 \
    do {                                                                     \
        if (cond) {                                                          \
            check_passed++;                                                  \
        } else {                                                             \
            if (check_failed++ < 20) {                                       \
                fprintf(stderr, "%s:%d: CHECK failed: ", __FILE__, __LINE__);\
                fprintf(stderr, __VA_ARGS__);                                \
                fputc('\n', stderr);                                         \
            }                                                                \
        }                                                                    \
    } while (0)

static inline int check_done(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

/* 1 when the test was started with --long (the `long` CTest label). */
static inline int check_long(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--long") == 0)
            return 1;
    return 0;
}

/* Opens SUDOKU_DATA/relpath, or returns NULL when the data is absent. */
static inline FILE *check_open_data(const char *relpath)
{
    const char *dir = getenv("SUDOKU_DATA");
    char path[1024];
    if (!dir || !*dir)
        dir = "../shared/data";
    snprintf(path, sizeof path, "%s/%s", dir, relpath);
    return fopen(path, "rb");
}

/* Reads the next line that is neither blank nor a '#' comment, without
 * its line ending; returns 0 at end of file. */
static inline int check_next_line(FILE *f, char *buf, size_t cap)
{
    while (fgets(buf, (int)cap, f)) {
        size_t n = strlen(buf);
        while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
            buf[--n] = '\0';
        if (n == 0 || buf[0] == '#')
            continue;
        return 1;
    }
    return 0;
}

/* Parses an 81-character board (any accepted form); aborts on failure
 * since the test data itself is then wrong. */
static inline sudoku_grid check_grid(const char *text)
{
    sudoku_grid g;
    if (sudoku_grid_parse(text, strlen(text), &g, NULL) != SUDOKU_PARSE_OK) {
        fprintf(stderr, "bad board in test data: %s\n", text);
        exit(2);
    }
    return g;
}

/* The '.'-for-empty line form, NUL-terminated. */
static inline const char *check_line(const sudoku_grid *g, char buf[82])
{
    sudoku_grid_to_line(g, buf);
    buf[81] = '\0';
    return buf;
}

#endif
