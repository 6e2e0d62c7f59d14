/*
 * capture-pane (capturep): a pane's text from its history and screen,
 * printed (-p) or put in a paste buffer (-b, else a new one).
 *
 * -S and -E give the first and last line: 0 is the top of the screen,
 * negative numbers reach into history, "-" is the very start or end.
 * -J joins wrapped lines and keeps trailing spaces, -N keeps trailing
 * spaces. -e adds SGR sequences for colours and attributes where the
 * style changes, written as tmux 3.3a writes them (grid/sgr.c,
 * sgr_change_parts): a style runs on into the next line, nothing resets
 * it at the end, and trailing blanks go even when they have a style,
 * though the change to their style is written (a line of yellow blanks
 * is its sequence alone); blanks never written (default style) at the
 * end of a line write nothing. Beyond tmux 3.3a (which keeps no
 * hyperlinks), -e also writes each cell's hyperlink as OSC 8 where it
 * changes, and ends an open one at the end of each line. -C writes non-printable bytes (ESC of
 * those sequences included) as octal \ooo and a backslash as \\.
 *
 * -a reads the primary screen that a program on the alternate screen
 * hides (tmux's "alternate" screen is the saved one): no history, an
 * error if there is none, unless -q. -P takes instead the start of an
 * escape sequence the pane's program has not finished, with -C every
 * byte that is not printable ASCII (and backslash) in octal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/sgr.h"
#include "grid/vt.h"
#include "model/paste.h"
#include "model/window.h"

static enum cmd_retval	cmd_capture_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_capture_pane_entry = {
	.name = "capture-pane",
	.alias = "capturep",
	.args = { "ab:CeE:JNpPqS:t:", 0, 0 },
	.usage = "[-aCeJNpPq] [-b buffer-name] [-E end-line] [-S start-line] "
	    "[-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_capture_pane_exec,
};

/* The text being captured. */
struct capture {
	struct pbuf	pb;
	int		codes;	/* -e */
	int		escape;	/* -C */
	struct cell	pen;	/* the style so far on this output line */
};

/* Parse -S/-E: absent is dflt, "-" is dash, else a number clamped to
 * [min, max]. Returns -1 on a bad value. */
static int
cmd_capture_line(struct cmdq_item *item, const char *s, long dflt, long dash,
    long min, long max, long *out)
{
	char	*end;
	long	 n;

	if (s == NULL) {
		*out = dflt;
		return (0);
	}
	if (strcmp(s, "-") == 0) {
		*out = dash;
		return (0);
	}
	n = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0') {
		cmdq_error(item, "invalid line number: %s", s);
		return (-1);
	}
	if (n < min)
		n = min;
	if (n > max)
		n = max;
	*out = n;
	return (0);
}

/* Append bytes, with -C the control bytes in octal and '\' doubled. */
static void
cmd_capture_text(struct capture *cap, const char *s, size_t len)
{
	char		tmp[8];
	size_t		i, from = 0;
	unsigned char	c;

	if (!cap->escape) {
		pw_bytes(&cap->pb, s, len);
		return;
	}
	for (i = 0; i < len; i++) {
		c = s[i];
		if (c >= 0x20 && c != 0x7f && c != '\\')
			continue;
		pw_bytes(&cap->pb, s + from, i - from);
		if (c == '\\')
			pw_bytes(&cap->pb, "\\\\", 2);
		else {
			snprintf(tmp, sizeof tmp, "\\%03o", c);
			pw_bytes(&cap->pb, tmp, 4);
		}
		from = i + 1;
	}
	pw_bytes(&cap->pb, s + from, len - from);
}

/* With -e, change the style of what follows to that of c. */
static void
cmd_capture_style(struct capture *cap, const struct cell *c)
{
	char	buf[SGR_LINK_MAX];
	size_t	n, m;

	if (!cap->codes)
		return;
	n = sgr_change_parts(buf, &cap->pen, c);
	if (n != 0)
		cmd_capture_text(cap, buf, n);
	m = sgr_link(buf, &cap->pen, c);
	if (m != 0)
		cmd_capture_text(cap, buf, m);
	if (n != 0 || m != 0)
		cap->pen = *c;
}

/* Append the text (and with -e the styles) of ncells cells. Blanks of the
 * default style at the end past the first written columns are as if never
 * written (as tmux goes only as far as a line's cells were written, also
 * for -J and -N); unless keep_trailing, the spaces the line then ends with
 * are dropped (not the style changes among them: as tmux trims its
 * output). */
static void
cmd_capture_cells(struct capture *cap, const struct cell *cells,
    unsigned int ncells, unsigned int written, int keep_trailing)
{
	static const struct cell	blank = CELL_BLANK;
	char		text[UTF8_MAX_BYTES];
	unsigned int	x, used = ncells;
	size_t		start = cap->pb.len;

	while (used > written && cells[used - 1].ch == ' ' &&
	    cells[used - 1].width == 1 &&
	    cell_same_style(&cells[used - 1], &blank))
		used--;
	for (x = 0; x < used; x++) {
		if (cells[x].width == 0)
			continue;
		cmd_capture_style(cap, &cells[x]);
		cmd_capture_text(cap, text, utf8_char_to_utf8(cells[x].ch,
		    text));
	}
	if (!keep_trailing) {
		while (cap->pb.len > start && cap->pb.data[cap->pb.len - 1] == ' ')
			cap->pb.len--;
	}
}

