/*
 * Input decoder: every form a host terminal sends, each fed whole, split
 * across two calls at every byte boundary and fed a byte at a time, with
 * the same events expected each way. Events are logged as text
 * ("Up C-a P:hello M:0,1,9,4,0 F:1") to compare them easily.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/proto.h"

#include <curses.h>
#include <term.h>

#include "tty/input.h"
#include "common/key.h"

/* What the decoder reported, as text, plus the paste pieces. */
struct log {
	char	text[65536];
	size_t	npaste;
	size_t	paste_total;
	size_t	paste_max;
	int	paste_ok;	/* every pasted byte was what was sent */
	size_t	paste_at;	/* offset of the next pasted byte */
};

/* Pasted bytes in the big paste test are a function of their offset. */
static char
big_byte(size_t i)
{
	return ((char)('a' + (i * 7 + i / 13) % 26));
}

/* Append one line of text to the log. */
static void
log_add(struct log *l, const char *fmt, ...)
{
	size_t	len = strlen(l->text);
	va_list	ap;

	if (len != 0 && len < sizeof l->text - 1)
		l->text[len++] = ' ';
	va_start(ap, fmt);
	vsnprintf(l->text + len, sizeof l->text - len, fmt, ap);
	va_end(ap);
}

/* The emit callback: describe an event into the log. */
static void
emit(const struct input_event *ev, void *arg)
{
	struct log	*l = arg;
	size_t		 i;

	switch (ev->type) {
	case INPUT_KEY:
		log_add(l, "%s", key_to_string(ev->key));
		break;
	case INPUT_PASTE:
		l->npaste++;
		l->paste_total += ev->len;
		if (ev->len > l->paste_max)
			l->paste_max = ev->len;
		if (ev->len < 4096)
			log_add(l, "P:%.*s", (int)ev->len, ev->data);
		else {
			for (i = 0; i < ev->len; i++) {
				if (ev->data[i] != big_byte(l->paste_at + i))
					l->paste_ok = 0;
			}
			l->paste_at += ev->len;
			log_add(l, "P#%zu", ev->len);
		}
		break;
	case INPUT_MOUSE:
		log_add(l, "M:%d,%d,%u,%u,%d%s", ev->button, ev->pressed,
		    ev->x, ev->y, ev->motion,
		    ev->mods == 0 ? "" : key_to_string(ev->mods|'m') );
		break;
	case INPUT_FOCUS:
		log_add(l, "F:%d", ev->focus);
		break;
	case INPUT_COLOUR:
		log_add(l, "C:%d:%04x/%04x/%04x", ev->which, ev->rgb.r,
		    ev->rgb.g, ev->rgb.b);
		break;
	case INPUT_XTVERSION:
		log_add(l, "X:%.*s", (int)ev->len, ev->data);
		break;
	case INPUT_DA2:
		log_add(l, "D:%u,%u,%u", ev->da2[0], ev->da2[1], ev->da2[2]);
		break;
	case INPUT_DA1:
		log_add(l, "A");
		break;
	case INPUT_CLIPBOARD:
		if (ev->len < 64)
			log_add(l, "B:%.*s", (int)ev->len, ev->data);
		else
			log_add(l, "B#%zu", ev->len);
		break;
	}
}

/* The user-keys new_input gives a decoder (none while n is 0). */
static struct {
	const char *const	*seqs;
	const unsigned int	*idx;
	unsigned int		 n;
} test_user;

/* A decoder, with test_user's user-keys. */
static struct input *
new_input(void)
{
	struct input	*in = input_create();

	if (test_user.n != 0)
		input_set_user_keys(in, test_user.seqs, test_user.idx,
		    test_user.n);
	return (in);
}

/* Feed s whole to a new decoder and flush; return the event text. */
static char *
run_whole(const char *s, size_t len, int *held)
{
	static struct log	 l;
	struct input		*in = new_input();

	memset(&l, 0, sizeof l);
	*held = input_parse(in, s, len, emit, &l);
	input_flush(in, emit, &l);
	input_free(in);
	return (strdup(l.text));
}

/* Expect s to decode to want, whole, at every two-way split and a byte at
 * a time (never flushing in between), then flushed at the end. */
