/*
 * cmd: the command language. A command is a const struct cmd_entry (one
 * file each, cmd-*.c) listed in cmd_table (cmd.c). Commands are parsed from
 * a CLI argv or from text (config files, bindings), into a cmd_list, and
 * run against a cmdq_item: who ran them, where their output and errors go,
 * and the target they resolved. A command returns a status and reports
 * errors through the item; it never prints or exits by itself.
 *
 * The cmd/ folder sits above the model, copy mode and the drawing, which
 * commands change and open (copy-mode, display-popup, choose-tree), and
 * below the transport, which it never calls. What it owes a client is recorded in the model (a control client's
 * record, model/control.h; a client's flags and messages) and sent by
 * server/ at the flush; a mouse event comes to it as data
 * (model/mouse.h). It includes common/, grid/, model/, copy/ and draw/
 * only (regress/layers.rules).
 */
#ifndef MUX_CMD_H
#define MUX_CMD_H

#include <stdarg.h>

#include "common/proto.h"
#include "common/queue.h"
#include "model/target.h"

struct client;
struct mouse_event;
struct session;
struct winlink;
struct window;
struct pane;
struct hook_vars;

enum cmd_retval {
	CMD_RETURN_NORMAL = 0,
	CMD_RETURN_ERROR = -1,
	CMD_RETURN_WAIT = 1,	/* it goes on; cmdq_continue when done */
};

/* Parsed flags and arguments (see args.c). */
#define ARGS_SLOTS	62	/* a-z, A-Z, 0-9 */
struct args {
	unsigned long long	  present;	/* bit per flag character */
	char			 *values[ARGS_SLOTS]; /* a-z, A-Z, 0-9: the last */
	char			**all[ARGS_SLOTS]; /* every value, in order */
	int			  nall[ARGS_SLOTS];
	int			  count[ARGS_SLOTS]; /* times each was given */
	int			  argc;
	char			**argv;
	unsigned char		 *block;	/* per argv: 1 if a { } block
						   (its commands as text); NULL:
						   none is */
};

enum cmd_target_type {
	CMD_TARGET_NONE,
	CMD_TARGET_SESSION,
	CMD_TARGET_WINDOW,
	CMD_TARGET_PANE,
};

#define CMD_STARTSERVER	0x1	/* running it starts a server if none */
#define CMD_CANFAIL	0x2	/* target may be missing (exec checks) */
#define CMD_PREFER_UNATTACHED 0x4 /* guessed session: an unattached one */
#define CMD_QUIETFAIL	0x8	/* a -t that is not found is no error: what
				   of it was found is used (tmux's
				   CMD_FIND_CANFAIL) */

struct cmd;
struct cmdq_item;

struct cmd_entry {
	const char		*name;
	const char		*alias;
	struct {
		const char	*template;	/* getopt-like: "dt:s:" */
		int		 lower;		/* positional arguments */
		int		 upper;		/* -1: any number */
	} args;
	const char		*usage;
	enum cmd_target_type	 target;	/* what -t names */
	int			 flags;
	enum cmd_retval		 (*exec)(struct cmd *, struct cmdq_item *);
};

struct cmd {
	const struct cmd_entry	*entry;
	struct args		*args;
	char			*where;		/* "file:line", or NULL */
	unsigned int		 group;		/* file line; 0: none */
};

struct cmd_list {
	struct cmd	**cmds;
	unsigned int	  n;
	unsigned int	  references;
};

/*
 * The context commands run in: a queue item runs a command list, one
 * command at a time. A command that must wait (for a process, a wait-for
 * channel, a nested list) returns CMD_RETURN_WAIT, and whatever it waited
 * for calls cmdq_continue. Nested items (source-file, if-shell) write
 * their output to the root item's buffers.
 */
struct cmdq_item;
typedef void (*cmdq_cb)(struct cmdq_item *, void *);

struct cmdq_item {
	struct client		*client;	/* who ran it; NULL: none */
	struct pbuf		 out;		/* text for stdout (root) */
	struct pbuf		 err;		/* text for stderr (root) */
	struct target		 target;	/* resolved -t */
	struct target		 current;	/* the client's current */
	int			 has_pane;	/* current is pane (if alive) */
	unsigned int		 pane;		/* its id (choose lists) */

