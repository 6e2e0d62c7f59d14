/*
 * Format variables: sorted tables of names, each with the function that
 * works its value out from what the format is for (a target, a client, a
 * paste buffer), found by bsearch: this file's (the server, buffers,
 * clients, sessions, windows) and format-pane.c's (panes). A variable whose object is
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

#include "common/name.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/control.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/format-int.h"
#include "model/hooks.h"
#include "model/layout.h"
#include "model/mouse.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/paste.h"
#include "model/state.h"
#include "model/session.h"
#include "model/style.h"
#include "model/target.h"
#include "model/window.h"

/* Longest #{buffer_sample}, in bytes before "...". */
#define FORMAT_SAMPLE_MAX	200

char *
fv_num(long long n)
{
	return (xasprintf("%lld", n));
}

char *
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

void
fv_list_add(struct pbuf *pb, const char *item)
{
	if (pb->len != 0)
		pw_u8(pb, ',');
	pw_bytes(pb, item, strlen(item));
}

char *
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
	return (xstrdup(TMUX_COMPAT_VERSION));
}

/* The file the running command came from (source-file, the config). */
static char *
fv_current_file(struct format_ctx *ft)
{
	(void)ft;
	return (xstrdup(srv->current_file != NULL ? srv->current_file : ""));
}

static char *
fv_mux_version(struct format_ctx *ft)
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

/* Kept by the client's output (client-out.h). */
static char *
fv_client_written(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (xasprintf("%llu", (unsigned long long)ft->c->out_written));
}

static char *
fv_client_discarded(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (xasprintf("%llu", (unsigned long long)ft->c->out_discarded));
}

/* The cell size, as tmux only for a client attached in a terminal. */
static char *
fv_client_cell_width(struct format_ctx *ft)
{
	if (ft->c == NULL || ft->c->session == NULL || ft->c->control != NULL)
		return (NULL);
	return (fv_num(ft->c->cell_width));
}

static char *
fv_client_cell_height(struct format_ctx *ft)
{
	if (ft->c == NULL || ft->c->session == NULL || ft->c->control != NULL)
		return (NULL);
	return (fv_num(ft->c->cell_height));
}

static char *
fv_client_termname(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (xstrdup(ft->c->ident.term != NULL ? ft->c->ident.term : ""));
}

/* What the client's terminal answered XTVERSION with, and the features in
 * use (known when the server drives the terminal). */
static char *
fv_client_termtype(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (xstrdup(ft->c->term_type != NULL ? ft->c->term_type : ""));
}

static char *
fv_client_termfeatures(struct format_ctx *ft)
{
	if (ft->c == NULL)
		return (NULL);
	return (xstrdup(ft->c->term_features != NULL ?
	    ft->c->term_features : ""));
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
	char		*pa;

	if (c == NULL)
		return (NULL);
	/* tmux 3.3a's order. */
	pbuf_init(&pb);
	if (c->session != NULL)
		fv_list_add(&pb, "attached");
	if (c->flags & CLIENT_FOCUSED)
		fv_list_add(&pb, "focused");
	if (c->control != NULL)
		fv_list_add(&pb, "control-mode");
	if (c->flags & CLIENT_IGNORESIZE)
		fv_list_add(&pb, "ignore-size");
	if (c->control != NULL) {
		if (c->control->flags & CONTROL_NO_OUTPUT)
			fv_list_add(&pb, "no-output");
		if (c->control->flags & CONTROL_WAIT_EXIT)
			fv_list_add(&pb, "wait-exit");
		if (c->control->flags & CONTROL_PAUSE_AFTER) {
			pa = xasprintf("pause-after=%llu",
			    (unsigned long long)c->control->pause_after_ms /
			    1000);
			fv_list_add(&pb, pa);
			free(pa);
		}
		if (c->control->flags & CONTROL_JSON)
			fv_list_add(&pb, "json");
	}
	if (c->flags & CLIENT_READONLY)
		fv_list_add(&pb, "read-only");
	if (c->flags & CLIENT_ACTIVEPANE)
		fv_list_add(&pb, "active-pane");
	if (c->flags & CLIENT_NODETACHDESTROY)
		fv_list_add(&pb, "no-detach-on-destroy");
	if (c->flags & CLIENT_SUSPENDED)
		fv_list_add(&pb, "suspended");
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
fv_client_created(struct format_ctx *ft)
{
	return (ft->c != NULL ? fv_num(ft->c->created) : NULL);
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
	return (ft->c != NULL ? fv_flag(ft->c->control != NULL) : NULL);
}

static char *
fv_client_readonly(struct format_ctx *ft)
{
	return (ft->c != NULL ? fv_flag((ft->c->flags & CLIENT_READONLY) != 0) :
	    NULL);
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
	struct session	*s = FV_S(ft);

	return (s != NULL ? fv_flag(s->group != NULL) : NULL);
}

/* The group of the format's session, NULL if none. */
static struct session_group *
fv_group(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);

	return (s != NULL ? s->group : NULL);
}

