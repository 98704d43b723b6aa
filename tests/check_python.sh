#!/bin/sh
# The Python package (python/): `pip install` into a fresh virtual
# environment made from Debian's /usr/bin/python3 (whose sqlite3 can load
# extensions) with --system-site-packages (so pytest and setuptools come
# from Debian's packages: nothing is downloaded, --no-index makes sure),
# then pytest on python/tests from outside the source folder.
#   check_python.sh SOURCE_DIR MODULE
# MODULE (the build's sudoku.so) is bundled instead of building it again.
# Exits 77 (skipped) without python3-venv, pip or pytest.
src=$1
module=$2
python=/usr/bin/python3
[ -x $python ] || { echo "no $python: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# --without-pip: Debian's own pip installs into the venv (pip --python),
# which saves the venv's copy of pip (10 s here).
$python -m venv --system-site-packages --without-pip "$work/venv" >"$work/venv.log" 2>&1 ||
    { cat "$work/venv.log"; echo "python3-venv missing: skipped"; exit 77; }
venv=$work/venv/bin
$python -m pip --version >/dev/null 2>&1 || { echo "no pip (python3-pip): skipped"; exit 77; }
"$venv/python" -c "import pytest" 2>/dev/null || { echo "no pytest (python3-pytest): skipped"; exit 77; }
# pip builds in place (python/build, python/*.egg-info; both ignored by git).
SUDOKU_PREBUILT_MODULE=$module $python -m pip --python "$venv/python" install --no-index \
    --quiet --disable-pip-version-check "$src/python" >"$work/pip.log" 2>&1 ||
    { cat "$work/pip.log"; echo "FAILED: pip install"; echo "0 passed, 1 failed"; exit 1; }
cd "$work" || exit 1
"$venv/python" -c "import sudoku_sqlite; print(sudoku_sqlite.minlex('1..456...4......2...912...6.1...5.....5..729.8..6....43.....9.2....6......82...75'))" ||
    { echo "FAILED: import"; exit 1; }
exec "$venv/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
