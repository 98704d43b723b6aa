/*
 * solver.c - propagation and backtracking over per-digit band bit sets.
 *
 * The candidates of one digit in one band (three rows of the grid) fit a
 * 27-bit word: bit 9*r + c is row r, column c of the band. Within a band a
 * digit occupies one cell of each row and one cell of each box, i.e. its
 * three "triads" (row r x box c) form a permutation. A 512-entry table
 * turns the nine triad bits into the union of all permutations still
 * possible, which in one step does pointing/claiming (box-line) reasoning,
 * turns a box with one place into a row with one place, and finds the
 * bands where the digit has no room at all. Rows left with one cell are
 * hidden singles; cells left with one digit (found with bit-sliced counts
 * over the nine digits of a band) are naked singles. The same table over
 * the three columns of a stack gives box-column reasoning and, with it,
 * hidden singles in columns. When all of that runs dry the solver guesses
 * on a two-candidate cell (see propagate() for which one).
 *
 * Each placement records exactly which band words it changed (the dirty
 * bits), so a band word is looked at again only when it changed; the
 * stack pass likewise looks only at the digits whose words changed since
 * it last ran (the naked-single scan looks at every band: the tests
 * would cost more than they save). That, more than any
 * single trick, is what keeps the per-guess cost low. The nine words of a
 * band share one 64-byte line so that a placement clears its cell from all
 * nine with three SSE2 operations (two with AVX2, plain C elsewhere), and
 * a hidden single of the band pass, the commonest placement, skips its
 * own word (place_single()).
 *
 * Everything lives in a small struct that the search copies on the stack
 * at each guess: no heap, no global mutable state.
 */
#include "solver.h"

#include <string.h>
/* SUDOKU_SOLVER_NO_SIMD: the plain C path, which tests/unit/
 * test_solver_plain.c builds and compares with this one. */
#if defined(__SSE2__) && !defined(SUDOKU_SOLVER_NO_SIMD)
#define SOLVER_SSE2 1
#include <emmintrin.h>
#include <immintrin.h>
#endif

#include "rng.h"
#include "solver_tables.h"

/* Instrumentation for profiling harnesses that #include this file: called
 * once per search node (each propagate-and-branch step). */
#ifndef SOLVER_NODE_HOOK
#define SOLVER_NODE_HOOK() ((void)0)
#endif


#define BAND_ALL 0x7FFFFFFu
#define ROW_BITS 0x1FFu
#define BOX_BITS 0x1C0E07u  /* columns 0..2 of the three rows of a band */
#define COL_BITS 0x40201u   /* one column in the three rows of a band */

typedef struct state {
    /* [band][digit]: 27-bit candidate cells; words 9..15 stay 0, so that
     * a band is a 64-byte line holding three 16-byte vectors (or a 32-
     * and a 16-byte one) and word[i] is the word of dirty bit i */
    union {
        _Alignas(64) uint32_t cand[3][16];
        uint32_t word[48];
    };
    /* dirty and nscan hand the changes of the guess (or the givens) to
     * propagate(), which then keeps them in local variables */
    uint64_t dirty;    /* bit 16*band + digit: cand[] changed since its pass */
    uint64_t nscan;    /* the same, since the last naked-single scan */
    uint64_t sscan;    /* the same, since the last stack pass, but only
                        * updated from nscan by each naked-single scan (a
                        * stack pass always follows a scan that found
                        * nothing), which spares place() a third store */
    uint32_t open[3];  /* cells not yet placed, per band */
} state;

typedef struct search {
    uint64_t count;
    uint64_t limit;
    sudoku_rng *rng;        /* NULL: deterministic digit order */
    sudoku_grid *solution;  /* first solution found, or NULL */
    /* stopping from outside (core/cancel.h): asked every SOLVER_POLL_NODES
     * nodes; a stop sets limit to 0, which unwinds every level */
    const sudoku_cancel *cancel;
    uint32_t poll;          /* nodes left until the next question */
    int cancelled;
    int contradicted;       /* a node of this search has been refuted */
} search;

/* Well under a millisecond of search (a node takes a fraction of a
 * microsecond): a decrement and a branch per node, 0.2% of the
 * instructions on the hard sets. */
#define SOLVER_POLL_NODES 4096u

/* Out of the node loop: asks the cancel hook, and on a stop makes the
 * search unwind (every level returns once count >= limit). */
__attribute__((noinline, cold)) static int solver_poll(search *c)
{
    c->poll = SOLVER_POLL_NODES;
    if (!sudoku_cancelled(c->cancel))
        return 0;
    c->cancelled = 1;
    c->limit = 0;
    return 1;
}

static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }

/* Without -mpopcnt (portable builds) __builtin_popcount is a libgcc call;
 * one 64-bit count serves two 27-bit masks. */
