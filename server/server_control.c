/*
 * server_control: a control-mode client's input, command blocks and
 * notifications (see server_control.h and control.h).
 *
 * Bounds: the part line is at most CONTROL_LINE_MAX bytes and at most
 * CONTROL_LINES_MAX lines wait (then the socket is not read until they
 * have run); a pane's held output goes out while the socket has less than
 * CONTROL_SOCKET_LOW queued, at most CONTROL_WRITE_MAX bytes a pane a
 * turn; with pause-after a pane whose output is older than that is paused
 * (%pause); without it, output older than CONTROL_AGE_MAX_MS, a socket
 * holding more than CONTROL_SOCKET_MAX, or more queued than control.h
 * allows, and the client goes ("%exit too far behind"), as tmux does.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/event.h>

#include "cmd/cmd.h"
#include "common/base64.h"
#include "common/json.h"
#include "common/log.h"
#include "common/peer.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/control.h"
#include "model/format.h"
#include "model/paste.h"
#include "model/state.h"
#include "server/server_control.h"
#include "model/session.h"
#include "model/target.h"
#include "model/window.h"
#include "server/client-out.h"

#define CONTROL_LINE_MAX	(1024 * 1024)
#define CONTROL_LINES_MAX	1000
#define CONTROL_SOCKET_LOW	(64 * 1024)
#define CONTROL_SOCKET_MAX	(64u * 1024 * 1024)
#define CONTROL_WRITE_MAX	(64 * 1024)
#define CONTROL_AGE_MAX_MS	300000ULL

void
server_control_start(struct client *c)
{
	struct control_state	*cs = xcalloc(1, sizeof *cs);

	TAILQ_INIT(&cs->events);
	pbuf_init(&cs->in);
	if (c->ident.flags & IDENTIFY_CONTROL_CC)
		cs->flags |= CONTROL_CC;
	c->control = cs;
	c->out = &client_out_control;
	/* No size until refresh-client -C gives one: it sizes nothing. */
	c->cols = c->rows = 0;
}

const char *
server_control_exit_reason(struct client *c)
{
	if (c->control != NULL && c->control->behind)
		return ("too far behind");
	return (NULL);
}

/* Send text as MSG_OUTPUT. */
static void
server_control_write(struct client *c, const char *text, size_t len)
{
	if (len != 0)
		peer_send_msg(c->peer, MSG_OUTPUT, text, len);
}

/* A line (adds the newline). */
static void __attribute__((format(printf, 2, 3)))
server_control_printf(struct client *c, const char *fmt, ...)
{
	va_list	ap;
	char	*s;
	int	 n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatalx("vasprintf failed");
	s = xreallocarray(s, 1, (size_t)n + 2);
	s[n] = '\n';
	server_control_write(c, s, (size_t)n + 1);
	free(s);
}

void
server_control_begin(struct client *c)
{
	struct control_state	*cs = c->control;

	cs->block_time = time(NULL);
	cs->block_number = ++srv->control_number;
}

void
server_control_block(struct client *c, struct cmdq_item *item, int flags)
{
	struct control_state	*cs = c->control;
	struct pbuf		 pb;
	char			 line[96];
	int			 n;

	pbuf_init(&pb);
	n = snprintf(line, sizeof line, "%%begin %lld %u %d\n",
	    (long long)cs->block_time, cs->block_number, flags);
	pw_bytes(&pb, line, n);
	pw_bytes(&pb, item->out.data, item->out.len);
	if (item->out.len != 0 && item->out.data[item->out.len - 1] != '\n')
		pw_bytes(&pb, "\n", 1);
	pw_bytes(&pb, item->err.data, item->err.len);
	if (item->err.len != 0 && item->err.data[item->err.len - 1] != '\n')
		pw_bytes(&pb, "\n", 1);
	n = snprintf(line, sizeof line, "%%%s %lld %u %d\n",
	    item->failed ? "error" : "end", (long long)cs->block_time,
	    cs->block_number, flags);
	pw_bytes(&pb, line, n);
	server_control_write(c, (const char *)pb.data, pb.len);
	pbuf_free(&pb);
}

