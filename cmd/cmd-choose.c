/*
 * What the choose commands share (see cmd-choose.h).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "draw/customize.h"
#include "model/format.h"
#include "draw/prompt.h"
#include "model/window.h"

void
cmd_choose_init(struct cmd_choose *cc, struct cmd *self,
    struct cmdq_item *item, const char *const *sorts, const char *template,
    const char *format)
{
	struct args	*args = self->args;
	const char	*order = args_get(args, 'O');
	int		 i;

	memset(cc, 0, sizeof *cc);
	cc->sorts = sorts;
	for (i = 0; order != NULL && sorts[i] != NULL; i++) {
		if (strcasecmp(sorts[i], order) == 0)
			cc->sort = i;
	}
	cc->reverse = args_has(args, 'r');
	if (args->argc > 0)
		template = args->argv[0];
	cc->template = xstrdup(template);
	if (args_get(args, 'F') != NULL)
		format = args_get(args, 'F');
	cc->format = xstrdup(format);
	if (args_get(args, 'K') != NULL)
		cc->key_format = xstrdup(args_get(args, 'K'));
	if (item->target.p != NULL)
		cc->pane = item->target.p->id;
}

void
cmd_choose_clear(struct cmd_choose *cc)
{
	struct pane	*p = pane_find_by_id(cc->pane);

	/* -Z: the zoom ends with the mode, unless the pane is going. */
	if (cc->zoomed && p != NULL && p->window != NULL &&
	    (p->window->flags & WINDOW_ZOOMED) && !(p->flags & PANE_EXITED))
		window_zoom(p->window, 0);
	free(cc->template);
	free(cc->format);
	free(cc->key_format);
}

void
cmd_choose_free(void *data)
{
	cmd_choose_clear(data);
	free(data);
}

void
cmd_choose_start(struct cmd *self, struct cmdq_item *item,
    const struct customize_ops *ops, struct cmd_choose *cc, void *data,
    const char *filter, int no_preview)
{
	struct args	*args = self->args;
	struct target	*t = &item->target;

	if (args_has(args, 'Z') && !(t->w->flags & WINDOW_ZOOMED) &&
	    window_count_panes(t->w) > 1) {
		/* tmux zooms the target pane, making it active. */
		if (t->w->active != t->p)
			window_set_active(t->w, t->p);
		window_zoom(t->w, 1);
		cc->zoomed = 1;
	}
	customize_open(t->p, ops, data, filter, no_preview);
}

int
cmd_choose_key(struct cmd_choose *cc, key_code key)
{
	switch (key) {
	case 'O':
		if (cc->sorts[++cc->sort] == NULL)
			cc->sort = 0;
		return (1);
	case 'r':
		cc->reverse = !cc->reverse;
		return (1);
	}
	return (0);
}

const char *
cmd_choose_sort(void *data)
{
	struct cmd_choose	*cc = data;

	snprintf(cc->sort_name, sizeof cc->sort_name, "%s%s",
	    cc->sorts[cc->sort], cc->reverse ? ", reversed" : "");
	return (cc->sort_name);
}

key_code
cmd_choose_line_key(struct cmd_choose *cc, const struct target *t,
    struct client *c, unsigned int line)
{
	struct format_pair	pair;
	struct format_extra	extra;
	char			n[16], *s;
	key_code		key;

	if (cc->key_format == NULL) {
		if (line < 10)
			return ('0' + line);
		if (line < 36)
			return (('a' + line - 10) | KEYC_META);
		return (KEYC_NONE);
	}
	snprintf(n, sizeof n, "%u", line);
	pair.name = "line";
	pair.value = n;
	memset(&extra, 0, sizeof extra);
	extra.pairs = &pair;
	extra.npairs = 1;
	s = format_expand_extra(cc->key_format, t, c, &extra);
	key = *s != '\0' ? key_from_string(s) : KEYC_NONE;
	free(s);
	return (key);
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
	struct client		*c = item->client;
	struct pane		*p = pane_find_by_id((unsigned int)(uintptr_t)arg);
	struct customize	*ct;
	char			*nl;

