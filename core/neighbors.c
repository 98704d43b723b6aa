/*
 * neighbors.c - the {-m+k} vicinity of a puzzle (see neighbors.h).
 */
#include <string.h>

#include "neighbors.h"
#include "solver.h"

/* Lexicographic odometer over the k-subsets of {0..n-1}, as ascending
 * index lists. first: 0 when there is none (k > n). */
static int comb_first(int *idx, int k, int n)
{
    if (k > n)
        return 0;
    for (int i = 0; i < k; i++)
        idx[i] = i;
    return 1;
}

static int comb_next(int *idx, int k, int n)
{
    for (int i = k - 1; i >= 0; i--)
        if (idx[i] < n - k + i) {
            idx[i]++;
            for (int j = i + 1; j < k; j++)
                idx[j] = idx[j - 1] + 1;
            return 1;
        }
    return 0;
}

static int peers(int a, int b)
{
    return sudoku_row(a) == sudoku_row(b) || sudoku_col(a) == sudoku_col(b) ||
           sudoku_box(a) == sudoku_box(b);
}

/* q = p minus the current removal set; the pool restarts (it holds
 * solutions of q only). */
static void load_q(sudoku_neighbors *nb)
{
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    nb->q = nb->p;
    for (int i = 0; i < nb->minus; i++)
        nb->q.cell[nb->clue[nb->rem[i]]] = 0;
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (nb->q.cell[c]) {
            uint16_t bit = (uint16_t)(1u << nb->q.cell[c]);
            row[sudoku_row(c)] |= bit;
            col[sudoku_col(c)] |= bit;
            box[sudoku_box(c)] |= bit;
        }
    for (int c = 0; c < SUDOKU_CELLS; c++)
        nb->used[c] = row[sudoku_row(c)] | col[sudoku_col(c)] | box[sudoku_box(c)];
    nb->npool = 0;
    memset(nb->tally, 0, sizeof nb->tally);
}

static void pool_add(sudoku_neighbors *nb, const sudoku_grid *t)
{
    if (nb->npool >= SUDOKU_NEIGHBORS_POOL)
        return;
    for (int i = 0; i < nb->npool; i++)
        if (memcmp(&nb->pool[i], t, sizeof *t) == 0)
            return;
    nb->pool[nb->npool++] = *t;
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (nb->tally[c][t->cell[c]] < 2)
            nb->tally[c][t->cell[c]]++;
}

void sudoku_neighbors_start(sudoku_neighbors *nb, const sudoku_grid *p,
                            int minus, int plus)
{
    nb->p = *p;
    nb->minus = minus;
    nb->plus = plus;
    nb->nclue = nb->nempty = 0;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        if (p->cell[c])
            nb->clue[nb->nclue++] = (uint8_t)c;
        else
            nb->empty[nb->nempty++] = (uint8_t)c;
    }
    nb->state = 2;
    if (minus < 0 || plus < 0 || minus > nb->nclue || plus > nb->nempty)
        return;
    comb_first(nb->rem, minus, nb->nclue);
    comb_first(nb->add, plus, 9 * nb->nempty);
    load_q(nb);
    nb->state = 3;
}

/* Checks the current (removal, addition) candidate: 1 when it is a
 * neighbour (the row is written), 0 when not, SUDOKU_CANCELLED. */
static int check(sudoku_neighbors *nb, const sudoku_cancel *cancel)
{
    sudoku_grid g, t;
    uint64_t count;
    int cell[SUDOKU_CELLS], digit[SUDOKU_CELLS];
    for (int i = 0; i < nb->plus; i++) {
        cell[i] = sudoku_neighbors_added_cell(nb, i);
        digit[i] = sudoku_neighbors_added_digit(nb, i);
        if (nb->used[cell[i]] & (1u << digit[i]))
            return 0; /* clashes with a clue of q */
        for (int j = 0; j < i; j++)
            if (cell[j] == cell[i] ||
                (digit[j] == digit[i] && peers(cell[j], cell[i])))
                return 0;
    }
    /* Two known solutions of q agree with the additions: not unique. */
    if (nb->plus == 1) {
        if (nb->tally[cell[0]][digit[0]] >= 2)
            return 0;
    } else if (nb->plus > 1) {
        int agree = 0;
        for (int s = 0; s < nb->npool && agree < 2; s++) {
            int all = 1;
            for (int i = 0; i < nb->plus && all; i++)
                all = nb->pool[s].cell[cell[i]] == digit[i];
            agree += all;
        }
        if (agree >= 2)
            return 0;
    }
    g = nb->q;
    for (int i = 0; i < nb->plus; i++)
        g.cell[cell[i]] = (uint8_t)digit[i];
    count = sudoku_count(&g, 2, &t, cancel);
    if (count == SUDOKU_COUNT_CANCELLED)
        return SUDOKU_CANCELLED;
    if (count >= 1)
        pool_add(nb, &t);
    if (count != 1)
        return 0;
    nb->puzzle = g;
    nb->solution = t;
    return 1;
}

/* Moves both odometers to the next candidate; 0 after the last. */
static int advance(sudoku_neighbors *nb)
{
    if (comb_next(nb->add, nb->plus, 9 * nb->nempty))
        return 1;
    if (!comb_next(nb->rem, nb->minus, nb->nclue))
        return 0;
    comb_first(nb->add, nb->plus, 9 * nb->nempty);
    load_q(nb);
    return 1;
}

int sudoku_neighbors_next(sudoku_neighbors *nb, const sudoku_cancel *cancel)
{
    unsigned steps = 0;
    if (nb->state == 2)
        return 0;
    if (nb->state == 1 && !advance(nb)) {
        nb->state = 2;
        return 0;
    }
    nb->state = 3;
    for (;;) {
        int r;
        /* The cheap rejections run thousands per millisecond. */
        if ((++steps & 1023) == 0 && sudoku_cancelled(cancel))
            return SUDOKU_CANCELLED;
        r = check(nb, cancel);
        if (r == SUDOKU_CANCELLED)
            return r;
        if (r == 1) {
            nb->state = 1;
            return 1;
        }
        if (!advance(nb)) {
            nb->state = 2;
            return 0;
        }
    }
}