static void
expect_split(const char *s, size_t len, const char *want)
{
	struct log	 l;
	struct input	*in;
	char		*whole;
	size_t		 k, i;
	int		 held;

	whole = run_whole(s, len, &held);
	if (strcmp(whole, want) != 0)
		fail_msg("whole: got \"%s\", want \"%s\"", whole, want);
	free(whole);

	for (k = 1; k < len; k++) {
		in = new_input();
		memset(&l, 0, sizeof l);
		input_parse(in, s, k, emit, &l);
		input_parse(in, s + k, len - k, emit, &l);
		input_flush(in, emit, &l);
		input_free(in);
		if (strcmp(l.text, want) != 0)
			fail_msg("split at %zu: got \"%s\", want \"%s\"", k,
			    l.text, want);
	}

	in = new_input();
	memset(&l, 0, sizeof l);
	for (i = 0; i < len; i++)
		input_parse(in, s + i, 1, emit, &l);
	input_flush(in, emit, &l);
	input_free(in);
	if (strcmp(l.text, want) != 0)
		fail_msg("bytewise: got \"%s\", want \"%s\"", l.text, want);
}
#define EXPECT(s, want) expect_split(s, sizeof s - 1, want)

/* Drop any terminfo entry so only the built-in forms are known. */
static int
no_terminfo(void **state)
{
	if (cur_term != NULL)
		del_curterm(cur_term);
	return (0);
}

/* Load a terminfo entry for the tests that use one. */
static int
with_terminfo(const char *name)
{
	int	err;

	no_terminfo(NULL);
	return (setupterm((char *)name, 2, &err) == OK && err == 1);
}

/* Plain text, control bytes and UTF-8. */
/* A consumer that stops the decoder at the first big paste piece: the
 * rest of that one read (the paste's tail, its end and a key after it)
 * waits, and comes, in order, once it is let go on. */
struct stop_log {
	struct log	 l;
	struct input	*in;
};

static void
emit_stop(const struct input_event *ev, void *arg)
{
	struct stop_log	*sl = arg;

	emit(ev, &sl->l);
	if (ev->type == INPUT_PASTE && ev->len >= 4096)
		input_stop(sl->in, 1);
}

static void
test_stop(void **state)
{
	struct stop_log	 sl;
	size_t		 big = 1024 * 1024, i, len;
	char		*buf;

	(void)state;
	memset(&sl, 0, sizeof sl);
	sl.l.paste_ok = 1;
	len = 6 + big + 4 + 6 + 1;
	buf = malloc(len);
	assert_non_null(buf);
	memcpy(buf, "\033[200~", 6);
	for (i = 0; i < big; i++)
		buf[6 + i] = big_byte(i);
	memcpy(buf + 6 + big, "tail\033[201~x", 11);
	sl.in = input_create();
	input_parse(sl.in, buf, len, emit_stop, &sl);
	assert_string_equal(sl.l.text, "P#1048576");
	/* Stopped: a flush by the escape timer gives nothing either. */
	input_flush(sl.in, emit_stop, &sl);
	assert_string_equal(sl.l.text, "P#1048576");
	input_stop(sl.in, 0);
	input_parse(sl.in, NULL, 0, emit_stop, &sl);
	assert_string_equal(sl.l.text, "P#1048576 P:tail x");
	assert_true(sl.l.paste_ok);
	input_free(sl.in);
	free(buf);
}

static void
test_text(void **state)
{
	EXPECT("abc", "a b c");
	EXPECT("\001\002\032", "C-a C-b C-z");
	EXPECT("\000\t\r\n\010\177", "C-Space Tab Enter C-j C-h BSpace");
	EXPECT("\034\035\036\037", "C-\\ C-] C-^ C-_");
	EXPECT("é€😀x", "é € 😀 x");
	EXPECT("  ", "Space Space");
}

/* An unfinished UTF-8 character waits without a timer; bad bytes go. */
static void
test_utf8_wait(void **state)
{
	struct log	 l;
	struct input	*in = input_create();

	memset(&l, 0, sizeof l);
	/* An unfinished character waits, but wants no timer. */
	assert_int_equal(input_parse(in, "a\xe2\x82", 3, emit, &l), 0);
	assert_string_equal(l.text, "a");
	assert_int_equal(input_parse(in, "\xac", 1, emit, &l), 0);
	assert_string_equal(l.text, "a €");

	/* The escape timer fires between ESC and a split character: Escape,
	 * and the character is still whole when its end comes. */
	memset(&l, 0, sizeof l);
	assert_int_equal(input_parse(in, "\033\xc3", 2, emit, &l), 1);
	input_flush(in, emit, &l);
	assert_string_equal(l.text, "Escape");
	assert_int_equal(input_parse(in, "\xa9", 1, emit, &l), 0);
	assert_string_equal(l.text, "Escape é");
	input_free(in);

	/* Invalid bytes are dropped; what follows is kept. */
	EXPECT("\xff" "a", "a");
	EXPECT("\xc3(b", "( b");
	EXPECT("\x80\xbf" "c", "c");
	EXPECT("\xed\xa0\x80" "d", "d");
	EXPECT("\xe2\x82", "");
}