	/* What they changed shows in the tree, if it is still there. */
	if (p != NULL && (ct = customize_get(p)) != NULL) {
		customize_rebuild(ct);
		customize_redraw(ct);
	}
	if (item->err.len == 0 || c == NULL || c->session == NULL)
		return;
	pw_u8(&item->err, '\0');
	if ((nl = strchr((char *)item->err.data, '\n')) != NULL)
		*nl = '\0';
	message_set(c, (char *)item->err.data);
}

/* Run text as commands for c, in pane's context. */
static void
cmd_choose_run_text(struct client *c, unsigned int pane, const char *text)
{
	struct cmd_list		*cl;
	struct cmdq_item	*item;
	char			*cause = NULL;

	if (*text == '\0')
		return;
	if ((cl = cmd_parse_string(text, NULL, &cause)) == NULL) {
		if (c != NULL && c->session != NULL && cause != NULL) {
			cause[0] = toupper((unsigned char)cause[0]);
			message_set(c, cause);
		}
		free(cause);
		return;
	}
	item = cmdq_new(c, cl, NULL);
	cmd_list_free(cl);
	if (pane_find_by_id(pane) != NULL) {
		item->has_pane = 1;
		item->pane = pane;
	}
	cmdq_run(item, cmd_choose_done, (void *)(uintptr_t)pane);
}

void
cmd_choose_run(struct client *c, const struct cmd_choose *cc,
    const char *template, const char *target)
{
	char	*text;

	text = cmd_choose_template(template, target);
	cmd_choose_run_text(c, cc->pane, text);
	free(text);
}

/* What a prompt of the tree acts on. */
struct cmd_choose_prompt {
	unsigned int	  pane;
	char		**strings;
	unsigned int	  n;
};

static void
cmd_choose_prompt_free(void *arg)
{
	struct cmd_choose_prompt	*cp = arg;
	unsigned int			 i;

	for (i = 0; i < cp->n; i++)
		free(cp->strings[i]);
	free(cp->strings);
	free(cp);
}

static struct cmd_choose_prompt *
cmd_choose_prompt_new(unsigned int pane, char **strings, unsigned int n)
{
	struct cmd_choose_prompt	*cp = xcalloc(1, sizeof *cp);

	cp->pane = pane;
	cp->strings = strings;
	cp->n = n;
	return (cp);
}

/* A y (and only that) runs the commands. */
static void
cmd_choose_confirm_done(struct client *c, const char *input, void *arg)
{
	struct cmd_choose_prompt	*cp = arg;
	unsigned int			 i;

	if (tolower((unsigned char)input[0]) != 'y' || input[1] != '\0')
		return;
	for (i = 0; i < cp->n; i++)
		cmd_choose_run_text(c, cp->pane, cp->strings[i]);
}

void
cmd_choose_confirm(struct client *c, unsigned int pane, const char *prompt,
    char **commands, unsigned int n)
{
	prompt_open_input(c, prompt, "", PROMPT_SINGLE,
	    cmd_choose_confirm_done, cmd_choose_prompt_free,
	    cmd_choose_prompt_new(pane, commands, n));
}

/* The command typed at ':' for each target. */
static void
cmd_choose_command_done(struct client *c, const char *input, void *arg)
{
	struct cmd_choose_prompt	*cp = arg;
	unsigned int			 i;
	char				*text;

	if (*input == '\0')
		return;
	for (i = 0; i < cp->n; i++) {
		text = cmd_choose_template(input, cp->strings[i]);
		cmd_choose_run_text(c, cp->pane, text);
		free(text);
	}
}

void
cmd_choose_command_prompt(struct client *c, struct cmd_choose *cc,
    char **targets, unsigned int n, int tagged)
{
	char	*prompt;

	if (tagged)
		prompt = xasprintf("(%u tagged) ", n);
	else
		prompt = xstrdup("(current) ");
	prompt_open_input(c, prompt, "", PROMPT_COMMAND,
	    cmd_choose_command_done, cmd_choose_prompt_free,
	    cmd_choose_prompt_new(cc->pane, targets, n));
	free(prompt);
}
