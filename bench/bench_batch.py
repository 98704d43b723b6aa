#!/usr/bin/python3
"""The sudoku-sqlite command (python/, docs/batch.md): wall time on every
core against one, its one-core rate against the sqlite3 shell, and the
projected time of a whole collection on bigger machines.

    /usr/bin/python3 bench/bench_batch.py [BUILD_DIR] [--rounds N] [--only PART]

(default build/, 1 round, every part: se, minlex, projection)

Runs the package from this checkout (a copy of python/sudoku_sqlite with
BUILD_DIR/sudoku.so, byte-compiled as pip installs it, on PYTHONPATH) with
Debian's python3; -j 2 needs python3-distributed. Data:
../shared/data/puzzles (absent sets are skipped). Times are wall clock of
whole commands (start-up included) and CPU (user + sys of the command and
the processes it waited for: not dask's workers); the best of the rounds,
run interleaved. Run it on a quiet machine. Not a test: it prints, it does
not judge, except for a 'target' word on the lines that have one.
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(os.path.dirname(ROOT), "shared", "data", "puzzles")
PYTHON = "/usr/bin/python3"


def timed(cmd, env=None, stdout=subprocess.DEVNULL):
    """Runs cmd; returns (wall seconds, CPU seconds of it and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=stdout, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def puzzles_of(path, count=None, every=1):
    """The first `count` puzzle lines (or every `every`th line) of a file."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#") or n % every:
                continue
            out.append(text)
            if count and len(out) == count:
                break
    return out


def main():
    args = sys.argv[1:]
    rounds = 1
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = max(1, int(args[i + 1]))
        del args[i:i + 2]
    only = None
    if "--only" in args:
        i = args.index("--only")
        only = args[i + 1]
        del args[i:i + 2]
    build = os.path.abspath(args[0] if args else os.path.join(ROOT, "build"))
    module = os.path.join(build, "sudoku.so")
    if not os.path.isfile(module):
        sys.exit(f"{module}: build first (cmake --build --preset release)")
    work = tempfile.mkdtemp(prefix="bench-batch-")
    try:
        run(module, work, rounds, only)
    finally:
        shutil.rmtree(work)


def best_of(rounds, runs, env):
    """{name: (best wall, best CPU)} of the commands {name: cmd}, run
    interleaved `rounds` times."""
    best = {}
    for _ in range(rounds):
        for name, cmd in runs.items():
            wall, cpu = timed(cmd, env)
            old = best.get(name, (1e9, 1e9))
            best[name] = (min(old[0], wall), min(old[1], cpu))
    return best


def run(module, work, rounds, only):
    package = os.path.join(work, "sudoku_sqlite")
    shutil.copytree(os.path.join(ROOT, "python", "sudoku_sqlite"), package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(module, package)
    # byte-compiled, as pip installs it (PYTHONDONTWRITEBYTECODE would
    # otherwise have every run compile the sources: some 10 ms)
    subprocess.run([PYTHON, "-m", "compileall", "-q", package], check=True)
    env = dict(os.environ, PYTHONPATH=work)
    command = [PYTHON, "-m", "sudoku_sqlite"]
    have_dask = subprocess.run([PYTHON, "-c", "import distributed"],
                               capture_output=True).returncode == 0
    print(f"sudoku-sqlite: {os.cpu_count()} cores here; dask.distributed "
          f"{'present' if have_dask else 'absent (-j 2 lines skipped)'}; best of {rounds} "
          f"round{'s' if rounds > 1 else ''}")

    # 1. se_rating, 200 puzzles of forum_hardest_1106: -j 1 against -j 2
    hardest = os.path.join(DATA, "forum_hardest_1106.txt")
    efficiency = None
    if only not in (None, "se"):
        pass
    elif os.path.isfile(hardest):
        sample = os.path.join(work, "hardest200.txt")
        with open(sample, "w") as f:
            f.write("".join(p + "\n" for p in puzzles_of(hardest, 200)))
        one = os.path.join(work, "one.txt")
        with open(one, "w") as f:
            f.write(puzzles_of(hardest, 1)[0] + "\n")
        runs = {"-j 1": command + ["-q", "se_rating", sample]}
        if have_dask:
            runs["-j 2"] = command + ["-q", "-j", "2", "se_rating", sample]
            # what -j 2 costs however small the job: dask's import, the
            # cluster's start and end
            runs["-j 2 one"] = command + ["-q", "-j", "2", "se_rating", one]
        best = best_of(rounds, runs, env)
        wall1, cpu1 = best["-j 1"]
        print(f"se_rating, forum_hardest_1106 first 200 puzzles, -j 1: {wall1:6.2f} s wall, "
              f"{cpu1:6.2f} s CPU ({1000 * cpu1 / 200:.0f} ms a puzzle)")
        if have_dask:
            wall2 = best["-j 2"][0]
            print(f"se_rating, forum_hardest_1106 first 200 puzzles, -j 2: {wall2:6.2f} s wall "
                  f"(the workers' CPU is not counted here): {wall1 / wall2:.2f}x faster than -j 1 "
                  f"(target: at least 1.8x)")
            print(f"se_rating, forum_hardest_1106 first puzzle alone, -j 2: "
                  f"{best['-j 2 one'][0]:6.2f} s wall (dask's start and end, which -j 2 adds "
                  "to any job)")
            efficiency = wall1 / wall2 / 2
    else:
        print("puzzles/forum_hardest_1106.txt: data absent, skipped")

    # 2. minlex over 17_clue, -j 1, against the sqlite3 shell's count
    clue17 = os.path.join(DATA, "17_clue.txt")
    shell = shutil.which("sqlite3")
    if only not in (None, "minlex"):
        pass
    elif os.path.isfile(clue17) and shell:
        n = 49158
        load = ["-cmd", f".load {module[:-3]}"]
        count_sql = f"SELECT count(sudoku_minlex(puzzle)) FROM sudoku_read('{clue17}')"
        tsv_sql = f"SELECT line, puzzle, sudoku_minlex(puzzle) FROM sudoku_read('{clue17}')"
        # ten copies of the file: the rates once start-up is paid
        copies = 10
        many_sql = ("SELECT count(sudoku_minlex(puzzle)) FROM ("
                    + " UNION ALL ".join([f"SELECT puzzle FROM sudoku_read('{clue17}')"] * copies)
                    + ")")
        best = best_of(max(5, rounds), {
            "shell count": [shell, ":memory:"] + load + [count_sql],
            "shell tsv": [shell, ":memory:", "-separator", "\t"] + load + [tsv_sql],
            "command": command + ["minlex", clue17],
            "python start": [PYTHON, "-c", "import sudoku_sqlite.cli"],
            "python bare": [PYTHON, "-c", "pass"]}, env)
        best.update(best_of(max(3, rounds), {
            "shell count x10": [shell, ":memory:"] + load + [many_sql],
            "command x10": command + ["--format", r"%l\t%p\t%r", "minlex"] + [clue17] * copies},
            env))
        for name, label, rows in (
                ("shell count", "sqlite3 shell, count(sudoku_minlex(puzzle)), no output", n),
                ("shell tsv", "sqlite3 shell printing line<TAB>puzzle<TAB>minlex", n),
                ("command", "sudoku-sqlite minlex -j 1, to /dev/null", n),
                ("shell count x10", "sqlite3 shell count, the file 10 times", n * copies),
                ("command x10", "sudoku-sqlite minlex -j 1, the file 10 times", n * copies)):
            wall, cpu = best[name]
            print(f"minlex, 17_clue ({rows:,} puzzles), {label}: {wall * 1000:6.0f} ms wall, "
                  f"{cpu * 1000:6.0f} ms CPU, {rows / wall / 1e6:.2f} M puzzles/s")
        print(f"minlex, 17_clue: Python start-up alone {best['python bare'][0] * 1000:.0f} ms "
              f"wall, with the package's imports {best['python start'][0] * 1000:.0f} ms")
        for mine, theirs, what in (("command", "shell count", "one file"),
                                   ("command x10", "shell count x10", "ten copies")):
            ratio = best[theirs][0] / best[mine][0]
            cpu_ratio = best[theirs][1] / best[mine][1]
            print(f"minlex, 17_clue, {what}: the command's rate is {100 * ratio:.0f}% of the "
                  f"shell's count in wall time, {100 * cpu_ratio:.0f}% in CPU time "
                  f"(target: at least 80%)")
    else:
        print("puzzles/17_clue.txt or the sqlite3 shell: absent, skipped")

    # 3. forum_hardest_1905_11plus on 16 and 64 cores, from the CPU a puzzle
    big = os.path.join(DATA, "forum_hardest_1905_11plus.txt")
    if only not in (None, "projection"):
        pass
    elif os.path.isfile(big):
        total = len(puzzles_of(big))
        every = total // 100
        sample = os.path.join(work, "sample1905.txt")
        picked = puzzles_of(big, every=every)
        with open(sample, "w") as f:
            f.write("".join(p + "\n" for p in picked))
        wall, cpu = timed(command + ["-q", "se_rating", sample], env)
        per = cpu / len(picked)
        hours = total * per / 3600
        print(f"se_rating, forum_hardest_1905_11plus every {every}th line ({len(picked)} "
              f"puzzles), -j 1: {wall:.1f} s wall, {per:.3f} s CPU a puzzle: the "
              f"{total:,} puzzles take {hours:.2f} h of CPU")
        for cores in (16, 64):
            line = (f"se_rating, forum_hardest_1905_11plus projected on {cores} cores: "
                    f"{hours * 60 / cores:.1f} min if spread perfectly")
            if efficiency:
                line += (f", {hours * 60 / cores / efficiency:.1f} min at the -j 2 "
                         f"efficiency above ({100 * efficiency:.0f}%)")
            print(line + f" ({total / cores:,.0f} puzzles a core)")
    else:
        print("puzzles/forum_hardest_1905_11plus.txt: data absent, skipped")


if __name__ == "__main__":
    main()
