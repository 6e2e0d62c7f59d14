/*
 * resurrect [-s] [-f file]: bring back the sessions of a snapshot (this
 * server's, model/snapshot.c, or -f a file: mux's or a tmux-resurrect
 * save file). new-session -R does the same, then attaches. -s writes a
 * snapshot instead, now, in the background as save-interval does.
 *
 * The whole file is read and checked first (every record, every layout):
 * a damaged file restores nothing and says what is wrong. A session whose
 * name is taken is left alone, with a message, and the others come back.
 *
 * Each window is made at its saved size and split the way its layout is
 * nested, each split giving exactly the saved sizes (so there is always
 * room), then the saved layout replaces the one the splits made, so
 * #{window_layout} is what it was. Each pane starts in its directory:
 * a shell as a fresh shell; another program (the pane's own, or a job
 * its shell ran in the foreground, which is typed into the new shell as
 * tmux-resurrect does) only when resurrect-commands allows it.
 *
 * The saved history goes above the new prompt: its lines are fed to the
 * pane's terminal (not the pty) before the shell has said anything, so
 * they scroll into the history as they did the first time, styles and
 * wrapped lines included, and the shell's prompt follows them. Only text
 * and SGR sequences are fed: anything else a damaged or hostile file
 * holds (a query whose answer would be typed into the shell, a title, a
 * clipboard write) is dropped.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/environ.h"
#include "model/layout.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"
#include "model/snapshot.h"
#include "model/window.h"

static enum cmd_retval	cmd_resurrect_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_resurrect_entry = {
	.name = "resurrect",
	.alias = NULL,
	.args = { "f:s", 0, 0 },
	.usage = "[-s] [-f file]",
	.target = CMD_TARGET_NONE,
	.flags = CMD_STARTSERVER,
	.exec = cmd_resurrect_exec,
};

/* One window being built: the saved layout and the panes made for it,
 * by leaf (the leaves point at slots of made). */
struct resurrect_window {
	struct snap_window	 *sw;
	struct layout_cell	 *layout;
	struct pane		**made;
};

/* The program names that are shells (they come back fresh). */
static const char *const resurrect_shells[] = {
	"sh", "bash", "zsh", "fish", "dash", "ksh", "mksh", "tcsh", "csh",
	"ash", "yash", "nu", "elvish", "xonsh", NULL
};

/* The base name of a command's first word, without a login '-'. */
static char *
resurrect_program(const char *command)
{
	const char	*start = command;
	size_t		 len, i, base = 0;

	while (*start == ' ')
		start++;
	len = strcspn(start, " ");
	for (i = 0; i < len; i++) {
		if (start[i] == '/')
			base = i + 1;
	}
	start += base;
	len -= base;
	if (len > 0 && *start == '-') {
		start++;
		len--;
	}
	return (xstrndup(start, len));
}

/* Is command's program a shell? */
static int
resurrect_is_shell(const char *command)
{
	char	*name = resurrect_program(command);
	int	 i, found = 0;

	for (i = 0; resurrect_shells[i] != NULL; i++) {
		if (strcmp(name, resurrect_shells[i]) == 0)
			found = 1;
	}
	free(name);
	return (found);
}

/* The next word of resurrect-commands (double quotes hold spaces);
 * NULL at the end. *s moves past it. Heap string. */
static char *
resurrect_word(const char **s)
{
	const char	*p = *s, *end;
	char		*word;

	while (*p == ' ')
		p++;
	if (*p == '\0')
		return (NULL);
	if (*p == '"') {
		p++;
		if ((end = strchr(p, '"')) == NULL)
			end = p + strlen(p);
		word = xstrndup(p, end - p);
		*s = *end == '"' ? end + 1 : end;
		return (word);
	}
	end = p + strcspn(p, " ");
	word = xstrndup(p, end - p);
	*s = end;
	return (word);
}

/* May command be started again? Returns the command to run (heap: the
 * same, or a "->" replacement), or NULL. */
