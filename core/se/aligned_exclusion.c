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
 *
 * Whether a pair or triple eliminates, and whether it is tried at all,
 * depends only on the candidates of its cells and of the cells that see
 * all of them (its common excluders are among them; its cells are base
 * cells when they have two of those, as no cell holds a single candidate
 * this late). So once a grid is known where none eliminates, a later grid
 * needs only those that touch a cell whose candidates changed since:
 * every other one is tried with the same result, nothing. The same first
 * step comes out, found in far fewer tests
 * (se_find_aligned_exclusion_since: the rater asks on nearly every step
 * of a hard puzzle, and the grid moves by a few cells between).
 */
#include "finders.h"

typedef struct base_list {
    int cell[81], count;
    /* excluders of each cell, in its peer order (for the twin area) */
    uint8_t excluder[81][20];
    uint8_t excluder_count[81];
    uint32_t excluder_set[81][3]; /* the same as a bit set of cells */
} base_list;

static int sees(int a, int b)
{
    const uint8_t *ha = se_cell_house[a], *hb = se_cell_house[b];
    return ha[0] == hb[0] || ha[1] == hb[1] || ha[2] == hb[2];
}

static void list_base_cells(const se_state *s, int degree, base_list *b)
{
    /* the excluder-sized cells and the single-candidate ones, as bit sets */
    uint32_t sized[3] = { 0, 0, 0 }, single[3] = { 0, 0, 0 };
    for (int c = 0; c < 81; c++) {
        int k = se_popcount(s->cand[c]);
        if (k == 1)
            single[c / 27] |= 1u << (c % 27);
        else if (k >= 2 && k <= degree)
            sized[c / 27] |= 1u << (c % 27);
    }
    b->count = 0;
    for (int c = 0; c < 81; c++) {
        if (se_popcount(s->cand[c]) < 2)
            continue;
        const uint32_t *peers = se_peer_bits[c];
        uint32_t set[3] = { peers[0] & sized[0], peers[1] & sized[1], peers[2] & sized[2] };
        if ((peers[0] & single[0]) | (peers[1] & single[1]) | (peers[2] & single[2]) ||
            !(set[0] | set[1] | set[2]))
            continue;
        int n = 0;
        if (degree == 3) /* the list in peer order: the twin area's order */
            for (int i = 0; i < 20; i++) {
                int p = se_peer[c][i];
                if (sized[p / 27] >> (p % 27) & 1)
                    b->excluder[c][n++] = (uint8_t)p;
            }
        b->cell[b->count++] = c;
        b->excluder_count[c] = (uint8_t)n;
        for (int w = 0; w < 3; w++)
            b->excluder_set[c][w] = set[w];
    }
}

/* Tests base cells cells[0..k-1], whose common excluders are `common`;
 * fills h and returns 1 when they eliminate something.
 *
 * Rather than test each combination against each excluder, a combination
 * is built digit by digit: once the first k-1 digits D are chosen, an
 * excluder whose candidates D already covers rules out every last digit,
 * and one with a single candidate x left outside D rules out exactly x as
 * the last digit. So the last cell's possible digits come out as one mask
 * per choice of the others: the same set of possible combinations, hence
 * the same eliminations, in far fewer operations. An excluder with a
 * candidate that no base cell has can never be covered, so it is left
 * out (after the reference's count of at least two common excluders). */
static int test_cells(const se_state *s, se_hint *h, const int *cells, int k,
                      const uint32_t common[3])
{
    /* at least two common excluders: two in one word, or two words with one */
    if (!((common[0] & (common[0] - 1)) | (common[1] & (common[1] - 1)) |
          (common[2] & (common[2] - 1))) &&
        (!common[0] + !common[1] + !common[2]) > 1)
        return 0;
    unsigned c0 = s->cand[cells[0]], c1 = s->cand[cells[1]];
    unsigned c2 = k > 2 ? s->cand[cells[2]] : 0;
    unsigned any = c0 | c1 | c2;
    uint16_t cover[20];   /* the common excluders' candidates that can be covered */
    int covers = 0;
    for (int w = 0; w < 3; w++)
        for (uint32_t m = common[w]; m; m &= m - 1) {
            unsigned cand = s->cand[w * 27 + se_lowest(m)];
            if (!(cand & ~any))
                cover[covers++] = (uint16_t)cand;
        }
    unsigned allowed[3] = { 0, 0, 0 };
    if (k == 2) {
        int see01 = sees(cells[0], cells[1]);
        for (unsigned m0 = c0; m0; m0 &= m0 - 1) {
            unsigned b0 = m0 & -m0, ruled_out = see01 ? b0 : 0;
            for (int e = 0; e < covers; e++) {
                unsigned left = cover[e] & ~b0;
                if (se_one_bit(left))
                    ruled_out |= left;
            }
            unsigned last = c1 & ~ruled_out;
            if (last) {
                allowed[0] |= b0;
                allowed[1] |= last;
            }
        }
    } else {
        int see01 = sees(cells[0], cells[1]);
        int see02 = sees(cells[0], cells[2]);
        int see12 = sees(cells[1], cells[2]);
        for (unsigned m0 = c0; m0; m0 &= m0 - 1) {
            unsigned b0 = m0 & -m0;
            for (unsigned m1 = c1; m1; m1 &= m1 - 1) {
                unsigned b1 = m1 & -m1;
                if (b0 == b1 && see01)
                    continue;
                unsigned chosen = b0 | b1;
                unsigned ruled_out = (see02 ? b0 : 0) | (see12 ? b1 : 0);
                int dead = 0;
                for (int e = 0; e < covers; e++) {
                    unsigned left = cover[e] & ~chosen;
                    if (!left)
                        dead = 1;
                    else if (se_one_bit(left))
                        ruled_out |= left;
                }
                unsigned last = dead ? 0 : c2 & ~ruled_out;
                if (last) {
                    allowed[0] |= b0;
                    allowed[1] |= b1;
                    allowed[2] |= last;
                    if (allowed[0] == c0 && allowed[1] == c1 && allowed[2] == c2)
                        return 0; /* every candidate has a possible combination */
                }
            }
        }
    }
    if (allowed[0] == c0 && allowed[1] == c1 && allowed[2] == c2)
        return 0;
    se_hint_clear(h, k == 2 ? SE_ALIGNED_PAIR_EXCLUSION : SE_ALIGNED_TRIPLE_EXCLUSION,
                  k == 2 ? 62 : 75);
    for (int i = 0; i < k; i++)
        h->elim[cells[i]] = s->cand[cells[i]] & (uint16_t)~allowed[i];
    return 1;
}

