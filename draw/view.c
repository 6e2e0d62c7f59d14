/*
 * Command output in view mode (see view.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"

#include "model/client.h"
#include "copy/copy.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "model/session.h"
#include "draw/view.h"
#include "model/window.h"

/* The pane a session shows: its current window's active pane. */
static struct pane *
view_session_pane(struct session *s)
{
	if (s == NULL || s->curw == NULL || s->curw->window == NULL)
		return (NULL);
	return (s->curw->window->active);
}

void
view_pane_output(struct pane *p, const char *text, size_t len)
{
	copy_view_add(copy_view_enter(p), text, len);
}

int
view_client_output(struct client *c, const char *text, size_t len)
{
	struct pane	*p = view_session_pane(c->session);

	if (p == NULL)
		return (0);
	view_pane_output(p, text, len);
	return (1);
}

void
view_client_errors(struct client *c, const char *text, size_t len)
{
	char	*copy;

	if (len == 0)
		return;
	copy = xmalloc(len);
	memcpy(copy, text, len);
	copy[0] = toupper((unsigned char)copy[0]);
	message_set_lines(c, copy, len, "error");
	free(copy);
}

int
view_config_errors(struct session *s)
{
	struct pane	*p = view_session_pane(s);

	if (srv->config_errors == NULL || !srv->cfg_done || p == NULL)
		return (0);
	copy_view_add(copy_view_enter(p), srv->config_errors,
	    strlen(srv->config_errors));
	free(srv->config_errors);
	srv->config_errors = NULL;
	return (1);
}