/* A lone ESC waits for input_flush; ESC and a key is Meta. */
static void
test_escape(void **state)
{
	struct log	 l;
	struct input	*in = input_create();

	memset(&l, 0, sizeof l);
	/* A lone ESC waits for the timer, and only it. */
	assert_int_equal(input_parse(in, "a\033", 2, emit, &l), 1);
	assert_string_equal(l.text, "a");
	input_flush(in, emit, &l);
	assert_string_equal(l.text, "a Escape");
	assert_int_equal(input_parse(in, "b", 1, emit, &l), 0);
	assert_string_equal(l.text, "a Escape b");

	/* ESC then more bytes before the timer: one key. */
	assert_int_equal(input_parse(in, "\033", 1, emit, &l), 1);
	assert_int_equal(input_parse(in, "x", 1, emit, &l), 0);
	assert_string_equal(l.text, "a Escape b M-x");

	/* An unfinished sequence waits for the timer, then becomes keys. */
	memset(&l, 0, sizeof l);
	assert_int_equal(input_parse(in, "\033[1;", 4, emit, &l), 1);
	assert_string_equal(l.text, "");
	input_flush(in, emit, &l);
	assert_string_equal(l.text, "M-[ 1 ;");
	assert_int_equal(input_parse(in, "\033O", 2, emit, &l), 1);
	input_flush(in, emit, &l);
	assert_string_equal(l.text, "M-[ 1 ; M-O");
	assert_int_equal(input_parse(in, "\033\033", 2, emit, &l), 1);
	input_flush(in, emit, &l);
	assert_string_equal(l.text, "M-[ 1 ; M-O M-Escape");
	/* Flushing with nothing held does nothing. */
	input_flush(in, emit, &l);
	assert_string_equal(l.text, "M-[ 1 ; M-O M-Escape");
	input_free(in);

	EXPECT("\033", "Escape");
	EXPECT("\033a", "M-a");
	EXPECT("\033A", "M-A");
	EXPECT("\033\001", "M-C-a");
	EXPECT("\033\r", "M-Enter");
	EXPECT("\033\177", "M-BSpace");
	EXPECT("\033 ", "M-Space");
	EXPECT("\033é", "M-é");
	EXPECT("\033\033", "M-Escape");
	EXPECT("\033\033[A", "M-Up");
	EXPECT("\033\033OB", "M-Down");
	EXPECT("\033\033\033", "M-Escape Escape");
	EXPECT("\033[", "M-[");
	EXPECT("\033O", "M-O");
}

/* CSI and SS3 cursor and F1-F4 keys, with modifier parameters. */
static void
test_cursor_keys(void **state)
{
	no_terminfo(NULL);
	EXPECT("\033[A\033[B\033[C\033[D\033[H\033[F",
	    "Up Down Right Left Home End");
	EXPECT("\033OA\033OB\033OC\033OD\033OH\033OF",
	    "Up Down Right Left Home End");
	EXPECT("\033[1;2A\033[1;3B\033[1;4C\033[1;5D\033[1;6H\033[1;7F"
	    "\033[1;8A",
	    "S-Up M-Down M-S-Right C-Left C-S-Home C-M-End C-M-S-Up");
	EXPECT("\033[1;5A", "C-Up");
	EXPECT("\033[1;2D", "S-Left");
	EXPECT("\033[1;3C", "M-Right");
	EXPECT("\033[1;9A\033[1;1A", "Up Up");
	EXPECT("\033OP\033OQ\033OR\033OS", "F1 F2 F3 F4");
	EXPECT("\033[1;2P\033[1;5Q\033[1;3R\033[1;6S",
	    "S-F1 C-F2 M-F3 C-S-F4");
	EXPECT("\033O5A\033O2P", "C-Up S-F1");
	EXPECT("\033[Z", "BTab");
	EXPECT("\033[1;3Z", "M-BTab");
}

/* "CSI n ~" keys, with modifier parameters. */
static void
test_tilde_keys(void **state)
{
	no_terminfo(NULL);
	EXPECT("\033[2~\033[3~\033[5~\033[6~\033[1~\033[4~\033[7~\033[8~",
	    "IC DC PPage NPage Home End Home End");
	EXPECT("\033[11~\033[12~\033[13~\033[14~\033[15~",
	    "F1 F2 F3 F4 F5");
	EXPECT("\033[17~\033[18~\033[19~\033[20~\033[21~\033[23~\033[24~",
	    "F6 F7 F8 F9 F10 F11 F12");
	EXPECT("\033[2;5~\033[3;2~\033[5;3~\033[6;7~\033[15;2~\033[24;8~",
	    "C-IC S-DC M-PPage C-M-NPage S-F5 C-M-S-F12");
	EXPECT("\033[17;5~\033[18;6~\033[19;3~\033[20;4~\033[21;2~\033[23;5~",
	    "C-F6 C-S-F7 M-F8 M-S-F9 S-F10 C-F11");
}

