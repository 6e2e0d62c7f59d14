/*
 * Who the host terminal is, and so what it has beyond its terminfo entry.
 *
 * At attach the terminal is asked XTVERSION ("CSI > q", answered "DCS > |
 * name ST") and DA2 ("CSI > c", answered "CSI > type ; version ; rom c"),
 * without waiting: the answers arrive as input whenever they do and each
 * adds the features its terminal is known to have; the caller then applies
 * the terminal again (tty_apply_terminal), which turns them on and redraws.
 * A terminal that answers neither keeps what terminfo and
 * terminal-features give it.
 *
 * For the terminals tmux 3.3a knows, the features are tmux 3.3a's: by
 * XTVERSION "XTerm(", "tmux ", "iTerm2 ", "mintty "; by DA2 type 'T'
 * (tmux), 'M' (mintty), 'U' (rxvt-unicode) and 41 (a VT420: margins and
 * rectangle fill). mux knows more terminals than tmux 3.3a (which detects
 * none of these), each with what it is documented to support: kitty, foot,
 * WezTerm (by XTVERSION), alacritty (by DA2 "0 ; version ; 1", version
 * 100 or more), VTE (by XTVERSION "VTE(", or DA2 type 65 with rom 1, as
 * GNOME Terminal answers), Windows Terminal (DA2 "0;10;1") and mux itself
 * (XTVERSION "mux "). The XTVERSION name is kept for
 * client_termtype.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tty/tty-int.h"
#include "common/log.h"
#include "common/xmalloc.h"

/* What a modern xterm-like terminal has (tmux's base list). */
#define TTY_DETECT_BASE "256,RGB,bpaste,clipboard,mouse,strikethrough,title"

/* tmux 3.3a's lists. */
#define TTY_DETECT_XTERM TTY_DETECT_BASE ",ccolour,cstyle,extkeys,focus"
#define TTY_DETECT_TMUX TTY_DETECT_BASE \
	",ccolour,cstyle,focus,overline,usstyle"
#define TTY_DETECT_ITERM2 TTY_DETECT_BASE \
	",cstyle,extkeys,margins,usstyle,sync,osc7"
#define TTY_DETECT_MINTTY TTY_DETECT_BASE \
	",ccolour,cstyle,extkeys,margins,overline,usstyle"
#define TTY_DETECT_URXVT "256,bpaste,ccolour,cstyle,mouse,title,ignorefkeys"

/* mux's. */
#define TTY_DETECT_MUX TTY_DETECT_BASE \
	",cstyle,extkeys,focus,kittykeys,overline,sync,usstyle"
#define TTY_DETECT_KITTY TTY_DETECT_BASE \
	",ccolour,cstyle,focus,hyperlinks,kittykeys,overline,sync,usstyle"
#define TTY_DETECT_FOOT TTY_DETECT_BASE \
	",ccolour,cstyle,extkeys,focus,hyperlinks,kittykeys,sync,usstyle"
#define TTY_DETECT_WEZTERM TTY_DETECT_BASE \
	",ccolour,cstyle,focus,hyperlinks,kittykeys,overline,sync,usstyle"
#define TTY_DETECT_ALACRITTY TTY_DETECT_BASE \
	",ccolour,cstyle,focus,hyperlinks,kittykeys,sync,usstyle"
#define TTY_DETECT_ALACRITTY_OLD TTY_DETECT_BASE ",ccolour,cstyle,focus"
/* VTE has no OSC 52 clipboard. */
#define TTY_DETECT_VTE "256,RGB,bpaste,mouse,strikethrough,title," \
	"ccolour,cstyle,focus,hyperlinks,overline,usstyle"
#define TTY_DETECT_WT TTY_DETECT_BASE ",cstyle,focus,hyperlinks"

