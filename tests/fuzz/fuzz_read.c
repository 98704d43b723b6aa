/* libFuzzer target: the lenient reader (core/reader.h), sudoku_parse and
 * sudoku_read. The bytes are a file. Oracles: the memory reader and the
 * buffered reader (a 128-byte buffer, reads cut at input-chosen places,
 * a cancel hook that says stop on every few asks, after which the call is
 * repeated) give the same rows apart from lines too long for the small
 * buffer; every puzzle row formats to text the strict parser reads back
 * to the same grid, with line numbers increasing and inside the file (CR,
 * LF and CR LF each end a line); every error is a NUL-terminated message;
 * sudoku_parse_lenient succeeds exactly when the reader gives one row and
 * it is a puzzle; SQL's sudoku_parse returns that puzzle or NULL, never an
 * error; SQL's sudoku_read of the bytes as a file (a memfd) gives the
 * memory reader's rows, `rest` as TEXT exactly when it is well-formed
 * UTF-8 without NUL, else as a BLOB of the same bytes. */
#define _GNU_SOURCE
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "reader.h"
#include "utf8.h"

int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);

typedef struct chunks {
    const uint8_t *data;
    size_t size, pos;
} chunks;

static size_t chunk_read(void *arg, char *buf, size_t n)
{
    chunks *c = arg;
    size_t k = c->size - c->pos;
    /* the byte at the read position picks the chunk length */
    size_t want = c->pos < c->size ? 1 + c->data[c->pos] % 64 : 1;
    if (k > want)
        k = want;
    if (k > n)
        k = n;
    memcpy(buf, c->data + c->pos, k);
    c->pos += k;
    return k;
}

/* A cancel hook that says stop on every `every`-th ask (every >= 2, so
 * that each stop is followed by progress). */
typedef struct stopper {
    unsigned asks, every;
} stopper;

static int stop_every(void *arg)
{
    stopper *s = arg;
    return ++s->asks % s->every == 0;
}

/* The buffered reader's next row, the call repeated after each stop. */
static int next_resumed(sudoku_reader *r, sudoku_read_row *row, const sudoku_cancel *cancel)
{
    int rc;
    while ((rc = sudoku_reader_next(r, row, cancel)) == SUDOKU_CANCELLED)
        ;
    return rc;
}

/* sudoku_read through SQL on the bytes as a file: the rows agree with
 * the memory reader's (a 1 MiB buffer: no line of a fuzz input is too
 * long for it). */
