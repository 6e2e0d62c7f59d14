/*
 * Host terminal input decoder.
 *
 * Bytes are appended to a small held-back buffer and decoded from its start
 * until it is empty or what is left is the beginning of something longer.
 * At an ESC the decoder tries, in order: the terminal's own key strings from
 * terminfo (exact match first, so odd terminals such as the Linux console's
 * "ESC [ [ A" work), then the xterm forms it knows without terminfo (CSI
 * and SS3 keys with modifier parameters, SGR and X10 mouse, focus, the
 * bracketed paste markers, fixterms/kitty "CSI u" and xterm's
 * "CSI 27;m;c ~"), and otherwise ESC + key is that key with Meta.
 *
 * Nothing waits for a timer except an ESC at the end of the data (a lone ESC
 * or an unfinished sequence starting with one): input_parse returns 1 and
 * the caller calls input_flush after escape-time, which decodes what is held
 * as plain keys ("ESC [" becomes M-[ and the rest are ordinary keys). An
 * unfinished UTF-8 character waits for its remaining bytes without a timer,
 * even across input_flush; invalid UTF-8 bytes are dropped. A well-formed but unknown sequence is
 * dropped as a whole; a malformed one (a control byte inside, or longer than
 * any key) is taken as M-[ or M-O and the bytes after it are decoded again,
 * so no following input is lost.
 *
 * An OSC string ("ESC ] ... BEL" or "ESC ] ... ESC \\") only ever comes
 * from the terminal answering a query: a complete one is a reply (an OSC
 * 10/11 colour and an OSC 52 clipboard are reported, anything else
 * dropped), never keys. While the
 * client waits for replies (input_expect_replies) an unfinished one (or a
 * lone ESC, or an unfinished "ESC [ >" or "ESC [ ?" that may be a DA
 * answer) is held back, even past escape-time, so a reply split by the
 * network does not turn into keys for a pane; otherwise "ESC ]" is M-] as
 * always. The same goes for a DCS string ("ESC P ... ESC \\"): an
 * XTVERSION answer ("DCS > | name ST") is reported, any other dropped.
 * A DA2 answer ("CSI > 1 ; 4000 ; 21 c") is reported too, and so is a DA1
 * answer ("CSI ? 62 ; 22 c": the server asks after frames, to learn what
 * the terminal has shown); other answers with a private marker (the kitty
 * keyboard flags "CSI ? flags u") are dropped, never keys. While DA1
 * answers are expected (input_expect_da1) an unfinished "ESC [ ?" is held
 * past escape-time; no key starts with it.
 *
 * Between "CSI 200~" and "CSI 201~" bytes are collected, not decoded, and
 * reported as one INPUT_PASTE event when the end marker arrives; a paste is
 * cut into pieces of INPUT_PASTE_CHUNK bytes so memory stays bounded. A
 * paste that stops arriving also asks for the timer, and input_flush
 * delivers what has arrived so far (the paste goes on): a terminal that
 * never sends the end marker cannot swallow keys for ever.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/proto.h"

#include <curses.h>
#include <term.h>

#include "tty/input.h"
#include "common/key.h"
#include "common/log.h"
#include "common/utf8.h"
#include "common/xmalloc.h"

#define INPUT_PASTE_CHUNK	(1024 * 1024)
/* Longest CSI or SS3 sequence accepted before it is called malformed. */
#define INPUT_SEQ_MAX		64
/* Longest OSC string (a reply from the terminal) taken as one; an OSC 52
 * clipboard reply may be longer, up to its own bound. */
#define INPUT_OSC_MAX		256
#define INPUT_CLIPBOARD_MAX	(4 * 1024 * 1024)
#define INPUT_MAX_PARAMS	8
/* The kitty keyboard protocol's private-use key numbers: all of them, and
 * keypad 0, the first of the keypad's. */
#define INPUT_KITTY_FIRST	57344
#define INPUT_KITTY_LAST	63743
#define INPUT_KITTY_KP_0	57399

static const char input_paste_end[] = "\033[201~";
#define INPUT_PASTE_END_LEN	(sizeof input_paste_end - 1)

/* A key string from terminfo, or from user-keys (user); order is when it
 * was added (the first of equal strings is the one that counts). */
struct input_tkey {
	char		*seq;
	size_t		 len;
	key_code	 key;
	int		 user;
	unsigned int	 order;
};

struct input {
	char			*buf;	/* bytes not yet decoded */
	size_t			 len;
	size_t			 size;

	int			 paste;	/* inside a bracketed paste */
	char			*pbuf;
	size_t			 plen;
	size_t			 psize;

	struct input_tkey	*tkeys;	/* in byte order (input_sort_tkeys) */
	unsigned int		 ntkeys;
	unsigned int		 norder;	/* key strings ever added */
	size_t			 tkey_max;	/* the longest */
	uint64_t		 tkey_lens;	/* bit n: one is n bytes (n < 64) */

	size_t			 done;	/* of buf, decoded already (while
					   input_run emits) */
	int			 expect;	/* replies may be coming */
	int			 expect_da1;	/* DA1 answers may be coming */
	int			 stop;		/* the consumer takes no more */
};

