/*
 * internal.h - the grid state and tables of the Sudoku Explainer rater
 * (core/se/), the ground every file of it stands on.
 *
 * The files, each including only those on the lines below it (the arrows
 * point down; docs/internals/se-engine.md tells the whole story):
 *   rating.c           the rater: applies steps, ER/EP/ED; holds the chain
 *                      producers' states (se_producers, se_cycles)
 *   testing.c/.h       entry points for the unit tests only
 *   nested.c/.h        nested levels 2-5 and a depth's producers with
 *                      their dry-point hooks; below it nested_narrow,
 *                      nested_search, nested_cache, nested_plan,
 *                      nested_record, nested_lists (one job each) over
 *                      nested_state.h (their shared state)
 *   forcing_chains, dynamic_plus, cycles (.c/.h)   the chain producers,
 *                      each owning its state
 *   chains.c/.h        the chain engine: nodes, sets, stamps, the rules,
 *                      propagation with a dry-point hook, complexity, the
 *                      hint sink
 *   finders.h          singles .. aligned exclusion (one file each)
 *   hint.c/.h, reach.c/.h, tables.c, internal.h
 * Hints flow up: a finder fills the rater's se_hint; a chain producer
 * offers each hint to an se_chain_sink (the rater's keeps the best, a
 * nested level's records them all); what a nested level finds at a dry
 * point reaches the outer propagation through the engine's hook.
 *
 * Houses are numbered as the reference walks them: 0..8 boxes (left to
 * right, top to bottom), 9..17 rows, 18..26 columns. A house's cells are
 * indexed 0..8: a row left to right, a column top to bottom, a box row by
 * row. Every finder returns the FIRST step in the reference's own search
 * order (which house type first, which digits or cells first), because the
 * rater applies the first step it finds and the path, hence the rating,
 * depends on which one that is.
 */
#ifndef SUDOKU_SE_INTERNAL_H
#define SUDOKU_SE_INTERNAL_H

#include <stdint.h>

#define SE_BOX(i) (i)
#define SE_ROW(i) (9 + (i))
#define SE_COL(i) (18 + (i))

typedef struct se_state {
    uint8_t value[81];  /* 0 = empty */
    uint16_t cand[81];  /* bit d-1: digit d still possible; 0 when placed */
    /* Kept in step with cand[] and value[] by the driver, for the finders: */
    uint16_t pos[27][10]; /* bit i: cell i of the house has digit d */
    uint8_t empty[27];    /* empty cells per house */
} se_state;


extern const uint8_t se_house_cell[27][9];
/* se_crossing[a][t][j]: for a box and a line type, or a line and the box
 * type (t: 0 box, 1 row, 2 column), the j-th (0..2) house of type t that
 * shares cells with house a, in number order; -1 for the other pairs. */
extern const int8_t se_crossing[27][3][3];
extern const uint8_t se_cell_house[81][3];   /* box, row, column */
/* The cell's place (0..8) in its box, row and column: its bit in pos[][]
 * of each. */
extern const uint8_t se_cell_place[81][3];
/* Bit i set when cell i of house a also lies in house b. */
extern const uint16_t se_house_in[27][27];
/* The 20 peers of a cell in the reference's order: its box (box order),
 * then the rest of its row, then the rest of its column. */
extern const uint8_t se_peer[81][20];
/* The same peers as a bit set: cell p is bit p % 27 of word p / 27. */
extern const uint32_t se_peer_bits[81][3];

/* Where a house's places of a digit (a 9-bit set) lie, as pointing and
 * claiming read them: the index j (0..2) of the one triplet holding them
 * all when they are two or more, else 3. Rows: places 3j .. 3j + 2 (the
 * cells a box shares with its j-th row, or a line with its j-th box);
 * cols: places j, j + 3, j + 6 (those a box shares with its j-th column). */
extern const uint8_t se_triplet_of_rows[512];
extern const uint8_t se_triplet_of_cols[512];

/* Bit count of a 9-bit (or 16-bit) set, from a table: the library is
 * built for plain x86-64 (no popcnt instruction), where __builtin_popcount
 * is a libgcc call (once half the rater's time) and the bit-twiddling sum
 * still a tenth of it. */
extern const uint8_t se_bit_count[512];
static inline int se_popcount(unsigned x)
{
    return se_bit_count[x & 511] + se_bit_count[(x >> 9) & 127];
}
/* Exactly one bit / at most one bit, without counting. */
static inline int se_one_bit(unsigned x) { return x && !(x & (x - 1)); }
static inline int se_at_most_one_bit(unsigned x) { return !(x & (x - 1)); }
static inline int se_lowest(unsigned x) { return __builtin_ctz(x); }

/* Bit i set when cell i of the house still has digit d (1..9). */
static inline unsigned se_positions(const se_state *s, int house, int d)
{
    return s->pos[house][d];
}

static inline int se_empty_count(const se_state *s, int house)
{
    return s->empty[house];
}

/* Do two houses share a cell? (A box and a line crossing it, or a row and
 * a column; a house with itself.) */
static inline int se_houses_cross(int h1, int h2)
{
    if (h1 > h2) {
        int t = h1;
        h1 = h2;
        h2 = t;
    }
    if (h1 == h2)
        return 1;
    if (h1 < 9) {          /* box h1 with a box, a row or a column */
        if (h2 < 9)
            return 0;
        if (h2 < 18)
            return (h2 - 9) / 3 == h1 / 3;
        if (h2 < 27)
            return (h2 - 18) / 3 == h1 % 3;
        return 0;
    }
    return h1 < 18 && h2 >= 18; /* a row and a column always cross */
}

/* The k-subsets of 0..8 as bitmasks, in increasing numeric order (the
 * order the reference enumerates them in), and how many there are. */
extern const uint16_t se_subsets[5][126];
extern const int se_subset_count[5];
/* The k-subsets of the members of a 9-bit set, in increasing order of
 * their bitmask: the same relative order as the k-subsets of 0..8 that lie
 * within it, so a finder that walks only these (the others cannot match)
 * still meets the reference's first match first.
 *   se_subset_walk w;
 *   for (unsigned set = se_subset_first(&w, members, k); set; set = se_subset_next(&w))
 * (no subsets, so no iterations, when k is 0 or exceeds the members). */
typedef struct se_subset_walk {
    uint8_t member[9];  /* the members' bit numbers, increasing */
    int n, k;
    unsigned index;     /* the current subset over member indices */
} se_subset_walk;

static inline unsigned se_subset_expand(const se_subset_walk *w)
{
    unsigned set = 0;
    for (unsigned m = w->index; m; m &= m - 1)
        set |= 1u << w->member[__builtin_ctz(m)];
    return set;
}

static inline unsigned se_subset_first(se_subset_walk *w, unsigned members, int k)
{
    w->n = 0;
    for (unsigned m = members; m; m &= m - 1)
        w->member[w->n++] = (uint8_t)__builtin_ctz(m);
    w->k = k;
    w->index = 0;
    if (k <= 0 || k > w->n)
        return 0;
    w->index = (1u << k) - 1;
    return se_subset_expand(w);
}

static inline unsigned se_subset_next(se_subset_walk *w)
{
    unsigned x = w->index, low = x & -x, ripple = x + low;
    x = ripple | (((x ^ ripple) >> 2) / low); /* next with k bits (Gosper) */
    if (x >> w->n)
        return 0;
    w->index = x;
    return se_subset_expand(w);
}

/* Is `cell` in `house`? */
static inline int se_in_house(int cell, int house)
{
    const uint8_t *h = se_cell_house[cell];
    return h[0] == house || h[1] == house || h[2] == house;
}

#endif
