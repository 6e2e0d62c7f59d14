/*
 * format_each: every format variable of an item (a session, a window, a
 * pane, a client, a paste buffer, the server), each with its value as -F
 * would expand it and its type, for list commands' -J.
 *
 * The values come from format_var_find, so they are exactly what
 * #{name} gives for that item. What this file adds is, for each variable
 * of the tables in format-vars.c and format-pane.c and for the copy mode
 * variables, what it belongs to and what type its value has (a number, a
 * flag that is 1 or 0, or text). The table below must name every
 * variable of those tables: the unit test (format_each_complete) fails
 * when one is added there and not here.
 */
#include <stdlib.h>
#include <string.h>

#include "model/client.h"
#include "model/format.h"
#include "model/format-int.h"
#include "model/paste.h"
#include "model/state.h"
#include "model/target.h"
#include "model/window.h"

#define K_NONE		0	/* only with an extra or a mouse event */
#define K_SERVER	FORMAT_EACH_SERVER
#define K_BUFFER	FORMAT_EACH_BUFFER
#define K_CLIENT	FORMAT_EACH_CLIENT
#define K_SESSION	FORMAT_EACH_SESSION
#define K_WINDOW	FORMAT_EACH_WINDOW
#define K_PANE		FORMAT_EACH_PANE
#define K_COPY		FORMAT_EACH_COPY	/* a pane in copy mode */
#define STR		FORMAT_STRING
#define NUM		FORMAT_NUMBER
#define FLAG		FORMAT_FLAG

struct format_each_var {
	const char		*name;
	int			 kind;
	enum format_type	 type;
};