	struct cmdq_item	*parent;	/* nested: who waits for it */
	struct cmd_list		*cmds;
	unsigned int		 next;		/* index of the running cmd */
	int			 failed;
	int			 waiting;
	int			 in_exec;	/* inside a command's exec */
	int			 nested_finished;
	int			 nested_failed;
	cmdq_cb			 done;
	void			*done_arg;
	struct mouse_event	*mouse;		/* a mouse key's event */
	/* Hooks (cmd-hooks.c): commands run by a hook set off none; a
	 * hook's failure is not its parent's; the formats it gives; the
	 * session its current pane is looked for in (id + 1); waiting for
	 * an after hook. */
	int			 no_hooks;
	int			 hook_item;
	struct hook_vars	*vars;
	unsigned int		 prefer_session;
	int			 after_wait;
	/* The exit status a command client gets when nothing failed (the
	 * root item's; display-popup gives its program's). */
	int			 exit_status;
	/* The file the running command came from, or its parent's (the
	 * commands if-shell and the like run are the file's too), for
	 * #{current_file}; NULL: none. */
	char			*file;
	TAILQ_ENTRY(cmdq_item)	 entry;		/* srv->items */
};

extern const struct cmd_entry *const cmd_table[];

/* Find a command by alias, exact name, then unique prefix. Returns NULL
 * with *cause (heap string) when unknown or ambiguous. */
const struct cmd_entry *cmd_find_entry(const char *name, char **cause);
/* Parse a CLI argv: commands separated by ";" arguments (or a trailing
 * ";" on a word). Returns NULL with *cause (heap string) on error. */
struct cmd_list	*cmd_parse_argv(int argc, char **argv, char **cause);
/* A command given as the arguments of another (bind-key): a single
 * argument is command text, parsed with cmd_parse_string (as tmux does:
 * bind x 'split-window ; select-layout even-horizontal'); more arguments
 * are words, as cmd_parse_argv takes them. */
struct cmd_list	*cmd_parse_arguments(int argc, char **argv,
		     const unsigned char *blocks, char **cause);
/* How cmd_parse_buffer reads text: file names the source in errors
 * ("file:line: ..."), line is the first line's number (0: 1); item (may
 * be NULL) is the context %if formats expand in and where -v prints. */
#define CMD_PARSE_QUIET		0x1	/* a missing file is no error */
#define CMD_PARSE_PARSEONLY	0x2	/* NAME=value sets nothing */
#define CMD_PARSE_VERBOSE	0x4	/* print each command parsed */
#define CMD_PARSE_NOALIAS	0x8	/* command-alias names are not expanded */
struct cmd_parse_input {
	const char		*file;
	unsigned int		 line;
	int			 flags;
	struct cmdq_item	*item;
	const char		*stdin_text;	/* what file "-" reads */
};
/* Parse command text with tmux 3.3a's syntax (see cmd-parse.c): any error
 * rejects all of it, NULL with *cause (heap). An empty text is an empty
 * list. */
struct cmd_list	*cmd_parse_buffer(const char *, size_t,
		     const struct cmd_parse_input *, char **cause);
/* cmd_parse_buffer of a string with no context; errors prefixed with
 * where when it is not NULL. */
struct cmd_list	*cmd_parse_string(const char *text, const char *where,
		     char **cause);
/* Read and parse a file as pi says. A file that cannot be read, or does
 * not parse, adds its error line to errors and returns NULL. */
struct cmd_list	*cmd_parse_file(const char *path,
		     const struct cmd_parse_input *pi, struct pbuf *errors);
/* One command from its words (argv[0] is the name); NULL with *cause. */
struct cmd	*cmd_build(int argc, char **argv, char **cause);
/* cmd_parse_argv where blocks[i] (blocks may be NULL) says argv[i] is a
 * { } block's text: one argument, never split at a ';'. */
struct cmd_list	*cmd_parse_argv_blocks(int argc, char **argv,
		     const unsigned char *blocks, char **cause);
/* The commands of a { } block as tmux prints them inside the braces:
 * " ; " between commands, " ;; " between lines (heap string). */
char		*cmd_list_print_block(const struct cmd_list *);
/* command-alias: when argv[0] names an alias, *out is the commands its
 * text gives, with argv[1..] added to the last of them (aliases in that
 * text are not expanded again); returns 1. Returns 0 when argv[0] is no
 * alias, -1 with *cause when the text does not parse. */
int		 cmd_alias_expand(int argc, char **argv, struct cmd_list **out,
		     char **cause);
void		 cmd_free(struct cmd *);
/* An empty list with one reference. */
struct cmd_list	*cmd_list_new(void);
void		 cmd_list_append(struct cmd_list *, struct cmd *);
/* Move src's commands to the end of dst and free src; src's groups are
 * renumbered past dst's, so that a failure in one file's line never skips
 * a line of the next file. */
void		 cmd_list_move(struct cmd_list *dst, struct cmd_list *src);
/* Text form of one command (heap string). */
char		*cmd_print(const struct cmd *);
void		 cmd_list_free(struct cmd_list *);
/* Text form of a command list (for list-keys). Heap string. */
char		*cmd_list_print(const struct cmd_list *);

/* cmd-queue.c: run cmds for client c. done (may be NULL) is called once
 * when the list has finished (perhaps before cmdq_run returns); the item
 * is freed after it. parent: the item this one runs inside, or NULL. */
