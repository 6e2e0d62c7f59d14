/*
 * Format variables: one sorted table of names, each with the function
 * that works its value out from what the format is for (a target, a
 * client, a paste buffer), found by bsearch. A variable whose object is
 * missing (#{pane_id} with no pane) gives NULL, which expands to nothing.
 *
 * Before the table (format_var_find): variables the caller added for this
 * expansion (#{hook}, #{line}), then options by name (#{status-left},
 * #{@user-option}); after it, the copy mode variables of a pane in copy
 * mode and the environment (the session's, then the global one), as tmux
 * looks them up.
 */
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/peer.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "server/client.h"
#include "server/copy.h"
#include "server/environ.h"
#include "server/format.h"
#include "server/format-int.h"
#include "server/layout.h"
#include "server/mouse.h"
#include "server/options.h"
#include "server/paste.h"
#include "server/server.h"
#include "server/session.h"
#include "server/style.h"
#include "server/target.h"
#include "server/window.h"

#define FV_S(ft)	((ft)->fs != NULL ? (ft)->fs->s : NULL)
#define FV_WL(ft)	((ft)->fs != NULL ? (ft)->fs->wl : NULL)
#define FV_W(ft)	((ft)->fs != NULL ? (ft)->fs->w : NULL)
#define FV_P(ft)	((ft)->fs != NULL ? (ft)->fs->p : NULL)

/* Longest #{buffer_sample}, in bytes before "...". */
#define FORMAT_SAMPLE_MAX	200

typedef char *(*format_var_cb)(struct format_ctx *);

struct format_var {
	const char	*name;
	format_var_cb	 cb;
};

static char *
fv_num(long long n)
{
	return (xasprintf("%lld", n));
}

static char *
fv_flag(int on)
{
	return (xstrdup(on ? "1" : "0"));
}

/* The letter of a C escape for a control character ('\0' if none). */
static char
fv_c_escape(unsigned char ch)
{
	switch (ch) {
	case '\a': return ('a');
	case '\b': return ('b');
	case '\t': return ('t');
	case '\n': return ('n');
	case '\v': return ('v');
	case '\f': return ('f');
	case '\r': return ('r');
	}
	return ('\0');
}

/* The start of a buffer as tmux's #{buffer_sample} shows it: C escapes
 * for controls and backslashes (\n, \t, \\, \033), valid UTF-8 as it is,
 * other bytes in octal; "..." when there is more. Heap string. */
static char *
fv_sample(const char *data, size_t len)
{
	struct pbuf	 pb;
	size_t		 i;
	uint32_t	 cp;
	int		 n;
	char		 esc[8];

	pbuf_init(&pb);
	for (i = 0; i < len && pb.len < FORMAT_SAMPLE_MAX; i += n) {
		unsigned char	ch = data[i];

		n = 1;
		if (ch == '\\')
			pw_bytes(&pb, "\\\\", 2);
		else if (ch >= 0x20 && ch < 0x7f)
			pw_u8(&pb, ch);
		else if (ch >= 0x80 &&
		    (n = utf8_decode(data + i, len - i, &cp)) > 0 &&
		    cp >= 0xa0)
			pw_bytes(&pb, data + i, n);
		else {
			n = 1;
			if ((esc[1] = fv_c_escape(ch)) != '\0') {
				esc[0] = '\\';
				pw_bytes(&pb, esc, 2);
			} else {
				snprintf(esc, sizeof esc, "\\%03o", ch);
				pw_bytes(&pb, esc, 4);
			}
		}
	}
	if (i < len)
		pw_bytes(&pb, "...", 3);
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* A comma-separated list builder. */
static void
fv_list_add(struct pbuf *pb, const char *item)
{
	if (pb->len != 0)
		pw_u8(pb, ',');
	pw_bytes(pb, item, strlen(item));
}

/* The finished list, or NULL when it is empty (tmux gives nothing). */
static char *
fv_list_end(struct pbuf *pb)
{
	if (pb->len == 0) {
		pbuf_free(pb);
		return (NULL);
	}
	pw_u8(pb, '\0');
	return ((char *)pb->data);
}

/* ---- the server ---- */

static char *
fv_host(struct format_ctx *ft)
{
	char	host[256];

	(void)ft;
	if (gethostname(host, sizeof host) != 0)
		return (xstrdup(""));
	host[sizeof host - 1] = '\0';
	return (xstrdup(host));
}

static char *
fv_host_short(struct format_ctx *ft)
{
	char	*host = fv_host(ft);

	host[strcspn(host, ".")] = '\0';
	return (host);
}

static char *
fv_pid(struct format_ctx *ft)
{
	(void)ft;
	return (fv_num(srv->pid));
}

static char *
fv_version(struct format_ctx *ft)
{
	(void)ft;
	return (xstrdup(PACKAGE_VERSION));
}

static char *
fv_socket_path(struct format_ctx *ft)
{
	(void)ft;
	return (xstrdup(srv->socket_path != NULL ? srv->socket_path : ""));
}

static char *
fv_start_time(struct format_ctx *ft)
{
	(void)ft;
	return (fv_num(srv->start_time));
}

static char *
fv_uid(struct format_ctx *ft)
{
	(void)ft;
	return (fv_num(getuid()));
}

/* The name of a uid, or NULL. */
static char *
fv_user_of(uid_t uid)
{
	struct passwd	*pw = getpwuid(uid);

	return (pw != NULL ? xstrdup(pw->pw_name) : NULL);
}

static char *
fv_user(struct format_ctx *ft)
{
	(void)ft;
	return (fv_user_of(getuid()));
}

static char *
fv_next_session_id(struct format_ctx *ft)
{
	(void)ft;
	return (xasprintf("$%u", srv->next_session_id));
}

static char *
fv_config_files(struct format_ctx *ft)
{
	(void)ft;
	return (xstrdup(srv->config_file != NULL ? srv->config_file : ""));
}

static char *
fv_command(struct format_ctx *ft)
{
	if (ft->extra == NULL || ft->extra->command == NULL)
		return (NULL);
	return (xstrdup(ft->extra->command));
}

/* ---- paste buffers ---- */

static char *
fv_buffer_name(struct format_ctx *ft)
{
	return (ft->pb != NULL ? xstrdup(paste_name(ft->pb)) : NULL);
}

static char *
fv_buffer_size(struct format_ctx *ft)
{
	size_t	len;

	if (ft->pb == NULL)
		return (NULL);
	paste_data(ft->pb, &len);
	return (xasprintf("%zu", len));
}

static char *
fv_buffer_created(struct format_ctx *ft)
{
	return (ft->pb != NULL ? fv_num(paste_created(ft->pb)) : NULL);
}

static char *
fv_buffer_sample(struct format_ctx *ft)
{
	const char	*data;
	size_t		 len;

	if (ft->pb == NULL)
		return (NULL);
	data = paste_data(ft->pb, &len);
	return (fv_sample(data, len));
}

static char *
fv_buffer_full(struct format_ctx *ft)
{
	const char	*data;
	size_t		 len;

	if (ft->pb == NULL)
		return (NULL);
	data = paste_data(ft->pb, &len);
	return (xstrndup(data, len));
}

/* ---- clients ---- */

static char *
fv_client_width(struct format_ctx *ft)
{
	return (ft->c != NULL ? fv_num(ft->c->cols) : NULL);
}

static char *
fv_client_height(struct format_ctx *ft)
{
	return (ft->c != NULL ? fv_num(ft->c->rows) : NULL);
}

static char *
fv_client_termname(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (xstrdup(ft->c->ident.term != NULL ? ft->c->ident.term : ""));
}

static char *
fv_client_name(struct format_ctx *ft)
{
	return (ft->c != NULL ? client_name(ft->c) : NULL);
}

static char *
fv_client_tty(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (xstrdup(ft->c->ident.tty != NULL ? ft->c->ident.tty : ""));
}

static char *
fv_client_flags(struct format_ctx *ft)
{
	struct client	*c = ft->c;
	struct pbuf	 pb;

	if (c == NULL)
		return (NULL);
	pbuf_init(&pb);
	if (c->session != NULL)
		fv_list_add(&pb, "attached");
	if (c->flags & CLIENT_TERMINAL)
		fv_list_add(&pb, "UTF-8");
	return (fv_list_end(&pb));
}

static char *
fv_client_utf8(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (fv_flag((ft->c->flags & CLIENT_TERMINAL) != 0));
}

static char *
fv_client_activity(struct format_ctx *ft)
{
	uint64_t	now, ago;

	if (ft->c == NULL)
		return (NULL);
	/* activity_ns is monotonic: turn it into wall clock time. */
	now = server_now_ns();
	ago = now > ft->c->activity_ns ? now - ft->c->activity_ns : 0;
	return (fv_num(time(NULL) - (time_t)(ago / 1000000000ULL)));
}

static char *
fv_client_session(struct format_ctx *ft)
{
	if (ft->c == NULL || ft->c->session == NULL)
		return (NULL);
	return (xstrdup(ft->c->session->name));
}

static char *
fv_client_last_session(struct format_ctx *ft)
{
	struct session	*s;

	if (ft->c == NULL || ft->c->last_session == NULL)
		return (NULL);
	/* Only while that session still exists. */
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (s == ft->c->last_session)
			return (xstrdup(s->name));
	}
	return (NULL);
}

