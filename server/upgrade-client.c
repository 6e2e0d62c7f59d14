/*
 * upgrade-client: the live upgrade's attached clients, adopted by the new
 * server rather than reconnected (server/upgrade.c has the rest of the
 * state format). An attached client's connection, and the terminal the
 * server draws on for it, come through the exec; the new server goes on
 * serving them as the old one did, with a redraw: the client process
 * never notices (its pid, its terminal's settings, a half-typed prefix
 * are all as they were).
 *
 * Adopted: an identified, attached client that is not a control client,
 * not exiting, locked or suspended, not reading its standard input, and
 * whose terminal (if it passed one) the server has opened; and only when
 * the new binary speaks the old one's protocol (the dry run says which
 * it speaks): the client talks on to it in the protocol it started in.
 * Any other client is told as before: an attached one reconnects
 * (MSG_UPGRADE) unless locked or suspended, the rest exit.
 *
 * Not carried (each is what a moment's pause would lose anyway): a status
 * message shown (display-message), a repeat-time after a -r key (the
 * client is back in the root table), a mouse drag or double click in
 * progress, display-panes, a prompt or a menu (upgrade.c closes them
 * before the exec), what runs when a popup closes, and fds a client
 * passed that were not yet taken. A popup is carried, its pty and program
 * as a pane's (draw/popup.c has its record).
 *
 * The record (after the sessions): u32 protocol version the old server
 * speaks, u32 next client id, u32 n, each:
 *   u32 id, u32 uid, u32 socket fd, u32 flags (CLIENT_* of
 *   UPGRADE_CLIENT_FLAGS), str the client's MSG_IDENTIFY payload, u32
 *   cols, rows, u32 session id, i32 last session id (-1), u64 activity
 *   (ns), u64 created, str key table, u32 host modes (HOST_MODE_*), u8
 *   host colours known (bits) + 2 x (u16 r, g, b), u32 pan window + 1,
 *   pan x, pan y, u32 n x (u32 window id, u32 pane id) (active-pane
 *   choices), u8 has title + str title, str bytes read from the socket
 *   and not yet dispatched, the terminal (server_tty_save), the popup
 *   (popup_save)
 */
#include <sys/types.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/xmalloc.h"
#include "draw/popup.h"
#include "model/client.h"
#include "model/session.h"
#include "model/state.h"
#include "model/window.h"
#include "server/loop.h"
#include "server/server_tty.h"
#include "server/upgrade-int.h"

/* The flags an adopted client keeps; it is redrawn whole. */
#define UPGRADE_CLIENT_FLAGS (CLIENT_IDENTIFIED|CLIENT_TERMINAL| \
	CLIENT_ATTACHED|CLIENT_NEW_ATTACH|CLIENT_READONLY|CLIENT_IGNORESIZE| \
	CLIENT_ACTIVEPANE|CLIENT_NODETACHDESTROY|CLIENT_FOCUSED)

int
upgrade_client_adoptable(const struct client *c)
{
	if (c->peer == NULL || c->session == NULL || c->control != NULL ||
	    c->stdin_item != NULL || c->tty_fd != -1)
		return (0);
	if ((c->flags & (CLIENT_IDENTIFIED|CLIENT_ATTACHED)) !=
	    (CLIENT_IDENTIFIED|CLIENT_ATTACHED))
		return (0);
	if (c->flags & (CLIENT_DEAD|CLIENT_EXIT|CLIENT_EXIT_SENT|
	    CLIENT_SUSPEND_ASK|CLIENT_SUSPENDED|CLIENT_NEWER))
		return (0);
	/* A terminal the server is giving back cannot be carried. */
	return (!server_tty_releasing(c));
}

