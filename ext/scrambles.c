/*
 * scrambles.c - the eponymous table-valued function sudoku_scrambles and
 * the scalar sudoku_scramble(p [, seed]).
 *
 *   sudoku_scrambles(puzzle)               every geometric transform of
 *                                          core/scramble.h's fixed order
 *   sudoku_scrambles(puzzle, count [, seed])  count uniform random scrambles
 *
 * The virtual table is
 *   CREATE TABLE x(n INTEGER, scramble TEXT, transform TEXT,
 *                  puzzle TEXT HIDDEN, count INTEGER HIDDEN,
 *                  seed INTEGER HIDDEN)
 * and, like generate_series, takes its arguments as equality constraints
 * on the hidden columns: xBestIndex hands them to xFilter by argvIndex
 * (puzzle, then count, then seed, each when present) and omits them.
 * Comparisons on n (=, <, <=, >, >=, also IN) are handed over too, after
 * the arguments, and narrow the rows made; SQLite still checks them
 * (omit = 0), so a narrowing that is only conservative (a REAL bound)
 * stays correct; a TEXT operand narrows as SQLite's NUMERIC affinity
 * reads it (n = '3' jumps to row 3). Every row is reachable directly: row n of
 * the full order is transform number n, and row n of the random mode draws
 * from its own stream (sudoku_scramble_seed). The cursor is a few
 * integers, the transform and the puzzle: rows are made on demand, so
 * memory is constant and LIMIT stops the work.
 */
#include <stddef.h>
#include <string.h>

#include "ext.h"
#include "scramble.h"
#include "vtab.h"

enum { COL_N, COL_SCRAMBLE, COL_TRANSFORM, COL_PUZZLE, COL_COUNT, COL_SEED };

/* idxNum: bits 0-2 say which arguments xFilter receives (in this order),
 * bit 3 that ORDER BY n is consumed, bits 4-6 how many comparisons on n
 * follow the arguments, and from bit 8 their operators, 3 bits each. */
enum { HAVE_PUZZLE = 1, HAVE_COUNT = 2, HAVE_SEED = 4, ORDERED = 8 };
enum { N_SHIFT = 4, OPS_SHIFT = 8, MAX_N_BOUNDS = 6 };
enum { OP_EQ = 1, OP_GT, OP_GE, OP_LT, OP_LE };

typedef struct scr_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 n;      /* current row number, 0-based */
    sqlite3_int64 end;    /* row number after the last row to give */
    sqlite3_int64 count;  /* rows of the whole table (full order: all) */
    sqlite3_int64 seed;
    int full;             /* 1: the fixed order; 0: random draws */
    sudoku_transform t;   /* the current row's transform */
    sudoku_grid puzzle;
    /* The scramble text is made only when read, and in the full order only
     * the part the last steps changed: the odometer mostly turns the
     * column places, which leave the rows (and most columns) alone. */
    int rows_stale;       /* row_text must be rebuilt (rows or transpose moved) */
    int first_stale_col;  /* text columns from here on are stale; 9: none */
    uint8_t source[2][SUDOKU_CELLS]; /* puzzle cells, as is and transposed */
    char row_text[SUDOKU_CELLS];     /* output row i = source row rows[i] */
    char text[SUDOKU_CELLS];         /* the scramble, '.' for empty */
} scr_cursor;

/* The hidden columns are typed so that CREATE TABLE ... AS SELECT puzzle
 * keeps the puzzle as TEXT (an untyped hidden column would be NUM there
 * and turn an 81-digit grid into a REAL). Arguments reach xFilter as
 * given, without affinity, so a number where a puzzle belongs stays an
 * error. */
static const char *const arg_names[] = {"puzzle", "count", "seed"};
static const ext_table scrambles_table = {
    .name = "sudoku_scrambles",
    .usage = "sudoku_scrambles(puzzle [, count [, seed]])",
    .schema = "CREATE TABLE x(n INTEGER, scramble TEXT, transform TEXT, puzzle TEXT HIDDEN, "
              "count INTEGER HIDDEN, seed INTEGER HIDDEN)",
    .first_arg = COL_PUZZLE,
    .nargs = 3,
    .required = 1,
    .arg_names = arg_names,
    .cursor_size = sizeof(scr_cursor),
    .row_offset = offsetof(scr_cursor, n),
};