static char *
fv_client_key_table(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (xstrdup(ft->c->key_table != NULL ? ft->c->key_table :
	    "root"));
}

static char *
fv_client_prefix(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (fv_flag(ft->c->key_table != NULL &&
	    strcmp(ft->c->key_table, "prefix") == 0));
}

static char *
fv_client_control_mode(struct format_ctx *ft)
{
	return (ft->c != NULL ? fv_flag(0) : NULL);
}

static char *
fv_client_readonly(struct format_ctx *ft)
{
	return (ft->c != NULL ? fv_flag(0) : NULL);
}

/* The credentials of the client's process, from its socket. */
static int
fv_client_cred(struct client *c, struct ucred *uc)
{
	socklen_t	len = sizeof *uc;
	int		fd;

	if (c == NULL || c->peer == NULL || (fd = peer_fd(c->peer)) == -1)
		return (-1);
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, uc, &len) != 0)
		return (-1);
	return (0);
}

static char *
fv_client_pid(struct format_ctx *ft)
{
	struct ucred	uc;

	if (fv_client_cred(ft->c, &uc) != 0)
		return (NULL);
	return (fv_num(uc.pid));
}

static char *
fv_client_uid(struct format_ctx *ft)
{
	struct ucred	uc;

	if (fv_client_cred(ft->c, &uc) != 0)
		return (NULL);
	return (fv_num(uc.uid));
}

static char *
fv_client_user(struct format_ctx *ft)
{
	struct ucred	uc;

	if (fv_client_cred(ft->c, &uc) != 0)
		return (NULL);
	return (fv_user_of(uc.uid));
}

/* ---- sessions ---- */

static char *
fv_session_name(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? xstrdup(s->name) : NULL);
}

static char *
fv_session_id(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? xasprintf("$%u", s->id) : NULL);
}

static char *
fv_session_windows(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? fv_num(session_window_count(s)) : NULL);
}

static char *
fv_session_attached(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? fv_num(s->attached) : NULL);
}

static char *
fv_session_many_attached(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? fv_flag(s->attached > 1) : NULL);
}

static char *
fv_session_attached_list(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);
	struct client	*c;
	struct pbuf	 pb;
	char		*name;

	if (s == NULL)
		return (NULL);
	pbuf_init(&pb);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != s)
			continue;
		name = client_name(c);
		fv_list_add(&pb, name);
		free(name);
	}
	return (fv_list_end(&pb));
}

static char *
fv_session_created(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? fv_num(s->created) : NULL);
}

static char *
fv_session_activity(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? fv_num(s->activity) : NULL);
}

static char *
fv_session_last_attached(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	if (s == NULL || s->last_attached == 0)
		return (NULL);
	return (fv_num(s->last_attached));
}

static char *
fv_session_path(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? xstrdup(s->cwd) : NULL);
}

