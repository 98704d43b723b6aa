/*
 * minimality.c - redundant givens, see minimality.h.
 *
 * With S the solution of P, removing given c keeps uniqueness exactly when
 * no solution of P - c puts another digit than S[c] in cell c (a solution
 * with S[c] there is a solution of P, hence S). So each given costs one
 * search that stops at the first solution (sudoku_solve_excluding), never
 * a count to two.
 */
#include "minimality.h"

#include <string.h>

#include "solver.h"

/* Sets of cells as two words: cells 0..63 and 64..80. */
typedef struct cells {
    uint64_t lo, hi;
} cells;

static inline void cells_add(cells *m, int cell)
{
    if (cell < 64)
        m->lo |= 1ull << cell;
    else
        m->hi |= 1ull << (cell - 64);
}

/* A set U of cells of the solution S is unavoidable when some other
 * solution grid differs from S exactly on U; a given that is the only one
 * of its puzzle inside such a U is needed (the other grid solves P less
 * it). The smallest unavoidable sets, which catch most givens of sparse
 * puzzles, come from two shapes that are cheap to list:
 *   - two digits: swapping digits a and b on a set of their cells that
 *     takes, in every row, column and box, both or neither of them;
 *   - two rows of a band (or two columns of a stack): swapping the two
 *     rows' digits in a set of columns holding the same digits in both.
 * Marks in `needed` the givens (of `givens`) that are alone in one of
 * them. Only a shortcut: every given it does not mark is searched. */
static void cheap_witnesses(const sudoku_grid *sol, cells givens, cells *needed)
{
    /* the same unavoidable set may be met twice; a set with one given
     * marks that given, so repeats do no harm */
#define CHECK_SET(u)                                                        \
    do {                                                                   \
        cells x_ = {(u).lo & givens.lo, (u).hi & givens.hi};                \
        if (__builtin_popcountll(x_.lo) + __builtin_popcountll(x_.hi) == 1) { \
            needed->lo |= x_.lo;                                           \
            needed->hi |= x_.hi;                                           \
        }                                                                  \
    } while (0)
    uint8_t at[9][9]; /* at[r][d]: the column of digit d in row r */
    uint8_t row_of[9][9]; /* row_of[c][d]: the row of digit d in column c */
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int d = sol->cell[9 * r + c] - 1;
            at[r][d] = (uint8_t)c;
            row_of[c][d] = (uint8_t)r;
        }
    /* two digits: components over the rows (a row's two cells go
     * together), joined through the other cell of each column and box */
    for (int a = 0; a < 9; a++)
        for (int b = a + 1; b < 9; b++) {
            uint8_t comp[9];
            for (int r = 0; r < 9; r++)
                comp[r] = (uint8_t)r;
            for (int r = 0; r < 9; r++) {
                int link[3];
                link[0] = row_of[at[r][a]][b]; /* the b in a's column */
                link[1] = row_of[at[r][b]][a]; /* the a in b's column */
                /* the b in the box of a's cell: the row of the band whose
                 * b lies in the same stack */
                link[2] = r;
                for (int k = 3 * (r / 3); k < 3 * (r / 3) + 3; k++)
                    if (at[k][b] / 3 == at[r][a] / 3)
                        link[2] = k;
                for (int l = 0; l < 3; l++) {
                    int x = comp[r], y = comp[link[l]];
                    if (x != y)
                        for (int k = 0; k < 9; k++)
                            if (comp[k] == y)
                                comp[k] = (uint8_t)x;
                }
            }
            for (int r = 0; r < 9; r++) {
                if (comp[r] != r)
                    continue;
                cells u = {0, 0};
                for (int k = 0; k < 9; k++)
                    if (comp[k] == r) {
                        cells_add(&u, 9 * k + at[k][a]);
                        cells_add(&u, 9 * k + at[k][b]);
                    }
                CHECK_SET(u);
            }
        }
    /* two rows of a band, two columns of a stack: the cycles of the
     * permutation that takes a column (row) to where the other line has
     * the same digit */
    for (int t = 0; t < 2; t++)
        for (int x = 0; x < 9; x++)
            for (int y = x + 1; y < 3 * (x / 3) + 3; y++) {
                uint8_t next[9];
                uint16_t seen = 0;
                for (int k = 0; k < 9; k++) {
                    int d = sol->cell[t ? 9 * k + y : 9 * y + k] - 1;
                    next[k] = t ? row_of[x][d] : at[x][d];
                }
                for (int k = 0; k < 9; k++) {
                    if (seen >> k & 1 || next[k] == k)
                        continue;
                    cells u = {0, 0};
                    for (int j = k; !(seen >> j & 1); j = next[j]) {
                        seen |= (uint16_t)(1u << j);
                        cells_add(&u, t ? 9 * j + x : 9 * x + j);
                        cells_add(&u, t ? 9 * j + y : 9 * y + j);
                    }
                    CHECK_SET(u);
                }
            }
#undef CHECK_SET
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
    count = sudoku_count_cancel(puzzle, 2, &solution, cancel);
    if (count == SUDOKU_COUNT_CANCELLED)
        return SUDOKU_CANCELLED;
    if (count != 1)
        return SUDOKU_MINIMAL_UNDEFINED;
    if (redundant)
        memset(redundant, 0, SUDOKU_CELLS);
    cells givens = {0, 0}, needed = {0, 0};
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (puzzle->cell[c])
            cells_add(&givens, c);
    cheap_witnesses(&solution, givens, &needed);
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (!puzzle->cell[c] ||
            ((c < 64 ? needed.lo >> c : needed.hi >> (c - 64)) & 1))
            continue;
        less.cell[c] = 0;
        int r = sudoku_solve_excluding(&less, c, solution.cell[c], NULL, cancel);
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
