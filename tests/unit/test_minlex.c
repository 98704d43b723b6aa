/* Unit tests of the canonical form (core/minlex/) against a brute-force
 * reference that tries every one of the 3,359,232 geometric transforms.
 *
 * Default run: a few hundred brute-force comparisons of every input kind
 * (fewer under sanitizers), plus the cheap checks (invariance, idempotence,
 * transform, vectors) on thousands. With --long (SUDOKU_LONG_TEST, CTest
 * label `long`) many thousands more brute-force comparisons. */
#include <stdint.h>

#include "check.h"
#include "minlex.h"
#include "minlex/internal.h"
#include "minlex/row1_bound.h"
#include "rng.h"
#include "scramble.h"
#include "transform.h"


static const char *EXAMPLE = CHECK_EXAMPLE;
static const char *EXAMPLE_MINLEX =
    "........1..2..3.4..5.16.2.....7...84..96.17..7..4.9.....8.9..3..3.....9..94..76..";
static const char *GRID648 = CHECK_GRID648;
static const char *GRID3 = CHECK_GRID3;

/* ---- the reference: every geometric transform, relabelled ---- */

static uint8_t lineperm[1296][9];

static void make_lineperms(void)
{
    static const uint8_t p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int n = 0;
    for (int b = 0; b < 6; b++)
        for (int x = 0; x < 6; x++)
            for (int y = 0; y < 6; y++)
                for (int z = 0; z < 6; z++) {
                    const int in[3] = {x, y, z};
                    for (int k = 0; k < 9; k++)
                        lineperm[n][k] = (uint8_t)(p3[b][k / 3] * 3 + p3[in[k / 3]][k % 3]);
                    n++;
                }
}

/* The minlex string (0 = empty) of `in` and the number of geometric
 * transforms reaching it. With pattern_first, the key is the clue pattern
 * first, then the digits. */
static uint32_t brute(const sudoku_grid *in, uint8_t best[81], int pattern_first)
{
    uint8_t src[81], rg[81], cand[81], bestpat[81];
    uint32_t count = 0;
    memset(best, 0xFF, 81);
    memset(bestpat, 0xFF, 81);
    for (int t = 0; t < 2; t++) {
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                src[r * 9 + c] = t ? in->cell[c * 9 + r] : in->cell[r * 9 + c];
        for (int rp = 0; rp < 1296; rp++) {
            for (int i = 0; i < 9; i++)
                memcpy(rg + i * 9, src + lineperm[rp][i] * 9, 9);
            for (int cp = 0; cp < 1296; cp++) {
                const uint8_t *cols = lineperm[cp];
                int state = 0; /* 0: equal so far, -1: smaller */
                int k;
                if (pattern_first) {
                    for (k = 0; k < 81; k++) {
                        uint8_t v = rg[(k / 9) * 9 + cols[k % 9]] != 0;
                        if (state == 0) {
                            if (v > bestpat[k])
                                break;
                            if (v < bestpat[k])
                                state = -1;
                        }
                    }
                    if (k < 81)
                        continue;
                }
                uint8_t label[10] = {0}, next = 1;
                for (k = 0; k < 81; k++) {
                    uint8_t d = rg[(k / 9) * 9 + cols[k % 9]];
                    uint8_t v = d ? (label[d] ? label[d] : (label[d] = next++)) : 0;
                    if (state == 0) {
                        if (v > best[k])
                            break;
                        if (v < best[k])
                            state = -1;
                    }
                    cand[k] = v;
                }
                if (k < 81)
                    continue;
                if (state < 0) {
                    memcpy(best, cand, 81);
                    for (k = 0; k < 81; k++)
                        bestpat[k] = cand[k] != 0;
                    count = 1;
                } else {
                    count++;
                }
            }
        }
    }
    return count;
}

/* ---- inputs ---- */

static void shuffle(sudoku_rng *rng, uint8_t *p, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sudoku_rng_below(rng, (uint32_t)i + 1);
        uint8_t x = p[i];
        p[i] = p[j];
        p[j] = x;
    }
}