static void
upgrade_client_put(struct pbuf *pb, const struct client *c,
    uint32_t version)
{
	struct pbuf	 id;
	const uint8_t	*unread;
	size_t		 len;
	unsigned int	 i;

	pw_u32(pb, c->id);
	pw_u32(pb, (uint32_t)c->uid);
	pw_u32(pb, (uint32_t)peer_fd(c->peer));
	pw_u32(pb, (uint32_t)(c->flags & UPGRADE_CLIENT_FLAGS));
	pbuf_init(&id);
	proto_write_identify(&id, &c->ident);
	pw_strn(pb, (const char *)id.data + PROTO_HEADER_SIZE,
	    id.len - PROTO_HEADER_SIZE);
	pbuf_free(&id);
	pw_u32(pb, c->cols);
	pw_u32(pb, c->rows);
	pw_u32(pb, c->session->id);
	pw_u32(pb, c->last_session != NULL ? c->last_session->id :
	    (uint32_t)-1);
	upgrade_put_u64(pb, c->activity_ns);
	upgrade_put_u64(pb, (uint64_t)c->created);
	pw_str(pb, (c->flags & CLIENT_REPEAT) ? "root" : c->key_table);
	pw_u32(pb, c->host_modes);
	pw_u8(pb, (uint8_t)c->host_colours);
	pw_u16(pb, c->host_fg.r);
	pw_u16(pb, c->host_fg.g);
	pw_u16(pb, c->host_fg.b);
	pw_u16(pb, c->host_bg.r);
	pw_u16(pb, c->host_bg.g);
	pw_u16(pb, c->host_bg.b);
	pw_u32(pb, c->pan_window);
	pw_u32(pb, c->pan_ox);
	pw_u32(pb, c->pan_oy);
	pw_u32(pb, c->npanes);
	for (i = 0; i < c->npanes; i++) {
		pw_u32(pb, c->panes[i].window);
		pw_u32(pb, c->panes[i].pane);
	}
	pw_u8(pb, c->title != NULL);
	pw_str(pb, c->title != NULL ? c->title : "");
	unread = peer_unread(c->peer, &len);
	pw_strn(pb, (const char *)unread, len);
	server_tty_save(c, pb);
	popup_save(c, pb, version);
}

void
upgrade_client_save(struct pbuf *pb, uint32_t version)
{
	struct client	*c;
	unsigned int	 n = 0;

	pw_u32(pb, proto_version());
	pw_u32(pb, srv->next_client_id);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (upgrade_client_adoptable(c))
			n++;
	}
	pw_u32(pb, n);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (upgrade_client_adoptable(c))
			upgrade_client_put(pb, c, version);
	}
}

void
upgrade_client_inherit(int on)
{
	struct client	*c;
	int		 fd;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (!upgrade_client_adoptable(c))
			continue;
		fcntl(peer_fd(c->peer), F_SETFD, on ? 0 : FD_CLOEXEC);
		if ((fd = server_tty_fd(c)) != -1)
			fcntl(fd, F_SETFD, on ? 0 : FD_CLOEXEC);
		if ((fd = popup_fd(c)) != -1)
			fcntl(fd, F_SETFD, on ? 0 : FD_CLOEXEC);
	}
}

/* What one record says, as read. */
struct upgrade_client {
	unsigned int		 id, uid, flags, cols, rows;
	int			 fd;
	struct msg_identify	 ident;
	struct session		*session, *last;
	uint64_t		 activity, created;
	char			*table, *title;
	uint32_t		 host_modes;
	int			 host_colours;
	struct colour_rgb16	 fg, bg;
	unsigned int		 pan_window, pan_ox, pan_oy;
	struct client_pane	*panes;
	unsigned int		 npanes;
	const void		*unread;
	uint32_t		 nunread;
};

/* Read one record's fields up to the terminal; with adopt, its identify
 * (of the protocol this server speaks) and session too. Returns -1 with
 * *cause. */
static int
upgrade_client_get(struct preader *pr, int adopt, struct upgrade_client *uc,
    char **cause)
{
	struct preader	 ipr;
	const char	*why;
	const void	*idata;
	uint32_t	 ilen, sid, lid;
	unsigned int	 i;
	int		 has_title;

	memset(uc, 0, sizeof *uc);
	uc->id = pr_u32(pr);
	uc->uid = pr_u32(pr);
	uc->fd = (int)pr_u32(pr);
	uc->flags = pr_u32(pr);
	ilen = pr_u32(pr);
	idata = pr_bytes(pr, ilen);
	uc->cols = pr_u32(pr);
	uc->rows = pr_u32(pr);
	sid = pr_u32(pr);
	lid = pr_u32(pr);
	uc->activity = upgrade_get_u64(pr);
	uc->created = upgrade_get_u64(pr);
	uc->table = pr_str(pr);
	uc->host_modes = pr_u32(pr);
	uc->host_colours = pr_u8(pr);
	uc->fg.r = pr_u16(pr);
	uc->fg.g = pr_u16(pr);
	uc->fg.b = pr_u16(pr);
	uc->bg.r = pr_u16(pr);
	uc->bg.g = pr_u16(pr);
	uc->bg.b = pr_u16(pr);
	uc->pan_window = pr_u32(pr);
	uc->pan_ox = pr_u32(pr);
	uc->pan_oy = pr_u32(pr);
	uc->npanes = pr_u32(pr);
	if (pr->error || uc->npanes > pr->left / 8) {
		*cause = xasprintf("bad client %u", uc->id);
		return (-1);
	}
	uc->panes = xcalloc(uc->npanes + 1, sizeof *uc->panes);
	for (i = 0; i < uc->npanes; i++) {
		uc->panes[i].window = pr_u32(pr);
		uc->panes[i].pane = pr_u32(pr);
	}
	has_title = pr_u8(pr);
	uc->title = pr_str(pr);
	if (!has_title) {
		free(uc->title);
		uc->title = NULL;
	}
	uc->nunread = pr_u32(pr);
	uc->unread = pr_bytes(pr, uc->nunread);
	if (pr->error || idata == NULL || uc->table == NULL || uc->fd < 0 ||
	    (uc->flags & ~UPGRADE_CLIENT_FLAGS) != 0 ||
	    (uc->flags & CLIENT_ATTACHED) == 0) {
		*cause = xasprintf("bad client %u", uc->id);
		return (-1);
	}
	if (!adopt)
		return (0);	/* told to reconnect: its protocol is another */
	pr_init(&ipr, idata, ilen);
	if (proto_read_identify(&ipr, &uc->ident, &why) != 0) {
		*cause = xasprintf("client %u: %s", uc->id, why);
		return (-1);
	}
	if ((uc->session = session_find_by_id(sid)) == NULL) {
		*cause = xasprintf("client %u: no session $%u", uc->id, sid);
		return (-1);
	}
	uc->last = lid == (uint32_t)-1 ? NULL : session_find_by_id(lid);
	return (0);
}

