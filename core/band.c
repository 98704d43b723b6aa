/*
 * band.c - band validity, gangster keys, the 44 classes and completion
 * counts. See band.h for the definitions and why the counts are right.
 */
#include "band.h"
#include "internal.h"

const uint8_t sudoku_perm3[6][3] = {
    {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
};

/* The 56 splits, as three 3-bit masks (octal digits: a[0] lowest). Bit i
 * of mask c sends a[c][i] to t[c+1]. All three masks have the same number
 * k of bits: t[c] takes the 3 - k unpicked digits of a[c+1] and the k
 * picked ones of a[c+2], so it has three digits exactly when the counts
 * agree, and C(3,0)^3 + C(3,1)^3 + C(3,2)^3 + C(3,3)^3 = 56. */
static const uint16_t SPLITS[56] = {
    00, 0111, 0211, 0411, 0121, 0221, 0421, 0141, 0241, 0441, 0112, 0212,
    0412, 0122, 0222, 0422, 0142, 0242, 0442, 0114, 0214, 0414, 0124, 0224,
    0424, 0144, 0244, 0444, 0333, 0533, 0633, 0353, 0553, 0653, 0363, 0563,
    0663, 0335, 0535, 0635, 0355, 0555, 0655, 0365, 0565, 0665, 0336, 0536,
    0636, 0356, 0556, 0656, 0366, 0566, 0666, 0777,
};

void sudoku_band_split(const uint8_t a[3][3], unsigned split, uint8_t t[3][3])
{
    unsigned masks = SPLITS[split];
    int fill[3] = {0, 0, 0};
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < 3; i++) {
            int to = (masks >> (3 * c + i)) & 1 ? (c + 1) % 3 : (c + 2) % 3;
            t[to][fill[to]++] = a[c][i];
        }
}

int sudoku_band_valid(const uint8_t band[27])
{
    for (int r = 0; r < 3; r++) {
        unsigned seen = 0;
        for (int c = 0; c < 9; c++) {
            uint8_t d = band[9 * r + c];
            if (d < 1 || d > 9)
                return 0;
            seen |= 1u << d;
        }
        if (seen != 0x3FE)
            return 0;
    }
    for (int s = 0; s < 3; s++) {
        unsigned seen = 0;
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++)
                seen |= 1u << band[9 * r + 3 * s + c];
        if (seen != 0x3FE)
            return 0;
    }
    return 1;
}

/* col[d][s]: the column inside stack s of digit d + 1. */
static void band_columns(const uint8_t band[27], uint8_t col[9][3])
{
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 9; c++)
            col[band[9 * r + c] - 1][c / 3] = (uint8_t)(c % 3);
}

uint64_t sudoku_band_raw_key(const uint8_t band[27])
{
    uint8_t col[9][3];
    uint64_t key = 0;
    if (!sudoku_band_valid(band))
        return 0;
    band_columns(band, col);
    for (int d = 0; d < 9; d++)
        key += 1ull << (2 * (9 * col[d][0] + 3 * col[d][1] + col[d][2]));
    return key;
}

uint64_t sudoku_band_key(const uint8_t band[27])
{
    uint8_t col[9][3];
    uint64_t best = UINT64_MAX;
    if (!sudoku_band_valid(band))
        return 0;
    band_columns(band, col);
    /* Stack order: new stack j is old stack sp[j]; columns inside new
     * stack j are renamed by sudoku_perm3[p_j]. */
    for (int sp = 0; sp < 6; sp++) {
        const uint8_t *so = sudoku_perm3[sp];
        for (int p0 = 0; p0 < 6; p0++)
            for (int p1 = 0; p1 < 6; p1++)
                for (int p2 = 0; p2 < 6; p2++) {
                    uint64_t key = 0;
                    for (int d = 0; d < 9; d++) {
                        unsigned code = 9u * sudoku_perm3[p0][col[d][so[0]]] +
                                        3u * sudoku_perm3[p1][col[d][so[1]]] +
                                        sudoku_perm3[p2][col[d][so[2]]];
                        key += 1ull << (2 * code);
                    }
                    if (key < best)
                        best = key;
                }
    }
    return best;
}

int sudoku_band_class_of(const uint8_t band[27])
{
    const sudoku_band_class *table = sudoku_band_classes();
    uint64_t key = sudoku_band_key(band);
    if (!key)
        return 0; /* not a valid band */
    for (int i = 0; i < SUDOKU_BAND_CLASSES; i++)
        if (table[i].key == key)
            return i + 1;
    return 0; /* unreachable for a valid band (test_band checks all) */
}

