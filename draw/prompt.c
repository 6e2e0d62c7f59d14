/*
 * The command prompt and status messages (see prompt.h). The input is kept
 * as code points so that editing moves by characters; history is the
 * server's, newest last, bounded by prompt-history-limit, and kept in
 * history-file (tmux's format: "command:" then the line) when it is set.
 * Tab completes the word before the cursor as tmux 3.3a does: a command
 * name first, later words also option and layout names; one match is put
 * in with a space after it, several extend the word to what they share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/options.h"
#include "draw/overlay.h"
#include "draw/prompt.h"
#include "draw/prompt-int.h"
#include "model/state.h"
#include "model/session.h"

#define PROMPT_INPUT_MAX	4096

struct prompt {
	char		*label;
	char		*template;
	int		 type;
	uint32_t	*cps;
	unsigned int	 len;
	unsigned int	 cursor;
	int		 history;	/* PROMPT_HISTORY_* */
	int		 flags;		/* PROMPT_INCREMENTAL */
	int		 history_at;	/* -1: editing new input */
	int		 command_mode;	/* status-keys vi: after Escape */
	prompt_key_cb	 keyfn;		/* the opener's key handler */
	/* prompt_open_input: where the accepted input goes. */
	void		(*input_fn)(struct client *, const char *, void *);
	void		(*input_free)(void *);
	void		*input_data;
};

static char	*prompt_command(const struct prompt *, const char *);

/* c's prompt, or NULL: the data of its overlay on the prompt's layer. */
static struct prompt *
prompt_get(const struct client *c)
{
	struct overlay	*ov = overlay_get(c, OVERLAY_LAYER_PROMPT);

	return (ov != NULL ? ov->data : NULL);
}

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
    const char *template, int type, int history, int flags,
    prompt_key_cb keyfn)
{
	struct prompt	*pr;

	prompt_close(c);
	message_clear(c);
	pr = xcalloc(1, sizeof *pr);
	pr->label = xstrdup(label);
	pr->template = template != NULL ? xstrdup(template) : NULL;
	pr->type = type;
	pr->history = history;
	pr->flags = flags;
	pr->cps = xreallocarray(NULL, PROMPT_INPUT_MAX, sizeof *pr->cps);
	pr->history_at = -1;
	pr->keyfn = keyfn;
	prompt_set_text(pr, initial != NULL ? initial : "");
	overlay_open(c, &prompt_overlay_ops, pr, 0, 0, 0, 0,
	    OVERLAY_LINES_NONE, NULL);
	server_status_changed();
}

void
prompt_open_input(struct client *c, const char *label, const char *initial,
    int type, void (*fn)(struct client *, const char *, void *),
    void (*freefn)(void *), void *data)
{
	struct prompt	*pr;

	prompt_open(c, label, initial, NULL, type, PROMPT_HISTORY_COMMAND, 0,
	    NULL);
	pr = prompt_get(c);
	pr->input_fn = fn;
	pr->input_free = freefn;
	pr->input_data = data;
}

/* Accept input: the command to run (heap string), or for a prompt opened
 * with prompt_open_input, give the input to its function and return NULL.
 * The prompt is closed either way. */
static char *
prompt_accept(struct client *c, const char *input)
{
	struct prompt	*pr = prompt_get(c);
	void		(*fn)(struct client *, const char *, void *);
	void		(*freefn)(void *);
	void		*data;
	char		*command;

	if ((fn = pr->input_fn) == NULL) {
		command = prompt_command(pr, input);
		prompt_close(c);
		return (command);
	}
	/* Closed first: fn may open another prompt. */
	freefn = pr->input_free;
	data = pr->input_data;
	pr->input_fn = NULL;
	pr->input_free = NULL;
	command = xstrdup(input);
	prompt_close(c);
	fn(c, command, data);
	free(command);
	if (freefn != NULL)
		freefn(data);
	return (NULL);
}

void
prompt_close(struct client *c)
{
	struct prompt	*pr = prompt_get(c);
	void		(*done)(void *, struct cmd_list *) = c->prompt_done;

	/* A command waiting for this prompt goes on (nothing accepted). */
	c->prompt_done = NULL;
	if (done != NULL)
		done(c->prompt_done_arg, NULL);
	if (pr != NULL)
		overlay_close(overlay_get(c, OVERLAY_LAYER_PROMPT), -1);
}

