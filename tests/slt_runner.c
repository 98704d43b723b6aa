/*
 * slt_runner - runs SQL logic test files (sqllogictest format) against the
 * sudoku extension.
 *
 *   slt_runner [--load MODULE] [--static] FILE.test ...
 *
 * Each file gets a fresh in-memory database with the module loaded
 * (--static: the extension linked in with sqlite3_auto_extension).
 * Records, separated by blank lines ('#' starts a comment line):
 *
 *   statement ok                 the SQL must succeed
 *   statement error [TEXT]       the SQL must fail, its message holding TEXT
 *   query TYPES [SORT] [LABEL]   TYPES: one letter per column, T text,
 *   SQL...                       I integer, R real (%.3f); SORT: nosort
 *   ----                         (default), rowsort or valuesort
 *   expected results             one value per line, or one row per line
 *                                with values separated by single spaces
 *   hash-threshold N             results with more than N values are given
 *                                as "K values hashing to MD5"
 *   include PATH                 run the SQL file PATH (relative to the
 *                                working directory) as `statement ok`;
 *                                its sqlite3-shell dot-command lines are
 *                                skipped, so the sql/ recipes run as is;
 *                                as the SQL of a query, the file's rows
 *                                are the result
 *   halt                         stop reading this file
 *
 * NULL prints as "NULL", the empty string as "(empty)", and bytes outside
 * printable ASCII as '@', as in the original sqllogictest.
 *
 * SQLite's allocator is wrapped so that sqlite3_free() sets errno (free()
 * may, and some allocators do): an error message that reads errno after a
 * free names the wrong error, and the tests that expect strerror's text
 * see it.
 * Ends with "N passed, N failed" (records); the exit status is 1 on any
 * failure.
 */
#include <errno.h>
#include <math.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SLT_STATIC
int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);
#endif

/* ---- an allocator whose free changes errno (see above) ---- */

static sqlite3_mem_methods real_memory;

static void free_changing_errno(void *p)
{
    real_memory.xFree(p);
    errno = EDOM;
}

/* Before SQLite is initialised (sqlite3_auto_extension initialises it). */
static void wrap_allocator(void)
{
    sqlite3_mem_methods wrapped;
    if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &real_memory) != SQLITE_OK)
        return;
    wrapped = real_memory;
    wrapped.xFree = free_changing_errno;
    sqlite3_config(SQLITE_CONFIG_MALLOC, &wrapped);
}

/* ---- MD5 (RFC 1321), for hash-threshold results ---- */

typedef struct md5 {
    uint32_t h[4];
    uint64_t length;
    unsigned char block[64];
    size_t used;
    uint32_t k[64];
} md5;

static void md5_init(md5 *m)
{
    m->h[0] = 0x67452301;
    m->h[1] = 0xefcdab89;
    m->h[2] = 0x98badcfe;
    m->h[3] = 0x10325476;
    m->length = 0;
    m->used = 0;
    for (int i = 0; i < 64; i++)
        m->k[i] = (uint32_t)(fabs(sin((double)(i + 1))) * 4294967296.0);
}

static uint32_t rotl32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void md5_block(md5 *m)
{
    static const int shift[4][4] = {
        {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    uint32_t w[16], a = m->h[0], b = m->h[1], c = m->h[2], d = m->h[3];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)m->block[4 * i] | (uint32_t)m->block[4 * i + 1] << 8 |
               (uint32_t)m->block[4 * i + 2] << 16 |
               (uint32_t)m->block[4 * i + 3] << 24;
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g, round = i / 16;
        if (round == 0) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (round == 1) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        } else if (round == 2) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        uint32_t next = b + rotl32(a + f + m->k[i] + w[g], shift[round][i % 4]);
        a = d;
        d = c;
        c = b;
        b = next;
    }
    m->h[0] += a;
    m->h[1] += b;
    m->h[2] += c;
    m->h[3] += d;
}

static void md5_update(md5 *m, const void *data, size_t n)
{
    const unsigned char *p = data;
    m->length += n;
    while (n--) {
        m->block[m->used++] = *p++;
        if (m->used == 64) {
            md5_block(m);
            m->used = 0;
        }
    }
}

static void md5_hex(md5 *m, char out[33])
{
    uint64_t bits = m->length * 8;
    unsigned char pad = 0x80, zero = 0, len[8];
    md5_update(m, &pad, 1);
    while (m->used != 56)
        md5_update(m, &zero, 1);
    for (int i = 0; i < 8; i++)
        len[i] = (unsigned char)(bits >> (8 * i));
    md5_update(m, len, 8);
    for (int i = 0; i < 16; i++)
        sprintf(out + 2 * i, "%02x", (m->h[i / 4] >> (8 * (i % 4))) & 0xff);
}

