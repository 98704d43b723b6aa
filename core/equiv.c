#include "equiv.h"

#include <string.h>

#include "minlex.h"

static void sort9(uint8_t v[9])
{
    for (int i = 1; i < 9; i++) {
        uint8_t x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* The multiset of bands, each the multiset of its three line counts
 * (0..9), as one number: sorted triples as three decimal digits, the
 * three band codes sorted and joined. Line permutations inside a band and
 * band permutations leave it unchanged; it determines the band counts. */
static uint32_t lines_code(const uint8_t count[9])
{
    uint32_t band[3];
    for (int b = 0; b < 3; b++) {
        uint32_t x = count[3 * b], y = count[3 * b + 1], z = count[3 * b + 2], t;
        if (x > y) { t = x; x = y; y = t; }
        if (y > z) { t = y; y = z; z = t; }
        if (x > y) { t = x; x = y; y = t; }
        band[b] = x * 100 + y * 10 + z;
    }
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && band[j - 1] > band[j]; j--) {
            uint32_t t = band[j];
            band[j] = band[j - 1];
            band[j - 1] = t;
        }
    return band[0] * 1000000u + band[1] * 1000u + band[2];
}

void sudoku_equiv_key_of(const sudoku_grid *g, sudoku_equiv_key *k)
{
    uint8_t row[9] = {0}, col[9] = {0}, box[9] = {0}, digit[10] = {0};
    int clues = 0;
    for (int r = 0, i = 0; r < 9; r++)
        for (int c = 0; c < 9; c++, i++) {
            uint8_t d = g->cell[i];
            uint8_t filled = d != 0;
            row[r] += filled;
            col[c] += filled;
            box[(r / 3) * 3 + c / 3] += filled;
            digit[d]++;
            clues += filled;
        }
    k->lines[0] = lines_code(row);
    k->lines[1] = lines_code(col);
    k->clues = (uint8_t)clues;
    memcpy(k->boxes, box, 9);
    sort9(k->boxes);
    /* A digit may occur up to 81 times (clashing givens): still < 256. */
    memcpy(k->digits, digit + 1, 9);
    sort9(k->digits);
}

int sudoku_equiv_key_match(const sudoku_equiv_key *a, const sudoku_equiv_key *b)
{
    if (a->clues != b->clues || memcmp(a->digits, b->digits, 9) != 0 ||
        memcmp(a->boxes, b->boxes, 9) != 0)
        return 0;
    /* Without transpose rows map to rows; with it, rows to columns. */
    return (a->lines[0] == b->lines[0] && a->lines[1] == b->lines[1]) ||
           (a->lines[0] == b->lines[1] && a->lines[1] == b->lines[0]);
}

int sudoku_equiv_transform(const sudoku_grid *a, const sudoku_grid *b,
                           sudoku_transform *t)
{
    sudoku_equiv_key ka, kb;
    sudoku_grid ma, mb;
    sudoku_transform ta, tb, back;

    sudoku_equiv_key_of(a, &ka);
    sudoku_equiv_key_of(b, &kb);
    if (!sudoku_equiv_key_match(&ka, &kb))
        return 0;
    if (memcmp(a->cell, b->cell, SUDOKU_CELLS) == 0) {
        if (t)
            sudoku_transform_identity(t);
        return 1;
    }
    sudoku_minlex(a, &ma, t ? &ta : NULL);
    sudoku_minlex(b, &mb, t ? &tb : NULL);
    if (memcmp(ma.cell, mb.cell, SUDOKU_CELLS) != 0)
        return 0;
    if (t) {
        /* ta: a -> m, tb: b -> m, so first ta, then the inverse of tb. */
        sudoku_transform_inverse(&tb, &back);
        sudoku_transform_compose(&ta, &back, t);
    }
    return 1;
}

int sudoku_equiv(const sudoku_grid *a, const sudoku_grid *b)
{
    return sudoku_equiv_transform(a, b, NULL);
}
