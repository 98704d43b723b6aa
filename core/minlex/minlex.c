/*
 * minlex.c - the canonical form (core/minlex.h): which engine runs.
 *
 * Every engine is exact on the inputs it is given (each file says why);
 * this file only routes. Valid solution grids go to valid_grid.c. Every
 * other grid goes to the row engine (rows.c; full grids with distinct rows
 * and columns start it from full_grid.c), and when one of its levels would
 * exceed its node budget it gives up and the cell search (cells.c), slower
 * but with no budget, does the work. Pattern mode finds the pattern's
 * transforms (pattern.c), then runs the row engine on the digits over
 * them; its fallback is the cell search with the pattern required.
 */
#include "internal.h"

/* The exact form of any grid; with count, a->ties is its automorphism
 * count. */
static void canonical(minlex_answer *a, const sudoku_grid *in, int count)
{
    if (minlex_is_valid_grid(in))
        minlex_valid_grid(a, in, NULL);
    else if (!minlex_rows(a, in, count))
        minlex_cells(a, in, NULL);
}

static void finish(minlex_answer *a, sudoku_grid *out, sudoku_transform *t)
{
    memcpy(out->cell, a->best, 81);
    if (t) {
        if (a->pending)
            minlex_transform_build(a->t, a->R, a->C, a->label, &a->bt);
        *t = a->bt;
    }
}

void sudoku_minlex(const sudoku_grid *in, sudoku_grid *out,
                   sudoku_transform *t)
{
    minlex_answer a;
    canonical(&a, in, 0);
    finish(&a, out, t);
}

void sudoku_minlex_pattern(const sudoku_grid *in, sudoku_grid *out,
                           sudoku_transform *t)
{
    minlex_answer a;
    sudoku_grid pat;
    uint8_t req[81];
    /* A full grid has one pattern: both forms are the same. */
    if (!memchr(in->cell, 0, 81)) {
        sudoku_minlex(in, out, t);
        return;
    }
    /* First the smallest pattern: the minlex form of the grid with every
     * given made a 1 is exactly that pattern. Then the digits, among the
     * transforms that reach it. The row engine does both; when it
     * overflows, the searches below do. */
    if (minlex_rows_pattern(&a, in)) {
        finish(&a, out, t);
        return;
    }
    for (int k = 0; k < 81; k++)
        pat.cell[k] = in->cell[k] ? 1 : 0;
    canonical(&a, &pat, 0);
    for (int k = 0; k < 81; k++)
        req[k] = a.best[k] != 0;
    /* The digits: the cell search with the required pattern (the row
     * engine's level-wide pruning on the real grid alone would be wrong:
     * a row that is smaller now may fail the required pattern later;
     * minlex_rows_pattern avoids that by starting from the pattern's
     * transforms). */
    minlex_cells(&a, in, req);
    finish(&a, out, t);
}

int sudoku_minlex_matches(const sudoku_grid *in, const sudoku_grid *form,
                          sudoku_transform *t)
{
    minlex_answer a;
    sudoku_grid m;
    if (minlex_is_valid_grid(in)) {
        /* A valid grid's form starts 123456789 and is itself valid. */
        for (int k = 0; k < 9; k++)
            if (form->cell[k] != k + 1)
                return 0;
        if (!minlex_is_valid_grid(form))
            return 0;
        minlex_valid_grid(&a, in, form->cell);
        if (!a.ties || memcmp(a.best, form->cell, 81) != 0)
            return 0;
        if (t)
            *t = a.bt;
        return 1;
    }
    if (!minlex_full_grid_applies(in)) {
        int r = minlex_rows_matches(&a, in, form->cell);
        if (r >= 0) {
            if (r && t)
                finish(&a, &m, t);
            return r;
        }
    }
    sudoku_minlex(in, &m, t);
    return memcmp(m.cell, form->cell, 81) == 0;
}

uint32_t sudoku_automorphisms(const sudoku_grid *g)
{
    minlex_answer a;
    canonical(&a, g, 1);
    return (uint32_t)a.ties;
}
