#include "equiv.h"

#include <string.h>

#include "minlex.h"

/* The multiset of bands, each the multiset of its three line counts:
 * a band is a histogram of its counts (2 bits per value 0..9, at most 3
 * lines share a value), the three bands sorted and packed. Line
 * permutations inside a band and band permutations leave it unchanged. */
static uint64_t lines_code(const uint8_t count[9])
{
    uint64_t band[3], t;
    for (int b = 0; b < 3; b++)
        band[b] = (1ull << (2 * count[3 * b])) + (1ull << (2 * count[3 * b + 1])) +
                  (1ull << (2 * count[3 * b + 2]));
    if (band[0] > band[1]) { t = band[0]; band[0] = band[1]; band[1] = t; }
    if (band[1] > band[2]) { t = band[1]; band[1] = band[2]; band[2] = t; }
    if (band[0] > band[1]) { t = band[0]; band[0] = band[1]; band[1] = t; }
    return band[0] << 40 | band[1] << 20 | band[2];
}

static uint64_t load64(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w; /* byte order does not matter: every use is symmetric */
}

/* The clue-pattern part of the key. Eight cells of a row at a time as one
 * word: a cell holds 0..9, so adding 0x7f to each byte sets its top bit
 * exactly when the cell is filled, without carries between bytes. */
static void pattern_key(const sudoku_grid *g, sudoku_equiv_key *k)
{
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t colsum = 0, boxes = 0;
    uint8_t row[9], col[9], box[9] = {0};
    unsigned col8 = 0, clues = 0;
    for (int r = 0; r < 9; r++) {
        const uint8_t *c = g->cell + 9 * r;
        uint64_t f = ((load64(c) + 0x7f * ones) & 0x80 * ones) >> 7;
        unsigned last = c[8] != 0;
        unsigned s0 = (unsigned)(((f & 0xffffff) * 0x010101) >> 16) & 0xff;
        unsigned s1 = (unsigned)((((f >> 24) & 0xffffff) * 0x010101) >> 16) & 0xff;
        unsigned s2 = ((unsigned)(((f >> 48) * 0x0101) >> 8) & 0xff) + last;
        colsum += f; /* at most 9 per byte */
        col8 += last;
        row[r] = (uint8_t)(s0 + s1 + s2);
        box[r / 3 * 3] = (uint8_t)(box[r / 3 * 3] + s0);
        box[r / 3 * 3 + 1] = (uint8_t)(box[r / 3 * 3 + 1] + s1);
        box[r / 3 * 3 + 2] = (uint8_t)(box[r / 3 * 3 + 2] + s2);
    }
    memcpy(col, &colsum, 8); /* byte j of the sum is column j's count */
    col[8] = (uint8_t)col8;
    for (int b = 0; b < 9; b++) {
        boxes += 1ull << (4 * box[b]);
        clues += box[b];
    }
    k->lines[0] = lines_code(row);
    k->lines[1] = lines_code(col);
    k->boxes = boxes;
    k->clues = (uint8_t)clues;
}

/* The digit part: how many digits occur how often. Four histograms used
 * in turn, since one would chain every empty cell's increment of bin 0. */
static uint64_t digit_key(const sudoku_grid *g)
{
    uint8_t hist[4][16] = {{0}};
    uint64_t digits = 0;
    for (int i = 0; i < 80; i += 4) {
        hist[0][g->cell[i] & 15]++;
        hist[1][g->cell[i + 1] & 15]++;
        hist[2][g->cell[i + 2] & 15]++;
        hist[3][g->cell[i + 3] & 15]++;
    }
    hist[0][g->cell[80] & 15]++;
    for (int d = 1; d <= 9; d++) {
        unsigned n = (unsigned)hist[0][d] + hist[1][d] + hist[2][d] + hist[3][d];
        digits += 1ull << (4 * (n < 15 ? n : 15));
    }
    return digits;
}

void sudoku_equiv_key_of(const sudoku_grid *g, sudoku_equiv_key *k)
{
    pattern_key(g, k);
    k->digits = digit_key(g);
}

/* Without transpose rows map to rows; with it, rows to columns. */
static int pattern_match(const sudoku_equiv_key *a, const sudoku_equiv_key *b)
{
    return a->clues == b->clues && a->boxes == b->boxes &&
           ((a->lines[0] == b->lines[0] && a->lines[1] == b->lines[1]) ||
            (a->lines[0] == b->lines[1] && a->lines[1] == b->lines[0]));
}

int sudoku_equiv_key_match(const sudoku_equiv_key *a, const sudoku_equiv_key *b)
{
    return a->digits == b->digits && pattern_match(a, b);
}

int sudoku_equiv_possible(const sudoku_grid *a, const sudoku_grid *b)
{
    sudoku_equiv_key ka, kb;
    pattern_key(a, &ka);
    pattern_key(b, &kb);
    return pattern_match(&ka, &kb) && digit_key(a) == digit_key(b);
}

int sudoku_equiv_join(const sudoku_grid *ma, const sudoku_transform *ta,
                      const sudoku_grid *mb, const sudoku_transform *tb,
                      sudoku_transform *t)
{
    sudoku_transform back;
    if (memcmp(ma->cell, mb->cell, SUDOKU_CELLS) != 0)
        return 0;
    if (t) {
        /* ta: a -> m, tb: b -> m, so first ta, then the inverse of tb. */
        sudoku_transform_inverse(tb, &back);
        sudoku_transform_compose(ta, &back, t);
    }
    return 1;
}

static int leading_empties(const sudoku_grid *g)
{
    int n = 0;
    while (n < SUDOKU_CELLS && !g->cell[n])
        n++;
    return n;
}

int sudoku_equiv_canonical_side(const sudoku_grid *a, const sudoku_grid *b)
{
    return leading_empties(a) > leading_empties(b) ? 0 : 1;
}

int sudoku_equiv_transform(const sudoku_grid *a, const sudoku_grid *b,
                           sudoku_transform *t)
{
    sudoku_grid m;
    sudoku_transform ta, tb;
    if (!sudoku_equiv_possible(a, b))
        return 0;
    if (memcmp(a->cell, b->cell, SUDOKU_CELLS) == 0) {
        if (t)
            sudoku_transform_identity(t);
        return 1;
    }
    /* One side canonicalised, the other only tested against that form
     * (its search prunes against it from the first row). */
    if (sudoku_equiv_canonical_side(a, b) == 0) {
        sudoku_minlex(a, &m, &ta);
        if (!sudoku_minlex_matches(b, &m, &tb))
            return 0;
    } else {
        sudoku_minlex(b, &m, &tb);
        if (!sudoku_minlex_matches(a, &m, &ta))
            return 0;
    }
    return sudoku_equiv_join(&m, &ta, &m, &tb, t);
}

int sudoku_equiv(const sudoku_grid *a, const sudoku_grid *b)
{
    return sudoku_equiv_transform(a, b, NULL);
}