void
server_control_input(struct client *c, const uint8_t *data, size_t len)
{
	struct control_state	*cs = c->control;
	const uint8_t		*nl;
	size_t			 n;

	if (cs == NULL || cs->in_done)
		return;
	if (len == 0) {
		cs->in_done = 1;
		srv->dirty = 1;
		server_control_next(c);
		return;
	}
	while (len > 0) {
		if ((nl = memchr(data, '\n', len)) == NULL) {
			if (cs->in.len + len > CONTROL_LINE_MAX) {
				client_set_exit(c, 1, NULL);
				return;
			}
			pw_bytes(&cs->in, data, len);
			break;
		}
		n = nl - data;
		pw_bytes(&cs->in, data, n);
		pw_bytes(&cs->in, "", 1);
		cs->lines = xreallocarray(cs->lines, cs->nlines + 1,
		    sizeof *cs->lines);
		cs->lines[cs->nlines++] = xstrdup((char *)cs->in.data);
		pbuf_reset(&cs->in);
		data += n + 1;
		len -= n + 1;
	}
	/* Too many waiting: read no more until they have run. */
	if (cs->nlines >= CONTROL_LINES_MAX)
		peer_pause(c->peer, 1);
	srv->dirty = 1;
	server_control_next(c);
}

/* A command line finished. */
static void
server_control_line_done(struct cmdq_item *item, void *arg)
{
	struct client	*c = item->client;

	(void)arg;
	if (c == NULL || (c->flags & CLIENT_DEAD) || c->control == NULL)
		return;
	server_control_block(c, item, 1);
	c->control->running = 0;
	srv->dirty = 1;
	server_control_next(c);
}

/* Run the next waiting line, if nothing runs. */
void
server_control_next(struct client *c)
{
	struct control_state	*cs = c->control;
	struct cmdq_item	*item;
	struct cmd_list		*cl;
	char			*line, *cause = NULL;

	/* A line that finished at once comes back here: the loop below
	 * goes on with the next. */
	if (cs == NULL || cs->in_next)
		return;
	cs->in_next = 1;
	while (!cs->running && !(c->flags & (CLIENT_RUNNING|CLIENT_EXIT)) &&
	    cs->nlines > 0) {
		line = cs->lines[0];
		memmove(cs->lines, cs->lines + 1,
		    (cs->nlines - 1) * sizeof *cs->lines);
		cs->nlines--;
		if (cs->nlines < CONTROL_LINES_MAX)
			peer_pause(c->peer, 0);
		if (*line == '\0') {
			/* An empty line: the client leaves, after what it
			 * is owed (its windows' events need its session). */
			free(line);
			server_control_events(c);
			client_set_exit(c, 0, NULL);
			break;
		}
		/* What the commands before did is told before this one's
		 * block, whichever comes first in the loop: the end of the
		 * turn or this line. */
		server_control_events(c);
		cl = cmd_parse_string(line, NULL, &cause);
		free(line);
		if (cl == NULL)
			cl = cmd_list_new();	/* it only reports the error */
		item = cmdq_new(c, cl, NULL);
		cmd_list_free(cl);
		if (cause != NULL) {
			cmdq_error(item, "parse error: %s", cause);
			free(cause);
			cause = NULL;
			item->failed = 1;
		}
		cs->running = 1;
		server_control_begin(c);
		cmdq_run(item, server_control_line_done, NULL);
	}
	cs->in_next = 0;
	if (cs->in_done && cs->nlines == 0 && !cs->running &&
	    !(c->flags & CLIENT_RUNNING))
		client_set_exit(c, 0, NULL);
}

/* The session of c, if it has window id w (+ 1). */
static struct winlink *
server_control_has_window(struct client *c, unsigned int w)
{
	struct window	*win;

	if (c->session == NULL || w == 0 ||
	    (win = window_find_by_id(w - 1)) == NULL)
		return (NULL);
	return (winlink_find_by_window(c->session, win));
}

/* Expand fmt for window w (+ 1) in c's session. */
static char *
server_control_expand(struct client *c, const char *fmt, struct winlink *wl)
{
	struct target	t;

	memset(&t, 0, sizeof t);
	t.s = wl->session;
	t.wl = wl;
	t.w = wl->window;
	t.p = wl->window->active;
	return (format_expand(fmt, &t, c));
}

