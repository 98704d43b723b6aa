/*
 * test_interrupt - every SQL function that can run long stops within
 * 100 ms of sqlite3_interrupt() called from another thread, with SQLite's
 * own "interrupted" error, and an interrupted INSERT ... SELECT leaves its
 * table as it was.
 *
 *   test_interrupt PATH/sudoku.so   the loadable module, as a user loads it
 *   test_interrupt --static         built with the extension linked in
 *                                   (-DINTERRUPT_STATIC, -DSQLITE_CORE)
 *
 * The static build also includes core/te_depth.c with each T&E trial
 * slowed down by ~10 microseconds (no real puzzle keeps T&E busy long
 * enough to interrupt it: the slowest depth-3 ones take ~30 ms), which
 * checks that T&E asks the hook often enough and unwinds.
 *
 * sudoku_read is interrupted 200 ms into reading what never makes a row:
 * /dev/zero (one endless line), FIFOs (fed blank and comment lines
 * without end, without a writer, holding half a line from a silent
 * writer) and 2 GB sparse files, in tmpfs and on a disk file system, made
 * in temporary directories and removed (also when the test gives up).
 *
 * Built against Debian's SQLite 3.40 (no sqlite3_is_interrupted: the
 * extension probes with a statement) and, by newer_sqlite.sh, against a
 * newer amalgamation (the extension uses is_interrupted).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#ifdef INTERRUPT_STATIC
/* T&E with each trial slowed down, see above. */
static void slow_trial(void)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &t);
    while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < 10000);
}
#define TE_TRIAL_HOOK() slow_trial()
#include "../../core/te_depth.c"
int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);
#endif

#define INTERRUPT_AFTER_MS 50.0
#define LATENCY_MS 100.0

static int failures;

/* The scratch directories of test_read and the files in them, removed on
 * the way out, also when the test gives up on a statement (_exit). */
static char scratch_dirs[2][256];
static const char *const scratch_files[] = {"fifo", "sparse"};

static void remove_scratch(void)
{
    char path[320];
    for (int d = 0; d < 2; d++) {
        if (!scratch_dirs[d][0])
            continue;
        for (size_t f = 0; f < sizeof scratch_files / sizeof *scratch_files; f++) {
            snprintf(path, sizeof path, "%.255s/%s", scratch_dirs[d], scratch_files[f]);
            unlink(path);
        }
        rmdir(scratch_dirs[d]);
        scratch_dirs[d][0] = '\0';
    }
}

/* The probe statements the extension prepares on SQLite before 3.41 (seen
 * through a trace callback): they show which mechanism is in use. */
static int probes;

static int count_probes(unsigned type, void *ctx, void *stmt, void *sql)
{
    (void)type;
    (void)ctx;
    (void)sql;
    if (strcmp(sqlite3_sql((sqlite3_stmt *)stmt), "SELECT 1") == 0)
        probes++;
    return 0;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

typedef struct interrupter {
    sqlite3 *db;
    const char *what;
    double after;      /* ms after the start */
    double at;         /* when sqlite3_interrupt() was called */
    volatile int done; /* the statement has ended */
} interrupter;

/* A statement still running this long after the interrupt ignores it:
 * the test fails then rather than hang. */
#define GIVE_UP_MS 5000.0

static void *interrupt_later(void *arg)
{
    interrupter *it = arg;
    struct timespec d = {(time_t)(it->after / 1000),
                         (long)((it->after - 1000 * (time_t)(it->after / 1000)) * 1e6)};
    nanosleep(&d, NULL);
    it->at = now_ms();
    sqlite3_interrupt(it->db);
    while (!it->done) {
        struct timespec ms = {0, 1000000};
        if (now_ms() - it->at > GIVE_UP_MS) {
            fprintf(stderr, "FAILED %s: still running %.0f ms after the interrupt\n",
                    it->what, GIVE_UP_MS);
            remove_scratch();
            _exit(1);
        }
        nanosleep(&ms, NULL);
    }
    return NULL;
}

/* Runs sql to its end while another thread interrupts it after `after` ms;
 * it must stop within `limit` ms of the interrupt. */
static void expect_interrupted_within(sqlite3 *db, double after, double limit,
                                      const char *what, const char *sql)
{
    interrupter it = {db, what, after, 0, 0};
    pthread_t th;
    sqlite3_stmt *st = NULL;
    int rc;
    double start, end;

    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "FAILED %s: prepare: %s\n", what, sqlite3_errmsg(db));
        failures++;
        return;
    }
    start = now_ms();
    pthread_create(&th, NULL, interrupt_later, &it);
    do
        rc = sqlite3_step(st);
    while (rc == SQLITE_ROW);
    end = now_ms();
    it.done = 1;
    pthread_join(th, NULL);
    if (rc != SQLITE_INTERRUPT || strcmp(sqlite3_errmsg(db), "interrupted") != 0) {
        fprintf(stderr, "FAILED %s: rc %d (%s) after %.1f ms, want SQLITE_INTERRUPT\n",
                what, rc, sqlite3_errmsg(db), end - start);
        failures++;
    } else if (end - it.at > limit) {
        fprintf(stderr, "FAILED %s: stopped %.1f ms after the interrupt (limit %.0f ms)\n",
                what, end - it.at, limit);
        failures++;
    } else {
        printf("ok  %-44s stopped %5.2f ms after the interrupt\n", what, end - it.at);
    }
    sqlite3_finalize(st);
}

