/*
 * Packing and unpacking of protocol messages (see proto.h). Writers grow a
 * pbuf; readers never read past the payload and report one error flag.
 */
#include <stdlib.h>
#include <string.h>

#include "common/proto.h"
#include "common/link.h"
#include "common/xmalloc.h"

/* Most strings and arrays in a message; anything larger is malformed. */
#define PROTO_MAX_ITEMS	65536

void
pbuf_init(struct pbuf *pb)
{
	pb->data = NULL;
	pb->len = pb->size = 0;
}

void
pbuf_free(struct pbuf *pb)
{
	free(pb->data);
	pbuf_init(pb);
}

void
pbuf_reset(struct pbuf *pb)
{
	pb->len = 0;
}

uint8_t *
pbuf_add(struct pbuf *pb, size_t n)
{
	uint8_t	*p;

	if (pb->len + n > pb->size) {
		size_t	size = pb->size == 0 ? 256 : pb->size;

		while (size < pb->len + n)
			size *= 2;
		pb->data = xreallocarray(pb->data, 1, size);
		pb->size = size;
	}
	p = pb->data + pb->len;
	pb->len += n;
	return (p);
}

void
pw_u8(struct pbuf *pb, uint8_t v)
{
	*pbuf_add(pb, 1) = v;
}

void
pw_u16(struct pbuf *pb, uint16_t v)
{
	uint8_t	*p = pbuf_add(pb, 2);

	p[0] = v & 0xff;
	p[1] = v >> 8;
}

/* Store v little-endian at p. */
static void
put_u32(uint8_t *p, uint32_t v)
{
	p[0] = v & 0xff;
	p[1] = (v >> 8) & 0xff;
	p[2] = (v >> 16) & 0xff;
	p[3] = v >> 24;
}

/* Load a little-endian u32 from p. */
static uint32_t
get_u32(const uint8_t *p)
{
	return ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24);
}

void
pw_u32(struct pbuf *pb, uint32_t v)
{
	put_u32(pbuf_add(pb, 4), v);
}

void
pw_bytes(struct pbuf *pb, const void *buf, size_t len)
{
	if (len != 0)
		memcpy(pbuf_add(pb, len), buf, len);
}

void
pw_strn(struct pbuf *pb, const char *s, size_t len)
{
	pw_u32(pb, len);
	pw_bytes(pb, s, len);
}

void
pw_str(struct pbuf *pb, const char *s)
{
	if (s == NULL)
		s = "";
	pw_strn(pb, s, strlen(s));
}

size_t
pw_begin(struct pbuf *pb, uint32_t type)
{
	size_t	start = pb->len;

	pw_u32(pb, type);
	pw_u32(pb, 0);
	return (start);
}

void
pw_end(struct pbuf *pb, size_t start)
{
	put_u32(pb->data + start + 4, pb->len - start - PROTO_HEADER_SIZE);
}

void
pr_init(struct preader *pr, const void *buf, size_t len)
{
	pr->p = buf;
	pr->left = len;
	pr->error = 0;
}

const void *
pr_bytes(struct preader *pr, size_t n)
{
	const void	*p;

	if (pr->error || n > pr->left) {
		pr->error = 1;
		return (NULL);
	}
	p = pr->p;
	pr->p += n;
	pr->left -= n;
	return (p);
}

uint8_t
pr_u8(struct preader *pr)
{
	const uint8_t	*p = pr_bytes(pr, 1);

	return (p == NULL ? 0 : p[0]);
}

uint16_t
pr_u16(struct preader *pr)
{
	const uint8_t	*p = pr_bytes(pr, 2);

	return (p == NULL ? 0 : (uint16_t)(p[0] | p[1] << 8));
}

uint32_t
pr_u32(struct preader *pr)
{
	const uint8_t	*p = pr_bytes(pr, 4);

	return (p == NULL ? 0 : get_u32(p));
}

char *
pr_str(struct preader *pr)
{
	uint32_t	 len = pr_u32(pr);
	const char	*p = pr_bytes(pr, len);

	if (p == NULL)
		return (NULL);
	if (memchr(p, '\0', len) != NULL) {
		pr->error = 1;
		return (NULL);
	}
	return (xstrndup(p, len));
}

int
pr_done(const struct preader *pr)
{
	return (!pr->error && pr->left == 0);
}

void
proto_write_header(uint8_t *buf, uint32_t type, uint32_t len)
{
	put_u32(buf, type);
	put_u32(buf + 4, len);
}