/* A notification being written: tmux's line (%type, then each field's
 * text after a space) or, after refresh-client -f json, one JSON object
 * on a line (type, then each field by name). */
struct control_note {
	struct pbuf	pb;
	struct json	j;
	int		json;
};

static void
control_note_begin(struct client *c, struct control_note *n,
    const char *type)
{
	pbuf_init(&n->pb);
	n->json = (c->control->flags & CONTROL_JSON) != 0;
	if (n->json) {
		json_init(&n->j, &n->pb);
		json_object_open(&n->j);
		json_member_string(&n->j, "type", type);
	} else {
		pw_u8(&n->pb, '%');
		pw_bytes(&n->pb, type, strlen(type));
	}
}

/* A field: text as it is, or a JSON string. */
static void
control_note_str(struct control_note *n, const char *key, const char *value)
{
	if (n->json)
		json_member_string(&n->j, key, value);
	else {
		pw_u8(&n->pb, ' ');
		pw_bytes(&n->pb, value, strlen(value));
	}
}

/* An id field: prefix and number ("@1", "%2", "$0"), as -J gives ids. */
static void
control_note_id(struct control_note *n, const char *key, char prefix,
    unsigned int id)
{
	char	buf[16];

	snprintf(buf, sizeof buf, "%c%u", prefix, id);
	control_note_str(n, key, buf);
}

/* An id as a JSON value (after the caller's json_key). */
static void
control_note_id_value(struct control_note *n, char prefix, unsigned int id)
{
	char	buf[16];

	snprintf(buf, sizeof buf, "%c%u", prefix, id);
	json_string(&n->j, buf);
}

/* Write it (the line's end added) and free it. */
static void
control_note_end(struct client *c, struct control_note *n)
{
	if (n->json)
		json_object_close(&n->j);
	pw_u8(&n->pb, '\n');
	server_control_write(c, (const char *)n->pb.data, n->pb.len);
	pbuf_free(&n->pb);
}

/* A notification with no fields or one id. */
static void
control_note_simple(struct client *c, const char *type, const char *key,
    char prefix, unsigned int id)
{
	struct control_note	n;

	control_note_begin(c, &n, type);
	if (key != NULL)
		control_note_id(&n, key, prefix, id);
	control_note_end(c, &n);
}

