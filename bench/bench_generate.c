/* bench_generate.c - sudoku_generate and sudoku_neighbors through SQL, one
 * core: random minimal puzzles per second against qqwing --generate
 * (Debian package qqwing; skipped when absent) timed in the same run,
 * interleaved, best of three each; and {-1+1} of forum_hardest_1905_11plus
 * puzzles in ms each (the median of the first 50); the SE rating target;
 * depth 2 by the vicinity climb against independent attempts (rows found
 * per second of wall time and of this process's CPU time). The depth-2
 * rows are made by the core's sudoku_generate, the very rows of SQL's
 * sudoku_generate(16, 1, ...): in SQL a row that runs out of tries is an
 * error that ends the scan, and here every row is tried and counted. */
#include <time.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "generate.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Rows 0..rows-1 of sudoku_generate(rows, seed, options): how many were
 * found within the tries; the wall and CPU time. */
static long count_rows(const char *options, int rows, double *wall, double *cpu)
{
    sudoku_generate_options opt;
    sudoku_grid puzzle, solution;
    char msg[300];
    long found = 0;
    double w = bench_now(), c = cpu_now();
    if (!sudoku_generate_options_parse(options, strlen(options), &opt, "bench", msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        exit(2);
    }
    for (int n = 0; n < rows; n++)
        found += sudoku_generate(&opt, 1, (uint64_t)n, &puzzle, &solution, NULL) == 1;
    *wall = bench_now() - w;
    *cpu = cpu_now() - c;
    return found;
}

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
    bench_report("sudoku_generate", "se [2.6, 3.4]", "options", "sql", 200,
                 bench_best_sql(db, 2, "SELECT count(puzzle) FROM sudoku_generate(200, 1, "
                                       "'{\"se\":[2.6,3.4]}')"));
    bench_report("sudoku_generate", "se [4.2, 4.4]", "options", "sql", 200,
                 bench_best_sql(db, 2, "SELECT count(puzzle) FROM sudoku_generate(200, 1, "
                                       "'{\"se\":[4.2,4.4]}')"));
    {
        double wall, cpu;
        long found = count_rows("{\"depth\":2}", 16, &wall, &cpu);
        printf("sudoku_generate depth 2 (climb, 16 rows, tries 1000): %ld found, %.1f s wall, "
               "%.1f s CPU: %.2f s CPU per puzzle\n", found, wall, cpu, found ? cpu / found : 0.0);
        found = count_rows("{\"depth\":2,\"search\":\"random\",\"tries\":100000}", 1, &wall, &cpu);
        printf("sudoku_generate depth 2 (random attempts, tries 100000): %ld found, %.1f s CPU\n",
               found, cpu);
    }
    if (bench_load("puzzles/forum_hardest_1905_11plus.txt", &hard)) {
        sqlite3 *hdb = bench_open(&hard);
        double ms[50];
        int k = 0;
        char sql[256];
        for (; k < 50 && (size_t)k < hard.n; k++) {
            snprintf(sql, sizeof sql,
                     "SELECT count(*) FROM t, sudoku_neighbors(t.p, 1, 1) WHERE t.rowid = %d",
                     k + 1);
            ms[k] = 1000 * bench_best_sql(hdb, 2, sql);
        }
        qsort(ms, (size_t)k, sizeof *ms, cmp_double);
        printf("sudoku_neighbors {-1+1} forum_hardest_1905_11plus: median %.2f ms, max %.2f ms (%d "
               "puzzles, best of 2 each)\n",
               ms[k / 2], ms[k - 1], k);
        sqlite3_close(hdb);
        bench_free(&hard);
    } else {
        printf("forum_hardest_1905_11plus not found: {-1+1} skipped\n");
    }
    sqlite3_close(db);
    return 0;
}