/* Sorted by name (the unit test checks). */
static const struct format_each_var format_each_vars[] = {
	{ "active_window_index", K_SESSION, NUM },
	{ "alternate_on", K_PANE, FLAG },
	{ "alternate_saved_x", K_PANE, NUM },
	{ "alternate_saved_y", K_PANE, NUM },
	{ "buffer_created", K_BUFFER, NUM },
	{ "buffer_full", K_BUFFER, STR },
	{ "buffer_name", K_BUFFER, STR },
	{ "buffer_sample", K_BUFFER, STR },
	{ "buffer_size", K_BUFFER, NUM },
	{ "client_activity", K_CLIENT, NUM },
	{ "client_cell_height", K_CLIENT, NUM },
	{ "client_cell_width", K_CLIENT, NUM },
	{ "client_control_mode", K_CLIENT, FLAG },
	{ "client_created", K_CLIENT, NUM },
	{ "client_discarded", K_CLIENT, NUM },
	{ "client_flags", K_CLIENT, STR },
	{ "client_height", K_CLIENT, NUM },
	{ "client_key_table", K_CLIENT, STR },
	{ "client_last_session", K_CLIENT, STR },
	{ "client_name", K_CLIENT, STR },
	{ "client_pid", K_CLIENT, NUM },
	{ "client_prefix", K_CLIENT, FLAG },
	{ "client_readonly", K_CLIENT, FLAG },
	{ "client_session", K_CLIENT, STR },
	{ "client_termfeatures", K_CLIENT, STR },
	{ "client_termname", K_CLIENT, STR },
	{ "client_termtype", K_CLIENT, STR },
	{ "client_tty", K_CLIENT, STR },
	{ "client_uid", K_CLIENT, NUM },
	{ "client_user", K_CLIENT, STR },
	{ "client_utf8", K_CLIENT, FLAG },
	{ "client_width", K_CLIENT, NUM },
	{ "client_written", K_CLIENT, NUM },
	{ "command", K_NONE, STR },
	{ "config_files", K_SERVER, STR },
	{ "copy_cursor_line", K_COPY, STR },
	{ "copy_cursor_word", K_COPY, STR },
	{ "copy_cursor_x", K_COPY, NUM },
	{ "copy_cursor_y", K_COPY, NUM },
	{ "current_file", K_NONE, STR },
	{ "cursor_character", K_PANE, STR },
	{ "cursor_flag", K_PANE, FLAG },
	{ "cursor_x", K_PANE, NUM },
	{ "cursor_y", K_PANE, NUM },
	{ "history_bytes", K_PANE, NUM },
	{ "history_limit", K_PANE, NUM },
	{ "history_size", K_PANE, NUM },
	{ "host", K_SERVER, STR },
	{ "host_short", K_SERVER, STR },
	{ "insert_flag", K_PANE, FLAG },
	{ "keypad_cursor_flag", K_PANE, FLAG },
	{ "keypad_flag", K_PANE, FLAG },
	{ "last_window_index", K_SESSION, NUM },
	{ "mouse_all_flag", K_PANE, FLAG },
	{ "mouse_any_flag", K_PANE, FLAG },
	{ "mouse_button_flag", K_PANE, FLAG },
	{ "mouse_line", K_NONE, STR },
	{ "mouse_sgr_flag", K_PANE, FLAG },
	{ "mouse_standard_flag", K_PANE, FLAG },
	{ "mouse_utf8_flag", K_PANE, FLAG },
	{ "mouse_word", K_NONE, STR },
	{ "mouse_x", K_NONE, NUM },
	{ "mouse_y", K_NONE, NUM },
	{ "mux_version", K_SERVER, STR },
	{ "next_session_id", K_SERVER, STR },
	{ "origin_flag", K_PANE, FLAG },
	{ "pane_active", K_PANE, FLAG },
	{ "pane_at_bottom", K_PANE, FLAG },
	{ "pane_at_left", K_PANE, FLAG },
	{ "pane_at_right", K_PANE, FLAG },
	{ "pane_at_top", K_PANE, FLAG },
	{ "pane_bg", K_PANE, STR },
	{ "pane_bottom", K_PANE, NUM },
	{ "pane_current_command", K_PANE, STR },
	{ "pane_current_path", K_PANE, STR },
	{ "pane_dead", K_PANE, FLAG },
	{ "pane_dead_signal", K_PANE, NUM },
	{ "pane_dead_status", K_PANE, NUM },
	{ "pane_dead_time", K_PANE, NUM },
	{ "pane_fg", K_PANE, STR },
	{ "pane_format", K_PANE, FLAG },
	{ "pane_height", K_PANE, NUM },
	{ "pane_id", K_PANE, STR },
	{ "pane_in_mode", K_PANE, FLAG },
	{ "pane_index", K_PANE, NUM },
	{ "pane_input_off", K_PANE, FLAG },
	{ "pane_last", K_PANE, FLAG },
	{ "pane_left", K_PANE, NUM },
	{ "pane_marked", K_PANE, FLAG },
	{ "pane_marked_set", K_PANE, FLAG },
	{ "pane_mode", K_PANE, STR },
	{ "pane_path", K_PANE, STR },
	{ "pane_pid", K_PANE, NUM },
	{ "pane_pipe", K_PANE, FLAG },
	{ "pane_right", K_PANE, NUM },
	{ "pane_search_string", K_COPY, STR },
	{ "pane_start_command", K_PANE, STR },
	{ "pane_start_path", K_PANE, STR },
	{ "pane_synchronized", K_PANE, FLAG },
	{ "pane_tabs", K_PANE, STR },
	{ "pane_title", K_PANE, STR },
	{ "pane_top", K_PANE, NUM },
	{ "pane_tty", K_PANE, STR },
	{ "pane_width", K_PANE, NUM },
	{ "pid", K_SERVER, NUM },
	{ "rectangle_toggle", K_COPY, FLAG },
	{ "scroll_position", K_COPY, NUM },
	{ "scroll_region_lower", K_PANE, NUM },
	{ "scroll_region_upper", K_PANE, NUM },
	{ "search_match", K_COPY, STR },
	{ "search_present", K_COPY, FLAG },
	{ "selection_active", K_COPY, FLAG },
	{ "selection_end_x", K_COPY, NUM },
	{ "selection_end_y", K_COPY, NUM },
	{ "selection_mode", K_COPY, STR },
	{ "selection_present", K_COPY, FLAG },
	{ "selection_start_x", K_COPY, NUM },
	{ "selection_start_y", K_COPY, NUM },
	{ "session_activity", K_SESSION, NUM },
	{ "session_alerts", K_SESSION, STR },
	{ "session_attached", K_SESSION, NUM },
	{ "session_attached_list", K_SESSION, STR },
	{ "session_created", K_SESSION, NUM },
	{ "session_format", K_SESSION, FLAG },
	{ "session_group", K_SESSION, STR },
	{ "session_group_attached", K_SESSION, NUM },
	{ "session_group_attached_list", K_SESSION, STR },
	{ "session_group_list", K_SESSION, STR },
	{ "session_group_many_attached", K_SESSION, FLAG },
	{ "session_group_size", K_SESSION, NUM },
	{ "session_grouped", K_SESSION, FLAG },
	{ "session_id", K_SESSION, STR },
	{ "session_last_attached", K_SESSION, NUM },
	{ "session_many_attached", K_SESSION, FLAG },
	{ "session_marked", K_SESSION, FLAG },
	{ "session_name", K_SESSION, STR },
	{ "session_path", K_SESSION, STR },
	{ "session_stack", K_SESSION, STR },
	{ "session_windows", K_SESSION, NUM },
	{ "socket_path", K_SERVER, STR },
	{ "start_time", K_SERVER, NUM },
	{ "uid", K_SERVER, NUM },
	{ "user", K_SERVER, STR },
	{ "version", K_SERVER, STR },
	{ "window_active", K_WINDOW, FLAG },
	{ "window_active_clients", K_WINDOW, NUM },
	{ "window_active_clients_list", K_WINDOW, STR },
	{ "window_active_sessions", K_WINDOW, NUM },
	{ "window_active_sessions_list", K_WINDOW, STR },
	{ "window_activity", K_WINDOW, NUM },
	{ "window_activity_flag", K_WINDOW, FLAG },
	{ "window_bell_flag", K_WINDOW, FLAG },
	{ "window_bigger", K_CLIENT, FLAG },
	{ "window_end_flag", K_WINDOW, FLAG },
	{ "window_flags", K_WINDOW, STR },
	{ "window_format", K_WINDOW, FLAG },
	{ "window_height", K_WINDOW, NUM },
	{ "window_id", K_WINDOW, STR },
	{ "window_index", K_WINDOW, NUM },
	{ "window_last_flag", K_WINDOW, FLAG },
	{ "window_layout", K_WINDOW, STR },
	{ "window_linked", K_WINDOW, FLAG },
	{ "window_linked_sessions", K_WINDOW, NUM },
	{ "window_linked_sessions_list", K_WINDOW, STR },
	{ "window_marked_flag", K_WINDOW, FLAG },
	{ "window_name", K_WINDOW, STR },
	{ "window_offset_x", K_CLIENT, NUM },
	{ "window_offset_y", K_CLIENT, NUM },
	{ "window_panes", K_WINDOW, NUM },
	{ "window_raw_flags", K_WINDOW, STR },
	{ "window_silence_flag", K_WINDOW, FLAG },
	{ "window_stack_index", K_WINDOW, NUM },
	{ "window_start_flag", K_WINDOW, FLAG },
	{ "window_visible_layout", K_WINDOW, STR },
	{ "window_width", K_WINDOW, NUM },
	{ "window_zoomed_flag", K_WINDOW, FLAG },
};
#define FORMAT_EACH_NVARS \
	(sizeof format_each_vars / sizeof format_each_vars[0])

