/*
 * read.c - the table-valued function sudoku_read(path [, format]) and the
 * scalar sudoku_parse(text [, format]): puzzle files and messy values read
 * leniently (core/reader.h says what is accepted).
 *
 * The virtual table is
 *   CREATE TABLE x(line INTEGER, puzzle TEXT, error TEXT, rest TEXT,
 *                  path TEXT HIDDEN, format TEXT HIDDEN)
 * made with the kit of vtab.h: the arguments are equality constraints on
 * the hidden columns, handed to xFilter by argvIndex. Rows are read on
 * demand through one buffer per cursor, so memory is constant, LIMIT stops
 * the reading, and no row allocates. It is eponymous-only (no CREATE
 * VIRTUAL TABLE) and DIRECTONLY: a view, trigger or schema cannot use it,
 * so opening someone else's database never makes it read a file.
 *
 * Stopping: the reader asks the statement's interrupt hook while it reads
 * (core/reader.h), and a file that can keep a read() waiting (a FIFO, a
 * terminal, a device: anything but a regular file) is polled first, with
 * a timeout of WAIT_MS after which the interrupt flag is looked at again.
 * It is opened with O_NONBLOCK, so a FIFO without a writer does not block
 * the open() either (on Linux poll() then waits for a writer's data or
 * its end, as a blocking read would). `rest` is TEXT when its bytes are
 * well-formed UTF-8 without NUL, otherwise a BLOB of the bytes: a client
 * that decodes TEXT strictly can read every row.
 */
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ext.h"
#include "reader.h"
#include "utf8.h"
#include "vtab.h"

enum { COL_LINE, COL_PUZZLE, COL_ERROR, COL_REST, COL_PATH, COL_FORMAT };

/* Big enough that reading costs one read() per megabyte; also the longest
 * line the reader takes. */
#define READ_BUFFER (1 << 20)

/* How long a wait for input lasts before the interrupt flag is looked at
 * again (milliseconds). */
#define WAIT_MS 10

/* The most one read() asks for. A read of a regular file is not
 * interrupted, and on a busy machine a megabyte of a fresh sparse file
 * took 7 ms on average (page cache work in the kernel, in proportion to
 * the size); an eighth of that keeps the wait short, for one system call
 * per 1,500 lines or so. */
#define READ_CHUNK (128 << 10)

static const char *const format_names[] = {"auto", "line", NULL};
#define FORMAT_EXPECTED "'auto' or 'line'"

typedef struct read_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 row;     /* the current row, from 0 */
    int on_row;            /* 1: row holds the current row */
    int fd, have_fd;       /* the open file */
    int wait;              /* poll() before read(): not a regular file */
    sqlite3 *db;
    sudoku_cancel cancel;
    double asked_ms;       /* when read_fd last looked at the flag */
    char *buf;             /* READ_BUFFER bytes, allocated on first use */
    sqlite3_value *path;   /* the path argument, as the hidden column */
    char *shown;           /* the path for messages: well-formed UTF-8 */
    sudoku_reader reader;
    sudoku_read_row row_read;
} read_cursor;

static void read_reset(read_cursor *cur)
{
    if (cur->have_fd)
        close(cur->fd);
    cur->have_fd = 0;
    sqlite3_value_free(cur->path);
    cur->path = NULL;
    sqlite3_free(cur->shown);
    cur->shown = NULL;
    cur->on_row = 0;
}

static void read_cursor_free(sqlite3_vtab_cursor *base)
{
    read_cursor *cur = (read_cursor *)base;
    read_reset(cur);
    sqlite3_free(cur->buf);
}

static const char *const arg_names[] = {"path", "format"};
static const ext_table read_table = {
    .name = "sudoku_read",
    .usage = "sudoku_read(path [, format])",
    .schema = "CREATE TABLE x(line INTEGER, puzzle TEXT, error TEXT, rest TEXT, "
              "path TEXT HIDDEN, format TEXT HIDDEN)",
    .first_arg = COL_PATH,
    .nargs = 2,
    .required = 1,
    .arg_names = arg_names,
    .direct_only = 1, /* it reads files: only SQL written by the caller */
    .cost = 100000,   /* a file of unknown size: a guess */
    .rows = 100000,
    .cursor_size = sizeof(read_cursor),
    .row_offset = offsetof(read_cursor, row),
    .rowid_base = 1,
    .cursor_free = read_cursor_free,
};

