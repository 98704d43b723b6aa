/*
 * random_grid.c - exactly uniform solution grids by rejection over
 * (top band, stack 1 lower part, stack 2 lower part, placement index).
 * random_grid.h explains why the result is uniform.
 */
#include "random_grid.h"

#include "band.h"
#include "internal.h"

/* index / 46656 is the split of each column's free digits between bands
 * 2 and 3 (band 2's column c takes t[c]); index % 216 the orders of band
 * 2's three box columns (base 6, column 0 lowest), index / 216 % 216 band
 * 3's. */
void sudoku_random_grid_lower(uint8_t g[81], int s, uint32_t index, uint16_t rows[6])
{
    uint8_t a[3][3], t[3][3], u[3][3];
    unsigned o2 = index % 216, o3 = index / 216 % 216;
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++)
            a[c][r] = g[9 * r + 3 * s + c];
    sudoku_band_split(a, index / 46656, t);
    for (int c = 0; c < 3; c++) {
        unsigned used = 0;
        int n = 0;
        for (int i = 0; i < 3; i++)
            used |= 1u << a[c][i] | 1u << t[c][i];
        for (int d = 1; d <= 9; d++)
            if (!(used >> d & 1))
                u[c][n++] = (uint8_t)d;
    }
    for (int r = 0; r < 6; r++)
        rows[r] = 0;
    for (int c = 0; c < 3; c++) {
        const uint8_t *p2 = sudoku_perm3[o2 % 6];
        const uint8_t *p3 = sudoku_perm3[o3 % 6];
        o2 /= 6;
        o3 /= 6;
        for (int i = 0; i < 3; i++) {
            g[9 * (3 + p2[i]) + 3 * s + c] = t[c][i];
            g[9 * (6 + p3[i]) + 3 * s + c] = u[c][i];
            rows[p2[i]] |= (uint16_t)(1u << (t[c][i] - 1));
            rows[3 + p3[i]] |= (uint16_t)(1u << (u[c][i] - 1));
        }
    }
}

/* The row contents a stack's lower part gives, per split, column and
 * order, as three 9-bit digit masks packed in 27 bits (row 4 or 7 lowest):
 * a part's rows are the OR over its three columns, and two stacks' rows
 * are disjoint exactly when the ANDs of the packed words are 0. */
typedef struct lower_table {
    uint32_t band2[56][3][6];
    uint32_t band3[56][3][6];
    /* band 2's rows of columns 0 and 1 together, by orders % 36: the hot
     * loop's first test then takes two loads a stack */
    uint32_t band2_01[56][36];
} lower_table;

static void lower_table_build(const uint8_t g[81], int s, lower_table *lt)
{
    uint8_t a[3][3], t[3][3];
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++)
            a[c][r] = g[9 * r + 3 * s + c];
    for (unsigned k = 0; k < 56; k++) {
        sudoku_band_split(a, k, t);
        for (int c = 0; c < 3; c++) {
            uint8_t u[3];
            unsigned used = 0;
            int n = 0;
            for (int i = 0; i < 3; i++)
                used |= 1u << a[c][i] | 1u << t[c][i];
            for (int d = 1; d <= 9; d++)
                if (!(used >> d & 1))
                    u[n++] = (uint8_t)d;
            for (int p = 0; p < 6; p++) {
                uint32_t w2 = 0, w3 = 0;
                for (int i = 0; i < 3; i++) {
                    w2 |= 1u << (9 * sudoku_perm3[p][i] + t[c][i] - 1);
                    w3 |= 1u << (9 * sudoku_perm3[p][i] + u[i] - 1);
                }
                lt->band2[k][c][p] = w2;
                lt->band3[k][c][p] = w3;
            }
        }
        for (int o = 0; o < 36; o++)
            lt->band2_01[k][o] = lt->band2[k][0][o % 6] | lt->band2[k][1][o / 6];
    }
}