/* A terminal known by the start of its XTVERSION name. */
static const struct {
	const char	*prefix;
	const char	*features;
} tty_detect_names[] = {
	{ "XTerm(", TTY_DETECT_XTERM },
	{ "tmux ", TTY_DETECT_TMUX },
	{ "iTerm2 ", TTY_DETECT_ITERM2 },
	{ "mintty ", TTY_DETECT_MINTTY },
	{ "mux ", TTY_DETECT_MUX },
	{ "kitty(", TTY_DETECT_KITTY },
	{ "foot(", TTY_DETECT_FOOT },
	{ "WezTerm ", TTY_DETECT_WEZTERM },
	{ "alacritty", TTY_DETECT_ALACRITTY },
	{ "VTE(", TTY_DETECT_VTE },
};

int
tty_query_terminal(struct tty *tty)
{
	if (!tty->started || !tty->vt100like)
		return (0);
	tty_puts(tty, "\033[>q\033[>c");
	tty_flush(tty);
	return (1);
}

int
tty_ask_shown(struct tty *tty)
{
	if (!tty->started || !tty->vt100like)
		return (0);
	tty_puts(tty, "\033[c");
	return (1);
}

int
tty_query_shown(struct tty *tty)
{
	if (!tty_ask_shown(tty))
		return (0);
	tty_flush(tty);
	return (1);
}

/* Add the features in list to what the terminal proved; 1 if any is new. */
static int
tty_detect_add(struct tty *tty, const char *list)
{
	uint32_t	bits = tty_feature_bits(list);

	if ((tty->detected | bits) == tty->detected)
		return (0);
	tty->detected |= bits;
	log_debug("tty: %s: detected %s", tty->termname, list);
	return (1);
}

int
tty_xtversion(struct tty *tty, const char *name, size_t len)
{
	size_t	i, n;

	free(tty->termtype);
	tty->termtype = xstrndup(name, len);
	for (i = 0; i < sizeof tty_detect_names / sizeof tty_detect_names[0];
	    i++) {
		n = strlen(tty_detect_names[i].prefix);
		if (len >= n && memcmp(name, tty_detect_names[i].prefix, n) == 0)
			return (tty_detect_add(tty, tty_detect_names[i].features));
	}
	return (0);
}

int
tty_da2(struct tty *tty, const unsigned int da2[3])
{
	memcpy(tty->da2, da2, sizeof tty->da2);
	tty->da2_known = 1;
	switch (da2[0]) {
	case 41:	/* VT420 */
		return (tty_detect_add(tty, "margins,rectfill"));
	case 'M':
		return (tty_detect_add(tty, TTY_DETECT_MINTTY));
	case 'T':
		return (tty_detect_add(tty, TTY_DETECT_TMUX));
	case 'U':
		return (tty_detect_add(tty, TTY_DETECT_URXVT));
	case 65:
		if (da2[2] == 1)
			return (tty_detect_add(tty, TTY_DETECT_VTE));
		break;
	case 0:
		if (da2[1] == 10 && da2[2] == 1)
			return (tty_detect_add(tty, TTY_DETECT_WT));
		/* alacritty: its version as major * 10000 + minor * 100 +
		 * patch; 0.13 has the kitty protocol. */
		if (da2[1] >= 1300 && da2[2] == 1)
			return (tty_detect_add(tty, TTY_DETECT_ALACRITTY));
		if (da2[1] >= 100 && da2[2] == 1)
			return (tty_detect_add(tty, TTY_DETECT_ALACRITTY_OLD));
		break;
	}
	return (0);
}

const char *
tty_termtype(const struct tty *tty)
{
	return (tty->termtype != NULL ? tty->termtype : "");
}

/* The kitty keyboard protocol: push "disambiguate" (flags 1) so that
 * C-Enter, C-S-Enter, M-Escape arrive as their own keys; tty_stop pops. */
void
tty_set_kitty_keys(struct tty *tty, int on)
{
	on = on && tty->started && tty_has_feature(tty, "kittykeys");
	if (tty->kitty_keys == on)
		return;
	tty->kitty_keys = on;
	tty_puts(tty, on ? "\033[>1u" : "\033[<u");
	tty_flush(tty);
}
