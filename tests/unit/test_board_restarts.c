/*
 * test_board_restarts - the restarts of the board solver (order_search.inc)
 * against the plain Dancing Links twin. The library restarts a search only
 * after 16,384 guesses, which the puzzles of a quick test seldom need, so
 * this test builds the solver a second time with a budget of 4 guesses:
 * nearly every puzzle then goes through several restarts, and the counts
 * (to 1, 2 and 3), the first solutions and the seeded solutions must still
 * be right. 600 puzzles of order 4 and 80 of order 5 (--long: 10,000
 * each, SUDOKU_LONG_TEST).
 */
#include "check.h"
#include "board.h"
#include "board_dlx.h"
#include "rng.h"

#define RESTART_NODES(order) ((order) <= 2 ? 0u : 4u)
#define sudoku_board_count restarting_count
#define sudoku_board_count_nodes restarting_count_nodes
#define sudoku_board_solve restarting_solve
#define sudoku_board_solve_random restarting_solve_random
#include "../../core/board_solver/board_solver.c"
#undef sudoku_board_count
#undef sudoku_board_count_nodes
#undef sudoku_board_solve
#undef sudoku_board_solve_random
#include "board_solver.h"

static void one(int order, const uint8_t *p, uint64_t seed)
{
    uint8_t a[SUDOKU_BOARD_MAX_CELLS], b[SUDOKU_BOARD_MAX_CELLS], c[SUDOKU_BOARD_MAX_CELLS];
    int total = sudoku_board_cells(order);
    for (long limit = 1; limit <= 3; limit++) {
        long want = dlx_count(order, p, limit, b);
        uint64_t nodes = 0;
        uint64_t got = restarting_count_nodes(order, p, (uint64_t)limit, a, NULL, &nodes);
        CHECK_MSG((long)got == want, "order %d limit %ld: %llu vs DLX %ld", order, limit,
                  (unsigned long long)got, want);
        if (got && (long)got == want) {
            int ok = sudoku_board_is_solution(order, a);
            for (int i = 0; i < total; i++)
                ok &= !p[i] || p[i] == a[i];
            CHECK(ok);
            if (want == 1 && limit >= 2) /* unique */
                CHECK(memcmp(a, b, (size_t)total) == 0);
            /* count's first solution is solve's, whatever the limit */
            CHECK(restarting_solve(order, p, c, NULL) == 1 && memcmp(a, c, (size_t)total) == 0);
        }
    }
    int r = restarting_solve_random(order, p, seed, a, NULL);
    CHECK(r == (dlx_count(order, p, 1, NULL) > 0));
    if (r == 1)
        CHECK(sudoku_board_is_solution(order, a));
}

int main(int argc, char **argv)
{
    int long_run = check_long(argc, argv); /* SUDOKU_LONG_TEST */
    sudoku_rng rng;
    uint8_t empty[SUDOKU_BOARD_MAX_CELLS] = {0}, p[SUDOKU_BOARD_MAX_CELLS];
    sudoku_rng_seed(&rng, 4242);
    for (int order = 4; order <= 5; order++) {
        int total = sudoku_board_cells(order), n = order * order;
        int count = long_run ? 10000 : (order == 4 ? 600 : 80) / (SANITIZED ? 4 : 1);
        for (int i = 0; i < count; i++) {
            CHECK(restarting_solve_random(order, empty, sudoku_rng_next(&rng), p, NULL) == 1);
            /* 45-100% of a grid kept (unique to many solutions), one in
             * four with a given changed (mostly no solution) */
            int keep = (order == 4 ? 45 : 55) + (int)sudoku_rng_below(&rng, 50);
            for (int k = 0; k < total; k++)
                if ((int)sudoku_rng_below(&rng, 100) >= keep)
                    p[k] = 0;
            if (i % 4 == 3) {
                int c = (int)sudoku_rng_below(&rng, (uint32_t)total);
                p[c] = (uint8_t)(1 + (p[c] + sudoku_rng_below(&rng, (uint32_t)n - 1)) % n);
            }
            one(order, p, sudoku_rng_next(&rng));
        }
    }
    return check_done();
}
