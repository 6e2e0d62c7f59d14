/*
 * emulator: the parser and grid alone, in memory, no I/O: the same
 * workload bytes fed in 64 KiB pieces (what a server reads from a pty at a
 * time) to mux's grid (grid/vt.h: libvterm's state layer and mux's pointer
 * grid with a 10,000-line history) and, as a reference, to libvterm's own
 * screen layer (which keeps no history).
 *
 * Each terminal is reused from one iteration to the next, so mux's history
 * is full and every new line pushes an old one out: the steady state of a
 * pane that has been open a while. The first iteration is warm-up.
 *
 * Before timing, both are fed the workload from fresh and must end on the
 * same screen (text and cursor); a difference prints both screens and is
 * reported, and the timing goes on (so the figure is still there, marked).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vterm.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#ifndef BENCH_NO_GRID
#include "common/utf8.h"
#include "grid/vt.h"
#endif

#define EMU_PIECE	65536
#define EMU_HISTORY	10000
#define MIB		(1024.0 * 1024.0)

/* A screen as rows of UTF-8 text plus the cursor. */
struct emu_screen {
	char		**rows;
	unsigned int	  nrows;
	int		  cx, cy;
};

/*
 * The length of the next piece: at most EMU_PIECE, cut before a UTF-8
 * continuation byte. libvterm 0.1.4 turns a character split across two
 * writes into U+FFFD, so an uncut piece would make the reference wrong; a
 * server reading a pty can get the same split, but that is libvterm's bug
 * to fix, not a difference between the two terminals measured here.
 */
static size_t
emu_piece(const char *p, size_t len)
{
	size_t	n = len > EMU_PIECE ? EMU_PIECE : len;

	while (n < len && n > EMU_PIECE - 4 && (p[n] & 0xc0) == 0x80)
		n--;
	return (n);
}

#ifndef BENCH_NO_GRID
/* Free a screen. */
static void
emu_screen_free(struct emu_screen *s)
{
	unsigned int	i;

	for (i = 0; i < s->nrows; i++)
		free(s->rows[i]);
	free(s->rows);
	memset(s, 0, sizeof *s);
}

/* Trim trailing blanks and keep the row. */
static char *
emu_row_done(struct buf *b)
{
	while (b->len > 0 && b->p[b->len - 1] == ' ')
		b->len--;
	buf_add(b, "", 0);
	return (xstrdup(b->p));
}
#endif

/* libvterm's screen layer, the reference. */
struct emu_ref {
	VTerm		*vt;
	VTermScreen	*screen;
};

/* A fresh libvterm screen of the bench size. */
static void
emu_ref_new(struct emu_ref *r)
{
	r->vt = vterm_new(opt.rows, opt.cols);
	vterm_set_utf8(r->vt, 1);
	r->screen = vterm_obtain_screen(r->vt);
	vterm_screen_set_damage_merge(r->screen, VTERM_DAMAGE_SCROLL);
	vterm_screen_enable_altscreen(r->screen, 1);
	vterm_screen_reset(r->screen, 1);
}

/* Feed libvterm in pieces. */
static void
emu_ref_write(struct emu_ref *r, const char *p, size_t len)
{
	size_t	n;

	while (len > 0) {
		n = emu_piece(p, len);
		vterm_input_write(r->vt, p, n);
		p += n;
		len -= n;
	}
	vterm_screen_flush_damage(r->screen);
}

