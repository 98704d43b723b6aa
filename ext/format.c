/* format.c - sudoku_format(p [, style]). */
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
        static const char *const styles[] = {"line", "zeros", "grid", NULL};
        static const sudoku_format_style style_of[] = {
            SUDOKU_FORMAT_LINE, SUDOKU_FORMAT_ZEROS, SUDOKU_FORMAT_GRID};
        int i;
        if (ext_arg_keyword(ctx, argv[1], "style", styles,
                            "'line', 'zeros' or 'grid'", &i) != EXT_OK)
            return;
        style = style_of[i];
    }
    n = sudoku_grid_format(&grid, style, out);
    sqlite3_result_text(ctx, out, (int)n, SQLITE_TRANSIENT);
}
