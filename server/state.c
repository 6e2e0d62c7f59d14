/*
 * The one server context and the server's clock.
 */
#include <time.h>
#include <unistd.h>

#include "server/client.h"
#include "server/server.h"
#include "server/session.h"

struct server	*srv;

uint64_t
server_now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec);
}

void
server_status_changed(void)
{
	srv->status_gen++;
	srv->dirty = 1;
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