#ifndef BENCH_NO_GRID
/* libvterm's screen as text. */
static void
emu_ref_screen(struct emu_ref *r, struct emu_screen *s)
{
	VTermScreenCell	 cell;
	VTermPos	 pos;
	struct buf	 b = { 0 };
	char		 u[UTF8_MAX_BYTES];
	int		 i;

	s->nrows = opt.rows;
	s->rows = xcalloc(s->nrows, sizeof *s->rows);
	for (pos.row = 0; pos.row < (int)opt.rows; pos.row++) {
		b.len = 0;
		for (pos.col = 0; pos.col < (int)opt.cols; pos.col++) {
			if (!vterm_screen_get_cell(r->screen, pos, &cell))
				continue;
			if (cell.chars[0] == (uint32_t)-1)
				continue;	/* right half of a wide char */
			if (cell.chars[0] == 0) {
				buf_add(&b, " ", 1);
				continue;
			}
			for (i = 0; i < VTERM_MAX_CHARS_PER_CELL &&
			    cell.chars[i] != 0; i++)
				buf_add(&b, u, utf8_char_to_utf8(cell.chars[i], u));
		}
		s->rows[pos.row] = emu_row_done(&b);
	}
	vterm_state_get_cursorpos(vterm_obtain_state(r->vt), &pos);
	s->cx = pos.col;
	s->cy = pos.row;
	buf_free(&b);
}

/* Replies of mux's grid (to queries) go nowhere: there is no pty. */
static void
emu_output(const char *buf, size_t len, void *arg)
{
}

static const struct vt_callbacks emu_callbacks = { .output = emu_output };

/* A fresh mux grid of the bench size with a full history limit. */
static struct vt *
emu_mux_new(void)
{
	return (vt_create(opt.cols, opt.rows, EMU_HISTORY, &emu_callbacks,
	    NULL));
}

/* Feed mux's grid in pieces. */
static void
emu_mux_write(struct vt *vt, const char *p, size_t len)
{
	size_t	n;

	while (len > 0) {
		n = emu_piece(p, len);
		vt_write(vt, p, n);
		p += n;
		len -= n;
	}
}

/* mux's screen as text. */
static void
emu_mux_screen(struct vt *vt, struct emu_screen *s)
{
	const struct grid_line	*line;
	struct vt_cursor	 cur;
	struct buf		 b = { 0 };
	char			 u[UTF8_MAX_BYTES];
	unsigned int		 x, y;

	s->nrows = opt.rows;
	s->rows = xcalloc(s->nrows, sizeof *s->rows);
	for (y = 0; y < opt.rows; y++) {
		b.len = 0;
		line = vt_line(vt, y);
		for (x = 0; line != NULL && x < opt.cols; x++) {
			if (line->cells[x].width == 0)
				continue;	/* right half of a wide char */
			buf_add(&b, u, utf8_char_to_utf8(line->cells[x].ch, u));
		}
		s->rows[y] = emu_row_done(&b);
	}
	vt_cursor(vt, &cur);
	s->cx = cur.x;
	s->cy = cur.y;
	buf_free(&b);
}

/* Print both screens when they differ; returns 1 if they do. */
static int
emu_compare(const char *w, struct emu_screen *a, struct emu_screen *b)
{
	unsigned int	y, diff = 0;

	for (y = 0; y < a->nrows; y++) {
		if (strcmp(a->rows[y], b->rows[y]) != 0)
			diff++;
	}
	if (diff == 0 && a->cx == b->cx && a->cy == b->cy)
		return (0);
	printf("emulator %s: the screens differ (%u rows; cursor mux-grid "
	    "%d,%d libvterm %d,%d). Rows marked * differ:\n", w, diff,
	    a->cy, a->cx, b->cy, b->cx);
	printf("-- mux-grid --\n");
	for (y = 0; y < a->nrows; y++)
		printf("%c|%s\n", strcmp(a->rows[y], b->rows[y]) ? '*' : ' ',
		    a->rows[y]);
	printf("-- libvterm --\n");
	for (y = 0; y < b->nrows; y++)
		printf("%c|%s\n", strcmp(a->rows[y], b->rows[y]) ? '*' : ' ',
		    b->rows[y]);
	return (1);
}
#endif

