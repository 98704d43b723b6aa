/* format.c - sudoku_format(p [, style]). */
#include <string.h>

#include "ext.h"

void ext_format(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid;
    sudoku_format_style style = SUDOKU_FORMAT_LINE;
    char out[SUDOKU_FORMAT_MAX];
    size_t n;

    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    if (argc > 1) {
        const char *name;
        if (sqlite3_value_type(argv[1]) == SQLITE_NULL)
            return;
        if (sqlite3_value_type(argv[1]) != SQLITE_TEXT) {
            ext_error(ctx, "style must be 'line', 'zeros' or 'grid'");
            return;
        }
        name = (const char *)sqlite3_value_text(argv[1]);
        if (name && strcmp(name, "line") == 0)
            style = SUDOKU_FORMAT_LINE;
        else if (name && strcmp(name, "zeros") == 0)
            style = SUDOKU_FORMAT_ZEROS;
        else if (name && strcmp(name, "grid") == 0)
            style = SUDOKU_FORMAT_GRID;
        else {
            ext_error(ctx, "unknown style '%.40s' (expected 'line', 'zeros' "
                           "or 'grid')", name ? name : "");
            return;
        }
    }
    n = sudoku_grid_format(&grid, style, out);
    sqlite3_result_text(ctx, out, (int)n, SQLITE_TRANSIENT);
}
