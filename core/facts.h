/*
 * facts.h - the plain facts a collector asks of a puzzle: its clue count,
 * its clue pattern, whether and how it solves, whether a grid solves it,
 * and the symmetries of its pattern.
 *
 * Whether givens may be removed (minimality.h) and the Singles backdoor
 * (backdoor.h) have headers of their own.
 */
#ifndef SUDOKU_FACTS_H
#define SUDOKU_FACTS_H

#include <stdint.h>

#include "grid.h"
#include "cancel.h"

/* The clue pattern: '1' in every given cell, 0 (empty) elsewhere. As text
 * ('1' and '.') it parses back as a puzzle (a clashing one, usually), and
 * its minlex form (minlex.h) is the canonical form of the pattern: with a
 * single digit, the relabelling does nothing and the smallest string is
 * the smallest pattern. */
void sudoku_pattern(const sudoku_grid *puzzle, sudoku_grid *pattern);

/* What sudoku_status() finds, in the order it looks. */
typedef enum sudoku_status_kind {
    SUDOKU_STATUS_CLASH = 0, /* two givens clash in a row, column or box */
    SUDOKU_STATUS_SOLVED,    /* all 81 cells given, no clash: a solution grid */
    SUDOKU_STATUS_NONE,      /* no solution */
    SUDOKU_STATUS_UNIQUE,    /* exactly one solution */
    SUDOKU_STATUS_MULTIPLE,  /* two solutions or more */
    SUDOKU_STATUS_COUNT
} sudoku_status_kind;

/* "clash", "solved", "none", "unique", "multiple", indexed by the kind. */
extern const char *const sudoku_status_names[SUDOKU_STATUS_COUNT];

/* The status of `puzzle` (one search counting to two), or
 * SUDOKU_CANCELLED. */
int sudoku_status(const sudoku_grid *puzzle, const sudoku_cancel *cancel);

/* 1 when `grid` is a full valid grid that keeps every given of `puzzle`;
 * 0 otherwise (a clashing puzzle has no such grid). */
int sudoku_is_solution_of(const sudoku_grid *puzzle, const sudoku_grid *grid);

/* The clue-pattern symmetries of symmetry.h that `puzzle` has: bit s for
 * each sudoku_symmetry s from SUDOKU_SYM_ROTATE180 on (bit 0, "none", is
 * never set). The empty grid has them all. */
unsigned sudoku_symmetries(const sudoku_grid *puzzle);

#endif
