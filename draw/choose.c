/*
 * The choose-tree previews (see choose.h), laid out as tmux 3.3a's
 * window-tree.c lays them out: the box's width is shared by the panes or
 * windows shown (each gets its share less one column for the line after
 * it; the last one the rest), three columns at a side with more hidden
 * hold "<" or ">" at the middle row and a line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "draw/choose.h"
#include "model/client.h"
#include "model/options.h"
#include "model/session.h"
#include "draw/status.h"
#include "draw/style-draw.h"
#include "model/style.h"
#include "model/window.h"

#define CHOOSE_EACH_MIN	24	/* columns a preview wants */

/* A cell of the default colours holding code point ch. */
static struct cell
choose_cell(uint32_t ch)
{
	struct cell	c = CELL_BLANK;

	c.ch = ch;
	return (c);
}

void
choose_preview_pane(struct pane *p, struct cell *cells, unsigned int stride,
    unsigned int x0, unsigned int y0, unsigned int sx, unsigned int sy)
{
	const struct grid_line	*gl;
	const struct cell	*src;
	struct vt_cursor	 cur;
	struct cell		 blank = CELL_BLANK, c;
	unsigned int		 px = 0, py = 0, x, y, w, h;

	w = vt_cols(p->vt);	/* its lines, as wide as its screen */
	h = vt_rows(p->vt);
	vt_cursor(p->vt, &cur);
	if (cur.visible) {
		/* Around the cursor, kept inside the screen. */
		px = cur.x < sx / 3 ? 0 : cur.x - sx / 3;
		if (px + sx > w)
			px = sx > w ? 0 : w - sx;
		py = cur.y < sy / 3 ? 0 : cur.y - sy / 3;
		if (py + sy > h)
			py = sy > h ? 0 : h - sy;
	}
	for (y = 0; y < sy && py + y < h; y++) {
		if ((gl = vt_line(p->vt, py + y)) == NULL)
			continue;
		/* Every cell: those past what was written are blank. */
		for (x = 0; x < sx && px + x < w; x++) {
			src = &gl->cells[px + x];
			if (src->width == 2 && x + 2 > sx)
				break;	/* a wide character cut by the edge */
			c = *src;
			if (x == 0 && c.width == CELL_WIDE_RIGHT)
				c = blank;	/* half of one cut at the left */
			cells[(y0 + y) * stride + x0 + x] = c;
		}
	}
	if (cur.visible && cur.x >= px && cur.x - px < sx && cur.y >= py &&
	    cur.y - py < sy && (gl = vt_line(p->vt, cur.y)) != NULL &&
	    cur.x < w) {
		c = gl->cells[cur.x];
		if (c.width == CELL_WIDE_RIGHT)
			c = blank;
		c.attr |= ATTR_REVERSE;
		cells[(y0 + cur.y - py) * stride + x0 + cur.x - px] = c;
	}
}

/* The colour of a label: display-panes-active-colour for the current
 * window or active pane, else display-panes-colour (s's, as tmux). */
static uint32_t
choose_colour(struct session *s, int active)
{
	struct cell	 c = CELL_BLANK;
	char		*style;

	style = xasprintf("fg=%s", options_get_string(s->options, active ?
	    "display-panes-active-colour" : "display-panes-colour"));
	style_apply(&c, style);
	free(style);
	return (c.fg);
}

/* A line down column x of the block. */
static void
choose_vline(struct cell *cells, unsigned int sx, unsigned int sy,
    unsigned int x)
{
	unsigned int	y;

	if (x >= sx)
		return;
	for (y = 0; y < sy; y++)
		cells[y * sx + x] = choose_cell(0x2502);
}

/* The label of a preview (px wide at column x0): a box around it in the
 * middle, its text in colour fg, as tmux's window_tree_draw_label. A label
 * too wide keeps its left. */
static void
choose_label(struct cell *cells, unsigned int stride, unsigned int sy,
    unsigned int x0, unsigned int px, const char *label, uint32_t fg)
{
	struct cell	 base = CELL_BLANK;
	unsigned int	 width, ox, oy, x, bx;
	char		*text;
	size_t		 len;

	if (px < 5 || sy < 3)
		return;
	text = xstrdup(label);
	len = strlen(text);
	while ((width = utf8_str_width(text)) > px - 4 && len > 0) {
		while (len > 0 && (text[--len] & 0xc0) == 0x80)
			;
		text[len] = '\0';
	}
	if (width == 0) {
		free(text);
		return;
	}
	ox = (px - width + 1) / 2;
	oy = (sy + 1) / 2;
	bx = x0 + ox - 2;
	base.fg = fg;
	for (x = 0; x < width + 4; x++) {
		cells[(oy - 1) * stride + bx + x] = choose_cell(x == 0 ?
		    0x250c : x == width + 3 ? 0x2510 : 0x2500);
		if (oy + 1 < sy) {
			cells[(oy + 1) * stride + bx + x] = choose_cell(x == 0 ?
			    0x2514 : x == width + 3 ? 0x2518 : 0x2500);
		}
		cells[oy * stride + bx + x] = x == 0 || x == width + 3 ?
		    choose_cell(0x2502) : base;
	}
	style_draw(cells + oy * stride, x0 + ox + width, x0 + ox, width, text,
	    &base, 0);
	free(text);
}

