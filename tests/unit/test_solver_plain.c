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
#include "scramble.h"
#include "transform.h"

/* The plain build, beside the library's (solver_twin.h); it also counts
 * its search nodes. */
#define SUDOKU_SOLVER_NO_SIMD 1
#define TWIN_NAME "plain"
static unsigned long plain_nodes;
#define SOLVER_NODE_HOOK() (plain_nodes++)
#include "solver_twin.h"
#ifdef SOLVER_SSE2
#error "the plain build must not take the SSE2 path"
#endif

/* Found by the fuzzer, each refuted by exhausting the guesses elsewhere
 * before the triad count saw it: every scramble (transposed ones too)
 * must now take a few nodes. */
static const char *const TRIAD_CONTRADICTIONS[] = {
    /* two rows of the middle band share 2, 4, 6 and 8, which must then all
     * go into three cells of the third row (~10^5 nodes, 0.7 s, before) */
    ".........42.6.9................42.68.............86.24...........3...............",
    /* the stacks put 3, 7 and 8 into column 4 of the bottom band, where
     * row 7 holds all three: three digits for two cells (7*10^6 nodes,
     * 1 s, before) */
    "..............86.2....735......86................37.....8...37.....6.2...........",
};

static void triad_contradictions(void)
{
    sudoku_rng rng;
    char text[82];
    sudoku_rng_seed(&rng, 5);
    for (size_t i = 0; i < sizeof TRIAD_CONTRADICTIONS / sizeof *TRIAD_CONTRADICTIONS; i++) {
        sudoku_grid p = check_grid(TRIAD_CONTRADICTIONS[i]), s;
        for (int k = 0; k < 200; k++) {
            sudoku_transform t;
            sudoku_scramble_random(&rng, &t);
            sudoku_transform_apply(&t, &p, &s);
            plain_nodes = 0;
            CHECK(twin_count(&s, 3, NULL, NULL) == 0);
            CHECK_MSG(plain_nodes <= 4, "%lu nodes to refute %s", plain_nodes,
                      check_line(&s, text));
        }
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
