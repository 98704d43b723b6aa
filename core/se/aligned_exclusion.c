/*
 * aligned_exclusion.c - aligned pair exclusion (6.2) and aligned triple
 * exclusion (7.5).
 *
 * Take k base cells (k = 2 or 3) and the cells that see all of them with
 * two to k candidates ("excluders"). A combination of one candidate per
 * base cell is impossible when two base cells that see each other get the
 * same digit, or when it covers all the candidates of an excluder (that
 * cell would have none left). A candidate of a base cell that appears in
 * no possible combination goes.
 *
 * The reference's order, which decides which step comes first:
 * - Base cells: cells with two or more candidates, row-major, that see at
 *   least one excluder-sized cell (2..k candidates; a cell seeing a naked
 *   single is skipped, which cannot happen this late in the order).
 * - The first two base cells: pairs of that list in increasing order of
 *   the pair's bitmask ({0,1}, {0,2}, {1,2}, {0,3}, ...).
 * - For k = 3, the third cell comes from the "twin area": the excluders of
 *   the first cell in its peer order (box, rest of row, rest of column),
 *   then those of the second not yet listed, keeping base cells only.
 * - At least two common excluders are needed; the first hint that
 *   eliminates something is the step. The same triple may be met again
 *   from another pair; it is simply tested again.
 * Aligned triple exclusion comes after the forcing chain cycles in the
 * reference's order: the chain code places that call.
 */
#include "internal.h"

typedef struct base_list {
    int cell[81], count;
    /* excluders of each cell, in its peer order (for the twin area) */
    uint8_t excluder[81][20];
    uint8_t excluder_count[81];
    uint32_t excluder_set[81][3]; /* the same as a bit set of cells */
} base_list;

static int in_set(const uint32_t set[3], int c)
{
    return set[c / 27] >> (c % 27) & 1;
}

static int sees(int a, int b)
{
    const uint8_t *ha = se_cell_house[a], *hb = se_cell_house[b];
    return ha[0] == hb[0] || ha[1] == hb[1] || ha[2] == hb[2];
}

static void list_base_cells(const se_state *s, int degree, base_list *b)
{
    b->count = 0;
    for (int c = 0; c < 81; c++) {
        if (se_popcount(s->cand[c]) < 2)
            continue;
        int single = 0, n = 0;
        uint32_t set[3] = { 0, 0, 0 };
        for (int i = 0; i < 20; i++) {
            int p = se_peer[c][i], k = se_popcount(s->cand[p]);
            if (k == 1)
                single = 1;
            else if (k >= 2 && k <= degree) {
                b->excluder[c][n++] = (uint8_t)p;
                set[p / 27] |= 1u << (p % 27);
            }
        }
        if (single || n == 0)
            continue;
        b->cell[b->count++] = c;
        b->excluder_count[c] = (uint8_t)n;
        for (int w = 0; w < 3; w++)
            b->excluder_set[c][w] = set[w];
    }
}

/* Tests base cells cells[0..k-1]; fills h and returns 1 when they
 * eliminate something. */
static int test_cells(const se_state *s, se_hint *h, const base_list *b,
                      const int *cells, int k)
{
    uint32_t common[3];
    for (int w = 0; w < 3; w++) {
        common[w] = b->excluder_set[cells[0]][w];
        for (int i = 1; i < k; i++)
            common[w] &= b->excluder_set[cells[i]][w];
    }
    uint16_t cover[20];   /* the common excluders' candidates */
    int covers = 0;
    for (int i = 0; i < b->excluder_count[cells[0]]; i++) {
        int e = b->excluder[cells[0]][i];
        if (in_set(common, e))
            cover[covers++] = s->cand[e];
    }
    if (covers < 2)
        return 0;
    int see01 = sees(cells[0], cells[1]);
    int see02 = k > 2 && sees(cells[0], cells[2]);
    int see12 = k > 2 && sees(cells[1], cells[2]);
    unsigned allowed[3] = { 0, 0, 0 };
    unsigned c2 = k > 2 ? s->cand[cells[2]] : 1; /* one pass when k = 2 */
    for (unsigned m0 = s->cand[cells[0]]; m0; m0 &= m0 - 1) {
        unsigned b0 = m0 & -m0;
        for (unsigned m1 = s->cand[cells[1]]; m1; m1 &= m1 - 1) {
            unsigned b1 = m1 & -m1;
            if (b0 == b1 && see01)
                continue;
            for (unsigned m2 = c2; m2; m2 &= m2 - 1) {
                unsigned b2 = k > 2 ? m2 & -m2 : 0;
                if (k > 2 && ((b0 == b2 && see02) || (b1 == b2 && see12)))
                    continue;
                unsigned digits = b0 | b1 | b2;
                int possible = 1;
                for (int e = 0; e < covers && possible; e++)
                    possible = (cover[e] & ~digits) != 0;
                if (possible) {
                    allowed[0] |= b0;
                    allowed[1] |= b1;
                    allowed[2] |= b2;
                }
            }
        }
    }
    se_hint_clear(h, k == 2 ? SE_ALIGNED_PAIR_EXCLUSION : SE_ALIGNED_TRIPLE_EXCLUSION,
                  k == 2 ? 62 : 75);
    for (int i = 0; i < k; i++)
        h->elim[cells[i]] = s->cand[cells[i]] & (uint16_t)~allowed[i];
    return se_hint_has_elims(h);
}

int se_find_aligned_exclusion(const se_state *s, se_hint *h, int degree)
{
    base_list b; /* 3 KB */
    list_base_cells(s, degree, &b);
    if (b.count < degree)
        return 0;
    uint8_t is_base[81] = { 0 };
    for (int i = 0; i < b.count; i++)
        is_base[b.cell[i]] = 1;
    for (int j = 1; j < b.count; j++)
        for (int i = 0; i < j; i++) {
            int cells[3] = { b.cell[i], b.cell[j], -1 };
            if (degree == 2) {
                if (test_cells(s, h, &b, cells, 2))
                    return 1;
                continue;
            }
            /* the twin area, in the reference's order */
            uint8_t listed[81] = { 0 };
            for (int f = 0; f < 2; f++) {
                int c = cells[f];
                for (int e = 0; e < b.excluder_count[c]; e++) {
                    int t = b.excluder[c][e];
                    if (listed[t] || !is_base[t] || t == cells[0] || t == cells[1])
                        continue;
                    listed[t] = 1;
                    cells[2] = t;
                    if (test_cells(s, h, &b, cells, 3))
                        return 1;
                }
            }
        }
    return 0;
}
