/*
 * bench_solve - puzzles/s of the solver, per data set and mode:
 *   first  first solution (sudoku_solve / SELECT count(sudoku_solve(p)))
 *   count2 uniqueness check (sudoku_count(p, 2) / ... WHERE sudoku_count(p, 2) = 1)
 * for the core alone and through SQL; best of several runs, one core.
 *   bench_solve [REPEATS [SET [mean]]]
 * SET: only the data sets whose name contains it (e.g. serg; "" for all);
 * mean: the mean rate over the REPEATS runs instead of the best run, as
 * tdoku's run_benchmark reports its peers (total puzzles / total time).
 */
#include "bench.h"
#include "solver.h"

static const char *const SETS[] = {
    "puzzles/17_clue.txt",
    "puzzles/magictour_top1465.txt",
    "puzzles/forum_hardest_1905_11plus.txt",
    "puzzles/forum_hardest_1106.txt",
    "puzzles/serg_benchmark.txt",
};

static volatile uint64_t sink;

static double core_first(const bench_set *set)
{
    double start = bench_now();
    uint64_t n = 0;
    for (size_t i = 0; i < set->n; i++) {
        sudoku_grid out;
        n += (uint64_t)sudoku_solve(&set->grid[i], &out, NULL);
        n += out.cell[80];
    }
    sink = n;
    return bench_now() - start;
}

static double core_count2(const bench_set *set)
{
    double start = bench_now();
    uint64_t n = 0;
    for (size_t i = 0; i < set->n; i++)
        n += sudoku_count(&set->grid[i], 2, NULL, NULL) == 1;
    sink = n;
    return bench_now() - start;
}

/* mean: report the mean rate (total time / repeats) instead of the best */
static int mean;

static double best_of(int repeats, double (*f)(const bench_set *),
                      const bench_set *set)
{
    double best = 1e30, total = 0;
    for (int r = 0; r < repeats; r++) {
        double t = f(set);
        total += t;
        if (t < best)
            best = t;
    }
    return mean ? total / repeats : best;
}

static double best_of_sql(sqlite3 *db, int repeats, const char *sql)
{
    double best = 1e30, total = 0;
    for (int r = 0; r < repeats; r++) {
        double t = bench_sql(db, sql);
        total += t;
        if (t < best)
            best = t;
    }
    return mean ? total / repeats : best;
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 3;
    if (repeats < 1)
        repeats = 1;
    const char *only = argc > 2 ? argv[2] : NULL;
    mean = argc > 3 && strcmp(argv[3], "mean") == 0;
    for (size_t k = 0; k < sizeof SETS / sizeof *SETS; k++) {
        bench_set set;
        if (only && !strstr(SETS[k], only))
            continue;
        if (!bench_load(SETS[k], &set)) {
            printf("skipped %s (data absent)\n", SETS[k]);
            continue;
        }
        sqlite3 *db = bench_open(&set);
        bench_report("sudoku_solve", set.name, "first", "core", set.n,
                     best_of(repeats, core_first, &set));
        bench_report("sudoku_solve", set.name, "first", "sql", set.n,
                     best_of_sql(db, repeats, "SELECT count(sudoku_solve(p)) FROM t"));
        bench_report("sudoku_count", set.name, "count2", "core", set.n,
                     best_of(repeats, core_count2, &set));
        bench_report("sudoku_count", set.name, "count2", "sql", set.n,
                     best_of_sql(db, repeats,
                              "SELECT count(*) FROM t WHERE sudoku_count(p, 2) = 1"));
        sqlite3_close(db);
        bench_free(&set);
    }
    return 0;
}