static char *
resurrect_allowed(const char *command)
{
	const char	*list = options_get_string(srv->options,
			    "resurrect-commands");
	char		*word, *arrow, *name, *run = NULL;
	int		 match;

	name = resurrect_program(command);
	while (run == NULL && (word = resurrect_word(&list)) != NULL) {
		if ((arrow = strstr(word, "->")) != NULL)
			*arrow = '\0';
		if (strcmp(word, ":all:") == 0)
			match = 1;
		else if (*word == '~')
			match = word[1] != '\0' && strstr(command, word + 1) !=
			    NULL;
		else
			match = *word != '\0' && strcmp(word, name) == 0;
		if (match)
			run = xstrdup(arrow != NULL ? arrow + 2 : command);
		free(word);
	}
	free(name);
	return (run);
}

/* Join a NULL-terminated argv with spaces (for matching). */
static char *
resurrect_join(char **argv)
{
	char	*out = xstrdup(""), *next;
	int	 i;

	for (i = 0; argv[i] != NULL; i++) {
		next = xasprintf("%s%s%s", out, i == 0 ? "" : " ", argv[i]);
		free(out);
		out = next;
	}
	return (out);
}

/* Does s hold a control character? */
static int
resurrect_has_controls(const char *s)
{
	for (; *s != '\0'; s++) {
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return (1);
	}
	return (0);
}

/* The number of words in a NULL-terminated argv. */
static int
resurrect_argc(char **argv)
{
	int	n;

	for (n = 0; argv[n] != NULL; n++)
		;
	return (n);
}

/* Decide what a pane starts with: *argc and *argv (argc 0: the default
 * shell; argv points into sp, or at *run, a heap replacement), and what
 * to type into its shell (*type, heap, or NULL). Says on item what does
 * not come back. */
static void
resurrect_program_for(struct cmdq_item *item, const struct snap_pane *sp,
    int *argc, char ***argv, char **run, char **type)
{
	char	*joined;
	int	 shell = 1;

	*argc = 0;
	*argv = NULL;
	*run = NULL;
	*type = NULL;
	if (sp->start != NULL) {
		joined = resurrect_join(sp->start);
		if (resurrect_is_shell(joined)) {
			*argc = resurrect_argc(sp->start);
			*argv = sp->start;
		} else if ((*run = resurrect_allowed(joined)) != NULL) {
			shell = 0;
			if (strcmp(*run, joined) == 0) {
				free(*run);
				*run = NULL;
				*argc = resurrect_argc(sp->start);
				*argv = sp->start;
			} else {
				*argc = 1;
				*argv = run;
			}
		} else
			cmdq_print(item, "not restarting (resurrect-commands):"
			    " %s", joined);
		free(joined);
	}
	if (shell && sp->fg != NULL && !resurrect_is_shell(sp->fg)) {
		/* Typed as one line: a control character (a newline would
		 * run a second command) is refused. */
		if (resurrect_has_controls(sp->fg))
			cmdq_print(item, "not restarting (control characters "
			    "in the command): %s", sp->fg);
		else if ((*type = resurrect_allowed(sp->fg)) == NULL)
			cmdq_print(item, "not restarting (resurrect-commands):"
			    " %s", sp->fg);
	}
}

/* Is the next part of s an SGR sequence (ESC [ digits ; : m)? Returns
 * its length, or 0. */
static size_t
resurrect_sgr(const char *s)
{
	size_t	n = 2;

	if (s[0] != '\033' || s[1] != '[')
		return (0);
	while ((s[n] >= '0' && s[n] <= '9') || s[n] == ';' || s[n] == ':')
		n++;
	return (s[n] == 'm' ? n + 1 : 0);
}

/* Feed the saved lines to the pane's terminal: text and SGR only. */
static void
resurrect_history(struct pane *p, const struct snap_pane *sp)
{
	const char	*s;
	char		*buf;
	size_t		 len, n, cap;
	unsigned int	 i;

	if (p->vt == NULL || sp->nlines == 0)
		return;
	for (i = 0; i < sp->nlines; i++) {
		s = sp->lines[i];
		cap = strlen(s) + 8;
		buf = xmalloc(cap);
		len = 0;
		while (*s != '\0') {
			if ((n = resurrect_sgr(s)) != 0) {
				memcpy(buf + len, s, n);
				len += n;
				s += n;
				continue;
			}
			if ((unsigned char)*s >= 0x20 && *s != 0x7f)
				buf[len++] = *s;
			s++;
		}
		memcpy(buf + len, "\033[0m", 4);
		len += 4;
		if (!sp->wrapped[i]) {
			buf[len++] = '\r';
			buf[len++] = '\n';
		}
		vt_write(p->vt, buf, len);
		free(buf);
	}
}

