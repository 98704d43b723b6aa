/* args.c - argument conversion shared by every SQL function and table
 * (ext.h: the ext_read_* readers and where they report). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ext.h"
#include "utf8.h"

void ext_report_text(const ext_report *r, const char *msg)
{
    if (r->ctx) {
        sqlite3_result_error(r->ctx, msg, -1);
    } else {
        sqlite3_vtab *vtab = r->cursor->pVtab;
        sqlite3_free(vtab->zErrMsg);
        vtab->zErrMsg = sqlite3_mprintf("%s", msg);
    }
}

static void report_nomem(const ext_report *r)
{
    if (r->ctx) {
        sqlite3_result_error_nomem(r->ctx);
    } else {
        sqlite3_free(r->cursor->pVtab->zErrMsg);
        r->cursor->pVtab->zErrMsg = NULL; /* the scan then returns SQLITE_NOMEM */
    }
}

void ext_reportv(const ext_report *r, const char *fmt, va_list ap)
{
    char msg[512];
    int n = snprintf(msg, sizeof msg, "%s: ", r->fname);
    vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    ext_report_text(r, msg);
}

void ext_reportf(const ext_report *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ext_reportv(r, fmt, ap);
    va_end(ap);
}

int ext_args_null(int argc, sqlite3_value **argv)
{
    for (int i = 0; i < argc; i++)
        if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
            return 1;
    return 0;
}

void ext_null_rule(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    if (ext_args_null(argc, argv))
        return; /* the result stays NULL */
    ((const ext_function *)sqlite3_user_data(ctx))->call(ctx, argc, argv);
}

const char *ext_type_name(int type)
{
    switch (type) {
    case SQLITE_INTEGER: return "INTEGER";
    case SQLITE_FLOAT:   return "REAL";
    case SQLITE_TEXT:    return "TEXT";
    case SQLITE_BLOB:    return "BLOB";
    default:             return "NULL";
    }
}

int ext_read_grid(const ext_report *r, sqlite3_value *v, int argi, sudoku_grid *grid)
{
    int type = sqlite3_value_type(v);
    const void *bytes;
    int len;
    sudoku_parse_error err;

    if (type == SQLITE_NULL)
        return EXT_NULL;
    if (type != SQLITE_TEXT && type != SQLITE_BLOB) {
        ext_reportf(r, "argument %d must be a puzzle as TEXT or BLOB, not %s", argi,
                    ext_type_name(type));
        return EXT_ERROR;
    }
    /* Take the bytes as stored: for TEXT that is UTF-8 in a UTF-8
     * database; a BLOB is read byte for byte. */
    bytes = type == SQLITE_TEXT ? (const void *)sqlite3_value_text(v)
                                : sqlite3_value_blob(v);
    len = sqlite3_value_bytes(v);
    if (!bytes && len > 0) {
        report_nomem(r);
        return EXT_ERROR;
    }
    if (sudoku_grid_parse(bytes, (size_t)len, grid, &err) != SUDOKU_PARSE_OK) {
        char msg[256];
        ext_report_text(r, sudoku_parse_error_message(&err, r->fname, msg, sizeof msg));
        return EXT_ERROR;
    }
    return EXT_OK;
}

int ext_text_integer(const unsigned char *text, int n, sqlite3_int64 *out)
{
    int i = 0, neg = 0, digits = 0;
    sqlite3_uint64 v = 0;
#define IS_SPACE(c) ((c) == ' ' || ((c) >= '\t' && (c) <= '\r'))
    while (i < n && IS_SPACE(text[i]))
        i++;
    if (i < n && (text[i] == '+' || text[i] == '-'))
        neg = text[i++] == '-';
    for (; i < n && text[i] >= '0' && text[i] <= '9'; i++, digits++) {
        unsigned d = (unsigned)(text[i] - '0');
        /* up to 2^63 (the magnitude of the smallest INTEGER) */
        if (v > ((sqlite3_uint64)1 << 63) / 10 ||
            v * 10 + d > ((sqlite3_uint64)1 << 63))
            return 0;
        v = v * 10 + d;
    }
    while (i < n && IS_SPACE(text[i]))
        i++;
#undef IS_SPACE
    if (!digits || i != n || (!neg && v == ((sqlite3_uint64)1 << 63)))
        return 0;
    /* two's complement: -(2^63) is INT64_MIN */
    *out = neg ? (sqlite3_int64)(0 - v) : (sqlite3_int64)v;
    return 1;
}

