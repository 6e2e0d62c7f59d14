/*
 * choose-buffer: tmux 3.3a's buffer mode in the target pane: each paste
 * buffer a line of the list draw/customize.h draws and drives, its
 * text in the preview box (draw/choose.h), newest first (-O time), or
 * by name or size. Keys of its own: Enter and p run the template,
 * paste-buffer -b '%%' by default, for the selected buffer, and leave; P
 * runs it for every tagged buffer and leaves; d deletes the selected
 * buffer and D the tagged ones; e edits the selected buffer in a popup
 * running the editor option's command (as tmux 3.3a: what the editor
 * leaves replaces the buffer, if it is still the same buffer); O and r
 * change the order. The list closes
 * when the last buffer goes; with no buffers the mode does not start.
 * -F, -f, -K, -N, -r and -Z as in tmux.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "draw/choose.h"
#include "model/client.h"
#include "draw/customize.h"
#include "draw/popup.h"
#include "model/format.h"
#include "model/pane-mode.h"
#include "model/paste.h"
#include "model/window.h"

#define CHOOSE_BUFFER_TEMPLATE	"paste-buffer -b '%%'"
#define CHOOSE_BUFFER_FORMAT	"#{t/p:buffer_created}: #{buffer_sample}"

static enum cmd_retval	cmd_choose_buffer_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_choose_buffer_entry = {
	.name = "choose-buffer",
	.alias = NULL,
	.args = { "F:f:K:NO:rt:Z", 0, 1 },
	.usage = "[-NrZ] [-F format] [-f filter] [-K key-format] "
	    "[-O sort-order] [-t target-pane] [template]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_choose_buffer_exec,
};

enum { CHOOSE_BUFFER_TIME, CHOOSE_BUFFER_NAME, CHOOSE_BUFFER_SIZE };
static const char *const cmd_choose_buffer_sorts[] = {
	"time", "name", "size", NULL
};

/* A buffer to sort, carrying the order it is sorted by. */
struct choose_buffer_line {
	struct paste_buffer	*pb;
	unsigned int		 age;	/* 0 for the newest */
	int			 sort;
};

/* Newest first, by name, or largest first (then by name). */
static int
cmd_choose_buffer_cmp(const void *a0, const void *b0)
{
	const struct choose_buffer_line	*a = a0, *b = b0;
	size_t				 alen, blen;

	switch (a->sort) {
	case CHOOSE_BUFFER_SIZE:
		paste_data(a->pb, &alen);
		paste_data(b->pb, &blen);
		if (alen != blen)
			return (alen > blen ? -1 : 1);
		/* FALLTHROUGH */
	case CHOOSE_BUFFER_NAME:
		return (strcmp(paste_name(a->pb), paste_name(b->pb)));
	}
	return (a->age < b->age ? -1 : a->age > b->age);
}

/* The lines: the buffers that pass the filter, in order. */
static void
cmd_choose_buffer_build(struct customize *tree, struct pane *p, void *data,
    const char *filter)
{
	struct cmd_choose		*cc = data;
	struct choose_buffer_line	*lines = NULL;
	struct paste_buffer		*pb;
	unsigned int			 n = 0, age = 0, i;
	char				*v;
	int				 keep;

	for (pb = paste_top(); pb != NULL; pb = paste_next(pb), age++) {
		if (filter != NULL) {
			v = format_expand_buffer(filter, pb);
			keep = cmd_choose_true(v);
			free(v);
			if (!keep)
				continue;
		}
		lines = xreallocarray(lines, n + 1, sizeof *lines);
		lines[n].pb = pb;
		lines[n].age = age;
		lines[n++].sort = cc->sort;
	}
	if (n > 1)
		qsort(lines, n, sizeof *lines, cmd_choose_buffer_cmp);
	for (i = 0; i < n; i++) {
		pb = lines[cc->reverse ? n - 1 - i : i].pb;
		v = format_expand_buffer(cc->format, pb);
		customize_add(tree, paste_name(pb), 0, paste_name(pb), NULL, v,
		    1, 1, 0);
		free(v);
	}
	free(lines);
}

static void
cmd_choose_buffer_draw(struct customize *tree, struct pane *p, void *data,
    const char *id, struct cell *cells, unsigned int sx, unsigned int sy)
{
	struct paste_buffer	*pb;
	const char		*text;
	size_t			 len;

	if ((pb = paste_find(id)) == NULL)
		return;
	text = paste_data(pb, &len);
	choose_preview_buffer(text, len, cells, sx, sy);
}

static key_code
cmd_choose_buffer_line_key(struct customize *tree, void *data,
    const char *id, unsigned int line)
{
	return (cmd_choose_line_key(data, NULL, NULL, line));
}

/* A search: the name or the text. */
static int
cmd_choose_buffer_search(void *data, const char *id, const char *text)
{
	struct paste_buffer	*pb;
	const char		*bytes;
	size_t			 len, n = strlen(text), i;

	if ((pb = paste_find(id)) == NULL)
		return (0);
	if (strstr(paste_name(pb), text) != NULL)
		return (1);
	bytes = paste_data(pb, &len);
	for (i = 0; n <= len && i <= len - n; i++) {
		if (memcmp(bytes + i, text, n) == 0)
			return (1);
	}
	return (0);
}

