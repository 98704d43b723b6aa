"""sudoku-sqlite FUNCTION [ARG] INPUT... : one per-puzzle function of the
extension over whole collections, on every core (-j N) or a dask cluster
(--scheduler), with a progress bar and resumable results. See
docs/batch.md."""
import argparse
import os
import signal
import sqlite3
import sys
import time

from .batch import (DEFAULT_FORMAT, FORMAT_HELP, BatchError, Call, compile_format)
from .collection import ColumnSink, Input, Job, TableSink, TextSink

PROG = "sudoku-sqlite"

EPILOG = f"""\
INPUT is a puzzle file (read as sudoku_read reads it: one puzzle per line or
9-line grids, comments and blank lines skipped, line numbers kept), - for
standard input, or a column of a SQLite table, FILE.db:TABLE.COLUMN (lines
are rowids). ARG, the function's argument (se_rating's pearl/diamond/all,
count's limit, ...), is the word after FUNCTION when it names no file.

Output: line<TAB>puzzle<TAB>result in input order (--format), a bad line
as line<TAB><TAB>error: MESSAGE; or --out, a table keyed by line; or
--update, a column of the input table. --out and --update commit each
chunk: the same command again does only what is missing.

examples:
  {PROG} minlex puzzles.txt > minlex.tsv
  {PROG} se_rating all -j 16 hardest.txt --format '%p ED=%r'
  {PROG} se_rating -j 8 --out ratings.db hardest.txt
  {PROG} se_rating --update collection.db:puzzles.rating collection.db:puzzles.p
  {PROG} te_depth --scheduler tcp://10.0.0.1:8786 --out depth.db big.txt
"""


class Progress:
    """count/total, percent, rate and ETA on standard error, redrawn at most
    five times a second; only when enabled (a terminal, not --quiet)."""

    def __init__(self, total, enabled, stream=sys.stderr):
        self.total, self.enabled, self.stream = total, enabled, stream
        self.done = 0
        self.start = time.monotonic()
        self.drawn = 0.0
        self.shown = None
        if enabled:
            self._draw()

    def update(self, n):
        self.done += n
        now = time.monotonic()
        if self.enabled and (now - self.drawn >= 0.2 or self.done >= self.total):
            self._draw()

    def _draw(self):
        now = time.monotonic()
        self.drawn, self.shown = now, self.done
        elapsed = now - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        pct = 100.0 * self.done / self.total if self.total else 100.0
        width = 24
        filled = int(width * self.done / self.total) if self.total else width
        bar = "#" * filled + "-" * (width - filled)
        eta = _clock((self.total - self.done) / rate) if rate > 0 else "?"
        self.stream.write(f"\r[{bar}] {self.done:,}/{self.total:,} {pct:5.1f}%  "
                          f"{_rate(rate)}/s  {_clock(elapsed)} elapsed, ETA {eta}  ")
        self.stream.flush()

    def close(self):
        if self.enabled:
            if self.shown != self.done:
                self._draw()
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds):
    seconds = int(seconds + 0.5)
    h, rest = divmod(seconds, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}"


def _rate(r):
    return f"{r:,.0f}" if r >= 10 else f"{r:.2f}"


def parser():
    p = argparse.ArgumentParser(
        prog=PROG, formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="Applies one per-puzzle function of sudoku for SQLite (minlex, solve, "
                    "count, se_rating, te_depth, backdoor, is_minimal, symmetry, clues, "
                    "status, ...) to every puzzle of whole collections, on every core or "
                    "on a dask cluster.")
    p.add_argument("function", metavar="FUNCTION",
                   help="the SQL function, with or without its sudoku_ prefix")
    p.add_argument("inputs", metavar="[ARG] INPUT", nargs="+")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N",
                   help="worker processes on this machine (dask LocalCluster); "
                        "default 1: in this process, no dask needed")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="the address of a running dask scheduler (tcp://HOST:8786) whose "
                        "workers have this package installed")
    p.add_argument("--arg", metavar="VALUE",
                   help="the function's argument (instead of ARG)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--out", metavar="FILE[:TABLE]",
                     help="write a table (default name: results) into this SQLite "
                          "database instead of standard output; resumable")
    out.add_argument("--update", metavar="FILE:TABLE.COLUMN",
                     help="write the results into this column of the input table "
                          "(added if missing); resumable")
    p.add_argument("--format", metavar="FORMAT",
                   help=f"an output line (default '{DEFAULT_FORMAT}', with several inputs "
                        f"'%%f:{DEFAULT_FORMAT}'): {FORMAT_HELP.replace('%', '%%')}")
    p.add_argument("--null", default="", metavar="TEXT",
                   help="what a NULL result prints as (default: nothing)")
    p.add_argument("--read-format", choices=("auto", "line"), default="auto",
                   help="sudoku_read's format for puzzle files (default auto)")
    p.add_argument("--chunk", type=int, metavar="N",
                   help="rows per chunk (default: adapted to the function's speed)")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress bar and no summary on standard error")
    return p


