/* libFuzzer target: the parser and formatter of boards of every order
 * (board.h). The first byte chooses the alphabet, the rest is the text.
 * Oracle: a parsed board formats, in every style and alphabet, to text
 * that parses back to the same board; a failure names an offset inside the
 * input and gives a message that fits. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t cells[SUDOKU_BOARD_MAX_CELLS], back[SUDOKU_BOARD_MAX_CELLS];
    char out[SUDOKU_BOARD_FORMAT_MAX], msg[512];
    sudoku_board_error err;
    int order = 0, o2 = 0;
    if (size == 0)
        return 0;
    sudoku_symbols symbols = (sudoku_symbols)(data[0] % (SUDOKU_SYMBOLS_COUNT + 1));
    if (sudoku_board_parse(data + 1, size - 1, symbols, &order, cells, &err) != SUDOKU_BOARD_OK) {
        if ((err.status == SUDOKU_BOARD_BAD_CHAR || err.status == SUDOKU_BOARD_BAD_SYMBOL ||
             err.status == SUDOKU_BOARD_BAD_NUMBER) && err.offset >= size - 1)
            abort();
        if (err.status == SUDOKU_BOARD_OK || (err.status == SUDOKU_BOARD_BAD_OPTION) !=
                                                 ((unsigned)symbols >= SUDOKU_SYMBOLS_COUNT))
            abort();
        sudoku_board_error_message(&err, "fuzz", msg, sizeof msg);
        if (strlen(msg) >= sizeof msg - 1)
            abort();
        return 0;
    }
    int total = sudoku_board_cells(order);
    if (!total || sudoku_board_givens(order, cells) < 0)
        abort();
    for (int sym = 0; sym < SUDOKU_SYMBOLS_COUNT; sym++)
        for (int style = SUDOKU_BOARD_LINE; style <= SUDOKU_BOARD_GRID; style++) {
            size_t n = sudoku_board_format(order, cells, (sudoku_board_style)style,
                                           (sudoku_symbols)sym, out);
            if (style == SUDOKU_BOARD_ZEROS && sym == SUDOKU_SYMBOLS_FROM_0) {
                if (n != 0)
                    abort();
                continue;
            }
            if (n == 0 || n != strlen(out) ||
                sudoku_board_parse(out, n, (sudoku_symbols)sym, &o2, back, NULL) !=
                    SUDOKU_BOARD_OK ||
                o2 != order || memcmp(cells, back, (size_t)total) != 0)
                abort();
        }
    return 0;
}