static void expect_interrupted_after(sqlite3 *db, double after, const char *what,
                                     const char *sql)
{
    expect_interrupted_within(db, after, LATENCY_MS, what, sql);
}

static void expect_interrupted(sqlite3 *db, const char *what, const char *sql)
{
    expect_interrupted_after(db, INTERRUPT_AFTER_MS, what, sql);
}

/* The first column of the single row of sql, as an integer (-1: error). */
static long long one_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    long long v = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    else
        fprintf(stderr, "  %s: %s\n", sql, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return v;
}

static void expect_int(sqlite3 *db, const char *what, const char *sql, long long want)
{
    long long got = one_int(db, sql);
    if (got != want) {
        fprintf(stderr, "FAILED %s: %lld, want %lld\n", what, got, want);
        failures++;
    } else {
        printf("ok  %s\n", what);
    }
}

#define EMPTY "'.................................................................................'"
/* Four puzzles of forum_hardest_1905_11plus that the SE rater takes
 * 0.15 to 0.2 s each to rate (11.1 to 11.2), the first of them alone */
#define SE_ONE "'98.76.5..7..9...8...5..8...59...6.7..4.........3.9.4..35...9.6.....2.1.3.........'"
#define SE_HARD                                                                                  \
    "(VALUES (" SE_ONE "), "                                                                     \
    "('.....67.....7...2..8..3...4.3..6...8..59......4..13.....2.......1...4..6......95.'), "    \
    "('98.7.....76....9....5.96....4.....3...86..5......2...1..75..8......1..4......3..2'), "    \
    "('98.7..6..5...8......7..6...4..3......5...4.2...9.5.8...1......3..5.6.7.....2.1.6.'))"
#define HARD "'1.....7.9......2..68.......2.183..5..356.1.2.86..25......5.2...51..683.....31....'"

/* ---- sudoku_read on input that makes no row ---- */

#define READ_INTERRUPT_MS 200.0

/* A writer thread for a FIFO: writes `text` (once, or over and over) and
 * then stays until told to stop. */
typedef struct feeder {
    const char *path, *text;
    int repeat;
    volatile int stop;
    pthread_t thread;
} feeder;

static void *feed(void *arg)
{
    feeder *f = arg;
    int fd = -1;
    /* without O_NONBLOCK, open() would wait for a reader that may never
     * come if the test fails */
    while (!f->stop && (fd = open(f->path, O_WRONLY | O_NONBLOCK)) < 0) {
        struct timespec d = {0, 1000000};
        nanosleep(&d, NULL);
    }
    if (fd < 0)
        return NULL;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    size_t len = strlen(f->text);
    do {
        if (write(fd, f->text, len) < 0) /* EPIPE: the reader is gone */
            break;
    } while (f->repeat && !f->stop);
    while (!f->stop) {
        struct timespec d = {0, 1000000};
        nanosleep(&d, NULL);
    }
    close(fd);
    return NULL;
}

/* A sparse file of 2 GB of NUL bytes in `dir`. A quiet machine reads it in
 * a quarter of a second, so the statement reads it up to 64 times over
 * (each pass a fresh scan): the interrupt lands inside a pass. */
static void test_sparse(sqlite3 *db, const char *dir, double limit, const char *what)
{
    char path[320], sql[600];
    snprintf(path, sizeof path, "%s/sparse", dir);
    int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
    if (fd < 0 || ftruncate(fd, (off_t)2 << 30) != 0) {
        fprintf(stderr, "FAILED %s: a 2 GB sparse file: %s\n", what, strerror(errno));
        failures++;
    } else {
        snprintf(sql, sizeof sql,
                 "WITH RECURSIVE pass(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM pass "
                 "WHERE i < 64) SELECT count(*) FROM pass CROSS JOIN sudoku_read('%s')",
                 path);
        expect_interrupted_within(db, READ_INTERRUPT_MS, limit, what, sql);
    }
    if (fd >= 0)
        close(fd);
    unlink(path);
}