/* Call cb for each variable of kinds, with its value for the item. */
void
format_each(const struct target *fs, struct client *c,
    const struct paste_buffer *pb, int kinds, format_each_cb cb, void *arg)
{
	struct format_ctx	 ft = { .fs = fs, .pb = pb };
	const struct format_each_var *fv;
	struct pane		*p = FV_P(&ft);
	char			*value;
	size_t			 i;

	/* As format_expand: a client that shows no session has none. */
	ft.c = c != NULL && c->session != NULL ? c : NULL;
	if ((kinds & FORMAT_EACH_PANE) && p != NULL && p->mode != NULL)
		kinds |= FORMAT_EACH_COPY;
	for (i = 0; i < FORMAT_EACH_NVARS; i++) {
		fv = &format_each_vars[i];
		if ((fv->kind & kinds) == 0)
			continue;
		value = format_var_find(&ft, fv->name);
		cb(fv->name, value, fv->type, arg);
		free(value);
	}
}

/* The type of name's value: a binary search of the table. */
enum format_type
format_type_of(const char *name)
{
	size_t	lo = 0, hi = FORMAT_EACH_NVARS, mid;
	int	cmp;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		cmp = strcmp(name, format_each_vars[mid].name);
		if (cmp == 0)
			return (format_each_vars[mid].type);
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (FORMAT_STRING);
}

/* For the unit test: is the table sorted, and does it name every
 * variable of format-vars.c and format-pane.c (and only those, and the
 * copy mode ones)? Returns the first name at fault, or NULL. */
const char	*format_each_complete(void);
const char *
format_each_complete(void)
{
	const struct format_var	*tables[2];
	size_t			 sizes[2], i, j, k, found;

	for (i = 1; i < FORMAT_EACH_NVARS; i++) {
		if (strcmp(format_each_vars[i - 1].name,
		    format_each_vars[i].name) >= 0)
			return (format_each_vars[i].name);
	}
	tables[0] = format_vars_table(&sizes[0]);
	tables[1] = format_pane_vars;
	sizes[1] = format_pane_nvars;
	for (k = 0; k < 2; k++) {
		for (j = 0; j < sizes[k]; j++) {
			for (i = 0; i < FORMAT_EACH_NVARS; i++) {
				if (strcmp(format_each_vars[i].name,
				    tables[k][j].name) == 0)
					break;
			}
			if (i == FORMAT_EACH_NVARS ||
			    format_each_vars[i].kind == K_COPY)
				return (tables[k][j].name);
		}
	}
	/* Every name here is in a table, or is a copy mode variable. */
	for (i = 0; i < FORMAT_EACH_NVARS; i++) {
		if (format_each_vars[i].kind == K_COPY)
			continue;
		found = 0;
		for (k = 0; k < 2 && !found; k++) {
			for (j = 0; j < sizes[k] && !found; j++)
				found = strcmp(format_each_vars[i].name,
				    tables[k][j].name) == 0;
		}
		if (!found)
			return (format_each_vars[i].name);
	}
	return (NULL);
}
