/*
 * fuzz-input: the terminal input decoder (tty/input.c) on any bytes a
 * host terminal might send, fed in pieces whose sizes come from the input,
 * with the escape timer firing and reply mode switching in between, as
 * the server drives it. Every event's fields are read.
 */
#include <stdlib.h>

#include "tty/input.h"
#include "regress/fuzz/fuzz.h"

static volatile size_t	fuzz_sink;

/* Touch what an event carries. */
static void
fuzz_emit(const struct input_event *ev, void *arg)
{
	size_t	i, sum = ev->type + ev->key + ev->x + ev->y + ev->button;

	for (i = 0; ev->type == INPUT_PASTE && i < ev->len; i++)
		sum += (unsigned char)ev->data[i];
	fuzz_sink += sum;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input	*in;
	size_t		 n;
	uint8_t		 ctl;

	if (size == 0)
		return (0);
	in = input_create();
	/* The first byte: how the rest is cut and what happens between. */
	ctl = *data++;
	size--;
	while (size > 0) {
		n = 1 + (ctl & 0x0f) * 3;
		if (n > size)
			n = size;
		if (input_parse(in, (const char *)data, n, fuzz_emit,
		    NULL) && (ctl & 0x10))
			input_flush(in, fuzz_emit, NULL);
		if (ctl & 0x20) {
			input_expect_replies(in, (ctl & 0x40) != 0);
			input_parse(in, NULL, 0, fuzz_emit, NULL);
		}
		data += n;
		size -= n;
		ctl = (uint8_t)(ctl * 37 + 11);
	}
	input_expect_replies(in, 0);
	input_parse(in, NULL, 0, fuzz_emit, NULL);
	input_flush(in, fuzz_emit, NULL);
	input_free(in);
	return (0);
}
