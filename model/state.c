/*
 * The one server context and the server's clock.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "common/xmalloc.h"
#include "model/client.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/session.h"

struct server	*srv;

uint64_t
server_now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec);
}

void
server_turn_over(void)
{
	if (srv->base != NULL)
		event_base_loopbreak(srv->base);
}

void
server_timer_ns(struct event *ev, uint64_t ns)
{
	struct timeval	tv;

	ns += 999;	/* a timeval is in microseconds: round up */
	tv.tv_sec = ns / 1000000000ULL;
	tv.tv_usec = (ns % 1000000000ULL) / 1000;
	evtimer_add(ev, &tv);
}

void
server_status_changed(void)
{
	srv->status_gen++;
	srv->dirty = 1;
	pane_mode_redraw_all();	/* the mode trees list the same things */
}

void
server_exit(void)
{
	if (srv->exiting)
		return;
	srv->exiting = 1;
	srv->dirty = 1;
	/* Gone from the file system at once: nobody new connects, and a
	 * kill-server that returned leaves no socket behind. */
	unlink(srv->socket_path);
}

void
server_kill(void)
{
	struct client	*c;
	struct session	*s;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != NULL)
			client_set_exit(c, 0, "[server exited]");
	}
	while ((s = TAILQ_FIRST(&srv->sessions)) != NULL)
		session_destroy(s);
	server_exit();
}

static int
server_message_limit(void)
{
	return (options_get_number(srv->options, "message-limit"));
}

void
server_trim_messages(int limit)
{
	struct message_entry	*me;

	while ((limit < 0 || srv->nmessages > (unsigned int)limit) &&
	    (me = TAILQ_FIRST(&srv->messages)) != NULL) {
		TAILQ_REMOVE(&srv->messages, me, entry);
		free(me->msg);
		free(me);
		srv->nmessages--;
	}
}

void
server_add_message(const char *fmt, ...)
{
	struct message_entry	*me;
	va_list			 ap;

	me = xcalloc(1, sizeof *me);
	me->time = time(NULL);
	va_start(ap, fmt);
	me->msg = xvasprintf(fmt, ap);
	va_end(ap);
	TAILQ_INSERT_TAIL(&srv->messages, me, entry);
	srv->nmessages++;
	server_trim_messages(server_message_limit());
}

struct server_acl *
server_acl_find(uid_t uid)
{
	unsigned int	i;

	for (i = 0; i < srv->nacl; i++) {
		if (srv->acl[i].uid == uid)
			return (&srv->acl[i]);
	}
	return (NULL);
}
