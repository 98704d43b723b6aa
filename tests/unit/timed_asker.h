/* timed_asker.h - a cancel hook for the tests that time the questions: it
 * counts them, says stop at the stop_at-th (0: never), and keeps the
 * largest gap between two in CPU time of the thread (on a loaded machine
 * wall-clock gaps include time slices given to other processes), so a
 * test can check that a long call asks often enough. */
#ifndef SUDOKU_TIMED_ASKER_H
#define SUDOKU_TIMED_ASKER_H

#include <time.h>

typedef struct asker {
    long questions;
    long stop_at;     /* say stop at this question (0: never) */
    double last, gap; /* seconds: previous question, largest gap */
} asker;

static inline double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline int ask(void *arg)
{
    asker *a = arg;
    double t = cpu_now();
    if (a->questions && t - a->last > a->gap)
        a->gap = t - a->last;
    a->last = t;
    a->questions++;
    return a->stop_at && a->questions >= a->stop_at;
}

#endif
