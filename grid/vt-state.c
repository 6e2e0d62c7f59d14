/*
 * vt-state: a pane's terminal written out and read back, for the live
 * upgrade (server/upgrade.c holds the file format around it).
 *
 * libvterm's own state cannot be dumped, so a restored terminal is a
 * fresh vt of the same size whose state is established again:
 *   - the cells (history, primary screen, and the alternate screen when
 *     it is shown) are written straight into mux's grid and history, with
 *     each line's wrapped flag and written width;
 *   - what libvterm keeps (cursor, DEC modes, scroll region, charsets,
 *     pen, the alternate screen switch, a pending wrap at the right edge)
 *     is replayed as escape sequences through vt_write, so the scanner
 *     and libvterm come to agree on it as they do for a program's output;
 *   - what only mux keeps (title, palette, the attributes libvterm does
 *     not report, the saved pens, the primary cursor behind the alternate
 *     screen) is copied into the fields;
 *   - an escape sequence the program had not finished is fed last, so
 *     the rest of it, still in the pty, completes it.
 * Tab stops and the saved cursor (DECSC, ?1049h) are libvterm's too, but
 * the scanner keeps a copy of them to replay. Not carried: the
 * placeholder slots for characters libvterm measures wrongly (only
 * libvterm's view of cells already in the grid uses them). Line
 * attributes (DECDWL, DECDHL) are kept nowhere to carry: the scanner
 * drops them and every line is drawn single size.
 *
 * The record (all integers as common/proto.h writes them):
 *   u32 cols, u32 rows, u32 history limit
 *   u32 cursor x, u32 cursor y, u8 visible, u8 blink, u8 shape
 *   u32 modes (VT_MODE_*), u32 dec (VT_DEC_*), u8 mouse encoding
 *   i32 top, bottom, left, right (scroll region, -1: the edge)
 *   u8 gset[4], u8 gl, u8 irm, u8 no_altscreen, u8 no_scroll_clear
 *   cell pen (with the extra attributes and underline colour)
 *   u16 extra, saved_extra, alt_saved_extra; u32 ul, saved_ul, alt_saved_ul
 *   i32 primary_cx, primary_cy, u8 primary_fix
 *   u8 edge (a wrap pending at the cursor: the cursor's cell is replayed)
 *   str title, u8 palette present (then 259 u32: idx[256], fg, bg, cursor)
 *   u8 tab stops set (then cols bytes, 1 where a stop is)
 *   u8 saved cursor set, u32 x, u32 y, cell pen, u8 visible, blink,
 *   shape (libvterm's one saved cursor, as the scanner saw it saved),
 *   u8 saved gset[4], u8 saved gl
 *   str pending (the unfinished sequence, maybe empty)
 *   u32 history lines, each: u8 wrapped, u32 n, a row of n cells
 *   rows primary lines, then (alternate shown) rows alternate lines,
 *   each: u32 flags (GRID_LINE_WRAPPED), u32 used, u8 blank; when not
 *   blank, a row of cols cells
 *   version 3 on: the kitty keyboard protocol of each screen (primary,
 *   alternate): u8 flags, u8 depth, depth x u8 pushed flags; str the OSC 7
 *   path; u8 VT52 mode
 * The pen, one cell: u32 ch (or VT_STATE_CLUSTER, then u8 n and n u32
 * code points), u32 fg, u32 bg, u16 attr, u8 width, u32 underline
 * colour, the link (string URI, string id=). A row of cells: see
 * vt_state_put_cells.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/link.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/sgr.h"
#include "grid/vt-int.h"

/* A cell's character that is several code points follows as a list. */
#define VT_STATE_CLUSTER	0xffffffffu
/* Largest screen a record may claim (as WINDOW_SIZE_MAX). */
#define VT_STATE_SIZE_MAX	10000

/* A cell's hyperlink: its URI and id= parameter ("" and "": none), as
 * the table's ids are the process's own. */
static void
vt_state_put_link(struct pbuf *pb, uint16_t id)
{
	const char	*uri = link_uri(id), *param = link_param(id);

	pw_str(pb, uri != NULL ? uri : "");
	pw_str(pb, param != NULL ? param : "");
}

static uint16_t
vt_state_get_link(struct preader *pr)
{
	char		*uri = pr_str(pr), *param = pr_str(pr);
	uint16_t	 id = 0;

	if (uri != NULL && param != NULL && *uri != '\0')
		id = link_intern(uri, strlen(uri), param, strlen(param));
	free(uri);
	free(param);
	return (id);
}