/* 1 when dir is in memory (tmpfs, ramfs), 0 on a disk, -1 when unknown. */
static int in_memory(const char *dir)
{
    struct statfs fs;
    if (statfs(dir, &fs) != 0)
        return -1;
    return fs.f_type == 0x01021994 /* TMPFS_MAGIC */ || fs.f_type == 0x858458f6 /* RAMFS */;
}

/* A new directory in `parent`, noted for remove_scratch() (slot d). */
static const char *scratch_dir(int d, const char *parent)
{
    snprintf(scratch_dirs[d], sizeof scratch_dirs[d], "%s/sudoku_interrupt_XXXXXX", parent);
    if (!mkdtemp(scratch_dirs[d])) {
        scratch_dirs[d][0] = '\0';
        return NULL;
    }
    return scratch_dirs[d];
}

/* The slowest a single read() of a regular file on a disk file system may
 * make the wait: no interrupt cuts it short, and filling the page cache
 * for holes is kernel work (0.2 to 54 ms were measured on ext4 on the
 * loaded machine; the reader reads 128 KiB at a time to keep it short). */
#define DISK_LATENCY_MS 500.0

static void test_read(sqlite3 *db)
{
    /* tmpfs where there is one: holes read as the zero page, no kernel
     * page cache work, so the 100 ms limit holds however busy the machine */
    char path[320], sql[600];
    const char *dir = scratch_dir(0, access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    if (!dir) {
        fprintf(stderr, "FAILED sudoku_read: mkdtemp: %s\n", strerror(errno));
        failures++;
        return;
    }
    signal(SIGPIPE, SIG_IGN); /* a feeder writing after the reader is gone */

    /* one endless line of NUL bytes: its tail is dropped, no row comes */
    expect_interrupted_after(db, READ_INTERRUPT_MS, "count(*) FROM sudoku_read('/dev/zero')",
                             "SELECT count(*) FROM sudoku_read('/dev/zero')");

    /* FIFOs: fed blank and comment lines for ever; with no writer; with
     * half a line from a writer that then says nothing */
    snprintf(path, sizeof path, "%s/fifo", dir);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM sudoku_read('%s')", path);
    if (mkfifo(path, 0600) != 0) {
        fprintf(stderr, "FAILED sudoku_read: mkfifo: %s\n", strerror(errno));
        failures++;
    } else {
        static const struct {
            const char *what, *text;
            int repeat;
        } fifos[] = {
            {"sudoku_read(FIFO fed blank and comment lines)",
             "\n# a comment\n   \n\r\n# another\n\n", 1},
            {"sudoku_read(FIFO without a writer)", NULL, 0},
            {"sudoku_read(FIFO with half a line, writer silent)", "1..456...4......2", 0},
        };
        for (size_t i = 0; i < sizeof fifos / sizeof *fifos; i++) {
            feeder f = {path, fifos[i].text, fifos[i].repeat, 0, 0};
            if (f.text)
                pthread_create(&f.thread, NULL, feed, &f);
            expect_interrupted_after(db, READ_INTERRUPT_MS, fifos[i].what, sql);
            f.stop = 1;
            if (f.text)
                pthread_join(f.thread, NULL);
        }
        unlink(path);
    }

    test_sparse(db, dir, LATENCY_MS, in_memory(dir) == 1 ? "sudoku_read(2 GB sparse file, tmpfs)"
                                                         : "sudoku_read(2 GB sparse file)");

    /* The case #39 reported: the sparse file on a disk file system (the
     * first of $TMPDIR, /var/tmp, /tmp and the working directory that is
     * one), with the looser limit above. */
    const char *tmpdir = getenv("TMPDIR");
    const char *parents[] = {tmpdir && *tmpdir ? tmpdir : "/var/tmp", "/var/tmp", "/tmp", "."};
    const char *disk = NULL;
    for (size_t i = 0; i < sizeof parents / sizeof *parents && !disk; i++)
        if (access(parents[i], W_OK) == 0 && in_memory(parents[i]) == 0)
            disk = scratch_dir(1, parents[i]);
    if (disk)
        test_sparse(db, disk, DISK_LATENCY_MS, "sudoku_read(2 GB sparse file, disk)");
    else
        printf("--  sudoku_read(2 GB sparse file, disk): no disk file system to write to\n");
    remove_scratch();
}

int main(int argc, char **argv)
{
    sqlite3 *db;
    char *err = NULL;

#ifdef INTERRUPT_STATIC
    sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
    (void)argc;
    (void)argv;
#else
    if (argc != 2) {
        fprintf(stderr, "usage: test_interrupt PATH/sudoku.so\n");
        return 2;
    }
#endif
    printf("SQLite %s\n", sqlite3_libversion());
    if (sqlite3_open(":memory:", &db) != SQLITE_OK)
        return 1;
#ifndef INTERRUPT_STATIC
    sqlite3_enable_load_extension(db, 1);
    if (sqlite3_load_extension(db, argv[1], NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "cannot load %s: %s\n", argv[1], err);
        return 1;
    }
#endif

    sqlite3_trace_v2(db, SQLITE_TRACE_STMT, count_probes, NULL);
    expect_interrupted(db, "sudoku_count(empty grid)", "SELECT sudoku_count(" EMPTY ")");
    sqlite3_trace_v2(db, 0, NULL, NULL);
    if ((sqlite3_libversion_number() >= 3041000) != (probes == 0)) {
        fprintf(stderr, "FAILED: %d probe statements on SQLite %s\n", probes,
                sqlite3_libversion());
        failures++;
    } else {
        printf("ok  %s (%d probe statements)\n",
               probes ? "probes with a statement (before 3.41)"
                      : "asks sqlite3_is_interrupted (3.41+)", probes);
    }
    expect_interrupted(db, "sudoku_count(empty grid, huge limit)",
                       "SELECT sudoku_count(" EMPTY ", 9223372036854775807)");
    /* the connection works again once the interrupted statement is gone */
    expect_int(db, "a call after the interrupt runs normally",
               "SELECT sudoku_count(" HARD ")", 1);
    /* SQLite itself checks for interrupts between the rows of a table-valued
     * function */
    expect_interrupted(db, "count(*) FROM sudoku_scrambles(p, 2^63-1, 1)",
                       "SELECT count(*) FROM sudoku_scrambles(" HARD ", 9223372036854775807, 1)");

    /* nothing half-written: the first row's insert is rolled back */
    sqlite3_exec(db, "CREATE TABLE t(n INTEGER); INSERT INTO t VALUES (42)", NULL, NULL, &err);
    expect_interrupted(db, "INSERT ... SELECT sudoku_count(p) FROM (2 rows)",
                       "INSERT INTO t SELECT sudoku_count(column1) FROM (VALUES (" HARD "), (" EMPTY
                       "))");
    expect_int(db, "the interrupted INSERT left the table unchanged",
               "SELECT count(*) * 1000 + sum(n) FROM t", 1042);
    sqlite3_exec(db, "BEGIN; INSERT INTO t VALUES (7)", NULL, NULL, &err);
    expect_interrupted(db, "the same inside an explicit transaction",
                       "INSERT INTO t SELECT sudoku_count(column1) FROM (VALUES (" HARD "), (" EMPTY
                       "))");
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL); /* fails: already rolled back */
    expect_int(db, "which SQLite rolls back as a whole",
               "SELECT count(*) * 1000 + sum(n) FROM t", 1042);

    /* The SE rater, whose work areas stay with the connection: the next
     * rating after an interrupted one starts clean */
    expect_interrupted(db, "sudoku_se_rating(four 11.x puzzles)",
                       "SELECT sudoku_se_rating(column1) FROM " SE_HARD);
    expect_int(db, "the first one's ER (tenths) when not interrupted",
               "SELECT sudoku_se_rating(" SE_ONE ") * 10", 111);
    expect_interrupted(db, "sudoku_se_steps(four 11.x puzzles)",
                       "SELECT count(*) FROM " SE_HARD " v, sudoku_se_steps(v.column1)");
    expect_int(db, "the first one's step count when not interrupted",
               "SELECT count(*) FROM sudoku_se_steps(" SE_ONE ")", 131);

    test_read(db);

#ifdef INTERRUPT_STATIC
    expect_interrupted(db, "sudoku_te_depth(depth 3, slowed trials)",
                       "SELECT sudoku_te_depth(" HARD ")");
    expect_int(db, "the same puzzle's depth when not interrupted",
               "SELECT sudoku_te_depth(" HARD ")", 3);
#endif

    sqlite3_close(db);
    printf("%s\n", failures ? "FAILED" : "all passed");
    return failures != 0;
}
