/*
 * The solver's portable SSE2 search (core/solver.c built with
 * SUDOKU_SOLVER_NO_DISPATCH, as on a CPU without AVX2/BMI2/POPCNT)
 * against the library, which on such a CPU (like the CI machines) runs
 * the search built for it: same counts, same first solutions, same seeded
 * random solutions, on random puzzles and on the hard data sets when
 * present. test_solver.c checks the library against the slow twin, so
 * agreement here carries that over to the portable search.
 */
#include "check.h"
#include "rng.h"
#include "solver.h"

/* The portable build under other names, so that both live in one program. */
#define SUDOKU_SOLVER_NO_DISPATCH 1
#define sudoku_solve portable_solve
#define sudoku_solve_random portable_solve_random
#define sudoku_count portable_count
#define sudoku_count_solve portable_count_solve
#include "../../core/solver.c"
#include "random_puzzle.h"
#ifdef SOLVER_DISPATCH
#error "the portable build must not dispatch"
#endif
#undef sudoku_solve
#undef sudoku_solve_random
#undef sudoku_count
#undef sudoku_count_solve


static void same(const sudoku_grid *p, uint64_t limit, uint64_t seed)
{
    sudoku_grid a, b;
    char text[82];
    uint64_t ca = sudoku_count(p, limit), cb = portable_count(p, limit);
    CHECK_MSG(ca == cb, "count %llu vs portable %llu for %s",
              (unsigned long long)ca, (unsigned long long)cb,
              check_line(p, text));
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    int sa = sudoku_solve(p, &a), sb = portable_solve(p, &b);
    CHECK_MSG(sa == sb && (!sa || memcmp(&a, &b, sizeof a) == 0),
              "first solution differs for %s", check_line(p, text));
    sa = sudoku_solve_random(p, seed, &a);
    sb = portable_solve_random(p, seed, &b);
    CHECK_MSG(sa == sb && (!sa || memcmp(&a, &b, sizeof a) == 0),
              "seeded solution differs for %s", check_line(p, text));
}

static void random_puzzles(void)
{
    sudoku_rng rng;
    sudoku_grid empty, p;
    memset(&empty, 0, sizeof empty);
    sudoku_rng_seed(&rng, 77);
    int n = SANITIZED ? 300 : 3000;
    for (int i = 0; i < n; i++) {
        random_puzzle(&rng, i, &p);
        same(&p, 1000, sudoku_rng_next(&rng));
    }
    same(&empty, 1000, 42);
}

static int hard_sets(void)
{
    static const char *const sets[] = {"puzzles/forum_hardest_1106.txt",
                                       "puzzles/magictour_top1465.txt"};
    int found = 0;
    for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) {
        FILE *f = check_open_data(sets[k]);
        char line[256];
        int n = 0, cap = SANITIZED ? 60 : 400;
        if (!f)
            continue;
        found = 1;
        while (n < cap && check_next_line(f, line, sizeof line)) {
            sudoku_grid p = check_grid(line);
            same(&p, 2, (uint64_t)n);
            n++;
        }
        fclose(f);
    }
    return found;
}

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