/* ---- growable lists of strings ---- */

typedef struct strlist {
    char **item;
    size_t n, cap;
} strlist;

static void push(strlist *l, char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->item = realloc(l->item, l->cap * sizeof *l->item);
        if (!l->item) {
            perror("realloc");
            exit(2);
        }
    }
    l->item[l->n++] = s;
}

static void clear(strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->item[i]);
    l->n = 0;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ---- running records ---- */

typedef struct runner {
    const char *module;
    int use_static;
    int passed, failed;
    int hash_threshold;
} runner;

static char *render(sqlite3_stmt *st, int col, char type)
{
    char buf[64];
    const unsigned char *text;
    char *out;
    if (sqlite3_column_type(st, col) == SQLITE_NULL)
        return strdup("NULL");
    if (type == 'I') {
        snprintf(buf, sizeof buf, "%lld", (long long)sqlite3_column_int64(st, col));
        return strdup(buf);
    }
    if (type == 'R') {
        snprintf(buf, sizeof buf, "%.3f", sqlite3_column_double(st, col));
        return strdup(buf);
    }
    text = sqlite3_column_text(st, col);
    if (!text || !*text)
        return strdup("(empty)");
    out = strdup((const char *)text);
    for (char *p = out; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            *p = '@';
    return out;
}

/* Runs all statements of sql; on a query, collects each row as its
 * rendered values joined by '\x01' (which render() never produces).
 * Returns SQLITE_OK or the error, with its message in *err (malloc'ed). */
static int run_sql(sqlite3 *db, const char *sql, const char *types,
                   strlist *rows, int *ncols, char **err)
{
    const char *tail = sql;
    *err = NULL;
    while (tail && *tail) {
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(db, tail, -1, &st, &tail);
        if (rc != SQLITE_OK) {
            *err = strdup(sqlite3_errmsg(db));
            return rc;
        }
        if (!st)
            continue; /* whitespace or comment */
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            int n = sqlite3_column_count(st);
            size_t total = 1, used = 0;
            char *row = NULL;
            *ncols = n;
            for (int c = 0; c < n; c++) {
                char type = types && c < (int)strlen(types) ? types[c] : 'T';
                char *v = render(st, c, type);
                size_t len = strlen(v);
                total += len + 1;
                row = realloc(row, total);
                if (c)
                    row[used++] = '\x01';
                memcpy(row + used, v, len + 1);
                used += len;
                free(v);
            }
            if (!row)
                row = strdup("");
            if (rows)
                push(rows, row);
            else
                free(row);
        }
        if (rc != SQLITE_DONE) {
            *err = strdup(sqlite3_errmsg(db));
            sqlite3_finalize(st);
            return rc;
        }
        sqlite3_finalize(st);
    }
    return SQLITE_OK;
}

static void report(runner *r, const char *file, int line, const char *fmt,
                   const char *a, const char *b)
{
    fprintf(stderr, "%s:%d: FAILED: ", file, line);
    fprintf(stderr, fmt, a ? a : "", b ? b : "");
    fputc('\n', stderr);
    r->failed++;
}

static sqlite3 *open_db(runner *r, const char *file)
{
    sqlite3 *db = NULL;
    char *err = NULL;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
        fprintf(stderr, "%s: cannot open database\n", file);
        return NULL;
    }
    if (!r->use_static) {
        sqlite3_enable_load_extension(db, 1);
        if (sqlite3_load_extension(db, r->module, NULL, &err) != SQLITE_OK) {
            fprintf(stderr, "%s: cannot load %s: %s\n", file, r->module,
                    err ? err : "?");
            sqlite3_free(err);
            sqlite3_close(db);
            return NULL;
        }
    }
    return db;
}

/* Reads the whole file; returns its lines (CR stripped). */
static int read_lines(const char *file, strlist *lines)
{
    FILE *f = fopen(file, "rb");
    char *buf = NULL;
    size_t cap = 0;
    ssize_t n;
    if (!f)
        return 0;
    while ((n = getline(&buf, &cap, f)) >= 0) {
        while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
            buf[--n] = '\0';
        push(lines, strdup(buf));
    }
    free(buf);
    fclose(f);
    return 1;
}

static char *join_sql(strlist *lines, size_t from, size_t to);

