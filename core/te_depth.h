/*
 * te_depth.h - the T&E(Singles) depth of a puzzle (Berthier's rating).
 *
 * Definition (D. Berthier, "Constraint Resolution Theories", 2011, and
 * "Pattern-Based Constraint Satisfaction and Logic Puzzles", section 5.6):
 *
 *   - A state is the set of decided cells plus the remaining candidates.
 *     Singles: direct eliminations (a decided digit leaves its row, column
 *     and box), naked singles and hidden singles in rows, columns and boxes,
 *     applied until nothing changes.
 *   - A contradiction is an undecided cell without candidates, or a digit
 *     with no possible place in some row, column or box.
 *   - Trying a candidate Z at level n: copy the state, assert Z, run
 *     T&E(n-1) on the copy (T&E(0) is Singles). If the copy reaches a
 *     contradiction, Z is deleted from the original state, which is then
 *     brought back to its T&E(n-1) fixpoint. A copy that reaches a full
 *     solution proves nothing.
 *   - T&E(n): apply T&E(n-1), then try every remaining candidate at level n,
 *     repeating whole passes until one deletes nothing or the grid is solved.
 *   - The depth is the smallest n such that T&E(n) applied to the givens
 *     solves the grid: 0 when Singles alone solve it. Every puzzle known has
 *     depth 0..3.
 *
 * The result does not depend on the order of trials (the T&E closure is
 * confluent), which this implementation exploits; tests/unit/test_te_depth.c
 * compares it with a literal implementation of the definition.
 *
 * Reentrant, no heap allocation: the recursion keeps one small state per
 * level on the stack.
 */
#ifndef SUDOKU_TE_DEPTH_H
#define SUDOKU_TE_DEPTH_H

#include "grid.h"
#include "cancel.h"

/* Pass as max_depth for no limit (any negative value means no limit). */
#define SUDOKU_TE_UNLIMITED (-1)

/* Results other than a depth >= 0. */
#define SUDOKU_TE_UNDEFINED (-1) /* clashing givens, no solution or several */
#define SUDOKU_TE_TOO_DEEP  (-2) /* the depth exceeds max_depth */

/* The T&E(Singles) depth of `puzzle`, or SUDOKU_TE_UNDEFINED, or
 * SUDOKU_TE_TOO_DEEP when the depth is larger than max_depth (which is
 * cheaper to find out than the depth itself: T&E(max_depth + 1) is never
 * run), or SUDOKU_CANCELLED when `cancel` said stop (cancel.h; NULL:
 * never stops). max_depth == 0 asks only whether Singles solve the
 * puzzle.
 *
 * Uniqueness is checked first with the solver (counting to 2), so
 * puzzles with several solutions are answered quickly instead of running
 * T&E at ever higher levels. */
int sudoku_te_depth(const sudoku_grid *puzzle, int max_depth, const sudoku_cancel *cancel);

/* A finer grade than the depth, for search (the vicinity climb of
 * sudoku_generate uses it to walk towards depth 2). Defined from the
 * Singles fixpoint of the givens by ROUNDS of T&E(1): a round tries every
 * remaining candidate outside the solution, deletes at once all those
 * whose trial reaches a contradiction under Singles, and closes the state
 * under Singles again.
 *   depth:  0 when Singles solve the puzzle, 1 when rounds do, 2 when a
 *           round deletes nothing while the grid is unsolved (the puzzle
 *           needs T&E(2) or more: "2" means "at least 2" here). Rounds
 *           reach the T&E(1) closure (it is confluent), so this equals
 *           min(sudoku_te_depth(puzzle), 2).
 *   rounds: the rounds made (depth 1: how many it took to solve);
 *   first:  the candidates the first round deleted.
 * Puzzles close to depth 2 need more rounds, and fewer deletions come
 * at first: random minimal depth-1 puzzles take one round deleting ~68
 * candidates, the depth-1 {-1+1} neighbours of depth-2 puzzles ~3 rounds
 * deleting ~16 at first. */
typedef struct sudoku_te_profile {
    int depth, rounds, first;
} sudoku_te_profile;

/* Fills *out and returns 0; SUDOKU_TE_UNDEFINED (not exactly one
 * solution, *out unwritten) or SUDOKU_CANCELLED. `solution` (or NULL: a
 * search finds it) must be the puzzle's unique solution when given. */
int sudoku_te_profile_of(const sudoku_grid *puzzle, const sudoku_grid *solution,
                         sudoku_te_profile *out, const sudoku_cancel *cancel);

/* The forms of 0.2 (sudoku_te_depth(p, max), sudoku_te_depth_cancel,
 * sudoku_te_profile_cancel), deprecated and removed at 1.0. */
#ifndef SUDOKU_NO_COMPAT
#include "compat.h"
#endif

#endif