/* The operator code of a comparison on n that xFilter can use, or 0. */
static int n_op(unsigned char op)
{
    switch (op) {
    case SQLITE_INDEX_CONSTRAINT_EQ: return OP_EQ;
    case SQLITE_INDEX_CONSTRAINT_GT: return OP_GT;
    case SQLITE_INDEX_CONSTRAINT_GE: return OP_GE;
    case SQLITE_INDEX_CONSTRAINT_LT: return OP_LT;
    case SQLITE_INDEX_CONSTRAINT_LE: return OP_LE;
    default:                         return 0;
    }
}

/* The right-hand side of constraint i when SQLite knows it at planning
 * time (a literal; sqlite3_vtab_rhs_value is 3.38+), as an integer. */
static int rhs_int(sqlite3_index_info *info, int i, sqlite3_int64 *out)
{
    sqlite3_value *v = NULL;
    if (sqlite3_libversion_number() < 3038000 ||
        sqlite3_vtab_rhs_value(info, i, &v) != SQLITE_OK || !v ||
        sqlite3_value_type(v) != SQLITE_INTEGER)
        return 0;
    *out = sqlite3_value_int64(v);
    return 1;
}

static int scr_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    int nuse[MAX_N_BOUNDS], nn = 0, count_at = -1, idx, argc = 0;
    sqlite3_int64 v, lo = 0, hi = -1; /* hi < 0: unknown */
    double rows;
    (void)vtab;

    /* the arguments (the kit's rules), then the comparisons on n after
     * them */
    int plan = ext_vtab_plan_args(&scrambles_table, info);
    if (plan != EXT_PLAN_READY)
        return plan == EXT_PLAN_REFUSED ? SQLITE_CONSTRAINT : SQLITE_OK;
    idx = info->idxNum;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        if (info->aConstraintUsage[i].argvIndex > 0) {
            argc++;
            if (c->iColumn == COL_COUNT)
                count_at = i;
        } else if (c->iColumn == COL_N || c->iColumn == -1) {
            int op = n_op(c->op);
            if (op && c->usable && nn < MAX_N_BOUNDS) {
                idx |= op << (OPS_SHIFT + 3 * nn);
                nuse[nn++] = i;
            }
        }
    }
    for (int k = 0; k < nn; k++) {
        int op = (idx >> (OPS_SHIFT + 3 * k)) & 7;
        info->aConstraintUsage[nuse[k]].argvIndex = ++argc;
        info->aConstraintUsage[nuse[k]].omit = 0;
        if (op == OP_EQ) {
            lo = 0;
            hi = 1; /* one row, wherever it is */
            break;
        }
        if (rhs_int(info, nuse[k], &v)) {
            if ((op == OP_GT || op == OP_GE) && v > lo)
                lo = v;
            if ((op == OP_LT || op == OP_LE) && (hi < 0 || v < hi))
                hi = v;
        }
    }
    idx |= nn << N_SHIFT;

    if (!(idx & HAVE_COUNT)) {
        rows = SUDOKU_GEOMETRIC_TRANSFORMS;
    } else {
        /* A literal count gives the exact row count; otherwise a modest
         * guess. */
        rows = 100;
        if (rhs_int(info, count_at, &v))
            rows = v < 0 ? 0 : (double)v;
    }
    if (hi >= 0 && hi - lo < rows)
        rows = hi > lo ? (double)(hi - lo) : 1;
    else if (lo > 0)
        rows = lo < rows ? rows - (double)lo : 1;
    else if (nn > 0)
        rows = rows / 4 > 1 ? rows / 4 : 1; /* a bound of unknown value */
    info->estimatedRows = (sqlite3_int64)rows;
    info->estimatedCost = 10.0 + rows;
    /* Rows come out in order of n (and of rowid, which equals n). */
    if (ext_vtab_ordered_by(info, COL_N))
        idx |= ORDERED;
    info->idxNum = idx;
    return SQLITE_OK;
}

static void narrow(int op, sqlite3_value *v, sqlite3_int64 *lo, sqlite3_int64 *hi);

/* narrow() for a TEXT or BLOB operand. n (and the rowid) has INTEGER
 * affinity, so SQLite compares it with the operand after applying NUMERIC
 * affinity to the operand, whatever the operand's own affinity (a literal,
 * a TEXT column): TEXT that looks like a number compares as that number
 * ('3', ' 3 ', '3.0', '3e0' all equal 3), and what stays TEXT or BLOB is
 * greater than every number. sqlite3_value_numeric_type() is that very
 * conversion (applied to a copy: the operand is SQLite's). */
