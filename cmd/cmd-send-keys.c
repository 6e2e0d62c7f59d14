/*
 * send-keys (send) and send-prefix: type keys into a pane. Each argument is
 * a key name ("Enter", "C-c", "F1") or, when it names no key or with -l,
 * literal text. -H takes hexadecimal bytes; -N repeats. A pane in copy
 * mode gets no keys: they run its copy-mode bindings instead, as in tmux;
 * -X runs a copy-mode command there (-F: its arguments are formats), and
 * -N without keys gives the next copy-mode command a repeat count. -M
 * gives a mouse key's event to the program in the pane under the mouse.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "common/key.h"
#include "common/utf8.h"
#include "grid/vt.h"
#include "copy/copy.h"
#include "model/mouse.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_send_keys_exec(struct cmd *, struct cmdq_item *);

/* cmd-copy-mode.c: run copy-mode command argv[0] with its arguments in
 * p, n times (0: the count typed before it, else once); expand: the
 * arguments are formats. (Its home is cmd.h, which this change did not
 * own.) */
enum cmd_retval		cmd_copy_mode_send(struct cmdq_item *, struct pane *,
			    int argc, char **argv, unsigned int n, int expand);
static enum cmd_retval	cmd_send_prefix_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_send_keys_entry = {
	.name = "send-keys",
	.alias = "send",
	.args = { "FHlMN:Rt:X", 0, -1 },
	.usage = "[-FHlMRX] [-N repeat-count] [-t target-pane] key ...",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_send_keys_exec,
};

const struct cmd_entry cmd_send_prefix_entry = {
	.name = "send-prefix",
	.alias = NULL,
	.args = { "2t:", 0, 0 },
	.usage = "[-2] [-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_send_prefix_exec,
};

/* Run a copy-mode binding for p: "send-keys -X" commands without -t run
 * in p itself; other commands run for the client, and only when p is its
 * current pane (theirs to act on). */
static void
cmd_send_keys_binding(struct cmdq_item *item, struct pane *p,
    struct cmd_list *cl)
{
	struct cmd	*cmd;
	struct args	*args;
	char		*cause = NULL;
	long long	 n;
	unsigned int	 i;

	for (i = 0; i < cl->n; i++) {
		cmd = cl->cmds[i];
		if (cmd->entry != &cmd_send_keys_entry ||
		    !args_has(cmd->args, 'X') || args_has(cmd->args, 't'))
			break;
	}
	if (i != cl->n) {
		if (item->current.p == p)
			cmdq_run(cmdq_new(item->client, cl, NULL), NULL, NULL);
		return;
	}
	for (i = 0; i < cl->n && p->mode != NULL; i++) {
		args = cl->cmds[i]->args;
		n = 0;
		if (args_has(args, 'N')) {
			n = args_strtonum(args, 'N', 1, 100000, &cause);
			if (cause != NULL) {
				free(cause);
				return;
			}
		}
		cmd_copy_mode_send(item, p, args->argc, args->argv, n,
		    args_has(args, 'F'));
	}
}

/* A key for a pane's program; in copy mode the mode's binding of the key
 * runs instead, and an unbound key is dropped. Returns -1 when the pane
 * went away (a binding may destroy it). */
static int
cmd_send_keys_key(struct cmdq_item *item, struct pane *p, key_code key)
{
	struct key_binding	*kb;
	struct client		*c;
	unsigned int		 id = p->id;

	if (p->pmode != NULL) {
		/* Clock or customize mode takes the key, for a client that
		 * is attached; with none the key is dropped, as in tmux. */
		if ((c = cmd_find_client(item)) != NULL)
			pane_mode_key(p, c, key, NULL);
		return (pane_find_by_id(id) == p ? 0 : -1);
	}
	if (p->mode == NULL) {
		pane_send_key(p, key);
		return (0);
	}
	kb = key_bindings_find(key_table_find(copy_key_table(p->mode), 0),
	    key);
	if (kb == NULL)
		return (0);
	cmd_send_keys_binding(item, p, kb->cmds);
	return (pane_find_by_id(id) == p ? 0 : -1);
}

/* Send text as typed keys, one character at a time. Returns -1 when the
 * pane went away. */
