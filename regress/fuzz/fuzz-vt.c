/*
 * fuzz-vt: a pane's byte stream: the scanner, libvterm and the grid and
 * history (grid/vt*.c), as a program's output reaches them: in writes of
 * sizes chosen by the input, with resizes in between, then everything a
 * client or capture-pane reads (lines, the hidden primary screen,
 * history, cursor, title, what is pending), and keys sent back.
 */
#include <stdlib.h>
#include <string.h>

#include "common/key.h"
#include "grid/vt.h"
#include "regress/fuzz/fuzz.h"

static volatile size_t	fuzz_sink;

static void
fuzz_output(const char *buf, size_t len, void *arg)
{
	fuzz_sink += len > 0 ? (unsigned char)buf[len - 1] : 0;
}

static void
fuzz_title(const char *title, void *arg)
{
	fuzz_sink += strlen(title);
}

static void
fuzz_bell(void *arg)
{
	fuzz_sink++;
}

static void
fuzz_clipboard(const char *sel, const char *b64, size_t len, void *arg)
{
	fuzz_sink += strlen(sel) + len;
}

static const struct vt_callbacks fuzz_cb = {
	.output = fuzz_output,
	.title = fuzz_title,
	.bell = fuzz_bell,
	.clipboard = fuzz_clipboard,
};

/* Read every cell of a line. */
static void
fuzz_read_line(const struct vt *vt, const struct grid_line *gl)
{
	struct cell	cells[256];
	unsigned int	x, n = vt_cols(vt);

	if (gl == NULL)
		return;
	if (n > 256)
		n = 256;
	memcpy(cells, gl->cells, n * sizeof *cells);
	vt_render_cells(vt, cells, n);
	for (x = 0; x < n; x++)
		fuzz_sink += cells[x].ch + cells[x].width;
}

/* What a client and capture-pane read. */
static void
fuzz_read(struct vt *vt)
{
	struct history	*h = vt_history(vt);
	struct vt_cursor cur;
	struct cell	 cells[256];
	unsigned int	 y, i, n;
	char		*pending;
	size_t		 len;

	for (y = 0; y < vt_rows(vt); y++) {
		fuzz_read_line(vt, vt_line(vt, y));
		fuzz_read_line(vt, vt_saved_line(vt, y));
	}
	n = history_size(h);
	for (i = 0; i < n; i++)
		fuzz_sink += history_get(h, i, cells, 256, NULL);
	vt_cursor(vt, &cur);
	fuzz_sink += cur.x + cur.y + strlen(vt_title(vt));
	pending = vt_pending(vt, &len);
	free(pending);
	vt_clean(vt);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vt	*vt;
	unsigned int	 cols, rows, step = 0;
	size_t		 n;
	uint8_t		 ctl;

	if (size < 3)
		return (0);
	cols = 1 + data[0] % 100;
	rows = 1 + data[1] % 40;
	ctl = data[2];
	data += 3;
	size -= 3;
	vt = vt_create(cols, rows, 50, &fuzz_cb, NULL);
	while (size > 0) {
		n = 1 + (size_t)(ctl & 0x3f) * 7;
		if (n > size)
			n = size;
		vt_write(vt, (const char *)data, n);
		data += n;
		size -= n;
		if ((ctl & 0xc0) == 0xc0 && size > 0) {
			/* Resize to sizes taken from the next bytes. */
			vt_resize(vt, 1 + data[0] % 100, 1 + data[0] / 3 % 40);
			fuzz_read(vt);
		}
		ctl = (uint8_t)(ctl * 37 + 11 + step++);
	}
	fuzz_read(vt);
	vt_send_key(vt, KEYC_UP);
	vt_send_key(vt, 'a' | KEYC_CTRL);
	vt_send_paste(vt, "x", 1);
	vt_send_focus(vt, 1);
	(void)vt_send_mouse(vt, 0, 0, 0, 1, 0, 0);
	vt_free(vt);
	return (0);
}