/* Write one cell. */
static void
vt_state_put_cell(struct pbuf *pb, const struct cell *c)
{
	uint32_t	cps[UTF8_MAX_CPS];
	size_t		n, i;

	if (c->ch >= UTF8_INTERN_BASE) {
		n = utf8_expand(c->ch, cps);
		pw_u32(pb, VT_STATE_CLUSTER);
		pw_u8(pb, n);
		for (i = 0; i < n; i++)
			pw_u32(pb, cps[i]);
	} else
		pw_u32(pb, c->ch);
	pw_u32(pb, c->fg);
	pw_u32(pb, c->bg);
	pw_u16(pb, c->attr);
	pw_u8(pb, c->width);
	pw_u32(pb, cell_ul_colour(c->flags));
	vt_state_put_link(pb, c->link);
}

/* Read one cell; sets pr->error when it is not one. */
static void
vt_state_get_cell(struct preader *pr, struct cell *c)
{
	uint32_t	cps[UTF8_MAX_CPS];
	unsigned int	n, i;

	c->ch = pr_u32(pr);
	if (c->ch == VT_STATE_CLUSTER) {
		n = pr_u8(pr);
		if (n == 0 || n > UTF8_MAX_CPS) {
			pr->error = 1;
			n = 0;
		}
		for (i = 0; i < n; i++) {
			cps[i] = pr_u32(pr);
			if (cps[i] > 0x10ffff)
				pr->error = 1;
		}
		c->ch = (n != 0 && !pr->error) ? utf8_intern(cps, n) : ' ';
	} else if (c->ch > 0x10ffff)
		pr->error = 1;
	c->fg = pr_u32(pr);
	c->bg = pr_u32(pr);
	c->attr = pr_u16(pr);
	c->width = pr_u8(pr);
	if (c->width > 2)
		pr->error = 1;
	c->flags = cell_ul_intern(pr_u32(pr));
	c->link = vt_state_get_link(pr);
}

/* A varint (LEB128: seven bits a byte, low first). */
static void
vt_state_put_varint(struct pbuf *pb, uint32_t v)
{
	while (v >= 0x80) {
		pw_u8(pb, (v & 0x7f) | 0x80);
		v >>= 7;
	}
	pw_u8(pb, v);
}

static uint32_t
vt_state_get_varint(struct preader *pr)
{
	uint32_t	v = 0, b;
	int		shift;

	for (shift = 0; shift < 35; shift += 7) {
		b = pr_u8(pr);
		v |= (b & 0x7f) << shift;
		if (!(b & 0x80))
			return (v);
	}
	pr->error = 1;
	return (0);
}

/*
 * A row of n cells, compactly: runs of one style, each varint count, u32
 * fg, u32 bg, u16 attr, u32 underline colour, the link (string URI,
 * string id=, both empty for none), then count characters, each
 * varint (code point << 2 | width); a character of several code points
 * is varint (count << 2 | 3), u8 width, then the code points as varints.
 * An 80-column line of plain text is about 180 bytes, not 1,500.
 */
static void
vt_state_put_cells(struct pbuf *pb, const struct cell *cells, unsigned int n)
{
	uint32_t	cps[UTF8_MAX_CPS];
	unsigned int	x, end, i, k;

	for (x = 0; x < n; x = end) {
		for (end = x + 1; end < n; end++) {
			if (!cell_same_style(&cells[x], &cells[end]))
				break;
		}
		vt_state_put_varint(pb, end - x);
		pw_u32(pb, cells[x].fg);
		pw_u32(pb, cells[x].bg);
		pw_u16(pb, cells[x].attr);
		pw_u32(pb, cell_ul_colour(cells[x].flags));
		vt_state_put_link(pb, cells[x].link);
		for (i = x; i < end; i++) {
			if (cells[i].ch >= UTF8_INTERN_BASE) {
				k = utf8_expand(cells[i].ch, cps);
				vt_state_put_varint(pb, (k << 2) | 3);
				pw_u8(pb, cells[i].width);
				while (k-- > 0)
					vt_state_put_varint(pb, cps[k]);
			} else
				vt_state_put_varint(pb, (cells[i].ch << 2) |
				    (cells[i].width & 3));
		}
	}
}

