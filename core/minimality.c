/*
 * minimality.c - redundant givens, see minimality.h.
 *
 * With S the solution of P, removing given c keeps uniqueness exactly when
 * no solution of P - c puts another digit than S[c] in cell c (a solution
 * with S[c] there is a solution of P, hence S). So each given costs at
 * most one search per digit the other givens allow there, each stopping
 * at its first solution: never a count to two. Most givens need no search
 * at all (cheap_witnesses()).
 */
#include "minimality.h"

#include <string.h>

#include "solver.h"

/* A set U of cells of the solution S is unavoidable when some other
 * solution grid differs from S exactly on U; a given that is the only one
 * of its puzzle inside such a U is needed (the other grid solves P less
 * it). The smallest unavoidable sets, which catch four givens in five of
 * a 17-clue puzzle, come from two shapes that are cheap to list:
 *   - two digits a, b: swapping them on a set of their cells that takes,
 *     in every row, column and box, both or neither; the smallest such
 *     sets are the orbits of rows (a row's two cells go together) under
 *     "the row of the b in the column of this row's a" and "the row of the
 *     b in the box of this row's a";
 *   - two rows of a band (or two columns of a stack): swapping their
 *     digits in a set of columns holding the same digits in both; the
 *     smallest are the cycles of "the column where the other row has this
 *     column's digit" (boxes keep their digits: the rows share a band).
 * Counting the givens of such a set needs no cell masks: a given of digit
 * a lies in it exactly when its row is in the orbit (first shape), a given
 * of row x exactly when its column is in the cycle (second). Marks in
 * needed[] the givens alone in one of them. Only a shortcut: every given
 * it leaves unmarked is searched. */
/* Marks given c needed and no longer open. */
static void mark(uint8_t *needed, int c, const sudoku_grid *sol, uint16_t *open_rows,
                 uint16_t *open_cols, uint16_t *open_rows_of_col)
{
    int r = c / 9, col = c % 9;
    needed[c] = 1;
    open_rows[sol->cell[c] - 1] &= (uint16_t)~(1u << r);
    open_cols[r] &= (uint16_t)~(1u << col);
    open_rows_of_col[col] &= (uint16_t)~(1u << r);
}

static void cheap_witnesses(const sudoku_grid *puzzle, const sudoku_grid *sol,
                            uint8_t needed[SUDOKU_CELLS])
{
    uint8_t at[9][9];     /* at[r][d]: the column of digit d in row r */
    uint8_t box_row[9][9]; /* box_row[x][d]: the row of digit d in box x */
    uint8_t row_of[9][9]; /* row_of[c][d]: the row of digit d in column c */
    uint16_t given_rows[9] = {0};  /* [d]: rows holding a given d */
    uint16_t given_cols[9] = {0};  /* [r]: columns of row r's givens */
    uint16_t given_rows_of_col[9] = {0}; /* [c]: rows of column c's givens */
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int d = sol->cell[9 * r + c] - 1;
            at[r][d] = (uint8_t)c;
            row_of[c][d] = (uint8_t)r;
            box_row[3 * (r / 3) + c / 3][d] = (uint8_t)r;
            if (puzzle->cell[9 * r + c]) {
                given_rows[d] |= (uint16_t)(1u << r);
                given_cols[r] |= (uint16_t)(1u << c);
                given_rows_of_col[c] |= (uint16_t)(1u << r);
            }
        }
    /* the same for the givens not yet marked: a line or digit pair
     * without any is skipped (the two-line shapes go first: cheaper) */
    uint16_t open_rows[9], open_cols[9], open_rows_of_col[9];
    memcpy(open_rows, given_rows, sizeof open_rows);
    memcpy(open_cols, given_cols, sizeof open_cols);
    memcpy(open_rows_of_col, given_rows_of_col, sizeof open_rows_of_col);
    /* exactly one given: one of u, v holds a single bit, the other none */
#define ALONE(u, v) (((u) | (v)) && !((u) & (v)) && !(((u) | (v)) & (((u) | (v)) - 1)))
    for (int t = 0; t < 2; t++)
        for (int x = 0; x < 9; x++)
            for (int y = x + 1; y < 3 * (x / 3) + 3; y++) {
                uint8_t next[9];
                uint16_t left = 0x1FF;
                const uint16_t *open = t ? open_rows_of_col : open_cols;
                if (!(open[x] | open[y]))
                    continue;
                for (int k = 0; k < 9; k++) {
                    int d = sol->cell[t ? 9 * k + y : 9 * y + k] - 1;
                    next[k] = t ? row_of[x][d] : at[x][d];
                }
                const uint16_t *lines = t ? given_rows_of_col : given_cols;
                while (left) {
                    int k = __builtin_ctz(left);
                    uint16_t cycle = 0;
                    for (int j = k; !(cycle >> j & 1); j = next[j])
                        cycle |= (uint16_t)(1u << j);
                    left &= (uint16_t)~cycle;
                    uint16_t u = cycle & lines[x], v = cycle & lines[y];
                    if (cycle != (1u << k) && ALONE(u, v)) {
                        int j = __builtin_ctz(u | v), line = u ? x : y;
                        mark(needed, t ? 9 * j + line : 9 * line + j, sol, open_rows,
                             open_cols, open_rows_of_col);
                    }
                }
            }
    for (int a = 0; a < 9; a++)
        for (int b = a + 1; b < 9; b++) {
            uint16_t next[9], left = 0x1FF;
            if (!(open_rows[a] | open_rows[b]))
                continue;
            for (int r = 0; r < 9; r++)
                next[r] = (uint16_t)(1u << row_of[at[r][a]][b] |
                                     1u << box_row[3 * (r / 3) + at[r][a] / 3][b]);
            while (left) {
                uint16_t orbit = (uint16_t)(left & (0u - left)), grown = orbit;
                do {
                    orbit = grown;
                    for (uint16_t m = orbit; m; m &= (uint16_t)(m - 1))
                        grown |= next[__builtin_ctz(m)];
                } while (grown != orbit);
                left &= (uint16_t)~orbit;
                uint16_t u = orbit & given_rows[a], v = orbit & given_rows[b];
                if (ALONE(u, v)) {
                    int r = __builtin_ctz(u | v);
                    mark(needed, 9 * r + at[r][u ? a : b], sol, open_rows, open_cols,
                         open_rows_of_col);
                }
            }
        }
