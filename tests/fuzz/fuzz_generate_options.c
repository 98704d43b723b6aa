/* libFuzzer target: the JSON options of sudoku_generate, read without SQL
 * (core/generate.h: sudoku_generate_options_parse). Oracle: a refusal says
 * so under the given prefix; accepted options are what the header
 * promises: every field within its documented range, a full valid grid,
 * a pattern with its cells, and nothing sudoku_generate_options_check()
 * refuses; accepted text holds no number with a leading zero, as JSON
 * wants. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "generate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_generate_options opt;
    char msg[300];
    if (!sudoku_generate_options_parse(data, size, &opt, "fuzz", msg, sizeof msg)) {
        if (strncmp(msg, "fuzz: options: ", 15) != 0)
            abort();
        return 0;
    }
    if (sudoku_generate_options_check(&opt))
        abort();
    if ((unsigned)opt.symmetry >= SUDOKU_SYM_COUNT || opt.clues_min < 0 ||
        opt.clues_min > opt.clues_max || opt.clues_max > SUDOKU_CELLS ||
        (opt.clues_min != 0 && opt.clues_min < 17) || opt.depth < -1 || opt.depth > 3 ||
        (opt.se_min != -1 && (opt.se_min < 10 || opt.se_min > opt.se_max || opt.se_max > 200)) ||
        opt.minimal < 0 || opt.minimal > 1 || opt.climb < -1 || opt.climb > 1 || opt.tries < 1 ||
        opt.tries > 1000000)
        abort();
    if (opt.have_grid && !sudoku_grid_is_solution(&opt.grid))
        abort();
    if (opt.have_pattern && (opt.symmetry != SUDOKU_SYM_NONE || opt.clues_min != 0))
        abort();
    /* a digit 1-9 never follows a lone 0 that starts a number (outside
     * strings: a pattern or grid may hold "05") */
    int in_string = 0;
    for (size_t i = 0; i + 1 < size; i++) {
        if (data[i] == '"' && (i == 0 || data[i - 1] != '\\'))
            in_string = !in_string;
        if (!in_string && data[i] == '0' && data[i + 1] >= '0' && data[i + 1] <= '9' &&
            (i == 0 || data[i - 1] < '0' || data[i - 1] > '9') && (i == 0 || data[i - 1] != '.'))
            abort();
    }
    return 0;
}
