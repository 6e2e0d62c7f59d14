#!/usr/bin/env python3
"""regress/control-json.py: refresh-client -f json (a mux extension) for
regress/control-json.sh.

usage: control-json.py BIN LABEL-TEXT LABEL-JSON

The same steps run twice, on two servers: once with the tmux text
notifications, once after refresh-client -f json. Every notification
line of the JSON run must be one JSON object with "type" and the fields
listed below for its type, in that order, with ids as strings ("@1",
"%2", "$0"); put back into tmux's form, the JSON run's notifications must
be the text run's, line for line. %output is compared as the bytes it
carries (including bytes that are not UTF-8: "base64" then has them
exactly), and %subscription-changed, %pause, %continue and %exit apart.
"""
import base64
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from control import Ctl, DEADLINE, expect, unescape  # noqa: E402

FIELDS = {
    "window-add": ["window"], "window-close": ["window"],
    "unlinked-window-add": ["window"], "unlinked-window-close": ["window"],
    "window-renamed": ["window", "name"],
    "unlinked-window-renamed": ["window", "name"],
    "window-pane-changed": ["window", "pane"],
    "layout-change": ["window", "layout", "visible_layout", "flags"],
    "session-changed": ["session", "name"],
    "client-session-changed": ["client", "session", "name"],
    "client-detached": ["client"],
    "session-renamed": ["session", "name"],
    "sessions-changed": [],
    "session-window-changed": ["session", "window"],
    "pane-mode-changed": ["pane"],
    "paste-buffer-changed": ["name"], "paste-buffer-deleted": ["name"],
    "output": ["pane", "data"], "extended-output": ["pane", "age", "data"],
    "pause": ["pane"], "continue": ["pane"],
    "subscription-changed": ["name", "session", "window", "window_index",
                             "pane", "value"],
    "exit": ["reason"],
}
IDS = {"window": "@", "pane": "%", "session": "$"}


def to_text(obj):
    """A JSON notification in tmux's form (output: None)."""
    t = obj.get("type")
    expect(t in FIELDS, "unknown type: %r" % obj)
    keys = [k for k in obj if k not in ("type", "base64")]
    expect(keys == FIELDS[t], "%s: fields %r, not %r" % (t, keys, FIELDS[t]))
    for k, prefix in IDS.items():
        if obj.get(k) is not None:
            expect(isinstance(obj[k], str) and obj[k].startswith(prefix) and
                   obj[k][1:].isdigit(), "%s: %s %r" % (t, k, obj[k]))
    if t in ("output", "extended-output"):
        return None
    if t == "exit":
        return "%exit" + ("" if obj["reason"] is None else " " + obj["reason"])
    if t == "subscription-changed":
        dash = lambda v: "-" if v is None else str(v)  # noqa: E731
        return "%%subscription-changed %s %s %s %s %s : %s" % (
            obj["name"], obj["session"], dash(obj["window"]),
            dash(obj["window_index"]), dash(obj["pane"]), obj["value"])
    return "%" + t + "".join(" " + str(obj[k]) for k in FIELDS[t])


class JsonCtl(Ctl):
    """A control client that reads JSON notification lines too."""

    def __init__(self, argv):
        super().__init__(argv)
        self.notes = []      # every JSON notification, parsed
        self.in_block = False
        self.raw = {}        # pane -> bytes, from JSON output

    def line(self, until):
        # As Ctl.line, but %output keeps bytes that are not UTF-8.
        while b"\n" not in self.buf:
            self._more(until)
        raw, self.buf = self.buf.split(b"\n", 1)
        text = raw.decode("utf-8", "surrogateescape")
        self.lines.append(text)
        m = re.match(r"%(?:extended-)?output (%\d+) (?:\d+ : )?(.*)", text,
                     re.S)
        if m:
            self.output[m.group(1)] = (self.output.get(m.group(1), b"") +
                                       unescape(m.group(2)))
        if re.match(r"%begin ", text):
            self.in_block = True
        elif re.match(r"%(end|error) ", text):
            self.in_block = False
        elif not self.in_block and text.startswith("{"):
            obj = json.loads(text)
            self.notes.append(obj)
            if obj.get("type") in ("output", "extended-output"):
                data = obj["data"].encode("utf-8")
                if "base64" in obj:
                    data = base64.b64decode(obj["base64"])
                    expect(obj["data"] ==
                           data.decode("utf-8", "replace") or
                           "\ufffd" in obj["data"], "base64 vs data")
                self.raw[obj["pane"]] = self.raw.get(obj["pane"], b"") + data
            text = to_text(obj)
            if text is None:
                text = "(output)"
            self.lines[-1] = text
        elif not self.in_block and text.startswith("%") and \
                self.json_on and not text.startswith("%begin"):
            raise SystemExit("a text notification after -f json: " + text)
        return text

    json_on = False

    def run(self, line):
        """As Ctl.run, with pane output (which may come at any time)
        left out before the marker's block is cut off."""
        self.send(line)
        got = self.block()
        self.send("display -p marker")
        got += self.until(lambda t: t == "marker", "marker")
        got += self.block()
        got = [t for t in got if t != "(output)" and
               not re.match(r"%(extended-)?output ", t)]
        return got[:-3]

    def got(self, pane):
        return self.raw.get(pane, b"") if self.json_on else \
            self.output.get(pane, b"")


