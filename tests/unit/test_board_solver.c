/*
 * test_board_solver - the solver of orders 2, 4 and 5 (board_solver.h)
 * against a plain Dancing Links twin (board_dlx.h):
 *   - order 2 exhaustively: the 288 4x4 grids (enumerated here by brute
 *     force) each solve to themselves; the empty board counts 288; every
 *     puzzle made of any subset of a grid's cells (65,536 per grid) counts
 *     exactly as DLX counts it, for 2 grids (all 12 grids whose first row
 *     is 1234, i.e. every 4x4 puzzle up to relabeling, with --long);
 *   - orders 2, 4 and 5: random puzzles (dense to sparse, unique, with
 *     clashing or wrong givens, nearly empty) count the same up to a
 *     limit, and every solution holds the givens and is a grid; a unique
 *     solution equals DLX's (2,000/400/60 per order, 10,000 each with
 *     --long: SUDOKU_LONG_TEST);
 *   - order 3 answers as solver.h does; bad orders and cells are refused;
 *   - the cancel hook: a hook that never stops changes nothing, one that
 *     stops at the k-th question gets k questions and the cancelled
 *     result, and questions come often enough at order 5.
 */
#include "board.h"
#include "board_dlx.h"
#include "board_solver.h"
#include "check.h"
#include "rng.h"
#include "solver.h"
#include "timed_asker.h"

static int grids4[288][16], ngrids4;

static void enumerate4(int cell, uint8_t *g)
{
    if (cell == 16) {
        for (int i = 0; i < 16; i++)
            grids4[ngrids4][i] = g[i];
        ngrids4++;
        return;
    }
    for (int v = 1; v <= 4; v++) {
        g[cell] = (uint8_t)v;
        if (sudoku_board_consistent(2, g))
            enumerate4(cell + 1, g);
    }
    g[cell] = 0;
}

static void check_solution(int order, const uint8_t *p, const uint8_t *s, const char *what)
{
    int total = sudoku_board_cells(order), ok = sudoku_board_is_solution(order, s);
    for (int i = 0; i < total; i++)
        if (p[i] && p[i] != s[i])
            ok = 0;
    CHECK_MSG(ok, "order %d: %s is not a solution of the puzzle", order, what);
}

/* Both solvers on one puzzle: counts up to limit, solutions. */
static void same(int order, const uint8_t *p, long limit, uint64_t seed)
{
    uint8_t a[SUDOKU_BOARD_MAX_CELLS], b[SUDOKU_BOARD_MAX_CELLS];
    char text[SUDOKU_BOARD_FORMAT_MAX];
    int total = sudoku_board_cells(order);
    long want = dlx_count(order, p, limit, b);
    uint64_t got = sudoku_board_count(order, p, (uint64_t)limit, a, NULL);
    if ((long)got != want) {
        sudoku_board_format(order, p, SUDOKU_BOARD_LINE, SUDOKU_SYMBOLS_AUTO, text);
        CHECK_MSG(0, "order %d: count %llu, DLX %ld (limit %ld) for %s", order,
                  (unsigned long long)got, want, limit, text);
        return;
    }
    check_passed++;
    if (want == 0) {
        CHECK(sudoku_board_solve(order, p, a, NULL) == 0);
        CHECK(sudoku_board_solve_random(order, p, seed, a, NULL) == 0);
        return;
    }
    check_solution(order, p, a, "the first solution counted");
    if (want == 1)
        CHECK_MSG(memcmp(a, b, (size_t)total) == 0, "order %d: unique solutions differ", order);
    uint8_t first[SUDOKU_BOARD_MAX_CELLS];
    CHECK(sudoku_board_solve(order, p, first, NULL) == 1);
    CHECK(memcmp(first, a, (size_t)total) == 0); /* count's first is solve's */
    CHECK(sudoku_board_solve_random(order, p, seed, first, NULL) == 1);
    check_solution(order, p, first, "the seeded solution");
}

