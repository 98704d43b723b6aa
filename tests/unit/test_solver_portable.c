/*
 * The solver's portable SSE2 search (core/solver.c built with
 * SUDOKU_SOLVER_NO_DISPATCH, as on a CPU without AVX2/BMI2/POPCNT)
 * against the library, which on such a CPU (like the CI machines) runs
 * the search built for it: same counts, same first solutions, same seeded
 * random solutions, on random puzzles and on the hard data sets when
 * present. test_solver.c checks the library against the slow twin, so
 * agreement here carries that over to the portable search.
 */

/* The portable build, beside the library's (solver_twin.h). */
#define SUDOKU_SOLVER_NO_DISPATCH 1
#define TWIN_NAME "portable"
#include "solver_twin.h"
#ifdef SOLVER_DISPATCH
#error "the portable build must not dispatch"
#endif

int main(void)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
          __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt")))
        printf("no AVX2/BMI2/POPCNT here: the library runs the portable "
               "search too\n");
#endif
    random_puzzles();
    if (!hard_sets())
        printf("hard sets absent: random puzzles only\n");
    return check_done();
}
