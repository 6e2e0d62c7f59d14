#!/usr/bin/env python3
"""Rewrite capture-pane -e output (stdin) so that each line states its own
styles: every run of characters is printed after the full style it has
([fg=..,bg=..,attrs]), whatever sequences produced it, and styles with no
characters after them are dropped. Two captures of the same cells then
compare equal however the terminal came to hold them (a style carried over
from the line before, a reset after the last character)."""
import re
import sys

SGR = re.compile(r'\x1b\[([0-9;:]*)m')


def apply(state, params):
    fg, bg, us, attrs = state
    attrs = set(attrs)
    p = params.split(';') if params != '' else ['0']
    i = 0
    while i < len(p):
        v = p[i]
        if ':' in v:
            attrs.add('u' + v)
            i += 1
            continue
        n = int(v) if v != '' else 0
        if n == 0:
            fg, bg, us, attrs = 'd', 'd', 'd', set()
        elif n in (38, 48, 58):
            if i + 1 < len(p) and p[i + 1] == '5':
                c = 'i' + p[i + 2]
                i += 2
            else:
                c = 'rgb' + ','.join(p[i + 2:i + 5])
                i += 4
            if n == 38:
                fg = c
            elif n == 48:
                bg = c
            else:
                us = c
        elif 30 <= n <= 37 or 90 <= n <= 97:
            fg = 'i%d' % (n - 30 if n < 90 else n - 82)
        elif n == 39:
            fg = 'd'
        elif 40 <= n <= 47 or 100 <= n <= 107:
            bg = 'i%d' % (n - 40 if n < 100 else n - 92)
        elif n == 49:
            bg = 'd'
        elif n == 59:
            us = 'd'
        elif n == 22:
            attrs -= {'1', '2'}
        elif n == 24:
            attrs = {a for a in attrs if not a.startswith('u') and a != '4'}
        elif 23 <= n <= 29:
            attrs.discard(str(n - 20))
        elif n == 55:
            attrs.discard('53')
        else:
            attrs.add(str(n))
        i += 1
    return (fg, bg, us, frozenset(attrs))


def main():
    state = ('d', 'd', 'd', frozenset())
    for line in sys.stdin.read().split('\n'):
        out, last, pos = [], None, 0
        for m in list(SGR.finditer(line)) + [None]:
            text = line[pos:m.start()] if m else line[pos:]
            if text != '':
                if state != last:
                    out.append('[%s,%s,%s,%s]' % (state[0], state[1],
                        state[2], '.'.join(sorted(state[3]))))
                    last = state
                out.append(text)
            if m is None:
                break
            state = apply(state, m.group(1))
            pos = m.end()
        print(''.join(out))


main()
