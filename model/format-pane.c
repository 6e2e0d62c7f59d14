/*
 * The format variables of a pane (see format-vars.c): its place, size,
 * process, screen and modes, the marked pane, and the mouse event of a
 * mouse key's command over it.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/cell.h"
#include "grid/vt.h"
#include "model/format.h"
#include "model/format-int.h"
#include "model/mouse.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/session.h"
#include "model/style.h"
#include "model/target.h"
#include "model/window.h"

static char *
fv_pane_index(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(window_pane_index(p->window, p)) : NULL);
}

static char *
fv_pane_id(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? xasprintf("%%%u", p->id) : NULL);
}

static char *
fv_pane_pid(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->pid) : NULL);
}

static char *
fv_pane_width(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->sx) : NULL);
}

static char *
fv_pane_height(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->sy) : NULL);
}

static char *
fv_pane_title(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? xstrdup(p->title) : NULL);
}

static char *
fv_pane_left(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->xoff) : NULL);
}

static char *
fv_pane_top(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->yoff) : NULL);
}

static char *
fv_pane_right(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->xoff + p->sx - 1) : NULL);
}

static char *
fv_pane_bottom(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->yoff + p->sy - 1) : NULL);
}

static char *
fv_pane_at_left(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->xoff == 0) : NULL);
}

static char *
fv_pane_at_top(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->yoff == 0) : NULL);
}

static char *
fv_pane_at_right(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->xoff + p->sx >= p->window->sx) : NULL);
}

static char *
fv_pane_at_bottom(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->yoff + p->sy >= p->window->sy) : NULL);
}

static char *
fv_pane_last(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->window->last == p) : NULL);
}

static char *
fv_pane_active(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->window->active == p) : NULL);
}

static char *
fv_pane_dead(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	/* An empty pane (split-window -I) is dead, as in tmux: it has no
	 * program. */
	return (p != NULL ? fv_flag((p->flags & (PANE_DEAD|PANE_EMPTY)) !=
	    0) : NULL);
}

static char *
fv_pane_dead_status(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL || !(p->flags & PANE_DEAD) ||
	    !(p->flags & PANE_STATUSREADY) || !WIFEXITED(p->status))
		return (NULL);
	return (fv_num(WEXITSTATUS(p->status)));
}

static char *
fv_pane_dead_signal(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL || !(p->flags & PANE_DEAD) ||
	    !(p->flags & PANE_STATUSREADY) || !WIFSIGNALED(p->status))
		return (NULL);
	return (fv_num(WTERMSIG(p->status)));
}

/* When the pane's program died, in seconds since the epoch; empty until
 * its status is known. */
static char *
fv_pane_dead_time(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL || !(p->flags & PANE_DEAD) ||
	    !(p->flags & PANE_STATUSREADY))
		return (NULL);
	return (fv_num(p->dead_time));
}

static char *
fv_pane_current_command(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? pane_current_command(p) : NULL);
}

/* The working directory of the pane's foreground process. */
static char *
fv_pane_current_path(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	char		 link[64], path[PATH_MAX];
	ssize_t		 n;
	pid_t		 pgrp;

	if (p == NULL)
		return (NULL);
	if (p->fd == -1 || (pgrp = tcgetpgrp(p->fd)) <= 0)
		pgrp = p->pid;
	snprintf(link, sizeof link, "/proc/%ld/cwd", (long)pgrp);
	if ((n = readlink(link, path, sizeof path - 1)) <= 0) {
		snprintf(link, sizeof link, "/proc/%ld/cwd", (long)p->pid);
		if ((n = readlink(link, path, sizeof path - 1)) <= 0)
			return (xstrdup(p->cwd));
	}
	path[n] = '\0';
	return (xstrdup(path));
}

/* One word of a command line as tmux writes it back: in double quotes
 * (with " and $ escaped) if it has a blank or one of # ' ; $ { } %, else in
 * single quotes if it has a double quote; an empty word as '', backslash,
 * tab and newline as C escapes. */
static void
fv_quote_word(struct pbuf *pb, const char *s)
{
	const char	*cp;
	int		 quote = 0;

	if (*s == '\0') {
		pw_bytes(pb, "''", 2);
		return;
	}
	if (s[strcspn(s, " #';${}%")] != '\0')
		quote = '"';
	else if (s[strcspn(s, "\"")] != '\0')
		quote = '\'';
	if (s[1] == '\0' && (quote != 0 || *s == '~')) {
		pw_u8(pb, '\\');
		pw_u8(pb, *s);
		return;
	}
	if (quote != 0)
		pw_u8(pb, quote);
	if (*s == '~')
		pw_u8(pb, '\\');
	for (cp = s; *cp != '\0'; cp++) {
		if (*cp == '\\' ||
		    (quote == '"' && (*cp == '"' || *cp == '$')))
			pw_u8(pb, '\\');
		else if (*cp == '\t') {
			pw_bytes(pb, "\\t", 2);
			continue;
		} else if (*cp == '\n') {
			pw_bytes(pb, "\\n", 2);
			continue;
		}
		pw_u8(pb, *cp);
	}
	if (quote != 0)
		pw_u8(pb, quote);
}