/* The application keypad (SS3). */
static void
test_keypad(void **state)
{
	no_terminfo(NULL);
	EXPECT("\033Op\033Oq\033Or\033Os\033Ot\033Ou\033Ov\033Ow\033Ox\033Oy",
	    "KP0 KP1 KP2 KP3 KP4 KP5 KP6 KP7 KP8 KP9");
	EXPECT("\033OM\033Oj\033Ok\033Om\033On\033Oo",
	    "KPEnter KP* KP+ KP- KP. KP/");
}

/* "CSI u" and xterm's "CSI 27;m;c ~". */
static void
test_extended_keys(void **state)
{
	no_terminfo(NULL);
	/* C-i, C-m and C-[ so reported are keys of their own (not Tab,
	 * Enter, Escape), from CSI u and CSI 27 ~ alike. */
	EXPECT("\033[97;5u\033[13;2u\033[105;5u\033[65;2u\033[120;3u",
	    "C-a S-Enter C-i A M-x");
	EXPECT("\033[27;5;105~\033[109;5u\033[91;5u\033[27;6;73~\t",
	    "C-i C-m C-[ S-C-i Tab");
	EXPECT("\033[27;5;97~\033[27;2;65~\033[27;7;98~\033[27;5;49~",
	    "C-a A M-C-b C-1");
	EXPECT("\033[27;5;13~\033[127;3u\033[9;5u", "C-Enter M-BSpace C-Tab");
}

/* SGR and X10 mouse reports. */
static void
test_mouse(void **state)
{
	no_terminfo(NULL);
	/* SGR: button, pressed, x, y, motion, 1-based in, 0-based out. */
	EXPECT("\033[<0;10;5M", "M:0,1,9,4,0");
	EXPECT("\033[<0;10;5m", "M:0,0,9,4,0");
	EXPECT("\033[<2;1;1M\033[<1;300;200M", "M:2,1,0,0,0 M:1,1,299,199,0");
	EXPECT("\033[<32;3;4M", "M:0,1,2,3,1");
	EXPECT("\033[<35;5;6M", "M:3,0,4,5,1");
	EXPECT("\033[<64;1;1M\033[<65;2;2M", "M:4,1,0,0,0 M:5,1,1,1,0");
	EXPECT("\033[<16;1;1M", "M:0,1,0,0,0C-m");
	EXPECT("\033[<4;1;1M", "M:0,1,0,0,0S-m");
	EXPECT("\033[<8;1;1M", "M:0,1,0,0,0M-m");
	EXPECT("\033[<0;0;0M", "M:0,1,0,0,0");
	/* Sideways wheel and extra buttons are dropped, not what follows. */
	EXPECT("\033[<66;1;1Mx\033[<128;1;1My", "x y");

	/* X10: CSI M and three bytes of 32 + value, coordinates 1-based. */
	EXPECT("\033[M *%", "M:0,1,9,4,0");
	EXPECT("\033[M#*%", "M:3,0,9,4,0");
	EXPECT("\033[M`!!", "M:4,1,0,0,0");
	EXPECT("\033[M@**", "M:0,1,9,9,1");
	EXPECT("\033[M \xff\xff", "M:0,1,222,222,0");
	EXPECT("\033[M 33a", "M:0,1,18,18,0 a");
}

/* Focus in and out. */
static void
test_focus(void **state)
{
	EXPECT("\033[I\033[O", "F:1 F:0");
	EXPECT("x\033[Iy", "x F:1 y");
}

/* Bracketed paste: one event, however it arrives. */
static void
test_paste(void **state)
{
	struct log	 l;
	struct input	*in;

	no_terminfo(NULL);
	EXPECT("\033[200~hello\r\nworld\033[201~x", "P:hello\r\nworld x");
	/* Escape sequences inside a paste are pasted, not decoded. */
	EXPECT("a\033[200~\033[A\033\001é\033[20x\033[201\033[201~b",
	    "a P:\033[A\033\001é\033[20x\033[201 b");
	EXPECT("\033[200~\033[201~z", "z");
	EXPECT("\033[201~z", "z");

	/* A paste in many pieces is one event. */
	in = input_create();
	memset(&l, 0, sizeof l);
	assert_int_equal(input_parse(in, "\033[20", 4, emit, &l), 1);
	input_parse(in, "0~ab", 4, emit, &l);
	input_parse(in, "cd\033", 3, emit, &l);
	input_parse(in, "[20", 3, emit, &l);
	input_parse(in, "1", 1, emit, &l);
	assert_string_equal(l.text, "");
	assert_int_equal(input_parse(in, "~e", 2, emit, &l), 0);
	assert_string_equal(l.text, "P:abcd e");
	assert_int_equal(l.npaste, 1);

	/* A paste whose end never comes is delivered by the timer and
	 * goes on. */
	memset(&l, 0, sizeof l);
	assert_int_equal(input_parse(in, "\033[200~xy", 8, emit, &l), 1);
	input_flush(in, emit, &l);
	assert_string_equal(l.text, "P:xy");
	assert_int_equal(input_parse(in, "z\033[201~q", 8, emit, &l), 0);
	assert_string_equal(l.text, "P:xy P:z q");
	input_free(in);
}