prompt_key_cb
prompt_key_handler(const struct prompt *pr)
{
	return (pr->keyfn);
}

void
prompt_free(struct prompt *pr)
{
	if (pr->input_free != NULL)
		pr->input_free(pr->input_data);
	free(pr->label);
	free(pr->template);
	free(pr->cps);
	free(pr);
	server_status_changed();
}

int
prompt_active(const struct client *c)
{
	return (prompt_get(c) != NULL);
}

int
prompt_command_mode(const struct client *c)
{
	struct prompt	*pr = prompt_get(c);

	return (pr != NULL && pr->command_mode);
}

const char *
prompt_label(const struct client *c)
{
	struct prompt	*pr = prompt_get(c);

	return (pr != NULL ? pr->label : "");
}

char *
prompt_input(const struct client *c, unsigned int *cursor)
{
	struct prompt	*pr = prompt_get(c);
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

/* The history-file path (~/ is $HOME), or NULL when unset. Heap. */
static char *
prompt_history_path(void)
{
	const char	*path = options_get_string(srv->options, "history-file");
	const char	*home = getenv("HOME");

	if (*path == '\0')
		return (NULL);
	if (path[0] == '~' && path[1] == '/' && home != NULL)
		return (xasprintf("%s%s", home, path + 1));
	return (xstrdup(path));
}

static const char *const prompt_history_names[PROMPT_HISTORY_NTYPES] = {
	"command", "search", "target", "window-target"
};

int
prompt_history_type(const char *name)
{
	int	i;

	for (i = 0; i < PROMPT_HISTORY_NTYPES; i++) {
		if (strcmp(prompt_history_names[i], name) == 0)
			return (i);
	}
	return (-1);
}

const char *
prompt_history_name(int type)
{
	return (prompt_history_names[type]);
}

const struct prompt_history *
prompt_history_get(int type)
{
	return (&srv->prompt_history[type]);
}

/* Write the histories to history-file, if set, each line after its type
 * (errors are ignored, as tmux ignores them). */
static void
prompt_history_save(void)
{
	struct prompt_history	*h;
	char			*path = prompt_history_path();
	FILE			*f;
	unsigned int		 i;
	int			 type;

	if (path == NULL)
		return;
	if ((f = fopen(path, "w")) != NULL) {
		for (type = 0; type < PROMPT_HISTORY_NTYPES; type++) {
			h = &srv->prompt_history[type];
			for (i = 0; i < h->n; i++)
				fprintf(f, "%s:%s\n",
				    prompt_history_names[type], h->lines[i]);
		}
		fclose(f);
	}
	free(path);
}

/* Remember accepted input (no empty lines, no immediate repeats). */
static void
prompt_history_push(int type, const char *line)
{
	struct prompt_history	*h = &srv->prompt_history[type];
	long long		 limit;

	limit = options_get_number(srv->options, "prompt-history-limit");
	if (*line == '\0' || (h->n > 0 && strcmp(h->lines[h->n - 1],
	    line) == 0))
		return;
	while (h->n > 0 && h->n >= limit) {
		free(h->lines[0]);
		memmove(h->lines, h->lines + 1, (h->n - 1) * sizeof *h->lines);
		h->n--;
	}
	if (limit == 0)
		return;
	h->lines = xreallocarray(h->lines, h->n + 1, sizeof *h->lines);
	h->lines[h->n++] = xstrdup(line);
}

static void
prompt_history_add(int type, const char *line)
{
	prompt_history_push(type, line);
	prompt_history_save();
}

void
prompt_history_load(void)
{
	char	*path = prompt_history_path(), *line = NULL, *text, *colon;
	size_t	 size = 0;
	ssize_t	 n;
	FILE	*f;
	int	 type;

	if (path == NULL || (f = fopen(path, "r")) == NULL) {
		free(path);
		return;
	}
	prompt_history_free();
	while ((n = getline(&line, &size, f)) != -1) {
		if (n > 0 && line[n - 1] == '\n')
			line[n - 1] = '\0';
		/* "type:line"; a line without a known type is a command. */
		type = PROMPT_HISTORY_COMMAND;
		text = line;
		if ((colon = strchr(line, ':')) != NULL) {
			*colon = '\0';
			if ((type = prompt_history_type(line)) == -1) {
				type = PROMPT_HISTORY_COMMAND;
				*colon = ':';
			} else
				text = colon + 1;
		}
		prompt_history_push(type, text);
	}
	free(line);
	fclose(f);
	free(path);
}

void
prompt_history_clear(int type)
{
	struct prompt_history	*h = &srv->prompt_history[type];
	unsigned int		 i;

	for (i = 0; i < h->n; i++)
		free(h->lines[i]);
	free(h->lines);
	h->lines = NULL;
	h->n = 0;
}

void
prompt_history_free(void)
{
	int	type;

	for (type = 0; type < PROMPT_HISTORY_NTYPES; type++)
		prompt_history_clear(type);
}

/* Up (older) or down (newer) through history. */
static void
prompt_history_move(struct prompt *pr, int older)
{
	struct prompt_history	*h = &srv->prompt_history[pr->history];
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

	const char	*i;
	int		 quoted = 0;

	if (t == NULL)
		return (xstrdup(input));
	size = strlen(t) + 1;
	for (p = t; (p = strchr(p, '%')) != NULL; p++)
		size += 2 * ilen;
	out = xmalloc(size);
	for (p = t; *p != '\0'; p++) {
		if (p[0] == '%' && (p[1] == '%' || p[1] == '1')) {
			/* Inside double quotes, as tmux: the input stays
			 * one word, its " \ and $ escaped. */
			for (i = input; *i != '\0'; i++) {
				if (quoted && strchr("\"\\$", *i) != NULL)
					out[len++] = '\\';
				out[len++] = *i;
			}
			p++;
			continue;
		}
		if (*p == '"')
			quoted = !quoted;
		out[len++] = *p;
	}
	out[len] = '\0';
	return (out);
}

/* What Tab may complete word to: the longest text all the names that
 * start with it share, and how many there are. */
struct prompt_match {
	char		*common;	/* heap; NULL: none yet */
	unsigned int	 n;
};

static void
prompt_match_add(struct prompt_match *m, const char *word, const char *name)
{
	size_t	i;

	if (strncmp(name, word, strlen(word)) != 0)
		return;
	if (m->n != 0 && strcmp(m->common, name) == 0)
		return;		/* an alias that is also a name */
	m->n++;
	if (m->common == NULL) {
		m->common = xstrdup(name);
		return;
	}
	for (i = 0; m->common[i] != '\0' && m->common[i] == name[i]; i++)
		;
	m->common[i] = '\0';
}

void
prompt_complete(struct client *c, const char *const *commands)
{
	static const char *const layouts[] = {
		"even-horizontal", "even-vertical", "main-horizontal",
		"main-vertical", "tiled", NULL
	};
	struct prompt			*pr = prompt_get(c);
	const struct option_def		*od;
	struct prompt_match		 m = { NULL, 0 };
	unsigned int			 start, i, n, len;
	char				*word, *p;
	uint32_t			 cp;

	if (pr == NULL || pr->type != PROMPT_COMMAND)
		return;
	server_status_changed();
	start = pr->cursor;
	while (start > 0 && pr->cps[start - 1] != ' ')
		start--;
	word = p = xmalloc((size_t)(pr->cursor - start) * 4 + 1);
	for (i = start; i < pr->cursor; i++)
		p += utf8_encode(pr->cps[i], p);
	*p = '\0';
	for (n = 0; commands != NULL && commands[n] != NULL; n++)
		prompt_match_add(&m, word, commands[n]);
	for (i = 0; i < start && pr->cps[i] == ' '; i++)
		;
	if (i != start) {
		/* Not the first word: options and layouts too. */
		for (n = 0; (od = options_def_at(n)) != NULL; n++)
			prompt_match_add(&m, word, od->name);
		for (n = 0; layouts[n] != NULL; n++)
			prompt_match_add(&m, word, layouts[n]);
	}
	if (m.n == 0 || (m.n > 1 && strlen(m.common) == strlen(word))) {
		free(m.common);
		free(word);
		return;
	}
	/* Put in what the matches add (names are ASCII), then a space after
	 * a single match. */
	len = strlen(m.common) - strlen(word) + (m.n == 1);
	if (pr->len + len > PROMPT_INPUT_MAX)
		len = PROMPT_INPUT_MAX - pr->len;
	memmove(pr->cps + pr->cursor + len, pr->cps + pr->cursor,
	    (pr->len - pr->cursor) * sizeof *pr->cps);
	for (i = 0; i < len; i++) {
		cp = (unsigned char)m.common[strlen(word) + i];
		pr->cps[pr->cursor + i] = cp != '\0' ? cp : ' ';
	}
	pr->cursor += len;
	pr->len += len;
	free(m.common);
	free(word);
}

/* Type key at the cursor if it is text (others are ignored). */
static enum prompt_result
prompt_insert(struct prompt *pr, key_code key)
{
	key_code	base = key & KEYC_MASK_KEY;

	if (key == '\t')
		return (PROMPT_CONTINUE);	/* see prompt_complete */
	if ((key & KEYC_MASK_MOD) != 0 || KEYC_IS_SPECIAL(key) ||
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

/* Move the cursor over words as vi's w (to the next word's start), e (to
 * the end of this or the next word) and b (to this or the last word's
 * start). */
static void
prompt_vi_word(struct prompt *pr, int how)
{
	unsigned int	at = pr->cursor;

	switch (how) {
	case 'w':
		while (at < pr->len && prompt_is_word(pr->cps[at]))
			at++;
		while (at < pr->len && !prompt_is_word(pr->cps[at]))
			at++;
		break;
	case 'e':
		if (at < pr->len)
			at++;
		while (at < pr->len && !prompt_is_word(pr->cps[at]))
			at++;
		while (at + 1 < pr->len && prompt_is_word(pr->cps[at + 1]))
			at++;
		break;
	case 'b':
		while (at > 0 && !prompt_is_word(pr->cps[at - 1]))
			at--;
		while (at > 0 && prompt_is_word(pr->cps[at - 1]))
			at--;
		break;
	}
	pr->cursor = at;
}

/*
 * status-keys vi: Escape leaves typing for command mode, where vi's keys
 * become the prompt's own (h l 0 $ x X D C d S j k q, i a A I s to type
 * again). Returns 0 when the key is used up, 1 to go on with *key as an
 * emacs key, 2 to take it only as text, 3 for a word motion (w e b; W E
 * and B move as w e and b do).
 */
static int
prompt_vi_key(struct prompt *pr, key_code *key)
{
	if (!pr->command_mode) {
		switch (*key) {
		case 0x1b:
			pr->command_mode = 1;
			return (0);
		case '\r':
		case '\t':
		case KEYC_KP_ENTER:
		case KEYC_BSPACE:
		case KEYC_DC:
		case KEYC_UP:
		case KEYC_DOWN:
		case KEYC_LEFT:
		case KEYC_RIGHT:
		case KEYC_HOME:
		case KEYC_END:
		case 'a'|KEYC_CTRL:
		case 'c'|KEYC_CTRL:
		case 'e'|KEYC_CTRL:
		case 'g'|KEYC_CTRL:
		case 'h'|KEYC_CTRL:
		case 'k'|KEYC_CTRL:
		case 'n'|KEYC_CTRL:
		case 'p'|KEYC_CTRL:
		case 'u'|KEYC_CTRL:
		case 'w'|KEYC_CTRL:
			return (1);
		}
		return (2);
	}
	switch (*key) {
	case 'i':
	case 0x1b:
		pr->command_mode = 0;
		return (0);
	case 'A':
	case 'I':
	case 'C':
	case 'a':
	case 's':
		pr->command_mode = 0;	/* and as below */
		break;
	case 'S':
		pr->command_mode = 0;
		*key = 'u'|KEYC_CTRL;
		return (1);
	}
	switch (*key) {
	case 'A':
	case '$':
		*key = KEYC_END;
		return (1);
	case 'I':
	case '0':
	case '^':
		*key = KEYC_HOME;
		return (1);
	case 'C':
	case 'D':
		*key = 'k'|KEYC_CTRL;
		return (1);
	case 'X':
	case KEYC_BSPACE:
		*key = KEYC_BSPACE;
		return (1);
	case 'd':
		*key = 'u'|KEYC_CTRL;
		return (1);
	case 'q':
		*key = 'c'|KEYC_CTRL;
		return (1);
	case 's':
	case 'x':
	case KEYC_DC:
		*key = KEYC_DC;
		return (1);
	case 'j':
	case KEYC_DOWN:
		*key = KEYC_DOWN;
		return (1);
	case 'k':
	case KEYC_UP:
		*key = KEYC_UP;
		return (1);
	case 'h':
	case KEYC_LEFT:
		*key = KEYC_LEFT;
		return (1);
	case 'a':
	case 'l':
	case KEYC_RIGHT:
		*key = KEYC_RIGHT;
		return (1);
	case 'w':
	case 'W':
	case 'e':
	case 'E':
	case 'b':
	case 'B':
		return (3);
	case '\r':
	case KEYC_KP_ENTER:
	case 'c'|KEYC_CTRL:
	case 'h'|KEYC_CTRL:
		return (1);
	}
	return (0);
}

char *
prompt_incremental(const struct client *c, char prefix)
{
	unsigned int	 cursor;
	char		*input = prompt_input(c, &cursor), *text, *out;

	text = xasprintf("%c%s", prefix, input);
	out = prompt_command(prompt_get(c), text);
	free(text);
	free(input);
	return (out);
}

static enum prompt_result prompt_key_edit(struct client *, key_code,
			    char **);

enum prompt_result
prompt_key(struct client *c, key_code key, char **command)
{
	struct prompt		*pr = prompt_get(c);
	enum prompt_result	 result;
	unsigned int		 cursor;
	char			*before, *after;

	if (!(pr->flags & PROMPT_INCREMENTAL) || pr->type != PROMPT_COMMAND)
		return (prompt_key_edit(c, key, command));
	/* -i: C-r and C-s search again, Enter keeps what was found, and
	 * every change of the input runs the template with it. */
	switch (key) {
	case 'r'|KEYC_CTRL:
	case 's'|KEYC_CTRL:
		*command = prompt_incremental(c, key == ('r'|KEYC_CTRL) ?
		    '-' : '+');
		return (PROMPT_RUN);
	case '\r':
	case KEYC_KP_ENTER:
		after = prompt_input(c, &cursor);
		prompt_history_add(pr->history, after);
		free(after);
		prompt_close(c);
		return (PROMPT_CANCEL);
	}
	before = prompt_input(c, &cursor);
	result = prompt_key_edit(c, key, command);
	if (result == PROMPT_CONTINUE && prompt_get(c) == pr) {
		after = prompt_input(c, &cursor);
		if (strcmp(before, after) != 0) {
			*command = prompt_incremental(c, '=');
			result = PROMPT_RUN;
		}
		free(after);
	}
	free(before);
	return (result);
}

/* A key at the prompt, editing it. */
static enum prompt_result
prompt_key_edit(struct client *c, key_code key, char **command)
{
	struct prompt	*pr = prompt_get(c);
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
		key_code	base = key & KEYC_MASK_KEY;
		char		text[8];
		int		n;

		if ((key & KEYC_MASK_MOD) != 0 || base < 0x20 ||
		    base == 0x7f || base >= KEYC_BASE)
			return (PROMPT_CONTINUE);
		n = utf8_encode(base, text);
		text[n] = '\0';
		*command = prompt_accept(c, text);
		return (*command != NULL ? PROMPT_ACCEPT : PROMPT_CANCEL);
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
	if (c->session != NULL &&
	    options_get_number(c->session->options, "status-keys") == 1) {
		switch (prompt_vi_key(pr, &key)) {
		case 0:
			return (PROMPT_CONTINUE);
		case 2:
			return (prompt_insert(pr, key));
		case 3:
			prompt_vi_word(pr, (key == 'W' || key == 'E' ||
			    key == 'B') ? key + ('a' - 'A') : key);
			return (PROMPT_CONTINUE);
		}
	}
	switch (key) {
	case '\r':
	case KEYC_KP_ENTER:
		input = prompt_input(c, &cursor);
		prompt_history_add(pr->history, input);
		*command = prompt_accept(c, input);
		free(input);
		return (*command != NULL ? PROMPT_ACCEPT : PROMPT_CANCEL);
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
	return (prompt_insert(pr, key));
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

void
message_set_lines(struct client *c, const char *text, size_t len,
    const char *unit)
{
	const char	*nl;
	size_t		 first;
	unsigned int	 more = 0;
	char		*msg;

	while (len > 0 && text[len - 1] == '\n')
		len--;
	nl = memchr(text, '\n', len);
	first = nl != NULL ? (size_t)(nl - text) : len;
	for (; nl != NULL; nl = memchr(nl + 1, '\n', len - (nl + 1 - text)))
		more++;
	if (more == 0)
		msg = xasprintf("%.*s", (int)first, text);
	else
		msg = xasprintf("%.*s (and %u more %s%s)", (int)first, text,
		    more, unit, more == 1 ? "" : "s");
	message_set(c, msg);
	free(msg);
}