void sudoku_band_from_index(uint32_t index, uint8_t band[27])
{
    static const uint8_t row1[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    uint8_t row2[3][3], row3[3][3];
    unsigned orders = index % 46656;
    sudoku_band_split(row1, index / 46656, row2);
    for (int s = 0; s < 3; s++) {
        unsigned used = 0;
        int n = 0;
        for (int i = 0; i < 3; i++)
            used |= 1u << row1[s][i] | 1u << row2[s][i];
        for (int d = 1; d <= 9; d++)
            if (!(used >> d & 1))
                row3[s][n++] = (uint8_t)d;
    }
    for (int c = 0; c < 9; c++)
        band[c] = (uint8_t)(c + 1);
    for (int s = 0; s < 3; s++) {
        const uint8_t *p2 = sudoku_perm3[orders % 6];
        const uint8_t *p3 = sudoku_perm3[orders / 6 % 6];
        orders /= 36;
        for (int i = 0; i < 3; i++) {
            band[9 + 3 * s + p2[i]] = row2[s][i];
            band[18 + 3 * s + p3[i]] = row3[s][i];
        }
    }
}

uint64_t sudoku_band_arrangements(const uint8_t col[9][3])
{
    uint8_t members[3][3][3];
    uint8_t n[3][3] = {{0}};
    uint8_t r0[9], r1[9];
    uint64_t total = 0;
    for (int d = 0; d < 9; d++)
        for (int s = 0; s < 3; s++) {
            uint8_t c = col[d][s];
            if (c > 2 || n[s][c] == 3)
                return 0;
            members[s][c][n[s][c]++] = (uint8_t)d;
        }
    /* A band is an order (row per digit) in each column such that every
     * digit sits in three different rows across the three stacks. Moving
     * the three rows as a whole maps bands to bands, and acts freely on
     * the order of stack 1's first column: count with that column in the
     * identity order and multiply by 6. In stack 2 each column's order
     * must avoid each digit's stack-1 row; stack 3's row is then forced
     * (the remaining one) and each of its columns must get three rows. */
    for (int i = 0; i < 3; i++)
        r0[members[0][0][i]] = (uint8_t)i;
    for (int p1 = 0; p1 < 6; p1++) {
        for (int i = 0; i < 3; i++)
            r0[members[0][1][i]] = sudoku_perm3[p1][i];
        for (int p2 = 0; p2 < 6; p2++) {
            uint8_t opt[3][6];
            int nopt[3];
            for (int i = 0; i < 3; i++)
                r0[members[0][2][i]] = sudoku_perm3[p2][i];
            for (int c = 0; c < 3; c++) {
                nopt[c] = 0;
                for (int p = 0; p < 6; p++) {
                    const uint8_t *q = sudoku_perm3[p];
                    if (q[0] != r0[members[1][c][0]] && q[1] != r0[members[1][c][1]] &&
                        q[2] != r0[members[1][c][2]])
                        opt[c][nopt[c]++] = (uint8_t)p;
                }
            }
            for (int a = 0; a < nopt[0]; a++)
                for (int b = 0; b < nopt[1]; b++)
                    for (int e = 0; e < nopt[2]; e++) {
                        const uint8_t *q[3] = {sudoku_perm3[opt[0][a]],
                                               sudoku_perm3[opt[1][b]],
                                               sudoku_perm3[opt[2][e]]};
                        int ok = 1;
                        for (int c = 0; c < 3; c++)
                            for (int i = 0; i < 3; i++)
                                r1[members[1][c][i]] = q[c][i];
                        for (int c = 0; c < 3 && ok; c++) {
                            unsigned rows = 0;
                            for (int i = 0; i < 3; i++) {
                                uint8_t d = members[2][c][i];
                                rows |= 1u << (3 - r0[d] - r1[d]);
                            }
                            ok = rows == 7;
                        }
                        total += (uint64_t)ok;
                    }
        }
    }
    return 6 * total;
}

uint64_t sudoku_band_completions(const uint8_t band[27])
{
    uint8_t col[9][3];
    uint8_t next[3][56][9]; /* [stack][split][digit]: column in band 2 */
    uint64_t total = 0;
    if (!sudoku_band_valid(band))
        return 0;
    band_columns(band, col);
    for (int s = 0; s < 3; s++) {
        uint8_t a[3][3], t[3][3];
        for (int c = 0; c < 3; c++)
            for (int r = 0; r < 3; r++)
                a[c][r] = (uint8_t)(band[9 * r + 3 * s + c] - 1);
        for (unsigned k = 0; k < 56; k++) {
            sudoku_band_split(a, k, t);
            for (int c = 0; c < 3; c++)
                for (int i = 0; i < 3; i++)
                    next[s][k][t[c][i]] = (uint8_t)c;
        }
    }
    /* Band 2 takes, in each column, three of the six digits the top band
     * leaves free, and band 3 the other three; inside a stack the choice
     * is one of the 56 splits. Completions are the pairs (band 2, band 3)
     * of bands with those column sets. */
    for (int k0 = 0; k0 < 56; k0++)
        for (int k1 = 0; k1 < 56; k1++)
            for (int k2 = 0; k2 < 56; k2++) {
                uint8_t c2[9][3], c3[9][3];
                uint64_t n2;
                for (int d = 0; d < 9; d++) {
                    c2[d][0] = next[0][k0][d];
                    c2[d][1] = next[1][k1][d];
                    c2[d][2] = next[2][k2][d];
                    for (int s = 0; s < 3; s++)
                        c3[d][s] = (uint8_t)(3 - col[d][s] - c2[d][s]);
                }
                n2 = sudoku_band_arrangements(c2);
                if (n2)
                    total += n2 * sudoku_band_arrangements(c3);
            }
    return total;
}

/* The class table, produced by this file's functions (test_band --print
 * prints it; test_band recomputes every column). */
static const sudoku_band_class CLASSES[SUDOKU_BAND_CLASSES] = {
#include "band_classes.inc"
};

const sudoku_band_class *sudoku_band_classes(void)
{
    return CLASSES;
}

unsigned __int128 sudoku_band_total_grids(void)
{
    unsigned __int128 sum = 0;
    for (int i = 0; i < SUDOKU_BAND_CLASSES; i++)
        sum += (unsigned __int128)CLASSES[i].bands * CLASSES[i].completions;
    return sum * SUDOKU_RELABELLINGS;
}