int
proto_header(const uint8_t *buf, uint32_t *type, uint32_t *len)
{
	*type = get_u32(buf);
	*len = get_u32(buf + 4);
	if (*len > PROTO_MAX_PAYLOAD)
		return (-1);
	return (0);
}

const char *
proto_type_name(uint32_t type)
{
	switch (type) {
	case MSG_IDENTIFY:	return ("IDENTIFY");
	case MSG_COMMAND:	return ("COMMAND");
	case MSG_KEY:		return ("KEY");
	case MSG_PASTE:		return ("PASTE");
	case MSG_MOUSE:		return ("MOUSE");
	case MSG_FOCUS:		return ("FOCUS");
	case MSG_RESIZE:	return ("RESIZE");
	case MSG_STDIN:		return ("STDIN");
	case MSG_HOST_COLOUR:	return ("HOST_COLOUR");
	case MSG_TTY:		return ("TTY");
	case MSG_EXITING:	return ("EXITING");
	case MSG_UNLOCK:	return ("UNLOCK");
	case MSG_LOCK:		return ("LOCK");
	case MSG_SUSPEND:	return ("SUSPEND");
	case MSG_CONTROL:	return ("CONTROL");
	case MSG_READ_STDIN:	return ("READ_STDIN");
	case MSG_CONTROL_WAIT:	return ("CONTROL_WAIT");
	case MSG_PASSTHROUGH:	return ("PASSTHROUGH");
	case MSG_UPGRADE:	return ("UPGRADE");
	case MSG_VERSION:	return ("VERSION");
	case MSG_UPGRADE_ASK:	return ("UPGRADE_ASK");
	case MSG_OUTPUT:	return ("OUTPUT");
	case MSG_ERROR:		return ("ERROR");
	case MSG_ATTACHED:	return ("ATTACHED");
	case MSG_FRAME:		return ("FRAME");
	case MSG_BELL:		return ("BELL");
	case MSG_TITLE:		return ("TITLE");
	case MSG_CLIPBOARD:	return ("CLIPBOARD");
	case MSG_MODES:		return ("MODES");
	case MSG_EXIT:		return ("EXIT");
	}
	return ("unknown");
}

void
proto_write_identify(struct pbuf *pb, const struct msg_identify *id)
{
	size_t		start = pw_begin(pb, MSG_IDENTIFY);
	uint32_t	i;

	pw_u32(pb, id->version);
	pw_u32(pb, id->flags);
	pw_u16(pb, id->cols);
	pw_u16(pb, id->rows);
	pw_str(pb, id->term);
	pw_str(pb, id->colorterm);
	pw_str(pb, id->cwd);
	pw_str(pb, id->tty);
	pw_u32(pb, id->nenviron);
	for (i = 0; i < id->nenviron; i++)
		pw_str(pb, id->environ[i]);
	pw_end(pb, start);
}

int
proto_read_identify(struct preader *pr, struct msg_identify *id,
    const char **cause)
{
	uint32_t	i;

	memset(id, 0, sizeof *id);
	id->version = pr_u32(pr);
	if (pr->error) {
		*cause = "identify message too short";
		return (-1);
	}
	if (id->version != proto_version()) {
		*cause = "protocol version mismatch";
		return (-1);
	}
	id->flags = pr_u32(pr);
	id->cols = pr_u16(pr);
	id->rows = pr_u16(pr);
	id->term = pr_str(pr);
	id->colorterm = pr_str(pr);
	id->cwd = pr_str(pr);
	id->tty = pr_str(pr);
	id->nenviron = pr_u32(pr);
	if (pr->error || id->nenviron > PROTO_MAX_ITEMS)
		goto bad;
	id->environ = xcalloc(id->nenviron + 1, sizeof *id->environ);
	for (i = 0; i < id->nenviron; i++) {
		if ((id->environ[i] = pr_str(pr)) == NULL)
			goto bad;
	}
	if (!pr_done(pr))
		goto bad;
	return (0);
bad:
	proto_free_identify(id);
	*cause = "malformed identify message";
	return (-1);
}

void
proto_free_identify(struct msg_identify *id)
{
	uint32_t	i;

	free(id->term);
	free(id->colorterm);
	free(id->cwd);
	free(id->tty);
	if (id->environ != NULL) {
		for (i = 0; i < id->nenviron; i++)
			free(id->environ[i]);
		free(id->environ);
	}
	memset(id, 0, sizeof *id);
}

