/*
 * random_grid.c - exactly uniform random solution grids and the top-band
 * classes they rest on:
 *
 *   sudoku_random_grid(seed)   -> TEXT     a uniform grid, same seed same grid
 *   sudoku_band_class(p)       -> INTEGER  class 1..44 of p's rows 1-3
 *   sudoku_band_classes        eponymous virtual table, 44 rows:
 *     CREATE TABLE x(class INTEGER, band TEXT, bands INTEGER,
 *                    completions INTEGER, grids INTEGER)
 *
 * The table is core/band.h's constant table (bands: bands with row 1 =
 * 123456789 in the class; completions: grids completing one band; grids =
 * bands * completions, the grids with row 1 = 123456789 whose top band is
 * in the class). It takes no arguments, so xBestIndex only reports the
 * cost (the kit of vtab.h makes the rest); rows are read from the table
 * on demand.
 */
#include <stddef.h>

#include "band.h"
#include "ext.h"
#include "random_grid.h"
#include "vtab.h"

void ext_random_grid(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sqlite3_int64 seed;
    sudoku_grid grid;
    int rc;
    (void)argc;
    rc = ext_arg_int(ctx, argv[0], "seed", &seed);
    if (rc != EXT_OK)
        return; /* NULL gives NULL; an error is already set */
    sudoku_random_grid_seed((uint64_t)seed, &grid);
    ext_result_grid(ctx, &grid);
}

void ext_band_class(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid;
    int c;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    c = sudoku_band_class_of(grid.cell);
    if (c)
        sqlite3_result_int(ctx, c);
    else
        sqlite3_result_null(ctx); /* rows 1-3 are not a complete valid band */
}

enum { COL_CLASS, COL_BAND, COL_BANDS, COL_COMPLETIONS, COL_GRIDS };

typedef struct bc_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 row; /* 0..43 */
} bc_cursor;

static const ext_table band_classes_table = {
    .name = "sudoku_band_classes",
    .usage = "sudoku_band_classes",
    .schema = "CREATE TABLE x(class INTEGER, band TEXT, bands INTEGER, completions INTEGER, "
              "grids INTEGER)",
    .cost = SUDOKU_BAND_CLASSES,
    .rows = SUDOKU_BAND_CLASSES,
    .cursor_size = sizeof(bc_cursor),
    .row_offset = offsetof(bc_cursor, row),
    .rowid_base = 1,
};

static int bc_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    int rc = ext_vtab_best_index(vtab, info);
    /* rows come out in order of class (and of rowid, which equals it) */
    ext_vtab_ordered_by(info, COL_CLASS);
    return rc;
}

static int bc_filter(sqlite3_vtab_cursor *base, int idxNum, const char *idxStr, int argc,
                     sqlite3_value **argv)
{
    (void)idxNum;
    (void)idxStr;
    (void)argc;
    (void)argv;
    ((bc_cursor *)base)->row = 0;
    return SQLITE_OK;
}

static int bc_next(sqlite3_vtab_cursor *base)
{
    ((bc_cursor *)base)->row++;
    return SQLITE_OK;
}

static int bc_eof(sqlite3_vtab_cursor *base)
{
    return ((bc_cursor *)base)->row >= SUDOKU_BAND_CLASSES;
}

static int bc_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    const sudoku_band_class *c = &sudoku_band_classes()[((bc_cursor *)base)->row];
    switch (col) {
    case COL_CLASS:
        sqlite3_result_int(ctx, c->number);
        break;
    case COL_BAND:
        sqlite3_result_text(ctx, c->band, 27, SQLITE_STATIC);
        break;
    case COL_BANDS:
        sqlite3_result_int64(ctx, c->bands);
        break;
    case COL_COMPLETIONS:
        sqlite3_result_int64(ctx, (sqlite3_int64)c->completions);
        break;
    default: /* COL_GRIDS: at most 2^18 * 2^33, well inside 64 bits */
        sqlite3_result_int64(ctx, (sqlite3_int64)(c->bands * c->completions));
        break;
    }
    return SQLITE_OK;
}

EXT_VTAB_MODULE(ext_band_classes_module, band_classes_table, bc_best_index, bc_filter, bc_next,
                bc_eof, bc_column);
