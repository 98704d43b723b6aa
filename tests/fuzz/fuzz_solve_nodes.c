/* libFuzzer target: the solver's worst case, in search nodes. Every input
 * (sparse and unsolvable ones are the interesting kind) must be decided by
 * sudoku_count(p, 2) and sudoku_solve(p) within NODE_BOUND nodes each, or
 * the target aborts with the input as the artifact: the fuzzing half of
 * the worst-case hunt of tests/unit/test_solver_worst.c (whose generated
 * sparse puzzles stay under 400 nodes). A node of a release build costs
 * 1-3 microseconds, so the bound is about a second; the unsolvable
 * 13-clue puzzle of issue 18 took 119 million before the triad count's
 * hidden subsets. The solver is compiled here with a node counter, under
 * other names beside the library's. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "solver.h"

#define NODE_BOUND 1000000ul

static unsigned long nodes;
#define SOLVER_NODE_HOOK()             \
    do {                               \
        if (++nodes > NODE_BOUND)      \
            abort();                   \
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g, s;
    fuzz_grid(data, size, &g);
    nodes = 0;
    uint64_t count = counted_count(&g, 2, NULL, NULL);
    nodes = 0;
    if (counted_solve(&g, &s, NULL) != (count > 0))
        abort();
    return 0;
}