/* Write one queued event as tmux would now. */
static void
server_control_event(struct client *c, const struct control_event *ev)
{
	struct session		*s = ev->session ?
				    session_find_by_id(ev->session - 1) : NULL;
	struct window		*w = ev->window ?
				    window_find_by_id(ev->window - 1) : NULL;
	struct winlink		*wl = server_control_has_window(c, ev->window);
	struct client		*other;
	struct control_note	 n;
	char			*text;

	/* Of windows, only a client that shows a session hears (as in
	 * tmux: one whose session ended hears no %unlinked-window-close). */
	if (c->session == NULL && ev->kind <= CONTROL_LAYOUT_CHANGED)
		return;
	switch (ev->kind) {
	case CONTROL_WINDOW_LINKED:
		control_note_simple(c, wl != NULL ? "window-add" :
		    "unlinked-window-add", "window", '@', ev->window - 1);
		break;
	case CONTROL_WINDOW_UNLINKED:
		control_note_simple(c, wl != NULL ? "window-close" :
		    "unlinked-window-close", "window", '@', ev->window - 1);
		break;
	case CONTROL_WINDOW_RENAMED:
		if (w == NULL)
			break;
		control_note_begin(c, &n, wl != NULL ? "window-renamed" :
		    "unlinked-window-renamed");
		control_note_id(&n, "window", '@', w->id);
		control_note_str(&n, "name", w->name);
		control_note_end(c, &n);
		break;
	case CONTROL_WINDOW_PANE_CHANGED:
		if (wl == NULL || w->active == NULL)
			break;
		control_note_begin(c, &n, "window-pane-changed");
		control_note_id(&n, "window", '@', w->id);
		control_note_id(&n, "pane", '%', w->active->id);
		control_note_end(c, &n);
		break;
	case CONTROL_LAYOUT_CHANGED:
		if (wl == NULL)
			break;
		control_note_begin(c, &n, "layout-change");
		control_note_id(&n, "window", '@', w->id);
		text = server_control_expand(c, "#{window_layout}", wl);
		control_note_str(&n, "layout", text);
		free(text);
		text = server_control_expand(c, "#{window_visible_layout}", wl);
		control_note_str(&n, "visible_layout", text);
		free(text);
		text = server_control_expand(c, "#{window_raw_flags}", wl);
		control_note_str(&n, "flags", text);
		free(text);
		control_note_end(c, &n);
		break;
	case CONTROL_SESSION_CHANGED:
		if (ev->client == 0)
			break;
		if (ev->client == c->id + 1) {
			if (c->session == NULL)
				break;
			control_note_begin(c, &n, "session-changed");
			control_note_id(&n, "session", '$', c->session->id);
			control_note_str(&n, "name", c->session->name);
			control_note_end(c, &n);
			break;
		}
		TAILQ_FOREACH(other, &srv->clients, entry) {
			if (other->id + 1 == ev->client)
				break;
		}
		if (other == NULL || other->session == NULL)
			break;
		control_note_begin(c, &n, "client-session-changed");
		control_note_str(&n, "client", ev->name);
		control_note_id(&n, "session", '$', other->session->id);
		control_note_str(&n, "name", other->session->name);
		control_note_end(c, &n);
		break;
	case CONTROL_CLIENT_DETACHED:
		if (ev->client == c->id + 1)
			break;
		control_note_begin(c, &n, "client-detached");
		control_note_str(&n, "client", ev->name);
		control_note_end(c, &n);
		break;
	case CONTROL_SESSION_RENAMED:
		if (s == NULL)
			break;
		control_note_begin(c, &n, "session-renamed");
		control_note_id(&n, "session", '$', s->id);
		control_note_str(&n, "name", s->name);
		control_note_end(c, &n);
		break;
	case CONTROL_SESSIONS_CHANGED:
		control_note_simple(c, "sessions-changed", NULL, 0, 0);
		break;
	case CONTROL_SESSION_WINDOW_CHANGED:
		if (s == NULL || s->curw == NULL)
			break;
		control_note_begin(c, &n, "session-window-changed");
		control_note_id(&n, "session", '$', s->id);
		control_note_id(&n, "window", '@', s->curw->window->id);
		control_note_end(c, &n);
		break;
	case CONTROL_PANE_MODE_CHANGED:
		if (ev->pane != 0 && pane_find_by_id(ev->pane - 1) != NULL)
			control_note_simple(c, "pane-mode-changed", "pane", '%',
			    ev->pane - 1);
		break;
	case CONTROL_PASTE_CHANGED:
	case CONTROL_PASTE_DELETED:
		control_note_begin(c, &n, ev->kind == CONTROL_PASTE_CHANGED ?
		    "paste-buffer-changed" : "paste-buffer-deleted");
		control_note_str(&n, "name", ev->name);
		control_note_end(c, &n);
		break;
	}
}

/* Escape pane output as tmux does: bytes below space and backslash as
 * three octal digits. */
static void
server_control_escape(struct pbuf *pb, const uint8_t *data, size_t len)
{
	char	oct[5];
	size_t	i, start = 0;

	for (i = 0; i < len; i++) {
		if (data[i] >= ' ' && data[i] != '\\')
			continue;
		pw_bytes(pb, data + start, i - start);
		snprintf(oct, sizeof oct, "\\%03o", data[i]);
		pw_bytes(pb, oct, 4);
		start = i + 1;
	}
	pw_bytes(pb, data + start, len - start);
}

/* The JSON form of %output and %extended-output: the first n bytes cp
 * holds (fewer when that would cut a UTF-8 character in two) as text,
 * and, when they are not all valid UTF-8, also as base64, exactly.
 * Returns how many bytes it wrote. */