struct cmdq_item *cmdq_new(struct client *, struct cmd_list *,
		     struct cmdq_item *parent);
void		 cmdq_run(struct cmdq_item *, cmdq_cb done, void *arg);
/* Free an item that was never run. */
void		 cmdq_discard(struct cmdq_item *);
/* A done callback for commands a client ran from a key (a binding, the
 * prompt, display-panes' pick): their output shows in view mode over its
 * pane and their errors as a message, as tmux shows them. */
void		 cmdq_client_done(struct cmdq_item *, void *arg);
/* The mouse event a mouse key's binding runs for (the outermost item's),
 * or NULL; cmdq_set_mouse gives an item a copy of one. The event's pane
 * is the current pane of its commands, and "=" names it as a target. */
const struct mouse_event *cmdq_mouse(struct cmdq_item *);
void		 cmdq_set_mouse(struct cmdq_item *, const struct mouse_event *);
/* A command that returned CMD_RETURN_WAIT has finished. */
void		 cmdq_continue(struct cmdq_item *, int failed);
/* The item whose buffers collect output (the outermost). */
struct cmdq_item *cmdq_root(struct cmdq_item *);
/* The client went away: items stop referring to it. */
void		 cmdq_client_gone(struct client *);
/* Run a nested list inside item (source-file, if-shell): item waits for
 * it. Returns CMD_RETURN_WAIT, or the result when it finished at once. */
enum cmd_retval	 cmdq_run_nested(struct cmdq_item *, struct cmd_list *);
void		 cmdq_print(struct cmdq_item *, const char *, ...)
		     __attribute__((format(printf, 2, 3)));
void		 cmdq_error(struct cmdq_item *, const char *, ...)
		     __attribute__((format(printf, 2, 3)));

/* args.c */
struct args	*args_parse(const struct cmd_entry *, int argc, char **argv,
		     char **cause);
void		 args_free(struct args *);
int		 args_has(const struct args *, char flag);
/* How many times a flag was given (at most 255). */
int		 args_count(const struct args *, char flag);
const char	*args_get(const struct args *, char flag);
/* Every value of a flag that may repeat (-e A=1 -e B=2), in order; *n
 * gets the count. The vector belongs to args. */
char *const	*args_values(const struct args *, char flag, int *n);
/* A numeric flag value in [min, max]; -1 with *cause on error. */
long long	 args_strtonum(const struct args *, char flag, long long min,
		     long long max, char **cause);
/* Print args back as text (heap string), as tmux 3.3a prints them: the
 * flags without values grouped ("-aZ"), then each flag with its value, in
 * ASCII order; every word quoted as tmux quotes it; a { } block argument
 * as "{ commands ; commands }". */
char		*args_print(const struct args *);
/* One word as args_print shows it (heap string): list-keys' keys. */
char		*args_escape(const char *);
/* Mark which of the words given to args_parse (argc of them, blocks[i]
 * nonzero for a block) were { } blocks; blocks may be NULL. */
void		 args_set_blocks(struct args *, int argc,
		     const unsigned char *blocks);
/* Is argument i a { } block? */
int		 args_is_block(const struct args *, int i);
/* Append s to pb as one word of command text, quoted if it needs it. */
void		 args_print_quoted(struct pbuf *, const char *);

/* cmd-new-session.c: can the item's client attach (reports why not)? And
 * attach it to a session, detaching the others (detach_others 1; 2: and
 * SIGHUP to their parents), taking its update-environment variables into
 * the session's unless !update_env. */
int		 cmd_attach_check(struct cmdq_item *);
void		 cmd_attach_do(struct cmdq_item *, struct session *,
		     int detach_others, int update_env);
/* cmd-resurrect.c: restore the sessions of a snapshot (file NULL: this
 * server's); *current (may be NULL) gets the session to attach to. */
enum cmd_retval	 cmd_resurrect(struct cmdq_item *, const char *file,
		     struct session **current);

/* What -P prints by default for a new window or pane. */
#define CMD_CREATED_PANE "#{session_name}:#{window_index}.#{pane_index}"
/* -P: print what a command made, by -F or the template. */
void		 cmd_print_created(struct cmdq_item *, struct args *,
		     const struct target *, const char *template);
/* The direction flag given (-L -R -U -D), as a layout_dir; -1 if none. */
int		 args_direction(const struct args *);
/* cmd-split-window.c: a size of N cells or N% of total; -1 after
 * reporting an error. */
long		 cmd_parse_size(struct cmdq_item *, const char *,
		     unsigned int total);
/* cmd-helpers.c: the start directory for a new program: -c expanded as a
 * format of t (NULL: the current target), else a detached client's own
 * directory; NULL means the session's. Heap string. */
