/*
 * capture-pane (capturep): print a pane's text (-p) from its history and
 * screen. -S and -E give the first and last line (0 is the top of the
 * screen, negative numbers reach into history, "-" means the very start
 * or end); -J joins wrapped lines and keeps trailing spaces, -N keeps
 * trailing spaces.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "server/paste.h"
#include "server/window.h"

static enum cmd_retval	cmd_capture_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_capture_pane_entry = {
	.name = "capture-pane",
	.alias = "capturep",
	.args = { "b:E:JNpqS:t:", 0, 0 },
	.usage = "[-JNpq] [-b buffer-name] [-E end-line] [-S start-line] "
	    "[-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_capture_pane_exec,
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

/* Append the text of ncells cells to pb. */
static void
cmd_capture_cells(struct pbuf *pb, const struct cell *cells,
    unsigned int ncells, int keep_trailing)
{
	char		text[UTF8_MAX_BYTES];
	unsigned int	x, last = ncells;
	size_t		len;

	if (!keep_trailing) {
		while (last > 0 && cells[last - 1].ch == ' ' &&
		    cells[last - 1].width == 1)
			last--;
	}
	for (x = 0; x < last; x++) {
		if (cells[x].width == 0)
			continue;
		len = utf8_char_to_utf8(cells[x].ch, text);
		pw_bytes(pb, text, len);
	}
}

static enum cmd_retval
cmd_capture_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*p = item->target.p;
	struct history		*h;
	const struct grid_line	*gl;
	struct cell		*cells;
	struct pbuf		 pb;
	unsigned int		 cols, rows, hsize, n;
	long			 start, end, y;
	int			 wrapped = 0, join = args_has(args, 'J');
	int			 keep = join || args_has(args, 'N');

	if (p == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	h = vt_history(p->vt);
	hsize = history_size(h);
	cols = vt_cols(p->vt);
	rows = vt_rows(p->vt);
	if (cmd_capture_line(item, args_get(args, 'S'), 0, -(long)hsize,
	    -(long)hsize, rows - 1, &start) != 0 ||
	    cmd_capture_line(item, args_get(args, 'E'), rows - 1, rows - 1,
	    -(long)hsize, rows - 1, &end) != 0)
		return (CMD_RETURN_ERROR);
	if (end < start)
		end = start;

	pbuf_init(&pb);
	cells = xreallocarray(NULL, cols > 0 ? cols : 1, sizeof *cells);
	for (y = start; y <= end; y++) {
		if (y < 0) {
			struct cell	*hcells;
			unsigned int	 width;

			width = history_get(h, hsize + y, NULL, 0, &wrapped);
			hcells = xreallocarray(NULL, width + 1,
			    sizeof *hcells);
			n = history_get(h, hsize + y, hcells, width, &wrapped);
			cmd_capture_cells(&pb, hcells, n, keep);
			free(hcells);
		} else {
			gl = vt_line(p->vt, y);
			wrapped = (gl->flags & GRID_LINE_WRAPPED) != 0;
			cmd_capture_cells(&pb, gl->cells, cols,
			    keep || (join && wrapped));
		}
		if (!(join && wrapped) || y == end)
			pw_u8(&pb, '\n');
	}
	free(cells);
	if (args_has(args, 'p')) {
		if (pb.len != 0)
			pw_bytes(&cmdq_root(item)->out, pb.data, pb.len);
	} else if (args_has(args, 'b'))
		paste_set(args_get(args, 'b'), pb.len != 0 ?
		    (char *)pb.data : "", pb.len);
	else
		paste_add(pb.len != 0 ? (char *)pb.data : "", pb.len);
	pbuf_free(&pb);
	return (CMD_RETURN_NORMAL);
}
