/*
 * vt-screen: feed stdin to a pane terminal (grid/vt.c) of COLS x ROWS and
 * print what it shows: one line per row, trailing blanks trimmed, then
 * "cursor X Y". The mux side of the differential check (vt-diff.py).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "grid/vt.h"

static const struct vt_callbacks vt_screen_callbacks = { 0 };

int
main(int argc, char **argv)
{
	struct vt		*vt;
	struct vt_cursor	 cur;
	const struct grid_line	*gl;
	static char		 buf[65536], line[65536];
	size_t			 n, len;
	unsigned int		 cols, rows, x, y;

	if (argc != 3 || (cols = atoi(argv[1])) == 0 ||
	    (rows = atoi(argv[2])) == 0 || cols > 1000 || rows > 1000) {
		fprintf(stderr, "usage: vt-screen cols rows < bytes\n");
		return (1);
	}
	vt = vt_create(cols, rows, 100, &vt_screen_callbacks, NULL);
	while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
		vt_write(vt, buf, n);
	for (y = 0; y < rows; y++) {
		gl = vt_line(vt, y);
		len = 0;
		for (x = 0; x < cols; x++) {
			if (gl->cells[x].width == 0)
				continue;
			len += utf8_char_to_utf8(gl->cells[x].ch, line + len);
		}
		while (len > 0 && line[len - 1] == ' ')
			len--;
		printf("%.*s\n", (int)len, line);
	}
	vt_cursor(vt, &cur);
	printf("cursor %u %u\n", cur.x, cur.y);
	vt_free(vt);
	return (0);
}
