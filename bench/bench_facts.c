/*
 * bench_facts - the collector's facts through SQL (and the long ones in
 * the core), one core.
 *
 * Per data set: the SQL per-row floor (count(length(p))), then
 * count(f(p)) for each fact, best of three runs. The targets:
 * sudoku_is_minimal at least 50,000/s on 17_clue, sudoku_backdoor at least
 * 500/s on forum_hardest_1905_11plus, the rest close to the floor. Then
 * the backdoor sizes met on each set (the whole set is rated).
 */
#include "bench.h"
#include "backdoor.h"
#include "minimality.h"

static void sql_line(sqlite3 *db, const bench_set *set, const char *function,
                     const char *expr, int runs)
{
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT count(%s) FROM t", expr);
    bench_report(function, set->name, "all", "sql", set->n, bench_best_sql(db, runs, sql));
}

static void run(const char *relpath)
{
    bench_set set;
    sqlite3 *db;
    if (!bench_load(relpath, &set)) {
        printf("%s: data absent, skipped\n", relpath);
        return;
    }
    db = bench_open(&set);
    sql_line(db, &set, "length (floor)", "length(p)", 3);
    sql_line(db, &set, "sudoku_clues", "sudoku_clues(p)", 3);
    sql_line(db, &set, "sudoku_pattern", "sudoku_pattern(p)", 3);
    sql_line(db, &set, "sudoku_symmetry", "sudoku_symmetry(p)", 3);
    sql_line(db, &set, "sudoku_is_solution", "sudoku_is_solution(p, p)", 3);
    sql_line(db, &set, "sudoku_status", "sudoku_status(p)", 3);
    sql_line(db, &set, "sudoku_is_minimal", "sudoku_is_minimal(p)", 3);
    sql_line(db, &set, "sudoku_redundant_clues", "sudoku_redundant_clues(p)", 1);
    sql_line(db, &set, "sudoku_backdoor", "sudoku_backdoor(p)", 1);
    sqlite3_close(db);

    /* the core alone, and the sizes */
    size_t sizes[8] = {0};
    double t0 = bench_now();
    for (size_t i = 0; i < set.n; i++)
        sudoku_is_minimal(&set.grid[i], NULL);
    bench_report("sudoku_is_minimal", set.name, "all", "core", set.n, bench_now() - t0);
    t0 = bench_now();
    for (size_t i = 0; i < set.n; i++) {
        int k = sudoku_backdoor(&set.grid[i], NULL, NULL);
        sizes[k < 0 ? 7 : k > 6 ? 6 : k]++;
    }
    bench_report("sudoku_backdoor", set.name, "all", "core", set.n, bench_now() - t0);
    printf("backdoor sizes on %s: 0: %zu, 1: %zu, 2: %zu, 3: %zu, 4: %zu, 5: %zu, 6+: %zu, "
           "NULL: %zu\n", set.name, sizes[0], sizes[1], sizes[2], sizes[3], sizes[4],
           sizes[5], sizes[6], sizes[7]);
    bench_free(&set);
}

int main(void)
{
    run("puzzles/17_clue.txt");
    run("puzzles/forum_hardest_1905_11plus.txt");
    run("puzzles/magictour_top1465.txt");
    return 0;
}