/* The index (in the window's panes) of the first leaf under lc. */
static unsigned int
resurrect_first_leaf(struct resurrect_window *rw, struct layout_cell *lc)
{
	while (lc->type != LAYOUT_PANE)
		lc = TAILQ_FIRST(&lc->children);
	return ((unsigned int)((struct pane **)lc->pane - rw->made));
}

/* Type the foreground job into a new pane's shell (it reads it once
 * it runs). Takes typed. */
static void
resurrect_type(struct pane *p, char *typed)
{
	if (p != NULL && typed != NULL) {
		pane_write(p, typed, strlen(typed));
		pane_write(p, "\r", 1);
	}
	free(typed);
}

/* Start a pane for saved pane k: split off cur (LEFTRIGHT or TOPBOTTOM,
 * the new pane size cells), or, with cur NULL, as the first pane of a
 * new window at idx of s (*w is then set). Returns the pane, or NULL
 * with *cause. */
static struct pane *
resurrect_pane(struct cmdq_item *item, struct session *s, struct window **w,
    int idx, struct resurrect_window *rw, unsigned int k, struct pane *cur,
    enum layout_type type, unsigned int size, char **cause)
{
	struct snap_pane	*sp = &rw->sw->panes[k];
	struct pane_spawn	 spawn;
	struct winlink		*wl;
	struct pane		*p;
	char			**argv, *run, *typed;
	int			 argc;

	resurrect_program_for(item, sp, &argc, &argv, &run, &typed);
	if (cur == NULL) {
		wl = session_new_window(s, idx, argc, argv, sp->cwd, NULL, 0,
		    rw->layout->sx, rw->layout->sy, cause);
		p = wl != NULL ? wl->window->active : NULL;
		if (wl != NULL)
			*w = wl->window;
	} else {
		session_spawn(s, &spawn, argc, argv, sp->cwd);
		p = window_split(*w, cur, type, (int)size, 0, 0, &spawn,
		    cause);
		environ_free_vector(spawn.env);
	}
	free(run);
	resurrect_type(p, typed);
	return (p);
}

/* pane fills lc: split it the way lc is nested, each split giving the
 * saved sizes (so there is always room), until each leaf of lc has a
 * pane (put in the slot the leaf points to). Returns 0, or -1. */
static int
resurrect_split(struct cmdq_item *item, struct session *s, struct window *w,
    struct resurrect_window *rw, struct layout_cell *lc, struct pane *pane,
    char **cause)
{
	struct layout_cell	 *child, *later;
	struct pane		**panes, *cur = pane;
	unsigned int		  n = 0, i = 0, rest;
	int			  rc = 0;

	if (lc->type == LAYOUT_PANE) {
		*(struct pane **)lc->pane = pane;
		return (0);
	}
	TAILQ_FOREACH(child, &lc->children, entry)
		n++;
	panes = xcalloc(n, sizeof *panes);
	/* Each child after the first: a pane split off the one before,
	 * taking the room of this child and those after it. */
	TAILQ_FOREACH(child, &lc->children, entry) {
		if (i == 0) {
			panes[i++] = cur;
			continue;
		}
		rest = 0;
		for (later = child; later != NULL;
		    later = TAILQ_NEXT(later, entry))
			rest += (lc->type == LAYOUT_LEFTRIGHT ? later->sx :
			    later->sy) + 1;
		cur = resurrect_pane(item, s, &w, -1, rw,
		    resurrect_first_leaf(rw, child), cur, lc->type, rest - 1,
		    cause);
		if (cur == NULL) {
			free(panes);
			return (-1);
		}
		panes[i++] = cur;
	}
	i = 0;
	TAILQ_FOREACH(child, &lc->children, entry) {
		if ((rc = resurrect_split(item, s, w, rw, child, panes[i++],
		    cause)) != 0)
			break;
	}
	free(panes);
	return (rc);
}

