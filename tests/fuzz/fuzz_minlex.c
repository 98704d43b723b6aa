/* libFuzzer target: sudoku_minlex and sudoku_minlex_pattern. Oracle: the
 * form is a fixed point (its own minlex), the returned transform maps the
 * input onto it, a scramble of the input (drawn from the tail bytes) has
 * the same form and matches it (sudoku_minlex_matches), the input matches
 * itself only when it is its form, and the same for the pattern form.
 * Scrambles come from the core's sudoku_scramble_random. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "minlex.h"
#include "rng.h"
#include "scramble.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g, m, again, mapped, scrambled, m2;
    sudoku_transform t, s;
    sudoku_rng rng;
    fuzz_grid(data, size, &g);
    sudoku_rng_seed(&rng, fuzz_tail(data, size));

    sudoku_minlex(&g, &m, &t);
    sudoku_transform_apply(&t, &g, &mapped);
    if (memcmp(&mapped, &m, sizeof m) != 0)
        abort();
    sudoku_minlex(&m, &again, NULL);
    if (memcmp(&again, &m, sizeof m) != 0)
        abort();
    sudoku_scramble_random(&rng, &s);
    sudoku_transform_apply(&s, &g, &scrambled);
    sudoku_minlex(&scrambled, &m2, NULL);
    if (memcmp(&m2, &m, sizeof m) != 0)
        abort();
    if (sudoku_automorphisms(&g) < 1)
        abort();
    if (sudoku_minlex_matches(&scrambled, &m, &t) != 1)
        abort();
    sudoku_transform_apply(&t, &scrambled, &mapped);
    if (memcmp(&mapped, &m, sizeof m) != 0)
        abort();
    if (sudoku_minlex_matches(&g, &g, NULL) != (memcmp(&g, &m, sizeof m) == 0))
        abort();

    sudoku_minlex_pattern(&g, &m, &t);
    sudoku_transform_apply(&t, &g, &mapped);
    if (memcmp(&mapped, &m, sizeof m) != 0)
        abort();
    sudoku_minlex_pattern(&scrambled, &m2, NULL);
    if (memcmp(&m2, &m, sizeof m) != 0)
        abort();
    return 0;
}
