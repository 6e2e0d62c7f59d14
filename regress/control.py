#!/usr/bin/env python3
"""regress/control.py: a scripted control-mode client for regress/control.sh.

usage: control.py BIN LABEL transcript   print the normalised transcript of
                                         the steps below (to compare with
                                         tmux 3.3a's)
       control.py BIN LABEL extra        mux-only checks (escaping, flags,
                                         pause and continue, subscriptions,
                                         -CC, a client that stops reading)

Each step sends one command line and reads up to the end of its block; a
marker command (display -p) then shows that the notifications of the step
have all come (the server writes them at the end of the loop turn the
command ran in, before it reads the marker). %output lines are left out of
the transcript (how a program's output is cut into reads is not the
protocol's) and checked on their own. Times, command numbers and client
names are normalised. Everything waits on what it reads, with a deadline.
"""
import os
import re
import select
import subprocess
import sys
import time

DEADLINE = 20.0


# Pane output lines (%output, %extended-output), from A or B.
OUTPUT = re.compile(r"(B )?%(extended-)?output ")


class Ctl:
    def __init__(self, argv, stdin=None):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, bufsize=0)
        self.buf = b""
        self.lines = []      # everything read, in order
        self.output = {}     # pane -> bytes of %output

    def send(self, line):
        self.p.stdin.write(line.encode() + b"\n")

    def _more(self, until):
        r, _, _ = select.select([self.p.stdout], [], [],
                                max(0, until - time.time()))
        if not r:
            raise SystemExit("timed out; read so far:\n" +
                             "\n".join(self.lines))
        data = os.read(self.p.stdout.fileno(), 65536)
        if not data:
            raise EOFError
        self.buf += data

    def line(self, until):
        while b"\n" not in self.buf:
            self._more(until)
        line, self.buf = self.buf.split(b"\n", 1)
        text = line.decode("utf-8", "replace")
        self.lines.append(text)
        m = re.match(r"%(?:extended-)?output (%\d+) (?:\d+ : )?(.*)", text,
                     re.S)
        if m:
            self.output[m.group(1)] = (self.output.get(m.group(1), b"") +
                                       unescape(m.group(2)))
        return text

    def until(self, pred, what):
        until = time.time() + DEADLINE
        got = []
        while True:
            text = self.line(until)
            got.append(text)
            if pred(text):
                return got

    def block(self):
        """Read to the end of the next block; returns the lines."""
        return self.until(lambda t: re.match(r"%(end|error) ", t), "block")

    def run(self, line):
        """One command and its notifications (up to a marker's block)."""
        self.send(line)
        got = self.block()
        self.send("display -p marker")
        got += self.until(lambda t: t == "marker", "marker")
        got += self.block()
        # The marker's own block is not part of the step; pane output
        # (which norm drops) may land anywhere between blocks, so it goes
        # before a caller counts lines from the end.
        return [t for t in got[:-3] if not OUTPUT.match(t)]

    def wait_line(self, since, pred, what):
        """A line matching pred, read since index since or later."""
        if not any(pred(t) for t in self.lines[since:]):
            self.until(pred, what)

    def wait_output(self, pane, text):
        until = time.time() + DEADLINE
        while text.encode() not in self.output.get(pane, b""):
            self.line(until)

    def finish(self):
        """Read to the end; returns the remaining lines."""
        got = []
        until = time.time() + DEADLINE
        try:
            while True:
                got.append(self.line(until))
        except EOFError:
            pass
        self.p.wait(timeout=DEADLINE)
        return got


def unescape(s):
    out = bytearray()
    b = s.encode("utf-8", "surrogateescape")
    i = 0
    while i < len(b):
        if b[i:i + 1] == b"\\" and i + 3 < len(b) + 1:
            out.append(int(b[i + 1:i + 4], 8))
            i += 4
        else:
            out.append(b[i])
            i += 1
    return bytes(out)