/* Summarise and print one emulator row. */
static void
emu_row(const char *metric, const char *mode, struct samples *s,
    const char *mark)
{
	struct result	*r;
	double		 spread;

	r = report_add(metric, mode, "MiB/s", BETTER_HIGHER, s);
	spread = r->p50 > 0 ? (r->p90 - r->p10) / 2 / r->p50 * 100 : 0;
	printf("%-16s %-9s %6zu %10.1f %8.1f %s\n", metric, mode, r->count,
	    r->p50, spread, mark);
	fflush(stdout);
}

/* emulator [WORKLOAD...]: parser and grid alone, mux against libvterm. */
int
emulator_main(int argc, char **argv)
{
	struct buf	 data = { 0 };
	struct emu_ref	 ref;
	struct samples	 smux, sref;
	char		 metric[64];
	uint64_t	 t0, t1;
	double		 mib = opt.mib > 0 ? opt.mib : 8;
	int		 want[WORKLOAD_COUNT], any = 0, w, i, runs, differ;
#ifndef BENCH_NO_GRID
	struct emu_screen sa, sb;
	struct vt	*vt;
#endif

	memset(want, 0, sizeof want);
	for (i = 0; i < argc; i++) {
		if ((w = workload_index(argv[i])) == -1)
			bench_fail("emulator: unknown workload: %s", argv[i]);
		want[w] = any = 1;
	}
	for (w = 0; w < WORKLOAD_COUNT && !any; w++)
		want[w] = 1;
	runs = opt.runs > 0 ? opt.runs : 5;
#ifdef BENCH_NO_GRID
	bench_note("emulator: this mux-bench was built without mux's grid "
	    "(BENCH_NO_GRID); only libvterm is measured");
#endif

	printf("%-16s %-9s %6s %10s %8s\n", "metric", "mode", "count",
	    "MiB/s", "spread%");
	for (w = 0; w < WORKLOAD_COUNT; w++) {
		if (!want[w])
			continue;
		workload_make(w, opt.cols, opt.rows, (size_t)(mib * MIB),
		    &data);
		snprintf(metric, sizeof metric, "emu-%s", workload_names[w]);
		memset(&smux, 0, sizeof smux);
		memset(&sref, 0, sizeof sref);
		differ = 0;

		emu_ref_new(&ref);
#ifndef BENCH_NO_GRID
		/* The same screen first, from fresh terminals. */
		vt = emu_mux_new();
		emu_mux_write(vt, data.p, data.len);
		emu_ref_write(&ref, data.p, data.len);
		emu_mux_screen(vt, &sa);
		emu_ref_screen(&ref, &sb);
		differ = emu_compare(workload_names[w], &sa, &sb);
		emu_screen_free(&sa);
		emu_screen_free(&sb);
		if (differ)
			bench_note("emulator %s: mux's grid and libvterm end "
			    "on different screens (printed above)",
			    workload_names[w]);
#else
		emu_ref_write(&ref, data.p, data.len);
#endif
		for (i = -1; i < runs; i++) {
#ifndef BENCH_NO_GRID
			t0 = now_ns();
			emu_mux_write(vt, data.p, data.len);
			t1 = now_ns();
			if (i >= 0) {
				samples_add(&smux, data.len / MIB /
				    ((t1 - t0) / 1e9));
				report_raw(metric, "mux-grid", i, 0,
				    smux.v[smux.n - 1], "MiB/s");
			}
#endif
			t0 = now_ns();
			emu_ref_write(&ref, data.p, data.len);
			t1 = now_ns();
			if (i >= 0) {
				samples_add(&sref, data.len / MIB /
				    ((t1 - t0) / 1e9));
				report_raw(metric, "libvterm", i, 0,
				    sref.v[sref.n - 1], "MiB/s");
			}
		}
#ifndef BENCH_NO_GRID
		vt_free(vt);
		emu_row(metric, "mux-grid", &smux,
		    differ ? "(screens differ)" : "");
#endif
		vterm_free(ref.vt);
		emu_row(metric, "libvterm", &sref, "");
		(void)differ;
		samples_free(&smux);
		samples_free(&sref);
	}
	buf_free(&data);
	return (0);
}
