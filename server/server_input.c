/*
 * What an attached client types: keys go through the overlays open (a
 * popup, a menu or display-panes, then the prompt: overlay.h) and the key
 * tables (prefix, copy mode's, root) and otherwise to the active pane, encoded for it; mouse events are made
 * into mouse keys whose bindings run (or the program's, if it takes the
 * mouse); pasted text and focus changes go to the active pane.
 *
 * They come from the client's messages (MSG_KEY, MSG_MOUSE, ...) when the
 * client reads its terminal, or decoded from the terminal itself when the
 * server reads it (server_tty.c, through server_input_event).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/event.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/trace.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "draw/compose.h"
#include "model/hooks.h"
#include "copy/copy.h"
#include "server/loop.h"
#include "server/mouse.h"
#include "model/options.h"
#include "draw/overlay.h"
#include "model/pane-mode.h"
#include "model/paste.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "model/session.h"
#include "draw/status.h"
#include "draw/view.h"
#include "model/window.h"
#include "tty/input.h"

/* The options read on every key or frame (options.h: handles). */
static struct option_handle oh_paste_time = OPTION_HANDLE("assume-paste-time");
static struct option_handle oh_repeat_time = OPTION_HANDLE("repeat-time");
static struct option_handle oh_prefix = OPTION_HANDLE("prefix");
static struct option_handle oh_prefix2 = OPTION_HANDLE("prefix2");
static struct option_handle oh_key_table = OPTION_HANDLE("key-table");
static struct option_handle oh_status_position =
    OPTION_HANDLE("status-position");
static struct option_handle oh_mouse = OPTION_HANDLE("mouse");

/* Run a binding's commands for a client. */
static void
server_input_run_binding(struct client *c, struct key_binding *kb)
{
	cmdq_run(cmdq_new(c, kb->cmds, NULL), cmdq_client_done,
	    NULL);
}

/* Does every command of the list work for a read-only client (as in
 * tmux: detach-client and switch-client)? */
static int
server_input_readonly_ok(const struct cmd_list *cl)
{
	unsigned int	i;
	const char	*name;

	for (i = 0; i < cl->n; i++) {
		name = cl->cmds[i]->entry->name;
		if (strcmp(name, "detach-client") != 0 &&
		    strcmp(name, "switch-client") != 0)
			return (0);
	}
	return (cl->n != 0);
}

/* Is key the prefix or prefix2 (or the twin of one: C-m for Enter)? */
static int
server_input_is_prefix(key_code key, key_code prefix, key_code prefix2)
{
	return (key_matches(key, prefix) || key_matches(key, prefix2));
}

/* A key from a read-only client: the prefix and the bindings that only
 * detach or switch work; nothing reaches a pane. */
static void
server_input_readonly_key(struct client *c, key_code key, key_code prefix,
    key_code prefix2)
{
	struct key_binding	*kb;
	const char		*table = c->key_table;

	if (strcmp(table, "root") == 0 &&
	    server_input_is_prefix(key, prefix, prefix2)) {
		c->key_table = "prefix";
		return;
	}
	c->key_table = "root";
	kb = key_bindings_find(key_table_find(table, 0), key);
	if (kb != NULL && server_input_readonly_ok(kb->cmds))
		server_input_run_binding(c, kb);
	srv->dirty = 1;
}

/*
 * assume-paste-time: keys of s coming faster than it are a paste, not
 * typing, so its bindings are not looked up; as in tmux, the first fast
 * key after a slow one is still taken as typed (a prefix and its key sent
 * together work), the ones after it are the paste.
 */
static int
server_input_pasting(struct session *s)
{
	long long	ms = options_get_number_h(s->options, &oh_paste_time);

	if (ms == 0 || s->key_ns - s->last_key_ns >= (uint64_t)ms * 1000000) {
		s->pasting = 0;
		return (0);
	}
	if (s->pasting)
		return (1);
	s->pasting = 1;
	return (0);
}

/* A pasted key: to the pane's program, or the mode's own keys (clock,
 * customize); copy mode and a read-only client take none, as in tmux. */
static void
server_input_paste_key(struct client *c, struct pane *p, key_code key)
{
	if (p == NULL || (c->flags & CLIENT_READONLY) ||
	    (p->flags & PANE_EXITED))
		return;
	if (p->pmode != NULL)
		pane_mode_key(p, c, key, NULL);
	else if (p->mode == NULL) {
		pane_note_input(p);
		pane_send_key(p, key);
	}
	srv->dirty = 1;
}

