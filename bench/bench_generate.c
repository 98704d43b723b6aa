/* bench_generate.c - sudoku_generate and sudoku_neighbors through SQL, one
 * core: random minimal puzzles per second against qqwing --generate
 * (Debian package qqwing; skipped when absent) timed in the same run,
 * interleaved, best of three each; and {-1+1} of forum_hardest_1905_11plus
 * puzzles in ms each (the median of the first 50). */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    sqlite3 *db = bench_open(NULL);
    bench_set hard;
    int have_qqwing = system("command -v qqwing >/dev/null 2>&1") == 0;
    double ours = 1e30, peer = 1e30;
    const int n = 2000, peer_n = 200;
    for (int round = 0; round < 3; round++) {
        double s = bench_sql(db, "SELECT count(puzzle) FROM sudoku_generate(2000, 1)");
        if (s < ours)
            ours = s;
        if (have_qqwing) {
            double t = bench_now();
            if (system("qqwing --generate 200 --one-line >/dev/null") != 0)
                have_qqwing = 0;
            t = bench_now() - t;
            if (t < peer)
                peer = t;
        }
    }
    bench_report("sudoku_generate", "random minimal", "(count, seed)", "sql", (size_t)n, ours);
    if (have_qqwing) {
        bench_report("qqwing --generate", "random", "peer", "process", (size_t)peer_n, peer);
        printf("ratio: %.1fx qqwing's rate\n", (n / ours) / (peer_n / peer));
    } else {
        printf("qqwing not found: peer skipped\n");
    }
    bench_report("sudoku_generate", "rotate180, minimal", "options", "sql", 100,
                 bench_best_sql(db, 2, "SELECT count(puzzle) FROM sudoku_generate(100, 1, "
                                       "'{\"symmetry\":\"rotate180\"}')"));
    if (bench_load("puzzles/forum_hardest_1905_11plus.txt", &hard)) {
        sqlite3 *hdb = bench_open(&hard);
        double ms[50];
        int k = 0;
        char sql[256];
        for (; k < 50 && (size_t)k < hard.n; k++) {
            snprintf(sql, sizeof sql,
                     "SELECT count(*) FROM t, sudoku_neighbors(t.p, 1, 1) WHERE t.rowid = %d", k + 1);
            ms[k] = 1000 * bench_best_sql(hdb, 2, sql);
        }
        qsort(ms, (size_t)k, sizeof *ms, cmp_double);
        printf("sudoku_neighbors {-1+1} forum_hardest_1905_11plus: median %.2f ms, max %.2f ms (%d puzzles, best of 2 each)\n",
               ms[k / 2], ms[k - 1], k);
        sqlite3_close(hdb);
        bench_free(&hard);
    } else {
        printf("forum_hardest_1905_11plus not found: {-1+1} skipped\n");
    }
    sqlite3_close(db);
    return 0;
}
