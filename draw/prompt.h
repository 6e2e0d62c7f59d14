/*
 * prompt: the command prompt and messages a client shows in place of its
 * status line. A prompt edits one line (emacs-style keys, as tmux's
 * status-keys default) with a shared history; accepting it yields the
 * command to run, made from a template where %% and %1 stand for the
 * input. A message stays for display-time milliseconds, or until a key.
 */
#ifndef MUX_PROMPT_H
#define MUX_PROMPT_H

#include <stddef.h>
#include <stdint.h>

#include "common/key.h"

struct client;
struct prompt_history;

#define PROMPT_COMMAND	0	/* run the template with the input */
#define PROMPT_CONFIRM	1	/* run the template on 'y' */
#define PROMPT_NUMERIC	2	/* digits; any other key runs the template
				   with them, then goes on as a key */
#define PROMPT_SINGLE	3	/* one character is the input (-1) */
#define PROMPT_KEYNAME	4	/* one key, its name the input (-k) */

/* The histories kept apart, as tmux keeps them (command-prompt -T). */
#define PROMPT_HISTORY_COMMAND		0
#define PROMPT_HISTORY_SEARCH		1
#define PROMPT_HISTORY_TARGET		2
#define PROMPT_HISTORY_WINDOW_TARGET	3
#define PROMPT_HISTORY_NTYPES		4
/* The history type a name gives ("command", "search", "target",
 * "window-target"), or -1; and the name of a type. */
int		 prompt_history_type(const char *);
const char	*prompt_history_name(int);

/* prompt_open flags. */
#define PROMPT_INCREMENTAL	0x1	/* run the template as the input
					   changes (-i) */

/* What a key did to the prompt. */
enum prompt_result {
	PROMPT_CONTINUE,	/* still editing */
	PROMPT_CANCEL,		/* closed, nothing to run */
	PROMPT_ACCEPT,		/* closed: run *command */
	PROMPT_ACCEPT_KEY,	/* closed: run *command, then take the key
				   as if there had been no prompt */
	PROMPT_RUN,		/* still open: run *command (-i) */
};

/* What a command prompt does with a key: the opener's handler (it edits
 * with prompt_key and runs what is accepted). Returns 1 when the key is
 * to go on as a key after all (it ended a repeat count). */
typedef int	(*prompt_key_cb)(struct client *, key_code);
/* Open a prompt on c (an overlay, overlay.h): label shown first, initial
 * text, and the template (NULL: the input is the command); history is a
 * PROMPT_HISTORY_* type, flags PROMPT_INCREMENTAL or 0; keyfn takes its
 * keys. */
void		 prompt_open(struct client *, const char *label,
		     const char *initial, const char *template, int type,
		     int history, int flags, prompt_key_cb keyfn);
/* An incremental prompt's template with its input after prefix ('=': the
 * input as it is, '-' and '+': again backward or forward), as tmux runs
 * it; heap string. */
char		*prompt_incremental(const struct client *, char prefix);
/* The history of one type, oldest first. */
const struct prompt_history *prompt_history_get(int type);
/* Open a prompt whose accepted input goes to fn instead of running a
 * command (customize mode's edits); freefn(data) runs when the prompt
 * closes, accepted or not (may be NULL). type: PROMPT_COMMAND or
 * PROMPT_SINGLE. */
void		 prompt_open_input(struct client *, const char *label,
		     const char *initial, int type,
		     void (*fn)(struct client *, const char *input, void *),
		     void (*freefn)(void *), void *data);
void		 prompt_close(struct client *);
/* Forget the prompts' histories (at server exit), or one type's. */
void		 prompt_history_free(void);
void		 prompt_history_clear(int type);
/* Read history-file (when history-file is set). */
void		 prompt_history_load(void);
int		 prompt_active(const struct client *);
/* In vi command mode (status-keys vi, after Escape)? */
int		 prompt_command_mode(const struct client *);
/* Feed a key; on PROMPT_ACCEPT *command is a heap string to run. */
enum prompt_result prompt_key(struct client *, key_code, char **command);
/* Tab at a command prompt: complete the word before the cursor, as tmux
 * 3.3a does: from commands (NULL-terminated names) as the first word,
 * later also from option and layout names (commands may be NULL: none).
 * One match goes in with a space after it; several extend the word to
 * what they share. */
void		 prompt_complete(struct client *, const char *const *commands);
/* The prompt's text and cursor column, for drawing. */
const char	*prompt_label(const struct client *);
/* The input as UTF-8 (heap string) and the cursor's display column. */
char		*prompt_input(const struct client *, unsigned int *cursor);

/* Show a message on c for display-time (replacing any other). */
void		 message_set(struct client *, const char *text);
/* Show a message for ms milliseconds (-1: display-time; 0: until a key);
 * with nokeys, keys do not dismiss it. */
void		 message_show(struct client *, const char *text, long long ms,
		     int nokeys);
void		 message_clear(struct client *);
/* Show the first line of text (len bytes) as a message, with a count of
 * the other lines ("(and 3 more errors)", unit "error"). */
void		 message_set_lines(struct client *, const char *text,
		     size_t len, const char *unit);
const char	*message_text(const struct client *);

#endif