static char *
fv_pane_start_command(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	struct pbuf	 pb;
	char		**argv;

	if (p == NULL)
		return (NULL);
	pbuf_init(&pb);
	for (argv = p->start_argv; argv != NULL && *argv != NULL; argv++) {
		if (pb.len != 0)
			pw_u8(&pb, ' ');
		fv_quote_word(&pb, *argv);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

static char *
fv_pane_start_path(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? xstrdup(p->cwd) : NULL);
}

static char *
fv_pane_tty(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	char		 name[PATH_MAX];

	if (p == NULL)
		return (NULL);
	if (p->fd == -1 || ptsname_r(p->fd, name, sizeof name) != 0)
		return (xstrdup(""));
	return (xstrdup(name));
}

static char *
fv_pane_format(struct format_ctx *ft)
{
	return (fv_flag(ft->fs != NULL && ft->fs->p != NULL));
}

static char *
fv_pane_in_mode(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->mode != NULL || p->pmode != NULL) :
	    NULL);
}

static char *
fv_pane_mode(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	const char	*name;

	if (p == NULL || (name = pane_mode_name(p)) == NULL)
		return (NULL);
	return (xstrdup(name));
}

static char *
fv_pane_marked(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(srv->marked_pane == (int)p->id) : NULL);
}

static char *
fv_pane_marked_set(struct format_ctx *ft)
{
	if (FV_P(ft) == NULL)
		return (NULL);
	return (fv_flag(srv->marked_pane != -1 &&
	    pane_find_by_id(srv->marked_pane) != NULL));
}

static char *
fv_session_marked(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);
	struct pane	*mp;

	if (s == NULL)
		return (NULL);
	mp = srv->marked_pane != -1 ? pane_find_by_id(srv->marked_pane) :
	    NULL;
	return (fv_flag(mp != NULL &&
	    winlink_find_by_window(s, mp->window) != NULL));
}

/* Where the primary screen's cursor was when the alternate screen was
 * entered: tmux gives 4294967295 (its "none") before it ever was. */
static char *
fv_alternate_saved(struct format_ctx *ft, int y)
{
	struct pane	*p = FV_P(ft);
	unsigned int	 sx, sy;

	if (p == NULL)
		return (NULL);
	if (!vt_alternate_saved(p->vt, &sx, &sy))
		sx = sy = UINT_MAX;
	return (xasprintf("%u", y ? sy : sx));
}

static char *
fv_alternate_saved_x(struct format_ctx *ft)
{
	return (fv_alternate_saved(ft, 0));
}

static char *
fv_alternate_saved_y(struct format_ctx *ft)
{
	return (fv_alternate_saved(ft, 1));
}

static char *
fv_insert_flag(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(vt_insert_mode(p->vt)) : NULL);
}

static char *
fv_origin_flag(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(vt_origin_mode(p->vt)) : NULL);
}

/* What the program gave with OSC 7 (tmux keeps it as given). */
static char *
fv_pane_path(struct format_ctx *ft)
{
	return (FV_P(ft) != NULL ? xstrdup(vt_path(FV_P(ft)->vt)) : NULL);
}

static char *
fv_cursor(struct format_ctx *ft, int which)
{
	struct pane		*p = FV_P(ft);
	struct vt_cursor	 cur;

	if (p == NULL)
		return (NULL);
	vt_cursor(p->vt, &cur);
	switch (which) {
	case 'x':
		return (fv_num(cur.x));
	case 'y':
		return (fv_num(cur.y));
	}
	return (fv_flag(cur.visible));
}

static char *
fv_cursor_x(struct format_ctx *ft)
{
	return (fv_cursor(ft, 'x'));
}

static char *
fv_cursor_y(struct format_ctx *ft)
{
	return (fv_cursor(ft, 'y'));
}

static char *
fv_cursor_flag(struct format_ctx *ft)
{
	return (fv_cursor(ft, 'f'));
}