static void narrow_text(int op, sqlite3_value *v, sqlite3_int64 *lo,
                        sqlite3_int64 *hi)
{
    int type = SQLITE_BLOB;
    if (sqlite3_value_type(v) == SQLITE_TEXT) {
        sqlite3_value *num = sqlite3_value_dup(v);
        if (!num)
            return; /* out of memory: no narrowing is still correct */
        type = sqlite3_value_numeric_type(num);
        if (type == SQLITE_INTEGER || type == SQLITE_FLOAT)
            narrow(op, num, lo, hi);
        sqlite3_value_free(num);
        if (type == SQLITE_INTEGER || type == SQLITE_FLOAT)
            return;
    }
    /* greater than every n: n < v and n <= v hold for every row, n = v,
     * n > v and n >= v for none */
    if (op == OP_EQ || op == OP_GT || op == OP_GE)
        *hi = *lo;
}

/* Narrows [*lo, *hi) by "n OP v". Only ever too wide, never too narrow:
 * SQLite checks every row against the comparison again. */
static void narrow(int op, sqlite3_value *v, sqlite3_int64 *lo, sqlite3_int64 *hi)
{
    sqlite3_int64 a, b; /* the rows n with a <= n < b may match */
    int type = sqlite3_value_type(v);
    if (type == SQLITE_NULL) {
        *hi = *lo; /* a comparison with NULL is never true */
        return;
    }
    if (type == SQLITE_TEXT || type == SQLITE_BLOB) {
        narrow_text(op, v, lo, hi);
        return;
    }
    if (type == SQLITE_INTEGER) {
        sqlite3_int64 x = sqlite3_value_int64(v);
        int top = x == INT64_MAX;
        /* n > INT64_MAX matches nothing: lo = INT64_MAX leaves no rows. */
        a = op == OP_GT ? (top ? INT64_MAX : x + 1) : x;
        b = op == OP_LT ? x : (top ? INT64_MAX : x + 1);
    } else if (type == SQLITE_FLOAT) {
        double x = sqlite3_value_double(v);
        if (x != x)
            return; /* NaN */
        if (x >= 9.2e18) {
            a = b = INT64_MAX; /* every row number is below */
        } else if (x < -9.2e18) {
            a = b = INT64_MIN;
        } else {
            a = (sqlite3_int64)x; /* toward zero; then down to the floor */
            a -= (double)a > x;
            b = a + 1;
        }
        if (op == OP_GT || op == OP_GE) {
            if (x < -9.2e18)
                return;
            b = INT64_MAX;
            if (x >= 9.2e18)
                a = INT64_MAX;
        } else if (op == OP_LT || op == OP_LE) {
            if (x >= 9.2e18)
                return;
            a = INT64_MIN;
            if (x < -9.2e18)
                b = INT64_MIN;
        }
    } else {
        return; /* unreachable: TEXT and BLOB went to narrow_text() */
    }
    if (op == OP_GT || op == OP_GE) {
        if (a > *lo)
            *lo = a;
    } else if (op == OP_LT || op == OP_LE) {
        if (b < *hi)
            *hi = b;
    } else {
        if (a > *lo)
            *lo = a;
        if (b < *hi)
            *hi = b;
    }
}

/* Makes the transform of row cur->n. */
static void make_row(scr_cursor *cur)
{
    cur->rows_stale = 1;
    cur->first_stale_col = 0;
    if (cur->full) {
        sudoku_scramble_geometric((uint32_t)cur->n, &cur->t);
    } else {
        sudoku_rng rng;
        sudoku_scramble_seed(&rng, (uint64_t)cur->seed, (uint64_t)cur->n);
        sudoku_scramble_random(&rng, &cur->t);
    }
}

