/*
 * Processes: every child the bench starts, in a pty or with pipes, in its
 * own process group, with a deadline on every wait, and gone when the bench
 * exits, whether it ends normally, fails, or is interrupted.
 *
 * How "gone" is made sure of: the bench makes itself a child subreaper
 * (PR_SET_CHILD_SUBREAPER), so a server that daemonises (fork, setsid, the
 * parent exits) is reparented to the bench instead of init, and so are the
 * programs in a server's panes when the server dies. Cleanup kills each
 * process group the bench started, then, until no child is left, every
 * process whose parent is the bench (found by reading /proc), and reaps
 * them. Cleanup runs from atexit, from bench_fail, and from the handlers of
 * SIGINT, SIGTERM, SIGHUP, SIGQUIT and of crashes; it uses only
 * async-signal-safe calls (kill, waitpid, open/read/getdents64, unlinkat).
 * The private temporary directory (sockets, workload files) goes with it.
 */
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#define PROC_MAX	1024

struct proc_slot {
	pid_t		pid;
	int		done;
	int		status;
};

static struct proc_slot	 procs[PROC_MAX];
static int		 nprocs;
static pid_t		 main_pid;
static char		 tmpdir[256];
static volatile sig_atomic_t cleaned;

static const int	 exit_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static const int	 crash_signals[] = { SIGABRT, SIGSEGV, SIGBUS, SIGFPE };

/* CLOCK_MONOTONIC in ns: one clock for every process on the machine. */
uint64_t
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec);
}

