/*
 * Key tables and bindings. Tables are created on first use and kept in the
 * server context; each binding holds a reference on its command list.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "server/server.h"

/* tmux's default bindings, for the commands mux has. */
static const char *const key_bindings_defaults[] = {
	"bind-key -T prefix C-b send-prefix",
	"bind-key -T prefix d detach-client",
	"bind-key -T prefix ? list-keys",
	"bind-key -T prefix r refresh-client",
	"bind-key -T prefix c new-window",
	"bind-key -T prefix ] paste-buffer -p",
	"bind-key -T prefix \\# list-buffers",
	"bind-key -T prefix - delete-buffer",
	"bind-key -T prefix : command-prompt",
	"bind-key -T prefix & confirm-before -p \"kill-window #W? (y/n)\" "
	    "kill-window",
	"bind-key -T prefix x confirm-before -p \"kill-pane #P? (y/n)\" "
	    "kill-pane",
	"bind-key -T prefix , command-prompt -I \"#W\" "
	    "\"rename-window -- '%%'\"",
	"bind-key -T prefix \\$ command-prompt -I \"#S\" "
	    "\"rename-session -- '%%'\"",
	"bind-key -T prefix \"'\" command-prompt -p index "
	    "\"select-window -t ':%%'\"",
	"bind-key -T prefix t display-message \"%H:%M\"",
	"bind-key -T prefix i display-message",
	"bind-key -T prefix n next-window",
	"bind-key -T prefix p previous-window",
	"bind-key -T prefix l last-window",
	"bind-key -T prefix % split-window -h",
	"bind-key -T prefix '\"' split-window",
	"bind-key -T prefix o select-pane -t :.+",
	"bind-key -T prefix \\; last-pane",
	"bind-key -T prefix z resize-pane -Z",
	"bind-key -T prefix Up select-pane -U",
	"bind-key -T prefix Down select-pane -D",
	"bind-key -T prefix Left select-pane -L",
	"bind-key -T prefix Right select-pane -R",
	"bind-key -r -T prefix C-Up resize-pane -U",
	"bind-key -r -T prefix C-Down resize-pane -D",
	"bind-key -r -T prefix C-Left resize-pane -L",
	"bind-key -r -T prefix C-Right resize-pane -R",
	"bind-key -r -T prefix M-Up resize-pane -U 5",
	"bind-key -r -T prefix M-Down resize-pane -D 5",
	"bind-key -r -T prefix M-Left resize-pane -L 5",
	"bind-key -r -T prefix M-Right resize-pane -R 5",
	"bind-key -T prefix Space next-layout",
	"bind-key -T prefix M-1 select-layout even-horizontal",
	"bind-key -T prefix M-2 select-layout even-vertical",
	"bind-key -T prefix M-3 select-layout main-horizontal",
	"bind-key -T prefix M-4 select-layout main-vertical",
	"bind-key -T prefix M-5 select-layout tiled",
	"bind-key -T prefix \\{ swap-pane -U",
	"bind-key -T prefix \\} swap-pane -D",
	"bind-key -T prefix ! break-pane",
	"bind-key -T prefix C-o rotate-window",
	"bind-key -T prefix M-o rotate-window -D",
	"bind-key -T prefix ( switch-client -p",
	"bind-key -T prefix ) switch-client -n",
	"bind-key -T prefix L switch-client -l",
	"bind-key -T prefix 0 select-window -t :0",
	"bind-key -T prefix 1 select-window -t :1",
	"bind-key -T prefix 2 select-window -t :2",
	"bind-key -T prefix 3 select-window -t :3",
	"bind-key -T prefix 4 select-window -t :4",
	"bind-key -T prefix 5 select-window -t :5",
	"bind-key -T prefix 6 select-window -t :6",
	"bind-key -T prefix 7 select-window -t :7",
	"bind-key -T prefix 8 select-window -t :8",
	"bind-key -T prefix 9 select-window -t :9",
};

struct key_table *
key_table_find(const char *name, int create)
{
	struct key_table	*kt;

	TAILQ_FOREACH(kt, &srv->key_tables, entry) {
		if (strcmp(kt->name, name) == 0)
			return (kt);
	}
	if (!create)
		return (NULL);
	kt = xcalloc(1, sizeof *kt);
	kt->name = xstrdup(name);
	TAILQ_INIT(&kt->bindings);
	TAILQ_INSERT_TAIL(&srv->key_tables, kt, entry);
	return (kt);
}

struct key_table *
key_table_first(void)
{
	return (TAILQ_FIRST(&srv->key_tables));
}

struct key_table *
key_table_next(struct key_table *kt)
{
	return (TAILQ_NEXT(kt, entry));
}

struct key_binding *
key_bindings_find(struct key_table *kt, key_code key)
{
	struct key_binding	*kb;

	if (kt == NULL)
		return (NULL);
	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		if (kb->key == key)
			return (kb);
	}
	return (NULL);
}

void
key_bindings_add(const char *table, key_code key, int repeat,
    struct cmd_list *cmds)
{
	struct key_table	*kt = key_table_find(table, 1);
	struct key_binding	*kb, *at;

	key_bindings_remove(table, key);
	kb = xcalloc(1, sizeof *kb);
	kb->key = key;
	kb->repeat = repeat;
	kb->cmds = cmds;
	cmds->references++;
	/* Keep the table sorted by key code, as list-keys shows it. */
	TAILQ_FOREACH(at, &kt->bindings, entry) {
		if (at->key > key)
			break;
	}
	if (at != NULL)
		TAILQ_INSERT_BEFORE(at, kb, entry);
	else
		TAILQ_INSERT_TAIL(&kt->bindings, kb, entry);
}

void
key_bindings_remove(const char *table, key_code key)
{
	struct key_table	*kt = key_table_find(table, 0);
	struct key_binding	*kb;

	if ((kb = key_bindings_find(kt, key)) == NULL)
		return;
	TAILQ_REMOVE(&kt->bindings, kb, entry);
	cmd_list_free(kb->cmds);
	free(kb);
}

/* A default binding command finished: it must not have failed. */
static void
key_bindings_default_done(struct cmdq_item *item, void *arg)
{
	if (item->failed) {
		pw_u8(&item->err, '\0');
		fatalx("default binding failed: %s", item->err.data);
	}
}

void
key_bindings_init(void)
{
	struct cmd_list	*cl;
	char		*cause;
	size_t		 i;

	key_table_find("root", 1);
	key_table_find("prefix", 1);
	for (i = 0; i < sizeof key_bindings_defaults /
	    sizeof key_bindings_defaults[0]; i++) {
		cl = cmd_parse_string(key_bindings_defaults[i], NULL, &cause);
		if (cl == NULL)
			fatalx("bad default binding: %s", cause);
		cmdq_run(cmdq_new(NULL, cl, NULL), key_bindings_default_done,
		    NULL);
		cmd_list_free(cl);
	}
}

void
key_bindings_free_all(void)
{
	struct key_table	*kt;
	struct key_binding	*kb;

	while ((kt = TAILQ_FIRST(&srv->key_tables)) != NULL) {
		while ((kb = TAILQ_FIRST(&kt->bindings)) != NULL) {
			TAILQ_REMOVE(&kt->bindings, kb, entry);
			cmd_list_free(kb->cmds);
			free(kb);
		}
		TAILQ_REMOVE(&srv->key_tables, kt, entry);
		free(kt->name);
		free(kt);
	}
}
