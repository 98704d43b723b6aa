/*
 * bench_random_grid - exactly uniform random grids (sudoku_random_grid):
 * core alone and through SQL, one core, best of three; plus the solver's
 * random grids (sudoku_solve(empty, seed), not uniform) for scale, and
 * sudoku_band_class on the drawn grids.
 *
 * Target (issue 14): at least 1,000 uniform grids/s through SQL.
 */
#include "bench.h"
#include "band.h"
#include "random_grid.h"
#include "solver.h"

#define RUNS 3

int main(void)
{
    sudoku_grid g, empty = {{0}};
    sudoku_rng rng;
    sqlite3 *db;
    char sql[512];
    double best, start;
    unsigned sink = 0;
    const size_t n = 20000;

    best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        sudoku_rng_seed(&rng, (uint64_t)r);
        start = bench_now();
        for (size_t i = 0; i < n; i++) {
            sudoku_random_grid(&rng, &g);
            sink += g.cell[40];
        }
        if (bench_now() - start < best)
            best = bench_now() - start;
    }
    bench_report("sudoku_random_grid", "-", "uniform", "core", n, best);

    best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        start = bench_now();
        for (size_t i = 0; i < n; i++) {
            sudoku_solve_random(&empty, (uint64_t)(r * n + i), &g, NULL);
            sink += g.cell[40];
        }
        if (bench_now() - start < best)
            best = bench_now() - start;
    }
    bench_report("sudoku_solve(empty,s)", "-", "not-unif", "core", n, best);

    best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        sudoku_rng_seed(&rng, (uint64_t)r);
        start = bench_now();
        for (size_t i = 0; i < n; i++) {
            sudoku_band_from_index(sudoku_rng_below(&rng, SUDOKU_BANDS_ROW1), g.cell);
            sink += (unsigned)sudoku_band_class_of(g.cell);
        }
        if (bench_now() - start < best)
            best = bench_now() - start;
    }
    bench_report("sudoku_band_class", "random bands", "-", "core", n, best);

    db = bench_open(NULL);
    snprintf(sql, sizeof sql,
             "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < %zu) "
             "SELECT sum(length(sudoku_random_grid(i))) FROM s", n);
    bench_report("sudoku_random_grid", "-", "uniform", "sql", n, bench_best_sql(db, RUNS, sql));
    snprintf(sql, sizeof sql,
             "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < %zu) "
             "SELECT sum(length(sudoku_solve('%.81s', i))) FROM s", n,
             ".................................................................................");
    bench_report("sudoku_solve(empty,s)", "-", "not-unif", "sql", n,
                 bench_best_sql(db, RUNS, sql));
    sqlite3_close(db);
    return sink == 1 ? 1 : 0;
}
