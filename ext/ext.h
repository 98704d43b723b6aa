/*
 * ext.h - what the SQL glue files share: argument conversion with clear
 * errors, result helpers, and the SQL functions the registration table in
 * sudoku.c lists. Every algorithm lives in core/; these files only check
 * arguments and convert results.
 *
 * Each SQL function's user data starts with an ext_function, its name and
 * its implementation (the registration table's entry, or a per-connection
 * state that begins the same way), so error messages name the function,
 * ext_fname(ctx), and one wrapper applies the NULL rule to every function
 * (ext_null_rule).
 */
#ifndef SUDOKU_EXT_H
#define SUDOKU_EXT_H

#include <stdarg.h>

#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT3

#include "grid.h"
#include "transform.h"
#include "cancel.h"

/* The head of every scalar SQL function's user data. */
typedef void (*ext_call)(sqlite3_context *ctx, int argc, sqlite3_value **argv);
typedef struct ext_function {
    const char *name; /* for messages */
    ext_call call;    /* the implementation, run by ext_null_rule */
} ext_function;

/* The name of the SQL function being called. */
#define ext_fname(ctx) (((const ext_function *)sqlite3_user_data(ctx))->name)

/* The NULL rule, for every function and table-valued function: an SQL
 * NULL in any argument gives NULL (no rows from a table), decided before
 * any other argument is looked at, so a NULL neither hides nor is hidden
 * by another argument's error. No argument takes NULL for "the default"
 * (leave the argument out for that). Only the number of arguments of a
 * table-valued function is checked before (a missing one is an error, as
 * SQLite refuses a scalar call with the wrong number at prepare time;
 * ext/vtab.h's ext_vtab_require does both for the tables).
 * ext_args_null says whether the rule applies to argv[0, argc); */
int ext_args_null(int argc, sqlite3_value **argv);

/* every scalar function is registered with this as its xFunc (sudoku.c):
 * NULL when ext_args_null says so, else the function's own call. */
void ext_null_rule(sqlite3_context *ctx, int argc, sqlite3_value **argv);

/* "INTEGER", "REAL", "TEXT", "BLOB" or "NULL", for messages. */
const char *ext_type_name(int type);

/* Where the argument readers below report a bad argument: the result of a
 * scalar call (ctx) or the error of a table scan (cursor, ext/vtab.h),
 * "<fname>: <message>" either way. So every function and table reads its
 * arguments by the same rules and says the same words. */
typedef struct ext_report {
    const char *fname;
    sqlite3_context *ctx;
    sqlite3_vtab_cursor *cursor;
} ext_report;

static inline ext_report ext_call_report(sqlite3_context *ctx)
{
    ext_report r = {ext_fname(ctx), ctx, NULL};
    return r;
}