/* repeat-time is over: keys go to the root table again. */
static void
server_input_repeat_timer(int fd, short events, void *arg)
{
	struct client	*c = arg;

	(void)fd;
	(void)events;
	if (c->flags & CLIENT_REPEAT) {
		c->flags &= ~CLIENT_REPEAT;
		c->key_table = "root";
		server_status_changed();
		srv->dirty = 1;
	}
}

/* A -r binding ran: the prefix table stays for repeat-time (none when it
 * is 0, as in tmux). */
static void
server_input_repeat_start(struct client *c)
{
	struct timeval	tv;
	long long	ms;

	if (c->session == NULL || c->flags & (CLIENT_DEAD|CLIENT_EXIT) ||
	    (ms = options_get_number_h(c->session->options,
	    &oh_repeat_time)) == 0)
		return;
	if (c->repeat_timer == NULL) {
		c->repeat_timer = evtimer_new(srv->base,
		    server_input_repeat_timer, c);
	}
	c->key_table = "prefix";
	c->flags |= CLIENT_REPEAT;
	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	evtimer_add(c->repeat_timer, &tv);
}

/* Out of the prefix table (and any repeat). */
static void
server_input_repeat_end(struct client *c)
{
	c->key_table = "root";
	c->flags &= ~CLIENT_REPEAT;
	if (c->repeat_timer != NULL)
		evtimer_del(c->repeat_timer);
}

/* A key from an attached client: prefix and bindings, else the pane. */
void
server_input_key(struct client *c, key_code key)
{
	struct session		*s = c->session;
	struct pane		*p;
	struct key_binding	*kb;
	key_code		 prefix, prefix2, plain = key_classic(key);
	uint64_t		 now = server_now_ns();
	int			 repeating;

	trace_stamp("key-recv");
	c->activity_ns = now;
	if (s == NULL || s->curw == NULL)
		return;
	hooks_client_active(c);
	s->activity = time(NULL);
	s->activity_ns = now;
	s->last_key_ns = s->key_ns;
	s->key_ns = now;
	client_lock_timer(s);
	/* The overlays take keys first, as in tmux: a popup, a menu or
	 * display-panes (any key dismisses a message first), then the
	 * prompt. (A C-i, C-m or C-[ the terminal told apart is Tab, Enter
	 * or Escape to all but bindings and programs.) */
	if (overlay_get(c, OVERLAY_LAYER_BOX) != NULL &&
	    message_text(c) != NULL && !c->message_nokeys)
		message_clear(c);
	if (overlay_key(c, plain))
		return;
	/* Not theirs: what they ran (the prompt's command) may have
	 * changed anything. */
	if ((s = c->session) == NULL || s->curw == NULL)
		return;
	if (message_text(c) != NULL && !c->message_nokeys)
		message_clear(c);	/* any key dismisses a message */
	p = client_active_pane(c);
	if (server_input_pasting(s)) {
		server_input_paste_key(c, p, key);
		return;
	}
	prefix = options_get_key_h(s->options, &oh_prefix);
	prefix2 = options_get_key_h(s->options, &oh_prefix2);
	if (c->flags & CLIENT_READONLY) {
		server_input_readonly_key(c, key, prefix, prefix2);
		return;
	}

	/* A copy-mode jump waiting for its character takes the key, as
	 * tmux's one-key prompt would. */
	if (p != NULL && p->pmode == NULL && p->mode != NULL &&
	    strcmp(c->key_table, "root") == 0 &&
	    copy_pending_key(p->mode, plain)) {
		srv->dirty = 1;
		return;
	}

	if (strcmp(c->key_table, "root") == 0)
		c->flags &= ~CLIENT_REPEAT;	/* a command left the table */
	else {
		/* The prefix table, or one switch-client -T chose. */
		kb = key_bindings_find(key_table_find(c->key_table, 0), key);
		repeating = (c->flags & CLIENT_REPEAT) != 0;
		server_input_repeat_end(c);
		srv->dirty = 1;
		/* While a -r binding repeats, a key that is not one is taken
		 * afresh, from the root table (as tmux does). */
		if (!repeating || (kb != NULL && kb->repeat)) {
			if (kb != NULL) {
				server_input_run_binding(c, kb);
				if (kb->repeat)
					server_input_repeat_start(c);
			}
			return;
		}
	}
	if (p != NULL && p->pmode != NULL) {
		/* Clock or customize mode (over copy mode, if that is on
		 * too): root's bindings and the prefix work as ever, other
		 * keys are the mode's, as in tmux. */
		if ((kb = key_bindings_find(key_table_find(options_get_string_h(
		    s->options, &oh_key_table), 0), key)) != NULL)
			server_input_run_binding(c, kb);
		else if (server_input_is_prefix(key, prefix, prefix2))
			c->key_table = "prefix";
		else
			pane_mode_key(p, c, plain, NULL);
		srv->dirty = 1;
		return;
	}
	if (p != NULL && p->mode != NULL) {
		/* Copy mode: the prefix works as ever; other keys are looked
		 * up in the mode's table (copy-mode-vi or copy-mode, by
		 * mode-keys), then in root. An unbound key does nothing:
		 * nothing reaches the program. */
		if (server_input_is_prefix(key, prefix, prefix2)) {
			c->key_table = "prefix";
			return;
		}
		kb = key_bindings_find(key_table_find(copy_key_table(p->mode),
		    0), key);
		if (kb == NULL)
			kb = key_bindings_find(key_table_find(
			    options_get_string_h(s->options, &oh_key_table), 0),
			    key);
		if (kb != NULL)
			server_input_run_binding(c, kb);
		srv->dirty = 1;
		return;
	}
	/* "root" here is the default table: the key-table option's. */
	if ((kb = key_bindings_find(key_table_find(options_get_string_h(
	    s->options, &oh_key_table), 0), key)) != NULL) {
		server_input_run_binding(c, kb);
		srv->dirty = 1;
		return;
	}
	if (server_input_is_prefix(key, prefix, prefix2)) {
		c->key_table = "prefix";
		return;
	}
	if (p == NULL || (p->flags & PANE_EXITED))
		return;
	trace_stamp("key-unbound");
	pane_note_input(p);
	pane_send_key(p, key);
}

