/*
 * bench_te_depth - sudoku_te_depth through SQL and in the core, one core.
 *
 *   bench_te_depth          samples: the published depth vectors (split by
 *                           depth), magictour, 17_clue and 1/25 of
 *                           forum_hardest_1905_11plus
 *   bench_te_depth --full   also the whole forum_hardest_1905_11plus set
 *
 * Per set and depth: number of puzzles, median and mean ms per puzzle
 * (timed per row, through SQL), then the usual throughput lines. The
 * comparison figures from the issue: an independent C implementation
 * takes a median of 2.1 ms per depth-2 puzzle (forum_hardest_1905_11plus
 * in ~141 s CPU) and 62 ms per depth-3 puzzle.
 */
#include <time.h>

#include "bench.h"
#include "solver.h"
#include "te_depth.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Rates every `every`-th puzzle of the set through SQL, one row at a time,
 * and prints per-depth medians; then the core alone on the same rows. */
static void run(const char *relpath, size_t every, const char *label)
{
    bench_set all, set;
    sqlite3 *db;
    sqlite3_stmt *st;
    double *ms[5], total = 0, cpu;
    size_t cnt[5] = {0};
    char name[96];

    if (!bench_load(relpath, &all)) {
        printf("%s: data absent, skipped\n", relpath);
        return;
    }
    set = all;
    set.n = 0;
    set.text = malloc(all.n * sizeof *set.text);
    set.grid = malloc(all.n * sizeof *set.grid);
    for (size_t i = 0; i < all.n; i += every) {
        memcpy(set.text[set.n], all.text[i], sizeof *set.text);
        set.grid[set.n++] = all.grid[i];
    }
    snprintf(name, sizeof name, "%s%s", set.name, label);
    for (int d = 0; d < 5; d++)
        ms[d] = malloc(set.n * sizeof **ms);

    db = bench_open(&set);
    if (sqlite3_prepare_v2(db, "SELECT sudoku_te_depth(p) FROM t", -1, &st,
                           NULL) != SQLITE_OK)
        exit(2);
    cpu = cpu_now();
    for (;;) {
        double t0 = bench_now(), dt;
        int rc = sqlite3_step(st), d;
        dt = bench_now() - t0;
        if (rc != SQLITE_ROW)
            break;
        total += dt;
        d = sqlite3_column_type(st, 0) == SQLITE_NULL ? 4
                                                      : sqlite3_column_int(st, 0);
        if (d < 0 || d > 3)
            d = 4;
        ms[d][cnt[d]++] = dt * 1e3;
    }
    cpu = cpu_now() - cpu;
    sqlite3_finalize(st);
    sqlite3_close(db);

    for (int d = 0; d < 5; d++) {
        double sum = 0;
        if (!cnt[d])
            continue;
        qsort(ms[d], cnt[d], sizeof **ms, cmp_double);
        for (size_t i = 0; i < cnt[d]; i++)
            sum += ms[d][i];
        printf("sudoku_te_depth %-32s depth %s %6zu puzzles  median %8.3f ms"
               "  mean %8.3f ms  max %8.1f ms  %8.1f puzzles/s\n",
               name, d == 4 ? "NULL" : (const char[]){(char)('0' + d), 0},
               cnt[d], ms[d][cnt[d] / 2], sum / (double)cnt[d],
               ms[d][cnt[d] - 1], 1e3 * (double)cnt[d] / sum);
    }
    printf("sudoku_te_depth %-32s all  %6zu puzzles  %.2f s wall, %.2f s CPU\n",
           name, set.n, total, cpu);
    bench_report("sudoku_te_depth", name, "depth", "sql", set.n, total);

    {
        double t0 = bench_now();
        for (size_t i = 0; i < set.n; i++)
            (void)sudoku_te_depth(&set.grid[i], SUDOKU_TE_UNLIMITED, NULL);
        bench_report("sudoku_te_depth", name, "depth", "core", set.n,
                     bench_now() - t0);
    }
    {
        /* The uniqueness check and the solution inside sudoku_te_depth,
         * alone: what the solver contributes to the figures above. */
        double t0 = cpu_now();
        for (size_t i = 0; i < set.n; i++) {
            sudoku_grid solution;
            if (sudoku_count(&set.grid[i], 2, NULL, NULL) == 1)
                (void)sudoku_solve(&set.grid[i], &solution, NULL);
        }
        printf("sudoku_te_depth %-32s solver part (count to 2 + solve) %.3f ms/puzzle\n",
               name, (cpu_now() - t0) * 1e3 / (double)set.n);
    }
    for (int d = 0; d < 5; d++)
        free(ms[d]);
    free(set.text);
    free(set.grid);
    bench_free(&all);
}

int main(int argc, char **argv)
{
    int full = argc > 1 && strcmp(argv[1], "--full") == 0;
    run("vectors/te_depth_published.tsv", 1, "");
    run("puzzles/magictour_top1465.txt", 1, "");
    run("puzzles/17_clue.txt", 49, "/49");
    run("puzzles/forum_hardest_1106.txt", 1, "");
    if (full)
        run("puzzles/forum_hardest_1905_11plus.txt", 1, "");
    else
        run("puzzles/forum_hardest_1905_11plus.txt", 25, "/25");
    return 0;
}