static size_t
server_control_json_output(struct client *c, struct control_pane *cp,
    size_t n, uint64_t age_ms)
{
	struct control_note	 note;
	const uint8_t		*data = cp->data.data;
	size_t			 i, want, len;
	char			*b64;

	/* Keep a character cut off at the end of this write for the next:
	 * only when more follows, else it is sent as it is. */
	if (n < cp->data.len) {
		for (i = 1; i <= 3 && i < n; i++) {
			if ((data[n - i] & 0xc0) != 0x80)
				break;
		}
		if (i <= 3 && i < n && data[n - i] >= 0xc0) {
			want = data[n - i] >= 0xf0 ? 4 :
			    data[n - i] >= 0xe0 ? 3 : 2;
			if (want > i)
				n -= i;
		}
	}
	control_note_begin(c, &note,
	    (c->control->flags & CONTROL_PAUSE_AFTER) ? "extended-output" :
	    "output");
	control_note_id(&note, "pane", '%', cp->id);
	if (c->control->flags & CONTROL_PAUSE_AFTER)
		json_member_number(&note.j, "age", (long long)age_ms);
	json_key(&note.j, "data");
	if (json_string_len(&note.j, data, n)) {
		len = 4 * ((n + 2) / 3) + 1;
		b64 = xmalloc(len);
		base64_encode(data, n, b64);
		json_member_string(&note.j, "base64", b64);
		free(b64);
	}
	control_note_end(c, &note);
	return (n);
}

/* Write what pane cp holds, as far as the socket takes it. */
static void
server_control_pane(struct client *c, struct control_pane *cp, uint64_t now)
{
	struct control_state	*cs = c->control;
	struct pbuf		 pb;
	uint64_t		 age_ms;
	size_t			 n;
	char			 head[64];
	int			 hn;

	if (cp->continued) {
		cp->continued = 0;
		control_note_simple(c, "continue", "pane", '%', cp->id);
	}
	if (cp->pause_owed) {
		cp->pause_owed = 0;
		control_note_simple(c, "pause", "pane", '%', cp->id);
	}
	if (cp->data.len == 0)
		return;
	age_ms = (now - cp->since_ns) / 1000000;
	if ((cs->flags & CONTROL_PAUSE_AFTER) &&
	    age_ms > cs->pause_after_ms) {
		cp->paused = 1;
		pbuf_reset(&cp->data);
		control_note_simple(c, "pause", "pane", '%', cp->id);
		return;
	}
	if (!(cs->flags & CONTROL_PAUSE_AFTER) &&
	    age_ms > CONTROL_AGE_MAX_MS) {
		cs->behind = 1;
		return;
	}
	if (peer_pending(c->peer) >= CONTROL_SOCKET_LOW)
		return;
	n = cp->data.len < CONTROL_WRITE_MAX ? cp->data.len : CONTROL_WRITE_MAX;
	if (cs->flags & CONTROL_JSON) {
		n = server_control_json_output(c, cp, n, age_ms);
		goto written;
	}
	pbuf_init(&pb);
	if (cs->flags & CONTROL_PAUSE_AFTER)
		hn = snprintf(head, sizeof head, "%%extended-output %%%u %llu : ",
		    cp->id, (unsigned long long)age_ms);
	else
		hn = snprintf(head, sizeof head, "%%output %%%u ", cp->id);
	pw_bytes(&pb, head, hn);
	server_control_escape(&pb, cp->data.data, n);
	pw_bytes(&pb, "\n", 1);
	server_control_write(c, (const char *)pb.data, pb.len);
	pbuf_free(&pb);
written:
	memmove(cp->data.data, cp->data.data + n, cp->data.len - n);
	cp->data.len -= n;
	if (cp->data.len != 0) {
		cp->since_ns = now;	/* the rest: no older than now */
		srv->dirty = 1;		/* more next turn */
	}
}

/* One item's value of sub: report it when it changed (or is new). where
 * is the item as tmux's line gives it; wl and p the window and pane it
 * names (NULL for "-"), for the JSON form. */