void
proto_write_command(struct pbuf *pb, int argc, char *const *argv)
{
	size_t	start = pw_begin(pb, MSG_COMMAND);
	int	i;

	pw_u32(pb, argc);
	for (i = 0; i < argc; i++)
		pw_str(pb, argv[i]);
	pw_end(pb, start);
}

char **
proto_read_command(struct preader *pr, int *argc)
{
	uint32_t	  n = pr_u32(pr), i;
	char		**argv;

	if (pr->error || n > PROTO_MAX_ITEMS)
		return (NULL);
	argv = xcalloc(n + 1, sizeof *argv);
	for (i = 0; i < n; i++) {
		if ((argv[i] = pr_str(pr)) == NULL) {
			proto_free_argv(argv);
			return (NULL);
		}
	}
	if (!pr_done(pr)) {
		proto_free_argv(argv);
		return (NULL);
	}
	*argc = n;
	return (argv);
}

void
proto_free_argv(char **argv)
{
	char	**p;

	if (argv == NULL)
		return;
	for (p = argv; *p != NULL; p++)
		free(*p);
	free(argv);
}

void
proto_write_key(struct pbuf *pb, uint32_t key)
{
	size_t	start = pw_begin(pb, MSG_KEY);

	pw_u32(pb, key);
	pw_end(pb, start);
}

int
proto_read_key(struct preader *pr, uint32_t *key)
{
	*key = pr_u32(pr);
	return (pr_done(pr) ? 0 : -1);
}

void
proto_write_focus(struct pbuf *pb, int in)
{
	size_t	start = pw_begin(pb, MSG_FOCUS);

	pw_u8(pb, in != 0);
	pw_end(pb, start);
}

int
proto_read_focus(struct preader *pr, int *in)
{
	*in = pr_u8(pr);
	return (pr_done(pr) ? 0 : -1);
}

void
proto_write_mouse(struct pbuf *pb, const struct msg_mouse *m)
{
	size_t	start = pw_begin(pb, MSG_MOUSE);

	pw_u16(pb, m->x);
	pw_u16(pb, m->y);
	pw_u8(pb, m->button);
	pw_u8(pb, m->pressed);
	pw_u8(pb, m->motion);
	pw_u32(pb, m->mods);
	pw_end(pb, start);
}

int
proto_read_mouse(struct preader *pr, struct msg_mouse *m)
{
	m->x = pr_u16(pr);
	m->y = pr_u16(pr);
	m->button = pr_u8(pr);
	m->pressed = pr_u8(pr);
	m->motion = pr_u8(pr);
	m->mods = pr_u32(pr);
	return (pr_done(pr) ? 0 : -1);
}

size_t
proto_write_frame(struct pbuf *pb, const struct msg_frame *f)
{
	size_t	start = pw_begin(pb, MSG_FRAME);

	pw_u8(pb, f->flags);
	pw_u16(pb, f->cols);
	pw_u16(pb, f->rows);
	pw_u16(pb, f->cx);
	pw_u16(pb, f->cy);
	pw_u8(pb, f->cursor_visible);
	pw_u8(pb, f->cursor_shape);
	pw_u32(pb, f->cursor_colour);
	if (f->flags & FRAME_SCROLL) {
		pw_u16(pb, f->scroll_top);
		pw_u16(pb, f->scroll_bottom);
		pw_u16(pb, f->scroll_n);
	}
	return (start);
}

void
proto_write_frame_run(struct pbuf *pb, const struct msg_frame_run *run)
{
	pw_u16(pb, run->y);
	pw_u16(pb, run->x);
	pw_u16(pb, run->n);
}

void
proto_write_frame_cell(struct pbuf *pb, const struct msg_cell *cell)
{
	uint8_t	ext;

	pw_u32(pb, cell->fg);
	pw_u32(pb, cell->bg);
	pw_u16(pb, cell->attr);
	pw_u8(pb, cell->width);
	pw_u8(pb, cell->len);
	pw_bytes(pb, cell->text, cell->len);
	ext = (cell->us != 0 ? CELL_EXT_US : 0) |
	    (cell->link != 0 ? CELL_EXT_LINK : 0) |
	    (cell->link != 0 && cell->urilen != 0 ? CELL_EXT_LINKDEF : 0);
	pw_u8(pb, ext);
	if (ext & CELL_EXT_US)
		pw_u32(pb, cell->us);
	if (ext & CELL_EXT_LINK)
		pw_u16(pb, cell->link);
	if (ext & CELL_EXT_LINKDEF) {
		pw_u16(pb, cell->urilen);
		pw_bytes(pb, cell->uri, cell->urilen);
		pw_u8(pb, cell->paramlen);
		pw_bytes(pb, cell->param, cell->paramlen);
	}
}