/* What decoding at one position found. */
enum input_result {
	INPUT_R_EVENT,		/* ev is filled, used bytes consumed */
	INPUT_R_DROP,		/* used bytes consumed, no event */
	INPUT_R_PASTE,		/* paste start, used bytes consumed */
	INPUT_R_MORE,		/* need more bytes to decide */
	INPUT_R_NONE,		/* not a sequence this parser knows */
	INPUT_R_INVALID,	/* malformed sequence */
};

/* Terminfo key capabilities and their keys. */
static const struct {
	const char	*name;
	key_code	 key;
} input_tinames[] = {
	{ "kcuu1", KEYC_UP },
	{ "kcud1", KEYC_DOWN },
	{ "kcub1", KEYC_LEFT },
	{ "kcuf1", KEYC_RIGHT },
	{ "khome", KEYC_HOME },
	{ "kend", KEYC_END },
	{ "kich1", KEYC_IC },
	{ "kdch1", KEYC_DC },
	{ "knp", KEYC_NPAGE },
	{ "kpp", KEYC_PPAGE },
	{ "kcbt", KEYC_BTAB },
	{ "kri", KEYC_UP|KEYC_SHIFT },
	{ "kind", KEYC_DOWN|KEYC_SHIFT },
	{ "kf1", KEYC_F1 },
	{ "kf2", KEYC_F2 },
	{ "kf3", KEYC_F3 },
	{ "kf4", KEYC_F4 },
	{ "kf5", KEYC_F5 },
	{ "kf6", KEYC_F6 },
	{ "kf7", KEYC_F7 },
	{ "kf8", KEYC_F8 },
	{ "kf9", KEYC_F9 },
	{ "kf10", KEYC_F10 },
	{ "kf11", KEYC_F11 },
	{ "kf12", KEYC_F12 },
};

/* Modified key capabilities: "k" base suffix, suffix "" is Shift, "3" to
 * "7" the xterm modifier parameter. */
static const struct {
	const char	*base;
	key_code	 key;
} input_timods[] = {
	{ "UP", KEYC_UP },
	{ "DN", KEYC_DOWN },
	{ "LFT", KEYC_LEFT },
	{ "RIT", KEYC_RIGHT },
	{ "HOM", KEYC_HOME },
	{ "END", KEYC_END },
	{ "IC", KEYC_IC },
	{ "DC", KEYC_DC },
	{ "NXT", KEYC_NPAGE },
	{ "PRV", KEYC_PPAGE },
};

/* Keys of "CSI n ~", indexed by n. */
static const key_code input_tilde_keys[] = {
	[1] = KEYC_HOME, [2] = KEYC_IC, [3] = KEYC_DC, [4] = KEYC_END,
	[5] = KEYC_PPAGE, [6] = KEYC_NPAGE, [7] = KEYC_HOME, [8] = KEYC_END,
	[11] = KEYC_F1, [12] = KEYC_F2, [13] = KEYC_F3, [14] = KEYC_F4,
	[15] = KEYC_F5, [17] = KEYC_F6, [18] = KEYC_F7, [19] = KEYC_F8,
	[20] = KEYC_F9, [21] = KEYC_F10, [23] = KEYC_F11, [24] = KEYC_F12,
};
#define INPUT_NTILDE (sizeof input_tilde_keys / sizeof input_tilde_keys[0])

/* Add one terminfo key string, if the terminal has it and it starts with
 * ESC (a single control byte would shadow a control key). */
static void
input_add_tkey(struct input *in, const char *name, key_code key)
{
	char			*s;
	struct input_tkey	*tk;

	s = tigetstr(name);
	if (s == NULL || s == (char *)-1 || s[0] != '\033' || s[1] == '\0')
		return;
	in->tkeys = xreallocarray(in->tkeys, in->ntkeys + 1,
	    sizeof *in->tkeys);
	tk = &in->tkeys[in->ntkeys++];
	tk->seq = xstrdup(s);
	tk->len = strlen(s);
	tk->key = key;
	tk->user = 0;
	tk->order = in->norder++;
}

/* Byte order of a key string and the n bytes at p: a string comes before
 * the longer ones it begins. */
static int
input_tkey_order(const struct input_tkey *tk, const char *p, size_t n)
{
	int	r;

	r = memcmp(tk->seq, p, tk->len < n ? tk->len : n);
	if (r != 0)
		return (r);
	return (tk->len < n ? -1 : tk->len > n);
}

/* Byte order, and the first added of equal strings first. */
static int
input_tkey_cmp(const void *a, const void *b)
{
	const struct input_tkey	*ta = a, *tb = b;
	int			 r;

	if ((r = input_tkey_order(ta, tb->seq, tb->len)) != 0)
		return (r);
	return (ta->order < tb->order ? -1 : ta->order > tb->order);
}

/*
 * Sorted, the key strings are found by binary search (input_match_tkeys)
 * instead of a comparison with each: every escape sequence a terminal
 * sends (a cursor key, a mouse event, the answer to each frame's DA1)
 * was compared with all of them, some 80 strings, each in its own
 * allocation.
 */
