#!/bin/sh
# -J (a mux extension): every list command prints one JSON array of
# objects that python3's json module reads. For sessions, windows and
# panes each field is checked against what display -p gives for that
# item's #{field}, and for clients and buffers against the same command's
# -F (display -p has no buffer, and takes no client's formats); types
# are checked (numbers, booleans for flags, strings, null for what does
# not apply); -J with -f and the target flags lists what -F lists;
# show-options, show-environment, show-hooks, list-keys and
# list-commands give their fields; control characters and invalid UTF-8
# come out as valid JSON.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }

m new -d -s a -x 80 -y 24 sh || fail "new"
wait_prompt a
m neww -t a sh \; splitw -t a:1 sh || fail "neww"
m new -d -s b sh || fail "new b"
m renamew -t a:0 "$(printf 'tab\there "q" \\ \001')" || fail "renamew"
m set -g @weird "$(printf 'x\033y\377z\200')" || fail "set @weird"
m set -g @plain 'a b' || fail "set @plain"
m setenv -g JSONVAR 'v"1' || fail "setenv"
m setenv -g -r GONE || fail "setenv -r"
m set-hook -g after-new-window 'display-message hi' || fail "set-hook"
m bind-key -N 'my note' -T prefix F12 display-message 'x y' || fail "bind"
printf 'line1\nline2\tend\001\377' >buf.txt
m load-buffer -b jb buf.txt || fail "load-buffer"
m setb -b plain hello || fail "setb"
wait_prompt a:1.1
wait_prompt b

cat >check.py <<'PY'
import json, os, subprocess, sys

MUX = [os.environ["MUX_BIN"], "-L", os.environ["LABEL"]]
SEP = "\x1e@@\x1e"
failed = []

def mux(*args, check=True):
    r = subprocess.run(MUX + list(args), capture_output=True)
    if check and r.returncode != 0:
        sys.exit("mux %s failed: %s" % (args, r.stderr.decode(errors="replace")))
    return r

def load(*args):
    out = mux(*args).stdout.decode("utf-8")   # strict: must be UTF-8
    try:
        data = json.loads(out)
    except ValueError as e:
        sys.exit("%s: not JSON (%s): %r" % (" ".join(args), e, out[:400]))
    if not isinstance(data, list) or not all(isinstance(o, dict) for o in data):
        sys.exit("%s: not an array of objects" % " ".join(args))
    return data

def bad(what):
    failed.append(what)

# Fields whose type is known, whichever list they come in.
BOOLS = ["window_active", "pane_dead", "pane_active", "window_zoomed_flag",
         "session_many_attached", "pane_in_mode", "client_control_mode",
         "window_last_flag", "pane_at_top", "alternate_on", "cursor_flag"]
NUMBERS = ["session_windows", "window_panes", "window_index", "pane_index",
           "pane_width", "pane_height", "pane_pid", "history_limit",
           "cursor_x", "session_created", "client_width", "client_height",
           "buffer_size", "session_attached", "window_width"]
STRINGS = ["session_name", "session_id", "window_id", "pane_id",
           "window_name", "window_layout", "client_name", "buffer_name",
           "pane_current_path", "client_flags"]
# Values that may move between the list and display -p.
MOVING = ("activity",)

def as_format(v):
    if v is None:
        return ""
    if v is True:
        return "1"
    if v is False:
        return "0"
    return str(v)

def check_types(where, obj):
    for k, v in obj.items():
        if k.endswith("_flag") and not isinstance(v, bool):
            bad("%s: %s is %r, not a boolean" % (where, k, v))
    for k in BOOLS:
        if k in obj and not isinstance(obj[k], bool):
            bad("%s: %s is %r, not a boolean" % (where, k, obj[k]))
    for k in NUMBERS:
        if k in obj and (isinstance(obj[k], bool) or
                         not isinstance(obj[k], int)):
            bad("%s: %s is %r, not a number" % (where, k, obj[k]))
    for k in STRINGS:
        if k in obj and not isinstance(obj[k], str):
            bad("%s: %s is %r, not a string" % (where, k, obj[k]))

def compare(where, obj, formatter):
    """Expand every field of obj with formatter (a list of format strings
    to a list of values) and compare."""
    keys = sorted(obj)
    got = formatter(SEP.join("#{%s}" % k for k in keys)).split(SEP)
    if len(got) != len(keys):
        bad("%s: %d values for %d fields" % (where, len(got), len(keys)))
        return
    for k, v in zip(keys, got):
        if any(s in k for s in MOVING):
            continue
        if as_format(obj[k]) != v:
            bad("%s: %s is %r in JSON, %r from the format" %
                (where, k, obj[k], v))