static inline uint32_t lower_rows(const uint32_t part[3][6], unsigned orders)
{
    return part[0][orders % 6] | part[1][orders / 6 % 6] | part[2][orders / 36];
}

int sudoku_random_grid_stack3_fills(const uint8_t stack3_col[9], const uint16_t rows[6],
                                    uint8_t cols[][6][3])
{
    uint8_t digit[6][3];
    uint8_t opt[3][6];
    int nopt[3], found = 0;
    for (int r = 0; r < 6; r++) {
        int n = 0;
        for (int d = 0; d < 9; d++)
            if (rows[r] >> d & 1) {
                if (n == 3)
                    return 0;
                digit[r][n++] = (uint8_t)d;
            }
        if (n != 3)
            return 0;
    }
    /* Band 2's rows: each digit avoids its top-band column. */
    for (int r = 0; r < 3; r++) {
        nopt[r] = 0;
        for (int p = 0; p < 6; p++) {
            const uint8_t *q = sudoku_perm3[p];
            if (q[0] != stack3_col[digit[r][0]] && q[1] != stack3_col[digit[r][1]] &&
                q[2] != stack3_col[digit[r][2]])
                opt[r][nopt[r]++] = (uint8_t)p;
        }
    }
    for (int x = 0; x < nopt[0]; x++)
        for (int y = 0; y < nopt[1]; y++)
            for (int z = 0; z < nopt[2]; z++) {
                const uint8_t *q[3] = {sudoku_perm3[opt[0][x]], sudoku_perm3[opt[1][y]],
                                       sudoku_perm3[opt[2][z]]};
                uint8_t band2[9] = {0}, band3col[6][3];
                int ok = 1, seen = 0;
                for (int r = 0; r < 3; r++)
                    for (int i = 0; i < 3; i++) {
                        band2[digit[r][i]] = q[r][i];
                        seen |= 1 << digit[r][i];
                    }
                if (seen != 0x1FF)
                    return 0; /* band 2's rows do not hold each digit once */
                /* Band 3: each digit takes the column left over. */
                for (int r = 3; r < 6 && ok; r++) {
                    unsigned used = 0;
                    for (int i = 0; i < 3; i++) {
                        uint8_t d = digit[r][i];
                        uint8_t c = (uint8_t)(3 - stack3_col[d] - band2[d]);
                        band3col[r][i] = c;
                        used |= 1u << c;
                    }
                    ok = used == 7;
                }
                if (!ok)
                    continue;
                if (found <= RANDOM_GRID_MAX_FILLS) {
                    for (int r = 0; r < 3; r++)
                        for (int i = 0; i < 3; i++) {
                            cols[found][r][i] = q[r][i];
                            cols[found][r + 3][i] = band3col[r + 3][i];
                        }
                }
                found++;
            }
    return found;
}

/* A uniform permutation of 1..9 (Fisher-Yates) applied to the digits. */
static void relabel(sudoku_rng *rng, uint8_t g[81])
{
    uint8_t to[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int i = 9; i > 1; i--) {
        int j = 1 + (int)sudoku_rng_below(rng, (uint32_t)i);
        uint8_t t = to[i];
        to[i] = to[j];
        to[j] = t;
    }
    for (int i = 0; i < 81; i++)
        g[i] = to[g[i]];
}

/* class 1's and class 14's counts (test_random_grid checks both against
 * the table) */
#define MAX_COMPLETIONS RANDOM_GRID_MAX_COMPLETIONS
#define MIN_COMPLETIONS RANDOM_GRID_MIN_COMPLETIONS

/* Step 1: a top band with probability proportional to its completions.
 * A uniform row-1 band is kept when a uniform integer below the largest
 * count falls below its own count (exact: both are integers). */
