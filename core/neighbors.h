/*
 * neighbors.h - the {-m+k} vicinity of a puzzle: every puzzle obtained by
 * removing m of its clues and adding k clues that has exactly one
 * solution.
 *
 * Definition. Let p be the puzzle. A neighbour is p minus a set R of m of
 * p's clues plus a set A of k new clues (cell, digit), where each added
 * cell is EMPTY IN p (so a removed cell is never refilled: changing the
 * digit of one clue is not a {-1+1} move here), the k cells are distinct,
 * and any digit 1..9 may go there; the result must have exactly one
 * solution. p itself need not be unique or even solvable.
 *
 * Order. The removal sets R run through the combinations of p's clue cells
 * in lexicographic order of their cell numbers (0..80, row-major), the
 * last place turning fastest (an odometer). For each R, the addition sets
 * A run through the combinations of the (cell, digit) pairs, pairs ordered
 * by cell then digit, in the same lexicographic odometer order, skipping
 * combinations that repeat a cell. Nothing is materialised: the state is
 * the two odometers.
 *
 * Pruning (the same answers as trying every A with a solver, faster). For
 * one R, Q = p - R; Q + A is unique iff exactly one solution of Q agrees
 * with A. Every search made for this R returns a solution of Q, which is
 * kept in a small pool of distinct solutions: an A that two pool solutions
 * agree with is rejected without a search, and so is an A whose digits
 * clash with Q's clues or with each other. Only the rest are counted (to
 * 2) by the solver.
 *
 * Cost: one search per surviving A; {-1+1} of a hard 22-26 clue puzzle
 * is about a thousand small searches. k >= 2 grows as (empty cells x 9)^k:
 * use it on puzzles with few empty cells, or with LIMIT.
 */
#ifndef SUDOKU_NEIGHBORS_H
#define SUDOKU_NEIGHBORS_H

#include <stdint.h>

#include "cancel.h"
#include "grid.h"

#define SUDOKU_NEIGHBORS_POOL 128

typedef struct sudoku_neighbors {
    sudoku_grid p;        /* the puzzle */
    sudoku_grid q;        /* p minus the current removal set */
    int minus, plus;
    int nclue, nempty;
    uint8_t clue[SUDOKU_CELLS];  /* p's clue cells, ascending */
    uint8_t empty[SUDOKU_CELLS]; /* p's empty cells, ascending */
    int rem[SUDOKU_CELLS];       /* removal odometer: indices into clue[] */
    int add[SUDOKU_CELLS];       /* addition odometer: pair indices, a pair
                                    is empty[i / 9] with digit i % 9 + 1 */
    int state;           /* 0 before the first row, 1 on a row, 2 after
                            the last, 3 on a candidate not yet checked */
    uint16_t used[SUDOKU_CELLS]; /* digits (bit d) seen by each cell in q */
    int npool;
    sudoku_grid pool[SUDOKU_NEIGHBORS_POOL]; /* distinct solutions of q */
    uint8_t tally[SUDOKU_CELLS][10]; /* pool solutions with digit d at a cell, capped at 2 */
    /* The current row (valid after sudoku_neighbors_next returned 1). */
    sudoku_grid puzzle, solution;
} sudoku_neighbors;

/* Starts the enumeration. minus and plus must be >= 0; when minus exceeds
 * p's clue count or plus its empty cells there are no rows. */
void sudoku_neighbors_start(sudoku_neighbors *nb, const sudoku_grid *p,
                            int minus, int plus);

/* Finds the next neighbour: 1 (nb->puzzle, nb->solution, the removed
 * cells clue[rem[0..minus-1]] and the added pairs add[0..plus-1] describe
 * it), 0 when there are no more, SUDOKU_CANCELLED (call again to go on). */
int sudoku_neighbors_next(sudoku_neighbors *nb, const sudoku_cancel *cancel);

/* The i-th added (cell, digit) of the current row. */
static inline int sudoku_neighbors_added_cell(const sudoku_neighbors *nb, int i)
{
    return nb->empty[nb->add[i] / 9];
}
static inline int sudoku_neighbors_added_digit(const sudoku_neighbors *nb, int i)
{
    return nb->add[i] % 9 + 1;
}

#endif