/*
 * Lay out total previews, the current one shown, in sx columns: which are
 * shown (*start to *end), their width (*each, the last getting *rest
 * more), and whether the arrows show. *offset is clamped.
 */
static int
choose_layout(unsigned int total, unsigned int current, unsigned int sx,
    int *offset, unsigned int *start, unsigned int *end, unsigned int *each,
    unsigned int *rest, int *left, int *right)
{
	unsigned int	visible, room;

	if (total == 0)
		return (-1);
	if (sx / total < CHOOSE_EACH_MIN) {
		visible = sx / CHOOSE_EACH_MIN;
		if (visible == 0)
			visible = 1;
	} else
		visible = total;
	if (current < visible) {
		*start = 0;
		*end = visible;
	} else if (current >= total - visible) {
		*start = total - visible;
		*end = total;
	} else {
		*start = current - visible / 2;
		*end = *start + visible;
	}
	if (*offset < -(int)*start)
		*offset = -(int)*start;
	if (*offset > (int)(total - *end))
		*offset = (int)(total - *end);
	*start += *offset;
	*end += *offset;
	*left = (*start != 0);
	*right = (*end != total);
	if ((*left && *right && sx <= 6) || ((*left || *right) && sx <= 3))
		*left = *right = 0;
	room = sx - (*left ? 3 : 0) - (*right ? 3 : 0);
	*each = room / visible;
	*rest = room - visible * *each;
	return (*each == 0 ? -1 : 0);
}

/* The arrows and their lines. */
static void
choose_arrows(struct cell *cells, unsigned int sx, unsigned int sy,
    int left, int right)
{
	if (left) {
		choose_vline(cells, sx, sy, 2);
		cells[(sy / 2) * sx] = choose_cell('<');
	}
	if (right) {
		choose_vline(cells, sx, sy, sx - 3);
		cells[(sy / 2) * sx + sx - 1] = choose_cell('>');
	}
}

/* Start a strip of total previews (the current one shown) in cells:
 * which show and how wide (layout, with *rest more for the last), and
 * the arrows. Returns -1 when there is nothing to draw. */
static int
choose_strip(unsigned int total, unsigned int current, int *offset,
    struct choose_layout *layout, unsigned int *rest, struct cell *cells,
    unsigned int sx, unsigned int sy)
{
	unsigned int	start, end, each;
	int		left, right;

	memset(layout, 0, sizeof *layout);
	layout->left = layout->right = -1;
	if (choose_layout(total, current, sx, offset, &start, &end, &each,
	    rest, &left, &right) != 0)
		return (-1);
	choose_arrows(cells, sx, sy, left, right);
	layout->left = left ? 2 : -1;
	layout->right = right ? (int)sx - 3 : -1;
	layout->start = start;
	layout->end = end;
	layout->each = each;
	return (0);
}

/* Preview n of a strip (n from layout->start): pane p (if any) in its
 * box, label under it, a line after it unless it is the last. */
static void
choose_strip_item(const struct choose_layout *layout, unsigned int rest,
    unsigned int n, struct pane *p, const char *label, uint32_t fg,
    struct cell *cells, unsigned int sx, unsigned int sy)
{
	unsigned int	x, width;
	int		last = (n + 1 == layout->end);

	x = (layout->left != -1 ? 3 : 0) + (n - layout->start) * layout->each;
	width = last ? layout->each + rest : layout->each - 1;
	if (p != NULL)
		choose_preview_pane(p, cells, sx, x, 0, width, sy);
	choose_label(cells, sx, sy, x, last ? width : layout->each, label, fg);
	if (!last)
		choose_vline(cells, sx, sy, x + width);
}

void
choose_preview_session(struct session *s, int *offset,
    struct choose_layout *layout, struct cell *cells, unsigned int sx,
    unsigned int sy)
{
	struct winlink	*wl;
	unsigned int	 total = 0, current = 0, rest, n = 0;
	char		*label;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl == s->curw)
			current = total;
		total++;
	}
	if (choose_strip(total, current, offset, layout, &rest, cells, sx,
	    sy) != 0)
		return;
	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (n >= layout->end)
			break;
		if (n >= layout->start) {
			label = xasprintf("%d:%s", wl->idx, wl->window->name);
			choose_strip_item(layout, rest, n, wl->window->active,
			    label, choose_colour(s, wl == s->curw), cells, sx,
			    sy);
			free(label);
		}
		n++;
	}
}