static void
server_control_sub_value(struct client *c, struct control_sub *sub,
    unsigned int key, const char *where, struct target *t,
    const struct winlink *wl, const struct pane *p)
{
	struct control_note		 n;
	struct control_sub_value	*v = NULL;
	unsigned int			 i;
	char				*value;

	value = format_expand(sub->format, t, c);
	for (i = 0; i < sub->nvalues; i++) {
		if (sub->values[i].key == key) {
			v = &sub->values[i];
			break;
		}
	}
	if (v == NULL) {
		sub->values = xreallocarray(sub->values, sub->nvalues + 1,
		    sizeof *sub->values);
		v = &sub->values[sub->nvalues++];
		v->key = key;
		v->value = NULL;
	}
	v->seen = 1;
	if (v->value != NULL && strcmp(v->value, value) == 0) {
		free(value);
		return;
	}
	free(v->value);
	v->value = value;
	if (~c->control->flags & CONTROL_JSON) {
		server_control_printf(c, "%%subscription-changed %s %s : %s",
		    sub->name, where, value);
		return;
	}
	control_note_begin(c, &n, "subscription-changed");
	control_note_str(&n, "name", sub->name);
	control_note_id(&n, "session", '$', t->s->id);
	json_key(&n.j, "window");
	if (wl != NULL)
		control_note_id_value(&n, '@', wl->window->id);
	else
		json_null(&n.j);
	json_key(&n.j, "window_index");
	if (wl != NULL)
		json_number(&n.j, wl->idx);
	else
		json_null(&n.j);
	json_key(&n.j, "pane");
	if (p != NULL)
		control_note_id_value(&n, '%', p->id);
	else
		json_null(&n.j);
	control_note_str(&n, "value", value);
	control_note_end(c, &n);
}

/* A pane of wl for sub. */
static void
server_control_sub_pane(struct client *c, struct control_sub *sub,
    struct winlink *wl, struct pane *p)
{
	struct target	t;
	char		where[64];

	memset(&t, 0, sizeof t);
	t.s = wl->session;
	t.wl = wl;
	t.w = wl->window;
	t.p = p;
	snprintf(where, sizeof where, "$%u @%u %d %%%u", t.s->id, t.w->id,
	    wl->idx, p->id);
	server_control_sub_value(c, sub, p->id, where, &t, wl, p);
}

/* A window (winlink) for sub. */
static void
server_control_sub_window(struct client *c, struct control_sub *sub,
    struct winlink *wl)
{
	struct target	t;
	char		where[64];

	memset(&t, 0, sizeof t);
	t.s = wl->session;
	t.wl = wl;
	t.w = wl->window;
	t.p = wl->window->active;
	snprintf(where, sizeof where, "$%u @%u %d -", t.s->id, t.w->id,
	    wl->idx);
	server_control_sub_value(c, sub, t.w->id | ((unsigned)wl->idx << 20),
	    where, &t, wl, NULL);
}

/* Check every subscription of c (once a second). */
static void
server_control_check_subs(struct client *c)
{
	struct control_state	*cs = c->control;
	struct session		*s = c->session;
	struct control_sub	*sub;
	struct winlink		*wl;
	struct pane		*p;
	struct target		 t;
	unsigned int		 i, j;
	char			 where[64];

	if (s == NULL)
		return;
	for (i = 0; i < cs->nsubs; i++) {
		sub = &cs->subs[i];
		for (j = 0; j < sub->nvalues; j++)
			sub->values[j].seen = 0;
		switch (sub->type) {
		case CONTROL_SUB_SESSION:
			target_from_session(&t, s);
			snprintf(where, sizeof where, "$%u - - -", s->id);
			server_control_sub_value(c, sub, 0, where, &t, NULL,
			    NULL);
			break;
		case CONTROL_SUB_PANE:
			if ((p = pane_find_by_id(sub->id)) == NULL ||
			    (wl = winlink_find_by_window(s, p->window)) == NULL)
				break;
			server_control_sub_pane(c, sub, wl, p);
			break;
		case CONTROL_SUB_ALL_PANES:
			TAILQ_FOREACH(wl, &s->windows, entry) {
				TAILQ_FOREACH(p, &wl->window->panes, entry)
					server_control_sub_pane(c, sub, wl, p);
			}
			break;
		case CONTROL_SUB_WINDOW:
			TAILQ_FOREACH(wl, &s->windows, entry) {
				if (wl->window->id == sub->id)
					server_control_sub_window(c, sub, wl);
			}
			break;
		case CONTROL_SUB_ALL_WINDOWS:
			TAILQ_FOREACH(wl, &s->windows, entry)
				server_control_sub_window(c, sub, wl);
			break;
		}
		/* Forget items that are gone. */
		for (j = 0; j < sub->nvalues; j++) {
			if (sub->values[j].seen)
				continue;
			free(sub->values[j].value);
			sub->values[j] = sub->values[--sub->nvalues];
			j--;
		}
	}
}