static void scramble(sudoku_rng *rng, const sudoku_grid *in, sudoku_grid *out)
{
    sudoku_transform t;
    sudoku_scramble_random(rng, &t);
    sudoku_transform_apply(&t, in, out);
}

static int fill(sudoku_rng *rng, sudoku_grid *g, int cell)
{
    if (cell == 81)
        return 1;
    uint8_t d[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    shuffle(rng, d, 9);
    int r = cell / 9, c = cell % 9, b = sudoku_box(cell);
    for (int k = 0; k < 9; k++) {
        int ok = 1;
        for (int e = 0; e < 81 && ok; e++)
            if (g->cell[e] == d[k] &&
                (e / 9 == r || e % 9 == c || sudoku_box(e) == b))
                ok = 0;
        if (!ok)
            continue;
        g->cell[cell] = d[k];
        if (fill(rng, g, cell + 1))
            return 1;
    }
    g->cell[cell] = 0;
    return 0;
}

static void random_grid(sudoku_rng *rng, sudoku_grid *g)
{
    memset(g, 0, sizeof *g);
    fill(rng, g, 0);
}

/* Keeps `keep` random cells of g. */
static void thin(sudoku_rng *rng, sudoku_grid *g, int keep)
{
    uint8_t idx[81];
    for (int k = 0; k < 81; k++)
        idx[k] = (uint8_t)k;
    shuffle(rng, idx, 81);
    for (int k = keep; k < 81; k++)
        g->cell[idx[k]] = 0;
}

enum { K_GRID, K_PUZZLE, K_SPARSE, K_EMPTY_LINES, K_AUTO, K_CLASH, K_LATIN, K_RANDOM,
       K_KINDS };
static const char *kind_name[K_KINDS] = {"full grid", "puzzle 17-30", "sparse 0-8",
                                         "empty rows/bands", "automorphic",
                                         "clashing givens", "full, rows distinct",
                                         "random partial"};

static void make_input(sudoku_rng *rng, int kind, sudoku_grid *g)
{
    sudoku_grid a;
    switch (kind) {
    case K_GRID:
        random_grid(rng, g);
        break;
    case K_PUZZLE:
        random_grid(rng, g);
        thin(rng, g, 17 + (int)sudoku_rng_below(rng, 14));
        break;
    case K_SPARSE:
        random_grid(rng, g);
        thin(rng, g, (int)sudoku_rng_below(rng, 9));
        break;
    case K_EMPTY_LINES: {
        random_grid(rng, g);
        thin(rng, g, 10 + (int)sudoku_rng_below(rng, 60));
        int what = (int)sudoku_rng_below(rng, 4);
        int b = (int)sudoku_rng_below(rng, 3);
        int r = (int)sudoku_rng_below(rng, 3);
        if (what == 0) { /* two empty rows in a band */
            for (int k = 0; k < 3; k++)
                if (k != r)
                    memset(g->cell + (b * 3 + k) * 9, 0, 9);
        } else if (what == 1) { /* an empty band */
            memset(g->cell + b * 27, 0, 27);
        } else if (what == 2) { /* an empty stack and an empty row */
            for (int i = 0; i < 9; i++)
                memset(g->cell + i * 9 + b * 3, 0, 3);
            memset(g->cell + (3 * r + b) * 9 % 81, 0, 9);
        } else { /* empty rows spread over the bands */
            for (int k = 0; k < 9; k++)
                if (sudoku_rng_below(rng, 2))
                    memset(g->cell + k * 9, 0, 9);
        }
        break;
    }
    case K_AUTO:
        a = check_grid(sudoku_rng_below(rng, 2) ? GRID648 : GRID3);
        scramble(rng, &a, g);
        if (sudoku_rng_below(rng, 2))
            thin(rng, g, (int)sudoku_rng_below(rng, 82));
        break;
    case K_CLASH: {
        random_grid(rng, g);
        thin(rng, g, (int)sudoku_rng_below(rng, 82));
        int n = 1 + (int)sudoku_rng_below(rng, 6);
        for (int k = 0; k < n; k++) { /* copy a digit into its own row */
            int cell = (int)sudoku_rng_below(rng, 81);
            int other = cell / 9 * 9 + (int)sudoku_rng_below(rng, 9);
            g->cell[other] = (uint8_t)(1 + sudoku_rng_below(rng, 9));
            g->cell[cell] = g->cell[other];
        }
        break;
    }
    case K_LATIN: { /* full, every row distinct, columns or boxes clash */
        int what = (int)sudoku_rng_below(rng, 3);
        if (what == 0) { /* a grid with some rows reshuffled */
            random_grid(rng, g);
            int n = 1 + (int)sudoku_rng_below(rng, 9);
            for (int k = 0; k < n; k++)
                shuffle(rng, g->cell + sudoku_rng_below(rng, 9) * 9, 9);
        } else if (what == 1) { /* a Latin square: rows and columns distinct */
            uint8_t d[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
            shuffle(rng, d, 9);
            int step = 1 + (int)sudoku_rng_below(rng, 8);
            for (int k = 0; k < 81; k++)
                a.cell[k] = d[(k / 9 * step + k % 9) % 9];
            scramble(rng, &a, g);
        } else { /* every row an independent permutation */
            for (int r = 0; r < 9; r++) {
                for (int c = 0; c < 9; c++)
                    g->cell[r * 9 + c] = (uint8_t)(c + 1);
                shuffle(rng, g->cell + r * 9, 9);
            }
        }
        if (sudoku_rng_below(rng, 2)) {
            a = *g;
            scramble(rng, &a, g);
        }
        break;
    }
    default: { /* random cells with random digits, any density */
        int n = (int)sudoku_rng_below(rng, 82);
        memset(g, 0, sizeof *g);
        for (int k = 0; k < n; k++)
            g->cell[sudoku_rng_below(rng, 81)] = (uint8_t)(1 + sudoku_rng_below(rng, 9));
        break;
    }
    }
}

/* ---- checks ---- */

static int same_cells(const uint8_t *a, const sudoku_grid *b)
{
    return memcmp(a, b->cell, 81) == 0;
}

/* The cheap properties every input must have. */
static void properties(sudoku_rng *rng, const sudoku_grid *g, sudoku_grid *m)
{
    sudoku_grid y, s, ms, mm;
    sudoku_transform t;
    char l1[82], l2[82];
    sudoku_minlex(g, m, &t);
    CHECK(sudoku_transform_valid(&t));
    sudoku_transform_apply(&t, g, &y);
    CHECK_MSG(memcmp(&y, m, sizeof y) == 0, "transform does not reach minlex of %s",
              check_line(g, l1));
    sudoku_minlex(m, &mm, NULL);
    CHECK_MSG(memcmp(&mm, m, sizeof mm) == 0, "not idempotent on %s", check_line(g, l1));
    scramble(rng, g, &s);
    sudoku_minlex(&s, &ms, NULL);
    CHECK_MSG(memcmp(&ms, m, sizeof ms) == 0, "not invariant: %s -> %s",
              check_line(g, l1), check_line(&s, l2));
    CHECK(sudoku_grid_givens(m) == sudoku_grid_givens(g));
    /* The equivalence test's half: a scramble reaches the form (with a
     * transform that does), the input itself is not a form unless it is
     * its own minlex, and one cell changed in the form is not the form. */
    sudoku_transform ts;
    memset(&ts, 0xAA, sizeof ts);
    CHECK_MSG(sudoku_minlex_matches(&s, m, &ts) == 1, "matches(scramble of %s) = 0",
              check_line(g, l1));
    sudoku_transform_apply(&ts, &s, &y);
    CHECK(memcmp(&y, m, sizeof y) == 0);
    CHECK(sudoku_minlex_matches(g, g, NULL) == (memcmp(g, m, sizeof *g) == 0));
    y = *m;
    int k = (int)sudoku_rng_below(rng, 81);
    y.cell[k] = (uint8_t)((y.cell[k] + 1 + sudoku_rng_below(rng, 9)) % 10);
    CHECK_MSG(sudoku_minlex_matches(&s, &y, NULL) == 0, "matches(%s, changed form) = 1",
              check_line(g, l1));
    /* and the previous input's form (of the same kind in the differential
     * runs: valid grids against another valid grid's form) */
    static sudoku_grid prev;
    CHECK_MSG(sudoku_minlex_matches(&s, &prev, NULL) == (memcmp(&prev, m, sizeof prev) == 0),
              "matches(%s, another form)", check_line(g, l1));
    prev = *m;
    /* Pattern mode: the same properties, and its pattern is the smallest
     * one, which is the minlex form of the grid with every given a 1. */
    sudoku_grid pm, pat, mp;
    sudoku_minlex_pattern(g, &pm, &t);
    CHECK(sudoku_transform_valid(&t));
    sudoku_transform_apply(&t, g, &y);
    CHECK_MSG(memcmp(&y, &pm, sizeof y) == 0, "transform does not reach pattern form of %s",
              check_line(g, l1));
    sudoku_minlex_pattern(&pm, &mm, NULL);
    CHECK_MSG(memcmp(&mm, &pm, sizeof mm) == 0, "pattern form not idempotent on %s",
              check_line(g, l1));
    sudoku_minlex_pattern(&s, &ms, NULL);
    CHECK_MSG(memcmp(&ms, &pm, sizeof ms) == 0, "pattern form not invariant: %s -> %s",
              check_line(g, l1), check_line(&s, l2));
    for (int k = 0; k < 81; k++)
        pat.cell[k] = g->cell[k] ? 1 : 0;
    sudoku_minlex(&pat, &mp, NULL);
    int samepat = 1;
    for (int k = 0; k < 81; k++)
        samepat &= (pm.cell[k] != 0) == (mp.cell[k] != 0);
    CHECK_MSG(samepat, "pattern form of %s misses the smallest pattern", check_line(g, l1));
}

static void differential(sudoku_rng *rng, int per_kind, int pattern_per_kind)
{
    uint8_t ref[81];
    char l1[82], l2[82];
    for (int kind = 0; kind < K_KINDS; kind++) {
        int bad = 0;
        for (int n = 0; n < per_kind; n++) {
            sudoku_grid g, m;
            make_input(rng, kind, &g);
            properties(rng, &g, &m);
            uint32_t autos = brute(&g, ref, 0);
            if (!same_cells(ref, &m))
                bad++;
            CHECK_MSG(same_cells(ref, &m), "%s: minlex(%s) = %s", kind_name[kind],
                      check_line(&g, l1), check_line(&m, l2));
            CHECK_MSG(sudoku_automorphisms(&g) == autos,
                      "%s: automorphisms(%s) = %u, brute force %u", kind_name[kind],
                      check_line(&g, l1), sudoku_automorphisms(&g), autos);
            if (n < pattern_per_kind) {
                sudoku_transform t;
                sudoku_grid y;
                brute(&g, ref, 1);
                sudoku_minlex_pattern(&g, &m, &t);
                CHECK_MSG(same_cells(ref, &m), "%s: pattern minlex(%s) = %s",
                          kind_name[kind], check_line(&g, l1), check_line(&m, l2));
                sudoku_transform_apply(&t, &g, &y);
                CHECK(memcmp(&y, &m, sizeof y) == 0);
            }
        }
        printf("differential %-18s %5d inputs, %d pattern, %d mismatches\n",
               kind_name[kind], per_kind, pattern_per_kind, bad);
    }
}


static int same_node(const row_node *a, const row_node *b)
{
    return a->w == b->w && a->rowused == b->rowused && a->cellstart == b->cellstart &&
           a->t == b->t && a->band == b->band && a->groupstart == b->groupstart &&
           a->next == b->next && memcmp(a->R, b->R, 9) == 0 &&
           memcmp(a->col, b->col, 9) == 0 && memcmp(a->label, b->label, 10) == 0;
}

/* The level-0 shortcuts of the row engine (minlex/rows.c: lay_new_row,
 * the lines load_grid picks for level 0, the twin search skipped) against
 * the generic layout they stand for: the same row 0 and the same nodes in
 * the same order, field by field (weights included, so the twins too), on
 * every kind of input and on scrambled puzzles made symmetric (mirrored
 * about the diagonal, the centre or the middle column; clashes allowed). */
static void twin_input(sudoku_rng *rng, int n, sudoku_grid *g)
{
    sudoku_grid a;
    int kind = n % (K_KINDS + 1);
    if (kind < K_KINDS) {
        make_input(rng, kind, g);
        return;
    }
    random_grid(rng, &a);
    thin(rng, &a, 4 + (int)sudoku_rng_below(rng, 24));
    int how = (int)sudoku_rng_below(rng, 3);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            uint8_t v = a.cell[r * 9 + c];
            int m = how == 0 ? c * 9 + r : how == 1 ? 80 - (r * 9 + c) : r * 9 + 8 - c;
            if (v)
                a.cell[m] = v;
        }
    scramble(rng, &a, g);
}

static void level0_twin(sudoku_rng *rng, int count)
{
    static row_node fast[ROW_CAP], slow[ROW_CAP];
    int bad = 0, nodes = 0, overflows = 0;
    for (int n = 0; n < count; n++) {
        sudoku_grid g;
        char l[82];
        twin_input(rng, n, &g);
        uint8_t r0f[9], r0s[9];
        int nf = minlex_rows_level0(&g, 0, fast, ROW_CAP, r0f);
        int ns = minlex_rows_level0(&g, 1, slow, ROW_CAP, r0s);
        int ok = nf == ns && (nf < 0 || memcmp(r0f, r0s, 9) == 0);
        for (int k = 0; ok && k < nf; k++)
            ok = same_node(&fast[k], &slow[k]);
        overflows += nf < 0;
        nodes += nf > 0 ? nf : 0;
        bad += !ok;
        CHECK_MSG(ok, "level 0 shortcuts differ from the generic layout on %s (%d vs %d nodes)",
                  check_line(&g, l), nf, ns);
    }
    printf("level 0 twin: %d inputs, %d nodes, %d overflows, %d mismatches\n", count, nodes,
           overflows, bad);
}

/* lay_new_row at every level (rows whose givens are all new digits, laid
 * out from their pattern) against the generic layout it stands for: the
 * whole row engine search with and without it must end with the same form
 * and the same final nodes in the same order, field by field, on the
 * inputs of level0_twin. (Without it the search may overflow where it
 * does not: the generic layout emits larger children before the smallest
 * one drops them; the reverse would be a defect.) */
static void search_twin(sudoku_rng *rng, int count)
{
    static row_node fast[ROW_CAP], slow[ROW_CAP];
    int bad = 0, nodes = 0, overflows = 0;
    for (int n = 0; n < count; n++) {
        sudoku_grid g;
        char l[82];
        twin_input(rng, n, &g);
        uint8_t ff[81], fs[81];
        int nf = minlex_rows_final(&g, 0, fast, ROW_CAP, ff);
        int ns = minlex_rows_final(&g, 1, slow, ROW_CAP, fs);
        int ok = ns < 0 || (nf == ns && memcmp(ff, fs, 81) == 0);
        for (int k = 0; ok && k < nf; k++)
            ok = same_node(&fast[k], &slow[k]);
        overflows += ns < 0;
        nodes += nf > 0 ? nf : 0;
        bad += !ok;
        CHECK_MSG(ok, "lay_new_row differs from the generic layout on %s (%d vs %d nodes)",
                  check_line(&g, l), nf, ns);
    }
    printf("search twin: %d inputs, %d final nodes, %d overflows, %d mismatches\n", count,
           nodes, overflows, bad);
}

/* The row-1 bounds of minlex/row1_bound.h, proved again: every permutation pi of
 * the 9 columns that maps no column into its own stack (the row-1 map of
 * every row pair of a valid band), against all 1296 column orders. Its
 * smallest row 1 must start 3 4 5 6 7 8 (pure) or 3 4 6 (mixed), never be
 * below the bound of its cycle type, and the bound must be reached. */
static void row1_bounds(void)
{
    uint8_t pi[9];
    uint32_t reached[2][64];
    uint32_t codes[2][64];
    int ncodes[2] = {0, 0}, total = 0, bad = 0;
    for (int k = 0; k < 9; k++)
        pi[k] = (uint8_t)k;
    for (;;) {
        int ok = 1;
        for (int c = 0; c < 9; c++)
            ok &= pi[c] / 3 != c / 3;
        if (ok) {
            int pure = pi[0] / 3 == pi[1] / 3 && pi[1] / 3 == pi[2] / 3;
            uint64_t best = UINT64_MAX;
            for (int q = 0; q < 1296; q++) {
                uint8_t ci[9];
                uint64_t key = 0;
                for (int k = 0; k < 9; k++)
                    ci[lineperm[q][k]] = (uint8_t)k;
                for (int k = 0; k < 9; k++)
                    key = key << 4 | ci[pi[lineperm[q][k]]];
                if (key < best)
                    best = key;
            }
            uint32_t code = minlex_cycle_code(pi), bound = minlex_row1_bound(code, pure);
            uint32_t tail = (uint32_t)(best & 0xFFFFFF);
            uint64_t head = best >> 24;
            bad += head != (pure ? 0x345u : 0x346u) || bound == 0 || tail < bound;
            int a;
            for (a = 0; a < ncodes[pure]; a++)
                if (codes[pure][a] == code)
                    break;
            if (a == ncodes[pure]) {
                codes[pure][a] = code;
                reached[pure][a] = tail;
                ncodes[pure]++;
            } else if (tail < reached[pure][a])
                reached[pure][a] = tail;
            total++;
        }
        /* next permutation */
        int i = 7;
        while (i >= 0 && pi[i] > pi[i + 1])
            i--;
        if (i < 0)
            break;
        int j = 8;
        while (pi[j] < pi[i])
            j--;
        uint8_t s = pi[i];
        pi[i] = pi[j];
        pi[j] = s;
        for (int a = i + 1, b = 8; a < b; a++, b--) {
            s = pi[a];
            pi[a] = pi[b];
            pi[b] = s;
        }
    }
    for (int p = 0; p < 2; p++)
        for (int a = 0; a < ncodes[p]; a++)
            bad += reached[p][a] != minlex_row1_bound(codes[p][a], p);
    CHECK_MSG(total == 12096 && ncodes[0] == 8 && ncodes[1] == 3 && bad == 0,
              "row-1 bounds: %d maps, %d+%d cycle types, %d wrong", total, ncodes[0],
              ncodes[1], bad);
}

static void fixed_cases(void)
{
    sudoku_grid g, m;
    uint8_t ref[81];
    char l[82];
    g = check_grid(EXAMPLE);
    sudoku_minlex(&g, &m, NULL);
    CHECK(strcmp(check_line(&m, l), EXAMPLE_MINLEX) == 0);
    g = check_grid(GRID648);
    sudoku_minlex(&g, &m, NULL);
    CHECK(strcmp(check_line(&m, l), GRID648) == 0);
    CHECK(sudoku_automorphisms(&g) == 648);
    g = check_grid(GRID3);
    sudoku_minlex(&g, &m, NULL);
    CHECK(strcmp(check_line(&m, l), GRID3) == 0);
    CHECK(sudoku_automorphisms(&g) == 3);
    /* The full-grid path (rows 0-1 chosen together) on scrambled copies of
     * the most automorphic grids, against the brute force. */
    {
        sudoku_rng r2;
        sudoku_rng_seed(&r2, 77);
        for (int k = 0; k < 4; k++) {
            sudoku_grid a = check_grid(k & 1 ? GRID3 : GRID648), s;
            sudoku_transform st;
            sudoku_scramble_random(&r2, &st);
            sudoku_transform_apply(&st, &a, &s);
            uint32_t autos = brute(&s, ref, 0);
            sudoku_minlex(&s, &m, NULL);
            CHECK(same_cells(ref, &m));
            CHECK(sudoku_automorphisms(&s) == autos);
            CHECK(autos == (k & 1 ? 3u : 648u));
        }
    }
    /* Pattern mode: inputs where a depth-first row search once found the
     * right pattern but not the smallest digits. */
    {
        static const char *pat_cases[] = {
            "...........................8.37.2......3.....5..1..7.3....7..3...........9.8.....",
            "..................2567.8..3.........58.241..7.........798152364.................."};
        for (int k = 0; k < 2; k++) {
            sudoku_grid a = check_grid(pat_cases[k]);
            brute(&a, ref, 1);
            sudoku_minlex_pattern(&a, &m, NULL);
            CHECK_MSG(same_cells(ref, &m), "pattern regression %d", k);
        }
    }
    /* Found by the fuzzer: every row distinct, columns not. The transposed
     * orientation wins here, and the rows-0-1 full-grid path once took it
     * and read outside its row-0 map. */
    g = check_grid("123456798456789123789123456231564897564897231"
                   "897231564312645978645978312978312645");
    sudoku_minlex(&g, &m, NULL);
    CHECK(same_cells((brute(&g, ref, 0), ref), &m));
    CHECK(sudoku_automorphisms(&g) == brute(&g, ref, 0));
    memset(&g, 0, sizeof g);
    sudoku_minlex(&g, &m, NULL);
    CHECK(sudoku_grid_givens(&m) == 0);
    CHECK(sudoku_automorphisms(&g) == SUDOKU_GEOMETRIC_TRANSFORMS);
    sudoku_minlex_pattern(&g, &m, NULL);
    CHECK(sudoku_grid_givens(&m) == 0);
    g.cell[40] = 5;
    sudoku_minlex(&g, &m, NULL);
    CHECK(strcmp(check_line(&m, l), "........................................"
                                    "........................................1") == 0);
    CHECK(sudoku_automorphisms(&g) == brute(&g, ref, 0));
    /* a row holding one digit nine times */
    memset(&g, 0, sizeof g);
    memset(g.cell + 36, 7, 9);
    sudoku_minlex(&g, &m, NULL);
    CHECK(same_cells((brute(&g, ref, 0), ref), &m));
    CHECK(sudoku_automorphisms(&g) == brute(&g, ref, 0));
}

static void vectors(const char *path, int with_brute)
{
    FILE *f = check_open_data(path);
    char line[1024], l1[82];
    int rows = 0;
    if (!f) {
        printf("data absent: %s\n", path);
        exit(CHECK_SKIP);
    }
    while (check_next_line(f, line, sizeof line)) {
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = '\0';
        char *exp = tab + 1;
        char *end = strchr(exp, '\t');
        if (end)
            *end = '\0';
        sudoku_grid g = check_grid(line), m;
        sudoku_minlex(&g, &m, NULL);
        CHECK_MSG(strcmp(check_line(&m, l1), exp) == 0, "%s: %s -> %s, expected %s", path,
                  line, l1, exp);
        if (with_brute && rows < 3) {
            uint8_t ref[81];
            brute(&g, ref, 0);
            CHECK(same_cells(ref, &m));
        }
        rows++;
    }
    fclose(f);
    printf("%s: %d rows\n", path, rows);
    CHECK(rows > 0);
}

int main(int argc, char **argv)
{
    sudoku_rng rng;
    int lng = check_long(argc, argv);
    make_lineperms();
    sudoku_rng_seed(&rng, lng ? 20240601 : 4);
    fixed_cases();
    row1_bounds();
    /* Cheap properties on many inputs of every kind. */
    for (int n = 0; n < (SANITIZED ? 300 : 3000); n++) {
        sudoku_grid g, m;
        make_input(&rng, n % K_KINDS, &g);
        properties(&rng, &g, &m);
    }
    level0_twin(&rng, lng ? 200000 : SANITIZED ? 900 : 9000);
    search_twin(&rng, lng ? 200000 : SANITIZED ? 900 : 9000);
    if (lng)
        differential(&rng, 1500, 60);
    else
        differential(&rng, SANITIZED ? 10 : 50, SANITIZED ? 1 : 4);
    vectors("vectors/minlex_published.tsv", 1);
    vectors("vectors/minlex_forum_hardest_1106.tsv", 0);
    return check_done();
}