def display(target, client=None):
    def f(fmt):
        args = ["display-message", "-p", "-t", target]
        if client is not None:
            args += ["-c", client]
        out = mux(*(args + [fmt])).stdout.decode("utf-8", "replace")
        return out[:-1] if out.endswith("\n") else out
    return f

def need(where, obj, keys):
    for k in keys:
        if k not in obj:
            bad("%s: no field %s" % (where, k))

# Sessions.
ls = load("list-sessions", "-J")
if sorted(o["session_name"] for o in ls) != ["a", "b"]:
    bad("list-sessions: %r" % [o.get("session_name") for o in ls])
for o in ls:
    need("ls", o, ["session_name", "session_id", "session_windows"])
    check_types("ls " + o["session_name"], o)
    compare("ls " + o["session_name"], o, display(o["session_id"]))
    if any(k.startswith(("window_", "pane_", "client_", "buffer_"))
           for k in o):
        bad("list-sessions: another item's variables: %r" % sorted(o))

# Windows: -t, -a.
lsw = load("list-windows", "-J", "-t", "a")
if [o["window_index"] for o in lsw] != [0, 1]:
    bad("lsw -t a: %r" % [o.get("window_index") for o in lsw])
for o in lsw:
    need("lsw", o, ["window_id", "window_name", "window_active",
                    "session_name"])
    check_types("lsw", o)
    compare("lsw a:%d" % o["window_index"], o,
            display("a:%d" % o["window_index"]))
if lsw[0]["window_name"] != 'tab\there "q" \\ \x01':
    bad("window_name with controls: %r" % lsw[0]["window_name"])
if len(load("list-windows", "-J", "-a")) != 3:
    bad("lsw -a: not 3 windows")

# Panes: -t window, -s, -a, -f.
lsp = load("list-panes", "-J", "-t", "a:1")
if [o["pane_index"] for o in lsp] != [0, 1]:
    bad("lsp -t a:1: %r" % [o.get("pane_index") for o in lsp])
for o in lsp:
    need("lsp", o, ["pane_id", "pane_dead", "pane_active", "window_index",
                    "session_name"])
    check_types("lsp", o)
    compare("lsp " + o["pane_id"], o,
            display("a:1.%d" % o["pane_index"]))
if len(load("list-panes", "-J", "-s", "-t", "a")) != 3:
    bad("lsp -s -t a: not 3 panes")
allp = load("list-panes", "-J", "-a")
if len(allp) != 4:
    bad("lsp -a: %d panes, not 4" % len(allp))
active = load("list-panes", "-J", "-a", "-f", "#{pane_active}")
plain = mux("list-panes", "-a", "-f", "#{pane_active}", "-F",
            "#{pane_id}").stdout.decode().split()
if [o["pane_id"] for o in active] != plain:
    bad("lsp -a -f: %r, -F gives %r" % ([o["pane_id"] for o in active], plain))
if not all(o["pane_active"] is True for o in active):
    bad("lsp -f #{pane_active}: an inactive pane")
if load("list-panes", "-J", "-a", "-f", "#{==:#{pane_id},%999}") != []:
    bad("lsp -f matching nothing: not []")

# Copy mode adds its variables to the pane's.
mux("copy-mode", "-t", "a:0")
cp = load("list-panes", "-J", "-t", "a:0")[0]
if cp.get("pane_in_mode") is not True or \
        not isinstance(cp.get("scroll_position"), int) or \
        not isinstance(cp.get("selection_present"), bool):
    bad("copy mode pane: %r" % {k: cp.get(k) for k in
        ("pane_in_mode", "scroll_position", "selection_present")})
compare("lsp copy mode", cp, display("a:0.0"))
mux("send-keys", "-X", "-t", "a:0", "cancel")
if "scroll_position" in load("list-panes", "-J", "-t", "a:0")[0]:
    bad("copy mode variables after copy mode")

# Clients.
lsc = load("list-clients", "-J")
if len(lsc) != 1:
    bad("lsc: %d clients" % len(lsc))