static inline int popcount64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Per position 0..26 of a band: its row and box, and its column. */
static const uint32_t ROW_BOX[27] = {
#define RB(p) ((ROW_BITS << (9 * ((p) / 9))) | (BOX_BITS << (3 * ((p) % 9 / 3))))
    RB(0),  RB(1),  RB(2),  RB(3),  RB(4),  RB(5),  RB(6),  RB(7),  RB(8),
    RB(9),  RB(10), RB(11), RB(12), RB(13), RB(14), RB(15), RB(16), RB(17),
    RB(18), RB(19), RB(20), RB(21), RB(22), RB(23), RB(24), RB(25), RB(26),
#undef RB
};
static const uint32_t COLUMN[27] = {
#define C3(c) COL_BITS << (c)
    C3(0), C3(1), C3(2), C3(3), C3(4), C3(5), C3(6), C3(7), C3(8),
    C3(0), C3(1), C3(2), C3(3), C3(4), C3(5), C3(6), C3(7), C3(8),
    C3(0), C3(1), C3(2), C3(3), C3(4), C3(5), C3(6), C3(7), C3(8),
#undef C3
};
static const uint8_t NEXT_BAND[3] = {1, 2, 0};
static const uint8_t PREV_BAND[3] = {2, 0, 1};
/* Per word index 16*band + digit: the same digit's word in the next and
 * in the previous band. */
static const uint8_t NEXT_WORD[48] = {
#define W4(i) (i) % 48, (i + 1) % 48, (i + 2) % 48, (i + 3) % 48
    W4(16), W4(20), W4(24), W4(28), W4(32), W4(36), W4(40), W4(44),
    W4(48), W4(52), W4(56), W4(60),
};
static const uint8_t PREV_WORD[48] = {
    W4(32), W4(36), W4(40), W4(44), W4(48), W4(52), W4(56), W4(60),
    W4(64), W4(68), W4(72), W4(76),
#undef W4
};

/* The column of position pos leaves the other two bands' words of word
 * i's digit. Returns the dirty bits of the words that had it. */
static inline uint64_t clear_column(state *s, int i, int pos)
{
    int n = NEXT_WORD[i], p = PREV_WORD[i];
    uint32_t col = COLUMN[pos], v = s->word[n], u = s->word[p];
    uint64_t dirty = (uint64_t)((v & col) != 0) << n | (uint64_t)((u & col) != 0) << p;
    s->word[n] = v & ~col;
    s->word[p] = u & ~col;
    return dirty;
}

#ifdef SOLVER_SSE2
/* Per digit d: every lane but d's, for place_single(). */
#define OL(d, k) ((k) == (d) ? 0 : -1)
#define OL16(d) {OL(d, 0), OL(d, 1), OL(d, 2), OL(d, 3), OL(d, 4), OL(d, 5), \
                 OL(d, 6), OL(d, 7), OL(d, 8), OL(d, 9), OL(d, 10), OL(d, 11), \
                 OL(d, 12), OL(d, 13), OL(d, 14), OL(d, 15)}
static const _Alignas(64) int32_t OTHER_LANES[9][16] = {
    OL16(0), OL16(1), OL16(2), OL16(3), OL16(4), OL16(5), OL16(6), OL16(7), OL16(8),
};
#undef OL16
#undef OL
#endif

#ifdef SOLVER_SSE2
/* The lanes of x (bit k for lane k) that hold the bit(s) of bv. */
static inline uint32_t lanes_with(__m128i x, __m128i bv)
{
    return (uint32_t)_mm_movemask_ps(
        _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(x, bv), bv)));
}
#endif

/* The digits (bit e for digit e) whose words of band w hold the cell
 * (bit). The portable build; the AVX2 one has its own below. */
static inline uint32_t digits_at(const uint32_t *w, uint32_t bit)
{
    uint32_t had = 0;
#ifdef SOLVER_SSE2
    __m128i bv = _mm_set1_epi32((int)bit);
    for (int k = 0; k < 12; k += 4)
        had |= lanes_with(_mm_load_si128((const __m128i *)(w + k)), bv) << k;
#else
    for (int e = 0; e < 9; e++)
        had |= (uint32_t)((w[e] & bit) != 0) << e;
#endif
    return had;
}

/* The cells of band w that one digit or more still has (*one) and that
 * two or more have (*two): bit-sliced counts over the nine words, the
 * portable build (the AVX2 one has its own below). */
#ifdef SOLVER_SSE2
/* lanes (r1, r2) -> the same over lanes folded onto each other */
static inline void fold_counts(__m128i *r1, __m128i *r2, __m128i s1, __m128i s2)
{
    *r2 = _mm_or_si128(_mm_or_si128(*r2, s2), _mm_and_si128(*r1, s1));
    *r1 = _mm_or_si128(*r1, s1);
}
/* the same with three or more (r3) */
static inline void fold_counts3(__m128i *r1, __m128i *r2, __m128i *r3, __m128i s1,
                                __m128i s2, __m128i s3)
{
    *r3 = _mm_or_si128(_mm_or_si128(*r3, s3),
                       _mm_or_si128(_mm_and_si128(*r2, s1), _mm_and_si128(*r1, s2)));
    fold_counts(r1, r2, s1, s2);
}
static inline void finish_counts(__m128i r1, __m128i r2, uint32_t *one, uint32_t *two)
{
    fold_counts(&r1, &r2, _mm_shuffle_epi32(r1, 0x4E), _mm_shuffle_epi32(r2, 0x4E));
    fold_counts(&r1, &r2, _mm_shuffle_epi32(r1, 0xB1), _mm_shuffle_epi32(r2, 0xB1));
    *one = (uint32_t)_mm_cvtsi128_si32(r1);
    *two = (uint32_t)_mm_cvtsi128_si32(r2);
}
#endif
static inline void band_counts(const uint32_t *w, uint32_t *one, uint32_t *two)
{
#ifdef SOLVER_SSE2
    __m128i a = _mm_load_si128((const __m128i *)w);
    __m128i b = _mm_load_si128((const __m128i *)(w + 4));
    __m128i c = _mm_load_si128((const __m128i *)(w + 8));
    __m128i ab = _mm_or_si128(a, b);
    finish_counts(_mm_or_si128(ab, c),
                  _mm_or_si128(_mm_and_si128(a, b), _mm_and_si128(ab, c)), one, two);
#else
    uint32_t r1 = 0, r2 = 0;
    for (int d = 0; d < 9; d++) {
        r2 |= r1 & w[d];
        r1 |= w[d];
    }
    *one = r1;
    *two = r2;
#endif
}