def norm(lines):
    out = []
    for t in lines:
        if OUTPUT.match(t):
            continue
        # tmux may name a new window after its own process, caught by
        # automatic-rename before the shell's exec: a race of tmux's.
        if re.match(r"(B )?%window-renamed @\d+ tmux$", t):
            continue
        t = re.sub(r"^(B )?%(begin|end|error) \d+ \d+ (\d+)$",
                   r"\1%\2 T N \3", t)
        t = re.sub(r"client-\d+", "client-N", t)
        out.append(t)
    return out


def transcript(binary, label):
    base = [binary, "-L", label, "-f", "/dev/null"]
    a = Ctl(base + ["-C", "new", "-s", "main", "-x", "80", "-y", "24"])
    out = ["# A: new -s main"]
    out += a.block()
    a.send("display -p marker")
    out += a.until(lambda t: t == "marker", "marker")[:-2]
    a.block()
    steps = ["refresh-client -C 80x24", "split-window", "rename-window foo",
             "rename-session ren", "new-window", "select-window -t :0",
             "copy-mode -t %1", "send-keys -t %1 -X cancel"]
    for s in steps:
        out.append("# A: " + s)
        out += a.run(s)
    out.append("# A: send-keys (typing)")
    out += a.run("send-keys -t %1 'echo hi-$((6*7))' Enter")
    a.wait_output("%1", "hi-42")
    out.append("# B: attach -t ren")
    b = Ctl(base + ["-C", "attach", "-t", "ren"])
    bl = b.block()
    b.send("display -p marker")
    bl += b.until(lambda t: t == "marker", "marker")[:-2]
    b.block()
    out += ["B " + t for t in bl]
    out.append("# A: (B attached)")
    out += a.run("display -p x")[:-1]
    out.append("# A: new-session -d -s other")
    out += a.run("new-session -d -s other")
    out.append("# A: kill-window -t @1")
    out += a.run("kill-window -t @1")
    out.append("# B: empty line")
    b.send("")
    out += ["B " + t for t in b.finish()]
    out.append("# A: (B gone)")
    out += a.run("display -p x")[:-1]
    out.append("# A: bogus")
    out += a.run("bogus")
    out.append("# A: detach-client")
    a.send("detach-client")
    out += a.finish()
    return norm(out)


def expect(cond, what):
    if not cond:
        raise SystemExit("FAIL: " + what)