/* A paste of several MiB arrives in bounded pieces, intact. */
static void
test_paste_big(void **state)
{
	static char	 piece[4093];
	struct log	*l = calloc(1, sizeof *l);
	struct input	*in = input_create();
	size_t		 total = 3 * 1024 * 1024 + 12345, off, n, i;

	l->paste_ok = 1;
	input_parse(in, "\033[200~", 6, emit, l);
	for (off = 0; off < total; off += n) {
		n = total - off < sizeof piece ? total - off : sizeof piece;
		for (i = 0; i < n; i++)
			piece[i] = big_byte(off + i);
		input_parse(in, piece, n, emit, l);
	}
	input_parse(in, "\033[201~k", 7, emit, l);
	assert_true(l->paste_ok);
	assert_int_equal(l->paste_total, total);
	assert_int_equal(l->npaste, 4);
	assert_true(l->paste_max <= 1024 * 1024);
	assert_non_null(strstr(l->text, " k"));
	input_free(in);
	free(l);
}

/* Unknown and malformed sequences lose none of what follows. */
static void
test_garbage(void **state)
{
	no_terminfo(NULL);
	/* Well-formed but unknown: dropped whole. */
	EXPECT("\033[99~x", "x");
	EXPECT("\033[1;2;3;4;5;6;7;8;9;10Xa", "a");
	EXPECT("\033[?1$pb", "b");
	EXPECT("\033[>1$pc", "c");
	EXPECT("\033Ozd", "d");
	EXPECT("\033[I1", "F:1 1");
	EXPECT("\033[999999999999999999~e", "e");
	/* Malformed: M-[ or M-O and the rest decoded again. */
	EXPECT("\033[\001b", "M-[ C-a b");
	EXPECT("\033[1\rc", "M-[ 1 Enter c");
	EXPECT("\033O\001", "M-O C-a");
	EXPECT("\033[1é", "M-[ 1 é");
	/* Too long to be a key. */
	{
		char	seq[128], want[256];
		size_t	i;

		strcpy(seq, "\033[");
		strcpy(want, "M-[");
		for (i = 0; i < 80; i++) {
			strcat(seq, "1");
			strcat(want, " 1");
		}
		strcat(seq, "A");
		strcat(want, " A");
		expect_split(seq, strlen(seq), want);
	}
}

/* Key strings that only terminfo knows. */
static void
test_terminfo_keys(void **state)
{
	if (!with_terminfo("linux"))
		skip();
	/* The Linux console's own function keys. */
	EXPECT("\033[[A\033[[B\033[[E\033[1~\033[4~", "F1 F2 F5 Home End");
	/* The xterm forms still work. */
	EXPECT("\033[1;5A\033OP", "C-Up F1");
	no_terminfo(NULL);
	/* Without terminfo, ESC [ [ is an unknown sequence. */
	EXPECT("\033[[Ax", "A x");

	if (!with_terminfo("xterm-256color"))
		skip();
	EXPECT("\033OA\033[1;5A\033[1;2A\033[3;3~\033[6;5~\033OP\033[24~",
	    "Up C-Up S-Up M-DC C-NPage F1 F12");
	no_terminfo(NULL);
}

/* Expect s, read whole and flushed, to decode to want. */
static void
expect_whole(const char *s, const char *want)
{
	char	*got;
	int	 held;

	got = run_whole(s, strlen(s), &held);
	if (strcmp(got, want) != 0)
		fail_msg("got \"%s\", want \"%s\"", got, want);
	free(got);
}

/* Key strings that begin one another (user-keys, then terminfo's too):
 * the longest that has come wins, one that could still grow waits, equal
 * strings are the first added's (terminfo's before user-keys'), and a
 * sequence none begins is decoded as ever. */