/* The cells of band w that exactly two digits still have: bit-sliced
 * counts (one or more, two or more, three or more) over the nine words,
 * in vectors as band_counts() does. */
static inline uint32_t band_pairs(const uint32_t *w)
{
#ifdef SOLVER_SSE2
    __m128i a = _mm_load_si128((const __m128i *)w);
    __m128i b = _mm_load_si128((const __m128i *)(w + 4));
    __m128i c = _mm_load_si128((const __m128i *)(w + 8));
    __m128i ab = _mm_or_si128(a, b), ab2 = _mm_and_si128(a, b);
    __m128i r1 = _mm_or_si128(ab, c);
    __m128i r2 = _mm_or_si128(ab2, _mm_and_si128(ab, c));
    __m128i r3 = _mm_and_si128(ab2, c);
    fold_counts3(&r1, &r2, &r3, _mm_shuffle_epi32(r1, 0x4E), _mm_shuffle_epi32(r2, 0x4E),
                 _mm_shuffle_epi32(r3, 0x4E));
    fold_counts3(&r1, &r2, &r3, _mm_shuffle_epi32(r1, 0xB1), _mm_shuffle_epi32(r2, 0xB1),
                 _mm_shuffle_epi32(r3, 0xB1));
    return (uint32_t)_mm_cvtsi128_si32(_mm_andnot_si128(r3, r2));
#else
    uint32_t r1 = 0, r2 = 0, r3 = 0;
    for (int d = 0; d < 9; d++) {
        r3 |= r2 & w[d];
        r2 |= r1 & w[d];
        r1 |= w[d];
    }
    return r2 & ~r3;
#endif
}

/* Removes the cell (bit) from the nine words of band w, except digit
 * keep's (-1: none); returns the digits that had it (bit e for digit e).
 * The portable build of the search; the AVX2 one has its own below. */
static inline uint32_t clear_cell(uint32_t *w, uint32_t bit, int keep)
{
    uint32_t had = 0;
#ifdef SOLVER_SSE2
    __m128i bv = _mm_set1_epi32((int)bit);
    for (int k = 0; k < 12; k += 4) {
        __m128i x = _mm_load_si128((const __m128i *)(w + k));
        __m128i clr = bv;
        if (keep >= 0)
            clr = _mm_and_si128(bv, _mm_load_si128((const __m128i *)(OTHER_LANES[keep] + k)));
        had |= lanes_with(x, bv) << k;
        _mm_store_si128((__m128i *)(w + k), _mm_andnot_si128(clr, x));
    }
#else
    for (int e = 0; e < 9; e++) {
        uint32_t v = w[e];
        had |= ((v >> __builtin_ctz(bit)) & 1u) << e;
        w[e] = e == keep ? v : v & ~bit;
    }
#endif
    return had;
}

/* The triads of a band word: bit 3*r + c when row r has a candidate in
 * box c (bits 0..8), and the rows holding a single cell (bits 9..11). */
static inline uint32_t band_info(uint32_t a)
{
    return (uint32_t)solver_row_tri[0][a & ROW_BITS] |
           solver_row_tri[1][(a >> 9) & ROW_BITS] | solver_row_tri[2][a >> 18];
}

/* The cells of a band word alone in their row, for a word whose three
 * rows all hold a candidate (a nonzero word after the keep table: every
 * permutation crosses every row). Then subtracting 1 from each row
 * borrows only inside the row, so z is the word without the lowest cell
 * of each row, and a row is single when its part of z is empty. Bit 0 of
 * every row of z is clear (it can only be a lowest cell), so adding 0x1FE
 * to each row carries out of exactly the nonempty ones into that clear
 * bit of the next row (or bit 27), where it stops; and those carry bits
 * f, at 9(r+1), give the rows' cells as f - (f >> 9). Arithmetic instead
 * of three table lookups: this runs once for every word of every wave. */
static inline uint32_t single_rows(uint32_t kept)
{
    uint32_t z = kept & (kept - 0x40201u);
    uint32_t f = (z + 0x7FBFDFEu) & 0x8040200u;
    return (kept ^ z) & ~(f - (f >> 9));
}

/* Bit 9r + 3c + 2 (of mask 0x4924924) set when triad (r, c) of band word
 * a holds a cell, the other bits garbage: a triad's cells are adjacent
 * bits, and adding 3 to its two low bits carries into its (cleared) third
 * exactly when one of them is set, the third's own value ORed in after.
 * Four operations instead of two shifts and two ors before the gather. */
#define TRIAD_ANY(a) ((((a) & 0x36DB6DBu) + 0x36DB6DBu) | (a))

