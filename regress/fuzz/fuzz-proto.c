/*
 * fuzz-proto: the wire protocol decoder (common/proto.c) on any bytes, as
 * a peer might send them: a stream of headers and payloads, each payload
 * read as every message type the server and client decode with it
 * (identify, command) and as a walk of the primitive readers.
 */
#include <stdlib.h>
#include <string.h>

#include "common/proto.h"
#include "regress/fuzz/fuzz.h"

/* Read a payload as a sequence of fields chosen by its own bytes. */
static void
fuzz_walk(const uint8_t *data, size_t size)
{
	struct preader	 pr;
	char		*s;
	uint8_t		 op;

	pr_init(&pr, data, size);
	while (!pr.error && pr.left > 0) {
		op = pr_u8(&pr);
		switch (op % 5) {
		case 0:
			(void)pr_u16(&pr);
			break;
		case 1:
			(void)pr_u32(&pr);
			break;
		case 2:
			s = pr_str(&pr);
			free(s);
			break;
		case 3:
			(void)pr_bytes(&pr, op / 5);
			break;
		default:
			(void)pr_u8(&pr);
			break;
		}
	}
}

/* One payload, decoded every way. */
static void
fuzz_payload(const uint8_t *data, size_t size)
{
	struct preader		 pr;
	struct msg_identify	 id;
	struct msg_mouse	 mm;
	struct msg_frame	 mf;
	struct msg_frame_run	 run;
	struct msg_cell		 mc;
	const char		*cause;
	char			**argv;
	uint32_t		 key;
	unsigned int		 i;
	int			 argc, in;

	pr_init(&pr, data, size);
	memset(&id, 0, sizeof id);
	if (proto_read_identify(&pr, &id, &cause) == 0)
		proto_free_identify(&id);
	pr_init(&pr, data, size);
	if ((argv = proto_read_command(&pr, &argc)) != NULL)
		proto_free_argv(argv);
	pr_init(&pr, data, size);
	(void)proto_read_key(&pr, &key);
	pr_init(&pr, data, size);
	(void)proto_read_focus(&pr, &in);
	pr_init(&pr, data, size);
	(void)proto_read_mouse(&pr, &mm);
	pr_init(&pr, data, size);
	if (proto_read_frame(&pr, &mf, &cause) == 0) {
		while (proto_read_frame_run(&pr, &mf, &run, &cause) == 1) {
			for (i = 0; i < run.n; i++) {
				if (proto_read_frame_cell(&pr, &mc, &cause) != 0)
					break;
			}
			if (i != run.n)
				break;
		}
	}
	fuzz_walk(data, size);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t	type, len;

	while (size >= PROTO_HEADER_SIZE) {
		if (proto_header(data, &type, &len) != 0)
			return (0);
		(void)proto_type_name(type);
		data += PROTO_HEADER_SIZE;
		size -= PROTO_HEADER_SIZE;
		if (len > size)
			len = size;	/* what arrived before the peer went */
		fuzz_payload(data, len);
		data += len;
		size -= len;
	}
	return (0);
}
