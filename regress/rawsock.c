/*
 * rawsock: speak raw bytes to a mux server, for protocol robustness tests.
 *
 *	rawsock SOCKET HEX
 *
 * Connects, writes the bytes HEX spells (spaces ignored), shuts down the
 * writing side, then prints each message the server sends back, one line
 * each: the type name, and for ERROR/OUTPUT the text, for EXIT the status
 * and message. Exits 0 when the server closed the connection, 1 if it
 * neither answered nor closed within 5 seconds.
 *
 *	rawsock -n COUNT [-z BYTES] [-w | -H] SOCKET HEX
 *
 * Opens COUNT connections at once and writes the bytes HEX spells, then
 * BYTES more filler bytes, to each (as far as the server takes them),
 * never ending the writing side: connections that stall. Without -w it
 * then closes them all and exits 0; with -H it first waits for end of
 * file on its standard input. With -w it waits (at most 30 seconds)
 * for the server to close every one, prints "closed N" and exits 0 if the
 * server closed them all, else 1.
 */
#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/proto.h"

/* Connect to path, or -1. */
static int
rawsock_connect(const char *path)
{
	struct sockaddr_un	sa;
	int			fd;

	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM, 0)) == -1)
		return (-1);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == -1) {
		close(fd);
		return (-1);
	}
	return (fd);
}

/* Write what the socket takes now of buf; returns 0, -1 if it is gone. */
static int
rawsock_push(int fd, const unsigned char *buf, size_t len, size_t *done)
{
	ssize_t	r;

	while (*done < len) {
		r = send(fd, buf + *done, len - *done, MSG_NOSIGNAL|MSG_DONTWAIT);
		if (r == -1 && (errno == EAGAIN || errno == EINTR))
			return (0);
		if (r <= 0)
			return (-1);
		*done += r;
	}
	return (0);
}

/* The -n mode: COUNT stalled connections (see the top). */
static int
rawsock_many(const char *path, const unsigned char *hdr, size_t hlen,
    size_t filler, int count, int wait)
{
	struct pollfd	*pfd = calloc(count, sizeof *pfd);
	size_t		*done = calloc(count, sizeof *done), len = hlen + filler;
	unsigned char	*buf = malloc(len + 1), junk[4096];
	int		 i, open, closed = 0, waited = 0;

	memcpy(buf, hdr, hlen);
	memset(buf + hlen, 'x', filler);
	for (i = 0; i < count; i++) {
		if ((pfd[i].fd = rawsock_connect(path)) == -1) {
			perror("rawsock: connect");
			return (2);
		}
		pfd[i].events = POLLIN;
		if (rawsock_push(pfd[i].fd, buf, len, &done[i]) == -1) {
			close(pfd[i].fd);
			pfd[i].fd = -1;
			closed++;
		}
	}
	if (wait != 1) {
		while (wait == 2 && read(0, junk, sizeof junk) > 0)
			/* hold them until standard input ends */;
		for (i = 0; i < count; i++)
			if (pfd[i].fd != -1)
				close(pfd[i].fd);
		closed = count;
	}
	/* Keep writing what is left, and count the connections the server
	 * closes (end of file or an error), for at most 30 seconds. */
	while (wait == 1 && closed < count && waited < 300) {
		for (i = 0; i < count; i++) {
			pfd[i].events = POLLIN;
			if (pfd[i].fd != -1 && done[i] < len)
				pfd[i].events |= POLLOUT;
		}
		if (poll(pfd, count, 100) == 0) {
			waited++;
			continue;
		}
		for (i = 0; i < count; i++) {
			if (pfd[i].fd == -1 || pfd[i].revents == 0)
				continue;
			open = 1;
			if (pfd[i].revents & POLLOUT)
				open = rawsock_push(pfd[i].fd, buf, len,
				    &done[i]) == 0;
			if (open && (pfd[i].revents & (POLLIN|POLLHUP|POLLERR)))
				open = read(pfd[i].fd, junk, sizeof junk) > 0;
			if (!open) {
				close(pfd[i].fd);
				pfd[i].fd = -1;
				closed++;
			}
		}
	}
	if (wait == 1)
		printf("closed %d\n", closed);
	for (i = 0; i < count; i++)
		if (pfd[i].fd != -1)
			close(pfd[i].fd);
	free(pfd);
	free(done);
	free(buf);
	return (closed == count ? 0 : 1);
}