int ext_read_int(const ext_report *r, sqlite3_value *v, const char *what, sqlite3_int64 *out)
{
    int type = sqlite3_value_type(v);
    if (type == SQLITE_NULL)
        return EXT_NULL;
    if (type == SQLITE_INTEGER) {
        *out = sqlite3_value_int64(v);
        return EXT_OK;
    }
    /* SQLite's own functions convert TEXT (substr('abc', '2')), and values
     * bound by Tcl or read by .import often arrive as TEXT: accept the
     * TEXT that is exactly an integer; '2.5', 'abc', '' stay errors. */
    if (type == SQLITE_TEXT) {
        const unsigned char *text = sqlite3_value_text(v);
        if (text && ext_text_integer(text, sqlite3_value_bytes(v), out))
            return EXT_OK;
    }
    if (type == SQLITE_FLOAT) {
        double d = sqlite3_value_double(v);
        if (d >= -9.2e18 && d <= 9.2e18 && d == (double)(sqlite3_int64)d) {
            *out = (sqlite3_int64)d;
            return EXT_OK;
        }
    }
    if (type == SQLITE_FLOAT) {
        double d = sqlite3_value_double(v);
        ext_reportf(r, "%s must be an INTEGER, not %s", what,
                    d == d && (d < -9.2e18 || d > 9.2e18) ? "a REAL out of the INTEGER range"
                                                          : "a non-integral REAL");
        return EXT_ERROR;
    }
    ext_reportf(r, "%s must be an INTEGER, not %s", what, ext_type_name(type));
    return EXT_ERROR;
}

void ext_quote_text(char *out, size_t cap, const unsigned char *text, size_t len,
                    size_t max)
{
    size_t i = 0, o = 0;
    while (i < len && text[i] && o < max && o + 1 < cap) {
        size_t n = sudoku_utf8_char(text + i, len - i);
        if (n == 0) {
            out[o++] = '?';
            i++;
            continue;
        }
        if (o + n > max || o + n + 1 > cap)
            break; /* the next character does not fit whole */
        memcpy(out + o, text + i, n);
        o += n;
        i += n;
    }
    out[o] = '\0';
}

int ext_read_keyword(const ext_report *r, sqlite3_value *v, const char *what,
                     const char *const *names, const char *expected, int *index)
{
    const unsigned char *text;
    if (sqlite3_value_type(v) == SQLITE_NULL)
        return EXT_NULL;
    if (sqlite3_value_type(v) != SQLITE_TEXT) {
        ext_reportf(r, "%s must be %s", what, expected);
        return EXT_ERROR;
    }
    text = sqlite3_value_text(v);
    for (int i = 0; text && names[i]; i++)
        if (strcmp((const char *)text, names[i]) == 0) {
            *index = i;
            return EXT_OK;
        }
    char shown[41];
    if (!text)
        text = (const unsigned char *)"";
    ext_quote_text(shown, sizeof shown, text, strlen((const char *)text), 40);
    ext_reportf(r, "unknown %s '%s' (expected %s)", what, shown, expected);
    return EXT_ERROR;
}

int ext_read_text(const ext_report *r, sqlite3_value *v, const char *what, const char *as,
                  const char **text, int *len)
{
    int type = sqlite3_value_type(v);
    if (type == SQLITE_NULL)
        return EXT_NULL;
    if (type != SQLITE_TEXT) {
        ext_reportf(r, "%s must be %s, not %s", what, as, ext_type_name(type));
        return EXT_ERROR;
    }
    *text = (const char *)sqlite3_value_text(v);
    *len = sqlite3_value_bytes(v);
    if (!*text) {
        report_nomem(r);
        return EXT_ERROR;
    }
    return EXT_OK;
}

int ext_read_transform(const ext_report *r, sqlite3_value *v, int argi, sudoku_transform *t)
{
    char what[16], msg[256];
    const char *text;
    int len, got;

    snprintf(what, sizeof what, "argument %d", argi);
    got = ext_read_text(r, v, what, "a transform as TEXT", &text, &len);
    if (got != EXT_OK)
        return got;
    if (!sudoku_transform_parse(text, (size_t)len, t, r->fname, msg, sizeof msg)) {
        ext_report_text(r, msg);
        return EXT_ERROR;
    }
    return EXT_OK;
}

void ext_result_grid(sqlite3_context *ctx, const sudoku_grid *grid)
{
    char line[SUDOKU_CELLS];
    sudoku_grid_to_line(grid, line);
    sqlite3_result_text(ctx, line, SUDOKU_CELLS, SQLITE_TRANSIENT);
}

void ext_result_transform(sqlite3_context *ctx, const sudoku_transform *t)
{
    char text[SUDOKU_TRANSFORM_TEXT_MAX];
    size_t n = sudoku_transform_format(t, text);
    sqlite3_result_text(ctx, text, (int)n, SQLITE_TRANSIENT);
}