static void
test_key_strings(void **state)
{
	static const char *const	 seqs[] = { "\033[99~", "\033[99~zz",
					     "\033[99~z", "\033Oq9", "\033[99~",
					     "\033OA", "\033[1;5A", "\033xy" };
	static const unsigned int	 idx[] = { 0, 1, 2, 3, 4, 5, 6, 7 };

	no_terminfo(NULL);
	test_user.seqs = seqs;
	test_user.idx = idx;
	test_user.n = 8;
	/* (Read whole: a string that has come is taken at once, even
	 * when a longer one could follow in the next read.) */
	expect_whole("\033[99~zz\033[99~z\033[99~", "User1 User2 User0");
	expect_whole("\033[99~za\033[99~y", "User2 a User0 y");
	expect_whole("\033Oq9\033Oq8", "User3 KP1 8");
	EXPECT("\033[20~\033[1;5A\033OA", "F9 User6 User5");
	/* M-x waits for what could make it User7. */
	EXPECT("\033xy\033xz", "User7 M-x z");
	if (with_terminfo("xterm-256color")) {
		/* kcuu1 is ESC O A: terminfo's; kUP5 too. */
		expect_whole("\033OA\033[1;5A\033[99~z", "Up C-Up User2");
	}
	test_user.n = 0;
	no_terminfo(NULL);
}

/* One long mixed stream, split everywhere. */
static void
test_mixed(void **state)
{
	no_terminfo(NULL);
	EXPECT("a\033[A\033b\033[<0;2;3Mé\033[200~p\033q\033[201~\033[I"
	    "\033[M #$\033OP\033[15;5~\001\033[Z\033\033[B",
	    "a Up M-b M:0,1,1,2,0 é P:p\033q F:1 M:0,1,2,3,0 F1 C-F5 C-a BTab "
	    "M-Down");
}

/* Run the tests. */
/* Decode s with replies expected, flushing (escape-time) between every
 * byte, then stop expecting; return the event text. */
static char *
run_expecting(const char *s, size_t len)
{
	static struct log	 l;
	struct input		*in = input_create();
	size_t			 i;

	memset(&l, 0, sizeof l);
	input_expect_replies(in, 1);
	for (i = 0; i < len; i++) {
		input_parse(in, s + i, 1, emit, &l);
		input_flush(in, emit, &l);
	}
	input_expect_replies(in, 0);
	input_parse(in, NULL, 0, emit, &l);
	input_flush(in, emit, &l);
	input_free(in);
	return (l.text);
}

/* OSC 52 clipboard answers (refresh-client -l): the base64 after the
 * selection, BEL or ST ended, longer than other replies may be, whole or
 * a byte at a time while replies are expected; one without a selection
 * is dropped. */
static void
test_clipboard_replies(void **state)
{
	static char	big[8192];
	size_t		n;
	int		held;
	char		*got;

	got = run_whole("\033]52;c;aGVsbG8=\007x", 17, &held);
	assert_string_equal(got, "B:aGVsbG8= x");
	free(got);
	got = run_whole("\033]52;;d29ybGQ=\033\\y", 17, &held);
	assert_string_equal(got, "B:d29ybGQ= y");
	free(got);
	assert_string_equal(run_expecting("\033]52;c;aGVsbG8=\007x", 17),
	    "B:aGVsbG8= x");
	got = run_whole("\033]52;c\007z", 8, &held);
	assert_string_equal(got, "z");
	free(got);
	n = (size_t)snprintf(big, sizeof big, "\033]52;c;");
	memset(big + n, 'A', 6000);
	n += 6000;
	big[n++] = '\007';
	got = run_whole(big, n, &held);
	assert_string_equal(got, "B#6000");
	free(got);
}

/* OSC 10/11 replies from the terminal are colours, never keys. */
static void
test_colour_replies(void **state)
{
	static const char	bel[] = "a\033]11;rgb:0000/1111/ffff\007b";
	static const char	st[] = "\033]10;rgb:ff/80/0\033\\c";
	static const char	other[] = "\033]52;c;?\007\033]4;1;rgb:1/2/3\007d";
	static struct log	l;
	struct input		*in;
	int			held;
	char			*got;

	got = run_whole(bel, sizeof bel - 1, &held);
	assert_string_equal(got, "a C:11:0000/1111/ffff b");
	free(got);
	got = run_whole(other, sizeof other - 1, &held);
	assert_string_equal(got, "B:? d");
	free(got);
	got = run_whole(st, sizeof st - 1, &held);
	assert_string_equal(got, "C:10:ffff/8080/0000 c");
	free(got);
	got = run_whole("\033]11;#abc\007", 10, &held);
	assert_string_equal(got, "C:11:a000/b000/c000");
	free(got);
	/* Not a colour: dropped. */
	got = run_whole("\033]11;what\007e", 11, &held);
	assert_string_equal(got, "e");
	free(got);

	/* While replies are expected, escape-time does not cut one. */
	assert_string_equal(run_expecting(bel, sizeof bel - 1),
	    "a C:11:0000/1111/ffff b");
	assert_string_equal(run_expecting(st, sizeof st - 1),
	    "C:10:ffff/8080/0000 c");
	/* When they no longer are, what is held is keys. */
	assert_string_equal(run_expecting("\033]1", 3), "M-] 1");
	/* Otherwise M-] is M-] at once, and a control byte or ESC inside
	 * ends what cannot be a reply. */
	got = run_whole("\033]x", 3, &held);
	assert_string_equal(got, "M-] x");
	free(got);
	assert_string_equal(run_expecting("\033]1\001", 4), "M-] 1 C-a");
	l.text[0] = '\0';
	in = input_create();
	input_expect_replies(in, 1);
	input_parse(in, "\033]1\033[A", 6, emit, &l);
	assert_string_equal(l.text, "M-] 1 Up");
	input_free(in);
}