def extra(binary, label):
    base = [binary, "-L", label, "-f", "/dev/null"]
    a = Ctl(base + ["-C", "new", "-s", "x", "-x", "80", "-y", "24"])
    a.block()
    # Octal escaping: bytes below space and backslash.
    a.run("send-keys -t %0 'printf \"a\\\\\\\\b\\\\tc\\\\n\"' Enter")
    a.wait_output("%0", "a\\b\tc")
    raw = [t for t in a.lines if t.startswith("%output %0 ")]
    expect(any("a\\134b\\011c\\015\\012" in t for t in raw),
           "octal escaping: " + repr(raw[-3:]))
    # pause-after: %extended-output; -A pause and continue.
    a.run("refresh-client -f pause-after=30")
    a.run("send-keys -t %0 'echo ext-$((1+1))' Enter")
    a.wait_output("%0", "ext-2")
    expect(any(t.startswith("%extended-output %0 ") for t in a.lines),
           "no %extended-output with pause-after")
    got = a.run("refresh-client -A '%0:pause'")
    expect("%pause %0" in got, "no %pause: " + repr(got))
    got = a.run("refresh-client -A '%0:continue'")
    expect("%continue %0" in got, "no %continue: " + repr(got))
    # no-output: nothing from panes.
    a.run("refresh-client -f '!pause-after,no-output'")
    n = len(a.lines)
    a.run("send-keys -t %0 'echo none-$((2+2))' Enter")
    # Once the pane shows it, the server has read it: an %output for it
    # would come before the next block.
    until = time.time() + DEADLINE
    while b"none-4" not in subprocess.run(
            base + ["capture-pane", "-p", "-t", "%0"],
            capture_output=True).stdout:
        expect(time.time() < until, "no-output: the pane never showed it")
        time.sleep(0.01)
    a.run("display -p sync")
    expect(not any(t.startswith("%output") for t in a.lines[n:]),
           "output with no-output")
    # Bad arguments are errors, as blocks.
    for bad in ("refresh-client -C 0x5", "refresh-client -f nonsense",
                "refresh-client -A '%99:on'", "refresh-client -A '%0:sideways'"):
        got = a.run(bad)
        expect(got[-1].startswith("%error "), bad + ": " + repr(got))
    # Subscriptions: told at once, then when the value changes.
    n = len(a.lines)
    a.run("refresh-client -B 'sn::#{session_name}'")
    a.wait_line(n, lambda t: t == "%subscription-changed sn $0 - - - : x",
                "sub")
    n = len(a.lines)
    a.run("refresh-client -B 'wn:@*:#{window_name}-#{window_panes}'")
    a.wait_line(n, lambda t: t.startswith("%subscription-changed wn $0 @0 0 "
                                          "- : ") and t.endswith("-1"),
                "window sub")
    n = len(a.lines)
    a.run("rename-session y")
    a.wait_line(n, lambda t: t == "%subscription-changed sn $0 - - - : y",
                "sub 2")
    a.run("refresh-client -B sn")
    a.run("refresh-client -B wn")
    a.run("rename-session x")
    got = a.run("refresh-client -B 'bad:#1:x'")
    expect(got[-1].startswith("%error "), repr(got))
    # Paste buffers.
    got = a.run("set-buffer -b b1 hello")
    expect("%paste-buffer-changed b1" in got, repr(got))
    got = a.run("delete-buffer -b b1")
    expect("%paste-buffer-deleted b1" in got, repr(got))
    a.send("")
    rest = a.finish()
    expect(rest[-1] == "%exit", "empty line: " + repr(rest))
    # -CC without a terminal: an error, as tmux.
    p = subprocess.run(base + ["-CC", "attach"], stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=DEADLINE)
    expect(p.returncode == 1 and b"tcgetattr failed" in p.stderr,
           "-CC without a terminal: %r" % (p,))
    # -CC on a terminal: DCS first, %exit and ST last.
    import pty
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, base + ["-CC", "attach", "-t", "x"])
    data = b""
    until = time.time() + DEADLINE
    while b"%end" not in data:
        r, _, _ = select.select([fd], [], [], max(0, until - time.time()))
        expect(r, "-CC: no block: %r" % data)
        data += os.read(fd, 4096)
    os.write(fd, b"\r")
    while not data.endswith(b"\033\\"):
        r, _, _ = select.select([fd], [], [], max(0, until - time.time()))
        expect(r, "-CC: no end: %r" % data)
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    os.waitpid(pid, 0)
    expect(data.startswith(b"\033P1000p%begin "), "-CC start: %r" % data)
    expect(data.endswith(b"%exit\r\n\033\\"), "-CC end: %r" % data)
    # A control client that stops reading while a pane floods: the
    # server keeps answering, and lets it go once it is too far behind.
    p = subprocess.Popen(base + ["-C", "attach", "-t", "x"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    p.stdin.write(b"send-keys -t %0 'yes flood-flood-flood-flood' Enter\n")
    p.stdin.flush()
    def clients():
        r = subprocess.run(base + ["list-clients", "-F", "#{client_name}"],
                           capture_output=True, timeout=DEADLINE)
        expect(r.returncode == 0, "server stopped answering")
        return r.stdout.strip()
    until = time.time() + DEADLINE
    try:
        while clients() == b"":     # attached (and flooding) first
            expect(time.time() < until, "the control client never came")
            time.sleep(0.01)
        while clients() != b"":
            expect(time.time() < until, "a control client never let go")
            time.sleep(0.05)
        out, _ = p.communicate(timeout=DEADLINE)
    finally:
        if p.poll() is None:
            p.kill()
    expect(out.endswith(b"%exit lost server\n") or
           out.endswith(b"%exit too far behind\n"),
           "behind: " + repr(out[-60:]))
    subprocess.run(base + ["send-keys", "-t", "%0", "C-c"])
    print("ok")


if __name__ == "__main__":
    binary, label, what = sys.argv[1:4]
    if what == "transcript":
        print("\n".join(transcript(binary, label)))
    else:
        extra(binary, label)
