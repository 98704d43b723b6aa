/*
 * test_threads - two threads, two connections, the same queries at the
 * same time must give the answers a single thread gives. Built with
 * ThreadSanitizer (and the extension linked in statically), so a data race
 * in core/ or ext/ fails the test even when the answers happen to agree.
 *
 *   test_threads CASES.tsv
 *
 * CASES.tsv is tests/clients/cases.tsv: each SQL function once, plus
 * heavier whole-table queries below.
 */
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sqlite3_sudoku_init(sqlite3 *db, char **errmsg, const void *api);

#define MAX_QUERIES 256
#define ROUNDS 20

/* Work that keeps both threads inside the extension for a while. */
static const char *HEAVY[] = {
    "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
    "SELECT group_concat(sudoku_format(substr('123456789', i % 9 + 1) || "
    "substr('.................................................................................', "
    "1, 81 - (9 - i % 9)), 'zeros'), '') FROM n",
};

typedef struct query_set {
    const char *sql[MAX_QUERIES];
    int n;
} query_set;

typedef struct worker {
    const query_set *queries;
    char *answer[MAX_QUERIES]; /* answers of the last round */
    int mismatches;
} worker;

/* The first column of the first row (or the error message), as text. */
static char *answer(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    char *out;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return strdup(sqlite3_errmsg(db));
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        out = strdup(t ? (const char *)t : "NULL");
    } else if (rc == SQLITE_DONE) {
        out = strdup("(no row)");
    } else {
        out = strdup(sqlite3_errmsg(db));
    }
    sqlite3_finalize(st);
    return out;
}

static void run_all(const query_set *q, char **answers)
{
    sqlite3 *db;
    sqlite3_open(":memory:", &db);
    for (int i = 0; i < q->n; i++) {
        free(answers[i]);
        answers[i] = answer(db, q->sql[i]);
    }
    sqlite3_close(db);
}

static char *reference[MAX_QUERIES];

static void *work(void *arg)
{
    worker *w = arg;
    for (int round = 0; round < ROUNDS; round++) {
        run_all(w->queries, w->answer);
        for (int i = 0; i < w->queries->n; i++)
            if (strcmp(w->answer[i], reference[i]) != 0)
                w->mismatches++;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    query_set q = {0};
    char line[8192];
    FILE *f;
    int failed = 0, passed = 0;

    if (argc < 2 || !(f = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: test_threads CASES.tsv\n");
        return 2;
    }
    while (fgets(line, sizeof line, f) && q.n < MAX_QUERIES) {
        char *tab1, *tab2;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        tab1 = strchr(line, '\t');
        tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
        if (!tab2)
            continue;
        *tab2 = '\0';
        q.sql[q.n++] = strdup(tab1 + 1);
    }
    fclose(f);
    for (size_t i = 0; i < sizeof HEAVY / sizeof *HEAVY && q.n < MAX_QUERIES; i++)
        q.sql[q.n++] = strdup(HEAVY[i]);

    sqlite3_auto_extension((void (*)(void))sqlite3_sudoku_init);
    run_all(&q, reference); /* single thread */

    worker w[2] = {{&q, {0}, 0}, {&q, {0}, 0}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, work, &w[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < 2; i++) {
        if (w[i].mismatches) {
            fprintf(stderr, "thread %d: %d answers differ from one thread's\n",
                    i, w[i].mismatches);
            failed++;
        } else {
            passed++;
        }
        for (int k = 0; k < q.n; k++)
            free(w[i].answer[k]);
    }
    for (int k = 0; k < q.n; k++) {
        free(reference[k]);
        free((char *)q.sql[k]);
    }
    sqlite3_reset_auto_extension();
    printf("%d passed, %d failed (%d queries x %d rounds x 2 threads)\n",
           passed, failed, q.n, ROUNDS);
    return failed ? 1 : 0;
}