int
main(int argc, char **argv)
{
	struct sockaddr_un	 sa;
	struct preader		 pr;
	struct pollfd		 pfd;
	unsigned char		*out, buf[1 << 16];
	size_t			 n = 0, got = 0, off;
	uint32_t		 type, len;
	const char		*p;
	char			*s;
	ssize_t			 r;
	int			 fd;

	int			 count = 0, wait = 0, ch;
	size_t			 filler = 0;

	while ((ch = getopt(argc, argv, "Hn:wz:")) != -1) {
		switch (ch) {
		case 'n':
			count = atoi(optarg);
			break;
		case 'w':
			wait = 1;
			break;
		case 'H':
			wait = 2;
			break;
		case 'z':
			filler = strtoul(optarg, NULL, 10);
			break;
		default:
			return (2);
		}
	}
	argc -= optind - 1;
	argv += optind - 1;
	if (argc != 3 || (count <= 0 && (wait || filler != 0))) {
		fprintf(stderr, "usage: rawsock [-n count [-z bytes] [-w|-H]] "
		    "socket hex\n");
		return (2);
	}
	out = malloc(strlen(argv[2]) / 2 + 1);
	for (p = argv[2]; *p != '\0';) {
		if (*p == ' ') {
			p++;
			continue;
		}
		if (sscanf(p, "%2hhx", &out[n]) != 1) {
			fprintf(stderr, "rawsock: bad hex\n");
			return (2);
		}
		n++;
		p += 2;
	}
	if (count > 0) {
		ch = rawsock_many(argv[1], out, n, filler, count, wait);
		free(out);
		return (ch);
	}
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", argv[1]);
	if ((fd = socket(AF_UNIX, SOCK_STREAM, 0)) == -1 ||
	    connect(fd, (struct sockaddr *)&sa, sizeof sa) == -1) {
		perror("rawsock: connect");
		return (2);
	}
	if (n > 0 && write(fd, out, n) != (ssize_t)n) {
		perror("rawsock: write");
		return (2);
	}
	shutdown(fd, SHUT_WR);
	pfd.fd = fd;
	pfd.events = POLLIN;
	for (;;) {
		if (poll(&pfd, 1, 5000) <= 0) {
			printf("TIMEOUT\n");
			return (1);
		}
		r = read(fd, buf + got, sizeof buf - got);
		if (r <= 0)
			break;
		got += r;
	}
	for (off = 0; off + PROTO_HEADER_SIZE <= got; off += len) {
		if (proto_header(buf + off, &type, &len) != 0)
			break;
		off += PROTO_HEADER_SIZE;
		if (off + len > got)
			break;
		printf("%s", proto_type_name(type));
		pr_init(&pr, buf + off, len);
		if (type == MSG_EXIT) {
			printf(" %d", (int)pr_u32(&pr));
			s = pr_str(&pr);
			printf(" %s", s != NULL ? s : "(bad)");
			free(s);
		} else if (type == MSG_VERSION) {
			printf(" %u", pr_u32(&pr));
			printf(" %u", pr_u8(&pr));
		} else if (type == MSG_ERROR || type == MSG_OUTPUT)
			printf(" %.*s", (int)strcspn((char *)buf + off, "\n") <
			    (int)len ? (int)strcspn((char *)buf + off, "\n") :
			    (int)len, buf + off);
		printf("\n");
	}
	free(out);
	return (0);
}