/* mux has no session groups: every session is its own. */
static char *
fv_session_grouped(struct format_ctx *ft)
{
	return (FV_S(ft) != NULL ? fv_flag(0) : NULL);
}

static char *
fv_session_group_none(struct format_ctx *ft)
{
	(void)ft;
	return (NULL);
}

static char *
fv_session_format(struct format_ctx *ft)
{
	return (fv_flag(ft->fs != NULL && ft->fs->s != NULL &&
	    ft->fs->wl == NULL && ft->fs->p == NULL));
}

/* The alert flags of a winlink: '#' activity, '!' bell. */
static void
fv_alert_flags(const struct window *w, struct pbuf *pb)
{
	if (w->flags & WINDOW_ACTIVITY)
		pw_u8(pb, '#');
	if (w->flags & WINDOW_BELL)
		pw_u8(pb, '!');
}

static char *
fv_session_alerts(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);
	struct winlink	*wl;
	struct pbuf	 pb;
	char		 idx[16];

	if (s == NULL)
		return (NULL);
	pbuf_init(&pb);
	TAILQ_FOREACH(wl, &s->windows, entry) {
		if ((wl->window->flags & (WINDOW_ACTIVITY|WINDOW_BELL)) == 0)
			continue;
		snprintf(idx, sizeof idx, "%d", wl->idx);
		fv_list_add(&pb, idx);
		fv_alert_flags(wl->window, &pb);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* mux keeps the current and the last window, not a whole stack. */
static char *
fv_session_stack(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	if (s == NULL || s->curw == NULL)
		return (NULL);
	if (s->lastw != NULL && s->lastw != s->curw)
		return (xasprintf("%d,%d", s->curw->idx, s->lastw->idx));
	return (fv_num(s->curw->idx));
}

static char *
fv_active_window_index(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	if (s == NULL || s->curw == NULL)
		return (NULL);
	return (fv_num(s->curw->idx));
}

static char *
fv_last_window_index(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	if (s == NULL || TAILQ_EMPTY(&s->windows))
		return (NULL);
	return (fv_num(TAILQ_LAST(&s->windows, winlinks)->idx));
}

/* ---- windows ---- */

static char *
fv_window_index(struct format_ctx *ft)
{
	struct winlink	*wl = FV_WL(ft);

	return (wl != NULL ? fv_num(wl->idx) : NULL);
}

static char *
fv_window_name(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? xstrdup(w->name) : NULL);
}

static char *
fv_window_id(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? xasprintf("@%u", w->id) : NULL);
}

static char *
fv_window_panes(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? fv_num(window_count_panes(w)) : NULL);
}

static char *
fv_window_width(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? fv_num(w->sx) : NULL);
}

static char *
fv_window_height(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? fv_num(w->sy) : NULL);
}

static char *
fv_window_active(struct format_ctx *ft)
{
	struct winlink	*wl = FV_WL(ft);

	return (wl != NULL ? fv_flag(wl->session->curw == wl) : NULL);
}

/* The flags shown after a window name: '*' current, '-' last, '#'
 * activity, '!' bell, 'M' marked pane, 'Z' zoomed. */
static char *
fv_flags(struct format_ctx *ft, int escape)
{
	struct winlink	*wl = FV_WL(ft);
	struct pbuf	 pb;

	if (wl == NULL)
		return (NULL);
	pbuf_init(&pb);
	if (wl->session->curw == wl)
		pw_u8(&pb, '*');
	else if (wl->session->lastw == wl)
		pw_u8(&pb, '-');
	if ((wl->window->flags & WINDOW_ACTIVITY) && escape)
		pw_u8(&pb, '#');
	fv_alert_flags(wl->window, &pb);
	if (srv->marked_pane != 0) {
		struct pane	*mp = pane_find_by_id(srv->marked_pane - 1);

		if (mp != NULL && mp->window == wl->window)
			pw_u8(&pb, 'M');
	}
	if (wl->window->flags & WINDOW_ZOOMED)
		pw_u8(&pb, 'Z');
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

static char *
fv_window_flags(struct format_ctx *ft)
{
	return (fv_flags(ft, 1));
}

static char *
fv_window_raw_flags(struct format_ctx *ft)
{
	return (fv_flags(ft, 0));
}

/* A pane's id number, for #{window_layout}. */
static unsigned int
fv_layout_pane_id(void *pane)
{
	return (((struct pane *)pane)->id);
}

static char *
fv_window_layout(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	if (w == NULL)
		return (NULL);
	if (w->layout == NULL)
		return (xstrdup(""));
	return (layout_dump(w->layout, fv_layout_pane_id));
}

/* Zoomed, the visible layout is the one pane filling the window. */
static char *
fv_window_visible_layout(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);
	unsigned int	 csum = 0;
	char		*body, *out;
	const char	*cp;

	if (w == NULL)
		return (NULL);
	if (!(w->flags & WINDOW_ZOOMED) || w->active == NULL)
		return (fv_window_layout(ft));
	body = xasprintf("%ux%u,0,0,%u", w->sx, w->sy, w->active->id);
	for (cp = body; *cp != '\0'; cp++)
		csum = (csum >> 1) + ((csum & 1) << 15) + (unsigned char)*cp;
	out = xasprintf("%04x,%s", csum & 0xffff, body);
	free(body);
	return (out);
}

static char *
fv_window_zoomed_flag(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? fv_flag((w->flags & WINDOW_ZOOMED) != 0) : NULL);
}

static char *
fv_window_activity(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? fv_num(w->activity) : NULL);
}

static char *
fv_window_activity_flag(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? fv_flag((w->flags & WINDOW_ACTIVITY) != 0) :
	    NULL);
}

static char *
fv_window_bell_flag(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? fv_flag((w->flags & WINDOW_BELL) != 0) : NULL);
}

static char *
fv_window_silence_flag(struct format_ctx *ft)
{
	return (FV_W(ft) != NULL ? fv_flag(0) : NULL);
}

static char *
fv_window_last_flag(struct format_ctx *ft)
{
	struct winlink	*wl = FV_WL(ft);

	return (wl != NULL ? fv_flag(wl->session->lastw == wl) : NULL);
}