for o in lsc:
    need("lsc", o, ["client_name", "client_tty", "client_width",
                    "client_session", "client_flags"])
    check_types("lsc", o)
    if o["client_width"] != 100 or o["client_session"] != "b":
        bad("lsc: %r" % o)
    def lscf(fmt):
        out = mux("list-clients", "-F", fmt).stdout.decode("utf-8", "replace")
        return out[:-1]
    compare("lsc", o, lscf)
if load("list-clients", "-J", "-t", "a") != []:
    bad("lsc -t a: a client not on a")

# Buffers: compared with -F of the same command (no target for a buffer).
lsb = load("list-buffers", "-J")
names = [o["buffer_name"] for o in lsb]
if names != ["plain", "jb"]:
    bad("lsb: %r" % names)
for o in lsb:
    check_types("lsb", o)
    def lsbf(fmt, name=o["buffer_name"]):
        out = mux("list-buffers", "-f", "#{==:#{buffer_name},%s}" % name,
                  "-F", fmt).stdout.decode("utf-8", "replace")
        return out[:-1]
    compare("lsb " + o["buffer_name"], o, lsbf)
jb = [o for o in lsb if o["buffer_name"] == "jb"][0]
if jb["buffer_full"] != "line1\nline2\tend\x01\ufffd" or \
        jb["buffer_size"] != 17:
    bad("lsb jb: %r" % jb)
if len(load("list-buffers", "-J", "-f", "#{==:#{buffer_name},jb}")) != 1:
    bad("lsb -f: not one buffer")

# show-options: name, value typed, arrays as arrays, scope.
opts = {o["name"]: o for o in load("show-options", "-g", "-J")}
for o in opts.values():
    need("show -g", o, ["name", "value", "scope", "global", "inherited"])
checks = {
    "base-index": (0, "session"), "mouse": (False, "session"),
    "prefix": ("C-b", "session"), "@plain": ("a b", "session"),
    "@weird": ("x\x1by\ufffdz\ufffd", "session"),
}
for name, (value, scope) in checks.items():
    o = opts.get(name)
    if o is None or o["value"] != value or o["scope"] != scope or \
            o["global"] is not True:
        bad("show -gJ %s: %r" % (name, o))
ue = opts.get("update-environment", {}).get("value")
want = mux("show-options", "-gv", "update-environment").stdout.decode().split("\n")[:-1]
if ue != want:
    bad("update-environment: %r, show -gv gives %r" % (ue, want))
for name, o in opts.items():
    if name.startswith("@"):
        continue
    v = o["value"]
    text = mux("show-options", "-gv", name).stdout.decode("utf-8", "replace")
    text = text[:-1] if text.endswith("\n") else text
    if isinstance(v, list):
        v = "\n".join(v)
    if isinstance(v, bool):
        v = "on" if v else "off"
    if as_format(v) != text:
        bad("show -gJ %s: %r, show -gv gives %r" % (name, v, text))
sv = load("show-options", "-s", "-J")
if not sv or not all(o["scope"] == "server" for o in sv):
    bad("show -sJ: %r" % sv[:2])
wv = load("show-window-options", "-g", "-J")
if not wv or not all(o["scope"] == "window" for o in wv):
    bad("showw -gJ: scope")
one = load("show-options", "-g", "-J", "status-format[1]")
if len(one) != 1 or one[0]["name"] != "status-format[1]" or \
        not isinstance(one[0]["value"], str):
    bad("show -gJ status-format[1]: %r" % one)
if load("show-options", "-J", "-t", "a", "base-index") != []:
    bad("show -J of an option not set in the session: not []")
inh = load("show-options", "-J", "-A", "-t", "a", "base-index")
if len(inh) != 1 or inh[0]["inherited"] is not True or inh[0]["value"] != 0:
    bad("show -JA: %r" % inh)

# show-environment: a removed variable is null.
env = {o["name"]: o for o in load("show-environment", "-g", "-J")}
if env.get("JSONVAR", {}).get("value") != 'v"1' or \
        env.get("GONE", {}).get("value", 0) is not None:
    bad("showenv -gJ: %r %r" % (env.get("JSONVAR"), env.get("GONE")))
for o in env.values():
    if o["global"] is not True or o["hidden"] is not False:
        bad("showenv -gJ: %r" % o)
if load("show-environment", "-g", "-J", "JSONVAR") != [env["JSONVAR"]]:
    bad("showenv -gJ JSONVAR")

# show-hooks: commands as show-hooks prints them, in an array.
hooks = {o["name"]: o for o in load("show-hooks", "-g", "-J")}
h = hooks.get("after-new-window")
if h is None or h["value"] != ["display-message hi"] or h["global"] is not True:
    bad("show-hooks -gJ: %r" % h)
