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
 */
#include <sys/socket.h>
#include <sys/un.h>

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/proto.h"

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

	if (argc != 3) {
		fprintf(stderr, "usage: rawsock socket hex\n");
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
		} else if (type == MSG_ERROR || type == MSG_OUTPUT)
			printf(" %.*s", (int)strcspn((char *)buf + off, "\n") <
			    (int)len ? (int)strcspn((char *)buf + off, "\n") :
			    (int)len, buf + off);
		printf("\n");
	}
	free(out);
	return (0);
}