static void check_sql_read(sqlite3 *db, const uint8_t *data, size_t size)
{
    static int fd = -2;
    static sqlite3_stmt *st;
    char path[64];
    if (fd == -2) {
        fd = memfd_create("fuzz_read", 0);
        if (fd >= 0 && sqlite3_prepare_v2(db, "SELECT line, puzzle, error, rest FROM "
                                              "sudoku_read(?1)", -1, &st, NULL) != SQLITE_OK)
            abort();
    }
    if (fd < 0 || size >= 1 << 20)
        return; /* no memfd (or a line could be too long): skipped */
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    sqlite3_bind_text(st, 1, path, -1, SQLITE_TRANSIENT);
    sudoku_reader mem;
    sudoku_read_row a;
    sudoku_reader_init_memory(&mem, data, size, SUDOKU_READ_AUTO);
    for (;;) {
        int rc = sqlite3_step(st), ra = sudoku_reader_next(&mem, &a, NULL);
        if (rc != SQLITE_ROW) {
            if (rc != SQLITE_DONE || ra != 0)
                abort();
            break;
        }
        if (ra != 1 || (uint64_t)sqlite3_column_int64(st, 0) != a.line)
            abort();
        if (a.ok) {
            char text[SUDOKU_CELLS];
            sudoku_grid_to_line(&a.grid, text);
            if (sqlite3_column_bytes(st, 1) != SUDOKU_CELLS ||
                memcmp(sqlite3_column_text(st, 1), text, SUDOKU_CELLS) != 0 ||
                sqlite3_column_type(st, 2) != SQLITE_NULL)
                abort();
        } else if (sqlite3_column_type(st, 1) != SQLITE_NULL ||
                   strcmp((const char *)sqlite3_column_text(st, 2), a.error) != 0) {
            abort();
        }
        int type = sqlite3_column_type(st, 3);
        if (!a.rest) {
            if (type != SQLITE_NULL)
                abort();
            continue;
        }
        int text = !memchr(a.rest, '\0', a.rest_len) && sudoku_utf8_valid(a.rest, a.rest_len);
        const void *got = type == SQLITE_TEXT ? (const void *)sqlite3_column_text(st, 3)
                                              : sqlite3_column_blob(st, 3);
        if (type != (text ? SQLITE_TEXT : SQLITE_BLOB) ||
            (size_t)sqlite3_column_bytes(st, 3) != a.rest_len ||
            memcmp(got, a.rest, a.rest_len) != 0)
            abort();
    }
    sqlite3_reset(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sqlite3 *db;
    static sqlite3_stmt *st;
    sudoku_reader mem, buffered;
    sudoku_read_row a, b;
    char buf[128];
    chunks c = {data, size, 0};
    uint64_t last = 0, lines = 1;
    int rows = 0, long_lines = 0, ra, rb;
    sudoku_grid one, back;
    stopper stop = {0, 2 + (size ? data[0] % 7 : 0)};
    sudoku_cancel cancel = {stop_every, &stop};

    /* lines end at LF, CR LF or CR; a line that cannot fit the small
     * buffer makes the two readers differ */
    for (size_t i = 0, start = 0; i <= size; i++)
        if (i == size || data[i] == '\n' || data[i] == '\r') {
            long_lines |= i - start >= sizeof buf;
            if (i + 1 < size && data[i] == '\r' && data[i + 1] == '\n')
                i++;
            start = i + 1;
            lines += i < size;
        }

    sudoku_reader_init_memory(&mem, data, size, SUDOKU_READ_AUTO);
    sudoku_reader_init(&buffered, chunk_read, &c, buf, sizeof buf, SUDOKU_READ_AUTO);
    for (;;) {
        ra = sudoku_reader_next(&mem, &a, NULL);
        if (ra != 1)
            break;
        rows++;
        if (a.line < last || a.line == 0 || a.line > lines)
            abort();
        last = a.line;
        if (a.ok) {
            char text[SUDOKU_CELLS];
            sudoku_grid_to_line(&a.grid, text);
            if (sudoku_grid_parse(text, sizeof text, &back, NULL) != SUDOKU_PARSE_OK ||
                memcmp(&back, &a.grid, sizeof back) != 0)
                abort();
            if (a.rest &&
                (a.rest < (const char *)data || a.rest + a.rest_len > (const char *)data + size))
                abort();
        } else if (memchr(a.error, '\0', sizeof a.error) == NULL || !a.error[0]) {
            abort();
        }
        if (!long_lines) {
            rb = next_resumed(&buffered, &b, &cancel);
            if (rb != 1 || b.line != a.line || b.ok != a.ok ||
                (a.ok && (memcmp(&a.grid, &b.grid, sizeof a.grid) != 0 ||
                          a.rest_len != b.rest_len ||
                          (a.rest_len && memcmp(a.rest, b.rest, a.rest_len) != 0))) ||
                (!a.ok && strcmp(a.error, b.error) != 0))
                abort();
        }
    }
    if (ra != 0 || (!long_lines && next_resumed(&buffered, &b, &cancel) != 0))
        abort();

    int ok = sudoku_parse_lenient(data, size, SUDOKU_READ_AUTO, &one, NULL);
    sudoku_reader_init_memory(&mem, data, size, SUDOKU_READ_AUTO);
    if (ok != (rows == 1 && sudoku_reader_next(&mem, &a, NULL) == 1 && a.ok))
        abort();

    if (!db) {
        sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
        if (sqlite3_open(":memory:", &db) != SQLITE_OK ||
            sqlite3_prepare_v2(db, "SELECT sudoku_parse(?1)", -1, &st, NULL) != SQLITE_OK)
            abort();
    }
    sqlite3_bind_blob(st, 1, data, (int)size, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_ROW)
        abort();
    if (ok) {
        char text[SUDOKU_CELLS];
        sudoku_grid_to_line(&one, text);
        if (sqlite3_column_bytes(st, 0) != SUDOKU_CELLS ||
            memcmp(sqlite3_column_text(st, 0), text, SUDOKU_CELLS) != 0)
            abort();
    } else if (sqlite3_column_type(st, 0) != SQLITE_NULL) {
        abort();
    }
    sqlite3_reset(st);
    check_sql_read(db, data, size);
    return 0;
}