if load("show-hooks", "-g", "-J", "after-new-window[0]") != [
        {"name": "after-new-window[0]", "value": "display-message hi",
         "scope": "session", "global": True}]:
    bad("show-hooks -gJ after-new-window[0]")

# list-keys: table, key, note, command.
keys = load("list-keys", "-J")
plain = mux("list-keys").stdout.decode().split("\n")[:-1]
if len(keys) != len(plain):
    bad("lsk -J: %d bindings, lsk lists %d" % (len(keys), len(plain)))
k = [o for o in keys if o["key"] == "F12"]
if len(k) != 1 or k[0] != {"table": "prefix", "key": "F12",
        "note": "my note", "command": "display-message \"x y\"",
        "repeat": False}:
    bad("lsk -J F12: %r" % k)
line = mux("list-keys", "-T", "prefix", "F12").stdout.decode().strip()
if not line.endswith(" " + k[0]["command"]):
    bad("lsk F12: %r, JSON command %r" % (line, k[0]["command"]))
noted = load("list-keys", "-J", "-N")
# Only keys with a note (tmux's defaults have them; F12's is ours).
if "F12" not in [o["key"] for o in noted] or \
        any(not o["note"] for o in noted):
    bad("lsk -JN: %r" % noted)
if len(load("list-keys", "-J", "-T", "copy-mode", "-1")) != 1:
    bad("lsk -J -1")

# list-commands: name, alias, usage; the usage shows -J.
cmds = load("list-commands", "-J")
plain = mux("list-commands").stdout.decode().split("\n")[:-1]
if len(cmds) != len(plain):
    bad("lscm -J: %d, lscm: %d" % (len(cmds), len(plain)))
for o, line in zip(cmds, plain):
    text = o["name"] + (" (%s)" % o["alias"] if o["alias"] else "") + \
        " " + o["usage"]
    if text != line:
        bad("lscm -J: %r, lscm: %r" % (text, line))
for name in ("list-sessions", "list-windows", "list-panes", "list-clients",
             "list-buffers", "list-keys", "list-commands", "show-options",
             "show-environment", "show-hooks"):
    o = load("list-commands", "-J", name)
    if len(o) != 1 or "J" not in o[0]["usage"]:
        bad("%s: usage without -J: %r" % (name, o))
ls = load("list-commands", "-J", "ls")
if ls[0]["alias"] != "ls" or ls[0]["name"] != "list-sessions":
    bad("lscm -J ls: %r" % ls)
if load("list-commands", "-J", "kill-server")[0]["alias"] is not None:
    bad("lscm -J kill-server: alias not null")

if failed:
    sys.exit("\n".join(failed))
PY
# The checks run while a client is attached to b (for list-clients).
"$PTYDRIVE" -s 100x30 -t 120 -- "$MUX_BIN" -L "$LABEL" -f /dev/null \
    attach -t b >drive.out 2>&1 <<'EOF2' ||
wait $
run python3 check.py >check.out 2>&1
send \x02d
exit 0
EOF2
    { cat drive.out check.out >&2; fail "JSON checks"; }

# json.tool reads every command's output.
for cmd in "list-sessions" "list-windows -a" "list-panes -a" "list-clients" \
    "list-buffers" "list-keys" "list-commands" "show-options -g" \
    "show-environment -g" "show-hooks -g"; do
	# shellcheck disable=SC2086
	m $cmd -J | python3 -m json.tool >/dev/null ||
	    fail "$cmd -J: json.tool"
done

# Errors: -J with -F (or the text-only flags).
m ls -J -F '#{session_name}' 2>err && fail "ls -J -F accepted"
grep -q -- "-J and -F cannot be used together" err || fail "ls -J -F: $(cat err)"
m show -gJv base-index 2>err && fail "show -J -v accepted"
m showenv -gJs 2>err && fail "showenv -J -s accepted"
m lsk -J -P x 2>err && fail "lsk -J -P accepted"
m lscm -J no-such-command >out 2>err && fail "lscm -J unknown accepted"
[ -s out ] && fail "lscm -J unknown printed: $(cat out)"
m lsk -J -T no-such-table 2>err && fail "lsk -J -T unknown accepted"
grep -q "table no-such-table doesn't exist" err || fail "lsk -J -T: $(cat err)"
exit 0