void
choose_preview_window(struct winlink *wl, int *offset,
    struct choose_layout *layout, struct cell *cells, unsigned int sx,
    unsigned int sy)
{
	struct window	*w = wl->window;
	struct pane	*p;
	unsigned int	 total = 0, current = 0, rest, n = 0;
	char		*label;

	TAILQ_FOREACH(p, &w->panes, entry) {
		if (p == w->active)
			current = total;
		total++;
	}
	if (choose_strip(total, current, offset, layout, &rest, cells, sx,
	    sy) != 0)
		return;
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (n >= layout->end)
			break;
		if (n >= layout->start) {
			label = xasprintf("%u", window_pane_index(w, p));
			choose_strip_item(layout, rest, n, p, label,
			    choose_colour(wl->session, p == w->active), cells,
			    sx, sy);
			free(label);
		}
		n++;
	}
}

/* Byte ch as tmux's preview escapes it (VIS_OCTAL|VIS_CSTYLE|VIS_TAB)
 * into out (5 bytes at least); returns its length, 0 to copy it. */
static size_t
choose_escape(unsigned char ch, char *out)
{
	const char	*c = "\a\b\t\v\f\r", *l = "abtvfr";
	const char	*at;

	if (ch == '\\')
		return (snprintf(out, 5, "\\\\"));
	if (ch != '\0' && (at = strchr(c, ch)) != NULL)
		return (snprintf(out, 5, "\\%c", l[at - c]));
	if (ch < 0x20 || ch == 0x7f)
		return (snprintf(out, 5, "\\%03o", ch));
	return (0);
}

void
choose_preview_buffer(const char *data, size_t len, struct cell *cells,
    unsigned int sx, unsigned int sy)
{
	struct cell	 base = CELL_BLANK;
	const char	*end, *p;
	char		*line, esc[8];
	size_t		 n, e, size;
	unsigned int	 y;
	uint32_t	 cp;
	int		 k;

	for (y = 0; y < sy; y++) {
		end = memchr(data, '\n', len);
		n = end != NULL ? (size_t)(end - data) : len;
		size = n * 4 + 1;
		line = xmalloc(size);
		e = 0;
		for (p = data; p < data + n; ) {
			if ((unsigned char)*p >= 0x80) {
				k = utf8_decode(p, data + n - p, &cp);
				if (k > 0) {
					memcpy(line + e, p, k);
					e += k;
					p += k;
					continue;
				}
				e += snprintf(line + e, size - e, "\\%03o",
				    (unsigned char)*p++);
				continue;
			}
			if ((k = choose_escape(*p, esc)) != 0) {
				memcpy(line + e, esc, k);
				e += k;
			} else
				line[e++] = *p;
			p++;
		}
		line[e] = '\0';
		style_draw(cells + y * sx, sx, 0, sx, line, &base, 0);
		free(line);
		if (end == NULL)
			break;
		len -= n + 1;
		data = end + 1;
	}
}

void
choose_preview_client(struct client *c, struct cell *cells,
    unsigned int sx, unsigned int sy)
{
	struct session	*s = c->session;
	struct cell	*line;
	unsigned int	 lines, x, rows, top, sep, status;

	if (s == NULL || s->curw == NULL || s->curw->window->active == NULL)
		return;
	lines = session_status_lines(s);
	if (lines >= sy)
		lines = 0;
	top = strcmp(options_get_string(s->options, "status-position"),
	    "top") == 0 && lines != 0;
	rows = sy > 2 + lines ? sy - 2 - lines : 0;
	if (top) {
		status = 0;
		sep = lines + 1;
		choose_preview_pane(s->curw->window->active, cells, sx, 0,
		    lines + 2, sx, rows);
	} else {
		status = sy - lines;
		sep = sy - 1 - lines;
		choose_preview_pane(s->curw->window->active, cells, sx, 0, 0,
		    sx, rows);
	}
	for (x = 0; x < sx; x++)
		cells[sep * sx + x] = choose_cell(0x2500);
	if (lines == 0 || c->cols == 0)
		return;
	/* The status line as the client has it (drawn at its width, so
	 * what it remembers of it stays the same). */
	line = xreallocarray(NULL, c->cols, sizeof *line);
	for (x = 0; x < lines; x++) {
		status_render(c, x, line, c->cols);
		memcpy(cells + (status + x) * sx, line,
		    (sx < c->cols ? sx : c->cols) * sizeof *line);
	}
	free(line);
}