def split_positionals(function, words, arg):
    """FUNCTION [ARG] INPUT...: the first word is ARG when it names no
    input and more words follow."""
    args = [] if arg is None else [arg]
    if arg is None and len(words) >= 2 and not Input.looks_like_input(words[0]):
        args, words = [words[0]], words[1:]
    if words.count("-") > 1:
        raise BatchError("- (standard input) can be read only once")
    return Call(function, args), [Input(w) for w in words]


def resume_record(a, call, inputs, version):
    """What --out and --update record about the run that fills a target:
    a run that would give other results (another call, other input, lines
    numbered another way, another engine) is refused, not mixed in."""
    if a.update:
        what = f"{call.describe()} of {inputs[0].column}"
    else:
        what = f"{call.describe()} over {', '.join(i.describe() for i in inputs)}"
        if any(i.kind != "table" for i in inputs):
            what += f" read as {a.read_format}"
    return f"{what} by sudoku {version}"


def make_sink(a, call, inputs, report, version):
    if a.update:
        target = Input(a.update)
        if target.kind != "table":
            raise BatchError(f"--update {a.update}: expected FILE:TABLE.COLUMN of an "
                             "existing database file")
        ok = (len(inputs) == 1 and inputs[0].kind == "table"
              and os.path.samefile(inputs[0].path, target.path)
              and inputs[0].table == target.table)
        if not ok:
            raise BatchError(f"--update {a.update}: the input must be a column of the same "
                             f"table ({target.path}:{target.table}.COLUMN)")
        return ColumnSink(target.path, target.table, target.column,
                          resume_record(a, call, inputs, version), report)
    if a.out:
        path, table = a.out, "results"
        if not os.path.exists(a.out) and ":" in a.out:
            path, _, table = a.out.rpartition(":")
        return TableSink(path, table, resume_record(a, call, inputs, version))
    return TextSink(sys.stdout)


def main(argv=None):
    a = parser().parse_intermixed_args(argv)
    if a.jobs < 1:
        parser().error("-j must be at least 1")
    if a.chunk is not None and a.chunk < 1:
        parser().error("--chunk must be at least 1")

    def say(msg):
        if not a.quiet:
            print(f"{PROG}: {msg}", file=sys.stderr, flush=True)

    def report(msg):  # error rows of --update: always shown
        print(f"{PROG}: {msg}", file=sys.stderr, flush=True)

    # SIGTERM stops like Ctrl-C: the finished chunks stay, the cluster closes.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    job = executor = sink = progress = None
    inputs = []
    try:
        call, inputs = split_positionals(a.function, a.inputs, a.arg)
        for inp in inputs:  # before the resume record, which names its content
            if inp.kind == "stdin":
                inp.spool()
        fmt = a.format if a.format is not None else (
            DEFAULT_FORMAT if len(inputs) == 1 else "%f:" + DEFAULT_FORMAT)
        job = Job(call, inputs, None, fmt=compile_format(fmt), null=a.null,
                  read_format=a.read_format)
        sink = job.sink = make_sink(a, call, inputs, report, job.version)
        show = not a.quiet and sys.stderr.isatty()
        if job.streams(a.jobs, a.scheduler):
            # -j 1 to standard output: no copy of the input (Job.run_streamed)
            job.check_streamed()
            progress = Progress(job.count_streamed() if show else 0, show)
            job.run_streamed(progress, chunk=a.chunk)
            progress.close()
            if job.rows_done == 0:
                say("nothing to do")
                return 0
        else:
            total = job.prepare()
            if total == 0:
                sink.finish(True)
                say("nothing to do" + (" (every line is already in the table)" if a.out else ""))
                return 0
            executor = job.executor(jobs=a.jobs, scheduler=a.scheduler)
            progress = Progress(total, show)
            job.run(executor, chunk=a.chunk, progress=progress)
            progress.close()
            sink.finish(True)
        if job.errors:
            where = {"text": "error rows above", "rows": "the error column"}[sink.output]
            if a.update:
                where = "messages above; those rows keep their value"
            say(f"{job.errors:,} of {job.rows_done:,} rows are errors ({where})")
        return 0
    except KeyboardInterrupt:
        if progress:
            progress.close()
        done = job.rows_done if job else 0
        if a.out or a.update:
            say(f"stopped: {done:,} rows written; the same command again does the rest")
        else:
            say(f"stopped after {done:,} rows")
        return 130
    except BatchError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 1
    except sqlite3.Error as e:  # the output database: cannot open, locked, full
        print(f"{PROG}: {a.out or a.update}: {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader went away (| head): stop quietly, as cat does
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    finally:
        # Ctrl-C while cleaning up must not leave the cluster running
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            if executor is not None:
                executor.close()
            if sink is not None:
                sink.close()
            if job is not None:
                job.close()
            for inp in inputs:
                inp.close()
        finally:
            signal.signal(signal.SIGINT, signal.default_int_handler)


if __name__ == "__main__":
    sys.exit(main())
