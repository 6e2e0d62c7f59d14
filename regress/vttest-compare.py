#!/usr/bin/python3
"""
vttest-compare: vttest (Debian's vttest) run in a mux pane and in a tmux
3.3a pane of the same size, driven by the same keys; after each key, once
both screens have settled on a screen that asks for input ("Push
<RETURN>" or a menu's "Enter choice"), the two are compared as
capture-pane -p prints them and the rows that differ are listed.

Not part of make check (vttest is not installed by ./bootstrap): a tool
for looking at vttest's screens. Screens are waited for by polling them,
not by sleeping for a guessed time.

Usage: vttest-compare.py MUX KEYS [-v]
  KEYS: comma-separated, each a line typed (its text, then Enter) or R
  for Enter alone, e.g. "1,R,R,R" (menu 1 and three screens) or
  "11,7,R,R,0". -v prints mux's whole screen where they differ.

Where the two differ, neither is the reference: the screen vttest
describes (what xterm shows) is. capture-pane prints a DEC line-drawing
cell as tmux stores it (the ASCII letter) and mux as the character it
shows, so such rows always differ.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time


def main():
    args = [a for a in sys.argv[1:] if a != '-v']
    verbose = '-v' in sys.argv[1:]
    if len(args) != 2:
        print(__doc__.strip().split('\n\n')[2], file=sys.stderr)
        return 2
    mux, keys = args[0], args[1].split(',')
    tmp = tempfile.mkdtemp(prefix='vttest-compare.')
    env = dict(os.environ, MUX_TMPDIR=tmp, TMUX_TMPDIR=tmp)
    env.pop('TMUX', None)
    env.pop('MUX', None)
    label = 'vttc%d' % os.getpid()

    def run(tool, *a):
        cmd = [mux if tool == 'mux' else 'tmux', '-L', label, '-f',
               '/dev/null'] + list(a)
        return subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL,
                              env=env).stdout.decode('utf-8', 'replace')

    def screen(tool):
        return (run(tool, 'capture-pane', '-p', '-t', 'v') +
                run(tool, 'display', '-p', '-t', 'v',
                    '#{cursor_x},#{cursor_y}'))

    def settle(tool, prev):
        """The screen once it has stopped changing on one that waits for
        input and differs from prev (at most 10 s)."""
        last, same = None, 0
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            s = screen(tool)
            if s == last and s != prev and ('RETURN' in s or
                                            'choice' in s):
                same += 1
                if same >= 5:
                    return s
            else:
                same = 0
            last = s
            time.sleep(0.03)
        return last

    tools = ('mux', 'tmux')
    for t in tools:
        run(t, 'new', '-d', '-s', 'v', '-x', '80', '-y', '24',
            'TERM=xterm vttest; sleep 100000')
    prev = {t: settle(t, None) for t in tools}
    ndiff = 0
    try:
        for step, k in enumerate(keys, 1):
            for t in tools:
                if k == 'R':
                    run(t, 'send', '-t', 'v', 'Enter')
                else:
                    run(t, 'send', '-t', 'v', k, 'Enter')
            for t in tools:
                prev[t] = settle(t, prev[t])
            a, b = prev['mux'].split('\n'), prev['tmux'].split('\n')
            if a == b:
                print('step %d (%s): same' % (step, k))
                continue
            ndiff += 1
            print('step %d (%s): differ' % (step, k))
            if verbose:
                print('\n'.join('      |%s|' % line for line in a))
            for i in range(max(len(a), len(b))):
                x = a[i] if i < len(a) else ''
                y = b[i] if i < len(b) else ''
                if x != y:
                    print('%2d mux  |%s|' % (i, x))
                    print('%2d tmux |%s|' % (i, y))
    finally:
        for t in tools:
            run(t, 'kill-server')
        shutil.rmtree(tmp, ignore_errors=True)
    print('vttest-compare: %d of %d screens differ' % (ndiff, len(keys)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