static int scr_filter(sqlite3_vtab_cursor *base, int idx, const char *idx_str,
                      int argc, sqlite3_value **argv)
{
    scr_cursor *cur = (scr_cursor *)base;
    ext_report rep = ext_vtab_report(base);
    sqlite3_value *arg[EXT_VTAB_MAX_ARGS];
    sqlite3_int64 lo = 0, hi = INT64_MAX;
    int a, r, null, nn = (idx >> N_SHIFT) & 7;
    (void)idx_str;

    a = ext_vtab_args(&scrambles_table, idx, argc, argv, arg);
    for (int k = 0; k < nn && a < argc; k++)
        narrow((idx >> (OPS_SHIFT + 3 * k)) & 7, argv[a++], &lo, &hi);

    cur->n = 0;
    cur->end = 0;
    cur->seed = 0;
    cur->full = arg[1] == NULL;
    cur->count = SUDOKU_GEOMETRIC_TRANSFORMS;
    if ((r = ext_vtab_require(base, arg, &null)) != SQLITE_OK || null)
        return r; /* a NULL: no rows */
    if (ext_read_grid(&rep, arg[0], 1, &cur->puzzle) != EXT_OK)
        return ext_vtab_failed(base);
    if (arg[1]) {
        if (ext_read_int(&rep, arg[1], "count", &cur->count) != EXT_OK)
            return ext_vtab_failed(base);
        if (cur->count < 0)
            return ext_vtab_error(base, "count must not be negative, got %lld",
                                  (long long)cur->count);
    }
    if (arg[2] && ext_read_int(&rep, arg[2], "seed", &cur->seed) != EXT_OK)
        return ext_vtab_failed(base);
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        cur->source[0][i] = cur->puzzle.cell[i];
        cur->source[1][i] = cur->puzzle.cell[(i % 9) * 9 + i / 9];
    }
    cur->n = lo > 0 ? lo : 0;
    cur->end = hi < cur->count ? hi : cur->count;
    if (cur->n < cur->end)
        make_row(cur);
    return SQLITE_OK;
}

static int scr_next(sqlite3_vtab_cursor *base)
{
    scr_cursor *cur = (scr_cursor *)base;
    cur->n++;
    if (cur->n < cur->end) {
        if (cur->full) {
            /* The odometer; places 6..8 are the column groups 0..2. */
            int place = sudoku_scramble_next(&cur->t);
            int col = place >= 6 ? 3 * (place - 6) : 0;
            if (place <= 4)
                cur->rows_stale = 1;
            if (col < cur->first_stale_col)
                cur->first_stale_col = col;
        } else {
            make_row(cur);
        }
    }
    return SQLITE_OK;
}

static int scr_eof(sqlite3_vtab_cursor *base)
{
    scr_cursor *cur = (scr_cursor *)base;
    return cur->n >= cur->end;
}

/* Brings cur->text up to date with cur->t. */
static void make_text(scr_cursor *cur)
{
    const sudoku_transform *t = &cur->t;
    const uint8_t *src = cur->source[t->transpose];
    char glyph[10];
    glyph[0] = '.';
    for (int d = 1; d <= 9; d++)
        glyph[d] = (char)('0' + t->digits[d]);
    if (cur->rows_stale) {
        for (int i = 0; i < 9; i++)
            for (int c = 0; c < 9; c++)
                cur->row_text[9 * i + c] = glyph[src[9 * t->rows[i] + c]];
        cur->rows_stale = 0;
        cur->first_stale_col = 0;
    }
    for (int i = 0; i < 9; i++)
        for (int j = cur->first_stale_col; j < 9; j++)
            cur->text[9 * i + j] = cur->row_text[9 * i + t->cols[j]];
    cur->first_stale_col = 9;
}

static int scr_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    scr_cursor *cur = (scr_cursor *)base;
    switch (col) {
    case COL_N:
        sqlite3_result_int64(ctx, cur->n);
        break;
    case COL_SCRAMBLE:
        if (cur->first_stale_col < 9)
            make_text(cur);
        sqlite3_result_text(ctx, cur->text, SUDOKU_CELLS, SQLITE_TRANSIENT);
        break;
    case COL_TRANSFORM:
        ext_result_transform(ctx, &cur->t);
        break;
    case COL_PUZZLE:
        ext_result_grid(ctx, &cur->puzzle);
        break;
    case COL_COUNT:
        if (cur->full)
            sqlite3_result_null(ctx);
        else
            sqlite3_result_int64(ctx, cur->count);
        break;
    default:
        sqlite3_result_int64(ctx, cur->seed);
        break;
    }
    return SQLITE_OK;
}

EXT_VTAB_MODULE(ext_scrambles_module, scrambles_table, scr_best_index, scr_filter, scr_next,
                scr_eof, scr_column);

void ext_scramble(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid in, out;
    sudoku_transform t;
    sudoku_rng rng;
    sqlite3_int64 seed = 0;
    if (ext_arg_grid(ctx, argv[0], 1, &in) != EXT_OK ||
        (argc > 1 && ext_arg_int(ctx, argv[1], "seed", &seed) != EXT_OK))
        return;
    /* Row n = 0 of sudoku_scrambles(p, count, seed), for any count > 0. */
    sudoku_scramble_seed(&rng, (uint64_t)seed, 0);
    sudoku_scramble_random(&rng, &t);
    sudoku_transform_apply(&t, &in, &out);
    ext_result_grid(ctx, &out);
}