/* the cells of the triads in a 3-bit mask of one row's boxes, and in a
 * 9-bit triad mask (bit 3*r + c) of a band */
static const uint32_t TRIAD_CELLS[8] = {0, 07, 070, 077, 0700, 0707, 0770, 0777};
static inline uint32_t triad_cells(uint32_t t)
{
    return TRIAD_CELLS[t & 7] | TRIAD_CELLS[(t >> 3) & 7] << 9 | TRIAD_CELLS[t >> 6] << 18;
}

/* The triads whose forced digits (counts r1..r3: one or more, two or more,
 * three or more) exactly fill the cells they may take (u1..u3, the same
 * for the cells): those cells are theirs alone. */
static inline uint32_t triads_full(uint32_t r1, uint32_t r2, uint32_t r3, uint32_t u1,
                                   uint32_t u2, uint32_t u3)
{
    return (r1 & ~r2 & u1 & ~u2) | (r2 & ~r3 & u2 & ~u3) | (r3 & u3);
}
/* Counting in triads: a digit whose candidates in one row of a band lie
 * in a single box must go into that row-box triad (box-line reasoning has
 * made the same true of a digit confined to one row of a box), and a
 * triad has three cells, so more digits forced into one triad than the
 * triad has cells left for them (four, or three with two cells between
 * them, ...) is a contradiction; as many digits as cells makes those cells
 * theirs (a hidden subset of the triad), and every other digit leaves
 * them. The same for a column and the band of its only candidates. Singles
 * and box-line reasoning never see it, and a sparse puzzle whose givens
 * force it would otherwise be refuted only by exhausting every guess
 * elsewhere: seconds instead of microseconds. Two examples: two rows of a
 * band sharing four digits; and the 13-clue
 * ....8....2............3...............7...2..823....7.....23........8.......7....
 * where row 4 must put 2 and 7 into two cells of the centre box, one of
 * which its column must give to 3 or 8 (119 million nodes, 15 s, before).
 * Placed digits count too (a placed cell's row holds just that cell).
 * Returns -1 on a contradiction, else the dirty bits of the words it
 * changed. */
static int64_t triads_locked(state *s)
{
    uint64_t changed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t r1 = 0, r2 = 0, r3 = 0, r4 = 0; /* digits forced, per triad */
        uint32_t room = 0;                        /* the cells they may take */
        uint32_t forced[9];
        for (int d = 0; d < 9; d++) {
            uint32_t a = s->cand[b][d];
            uint32_t m = band_info(a) & 0x1FFu;
            uint32_t x = m & 0x49u, y = (m >> 1) & 0x49u, z = (m >> 2) & 0x49u;
            uint32_t one = (x & ~y & ~z) | (y & ~x & ~z) << 1 | (z & ~x & ~y) << 2;
            forced[d] = triad_cells(one);
            room |= a & forced[d];
            r4 |= r3 & one;
            r3 |= r2 & one;
            r2 |= r1 & one;
            r1 |= one;
        }
        /* a triad's cells are adjacent bits: one or more, two or more, all
         * three of them in room, as triad masks */
        uint32_t p = room & 0x1249249u, q = (room >> 1) & 0x1249249u, t = (room >> 2) & 0x1249249u;
        uint32_t u1 = band_info(p | q | t) & 0x1FFu;
        uint32_t u2 = band_info((p & q) | (p & t) | (q & t)) & 0x1FFu;
        uint32_t u3 = band_info(p & q & t) & 0x1FFu;
        if (r4 | (r3 & ~u3) | (r2 & ~u2) | (r1 & ~u1))
            return -1;
        uint32_t locked = room & triad_cells(triads_full(r1, r2, r3, u1, u2, u3));
        if (locked)
            for (int d = 0; d < 9; d++) {
                uint32_t a = s->cand[b][d], kept = a & ~(locked & ~forced[d]);
                s->cand[b][d] = kept;
                changed |= (uint64_t)(kept != a) << (16 * b + d);
            }
    }
    uint32_t c1 = 0, c2 = 0, c3 = 0, c4 = 0; /* bit 9*band + column */
    uint32_t room[3] = {0, 0, 0};
    uint32_t only[9][3];
    for (int d = 0; d < 9; d++) {
        uint32_t col[3];
        for (int b = 0; b < 3; b++) {
            uint32_t x = s->cand[b][d];
            col[b] = (x | x >> 9 | x >> 18) & ROW_BITS;
        }
        only[d][0] = col[0] & ~col[1] & ~col[2];
        only[d][1] = col[1] & ~col[0] & ~col[2];
        only[d][2] = col[2] & ~col[0] & ~col[1];
        for (int b = 0; b < 3; b++)
            room[b] |= s->cand[b][d] & only[d][b] * COL_BITS;
        uint32_t one = only[d][0] | only[d][1] << 9 | only[d][2] << 18;
        c4 |= c3 & one;
        c3 |= c2 & one;
        c2 |= c1 & one;
        c1 |= one;
    }
    uint32_t u1 = 0, u2 = 0, u3 = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t x = room[b] & ROW_BITS, y = (room[b] >> 9) & ROW_BITS, z = room[b] >> 18;
        u1 |= (x | y | z) << (9 * b);
        u2 |= ((x & y) | (x & z) | (y & z)) << (9 * b);
        u3 |= (x & y & z) << (9 * b);
    }
    if (c4 | (c3 & ~u3) | (c2 & ~u2) | (c1 & ~u1))
        return -1;
    uint32_t full = triads_full(c1, c2, c3, u1, u2, u3);
    for (int b = 0; full && b < 3; b++) {
        uint32_t locked = room[b] & ((full >> (9 * b)) & ROW_BITS) * COL_BITS;
        if (locked)
            for (int d = 0; d < 9; d++) {
                uint32_t a = s->cand[b][d], kept = a & ~(locked & ~(only[d][b] * COL_BITS));
                s->cand[b][d] = kept;
                changed |= (uint64_t)(kept != a) << (16 * b + d);
            }
    }
    return (int64_t)changed;
}