/* Sleep ns, through signals. */
void
sleep_ns(uint64_t ns)
{
	struct timespec	ts = { (time_t)(ns / 1000000000ULL),
	    (long)(ns % 1000000000ULL) };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

/* Signal-safe write of a string to stderr. */
static void
say(const char *s)
{
	(void)!write(STDERR_FILENO, s, strlen(s));
}

/* Signal-safe: the parent pid from /proc/PID/stat (after the last ')'). */
static pid_t
stat_ppid(const char *pid)
{
	char	path[64], buf[512], *p, *end = NULL;
	int	fd;
	ssize_t	n;
	pid_t	ppid = 0;
	size_t	i;

	strcpy(path, "/proc/");
	strncat(path, pid, 32);
	strcat(path, "/stat");
	if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
		return (-1);
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return (-1);
	buf[n] = '\0';
	for (i = 0; i < (size_t)n; i++) {
		if (buf[i] == ')')
			end = buf + i;
	}
	if (end == NULL || end[1] != ' ' || end[2] == '\0' || end[3] != ' ')
		return (-1);
	for (p = end + 4; *p >= '0' && *p <= '9'; p++)
		ppid = ppid * 10 + (*p - '0');
	return (ppid);
}

/* Signal-safe: kill every process whose parent is the bench; returns how
 * many were found. */
static int
kill_children(void)
{
	char			 dents[8192];
	struct dirent64		*d;
	long			 n, off;
	int			 fd, found = 0;
	pid_t			 pid;
	const char		*p;

	if ((fd = open("/proc", O_RDONLY|O_DIRECTORY|O_CLOEXEC)) == -1)
		return (0);
	while ((n = syscall(SYS_getdents64, fd, dents, sizeof dents)) > 0) {
		for (off = 0; off < n; off += d->d_reclen) {
			d = (struct dirent64 *)(dents + off);
			if (d->d_name[0] < '0' || d->d_name[0] > '9')
				continue;
			if (stat_ppid(d->d_name) != main_pid)
				continue;
			pid = 0;
			for (p = d->d_name; *p != '\0'; p++)
				pid = pid * 10 + (*p - '0');
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			found++;
		}
	}
	close(fd);
	return (found);
}

/* Signal-safe recursive removal of a directory's contents, then itself. */
static void
remove_tree(int parent, const char *name, int depth)
{
	char		 dents[4096];
	struct dirent64	*d;
	long		 n, off;
	int		 fd;

	if (depth > 8)
		return;
	fd = openat(parent, name, O_RDONLY|O_DIRECTORY|O_NOFOLLOW|O_CLOEXEC);
	if (fd != -1) {
		while ((n = syscall(SYS_getdents64, fd, dents,
		    sizeof dents)) > 0) {
			for (off = 0; off < n; off += d->d_reclen) {
				d = (struct dirent64 *)(dents + off);
				if (strcmp(d->d_name, ".") == 0 ||
				    strcmp(d->d_name, "..") == 0)
					continue;
				if (d->d_type == DT_DIR)
					remove_tree(fd, d->d_name, depth + 1);
				else
					unlinkat(fd, d->d_name, 0);
			}
		}
		close(fd);
	}
	unlinkat(parent, name, AT_REMOVEDIR);
}

/* Stop every process the bench started and remove its files. */
void
proc_cleanup(void)
{
	struct timespec	 slice = { 0, 2000000 };
	int		 i, status, tries;
	pid_t		 w;

	if (cleaned || main_pid == 0 || getpid() != main_pid)
		return;
	cleaned = 1;
	for (i = 0; i < nprocs; i++) {
		if (!procs[i].done) {
			kill(-procs[i].pid, SIGKILL);
			kill(procs[i].pid, SIGKILL);
		}
	}
	/* 2,500 slices of 2 ms: at most about 5 s. */
	for (tries = 0; tries < 2500; tries++) {
		kill_children();
		while ((w = waitpid(-1, &status, WNOHANG)) > 0)
			;
		if (w == -1 && errno == ECHILD)
			break;
		nanosleep(&slice, NULL);
	}
	if (tries == 2500)
		say("mux-bench: some child processes did not exit\n");
	if (tmpdir[0] != '\0')
		remove_tree(AT_FDCWD, tmpdir, 0);
}

/* SIGINT and friends: clean up, exit 128 + signal. */
static void
on_exit_signal(int sig)
{
	say("\nmux-bench: interrupted; stopping every process it started\n");
	proc_cleanup();
	_exit(128 + sig);
}

/* A crash: clean up, then die of the signal. */
static void
on_crash_signal(int sig)
{
	say("mux-bench: crashed; stopping every process it started\n");
	proc_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

/* atexit (and sanitizer death): clean up. */
static void
at_exit(void)
{
	proc_cleanup();
}

/* Present when built with a sanitizer, whose reports end in _exit. */
void	__sanitizer_set_death_callback(void (*)(void))
	    __attribute__((weak));

/* Temporary directory, signal handlers, subreaper. */
void
proc_init(void)
{
	struct sigaction	 sa;
	const char		*base;
	size_t			 i;

	main_pid = getpid();
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) == -1)
		bench_note("prctl(PR_SET_CHILD_SUBREAPER) failed (%s): a "
		    "daemonised server can only be stopped by kill-server",
		    strerror(errno));

	/* Keep socket paths short: sun_path holds 108 bytes. */
	base = getenv("TMPDIR");
	if (base == NULL || *base != '/' || strlen(base) > 60)
		base = "/tmp";
	snprintf(tmpdir, sizeof tmpdir, "%s/mux-bench.XXXXXX", base);
	if (mkdtemp(tmpdir) == NULL)
		bench_fail("mkdtemp %s: %s", tmpdir, strerror(errno));

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof exit_signals / sizeof exit_signals[0]; i++)
		sigaddset(&sa.sa_mask, exit_signals[i]);
	sa.sa_handler = on_exit_signal;
	for (i = 0; i < sizeof exit_signals / sizeof exit_signals[0]; i++)
		sigaction(exit_signals[i], &sa, NULL);
	sa.sa_handler = on_crash_signal;
	for (i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
		sigaction(crash_signals[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	atexit(at_exit);
	if (__sanitizer_set_death_callback != NULL)
		__sanitizer_set_death_callback(at_exit);
}

/* The private temporary directory. */
const char *
proc_tmpdir(void)
{
	return (tmpdir);
}

/* Block the exit signals around fork so a child never runs the handler. */
static void
block_signals(sigset_t *old)
{
	sigset_t	set;
	size_t		i;

	sigemptyset(&set);
	for (i = 0; i < sizeof exit_signals / sizeof exit_signals[0]; i++)
		sigaddset(&set, exit_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* In a new child: default dispositions, then the parent's mask. */
static void
child_signals(const sigset_t *old)
{
	size_t	i;

	for (i = 0; i < sizeof exit_signals / sizeof exit_signals[0]; i++)
		signal(exit_signals[i], SIG_DFL);
	for (i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
		signal(crash_signals[i], SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	sigprocmask(SIG_SETMASK, old, NULL);
}

/* Remember a child. */
static void
add_proc(pid_t pid)
{
	int	i;

	for (i = 0; i < nprocs; i++) {
		if (procs[i].done) {
			procs[i].pid = pid;
			procs[i].done = 0;
			return;
		}
	}
	if (nprocs == PROC_MAX)
		bench_fail("too many child processes");
	procs[nprocs].pid = pid;
	procs[nprocs].done = 0;
	nprocs++;
}

/* The slot of a child, or NULL. */
static struct proc_slot *
find_proc(pid_t pid)
{
	int	i;

	for (i = 0; i < nprocs; i++) {
		if (procs[i].pid == pid)
			return (&procs[i]);
	}
	return (NULL);
}

/* Spawn argv in a new pty (its own session and process group). */
pid_t
proc_spawn_pty(char *const argv[], unsigned int cols, unsigned int rows,
    int *master)
{
	struct winsize	ws;
	sigset_t	old;
	pid_t		pid;
	int		fd;

	memset(&ws, 0, sizeof ws);
	ws.ws_col = cols;
	ws.ws_row = rows;
	block_signals(&old);
	pid = forkpty(&fd, NULL, NULL, &ws);
	if (pid == -1) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		bench_fail("forkpty for %s: %s", argv[0], strerror(errno));
	}
	if (pid == 0) {
		child_signals(&old);
		execvp(argv[0], argv);
		dprintf(STDERR_FILENO, "mux-bench: cannot run %s: %s\r\n",
		    argv[0], strerror(errno));
		_exit(127);
	}
	add_proc(pid);
	sigprocmask(SIG_SETMASK, &old, NULL);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	*master = fd;
	return (pid);
}

/* Spawn argv in the background: its own session, /dev/null for its
 * standard input, output and error. */
pid_t
proc_spawn(char *const argv[])
{
	sigset_t	old;
	pid_t		pid;
	int		fd;

	block_signals(&old);
	pid = fork();
	if (pid == -1) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		bench_fail("fork for %s: %s", argv[0], strerror(errno));
	}
	if (pid == 0) {
		child_signals(&old);
		setsid();
		if ((fd = open("/dev/null", O_RDWR)) != -1) {
			dup2(fd, STDIN_FILENO);
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	add_proc(pid);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return (pid);
}

/* Record the status of a pid we reaped. */
static void
note_reaped(pid_t pid, int status)
{
	struct proc_slot	*s = find_proc(pid);

	if (s != NULL && !s->done) {
		s->done = 1;
		s->status = status;
	}
}

/* Reap what has exited, keeping the status of our children. */
void
proc_reap(void)
{
	int	status;
	pid_t	w;

	while ((w = waitpid(-1, &status, WNOHANG)) > 0)
		note_reaped(w, status);
}

/* Is pid a zombie (or gone)? */
static int
proc_zombie(pid_t pid)
{
	char	path[64], buf[512], *p;
	FILE	*f;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((f = fopen(path, "re")) == NULL)
		return (1);
	if (fgets(buf, sizeof buf, f) == NULL) {
		fclose(f);
		return (1);
	}
	fclose(f);
	p = strrchr(buf, ')');
	return (p == NULL || p[1] == '\0' || p[2] == 'Z' || p[2] == 'X');
}

/* Is pid running (not gone, not a zombie)? */
int
proc_alive(pid_t pid)
{
	if (pid <= 0)
		return (0);
	proc_reap();
	if (kill(pid, 0) == -1 && errno == ESRCH)
		return (0);
	return (!proc_zombie(pid));
}

/* Wait up to timeout for pid to exit. */
int
proc_wait(pid_t pid, double timeout, int *status)
{
	struct proc_slot	*s;
	uint64_t		 end = now_ns() + (uint64_t)(timeout * 1e9);
	int			 st;
	pid_t			 w;

	for (;;) {
		s = find_proc(pid);
		if (s != NULL && s->done) {
			if (status != NULL)
				*status = s->status;
			return (0);
		}
		w = waitpid(pid, &st, WNOHANG);
		if (w == pid) {
			note_reaped(pid, st);
			if (status != NULL)
				*status = st;
			return (0);
		}
		if (w == -1 && errno == ECHILD) {
			/* Not ours (yet): gone when /proc says so. */
			if (!proc_alive(pid)) {
				if (status != NULL)
					*status = 0;
				return (0);
			}
		}
		if (now_ns() > end)
			return (-1);
		sleep_ns(300000);
	}
}

/* Kill pid and its group, and wait for it. */
void
proc_kill(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	if (proc_wait(pid, 5, NULL) != 0)
		bench_note("process %ld did not die after SIGKILL", (long)pid);
}

/* Append what is readable on fd to b; returns 0 at EOF, 1 otherwise. */
static int
drain_into(int fd, struct buf *b)
{
	char	tmp[8192];
	ssize_t	n;

	for (;;) {
		n = read(fd, tmp, sizeof tmp);
		if (n > 0) {
			if (b != NULL)
				buf_add(b, tmp, n);
			continue;
		}
		if (n == 0)
			return (0);
		if (errno == EINTR)
			continue;
		return (errno == EAGAIN ? 1 : 0);
	}
}

/* Run a command with pipes and a deadline. */
int
proc_run(char *const argv[], double timeout, struct buf *out,
    struct buf *err, char *why, size_t whylen)
{
	struct pollfd	 pfd[2];
	int		 po[2], pe[2], devnull, status = 0, open_o, open_e;
	int		 exited = 0;
	uint64_t	 end = now_ns() + (uint64_t)(timeout * 1e9);
	sigset_t	 old;
	pid_t		 pid;

	if (pipe2(po, O_CLOEXEC) == -1 || pipe2(pe, O_CLOEXEC) == -1)
		bench_fail("pipe: %s", strerror(errno));
	block_signals(&old);
	pid = fork();
	if (pid == -1) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		bench_fail("fork: %s", strerror(errno));
	}
	if (pid == 0) {
		child_signals(&old);
		setpgid(0, 0);
		devnull = open("/dev/null", O_RDWR);
		dup2(devnull, STDIN_FILENO);
		dup2(po[1], STDOUT_FILENO);
		dup2(pe[1], STDERR_FILENO);
		execvp(argv[0], argv);
		dprintf(STDERR_FILENO, "cannot run %s: %s\n", argv[0],
		    strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);
	add_proc(pid);
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(po[1]);
	close(pe[1]);
	fcntl(po[0], F_SETFL, O_NONBLOCK);
	fcntl(pe[0], F_SETFL, O_NONBLOCK);
	open_o = open_e = 1;

	/*
	 * Read until the child has exited. A daemon it forked may keep the
	 * pipes open, so the end is the child's exit, not EOF: poll in short
	 * slices and check for the exit between them.
	 */
	while (!exited) {
		pfd[0].fd = open_o ? po[0] : -1;
		pfd[0].events = POLLIN;
		pfd[1].fd = open_e ? pe[0] : -1;
		pfd[1].events = POLLIN;
		if (open_o || open_e)
			poll(pfd, 2, 2);
		else
			sleep_ns(200000);
		if (open_o)
			open_o = drain_into(po[0], out);
		if (open_e)
			open_e = drain_into(pe[0], err);
		if (proc_wait(pid, 0, &status) == 0)
			exited = 1;
		else if (now_ns() > end) {
			kill(-pid, SIGKILL);
			proc_wait(pid, 5, NULL);
			close(po[0]);
			close(pe[0]);
			snprintf(why, whylen, "timed out after %.0f s",
			    timeout);
			return (-1);
		}
	}
	if (open_o)
		drain_into(po[0], out);
	if (open_e)
		drain_into(pe[0], err);
	close(po[0]);
	close(pe[0]);
	if (WIFEXITED(status)) {
		if (WEXITSTATUS(status) == 127 && err != NULL &&
		    strncmp(buf_str(err), "cannot run", 10) == 0) {
			snprintf(why, whylen, "%s", buf_str(err));
			return (-1);
		}
		return (WEXITSTATUS(status));
	}
	return (128 + WTERMSIG(status));
}

/* One non-blocking read. */
ssize_t
proc_read(int fd, char *buf, size_t len)
{
	ssize_t	n;

	for (;;) {
		n = read(fd, buf, len);
		if (n >= 0)
			return (n);
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN)
			return (-1);
		return (0);	/* EIO: the other side of the pty is gone */
	}
}

/* Write everything, waiting up to timeout. */
int
proc_write(int fd, const void *buf, size_t len, double timeout)
{
	const char	*p = buf;
	struct pollfd	 pfd;
	uint64_t	 end = now_ns() + (uint64_t)(timeout * 1e9);
	ssize_t		 n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n > 0) {
			p += n;
			len -= n;
			continue;
		}
		if (n == -1 && errno != EAGAIN && errno != EINTR)
			return (-1);
		if (now_ns() > end)
			return (-1);
		pfd.fd = fd;
		pfd.events = POLLOUT;
		poll(&pfd, 1, 10);
	}
	return (0);
}

/* Read a small /proc file into buf; returns its length or -1. */
static ssize_t
read_small(const char *path, char *buf, size_t len)
{
	ssize_t	n;
	int	fd;

	if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
		return (-1);
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return (-1);
	buf[n] = '\0';
	return (n);
}

/* The value after "key" in a "key: value" file. */
static int64_t
status_field(const char *text, const char *key)
{
	const char	*p = strstr(text, key);

	if (p == NULL)
		return (-1);
	return (strtoll(p + strlen(key), NULL, 10));
}

/* CPU time of every thread of pid, ns. */
int64_t
proc_cpu_ns(pid_t pid)
{
	char		 path[600], buf[1024], *p;
	DIR		*d;
	struct dirent	*de;
	int64_t		 sum = 0;
	int		 found = 0, i;

	/* schedstat: on-CPU time in ns per thread; sum the threads. */
	snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
	if ((d = opendir(path)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (!isdigit((unsigned char)de->d_name[0]))
				continue;
			snprintf(path, sizeof path,
			    "/proc/%ld/task/%s/schedstat",
			    (long)pid, de->d_name);
			if (read_small(path, buf, sizeof buf) > 0) {
				sum += strtoll(buf, NULL, 10);
				found = 1;
			}
		}
		closedir(d);
	}
	if (found)
		return (sum);

	/* Else utime + stime from stat, in clock ticks. */
	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if (read_small(path, buf, sizeof buf) <= 0 ||
	    (p = strrchr(buf, ')')) == NULL)
		return (-1);
	for (i = 0; i < 12 && p != NULL; i++)	/* fields 3..14 */
		p = strchr(p + 1, ' ');
	if (p == NULL)
		return (-1);
	sum = strtoll(p + 1, &p, 10);
	sum += strtoll(p, NULL, 10);
	return (sum * (1000000000LL / sysconf(_SC_CLK_TCK)));
}

/* Context switches of every thread of pid. */
int64_t
proc_ctxt_switches(pid_t pid)
{
	char		 path[600], buf[4096];
	DIR		*d;
	struct dirent	*de;
	int64_t		 sum = 0, v;
	int		 found = 0;

	snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
	if ((d = opendir(path)) == NULL)
		return (-1);
	while ((de = readdir(d)) != NULL) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof path, "/proc/%ld/task/%s/status",
		    (long)pid, de->d_name);
		if (read_small(path, buf, sizeof buf) <= 0)
			continue;
		if ((v = status_field(buf, "\nvoluntary_ctxt_switches:")) >= 0)
			sum += v;
		if ((v = status_field(buf, "nonvoluntary_ctxt_switches:")) >= 0)
			sum += v;
		found = 1;
	}
	closedir(d);
	return (found ? sum : -1);
}

/* Resident memory of pid, KiB. */
int64_t
proc_rss_kib(pid_t pid)
{
	char	path[64], buf[4096];

	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	if (read_small(path, buf, sizeof buf) <= 0)
		return (-1);
	return (status_field(buf, "VmRSS:"));
}

/*
 * The server of a UNIX socket: find the listening socket's inode for path
 * in /proc/net/unix (the line with the path and the __SO_ACCEPTCON flag
 * 0x10000), then the processes with an fd on "socket:[inode]". If several
 * hold it (a pane's program may inherit it), the one whose parent does not
 * hold it is the server.
 */
pid_t
proc_socket_owner(const char *path)
{
	FILE		*f;
	char		 line[1024], want[64], link[128], fdpath[600];
	char		 p_path[600];
	unsigned long	 flags, inode = 0;
	DIR		*d, *fdd;
	struct dirent	*de, *fe;
	pid_t		 holders[64], pid, best = 0;
	int		 nholders = 0, i, j, parent_holds;
	ssize_t		 n;

	if ((f = fopen("/proc/net/unix", "re")) == NULL)
		return (0);
	while (fgets(line, sizeof line, f) != NULL) {
		p_path[0] = '\0';
		if (sscanf(line, "%*s %*s %*s %lx %*s %*s %lu %599s", &flags,
		    &inode, p_path) == 3 && strcmp(p_path, path) == 0 &&
		    (flags & 0x10000))
			break;
		inode = 0;
	}
	fclose(f);
	if (inode == 0)
		return (0);
	snprintf(want, sizeof want, "socket:[%lu]", inode);

	if ((d = opendir("/proc")) == NULL)
		return (0);
	while ((de = readdir(d)) != NULL && nholders < 64) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(fdpath, sizeof fdpath, "/proc/%s/fd", de->d_name);
		if ((fdd = opendir(fdpath)) == NULL)
			continue;
		while ((fe = readdir(fdd)) != NULL) {
			snprintf(fdpath, sizeof fdpath, "/proc/%s/fd/%s",
			    de->d_name, fe->d_name);
			n = readlink(fdpath, link, sizeof link - 1);
			if (n <= 0)
				continue;
			link[n] = '\0';
			if (strcmp(link, want) == 0) {
				holders[nholders++] = atol(de->d_name);
				break;
			}
		}
		closedir(fdd);
	}
	closedir(d);
	for (i = 0; i < nholders; i++) {
		char	num[32];

		snprintf(num, sizeof num, "%ld", (long)holders[i]);
		pid = stat_ppid(num);
		parent_holds = 0;
		for (j = 0; j < nholders; j++) {
			if (holders[j] == pid)
				parent_holds = 1;
		}
		if (!parent_holds) {
			best = holders[i];
			break;
		}
	}
	return (best);
}