#undef ALONE
}

/* The digits (bit d) of the givens in the row, column and box of cell c,
 * c itself left out. */
static unsigned seen_by_givens(const sudoku_grid *puzzle, int c)
{
    unsigned seen = 0;
    int r = c / 9, col = c % 9, top = 27 * (c / 27) + 3 * (col / 3);
    for (int k = 0; k < 9; k++) {
        int in_row = 9 * r + k, in_col = 9 * k + col, in_box = top + 9 * (k / 3) + k % 3;
        seen |= (in_row != c) << puzzle->cell[in_row];
        seen |= (in_col != c) << puzzle->cell[in_col];
        seen |= (in_box != c) << puzzle->cell[in_box];
    }
    return seen;
}

/* 1 when `p` (cell c empty) has a solution with another digit than
 * `digit` in c, 0 when not, or SUDOKU_CANCELLED. One search per digit the
 * givens of p allow in c, in turn: guessing the cell first (a search that
 * only excluded `digit` from the cell would guess elsewhere first) costs
 * 10% fewer instructions. p is restored before returning. */
static int other_digit(sudoku_grid *p, int c, int digit, const sudoku_cancel *cancel)
{
    unsigned allowed = 0x3FE & ~seen_by_givens(p, c) & ~(1u << digit);
    int r = 0;
    for (; allowed && r == 0; allowed &= allowed - 1) {
        p->cell[c] = (uint8_t)__builtin_ctz(allowed);
        uint64_t n = sudoku_count(p, 1, NULL, cancel);
        r = n == SUDOKU_COUNT_CANCELLED ? SUDOKU_CANCELLED : n != 0;
    }
    p->cell[c] = 0;
    return r;
}

/* Shared walk: marks redundant givens into `redundant` (may be NULL),
 * stopping at the first when `first_only`. */
static int walk(const sudoku_grid *puzzle, int first_only,
                uint8_t *redundant, const sudoku_cancel *cancel)
{
    sudoku_grid solution, less = *puzzle;
    uint64_t count;
    int found = 0;

    if (!sudoku_grid_consistent(puzzle))
        return SUDOKU_MINIMAL_UNDEFINED;
    count = sudoku_count(puzzle, 2, &solution, cancel);
    if (count == SUDOKU_COUNT_CANCELLED)
        return SUDOKU_CANCELLED;
    if (count != 1)
        return SUDOKU_MINIMAL_UNDEFINED;
    if (redundant)
        memset(redundant, 0, SUDOKU_CELLS);
    uint8_t needed[SUDOKU_CELLS] = {0};
    cheap_witnesses(puzzle, &solution, needed);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (!puzzle->cell[c] || needed[c])
            continue;
        /* first a smaller search: S kept in the two boxes outside the
         * band, the stack and the box diagonal of c's box (c's own
         * "Latin" set of three boxes); a solution there is a solution of P
         * less c, and one exists for 96% of the givens the cheap sets
         * leave on 17-clue puzzles, for two thirds of the search cost.
         * Only when it finds none does the whole search decide. */
        less.cell[c] = 0;
        sudoku_grid near = less;
        int band = c / 27, stack = c % 9 / 3;
        for (int kb = 0; kb < 3; kb++)
            for (int ks = 0; ks < 3; ks++) {
                if (kb == band || ks == stack || (kb + ks) % 3 == (band + stack) % 3)
                    continue;
                for (int row = 0; row < 3; row++) {
                    int k = 27 * kb + 9 * row + 3 * ks;
                    near.cell[k] = solution.cell[k];
                    near.cell[k + 1] = solution.cell[k + 1];
                    near.cell[k + 2] = solution.cell[k + 2];
                }
            }
        int r = other_digit(&near, c, solution.cell[c], cancel);
        if (r == 0)
            r = other_digit(&less, c, solution.cell[c], cancel);
        less.cell[c] = puzzle->cell[c];
        if (r == SUDOKU_CANCELLED)
            return SUDOKU_CANCELLED;
        if (r == 0) {
            found++;
            if (redundant)
                redundant[c] = 1;
            if (first_only)
                break;
        }
    }
    return found;
}

int sudoku_is_minimal(const sudoku_grid *puzzle, const sudoku_cancel *cancel)
{
    int r = walk(puzzle, 1, NULL, cancel);
    return r < 0 ? r : r == 0;
}

int sudoku_redundant_clues(const sudoku_grid *puzzle,
                           uint8_t redundant[SUDOKU_CELLS],
                           const sudoku_cancel *cancel)
{
    return walk(puzzle, 0, redundant, cancel);
}
