/*
 * vt-string: the strings the scanner holds until they end (OSC, DCS, APC,
 * PM, SOS, ESC k), and what becomes of each: a passthrough goes to the
 * host terminal, ESC k renames the window, OSC 8 is a hyperlink, DECRQSS
 * for SGR and DECSCL is answered here; the rest goes to libvterm in one
 * write, or nowhere when it is too long for it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "grid/sgr.h"
#include "grid/vt-int.h"

/* Start holding a string introduced by ESC c. */
void
vt_str_start(struct vt *vt, unsigned char c)
{
	if (vt->str_size < 64) {
		vt->str_size = 64;
		vt->str = xreallocarray(vt->str, 1, vt->str_size);
	}
	vt->str[0] = '\033';
	vt->str[1] = c;
	vt->str_len = 2;
	vt->str_drop = 0;
}

/* Append to the held string; past VT_STRING_MAX it is dropped. */
void
vt_str_append(struct vt *vt, const unsigned char *buf, size_t len)
{
	size_t	size;

	if (vt->str_drop || len == 0)
		return;
	if (vt->str_len + len > VT_STRING_MAX) {
		vt->str_drop = 1;
		return;
	}
	if (vt->str_len + len > vt->str_size) {
		size = vt->str_size;
		while (size < vt->str_len + len)
			size *= 2;
		vt->str = xreallocarray(vt->str, 1, size);
		vt->str_size = size;
	}
	memcpy(vt->str + vt->str_len, buf, len);
	vt->str_len += len;
}

/* Forget the held string (and a large buffer). */
void
vt_str_reset(struct vt *vt)
{
	vt->str_len = 0;
	vt->str_drop = 0;
	if (vt->str_size > 65536) {
		free(vt->str);
		vt->str = NULL;
		vt->str_size = 0;
	}
}

/*
 * DECRQSS (DCS $ q Pt ST): a program asks how a setting is set. The reply
 * follows xterm: DCS 1 $ r <the sequence that sets it> ST for a setting
 * known, DCS 0 $ r ST for any other. mux answers SGR itself (libvterm
 * 0.1.4 does not know the attributes the scanner tracks) and DECSCL (it
 * does not know it); libvterm answers DECSTBM, DECSLRM, DECSCUSR and
 * DECSCA from its own state. Anything else never reaches it: 0.1.4 formats
 * its reply to an unknown request with a bad printf argument.
 * req is the request, len bytes, without its terminator. Returns 1 when
 * answered here, 0 when libvterm is to answer.
 */
static int
vt_decrqss(struct vt *vt, const char *req, size_t len)
{
	struct cell	 from = CELL_BLANK;
	char		 buf[SGR_MAX + 16], sgr[SGR_MAX];
	size_t		 n;
	int		 out;

	if ((len == 1 && (req[0] == 'r' || req[0] == 's')) ||
	    (len == 2 && (memcmp(req, " q", 2) == 0 ||
	    memcmp(req, "\"q", 2) == 0)))
		return (0);
	if (len == 1 && req[0] == 'm') {
		/*
		 * From a pen with every attribute, which no cell has (the
		 * underlines exclude each other), so the sequence starts
		 * with 0 (reset), as xterm's does: "0;1;31m".
		 */
		from.attr = ATTR_ALL;
		n = sgr_change(sgr, &from, &vt->pen_cell);
		/* sgr is "\033[0;...m": the parameters after "\033[". */
		out = snprintf(buf, sizeof buf, "\033P1$r%.*s\033\\",
		    (int)(n - 2), sgr + 2);
	} else if (len == 2 && memcmp(req, "\"p", 2) == 0) {
		/* The level DA says (VT100: "CSI ? 1 ; 2 c"). */
		out = snprintf(buf, sizeof buf, "\033P1$r61\"p\033\\");
	} else
		out = snprintf(buf, sizeof buf, "\033P0$r\033\\");
	vt_output(vt, buf, out);
	return (1);
}

/*
 * Is the held string a passthrough (DCS tmux; ... ST)? It is read as tmux
 * reads it: only ESC \\ ends it, ESC and another byte stand for that byte
 * (so ESC ESC for ESC), and BEL, CAN and SUB are part of it. Whether it
 * goes anywhere is the pane's allow-passthrough, not the scanner's.
 */
int
vt_str_pass(const struct vt *vt)
{
	return (vt->str_len >= VT_PASS_PREFIX_LEN &&
	    memcmp(vt->str, VT_PASS_PREFIX, VT_PASS_PREFIX_LEN) == 0);
}

/*
 * The held string is complete: feed it in one write. Only OSC 52 (the
 * clipboard) may be long; other strings (titles, queries) over
 * VT_STRING_SHORT are dropped, because libvterm copies a title onto its
 * stack.
 */
void
vt_str_finish(struct vt *vt)
{
	char		body[8], *name;
	size_t		end, i, n;
	unsigned char	c;

	if (vt_str_pass(vt)) {
		/* Never libvterm's: it goes to the host or nowhere. */
		n = vt->str_len - VT_PASS_PREFIX_LEN - 2;
		if (!vt->str_drop && vt->cb->passthrough != NULL)
			vt->cb->passthrough(vt->str + VT_PASS_PREFIX_LEN, n,
			    vt->cbarg);
		vt_str_reset(vt);
		return;
	}
	if (vt->str[1] == 'k') {
		/* ESC k name: for mux, not libvterm (which would print it). */
		n = vt->str_len - 2;
		n -= vt->str[vt->str_len - 1] == 0x07 ? 1 : 2;
		if (!vt->str_drop && n <= VT_STRING_SHORT &&
		    vt->cb->rename != NULL) {
			name = xstrndup(vt->str + 2, n);
			vt->cb->rename(name, vt->cbarg);
			free(name);
		}
		vt_str_reset(vt);
		return;
	}
	if (vt->str[1] == ']' && vt->str_len >= 5 && vt->str[2] == '8' &&
	    vt->str[3] == ';') {
		/* OSC 8, a hyperlink: mux's, libvterm knows none. */
		if (!vt->str_drop) {
			n = vt->str_len - 2;
			n -= vt->str[vt->str_len - 1] == 0x07 ? 1 : 2;
			vt_link_osc(vt, vt->str + 2, n);
		}
		vt_str_reset(vt);
		return;
	}
	if (vt->str_len > VT_STRING_SHORT &&
	    (vt->str_len < 5 || memcmp(vt->str, "\033]52;", 5) != 0))
		vt->str_drop = 1;
	if (!vt->str_drop && vt->str[1] == 'P') {
		/*
		 * What libvterm takes as the DCS: the bytes before the
		 * terminator (BEL or ESC \\) less C0 controls, NUL and DEL
		 * (its parser acts on those and leaves them out).
		 */
		end = vt->str_len - (vt->str[vt->str_len - 1] == 0x07 ? 1 : 2);
		for (i = 2, n = 0; i < end; i++) {
			c = (unsigned char)vt->str[i];
			if (c < 0x20 || c == 0x7f)
				continue;
			if (n < sizeof body)
				body[n] = c;
			n++;
		}
		/* A longer request is unknown however it is cut. */
		if (n > sizeof body)
			n = sizeof body;
		if (n >= 2 && body[0] == '$' && body[1] == 'q' &&
		    vt_decrqss(vt, body + 2, n - 2))
			vt->str_drop = 1;
	}
	if (!vt->str_drop) {
		vt->str_bel = (vt->str[vt->str_len - 1] == 0x07);
		vt_feed_whole(vt, vt->str, vt->str_len);
	}
	vt_str_reset(vt);
}
