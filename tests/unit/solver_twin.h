/*
 * solver_twin.h - a second build of core/solver.c in the same program as
 * the library, for the tests that compare two builds of the search (the
 * plain C path, the portable search without run-time dispatch). The test
 * defines the build's switch and TWIN_NAME, then includes this: the twin's
 * functions are twin_solve, twin_solve_random and twin_count, and same()
 * checks that both builds agree on a puzzle (count, first solution, seeded
 * solution); random_puzzles() and hard_sets() run it on random puzzles and
 * on the hard data sets.
 */
#ifndef SUDOKU_SOLVER_TWIN_H
#define SUDOKU_SOLVER_TWIN_H

#include "check.h"
#include "rng.h"
#include "solver.h"

/* (the names are also core/compat.h's macros for 0.2's forms: those go,
 * and this test calls the current forms only) */
#undef sudoku_solve
#undef sudoku_solve_random
#undef sudoku_count
#define sudoku_solve twin_solve
#define sudoku_solve_random twin_solve_random
#define sudoku_count twin_count
#define sudoku_solver_build twin_solver_build
#include "../../core/solver.c"
#undef sudoku_solve
#undef sudoku_solve_random
#undef sudoku_count
#undef sudoku_solver_build
#include "random_puzzle.h"

static void same(const sudoku_grid *p, uint64_t limit, uint64_t seed)
{
    sudoku_grid a, b;
    char text[82];
    uint64_t ca = sudoku_count(p, limit, NULL, NULL), cb = twin_count(p, limit, NULL, NULL);
    CHECK_MSG(ca == cb, "count %llu vs " TWIN_NAME " %llu for %s",
              (unsigned long long)ca, (unsigned long long)cb,
              check_line(p, text));
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    int sa = sudoku_solve(p, &a, NULL), sb = twin_solve(p, &b, NULL);
    CHECK_MSG(sa == sb && (!sa || memcmp(&a, &b, sizeof a) == 0),
              "first solution differs for %s", check_line(p, text));
    sa = sudoku_solve_random(p, seed, &a, NULL);
    sb = twin_solve_random(p, seed, &b, NULL);
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

/* 0 when no hard set is present. */
static int hard_sets(void)
{
    static const char *const sets[] = {"puzzles/forum_hardest_1106.txt",
                                       "puzzles/magictour_top1465.txt",
                                       /* several solutions each */
                                       "puzzles/serg_benchmark.txt"};
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

#endif
