/*
 * What the choose commands share (see cmd-choose.h).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "server/choose.h"
#include "server/client.h"
#include "server/prompt.h"
#include "server/window.h"

int
cmd_choose_init(struct cmd_choose *cc, struct cmd *self,
    struct cmdq_item *item, const char *const *sorts, const char *template,
    const char *format)
{
	struct args	*args = self->args;
	const char	*order = args_get(args, 'O');
	int		 i;

	memset(cc, 0, sizeof *cc);
	cc->sorts = sorts;
	if (order != NULL) {
		for (i = 0; sorts != NULL && sorts[i] != NULL; i++) {
			if (strcmp(sorts[i], order) == 0)
				break;
		}
		if (sorts == NULL || sorts[i] == NULL) {
			cmdq_error(item, "invalid sort order: %s", order);
			return (-1);
		}
		cc->sort = i;
	}
	cc->reverse = args_has(args, 'r');
	if (args->argc > 0)
		template = args->argv[0];
	cc->template = xstrdup(template);
	if (args_get(args, 'F') != NULL)
		format = args_get(args, 'F');
	cc->format = xstrdup(format);
	if (args_get(args, 'f') != NULL)
		cc->filter = xstrdup(args_get(args, 'f'));
	if (item->target.p != NULL) {
		cc->has_pane = 1;
		cc->pane = item->target.p->id;
	}
	return (0);
}

void
cmd_choose_clear(struct cmd_choose *cc)
{
	free(cc->template);
	free(cc->format);
	free(cc->filter);
}

enum cmd_retval
cmd_choose_open(struct cmd *self, struct cmdq_item *item, const char *what,
    const struct choose_ops *ops, const char *const *sorts,
    const char *template, const char *format, int empty)
{
	struct client		*c;
	struct cmd_choose	*cc;

	cc = xcalloc(1, sizeof *cc);
	if (cmd_choose_init(cc, self, item, sorts, template, format) != 0) {
		free(cc);
		return (CMD_RETURN_ERROR);
	}
	if (empty) {
		/* Nothing to list: no list opens, as in tmux. */
		cmd_choose_free(cc);
		return (CMD_RETURN_NORMAL);
	}
	if ((c = cmd_find_client(item)) == NULL) {
		cmd_choose_free(cc);
		cmdq_error(item, "no client to show the %s on", what);
		return (CMD_RETURN_ERROR);
	}
	choose_open(c, ops, cc, NULL);
	return (CMD_RETURN_NORMAL);
}

void
cmd_choose_chosen(struct client *c, void *data, const char *id)
{
	cmd_choose_run(c, data, id);
}

void
cmd_choose_free(void *data)
{
	cmd_choose_clear(data);
	free(data);
}

int
cmd_choose_delete_key(struct choose *ch, key_code key,
    void (*fn)(const char *))
{
	const char	*id;
	unsigned int	 i = 0;

	switch (key) {
	case 'd':
		if ((id = choose_selected(ch)) != NULL)
			fn(id);
		return (1);
	case 'D':
		while ((id = choose_next_tagged(ch, &i)) != NULL)
			fn(id);
		return (1);
	}
	return (0);
}

int
cmd_choose_key(struct cmd_choose *cc, key_code key)
{
	switch (key) {
	case 'O':
		if (cc->sorts != NULL && cc->sorts[++cc->sort] == NULL)
			cc->sort = 0;
		return (1);
	case 'r':
		cc->reverse = !cc->reverse;
		return (1);
	}
	return (0);
}

int
cmd_choose_true(const char *v)
{
	return (*v != '\0' && strcmp(v, "0") != 0);
}

char *
cmd_choose_template(const char *template, const char *s)
{
	const char	*p = template, *q;
	char		*out;
	size_t		 len = 0, size;
	int		 replaced = 0, quoted;

	/* Each % may become s with every byte escaped. */
	size = strlen(template) + 1;
	for (q = template; (q = strchr(q, '%')) != NULL; q++)
		size += 2 * strlen(s);
	out = xmalloc(size);
	while (*p != '\0') {
		if (p[0] != '%' || (p[1] != '1' && (p[1] != '%' || replaced))) {
			out[len++] = *p++;
			continue;
		}
		/* %% (the first only, as tmux) or %1 every time. */
		if (p[1] == '%')
			replaced = 1;
		p += 2;
		if ((quoted = (*p == '%')))
			p++;
		for (q = s; *q != '\0'; q++) {
			if (quoted && strchr("\"\\$;~", *q) != NULL)
				out[len++] = '\\';
			out[len++] = *q;
		}
	}
	out[len] = '\0';
	return (out);
}

/* The commands a line ran have finished: show the first error line. */
static void
cmd_choose_done(struct cmdq_item *item, void *arg)
{
	struct client	*c = item->client;
	char		*nl;

	if (item->err.len == 0 || c == NULL || c->session == NULL)
		return;
	pw_u8(&item->err, '\0');
	if ((nl = strchr((char *)item->err.data, '\n')) != NULL)
		*nl = '\0';
	message_set(c, (char *)item->err.data);
}

void
cmd_choose_run(struct client *c, const struct cmd_choose *cc,
    const char *id)
{
	struct cmd_list		*cl;
	struct cmdq_item	*item;
	char			*text, *cause = NULL;

	text = cmd_choose_template(cc->template, id);
	if ((cl = cmd_parse_string(text, NULL, &cause)) == NULL) {
		if (c->session != NULL)
			message_set(c, cause);
		free(cause);
		free(text);
		return;
	}
	free(text);
	item = cmdq_new(c, cl, NULL);
	cmd_list_free(cl);
	if (cc->has_pane) {
		item->has_pane = 1;
		item->pane = cc->pane;
	}
	cmdq_run(item, cmd_choose_done, NULL);
}