/* The SQL of a file, its sqlite3-shell dot-command lines dropped so the
 * sql/ scripts run as they are. NULL when unreadable. */
static char *read_sql_file(const char *path)
{
    strlist body = {0};
    char *sql;
    if (!read_lines(path, &body))
        return NULL;
    for (size_t k = 0; k < body.n; k++)
        if (body.item[k][0] == '.')
            body.item[k][0] = '\0';
    sql = join_sql(&body, 0, body.n);
    clear(&body);
    free(body.item);
    return sql;
}

static int blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t')
            return 0;
    return 1;
}

static char *join_sql(strlist *lines, size_t from, size_t to)
{
    size_t total = 1;
    for (size_t i = from; i < to; i++)
        total += strlen(lines->item[i]) + 1;
    char *sql = malloc(total), *p = sql;
    for (size_t i = from; i < to; i++) {
        size_t len = strlen(lines->item[i]);
        memcpy(p, lines->item[i], len);
        p += len;
        *p++ = '\n';
    }
    *p = '\0';
    return sql;
}

static void check_query(runner *r, sqlite3 *db, const char *file, int line,
                        const char *types, const char *sort, const char *sql,
                        strlist *expected)
{
    strlist rows = {0}, values = {0};
    int ncols = 0, ok = 0;
    char *err = NULL;
    int rc = run_sql(db, sql, types, &rows, &ncols, &err);
    if (rc != SQLITE_OK) {
        report(r, file, line, "query failed: %s%s", err, "");
        free(err);
        goto done;
    }
    if (rows.n && ncols != (int)strlen(types)) {
        char msg[96];
        snprintf(msg, sizeof msg, "%d columns, but types '%.40s'", ncols, types);
        report(r, file, line, "%s%s", msg, "");
        goto done;
    }
    if (strcmp(sort, "rowsort") == 0)
        qsort(rows.item, rows.n, sizeof *rows.item, compare_strings);
    for (size_t i = 0; i < rows.n; i++) {
        char *copy = strdup(rows.item[i]), *p = copy, *sep;
        while ((sep = strchr(p, '\x01')) != NULL) {
            *sep = '\0';
            push(&values, strdup(p));
            p = sep + 1;
        }
        push(&values, strdup(p));
        free(copy);
        for (char *q = rows.item[i]; *q; q++)
            if (*q == '\x01')
                *q = ' ';
    }
    if (strcmp(sort, "valuesort") == 0)
        qsort(values.item, values.n, sizeof *values.item, compare_strings);

    if ((expected->n == 1 && strstr(expected->item[0], " values hashing to ")) ||
        (r->hash_threshold > 0 && (int)values.n > r->hash_threshold)) {
        char want[128], hex[33];
        md5 m;
        md5_init(&m);
        for (size_t i = 0; i < values.n; i++) {
            md5_update(&m, values.item[i], strlen(values.item[i]));
            md5_update(&m, "\n", 1);
        }
        md5_hex(&m, hex);
        snprintf(want, sizeof want, "%zu values hashing to %s", values.n, hex);
        ok = expected->n == 1 && strcmp(expected->item[0], want) == 0;
        if (!ok)
            fprintf(stderr, "%s:%d: FAILED: expected '%s', got '%s'\n", file,
                    line, expected->n ? expected->item[0] : "", want);
    } else {
        /* One value per line, or one row per line. */
        if (expected->n == values.n) {
            ok = 1;
            for (size_t i = 0; ok && i < values.n; i++)
                ok = strcmp(expected->item[i], values.item[i]) == 0;
        }
        if (!ok && expected->n == rows.n && strcmp(sort, "valuesort") != 0) {
            ok = 1;
            for (size_t i = 0; ok && i < rows.n; i++)
                ok = strcmp(expected->item[i], rows.item[i]) == 0;
        }
        if (!ok) {
            fprintf(stderr, "%s:%d: FAILED: result mismatch\n  expected:\n", file, line);
            for (size_t i = 0; i < expected->n; i++)
                fprintf(stderr, "    %s\n", expected->item[i]);
            fprintf(stderr, "  actual:\n");
            for (size_t i = 0; i < rows.n; i++)
                fprintf(stderr, "    %s\n", rows.item[i]);
        }
    }
    if (ok)
        r->passed++;
    else
        r->failed++;
done:
    clear(&rows);
    clear(&values);
    free(rows.item);
    free(values.item);
}

