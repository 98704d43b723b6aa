/*
 * transform.h - one element of the Sudoku symmetry group.
 *
 * The group: optional transpose; then a permutation of rows that keeps
 * bands together (band permutation and row-in-band permutations), the same
 * for columns and stacks; then a relabelling of the digits. Its geometric
 * part has 2 * 6^8 = 3,359,232 elements; with relabelling, times 9!.
 *
 * Applying t to grid `in` gives grid `out` with
 *     src = t.transpose ? transpose(in) : in
 *     out[i][j] = t.digits[ src[t.rows[i]][t.cols[j]] ]
 * so output row i is (the possibly transposed) input row t.rows[i]. Rows,
 * columns and cells are 0-based here; the text form is 1-based. Empty cells
 * stay empty: t.digits[0] is always 0.
 *
 * Text form (TEXT in SQL, JSON so that json_extract() can take it apart):
 *   {"transpose":false,"rows":[1,2,...,9],"cols":[1,...,9],"digits":[1,...,9]}
 * 1-based, "digits":[a,b,...] meaning digit 1 becomes a, 2 becomes b, ...
 * The parser accepts any whitespace and key order; a missing key means the
 * identity for that part; unknown or repeated keys are errors.
 */
#ifndef SUDOKU_TRANSFORM_H
#define SUDOKU_TRANSFORM_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"

typedef struct sudoku_transform {
    uint8_t transpose; /* 0 or 1 */
    uint8_t rows[9];   /* output row i <- input row rows[i] */
    uint8_t cols[9];   /* output column j <- input column cols[j] */
    uint8_t digits[10];/* digit d -> digits[d]; digits[0] == 0 */
} sudoku_transform;

/* Number of geometric transforms (no relabelling): 2 * 6^8. */
#define SUDOKU_GEOMETRIC_TRANSFORMS 3359232

void sudoku_transform_identity(sudoku_transform *t);

/* Applies t to in, writing out (in and out must not overlap). */
void sudoku_transform_apply(const sudoku_transform *t, const sudoku_grid *in,
                            sudoku_grid *out);

/* inv such that apply(inv, apply(t, g)) == g. */
void sudoku_transform_inverse(const sudoku_transform *t, sudoku_transform *inv);

/* out = "first a, then b": apply(out, g) == apply(b, apply(a, g)).
 * out may alias a or b. */
void sudoku_transform_compose(const sudoku_transform *a,
                              const sudoku_transform *b, sudoku_transform *out);

/* 1 when t is a member of the group (rows and cols keep bands/stacks
 * together and are permutations, digits is a permutation of 1..9 with
 * digits[0] == 0), 0 otherwise. */
int sudoku_transform_valid(const sudoku_transform *t);

/* 1 when both transforms are the same element. */
int sudoku_transform_equal(const sudoku_transform *a, const sudoku_transform *b);

/* The JSON text form, NUL-terminated; returns its length. */
#define SUDOKU_TRANSFORM_TEXT_MAX 128
size_t sudoku_transform_format(const sudoku_transform *t,
                               char out[SUDOKU_TRANSFORM_TEXT_MAX]);

/* Parses the JSON text form (len bytes, not NUL-terminated). On failure
 * returns 0 and writes "<prefix>: <what is wrong>" into msg (NUL-terminated,
 * at most cap bytes). Returns 1 on success. Never reads past len. */
int sudoku_transform_parse(const void *text, size_t len, sudoku_transform *t,
                           const char *prefix, char *msg, size_t cap);

#endif
