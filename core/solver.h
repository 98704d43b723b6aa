/*
 * solver.h - solving and counting solutions.
 *
 * All functions take a parsed grid (see grid.h); clashing givens simply
 * have no solution. No heap allocation: the search state is on the stack.
 */
#ifndef SUDOKU_SOLVER_H
#define SUDOKU_SOLVER_H

#include <stdint.h>

#include "grid.h"
#include "cancel.h"

/* Writes a solution and returns 1, or returns 0 when there is none.
 * Deterministic: the same puzzle always gives the same solution. */
int sudoku_solve(const sudoku_grid *puzzle, sudoku_grid *solution);

/* Like sudoku_solve(), but guesses in an order drawn from `seed`, so that a
 * puzzle with many solutions yields different ones for different seeds;
 * the same seed always gives the same solution. */
int sudoku_solve_random(const sudoku_grid *puzzle, uint64_t seed,
                        sudoku_grid *solution);

/* Number of solutions, stopping as soon as `limit` are found (then returns
 * limit). limit == 0 means no limit: counting a sparse puzzle that way may
 * take practically forever. */
uint64_t sudoku_count(const sudoku_grid *puzzle, uint64_t limit);

/* sudoku_count() that also writes the first solution it finds into
 * `solution` (when the count is not 0): one search answers both "is it
 * unique?" and "what is the answer?". The first solution is the one
 * sudoku_solve() gives. */
uint64_t sudoku_count_solve(const sudoku_grid *puzzle, uint64_t limit,
                            sudoku_grid *solution);

/* What sudoku_count_cancel() returns when it was stopped. */
#define SUDOKU_COUNT_CANCELLED UINT64_MAX

/* sudoku_count_solve() that stops when `cancel` says so (core/cancel.h):
 * it then returns SUDOKU_COUNT_CANCELLED and `solution` is unspecified.
 * NULL cancel: never stops. */
uint64_t sudoku_count_cancel(const sudoku_grid *puzzle, uint64_t limit,
                             sudoku_grid *solution,
                             const sudoku_cancel *cancel);

/* Build information: which build of the search this CPU runs, chosen
 * once per call at run time: "avx2" (x86-64 with AVX2, BMI1/2 and POPCNT,
 * GCC builds), "portable-sse2" or "portable-c". Both builds give identical
 * results; this only says which one is fast here (sudoku_debug() shows it). */
const char *sudoku_solver_build(void);
/* sudoku_solve_random() that stops when `cancel` says so: returns 1 (a
 * solution written), 0 (none) or SUDOKU_CANCELLED (`solution` then
 * unspecified). NULL cancel: never stops. */
int sudoku_solve_random_cancel(const sudoku_grid *puzzle, uint64_t seed,
                               sudoku_grid *solution,
                               const sudoku_cancel *cancel);

#endif
