/*
 * cmd-json: what the list commands' -J shares (a mux extension: tmux
 * 3.3a has none). A command opens the list, adds one object per item it
 * would print a line for (the item's format variables, typed, or fields
 * of its own), and the whole array is printed as the command's output
 * when the list ends: a JSON array, one object a line.
 */
#ifndef MUX_CMD_JSON_H
#define MUX_CMD_JSON_H

#include "common/json.h"
#include "common/key.h"
#include "common/proto.h"

struct cmdq_item;
struct client;
struct paste_buffer;
struct target;

struct cmd_json {
	struct pbuf	pb;
	struct json	j;
};

struct args;

/* -J with -F is an error (told to item): returns -1, else 0. */
int	cmd_json_check(struct cmdq_item *, struct args *);
/* Start the array. */
void	cmd_json_start(struct cmd_json *);
/* One object: every format variable of kinds (FORMAT_EACH_*) of the
 * item, as -F would expand it: numbers as numbers, flags as true or
 * false, text as strings, null where a variable does not apply. */
void	cmd_json_item(struct cmd_json *, const struct target *,
	    struct client *, const struct paste_buffer *, int kinds);
/* A member with a value as text, typed as the format variable or option
 * of that kind would be (used inside an object the caller opened). */
void	cmd_json_typed(struct json *, const char *key, const char *value,
	    int type);
/* show-options: one option of table oo (od NULL for a user option; idx
 * -1 for the whole of an array, whose value is then a JSON array). */
struct options;
struct option_def;
void	cmd_json_option(struct cmd_json *, const struct options *,
	    const char *name, const struct option_def *, int idx,
	    int inherited);
/* show-environment: one variable (value NULL: removed, -r). */
void	cmd_json_environ(struct cmd_json *, const char *name,
	    const char *value, int hidden, int global);
/* show-hooks: one hook (idx -1: all its commands, as an array). */
struct hook;
void	cmd_json_hook(struct cmd_json *, const struct hook *, int idx,
	    const char *scope, int global);
/* list-keys -J, with the flags of args (-1 -a -N -T) and only the key
 * only unless it is KEYC_NONE. */
enum cmd_retval cmd_json_list_keys(struct cmdq_item *, struct args *,
	    key_code only);
/* list-commands: one command. */
struct cmd_entry;
void	cmd_json_command(struct cmd_json *, const struct cmd_entry *);
/* Close the array, print it as the item's output and free it. */
void	cmd_json_end(struct cmd_json *, struct cmdq_item *);

#endif
