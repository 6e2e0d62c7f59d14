/*
 * The command prompt and status messages (see prompt.h). The input is kept
 * as code points so that editing moves by characters; history is the
 * server's, newest last, bounded at PROMPT_HISTORY_MAX entries.
 */
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "server/client.h"
#include "server/options.h"
#include "server/prompt.h"
#include "server/server.h"
#include "server/session.h"

#define PROMPT_HISTORY_MAX	100
#define PROMPT_INPUT_MAX	4096

struct prompt {
	char		*label;
	char		*template;
	int		 type;
	uint32_t	*cps;
	unsigned int	 len;
	unsigned int	 cursor;
	int		 history_at;	/* -1: editing new input */
};

/* Replace the input with UTF-8 text. */
static void
prompt_set_text(struct prompt *pr, const char *text)
{
	size_t		left = strlen(text);
	uint32_t	cp;
	int		n;

	pr->len = 0;
	while (left > 0 && pr->len < PROMPT_INPUT_MAX) {
		if ((n = utf8_decode(text, left, &cp)) <= 0) {
			text++;
			left--;
			continue;
		}
		pr->cps[pr->len++] = cp;
		text += n;
		left -= n;
	}
	pr->cursor = pr->len;
}

void
prompt_open(struct client *c, const char *label, const char *initial,
    const char *template, int type)
{
	struct prompt	*pr;

	prompt_close(c);
	message_clear(c);
	pr = xcalloc(1, sizeof *pr);
	pr->label = xstrdup(label);
	pr->template = template != NULL ? xstrdup(template) : NULL;
	pr->type = type;
	pr->cps = xreallocarray(NULL, PROMPT_INPUT_MAX, sizeof *pr->cps);
	pr->history_at = -1;
	prompt_set_text(pr, initial != NULL ? initial : "");
	c->prompt = pr;
	server_status_changed();
}

void
prompt_close(struct client *c)
{
	struct prompt	*pr = c->prompt;
	void		(*done)(void *, struct cmd_list *) = c->prompt_done;

	/* A command waiting for this prompt goes on (nothing accepted). */
	c->prompt_done = NULL;
	if (done != NULL)
		done(c->prompt_done_arg, NULL);
	if (pr == NULL)
		return;
	free(pr->label);
	free(pr->template);
	free(pr->cps);
	free(pr);
	c->prompt = NULL;
	server_status_changed();
}

int
prompt_active(const struct client *c)
{
	return (c->prompt != NULL);
}

const char *
prompt_label(const struct client *c)
{
	return (c->prompt != NULL ? c->prompt->label : "");
}

char *
prompt_input(const struct client *c, unsigned int *cursor)
{
	struct prompt	*pr = c->prompt;
	char		*out, *p;
	unsigned int	 i, col = 0;
	int		 w;

	out = p = xmalloc((size_t)pr->len * 4 + 1);
	for (i = 0; i < pr->len; i++) {
		p += utf8_encode(pr->cps[i], p);
		if (i < pr->cursor && (w = utf8_cp_width(pr->cps[i])) > 0)
			col += w;
	}
	*p = '\0';
	*cursor = col;
	return (out);
}

/* Remember accepted input (no empty lines, no immediate repeats). */
static void
prompt_history_add(const char *line)
{
	struct prompt_history	*h = &srv->prompt_history;

	if (*line == '\0' || (h->n > 0 && strcmp(h->lines[h->n - 1],
	    line) == 0))
		return;
	if (h->n == PROMPT_HISTORY_MAX) {
		free(h->lines[0]);
		memmove(h->lines, h->lines + 1, (h->n - 1) * sizeof *h->lines);
		h->n--;
	}
	h->lines = xreallocarray(h->lines, h->n + 1, sizeof *h->lines);
	h->lines[h->n++] = xstrdup(line);
}

void
prompt_history_free(void)
{
	struct prompt_history	*h = &srv->prompt_history;
	unsigned int		 i;

	for (i = 0; i < h->n; i++)
		free(h->lines[i]);
	free(h->lines);
	h->lines = NULL;
	h->n = 0;
}