static void draw_top_band(sudoku_rng *rng, uint8_t g[81])
{
    const sudoku_band_class *table = sudoku_band_classes();
    for (;;) {
        uint64_t x;
        sudoku_band_from_index(sudoku_rng_below(rng, SUDOKU_BANDS_ROW1), g);
        do /* uniform below MAX_COMPLETIONS < 2^33: 33 random bits, retried */
            x = sudoku_rng_next(rng) >> 31;
        while (x >= MAX_COMPLETIONS);
        /* below every band's count: kept whatever its class (88% of the
         * draws), without computing the class */
        if (x < MIN_COMPLETIONS || x < table[sudoku_band_class_of(g) - 1].completions)
            return;
    }
}

uint64_t sudoku_random_grid(sudoku_rng *rng, sudoku_grid *grid)
{
    uint8_t *g = grid->cell;
    uint64_t attempts = 0;
    lower_table lt[2];
    uint8_t col3[9];

    draw_top_band(rng, g);
    lower_table_build(g, 0, &lt[0]);
    lower_table_build(g, 1, &lt[1]);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            col3[g[9 * r + 6 + c] - 1] = (uint8_t)c;
    /* Step 2, the top band kept: (S1, S2, u) uniform, accepted as in the
     * header; a rejection redraws all three. */
    for (;;) {
        uint16_t rows3[6];
        uint8_t cols[RANDOM_GRID_MAX_FILLS + 1][6][3];
        uint32_t x0, x1, y0, y1, u, band2_0, band2_1, band3_0, band3_1;
        int fills;
        attempts++;
        x0 = sudoku_rng_below(rng, 56 * 216); /* stack 1: split, band-2 orders */
        x1 = sudoku_rng_below(rng, 56 * 216); /* stack 2: the same */
        {
            /* x = 216 * split + 36 * (column 2's order) + the orders of
             * columns 0 and 1 */
            band2_0 = lt[0].band2_01[x0 / 216][x0 % 36] | lt[0].band2[x0 / 216][2][x0 / 36 % 6];
            band2_1 = lt[1].band2_01[x1 / 216][x1 % 36] | lt[1].band2[x1 / 216][2][x1 / 36 % 6];
        }
        if (band2_0 & band2_1)
            continue;
        y0 = sudoku_rng_below(rng, 216); /* band-3 orders */
        y1 = sudoku_rng_below(rng, 216);
        band3_0 = lower_rows(lt[0].band3[x0 / 216], y0);
        band3_1 = lower_rows(lt[1].band3[x1 / 216], y1);
        if (band3_0 & band3_1)
            continue;
        for (int r = 0; r < 3; r++) {
            rows3[r] = (uint16_t)(0x1FF & ~((band2_0 | band2_1) >> (9 * r)));
            rows3[3 + r] = (uint16_t)(0x1FF & ~((band3_0 | band3_1) >> (9 * r)));
        }
        fills = sudoku_random_grid_stack3_fills(col3, rows3, cols);
        u = sudoku_rng_below(rng, RANDOM_GRID_MAX_FILLS);
        if ((int)u >= fills)
            continue;
        sudoku_random_grid_lower(g, 0, (x0 / 216) * 46656 + x0 % 216 + 216 * y0, rows3);
        sudoku_random_grid_lower(g, 1, (x1 / 216) * 46656 + x1 % 216 + 216 * y1, rows3);
        for (int r = 0; r < 3; r++) {
            rows3[r] = (uint16_t)(0x1FF & ~((band2_0 | band2_1) >> (9 * r)));
            rows3[3 + r] = (uint16_t)(0x1FF & ~((band3_0 | band3_1) >> (9 * r)));
        }
        for (int r = 0; r < 6; r++) {
            int i = 0;
            for (int d = 0; d < 9; d++)
                if (rows3[r] >> d & 1)
                    g[9 * (3 + r) + 6 + cols[u][r][i++]] = (uint8_t)(d + 1);
        }
        break;
    }
    relabel(rng, g);
    return attempts;
}

void sudoku_random_grid_seed(uint64_t seed, sudoku_grid *grid)
{
    sudoku_rng rng;
    sudoku_rng_seed(&rng, seed);
    sudoku_random_grid(&rng, grid);
}