enum { DEAD = 0, SOLVED = 1, GUESS = 2 };

/* Open cells at or below which the guess takes the first two-candidate
 * cell rather than the best scored one, and the stack pass is left out
 * (see propagate()); the same for the guess alone, as long as no node of
 * the search has been refuted (see run()). */
#define SOLVER_QUICK_GUESS_OPEN 32
#define SOLVER_QUICK_GUESS_OPEN_UNREFUTED 47

static void extract(const state *s, sudoku_grid *out)
{
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++) {
            uint32_t x = s->cand[b][d];
            while (x) {
                out->cell[27 * b + ctz32(x)] = (uint8_t)(d + 1);
                x &= x - 1;
            }
        }
}

/* The search in two builds: portable (SSE2 at most), and on x86-64 with
 * GCC once more for CPUs with POPCNT, BMI1/2 and AVX2, chosen at run time
 * in solve_count() (hardware population counts for the guess choice,
 * shorter bit operations and VEX encodings everywhere: about 4% faster).
 * Both must give identical results; tests/unit/test_solver_portable.c
 * compares the portable build with the library's choice. */
#define SOLVER_FN(name) name##_portable
#define SOLVER_POPCOUNT64 popcount64
#define SOLVER_HW_POPCOUNT 0
#define SOLVER_CLEAR_CELL clear_cell
#define SOLVER_DIGITS_AT digits_at
#define SOLVER_EXTRACT extract
#define SOLVER_BAND_COUNTS band_counts
/* the three columns of stack st (0, 3, 6) in each band of any (bit 9*band
 * + column) as 9 bits, band-major */
#define SOLVER_STACK_TRIADS(any, st) \
    ((((any) >> (st)) & 7u) | (((any) >> ((st) + 6)) & 070u) | (((any) >> ((st) + 12)) & 0700u))
#define SOLVER_TRIADS(a) (band_info(a) & 0x1FFu)
#include "solver_search.inc"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    defined(SOLVER_SSE2) && !defined(SUDOKU_SOLVER_NO_DISPATCH)
#define SOLVER_DISPATCH 1
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2,avx,avx2")
static inline void band_counts_avx2(const uint32_t *w, uint32_t *one, uint32_t *two)
{
    __m256i x = _mm256_load_si256((const __m256i *)w);
    __m128i a = _mm256_castsi256_si128(x), b = _mm256_extracti128_si256(x, 1);
    __m128i c = _mm_load_si128((const __m128i *)(w + 8));
    __m128i ab = _mm_or_si128(a, b);
    finish_counts(_mm_or_si128(ab, c),
                  _mm_or_si128(_mm_and_si128(a, b), _mm_and_si128(ab, c)), one, two);
}
static inline uint32_t digits_at_avx2(const uint32_t *w, uint32_t bit)
{
    __m256i bv = _mm256_set1_epi32((int)bit);
    __m256i x = _mm256_load_si256((const __m256i *)w);
    return (uint32_t)_mm256_movemask_ps(
               _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(x, bv), bv))) |
           (uint32_t)((w[8] & bit) != 0) << 8;
}
/* clear_cell() with words 0..7 of the band as one 32-byte vector (the
 * band's line is 64-byte aligned, so it splits no line) */
static inline uint32_t clear_cell_avx2(uint32_t *w, uint32_t bit, int keep)
{
    __m256i bv = _mm256_set1_epi32((int)bit);
    __m256i x = _mm256_load_si256((const __m256i *)w);
    __m128i y = _mm_load_si128((const __m128i *)(w + 8));
    __m256i clr = bv;
    __m128i clr8 = _mm256_castsi256_si128(bv);
    uint32_t had = (uint32_t)_mm256_movemask_ps(
        _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(x, bv), bv)));
    had |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(
               _mm_cmpeq_epi32(_mm_and_si128(y, clr8), clr8))) << 8;
    if (keep >= 0) {
        clr = _mm256_and_si256(bv, _mm256_load_si256((const __m256i *)OTHER_LANES[keep]));
        clr8 = _mm_and_si128(clr8, _mm_load_si128((const __m128i *)(OTHER_LANES[keep] + 8)));
    }
    _mm256_store_si256((__m256i *)w, _mm256_andnot_si256(clr, x));
    _mm_store_si128((__m128i *)(w + 8), _mm_andnot_si128(clr8, y));
    return had;
}
/* extract() in vectors: a band's 27 cells are one 32-byte vector, and a
 * cell's value d + 1 is written in binary from four bit planes (the cells
 * whose value has bit k set: the OR of the words of those digits), each
 * spread from bits to bytes by a shuffle and a compare: 4 spreads a band
 * instead of a loop over its cells. The last band's 32 bytes overrun the
 * 81-byte grid, hence the padded copy. */