static int read_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    int rc = ext_vtab_best_index(vtab, info);
    /* Rows come out in file order, which is the order of line and rowid. */
    ext_vtab_ordered_by(info, COL_LINE);
    return rc;
}

/* The scan's error "sudoku_read: <message>", with no row left. */
#define read_fail(cur, ...) ((cur)->on_row = 0, ext_vtab_error(&(cur)->base, __VA_ARGS__))

/* Monotonic milliseconds. */
static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* The reader's read(): waits for input (when the file can make it wait)
 * in steps of WAIT_MS, looking at the interrupt flag after each. The flag
 * is also looked at before a read when a millisecond has passed since it
 * last was: not through the hook, which skips asks that came close
 * together (ext.h), as reads do until the machine gets busy and each
 * takes milliseconds. */
static size_t read_fd(void *arg, char *buf, size_t n)
{
    read_cursor *cur = arg;
    double now = now_ms();
    if (now - cur->asked_ms >= 1.0 || now < cur->asked_ms) {
        cur->asked_ms = now;
        if (ext_interrupted(cur->db))
            return SUDOKU_READ_CANCELLED;
    }
    if (n > READ_CHUNK)
        n = READ_CHUNK;
    for (;;) {
        if (cur->wait) {
            struct pollfd p = {cur->fd, POLLIN, 0};
            int ready = poll(&p, 1, WAIT_MS);
            if (ready < 0 && errno != EINTR)
                return SUDOKU_READ_ERROR;
            if (ready <= 0) { /* timed out, or a signal such as Ctrl-C */
                if (ext_interrupted(cur->db))
                    return SUDOKU_READ_CANCELLED;
                continue;
            }
        }
        ssize_t got = read(cur->fd, buf, n);
        if (got >= 0)
            return (size_t)got;
        if (errno != EINTR && errno != EAGAIN)
            return SUDOKU_READ_ERROR;
        if (ext_interrupted(cur->db))
            return SUDOKU_READ_CANCELLED;
    }
}

static int read_next(sqlite3_vtab_cursor *base)
{
    read_cursor *cur = (read_cursor *)base;
    int got = sudoku_reader_next(&cur->reader, &cur->row_read, &cur->cancel);
    if (got == SUDOKU_CANCELLED) {
        cur->on_row = 0;
        return SQLITE_INTERRUPT;
    }
    if (got < 0)
        return read_fail(cur, "cannot read '%s': %s", cur->shown, strerror(errno));
    cur->on_row = got == 1;
    cur->row++;
    return SQLITE_OK;
}