/* The terminal's answers to "who are you" (XTVERSION, DA2): reported, never
 * keys, whole or split at any byte, a byte at a time with escape-time
 * passing after each (while answers are expected, as the server does). */
static void
test_identity_replies(void **state)
{
	static const char	xt[] = "a\033P>|kitty(0.26.5)\033\\b";
	static const char	da2[] = "\033[>1;4000;21cx";
	static const char	both[] = "\033P>|tmux 3.3a\033\\\033[>84;0;0c";
	static const char	other[] = "\033P1$r0m\033\\\033[?62;22c"
	    "\033[?1uz";
	struct log		 l;
	struct input		*in;
	size_t			 k;
	char			*got;
	int			 held;

	(void)state;
	no_terminfo(NULL);
	assert_string_equal(run_expecting(xt, sizeof xt - 1),
	    "a X:kitty(0.26.5) b");
	assert_string_equal(run_expecting(da2, sizeof da2 - 1),
	    "D:1,4000,21 x");
	assert_string_equal(run_expecting(both, sizeof both - 1),
	    "X:tmux 3.3a D:84,0,0");
	/* DA1 answers are reported; other answers (DECRQSS, the kitty
	 * keyboard flags) are dropped. */
	assert_string_equal(run_expecting(other, sizeof other - 1), "A z");
	EXPECT("\033[?1;2cb", "A b");
	EXPECT("\033[>1;4000;21cx", "D:1,4000,21 x");
	EXPECT("\033[>0c", "D:0,0,0");
	for (k = 1; k < sizeof both - 1; k++) {
		memset(&l, 0, sizeof l);
		in = input_create();
		input_expect_replies(in, 1);
		input_parse(in, both, k, emit, &l);
		input_flush(in, emit, &l);
		input_parse(in, both + k, sizeof both - 1 - k, emit, &l);
		input_free(in);
		if (strcmp(l.text, "X:tmux 3.3a D:84,0,0") != 0)
			fail_msg("split at %zu: %s", k, l.text);
	}
	/* With no answer expected, ESC P is M-P as always; a whole
	 * XTVERSION answer is still one. */
	got = run_whole("\033Px", 3, &held);
	assert_string_equal(got, "M-P x");
	free(got);
	got = run_whole(xt, sizeof xt - 1, &held);
	assert_string_equal(got, "a X:kitty(0.26.5) b");
	free(got);
	/* An answer that stops arriving is keys once no longer expected. */
	assert_string_equal(run_expecting("\033P>|ki", 6), "M-P > | k i");
}

/* A DA1 answer split anywhere after "ESC [ ?" survives escape-time while
 * DA1 answers are expected; a lone ESC is still Escape at escape-time. */
static void
test_da1_split(void **state)
{
	static const char	 da1[] = "\033[?62;22cx";
	struct log		 l;
	struct input		*in;
	size_t			 k;

	(void)state;
	no_terminfo(NULL);
	for (k = 3; k < sizeof da1 - 1; k++) {
		memset(&l, 0, sizeof l);
		in = input_create();
		input_expect_da1(in, 1);
		input_parse(in, da1, k, emit, &l);
		input_flush(in, emit, &l);
		input_parse(in, da1 + k, sizeof da1 - 1 - k, emit, &l);
		input_free(in);
		if (strcmp(l.text, "A x") != 0)
			fail_msg("split at %zu: %s", k, l.text);
	}
	memset(&l, 0, sizeof l);
	in = input_create();
	input_expect_da1(in, 1);
	input_parse(in, "\033", 1, emit, &l);
	input_flush(in, emit, &l);
	input_free(in);
	assert_string_equal(l.text, "Escape");
	/* Not expected: the unfinished answer is keys at escape-time. */
	memset(&l, 0, sizeof l);
	in = input_create();
	input_parse(in, "\033[?6", 4, emit, &l);
	input_flush(in, emit, &l);
	input_free(in);
	assert_string_not_equal(l.text, "");
}

/* What a terminal sends once asked for the kitty keyboard protocol's
 * disambiguated keys (CSI > 1 u). */
