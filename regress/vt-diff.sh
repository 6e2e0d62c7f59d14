#!/bin/sh
# The differential check: the pane terminal against pyte (vt-diff.py);
# skipped when pyte (python3-pyte) is not installed.
top=$(dirname "$0")/..
py=/usr/bin/python3
[ -x "$py" ] || py=python3
exec "$py" "$top/regress/vt-diff.py" "$top/regress/vt-screen" \
    "$top/regress/vt-corpus.txt"