/* Up (older) or down (newer) through history. */
static void
prompt_history_move(struct prompt *pr, int older)
{
	struct prompt_history	*h = &srv->prompt_history;
	int			 at = pr->history_at;

	if (older) {
		if (at == -1)
			at = h->n;
		if (at == 0)
			return;
		at--;
	} else {
		if (at == -1)
			return;
		if (++at >= (int)h->n) {
			pr->history_at = -1;
			prompt_set_text(pr, "");
			return;
		}
	}
	pr->history_at = at;
	prompt_set_text(pr, h->lines[at]);
}

/* Is cp part of a word (for C-w and M-b/M-f)? */
static int
prompt_is_word(uint32_t cp)
{
	return (cp != ' ' && cp != '\t');
}

/* Delete n code points at the cursor. */
static void
prompt_delete(struct prompt *pr, unsigned int at, unsigned int n)
{
	if (at + n > pr->len)
		n = pr->len - at;
	memmove(pr->cps + at, pr->cps + at + n,
	    (pr->len - at - n) * sizeof *pr->cps);
	pr->len -= n;
}

/* Build the command from the template: %% and %1 become the input. */
static char *
prompt_command(const struct prompt *pr, const char *input)
{
	const char	*t = pr->template, *p;
	char		*out;
	size_t		 size, len = 0, ilen = strlen(input);

	if (t == NULL)
		return (xstrdup(input));
	size = strlen(t) + 1;
	for (p = t; (p = strchr(p, '%')) != NULL; p++)
		size += ilen;
	out = xmalloc(size);
	for (p = t; *p != '\0'; p++) {
		if (p[0] == '%' && (p[1] == '%' || p[1] == '1')) {
			memcpy(out + len, input, ilen);
			len += ilen;
			p++;
			continue;
		}
		out[len++] = *p;
	}
	out[len] = '\0';
	return (out);
}