/* Read a row of n cells; sets pr->error when it is not one. */
static void
vt_state_get_cells(struct preader *pr, struct cell *cells, unsigned int n)
{
	struct cell	style = CELL_BLANK;
	uint32_t	cps[UTF8_MAX_CPS], v, count;
	unsigned int	x = 0, k, j;

	while (x < n && !pr->error) {
		count = vt_state_get_varint(pr);
		style.fg = pr_u32(pr);
		style.bg = pr_u32(pr);
		style.attr = pr_u16(pr);
		style.flags = cell_ul_intern(pr_u32(pr));
		style.link = vt_state_get_link(pr);
		if (count == 0 || count > n - x) {
			pr->error = 1;
			break;
		}
		for (; count > 0 && !pr->error; count--, x++) {
			cells[x] = style;
			v = vt_state_get_varint(pr);
			if ((v & 3) != 3) {
				cells[x].ch = v >> 2;
				cells[x].width = v & 3;
				if (cells[x].ch > 0x10ffff)
					pr->error = 1;
				continue;
			}
			k = v >> 2;
			cells[x].width = pr_u8(pr);
			if (k == 0 || k > UTF8_MAX_CPS || cells[x].width > 2) {
				pr->error = 1;
				break;
			}
			/* Written last first. */
			for (j = k; j-- > 0;) {
				cps[j] = vt_state_get_varint(pr);
				if (cps[j] > 0x10ffff)
					pr->error = 1;
			}
			cells[x].ch = pr->error ? ' ' : utf8_intern(cps, k);
		}
	}
}

/* Write a grid line. */
static void
vt_state_put_line(struct pbuf *pb, const struct grid *g, unsigned int y)
{
	const struct grid_line	*gl = g->lines[y];

	pw_u32(pb, gl->flags & GRID_LINE_WRAPPED);
	pw_u32(pb, gl->used);
	if (gl->cells == g->blank) {
		pw_u8(pb, 1);
		return;
	}
	pw_u8(pb, 0);
	vt_state_put_cells(pb, gl->cells, g->cols);
}

/* Read a grid line into line y of g. */
static void
vt_state_get_line(struct preader *pr, struct grid *g, unsigned int y)
{
	struct grid_line	*gl;
	uint32_t		 flags, used;

	flags = pr_u32(pr);
	used = pr_u32(pr);
	if (used > g->cols || (flags & ~GRID_LINE_WRAPPED) != 0)
		pr->error = 1;
	if (pr_u8(pr) == 0) {
		gl = grid_line_write(g, y);
		if (!pr->error)
			vt_state_get_cells(pr, gl->cells, g->cols);
	} else
		gl = g->lines[y];
	if (pr->error)
		return;
	gl->flags = flags | GRID_LINE_DIRTY;
	gl->used = used;
}