/* The once-a-second subscription check. */
static void
server_control_subs_timer(int fd, short events, void *arg)
{
	struct client	*c = arg;
	struct timeval	 tv = { 1, 0 };

	(void)fd;
	(void)events;
	if (c->control == NULL || (c->flags & (CLIENT_EXIT|CLIENT_DEAD)))
		return;
	server_control_check_subs(c);
	if (c->control->nsubs != 0)
		evtimer_add(c->control->subs_timer, &tv);
}

void
server_control_events(struct client *c)
{
	struct control_state	*cs = c->control;
	struct control_event	*ev;

	while ((ev = TAILQ_FIRST(&cs->events)) != NULL) {
		TAILQ_REMOVE(&cs->events, ev, entry);
		cs->nevents--;
		if (!cs->behind)
			server_control_event(c, ev);
		free(ev->name);
		free(ev);
	}
}

/* The end of the loop turn for c (client_out_control's flush): events
 * and pane output. Returns 1 when it is too far behind and does not read:
 * drop the connection now. */
static int
server_control_flush(struct client *c)
{
	struct control_state	*cs = c->control;
	uint64_t		 now = server_now_ns();
	unsigned int		 i;

	server_control_events(c);
	if (cs->nsubs != 0) {
		if (cs->subs_timer == NULL)
			cs->subs_timer = evtimer_new(srv->base,
			    server_control_subs_timer, c);
		if (!evtimer_pending(cs->subs_timer, NULL)) {
			/* A new subscription is told at once. */
			struct timeval	tv = { 0, 0 };

			evtimer_add(cs->subs_timer, &tv);
		}
	}
	for (i = 0; i < cs->npanes && !cs->behind; i++) {
		if (pane_find_by_id(cs->panes[i].id) == NULL) {
			pbuf_free(&cs->panes[i].data);
			cs->panes[i] = cs->panes[--cs->npanes];
			i--;
			continue;
		}
		server_control_pane(c, &cs->panes[i], now);
	}
	if (peer_pending(c->peer) > CONTROL_SOCKET_MAX)
		cs->behind = 1;
	if (cs->behind && !(c->flags & CLIENT_EXIT)) {
		log_debug("control client %u: too far behind", c->id);
		client_set_exit(c, 1, NULL);
	}
	/* Behind and not reading: %exit would never reach it. */
	return (cs->behind && peer_pending(c->peer) >= CONTROL_SOCKET_LOW);
}

/* A control client has no screen: no frame ever goes. */
static int
server_control_frame(struct client *c, int full, const struct pane *only)
{
	return (0);
}

/* Its pane output and notifications are bounded in server_control_flush
 * (paused panes, "too far behind"), not held back as frames are (backed
 * up or not shown: neither applies). */
static int
server_control_backlogged(struct client *c)
{
	return (0);
}

/* Nothing of these is in tmux 3.3a's control protocol. */
static void
server_control_bell(struct client *c)
{
}

static void
server_control_title(struct client *c, const char *title)
{
}

static void
server_control_clipboard(struct client *c, const char *sel, const char *b64,
    size_t len)
{
}

static void
server_control_passthrough(struct client *c, const char *buf, size_t len)
{
}

static void
server_control_modes(struct client *c, uint32_t modes)
{
}

const struct client_out_ops client_out_control = {
	.name = "control",
	.screen = 0,
	.flush = server_control_flush,
	.frame = server_control_frame,
	.backlogged = server_control_backlogged,
	.unshown = server_control_backlogged,
	.bell = server_control_bell,
	.title = server_control_title,
	.clipboard = server_control_clipboard,
	.passthrough = server_control_passthrough,
	.modes = server_control_modes,
	.options = client_out_none_options,
	.pause = client_out_peer_pause,
	.release = client_out_none_release,
	.clipboard_query = client_out_none_clipboard_query,
};
