/* minlex.c - sudoku_minlex(p [, mode]): the canonical form. */

#include "ext.h"
#include "minlex.h"

void ext_minlex(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid, out;
    int pattern = 0;

    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    if (argc > 1) {
        /* 'true' is a synonym of the default */
        static const char *const modes[] = {"minlex", "true", "pattern", NULL};
        int i;
        if (ext_arg_keyword(ctx, argv[1], "mode", modes,
                            "'minlex' or 'pattern'", &i) != EXT_OK)
            return;
        pattern = i == 2;
    }
    if (pattern)
        sudoku_minlex_pattern(&grid, &out, NULL);
    else
        sudoku_minlex(&grid, &out, NULL);
    ext_result_grid(ctx, &out);
}