static char *
fv_session_group(struct format_ctx *ft)
{
	struct session_group	*sg = fv_group(ft);

	return (sg != NULL ? xstrdup(sg->name) : NULL);
}

static char *
fv_session_group_size(struct format_ctx *ft)
{
	struct session_group	*sg = fv_group(ft);

	return (sg != NULL ? fv_num(session_group_count(sg)) : NULL);
}

static char *
fv_session_group_attached(struct format_ctx *ft)
{
	struct session_group	*sg = fv_group(ft);

	return (sg != NULL ? fv_num(session_group_attached_count(sg)) : NULL);
}

static char *
fv_session_group_many_attached(struct format_ctx *ft)
{
	struct session_group	*sg = fv_group(ft);

	return (sg != NULL ? fv_flag(session_group_attached_count(sg) > 1) :
	    NULL);
}

/* The group's sessions, in the order they joined. */
static char *
fv_session_group_list(struct format_ctx *ft)
{
	struct session_group	*sg = fv_group(ft);
	struct session		*loop;
	struct pbuf		 pb;

	if (sg == NULL)
		return (NULL);
	pbuf_init(&pb);
	TAILQ_FOREACH(loop, &sg->sessions, gentry)
		fv_list_add(&pb, loop->name);
	return (fv_list_end(&pb));
}

/* The clients attached to any of the group's sessions. */
static char *
fv_session_group_attached_list(struct format_ctx *ft)
{
	struct session_group	*sg = fv_group(ft);
	struct client		*c;
	struct pbuf		 pb;
	char			*name;

	if (sg == NULL)
		return (NULL);
	pbuf_init(&pb);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || c->session->group != sg)
			continue;
		name = client_name(c);
		fv_list_add(&pb, name);
		free(name);
	}
	return (fv_list_end(&pb));
}

static char *
fv_session_format(struct format_ctx *ft)
{
	return (fv_flag(ft->fs != NULL && ft->fs->s != NULL &&
	    ft->fs->wl == NULL && ft->fs->p == NULL));
}

