/*
 * Between prompt.c (editing, history, messages) and prompt-run.c (the
 * prompt as an overlay: where it is, how it is drawn, what its keys run).
 */
#ifndef MUX_PROMPT_INT_H
#define MUX_PROMPT_INT_H

#include "draw/prompt.h"

struct overlay_ops;
struct prompt;

/* The prompt's overlay kind (prompt-run.c). */
extern const struct overlay_ops	prompt_overlay_ops;
/* Free a prompt that has closed (its overlay's free). */
void	prompt_free(struct prompt *);
/* The key handler the prompt was opened with, or NULL. */
prompt_key_cb	prompt_key_handler(const struct prompt *);

#endif
