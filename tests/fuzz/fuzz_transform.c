/* libFuzzer target: the transform value's JSON parser. Oracle: whatever it
 * accepts is a member of the group, and formats to text that parses back
 * to the same element; the inverse undoes it on a sample grid; accepted
 * text holds no number of two digits (so no leading zero, no 10 or more)
 * and no '.' (no fraction, as in a list of 9 with a trailing dot). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "transform.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_transform t, back, inv;
    sudoku_grid g, x, y;
    char text[SUDOKU_TRANSFORM_TEXT_MAX], msg[256];
    if (!sudoku_transform_parse(data, size, &t, "fuzz", msg, sizeof msg)) {
        if (strncmp(msg, "fuzz: ", 6) != 0)
            abort();
        return 0;
    }
    if (!sudoku_transform_valid(&t))
        abort();
    for (size_t i = 0; i < size; i++)
        if (data[i] == '.' || (i && data[i] >= '0' && data[i] <= '9' &&
                               data[i - 1] >= '0' && data[i - 1] <= '9'))
            abort();
    size_t n = sudoku_transform_format(&t, text);
    if (!sudoku_transform_parse(text, n, &back, "fuzz", msg, sizeof msg) ||
        !sudoku_transform_equal(&t, &back))
        abort();
    for (int i = 0; i < SUDOKU_CELLS; i++)
        g.cell[i] = (uint8_t)((i * 7) % 10);
    sudoku_transform_apply(&t, &g, &x);
    sudoku_transform_inverse(&t, &inv);
    sudoku_transform_apply(&inv, &x, &y);
    if (memcmp(&g, &y, sizeof g) != 0)
        abort();
    return 0;
}
