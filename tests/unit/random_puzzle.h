/* random_puzzle.h - the random puzzles of the solver's differential tests:
 * three in four are random full grids with 30-79 cells removed (0 to many
 * solutions), one in four random givens anywhere (clashes and dead ends
 * abound). */
#ifndef SUDOKU_RANDOM_PUZZLE_H
#define SUDOKU_RANDOM_PUZZLE_H

#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "solver.h"

static inline void random_puzzle(sudoku_rng *rng, int i, sudoku_grid *p)
{
    if (i % 4 != 3) {
        sudoku_grid empty;
        memset(&empty, 0, sizeof empty);
        if (!sudoku_solve_random(&empty, sudoku_rng_next(rng), p, NULL))
            abort(); /* the empty grid always has a solution */
        int remove = 30 + (int)sudoku_rng_below(rng, 50);
        for (int k = 0; k < remove; k++)
            p->cell[sudoku_rng_below(rng, 81)] = 0;
    } else {
        memset(p, 0, sizeof *p);
        int givens = 8 + (int)sudoku_rng_below(rng, 30);
        for (int k = 0; k < givens; k++)
            p->cell[sudoku_rng_below(rng, 81)] = (uint8_t)(1 + sudoku_rng_below(rng, 9));
    }
}

/* A unique puzzle: a random grid less cells removed in random order
 * while the solution stays unique, stopped after `tries` cells looked at
 * (81: a minimal puzzle). Shared by the minimality and backdoor twins. */
static inline void random_unique_puzzle(sudoku_rng *rng, int tries, sudoku_grid *p)
{
    sudoku_grid empty;
    int order[81];
    memset(&empty, 0, sizeof empty);
    if (!sudoku_solve_random(&empty, sudoku_rng_next(rng), p, NULL))
        abort();
    for (int i = 0; i < 81; i++)
        order[i] = i;
    for (int i = 80; i > 0; i--) {
        int j = (int)sudoku_rng_below(rng, (uint32_t)i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < tries; i++) {
        int c = order[i], d = p->cell[c];
        p->cell[c] = 0;
        if (sudoku_count(p, 2, NULL, NULL) != 1)
            p->cell[c] = (uint8_t)d;
    }
}

#endif