/* changed: NULL, or the cells (bit sets, as se_peer_bits) whose
 * candidates changed since a grid where nothing eliminated (above). */
static int find(const se_state *s, se_hint *h, int degree, const uint32_t *changed)
{
    base_list b; /* 3 KB */
    list_base_cells(s, degree, &b);
    if (b.count < degree)
        return 0;
    uint32_t is_base[3] = { 0, 0, 0 };
    for (int i = 0; i < b.count; i++)
        is_base[b.cell[i] / 27] |= 1u << (b.cell[i] % 27);
    /* the excluders that are base cells, in peer order: the third cells */
    uint8_t twin[81][20], twin_count[81], base_index[81], small[81];
    uint32_t twin_set[81][3];
    if (degree == 3)
        for (int i = 0; i < b.count; i++) {
            int c = b.cell[i], n = 0;
            base_index[c] = (uint8_t)i;
            small[c] = se_popcount(s->cand[c]) <= 3;
            for (int w = 0; w < 3; w++)
                twin_set[c][w] = b.excluder_set[c][w] & is_base[w];
            for (int e = 0; e < b.excluder_count[c]; e++) {
                int t = b.excluder[c][e];
                if (is_base[t / 27] >> (t % 27) & 1)
                    twin[c][n++] = (uint8_t)t;
            }
            twin_count[c] = (uint8_t)n;
        }
    /* Known quiet (below): a pair or triple can eliminate only if one of
     * its cells is "warm": changed, seeing a changed cell, or with a
     * changed third cell (a common peer that changed is seen by both). A
     * cold cell is paired with the warm ones only, in the same order. */
    uint8_t warm[81];
    int warm_list[81], nwarm = 0;
    if (changed)
        for (int i = 0; i < b.count; i++) {
            int c = b.cell[i];
            const uint32_t *pc = se_peer_bits[c];
            uint32_t hot = (changed[c / 27] >> (c % 27) & 1) | (pc[0] & changed[0]) |
                           (pc[1] & changed[1]) | (pc[2] & changed[2]);
            if (degree == 3)
                hot |= (twin_set[c][0] & changed[0]) | (twin_set[c][1] & changed[1]) |
                       (twin_set[c][2] & changed[2]);
            warm[i] = hot != 0;
            if (hot)
                warm_list[nwarm++] = i;
        }
    for (int j = 1; j < b.count; j++)
        for (int wi = 0, i; ; wi++) {
            if (changed && !warm[j]) {
                if (wi >= nwarm || (i = warm_list[wi]) >= j)
                    break;
            } else if ((i = wi) >= j) {
                break;
            }
            int cells[3] = { b.cell[i], b.cell[j], -1 };
            const uint32_t *e0 = b.excluder_set[cells[0]], *e1 = b.excluder_set[cells[1]];
            uint32_t common[3] = { e0[0] & e1[0], e0[1] & e1[1], e0[2] & e1[2] };
            /* a third cell only narrows the common excluders, and fewer
             * than two never give a step */
            if (!(common[0] | common[1] | common[2]))
                continue;
            if (degree == 2) {
                /* known quiet (below): neither cell nor a cell seeing both changed */
                if (changed) {
                    const uint32_t *p0 = se_peer_bits[cells[0]], *p1 = se_peer_bits[cells[1]];
                    uint32_t touch = 0;
                    for (int w = 0; w < 3; w++)
                        touch |= p0[w] & p1[w] & changed[w];
                    if (!touch && !(changed[cells[0] / 27] >> (cells[0] % 27) & 1) &&
                        !(changed[cells[1] / 27] >> (cells[1] % 27) & 1))
                        continue;
                }
                if (test_cells(s, h, cells, 2, common))
                    return 1;
                continue;
            }
            /* A third cell t gives a step only with two common excluders:
             * two cells of `common` that t sees. `seen_twice`: the cells
             * that see two of them. */
            if (!((common[0] & (common[0] - 1)) | (common[1] & (common[1] - 1)) |
                  (common[2] & (common[2] - 1))) &&
                (!common[0] + !common[1] + !common[2]) > 1)
                continue;
            uint32_t seen_once[3] = { 0, 0, 0 }, seen_twice[3] = { 0, 0, 0 };
            for (int w = 0; w < 3; w++)
                for (uint32_t m = common[w]; m; m &= m - 1) {
                    const uint32_t *peers = se_peer_bits[w * 27 + se_lowest(m)];
                    for (int x = 0; x < 3; x++) {
                        seen_twice[x] |= seen_once[x] & peers[x];
                        seen_once[x] |= peers[x];
                    }
                }
            const uint32_t *t0 = twin_set[cells[0]], *t1 = twin_set[cells[1]];
            if (!(((t0[0] | t1[0]) & seen_twice[0]) | ((t0[1] | t1[1]) & seen_twice[1]) |
                  ((t0[2] | t1[2]) & seen_twice[2])))
                continue; /* no third cell to try */
            /* Known quiet triples: one that can eliminate has a changed
             * cell among its cells or the cells seeing all three. Those
             * seeing the pair, changed: `near`; with none, and neither
             * cell of the pair changed, only a changed third cell can. */
            uint32_t near[3] = { 0, 0, 0 };
            int pair_changed = 1;
            if (changed) {
                const uint32_t *p0 = se_peer_bits[cells[0]], *p1 = se_peer_bits[cells[1]];
                for (int w = 0; w < 3; w++)
                    near[w] = p0[w] & p1[w] & changed[w];
                pair_changed = (changed[cells[0] / 27] >> (cells[0] % 27) & 1) ||
                               (changed[cells[1] / 27] >> (cells[1] % 27) & 1);
                if (!pair_changed && !(near[0] | near[1] | near[2]) &&
                    !(((t0[0] | t1[0]) & seen_twice[0] & changed[0]) |
                      ((t0[1] | t1[1]) & seen_twice[1] & changed[1]) |
                      ((t0[2] | t1[2]) & seen_twice[2] & changed[2])))
                    continue;
            }
            /* the twin area, in the reference's order */
            uint32_t listed[3] = { 0, 0, 0 };
            listed[cells[0] / 27] |= 1u << (cells[0] % 27);
            listed[cells[1] / 27] |= 1u << (cells[1] % 27);
            for (int f = 0; f < 2; f++) {
                int c = cells[f];
                for (int e = 0; e < twin_count[c]; e++) {
                    int t = twin[c][e], w = t / 27;
                    uint32_t bit = 1u << (t % 27);
                    if ((listed[w] & bit) || !(seen_twice[w] & bit))
                        continue;
                    listed[w] |= bit;
                    /* Whether a triple eliminates does not depend on the
                     * order of its cells, so a triple met before (from
                     * an earlier pair, whose twin area held the third
                     * cell) gave nothing then and gives nothing now. The
                     * pairs come in order of (j, i): {i, k} is earlier
                     * when k < j, {k, j} when k < i; a cell is in a pair's
                     * twin area when it is an excluder-sized base cell
                     * seeing one of the two. */
                    int k = base_index[t], ci = cells[0], cj = cells[1];
                    if (k < j && small[cj] && (sees(cj, ci) || sees(cj, t)))
                        continue;
                    if (k < i && small[ci] && (sees(ci, cj) || sees(ci, t)))
                        continue;
                    if (!pair_changed && !(changed[w] & bit)) {
                        const uint32_t *pt = se_peer_bits[t];
                        if (!((near[0] & pt[0]) | (near[1] & pt[1]) | (near[2] & pt[2])))
                            continue;
                    }
                    cells[2] = t;
                    const uint32_t *e2 = b.excluder_set[t];
                    uint32_t common3[3] = { common[0] & e2[0], common[1] & e2[1],
                                            common[2] & e2[2] };
                    if (test_cells(s, h, cells, 3, common3))
                        return 1;
                }
            }
        }
    return 0;
}

int se_find_aligned_exclusion(const se_state *s, se_hint *h, int degree)
{
    return find(s, h, degree, NULL);
}

int se_find_aligned_exclusion_since(const se_state *s, se_hint *h, int degree,
                                    const uint16_t quiet[81])
{
    uint32_t changed[3] = { 0, 0, 0 };
    for (int c = 0; c < 81; c++) {
        if (se_one_bit(s->cand[c]))
            return find(s, h, degree, NULL); /* the base cells would not be the same */
        if (s->cand[c] != quiet[c])
            changed[c / 27] |= 1u << (c % 27);
    }
    return find(s, h, degree, changed);
}
