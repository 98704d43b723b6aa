/*
 * bench_scramble - sudoku_scrambles in both modes, sudoku_scramble and
 * sudoku_transform: core alone and through SQL, one core, best of three.
 *
 * Targets (issue 6): full enumeration `SELECT count(*) FROM
 * sudoku_scrambles(p)` >= 3M rows/s, random scrambles >= 1M rows/s. The
 * `count` lines only step the cursor (rows are made on demand); the
 * `text` lines also materialise every scramble as TEXT, the honest cost
 * of reading the rows.
 */
#include "bench.h"
#include "scramble.h"
#include "transform.h"

static const char *EXAMPLE =
    "1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75";

#define RUNS 3


int main(void)
{
    sudoku_grid g, out;
    sudoku_transform t;
    sudoku_rng rng;
    bench_set set;
    sqlite3 *db;
    char sql[512];
    double best, start;
    unsigned sink = 0;
    const size_t random_rows = 2000000;

    sudoku_grid_parse(EXAMPLE, 81, &g, NULL);

    /* core: stepping through the fixed order and applying each transform */
    best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        start = bench_now();
        sudoku_scramble_first(&t);
        do {
            sudoku_transform_apply(&t, &g, &out);
            sink += out.cell[40];
        } while (sudoku_scramble_next(&t) >= 0);
        if (bench_now() - start < best)
            best = bench_now() - start;
    }
    bench_report("sudoku_scrambles", "example", "full", "core",
                 SUDOKU_GEOMETRIC_TRANSFORMS, best);

    best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        sudoku_rng_seed(&rng, (uint64_t)r);
        start = bench_now();
        for (size_t i = 0; i < random_rows; i++) {
            sudoku_scramble_random(&rng, &t);
            sudoku_transform_apply(&t, &g, &out);
            sink += out.cell[40];
        }
        if (bench_now() - start < best)
            best = bench_now() - start;
    }
    bench_report("sudoku_scrambles", "example", "random", "core", random_rows, best);

    db = bench_open(NULL);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM sudoku_scrambles('%s')", EXAMPLE);
    bench_report("sudoku_scrambles", "example", "full", "sql",
                 SUDOKU_GEOMETRIC_TRANSFORMS, bench_best_sql(db, RUNS, sql));
    snprintf(sql, sizeof sql,
             "SELECT sum(length(scramble)) FROM sudoku_scrambles('%s')", EXAMPLE);
    bench_report("sudoku_scrambles", "example", "full-text", "sql",
                 SUDOKU_GEOMETRIC_TRANSFORMS, bench_best_sql(db, RUNS, sql));
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM sudoku_scrambles('%s', %zu, 1)", EXAMPLE, random_rows);
    bench_report("sudoku_scrambles", "example", "random", "sql", random_rows,
                 bench_best_sql(db, RUNS, sql));
    snprintf(sql, sizeof sql,
             "SELECT sum(length(scramble)) FROM sudoku_scrambles('%s', %zu, 1)",
             EXAMPLE, random_rows);
    bench_report("sudoku_scrambles", "example", "random-text", "sql", random_rows,
                 bench_best_sql(db, RUNS, sql));
    sqlite3_close(db);

    /* scalar functions over a puzzle collection */
    if (bench_load("puzzles/17_clue.txt", &set)) {
        db = bench_open(&set);
        bench_report("sudoku_scramble", set.name, "seed", "sql", set.n,
                     bench_best_sql(db, RUNS, "SELECT count(sudoku_scramble(p, rowid)) FROM t"));
        bench_report("sudoku_transform", set.name, "apply", "sql", set.n,
                     bench_best_sql(db, RUNS,
                                    "SELECT count(sudoku_transform(p, '{\"transpose\":true,"
                                    "\"rows\":[2,3,1,6,4,5,8,7,9],\"cols\":[8,7,9,1,2,3,6,5,4],"
                                    "\"digits\":[1,9,5,6,4,7,8,2,3]}')) FROM t"));
        bench_report(
            "sudoku_scrambles", set.name, "join-5", "sql", set.n * 5,
            bench_best_sql(db, RUNS,
                           "SELECT count(s.scramble) FROM t, sudoku_scrambles(t.p, 5, 1) s"));
        sqlite3_close(db);
        bench_free(&set);
    }
    return sink == 12345 ? 1 : 0;
}
