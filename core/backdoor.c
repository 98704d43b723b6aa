/*
 * backdoor.c - the Singles backdoor size, see backdoor.h.
 *
 * Size k is a depth-first walk over increasing cells x1 < x2 < ... < xk:
 * the state after Singles on P plus x1..xj is kept per level, so each step
 * is one placement and the Singles it sets off (the incremental Singles of
 * singles.inc), not Singles from scratch. A cell that Singles have already
 * decided at level j is skipped below it: a set holding it is no better
 * than the set without it, which the smaller sizes have tried. Placing
 * digits of the solution never meets a contradiction.
 */
#include "backdoor.h"

#include <stdint.h>

#include "solver.h"

enum { TE_STUCK = 0, TE_SOLVED = 1, TE_CONTRA = 2 };

#include "singles.inc"

/* The cancel hook is asked every BACKDOOR_POLL Singles runs (each well
 * under 20 microseconds). */
#define BACKDOOR_POLL 256u

typedef struct walk {
    const sudoku_grid *solution;
    const sudoku_cancel *cancel;
    uint32_t poll;
    int chosen[SUDOKU_CELLS];
    int cancelled;
} walk;

/* 1 when some set of `left` more cells, all above `from` and undecided in
 * `s`, completes a backdoor (its cells in w->chosen[depth..]); 0 when none
 * does; -1 when stopped. */
static int search(walk *w, const te_state *s, int from, int left, int depth)
{
    for (int cell = from; cell < SUDOKU_CELLS; cell++) {
        int b = cell / 27, p = cell % 27;
        if (!(s->u[b] >> p & 1))
            continue;
        if (--w->poll == 0) {
            w->poll = BACKDOOR_POLL;
            if (sudoku_cancelled(w->cancel))
                return -1;
        }
        te_state t = *s;
        te_place(&t, w->solution->cell[cell] - 1, b, p);
        int r = te_singles(&t);
        w->chosen[depth] = cell;
        if (left == 1) {
            if (r == TE_SOLVED)
                return 1;
            continue;
        }
        if (r == TE_SOLVED)
            continue; /* a smaller set works: sizes below were tried */
        r = search(w, &t, cell + 1, left - 1, depth + 1);
        if (r)
            return r;
    }
    return 0;
}

int sudoku_backdoor(const sudoku_grid *puzzle, int cells[SUDOKU_CELLS],
                    const sudoku_cancel *cancel)
{
    sudoku_grid solution;
    te_state s;
    uint64_t count;
    walk w;

    if (!sudoku_grid_consistent(puzzle))
        return SUDOKU_BACKDOOR_UNDEFINED;
    count = sudoku_count(puzzle, 2, &solution, cancel);
    if (count == SUDOKU_COUNT_CANCELLED)
        return SUDOKU_CANCELLED;
    if (count != 1)
        return SUDOKU_BACKDOOR_UNDEFINED;
    te_init(&s, puzzle);
    if (te_singles(&s) == TE_SOLVED)
        return 0;
    w.solution = &solution;
    w.cancel = cancel;
    w.poll = BACKDOOR_POLL;
    /* Placing every open cell solves the grid, so some size succeeds. */
    for (int k = 1; k <= SUDOKU_CELLS; k++) {
        int r = search(&w, &s, 0, k, 0);
        if (r < 0)
            return SUDOKU_CANCELLED;
        if (r) {
            if (cells)
                for (int j = 0; j < k; j++)
                    cells[j] = w.chosen[j];
            return k;
        }
    }
    return SUDOKU_BACKDOOR_UNDEFINED; /* unreachable */
}