/* Check a window of the file: its layout reads and fits its panes. */
static int
resurrect_check_window(struct resurrect_window *rw, char **cause)
{
	unsigned int	 i, n = rw->sw->npanes;
	void		**slots;

	rw->made = xcalloc(n, sizeof *rw->made);
	slots = xcalloc(n, sizeof *slots);
	for (i = 0; i < n; i++)
		slots[i] = &rw->made[i];
	rw->layout = layout_parse(rw->sw->layout, slots, n, cause);
	free(slots);
	return (rw->layout == NULL ? -1 : 0);
}

/* A leaf of a saved layout: from the slot to the pane made for it. */
static void
resurrect_fill_leaf(struct layout_cell *lc, void *arg)
{
	(void)arg;
	lc->pane = *(struct pane **)lc->pane;
}

/* Make the session with its first window's first pane. */
static struct session *
resurrect_create(struct cmdq_item *item, struct snap_session *ss,
    struct resurrect_window *rw, char **cause)
{
	struct client		*c = item->client;
	struct snap_pane	*sp = &rw->sw->panes[resurrect_first_leaf(rw,
				    rw->layout)];
	struct session		*s;
	char			**argv, *run, *typed;
	int			 argc;

	resurrect_program_for(item, sp, &argc, &argv, &run, &typed);
	s = session_create(ss->name, argc, argv, sp->cwd, c != NULL ?
	    c->ident.environ : NULL, NULL, 0, rw->layout->sx, rw->layout->sy,
	    cause);
	free(run);
	if (s == NULL) {
		free(typed);
		return (NULL);
	}
	resurrect_type(s->curw->window->active, typed);
	if (s->curw->idx != rw->sw->idx)
		winlink_move(s->curw, rw->sw->idx);
	if (ss->cwd != NULL && *ss->cwd != '\0') {
		free(s->cwd);
		s->cwd = xstrdup(ss->cwd);
	}
	return (s);
}

/* Set a saved session's own options. */
static void
resurrect_options(struct cmdq_item *item, struct snap_session *ss,
    struct session *s)
{
	char		*why;
	unsigned int	 i;

	for (i = 0; i < ss->noptions; i++) {
		why = NULL;
		if (options_set(s->options, ss->options[i].name,
		    ss->options[i].value, 0, &why) != 0) {
			cmdq_print(item, "%s: option %s not set: %s", ss->name,
			    ss->options[i].name, why);
			free(why);
		}
	}
}

/* Make one saved session; returns it, or NULL with *cause. */
static struct session *
resurrect_session(struct cmdq_item *item, struct snap_session *ss,
    struct resurrect_window *rws, char **cause)
{
	struct session		 *s;
	struct window		 *w;
	struct winlink		 *active = NULL, *last = NULL;
	struct resurrect_window	 *rw;
	struct snap_pane	 *sp;
	struct pane		 *first;
	char			 *why;
	unsigned int		  i, j;

	if ((s = resurrect_create(item, ss, &rws[0], cause)) == NULL)
		return (NULL);
	resurrect_options(item, ss, s);
	for (i = 0; i < ss->nwindows; i++) {
		rw = &rws[i];
		w = NULL;
		if (i == 0) {
			w = s->curw->window;
			first = w->active;
		} else
			first = resurrect_pane(item, s, &w, rw->sw->idx, rw,
			    resurrect_first_leaf(rw, rw->layout), NULL, 0, 0,
			    cause);
		if (first == NULL || resurrect_split(item, s, w, rw,
		    rw->layout, first, cause) != 0)
			goto fail;
		/* The saved layout, with the panes made for its leaves. */
		layout_foreach(rw->layout, resurrect_fill_leaf, NULL);
		layout_free(w->layout);
		w->layout = rw->layout;
		rw->layout = NULL;
		window_order_panes(w);
		window_apply_layout(w);
		for (j = 0; j < rw->sw->npanes; j++) {
			sp = &rw->sw->panes[j];
			resurrect_history(rw->made[j], sp);
			if (sp->title != NULL) {
				free(rw->made[j]->title);
				rw->made[j]->title = xstrdup(sp->title);
			}
			if (sp->active)
				window_set_active(w, rw->made[j]);
		}
		if (rw->sw->fixed_name)
			window_set_fixed_name(w, rw->sw->name);
		else if (*rw->sw->name != '\0')
			window_set_name(w, rw->sw->name);
		for (j = 0; j < rw->sw->noptions; j++) {
			why = NULL;
			if (options_set(w->options, rw->sw->options[j].name,
			    rw->sw->options[j].value, 0, &why) != 0) {
				cmdq_print(item, "%s:%d: option %s not set: %s",
				    ss->name, rw->sw->idx,
				    rw->sw->options[j].name, why);
				free(why);
			}
		}
		if (rw->sw->zoomed)
			window_zoom(w, 1);
		if (rw->sw->active)
			active = winlink_find_by_window(s, w);
		if (rw->sw->last)
			last = winlink_find_by_window(s, w);
	}
	if (last != NULL)
		session_select(s, last);
	if (active != NULL)
		session_select(s, active);
	if (last == NULL)
		session_stack_clear(s);
	srv->dirty = 1;
	return (s);
fail:
	session_destroy(s);
	return (NULL);
}

