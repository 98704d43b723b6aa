/*
 * bench_million - a million rows into a file database with a UNIQUE index
 * on sudoku_minlex(p), with data made by the project's own functions:
 * random full grids from sudoku_solve(<empty>, seed), and in every tenth
 * row a scrambled copy of the previous grid instead, which INSERT OR
 * IGNORE must reject as the same class.
 *
 *   bench_million [ROWS] [DBFILE]      (defaults: 1000000, /tmp/sudoku-million.db)
 *
 * Prints rows/s and the process's peak resident memory after every 100k
 * rows, which must stay flat as the table grows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static long peak_rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0)
            kb = atol(line + 6);
    if (f)
        fclose(f);
    return kb;
}

static void exec_or_die(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "%s\n  %s\n", sql, err);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 1000000;
    const char *path = argc > 2 ? argv[2] : "/tmp/sudoku-million.db";
    const long batch = 100000;
    sqlite3 *db;
    char *err = NULL, sql[1024];
    double total = 0;

    remove(path);
    if (sqlite3_open(path, &db) != SQLITE_OK)
        return 2;
    sqlite3_enable_load_extension(db, 1);
    if (sqlite3_load_extension(db, SUDOKU_MODULE_PATH, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "cannot load %s: %s\n", SUDOKU_MODULE_PATH, err);
        return 2;
    }
    exec_or_die(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
                    "CREATE TABLE puzzles(p TEXT NOT NULL);"
                    "CREATE UNIQUE INDEX one_per_class ON puzzles(sudoku_minlex(p));");
    for (long start = 0; start < rows; start += batch) {
        long n = rows - start < batch ? rows - start : batch;
        /* Row i is a random grid; every tenth row is instead a scramble of
         * the previous row's grid: the same class, so it is ignored. */
        snprintf(sql, sizeof sql,
                 "WITH RECURSIVE s(i) AS (SELECT %ld UNION ALL SELECT i + 1 FROM s WHERE i < %ld) "
                 "INSERT OR IGNORE INTO puzzles(p) SELECT CASE WHEN i %% 10 = 9 "
                 "THEN sudoku_scramble(sudoku_solve(printf('%%.81c', '.'), i - 1), i) "
                 "ELSE sudoku_solve(printf('%%.81c', '.'), i) END FROM s",
                 start, start + n - 1);
        double t = bench_now();
        exec_or_die(db, "BEGIN");
        exec_or_die(db, sql);
        exec_or_die(db, "COMMIT");
        t = bench_now() - t;
        total += t;
        sqlite3_stmt *st;
        sqlite3_prepare_v2(db, "SELECT count(*) FROM puzzles", -1, &st, NULL);
        sqlite3_step(st);
        long kept = (long)sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        printf("rows %8ld  kept %8ld  batch %9.0f rows/s  total %9.0f rows/s  peak RSS %6ld KiB\n",
               start + n, kept, (double)n / t, (double)(start + n) / total, peak_rss_kb());
        fflush(stdout);
    }
    sqlite3_close(db);
    remove(path);
    {
        char wal[1100];
        snprintf(wal, sizeof wal, "%s-wal", path);
        remove(wal);
        snprintf(wal, sizeof wal, "%s-shm", path);
        remove(wal);
    }
    return 0;
}
