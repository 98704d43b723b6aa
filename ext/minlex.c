/* minlex.c - sudoku_minlex(p [, mode]): the canonical form. */
#include <string.h>

#include "ext.h"
#include "minlex.h"

void ext_minlex(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid, out;
    int pattern = 0;

    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    if (argc > 1) {
        const char *name;
        if (sqlite3_value_type(argv[1]) == SQLITE_NULL)
            return;
        if (sqlite3_value_type(argv[1]) != SQLITE_TEXT) {
            ext_error(ctx, "mode (argument 2) must be 'minlex' or 'pattern'");
            return;
        }
        name = (const char *)sqlite3_value_text(argv[1]);
        if (name && (strcmp(name, "minlex") == 0 || strcmp(name, "true") == 0))
            pattern = 0;
        else if (name && strcmp(name, "pattern") == 0)
            pattern = 1;
        else {
            ext_error(ctx, "unknown mode '%.40s' (expected 'minlex' or 'pattern')",
                      name ? name : "");
            return;
        }
    }
    if (pattern)
        sudoku_minlex_pattern(&grid, &out, NULL);
    else
        sudoku_minlex(&grid, &out, NULL);
    ext_result_grid(ctx, &out);
}