static int
cmd_send_keys_text(struct cmdq_item *item, struct pane *p, const char *s)
{
	size_t		len = strlen(s);
	uint32_t	cp;
	int		n;

	while (len > 0) {
		if ((n = utf8_decode(s, len, &cp)) <= 0) {
			if (p->mode == NULL && p->pmode == NULL)
				/* not UTF-8: the byte as is */
				pane_write(p, s, 1);
			n = 1;
		} else if (cp < 0x20 || cp == 0x7f) {
			if (cmd_send_keys_key(item, p, key_from_byte(cp)) != 0)
				return (-1);
		} else if (cmd_send_keys_key(item, p, cp) != 0)
			return (-1);
		s += n;
		len -= n;
	}
	return (0);
}

/* Send -H arguments: each a hexadecimal byte. Returns -1 after an error
 * (reported), 1 when the pane went away. */
static int
cmd_send_keys_hex(struct cmdq_item *item, struct pane *p, const char *s)
{
	char		*end;
	unsigned long	 n = strtoul(s, &end, 16);
	char		 byte;

	if (*s == '\0' || *end != '\0' || n > 0xff) {
		cmdq_error(item, "invalid hex byte: %s", s);
		return (-1);
	}
	byte = n;
	if (p->mode != NULL || p->pmode != NULL)
		return (cmd_send_keys_key(item, p, key_from_byte(byte)) != 0);
	pane_write(p, &byte, 1);
	return (0);
}

static enum cmd_retval
cmd_send_keys_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args			*args = self->args;
	struct pane			*p = item->target.p;
	const struct mouse_event	*m;
	char				*cause = NULL;
	long long			 repeat = 1, r;
	key_code			 key;
	int				 i;

	if (args_has(args, 'M')) {
		/* As tmux 3.3a: only for a command run by a mouse key. */
		if (cmdq_mouse(item) == NULL) {
			cmdq_error(item, "no mouse target");
			return (CMD_RETURN_ERROR);
		}
		/* A pane in copy mode has had its chance: its table comes
		 * first for mouse keys. */
		if ((m = cmdq_mouse(item)) != NULL &&
		    (p = mouse_pane(m)) != NULL && p->pmode != NULL)
			pane_mode_key(p, item->client, m->key, m);
		else if (m != NULL && p != NULL && p->mode == NULL)
			mouse_send(p, m);
		return (CMD_RETURN_NORMAL);
	}
	if (p == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'R')) {
		/* -R: the pane's terminal is reset (modes, screen, cursor) as
		 * a full reset (RIS) from its program would. */
		vt_write(p->vt, "\033c", 2);
		window_recompose(p->window);
	}
	if (args_has(args, 'N')) {
		repeat = args_strtonum(args, 'N', 1, 100000, &cause);
		if (cause != NULL) {
			cmdq_error(item, "%s", cause);
			free(cause);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'X')) {
		return (cmd_copy_mode_send(item, p, args->argc, args->argv,
		    args_has(args, 'N') ? repeat : 0, args_has(args, 'F')));
	}
	if (args->argc == 0 && args_has(args, 'N')) {
		/* A repeat count for the next copy-mode command. */
		if (p->mode != NULL)
			copy_set_prefix(p->mode, repeat);
		return (CMD_RETURN_NORMAL);
	}
	for (r = 0; r < repeat; r++) {
		for (i = 0; i < args->argc; i++) {
			const char	*arg = args->argv[i];

			if (args_has(args, 'H')) {
				switch (cmd_send_keys_hex(item, p, arg)) {
				case -1:
					return (CMD_RETURN_ERROR);
				case 1:
					return (CMD_RETURN_NORMAL);
				}
				continue;
			}
			if (!args_has(args, 'l') &&
			    (key = key_from_string(arg)) != KEYC_NONE) {
				/* C-m is Enter (and C-i Tab, C-[ Escape),
				 * as in tmux 3.3a: scripts send C-m to
				 * press Enter. */
				key = key_classic(key);
				if (cmd_send_keys_key(item, p, key) != 0)
					return (CMD_RETURN_NORMAL);
				continue;
			}
			if (cmd_send_keys_text(item, p, arg) != 0)
				return (CMD_RETURN_NORMAL);
		}
	}
	pane_note_input(p);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_send_prefix_exec(struct cmd *self, struct cmdq_item *item)
{
	struct pane	*p = item->target.p;
	struct session	*s = item->target.s;
	key_code	 key;

	if (p == NULL || s == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	key = options_get_key(s->options,
	    args_has(self->args, '2') ? "prefix2" : "prefix");
	if (key == KEYC_NONE)
		return (CMD_RETURN_NORMAL);	/* "None" */
	pane_send_key(p, key);
	pane_note_input(p);
	return (CMD_RETURN_NORMAL);
}
