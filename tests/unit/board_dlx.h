/* board_dlx.h - the slow twin of core/board_solver/: Knuth's Dancing Links
 * on the exact-cover form of a board of any order, written for
 * obviousness and sharing no code with the library. Columns: each cell
 * filled, each (row, symbol), (column, symbol) and (box, symbol) used
 * once; rows: each (cell, symbol). The givens' rows are chosen first (a
 * given whose columns are already covered is a clash: no solution); then
 * the column with the fewest rows is covered, each of its rows tried in
 * turn, until `limit` solutions are found. */
#ifndef SUDOKU_BOARD_DLX_H
#define SUDOKU_BOARD_DLX_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct dlx {
    int order, n, cells, columns;
    int *left, *right, *up, *down, *col, *size, *row_of; /* row_of: node -> (cell, symbol) row */
    int *solution_rows, depth;
    long limit, found;
    uint8_t *first;
} dlx;

static void dlx_cover(dlx *x, int c)
{
    x->right[x->left[c]] = x->right[c];
    x->left[x->right[c]] = x->left[c];
    for (int i = x->down[c]; i != c; i = x->down[i])
        for (int j = x->right[i]; j != i; j = x->right[j]) {
            x->down[x->up[j]] = x->down[j];
            x->up[x->down[j]] = x->up[j];
            x->size[x->col[j]]--;
        }
}

static void dlx_uncover(dlx *x, int c)
{
    for (int i = x->up[c]; i != c; i = x->up[i])
        for (int j = x->left[i]; j != i; j = x->left[j]) {
            x->size[x->col[j]]++;
            x->down[x->up[j]] = j;
            x->up[x->down[j]] = j;
        }
    x->right[x->left[c]] = c;
    x->left[x->right[c]] = c;
}

static void dlx_record(dlx *x)
{
    for (int k = 0; k < x->depth; k++) {
        int r = x->solution_rows[k];
        x->first[r / x->n] = (uint8_t)(r % x->n + 1);
    }
}

static void dlx_search(dlx *x)
{
    int root = x->columns, best = -1;
    if (x->right[root] == root) {
        if (x->found++ == 0 && x->first)
            dlx_record(x);
        return;
    }
    for (int c = x->right[root]; c != root; c = x->right[c])
        if (best < 0 || x->size[c] < x->size[best])
            best = c;
    dlx_cover(x, best);
    for (int r = x->down[best]; r != best && x->found < x->limit; r = x->down[r]) {
        x->solution_rows[x->depth++] = x->row_of[r];
        for (int j = x->right[r]; j != r; j = x->right[j])
            dlx_cover(x, x->col[j]);
        dlx_search(x);
        for (int j = x->left[r]; j != r; j = x->left[j])
            dlx_uncover(x, x->col[j]);
        x->depth--;
    }
    dlx_uncover(x, best);
}

/* Solutions of the board (order 2..5), up to limit; the first into
 * `first` (may be NULL). */
static long dlx_count(int order, const uint8_t *puzzle, long limit, uint8_t *first)
{
    dlx x;
    int n = order * order, cells = n * n, columns = 4 * cells, rows = cells * n;
    int nodes = columns + 1 + 4 * rows;
    memset(&x, 0, sizeof x);
    x.order = order;
    x.n = n;
    x.cells = cells;
    x.columns = columns;
    x.limit = limit;
    x.first = first;
    x.left = malloc(sizeof(int) * (size_t)nodes);
    x.right = malloc(sizeof(int) * (size_t)nodes);
    x.up = malloc(sizeof(int) * (size_t)nodes);
    x.down = malloc(sizeof(int) * (size_t)nodes);
    x.col = malloc(sizeof(int) * (size_t)nodes);
    x.row_of = malloc(sizeof(int) * (size_t)nodes);
    x.size = calloc((size_t)columns + 1, sizeof(int));
    x.solution_rows = malloc(sizeof(int) * (size_t)cells);
    int *row_node = malloc(sizeof(int) * (size_t)rows); /* a node of each row */
    /* the header list: columns 0..columns-1, root = columns */
    for (int c = 0; c <= columns; c++) {
        x.left[c] = c == 0 ? columns : c - 1;
        x.right[c] = c == columns ? 0 : c + 1;
        x.up[c] = x.down[c] = c;
        x.col[c] = c;
    }
    int next = columns + 1;
    for (int cell = 0; cell < cells; cell++)
        for (int d = 0; d < n; d++) {
            int r = cell / n, c = cell % n, b = r / order * order + c / order;
            int cols[4] = {cell, cells + r * n + d, 2 * cells + c * n + d, 3 * cells + b * n + d};
            int row = cell * n + d;
            row_node[row] = next;
            for (int k = 0; k < 4; k++) {
                int node = next + k, h = cols[k];
                x.col[node] = h;
                x.row_of[node] = row;
                x.left[node] = next + (k + 3) % 4;
                x.right[node] = next + (k + 1) % 4;
                x.up[node] = x.up[h];
                x.down[node] = h;
                x.down[x.up[h]] = node;
                x.up[h] = node;
                x.size[h]++;
            }
            next += 4;
        }
    /* the givens: cover their columns; one already covered is a clash */
    int ok = 1;
    uint8_t *covered = calloc((size_t)columns, 1);
    for (int cell = 0; cell < cells && ok; cell++) {
        int v = puzzle[cell];
        if (!v)
            continue;
        if (v > n) {
            ok = 0;
            break;
        }
        int node = row_node[cell * n + v - 1];
        for (int k = 0; k < 4 && ok; k++)
            if (covered[x.col[node + k]])
                ok = 0;
        if (!ok)
            break;
        for (int k = 0; k < 4; k++) {
            covered[x.col[node + k]] = 1;
            dlx_cover(&x, x.col[node + k]);
        }
        x.solution_rows[x.depth++] = cell * n + v - 1;
    }
    if (ok)
        dlx_search(&x);
    free(covered);
    free(row_node);
    free(x.left);
    free(x.right);
    free(x.up);
    free(x.down);
    free(x.col);
    free(x.row_of);
    free(x.size);
    free(x.solution_rows);
    return ok ? x.found : 0;
}

#endif