static void exhaustive4(int long_run)
{
    uint8_t g[16] = {0}, p[16], s[16];
    ngrids4 = 0;
    enumerate4(0, g);
    CHECK(ngrids4 == 288);
    memset(p, 0, sizeof p);
    CHECK(sudoku_board_count(2, p, 0, NULL, NULL) == 288);
    CHECK(dlx_count(2, p, 1000, NULL) == 288);
    for (int k = 0; k < ngrids4; k++) {
        for (int i = 0; i < 16; i++)
            p[i] = (uint8_t)grids4[k][i];
        CHECK(sudoku_board_count(2, p, 0, s, NULL) == 1 && memcmp(p, s, 16) == 0);
    }
    /* every subset of the givens of the grids with first row 1234 */
    int done = 0;
    for (int k = 0; k < ngrids4 && done < (long_run ? 12 : 2); k++) {
        if (grids4[k][0] != 1 || grids4[k][1] != 2 || grids4[k][2] != 3 || grids4[k][3] != 4)
            continue;
        done++;
        int mismatches = 0;
        for (uint32_t mask = 0; mask < 65536; mask++) {
            for (int i = 0; i < 16; i++)
                p[i] = mask >> i & 1 ? (uint8_t)grids4[k][i] : 0;
            uint64_t got = sudoku_board_count(2, p, 0, NULL, NULL);
            if ((long)got != dlx_count(2, p, 1000, NULL))
                mismatches++;
        }
        CHECK_MSG(mismatches == 0, "grid %d: %d of 65536 subsets count differently", k,
                  mismatches);
    }
    CHECK(done == (long_run ? 12 : 2));
}

/* A random puzzle of one of five kinds (see the header). */
static void random_puzzle(sudoku_rng *rng, int order, int kind, uint8_t *p, long *limit)
{
    int n = order * order, total = n * n;
    uint8_t empty[SUDOKU_BOARD_MAX_CELLS] = {0};
    /* the sparsest fill DLX still does quickly at this order */
    int keep_min = order == 5 ? 55 : order == 4 ? 45 : 0;
    *limit = 2 + (long)sudoku_rng_below(rng, 3);
    if (kind == 2) { /* random givens anywhere: clashes abound */
        memset(p, 0, (size_t)total);
        int givens = (int)sudoku_rng_below(rng, (uint32_t)total / 3 + 1);
        for (int k = 0; k < givens; k++)
            p[sudoku_rng_below(rng, (uint32_t)total)] = (uint8_t)(1 + sudoku_rng_below(rng, (uint32_t)n));
        return;
    }
    if (sudoku_board_solve_random(order, empty, sudoku_rng_next(rng), p, NULL) != 1)
        abort();
    if (kind == 4) { /* nearly empty: many solutions */
        for (int i = 0; i < total; i++)
            if (sudoku_rng_below(rng, 100) >= 5)
                p[i] = 0;
        *limit = 50;
        if (order == 2)
            *limit = 300;
        return;
    }
    if (kind == 3) /* wrong givens are refuted only with the whole tree */
        keep_min += (100 - keep_min) / 3;
    int keep = keep_min + (int)sudoku_rng_below(rng, (uint32_t)(101 - keep_min));
    for (int i = 0; i < total; i++)
        if ((int)sudoku_rng_below(rng, 100) >= keep)
            p[i] = 0;
    if (kind == 1) { /* unique: remove more while the solution stays unique */
        for (int t = 0; t < total / 4; t++) {
            int c = (int)sudoku_rng_below(rng, (uint32_t)total), v = p[c];
            p[c] = 0;
            if (sudoku_board_count(order, p, 2, NULL, NULL) != 1)
                p[c] = (uint8_t)v;
        }
    } else if (kind == 3) { /* one given changed: usually no solution */
        int c = (int)sudoku_rng_below(rng, (uint32_t)total);
        p[c] = (uint8_t)(1 + (p[c] + sudoku_rng_below(rng, (uint32_t)n - 1)) % n);
    }
}

static void random_puzzles(int order, int count)
{
    sudoku_rng rng;
    uint8_t p[SUDOKU_BOARD_MAX_CELLS];
    sudoku_rng_seed(&rng, 3400 + (uint64_t)order);
    for (int i = 0; i < count; i++) {
        long limit;
        random_puzzle(&rng, order, i % 5, p, &limit);
        same(order, p, limit, sudoku_rng_next(&rng));
    }
}

