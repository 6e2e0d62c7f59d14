/*
 * send-keys (send) and send-prefix: type keys into a pane. Each argument is
 * a key name ("Enter", "C-c", "F1") or, when it names no key or with -l,
 * literal text. -H takes hexadecimal bytes; -N repeats.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/key.h"
#include "common/utf8.h"
#include "grid/vt.h"
#include "server/options.h"
#include "server/server.h"
#include "server/session.h"
#include "server/window.h"

static enum cmd_retval	cmd_send_keys_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_send_prefix_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_send_keys_entry = {
	.name = "send-keys",
	.alias = "send",
	.args = { "HlN:t:", 0, -1 },
	.usage = "[-Hl] [-N repeat-count] [-t target-pane] key ...",
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

/* Send text as typed keys, one character at a time. */
static void
cmd_send_keys_text(struct pane *p, const char *s)
{
	size_t		len = strlen(s);
	uint32_t	cp;
	int		n;

	while (len > 0) {
		if ((n = utf8_decode(s, len, &cp)) <= 0) {
			pane_write(p, s, 1);	/* not UTF-8: the byte as is */
			n = 1;
		} else if (cp < 0x20 || cp == 0x7f)
			vt_send_key(p->vt, key_from_byte(cp));
		else
			vt_send_key(p->vt, cp);
		s += n;
		len -= n;
	}
}

/* Send -H arguments: each a hexadecimal byte. */
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
	pane_write(p, &byte, 1);
	return (0);
}

static enum cmd_retval
cmd_send_keys_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct pane	*p = item->target.p;
	char		*cause = NULL;
	long long	 repeat = 1, r;
	key_code	 key;
	int		 i;

	if (p == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'N')) {
		repeat = args_strtonum(args, 'N', 1, 100000, &cause);
		if (cause != NULL) {
			cmdq_error(item, "%s", cause);
			free(cause);
			return (CMD_RETURN_ERROR);
		}
	}
	for (r = 0; r < repeat; r++) {
		for (i = 0; i < args->argc; i++) {
			const char	*arg = args->argv[i];

			if (args_has(args, 'H')) {
				if (cmd_send_keys_hex(item, p, arg) != 0)
					return (CMD_RETURN_ERROR);
				continue;
			}
			if (!args_has(args, 'l') &&
			    (key = key_from_string(arg)) != KEYC_NONE) {
				vt_send_key(p->vt, key);
				continue;
			}
			cmd_send_keys_text(p, arg);
		}
	}
	p->input_ns = server_now_ns();
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_send_prefix_exec(struct cmd *self, struct cmdq_item *item)
{
	struct pane	*p = item->target.p;
	struct session	*s = item->target.s;
	const char	*name;
	key_code	 key;

	if (p == NULL || s == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	name = options_get_string(s->options,
	    args_has(self->args, '2') ? "prefix2" : "prefix");
	if ((key = key_from_string(name)) == KEYC_NONE)
		return (CMD_RETURN_NORMAL);	/* "None" */
	vt_send_key(p->vt, key);
	p->input_ns = server_now_ns();
	return (CMD_RETURN_NORMAL);
}
