/*
 * The solver's portable SSE2 search (core/solver.c built with
 * SUDOKU_SOLVER_NO_DISPATCH, as on a CPU without AVX2/BMI2/POPCNT)
 * against the library, which on a CPU with them (like this project's
 * machines) runs the AVX2 search instead: same counts, same first
 * solutions, same seeded random solutions, on random puzzles and on the
 * hard data sets when present. test_solver.c checks the library against the slow twin, so
 * agreement here carries that over to the portable search.
 */

/* The portable build, beside the library's (solver_twin.h). */
#define SUDOKU_SOLVER_NO_DISPATCH 1
#define TWIN_NAME "portable"
#include "solver_twin.h"
#ifdef SOLVER_DISPATCH
#error "the portable build must not dispatch"
#endif

/* The bit tricks of the band pass against their slow definitions, on
 * random band words (the search results above cover them too, but only
 * where the search happens to go). */
static void bit_tricks(void)
{
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 2718);
    int n = SANITIZED ? 100000 : 2000000, bad_rows = 0, bad_triads = 0;
    for (int k = 0; k < n; k++) {
        uint64_t r = sudoku_rng_next(&rng);
        uint32_t w = (uint32_t)r & BAND_ALL;
        /* sparse words too: most words of a search have few cells */
        if (k & 1)
            w &= (uint32_t)(r >> 32) & (uint32_t)(r >> 37);
        /* single_rows(): for words with a cell in every row */
        uint32_t want = 0;
        int rows_ok = 1;
        for (int row = 0; row < 3; row++) {
            uint32_t x = (w >> (9 * row)) & ROW_BITS;
            rows_ok &= x != 0;
            if (x && !(x & (x - 1)))
                want |= x << (9 * row);
        }
        if (rows_ok)
            bad_rows += single_rows(w) != want;
        /* TRIAD_ANY(), the AVX2 build's triads before its pext */
        uint32_t triads = 0;
        for (int t = 0; t < 9; t++)
            if (w & (7u << (3 * t)))
                triads |= 4u << (3 * t);
        bad_triads += (TRIAD_ANY(w) & 0x4924924u) != triads;
    }
    CHECK_MSG(bad_rows == 0, "single_rows() wrong for %d words", bad_rows);
    CHECK_MSG(bad_triads == 0, "TRIAD_ANY() wrong for %d words", bad_triads);
}

int main(void)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    if (!(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
          __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt")))
        printf("no AVX2/BMI2/POPCNT here: the library runs the portable "
               "search too\n");
    /* sudoku_solver_build() (shown by sudoku_debug()) names that choice */
    CHECK(strcmp(sudoku_solver_build(),
                 __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
                 __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt")
                     ? "avx2" : "portable-sse2") == 0);
#endif
    CHECK(strcmp(twin_solver_build(), "portable-sse2") == 0);
    bit_tricks();
    random_puzzles();
    if (!hard_sets())
        printf("hard sets absent: random puzzles only\n");
    return check_done();
}