static void extract_avx2(const state *s, sudoku_grid *out)
{
    _Alignas(32) uint8_t cells[96];
    /* byte i of a broadcast word holds bit i of the mask after: byte i/8
     * to byte i, then a test of bit i%8 */
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                            2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bits = _mm256_set1_epi64x((long long)0x8040201008040201ull);
    for (int b = 0; b < 3; b++) {
        const uint32_t *w = s->cand[b];
        uint32_t plane[4] = {w[0] | w[2] | w[4] | w[6] | w[8], w[1] | w[2] | w[5] | w[6],
                             w[3] | w[4] | w[5] | w[6], w[7] | w[8]};
        __m256i v = _mm256_setzero_si256();
        for (int k = 0; k < 4; k++) {
            __m256i m = _mm256_shuffle_epi8(_mm256_set1_epi32((int)plane[k]), spread);
            m = _mm256_cmpeq_epi8(_mm256_and_si256(m, bits), bits);
            v = _mm256_or_si256(v, _mm256_and_si256(m, _mm256_set1_epi8((char)(1 << k))));
        }
        _mm256_store_si256((__m256i *)(cells + 32 * b), v);
    }
    for (int b = 0; b < 3; b++)
        memcpy(out->cell + 27 * b, cells + 32 * b, 27);
}
/* Per position: its column in two bands side by side (bits 0..26 and
 * 27..53), for the guess choice. */
static const uint64_t COLUMN2[27] = {
#define C3(c) (uint64_t)(COL_BITS << (c)) * ((1ull << 27) + 1)
    C3(0), C3(1), C3(2), C3(3), C3(4), C3(5), C3(6), C3(7), C3(8),
    C3(0), C3(1), C3(2), C3(3), C3(4), C3(5), C3(6), C3(7), C3(8),
    C3(0), C3(1), C3(2), C3(3), C3(4), C3(5), C3(6), C3(7), C3(8),
#undef C3
};
/* The stack pass (stack_digit() in solver_search.inc) for digits 0..7
 * at once, a digit a 32-bit lane, with every band's words 0..7 one
 * vector. The triad table becomes bit logic over the 27 (band, column)
 * bits of a digit, bit 9*band + column: a pair is on a permutation of
 * its stack when, with the other two bands i1, i2 and the other two
 * columns of the stack j1, j2, the digit has (i1, j1) and (i2, j2), or
 * (i1, j2) and (i2, j1); rotating the bands (by 9 bits) and the columns
 * inside each stack (by one bit, in threes) lines those up with the
 * pair. Kept words go back to the state (their dirty bits to *kept),
 * column singles to single[0..7]. Returns the digits that have column
 * singles (bit d), or -1 when a digit has no room in a stack. About a
 * third of the instructions of eight digits one by one. */
static inline int stack_pass8_avx2(state *s, uint32_t *single, uint64_t *kept)
{
    const __m256i row = _mm256_set1_epi32(ROW_BITS), all = _mm256_set1_epi32(BAND_ALL);
    __m256i x[3], col[3];
    for (int b = 0; b < 3; b++) {
        x[b] = _mm256_load_si256((const __m256i *)s->cand[b]);
        col[b] = _mm256_and_si256(_mm256_or_si256(_mm256_or_si256(x[b], _mm256_srli_epi32(x[b], 9)),
                                                  _mm256_srli_epi32(x[b], 18)),
                                  row);
    }
    __m256i any = _mm256_or_si256(_mm256_or_si256(col[0], _mm256_slli_epi32(col[1], 9)),
                                  _mm256_slli_epi32(col[2], 18));
    /* column j + 1 (c1) and j + 2 (c2) of its stack at column j */
    __m256i c1 = _mm256_or_si256(
        _mm256_and_si256(_mm256_srli_epi32(any, 1), _mm256_set1_epi32(0x36DB6DB)),
        _mm256_and_si256(_mm256_slli_epi32(any, 2), _mm256_set1_epi32(0x4924924)));
    __m256i c2 = _mm256_or_si256(
        _mm256_and_si256(_mm256_srli_epi32(any, 2), _mm256_set1_epi32(0x1249249)),
        _mm256_and_si256(_mm256_slli_epi32(any, 1), _mm256_set1_epi32(0x6DB6DB6)));
    /* band i + 1 (n) and i + 2 (p) at band i */
#define NEXT_BANDS(v) \
    _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi32(v, 9), _mm256_slli_epi32(v, 18)), all)
#define PREV_BANDS(v) \
    _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi32(v, 18), _mm256_slli_epi32(v, 9)), all)
    __m256i keep = _mm256_and_si256(
        any, _mm256_or_si256(_mm256_and_si256(NEXT_BANDS(c1), PREV_BANDS(c2)),
                             _mm256_and_si256(NEXT_BANDS(c2), PREV_BANDS(c1))));
