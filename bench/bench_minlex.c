/* bench_minlex - sudoku_minlex throughput, core alone and through SQL, on
 * the standard puzzle and grid sets (one core). Optional arguments: set
 * paths relative to the data directory. */
#include "bench.h"
#include "minlex.h"
#include "scramble.h"
#include "transform.h"

static const char *SETS[] = {"puzzles/17_clue.txt", "puzzles/forum_hardest_1905_11plus.txt",
                             "grids/random_100k.txt", "grids/solutions_17_clue.txt"};

/* One mode (minlex or pattern) on one set: the core alone, then SQL. */
static void measure(const bench_set *set, int pattern, const char *mode)
{
    volatile unsigned sink = 0;
    double best = 1e30;
    for (int rep = 0; rep < 2; rep++) {
        double start = bench_now();
        for (size_t i = 0; i < set->n; i++) {
            sudoku_grid out;
            if (pattern)
                sudoku_minlex_pattern(&set->grid[i], &out, NULL);
            else
                sudoku_minlex(&set->grid[i], &out, NULL);
            sink += out.cell[80];
        }
        double s = bench_now() - start;
        if (s < best)
            best = s;
    }
    bench_report("sudoku_minlex", set->name, mode, "core", set->n, best);
    /* "sql" is the function's own cost per row, as for the solver;
     * "distinct" adds the sort that counting the classes needs, which
     * for grids (long shared prefixes) costs as much as minlex does. */
    sqlite3 *db = bench_open(set);
    static const char *const queries[2][2] = {
        {"SELECT count(sudoku_minlex(p)) FROM t",
         "SELECT count(DISTINCT sudoku_minlex(p)) FROM t"},
        {"SELECT count(sudoku_minlex(p, 'pattern')) FROM t",
         "SELECT count(DISTINCT sudoku_minlex(p, 'pattern')) FROM t"}};
    for (int q = 0; q < 2; q++) {
        best = 1e30;
        for (int rep = 0; rep < 2; rep++) {
            double s = bench_sql(db, queries[pattern][q]);
            if (s < best)
                best = s;
        }
        bench_report("sudoku_minlex", set->name, mode, q ? "distinct" : "sql", set->n, best);
    }
    sqlite3_close(db);
    (void)sink;
}

static void run(const char *rel)
{
    bench_set set;
    if (!bench_load(rel, &set)) {
        printf("skipped %s (data absent)\n", rel);
        return;
    }
    measure(&set, 0, "minlex");
    measure(&set, 1, "pattern");
    /* The puzzle collections are stored in (or near) their minlex form,
     * which is the search's best case: the first row it lays out is
     * already the smallest. The same puzzles under a random transform
     * each show the cost for inputs as users have them. */
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 2024);
    for (size_t i = 0; i < set.n; i++) {
        sudoku_transform t;
        sudoku_grid g = set.grid[i];
        sudoku_scramble_random(&rng, &t);
        sudoku_transform_apply(&t, &g, &set.grid[i]);
        sudoku_grid_to_line(&set.grid[i], set.text[i]);
        set.text[i][81] = '\0';
    }
    measure(&set, 0, "scrambled");
    bench_free(&set);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        for (int i = 1; i < argc; i++)
            run(argv[i]);
    else
        for (size_t i = 0; i < sizeof SETS / sizeof *SETS; i++)
            run(SETS[i]);
    return 0;
}
