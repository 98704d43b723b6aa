#include "scramble.h"

/* The six permutations of {0,1,2} in lexicographic order. */
static const uint8_t PERM3[6][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Position of the permutation (a, b, c) in PERM3. */
static unsigned perm3_index(unsigned a, unsigned b, unsigned c)
{
    return 2 * a + (b > c);
}

/* Lines (rows or columns) from the outer permutation `outer` and the
 * inner permutations of the three output groups. */
static void lines_from(unsigned outer, const unsigned inner[3], uint8_t m[9])
{
    for (int b = 0; b < 3; b++)
        for (int k = 0; k < 3; k++)
            m[3 * b + k] = (uint8_t)(3 * PERM3[outer][b] + PERM3[inner[b]][k]);
}

void sudoku_scramble_geometric(uint32_t index, sudoku_transform *t)
{
    unsigned place[9];
    for (int p = 8; p > 0; p--) {
        place[p] = index % 6;
        index /= 6;
    }
    place[0] = index & 1;
    t->transpose = (uint8_t)place[0];
    lines_from(place[1], place + 2, t->rows);
    lines_from(place[5], place + 6, t->cols);
    for (int d = 0; d < 10; d++)
        t->digits[d] = (uint8_t)d;
}

/* Reads the places (outer, inner[3]) back from a line map. */
static void places_of(const uint8_t m[9], unsigned *outer, unsigned inner[3])
{
    *outer = perm3_index(m[0] / 3u, m[3] / 3u, m[6] / 3u);
    for (int b = 0; b < 3; b++)
        inner[b] = perm3_index(m[3 * b] % 3u, m[3 * b + 1] % 3u,
                               m[3 * b + 2] % 3u);
}

uint32_t sudoku_scramble_index(const sudoku_transform *t)
{
    unsigned place[9];
    uint32_t index = t->transpose;
    places_of(t->rows, &place[1], place + 2);
    places_of(t->cols, &place[5], place + 6);
    for (int p = 1; p < 9; p++)
        index = index * 6 + place[p];
    return index;
}

/* Takes digit number code % n out of the n still unused in left[] (the
 * Lehmer code, one place at a time). Inlined with literal n, so the
 * division is by a constant. */
static inline uint8_t take(uint8_t left[9], unsigned n, uint32_t *code)
{
    unsigned k = *code % n;
    uint8_t d = left[k];
    *code /= n;
    for (unsigned j = k; j + 1 < n; j++)
        left[j] = left[j + 1];
    return d;
}

void sudoku_scramble_random(sudoku_rng *rng, sudoku_transform *t)
{
    /* Two draws: the geometric index, then the relabelling as a number
     * below 9! read in the factorial number system. */
    uint32_t code;
    uint8_t left[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    sudoku_scramble_geometric(sudoku_rng_below(rng, SUDOKU_GEOMETRIC_TRANSFORMS), t);
    code = sudoku_rng_below(rng, 362880);
    t->digits[1] = take(left, 9, &code);
    t->digits[2] = take(left, 8, &code);
    t->digits[3] = take(left, 7, &code);
    t->digits[4] = take(left, 6, &code);
    t->digits[5] = take(left, 5, &code);
    t->digits[6] = take(left, 4, &code);
    t->digits[7] = take(left, 3, &code);
    t->digits[8] = take(left, 2, &code);
    t->digits[9] = left[0];
}

/* The splitmix64 finaliser: a bijection on 64-bit words. */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void sudoku_scramble_seed(sudoku_rng *rng, uint64_t seed, uint64_t n)
{
    /* key + (n + 1) * odd is distinct for distinct n (mod 2^64), and mix64
     * is a bijection, so every row of one seed gets its own stream seed. */
    uint64_t key = mix64(seed ^ 0x5C7A3B1E9D2F4A61ull);
    sudoku_rng_seed(rng, mix64(key + (n + 1) * 0x9E3779B97F4A7C15ull));
}

void sudoku_scramble_first(sudoku_transform *t)
{
    sudoku_scramble_geometric(0, t);
}

/* Moves the permutation of line group `g` (the outer one when g == 3) of
 * m one step on, touching only what that place decides; returns 0 when it
 * wrapped around to the first permutation. */
static int step_lines(uint8_t m[9], int g)
{
    unsigned idx;
    const uint8_t *p;
    if (g == 3) {
        idx = perm3_index(m[0] / 3u, m[3] / 3u, m[6] / 3u);
        p = PERM3[idx == 5 ? 0 : idx + 1];
        for (int b = 0; b < 3; b++)
            for (int k = 0; k < 3; k++)
                m[3 * b + k] = (uint8_t)(3 * p[b] + m[3 * b + k] % 3);
    } else {
        uint8_t *q = m + 3 * g;
        uint8_t base = (uint8_t)(q[0] / 3 * 3);
        idx = perm3_index(q[0] % 3u, q[1] % 3u, q[2] % 3u);
        p = PERM3[idx == 5 ? 0 : idx + 1];
        for (int k = 0; k < 3; k++)
            q[k] = (uint8_t)(base + p[k]);
    }
    return idx != 5;
}

int sudoku_scramble_next(sudoku_transform *t)
{
    /* Places 8..6 are the inner column groups 2..0, 5 the stacks, 4..2
     * the inner row groups, 1 the bands, 0 the transpose flag. */
    for (int p = 8; p >= 1; p--) {
        uint8_t *m = p >= 5 ? t->cols : t->rows;
        int g = p == 5 || p == 1 ? 3 : p >= 6 ? p - 6 : p - 2;
        if (step_lines(m, g))
            return p;
    }
    t->transpose ^= 1;
    return t->transpose ? 0 : -1;
}