#undef NEXT_BANDS
#undef PREV_BANDS
    /* a stack where a digit keeps nothing: no permutation */
    const __m256i zero = _mm256_setzero_si256(), stack = _mm256_set1_epi32(0x1C0E07);
    __m256i dead = _mm256_or_si256(
        _mm256_or_si256(
            _mm256_cmpeq_epi32(_mm256_and_si256(keep, stack), zero),
            _mm256_cmpeq_epi32(_mm256_and_si256(keep, _mm256_slli_epi32(stack, 3)), zero)),
        _mm256_cmpeq_epi32(_mm256_and_si256(keep, _mm256_slli_epi32(stack, 6)), zero));
    if (!_mm256_testz_si256(dead, dead))
        return -1;
    __m256i placed = zero;
    uint64_t changed = 0;
    for (int b = 0; b < 3; b++) {
        __m256i allow = _mm256_and_si256(_mm256_srli_epi32(keep, 9 * b), row);
        allow = _mm256_or_si256(_mm256_or_si256(allow, _mm256_slli_epi32(allow, 9)),
                                _mm256_slli_epi32(allow, 18));
        __m256i y = _mm256_and_si256(x[b], allow);
        uint32_t same = (uint32_t)_mm256_movemask_ps(
            _mm256_castsi256_ps(_mm256_cmpeq_epi32(y, x[b])));
        changed |= (uint64_t)(~same & 0xFFu) << (16 * b);
        _mm256_store_si256((__m256i *)s->cand[b], y);
        x[b] = y;
        placed = _mm256_or_si256(placed,
                                 _mm256_andnot_si256(_mm256_set1_epi32((int)s->open[b]), y));
    }
    *kept |= changed;
    __m256i a = _mm256_or_si256(_mm256_or_si256(x[0], x[1]), x[2]);
    __m256i t = _mm256_or_si256(_mm256_and_si256(x[0], x[1]),
                                _mm256_and_si256(_mm256_or_si256(x[0], x[1]), x[2]));
    __m256i a1 = _mm256_srli_epi32(a, 9), a2 = _mm256_srli_epi32(a, 18);
    __m256i once = _mm256_or_si256(_mm256_or_si256(a, a1), a2);
    __m256i more = _mm256_or_si256(
        _mm256_or_si256(_mm256_or_si256(t, _mm256_srli_epi32(t, 9)), _mm256_srli_epi32(t, 18)),
        _mm256_or_si256(_mm256_and_si256(a, a1), _mm256_and_si256(_mm256_or_si256(a, a1), a2)));
    placed = _mm256_or_si256(_mm256_or_si256(placed, _mm256_srli_epi32(placed, 9)),
                             _mm256_srli_epi32(placed, 18));
    __m256i one = _mm256_andnot_si256(_mm256_or_si256(more, placed), _mm256_and_si256(once, row));
    _mm256_storeu_si256((__m256i *)single, one);
    return ~_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(one, zero))) & 0xFF;
}
#define SOLVER_STACK_PASS8 stack_pass8_avx2
#define SOLVER_FN(name) name##_avx2
#define SOLVER_EXTRACT extract_avx2
#define SOLVER_POPCOUNT64 __builtin_popcountll
#define SOLVER_HW_POPCOUNT 1
/* one pext gathers TRIAD_ANY's nine bits (bit 9r + 3c + 2 to 3r + c) */
#define SOLVER_TRIADS(a) ((uint32_t)__builtin_ia32_pext_si(TRIAD_ANY(a), 0x4924924u))
#define SOLVER_CLEAR_CELL clear_cell_avx2
#define SOLVER_DIGITS_AT digits_at_avx2
#define SOLVER_BAND_COUNTS band_counts_avx2
#define SOLVER_STACK_TRIADS(any, st) \
    ((uint32_t)__builtin_ia32_pext_si((any), 0x1C0E07u << (st)))
#include "solver_search.inc"
#pragma GCC pop_options
#endif

/* The givens as band words: given[b][v] holds the cells of band b that
 * hold value v (0: the empty cells; values above 9 land in 10..15, which
 * init() then refuses). The SSE2 build compares 16 cells at a time. */
static void gather_givens(const sudoku_grid *puzzle, uint32_t given[3][16])
{
#ifdef SOLVER_SSE2
    /* a band's 27 cells are read as 32 bytes: pad the grid so that the
     * last band's read stays inside (the pad bytes are masked off) */
    _Alignas(16) uint8_t cells[96];
    memcpy(cells, puzzle->cell, SUDOKU_CELLS);
    memset(cells + SUDOKU_CELLS, 0, sizeof cells - SUDOKU_CELLS);
    for (int b = 0; b < 3; b++) {
        __m128i lo = _mm_loadu_si128((const __m128i *)(cells + 27 * b));
        __m128i hi = _mm_loadu_si128((const __m128i *)(cells + 27 * b + 16));
        /* the cells holding at most 9 (saturating v - 9 is 0); the rest
         * go to slot 10, which init() refuses */
        __m128i nine = _mm_set1_epi8(9), zero = _mm_setzero_si128();
        uint32_t valid = (uint32_t)_mm_movemask_epi8(
                             _mm_cmpeq_epi8(_mm_subs_epu8(lo, nine), zero)) |
                         (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(hi, nine), zero))
                             << 16;
        for (int v = 0; v < 10; v++) {
            __m128i x = _mm_set1_epi8((char)v);
            given[b][v] = ((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, x)) |
                           (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, x)) << 16) &
                          BAND_ALL;
        }
        given[b][10] = ~valid & BAND_ALL;
        for (int v = 11; v < 16; v++)
            given[b][v] = 0;
    }
