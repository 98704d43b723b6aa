#!/bin/sh
# The Python package (python/): `pip install` into a fresh virtual
# environment made from Debian's /usr/bin/python3 (whose sqlite3 can load
# extensions) with --system-site-packages (so pytest and setuptools come
# from Debian's packages: nothing is downloaded, --no-index makes sure),
# then pytest on python/tests from outside the source folder.
#   check_python.sh SOURCE_DIR MODULE [dask]
# MODULE (the build's sudoku.so) is bundled instead of building it again.
# Without `dask`: every test file but test_batch_dask.py; with it, that one
# only (the command on dask worker processes and a cluster; package/batch).
# Exits 77 (skipped) without python3-venv, pip or pytest, and with `dask`
# without dask.distributed (Debian's python3-distributed).
src=$1
module=$2
python=/usr/bin/python3
[ -x $python ] || { echo "no $python: skipped"; exit 77; }
if [ "$3" = dask ]; then
    $python -c "import distributed" 2>/dev/null ||
        { echo "dask.distributed missing (Debian: python3-distributed): skipped"; exit 77; }
    tests="$src/python/tests/test_batch_dask.py"
else
    tests="$src/python/tests --ignore=$src/python/tests/test_batch_dask.py"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# --without-pip: Debian's own pip installs into the venv (pip --python),
# which saves the venv's copy of pip (10 s here).
$python -m venv --system-site-packages --without-pip "$work/venv" >"$work/venv.log" 2>&1 ||
    { cat "$work/venv.log"; echo "python3-venv missing: skipped"; exit 77; }
venv=$work/venv/bin
$python -m pip --version >/dev/null 2>&1 || { echo "no pip (python3-pip): skipped"; exit 77; }
"$venv/python" -c "import pytest" 2>/dev/null || { echo "no pytest (python3-pytest): skipped"; exit 77; }
# pip builds in place (python/build, python/*.egg-info): from a copy, so
# that package/python and package/batch can run at the same time (setup.py
# reads the version from the CMakeLists.txt next to python/).
mkdir "$work/src" && cp "$src/CMakeLists.txt" "$work/src/" && cp -R "$src/python" "$work/src/" &&
    rm -rf "$work/src/python/build" "$work/src/python"/*.egg-info || exit 1
SUDOKU_PREBUILT_MODULE=$module $python -m pip --python "$venv/python" install --no-index \
    --quiet --disable-pip-version-check "$work/src/python" >"$work/pip.log" 2>&1 ||
    { cat "$work/pip.log"; echo "FAILED: pip install"; echo "0 passed, 1 failed"; exit 1; }
cd "$work" || exit 1
"$venv/python" -c "import sudoku_sqlite; print(sudoku_sqlite.minlex('1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75'))" ||
    { echo "FAILED: import"; exit 1; }
# (the command's tests run it as "$venv/python" -m sudoku_sqlite and as the
# venv's bin/sudoku-sqlite; $tests is split into words on purpose)
exec "$venv/python" -m pytest -q -p no:cacheprovider $tests
