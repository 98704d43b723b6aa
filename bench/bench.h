/*
 * bench.h - what the benchmarks share: data loading, a clock, and running
 * a query through the loadable module.
 *
 * Every benchmark prints lines of the form
 *   <function> <set> <mode> <core|sql> <n> items <rate>/s
 * so that runs can be compared with the figures in the issues. One core,
 * wall clock of a single thread (CPU time with SUDOKU_BENCH_CPU=1).
 */
#ifndef SUDOKU_BENCH_H
#define SUDOKU_BENCH_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grid.h"

#ifndef SUDOKU_MODULE_PATH
#define SUDOKU_MODULE_PATH "./build/sudoku"
#endif
#ifndef SUDOKU_DATA_DIR
#define SUDOKU_DATA_DIR "../shared/data"
#endif

/* Wall clock, or with SUDOKU_BENCH_CPU=1 in the environment this
 * process's CPU time: on a machine shared with other jobs the wall clock
 * counts their time slices too. */
static inline double bench_now(void)
{
    static int cpu = -1;
    struct timespec ts;
    if (cpu < 0) {
        const char *e = getenv("SUDOKU_BENCH_CPU");
        cpu = e && *e == '1';
    }
    clock_gettime(cpu ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A data set: its boards as text lines and parsed grids. */
typedef struct bench_set {
    char name[64];
    size_t n;
    char (*text)[82];   /* NUL-terminated 81-char lines */
    sudoku_grid *grid;
} bench_set;

/* Loads SUDOKU_DATA/relpath (one board per line, '#' comments, blank
 * lines and CRLF allowed). Returns 0 when the file is absent. */
static inline int bench_load(const char *relpath, bench_set *set)
{
    const char *dir = getenv("SUDOKU_DATA");
    char path[1024], line[1024];
    FILE *f;
    size_t cap = 0;
    if (!dir || !*dir)
        dir = SUDOKU_DATA_DIR;
    snprintf(path, sizeof path, "%s/%s", dir, relpath);
    f = fopen(path, "rb");
    if (!f)
        return 0;
    memset(set, 0, sizeof *set);
    {
        const char *base = strrchr(relpath, '/');
        snprintf(set->name, sizeof set->name, "%s", base ? base + 1 : relpath);
        char *dot = strrchr(set->name, '.');
        if (dot)
            *dot = '\0';
    }
    while (fgets(line, sizeof line, f)) {
        sudoku_grid g;
        size_t len = strcspn(line, "\r\n\t");
        line[len] = '\0';
        if (len == 0 || line[0] == '#')
            continue;
        if (sudoku_grid_parse(line, len, &g, NULL) != SUDOKU_PARSE_OK)
            continue;
        if (set->n == cap) {
            cap = cap ? cap * 2 : 1024;
            set->text = realloc(set->text, cap * sizeof *set->text);
            set->grid = realloc(set->grid, cap * sizeof *set->grid);
        }
        sudoku_grid_to_line(&g, set->text[set->n]);
        set->text[set->n][81] = '\0';
        set->grid[set->n++] = g;
    }
    fclose(f);
    return set->n > 0;
}

static inline void bench_free(bench_set *set)
{
    free(set->text);
    free(set->grid);
    memset(set, 0, sizeof *set);
}

/* An in-memory database with the module loaded and table t(p TEXT)
 * holding the set's boards. */
static inline sqlite3 *bench_open(const bench_set *set)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    char *err = NULL;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK)
        exit(2);
    sqlite3_enable_load_extension(db, 1);
    if (sqlite3_load_extension(db, SUDOKU_MODULE_PATH, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "cannot load %s: %s\n", SUDOKU_MODULE_PATH, err);
        exit(2);
    }
    sqlite3_exec(db, "CREATE TABLE t(p TEXT); BEGIN", NULL, NULL, NULL);
    sqlite3_prepare_v2(db, "INSERT INTO t VALUES (?)", -1, &st, NULL);
    for (size_t i = 0; set && i < set->n; i++) {
        sqlite3_bind_text(st, 1, set->text[i], 81, SQLITE_STATIC);
        sqlite3_step(st);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    return db;
}

/* Runs sql to completion; returns the seconds it took (exits on error). */
static inline double bench_sql(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    double start = bench_now();
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(db));
        exit(2);
    }
    while (sqlite3_step(st) == SQLITE_ROW)
        ;
    if (sqlite3_finalize(st) != SQLITE_OK) {
        fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(db));
        exit(2);
    }
    return bench_now() - start;
}

/* The best of `runs` timings of sql: the least disturbed by other load. */
static inline double bench_best_sql(sqlite3 *db, int runs, const char *sql)
{
    double best = 1e30;
    for (int i = 0; i < runs; i++) {
        double s = bench_sql(db, sql);
        if (s < best)
            best = s;
    }
    return best;
}

static inline void bench_report(const char *function, const char *set,
                                const char *mode, const char *layer, size_t n,
                                double seconds)
{
    printf("%-22s %-26s %-10s %-8s %8zu items %12.0f/s\n", function, set, mode,
           layer, n, seconds > 0 ? (double)n / seconds : 0.0);
    fflush(stdout);
}

#endif
