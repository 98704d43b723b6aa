/*
 * Worst-case hunt for the solver: every call is measured in search nodes
 * (SOLVER_NODE_HOOK, one per propagate-and-branch step; a node of the
 * release build costs about 1-3 microseconds), and a documented bound
 * per family of inputs is enforced, so that an input which once took
 * seconds cannot quietly come back:
 *   - the unsolvable 13-clue puzzle of issue 18, a 16-clue neighbour, and
 *     1,000 scrambles of each (transposed ones included): refuted in at most UNSOLVABLE_13_NODES
 *     nodes by sudoku_count(p, 2) and sudoku_solve(p), i.e. well under
 *     1 ms (119 million nodes, 15 s, before the triad count removed the
 *     other digits from a triad its forced digits fill);
 *   - sparse puzzles of 5-20 clues, half of them scrambled: random
 *     consistent givens (unsolvable or with many solutions), cells of a
 *     random solution grid (many solutions), and the same with one given
 *     changed to another digit that does not clash (often unsolvable):
 *     at most SPARSE_NODES nodes for sudoku_solve and sudoku_count(p, 2).
 * The solver is compiled here once more with the node counter (the same
 * build as the library's: SIMD, dispatch); a call over ten times its
 * bound is stopped (longjmp out of the hook) and reported. Solutions of
 * the grid-derived puzzles are checked against their givens. CI runs
 * 3,000 sparse puzzles; --long (SUDOKU_LONG_TEST) runs 200,000.
 */
#include <setjmp.h>

#include "check.h"
#include "rng.h"
#include "scramble.h"
#include "solver.h"
#include "transform.h"

/* Nodes for UNSOLVABLE[] and their scrambles (1 today). */
#define UNSOLVABLE_13_NODES 4
/* Nodes for a sparse puzzle (about 700 the most seen over 10^5 of them;
 * mostly 10-100). */
#define SPARSE_NODES 5000

static unsigned long nodes, node_cap;
static jmp_buf too_many;
#define SOLVER_NODE_HOOK()                         \
    do {                                           \
        if (++nodes > node_cap)                    \
            longjmp(too_many, 1);                  \
    } while (0)
/* (the names are also core/compat.h's macros for 0.2's forms: those go) */
#undef sudoku_solve
#undef sudoku_solve_random
#undef sudoku_count
#define sudoku_solve counted_solve
#define sudoku_solve_random counted_solve_random
#define sudoku_count counted_count
#include "../../core/solver.c"
#undef sudoku_solve
#undef sudoku_solve_random
#undef sudoku_count

static const char *const UNSOLVABLE[] = {
    /* issue 18 (119 million nodes before the triad count's hidden subsets) */
    "....8....2............3...............7...2..823....7.....23........8.......7....",
    /* a neighbour of it that the worst-case hunt found: 16 clues with
     * two-candidate cells from the start, 276,000 nodes before the triad
     * count ran on sparse nodes that have some */
    "....82.9..5.......4...3...........1...7......823....7.....23........8...9........",
};

static int matches_givens(const sudoku_grid *p, const sudoku_grid *s)
{
    if (!sudoku_grid_is_solution(s))
        return 0;
    for (int i = 0; i < 81; i++)
        if (p->cell[i] && p->cell[i] != s->cell[i])
            return 0;
    return 1;
}

/* One call (0: sudoku_count(p, 2), 1: sudoku_solve(p)) under the node
 * cap; 0 when it was stopped there. The setjmp lives here alone, so that
 * no caller's variable is clobbered by the longjmp. */
static int one_call(const sudoku_grid *p, int call, uint64_t *result, sudoku_grid *s)
{
    nodes = 0;
    if (setjmp(too_many))
        return 0;
    *result = call == 0 ? counted_count(p, 2, NULL, NULL) : (uint64_t)counted_solve(p, s, NULL);
    return 1;
}

/* Runs sudoku_count(p, 2) and sudoku_solve(p) under a cap of ten times
 * `bound` nodes; checks the bound, that both agree, and (want_solution)
 * that a solution exists and holds the givens. Returns the larger node
 * count of the two calls. */