static char *
fv_cursor_character(struct format_ctx *ft)
{
	struct pane		*p = FV_P(ft);
	struct vt_cursor	 cur;
	const struct grid_line	*gl;
	char			 buf[UTF8_MAX_BYTES + 1];
	size_t			 n;

	if (p == NULL)
		return (NULL);
	vt_cursor(p->vt, &cur);
	if ((gl = vt_line(p->vt, cur.y)) == NULL || cur.x >= vt_cols(p->vt))
		return (xstrdup(""));
	if (gl->cells[cur.x].width == 0)
		return (xstrdup(""));
	n = utf8_char_to_utf8(gl->cells[cur.x].ch, buf);
	buf[n] = '\0';
	return (xstrdup(buf));
}

static char *
fv_history_size(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(history_size(vt_history(p->vt))) : NULL);
}

static char *
fv_history_limit(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(history_limit(vt_history(p->vt))) : NULL);
}

static char *
fv_history_bytes(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL)
		return (NULL);
	return (xasprintf("%zu", history_bytes(vt_history(p->vt))));
}

static char *
fv_mode_flag(struct format_ctx *ft, int bits)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag((vt_modes(p->vt) & bits) != 0) : NULL);
}

static char *
fv_alternate_on(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_ALTSCREEN));
}

static char *
fv_keypad_cursor_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_APPCURSOR));
}

static char *
fv_keypad_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_APPKEYPAD));
}

static char *
fv_mouse_any_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_MOUSE_ANY));
}

static char *
fv_mouse_standard_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_MOUSE_CLICK));
}

static char *
fv_mouse_button_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_MOUSE_DRAG));
}

static char *
fv_mouse_all_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_MOUSE_MOVE));
}

/* The mouse event of the command, when it is in this pane. */
static const struct mouse_event *
fv_mouse(struct format_ctx *ft, unsigned int *x, unsigned int *y)
{
	const struct mouse_event	*m;
	struct pane			*p = FV_P(ft);

	if (ft->extra == NULL || (m = ft->extra->mouse) == NULL || p == NULL)
		return (NULL);
	if (!mouse_at(m, p, x, y, 0))
		return (NULL);
	return (m);
}

static char *
fv_mouse_x(struct format_ctx *ft)
{
	unsigned int	x, y;

	return (fv_mouse(ft, &x, &y) != NULL ? fv_num(x) : NULL);
}

static char *
fv_mouse_y(struct format_ctx *ft)
{
	unsigned int	x, y;

	return (fv_mouse(ft, &x, &y) != NULL ? fv_num(y) : NULL);
}

/* The text of cells [start, end) as a heap string (the right halves of
 * wide characters left out). */