static void
input_sort_tkeys(struct input *in)
{
	unsigned int	i;

	if (in->ntkeys != 0)
		qsort(in->tkeys, in->ntkeys, sizeof *in->tkeys,
		    input_tkey_cmp);
	in->tkey_max = 0;
	in->tkey_lens = 0;
	for (i = 0; i < in->ntkeys; i++) {
		if (in->tkeys[i].len > in->tkey_max)
			in->tkey_max = in->tkeys[i].len;
		if (in->tkeys[i].len < 64)
			in->tkey_lens |= (uint64_t)1 << in->tkeys[i].len;
	}
}

/* Create a decoder, with the key strings of the current terminfo entry. */
struct input *
input_create(void)
{
	struct input	*in;
	char		 name[16];
	size_t		 i;
	int		 m;

	in = xcalloc(1, sizeof *in);
	if (cur_term == NULL)
		return (in);
	for (i = 0; i < sizeof input_tinames / sizeof input_tinames[0]; i++)
		input_add_tkey(in, input_tinames[i].name, input_tinames[i].key);
	for (i = 0; i < sizeof input_timods / sizeof input_timods[0]; i++) {
		snprintf(name, sizeof name, "k%s", input_timods[i].base);
		input_add_tkey(in, name, input_timods[i].key|KEYC_SHIFT);
		for (m = 3; m <= 7; m++) {
			snprintf(name, sizeof name, "k%s%d",
			    input_timods[i].base, m);
			input_add_tkey(in, name, input_timods[i].key|
			    ((key_code)(m - 1) << 24));
		}
	}
	input_sort_tkeys(in);
	log_debug("input: %u terminfo key strings", in->ntkeys);
	return (in);
}

void
input_set_user_keys(struct input *in, const char *const *seqs,
    const unsigned int *idx, unsigned int n)
{
	struct input_tkey	*tk;
	unsigned int		 i, j;

	for (i = j = 0; i < in->ntkeys; i++) {
		if (in->tkeys[i].user)
			free(in->tkeys[i].seq);
		else
			in->tkeys[j++] = in->tkeys[i];
	}
	in->ntkeys = j;
	for (i = 0; i < n; i++) {
		if (idx[i] >= KEYC_NUSER || seqs[i][0] != '\033' ||
		    seqs[i][1] == '\0')
			continue;
		in->tkeys = xreallocarray(in->tkeys, in->ntkeys + 1,
		    sizeof *in->tkeys);
		tk = &in->tkeys[in->ntkeys++];
		tk->seq = xstrdup(seqs[i]);
		tk->len = strlen(seqs[i]);
		tk->key = KEYC_USER + idx[i];
		tk->user = 1;
		tk->order = in->norder++;
	}
	input_sort_tkeys(in);
}

/* Free a decoder and everything it holds. */
void
input_free(struct input *in)
{
	unsigned int	i;

	if (in == NULL)
		return;
	for (i = 0; i < in->ntkeys; i++)
		free(in->tkeys[i].seq);
	free(in->tkeys);
	free(in->buf);
	free(in->pbuf);
	free(in);
}

/* Modifier bits from an xterm modifier parameter (1 + Shift 1, Alt 2,
 * Ctrl 4; higher bits such as Super and lock keys are ignored). */
static key_code
input_mods(unsigned int m)
{
	if (m < 2)
		return (0);
	return ((key_code)((m - 1) & 7) << 24);
}

/* A key event. */
static enum input_result
input_key(struct input_event *ev, key_code key)
{
	memset(ev, 0, sizeof *ev);
	ev->type = INPUT_KEY;
	ev->key = key;
	return (INPUT_R_EVENT);
}

/* Key from a code point and modifiers, as "CSI u" and "CSI 27;m;c~" send
 * them. Ctrl with a character that has a control byte is that byte's key
 * (C-a), but C-i, C-m and C-[ are their own keys, not Tab, Enter and
 * Escape: a terminal that reports them tells them apart (key.c); a
 * shifted printable character is just the character. */
static enum input_result
input_codepoint(struct input_event *ev, unsigned int cp, key_code mods)
{
	key_code	key;

	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    (cp >= 0x80 && cp < 0xa0))
		return (INPUT_R_DROP);
	if ((mods & KEYC_CTRL) && (cp == 'i' || cp == 'I' || cp == 'm' ||
	    cp == 'M' || cp == '[')) {
		key = cp == '[' ? cp : (cp | 0x20);
		return (input_key(ev, key|mods));
	}
	if ((mods & KEYC_CTRL) && ((cp >= '@' && cp <= '_') ||
	    (cp >= 'a' && cp <= 'z'))) {
		key = key_from_byte((unsigned char)(cp & 0x1f));
		if ((key & KEYC_CTRL) == 0)
			mods &= ~KEYC_CTRL;
		return (input_key(ev, key|mods));
	}
	if (cp == '\t' && (mods & KEYC_SHIFT)) {
		/* S-Tab is BTab (kitty's "CSI 9 ; 2 u"). */
		return (input_key(ev, KEYC_BTAB|(mods & ~KEYC_SHIFT)));
	}
	if (cp < 0x20 || cp == 0x7f)
		key = key_from_byte((unsigned char)cp);
	else
		key = cp;
	if ((mods & ~KEYC_SHIFT) == 0 && key >= 0x20 && key < KEYC_BASE)
		mods = 0;
	return (input_key(ev, key|mods));
}