static void
test_kitty_keys(void **state)
{
	(void)state;
	no_terminfo(NULL);
	EXPECT("\033[27u\033[27;3u", "Escape M-Escape");
	EXPECT("\033[13;5u\033[13;6u\033[13;3u", "C-Enter C-S-Enter M-Enter");
	EXPECT("\033[9;5u\033[9;2u\033[127;5u", "C-Tab BTab C-BSpace");
	EXPECT("\033[97;5u\033[97;7u\033[97;6u\033[32;5u",
	    "C-a M-C-a S-C-a C-Space");
	/* Caps Lock and Num Lock (64, 128) are not modifiers of the key. */
	EXPECT("\033[97;69u\033[97;133u", "C-a C-a");
	/* The keypad and the keys with no character have private-use
	 * numbers: the keypad is mapped, the others dropped. */
	EXPECT("\033[57414u\033[57399;5u\033[57410u\033[57419u",
	    "KPEnter C-KP0 KP/ Up");
	EXPECT("\033[57441u\033[57376ux", "x");
	/* An event type after the modifiers (":1" press) changes nothing. */
	EXPECT("\033[13;5:1u", "C-Enter");
}

/* The live upgrade: a decoder saved after k bytes (or from inside the
 * first event, as a key that runs server-upgrade does) and loaded into a
 * new one decodes the rest as the first would have. */
struct carry {
	struct log	 l;
	struct input	*in;
	struct pbuf	 saved;
	int		 save_in_event;
};

static void
carry_emit(const struct input_event *ev, void *arg)
{
	struct carry	*cy = arg;

	emit(ev, &cy->l);
	if (cy->save_in_event) {
		cy->save_in_event = 0;
		input_save(cy->in, &cy->saved);
		input_stop(cy->in, 1);	/* the old server goes no further */
	}
}

static void
expect_carry(const char *s, size_t len, const char *want)
{
	struct carry	 cy;
	struct preader	 pr;
	struct input	*in2;
	size_t		 k;
	int		 inside;

	for (inside = 0; inside < 2; inside++) {
		for (k = 0; k <= len; k++) {
			memset(&cy, 0, sizeof cy);
			pbuf_init(&cy.saved);
			cy.in = input_create();
			cy.save_in_event = inside;
			input_parse(cy.in, s, inside ? len : k, carry_emit,
			    &cy);
			if (!inside)
				input_save(cy.in, &cy.saved);
			else if (cy.saved.len == 0)
				input_save(cy.in, &cy.saved);
			input_free(cy.in);
			in2 = input_create();
			pr_init(&pr, cy.saved.data, cy.saved.len);
			assert_int_equal(input_load(in2, &pr), 0);
			assert_true(pr_done(&pr));
			cy.in = in2;
			if (!inside)
				input_parse(in2, s + k, len - k, carry_emit,
				    &cy);
			else
				input_parse(in2, NULL, 0, carry_emit, &cy);
			input_flush(in2, carry_emit, &cy);
			input_free(in2);
			pbuf_free(&cy.saved);
			if (strcmp(cy.l.text, want) != 0)
				fail_msg("%s %zu: got \"%s\", want \"%s\"",
				    inside ? "inside" : "split", k, cy.l.text,
				    want);
			if (inside)
				break;
		}
	}
}

static void
test_upgrade_carry(void **state)
{
	static const char	seq[] = "a\033[1;5A\033[200~pasted\033[201~b";
	static const char	bad[] = "\001\002\003\004\005";
	struct input		*in = input_create();
	struct preader		 pr;

	(void)state;
	expect_carry(seq, sizeof seq - 1, "a C-Up P:pasted b");
	/* A record that does not hold together is refused. */
	pr_init(&pr, bad, sizeof bad - 1);
	assert_int_equal(input_load(in, &pr), -1);
	input_free(in);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_colour_replies, no_terminfo),
		cmocka_unit_test_setup(test_clipboard_replies, no_terminfo),
		cmocka_unit_test_setup(test_text, no_terminfo),
		cmocka_unit_test_setup(test_utf8_wait, no_terminfo),
		cmocka_unit_test_setup(test_escape, no_terminfo),
		cmocka_unit_test(test_cursor_keys),
		cmocka_unit_test(test_tilde_keys),
		cmocka_unit_test(test_keypad),
		cmocka_unit_test(test_extended_keys),
		cmocka_unit_test(test_mouse),
		cmocka_unit_test_setup(test_focus, no_terminfo),
		cmocka_unit_test(test_paste),
		cmocka_unit_test_setup(test_paste_big, no_terminfo),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_terminfo_keys),
		cmocka_unit_test(test_key_strings),
		cmocka_unit_test(test_mixed),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_identity_replies),
		cmocka_unit_test(test_da1_split),
		cmocka_unit_test(test_kitty_keys),
		cmocka_unit_test(test_upgrade_carry),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
