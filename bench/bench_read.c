/*
 * bench_read - sudoku_read: lines per second from a puzzle file into a
 * query, core alone and through SQL, one core, best of three (the file is
 * in the page cache after the first run).
 *
 * Target (issue 16): at least 2M lines/s into a query. The `count` line
 * steps the cursor only (every line is still read and parsed; the puzzle
 * is not turned into TEXT); the `text` line also materialises every puzzle
 * as TEXT (length(puzzle)), the honest cost of reading the rows; the
 * `minlex` line is the whole query, count(DISTINCT
 * sudoku_minlex(puzzle)), whose cost is the canonical form's.
 */
#include <stdint.h>

#include "bench.h"
#include "reader.h"

#define RUNS 3

static size_t file_read(void *arg, char *buf, size_t n)
{
    return fread(buf, 1, n, (FILE *)arg);
}

static void bench_file(sqlite3 *db, const char *relpath)
{
    const char *dir = getenv("SUDOKU_DATA");
    char path[1024], sql[1400], name[64];
    static char buf[1 << 20];
    size_t rows = 0;
    double best = 1e30;
    if (!dir || !*dir)
        dir = SUDOKU_DATA_DIR;
    snprintf(path, sizeof path, "%s/%s", dir, relpath);
    {
        const char *base = strrchr(relpath, '/');
        snprintf(name, sizeof name, "%s", base ? base + 1 : relpath);
        char *dot = strrchr(name, '.');
        if (dot)
            *dot = '\0';
    }
    FILE *probe = fopen(path, "rb");
    if (!probe) {
        printf("sudoku_read %s: absent, skipped\n", relpath);
        return;
    }
    fclose(probe);

    /* core: the reader alone, counting lines by its row numbers */
    uint64_t lines = 0;
    for (int r = 0; r < RUNS; r++) {
        FILE *f = fopen(path, "rb");
        sudoku_reader rd;
        sudoku_read_row row;
        double start = bench_now();
        setvbuf(f, NULL, _IONBF, 0);
        sudoku_reader_init(&rd, file_read, f, buf, sizeof buf, SUDOKU_READ_AUTO);
        rows = 0;
        while (sudoku_reader_next(&rd, &row, NULL) == 1)
            rows++;
        double s = bench_now() - start;
        lines = rd.line_no;
        fclose(f);
        if (s < best)
            best = s;
    }
    bench_report("sudoku_read", name, "lines", "core", (size_t)lines, best);

    snprintf(sql, sizeof sql, "SELECT count(*) FROM sudoku_read('%s')", path);
    bench_report("sudoku_read", name, "count", "sql", (size_t)lines,
                 bench_best_sql(db, RUNS, sql));
    snprintf(sql, sizeof sql, "SELECT sum(length(puzzle)) FROM sudoku_read('%s')", path);
    bench_report("sudoku_read", name, "text", "sql", (size_t)lines,
                 bench_best_sql(db, RUNS, sql));
    snprintf(sql, sizeof sql,
             "SELECT count(DISTINCT sudoku_minlex(puzzle)) FROM sudoku_read('%s')", path);
    bench_report("sudoku_read", name, "minlex", "sql", rows, bench_best_sql(db, RUNS, sql));
}

int main(void)
{
    sqlite3 *db = bench_open(NULL);
    bench_file(db, "puzzles/17_clue.txt");
    bench_file(db, "puzzles/forum_hardest_1905_11plus.txt");
    sqlite3_close(db);
    return 0;
}
