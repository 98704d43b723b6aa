/*
 * neighbors.c - the table-valued function of a puzzle's vicinity:
 *
 *   sudoku_neighbors(p, minus, plus)
 *     CREATE TABLE x(puzzle TEXT, removed TEXT, added TEXT, clues INTEGER,
 *                    minimal INTEGER, p TEXT HIDDEN, minus INTEGER HIDDEN,
 *                    plus INTEGER HIDDEN)
 *
 * Made with the kit of vtab.h. Rows come one at a time from the core's
 * enumeration (core/neighbors.h, whose order they keep), so LIMIT stops
 * the work; `minimal` costs a search of its own and is computed only when
 * read.
 */
#include <stddef.h>
#include <stdio.h>

#include "ext.h"
#include "generate.h"
#include "neighbors.h"
#include "vtab.h"

enum { COL_PUZZLE, COL_REMOVED, COL_ADDED, COL_CLUES, COL_MINIMAL, COL_P, COL_MINUS, COL_PLUS };

typedef struct nb_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 row, minus, plus;
    int on_row;  /* 1: nb holds the current row */
    int minimal; /* -1: not computed yet */
    sudoku_grid p;
    sudoku_neighbors nb;
} nb_cursor;

static const char *const arg_names[] = {"p", "minus", "plus"};
static const ext_table neighbors_table = {
    .name = "sudoku_neighbors",
    .usage = "sudoku_neighbors(p, minus, plus)",
    .schema = "CREATE TABLE x(puzzle TEXT, removed TEXT, added TEXT, clues INTEGER, "
              "minimal INTEGER, p TEXT HIDDEN, minus INTEGER HIDDEN, plus INTEGER HIDDEN)",
    .first_arg = COL_P,
    .nargs = 3,
    .required = 3,
    .arg_names = arg_names,
    .cost = 1000,
    .rows = 100,
    .cursor_size = sizeof(nb_cursor),
    .row_offset = offsetof(nb_cursor, row),
};

static int nb_step(nb_cursor *cur)
{
    sudoku_cancel cancel;
    int r;
    ext_cancel_init(ext_vtab_db(&cur->base), &cancel);
    r = sudoku_neighbors_next(&cur->nb, &cancel);
    if (r == SUDOKU_CANCELLED)
        return SQLITE_INTERRUPT;
    cur->on_row = r == 1;
    cur->minimal = -1;
    return SQLITE_OK;
}

static int nb_filter(sqlite3_vtab_cursor *base, int idx, const char *idx_str, int argc,
                     sqlite3_value **argv)
{
    nb_cursor *cur = (nb_cursor *)base;
    ext_report rep = ext_vtab_report(base);
    sqlite3_value *arg[EXT_VTAB_MAX_ARGS];
    int r, null;
    (void)idx_str;
    ext_vtab_args(&neighbors_table, idx, argc, argv, arg);
    cur->on_row = 0;
    cur->row = 0;
    if ((r = ext_vtab_require(base, arg, &null)) != SQLITE_OK || null)
        return r; /* a NULL: no rows */
    if (ext_read_grid(&rep, arg[0], 1, &cur->p) != EXT_OK ||
        ext_read_int(&rep, arg[1], "minus", &cur->minus) != EXT_OK ||
        ext_read_int(&rep, arg[2], "plus", &cur->plus) != EXT_OK)
        return ext_vtab_failed(base);
    if (cur->minus < 0 || cur->minus > SUDOKU_CELLS || cur->plus < 0 || cur->plus > SUDOKU_CELLS)
        return ext_vtab_error(base, "minus and plus must be within 0..81, got %lld and %lld",
                              (long long)cur->minus, (long long)cur->plus);
    sudoku_neighbors_start(&cur->nb, &cur->p, (int)cur->minus, (int)cur->plus);
    return nb_step(cur);
}

static int nb_next(sqlite3_vtab_cursor *base)
{
    nb_cursor *cur = (nb_cursor *)base;
    cur->row++;
    return nb_step(cur);
}

static int nb_eof(sqlite3_vtab_cursor *base)
{
    return !((nb_cursor *)base)->on_row;
}

/* "r1c2=5 r3c4=7": the cells and digits of a change. */
static void result_cells(sqlite3_context *ctx, const int *cell, const int *digit, int k)
{
    char buf[SUDOKU_CELLS * 8 + 1];
    size_t n = 0;
    for (int i = 0; i < k; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%sr%dc%d=%d", i ? " " : "",
                              sudoku_row(cell[i]) + 1, sudoku_col(cell[i]) + 1, digit[i]);
    buf[n] = '\0';
    sqlite3_result_text(ctx, buf, (int)n, SQLITE_TRANSIENT);
}

static int nb_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    nb_cursor *cur = (nb_cursor *)base;
    const sudoku_neighbors *nb = &cur->nb;
    int cell[SUDOKU_CELLS], digit[SUDOKU_CELLS];
    sudoku_cancel cancel;
    switch (col) {
    case COL_PUZZLE:
        ext_result_grid(ctx, &nb->puzzle);
        break;
    case COL_REMOVED:
        for (int i = 0; i < nb->minus; i++) {
            cell[i] = nb->clue[nb->rem[i]];
            digit[i] = nb->p.cell[cell[i]];
        }
        result_cells(ctx, cell, digit, nb->minus);
        break;
    case COL_ADDED:
        for (int i = 0; i < nb->plus; i++) {
            cell[i] = sudoku_neighbors_added_cell(nb, i);
            digit[i] = sudoku_neighbors_added_digit(nb, i);
        }
        result_cells(ctx, cell, digit, nb->plus);
        break;
    case COL_CLUES:
        sqlite3_result_int(ctx, sudoku_grid_givens(&nb->puzzle));
        break;
    case COL_MINIMAL:
        if (cur->minimal < 0) {
            int r;
            ext_cancel_init(ext_vtab_db(base), &cancel);
            r = sudoku_generate_is_minimal(&nb->puzzle, &nb->solution, &cancel);
            if (r == SUDOKU_CANCELLED) {
                ext_result_interrupted(ctx);
                return SQLITE_OK;
            }
            cur->minimal = r;
        }
        sqlite3_result_int(ctx, cur->minimal);
        break;
    case COL_P:
        ext_result_grid(ctx, &cur->p);
        break;
    case COL_MINUS:
        sqlite3_result_int64(ctx, cur->minus);
        break;
    default:
        sqlite3_result_int64(ctx, cur->plus);
        break;
    }
    return SQLITE_OK;
}

EXT_VTAB_MODULE(ext_neighbors_module, neighbors_table, ext_vtab_best_index, nb_filter, nb_next,
                nb_eof, nb_column);