static char *
fv_window_start_flag(struct format_ctx *ft)
{
	struct winlink	*wl = FV_WL(ft);

	if (wl == NULL)
		return (NULL);
	return (fv_flag(TAILQ_FIRST(&wl->session->windows) == wl));
}

static char *
fv_window_end_flag(struct format_ctx *ft)
{
	struct winlink	*wl = FV_WL(ft);

	if (wl == NULL)
		return (NULL);
	return (fv_flag(TAILQ_LAST(&wl->session->windows, winlinks) == wl));
}

static char *
fv_window_stack_index(struct format_ctx *ft)
{
	struct winlink	*wl = FV_WL(ft);

	if (wl == NULL)
		return (NULL);
	if (wl->session->lastw == wl && wl->session->curw != wl)
		return (fv_num(1));
	return (fv_num(0));
}

static char *
fv_window_linked(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	return (w != NULL ? fv_flag(w->references > 1) : NULL);
}

/* The sessions that link the window (active: where it is current). */
static char *
fv_linked(struct format_ctx *ft, int active, int list)
{
	struct window	*w = FV_W(ft);
	struct session	*s;
	struct winlink	*wl;
	struct pbuf	 pb;
	unsigned int	 n = 0;

	if (w == NULL || FV_WL(ft) == NULL)
		return (NULL);
	pbuf_init(&pb);
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (wl->window != w || (active && s->curw != wl))
				continue;
			n++;
			fv_list_add(&pb, s->name);
		}
	}
	if (list)
		return (fv_list_end(&pb));
	pbuf_free(&pb);
	return (fv_num(n));
}

static char *
fv_window_linked_sessions(struct format_ctx *ft)
{
	return (fv_linked(ft, 0, 0));
}

static char *
fv_window_linked_sessions_list(struct format_ctx *ft)
{
	return (fv_linked(ft, 0, 1));
}

static char *
fv_window_active_sessions(struct format_ctx *ft)
{
	return (fv_linked(ft, 1, 0));
}

static char *
fv_window_active_sessions_list(struct format_ctx *ft)
{
	return (fv_linked(ft, 1, 1));
}

/* The clients whose session shows the window. */
static char *
fv_active_clients(struct format_ctx *ft, int list)
{
	struct window	*w = FV_W(ft);
	struct client	*c;
	struct pbuf	 pb;
	unsigned int	 n = 0;
	char		*name;

	if (w == NULL || FV_WL(ft) == NULL)
		return (NULL);
	pbuf_init(&pb);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || c->session->curw == NULL ||
		    c->session->curw->window != w)
			continue;
		n++;
		name = client_name(c);
		fv_list_add(&pb, name);
		free(name);
	}
	if (list)
		return (fv_list_end(&pb));
	pbuf_free(&pb);
	return (fv_num(n));
}

static char *
fv_window_active_clients(struct format_ctx *ft)
{
	return (fv_active_clients(ft, 0));
}

static char *
fv_window_active_clients_list(struct format_ctx *ft)
{
	return (fv_active_clients(ft, 1));
}

static char *
fv_window_format(struct format_ctx *ft)
{
	return (fv_flag(ft->fs != NULL && ft->fs->wl != NULL &&
	    ft->fs->p == NULL));
}

static char *
fv_window_marked_flag(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);
	struct pane	*mp;

	if (w == NULL)
		return (NULL);
	mp = srv->marked_pane != 0 ? pane_find_by_id(srv->marked_pane - 1) :
	    NULL;
	return (fv_flag(mp != NULL && mp->window == w));
}

/* ---- panes ---- */

static char *
fv_pane_index(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(window_pane_index(p->window, p)) : NULL);
}

static char *
fv_pane_id(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? xasprintf("%%%u", p->id) : NULL);
}

static char *
fv_pane_pid(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->pid) : NULL);
}

static char *
fv_pane_width(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->sx) : NULL);
}

static char *
fv_pane_height(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->sy) : NULL);
}

static char *
fv_pane_title(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? xstrdup(p->title) : NULL);
}

static char *
fv_pane_left(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->xoff) : NULL);
}

static char *
fv_pane_top(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->yoff) : NULL);
}

static char *
fv_pane_right(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->xoff + p->sx - 1) : NULL);
}

static char *
fv_pane_bottom(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(p->yoff + p->sy - 1) : NULL);
}

static char *
fv_pane_at_left(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->xoff == 0) : NULL);
}

static char *
fv_pane_at_top(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->yoff == 0) : NULL);
}

static char *
fv_pane_at_right(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->xoff + p->sx >= p->window->sx) : NULL);
}

static char *
fv_pane_at_bottom(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->yoff + p->sy >= p->window->sy) : NULL);
}

static char *
fv_pane_last(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->window->last == p) : NULL);
}

static char *
fv_pane_active(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->window->active == p) : NULL);
}

static char *
fv_pane_dead(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag((p->flags & PANE_EXITED) != 0) : NULL);
}

static char *
fv_pane_dead_status(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL || !(p->flags & PANE_REAPED) || !WIFEXITED(p->status))
		return (NULL);
	return (fv_num(WEXITSTATUS(p->status)));
}

static char *
fv_pane_dead_signal(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL || !(p->flags & PANE_REAPED) ||
	    !WIFSIGNALED(p->status))
		return (NULL);
	return (fv_num(WTERMSIG(p->status)));
}

static char *
fv_pane_current_command(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? pane_current_command(p) : NULL);
}

/* The working directory of the pane's foreground process. */
static char *
fv_pane_current_path(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	char		 link[64], path[PATH_MAX];
	ssize_t		 n;
	pid_t		 pgrp;

	if (p == NULL)
		return (NULL);
	if (p->fd == -1 || (pgrp = tcgetpgrp(p->fd)) <= 0)
		pgrp = p->pid;
	snprintf(link, sizeof link, "/proc/%ld/cwd", (long)pgrp);
	if ((n = readlink(link, path, sizeof path - 1)) <= 0) {
		snprintf(link, sizeof link, "/proc/%ld/cwd", (long)p->pid);
		if ((n = readlink(link, path, sizeof path - 1)) <= 0)
			return (xstrdup(p->cwd));
	}
	path[n] = '\0';
	return (xstrdup(path));
}