/* Make a saved session that shows the windows of with (new-session -t),
 * at its saved current and last window. */
static struct session *
resurrect_grouped(struct cmdq_item *item, struct snap_session *ss,
    struct session *with)
{
	struct client	*c = item->client;
	struct session	*s;
	struct winlink	*cur, *last;

	s = session_create_grouped(with, ss->name, ss->cwd, c != NULL ?
	    c->ident.environ : NULL, NULL, 0);
	resurrect_options(item, ss, s);
	cur = ss->group_current >= 0 ?
	    winlink_find_by_index(s, ss->group_current) : NULL;
	last = ss->group_last >= 0 ?
	    winlink_find_by_index(s, ss->group_last) : NULL;
	if (last != NULL)
		session_select(s, last);
	if (cur != NULL)
		session_select(s, cur);
	if (last == NULL || last == s->curw)
		session_stack_clear(s);
	srv->dirty = 1;
	return (s);
}

/* Put s, made from ss, in the group ss was in, unless the server has a
 * group of that name already (s is then the first of a group named after
 * it when a grouped session joins it). */
static void
resurrect_group(struct cmdq_item *item, struct snap_session *ss,
    struct session *s)
{
	if (ss->group == NULL)
		return;
	if (session_group_find(ss->group) != NULL) {
		cmdq_print(item, "%s: group %s exists, not joined", ss->name,
		    ss->group);
		return;
	}
	session_group_add(session_group_new(ss->group), s);
}

/* Check every window of every session to restore; fills rws (one array
 * per session). Returns 0, or -1 with *cause. */
static int
resurrect_check(struct snap *sn, struct resurrect_window **rws, char **cause)
{
	struct snap_session	*ss;
	unsigned int		 i, j;
	char			*why = NULL;

	for (i = 0; i < sn->nsessions; i++) {
		ss = &sn->sessions[i];
		if (!session_check_name(ss->name)) {
			*cause = xasprintf("invalid session name: %s",
			    ss->name);
			return (-1);
		}
		rws[i] = xcalloc(ss->nwindows, sizeof *rws[i]);
		for (j = 0; j < ss->nwindows; j++) {
			rws[i][j].sw = &ss->windows[j];
			if (resurrect_check_window(&rws[i][j], &why) != 0) {
				*cause = xasprintf("%s:%d: %s", ss->name,
				    ss->windows[j].idx, why);
				free(why);
				return (-1);
			}
			if (rws[i][j].layout->sx > WINDOW_SIZE_MAX ||
			    rws[i][j].layout->sy > WINDOW_SIZE_MAX) {
				*cause = xasprintf("%s:%d: window too large",
				    ss->name, ss->windows[j].idx);
				return (-1);
			}
		}
	}
	return (0);
}

static void
resurrect_free(struct snap *sn, struct resurrect_window **rws)
{
	unsigned int	i, j;

	for (i = 0; i < sn->nsessions; i++) {
		if (rws[i] == NULL)
			continue;
		for (j = 0; j < sn->sessions[i].nwindows; j++) {
			if (rws[i][j].layout != NULL)
				layout_free(rws[i][j].layout);
			free(rws[i][j].made);
		}
		free(rws[i]);
	}
	free(rws);
}

