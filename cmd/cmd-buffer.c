/*
 * The paste buffer commands: set-buffer (setb), show-buffer (showb),
 * list-buffers (lsb), load-buffer (loadb), save-buffer (saveb),
 * paste-buffer (pasteb) and delete-buffer (deleteb). -b names a buffer;
 * without it they use the newest (and set-buffer and load-buffer make an
 * automatic one). Files are relative to the client's directory; "-" is
 * the client's standard input or output.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/cmd-json.h"
#include "common/base64.h"
#include "common/proto.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/format.h"
#include "model/paste.h"
#include "model/state.h"
#include "model/window.h"

/* Largest file load-buffer reads. */
#define BUFFER_FILE_MAX	(64 * 1024 * 1024)
/* What list-buffers prints by default (as tmux). */
#define LIST_BUFFERS_TEMPLATE \
	"#{buffer_name}: #{buffer_size} bytes: \"#{buffer_sample}\""

static enum cmd_retval	cmd_set_buffer_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_show_buffer_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_list_buffers_exec(struct cmd *,
			    struct cmdq_item *);
static enum cmd_retval	cmd_load_buffer_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_save_buffer_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_paste_buffer_exec(struct cmd *,
			    struct cmdq_item *);
static enum cmd_retval	cmd_delete_buffer_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_set_buffer_entry = {
	.name = "set-buffer",
	.alias = "setb",
	.args = { "ab:n:t:w", 0, 1 },
	.usage = "[-aw] [-b buffer-name] [-n new-buffer-name] "
	    "[-t target-client] data",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_set_buffer_exec,
};

const struct cmd_entry cmd_show_buffer_entry = {
	.name = "show-buffer",
	.alias = "showb",
	.args = { "b:", 0, 0 },
	.usage = "[-b buffer-name]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_show_buffer_exec,
};

const struct cmd_entry cmd_list_buffers_entry = {
	.name = "list-buffers",
	.alias = "lsb",
	.args = { "F:f:J", 0, 0 },
	.usage = "[-J] [-F format] [-f filter]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_list_buffers_exec,
};

const struct cmd_entry cmd_load_buffer_entry = {
	.name = "load-buffer",
	.alias = "loadb",
	.args = { "b:t:w", 1, 1 },
	.usage = "[-b buffer-name] [-t target-client] path",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_load_buffer_exec,
};

const struct cmd_entry cmd_save_buffer_entry = {
	.name = "save-buffer",
	.alias = "saveb",
	.args = { "ab:", 1, 1 },
	.usage = "[-a] [-b buffer-name] path",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_save_buffer_exec,
};

const struct cmd_entry cmd_paste_buffer_entry = {
	.name = "paste-buffer",
	.alias = "pasteb",
	.args = { "b:dprs:t:", 0, 0 },
	.usage = "[-dpr] [-s separator] [-b buffer-name] [-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_paste_buffer_exec,
};

const struct cmd_entry cmd_delete_buffer_entry = {
	.name = "delete-buffer",
	.alias = "deleteb",
	.args = { "b:", 0, 0 },
	.usage = "[-b buffer-name]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_delete_buffer_exec,
};

/* The buffer -b names, else the newest; reports when there is none. */
static struct paste_buffer *
cmd_buffer_get(struct cmdq_item *item, struct args *args)
{
	struct paste_buffer	*pb;
	const char		*name = args_get(args, 'b');

	if (name != NULL) {
		if ((pb = paste_find(name)) == NULL)
			cmdq_error(item, "no buffer %s", name);
		return (pb);
	}
	if ((pb = paste_top()) == NULL)
		cmdq_error(item, "no buffers");
	return (pb);
}

/* A path as the client means it: relative to its directory. */
static char *
cmd_buffer_path(struct cmdq_item *item, const char *path)
{
	if (path[0] == '/' || item->client == NULL ||
	    item->client->ident.cwd == NULL)
		return (xstrdup(path));
	return (xasprintf("%s/%s", item->client->ident.cwd, path));
}

/* -w: the client that -t names (else the command's) gets the text for
 * its terminal's clipboard (OSC 52). Returns -1 after reporting that -t
 * names no client; a command with no client is fine. */
static int
cmd_buffer_clipboard_client(struct cmdq_item *item, struct args *args,
    struct client **c)
{
	*c = NULL;
	if (!args_has(args, 'w'))
		return (0);
	if (args_has(args, 't')) {
		if ((*c = cmd_get_client(item, args_get(args, 't'))) == NULL)
			return (-1);
	} else
		*c = cmd_find_client(item);
	return (0);
}