/* One word of a command line as tmux writes it back: in double quotes
 * (with " and $ escaped) if it has a blank or one of # ' ; $ { } %, else in
 * single quotes if it has a double quote; an empty word as '', backslash,
 * tab and newline as C escapes. */
static void
fv_quote_word(struct pbuf *pb, const char *s)
{
	const char	*cp;
	int		 quote = 0;

	if (*s == '\0') {
		pw_bytes(pb, "''", 2);
		return;
	}
	if (s[strcspn(s, " #';${}%")] != '\0')
		quote = '"';
	else if (s[strcspn(s, "\"")] != '\0')
		quote = '\'';
	if (s[1] == '\0' && (quote != 0 || *s == '~')) {
		pw_u8(pb, '\\');
		pw_u8(pb, *s);
		return;
	}
	if (quote != 0)
		pw_u8(pb, quote);
	if (*s == '~')
		pw_u8(pb, '\\');
	for (cp = s; *cp != '\0'; cp++) {
		if (*cp == '\\' ||
		    (quote == '"' && (*cp == '"' || *cp == '$')))
			pw_u8(pb, '\\');
		else if (*cp == '\t') {
			pw_bytes(pb, "\\t", 2);
			continue;
		} else if (*cp == '\n') {
			pw_bytes(pb, "\\n", 2);
			continue;
		}
		pw_u8(pb, *cp);
	}
	if (quote != 0)
		pw_u8(pb, quote);
}

static char *
fv_pane_start_command(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	struct pbuf	 pb;
	char		**argv;

	if (p == NULL)
		return (NULL);
	pbuf_init(&pb);
	for (argv = p->start_argv; argv != NULL && *argv != NULL; argv++) {
		if (pb.len != 0)
			pw_u8(&pb, ' ');
		fv_quote_word(&pb, *argv);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

static char *
fv_pane_start_path(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? xstrdup(p->cwd) : NULL);
}

static char *
fv_pane_tty(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	char		 name[PATH_MAX];

	if (p == NULL)
		return (NULL);
	if (p->fd == -1 || ptsname_r(p->fd, name, sizeof name) != 0)
		return (xstrdup(""));
	return (xstrdup(name));
}

static char *
fv_pane_format(struct format_ctx *ft)
{
	return (fv_flag(ft->fs != NULL && ft->fs->p != NULL));
}

static char *
fv_pane_in_mode(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(p->mode != NULL) : NULL);
}

static char *
fv_pane_mode(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL || p->mode == NULL)
		return (NULL);
	return (xstrdup("copy-mode"));
}

static char *
fv_pane_marked(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag(srv->marked_pane == p->id + 1) : NULL);
}

static char *
fv_pane_marked_set(struct format_ctx *ft)
{
	if (FV_P(ft) == NULL)
		return (NULL);
	return (fv_flag(srv->marked_pane != 0 &&
	    pane_find_by_id(srv->marked_pane - 1) != NULL));
}

static char *
fv_session_marked(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);
	struct pane	*mp;

	if (s == NULL)
		return (NULL);
	mp = srv->marked_pane != 0 ? pane_find_by_id(srv->marked_pane - 1) :
	    NULL;
	return (fv_flag(mp != NULL &&
	    winlink_find_by_window(s, mp->window) != NULL));
}

static char *
fv_pane_path(struct format_ctx *ft)
{
	return (FV_P(ft) != NULL ? xstrdup("") : NULL);
}

static char *
fv_cursor(struct format_ctx *ft, int which)
{
	struct pane		*p = FV_P(ft);
	struct vt_cursor	 cur;

	if (p == NULL)
		return (NULL);
	vt_cursor(p->vt, &cur);
	switch (which) {
	case 'x':
		return (fv_num(cur.x));
	case 'y':
		return (fv_num(cur.y));
	}
	return (fv_flag(cur.visible));
}

static char *
fv_cursor_x(struct format_ctx *ft)
{
	return (fv_cursor(ft, 'x'));
}

static char *
fv_cursor_y(struct format_ctx *ft)
{
	return (fv_cursor(ft, 'y'));
}

static char *
fv_cursor_flag(struct format_ctx *ft)
{
	return (fv_cursor(ft, 'f'));
}

static char *
fv_cursor_character(struct format_ctx *ft)
{
	struct pane		*p = FV_P(ft);
	struct vt_cursor	 cur;
	const struct grid_line	*gl;
	char			 buf[UTF8_MAX_BYTES + 1];
	size_t			 n;

	if (p == NULL)
		return (NULL);
	vt_cursor(p->vt, &cur);
	if ((gl = vt_line(p->vt, cur.y)) == NULL || cur.x >= vt_cols(p->vt))
		return (xstrdup(""));
	if (gl->cells[cur.x].width == 0)
		return (xstrdup(""));
	n = utf8_char_to_utf8(gl->cells[cur.x].ch, buf);
	buf[n] = '\0';
	return (xstrdup(buf));
}

static char *
fv_history_size(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(history_size(vt_history(p->vt))) : NULL);
}

static char *
fv_history_limit(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(history_limit(vt_history(p->vt))) : NULL);
}

static char *
fv_history_bytes(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL)
		return (NULL);
	return (xasprintf("%zu", history_bytes(vt_history(p->vt))));
}

static char *
fv_mode_flag(struct format_ctx *ft, int bits)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_flag((vt_modes(p->vt) & bits) != 0) : NULL);
}

static char *
fv_alternate_on(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_ALTSCREEN));
}

static char *
fv_keypad_cursor_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_APPCURSOR));
}

static char *
fv_keypad_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_APPKEYPAD));
}

static char *
fv_mouse_any_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_MOUSE_ANY));
}

static char *
fv_mouse_standard_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_MOUSE_CLICK));
}

static char *
fv_mouse_button_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_MOUSE_DRAG));
}

static char *
fv_mouse_all_flag(struct format_ctx *ft)
{
	return (fv_mode_flag(ft, VT_MODE_MOUSE_MOVE));
}