/* Opens the file at the path argument (TEXT or BLOB, its bytes the name). */
static int read_open_path(read_cursor *cur, sqlite3_value *path)
{
    int type = sqlite3_value_type(path), n, flags, open_errno;
    const char *name;
    const void *nul;
    struct stat st;

    if (type != SQLITE_TEXT && type != SQLITE_BLOB)
        return read_fail(cur, "path must be TEXT or BLOB, not %s", ext_type_name(type));
    /* the bytes as given: a file name is bytes, not necessarily UTF-8 */
    name = type == SQLITE_TEXT ? (const char *)sqlite3_value_text(path)
                               : (const char *)sqlite3_value_blob(path);
    n = sqlite3_value_bytes(path);
    if (!name && n > 0)
        return SQLITE_NOMEM;
    if (!name)
        name = "";
    /* open() would stop at the NUL and read another file */
    nul = memchr(name, '\0', (size_t)n);
    if (nul)
        return read_fail(cur, "path holds a NUL byte at offset %d (file names cannot)",
                         (int)((const char *)nul - name));
    if (!(cur->path = sqlite3_value_dup(path)) ||
        !(cur->shown = sqlite3_malloc(n + 1)))
        return SQLITE_NOMEM;
    ext_quote_text(cur->shown, (size_t)n + 1, (const unsigned char *)name, (size_t)n,
                   (size_t)n);
    if (type == SQLITE_BLOB) {
        /* a BLOB has no NUL after its bytes: open a copy that has */
        char *copy = sqlite3_malloc(n + 1);
        if (!copy)
            return SQLITE_NOMEM;
        memcpy(copy, name, (size_t)n);
        copy[n] = '\0';
        cur->fd = open(copy, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        /* open()'s errno, before the free (an allocator may change it) */
        open_errno = errno;
        sqlite3_free(copy);
    } else {
        cur->fd = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        open_errno = errno;
    }
    if (cur->fd < 0)
        return read_fail(cur, "cannot open '%s': %s", cur->shown, strerror(open_errno));
    cur->have_fd = 1;
    /* O_NONBLOCK was for open() (a FIFO without a writer); reads wait in
     * poll() instead, so they may block once poll() says they will not */
    flags = fcntl(cur->fd, F_GETFL);
    if (flags >= 0)
        fcntl(cur->fd, F_SETFL, flags & ~O_NONBLOCK);
    cur->wait = fstat(cur->fd, &st) != 0 || !S_ISREG(st.st_mode);
    return SQLITE_OK;
}

static int read_filter(sqlite3_vtab_cursor *base, int idx, const char *idx_str, int argc,
                       sqlite3_value **argv)
{
    read_cursor *cur = (read_cursor *)base;
    ext_report rep = ext_vtab_report(base);
    sqlite3_value *arg[EXT_VTAB_MAX_ARGS];
    int fmt = SUDOKU_READ_AUTO, rc, null;
    (void)idx_str;

    read_reset(cur);
    cur->row = -1;
    ext_vtab_args(&read_table, idx, argc, argv, arg);
    if ((rc = ext_vtab_require(base, arg, &null)) != SQLITE_OK || null)
        return rc; /* a NULL: no rows */
    if (arg[1] &&
        ext_read_keyword(&rep, arg[1], "format", format_names, FORMAT_EXPECTED, &fmt) != EXT_OK)
        return ext_vtab_failed(base);
    if (!cur->buf && !(cur->buf = sqlite3_malloc(READ_BUFFER)))
        return SQLITE_NOMEM;
    cur->db = ext_vtab_db(base);
    ext_cancel_init(cur->db, &cur->cancel);
    if ((rc = read_open_path(cur, arg[0])) != SQLITE_OK)
        return rc;
    sudoku_reader_init(&cur->reader, read_fd, cur, cur->buf, READ_BUFFER,
                       (sudoku_read_format)fmt);
    return read_next(base);
}

static int read_eof(sqlite3_vtab_cursor *base)
{
    return !((read_cursor *)base)->on_row;
}

static int read_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    read_cursor *cur = (read_cursor *)base;
    const sudoku_read_row *row = &cur->row_read;
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
        if (!row->rest)
            break;
        /* TEXT must be well-formed for the clients that decode it (and a
         * NUL would cut it short in C): other bytes come as a BLOB */
        if (!memchr(row->rest, '\0', row->rest_len) &&
            sudoku_utf8_valid(row->rest, row->rest_len))
            sqlite3_result_text(ctx, row->rest, (int)row->rest_len, SQLITE_TRANSIENT);
        else
            sqlite3_result_blob(ctx, row->rest, (int)row->rest_len, SQLITE_TRANSIENT);
        break;
    case COL_PATH:
        sqlite3_result_value(ctx, cur->path);
        break;
    case COL_FORMAT:
        sqlite3_result_text(ctx, format_names[cur->reader.format], -1, SQLITE_STATIC);
        break;
    }
    return SQLITE_OK;
}

EXT_VTAB_MODULE(ext_read_module, read_table, read_best_index, read_filter, read_next, read_eof,
                read_column);

/* sudoku_parse(text [, format]): the puzzle that text holds, normalised, or
 * NULL when it holds none (or several, or a line that is not one). */
void ext_parse(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    int fmt = SUDOKU_READ_AUTO, type = sqlite3_value_type(argv[0]), ok;
    const void *bytes;
    sudoku_grid grid;
    sudoku_cancel cancel;
    if (argc > 1 && ext_arg_keyword(ctx, argv[1], "format", format_names,
                                    FORMAT_EXPECTED, &fmt) != EXT_OK)
        return;
    bytes = type == SQLITE_BLOB ? sqlite3_value_blob(argv[0])
                                : (const void *)sqlite3_value_text(argv[0]);
    if (!bytes && sqlite3_value_bytes(argv[0]) > 0) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    /* a value of a billion blank lines takes seconds */
    ext_cancel_init(sqlite3_context_db_handle(ctx), &cancel);
    ok = sudoku_parse_lenient(bytes, (size_t)sqlite3_value_bytes(argv[0]), (sudoku_read_format)fmt,
                              &grid, &cancel);
    if (ok == SUDOKU_CANCELLED)
        ext_result_interrupted(ctx);
    else if (ok)
        ext_result_grid(ctx, &grid);
}
