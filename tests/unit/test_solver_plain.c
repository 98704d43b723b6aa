/*
 * The solver's plain C path (core/solver.c built with
 * SUDOKU_SOLVER_NO_SIMD, as on a target without SSE2) against the SSE2
 * build in the library: same counts, same first solutions, same seeded
 * random solutions, on random puzzles and on the hard data sets when
 * present. test_solver.c checks the library build against the slow twin,
 * so agreement here carries that over to the plain path.
 * The plain build also counts its search nodes, to show that sparse
 * puzzles refuted by counting in triads take a handful of nodes.
 */
#include "check.h"
#include "rng.h"
#include "scramble.h"
#include "solver.h"
#include "transform.h"

/* The plain build under other names, so that both live in one program. */
#define SUDOKU_SOLVER_NO_SIMD 1
#define sudoku_solve plain_solve
#define sudoku_solve_random plain_solve_random
#define sudoku_count plain_count
#define sudoku_count_solve plain_count_solve
static unsigned long plain_nodes; /* search nodes of the plain build */
#define SOLVER_NODE_HOOK() (plain_nodes++)
#include "../../core/solver.c"
#include "random_puzzle.h"
#ifdef SOLVER_SSE2
#error "the plain build must not take the SSE2 path"
#endif
#undef sudoku_solve
#undef sudoku_solve_random
#undef sudoku_count
#undef sudoku_count_solve


static void same(const sudoku_grid *p, uint64_t limit, uint64_t seed)
{
    sudoku_grid a, b;
    char text[82];
    uint64_t ca = sudoku_count(p, limit), cb = plain_count(p, limit);
    CHECK_MSG(ca == cb, "count %llu vs plain %llu for %s",
              (unsigned long long)ca, (unsigned long long)cb,
              check_line(p, text));
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    int sa = sudoku_solve(p, &a), sb = plain_solve(p, &b);
    CHECK_MSG(sa == sb && (!sa || memcmp(&a, &b, sizeof a) == 0),
              "first solution differs for %s", check_line(p, text));
    sa = sudoku_solve_random(p, seed, &a);
    sb = plain_solve_random(p, seed, &b);
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

/* Found by the fuzzer: two rows of the middle band share 2, 4, 6 and 8,
 * which must then all go into three cells of the third row. Without the
 * triad count, the refutation took ~10^5 nodes (0.7 s); every scramble
 * (transposed ones too) must now take a few. */
static void triad_contradictions(void)
{
    sudoku_grid p = check_grid(".........42.6.9................42.68........."
                               "....86.24...........3..............."), s;
    sudoku_rng rng;
    char text[82];
    sudoku_rng_seed(&rng, 5);
    for (int k = 0; k < 200; k++) {
        sudoku_transform t;
        sudoku_scramble_random(&rng, &t);
        sudoku_transform_apply(&t, &p, &s);
        plain_nodes = 0;
        CHECK(plain_count(&s, 3) == 0);
        CHECK_MSG(plain_nodes <= 4, "%lu nodes to refute %s", plain_nodes,
                  check_line(&s, text));
    }
}

int main(void)
{
    triad_contradictions();
    random_puzzles();
    if (!hard_sets())
        printf("hard sets absent: random puzzles only\n");
    return check_done();
}
