/*
 * read.c - the table-valued function sudoku_read(path [, format]) and the
 * scalar sudoku_parse(text [, format]): puzzle files and messy values read
 * leniently (core/reader.h says what is accepted).
 *
 * The virtual table is
 *   CREATE TABLE x(line INTEGER, puzzle TEXT, error TEXT, rest TEXT,
 *                  path TEXT HIDDEN, format TEXT HIDDEN)
 * and, like generate_series, takes its arguments as equality constraints
 * on the hidden columns, handed to xFilter by argvIndex. Rows are read on
 * demand through one buffer per cursor, so memory is constant, LIMIT stops
 * the reading, and no row allocates. It is eponymous-only (no CREATE
 * VIRTUAL TABLE) and DIRECTONLY: a view, trigger or schema cannot use it,
 * so opening someone else's database never makes it read a file.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ext.h"
#include "reader.h"

enum { COL_LINE, COL_PUZZLE, COL_ERROR, COL_REST, COL_PATH, COL_FORMAT };
enum { HAVE_PATH = 1, HAVE_FORMAT = 2 };

#define NAME "sudoku_read"

/* Big enough that reading costs one read() per megabyte; also the longest
 * line the reader takes. */
#define READ_BUFFER (1 << 20)

static const char *const format_names[] = {"auto", "line", NULL};
#define FORMAT_EXPECTED "'auto' or 'line'"

typedef struct read_cursor {
    sqlite3_vtab_cursor base;
    FILE *file;
    char *buf;             /* READ_BUFFER bytes, allocated on first use */
    char *path;            /* for messages */
    sudoku_reader reader;
    sudoku_read_row row;
    sqlite3_int64 rowid;
    int eof;
} read_cursor;

static int read_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                        sqlite3_vtab **out, char **err)
{
    sqlite3_vtab *vtab;
    int rc;
    (void)aux;
    (void)argc;
    (void)argv;
    (void)err;
    rc = sqlite3_declare_vtab(db, "CREATE TABLE x(line INTEGER, puzzle TEXT, "
                                  "error TEXT, rest TEXT, path TEXT HIDDEN, "
                                  "format TEXT HIDDEN)");
    if (rc != SQLITE_OK)
        return rc;
    vtab = sqlite3_malloc(sizeof *vtab);
    if (!vtab)
        return SQLITE_NOMEM;
    memset(vtab, 0, sizeof *vtab);
    /* It reads files: only SQL written by the caller may use it. */
    sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
    *out = vtab;
    return SQLITE_OK;
}

static int read_disconnect(sqlite3_vtab *vtab)
{
    sqlite3_free(vtab);
    return SQLITE_OK;
}

static int read_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
    read_cursor *cur = sqlite3_malloc(sizeof *cur);
    (void)vtab;
    if (!cur)
        return SQLITE_NOMEM;
    memset(cur, 0, sizeof *cur);
    cur->eof = 1;
    *out = &cur->base;
    return SQLITE_OK;
}

static void read_reset(read_cursor *cur)
{
    if (cur->file)
        fclose(cur->file);
    cur->file = NULL;
    sqlite3_free(cur->path);
    cur->path = NULL;
    cur->eof = 1;
}

static int read_close(sqlite3_vtab_cursor *base)
{
    read_cursor *cur = (read_cursor *)base;
    read_reset(cur);
    sqlite3_free(cur->buf);
    sqlite3_free(cur);
    return SQLITE_OK;
}

static int read_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    int use[2] = {-1, -1}, unusable = 0, idx = 0, argc = 0;
    (void)vtab;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        int arg = c->iColumn - COL_PATH;
        if (arg < 0 || c->op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (!c->usable)
            unusable |= 1 << arg;
        else if (use[arg] < 0) {
            use[arg] = i;
            idx |= 1 << arg;
        }
    }
    /* The arguments are inputs, not filters: a plan without one of them
     * would read another file (or none). */
    if (unusable & ~idx)
        return SQLITE_CONSTRAINT;
    for (int k = 0; k < 2; k++)
        if (use[k] >= 0) {
            info->aConstraintUsage[use[k]].argvIndex = ++argc;
            info->aConstraintUsage[use[k]].omit = 1;
        }
    info->idxNum = idx;
    /* No path: xFilter reports it. A file of unknown size: a guess. */
    info->estimatedCost = (idx & HAVE_PATH) ? 100000.0 : 1e300;
    info->estimatedRows = 100000;
    /* Rows come out in file order, which is the order of line and rowid. */
    if (info->nOrderBy == 1 && !info->aOrderBy[0].desc &&
        (info->aOrderBy[0].iColumn == COL_LINE || info->aOrderBy[0].iColumn == -1))
        info->orderByConsumed = 1;
    return SQLITE_OK;
}