/*
 * The kitty keyboard protocol numbers the keys that have no character in
 * the Unicode private use area: "CSI 57414 u" is keypad Enter. The keypad
 * is mapped to mux's keypad keys (and its cursor block to the plain ones);
 * the rest (F13 to F35, media keys, lone modifiers) has no key in mux and
 * is dropped, never typed as a private-use character.
 */
static enum input_result
input_kitty_key(struct input_event *ev, unsigned int cp, key_code mods)
{
	static const key_code	 kp[] = {
		KEYC_KP_0, KEYC_KP_1, KEYC_KP_2, KEYC_KP_3, KEYC_KP_4,
		KEYC_KP_5, KEYC_KP_6, KEYC_KP_7, KEYC_KP_8, KEYC_KP_9,
		KEYC_KP_PERIOD, KEYC_KP_SLASH, KEYC_KP_STAR, KEYC_KP_MINUS,
		KEYC_KP_PLUS, KEYC_KP_ENTER, '=', ',', KEYC_LEFT, KEYC_RIGHT,
		KEYC_UP, KEYC_DOWN, KEYC_PPAGE, KEYC_NPAGE, KEYC_HOME,
		KEYC_END, KEYC_IC, KEYC_DC,
	};

	if (cp < INPUT_KITTY_KP_0 ||
	    cp - INPUT_KITTY_KP_0 >= sizeof kp / sizeof kp[0])
		return (INPUT_R_DROP);
	return (input_key(ev, kp[cp - INPUT_KITTY_KP_0]|mods));
}

/* A mouse event from the xterm button code b and 0-based x, y. sgr says
 * which encoding; release is SGR's final 'm'. */
static enum input_result
input_mouse(struct input_event *ev, unsigned int b, unsigned int x,
    unsigned int y, int sgr, int release)
{
	memset(ev, 0, sizeof *ev);
	ev->type = INPUT_MOUSE;
	ev->x = x;
	ev->y = y;
	if (b & 4)
		ev->mods |= KEYC_SHIFT;
	if (b & 8)
		ev->mods |= KEYC_META;
	if (b & 16)
		ev->mods |= KEYC_CTRL;
	ev->motion = (b & 32) != 0;
	if (b & 128)
		return (INPUT_R_DROP);	/* buttons 8 to 11 */
	if (b & 64) {
		if ((b & 3) > 1)
			return (INPUT_R_DROP);	/* sideways wheel */
		ev->button = 4 + (b & 1);
		ev->pressed = 1;
		return (INPUT_R_EVENT);
	}
	ev->button = b & 3;
	if (ev->button == 3)
		ev->pressed = 0;
	else if (sgr)
		ev->pressed = !release;
	else
		ev->pressed = 1;
	return (INPUT_R_EVENT);
}

