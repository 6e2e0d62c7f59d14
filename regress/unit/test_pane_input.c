/*
 * A pane's input queue (model/pane-input.c), over a pipe standing in for
 * the pty: a paste larger than the queue's bound arrives whole, line ends
 * made the separator, and what is typed meanwhile comes after it; a paste
 * into a full queue is refused; a paste keeps its bytes when the buffer
 * they came from changes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include <cmocka.h>
#include <event2/event.h>

#include "model/paste.h"
#include "model/state.h"
#include "model/window.h"

struct pipe_pane {
	struct pane	 p;
	int		 rfd;
	char		*got;
	size_t		 len;
};

/* A pane whose pty is the write end of a pipe. */
static void
pipe_pane_open(struct pipe_pane *pp)
{
	int	fds[2];

	memset(pp, 0, sizeof *pp);
	assert_int_equal(pipe(fds), 0);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	fcntl(fds[1], F_SETFL, O_NONBLOCK);
	pp->rfd = fds[0];
	pp->p.fd = fds[1];
	pp->p.id = 7;
	pane_input_init(&pp->p);
	pp->p.rev = event_new(srv->base, fds[0], EV_READ, NULL, NULL);
	pp->p.wev = event_new(srv->base, fds[1], EV_WRITE|EV_PERSIST,
	    pane_input_write_cb, &pp->p);
}

static void
pipe_pane_close(struct pipe_pane *pp)
{
	pane_input_free(&pp->p);
	event_free(pp->p.rev);
	event_free(pp->p.wev);
	close(pp->p.fd);
	close(pp->rfd);
	free(pp->got);
}

/* The program reads: take what the pipe holds, let the queue write more,
 * until want bytes have come. */
static void
pipe_pane_read(struct pipe_pane *pp, size_t want)
{
	char	buf[65536];
	ssize_t	n;

	while (pp->len < want) {
		event_base_loop(srv->base, EVLOOP_NONBLOCK);
		n = read(pp->rfd, buf, sizeof buf);
		if (n <= 0) {
			/* Nothing came: only while something is queued. */
			assert_true(pane_input_queued(&pp->p) != 0);
			continue;
		}
		pp->got = realloc(pp->got, pp->len + n);
		memcpy(pp->got + pp->len, buf, n);
		pp->len += n;
	}
}

static int
setup(void **state)
{
	srv = calloc(1, sizeof *srv);
	TAILQ_INIT(&srv->buffers);
	srv->base = event_base_new();
	event_base_priority_init(srv->base, PANE_PRIORITIES);
	return (0);
}

static int
teardown(void **state)
{
	event_base_free(srv->base);
	free(srv);
	srv = NULL;
	return (0);
}

static void
test_paste_whole_and_in_order(void **state)
{
	struct pipe_pane	 pp;
	size_t			 n = 3 * PANE_INPUT_MAX, i;
	char			*data = malloc(n), *want = malloc(n + 2);

	for (i = 0; i < n; i++)
		data[i] = (i % 100 == 99) ? '\n' : 'a' + i % 26;
	memcpy(want, data, n);
	for (i = 0; i < n; i++)
		if (want[i] == '\n')
			want[i] = '\r';
	memcpy(want + n, "K!", 2);

	pipe_pane_open(&pp);
	pane_write(&pp.p, "K", 1);
	pane_paste(&pp.p, paste_blob_new(data, n), "\r", 0);
	/* Typed after the paste: it waits behind it. */
	pane_write(&pp.p, "!", 1);
	assert_true(pane_input_full(&pp.p));
	/* A full queue takes no more pastes. */
	assert_int_equal(pane_paste(&pp.p, paste_blob_new("x", 1), NULL, 0),
	    -1);
	pipe_pane_read(&pp, n + 2);
	assert_int_equal(pp.len, n + 2);
	assert_int_equal(pp.got[0], 'K');
	assert_memory_equal(pp.got + 1, want, n);
	assert_int_equal(pp.got[n + 1], '!');
	assert_int_equal(pane_input_queued(&pp.p), 0);
	assert_false(pane_input_full(&pp.p));
	pipe_pane_close(&pp);
	free(data);
	free(want);
}

static void
test_paste_keeps_its_bytes(void **state)
{
	struct pipe_pane	 pp;
	struct paste_buffer	*pb;
	size_t			 n = 2 * PANE_INPUT_MAX;
	char			*data = malloc(n);

	memset(data, 'z', n);
	paste_set("b", data, n);
	pb = paste_find("b");
	pipe_pane_open(&pp);
	assert_int_equal(pane_paste(&pp.p, paste_hold(pb), NULL, 0), 0);
	/* The buffer grows and then goes while the paste is on its way. */
	paste_append("b", "tail", 4);
	paste_free(paste_find("b"));
	pipe_pane_read(&pp, n);
	assert_int_equal(pp.len, n);
	assert_memory_equal(pp.got, data, n);
	pipe_pane_close(&pp);
	free(data);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_paste_whole_and_in_order,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_paste_keeps_its_bytes,
		    setup, teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