enum prompt_result
prompt_key(struct client *c, key_code key, char **command)
{
	struct prompt	*pr = c->prompt;
	key_code	 base = key & KEYC_MASK_KEY;
	unsigned int	 cursor, at;
	char		*input;

	server_status_changed();
	if (pr->type == PROMPT_CONFIRM) {
		*command = NULL;
		if (key == 'y' || key == 'Y')
			*command = prompt_command(pr, "y");
		prompt_close(c);
		return (*command != NULL ? PROMPT_ACCEPT : PROMPT_CANCEL);
	}
	if (pr->type == PROMPT_KEYNAME) {
		/* command-prompt -k: the key's name, whatever the key. */
		*command = prompt_command(pr, key_to_string(key));
		prompt_close(c);
		return (PROMPT_ACCEPT);
	}
	if (pr->type == PROMPT_SINGLE && key != 0x1b &&
	    key != ('c'|KEYC_CTRL) && key != ('g'|KEYC_CTRL)) {
		/* command-prompt -1: one character; other keys wait. */
		char	text[8];
		int	n;

		if ((key & KEYC_MASK_MOD) != 0 || base < 0x20 ||
		    base == 0x7f || base >= KEYC_BASE)
			return (PROMPT_CONTINUE);
		n = utf8_encode(base, text);
		text[n] = '\0';
		*command = prompt_command(pr, text);
		prompt_close(c);
		return (PROMPT_ACCEPT);
	}
	if (pr->type == PROMPT_NUMERIC && (key < '0' || key > '9')) {
		/* A repeat count ends at the first key that is not a digit,
		 * which then does what it does (as tmux). */
		input = prompt_input(c, &cursor);
		*command = prompt_command(pr, input);
		free(input);
		prompt_close(c);
		return (PROMPT_ACCEPT_KEY);
	}
	switch (key) {
	case '\r':
	case KEYC_KP_ENTER:
		input = prompt_input(c, &cursor);
		prompt_history_add(input);
		*command = prompt_command(pr, input);
		free(input);
		prompt_close(c);
		return (PROMPT_ACCEPT);
	case 0x1b:
	case 'c'|KEYC_CTRL:
	case 'g'|KEYC_CTRL:
		prompt_close(c);
		return (PROMPT_CANCEL);
	case KEYC_LEFT:
	case 'b'|KEYC_CTRL:
		if (pr->cursor > 0)
			pr->cursor--;
		return (PROMPT_CONTINUE);
	case KEYC_RIGHT:
	case 'f'|KEYC_CTRL:
		if (pr->cursor < pr->len)
			pr->cursor++;
		return (PROMPT_CONTINUE);
	case KEYC_HOME:
	case 'a'|KEYC_CTRL:
		pr->cursor = 0;
		return (PROMPT_CONTINUE);
	case KEYC_END:
	case 'e'|KEYC_CTRL:
		pr->cursor = pr->len;
		return (PROMPT_CONTINUE);
	case KEYC_BSPACE:
	case 'h'|KEYC_CTRL:
		if (pr->cursor > 0) {
			pr->cursor--;
			prompt_delete(pr, pr->cursor, 1);
		}
		return (PROMPT_CONTINUE);
	case KEYC_DC:
	case 'd'|KEYC_CTRL:
		prompt_delete(pr, pr->cursor, 1);
		return (PROMPT_CONTINUE);
	case 'u'|KEYC_CTRL:
		prompt_delete(pr, 0, pr->cursor);
		pr->cursor = 0;
		return (PROMPT_CONTINUE);
	case 'k'|KEYC_CTRL:
		pr->len = pr->cursor;
		return (PROMPT_CONTINUE);
	case 'w'|KEYC_CTRL:
		at = pr->cursor;
		while (at > 0 && !prompt_is_word(pr->cps[at - 1]))
			at--;
		while (at > 0 && prompt_is_word(pr->cps[at - 1]))
			at--;
		prompt_delete(pr, at, pr->cursor - at);
		pr->cursor = at;
		return (PROMPT_CONTINUE);
	case 'b'|KEYC_META:
		while (pr->cursor > 0 && !prompt_is_word(pr->cps[pr->cursor - 1]))
			pr->cursor--;
		while (pr->cursor > 0 && prompt_is_word(pr->cps[pr->cursor - 1]))
			pr->cursor--;
		return (PROMPT_CONTINUE);
	case 'f'|KEYC_META:
		while (pr->cursor < pr->len && !prompt_is_word(pr->cps[pr->cursor]))
			pr->cursor++;
		while (pr->cursor < pr->len && prompt_is_word(pr->cps[pr->cursor]))
			pr->cursor++;
		return (PROMPT_CONTINUE);
	case KEYC_UP:
	case 'p'|KEYC_CTRL:
		prompt_history_move(pr, 1);
		return (PROMPT_CONTINUE);
	case KEYC_DOWN:
	case 'n'|KEYC_CTRL:
		prompt_history_move(pr, 0);
		return (PROMPT_CONTINUE);
	}
	if (key == '\t')
		base = ' ';	/* no completion yet: a Tab is a space */
	else if ((key & KEYC_MASK_MOD) != 0 || KEYC_IS_SPECIAL(key) ||
	    base < 0x20 || base == 0x7f)
		return (PROMPT_CONTINUE);	/* not text: ignored */
	if (pr->len >= PROMPT_INPUT_MAX)
		return (PROMPT_CONTINUE);
	memmove(pr->cps + pr->cursor + 1, pr->cps + pr->cursor,
	    (pr->len - pr->cursor) * sizeof *pr->cps);
	pr->cps[pr->cursor++] = base;
	pr->len++;
	return (PROMPT_CONTINUE);
}

/* The message's time is up. */
static void
message_timer_cb(int fd, short events, void *arg)
{
	message_clear(arg);
}

void
message_set(struct client *c, const char *text)
{
	message_show(c, text, -1, 0);
}

void
message_show(struct client *c, const char *text, long long ms, int nokeys)
{
	struct timeval	tv;
	char		*name;

	message_clear(c);
	c->message = xstrdup(text);
	c->message_nokeys = nokeys;
	name = client_name(c);
	server_add_message("%s message: %s", name, text);
	free(name);
	if (ms < 0) {
		ms = 750;
		if (c->session != NULL)
			ms = options_get_number(c->session->options,
			    "display-time");
	}
	if (ms > 0) {
		if (c->message_timer == NULL)
			c->message_timer = evtimer_new(srv->base,
			    message_timer_cb, c);
		tv.tv_sec = ms / 1000;
		tv.tv_usec = (ms % 1000) * 1000;
		evtimer_add(c->message_timer, &tv);
	}
	server_status_changed();
}

void
message_clear(struct client *c)
{
	if (c->message == NULL)
		return;
	free(c->message);
	c->message = NULL;
	if (c->message_timer != NULL)
		evtimer_del(c->message_timer);
	server_status_changed();
}

const char *
message_text(const struct client *c)
{
	return (c->message);
}