def scenario(binary, label, use_json):
    base = [binary, "-L", label, "-f", "/dev/null"]
    a = JsonCtl(base + ["-C", "new", "-s", "main", "-x", "80", "-y", "24"])
    out = a.block()
    a.send("display -p marker")
    out += a.until(lambda t: t == "marker", "marker")[:-2]
    a.block()
    out += a.run("refresh-client -f json" if use_json else
                 "refresh-client -f !json")
    a.json_on = use_json
    flags = a.run("display -p '#{client_flags}'")
    expect(any(("json" in t.split(",")) == use_json for t in flags
               if "control-mode" in t), "client_flags: %r" % flags)
    steps = ["refresh-client -C 80x24", "split-window", "rename-window foo",
             "rename-session ren", "new-window", "select-window -t :0",
             "copy-mode -t %1", "send-keys -t %1 -X cancel",
             "set-buffer -b jb hello", "delete-buffer -b jb",
             "new-session -d -s other", "new-window -d -t other",
             "rename-window -t other:1 far", "kill-window -t other:1"]
    for s in steps:
        out.append("# A: " + s)
        out += a.run(s)
    # Another client: its session changes, then it detaches.
    b = Ctl(base + ["-C", "attach", "-t", "ren"])
    b.block()
    out.append("# A: (B attached)")
    out += a.run("display -p x")
    b.send("switch-client -t other")
    b.block()
    out.append("# A: (B switched)")
    out += a.run("display -p x")
    b.send("detach-client")
    b.finish()
    out.append("# A: (B gone)")
    out += a.run("display -p x")
    # Output, with a byte that is not UTF-8 and a control character.
    a.run("send-keys -t %1 'printf \"u-\\\\303\\\\251-\\\\377-\\\\001-end\\\\n\"'"
          " Enter")
    until = time.time() + DEADLINE
    while b"u-\xc3\xa9-\xff-\x01-end" not in a.got("%1"):
        a.line(until)
    # pause-after: extended output; -A pause and continue.
    a.run("refresh-client -f pause-after=30")
    a.run("send-keys -t %1 'echo ext-$((3+4))' Enter")
    while b"ext-7" not in a.got("%1"):
        a.line(until)
    expect(any(re.match(r"%extended-output %1 \d+ : ", t) or
               t == "(output)" for t in a.lines), "extended output")
    if use_json:
        expect(any(n["type"] == "extended-output" and
                   isinstance(n["age"], int) for n in a.notes),
               "JSON extended-output with an age")
    extra = []
    extra += [t for t in a.run("refresh-client -A '%1:pause'")
              if t.startswith("%pause")]
    a.run("refresh-client -A '%1:continue'")
    a.wait_line(0, lambda t: t.startswith("%continue"), "continue")
    extra += [t for t in a.lines if t.startswith("%continue")][:1]
    a.run("refresh-client -f !pause-after")
    # Subscriptions: the session's and every pane's.
    a.run("refresh-client -B 's1::#{session_name}'")
    a.wait_line(0, lambda t: t.startswith("%subscription-changed s1 "), "s1")
    a.run("refresh-client -B 's2:%*:#{pane_index}'")
    a.wait_line(0, lambda t: t.startswith("%subscription-changed s2 ") and
                t.endswith(" %1 : 1"), "s2")
    extra += sorted(set(t for t in a.lines
                        if t.startswith("%subscription-changed")))
    a.send("detach-client")
    rest = a.finish()
    extra += [t for t in rest if t.startswith("%exit")]
    out = [t for t in out if t != "(output)" and
           not t.startswith("%output ")]
    out = [re.sub(r"^%(begin|end|error) \d+ \d+ (\d+)$", r"%\1 T N \2", t)
           for t in out]
    out = [re.sub(r"client-\d+", "client-N", t) for t in out]
    out = [re.sub(r"/dev/pts/\d+", "TTY", t) for t in out]
    if use_json:
        expect(all(n["type"] != "output" or isinstance(n["data"], str)
                   for n in a.notes), "output data")
        bad = [n for n in a.notes if n["type"] == "output" and
               "\ufffd" in n["data"]]
        expect(bad and all("base64" in n for n in bad),
               "output with a byte that is not UTF-8 carries base64")
    return out, extra, a.got("%1")


def main():
    binary, ltext, ljson = sys.argv[1:4]
    text, text_extra, text_out = scenario(binary, ltext, False)
    js, js_extra, js_out = scenario(binary, ljson, True)
    # The flag itself: each run shows its own in client_flags.
    text = [t for t in text if "control-mode" not in t]
    js = [t for t in js if "control-mode" not in t]
    if text != js:
        import difflib
        raise SystemExit("JSON and text notifications differ:\n" +
                         "\n".join(difflib.unified_diff(text, js, "text",
                                                        "json",
                                                        lineterm="")))
    expect(text_extra == js_extra, "pause/continue/subscriptions/exit: "
           "%r vs %r" % (text_extra, js_extra))
    # The printf's output, byte for byte (where the shell's prompt falls
    # around what was typed is the shell's race, not the protocol's).
    want = b"u-\xc3\xa9-\xff-\x01-end\r\n"
    expect(want in text_out and want in js_out,
           "output bytes: %r vs %r" % (text_out, js_out))
    print("ok")


if __name__ == "__main__":
    main()