/* End an output line: the style runs on, as in tmux; a hyperlink (which
 * tmux 3.3a does not keep) ends, so each line stands alone. */
static void
cmd_capture_newline(struct capture *cap)
{
	char		buf[SGR_LINK_MAX];
	struct cell	none = cap->pen;
	size_t		n;

	none.link = 0;
	if (cap->codes && (n = sgr_link(buf, &cap->pen, &none)) != 0) {
		cmd_capture_text(cap, buf, n);
		cap->pen = none;
	}
	pw_u8(&cap->pb, '\n');
}

/* Capture lines start to end (negative: history; with saved, the primary
 * screen under the alternate one). */
static void
cmd_capture_lines(struct capture *cap, struct vt *vt, long start, long end,
    int saved, int join, int keep)
{
	struct history		*h = vt_history(vt);
	const struct grid_line	*gl;
	struct cell		*hcells = NULL;
	unsigned int		 hsize = history_size(h), width, n, hmax = 0;
	long			 y;
	int			 wrapped;

	for (y = start; y <= end; y++) {
		if (y < 0) {
			width = history_get(h, hsize + y, NULL, 0, &wrapped);
			if (width > hmax) {
				hmax = width;
				hcells = xreallocarray(hcells, hmax,
				    sizeof *hcells);
			}
			n = history_get(h, hsize + y, hcells, width, &wrapped);
			/* What history kept of the line is what was written
			 * (it may have trimmed trailing blanks). */
			cmd_capture_cells(cap, hcells, n, keep ? n : 0, keep);
		} else {
			if (saved)
				gl = vt_saved_line(vt, y);
			else
				gl = vt_line(vt, y);
			wrapped = (gl->flags & GRID_LINE_WRAPPED) != 0;
			cmd_capture_cells(cap, gl->cells, vt_cols(vt),
			    gl->used, keep || (join && wrapped));
		}
		if (!(join && wrapped) || y == end)
			cmd_capture_newline(cap);
	}
	free(hcells);
}

/* -P: the unfinished escape sequence, with -C all but printable ASCII
 * in octal. */
static void
cmd_capture_pending(struct capture *cap, struct vt *vt)
{
	char		*data, tmp[8];
	size_t		 len, i;
	unsigned char	 c;

	data = vt_pending(vt, &len);
	for (i = 0; i < len; i++) {
		c = data[i];
		if (cap->escape && (c < 0x20 || c >= 0x7f || c == '\\')) {
			snprintf(tmp, sizeof tmp, "\\%03o", c);
			pw_bytes(&cap->pb, tmp, 4);
		} else
			pw_u8(&cap->pb, c);
	}
	free(data);
}

static enum cmd_retval
cmd_capture_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*p = item->target.p;
	struct capture		 cap;
	unsigned int		 rows, hsize;
	long			 start, end;
	int			 saved = args_has(args, 'a');
	int			 join = args_has(args, 'J');

	if (p == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	memset(&cap, 0, sizeof cap);
	cap.codes = args_has(args, 'e');
	cap.escape = args_has(args, 'C');
	cap.pen = CELL_BLANK;
	pbuf_init(&cap.pb);

	if (args_has(args, 'P'))
		cmd_capture_pending(&cap, p->vt);
	else if (saved && vt_saved_line(p->vt, 0) == NULL) {
		if (!args_has(args, 'q')) {
			cmdq_error(item, "no alternate screen");
			pbuf_free(&cap.pb);
			return (CMD_RETURN_ERROR);
		}
	} else {
		hsize = saved ? 0 : history_size(vt_history(p->vt));
		rows = vt_rows(p->vt);
		if (cmd_capture_line(item, args_get(args, 'S'), 0,
		    -(long)hsize, -(long)hsize, rows - 1, &start) != 0 ||
		    cmd_capture_line(item, args_get(args, 'E'), rows - 1,
		    rows - 1, -(long)hsize, rows - 1, &end) != 0) {
			pbuf_free(&cap.pb);
			return (CMD_RETURN_ERROR);
		}
		if (end < start)
			end = start;
		cmd_capture_lines(&cap, p->vt, start, end, saved, join,
		    join || args_has(args, 'N'));
	}

	if (args_has(args, 'p')) {
		/* Like tmux, the output ends with exactly one newline. */
		if (cap.pb.len == 0 || cap.pb.data[cap.pb.len - 1] != '\n')
			pw_u8(&cap.pb, '\n');
		pw_bytes(&cmdq_root(item)->out, cap.pb.data, cap.pb.len);
	} else if (cap.pb.len == 0) {
		/* Nothing to keep (-P, or -aq with no alternate screen). */
	} else if (args_has(args, 'b'))
		paste_set(args_get(args, 'b'), (char *)cap.pb.data, cap.pb.len);
	else
		paste_add((char *)cap.pb.data, cap.pb.len);
	pbuf_free(&cap.pb);
	return (CMD_RETURN_NORMAL);
}
