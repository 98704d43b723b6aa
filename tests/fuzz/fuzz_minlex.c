/* libFuzzer target: sudoku_minlex and sudoku_minlex_pattern. Oracle: the
 * form is a fixed point (its own minlex), the returned transform maps the
 * input onto it, it is never larger than the input relabelled, and a
 * scramble of the input (drawn from the tail bytes) has the same form and
 * matches it (sudoku_minlex_matches). */
#include <stdlib.h>

#include "fuzz_input.h"
#include "minlex.h"
#include "rng.h"

static void random_transform(sudoku_rng *rng, sudoku_transform *t)
{
    sudoku_transform_identity(t);
    t->transpose = (uint8_t)sudoku_rng_below(rng, 2);
    for (int band = 0; band < 3; band++)
        for (int k = 2; k > 0; k--) {
            int j = (int)sudoku_rng_below(rng, (uint32_t)k + 1);
            uint8_t x = t->rows[band * 3 + k];
            t->rows[band * 3 + k] = t->rows[band * 3 + j];
            t->rows[band * 3 + j] = x;
            x = t->cols[band * 3 + k];
            t->cols[band * 3 + k] = t->cols[band * 3 + j];
            t->cols[band * 3 + j] = x;
        }
    for (int d = 9; d > 1; d--) {
        int j = 1 + (int)sudoku_rng_below(rng, (uint32_t)d);
        uint8_t x = t->digits[d];
        t->digits[d] = t->digits[j];
        t->digits[j] = x;
    }
}

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
    random_transform(&rng, &s);
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