/* Send text to a client's clipboard. */
static void
cmd_buffer_clipboard(struct client *c, const char *data, size_t len)
{
	char	*b64;
	size_t	 n;

	if (c == NULL || len > PROTO_MAX_PAYLOAD / 2)
		return;
	b64 = xmalloc(4 * ((len + 2) / 3) + 1);
	n = base64_encode((const unsigned char *)data, len, b64);
	client_queue_clipboard(c, "", b64, n);
	free(b64);
}

static enum cmd_retval
cmd_set_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct paste_buffer	*pb;
	const char		*name = args_get(args, 'b'), *data, *text;
	char			*cause;
	struct client		*clip;
	size_t			 len;

	if (args_has(args, 'n')) {
		if (*args_get(args, 'n') == '\0') {
			cmdq_error(item, "new name is empty");
			return (CMD_RETURN_ERROR);
		}
		if ((pb = cmd_buffer_get(item, args)) == NULL)
			return (CMD_RETURN_ERROR);
		if (paste_rename(pb, args_get(args, 'n'), &cause) != 0) {
			cmdq_error(item, "%s", cause);
			free(cause);
			return (CMD_RETURN_ERROR);
		}
		return (CMD_RETURN_NORMAL);
	}
	if (args->argc != 1) {
		cmdq_error(item, "no data specified");
		return (CMD_RETURN_ERROR);
	}
	data = args->argv[0];
	if (*data == '\0')
		return (CMD_RETURN_NORMAL);	/* as tmux: no empty buffer */
	/* A buffer needs a name to be found by. */
	if (name != NULL && *name == '\0') {
		cmdq_error(item, "empty buffer name");
		return (CMD_RETURN_ERROR);
	}
	if (cmd_buffer_clipboard_client(item, args, &clip) != 0)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'a')) {
		if (name == NULL && (pb = paste_top()) != NULL)
			name = paste_name(pb);
		if (name != NULL) {
			paste_append(name, data, strlen(data));
			/* -w: the whole buffer goes to the clipboard. */
			if (clip != NULL && (pb = paste_find(name)) != NULL) {
				text = paste_data(pb, &len);
				cmd_buffer_clipboard(clip, text, len);
			}
			return (CMD_RETURN_NORMAL);
		}
	}
	if (name != NULL)
		paste_set(name, data, strlen(data));
	else
		paste_add(data, strlen(data));
	cmd_buffer_clipboard(clip, data, strlen(data));
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_show_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct paste_buffer	*pb;
	const char		*data;
	size_t			 len;

	if ((pb = cmd_buffer_get(item, self->args)) == NULL)
		return (CMD_RETURN_ERROR);
	data = paste_data(pb, &len);
	/* The bytes as they are, as tmux prints them (no newline added). */
	pw_bytes(&cmdq_root(item)->out, data, len);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_list_buffers_exec(struct cmd *self, struct cmdq_item *item)
{
	const char		*template = args_get(self->args, 'F');
	const char		*filter = args_get(self->args, 'f');
	struct paste_buffer	*pb;
	char			*line;
	int			 match, json = args_has(self->args, 'J');
	struct cmd_json		 cj;

	if (cmd_json_check(item, self->args))
		return (CMD_RETURN_ERROR);
	if (json)
		cmd_json_start(&cj);
	if (template == NULL)
		template = LIST_BUFFERS_TEMPLATE;
	for (pb = paste_top(); pb != NULL; pb = paste_next(pb)) {
		if (filter != NULL) {
			line = format_expand_buffer(filter, pb);
			match = cmd_format_true(line);
			free(line);
			if (!match)
				continue;
		}
		if (json) {
			cmd_json_item(&cj, NULL, NULL, pb, FORMAT_EACH_BUFFER);
			continue;
		}
		line = format_expand_buffer(template, pb);
		cmdq_print(item, "%s", line);
		free(line);
	}
	if (json)
		cmd_json_end(&cj, item);
	return (CMD_RETURN_NORMAL);
}

/* load-buffer - : where the text goes once it has come. */
struct cmd_load_buffer_data {
	char		*name;
	int		 clip;		/* -w: to this client's clipboard */
	unsigned int	 client;	/* its id */
};

/* The client's standard input arrived for load-buffer -. */
static void
cmd_load_buffer_stdin(struct cmdq_item *item, const char *data, size_t len,
    const char *error, void *arg)
{
	struct cmd_load_buffer_data	*lb = arg;
	struct client			*c;

	if (error != NULL)
		cmdq_error(item, "%s", error);
	else {
		if (lb->name != NULL)
			paste_set(lb->name, data, len);
		else
			paste_add(data, len);
		if (lb->clip) {
			TAILQ_FOREACH(c, &srv->clients, entry) {
				if (c->id == lb->client)
					cmd_buffer_clipboard(c, data, len);
			}
		}
	}
	free(lb->name);
	free(lb);
	cmdq_continue(item, error != NULL);
}

