/*
 * vt-reply: the CSIs mux answers or keeps itself, which libvterm 0.1.4
 * answers wrongly or not at all: DECRQM for the modes the scanner tracks,
 * xterm's modifyOtherKeys, the kitty keyboard protocol's flags, XTVERSION,
 * DA2 (as tmux 3.3a answers), and CPR in origin mode.
 */
#include <stdio.h>
#include <string.h>

#include "grid/vt-int.h"

/*
 * Answer DECRQM for DEC private mode m if mux tracks it (libvterm 0.1.4
 * does not know 1004 and 2026, and gets 2004 wrong). Returns 0 when m is
 * left to libvterm.
 */
int
vt_mode_report(struct vt *vt, int m)
{
	char	buf[32];
	int	bit, len;

	switch (m) {
	case 1:
		bit = VT_MODE_APPCURSOR;
		break;
	case 1004:
		bit = VT_MODE_FOCUS;
		break;
	case 2004:
		bit = VT_MODE_BRACKETPASTE;
		break;
	case 2026:
		bit = VT_MODE_SYNC;
		break;
	default:
		return (0);
	}
	len = snprintf(buf, sizeof buf, "\033[?%d;%d$y", m,
	    (vt->modes & bit) ? 1 : 2);
	vt_output(vt, buf, len);
	return (1);
}

/*
 * xterm's key modifier resources: "CSI > 4 ; n m" sets modifyOtherKeys
 * (no n: back to 0), "CSI ? 4 m" asks for it. libvterm 0.1.4 knows
 * neither; the other resources are ignored.
 */
void
vt_modkeys(struct vt *vt, int query)
{
	const struct vt_seq	*seq = &vt->seq;
	char			 buf[32];
	int			 level, len;

	if (vt_csi_param(seq, 0, -1) != 4)
		return;
	if (query) {
		level = (vt->modes & VT_MODE_KEYS2) ? 2 :
		    ((vt->modes & VT_MODE_KEYS1) ? 1 : 0);
		len = snprintf(buf, sizeof buf, "\033[>4;%dm", level);
		vt_output(vt, buf, len);
		return;
	}
	level = vt_csi_param(seq, 1, 0);
	vt_set_mode(vt, VT_MODE_KEYS1|VT_MODE_KEYS2, 0);
	if (level == 1)
		vt_set_mode(vt, VT_MODE_KEYS1, 1);
	else if (level >= 2)
		vt_set_mode(vt, VT_MODE_KEYS2, 1);
}

/*
 * The kitty keyboard protocol's requests (libvterm 0.1.4 knows none): a
 * stack of enhancement flags per screen, the primary's and the
 * alternate's apart.
 *   CSI > flags u		push: the flags in force are kept, flags
 *				are in force (the oldest kept go when the
 *				stack is full)
 *   CSI < n u			pop n (1) times; emptied, the flags are 0
 *   CSI = flags ; mode u	mode 1 (default): set them, 2: add them,
 *				3: take them away
 *   CSI ? u			answered "CSI ? flags u"
 * vt-keys.c encodes keys by the flags in force.
 */
void
vt_kitty_request(struct vt *vt, char leader)
{
	const struct vt_seq	*seq = &vt->seq;
	struct vt_kitty		*k = vt_kitty_current(vt);
	char			 buf[32];
	int			 a, n, len;

	a = vt_csi_param(seq, 0, 0);
	switch (leader) {
	case '>':
		if (k->depth == VT_KITTY_STACK) {
			memmove(k->stack, k->stack + 1, VT_KITTY_STACK - 1);
			k->depth--;
		}
		k->stack[k->depth++] = k->flags;
		k->flags = a & VT_KITTY_MASK;
		break;
	case '<':
		for (n = a < 1 ? 1 : a; n > 0; n--) {
			if (k->depth == 0) {
				k->flags = 0;
				break;
			}
			k->flags = k->stack[--k->depth];
		}
		if (k->depth == 0)
			k->flags = 0;
		break;
	case '=':
		switch (vt_csi_param(seq, 1, 1)) {
		case 1:
			k->flags = a & VT_KITTY_MASK;
			break;
		case 2:
			k->flags |= a & VT_KITTY_MASK;
			break;
		case 3:
			k->flags &= ~(a & VT_KITTY_MASK);
			break;
		}
		break;
	case '?':
		len = snprintf(buf, sizeof buf, "\033[?%uu",
		    (unsigned int)k->flags);
		vt_output(vt, buf, len);
		break;
	}
}

/* XTVERSION (CSI > q, or CSI > 0 q): mux's name and version, as tmux
 * answers with its own. */
void
vt_xtversion(struct vt *vt)
{
	char	buf[64];
	int	len;

	if (vt_csi_param(&vt->seq, 0, 0) != 0)
		return;
	len = snprintf(buf, sizeof buf, "\033P>|mux %s\033\\",
	    PACKAGE_VERSION);
	vt_output(vt, buf, len);
}

/* DA2 (CSI > c, or CSI > 0 c): answered as tmux 3.3a answers in a pane,
 * "CSI > 84 ; 0 ; 0 c" (84 is 'T', tmux's terminal type), so programs
 * that know tmux by it treat mux alike; libvterm 0.1.4 would say it is a
 * VT100 of version 100. */
void
vt_da2(struct vt *vt)
{
	static const char	reply[] = "\033[>84;0;0c";

	if (vt_csi_param(&vt->seq, 0, 0) != 0)
		return;
	vt_output(vt, reply, sizeof reply - 1);
}

/*
 * CPR (CSI 6 n, CSI ? 6 n) in origin mode: the position from the top left
 * margins, as the VT100 and xterm report it (libvterm 0.1.4 and tmux 3.3a
 * report it from the top left of the screen; vttest says "ignores origin
 * mode").
 */
void
vt_cpr_origin(struct vt *vt, int dec)
{
	struct vt_cursor	cur;
	char			buf[32];
	int			x, y, len;

	vt_cursor(vt, &cur);
	y = (int)cur.y - vt->top;
	x = (int)cur.x - ((vt->dec & VT_DEC_LRMM) ? vt->left : 0);
	if (y < 0)
		y = 0;
	if (x < 0)
		x = 0;
	len = snprintf(buf, sizeof buf, "\033[%s%d;%dR", dec ? "?" : "",
	    y + 1, x + 1);
	vt_output(vt, buf, len);
}