/* Input events other than keys go to the active pane. */
static struct pane *
server_input_active_pane(struct client *c)
{
	struct session	*s = c->session;

	if (s == NULL || s->curw == NULL)
		return (NULL);
	return (client_active_pane(c));
}

/* Pasted text (bracketed paste from the terminal) for the active pane. */
void
server_input_paste(struct client *c, const char *data, size_t len)
{
	struct pane	*p;
	char		*msg;

	if (c->flags & CLIENT_READONLY)
		return;
	if ((p = server_input_active_pane(c)) == NULL ||
	    (p->flags & PANE_INPUTOFF))
		return;
	pane_note_input(p);
	if (pane_paste(p, paste_blob_new(data, len), NULL, 1) != 0) {
		msg = xasprintf("Pane %%%u is not reading its input: %zu bytes "
		    "of paste not delivered", p->id, len);
		message_set(c, msg);
		free(msg);
		return;
	}
	/* The rest of the paste waits in the terminal (or socket) until
	 * the program has taken this. */
	if (pane_input_full(p))
		server_client_hold_input(c, p);
}

/* The terminal gained (in 1) or lost focus. */
void
server_input_focus(struct client *c, int in)
{
	struct pane	*p;

	if (in)
		c->flags |= CLIENT_FOCUSED;
	else
		c->flags &= ~CLIENT_FOCUSED;
	hooks_notify_client(in ? "client-focus-in" : "client-focus-out", c);
	if ((p = server_input_active_pane(c)) != NULL)
		pane_send_focus(p, in);
}

/* The window row of c's screen row y; for status line N, -1 - N. */
static int
server_input_window_row(struct client *c, unsigned int y)
{
	struct session	*s = c->session;
	unsigned int	 lines = session_status_lines(s);
	int		 top;

	if (lines == 0 || c->rows <= lines)
		return (y);
	top = strcmp(options_get_string_h(s->options, &oh_status_position),
	    "top") == 0;
	if (top)
		return (y < lines ? -1 - (int)y : (int)(y - lines));
	if (y >= c->rows - lines)
		return (-1 - (int)(y - (c->rows - lines)));
	return (y);
}

/* Milliseconds within which clicks of one button make a double click. */
#define CLIENT_CLICK_MS		300

/* Start (or restart) waiting for the next click. */
static void
server_input_click_wait(struct client *c, const struct mouse_event *m)
{
	struct timeval	tv = { 0, CLIENT_CLICK_MS * 1000 };

	c->click_event = *m;
	c->click_button = m->button;
	evtimer_del(c->click_timer);
	evtimer_add(c->click_timer, &tv);
}

/* Run the binding of a mouse key, with the event; a key with none is the
 * program's, if it takes the mouse. The pane under the mouse looks in its
 * mode's table first, as keys typed in copy mode do. */