static char *
fv_cells_text(const struct cell *cells, unsigned int start, unsigned int end)
{
	struct pbuf	pb;
	unsigned int	x;
	char		buf[UTF8_MAX_BYTES];

	pbuf_init(&pb);
	for (x = start; x < end; x++) {
		if (cells[x].width != 0)
			pw_bytes(&pb, buf, utf8_char_to_utf8(cells[x].ch, buf));
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* The used length of a line of cols cells: up to its last character that
 * is not a blank. */
static unsigned int
fv_cells_end(const struct cell *cells, unsigned int cols)
{
	unsigned int	x, end = 0;

	for (x = 0; x < cols; x++) {
		if (cells[x].width != 0 && cells[x].ch != ' ')
			end = x + 1;
	}
	return (end);
}

char *
format_pane_line(struct pane *p, unsigned int y)
{
	const struct grid_line	*gl = vt_line(p->vt, y);
	unsigned int		 cols = vt_cols(p->vt);

	if (gl == NULL)
		return (xstrdup(""));
	return (fv_cells_text(gl->cells, 0, fv_cells_end(gl->cells, cols)));
}

/* The cells of the row of the mouse as p shows it, as tmux 3.3a reads the
 * mouse's line and word: copy and view mode's view, else its screen;
 * NULL in another mode. */
static const struct cell *
fv_mouse_cells(struct pane *p, unsigned int y, unsigned int *cols)
{
	const struct grid_line	*gl;

	if (p->mode != NULL || p->pmode != NULL)
		return (pane_mode_row(p, y, cols));
	*cols = vt_cols(p->vt);
	return ((gl = vt_line(p->vt, y)) != NULL ? gl->cells : NULL);
}

static char *
fv_mouse_line(struct format_ctx *ft)
{
	const struct cell	*cells;
	unsigned int		 x, y, cols;

	if (fv_mouse(ft, &x, &y) == NULL ||
	    (cells = fv_mouse_cells(FV_P(ft), y, &cols)) == NULL)
		return (NULL);
	return (fv_cells_text(cells, 0, fv_cells_end(cells, cols)));
}

/* Is cell c of a line a word separator (a space or one of seps)? */
static int
fv_separator(const struct cell *c, const char *seps)
{
	if (c->width == 0)
		return (0);		/* the right half of a wide character */
	return (c->ch == ' ' || (c->ch < 0x80 && c->ch != 0 &&
	    strchr(seps, (int)c->ch) != NULL));
}

static char *
fv_mouse_word(struct format_ctx *ft)
{
	const struct cell	*cells;
	unsigned int		 x, y, start, end, cols;
	const char		*ws;
	struct session		*s = FV_S(ft);

	if (fv_mouse(ft, &x, &y) == NULL ||
	    (cells = fv_mouse_cells(FV_P(ft), y, &cols)) == NULL)
		return (NULL);
	/* Words end at a space and at the word-separators. */
	ws = options_get_string(s != NULL ? s->options : srv->session_options,
	    "word-separators");
	if (x >= cols)
		return (xstrdup(""));
	while (x > 0 && cells[x].width == 0)
		x--;
	if (fv_separator(&cells[x], ws))
		return (xstrdup(""));
	for (start = x; start > 0 && !fv_separator(&cells[start - 1], ws);
	    start--)
		;
	for (end = x; end < cols && !fv_separator(&cells[end], ws); end++)
		;
	return (fv_cells_text(cells, start, end));
}

static char *
fv_mouse_sgr_flag(struct format_ctx *ft)
{
	return (FV_P(ft) != NULL ? fv_flag(vt_mouse_sgr(FV_P(ft)->vt)) : NULL);
}

static char *
fv_mouse_utf8_flag(struct format_ctx *ft)
{
	return (FV_P(ft) != NULL ? fv_flag(vt_mouse_utf8(FV_P(ft)->vt)) : NULL);
}

static char *
fv_pane_tabs(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	struct pbuf	 pb;
	unsigned int	 x;
	char		 n[16];

	if (p == NULL)
		return (NULL);
	/* As tmux lists them: column 0 (a stop to libvterm, not to tmux,
	 * and no tab goes there) is left out. */
	pbuf_init(&pb);
	for (x = 1; x < p->sx; x++) {
		if (!vt_tab_stop(p->vt, x))
			continue;
		snprintf(n, sizeof n, "%u", x);
		fv_list_add(&pb, n);
	}
	return (fv_list_end(&pb));
}

/* A colour as tmux names it: default, red ... brightwhite, colourN,
 * #rrggbb. */
static char *
fv_colour_name(uint32_t colour)
{
	static const char *const names[] = { "black", "red", "green",
	    "yellow", "blue", "magenta", "cyan", "white" };
	unsigned int	i;

	switch (COLOUR_TYPE(colour)) {
	case COLOUR_TYPE_INDEX:
		i = colour & 0xff;
		if (i < 8)
			return (xstrdup(names[i]));
		if (i < 16)
			return (xasprintf("bright%s", names[i - 8]));
		return (xasprintf("colour%u", i));
	case COLOUR_TYPE_RGB:
		return (xasprintf("#%02x%02x%02x", COLOUR_R(colour),
		    COLOUR_G(colour), COLOUR_B(colour)));
	}
	return (xstrdup("default"));
}

/* A pane's default colours, as tmux 3.3a gives them: window-style, then
 * what its program set (OSC 10 and 11) over it, then, for the active
 * pane, window-active-style over both. */
static char *
fv_pane_colour(struct format_ctx *ft, int bg)
{
	struct pane	*p = FV_P(ft);
	struct cell	 cell = CELL_BLANK, active = CELL_BLANK;
	uint32_t	 c, set;

	if (p == NULL)
		return (NULL);
	style_apply(&cell, options_get_string(p->window->options,
	    "window-style"));
	c = bg ? cell.bg : cell.fg;
	if ((set = vt_program_colour(p->vt, bg)) != COLOUR_DEFAULT)
		c = set;
	if (p->window->active == p) {
		style_apply(&active, options_get_string(p->window->options,
		    "window-active-style"));
		set = bg ? active.bg : active.fg;
		if (set != COLOUR_DEFAULT)
			c = set;
	}
	return (fv_colour_name(c));
}

static char *
fv_pane_bg(struct format_ctx *ft)
{
	return (fv_pane_colour(ft, 1));
}

static char *
fv_pane_fg(struct format_ctx *ft)
{
	return (fv_pane_colour(ft, 0));
}

static char *
fv_pane_input_off(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag((p->flags & PANE_INPUTOFF) != 0) : NULL);
}

static char *
fv_pane_pipe(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->pipe != NULL) : NULL);
}