static void run_file(runner *r, const char *file)
{
    strlist lines = {0};
    sqlite3 *db;
    size_t i = 0;

    if (!read_lines(file, &lines)) {
        fprintf(stderr, "%s: cannot read\n", file);
        r->failed++;
        return;
    }
    db = open_db(r, file);
    if (!db) {
        r->failed++;
        goto out;
    }
    r->hash_threshold = 0;
    while (i < lines.n) {
        char *head = lines.item[i];
        int line = (int)i + 1;
        if (blank(head) || head[0] == '#') {
            i++;
            continue;
        }
        if (strcmp(head, "halt") == 0)
            break;
        if (strncmp(head, "include ", 8) == 0) {
            char *sql = read_sql_file(head + 8), *err = NULL;
            int ncols = 0;
            i++;
            if (!sql)
                report(r, file, line, "cannot read '%s'%s", head + 8, "");
            else if (run_sql(db, sql, NULL, NULL, &ncols, &err) == SQLITE_OK)
                r->passed++;
            else
                report(r, file, line, "include failed: %s%s", err, "");
            free(sql);
            free(err);
            continue;
        }
        if (strncmp(head, "hash-threshold", 14) == 0) {
            r->hash_threshold = atoi(head + 14);
            i++;
            continue;
        }
        size_t start = ++i, end;
        if (strncmp(head, "statement ", 10) == 0) {
            while (i < lines.n && !blank(lines.item[i]))
                i++;
            end = i;
            char *sql = join_sql(&lines, start, end), *err = NULL;
            int ncols = 0;
            int rc = run_sql(db, sql, NULL, NULL, &ncols, &err);
            const char *mode = head + 10;
            if (strcmp(mode, "ok") == 0) {
                if (rc == SQLITE_OK)
                    r->passed++;
                else
                    report(r, file, line, "statement failed: %s%s", err, "");
            } else if (strncmp(mode, "error", 5) == 0) {
                const char *want = mode + 5;
                while (*want == ' ')
                    want++;
                if (rc == SQLITE_OK)
                    report(r, file, line, "statement succeeded, expected error '%s'%s",
                           want, "");
                else if (*want && !strstr(err, want))
                    report(r, file, line, "error '%s' does not contain '%s'", err, want);
                else
                    r->passed++;
            } else {
                report(r, file, line, "unknown statement mode '%s'%s", mode, "");
            }
            free(sql);
            free(err);
        } else if (strncmp(head, "query ", 6) == 0) {
            char types[64] = "", sort[32] = "nosort";
            sscanf(head + 6, "%63s %31s", types, sort);
            while (i < lines.n && strcmp(lines.item[i], "----") != 0 &&
                   !blank(lines.item[i]))
                i++;
            end = i;
            strlist expected = {0};
            if (i < lines.n && strcmp(lines.item[i], "----") == 0) {
                i++;
                while (i < lines.n && !blank(lines.item[i]))
                    push(&expected, strdup(lines.item[i++]));
            }
            char *sql = join_sql(&lines, start, end);
            if (strncmp(sql, "include ", 8) == 0) {
                /* the query's SQL is a file: its rows are the result */
                sql[strcspn(sql, "\n")] = '\0';
                char *body = read_sql_file(sql + 8);
                free(sql);
                sql = body;
            }
            if (sql)
                check_query(r, db, file, line, types, sort, sql, &expected);
            else
                report(r, file, line, "cannot read the query's file%s%s", "", "");
            free(sql);
            clear(&expected);
            free(expected.item);
        } else {
            report(r, file, line, "unknown record '%s'%s", head, "");
            while (i < lines.n && !blank(lines.item[i]))
                i++;
        }
    }
    sqlite3_close(db);
out:
    clear(&lines);
    free(lines.item);
}

int main(int argc, char **argv)
{
    runner r = {0};
    int files = 0;
    wrap_allocator();
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--load") == 0 && i + 1 < argc) {
            r.module = argv[++i];
        } else if (strcmp(argv[i], "--static") == 0) {
#ifdef SLT_STATIC
            r.use_static = 1;
            sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
#else
            fprintf(stderr, "built without the static extension\n");
            return 2;
#endif
        }
    }
    if (!r.module && !r.use_static) {
        fprintf(stderr, "usage: %s --load MODULE | --static FILE.test ...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--load") == 0) {
            i++;
            continue;
        }
        if (strcmp(argv[i], "--static") == 0)
            continue;
        run_file(&r, argv[i]);
        files++;
    }
    printf("%d passed, %d failed\n", r.passed, r.failed);
    sqlite3_shutdown();
    return r.failed || !files ? 1 : 0;
}
