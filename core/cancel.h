/*
 * cancel.h - stopping a long computation from outside.
 *
 * Every core function that can run long (counting without a limit, T&E,
 * rating, generation, neighbourhood search, ...) takes a
 * `const sudoku_cancel *` (NULL: never stop). It asks sudoku_cancelled()
 * now and then (about every millisecond of work: every few thousand search
 * nodes, not in the innermost loop), and when the answer is yes it unwinds
 * and returns its documented "cancelled" result (SUDOKU_CANCELLED where it
 * returns an int), leaving every output it was given unwritten or marked
 * invalid. The SQLite glue makes one that stops when the statement is
 * interrupted (sqlite3_interrupt(), Ctrl-C in the shell).
 */
#ifndef SUDOKU_CANCEL_H
#define SUDOKU_CANCEL_H

typedef struct sudoku_cancel {
    int (*stop)(void *arg); /* nonzero: stop as soon as possible */
    void *arg;
} sudoku_cancel;

/* The int result of a cancelled call, where the function returns an int. */
#define SUDOKU_CANCELLED (-100)

/* 1 when the caller asked to stop; 0 otherwise (also for NULL). */
static inline int sudoku_cancelled(const sudoku_cancel *cancel)
{
    return cancel && cancel->stop && cancel->stop(cancel->arg);
}

#endif