static enum cmd_retval
cmd_load_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	const char	*name = args_get(args, 'b');
	char		*path, *data = NULL;
	size_t		 len = 0, size = 0;
	ssize_t		 n;
	int		 fd;
	struct client	*clip;
	struct cmd_load_buffer_data *lb;

	if (cmd_buffer_clipboard_client(item, args, &clip) != 0)
		return (CMD_RETURN_ERROR);
	if (strcmp(args->argv[0], "-") == 0) {
		lb = xcalloc(1, sizeof *lb);
		lb->name = name != NULL ? xstrdup(name) : NULL;
		lb->clip = clip != NULL;
		lb->client = clip != NULL ? clip->id : 0;
		if (item->client == NULL || client_read_stdin(item->client,
		    item, cmd_load_buffer_stdin, lb) != 0) {
			free(lb->name);
			free(lb);
			cmdq_error(item, "no client standard input to read");
			return (CMD_RETURN_ERROR);
		}
		return (CMD_RETURN_WAIT);
	}
	path = cmd_buffer_path(item, args->argv[0]);
	if ((fd = open(path, O_RDONLY|O_NONBLOCK)) == -1) {
		cmdq_error(item, "%s: %s", path, strerror(errno));
		free(path);
		return (CMD_RETURN_ERROR);
	}
	for (;;) {
		if (len == size) {
			size = size == 0 ? 65536 : size * 2;
			if (size > BUFFER_FILE_MAX + 1)
				size = BUFFER_FILE_MAX + 1;
			data = xreallocarray(data, 1, size);
		}
		if ((n = read(fd, data + len, size - len)) <= 0)
			break;
		len += n;
		if (len > BUFFER_FILE_MAX)
			break;
	}
	close(fd);
	if (n < 0 || len > BUFFER_FILE_MAX) {
		cmdq_error(item, "%s: %s", path, n < 0 ? strerror(errno) :
		    "too large");
		free(path);
		free(data);
		return (CMD_RETURN_ERROR);
	}
	if (name != NULL)
		paste_set(name, data != NULL ? data : "", len);
	else
		paste_add(data != NULL ? data : "", len);
	cmd_buffer_clipboard(clip, data != NULL ? data : "", len);
	free(path);
	free(data);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_save_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct paste_buffer	*pb;
	const char		*data;
	char			*path;
	size_t			 len, done = 0;
	ssize_t			 n;
	int			 fd, flags;

	if ((pb = cmd_buffer_get(item, args)) == NULL)
		return (CMD_RETURN_ERROR);
	data = paste_data(pb, &len);
	if (strcmp(args->argv[0], "-") == 0) {
		pw_bytes(&cmdq_root(item)->out, data, len);
		return (CMD_RETURN_NORMAL);
	}
	path = cmd_buffer_path(item, args->argv[0]);
	flags = O_WRONLY|O_CREAT|(args_has(args, 'a') ? O_APPEND : O_TRUNC);
	if ((fd = open(path, flags, 0600)) == -1) {
		cmdq_error(item, "%s: %s", path, strerror(errno));
		free(path);
		return (CMD_RETURN_ERROR);
	}
	while (done < len) {
		if ((n = write(fd, data + done, len - done)) <= 0) {
			cmdq_error(item, "%s: %s", path, strerror(errno));
			close(fd);
			free(path);
			return (CMD_RETURN_ERROR);
		}
		done += n;
	}
	close(fd);
	free(path);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_paste_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*p = item->target.p;
	struct paste_buffer	*pb;
	const char		*sep;

	if ((pb = args_has(args, 'b') ? cmd_buffer_get(item, args) :
	    paste_top()) == NULL)
		return (args_has(args, 'b') ? CMD_RETURN_ERROR :
		    CMD_RETURN_NORMAL);	/* nothing to paste is fine */
	/* Line ends become CR (or -s), as Enter would type them; -r keeps
	 * them as they are. */
	if ((sep = args_get(args, 's')) == NULL)
		sep = args_has(args, 'r') ? "\n" : "\r";
	/*
	 * The pane feeds the paste from the buffer's bytes as its program
	 * reads (they stay if the buffer goes, -d). It goes whole, or not at
	 * all to a pane whose program has left a full queue of input unread:
	 * then whoever pasted is told.
	 */
	if (pane_paste(p, paste_hold(pb), sep, args_has(args, 'p')) != 0) {
		cmdq_error(item, "pane %%%u is not reading its input (%zu bytes "
		    "waiting): paste not delivered", p->id, pane_input_queued(p));
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'd'))
		paste_free(pb);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_delete_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	struct paste_buffer	*pb;

	if ((pb = cmd_buffer_get(item, self->args)) == NULL)
		return (CMD_RETURN_ERROR);
	paste_free(pb);
	return (CMD_RETURN_NORMAL);
}