/* printf-style "<fname>: <message>" */
void ext_reportf(const ext_report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ext_reportv(const ext_report *r, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* printf-style error "<fname>: <message>" as a scalar function's result. */
#define ext_error(ctx, ...) ext_reportf(&(ext_report){ext_fname(ctx), (ctx), NULL}, __VA_ARGS__)
/* A whole message that already starts with the name (from the core's
 * parsers, which are given it as their prefix). */
void ext_report_text(const ext_report *r, const char *msg);

/* The outcome of reading an argument: EXT_NULL for SQL NULL (which the
 * NULL rule has normally dealt with before), EXT_ERROR after reporting the
 * problem. */
enum { EXT_ERROR = -1, EXT_NULL = 0, EXT_OK = 1 };

/* A puzzle argument (TEXT or BLOB, see grid.h for the accepted forms);
 * errors: wrong type ("argument <argi> must be a puzzle ..."), a bad byte
 * with its offset and cell, a wrong cell count. */
int ext_read_grid(const ext_report *r, sqlite3_value *v, int argi, sudoku_grid *grid);

/* An INTEGER argument: an integral REAL and TEXT holding an integer (see
 * ext_text_integer) are taken too. `what` names the argument in the
 * message, e.g. "seed". */
int ext_read_int(const ext_report *r, sqlite3_value *v, const char *what, sqlite3_int64 *out);

/* TEXT integers (interrupt work): 1 and the value when text (n bytes) is
 * an integer literal: optional white space, an optional sign, decimal
 * digits, optional white space, within the INTEGER range (what a column of
 * INTEGER affinity stores as an INTEGER, minus forms written as reals such
 * as '2.0' or '1e3'). ext_read_int accepts such TEXT. */
int ext_text_integer(const unsigned char *text, int n, sqlite3_int64 *out);

/* Copies at most `max` bytes of text (len bytes, or up to a NUL) into
 * out (cap > max) for an error message, cutting only between whole UTF-8
 * characters and writing '?' for every byte that does not start a
 * well-formed one (core/utf8.h): a client that decodes the message as
 * UTF-8, such as Python's sqlite3, would otherwise fail on it. */
void ext_quote_text(char *out, size_t cap, const unsigned char *text, size_t len,
                    size_t max);

/* A keyword argument: *index is the position of its TEXT in the
 * NULL-terminated `names`. `what` names the argument ("style") and
 * `expected` lists the accepted names for messages ("'line' or 'grid'"). */
int ext_read_keyword(const ext_report *r, sqlite3_value *v, const char *what,
                     const char *const *names, const char *expected, int *index);

/* A TEXT argument (its bytes, valid until the value changes); other types
 * are "<what> must be <as>, not <type>", e.g. as = "a JSON object as TEXT". */
int ext_read_text(const ext_report *r, sqlite3_value *v, const char *what, const char *as,
                  const char **text, int *len);

/* A transform argument (the JSON text form of transform.h). */
int ext_read_transform(const ext_report *r, sqlite3_value *v, int argi, sudoku_transform *t);

/* The readers for a scalar function's arguments. */
static inline int ext_arg_grid(sqlite3_context *ctx, sqlite3_value *v, int argi, sudoku_grid *grid)
{
    ext_report r = ext_call_report(ctx);
    return ext_read_grid(&r, v, argi, grid);
}
static inline int ext_arg_int(sqlite3_context *ctx, sqlite3_value *v, const char *what,
                              sqlite3_int64 *out)
{
    ext_report r = ext_call_report(ctx);
    return ext_read_int(&r, v, what, out);
}
static inline int ext_arg_keyword(sqlite3_context *ctx, sqlite3_value *v, const char *what,
                                  const char *const *names, const char *expected, int *index)
{
    ext_report r = ext_call_report(ctx);
    return ext_read_keyword(&r, v, what, names, expected, index);
}
static inline int ext_arg_transform(sqlite3_context *ctx, sqlite3_value *v, int argi,
                                    sudoku_transform *t)
{
    ext_report r = ext_call_report(ctx);
    return ext_read_transform(&r, v, argi, t);
}

/* Sets the 81-character '.'-for-empty form of grid as the result. */
void ext_result_grid(sqlite3_context *ctx, const sudoku_grid *grid);

/* Sets the JSON text form of t as the result. */
void ext_result_transform(sqlite3_context *ctx, const sudoku_transform *t);

/* A cancel hook (core/cancel.h) that says stop once the statement running
 * on `db` has been interrupted (sqlite3_interrupt(), Ctrl-C in the shell).
 * Pass &cancel to the core; when the core reports it was cancelled, finish
 * with ext_result_interrupted(). For a scalar function,
 * db = sqlite3_context_db_handle(ctx); a virtual table keeps its db. */
void ext_cancel_init(sqlite3 *db, sudoku_cancel *cancel);

/* 1 when the statement running on db has been interrupted, asked now:
 * the hook above skips asks that come close together (and so may skip
 * up to 16 after a burst of them), which suits computations, not waits
 * or reads that may each take milliseconds: those ask this (sudoku_read,
 * every millisecond or so). */
int ext_interrupted(sqlite3 *db);

/* Sets SQLite's own "interrupted" error (SQLITE_INTERRUPT) as the result. */
void ext_result_interrupted(sqlite3_context *ctx);

/* SQL functions, one file per concern (registered in sudoku.c). */
void ext_format(sqlite3_context *ctx, int argc, sqlite3_value **argv);

/* solver (solve.c) */
void ext_solve(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_count(sqlite3_context *ctx, int argc, sqlite3_value **argv);

/* canonical form (minlex.c) */
void ext_minlex(sqlite3_context *ctx, int argc, sqlite3_value **argv);

/* transforms and equivalence (transform.c, equiv.c) */
void ext_transform(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_transform_inverse(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_transform_compose(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_equiv(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_equiv_transform(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_automorphisms(sqlite3_context *ctx, int argc, sqlite3_value **argv);

/* T&E depth (te_depth.c) */
void ext_te_depth(sqlite3_context *ctx, int argc, sqlite3_value **argv);

/* scrambles (scrambles.c: sudoku_scramble and the sudoku_scrambles virtual
 * table) */
void ext_scramble(sqlite3_context *ctx, int argc, sqlite3_value **argv);
extern const sqlite3_module ext_scrambles_module;

/* reading files and messy values (read.c: the sudoku_read virtual table,
 * registered direct-only, and sudoku_parse) */
void ext_parse(sqlite3_context *ctx, int argc, sqlite3_value **argv);
extern const sqlite3_module ext_read_module;
/* version and build information (version.c) */
void ext_version(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_debug(sqlite3_context *ctx, int argc, sqlite3_value **argv);
/* Sudoku Explainer rating (se.c: sudoku_se_rating and the sudoku_se_steps
 * virtual table) */
void ext_se_rating(sqlite3_context *ctx, int argc, sqlite3_value **argv);
/* The connection's SE rater, which keeps its work areas between calls,
 * shared through *shared (one per connection, filled by the first maker):
 * sudoku_se_rating's user data (its name, then the rater) and the client
 * data of the sudoku_se_steps and sudoku_generate modules, with their
 * destructors */
void *ext_se_rating_data(const ext_function *fn, void **shared);
void ext_se_rating_data_free(void *data);
void *ext_se_rater_aux(void **shared);
void ext_se_rater_aux_free(void *aux);
/* The rater of such client data for one call, or NULL when it is in use
 * (SQL run during a rating) or absent: rate with work areas of your own
 * then (a NULL rater does). Give it back after the call. */
struct sudoku_se_rater *ext_se_rater_take(void *aux);
void ext_se_rater_give(void *aux);
extern const sqlite3_module ext_se_steps_module;
/* uniform random grids and top-band classes (random_grid.c:
 * sudoku_random_grid, sudoku_band_class and the sudoku_band_classes
 * virtual table) */
void ext_random_grid(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_band_class(sqlite3_context *ctx, int argc, sqlite3_value **argv);
extern const sqlite3_module ext_band_classes_module;
/* making puzzles (generate.c: the sudoku_generate virtual table;
 * neighbors.c: sudoku_neighbors) */
extern const sqlite3_module ext_generate_module;
extern const sqlite3_module ext_neighbors_module;
/* the collector's facts (facts.c) */
void ext_clues(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_pattern(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_status(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_is_solution(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_symmetry(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_is_minimal(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_redundant_clues(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void ext_backdoor(sqlite3_context *ctx, int argc, sqlite3_value **argv);

#endif