void
vt_state_write(struct vt *vt, struct pbuf *pb, uint32_t version)
{
	struct history		*h = vt->hist;
	struct vt_cursor	 cur;
	char			*pending;
	size_t			 len;
	unsigned int		 i, n, y;

	vt_cursor(vt, &cur);
	pw_u32(pb, vt->cols);
	pw_u32(pb, vt->rows);
	pw_u32(pb, history_limit(h));
	pw_u32(pb, cur.x);
	pw_u32(pb, cur.y);
	pw_u8(pb, vt->visible);
	pw_u8(pb, vt->blink);
	pw_u8(pb, vt->shape);
	pw_u32(pb, vt->modes);
	pw_u32(pb, vt->dec);
	pw_u8(pb, vt->mouse_enc);
	pw_u32(pb, (uint32_t)vt->top);
	pw_u32(pb, (uint32_t)vt->bottom);
	pw_u32(pb, (uint32_t)vt->left);
	pw_u32(pb, (uint32_t)vt->right);
	for (i = 0; i < 4; i++)
		pw_u8(pb, vt->gset[i]);
	pw_u8(pb, vt->gl);
	pw_u8(pb, vt->irm);
	pw_u8(pb, vt->no_altscreen);
	pw_u8(pb, vt->no_scroll_clear);
	vt_state_put_cell(pb, &vt->pen_cell);
	pw_u16(pb, vt->extra);
	pw_u16(pb, vt->saved_extra);
	pw_u16(pb, vt->alt_saved_extra);
	pw_u32(pb, vt->ul);
	pw_u32(pb, vt->saved_ul);
	pw_u32(pb, vt->alt_saved_ul);
	pw_u32(pb, (uint32_t)vt->primary_cx);
	pw_u32(pb, (uint32_t)vt->primary_cy);
	pw_u8(pb, vt->primary_fix);
	pw_u8(pb, vt->edge_glyph && vt->edge_wrap &&
	    vt->edge_row == (int)cur.y && vt->edge_col == (int)cur.x);
	pw_str(pb, vt->title);
	pw_u8(pb, vt->palette != NULL);
	if (vt->palette != NULL) {
		for (i = 0; i < 256; i++)
			pw_u32(pb, vt->palette->idx[i]);
		pw_u32(pb, vt->palette->fg);
		pw_u32(pb, vt->palette->bg);
		pw_u32(pb, vt->palette->cursor);
	}
	pw_u8(pb, vt->tabs != NULL);
	if (vt->tabs != NULL)
		pw_bytes(pb, vt->tabs, vt->cols);
	pw_u8(pb, vt->sc_valid);
	pw_u32(pb, vt->sc_x);
	pw_u32(pb, vt->sc_y);
	vt_state_put_cell(pb, &vt->sc_pen);
	pw_u8(pb, vt->sc_visible);
	pw_u8(pb, vt->sc_blink);
	pw_u8(pb, vt->sc_shape);
	for (i = 0; i < 4; i++)
		pw_u8(pb, vt->saved_gset[i]);
	pw_u8(pb, vt->saved_gl);
	pending = vt_pending(vt, &len);
	pw_strn(pb, pending != NULL ? pending : "", len);
	free(pending);

	vt_state_put_history(pb, h);
	for (y = 0; y < vt->rows; y++)
		vt_state_put_line(pb, vt->primary, y);
	if (vt->alternate != NULL && vt->grid == vt->alternate) {
		for (y = 0; y < vt->rows; y++)
			vt_state_put_line(pb, vt->alternate, y);
	}
	if (version < 3)
		return;
	for (i = 0; i < 2; i++) {
		pw_u8(pb, vt->kitty[i].flags);
		pw_u8(pb, (uint8_t)vt->kitty[i].depth);
		for (n = 0; n < vt->kitty[i].depth; n++)
			pw_u8(pb, vt->kitty[i].stack[n]);
	}
	pw_str(pb, vt->path);
	pw_u8(pb, vt->vt52 != 0);
}

/* The version 3 part of the record into saved (its path into *path). */
static void
vt_state_get_tail(struct preader *pr, struct vt *saved, char **path)
{
	unsigned int	i, n;

	for (i = 0; i < 2; i++) {
		saved->kitty[i].flags = pr_u8(pr);
		saved->kitty[i].depth = pr_u8(pr);
		if (saved->kitty[i].flags & ~VT_KITTY_MASK ||
		    saved->kitty[i].depth > VT_KITTY_STACK) {
			pr->error = 1;
			return;
		}
		for (n = 0; n < saved->kitty[i].depth; n++) {
			saved->kitty[i].stack[n] = pr_u8(pr);
			if (saved->kitty[i].stack[n] & ~VT_KITTY_MASK)
				pr->error = 1;
		}
	}
	*path = pr_str(pr);
	saved->vt52 = pr_u8(pr);
	if (*path == NULL || saved->vt52 > 1)
		pr->error = 1;
}

void
vt_state_put_history(struct pbuf *pb, const struct history *h)
{
	struct cell	*cells;
	unsigned int	 i, n, nh = history_size(h), size = 80;
	int		 wrapped;

	pw_u32(pb, nh);
	cells = xreallocarray(NULL, size, sizeof *cells);
	for (i = 0; i < nh; i++) {
		/* A line may be wider than the last (it was pushed before a
		 * resize): ask again with room for all of it. */
		n = history_get(h, i, cells, size, &wrapped);
		if (n > size) {
			size = n;
			cells = xreallocarray(cells, size, sizeof *cells);
			n = history_get(h, i, cells, size, &wrapped);
		}
		pw_u8(pb, wrapped != 0);
		pw_u32(pb, n);
		vt_state_put_cells(pb, cells, n);
	}
	free(cells);
}

int
vt_state_get_history(struct preader *pr, struct history *h)
{
	struct cell	*cells = NULL;
	unsigned int	 nh, i, n, max = 0;
	int		 wrapped;

	nh = pr_u32(pr);
	for (i = 0; i < nh && !pr->error; i++) {
		wrapped = pr_u8(pr);
		n = pr_u32(pr);
		if (n > VT_STATE_SIZE_MAX || n > pr->left) {
			pr->error = 1;
			break;
		}
		if (n > max) {
			cells = xreallocarray(cells, n, sizeof *cells);
			max = n;
		}
		vt_state_get_cells(pr, cells, n);
		if (!pr->error)
			history_push(h, cells, n, wrapped);
	}
	free(cells);
	return (pr->error ? -1 : 0);
}

