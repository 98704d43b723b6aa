/*
 * sudoku.h - the public API of the sudoku core library, in one include.
 *
 * Link with libsudoku_core.a. Every function is reentrant (no global
 * state) and allocates nothing on the heap. Each header documents its
 * part:
 *   grid.h       the 81-cell grid, the one parser, formatting
 *   transform.h  one element of the symmetry group, its JSON text form
 *   rng.h        the seeded generator behind every random function
 *   solver.h     solving and counting solutions
 *   minlex.h     the canonical (minlex) form, automorphism counts
 *   equiv.h      equivalence of two puzzles, with a witness transform
 *   scramble.h   random group elements, the numbered geometric transforms
 *   te_depth.h   the T&E(Singles) depth rating
 *   cancel.h     stopping a long computation from outside
 *   symmetry.h   clue-pattern symmetries (rotate180, diagonal, ...)
 *   reader.h     lenient reading of puzzle files (lines with ratings, grids)
 *   version.h    SUDOKU_VERSION (generated from core/version.h.in)
 *   band.h       the 44 top-band classes and their completion counts
 *   random_grid.h exactly uniform random solution grids
 *   facts.h      clue pattern, status, solution check, pattern symmetries
 *   minimality.h minimal puzzles and redundant givens
 *   backdoor.h   the Singles backdoor size
 *   board.h      boards of every order (4x4 to 25x25), their text forms
 *   board_solver.h solving and counting boards of every order
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
#include "cancel.h"
#include "symmetry.h"
#include "reader.h"
#include "version.h"
#include "band.h"
#include "random_grid.h"
#include "facts.h"
#include "minimality.h"
#include "backdoor.h"
#include "board.h"
#include "board_solver.h"

#endif
