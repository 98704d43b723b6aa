/*
 * pattern.c - the first pass of pattern mode: every transform reaching the
 * smallest clue pattern, as the row engine's nodes (row_node, internal.h),
 * computed on 9-bit row masks instead of by the general row engine.
 *
 * The nodes and their order are exactly those the row engine (rows.c)
 * gives on the grid with every given made a 1 when it keeps every row
 * choice, and they go on to its digit pass the same way. Why a pattern
 * needs no search inside a row: with one symbol there are no labels, so
 * laying a row out under a node's column freedom has a single smallest
 * result. Inside a cell (columns still interchangeable) the empty columns
 * go first; the cell splits where empties end. Inside a stack group
 * (stacks still interchangeable, with the same cell structure) the stacks
 * go in ascending order of their laid-out 3-cell value, which is the
 * smallest concatenation because all blocks have the same length; stacks
 * with equal values stay tied, in their current order (the order the row
 * engine keeps for tied stacks). So each (node, candidate row) has one
 * child, computed with a table lookup per stack and a sort of at most
 * three numbers, and a candidate is dropped when its row is larger than
 * the level's best, as in the row engine (pruning is global because all
 * nodes of a level share the same prefix). The row engine's shortcuts
 * only skip rows that lay out larger, so they change nothing here; the
 * one shortcut of this file is the same kind: a row with k givens lays
 * out to at least k trailing ones, (1 << k) - 1.
 */
#include "internal.h"

/* Laying out one stack (internal.h says how an entry reads). */
const uint16_t minlex_stack_layout[4][8] = {
    {0x480, 0x491, 0x311, 0x48B, 0x131, 0x42B, 0x24B, 0x487},
    {0x488, 0x499, 0x319, 0x48B, 0x48C, 0x49D, 0x31D, 0x48F},
    {0x490, 0x491, 0x49A, 0x49B, 0x43A, 0x43B, 0x496, 0x497},
    {0x498, 0x499, 0x49A, 0x49B, 0x49C, 0x49D, 0x49E, 0x49F},
};

/* minlex_stack_bits (internal.h), written out by the preprocessor. */
#define RAW_BIT(x, q) (((x) >> ((q) & 3)) & 1)
#define RAW(p, x) (RAW_BIT(x, p) << 2 | RAW_BIT(x, (p) >> 2) << 1 | RAW_BIT(x, (p) >> 4))
#define RAW8(p) {RAW(p, 0), RAW(p, 1), RAW(p, 2), RAW(p, 3), \
                 RAW(p, 4), RAW(p, 5), RAW(p, 6), RAW(p, 7)}
#define RAW4(p) RAW8(p), RAW8((p) + 1), RAW8((p) + 2), RAW8((p) + 3)
#define RAW16(p) RAW4(p), RAW4((p) + 4), RAW4((p) + 8), RAW4((p) + 12)
const uint8_t minlex_stack_bits[64][8] = {RAW16(0), RAW16(16), RAW16(32), RAW16(48)};

/* What laying out any row under one node needs, per output stack slot:
 * where its source stack's bits are in a row mask, the order of its
 * columns, and its minlex_stack_layout row. */
typedef struct pattern_slots {
    uint8_t shift[3];
    const uint8_t *bits[3];
    const uint16_t *layout[3];
} pattern_slots;

static inline void slots_of(const row_node *c, pattern_slots *sl)
{
    for (int s = 0; s < 3; s++) {
        const uint8_t *col = c->col + 3 * s;
        unsigned base = col[0] / 3u * 3u;
        sl->shift[s] = (uint8_t)base;
        sl->bits[s] =
            minlex_stack_bits[(col[0] - base) | (col[1] - base) << 2 | (col[2] - base) << 4];
        sl->layout[s] = minlex_stack_layout[(c->cellstart >> (3 * s + 1)) & 3];
    }
}

/* Lays out source row mask M under a node: the row's value (9 bits, bit 8
 * = output column 0) and, in ord[3], which stack goes to each slot. */
static inline unsigned lay_mask(const pattern_slots *sl, unsigned gs, unsigned M,
                                uint16_t code[3], uint8_t ord[3])
{
    unsigned v[3];
    for (int s = 0; s < 3; s++) {
        code[s] = sl->layout[s][sl->bits[s][(M >> sl->shift[s]) & 7]];
        v[s] = code[s] & 7;
        ord[s] = (uint8_t)s;
    }
    /* Stable sort by value inside each stack group: groups are 0-1-2,
     * 0-1|2, 0|1-2 or 0|1|2. */
    if (!(gs & 2) && v[ord[1]] < v[ord[0]]) {
        uint8_t t = ord[0]; ord[0] = ord[1]; ord[1] = t;
    }
    if (!(gs & 4)) {
        if (v[ord[2]] < v[ord[1]]) {
            uint8_t t = ord[1]; ord[1] = ord[2]; ord[2] = t;
            if (!(gs & 2) && v[ord[1]] < v[ord[0]]) {
                t = ord[0]; ord[0] = ord[1]; ord[1] = t;
            }
        }
    }
    return v[ord[0]] << 6 | v[ord[1]] << 3 | v[ord[2]];
}

