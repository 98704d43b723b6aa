/*
 * bench_equiv - sudoku_equiv and friends, core and through SQL, one core,
 * best of three.
 *
 * Targets (issue 5): non-equivalent pairs rejected by the invariants at
 * >= 2M pairs/s through SQL; equivalent pairs at no more than 2.2x the
 * cost of one sudoku_minlex.
 *   - "reject": consecutive puzzles of a collection whose invariant keys
 *     differ (the share of all consecutive pairs is printed);
 *   - "equivalent": each puzzle against a random scramble of itself,
 *     compared with sudoku_minlex over the same puzzles (both sides).
 */
#include "bench.h"
#include "equiv.h"
#include "minlex.h"
#include "scramble.h"

#define RUNS 3


static void insert_pairs(sqlite3 *db, const char *table, const sudoku_grid *a,
                         const sudoku_grid *b, size_t n)
{
    char sql[128];
    sqlite3_stmt *st;
    snprintf(sql, sizeof sql, "CREATE TABLE %s(a TEXT, b TEXT)", table);
    sqlite3_exec(db, sql, NULL, NULL, NULL);
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    snprintf(sql, sizeof sql, "INSERT INTO %s VALUES (?, ?)", table);
    sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    for (size_t i = 0; i < n; i++) {
        char la[81], lb[81];
        sudoku_grid_to_line(&a[i], la);
        sudoku_grid_to_line(&b[i], lb);
        sqlite3_bind_text(st, 1, la, 81, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, lb, 81, SQLITE_TRANSIENT);
        sqlite3_step(st);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
}

static void run(const char *rel)
{
    bench_set set;
    sudoku_grid *ra, *rb, *ea, *eb, m;
    size_t nr = 0, ne, limit;
    sudoku_rng rng;
    sqlite3 *db;
    double best, start, t_min, t_eq;
    int sink = 0;

    if (!bench_load(rel, &set))
        return;
    limit = set.n < 5000 ? set.n : 5000; /* keep the minlex runs short */
    ra = malloc(set.n * sizeof *ra);
    rb = malloc(set.n * sizeof *rb);
    ea = malloc(limit * sizeof *ea);
    eb = malloc(limit * sizeof *eb);
    for (size_t i = 0; i + 1 < set.n; i++) {
        sudoku_equiv_key ka, kb;
        sudoku_equiv_key_of(&set.grid[i], &ka);
        sudoku_equiv_key_of(&set.grid[i + 1], &kb);
        if (!sudoku_equiv_key_match(&ka, &kb)) {
            ra[nr] = set.grid[i];
            rb[nr++] = set.grid[i + 1];
        }
    }
    printf("%s: invariants reject %zu of %zu consecutive pairs (%.1f%%)\n", set.name, nr,
           set.n - 1, 100.0 * (double)nr / (double)(set.n - 1));
    sudoku_rng_seed(&rng, 1);
    for (ne = 0; ne < limit; ne++) {
        sudoku_transform t;
        sudoku_scramble_random(&rng, &t);
        ea[ne] = set.grid[ne];
        sudoku_transform_apply(&t, &ea[ne], &eb[ne]);
    }

    if (nr == 0) /* full grids: every key is the same */
        printf("%s: no pair is rejected by the invariants\n", set.name);
    /* core */
    best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        start = bench_now();
        for (size_t i = 0; i < nr; i++)
            sink += sudoku_equiv(&ra[i], &rb[i]);
        if (bench_now() - start < best)
            best = bench_now() - start;
    }
    if (nr)
        bench_report("sudoku_equiv", set.name, "reject", "core", nr, best);

    db = bench_open(NULL);
    insert_pairs(db, "rej", ra, rb, nr);
    insert_pairs(db, "eq", ea, eb, ne);
    if (nr)
        bench_report("sudoku_equiv", set.name, "reject", "sql", nr,
                     bench_best_sql(db, RUNS, "SELECT count(*) FROM rej WHERE sudoku_equiv(a, b)"));

    /* equivalent pairs against one minlex per pair (the mean of minlex(a)
     * and minlex(b), so that both sides' shapes count) */
    /* Interleaved, best of five each, so that both see the same machine
     * (the benchmark machine is shared and noisy). */
    {
        double ma = 1e30, mb = 1e30, me = 1e30, x;
        for (int r = 0; r < 5; r++) {
            x = bench_sql(db, "SELECT count(sudoku_minlex(a)) FROM eq");
            ma = x < ma ? x : ma;
            x = bench_sql(db, "SELECT count(sudoku_minlex(b)) FROM eq");
            mb = x < mb ? x : mb;
            x = bench_sql(db, "SELECT count(*) FROM eq WHERE sudoku_equiv(a, b)");
            me = x < me ? x : me;
        }
        t_min = (ma + mb) / 2;
        t_eq = me;
    }
    bench_report("sudoku_minlex", set.name, "baseline", "sql", ne, t_min);
    bench_report("sudoku_equiv", set.name, "equivalent", "sql", ne, t_eq);
    printf("%s: sudoku_equiv on equivalent pairs = %.2fx one sudoku_minlex\n", set.name,
           t_eq / t_min);
    bench_report("sudoku_equiv_transform", set.name, "equivalent", "sql", ne,
                 bench_best_sql(db, RUNS, "SELECT count(sudoku_equiv_transform(a, b)) FROM eq"));
    bench_report("sudoku_automorphisms", set.name, "all", "sql", ne,
                 bench_best_sql(db, RUNS, "SELECT sum(sudoku_automorphisms(a)) FROM eq"));

    /* copies of one puzzle: one side constant, its canonical form kept */
    {
        char sql[400];
        double t_one, t_base;
        snprintf(sql, sizeof sql,
                 "SELECT count(sudoku_minlex(scramble)) FROM sudoku_scrambles('%s', 5000, 1)",
                 set.text[0]);
        t_base = bench_best_sql(db, RUNS, sql);
        snprintf(sql, sizeof sql,
                 "SELECT count(*) FROM sudoku_scrambles('%s', 5000, 1) WHERE "
                 "sudoku_equiv(scramble, '%s')",
                 set.text[0], set.text[0]);
        t_one = bench_best_sql(db, RUNS, sql);
        bench_report("sudoku_equiv", set.name, "one-const", "sql", 5000, t_one);
        printf("%s: sudoku_equiv against one constant puzzle = %.2fx one sudoku_minlex\n",
               set.name, t_one / t_base);
    }

    best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        start = bench_now();
        for (size_t i = 0; i < ne; i++) {
            sudoku_minlex(&ea[i], &m, NULL);
            sink += m.cell[80];
        }
        if (bench_now() - start < best)
            best = bench_now() - start;
    }
    bench_report("sudoku_minlex", set.name, "baseline", "core", ne, best);
    best = 1e30;
    for (int r = 0; r < RUNS; r++) {
        start = bench_now();
        for (size_t i = 0; i < ne; i++)
            sink += sudoku_equiv(&ea[i], &eb[i]);
        if (bench_now() - start < best)
            best = bench_now() - start;
    }
    bench_report("sudoku_equiv", set.name, "equivalent", "core", ne, best);

    sqlite3_close(db);
    free(ra);
    free(rb);
    free(ea);
    free(eb);
    bench_free(&set);
    if (sink == -1)
        printf("\n");
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            run(argv[i]);
    } else {
        run("puzzles/17_clue.txt");
        run("puzzles/forum_hardest_1905_11plus.txt");
        run("grids/random_100k.txt");
    }
    return 0;
}