static char *
fv_pane_synchronized(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL)
		return (NULL);
	return (fv_flag(options_get_number(p->window->options,
	    "synchronize-panes") != 0));
}

static char *
fv_scroll_region(struct format_ctx *ft, int lower)
{
	struct pane	*p = FV_P(ft);
	unsigned int	 upper_row, lower_row;

	if (p == NULL)
		return (NULL);
	vt_scroll_region(p->vt, &upper_row, &lower_row);
	return (fv_num(lower ? lower_row : upper_row));
}

static char *
fv_scroll_region_lower(struct format_ctx *ft)
{
	return (fv_scroll_region(ft, 1));
}

static char *
fv_scroll_region_upper(struct format_ctx *ft)
{
	return (fv_scroll_region(ft, 0));
}

/* Sorted by name (a test checks), and no name is in both tables. */
const struct format_var format_pane_vars[] = {
	{ "alternate_on", fv_alternate_on },
	{ "alternate_saved_x", fv_alternate_saved_x },
	{ "alternate_saved_y", fv_alternate_saved_y },
	{ "cursor_character", fv_cursor_character },
	{ "cursor_flag", fv_cursor_flag },
	{ "cursor_x", fv_cursor_x },
	{ "cursor_y", fv_cursor_y },
	{ "history_bytes", fv_history_bytes },
	{ "history_limit", fv_history_limit },
	{ "history_size", fv_history_size },
	{ "insert_flag", fv_insert_flag },
	{ "keypad_cursor_flag", fv_keypad_cursor_flag },
	{ "keypad_flag", fv_keypad_flag },
	{ "mouse_all_flag", fv_mouse_all_flag },
	{ "mouse_any_flag", fv_mouse_any_flag },
	{ "mouse_button_flag", fv_mouse_button_flag },
	{ "mouse_line", fv_mouse_line },
	{ "mouse_sgr_flag", fv_mouse_sgr_flag },
	{ "mouse_standard_flag", fv_mouse_standard_flag },
	{ "mouse_utf8_flag", fv_mouse_utf8_flag },
	{ "mouse_word", fv_mouse_word },
	{ "mouse_x", fv_mouse_x },
	{ "mouse_y", fv_mouse_y },
	{ "origin_flag", fv_origin_flag },
	{ "pane_active", fv_pane_active },
	{ "pane_at_bottom", fv_pane_at_bottom },
	{ "pane_at_left", fv_pane_at_left },
	{ "pane_at_right", fv_pane_at_right },
	{ "pane_at_top", fv_pane_at_top },
	{ "pane_bg", fv_pane_bg },
	{ "pane_bottom", fv_pane_bottom },
	{ "pane_current_command", fv_pane_current_command },
	{ "pane_current_path", fv_pane_current_path },
	{ "pane_dead", fv_pane_dead },
	{ "pane_dead_signal", fv_pane_dead_signal },
	{ "pane_dead_status", fv_pane_dead_status },
	{ "pane_dead_time", fv_pane_dead_time },
	{ "pane_fg", fv_pane_fg },
	{ "pane_format", fv_pane_format },
	{ "pane_height", fv_pane_height },
	{ "pane_id", fv_pane_id },
	{ "pane_in_mode", fv_pane_in_mode },
	{ "pane_index", fv_pane_index },
	{ "pane_input_off", fv_pane_input_off },
	{ "pane_last", fv_pane_last },
	{ "pane_left", fv_pane_left },
	{ "pane_marked", fv_pane_marked },
	{ "pane_marked_set", fv_pane_marked_set },
	{ "pane_mode", fv_pane_mode },
	{ "pane_path", fv_pane_path },
	{ "pane_pid", fv_pane_pid },
	{ "pane_pipe", fv_pane_pipe },
	{ "pane_right", fv_pane_right },
	{ "pane_start_command", fv_pane_start_command },
	{ "pane_start_path", fv_pane_start_path },
	{ "pane_synchronized", fv_pane_synchronized },
	{ "pane_tabs", fv_pane_tabs },
	{ "pane_title", fv_pane_title },
	{ "pane_top", fv_pane_top },
	{ "pane_tty", fv_pane_tty },
	{ "pane_width", fv_pane_width },
	{ "scroll_region_lower", fv_scroll_region_lower },
	{ "scroll_region_upper", fv_scroll_region_upper },
	{ "session_marked", fv_session_marked },
};
const size_t format_pane_nvars = sizeof format_pane_vars /
    sizeof format_pane_vars[0];
