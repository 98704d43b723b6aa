/*
 * The plain facts (core/facts.h) against their definitions: the status
 * against the plain counter of plain_count.h, the solution check against
 * a cell-by-cell comparison, the symmetries against the cell maps of
 * symmetry.h's table written out again here, the pattern against its
 * canonical form, on random puzzles and grids.
 */
#include "check.h"
#include "facts.h"
#include "minlex.h"
#include "plain_count.h"
#include "random_puzzle.h"
#include "symmetry.h"

/* (r, c) -> partner, from the table in symmetry.h */
static int partner(int s, int cell)
{
    int r = cell / 9, c = cell % 9;
    static const int rs[7][3] = {{0},        {-1, 0, 8}, {0, 1, 0}, {0, 1, 0},
                                 {0, -1, 8}, {-1, 0, 8}, {1, 0, 0}};
    static const int cs[7][3] = {{0},        {0, -1, 8}, {-1, 0, 8}, {1, 0, 0},
                                 {-1, 0, 8}, {0, 1, 0},  {0, -1, 8}};
    /* new row = rs[0]*r + rs[1]*c + rs[2], new column likewise */
    return (rs[s][0] * r + rs[s][1] * c + rs[s][2]) * 9 + cs[s][0] * r + cs[s][1] * c + cs[s][2];
}

static void one(const sudoku_grid *p, sudoku_rng *rng)
{
    char text[82];
    int status = sudoku_status(p, NULL);
    int expect;
    if (!sudoku_grid_consistent(p))
        expect = SUDOKU_STATUS_CLASH;
    else if (sudoku_grid_givens(p) == 81)
        expect = SUDOKU_STATUS_SOLVED;
    else {
        int n = plain_count(p, 2, NULL);
        expect = n == 0   ? SUDOKU_STATUS_NONE
                 : n == 1 ? SUDOKU_STATUS_UNIQUE
                          : SUDOKU_STATUS_MULTIPLE;
    }
    CHECK_MSG(status == expect, "status %d, expected %d for %s", status, expect,
              check_line(p, text));

    /* a solution of p (if any), and that solution with one cell changed */
    sudoku_grid s, t;
    if (plain_count(p, 1, &s) == 1) {
        CHECK(sudoku_is_solution_of(p, &s) == 1);
        t = s;
        int c = (int)sudoku_rng_below(rng, 81);
        t.cell[c] = (uint8_t)(t.cell[c] % 9 + 1);
        CHECK(sudoku_is_solution_of(p, &t) == 0);
        t = s;
        t.cell[c] = 0;
        CHECK(sudoku_is_solution_of(p, &t) == 0);
        /* a valid grid that disagrees with a given */
        if (p->cell[c] && sudoku_grid_givens(p) < 81) {
            sudoku_grid q;
            memset(&q, 0, sizeof q);
            q.cell[c] = (uint8_t)(p->cell[c] % 9 + 1);
            if (plain_count(&q, 1, &t) == 1)
                CHECK(sudoku_is_solution_of(p, &t) == 0);
        }
    }
    CHECK(sudoku_is_solution_of(p, p) ==
          (sudoku_grid_givens(p) == 81 && sudoku_grid_consistent(p)));

    unsigned has = sudoku_symmetries(p), expect_has = 0;
    for (int sym = 1; sym < 7; sym++) {
        int ok = 1;
        for (int c = 0; c < 81; c++)
            if (p->cell[c] && !p->cell[partner(sym, c)])
                ok = 0;
        expect_has |= (unsigned)ok << sym;
    }
    CHECK_MSG(has == expect_has, "symmetries %x, expected %x for %s", has, expect_has,
              check_line(p, text));

    sudoku_grid pat, pat2, form, form2;
    sudoku_pattern(p, &pat);
    for (int c = 0; c < 81; c++)
        CHECK(pat.cell[c] == (p->cell[c] ? 1 : 0));
    /* the pattern's minlex form is its pattern-first form's pattern */
    sudoku_minlex(&pat, &form, NULL);
    sudoku_minlex_pattern(p, &form2, NULL);
    sudoku_pattern(&form2, &pat2);
    CHECK_MSG(memcmp(&form, &pat2, sizeof form) == 0, "pattern form differs for %s",
              check_line(p, text));
}

int main(void)
{
    sudoku_rng rng;
    sudoku_grid p;
    int rounds = SANITIZED ? 300 : 3000;
    sudoku_rng_seed(&rng, 1517);
    for (int i = 0; i < rounds; i++) {
        random_puzzle(&rng, i, &p);
        one(&p, &rng);
        /* symmetric patterns now and then: p made closed under one map */
        int sym = 1 + (int)sudoku_rng_below(&rng, 6);
        for (int k = 0; k < 4; k++)
            for (int c = 0; c < 81; c++)
                if (p.cell[c] && !p.cell[partner(sym, c)])
                    p.cell[partner(sym, c)] = (uint8_t)(1 + sudoku_rng_below(&rng, 9));
        CHECK(sudoku_symmetries(&p) >> sym & 1);
        one(&p, &rng);
    }
    p = check_grid(CHECK_GRID648);
    CHECK(sudoku_status(&p, NULL) == SUDOKU_STATUS_SOLVED);
    one(&p, &rng);
    memset(&p, 0, sizeof p);
    CHECK(sudoku_status(&p, NULL) == SUDOKU_STATUS_MULTIPLE);
    CHECK(sudoku_symmetries(&p) == 0x7Eu);
    CHECK(!strcmp(sudoku_status_names[SUDOKU_STATUS_UNIQUE], "unique"));
    return check_done();
}