/* The first key string not before the n bytes at p (in->ntkeys: none). */
static unsigned int
input_tkey_lower(const struct input *in, const char *p, size_t n)
{
	unsigned int	lo = 0, hi = in->ntkeys, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (input_tkey_order(&in->tkeys[mid], p, n) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* Match the terminfo key strings: INPUT_R_EVENT for the longest full match,
 * INPUT_R_MORE if p could still become one, else INPUT_R_NONE. The longest
 * string that begins p is one of its first k bytes for the largest such k
 * (each looked for on its own); p could become one if the first string
 * not before it begins with it. */
static enum input_result
input_match_tkeys(struct input *in, const char *p, size_t n,
    struct input_event *ev, size_t *used)
{
	const struct input_tkey	*tk;
	unsigned int		 i;
	size_t			 k;

	for (k = n < in->tkey_max ? n : in->tkey_max; k >= 2; k--) {
		if (k < 64 && !(in->tkey_lens & ((uint64_t)1 << k)))
			continue;	/* none is that long */
		i = input_tkey_lower(in, p, k);
		if (i == in->ntkeys)
			continue;
		tk = &in->tkeys[i];
		if (input_tkey_order(tk, p, k) == 0) {
			*used = k;
			return (input_key(ev, tk->key));
		}
	}
	i = input_tkey_lower(in, p, n);
	if (i < in->ntkeys && in->tkeys[i].len > n &&
	    memcmp(in->tkeys[i].seq, p, n) == 0)
		return (INPUT_R_MORE);
	return (INPUT_R_NONE);
}

/* Decode "ESC [ ...". */
static enum input_result
input_csi(const char *p, size_t n, struct input_event *ev, size_t *used)
{
	const unsigned char	*u = (const unsigned char *)p;
	unsigned int		 param[INPUT_MAX_PARAMS];
	unsigned int		 nparam = 0, i, key, x, y;
	int			 prefix = 0, inter = 0, private = 0, sub = 0;
	int			 digits = 0;
	unsigned char		 c, final;

	/* X10 mouse: CSI M and three bytes, each 32 + value. */
	if (n > 2 && u[2] == 'M') {
		if (n < 6)
			return (INPUT_R_MORE);
		*used = 6;
		x = u[4] > 32 ? u[4] - 33 : 0;
		y = u[5] > 32 ? u[5] - 33 : 0;
		return (input_mouse(ev, u[3] >= 32 ? u[3] - 32 : 0, x, y, 0,
		    0));
	}

	memset(param, 0, sizeof param);
	i = 2;
	if (i < n && u[i] >= '<' && u[i] <= '?')
		prefix = u[i++];
	for (;; i++) {
		if (i >= INPUT_SEQ_MAX)
			return (INPUT_R_INVALID);
		if (i >= n)
			return (INPUT_R_MORE);
		c = u[i];
		if (c >= '0' && c <= '9') {
			if (inter)
				return (INPUT_R_INVALID);
			if (!sub && nparam < INPUT_MAX_PARAMS &&
			    param[nparam] < 1000000)
				param[nparam] = param[nparam] * 10 + (c - '0');
			digits = 1;
		} else if (c == ';') {
			if (inter)
				return (INPUT_R_INVALID);
			if (nparam < INPUT_MAX_PARAMS)
				nparam++;
			sub = 0;
			digits = 1;
		} else if (c == ':')
			sub = 1;
		else if (c >= '<' && c <= '?')
			private = 1;
		else if (c >= 0x20 && c <= 0x2f)
			inter = 1;
		else if (c >= 0x40 && c <= 0x7e)
			break;
		else
			return (INPUT_R_INVALID);
	}
	final = c;
	*used = i + 1;
	if (digits && nparam < INPUT_MAX_PARAMS)
		nparam++;
	if (prefix == '>' && final == 'c' && !inter && !private) {
		/* A DA2 answer: "CSI > type ; version ; rom c". */
		memset(ev, 0, sizeof *ev);
		ev->type = INPUT_DA2;
		for (i = 0; i < 3 && i < nparam; i++)
			ev->da2[i] = param[i];
		return (INPUT_R_EVENT);
	}
	if (prefix == '?' && final == 'c' && !inter) {
		memset(ev, 0, sizeof *ev);
		ev->type = INPUT_DA1;
		return (INPUT_R_EVENT);
	}
	if (inter || private)
		return (INPUT_R_DROP);

	if (prefix == '<') {
		if ((final != 'M' && final != 'm') || nparam != 3)
			return (INPUT_R_DROP);
		x = param[1] > 0 ? param[1] - 1 : 0;
		y = param[2] > 0 ? param[2] - 1 : 0;
		return (input_mouse(ev, param[0], x, y, 1, final == 'm'));
	}
	if (prefix != 0)
		return (INPUT_R_DROP);

	switch (final) {
	case 'A':
		return (input_key(ev, KEYC_UP|input_mods(param[1])));
	case 'B':
		return (input_key(ev, KEYC_DOWN|input_mods(param[1])));
	case 'C':
		return (input_key(ev, KEYC_RIGHT|input_mods(param[1])));
	case 'D':
		return (input_key(ev, KEYC_LEFT|input_mods(param[1])));
	case 'H':
		return (input_key(ev, KEYC_HOME|input_mods(param[1])));
	case 'F':
		return (input_key(ev, KEYC_END|input_mods(param[1])));
	case 'P':
	case 'Q':
	case 'R':
	case 'S':
		return (input_key(ev, (KEYC_F1 + (final - 'P'))|
		    input_mods(param[1])));
	case 'Z':
		return (input_key(ev, KEYC_BTAB|
		    (input_mods(param[1]) & ~KEYC_SHIFT)));
	case 'I':
	case 'O':
		if (nparam != 0)
			return (INPUT_R_DROP);
		memset(ev, 0, sizeof *ev);
		ev->type = INPUT_FOCUS;
		ev->focus = (final == 'I');
		return (INPUT_R_EVENT);
	case 'u':
		if (nparam < 1)
			return (INPUT_R_DROP);
		if (param[0] >= INPUT_KITTY_FIRST && param[0] <= INPUT_KITTY_LAST)
			return (input_kitty_key(ev, param[0],
			    input_mods(param[1])));
		return (input_codepoint(ev, param[0], input_mods(param[1])));
	case '~':
		if (param[0] == 200 && nparam == 1)
			return (INPUT_R_PASTE);
		if (param[0] == 27 && nparam == 3)
			return (input_codepoint(ev, param[2],
			    input_mods(param[1])));
		if (param[0] >= INPUT_NTILDE ||
		    (key = input_tilde_keys[param[0]]) == 0)
			return (INPUT_R_DROP);
		return (input_key(ev, key|input_mods(param[1])));
	}
	return (INPUT_R_DROP);
}

/* Decode "ESC ] ...": an OSC string from the terminal, a reply: an OSC
 * 10/11 colour or an OSC 52 clipboard ("52 ; selection ; base64"). */
static enum input_result
input_osc(const char *p, size_t n, struct input_event *ev, size_t *used)
{
	const unsigned char	*u = (const unsigned char *)p;
	size_t			 i, end, max = INPUT_OSC_MAX;
	const char		*sel;
	int			 which;

	if (n >= 5 && memcmp(p + 2, "52;", 3) == 0)
		max = INPUT_CLIPBOARD_MAX;
	for (i = 2;; i++) {
		if (i >= max)
			return (INPUT_R_INVALID);
		if (i >= n)
			return (INPUT_R_MORE);
		if (u[i] == 0x07) {
			end = i;
			*used = i + 1;
			break;
		}
		if (u[i] == 0x1b) {
			if (i + 1 >= n)
				return (INPUT_R_MORE);
			if (u[i + 1] != '\\')
				return (INPUT_R_INVALID);
			end = i;
			*used = i + 2;
			break;
		}
		if (u[i] < 0x20)
			return (INPUT_R_INVALID);
	}
	if (max == INPUT_CLIPBOARD_MAX) {
		sel = memchr(p + 5, ';', end - 5);
		if (sel == NULL)
			return (INPUT_R_DROP);
		memset(ev, 0, sizeof *ev);
		ev->type = INPUT_CLIPBOARD;
		ev->data = sel + 1;
		ev->len = p + end - (sel + 1);
		return (INPUT_R_EVENT);
	}
	if (end < 5 || p[2] != '1' || (p[3] != '0' && p[3] != '1') ||
	    p[4] != ';')
		return (INPUT_R_DROP);
	which = p[3] == '0' ? 10 : 11;
	memset(ev, 0, sizeof *ev);
	if (colour_parse_spec(p + 5, end - 5, &ev->rgb) != 0)
		return (INPUT_R_DROP);
	ev->type = INPUT_COLOUR;
	ev->which = which;
	return (INPUT_R_EVENT);
}

/* Decode "ESC P ... ESC \\": a DCS string from the terminal, a reply. An
 * XTVERSION answer ("DCS > | name ST") is reported; anything else (DECRQSS
 * answers, ...) is dropped. */
static enum input_result
input_dcs(const char *p, size_t n, struct input_event *ev, size_t *used)
{
	const unsigned char	*u = (const unsigned char *)p;
	size_t			 i;

	for (i = 2;; i++) {
		if (i >= INPUT_OSC_MAX)
			return (INPUT_R_INVALID);
		if (i >= n)
			return (INPUT_R_MORE);
		if (u[i] == 0x1b) {
			if (i + 1 >= n)
				return (INPUT_R_MORE);
			if (u[i + 1] != '\\')
				return (INPUT_R_INVALID);
			break;
		}
		if (u[i] < 0x20 || u[i] == 0x7f)
			return (INPUT_R_INVALID);
	}
	*used = i + 2;
	if (i < 4 || p[2] != '>' || p[3] != '|')
		return (INPUT_R_DROP);
	memset(ev, 0, sizeof *ev);
	ev->type = INPUT_XTVERSION;
	ev->data = p + 4;
	ev->len = i - 4;
	return (INPUT_R_EVENT);
}

/* Decode "ESC O ...": cursor and function keys, the application keypad. */
static enum input_result
input_ss3(const char *p, size_t n, struct input_event *ev, size_t *used)
{
	static const char	 kp[] = "pqrstuvwxy";
	const unsigned char	*u = (const unsigned char *)p;
	unsigned int		 m = 0, i;
	unsigned char		 c;
	const char		*at;

	for (i = 2;; i++) {
		if (i >= 8)
			return (INPUT_R_INVALID);
		if (i >= n)
			return (INPUT_R_MORE);
		c = u[i];
		if (c >= '0' && c <= '9')
			m = m * 10 + (c - '0');
		else if (c == ';')
			m = 0;
		else
			break;
	}
	if (c < 0x40 || c > 0x7e)
		return (INPUT_R_INVALID);
	*used = i + 1;
	switch (c) {
	case 'A':
		return (input_key(ev, KEYC_UP|input_mods(m)));
	case 'B':
		return (input_key(ev, KEYC_DOWN|input_mods(m)));
	case 'C':
		return (input_key(ev, KEYC_RIGHT|input_mods(m)));
	case 'D':
		return (input_key(ev, KEYC_LEFT|input_mods(m)));
	case 'H':
		return (input_key(ev, KEYC_HOME|input_mods(m)));
	case 'F':
		return (input_key(ev, KEYC_END|input_mods(m)));
	case 'P':
	case 'Q':
	case 'R':
	case 'S':
		return (input_key(ev, (KEYC_F1 + (c - 'P'))|input_mods(m)));
	case 'M':
		return (input_key(ev, KEYC_KP_ENTER|input_mods(m)));
	case 'j':
		return (input_key(ev, KEYC_KP_STAR|input_mods(m)));
	case 'k':
		return (input_key(ev, KEYC_KP_PLUS|input_mods(m)));
	case 'm':
		return (input_key(ev, KEYC_KP_MINUS|input_mods(m)));
	case 'n':
		return (input_key(ev, KEYC_KP_PERIOD|input_mods(m)));
	case 'o':
		return (input_key(ev, KEYC_KP_SLASH|input_mods(m)));
	}
	if ((at = strchr(kp, c)) != NULL)
		return (input_key(ev, (KEYC_KP_0 + (at - kp))|input_mods(m)));
	return (INPUT_R_DROP);
}

/* Decode an escape sequence at p (p[0] is ESC, n >= 2): terminfo strings,
 * then the built-in forms. */
static enum input_result
input_sequence(struct input *in, const char *p, size_t n,
    struct input_event *ev, size_t *used)
{
	enum input_result	tr, br = INPUT_R_NONE;

	tr = input_match_tkeys(in, p, n, ev, used);
	if (tr == INPUT_R_EVENT)
		return (tr);
	if (p[1] == '[')
		br = input_csi(p, n, ev, used);
	else if (p[1] == 'O')
		br = input_ss3(p, n, ev, used);
	else if (p[1] == ']' || p[1] == 'P') {
		/* Unfinished and no reply expected: M-] (M-P) and what
		 * follows. */
		if (p[1] == ']')
			br = input_osc(p, n, ev, used);
		else
			br = input_dcs(p, n, ev, used);
		if (br == INPUT_R_MORE && !in->expect)
			br = INPUT_R_NONE;
	}
	if (br == INPUT_R_EVENT || br == INPUT_R_PASTE)
		return (br);
	if (tr == INPUT_R_MORE || br == INPUT_R_MORE)
		return (INPUT_R_MORE);
	return (br);
}

/* Decode one key that does not start with ESC: a control byte, ASCII or a
 * UTF-8 character. */
static enum input_result
input_plain(const char *p, size_t n, struct input_event *ev, size_t *used)
{
	unsigned char	c = (unsigned char)p[0];
	uint32_t	cp;
	int		r;

	if (c < 0x80) {
		*used = 1;
		return (input_key(ev, key_from_byte(c)));
	}
	r = utf8_decode(p, n, &cp);
	if (r == 0)
		return (INPUT_R_MORE);
	if (r < 0) {
		*used = 1;
		return (INPUT_R_DROP);
	}
	*used = r;
	return (input_key(ev, cp));
}

/* Decode what starts at p; with flush, nothing starting with ESC is left
 * waiting (an unfinished UTF-8 character still waits for its end). */
static enum input_result
input_next(struct input *in, const char *p, size_t n, int flush,
    struct input_event *ev, size_t *used)
{
	enum input_result	r;

	if (p[0] != '\033')
		return (input_plain(p, n, ev, used));
	if (n == 1) {
		/* While replies are expected this may begin one. */
		if (!flush || in->expect)
			return (INPUT_R_MORE);
		*used = 1;
		return (input_key(ev, '\033'));
	}

	r = input_sequence(in, p, n, ev, used);
	if (r == INPUT_R_EVENT || r == INPUT_R_PASTE || r == INPUT_R_DROP)
		return (r);
	if (r == INPUT_R_MORE && (!flush || (in->expect && (p[1] == ']' ||
	    p[1] == 'P' || (p[1] == '[' && (n == 2 || p[2] == '>' ||
	    p[2] == '?')))) || (in->expect_da1 && p[1] == '[' && n > 2 &&
	    p[2] == '?')))
		return (r);

	/* Not a sequence: ESC and a key is that key with Meta. */
	if (p[1] == '\033') {
		if (n == 2 && !flush)
			return (INPUT_R_MORE);
		r = n > 2 ? input_sequence(in, p + 1, n - 1, ev, used) :
		    INPUT_R_NONE;
		if (r == INPUT_R_MORE && !flush)
			return (r);
		if (r == INPUT_R_EVENT && ev->type == INPUT_KEY) {
			ev->key |= KEYC_META;
			(*used)++;
			return (r);
		}
		if (r == INPUT_R_EVENT || r == INPUT_R_PASTE) {
			/* Not a key: ESC alone, then this again. */
			*used = 1;
			return (input_key(ev, '\033'));
		}
		if (r == INPUT_R_DROP) {
			(*used)++;
			return (r);
		}
		*used = 2;
		return (input_key(ev, '\033'|KEYC_META));
	}
	r = input_plain(p + 1, n - 1, ev, used);
	if (r == INPUT_R_MORE && !flush)
		return (r);
	if (r != INPUT_R_EVENT) {
		*used = 1;
		return (input_key(ev, '\033'));
	}
	ev->key |= KEYC_META;
	(*used)++;
	return (r);
}

/* Report the collected paste, if any. */
static void
input_paste_emit(struct input *in, input_emit_cb cb, void *arg)
{
	struct input_event	ev;

	if (in->plen == 0)
		return;
	memset(&ev, 0, sizeof ev);
	ev.type = INPUT_PASTE;
	ev.data = in->pbuf;
	ev.len = in->plen;
	in->plen = 0;
	cb(&ev, arg);
}

/* Add pasted bytes, reporting a piece each time INPUT_PASTE_CHUNK fills.
 * Returns the bytes taken: fewer than n if the consumer stopped. */
static size_t
input_paste_add(struct input *in, const char *p, size_t n, input_emit_cb cb,
    void *arg)
{
	size_t	take, all = n;

	while (n > 0) {
		if (in->plen == in->psize) {
			if (in->psize == INPUT_PASTE_CHUNK) {
				input_paste_emit(in, cb, arg);
				if (in->stop)
					return (all - n);
				continue;
			}
			in->psize = in->psize == 0 ? 4096 : in->psize * 2;
			if (in->psize > INPUT_PASTE_CHUNK)
				in->psize = INPUT_PASTE_CHUNK;
			in->pbuf = xreallocarray(in->pbuf, in->psize, 1);
		}
		take = in->psize - in->plen;
		if (take > n)
			take = n;
		memcpy(in->pbuf + in->plen, p, take);
		in->plen += take;
		p += take;
		n -= take;
	}
	return (all);
}

/* Find the paste end marker in p, or NULL. */
static const char *
input_find_end(const char *p, size_t n)
{
	const char	*at = p, *esc;

	while ((esc = memchr(at, '\033', n - (at - p))) != NULL) {
		if ((size_t)(p + n - esc) < INPUT_PASTE_END_LEN)
			return (NULL);
		if (memcmp(esc, input_paste_end, INPUT_PASTE_END_LEN) == 0)
			return (esc);
		at = esc + 1;
	}
	return (NULL);
}

/* Inside a paste: take bytes up to the end marker. Returns the bytes used;
 * a tail that may be the start of the end marker is left for later. */
static size_t
input_paste_take(struct input *in, const char *p, size_t n, input_emit_cb cb,
    void *arg)
{
	const char	*end;
	size_t		 keep, used;

	end = input_find_end(p, n);
	if (end != NULL) {
		used = input_paste_add(in, p, end - p, cb, arg);
		if (in->stop)
			return (used);	/* the end marker is read again */
		input_paste_emit(in, cb, arg);
		in->paste = 0;
		return ((end - p) + INPUT_PASTE_END_LEN);
	}
	keep = INPUT_PASTE_END_LEN - 1;
	if (keep > n)
		keep = n;
	for (; keep > 0; keep--) {
		if (memcmp(p + n - keep, input_paste_end, keep) == 0)
			break;
	}
	return (input_paste_add(in, p, n - keep, cb, arg));
}

/* Decode the held bytes; with flush, leave nothing but a paste end marker
 * that may still be arriving. Returns 1 if the caller should run the
 * escape timer. */
static int
input_run(struct input *in, int flush, input_emit_cb cb, void *arg)
{
	struct input_event	ev;
	enum input_result	r;
	size_t			off = 0, used;

	while (off < in->len && !in->stop) {
		if (in->paste) {
			off += input_paste_take(in, in->buf + off,
			    in->len - off, cb, arg);
			if (in->paste)
				break;
			continue;
		}
		used = 0;
		r = input_next(in, in->buf + off, in->len - off, flush, &ev,
		    &used);
		if (r == INPUT_R_MORE)
			break;
		if (used == 0)
			fatalx("input: decoder made no progress");
		off += used;
		in->done = off;
		if (r == INPUT_R_EVENT)
			cb(&ev, arg);
		else if (r == INPUT_R_PASTE) {
			in->paste = 1;
			in->plen = 0;
		} else if (r == INPUT_R_DROP)
			log_debug("input: dropped %zu bytes", used);
	}
	if (off != 0) {
		memmove(in->buf, in->buf + off, in->len - off);
		in->len -= off;
	}
	in->done = 0;

	if (in->paste) {
		if (flush && !in->stop)
			input_paste_emit(in, cb, arg);
		return (in->plen != 0 || in->len != 0);
	}
	return (in->len != 0 && in->buf[0] == '\033');
}

/* Feed bytes from the terminal and report every complete event. */
int
input_parse(struct input *in, const char *buf, size_t len, input_emit_cb cb,
    void *arg)
{
	size_t	size;

	if (in->len + len > in->size) {
		size = in->size == 0 ? 256 : in->size;
		while (size < in->len + len)
			size *= 2;
		in->buf = xreallocarray(in->buf, size, 1);
		in->size = size;
	}
	if (len != 0)
		memcpy(in->buf + in->len, buf, len);
	in->len += len;
	return (input_run(in, 0, cb, arg));
}

/* Replies are (not) expected: hold unfinished OSC strings (or not). */
void
input_expect_replies(struct input *in, int on)
{
	in->expect = on;
}

void
input_expect_da1(struct input *in, int on)
{
	in->expect_da1 = on;
}

void
input_stop(struct input *in, int on)
{
	in->stop = on;
}

/* The escape timer fired: report what is held back as plain keys. */
void
input_flush(struct input *in, input_emit_cb cb, void *arg)
{
	input_run(in, 1, cb, arg);
}

void
input_save(const struct input *in, struct pbuf *pb)
{
	/* Saved from inside an event (a key that ran server-upgrade): what
	 * was decoded is not decoded again. */
	pw_u8(pb, in->paste != 0);
	pw_strn(pb, in->buf != NULL ? in->buf + in->done : "",
	    in->len - in->done);
	pw_strn(pb, in->pbuf != NULL ? in->pbuf : "", in->plen);
}

/* Put n bytes of p at the end of *buf (*len of *size used). */
static void
input_append(char **buf, size_t *len, size_t *size, const void *p, size_t n)
{
	if (*len + n > *size) {
		*size = *len + n;
		*buf = xreallocarray(*buf, *size, 1);
	}
	memcpy(*buf + *len, p, n);
	*len += n;
}

int
input_load(struct input *in, struct preader *pr)
{
	const void	*held, *paste;
	uint32_t	 hlen, plen;
	int		 in_paste;

	in_paste = pr_u8(pr);
	hlen = pr_u32(pr);
	held = pr_bytes(pr, hlen);
	plen = pr_u32(pr);
	paste = pr_bytes(pr, plen);
	if (pr->error || in_paste > 1 || (!in_paste && plen != 0))
		return (-1);
	if (in == NULL)
		return (0);	/* only checked */
	in->len = in->plen = 0;
	in->paste = in_paste;
	if (hlen != 0)
		input_append(&in->buf, &in->len, &in->size, held, hlen);
	if (plen != 0)
		input_append(&in->pbuf, &in->plen, &in->psize, paste, plen);
	return (0);
}