static void
server_input_mouse_run(struct client *c, key_code key,
    const struct mouse_event *m)
{
	struct pane		*p = mouse_pane(m);
	struct key_binding	*kb = NULL;
	struct cmdq_item	*item;

	if (p != NULL && p->pmode == NULL && p->mode != NULL)
		kb = key_bindings_find(key_table_find(copy_key_table(p->mode),
		    0), key);
	if (kb == NULL)
		kb = key_bindings_find(key_table_find(c->session != NULL ?
		    options_get_string_h(c->session->options, &oh_key_table) :
		    "root", 0), key);
	if (kb != NULL) {
		item = cmdq_new(c, kb->cmds, NULL);
		cmdq_set_mouse(item, m);
		cmdq_run(item, cmdq_client_done, NULL);
	} else if (p != NULL && p->pmode != NULL)
		pane_mode_key(p, c, key, m);
	else if (p != NULL && p->mode == NULL)
		mouse_send(p, m);
	srv->dirty = 1;
}

/* No third click came: the two were a double click. */
static void
server_input_click_timer(int fd, short events, void *arg)
{
	struct client	*c = arg;
	key_code	 key;

	if (c->click_state == 2 && c->session != NULL &&
	    c->session->curw != NULL &&
	    c->click_event.session == c->session->id) {
		key = KEYC_MOUSE_KEY(KEYC_DOUBLE_CLICK,
		    KEYC_MOUSE_WHERE(c->click_event.key),
		    KEYC_MOUSE_BUTTON(c->click_event.key));
		c->click_event.key = key|c->click_event.mods;
		server_input_mouse_run(c, c->click_event.key,
		    &c->click_event);
	}
	c->click_state = 0;
}

/* A mouse event from a client with mouse on: made into a mouse key whose
 * binding runs (MouseDown1Pane, WheelUpStatus, ...), or taken by a drag
 * in progress. */
void
server_input_mouse(struct client *c, unsigned int x, unsigned int y,
    int button, int pressed, int motion, key_code mods)
{
	struct session		*s = c->session;
	struct mouse_event	 m;
	key_code		 key;
	unsigned int		 ox, oy, sx, sy;
	int			 wait;

	if (c->flags & CLIENT_READONLY)
		return;		/* as in tmux: no mouse for read-only */

	if (s == NULL || s->curw == NULL ||
	    !options_get_number_h(s->options, &oh_mouse))
		return;
	if (c->overlay != NULL) {
		/* A popup or menu takes the mouse first, where it is on the
		 * screen. */
		struct overlay_mouse	om = { x, y, button, pressed, motion,
					    mods & KEYC_MASK_MOD };

		if (overlay_mouse(c, &om))
			return;
	}
	if (c->click_timer == NULL) {
		c->click_timer = evtimer_new(srv->base,
		    server_input_click_timer, c);
	}
	memset(&m, 0, sizeof m);
	m.x = x;
	m.y = y;
	m.wy = server_input_window_row(c, y);
	if (m.wy >= 0) {
		/* Over the window: where in it, when only part shows. */
		client_window_offset(c, &ox, &oy, &sx, &sy);
		m.x += ox;
		m.wy += oy;
	}
	m.lx = c->mouse_lx;
	m.lwy = c->mouse_lwy;
	m.button = button;
	m.pressed = pressed;
	m.motion = motion;
	m.mods = mods & KEYC_MASK_MOD;
	m.session = s->id;
	key = mouse_key(c, &m, &wait);
	if (wait)
		server_input_click_wait(c, &m);
	else if (c->click_state == 0)
		evtimer_del(c->click_timer);
	c->mouse_lx = m.x;
	c->mouse_lwy = m.wy;
	if (key != KEYC_NONE)
		server_input_mouse_run(c, key, &m);
}

void
server_input_event(struct client *c, const struct input_event *ev)
{
	if (c->flags & (CLIENT_DEAD|CLIENT_EXIT))
		return;
	switch (ev->type) {
	case INPUT_KEY:
		server_input_key(c, ev->key);
		break;
	case INPUT_PASTE:
		server_input_paste(c, ev->data, ev->len);
		break;
	case INPUT_FOCUS:
		server_input_focus(c, ev->focus);
		break;
	case INPUT_MOUSE:
		server_input_mouse(c, ev->x, ev->y, ev->button, ev->pressed,
		    ev->motion, ev->mods);
		break;
	case INPUT_COLOUR:
		client_set_host_colour(c, ev->which, &ev->rgb);
		break;
	case INPUT_XTVERSION:
	case INPUT_DA2:
	case INPUT_DA1:
	case INPUT_CLIPBOARD:
		break;	/* server_tty.c's, never keys */
	}
}
