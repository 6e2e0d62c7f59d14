#!/usr/bin/python3
"""
vt-diff: the differential check. Each case of the corpus (vt-corpus.txt)
is fed to mux's pane terminal (regress/vt-screen) and to pyte, a second
emulator, and the screens (text, trailing blanks trimmed) and cursors are
compared. A case says whether the two must agree ("same") or where pyte is
known to be wrong and mux follows xterm and tmux 3.3a ("pyte: why").
Usage: vt-diff.py VT-SCREEN CORPUS [-v] [--tmux]. Prints the counts;
exits 1 when a "same" case differs or a "pyte:" case no longer does (the
list must stay true), 77 when pyte is not installed. With --tmux, each
case also runs in a tmux pane (tmux 3.3a, a third opinion) and the cases
where mux and tmux differ are listed; they do not fail the check.
"""
import os
import tempfile
import subprocess
import sys
import unicodedata

try:
    import pyte
except ImportError:
    print("vt-diff: pyte not installed (python3-pyte)")
    sys.exit(77)


def unescape(s):
    """The corpus's byte notation: \\e, \\xNN, \\r, \\n, \\b, \\t, \\\\."""
    out = bytearray()
    i = 0
    simple = {'e': 0x1b, 'r': 0x0d, 'n': 0x0a, 'b': 0x08, 't': 0x09,
              '\\': 0x5c, 'a': 0x07}
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            d = s[i + 1]
            if d == 'x':
                out.append(int(s[i + 2:i + 4], 16))
                i += 4
                continue
            if d in simple:
                out.append(simple[d])
                i += 2
                continue
        out.extend(c.encode())
        i += 1
    return bytes(out)


def mux_screen(tool, cols, rows, data):
    r = subprocess.run([tool, str(cols), str(rows)], input=data,
                       stdout=subprocess.PIPE, check=True)
    lines = r.stdout.decode('utf-8', 'replace').split('\n')
    x, y = lines[rows].split()[1:3]
    return lines[:rows], (int(x), int(y))


def pyte_screen(cols, rows, data):
    screen = pyte.Screen(cols, rows)
    stream = pyte.ByteStream(screen)
    stream.feed(data)
    text = [line.rstrip(' ') for line in screen.display]
    # pyte has no pending wrap: its cursor may be one past the edge.
    return text, (min(screen.cursor.x, cols - 1), screen.cursor.y)


def tmux_screen(cols, rows, data, n):
    """tmux 3.3a's screen. Its capture-pane writes DEC line drawing as the
    ASCII it was sent as (the cell keeps a charset flag)."""
    sock = "vtdiff%d-%d" % (os.getpid(), n)
    tmux = ["tmux", "-L", sock, "-f", "/dev/null"]
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(data)
        path = f.name
    try:
        # -opost: the pty must not turn LF into CR LF.
        cmd = "stty -opost; cat %s; tmux -L %s wait-for -S done; cat" % (
            path, sock)
        subprocess.run(tmux + ["new", "-d", "-x", str(cols), "-y", str(rows),
                       cmd], check=True)
        subprocess.run(tmux + ["wait-for", "done"], check=True)
        text = subprocess.run(tmux + ["capture-pane", "-p"],
                              stdout=subprocess.PIPE, check=True).stdout
        cur = subprocess.run(tmux + ["display", "-p",
                             "#{cursor_x} #{cursor_y}"],
                             stdout=subprocess.PIPE, check=True).stdout
    finally:
        subprocess.run(tmux + ["kill-server"], stderr=subprocess.DEVNULL)
        os.unlink(path)
    lines = text.decode('utf-8', 'replace').split('\n')[:rows]
    lines = [line.rstrip(' ') for line in lines]
    lines += [''] * (rows - len(lines))
    x, y = (int(v) for v in cur.split())
    return lines, (min(x, cols - 1), y)


def nfc(screen):
    return ([unicodedata.normalize('NFC', t) for t in screen[0]], screen[1])


def main():
    tool, corpus = sys.argv[1], sys.argv[2]
    verbose = '-v' in sys.argv[3:]
    with_tmux = '--tmux' in sys.argv[3:]
    same = known = bad = tmux_same = tmux_differ = 0
    for n, line in enumerate(open(corpus, encoding='utf-8'), 1):
        line = line.rstrip('\n')
        if not line or line.startswith('#'):
            continue
        name, size, raw, expect = line.split('\t')
        cols, rows = (int(v) for v in size.split('x'))
        data = unescape(raw)
        m = mux_screen(tool, cols, rows, data)
        p = pyte_screen(cols, rows, data)
        # pyte composes (NFC) what mux keeps as sent: compare composed.
        agree = nfc(m) == nfc(p)
        if with_tmux:
            t = tmux_screen(cols, rows, data, n)
            if nfc(m) == nfc(t):
                tmux_same += 1
            else:
                tmux_differ += 1
                print("%s:%d: %s: mux and tmux differ" % (corpus, n, name))
                print("  mux:  %r %r" % m)
                print("  tmux: %r %r" % t)
        if expect == 'same' and agree:
            same += 1
        elif expect.startswith('pyte:') and not agree:
            known += 1
        else:
            bad += 1
            print("%s:%d: %s: expected %s, %s" % (corpus, n, name, expect,
                  "they agree" if agree else "they differ"))
        if (verbose or (expect == 'same' and not agree)) and not agree:
            print("  mux:  %r %r" % m)
            print("  pyte: %r %r" % p)
    print("vt-diff: %d agree, %d known pyte differences, %d wrong" %
          (same, known, bad))
    if with_tmux:
        print("vt-diff: tmux: %d the same as mux, %d differ" %
              (tmux_same, tmux_differ))
    sys.exit(1 if bad else 0)


main()