/* The alert flags of a winlink: '#' activity, '!' bell, '~' silence. */
static void
fv_alert_flags(int flags, struct pbuf *pb)
{
	if (flags & WINLINK_ACTIVITY)
		pw_u8(pb, '#');
	if (flags & WINLINK_BELL)
		pw_u8(pb, '!');
	if (flags & WINLINK_SILENCE)
		pw_u8(pb, '~');
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
		if ((wl->flags & WINLINK_ALERTS) == 0)
			continue;
		snprintf(idx, sizeof idx, "%d", wl->idx);
		fv_list_add(&pb, idx);
		fv_alert_flags(wl->flags, &pb);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* The current window, then those shown before it, most recent first. */
static char *
fv_session_stack(struct format_ctx *ft)
{
	struct session	*s = FV_S(ft);
	struct winlink	*wl;
	struct pbuf	 pb;
	char		 idx[16];

	if (s == NULL || s->curw == NULL)
		return (NULL);
	pbuf_init(&pb);
	snprintf(idx, sizeof idx, "%d", s->curw->idx);
	fv_list_add(&pb, idx);
	TAILQ_FOREACH(wl, &s->lastw, sentry) {
		snprintf(idx, sizeof idx, "%d", wl->idx);
		fv_list_add(&pb, idx);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
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

/* window_bigger, window_offset_x and _y: whether the client's window is
 * larger than its terminal and, when it is, the part that shows (as
 * tmux: of the client's current window, whatever window is expanded). */
static int
fv_window_offset(struct format_ctx *ft, unsigned int *ox, unsigned int *oy)
{
	unsigned int	sx, sy;

	if (ft->c == NULL || ft->c->session == NULL || ft->c->control != NULL)
		return (-1);
	return (client_window_offset(ft->c, ox, oy, &sx, &sy));
}

static char *
fv_window_bigger(struct format_ctx *ft)
{
	unsigned int	ox, oy;
	int		bigger = fv_window_offset(ft, &ox, &oy);

	return (bigger == -1 ? NULL : fv_flag(bigger));
}

static char *
fv_window_offset_x(struct format_ctx *ft)
{
	unsigned int	ox, oy;

	return (fv_window_offset(ft, &ox, &oy) == 1 ? fv_num(ox) : NULL);
}

static char *
fv_window_offset_y(struct format_ctx *ft)
{
	unsigned int	ox, oy;

	return (fv_window_offset(ft, &ox, &oy) == 1 ? fv_num(oy) : NULL);
}

static char *
fv_window_active(struct format_ctx *ft)
{
	struct winlink	*wl = FV_WL(ft);

	return (wl != NULL ? fv_flag(wl->session->curw == wl) : NULL);
}

/* The flags shown after a window name, in tmux's order: '#' activity,
 * '!' bell, '~' silence, '*' current, '-' last, 'M' marked pane, 'Z'
 * zoomed. */
static char *
fv_flags(struct format_ctx *ft, int escape)
{
	struct winlink	*wl = FV_WL(ft);
	struct pbuf	 pb;

	if (wl == NULL)
		return (NULL);
	pbuf_init(&pb);
	if ((wl->flags & WINLINK_ACTIVITY) && escape)
		pw_u8(&pb, '#');
	fv_alert_flags(wl->flags, &pb);
	if (wl->session->curw == wl)
		pw_u8(&pb, '*');
	else if (session_last_window(wl->session) == wl)
		pw_u8(&pb, '-');
	if (srv->marked_pane != -1) {
		struct pane	*mp = pane_find_by_id(srv->marked_pane);

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

/* An alert of the window as its session sees it (the winlink's), else
 * (no winlink) the window's own. */
static char *
fv_window_alert(struct format_ctx *ft, int wlflag, int wflag)
{
	struct window	*w = FV_W(ft);
	struct winlink	*wl = FV_WL(ft);

	if (w != NULL && wl != NULL && wl->window == w)
		return (fv_flag((wl->flags & wlflag) != 0));
	return (w != NULL ? fv_flag((w->flags & wflag) != 0) : NULL);
}

static char *
fv_window_activity_flag(struct format_ctx *ft)
{
	return (fv_window_alert(ft, WINLINK_ACTIVITY, WINDOW_ACTIVITY));
}

static char *
fv_window_bell_flag(struct format_ctx *ft)
{
	return (fv_window_alert(ft, WINLINK_BELL, WINDOW_BELL));
}

static char *
fv_window_silence_flag(struct format_ctx *ft)
{
	return (fv_window_alert(ft, WINLINK_SILENCE, WINDOW_SILENCE));
}

static char *
fv_window_last_flag(struct format_ctx *ft)
{
	struct winlink	*wl = FV_WL(ft);

	return (wl != NULL ? fv_flag(session_last_window(wl->session) == wl) : NULL);
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
	if (session_last_window(wl->session) == wl && wl->session->curw != wl)
		return (fv_num(1));
	return (fv_num(0));
}

static char *
fv_window_linked(struct format_ctx *ft)
{
	struct window	*w = FV_W(ft);

	struct winlink	*wl = FV_WL(ft);

	/* As tmux: the sessions of a group count as one. */
	if (w != NULL && wl != NULL && wl->window == w)
		return (fv_flag(session_is_linked(wl->session, w)));
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
	mp = srv->marked_pane != -1 ? pane_find_by_id(srv->marked_pane) :
	    NULL;
	return (fv_flag(mp != NULL && mp->window == w));
}

/* Sorted by name (a test checks): format_var_find bsearches it. */
static const struct format_var format_vars[] = {
	{ "active_window_index", fv_active_window_index },
	{ "buffer_created", fv_buffer_created },
	{ "buffer_full", fv_buffer_full },
	{ "buffer_name", fv_buffer_name },
	{ "buffer_sample", fv_buffer_sample },
	{ "buffer_size", fv_buffer_size },
	{ "client_activity", fv_client_activity },
	{ "client_cell_height", fv_client_cell_height },
	{ "client_cell_width", fv_client_cell_width },
	{ "client_control_mode", fv_client_control_mode },
	{ "client_created", fv_client_created },
	{ "client_discarded", fv_client_discarded },
	{ "client_flags", fv_client_flags },
	{ "client_height", fv_client_height },
	{ "client_key_table", fv_client_key_table },
	{ "client_last_session", fv_client_last_session },
	{ "client_name", fv_client_name },
	{ "client_pid", fv_client_pid },
	{ "client_prefix", fv_client_prefix },
	{ "client_readonly", fv_client_readonly },
	{ "client_session", fv_client_session },
	{ "client_termfeatures", fv_client_termfeatures },
	{ "client_termname", fv_client_termname },
	{ "client_termtype", fv_client_termtype },
	{ "client_tty", fv_client_tty },
	{ "client_uid", fv_client_uid },
	{ "client_user", fv_client_user },
	{ "client_utf8", fv_client_utf8 },
	{ "client_width", fv_client_width },
	{ "client_written", fv_client_written },
	{ "command", fv_command },
	{ "config_files", fv_config_files },
	{ "current_file", fv_current_file },
	{ "host", fv_host },
	{ "host_short", fv_host_short },
	{ "last_window_index", fv_last_window_index },
	{ "mux_version", fv_mux_version },
	{ "next_session_id", fv_next_session_id },
	{ "pid", fv_pid },
	{ "session_activity", fv_session_activity },
	{ "session_alerts", fv_session_alerts },
	{ "session_attached", fv_session_attached },
	{ "session_attached_list", fv_session_attached_list },
	{ "session_created", fv_session_created },
	{ "session_format", fv_session_format },
	{ "session_group", fv_session_group },
	{ "session_group_attached", fv_session_group_attached },
	{ "session_group_attached_list", fv_session_group_attached_list },
	{ "session_group_list", fv_session_group_list },
	{ "session_group_many_attached", fv_session_group_many_attached },
	{ "session_group_size", fv_session_group_size },
	{ "session_grouped", fv_session_grouped },
	{ "session_id", fv_session_id },
	{ "session_last_attached", fv_session_last_attached },
	{ "session_many_attached", fv_session_many_attached },
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
	{ "window_bigger", fv_window_bigger },
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
	{ "window_offset_x", fv_window_offset_x },
	{ "window_offset_y", fv_window_offset_y },
	{ "window_panes", fv_window_panes },
	{ "window_raw_flags", fv_window_raw_flags },
	{ "window_silence_flag", fv_window_silence_flag },
	{ "window_stack_index", fv_window_stack_index },
	{ "window_start_flag", fv_window_start_flag },
	{ "window_visible_layout", fv_window_visible_layout },
	{ "window_width", fv_window_width },
	{ "window_zoomed_flag", fv_window_zoomed_flag },
};

const struct format_var *
format_vars_table(size_t *n)
{
	*n = sizeof format_vars / sizeof format_vars[0];
	return (format_vars);
}

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
	/* No option name has a '_' and every variable's has: skip the
	 * search for those. */
	if (strchr(name, '_') != NULL)
		return (NULL);
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
	if ((v = hooks_format_variable(name)) != NULL)
		return (v);	/* #{hook}, #{hook_pane} ... */
	if ((v = format_var_option(ft, name)) != NULL)
		return (v);
	fv = bsearch(name, format_vars, sizeof format_vars /
	    sizeof format_vars[0], sizeof format_vars[0], format_var_cmp);
	if (fv == NULL)
		fv = bsearch(name, format_pane_vars, format_pane_nvars,
		    sizeof format_pane_vars[0], format_var_cmp);
	if (fv != NULL)
		return (fv->cb(ft));
	/* scroll_position, copy_cursor_x, selection_present and the rest
	 * exist while the pane is in copy mode. */
	if (p != NULL && (v = pane_mode_format(p, name)) != NULL)
		return (v);
	return (format_var_environ(ft, name));
}

/* For the unit test: are the tables sorted, so bsearch finds everything? */
int	format_vars_sorted(void);
int
format_vars_sorted(void)
{
	size_t	i;

	for (i = 1; i < sizeof format_vars / sizeof format_vars[0]; i++) {
		if (strcmp(format_vars[i - 1].name, format_vars[i].name) >= 0)
			return (0);
	}
	for (i = 1; i < format_pane_nvars; i++) {
		if (strcmp(format_pane_vars[i - 1].name,
		    format_pane_vars[i].name) >= 0)
			return (0);
	}
	/* No name in both tables. */
	for (i = 0; i < format_pane_nvars; i++) {
		if (bsearch(format_pane_vars[i].name, format_vars,
		    sizeof format_vars / sizeof format_vars[0],
		    sizeof format_vars[0], format_var_cmp) != NULL)
			return (0);
	}
	return (1);
}