int
proto_read_frame(struct preader *pr, struct msg_frame *f, const char **cause)
{
	f->flags = pr_u8(pr);
	f->cols = pr_u16(pr);
	f->rows = pr_u16(pr);
	f->cx = pr_u16(pr);
	f->cy = pr_u16(pr);
	f->cursor_visible = pr_u8(pr);
	f->cursor_shape = pr_u8(pr);
	f->cursor_colour = pr_u32(pr);
	f->scroll_top = f->scroll_bottom = f->scroll_n = 0;
	if (f->flags & FRAME_SCROLL) {
		f->scroll_top = pr_u16(pr);
		f->scroll_bottom = pr_u16(pr);
		f->scroll_n = pr_u16(pr);
	}
	if (pr->error) {
		*cause = "short frame header";
		return (-1);
	}
	if ((f->flags & FRAME_SCROLL) && (f->scroll_top >= f->scroll_bottom ||
	    f->scroll_bottom > f->rows || f->scroll_n == 0 ||
	    f->scroll_n >= f->scroll_bottom - f->scroll_top)) {
		*cause = "scroll outside the frame";
		return (-1);
	}
	if ((f->flags & (FRAME_SCROLL|FRAME_SCROLL_DOWN)) == FRAME_SCROLL_DOWN) {
		*cause = "scroll direction without a scroll";
		return (-1);
	}
	return (0);
}

int
proto_read_frame_run(struct preader *pr, const struct msg_frame *f,
    struct msg_frame_run *run, const char **cause)
{
	if (pr->error) {
		*cause = "truncated frame";
		return (-1);
	}
	if (pr->left == 0)
		return (0);
	run->y = pr_u16(pr);
	run->x = pr_u16(pr);
	run->n = pr_u16(pr);
	if (pr->error) {
		*cause = "truncated run";
		return (-1);
	}
	if (run->y >= f->rows || run->x > f->cols ||
	    run->n > f->cols - run->x) {
		*cause = "run outside the frame";
		return (-1);
	}
	return (1);
}

int
proto_read_frame_cell(struct preader *pr, struct msg_cell *cell,
    const char **cause)
{
	uint8_t	ext;

	cell->fg = pr_u32(pr);
	cell->bg = pr_u32(pr);
	cell->attr = pr_u16(pr);
	cell->width = pr_u8(pr);
	cell->len = pr_u8(pr);
	cell->text = pr_bytes(pr, cell->len);
	ext = pr_u8(pr);
	cell->us = (ext & CELL_EXT_US) ? pr_u32(pr) : 0;
	cell->link = (ext & CELL_EXT_LINK) ? pr_u16(pr) : 0;
	cell->uri = cell->param = NULL;
	cell->urilen = cell->paramlen = 0;
	if (ext & CELL_EXT_LINKDEF) {
		cell->urilen = pr_u16(pr);
		cell->uri = pr_bytes(pr, cell->urilen);
		cell->paramlen = pr_u8(pr);
		cell->param = pr_bytes(pr, cell->paramlen);
	}
	if (pr->error) {
		*cause = "truncated cell";
		return (-1);
	}
	if (cell->width > 2) {
		*cause = "cell width over 2";
		return (-1);
	}
	if (ext & ~(CELL_EXT_US|CELL_EXT_LINK|CELL_EXT_LINKDEF)) {
		*cause = "unknown cell extension";
		return (-1);
	}
	if ((ext & CELL_EXT_LINK) && (cell->link == 0 ||
	    cell->link > LINK_MAX)) {
		*cause = "bad link id";
		return (-1);
	}
	if ((ext & CELL_EXT_LINKDEF) && (!(ext & CELL_EXT_LINK) ||
	    cell->urilen == 0 || cell->urilen > LINK_URI_MAX ||
	    cell->paramlen > LINK_PARAM_MAX)) {
		*cause = "bad link in cell";
		return (-1);
	}
	return (0);
}

uint32_t
proto_version(void)
{
	/* A constant of the process once read, not state. */
	static uint32_t	 version;
	const char	*s;

	if (version == 0) {
		s = getenv("MUX_TEST_PROTO_VERSION");
		if (s != NULL && strtoul(s, NULL, 10) != 0)
			version = (uint32_t)strtoul(s, NULL, 10);
		else
			version = PROTO_VERSION;
	}
	return (version);
}