char		*cmd_spawn_cwd(struct cmdq_item *, const struct args *,
		     const struct target *t);
/* cmd-helpers.c: every -e is NAME=VALUE? -1 after reporting one that is
 * not. */
int		 cmd_spawn_check_env(struct cmdq_item *, const struct args *);
/* cmd-helpers.c: the client -t target-client names (name NULL: the
 * client the command means, cmd_find_client); NULL after reporting. */
struct client	*cmd_get_client(struct cmdq_item *, const char *name);
/* cmd-helpers.c: does filter (a format; NULL: none) expand true for t
 * (not empty and not "0")? For the -f of the list commands. */
int		 cmd_filter_match(struct cmdq_item *, const char *filter,
		     const struct target *t);
int		 cmd_format_true(const char *);
/* cmd-helpers.c: run a new program in p, as respawn-pane and
 * respawn-window do: argv (else the default command), -c (else p's
 * directory), -e. Reports an error. */
enum cmd_retval	 cmd_respawn(struct cmdq_item *, const struct args *,
		     struct pane *);
/* cmd-helpers.c: -a (after) or -b (before) the window at *idx (-1: the
 * current one) of s: make room there, moving the windows from it up,
 * and set *idx to it. Nothing without -a or -b. Returns -1 after
 * reporting that there is no such window. */
int		 cmd_insert_index(struct cmdq_item *, const struct args *,
		     struct session *, int *idx);
/* cmd-helpers.c: the standard input of the client that ran item goes to
 * the empty pane p (split-window -I, display-message -I) as it comes, as
 * if p's program wrote it. Returns CMD_RETURN_WAIT (item goes on when the
 * input ends), CMD_RETURN_NORMAL when the client has none to give (an
 * attached client's), or CMD_RETURN_ERROR after reporting (p not
 * empty). */
struct pane;
enum cmd_retval	 cmd_pane_input(struct cmdq_item *, struct pane *);
/* cmd-helpers.c: the marked pane (select-pane -m) as a target; -1 when
 * there is none. */
int		 cmd_marked_target(struct cmdq_item *, struct target *);
/* cmd-helpers.c: the -s target of join-pane, move-pane, swap-pane and
 * swap-window: -s, else the marked pane, else the current one. Returns -1
 * after reporting an error. */
int		 cmd_source_target(struct cmdq_item *, const struct args *,
		     enum cmd_target_type, struct target *);
/* cmd-helpers.c: set client flags from a comma list (attach -f,
 * new-session -f, refresh-client -f): read-only, ignore-size,
 * active-pane, no-detach-on-destroy and a control client's no-output,
 * pause-after[=N], wait-exit, json; "!name" clears one. An unknown flag,
 * or a control flag for another client, is an error. Returns -1 after
 * reporting. */
int		 cmd_client_flags(struct cmdq_item *, struct client *,
		     const char *list);
/* cmd-find.c: the client a command means: the one that ran it if
 * attached, else the most recently active client of the current session;
 * NULL if none. */
struct client	*cmd_find_client(struct cmdq_item *);
/* cmd-find.c: tmux's best client for s: its most recently active
 * attached client, else (none attached to s, or s NULL) the most recently
 * active of all; NULL if no client is attached anywhere. */
struct client	*cmd_find_best_client(struct session *s);
/* cmd-find.c: the attached client named name (its tty, with or without
 * "/dev/", or client-N); NULL if none. */
struct client	*cmd_find_client_named(const char *name);
/* cmd-find.c: a session and a window index that may be free ("sess:3",
 * ":3", "3", "sess", or NULL: the current session); *idx is -1 when no
 * index is given. Returns -1 after reporting an error. */
int		 cmd_find_index(struct cmdq_item *, const char *target,
		     struct session **, int *idx);
/* cmd-find.c: resolve a target string against the item's client. Returns
 * 0, or -1 with an error reported through the item. */
int		 cmd_find_target(struct cmdq_item *, const char *target,
		     enum cmd_target_type, struct target *);
/* The same, but on failure what was found stays in fs (a window found
 * with its active pane), for a command whose target may fail (tmux's
 * CMD_FIND_CANFAIL: CMD_QUIETFAIL). */
int		 cmd_find_target_partial(struct cmdq_item *,
		     const char *target, enum cmd_target_type,
		     struct target *);
/* The client's current session/window/pane (or the most recent session). */
void		 cmd_find_current(struct cmdq_item *, struct target *);
/* cmd-find.c: expand a format for a command: for t (NULL: its target) and
 * client c (NULL: the one that ran it), with the mouse event of its key
 * (#{mouse_x} ...) and its name (#{command}). Heap string. */
char		*cmd_format(struct cmdq_item *, const char *fmt,
		     const struct target *, struct client *);

#endif