static void order3_and_bad_input(void)
{
    sudoku_grid g = check_grid(CHECK_EXAMPLE), s9;
    uint8_t s[SUDOKU_BOARD_MAX_CELLS], p[SUDOKU_BOARD_MAX_CELLS] = {0};
    CHECK(sudoku_board_count(3, g.cell, 2, s, NULL) == 1);
    CHECK(sudoku_solve(&g, &s9, NULL) == 1 && memcmp(s, s9.cell, 81) == 0);
    CHECK(sudoku_board_solve(3, g.cell, s, NULL) == 1 && memcmp(s, s9.cell, 81) == 0);
    CHECK(sudoku_board_solve_random(3, p, 5, s, NULL) == 1 && sudoku_board_is_solution(3, s));
    CHECK(sudoku_board_count(3, p, 10, NULL, NULL) == 10);
    CHECK(sudoku_board_count(1, p, 2, NULL, NULL) == SUDOKU_BOARD_COUNT_BAD_ORDER);
    CHECK(sudoku_board_count(6, p, 2, NULL, NULL) == SUDOKU_BOARD_COUNT_BAD_ORDER);
    CHECK(sudoku_board_solve(0, p, s, NULL) == SUDOKU_BOARD_BAD_ORDER);
    CHECK(sudoku_board_solve_random(7, p, 1, s, NULL) == SUDOKU_BOARD_BAD_ORDER);
    for (int order = 2; order <= 5; order++) {
        memset(p, 0, sizeof p);
        p[7] = (uint8_t)(order * order + 1); /* no such symbol: no solution */
        CHECK(sudoku_board_count(order, p, 2, NULL, NULL) == 0);
        CHECK(sudoku_board_solve(order, p, s, NULL) == 0);
        p[7] = 0;
        p[0] = 1;
        p[1] = 1; /* a clash in row 0 */
        CHECK(sudoku_board_count(order, p, 2, NULL, NULL) == 0);
        memset(p, 0, sizeof p);
        CHECK(sudoku_board_count(order, p, 2, NULL, NULL) == 2);
        /* random solutions differ with the seed, repeat with it */
        uint8_t a[SUDOKU_BOARD_MAX_CELLS], b[SUDOKU_BOARD_MAX_CELLS];
        int total = sudoku_board_cells(order);
        CHECK(sudoku_board_solve_random(order, p, 1, a, NULL) == 1);
        CHECK(sudoku_board_solve_random(order, p, 1, b, NULL) == 1 && memcmp(a, b, (size_t)total) == 0);
        CHECK(sudoku_board_solve_random(order, p, 2, b, NULL) == 1 && memcmp(a, b, (size_t)total) != 0);
    }
}


static void cancel(void)
{
    sudoku_rng rng;
    uint8_t p[SUDOKU_BOARD_MAX_CELLS], a[SUDOKU_BOARD_MAX_CELLS], b[SUDOKU_BOARD_MAX_CELLS];
    sudoku_rng_seed(&rng, 99);
    for (int order = 2; order <= 5; order++) {
        int total = sudoku_board_cells(order);
        for (int i = 0; i < 20; i++) {
            asker never = {0, 0, 0, 0};
            sudoku_cancel c = {ask, &never};
            long limit;
            random_puzzle(&rng, order, i % 5, p, &limit);
            uint64_t n1 = sudoku_board_count(order, p, (uint64_t)limit, a, &c);
            uint64_t n2 = sudoku_board_count(order, p, (uint64_t)limit, b, NULL);
            CHECK(n1 == n2 && (!n1 || memcmp(a, b, (size_t)total) == 0));
            CHECK(sudoku_board_solve_random(order, p, 4, a, &c) ==
                  sudoku_board_solve_random(order, p, 4, b, NULL));
        }
        /* counting every grid of the empty board: stopped at the 3rd
         * question; the gaps between questions stay small */
        asker third = {0, 3, 0, 0};
        sudoku_cancel c = {ask, &third};
        memset(p, 0, sizeof p);
        if (order == 2) {
            CHECK(sudoku_board_count(order, p, 0, NULL, &c) == 288);
            continue;
        }
        CHECK(sudoku_board_count(order, p, 0, NULL, &c) == SUDOKU_COUNT_CANCELLED);
        CHECK(third.questions == 3);
        third.questions = 0;
        CHECK(sudoku_board_solve(order, p, a, &c) == 1); /* one solution comes first */
        asker many = {0, 40, 0, 0};
        c.arg = &many;
        CHECK(sudoku_board_count(order, p, 0, NULL, &c) == SUDOKU_COUNT_CANCELLED);
        printf("order %d: %ld questions, largest gap %.2f ms (CPU)\n", order, many.questions,
               many.gap * 1e3);
        CHECK_MSG(many.gap < (SANITIZED ? 0.1 : 0.02), "order %d: %.1f ms between questions",
                  order, many.gap * 1e3);
    }
}

int main(int argc, char **argv)
{
    int long_run = check_long(argc, argv); /* SUDOKU_LONG_TEST */
    int scale = SANITIZED ? 4 : 1;
    double t = cpu_now();
    exhaustive4(long_run);
    printf("order 2 exhaustive: %.2f s\n", cpu_now() - t);
    order3_and_bad_input();
    for (int order = 2; order <= 5; order += order == 2 ? 2 : 1) {
        t = cpu_now();
        int n = long_run ? 10000 : (order == 2 ? 2000 : order == 4 ? 400 : 60) / scale;
        random_puzzles(order, n);
        printf("order %d: %d random puzzles, %.2f s\n", order, n, cpu_now() - t);
    }
    cancel();
    return check_done();
}