static int read_fail(read_cursor *cur, char *msg)
{
    sqlite3_vtab *vtab = cur->base.pVtab;
    sqlite3_free(vtab->zErrMsg);
    vtab->zErrMsg = msg;
    cur->eof = 1;
    return msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

static size_t read_file(void *arg, char *buf, size_t n)
{
    FILE *f = arg;
    size_t got = fread(buf, 1, n, f);
    if (got == 0 && ferror(f))
        return (size_t)-1;
    return got;
}

static int read_next(sqlite3_vtab_cursor *base)
{
    read_cursor *cur = (read_cursor *)base;
    int got = sudoku_reader_next(&cur->reader, &cur->row);
    if (got < 0)
        return read_fail(cur, sqlite3_mprintf(NAME ": cannot read '%s': %s",
                                              cur->path, strerror(errno)));
    cur->eof = got == 0;
    cur->rowid++;
    return SQLITE_OK;
}

static int read_filter(sqlite3_vtab_cursor *base, int idx, const char *idx_str,
                       int argc, sqlite3_value **argv)
{
    read_cursor *cur = (read_cursor *)base;
    sqlite3_value *path = NULL, *format = NULL;
    int a = 0, fmt = SUDOKU_READ_AUTO;
    const char *name;
    (void)idx_str;
    (void)argc;

    read_reset(cur);
    cur->rowid = 0;
    if (idx & HAVE_PATH)
        path = argv[a++];
    if (idx & HAVE_FORMAT)
        format = argv[a++];
    if (!path)
        return read_fail(cur, sqlite3_mprintf(NAME ": the path argument is missing"));
    if (ext_args_null(a, argv))
        return SQLITE_OK; /* the NULL rule (ext.h): no rows */
    if (sqlite3_value_type(path) != SQLITE_TEXT)
        return read_fail(cur, sqlite3_mprintf(NAME ": path must be TEXT, not %s",
                                              ext_type_name(sqlite3_value_type(path))));
    if (format) {
        const char *f = (const char *)sqlite3_value_text(format);
        fmt = -1;
        for (int i = 0; f && format_names[i]; i++)
            if (strcmp(f, format_names[i]) == 0)
                fmt = i;
        /* A long value is not echoed: cutting it could split a UTF-8
         * character and make the message invalid text. */
        if (fmt < 0 && f && strlen(f) <= 40)
            return read_fail(cur, sqlite3_mprintf(
                NAME ": unknown format '%s' (expected " FORMAT_EXPECTED ")", f));
        if (fmt < 0)
            return read_fail(cur, sqlite3_mprintf(
                NAME ": unknown format (expected " FORMAT_EXPECTED ")"));
    }
    name = (const char *)sqlite3_value_text(path);
    if (!name)
        return SQLITE_NOMEM;
    cur->path = sqlite3_mprintf("%s", name);
    if (!cur->path)
        return SQLITE_NOMEM;
    if (!cur->buf && !(cur->buf = sqlite3_malloc(READ_BUFFER)))
        return SQLITE_NOMEM;
    cur->file = fopen(name, "rb");
    if (!cur->file)
        return read_fail(cur, sqlite3_mprintf(NAME ": cannot open '%s': %s",
                                              name, strerror(errno)));
    /* The reader has its own megabyte buffer: stdio's would be a copy. */
    setvbuf(cur->file, NULL, _IONBF, 0);
    sudoku_reader_init(&cur->reader, read_file, cur->file, cur->buf, READ_BUFFER,
                       (sudoku_read_format)fmt);
    return read_next(base);
}

static int read_eof(sqlite3_vtab_cursor *base)
{
    return ((read_cursor *)base)->eof;
}

static int read_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    read_cursor *cur = (read_cursor *)base;
    const sudoku_read_row *row = &cur->row;
    switch (col) {
    case COL_LINE:
        sqlite3_result_int64(ctx, (sqlite3_int64)row->line);
        break;
    case COL_PUZZLE:
        if (row->ok)
            ext_result_grid(ctx, &row->grid);
        break;
    case COL_ERROR:
        if (!row->ok)
            sqlite3_result_text(ctx, row->error, -1, SQLITE_TRANSIENT);
        break;
    case COL_REST:
        if (row->rest)
            sqlite3_result_text(ctx, row->rest, (int)row->rest_len, SQLITE_TRANSIENT);
        break;
    case COL_PATH:
        sqlite3_result_text(ctx, cur->path, -1, SQLITE_TRANSIENT);
        break;
    case COL_FORMAT:
        sqlite3_result_text(ctx, format_names[cur->reader.format], -1, SQLITE_STATIC);
        break;
    }
    return SQLITE_OK;
}

static int read_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid)
{
    *rowid = ((read_cursor *)base)->rowid;
    return SQLITE_OK;
}

const sqlite3_module ext_read_module = {
    .iVersion = 0,
    .xCreate = NULL, /* eponymous only */
    .xConnect = read_connect,
    .xBestIndex = read_best_index,
    .xDisconnect = read_disconnect,
    .xDestroy = read_disconnect,
    .xOpen = read_open,
    .xClose = read_close,
    .xFilter = read_filter,
    .xNext = read_next,
    .xEof = read_eof,
    .xColumn = read_column,
    .xRowid = read_rowid,
};

/* sudoku_parse(text [, format]): the puzzle that text holds, normalised, or
 * NULL when it holds none (or several, or a line that is not one). */
void ext_parse(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    int fmt = SUDOKU_READ_AUTO, type = sqlite3_value_type(argv[0]);
    const void *bytes;
    sudoku_grid grid;
    if (argc > 1 && ext_arg_keyword(ctx, argv[1], "format", format_names,
                                    FORMAT_EXPECTED, &fmt) != EXT_OK)
        return;
    bytes = type == SQLITE_BLOB ? sqlite3_value_blob(argv[0])
                                : (const void *)sqlite3_value_text(argv[0]);
    if (!bytes && sqlite3_value_bytes(argv[0]) > 0) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    if (sudoku_parse_lenient(bytes, (size_t)sqlite3_value_bytes(argv[0]),
                             (sudoku_read_format)fmt, &grid))
        ext_result_grid(ctx, &grid);
}