static char	*resurrect_file(struct cmdq_item *, const char *);

enum cmd_retval
cmd_resurrect(struct cmdq_item *item, const char *file,
    struct session **current)
{
	struct snap		 *sn;
	struct resurrect_window	 **rws;
	struct session		 *s, *first = NULL, *named = NULL, **made_s;
	struct snap_session	 *ss;
	char			 *path, *cause = NULL;
	unsigned int		  i, j, made = 0;
	int			  failed = 0, pass;

	if (current != NULL)
		*current = NULL;
	if (file == NULL)
		path = snapshot_path(&cause);
	else
		path = resurrect_file(item, file);
	if (path == NULL || (sn = snap_read(path, &cause)) == NULL) {
		cmdq_error(item, "resurrect: %s", cause);
		free(cause);
		free(path);
		return (CMD_RETURN_ERROR);
	}
	free(path);
	rws = xcalloc(sn->nsessions, sizeof *rws);
	if (resurrect_check(sn, rws, &cause) != 0) {
		cmdq_error(item, "resurrect: %s: nothing restored", cause);
		free(cause);
		resurrect_free(sn, rws);
		snap_free(sn);
		return (CMD_RETURN_ERROR);
	}
	/* Sessions with windows first, then those that show a group's. */
	made_s = xcalloc(sn->nsessions, sizeof *made_s);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < sn->nsessions; i++) {
			ss = &sn->sessions[i];
			if ((ss->group_with != NULL) != pass)
				continue;
			if (session_find(ss->name) != NULL) {
				cmdq_error(item, "resurrect: session %s exists, "
				    "not restored", ss->name);
				failed = 1;
				continue;
			}
			if (pass == 1) {
				for (j = 0; j < sn->nsessions; j++) {
					if (strcmp(sn->sessions[j].name,
					    ss->group_with) == 0)
						break;
				}
				if (j == sn->nsessions || made_s[j] == NULL) {
					cmdq_error(item, "resurrect: session "
					    "%s: %s was not restored", ss->name,
					    ss->group_with);
					failed = 1;
					continue;
				}
				/* Its group would be one the server has:
				 * made_s[j] would lose its windows to it. */
				if (made_s[j]->group == NULL &&
				    session_group_find(made_s[j]->name) !=
				    NULL) {
					cmdq_error(item, "resurrect: session "
					    "%s: group %s exists, not restored",
					    ss->name, made_s[j]->name);
					failed = 1;
					continue;
				}
				s = resurrect_grouped(item, ss, made_s[j]);
			} else if ((s = resurrect_session(item, ss, rws[i],
			    &cause)) == NULL) {
				cmdq_error(item, "resurrect: session %s: %s",
				    ss->name, cause);
				free(cause);
				cause = NULL;
				failed = 1;
				continue;
			} else
				resurrect_group(item, ss, s);
			made_s[i] = s;
			made++;
			if (first == NULL)
				first = s;
			if (sn->current != NULL &&
			    strcmp(sn->current, s->name) == 0)
				named = s;
		}
	}
	free(made_s);
	resurrect_free(sn, rws);
	snap_free(sn);
	if (current != NULL)
		*current = named != NULL ? named : first;
	return (failed ? CMD_RETURN_ERROR : CMD_RETURN_NORMAL);
}

/* A file named on the command line, relative to the client's directory.
 * Heap string. */
static char *
resurrect_file(struct cmdq_item *item, const char *file)
{
	struct client	*c = item->client;

	if (*file != '/' && c != NULL && c->ident.cwd != NULL)
		return (xasprintf("%s/%s", c->ident.cwd, file));
	return (xstrdup(file));
}

static enum cmd_retval
cmd_resurrect_exec(struct cmd *self, struct cmdq_item *item)
{
	const char	*file = args_get(self->args, 'f');
	char		*path = NULL, *cause = NULL;
	int		 rc;

	if (!args_has(self->args, 's'))
		return (cmd_resurrect(item, file, NULL));
	if (file != NULL)
		path = resurrect_file(item, file);
	rc = snapshot_save_background(path, &cause);
	free(path);
	if (rc != 0) {
		cmdq_error(item, "resurrect -s: %s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	return (CMD_RETURN_NORMAL);
}