#else
    memset(given, 0, 3 * sizeof *given);
    for (int b = 0; b < 3; b++)
        for (int pos = 0; pos < 27; pos++) {
            unsigned v = puzzle->cell[27 * b + pos];
            given[b][v > 9 ? 10 : v] |= 1u << pos;
        }
#endif
}

/* Sets up the state from the givens; 0 when two givens clash (or a cell
 * holds something other than 0..9), so that no search ever starts from
 * contradicting givens. Word operations on the givens of each digit
 * rather than a loop over the cells with a test per given (which took as
 * many instructions as a third of the search on a serg_benchmark
 * puzzle). */
static int init(state *s, const sudoku_grid *puzzle)
{
    uint32_t given[3][16];
    gather_givens(puzzle, given);
    if (given[0][10] | given[1][10] | given[2][10])
        return 0;
    /* the low eight bits and the top bit of each row of a band word */
    const uint32_t low8 = 0xFFu * 0x40201u, top = 0x100u * 0x40201u;
    uint32_t taken[3];
    for (int b = 0; b < 3; b++)
        taken[b] = BAND_ALL & ~given[b][0];
    /* Each given holds one row, one column and one box of its digit, so
     * the givens clash exactly when the rows, columns and boxes that hold
     * a digit, counted over the digits, fall short of three per given. */
    int units = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t g[3] = {given[0][d + 1], given[1][d + 1], given[2][d + 1]};
        uint32_t c = g[0] | g[1] | g[2];
        uint32_t cols = (c | c >> 9 | c >> 18) & ROW_BITS;
        uint32_t free_cols = ~(cols * COL_BITS);
        uint32_t rows_held = 0, boxes_held = 0;
        for (int b = 0; b < 3; b++) {
            /* bits 0, 9, 18: the band's rows that hold the digit (a row's
             * low eight bits plus 0xFF carry into its top bit when any is
             * set; adding them cannot carry out of the row) */
            uint32_t rows = ((((g[b] & low8) + low8) | g[b]) & top) >> 8;
            /* bits 0, 3, 6: the band's boxes that hold it, the same over
             * the three bits of each box of the folded rows */
            uint32_t x = (g[b] | g[b] >> 9 | g[b] >> 18) & ROW_BITS;
            uint32_t boxes = ((((x & 0333u) + 0333u) | x) & 0444u) >> 2;
            uint32_t seen = rows * ROW_BITS | boxes * 7u * COL_BITS | taken[b];
            s->cand[b][d] = (~seen & free_cols & BAND_ALL) | g[b];
            rows_held |= rows << b;
            boxes_held |= boxes << b;
        }
        units += popcount64(rows_held | (uint64_t)boxes_held << 21 | (uint64_t)cols << 30);
    }
    if (units != 3 * (popcount64(taken[0] | (uint64_t)taken[1] << 32) + popcount64(taken[2])))
        return 0;
    for (int b = 0; b < 3; b++) {
        for (int d = 9; d < 16; d++)
            s->cand[b][d] = 0;
        s->open[b] = BAND_ALL & ~taken[b];
    }
    /* every pass looks at every word first */
    s->dirty = s->nscan = s->sscan = 0x1FF01FF01FFull;
    return 1;
}

/* Whether this CPU runs the AVX2 build of the search: the one test that
 * solve_count() and sudoku_solver_build() share. */
static int use_avx2_build(void)
{
#ifdef SOLVER_DISPATCH
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
#else
    return 0;
#endif
}

const char *sudoku_solver_build(void)
{
    if (use_avx2_build())
        return "avx2";
#ifdef SOLVER_SSE2
    return "portable-sse2";
#else
    return "portable-c";
#endif
}

static uint64_t solve_count(const sudoku_grid *puzzle, uint64_t limit,
                            sudoku_rng *rng, sudoku_grid *solution,
                            const sudoku_cancel *cancel)
{
    state s;
    search c = {0, limit ? limit : UINT64_MAX, rng, solution, cancel,
                SOLVER_POLL_NODES, 0, 0};
    if (!init(&s, puzzle))
        return 0;
#ifdef SOLVER_DISPATCH
    if (use_avx2_build())
        run_avx2(&c, &s);
    else
#endif
        run_portable(&c, &s);
    return c.cancelled ? SUDOKU_COUNT_CANCELLED : c.count;
}

/* 1, 0 or SUDOKU_CANCELLED from a search for one solution. */
static int one_solution(uint64_t found)
{
    return found == SUDOKU_COUNT_CANCELLED ? SUDOKU_CANCELLED : found != 0;
}

int sudoku_solve(const sudoku_grid *puzzle, sudoku_grid *solution, const sudoku_cancel *cancel)
{
    return one_solution(solve_count(puzzle, 1, NULL, solution, cancel));
}

int sudoku_solve_random(const sudoku_grid *puzzle, uint64_t seed, sudoku_grid *solution,
                        const sudoku_cancel *cancel)
{
    sudoku_rng rng;
    sudoku_rng_seed(&rng, seed);
    return one_solution(solve_count(puzzle, 1, &rng, solution, cancel));
}

uint64_t sudoku_count(const sudoku_grid *puzzle, uint64_t limit, sudoku_grid *solution,
                      const sudoku_cancel *cancel)
{
    return solve_count(puzzle, limit, NULL, solution, cancel);
}
