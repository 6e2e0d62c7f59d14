#!/usr/bin/env python3
"""flags-sweep.py MUX TMUX DIR: every flag of every command of tmux 3.3a's
list-commands (alone, with a plausible argument, without its argument, and
a -t that names nothing), and an unknown flag, run against a fresh server
of each (a session "a" of two panes running cat, and a buffer "b0"); the exit status,
the first line of the error and the count of output lines must be the
same, but for the differences listed in KNOWN (each with why) and a flag
given without its argument (mux refuses it, tmux 3.3a goes on or
crashes: see mux(1) COMMANDS). Prints each difference; exits 1 if any."""
import os, re, subprocess, sys

MUX, TMUX, DIR = sys.argv[1:4]
env = dict(os.environ, TMUX_TMPDIR=DIR, MUX_TMPDIR=DIR)
for v in ("TMUX", "MUX"):
    env.pop(v, None)

# Commands that take the terminal or the whole server away.
SKIP = {"kill-server", "lock-server", "lock-client", "lock-session",
        "suspend-client", "attach-session", "server-access", "wait-for"}
# Differences there are reasons for (see the report of the lang branch).
KNOWN = {
    # mux prints a message to stdout when there is no attached client to
    # show it on; tmux 3.3a shows it nowhere.
    "display-message -N", "display-message -d 1",
    "display-message -F #{session_name}", "display-message -t a:0.0",
    "display-message -t nosuch:9.9", "display-message -c /dev/nonexist",
    "display-message -c nosuch:9.9",
    # The variables mux and tmux have differ in number (formats).
    "display-message -a", "display-message -v",
    # mux checks the session before the client.
    "display-popup -t nosuch:9.9",
    # detach-client -s works from outside in mux.
    "detach-client -s a", "detach-client -s nosuch:9.9",
    # refresh-client from outside redraws the session's clients in mux.
    "refresh-client -S",
    # A format for list-commands has the current session in mux.
    "list-commands -F #{session_name}",
    # -e that is not NAME=VALUE is an error in mux (mux(1) COMMANDS).
    "new-window -e 1", "split-window -e 1",
    # tmux's words for a target its option commands cannot find.
    "show-environment -t nosuch:9.9", "show-hooks -t nosuch:9.9",
    "show-options -t nosuch:9.9", "show-window-options -t nosuch:9.9",
    # mux has more server options (options-compare.sh lists them).
    "show-options -s",
}
ARG = {"target-pane": "a:0.0", "target-window": "a:0",
       "target-session": "a", "target-client": "/dev/nonexist",
       "src-pane": "a:0.0", "dst-pane": "a:0.0", "src-window": "a:0",
       "dst-window": "a:0", "buffer-name": "b0",
       "format": "#{session_name}", "shell-command": "true",
       "command": "display -p hi", "path": "/dev/null", "key": "F12",
       "key-table": "root", "width": "10", "height": "10"}


def tool(binary, label, args):
    return subprocess.run([binary, "-L", label] + args, env=env,
                          capture_output=True, text=True, timeout=20,
                          stdin=subprocess.DEVNULL)


def outcome(binary, label, args):
    r = tool(binary, label, args)
    err = r.stderr.replace("tmux", "X").replace("mux", "X").strip()
    return (r.returncode, err.splitlines()[:1],
            len(r.stdout.strip().splitlines()))


commands = tool(TMUX, "lc", ["-f", "/dev/null", "start", ";",
                             "list-commands"]).stdout
tool(TMUX, "lc", ["kill-server"])
differ = 0
for n, line in enumerate(commands.splitlines()):
    name, usage = re.match(r"(\S+)(?: \(\S+\))? ?(.*)", line).groups()
    if name in SKIP:
        continue
    flags = [(c, None) for g in re.findall(r"\[-([A-Za-z0-9]+)\]", usage)
             for c in g]
    flags += re.findall(r"\[-([A-Za-z0-9]) ([a-z-]+)\]", usage)
    tests = [["-Q"]]
    for c, arg in flags:
        tests.append(["-" + c] + ([ARG.get(arg, "1")] if arg else []))
        if arg:
            tests.append(["-" + c])
        if arg and arg.startswith("target"):
            tests.append(["-" + c, "nosuch:9.9"])
    for k, t in enumerate(tests):
        got = []
        for binary in (TMUX, MUX):
            label = "s%d-%d%s" % (n, k, "t" if binary == TMUX else "m")
            # cat draws nothing: what the panes show does not depend on
            # when a shell draws its prompt.
            tool(binary, label, ["-f", "/dev/null", "new", "-d", "-s", "a",
                                 "-x", "80", "-y", "24", "cat"])
            tool(binary, label, ["set-buffer", "-b", "b0", "hello"])
            tool(binary, label, ["split-window", "-d", "cat"])
            got.append(outcome(binary, label, [name] + t))
            tool(binary, label, ["kill-server"])
        what = " ".join([name] + t)
        if got[0] == got[1] or what in KNOWN:
            continue
        if got[1][1] and got[1][1][0].endswith("expects an argument"):
            continue
        print("%s\n  tmux: %s\n  mux:  %s" % (what, got[0], got[1]))
        differ = 1
sys.exit(differ)
