/*
 * board_solver.h - solving and counting boards of every order (board.h):
 * 4x4, 9x9, 16x16 and 25x25.
 *
 * Every function takes the order (2..5) and order^4 cells, row-major, 0
 * for empty and 1..order^2 for a given. Clashing givens, or a cell above
 * order^2, simply have no solution. Order 3 is served by the 9x9 solver
 * (solver.h) with the same results as its functions; orders 2, 4 and 5 by
 * their own search (core/board_solver/), which places naked and hidden
 * singles and box-line reductions with propagation and guesses on the
 * cell or the (unit, symbol) with the fewest options, undoing from a
 * trail. A search for at most two solutions (solve, uniqueness) that
 * takes more than 16,384 guesses restarts with the options of each guess
 * in a random order and twice the budget (the heavy tail of backtracking
 * on sparse boards); a search that ends within its budget is exact, so
 * the answers never depend on the restarts, only the time does.
 *
 * No heap: the search state lives on the stack (at most about 70 KB, for
 * order 5). Every function is reentrant. A long call asks `cancel`
 * (core/cancel.h; NULL: never stop) every few hundred search nodes, well
 * under a millisecond of work.
 */
#ifndef SUDOKU_BOARD_SOLVER_H
#define SUDOKU_BOARD_SOLVER_H

#include <stdint.h>

#include "cancel.h"

/* What the count functions return for an order outside 2..5 (the int
 * functions return SUDOKU_BOARD_BAD_ORDER); SUDOKU_COUNT_CANCELLED
 * (solver.h, UINT64_MAX) when stopped. */
#define SUDOKU_BOARD_COUNT_BAD_ORDER (UINT64_MAX - 1)
#define SUDOKU_BOARD_BAD_ORDER (-2)
#ifndef SUDOKU_COUNT_CANCELLED
#define SUDOKU_COUNT_CANCELLED UINT64_MAX
#endif

/* Number of solutions, stopping as soon as `limit` are found (then returns
 * limit; limit 0: no limit, which may take practically forever on a sparse
 * board). When the count is not 0 and `solution` is not NULL, the first
 * solution found is written there (order^4 cells): the one
 * sudoku_board_solve() gives. Uniqueness is a count to 2. */
uint64_t sudoku_board_count(int order, const uint8_t *puzzle, uint64_t limit,
                            uint8_t *solution, const sudoku_cancel *cancel);

/* Writes a solution and returns 1, or returns 0 when there is none;
 * SUDOKU_CANCELLED when stopped, SUDOKU_BOARD_BAD_ORDER for an order
 * outside 2..5. Deterministic: the same puzzle gives the same solution. */
int sudoku_board_solve(int order, const uint8_t *puzzle, uint8_t *solution,
                       const sudoku_cancel *cancel);

/* Like sudoku_board_solve(), but the search tries the options of each
 * guess in an order drawn from `seed`, so that a board with many solutions
 * gives different ones for different seeds (the same seed, the same
 * solution). Solving the empty board gives random full grids (not
 * uniformly distributed). */
int sudoku_board_solve_random(int order, const uint8_t *puzzle, uint64_t seed,
                              uint8_t *solution, const sudoku_cancel *cancel);

/* Search statistics of the last call on this thread are not kept (no
 * global state); a benchmark or a test that wants node counts calls this
 * variant: *nodes receives the number of guesses tried. */
uint64_t sudoku_board_count_nodes(int order, const uint8_t *puzzle,
                                  uint64_t limit, uint8_t *solution,
                                  const sudoku_cancel *cancel, uint64_t *nodes);

#endif
