/*
 * bench_se - sudoku_se_rating through SQL, one core, per band of the
 * Sudoku Explainer scale, on vectors/se_ratings.tsv (the rows serate
 * 1.2.1.3 rated, with its ratings).
 *
 * Per band (of serate's ER): rows, rows this version rates (the others
 * return NULL as soon as the rater reaches a technique it lacks), and the
 * throughput of `SELECT sudoku_se_rating(p)` over the band, best of 3.
 * The reference (serate, Java, one JVM for the whole batch) is measured by
 * hand outside the repo; see README "Sudoku Explainer rating".
 */
#include "bench.h"

static int band_of(const char *rating)
{
    double er = atof(rating);
    /* 6.3-6.9 apart from 7.0-8.9: the bands serate was timed on (README) */
    return er < 4.05 ? 0 : er < 6.25 ? 1 : er < 6.95 ? 2 : er < 8.95 ? 3 : er < 9.95 ? 4 : 5;
}

/* Rates every `stride`-th line of the file from the first, each once, and
 * projects the whole file from their mean. The ten puzzles of stride
 * 4,877 are the sample earlier rounds quote; the hundred of stride 488 a
 * larger one. Neither is the file: on one build the ten projected 1.49 h,
 * the hundred 1.39 h, and the whole file took 1.50 h (README). */
static void project_whole_file(sqlite3 *db, const char *path, long stride)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("puzzles/forum_hardest_1905_11plus.txt: data absent, skipped\n");
        return;
    }
    char line[512], label[64];
    long lines = 0;
    sqlite3_stmt *st;
    sqlite3_exec(db, "DROP TABLE IF EXISTS h; CREATE TABLE h(p TEXT); BEGIN", NULL, NULL, NULL);
    sqlite3_prepare_v2(db, "INSERT INTO h VALUES (substr(?, 1, 81))", -1, &st, NULL);
    while (fgets(line, sizeof line, f)) {
        if (lines++ % stride != 0)
            continue;
        sqlite3_bind_text(st, 1, line, -1, SQLITE_TRANSIENT);
        sqlite3_step(st);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    fclose(f);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    int rows = 0, rated = 0;
    sqlite3_prepare_v2(db, "SELECT count(*) FROM h", -1, &st, NULL);
    if (sqlite3_step(st) == SQLITE_ROW)
        rows = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    double start = bench_now();
    sqlite3_prepare_v2(db, "SELECT sudoku_se_rating(p) IS NOT NULL FROM h", -1, &st, NULL);
    while (sqlite3_step(st) == SQLITE_ROW)
        rated += sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    double s = bench_now() - start;
    snprintf(label, sizeof label, "1905_11plus every %ldth", stride);
    bench_report("sudoku_se_rating", label, "rated", "sql", (size_t)rows, s);
    printf("    %d puzzles, %d rated, %.4f s/puzzle: the %ld lines would take %.2f h "
           "(target: under 1 h)\n",
           rows, rated, rows ? s / rows : 0.0, lines, rows ? s / rows * (double)lines / 3600 : 0.0);
}

int main(void)
{
    static const char *band_name[6] = { "ER<=4.0", "ER4.1-6.2", "ER6.3-6.9", "ER7.0-8.9",
                                        "ER9.0-9.9", "ER>=10" };
    const char *dir = getenv("SUDOKU_DATA");
    char path[1024], line[512];
    if (!dir || !*dir)
        dir = SUDOKU_DATA_DIR;
    snprintf(path, sizeof path, "%s/vectors/se_ratings.tsv", dir);
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("vectors/se_ratings.tsv: data absent, skipped\n");
        return 0;
    }
    sqlite3 *db = bench_open(NULL);
    sqlite3_exec(db, "CREATE TABLE v(p TEXT, band INTEGER); BEGIN", NULL, NULL, NULL);
    sqlite3_stmt *st;
    sqlite3_prepare_v2(db, "INSERT INTO v VALUES (?, ?)", -1, &st, NULL);
    while (fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab)
            continue;
        sqlite3_bind_text(st, 1, line, (int)(tab - line), SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 2, band_of(tab + 1));
        sqlite3_step(st);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    fclose(f);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    for (int b = 0; b < 6; b++) {
        char sql[256], label[64];
        int rows = 0, rated = 0;
        snprintf(sql, sizeof sql,
                 "SELECT count(*), count(sudoku_se_rating(p)) FROM v WHERE band = %d", b);
        sqlite3_prepare_v2(db, sql, -1, &st, NULL);
        if (sqlite3_step(st) == SQLITE_ROW) {
            rows = sqlite3_column_int(st, 0);
            rated = sqlite3_column_int(st, 1);
        }
        sqlite3_finalize(st);
        snprintf(sql, sizeof sql,
                 "SELECT sudoku_se_rating(p) FROM v WHERE band = %d", b);
        double s = bench_best_sql(db, 3, sql);
        snprintf(label, sizeof label, "se_ratings %s", band_name[b]);
        bench_report("sudoku_se_rating", label, "rated", "sql", (size_t)rows, s);
        printf(
            "    %d rows, %d rated exactly (the rest: NULL, work area out of room), %.1f us/row\n",
            rows, rated, rows ? s * 1e6 / rows : 0.0);
    }
    /* The whole-file target: forum_hardest_1905_11plus (48,766
     * puzzles, all rated 10.7 and up) in under an hour on one core. */
    snprintf(path, sizeof path, "%s/puzzles/forum_hardest_1905_11plus.txt", dir);
    project_whole_file(db, path, 4877);
    project_whole_file(db, path, 488);
    sqlite3_close(db);
    return 0;
}
