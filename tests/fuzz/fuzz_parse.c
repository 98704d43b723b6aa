/* libFuzzer target: the one puzzle parser and the formatter. Oracle: a
 * parsed grid formats to text that parses back to the same grid, in every
 * style; a failure reports an offset inside the input. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g, back;
    sudoku_parse_error err;
    char out[SUDOKU_FORMAT_MAX], msg[256];
    if (sudoku_grid_parse(data, size, &g, &err) != SUDOKU_PARSE_OK) {
        if (err.status == SUDOKU_PARSE_BAD_CHAR && err.offset >= size)
            abort();
        sudoku_parse_error_message(&err, "fuzz", msg, sizeof msg);
        if (strlen(msg) >= sizeof msg)
            abort();
        return 0;
    }
    for (int style = SUDOKU_FORMAT_LINE; style <= SUDOKU_FORMAT_GRID; style++) {
        size_t n = sudoku_grid_format(&g, (sudoku_format_style)style, out);
        if (n != strlen(out) ||
            sudoku_grid_parse(out, n, &back, NULL) != SUDOKU_PARSE_OK ||
            memcmp(&g, &back, sizeof g) != 0)
            abort();
    }
    return 0;
}