/* The mouse event of the command, when it is in this pane. */
static const struct mouse_event *
fv_mouse(struct format_ctx *ft, unsigned int *x, unsigned int *y)
{
	const struct mouse_event	*m;
	struct pane			*p = FV_P(ft);

	if (ft->extra == NULL || (m = ft->extra->mouse) == NULL || p == NULL)
		return (NULL);
	if (!mouse_at(m, p, x, y, 0))
		return (NULL);
	return (m);
}

static char *
fv_mouse_x(struct format_ctx *ft)
{
	unsigned int	x, y;

	return (fv_mouse(ft, &x, &y) != NULL ? fv_num(x) : NULL);
}

static char *
fv_mouse_y(struct format_ctx *ft)
{
	unsigned int	x, y;

	return (fv_mouse(ft, &x, &y) != NULL ? fv_num(y) : NULL);
}

char *
format_pane_line(struct pane *p, unsigned int y)
{
	const struct grid_line	*gl = vt_line(p->vt, y);
	struct pbuf		 pb;
	unsigned int		 x, cols = vt_cols(p->vt), end = 0;
	char			 buf[UTF8_MAX_BYTES];

	pbuf_init(&pb);
	if (gl != NULL) {
		for (x = 0; x < cols; x++) {
			if (gl->cells[x].width != 0 && gl->cells[x].ch != ' ')
				end = x + 1;
		}
		for (x = 0; x < end; x++) {
			if (gl->cells[x].width == 0)
				continue;
			pw_bytes(&pb, buf, utf8_char_to_utf8(gl->cells[x].ch,
			    buf));
		}
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

static char *
fv_mouse_line(struct format_ctx *ft)
{
	unsigned int	x, y;

	if (fv_mouse(ft, &x, &y) == NULL)
		return (NULL);
	return (format_pane_line(FV_P(ft), y));
}

/* Is cell c of a line a word separator (a space or one of seps)? */
static int
fv_separator(const struct cell *c, const char *seps)
{
	if (c->width == 0)
		return (0);		/* the right half of a wide character */
	return (c->ch == ' ' || (c->ch < 0x80 && c->ch != 0 &&
	    strchr(seps, (int)c->ch) != NULL));
}

static char *
fv_mouse_word(struct format_ctx *ft)
{
	unsigned int		 x, y, start, end, cols, i;
	const char		*ws = NULL;
	const struct option_def	*od = options_find("word-separators");
	const struct grid_line	*gl;
	struct session		*s = FV_S(ft);
	struct pane		*p = FV_P(ft);
	struct pbuf		 pb;
	char			 buf[UTF8_MAX_BYTES];

	if (fv_mouse(ft, &x, &y) == NULL)
		return (NULL);
	/* Words end at a space and at the word-separators. */
	if (od != NULL && strcmp(od->name, "word-separators") == 0)
		ws = options_get_string(s != NULL ? s->options :
		    srv->session_options, "word-separators");
	if (ws == NULL)
		ws = "";
	cols = vt_cols(p->vt);
	if ((gl = vt_line(p->vt, y)) == NULL || x >= cols)
		return (xstrdup(""));
	while (x > 0 && gl->cells[x].width == 0)
		x--;
	if (fv_separator(&gl->cells[x], ws))
		return (xstrdup(""));
	for (start = x; start > 0 && !fv_separator(&gl->cells[start - 1], ws);
	    start--)
		;
	for (end = x; end < cols && !fv_separator(&gl->cells[end], ws); end++)
		;
	pbuf_init(&pb);
	for (i = start; i < end; i++) {
		if (gl->cells[i].width != 0)
			pw_bytes(&pb, buf, utf8_char_to_utf8(gl->cells[i].ch,
			    buf));
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

static char *
fv_mouse_sgr_flag(struct format_ctx *ft)
{
	/* libvterm takes the encoding modes without telling. */
	return (FV_P(ft) != NULL ? fv_flag(0) : NULL);
}

static char *
fv_pane_tabs(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);
	struct pbuf	 pb;
	unsigned int	 x;
	char		 n[16];

	if (p == NULL)
		return (NULL);
	/* The default stops every eight columns. */
	pbuf_init(&pb);
	for (x = 8; x < p->sx; x += 8) {
		snprintf(n, sizeof n, "%u", x);
		fv_list_add(&pb, n);
	}
	return (fv_list_end(&pb));
}

/* A colour as tmux names it: default, red ... brightwhite, colourN,
 * #rrggbb. */
static char *
fv_colour_name(uint32_t colour)
{
	static const char *const names[] = { "black", "red", "green",
	    "yellow", "blue", "magenta", "cyan", "white" };
	unsigned int	i;

	switch (COLOUR_TYPE(colour)) {
	case COLOUR_TYPE_INDEX:
		i = colour & 0xff;
		if (i < 8)
			return (xstrdup(names[i]));
		if (i < 16)
			return (xasprintf("bright%s", names[i - 8]));
		return (xasprintf("colour%u", i));
	case COLOUR_TYPE_RGB:
		return (xasprintf("#%02x%02x%02x", COLOUR_R(colour),
		    COLOUR_G(colour), COLOUR_B(colour)));
	}
	return (xstrdup("default"));
}

/* A pane's default colours: window-style, with window-active-style over
 * it for the active pane (where those options exist). */
static char *
fv_pane_colour(struct format_ctx *ft, int bg)
{
	struct pane	*p = FV_P(ft);
	struct cell	 cell = CELL_BLANK;
	const char	*style;

	if (p == NULL)
		return (NULL);
	if (options_find("window-style") != NULL &&
	    strcmp(options_find("window-style")->name, "window-style") == 0 &&
	    (style = options_get_string(p->window->options,
	    "window-style")) != NULL)
		style_apply(&cell, style);
	if (p->window->active == p &&
	    options_find("window-active-style") != NULL &&
	    (style = options_get_string(p->window->options,
	    "window-active-style")) != NULL)
		style_apply(&cell, style);
	return (fv_colour_name(bg ? cell.bg : cell.fg));
}

static char *
fv_pane_bg(struct format_ctx *ft)
{
	return (fv_pane_colour(ft, 1));
}

static char *
fv_pane_fg(struct format_ctx *ft)
{
	return (fv_pane_colour(ft, 0));
}

static char *
fv_pane_input_off(struct format_ctx *ft)
{
	return (FV_P(ft) != NULL ? fv_flag(0) : NULL);
}

/* Is a window flag option on (0 when this build has no such option)? */
static int
fv_window_option_on(struct window *w, const char *name)
{
	const struct option_def	*od = options_find(name);

	if (od == NULL || strcmp(od->name, name) != 0 || w->options == NULL)
		return (0);
	return (options_get_number(w->options, name) != 0);
}

/* mux has no pipe-pane yet: no pane is piped. */
static char *
fv_pane_pipe(struct format_ctx *ft)
{
	return (FV_P(ft) != NULL ? fv_flag(0) : NULL);
}

static char *
fv_pane_synchronized(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	if (p == NULL)
		return (NULL);
	return (fv_flag(fv_window_option_on(p->window, "synchronize-panes")));
}

static char *
fv_scroll_region_lower(struct format_ctx *ft)
{
	struct pane	*p = FV_P(ft);

	return (p != NULL ? fv_num(vt_rows(p->vt) - 1) : NULL);
}

static char *
fv_scroll_region_upper(struct format_ctx *ft)
{
	return (FV_P(ft) != NULL ? fv_num(0) : NULL);
}

/* Sorted by name (a test checks): format_var_find bsearches it. */
static const struct format_var format_vars[] = {
	{ "active_window_index", fv_active_window_index },
	{ "alternate_on", fv_alternate_on },
	{ "buffer_created", fv_buffer_created },
	{ "buffer_full", fv_buffer_full },
	{ "buffer_name", fv_buffer_name },
	{ "buffer_sample", fv_buffer_sample },
	{ "buffer_size", fv_buffer_size },
	{ "client_activity", fv_client_activity },
	{ "client_control_mode", fv_client_control_mode },
	{ "client_flags", fv_client_flags },
	{ "client_height", fv_client_height },
	{ "client_key_table", fv_client_key_table },
	{ "client_last_session", fv_client_last_session },
	{ "client_name", fv_client_name },
	{ "client_pid", fv_client_pid },
	{ "client_prefix", fv_client_prefix },
	{ "client_readonly", fv_client_readonly },
	{ "client_session", fv_client_session },
	{ "client_termname", fv_client_termname },
	{ "client_tty", fv_client_tty },
	{ "client_uid", fv_client_uid },
	{ "client_user", fv_client_user },
	{ "client_utf8", fv_client_utf8 },
	{ "client_width", fv_client_width },
	{ "command", fv_command },
	{ "config_files", fv_config_files },
	{ "cursor_character", fv_cursor_character },
	{ "cursor_flag", fv_cursor_flag },
	{ "cursor_x", fv_cursor_x },
	{ "cursor_y", fv_cursor_y },
	{ "history_bytes", fv_history_bytes },
	{ "history_limit", fv_history_limit },
	{ "history_size", fv_history_size },
	{ "host", fv_host },
	{ "host_short", fv_host_short },
	{ "keypad_cursor_flag", fv_keypad_cursor_flag },
	{ "keypad_flag", fv_keypad_flag },
	{ "last_window_index", fv_last_window_index },
	{ "mouse_all_flag", fv_mouse_all_flag },
	{ "mouse_any_flag", fv_mouse_any_flag },
	{ "mouse_button_flag", fv_mouse_button_flag },
	{ "mouse_line", fv_mouse_line },
	{ "mouse_sgr_flag", fv_mouse_sgr_flag },
	{ "mouse_standard_flag", fv_mouse_standard_flag },
	{ "mouse_word", fv_mouse_word },
	{ "mouse_x", fv_mouse_x },
	{ "mouse_y", fv_mouse_y },
	{ "next_session_id", fv_next_session_id },
	{ "pane_active", fv_pane_active },
	{ "pane_at_bottom", fv_pane_at_bottom },
	{ "pane_at_left", fv_pane_at_left },
	{ "pane_at_right", fv_pane_at_right },
	{ "pane_at_top", fv_pane_at_top },
	{ "pane_bg", fv_pane_bg },
	{ "pane_bottom", fv_pane_bottom },
	{ "pane_current_command", fv_pane_current_command },
	{ "pane_current_path", fv_pane_current_path },
	{ "pane_dead", fv_pane_dead },
	{ "pane_dead_signal", fv_pane_dead_signal },
	{ "pane_dead_status", fv_pane_dead_status },
	{ "pane_fg", fv_pane_fg },
	{ "pane_format", fv_pane_format },
	{ "pane_height", fv_pane_height },
	{ "pane_id", fv_pane_id },
	{ "pane_in_mode", fv_pane_in_mode },
	{ "pane_index", fv_pane_index },
	{ "pane_input_off", fv_pane_input_off },
	{ "pane_last", fv_pane_last },
	{ "pane_left", fv_pane_left },
	{ "pane_marked", fv_pane_marked },
	{ "pane_marked_set", fv_pane_marked_set },
	{ "pane_mode", fv_pane_mode },
	{ "pane_path", fv_pane_path },
	{ "pane_pid", fv_pane_pid },
	{ "pane_pipe", fv_pane_pipe },
	{ "pane_right", fv_pane_right },
	{ "pane_start_command", fv_pane_start_command },
	{ "pane_start_path", fv_pane_start_path },
	{ "pane_synchronized", fv_pane_synchronized },
	{ "pane_tabs", fv_pane_tabs },
	{ "pane_title", fv_pane_title },
	{ "pane_top", fv_pane_top },
	{ "pane_tty", fv_pane_tty },
	{ "pane_width", fv_pane_width },
	{ "pid", fv_pid },
	{ "scroll_region_lower", fv_scroll_region_lower },
	{ "scroll_region_upper", fv_scroll_region_upper },
	{ "session_activity", fv_session_activity },
	{ "session_alerts", fv_session_alerts },
	{ "session_attached", fv_session_attached },
	{ "session_attached_list", fv_session_attached_list },
	{ "session_created", fv_session_created },
	{ "session_format", fv_session_format },
	{ "session_group", fv_session_group_none },
	{ "session_group_attached", fv_session_group_none },
	{ "session_group_attached_list", fv_session_group_none },
	{ "session_group_list", fv_session_group_none },
	{ "session_group_many_attached", fv_session_group_none },
	{ "session_group_size", fv_session_group_none },
	{ "session_grouped", fv_session_grouped },
	{ "session_id", fv_session_id },
	{ "session_last_attached", fv_session_last_attached },
	{ "session_many_attached", fv_session_many_attached },
	{ "session_marked", fv_session_marked },
	{ "session_name", fv_session_name },
	{ "session_path", fv_session_path },
	{ "session_stack", fv_session_stack },
	{ "session_windows", fv_session_windows },
	{ "socket_path", fv_socket_path },
	{ "start_time", fv_start_time },
	{ "uid", fv_uid },
	{ "user", fv_user },
	{ "version", fv_version },
	{ "window_active", fv_window_active },
	{ "window_active_clients", fv_window_active_clients },
	{ "window_active_clients_list", fv_window_active_clients_list },
	{ "window_active_sessions", fv_window_active_sessions },
	{ "window_active_sessions_list", fv_window_active_sessions_list },
	{ "window_activity", fv_window_activity },
	{ "window_activity_flag", fv_window_activity_flag },
	{ "window_bell_flag", fv_window_bell_flag },
	{ "window_end_flag", fv_window_end_flag },
	{ "window_flags", fv_window_flags },
	{ "window_format", fv_window_format },
	{ "window_height", fv_window_height },
	{ "window_id", fv_window_id },
	{ "window_index", fv_window_index },
	{ "window_last_flag", fv_window_last_flag },
	{ "window_layout", fv_window_layout },
	{ "window_linked", fv_window_linked },
	{ "window_linked_sessions", fv_window_linked_sessions },
	{ "window_linked_sessions_list", fv_window_linked_sessions_list },
	{ "window_marked_flag", fv_window_marked_flag },
	{ "window_name", fv_window_name },
	{ "window_panes", fv_window_panes },
	{ "window_raw_flags", fv_window_raw_flags },
	{ "window_silence_flag", fv_window_silence_flag },
	{ "window_stack_index", fv_window_stack_index },
	{ "window_start_flag", fv_window_start_flag },
	{ "window_visible_layout", fv_window_visible_layout },
	{ "window_width", fv_window_width },
	{ "window_zoomed_flag", fv_window_zoomed_flag },
};

static int
format_var_cmp(const void *key, const void *entry)
{
	return (strcmp(key, ((const struct format_var *)entry)->name));
}

/* An option's value as a format variable: flags as 1 or 0, like tmux's
 * numeric form, the rest as show-options prints them. The option is read
 * from the innermost table of its scope that the format has, which falls
 * back to the global one. Returns NULL when name is no option. */
static char *
format_var_option(struct format_ctx *ft, const char *name)
{
	const struct option_def	*od;
	const struct options	*oo;
	struct session		*s = FV_S(ft);
	struct window		*w = FV_W(ft);
	char			*v;

	if (*name == '@') {
		/* User options: the first table that has it, from the
		 * innermost (tmux's order: server, window, session). */
		if (options_is_set(srv->options, name))
			return (options_to_string(srv->options, name));
		if (w != NULL && options_is_set(w->options, name))
			return (options_to_string(w->options, name));
		if (options_is_set(srv->window_options, name))
			return (options_to_string(srv->window_options, name));
		if (s != NULL && options_is_set(s->options, name))
			return (options_to_string(s->options, name));
		if (options_is_set(srv->session_options, name))
			return (options_to_string(srv->session_options, name));
		return (NULL);
	}
	if ((od = options_find(name)) == NULL || strcmp(od->name, name) != 0)
		return (NULL);
	switch (od->scope) {
	case OPTION_SERVER:
		oo = srv->options;
		break;
	case OPTION_SESSION:
		oo = s != NULL ? s->options : srv->session_options;
		break;
	default:
		oo = w != NULL ? w->options : srv->window_options;
		break;
	}
	if (oo == NULL)
		return (NULL);
	if (od->type == OPTION_FLAG)
		return (fv_flag(options_get_number(oo, name) != 0));
	v = options_to_string(oo, name);
	return (v);
}

/* A variable from the environment: the session's, then the global. */
static char *
format_var_environ(struct format_ctx *ft, const char *name)
{
	struct session	*s = FV_S(ft);
	const char	*v = NULL;
	int		 removed = 0;

	if (s != NULL && s->environ != NULL)
		v = environ_get(s->environ, name, &removed);
	if (v == NULL && !removed && srv->environ != NULL)
		v = environ_get(srv->environ, name, &removed);
	return (v != NULL ? xstrdup(v) : NULL);
}

char *
format_var_find(struct format_ctx *ft, const char *name)
{
	const struct format_var	*fv;
	const struct format_extra *fe = ft->extra;
	struct pane		*p = FV_P(ft);
	unsigned int		 i;
	char			*v;

	if (fe != NULL) {
		for (i = 0; i < fe->npairs; i++) {
			if (strcmp(fe->pairs[i].name, name) == 0)
				return (xstrdup(fe->pairs[i].value));
		}
	}
	if (srv == NULL)
		return (NULL);
	if ((v = format_var_option(ft, name)) != NULL)
		return (v);
	fv = bsearch(name, format_vars, sizeof format_vars /
	    sizeof format_vars[0], sizeof format_vars[0], format_var_cmp);
	if (fv != NULL)
		return (fv->cb(ft));
	/* scroll_position, copy_cursor_x, selection_present and the rest
	 * exist while the pane is in copy mode. */
	if (p != NULL && p->mode != NULL &&
	    (v = copy_format(p->mode, name)) != NULL)
		return (v);
	return (format_var_environ(ft, name));
}

/* For the unit test: is the table sorted, so bsearch finds everything? */
int	format_vars_sorted(void);
int
format_vars_sorted(void)
{
	size_t	i;

	for (i = 1; i < sizeof format_vars / sizeof format_vars[0]; i++) {
		if (strcmp(format_vars[i - 1].name, format_vars[i].name) >= 0)
			return (0);
	}
	return (1);
}