/* The smallest value a line with given mask m can lay out to, whatever
 * the columns: its givens last, (1 << givens) - 1. All 512 masks. */
#define POP9(m) (((m) & 1) + ((m) >> 1 & 1) + ((m) >> 2 & 1) + ((m) >> 3 & 1) + \
                 ((m) >> 4 & 1) + ((m) >> 5 & 1) + ((m) >> 6 & 1) + ((m) >> 7 & 1) + ((m) >> 8 & 1))
#define LEAST(m) ((1u << POP9(m)) - 1)
#define LEAST4(m) LEAST(m), LEAST((m) + 1), LEAST((m) + 2), LEAST((m) + 3)
#define LEAST16(m) LEAST4(m), LEAST4((m) + 4), LEAST4((m) + 8), LEAST4((m) + 12)
#define LEAST64(m) LEAST16(m), LEAST16((m) + 16), LEAST16((m) + 32), LEAST16((m) + 48)
#define LEAST256(m) LEAST64(m), LEAST64((m) + 64), LEAST64((m) + 128), LEAST64((m) + 192)
static const uint16_t least_value[512] = {LEAST256(0), LEAST256(256)};

/* A child before it is built: its parent, row and layout. Building waits
 * for the end of the level, since most children lose to a later one. */
typedef struct pattern_child {
    uint16_t parent;
    uint8_t r, ord[3];
    uint16_t code[3];
} pattern_child;

int minlex_pattern_nodes(const sudoku_grid *in, row_node buf[2][ROW_CAP])
{
    uint16_t mask[2][9] = {{0}};
    for (int r = 0; r < 9; r++) {
        const uint8_t *row = in->cell + r * 9;
        unsigned m = minlex_nonzero_mask8(row) | (unsigned)(row[8] != 0) << 8;
        mask[0][r] = (uint16_t)m;
        /* The transposed lines from the givens alone (puzzles have few). */
        for (; m; m &= m - 1)
            mask[1][__builtin_ctz(m)] |= (uint16_t)(1u << r);
    }
    /* Both orientations, even for a symmetric pattern: every transform
     * must be kept, and the digits may tell the orientations apart. */
    row_node root[2];
    for (int t = 0; t < 2; t++) {
        row_node *c = &root[t];
        memset(c, 0, sizeof *c);
        c->w = 1;
        c->t = (uint8_t)t;
        c->next = 1;
        c->groupstart = 1;
        c->cellstart = 1u | 1u << 3 | 1u << 6;
        for (int k = 0; k < 9; k++)
            c->col[k] = (uint8_t)k;
    }
    pattern_child kept[ROW_CAP];
    const row_node *cur = root;
    int n = 2;
    for (int i = 0; i < 9; i++) {
        unsigned best = 0x3FF; /* above every row */
        int cnt = 0;
        for (int a = 0; a < n; a++) {
            const row_node *c = &cur[a];
            unsigned avail = i % 3 == 0 ? 0x1FFu : 7u << (c->band * 3);
            avail &= ~(unsigned)c->rowused;
            const uint16_t *lines = mask[c->t];
            pattern_slots sl;
            int have_slots = 0; /* most nodes below row 0 lay out no row */
            for (unsigned left = avail; left; left &= left - 1) {
                int r = __builtin_ctz(left);
                if (least_value[lines[r]] > best)
                    continue;
                if (!have_slots) {
                    slots_of(c, &sl);
                    have_slots = 1;
                }
                pattern_child k;
                unsigned v = lay_mask(&sl, c->groupstart, lines[r], k.code, k.ord);
                if (v > best)
                    continue;
                if (v < best) {
                    best = v;
                    cnt = 0;
                }
                if (cnt >= ROW_CAP)
                    return -1;
                k.parent = (uint16_t)a;
                k.r = (uint8_t)r;
                kept[cnt++] = k;
            }
        }
        row_node *next = buf[(i + 1) & 1];
        for (int j = 0; j < cnt; j++) {
            const pattern_child *k = &kept[j];
            const row_node *c = &cur[k->parent];
            row_node *ch = &next[j];
            *ch = *c;
            ch->R[i] = k->r;
            ch->rowused |= (uint16_t)(1u << k->r);
            ch->band = (uint8_t)(k->r / 3);
            unsigned cs = 1u | 1u << 3 | 1u << 6, gs = c->groupstart;
            for (int s = 0; s < 3; s++) {
                unsigned e = k->code[k->ord[s]];
                const uint8_t *from = c->col + 3 * k->ord[s];
                ch->col[3 * s] = from[e >> 5 & 3];
                ch->col[3 * s + 1] = from[e >> 7 & 3];
                ch->col[3 * s + 2] = from[e >> 9 & 3];
                cs |= (e >> 3 & 3) << (3 * s + 1);
                /* Stacks of one group with different values part. */
                if (s && (e & 7) != (k->code[k->ord[s - 1]] & 7u))
                    gs |= 1u << s;
            }
            ch->cellstart = (uint16_t)cs;
            ch->groupstart = (uint8_t)gs;
        }
        cur = next;
        n = cnt;
    }
    return n;
}