/* Delete a buffer by name, if it is still there. */
static void
cmd_choose_buffer_delete(const char *name)
{
	struct paste_buffer	*pb;

	if ((pb = paste_find(name)) != NULL)
		paste_free(pb);
}

/* A buffer being edited: its name, and the buffer itself to know it is
 * still the same one when the editor is done. */
struct cmd_choose_buffer_edit {
	char			*name;
	struct paste_buffer	*pb;
};

/* The editor is done: what it left replaces the buffer (an empty file or
 * a failed editor changes nothing). As tmux, a newline the editor added
 * at the end of a buffer that had none goes. */
static void
cmd_choose_buffer_edited(char *buf, size_t len, void *arg)
{
	struct cmd_choose_buffer_edit	*ed = arg;
	struct paste_buffer		*pb;
	const char			*old;
	size_t				 oldlen;

	pb = paste_find(ed->name);
	if (buf != NULL && pb != NULL && pb == ed->pb) {
		old = paste_data(pb, &oldlen);
		if (oldlen != 0 && old[oldlen - 1] != '\n' &&
		    buf[len - 1] == '\n')
			len--;
		if (len != 0)
			paste_replace(pb, buf, len);
	}
	free(buf);
	free(ed->name);
	free(ed);
}

/* e: edit the buffer named id in the editor. */
static void
cmd_choose_buffer_edit(struct client *c, const char *id)
{
	struct cmd_choose_buffer_edit	*ed;
	struct paste_buffer		*pb;
	const char			*data;
	size_t				 len;

	if (c == NULL || (pb = paste_find(id)) == NULL)
		return;
	data = paste_data(pb, &len);
	ed = xcalloc(1, sizeof *ed);
	ed->name = xstrdup(id);
	ed->pb = pb;
	if (popup_editor(c, data, len, cmd_choose_buffer_edited, ed) != 0) {
		free(ed->name);
		free(ed);
	}
}

static void
cmd_choose_buffer_key(struct customize *tree, struct pane *p,
    struct client *c, void *data, key_code key, const char *id)
{
	struct cmd_choose	*cc = data, tmp;
	const char		*name;
	char			**names = NULL, *template;
	unsigned int		 i = 0, n = 0;

	if (cmd_choose_key(cc, key) || id == NULL)
		return;
	switch (key) {
	case 'e':
		cmd_choose_buffer_edit(c, id);
		return;
	case 'd':
		cmd_choose_buffer_delete(id);
		break;
	case 'D':
		while ((name = customize_next_tagged(tree, &i)) != NULL) {
			names = xreallocarray(names, n + 1, sizeof *names);
			names[n++] = xstrdup(name);
		}
		for (i = 0; i < n; i++) {
			cmd_choose_buffer_delete(names[i]);
			free(names[i]);
		}
		free(names);
		break;
	case 'P':
	case 'p':
	case '\r':
	case KEYC_KP_ENTER:
		/* Leave, then paste: the pane is no longer in the mode. */
		if (key == 'P') {
			while ((name = customize_next_tagged(tree, &i)) != NULL) {
				names = xreallocarray(names, n + 1,
				    sizeof *names);
				names[n++] = xstrdup(name);
			}
		} else {
			names = xmalloc(sizeof *names);
			names[n++] = xstrdup(id);
		}
		template = xstrdup(cc->template);
		memset(&tmp, 0, sizeof tmp);
		tmp.pane = cc->pane;
		pane_mode_reset(p);
		for (i = 0; i < n; i++) {
			cmd_choose_run(c, &tmp, template, names[i]);
			free(names[i]);
		}
		free(names);
		free(template);
		return;
	}
	if (paste_top() == NULL)
		pane_mode_reset(p);	/* the last one went */
}

static const struct customize_ops cmd_choose_buffer_ops = {
	.name = "buffer-mode",
	.tree = 1,
	.build = cmd_choose_buffer_build,
	.key = cmd_choose_buffer_key,
	.free = cmd_choose_free,
	.draw = cmd_choose_buffer_draw,
	.sort = cmd_choose_sort,
	.line_key = cmd_choose_buffer_line_key,
	.search = cmd_choose_buffer_search,
};

static enum cmd_retval
cmd_choose_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct cmd_choose	*cc;

	if (item->target.p == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	if (paste_top() == NULL)
		return (CMD_RETURN_NORMAL);	/* nothing to list, as tmux */
	cc = xcalloc(1, sizeof *cc);
	cmd_choose_init(cc, self, item, cmd_choose_buffer_sorts,
	    CHOOSE_BUFFER_TEMPLATE, CHOOSE_BUFFER_FORMAT);
	cmd_choose_start(self, item, &cmd_choose_buffer_ops, cc, cc,
	    args_get(self->args, 'f'), args_has(self->args, 'N'));
	return (CMD_RETURN_NORMAL);
}
