/*
 * compat.h - DEPRECATED, REMOVED AT 1.0: the C API of 0.2 that the one
 * cancel convention replaced. Now every function that may run long takes
 * `const sudoku_cancel *cancel` as its last parameter (cancel.h; NULL:
 * never stops), and there are no `_cancel` twins. The Versioning promise
 * (README) says the C API changes only in a major release, so code
 * written for 0.2 still compiles unchanged: each old form below is a thin
 * wrapper, marked deprecated so the compiler names the new form. solver.h
 * and te_depth.h include this header.
 *
 *   0.2                                        now
 *   sudoku_solve(p, s)                         sudoku_solve(p, s, NULL)
 *   sudoku_solve_random(p, seed, s)            sudoku_solve_random(p, seed, s, NULL)
 *   sudoku_solve_random_cancel(p, seed, s, c)  sudoku_solve_random(p, seed, s, c)
 *   sudoku_count(p, limit)                     sudoku_count(p, limit, NULL, NULL)
 *   sudoku_count_solve(p, limit, s)            sudoku_count(p, limit, s, NULL)
 *   sudoku_count_cancel(p, limit, s, c)        sudoku_count(p, limit, s, c)
 *   sudoku_te_depth(p, max)                    sudoku_te_depth(p, max, NULL)
 *   sudoku_te_depth_cancel(p, max, c)          sudoku_te_depth(p, max, c)
 *   sudoku_te_profile_cancel(p, s, out, c)     sudoku_te_profile_of(p, s, out, c)
 *   sudoku_reader_next(r, row)                 sudoku_reader_next(r, row, NULL)
 *   sudoku_parse_lenient(text, len, f, g)      sudoku_parse_lenient(text, len, f, g, NULL)
 *
 * Six names kept their spelling and gained a parameter: sudoku_solve,
 * sudoku_solve_random, sudoku_count, sudoku_te_depth, sudoku_reader_next
 * and sudoku_parse_lenient. Here they are
 * also macros that send a call with the old number of arguments to the
 * old form (sudoku_solve_v02, ...) and any other call to the function
 * itself; the address of the name is the new function's.
 *
 * Define SUDOKU_NO_COMPAT before including any header to leave this one
 * out (and so check that nothing needs it any more), or
 * SUDOKU_NO_DEPRECATION_WARNINGS to use the old forms without warnings.
 */
#ifndef SUDOKU_COMPAT_H
#define SUDOKU_COMPAT_H

#include <stdint.h>

#include "cancel.h"
#include "grid.h"
#include "reader.h"
#include "solver.h"
#include "te_depth.h"

#ifdef SUDOKU_NO_DEPRECATION_WARNINGS
#define SUDOKU_DEPRECATED(use)
#else
#define SUDOKU_DEPRECATED(use) __attribute__((deprecated("0.2's form, removed at 1.0: " use)))
#endif

SUDOKU_DEPRECATED("sudoku_solve(p, s, cancel)")
int sudoku_solve_v02(const sudoku_grid *puzzle, sudoku_grid *solution);
SUDOKU_DEPRECATED("sudoku_solve_random(p, seed, s, cancel)")
int sudoku_solve_random_v02(const sudoku_grid *puzzle, uint64_t seed, sudoku_grid *solution);
SUDOKU_DEPRECATED("sudoku_solve_random(p, seed, s, cancel)")
int sudoku_solve_random_cancel(const sudoku_grid *puzzle, uint64_t seed, sudoku_grid *solution,
                               const sudoku_cancel *cancel);
SUDOKU_DEPRECATED("sudoku_count(p, limit, NULL, cancel)")
uint64_t sudoku_count_v02(const sudoku_grid *puzzle, uint64_t limit);
SUDOKU_DEPRECATED("sudoku_count(p, limit, s, cancel)")
uint64_t sudoku_count_solve(const sudoku_grid *puzzle, uint64_t limit, sudoku_grid *solution);
SUDOKU_DEPRECATED("sudoku_count(p, limit, s, cancel)")
uint64_t sudoku_count_cancel(const sudoku_grid *puzzle, uint64_t limit, sudoku_grid *solution,
                             const sudoku_cancel *cancel);
SUDOKU_DEPRECATED("sudoku_te_depth(p, max_depth, cancel)")
int sudoku_te_depth_v02(const sudoku_grid *puzzle, int max_depth);
SUDOKU_DEPRECATED("sudoku_te_depth(p, max_depth, cancel)")
int sudoku_te_depth_cancel(const sudoku_grid *puzzle, int max_depth, const sudoku_cancel *cancel);
SUDOKU_DEPRECATED("sudoku_te_profile_of(p, s, out, cancel)")
int sudoku_te_profile_cancel(const sudoku_grid *puzzle, const sudoku_grid *solution,
                             sudoku_te_profile *out, const sudoku_cancel *cancel);
SUDOKU_DEPRECATED("sudoku_reader_next(r, row, cancel)")
int sudoku_reader_next_v02(sudoku_reader *r, sudoku_read_row *row);
SUDOKU_DEPRECATED("sudoku_parse_lenient(text, len, format, grid, cancel)")
int sudoku_parse_lenient_v02(const void *text, size_t len, sudoku_read_format format,
                             sudoku_grid *grid);

/* The fifth (sixth) of up to five (six) arguments: with the candidates
 * listed after a call's own arguments, the one in that place is chosen by
 * how many the call has. */
#define SUDOKU_COMPAT_5TH(a1, a2, a3, a4, a5, ...) a5
#define SUDOKU_COMPAT_6TH(a1, a2, a3, a4, a5, a6, ...) a6
#define sudoku_solve(...)                                                                         \
    SUDOKU_COMPAT_5TH(__VA_ARGS__, sudoku_compat_wrong_arguments, sudoku_solve, sudoku_solve_v02, \
                      sudoku_compat_wrong_arguments, )                                            \
    (__VA_ARGS__)
#define sudoku_solve_random(...)                                                      \
    SUDOKU_COMPAT_5TH(__VA_ARGS__, sudoku_solve_random, sudoku_solve_random_v02,      \
                      sudoku_compat_wrong_arguments, sudoku_compat_wrong_arguments, ) \
    (__VA_ARGS__)
#define sudoku_count(...)                                                                         \
    SUDOKU_COMPAT_5TH(__VA_ARGS__, sudoku_count, sudoku_compat_wrong_arguments, sudoku_count_v02, \
                      sudoku_compat_wrong_arguments, )                                            \
    (__VA_ARGS__)
#define sudoku_te_depth(...)                                                       \
    SUDOKU_COMPAT_5TH(__VA_ARGS__, sudoku_compat_wrong_arguments, sudoku_te_depth, \
                      sudoku_te_depth_v02, sudoku_compat_wrong_arguments, )        \
    (__VA_ARGS__)

#define sudoku_reader_next(...)                                                       \
    SUDOKU_COMPAT_5TH(__VA_ARGS__, sudoku_compat_wrong_arguments, sudoku_reader_next, \
                      sudoku_reader_next_v02, sudoku_compat_wrong_arguments, )        \
    (__VA_ARGS__)
#define sudoku_parse_lenient(...)                                                   \
    SUDOKU_COMPAT_6TH(__VA_ARGS__, sudoku_parse_lenient, sudoku_parse_lenient_v02,  \
                      sudoku_compat_wrong_arguments, sudoku_compat_wrong_arguments, \
                      sudoku_compat_wrong_arguments, )                              \
    (__VA_ARGS__)

#endif
