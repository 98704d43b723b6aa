/* cancel_asker.h - a cancel hook for the tests: it counts the questions
 * a long call asks and says stop at the stop_at-th (0: never), so a test
 * can stop a call at any point and check that a hook that never stops
 * changes no answer. */
#ifndef SUDOKU_CANCEL_ASKER_H
#define SUDOKU_CANCEL_ASKER_H

typedef struct asker {
    long questions, stop_at;
} asker;

static inline int ask(void *arg)
{
    asker *a = arg;
    return ++a->questions == a->stop_at;
}

#endif