static unsigned long measured(const sudoku_grid *p, unsigned long bound, int want_solution)
{
    char text[82];
    unsigned long most = 0;
    uint64_t result[2] = {0, 0};
    sudoku_grid s;
    node_cap = 10 * bound;
    for (int call = 0; call < 2; call++) {
        if (!one_call(p, call, &result[call], &s)) {
            CHECK_MSG(0, "over %lu nodes (stopped) for %s", node_cap, check_line(p, text));
            return nodes;
        }
        CHECK_MSG(nodes <= bound, "%lu nodes (bound %lu) for %s", nodes, bound,
                  check_line(p, text));
        most = nodes > most ? nodes : most;
    }
    CHECK_MSG(result[1] == (result[0] > 0), "solve and count disagree for %s",
              check_line(p, text));
    if (want_solution)
        CHECK_MSG(result[1] && matches_givens(p, &s), "no valid solution for %s",
                  check_line(p, text));
    return most;
}

static void unsolvable_13(void)
{
    sudoku_rng rng;
    unsigned long most = 0;
    sudoku_rng_seed(&rng, 18);
    for (size_t i = 0; i < sizeof UNSOLVABLE / sizeof *UNSOLVABLE; i++) {
        sudoku_grid p = check_grid(UNSOLVABLE[i]), q;
        most = measured(&p, UNSOLVABLE_13_NODES, 0);
        CHECK(counted_count(&p, 0, NULL, NULL) == 0);
        for (int k = 0; k < 1000; k++) {
            sudoku_transform t;
            sudoku_scramble_random(&rng, &t);
            sudoku_transform_apply(&t, &p, &q);
            unsigned long n = measured(&q, UNSOLVABLE_13_NODES, 0);
            most = n > most ? n : most;
            CHECK(counted_count(&q, 2, NULL, NULL) == 0);
        }
    }
    printf("sparse unsolvable puzzles and 1000 scrambles of each: at most %lu nodes\n", most);
}

/* A sparse puzzle of 5-20 clues of family i % 3 (see the top); returns 1
 * when it has a solution by construction. */
static int sparse_puzzle(sudoku_rng *rng, int i, sudoku_grid *p)
{
    int clues = 5 + (int)sudoku_rng_below(rng, 16);
    memset(p, 0, sizeof *p);
    if (i % 3 == 0) {
        while (clues > 0) {
            int cell = (int)sudoku_rng_below(rng, 81);
            if (p->cell[cell])
                continue;
            p->cell[cell] = (uint8_t)(1 + sudoku_rng_below(rng, 9));
            if (sudoku_grid_consistent(p))
                clues--;
            else
                p->cell[cell] = 0;
        }
        return 0;
    }
    sudoku_grid empty, full;
    memset(&empty, 0, sizeof empty);
    if (!counted_solve_random(&empty, sudoku_rng_next(rng), &full, NULL))
        abort();
    for (int k = 0; k < clues; k++) {
        int cell = (int)sudoku_rng_below(rng, 81);
        p->cell[cell] = full.cell[cell];
    }
    if (i % 3 == 1)
        return 1;
    for (int tries = 0; tries < 50; tries++) {
        int cell = (int)sudoku_rng_below(rng, 81);
        uint8_t old = p->cell[cell];
        if (!old)
            continue;
        p->cell[cell] = (uint8_t)(1 + sudoku_rng_below(rng, 9));
        if (p->cell[cell] != old && sudoku_grid_consistent(p))
            break;
        p->cell[cell] = old;
    }
    return 0;
}

static void sparse(int n)
{
    sudoku_rng rng;
    unsigned long most = 0, hist[5] = {0};
    sudoku_rng_seed(&rng, 1805);
    for (int i = 0; i < n; i++) {
        sudoku_grid p, q;
        node_cap = (unsigned long)-1;
        int solvable = sparse_puzzle(&rng, i, &p);
        if (i & 4) {
            sudoku_transform t;
            sudoku_scramble_random(&rng, &t);
            sudoku_transform_apply(&t, &p, &q);
            p = q;
        }
        unsigned long m = measured(&p, SPARSE_NODES, solvable);
        int h = m < 10 ? 0 : m < 100 ? 1 : m < 1000 ? 2 : m < 10000 ? 3 : 4;
        hist[h]++;
        most = m > most ? m : most;
    }
    printf("%d sparse puzzles: at most %lu nodes; <10: %lu, <100: %lu, <1000: %lu, "
           "<10^4: %lu, more: %lu\n", n, most, hist[0], hist[1], hist[2], hist[3], hist[4]);
}

int main(int argc, char **argv)
{
    int long_run = check_long(argc, argv);
    unsolvable_13();
    sparse(long_run ? 200000 : SANITIZED ? 600 : 3000);
    return check_done();
}
