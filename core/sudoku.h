/*
 * sudoku.h - the public API of the sudoku core library, in one include:
 * every header installed under include/sudoku/ and no other (the install
 * rule reads the list below).
 *
 * Link with libsudoku_core.a. Every function is reentrant (no global
 * state; one thread per object such as a reader or an SE rater). Most
 * allocate nothing on the heap; those that do say so in their header: the
 * SE rater's chain work areas (se_rating.h), and sudoku_generate with an
 * SE target (generate.h). Every function that may run long takes a cancel
 * hook as its last parameter (cancel.h). Each header documents its part:
 *   grid.h        the 81-cell grid, the one parser, formatting, error places
 *   transform.h   one element of the symmetry group, its JSON text form
 *   rng.h         the seeded generator behind every random function
 *   solver.h      solving and counting solutions
 *   minlex.h      the canonical (minlex) form, automorphism counts
 *   equiv.h       equivalence of two puzzles, with a witness transform
 *   scramble.h    random group elements, the numbered geometric transforms
 *   te_depth.h    the T&E(Singles) depth rating
 *   se_rating.h   the Sudoku Explainer rating (ER/EP/ED) and its path
 *   cancel.h      stopping a long computation from outside
 *   symmetry.h    clue-pattern symmetries (rotate180, diagonal, ...)
 *   reader.h      lenient reading of puzzle files (lines with ratings, grids)
 *   version.h     SUDOKU_VERSION (generated from core/version.h.in)
 *   band.h        the 44 top-band classes and their completion counts
 *   random_grid.h exactly uniform random solution grids
 *   facts.h       clue pattern, status, solution check, pattern symmetries
 *   minimality.h  minimal puzzles and redundant givens
 *   backdoor.h    the Singles backdoor size
 *   generate.h    making puzzles (targets, options in JSON), the depth-2 climb
 *   neighbors.h   the {-m+k} vicinity of a puzzle
 *   board.h       boards of every order (4x4 to 25x25), their text forms
 *   board_solver.h solving and counting boards of every order
 *   compat.h      DEPRECATED forms of 0.2, removed at 1.0 (solver.h and
 *                 te_depth.h include it; SUDOKU_NO_COMPAT leaves it out)
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include "grid.h"
#include "transform.h"
#include "rng.h"
#include "solver.h"
#include "minlex.h"
#include "equiv.h"
#include "scramble.h"
#include "te_depth.h"
#include "se_rating.h"
#include "cancel.h"
#include "symmetry.h"
#include "reader.h"
#include "version.h"
#include "band.h"
#include "random_grid.h"
#include "facts.h"
#include "minimality.h"
#include "backdoor.h"
#include "generate.h"
#include "neighbors.h"
#include "board.h"
#include "board_solver.h"
#ifndef SUDOKU_NO_COMPAT
#include "compat.h"
#endif

#endif