/* Append printf text to the replay. */
static void
vt_state_add(struct pbuf *seq, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void
vt_state_add(struct pbuf *seq, const char *fmt, ...)
{
	char	buf[256];
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		pw_bytes(seq, buf, (size_t)n < sizeof buf ? (size_t)n :
		    sizeof buf - 1);
}

/* Move the cursor to (x, y) of the screen, as CUP must say it with the
 * origin mode the replay has set. */
static void
vt_state_cup(struct pbuf *seq, int origin, int top, int left, unsigned int x,
    unsigned int y)
{
	int	row = (int)y, col = (int)x;

	if (origin) {
		row -= top;
		col -= left;
	}
	vt_state_add(seq, "\033[%d;%dH", (row < 0 ? 0 : row) + 1,
	    (col < 0 ? 0 : col) + 1);
}

/* The modes and settings libvterm must hold, as sequences. */
static void
vt_state_replay(struct pbuf *seq, const struct vt *saved, int modes)
{
	static const char	 designate[] = "()*+";
	unsigned int		 i;

	if (saved->tabs != NULL) {
		vt_state_add(seq, "\033[3g");
		for (i = 0; i < saved->cols; i++) {
			if (saved->tabs[i])
				vt_state_add(seq, "\033[1;%uH\033H", i + 1);
		}
	}
	if (saved->top != 0 || saved->bottom != -1)
		vt_state_add(seq, "\033[%d;%dr", saved->top + 1,
		    (saved->bottom < 0 ? (int)saved->rows : saved->bottom + 1));
	if (saved->dec & VT_DEC_LRMM) {
		vt_state_add(seq, "\033[?69h");
		if (saved->left != 0 || saved->right != -1)
			vt_state_add(seq, "\033[%d;%ds", saved->left + 1,
			    (saved->right < 0 ? (int)saved->cols :
			    saved->right + 1));
	}
	if (!(saved->dec & VT_DEC_AUTOWRAP))
		vt_state_add(seq, "\033[?7l");
	if (saved->dec & VT_DEC_REVWRAP)
		vt_state_add(seq, "\033[?45h");
	for (i = 0; i < 4; i++) {
		if (saved->gset[i] != 'B' && saved->gset[i] != 0)
			vt_state_add(seq, "\033%c%c", designate[i],
			    saved->gset[i]);
	}
	switch (saved->gl) {
	case 1:
		vt_state_add(seq, "\016");
		break;
	case 2:
		vt_state_add(seq, "\033n");
		break;
	case 3:
		vt_state_add(seq, "\033o");
		break;
	}
	if (saved->irm)
		vt_state_add(seq, "\033[4h");
	if (modes & VT_MODE_APPCURSOR)
		vt_state_add(seq, "\033[?1h");
	if (modes & VT_MODE_APPKEYPAD)
		vt_state_add(seq, "\033=");
	if (modes & VT_MODE_BRACKETPASTE)
		vt_state_add(seq, "\033[?2004h");
	if (modes & VT_MODE_FOCUS)
		vt_state_add(seq, "\033[?1004h");
	if (modes & VT_MODE_MOUSE_CLICK)
		vt_state_add(seq, "\033[?1000h");
	if (modes & VT_MODE_MOUSE_DRAG)
		vt_state_add(seq, "\033[?1002h");
	if (modes & VT_MODE_MOUSE_MOVE)
		vt_state_add(seq, "\033[?1003h");
	if (saved->mouse_enc != 0)
		vt_state_add(seq, "\033[?%dh", saved->mouse_enc == 1 ? 1005 :
		    (saved->mouse_enc == 2 ? 1006 : 1015));
	if (modes & VT_MODE_REVERSE)
		vt_state_add(seq, "\033[?5h");
	if (modes & VT_MODE_KEYS2)
		vt_state_add(seq, "\033[>4;2m");
	else if (modes & VT_MODE_KEYS1)
		vt_state_add(seq, "\033[>4;1m");
	if (!saved->visible)
		vt_state_add(seq, "\033[?25l");
	if (saved->shape != VT_CURSOR_DEFAULT)
		vt_state_add(seq, "\033[%d q", saved->shape * 2 -
		    (saved->blink ? 1 : 0));
	else if (saved->blink)
		vt_state_add(seq, "\033[?12h");
	if (saved->dec & VT_DEC_ORIGIN)
		vt_state_add(seq, "\033[?6h");
}

/* What of the state the replay should have set differs in vt (NULL:
 * nothing). */
static const char *
vt_state_differs(const struct vt *vt, const struct vt *saved, int modes,
    const struct cell *pen)
{
	if ((vt->modes & ~VT_MODE_SYNC) != (modes & ~VT_MODE_SYNC))
		return ("modes");
	if (vt->dec != saved->dec)
		return ("DEC modes");
	if (vt->top != saved->top || vt->bottom != saved->bottom ||
	    vt->left != saved->left || vt->right != saved->right)
		return ("scroll region or margins");
	if (vt->gl != saved->gl ||
	    memcmp(vt->gset, saved->gset, sizeof vt->gset) != 0)
		return ("character sets");
	if (vt->mouse_enc != saved->mouse_enc)
		return ("mouse encoding");
	if ((vt->tabs == NULL) != (saved->tabs == NULL) ||
	    (vt->tabs != NULL && memcmp(vt->tabs, saved->tabs,
	    saved->cols) != 0))
		return ("tab stops");
	if (vt->sc_valid != saved->sc_valid || (saved->sc_valid &&
	    (vt->sc_x != saved->sc_x || vt->sc_y != saved->sc_y ||
	    !cell_equal(&vt->sc_pen, &saved->sc_pen))))
		return ("saved cursor");
	if (!cell_equal(&vt->pen_cell, pen))
		return ("pen");
	return (NULL);
}

struct vt *
vt_state_read(struct preader *pr, uint32_t version,
    const struct vt_callbacks *cb, void *arg, char **cause)
{
	struct vt		 saved, *vt;
	struct vt_palette	 palette;
	struct vt_cursor	 cur, now;
	struct cell		 pen, edge;
	struct pbuf		 seq;
	char			*pending = NULL, *title = NULL, sgr[SGR_MAX];
	char			*path = NULL;
	const char		*what;
	char			 text[UTF8_MAX_BYTES];
	unsigned int		 hlimit, i, y, x;
	int			 has_palette, edge_pending, modes;
	size_t			 len;

	memset(&saved, 0, sizeof saved);
	saved.cols = pr_u32(pr);
	saved.rows = pr_u32(pr);
	hlimit = pr_u32(pr);
	cur.x = pr_u32(pr);
	cur.y = pr_u32(pr);
	saved.visible = pr_u8(pr);
	saved.blink = pr_u8(pr);
	saved.shape = pr_u8(pr);
	modes = (int)pr_u32(pr);
	saved.dec = (int)pr_u32(pr);
	saved.mouse_enc = pr_u8(pr);
	saved.top = (int)pr_u32(pr);
	saved.bottom = (int)pr_u32(pr);
	saved.left = (int)pr_u32(pr);
	saved.right = (int)pr_u32(pr);
	for (i = 0; i < 4; i++)
		saved.gset[i] = pr_u8(pr);
	saved.gl = pr_u8(pr);
	saved.irm = pr_u8(pr);
	saved.no_altscreen = pr_u8(pr);
	saved.no_scroll_clear = pr_u8(pr);
	vt_state_get_cell(pr, &pen);
	saved.extra = pr_u16(pr);
	saved.saved_extra = pr_u16(pr);
	saved.alt_saved_extra = pr_u16(pr);
	saved.ul = pr_u32(pr);
	saved.saved_ul = pr_u32(pr);
	saved.alt_saved_ul = pr_u32(pr);
	saved.primary_cx = (int)pr_u32(pr);
	saved.primary_cy = (int)pr_u32(pr);
	saved.primary_fix = pr_u8(pr);
	edge_pending = pr_u8(pr);
	if ((title = pr_str(pr)) == NULL)
		pr->error = 1;
	has_palette = pr_u8(pr);
	if (has_palette) {
		for (i = 0; i < 256; i++)
			palette.idx[i] = pr_u32(pr);
		palette.fg = pr_u32(pr);
		palette.bg = pr_u32(pr);
		palette.cursor = pr_u32(pr);
	}
	if (pr_u8(pr) != 0) {
		if (saved.cols > VT_STATE_SIZE_MAX || saved.cols > pr->left) {
			pr->error = 1;
		} else {
			saved.tabs = xmalloc(saved.cols);
			memcpy(saved.tabs, pr_bytes(pr, saved.cols), saved.cols);
			for (i = 0; i < saved.cols; i++)
				saved.tabs[i] = saved.tabs[i] != 0;
		}
	}
	saved.sc_valid = pr_u8(pr);
	saved.sc_x = pr_u32(pr);
	saved.sc_y = pr_u32(pr);
	vt_state_get_cell(pr, &saved.sc_pen);
	saved.sc_visible = pr_u8(pr);
	saved.sc_blink = pr_u8(pr);
	saved.sc_shape = pr_u8(pr);
	for (i = 0; i < 4; i++)
		saved.saved_gset[i] = pr_u8(pr);
	saved.saved_gl = pr_u8(pr);
	len = pr_u32(pr);
	pending = xmalloc(len + 1);
	if (!pr->error && len <= VT_SEQ_MAX && len <= pr->left)
		memcpy(pending, pr_bytes(pr, len), len);
	else
		pr->error = 1;
	if (pr->error || saved.cols == 0 || saved.rows == 0 ||
	    saved.cols > VT_STATE_SIZE_MAX || saved.rows > VT_STATE_SIZE_MAX ||
	    cur.x >= saved.cols || cur.y >= saved.rows ||
	    saved.shape > VT_CURSOR_BAR || saved.mouse_enc > 3 ||
	    saved.top < 0 || saved.top >= (int)saved.rows ||
	    saved.bottom < -1 || saved.bottom >= (int)saved.rows ||
	    saved.left < 0 || saved.left >= (int)saved.cols ||
	    saved.right < -1 || saved.right >= (int)saved.cols ||
	    saved.gl > 3 || saved.primary_cx < 0 || saved.primary_cy < 0 ||
	    saved.primary_cx >= (int)saved.cols ||
	    saved.primary_cy >= (int)saved.rows ||
	    saved.sc_x >= saved.cols || saved.sc_y >= saved.rows ||
	    saved.sc_shape > VT_CURSOR_BAR || saved.saved_gl > 3) {
		*cause = xstrdup("bad terminal state");
		free(saved.tabs);
		free(title);
		free(pending);
		return (NULL);
	}
	for (i = 0; i < 4; i++) {
		if (strchr("0AB", saved.gset[i]) == NULL ||
		    saved.gset[i] == '\0')
			saved.gset[i] = 'B';
		if (strchr("0AB", saved.saved_gset[i]) == NULL ||
		    saved.saved_gset[i] == '\0')
			saved.saved_gset[i] = 'B';
	}

	vt = vt_create(saved.cols, saved.rows, hlimit, cb, arg);
	vt_state_get_history(pr, vt->hist);
	for (y = 0; y < saved.rows && !pr->error; y++)
		vt_state_get_line(pr, vt->primary, y);
	if (pr->error) {
		*cause = xstrdup("bad screen or history");
		goto fail;
	}

	/* The replay: first the alternate screen (libvterm saves the primary
	 * cursor as it goes there), then the modes and the cursor. */
	pbuf_init(&seq);
	if (saved.sc_valid || (modes & VT_MODE_ALTSCREEN)) {
		/* libvterm's saved cursor: the cursor, pen and cursor modes
		 * put as they were, then saved (by going to the alternate
		 * screen, which saves, or by DECSC). */
		if (saved.sc_valid) {
			vt_state_cup(&seq, 0, 0, 0, saved.sc_x, saved.sc_y);
			pw_bytes(&seq, sgr, sgr_change(sgr, &CELL_BLANK,
			    &saved.sc_pen));
			if (!saved.sc_visible)
				vt_state_add(&seq, "\033[?25l");
			if (saved.sc_shape != VT_CURSOR_DEFAULT)
				vt_state_add(&seq, "\033[%d q",
				    saved.sc_shape * 2 - (saved.sc_blink ? 1 :
				    0));
			else if (saved.sc_blink)
				vt_state_add(&seq, "\033[?12h");
		}
		vt_state_add(&seq, (modes & VT_MODE_ALTSCREEN) ?
		    "\033[?1049h" : "\0337");
		/* Back to the defaults the rest of the replay starts from. */
		vt_state_add(&seq, "\033[m\033[?25h\033[0 q\033[?12l");
		vt_write(vt, (char *)seq.data, seq.len);
		pbuf_reset(&seq);
	}
	if (modes & VT_MODE_ALTSCREEN) {
		if (vt->alternate == NULL) {
			*cause = xstrdup("alternate screen not restored");
			pbuf_free(&seq);
			goto fail;
		}
		for (y = 0; y < saved.rows && !pr->error; y++)
			vt_state_get_line(pr, vt->alternate, y);
		if (pr->error) {
			*cause = xstrdup("bad alternate screen");
			pbuf_free(&seq);
			goto fail;
		}
	}
	if (version >= 3) {
		vt_state_get_tail(pr, &saved, &path);
		if (pr->error) {
			*cause = xstrdup("bad terminal state");
			pbuf_free(&seq);
			goto fail;
		}
	}
	vt_state_replay(&seq, &saved, modes);
	if (edge_pending && !saved.irm) {
		/* Write the cursor's cell again (with autowrap on, as it was
		 * for it): libvterm then waits to wrap after it, as it did. */
		x = cur.x;
		edge = *grid_get_cell(vt->grid, x, cur.y);
		if (edge.width == 0 && x > 0)
			edge = *grid_get_cell(vt->grid, --x, cur.y);
		vt_state_cup(&seq, saved.dec & VT_DEC_ORIGIN, saved.top,
		    saved.left, x, cur.y);
		if (!(saved.dec & VT_DEC_AUTOWRAP))
			vt_state_add(&seq, "\033[?7h");
		pw_bytes(&seq, sgr, sgr_change(sgr, &CELL_BLANK, &edge));
		pw_bytes(&seq, text, utf8_char_to_utf8(edge.ch, text));
		pw_bytes(&seq, "\033[0m", 4);
		if (!(saved.dec & VT_DEC_AUTOWRAP))
			vt_state_add(&seq, "\033[?7l");
	} else
		vt_state_cup(&seq, saved.dec & VT_DEC_ORIGIN, saved.top,
		    saved.left, cur.x, cur.y);
	pw_bytes(&seq, sgr, sgr_change(sgr, &CELL_BLANK, &pen));
	vt_write(vt, (char *)seq.data, seq.len);
	pbuf_free(&seq);
	/* The link a program has open (OSC 8) is the scanner's alone. */
	vt->link_id = pen.link;
	vt_update_pen(vt);

	/* The replay must have brought the scanner and libvterm to the
	 * state written: if not, the load fails (and the dry run with it). */
	vt_cursor(vt, &now);
	if (now.x != cur.x || now.y != cur.y) {
		*cause = xasprintf("cursor %u,%u replayed as %u,%u", cur.x,
		    cur.y, now.x, now.y);
		goto fail;
	}
	if ((what = vt_state_differs(vt, &saved, modes, &pen)) != NULL) {
		*cause = xasprintf("terminal state not replayed: %s", what);
		goto fail;
	}

	/* What libvterm does not keep. */
	vt->visible = saved.visible;
	vt->blink = saved.blink;
	vt->shape = saved.shape;
	vt->no_altscreen = saved.no_altscreen;
	vt->no_scroll_clear = saved.no_scroll_clear;
	vt->extra = saved.extra;
	vt->saved_extra = saved.saved_extra;
	vt->alt_saved_extra = saved.alt_saved_extra;
	vt->saved_ul = saved.saved_ul;
	vt->alt_saved_ul = saved.alt_saved_ul;
	vt->primary_cx = saved.primary_cx;
	vt->primary_cy = saved.primary_cy;
	vt->primary_fix = saved.primary_fix;
	memcpy(vt->saved_gset, saved.saved_gset, sizeof vt->saved_gset);
	vt->saved_gl = saved.saved_gl;
	/* An open synchronized update is not carried: its frames show. */
	vt->modes &= ~VT_MODE_SYNC;
	free(vt->title);
	vt->title = title;
	title = NULL;
	memcpy(vt->kitty, saved.kitty, sizeof vt->kitty);
	if (path != NULL) {
		free(vt->path);
		vt->path = path;
		path = NULL;
	}
	/* VT52 last but for the unfinished sequence, which may be one. */
	vt->vt52 = saved.vt52;
	if (has_palette) {
		if (vt->palette == NULL)
			vt->palette = xmalloc(sizeof *vt->palette);
		*vt->palette = palette;
	}
	if (len != 0)
		vt_write(vt, pending, len);
	free(pending);
	free(saved.tabs);
	grid_dirty_all(vt->grid);
	vt->gen++;
	return (vt);

fail:
	free(saved.tabs);
	free(title);
	free(path);
	free(pending);
	vt_free(vt);
	return (NULL);
}