static void
upgrade_client_clear(struct upgrade_client *uc)
{
	free(uc->table);
	free(uc->title);
	free(uc->panes);
	proto_free_identify(&uc->ident);
}

/* Make the client a record describes; its terminal follows in pr. */
static struct client *
upgrade_client_make(struct upgrade_client *uc)
{
	struct client		*c;
	struct key_table	*kt;

	c = server_client_create(uc->fd, (uid_t)uc->uid);
	c->id = uc->id;
	c->flags = uc->flags | CLIENT_REDRAW;
	c->ident = uc->ident;
	memset(&uc->ident, 0, sizeof uc->ident);
	peer_set_max_message(c->peer, PROTO_MAX_PAYLOAD);
	server_client_set_size(c, uc->cols, uc->rows);
	c->session = uc->session;
	c->session->attached++;
	c->last_session = uc->last;
	c->activity_ns = uc->activity;
	c->created = (time_t)uc->created;
	kt = key_table_find(uc->table, 0);
	c->key_table = kt != NULL ? kt->name : "root";
	c->host_modes = uc->host_modes;
	c->host_colours = uc->host_colours;
	c->host_fg = uc->fg;
	c->host_bg = uc->bg;
	c->pan_window = uc->pan_window;
	c->pan_ox = uc->pan_ox;
	c->pan_oy = uc->pan_oy;
	c->panes = uc->panes;
	c->npanes = uc->npanes;
	uc->panes = NULL;
	c->title = uc->title;
	uc->title = NULL;
	peer_put_unread(c->peer, uc->unread, uc->nunread);
	return (c);
}

int
upgrade_client_load(struct preader *pr, uint32_t version, int dry,
    char **cause)
{
	struct upgrade_client	 uc;
	struct client		*c;
	struct session		*s;
	uint32_t		 proto, next, n, i;
	int			 adopt;

	proto = pr_u32(pr);
	next = pr_u32(pr);
	n = pr_u32(pr);
	if (pr->error || n > pr->left / 64) {
		*cause = xstrdup("bad clients");
		return (-1);
	}
	/* The old server adopted them only if this one speaks its protocol;
	 * else it told them to reconnect, and their fds were not passed. */
	adopt = proto == proto_version();
	srv->next_client_id = next;
	for (i = 0; i < n; i++) {
		if (upgrade_client_get(pr, adopt, &uc, cause) != 0) {
			upgrade_client_clear(&uc);
			return (-1);
		}
		if (uc.id >= next) {
			*cause = xasprintf("bad client %u", uc.id);
			upgrade_client_clear(&uc);
			return (-1);
		}
		if (dry || !adopt || fcntl(uc.fd, F_GETFD) == -1) {
			if (!dry && adopt)
				log_debug("client %u: fd %d lost in the exec",
				    uc.id, uc.fd);
			upgrade_client_clear(&uc);
			if (server_tty_load(NULL, pr, 1, cause) != 0 ||
			    popup_load(NULL, pr, version, 1, cause) != 0)
				return (-1);
			continue;
		}
		c = upgrade_client_make(&uc);
		upgrade_client_clear(&uc);
		if (server_tty_load(c, pr, 0, cause) != 0) {
			/* Its terminal did not come: it is told why. */
			log_debug("%s", *cause);
			client_set_exit(c, 1, "[lost tty]");
			free(*cause);
			*cause = NULL;
			if (pr->error)
				return (-1);
		}
		if (popup_load(c, pr, version, 0, cause) != 0)
			return (-1);
		log_debug("client %u adopted", c->id);
	}
	if (dry)
		return (0);
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (s->attached != 0)
			client_lock_timer(s);
	}
	client_update_sizes();
	return (0);
}
