/*
 * The option definitions: every option of tmux 3.3a with its name, scope,
 * type and default, in tmux's order (show-options lists them so), plus
 * mux's own (frame-interval, save-interval, save-history-lines,
 * resurrect-commands). Where mux's default differs from tmux's the
 * manual says so and why (OPTIONS, "Deliberate differences").
 */
#include <limits.h>
#include <stddef.h>

#include "model/options.h"
#include "model/options-int.h"

static const char *const on_off[] = { "off", "on", NULL };
static const char *const mode_keys_choices[] = { "emacs", "vi", NULL };
static const char *const clock_mode_style_choices[] = { "12", "24", NULL };
static const char *const status_choices[] = {
	"off", "on", "2", "3", "4", "5", NULL
};
static const char *const status_justify_choices[] = {
	"left", "centre", "right", "absolute-centre", NULL
};
static const char *const status_position_choices[] = {
	"top", "bottom", NULL
};
static const char *const bell_action_choices[] = {
	"none", "any", "current", "other", NULL
};
static const char *const visual_bell_choices[] = {
	"off", "on", "both", NULL
};
static const char *const cursor_style_choices[] = {
	"default", "blinking-block", "block", "blinking-underline",
	"underline", "blinking-bar", "bar", NULL
};
static const char *const pane_status_choices[] = {
	"off", "top", "bottom", NULL
};
static const char *const pane_border_indicators_choices[] = {
	"off", "colour", "arrows", "both", NULL
};
static const char *const pane_border_lines_choices[] = {
	"single", "double", "heavy", "simple", "number", NULL
};
static const char *const popup_border_lines_choices[] = {
	"single", "double", "heavy", "simple", "rounded", "padded", "none",
	NULL
};
static const char *const set_clipboard_choices[] = {
	"off", "external", "on", NULL
};
static const char *const window_size_choices[] = {
	"largest", "smallest", "manual", "latest", NULL
};
static const char *const remain_on_exit_choices[] = {
	"off", "on", "failed", NULL
};
static const char *const detach_on_destroy_choices[] = {
	"off", "on", "no-detached", NULL
};
static const char *const extended_keys_choices[] = {
	"off", "on", "always", NULL
};

/* tmux 3.3a's two status lines (status 2 shows the second). */
#define STATUS_FORMAT_0 \
	"#[align=left range=left #{E:status-left-style}]#[push-default]" \
	"#{T;=/#{status-left-length}:status-left}#[pop-default]" \
	"#[norange default]#[list=on align=#{status-justify}]" \
	"#[list=left-marker]<#[list=right-marker]>#[list=on]" \
	"#{W:#[range=window|#{window_index} #{E:window-status-style}" \
	"#{?#{&&:#{window_last_flag}," \
	"#{!=:#{E:window-status-last-style},default}}, " \
	"#{E:window-status-last-style},}" \
	"#{?#{&&:#{window_bell_flag}," \
	"#{!=:#{E:window-status-bell-style},default}}, " \
	"#{E:window-status-bell-style}," \
	"#{?#{&&:#{||:#{window_activity_flag},#{window_silence_flag}}," \
	"#{!=:#{E:window-status-activity-style},default}}, " \
	"#{E:window-status-activity-style},}}]" \
	"#[push-default]#{T:window-status-format}#[pop-default]" \
	"#[norange default]#{?window_end_flag,,#{window-status-separator}}," \
	"#[range=window|#{window_index} list=focus " \
	"#{?#{!=:#{E:window-status-current-style},default}," \
	"#{E:window-status-current-style},#{E:window-status-style}}" \
	"#{?#{&&:#{window_last_flag}," \
	"#{!=:#{E:window-status-last-style},default}}, " \
	"#{E:window-status-last-style},}" \
	"#{?#{&&:#{window_bell_flag}," \
	"#{!=:#{E:window-status-bell-style},default}}, " \
	"#{E:window-status-bell-style}," \
	"#{?#{&&:#{||:#{window_activity_flag},#{window_silence_flag}}," \
	"#{!=:#{E:window-status-activity-style},default}}, " \
	"#{E:window-status-activity-style},}}]" \
	"#[push-default]#{T:window-status-current-format}#[pop-default]" \
	"#[norange list=on default]" \
	"#{?window_end_flag,,#{window-status-separator}}}" \
	"#[nolist align=right range=right #{E:status-right-style}]" \
	"#[push-default]#{T;=/#{status-right-length}:status-right}" \
	"#[pop-default]#[norange default]"
#define STATUS_FORMAT_1 \
	"#[align=centre]#{P:#{?pane_active,#[reverse],}#{pane_index}" \
	"[#{pane_width}x#{pane_height}]#[default] }"
const char *const options_status_format_default[] = {
	STATUS_FORMAT_0, STATUS_FORMAT_1, NULL
};

#define SRV	OPTION_SERVER
#define SES	OPTION_SESSION
#define WIN	OPTION_WINDOW

#define STR(n, sc, d, fl, t) { .name = n, .type = OPTION_STRING, \
	.scope = sc, .default_str = d, .flags = fl, .text = t }
#define ARR(n, sc, d, sep, t) { .name = n, .type = OPTION_STRING, \
	.scope = sc, .default_str = d, .flags = OPTION_F_ARRAY, \
	.separator = sep, .text = t }
#define STY(n, sc, d, fl, t) { .name = n, .type = OPTION_STRING, \
	.scope = sc, .default_str = d, .flags = OPTION_F_STYLE|(fl), \
	.separator = ",", .text = t }
#define NUM(n, sc, d, lo, hi, t) { .name = n, .type = OPTION_NUMBER, \
	.scope = sc, .default_num = d, .min = lo, .max = hi, .text = t }
#define FLG(n, sc, d, fl, t) { .name = n, .type = OPTION_FLAG, \
	.scope = sc, .default_num = d, .choices = on_off, .flags = fl, \
	.text = t }
#define CHC(n, sc, list, d, fl, t) { .name = n, .type = OPTION_CHOICE, \
	.scope = sc, .choices = list, .default_str = d, .flags = fl, \
	.text = t }
#define KEY(n, sc, d, t) { .name = n, .type = OPTION_KEY, .scope = sc, \
	.default_str = d, .text = t }
#define COL(n, sc, d, fl, t) { .name = n, .type = OPTION_COLOUR, \
	.scope = sc, .default_str = d, .flags = fl, .text = t }

#define PANE	OPTION_F_PANE

const struct option_def options_table[] = {
	/* Server options. */
	KEY("backspace", SRV, "C-?", "the key sent for the Backspace key"),
	NUM("buffer-limit", SRV, 50, 1, INT_MAX,
	    "automatic paste buffers kept"),
	ARR("command-alias", SRV, "split-pane=split-window,"
	    "splitp=split-window,server-info=show-messages -JT,"
	    "info=show-messages -JT,choose-window=choose-tree -w,"
	    "choose-session=choose-tree -s", ",",
	    "command aliases: alias=command"),
	STR("copy-command", SRV, "", 0,
	    "shell command copy-pipe runs when given none"),
	STR("default-terminal", SRV, "xterm-256color", 0,
	    "TERM inside new panes"),
	STR("editor", SRV, "/usr/bin/vi", 0, "editor run to edit files"),
	NUM("escape-time", SRV, 10, 0, INT_MAX,
	    "ms to wait after a lone Escape"),
	FLG("exit-empty", SRV, 1, 0, "exit when no sessions remain"),
	FLG("exit-unattached", SRV, 0, 0,
	    "exit when no clients are attached"),
	CHC("extended-keys", SRV, extended_keys_choices, "on", 0,
	    "ask terminals to report keys such as C-Enter distinctly"),
	FLG("focus-events", SRV, 0, 0, "pass focus events to programs"),
	STR("history-file", SRV, "", 0, "file for command prompt history"),
	NUM("message-limit", SRV, 1000, 0, INT_MAX, "messages kept"),
	NUM("prompt-history-limit", SRV, 100, 0, INT_MAX,
	    "command prompt history kept"),
	CHC("set-clipboard", SRV, set_clipboard_choices, "on", 0,
	    "OSC 52: set buffers and the terminal's clipboard"),
	ARR("terminal-overrides", SRV, "", ",",
	    "pattern:capability entries for terminals"),
	ARR("terminal-features", SRV,
	    "xterm*:clipboard:ccolour:cstyle:focus:title,screen*:title", ",",
	    "pattern:feature entries for terminals"),
	ARR("user-keys", SRV, "", ",", "sequences for keys User0 onwards"),
	NUM("frame-interval", SRV, 8, 0, 1000,
	    "ms between frames while a pane streams output (mux)"),
	NUM("save-interval", SRV, 0, 0, 525600,
	    "minutes between snapshots for mux resurrect, 0: none (mux)"),
	NUM("save-history-lines", SRV, 2000, 0, 1000000,
	    "lines of each pane's history a snapshot keeps (mux)"),
	STR("resurrect-commands", SRV,
	    "vi vim view nvim emacs man less more tail top htop irssi "
	    "weechat mutt", 0,
	    "programs mux resurrect starts again (mux)"),

	/* Session options. */
	CHC("activity-action", SES, bell_action_choices, "other", 0,
	    "which windows' activity alerts"),
	NUM("assume-paste-time", SES, 0, 0, INT_MAX,
	    "ms between keys under which input is a paste"),
	NUM("base-index", SES, 0, 0, INT_MAX, "index of the first window"),
	CHC("bell-action", SES, bell_action_choices, "any", 0,
	    "which windows' bells alert"),
	STR("default-command", SES, "", 0,
	    "command for new panes (empty: a login shell)"),
	STR("default-shell", SES, "/bin/sh", OPTION_F_SHELL,
	    "shell for new panes"),
	STR("default-size", SES, "80x24", OPTION_F_SIZE,
	    "size of new detached sessions"),
	FLG("destroy-unattached", SES, 0, 0,
	    "destroy the session when no client is attached"),
	CHC("detach-on-destroy", SES, detach_on_destroy_choices, "on", 0,
	    "detach when the session is destroyed, or switch"),
	COL("display-panes-active-colour", SES, "red", 0,
	    "colour of the active pane's number"),
	COL("display-panes-colour", SES, "blue", 0,
	    "colour of the pane numbers"),
	NUM("display-panes-time", SES, 1000, 1, INT_MAX,
	    "ms display-panes shows pane numbers"),
	NUM("display-time", SES, 750, 0, INT_MAX,
	    "ms messages stay in the status line"),
	NUM("history-limit", SES, 2000, 0, INT_MAX,
	    "history lines kept per pane"),
	STR("key-table", SES, "root", 0, "the key table keys start in"),
	NUM("lock-after-time", SES, 0, 0, INT_MAX,
	    "seconds idle before a client locks"),
	STR("lock-command", SES, "lock -np", 0, "command that locks"),
	STY("message-command-style", SES, "bg=black,fg=yellow", 0,
	    "style of the prompt in vi command mode"),
	STY("message-style", SES, "bg=yellow,fg=black", 0,
	    "style of messages and the command prompt"),
	FLG("mouse", SES, 0, 0, "mouse support"),
	KEY("prefix", SES, "C-b", "the prefix key"),
	KEY("prefix2", SES, "None", "a second prefix key"),
	FLG("renumber-windows", SES, 0, 0,
	    "renumber windows when one closes"),
	NUM("repeat-time", SES, 500, 0, SHRT_MAX,
	    "ms a repeatable binding stays armed"),
	FLG("set-titles", SES, 0, 0, "set the host terminal's title"),
	STR("set-titles-string", SES,
	    "#S:#I:#W - \"#T\" #{session_alerts}", 0, "host title format"),
	CHC("silence-action", SES, bell_action_choices, "other", 0,
	    "which windows' silence alerts"),
	CHC("status", SES, status_choices, "on", 0,
	    "status line on, off, or its number of lines"),
	COL("status-bg", SES, "default", 0,
	    "status line background (overrides status-style)"),
	COL("status-fg", SES, "default", 0,
	    "status line foreground (overrides status-style)"),
	{ .name = "status-format", .type = OPTION_STRING, .scope = SES,
	  .flags = OPTION_F_ARRAY, .text = "formats of the status lines" },
	NUM("status-interval", SES, 15, 0, INT_MAX,
	    "seconds between status line updates"),
	CHC("status-justify", SES, status_justify_choices, "left", 0,
	    "position of the window list"),
	CHC("status-keys", SES, mode_keys_choices, "emacs", 0,
	    "keys of the command prompt"),
	STR("status-left", SES, "[#{session_name}] ", 0,
	    "left side of the status line"),
	NUM("status-left-length", SES, 10, 0, SHRT_MAX,
	    "widest status-left may be"),
	STY("status-left-style", SES, "default", 0, "style of status-left"),
	CHC("status-position", SES, status_position_choices, "bottom", 0,
	    "status line at top or bottom"),
	STR("status-right", SES, "#{?window_bigger,[#{window_offset_x}#,"
	    "#{window_offset_y}] ,}\"#{=21:pane_title}\" %H:%M %d-%b-%y", 0,
	    "right side of the status line"),
	NUM("status-right-length", SES, 40, 0, SHRT_MAX,
	    "widest status-right may be"),
	STY("status-right-style", SES, "default", 0, "style of status-right"),
	STY("status-style", SES, "bg=green,fg=black", 0, "status line style"),
	ARR("update-environment", SES, "DISPLAY KRB5CCNAME SSH_ASKPASS "
	    "SSH_AUTH_SOCK SSH_AGENT_PID SSH_CONNECTION WINDOWID XAUTHORITY",
	    NULL, "variables a client's environment updates in its session"),
	CHC("visual-activity", SES, visual_bell_choices, "off", 0,
	    "a message for activity (both: and a bell)"),
	CHC("visual-bell", SES, visual_bell_choices, "off", 0,
	    "a message for a bell (both: and a bell)"),
	CHC("visual-silence", SES, visual_bell_choices, "off", 0,
	    "a message for silence (both: and a bell)"),
	STR("word-separators", SES, "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~", 0,
	    "characters that end words in copy mode"),

	/* Window options (PANE: panes may set them too). */
	COL("cursor-colour", WIN, "none", PANE, "colour of the cursor"),
	CHC("cursor-style", WIN, cursor_style_choices, "default", PANE,
	    "shape of the cursor"),
	FLG("aggressive-resize", WIN, 0, 0,
	    "size windows by the clients showing them"),
	FLG("allow-passthrough", WIN, 0, PANE,
	    "programs may pass sequences to the terminal"),
	FLG("allow-rename", WIN, 0, PANE,
	    "programs may rename the window"),
	FLG("alternate-screen", WIN, 1, PANE,
	    "programs may use the alternate screen"),
	FLG("automatic-rename", WIN, 1, 0, "name windows after their program"),
	STR("automatic-rename-format", WIN, "#{?pane_in_mode,[tmux],"
	    "#{pane_current_command}}#{?pane_dead,[dead],}", 0,
	    "the name automatic-rename gives"),
	COL("clock-mode-colour", WIN, "blue", 0, "colour of the clock"),
	CHC("clock-mode-style", WIN, clock_mode_style_choices, "24", 0,
	    "12 or 24 hour clock"),
	STY("copy-mode-match-style", WIN, "bg=cyan,fg=black", 0,
	    "style of search matches"),
	STY("copy-mode-current-match-style", WIN, "bg=magenta,fg=black", 0,
	    "style of the current search match"),
	STY("copy-mode-mark-style", WIN, "bg=red,fg=black", 0,
	    "style of the marked line"),
	STR("fill-character", WIN, "", 0,
	    "character filling unused parts of a window"),
	STR("main-pane-height", WIN, "24", 0,
	    "main pane height in main-horizontal (N or N%)"),
	STR("main-pane-width", WIN, "80", 0,
	    "main pane width in main-vertical (N or N%)"),
	CHC("mode-keys", WIN, mode_keys_choices, "emacs", 0,
	    "copy mode key table"),
	STY("mode-style", WIN, "bg=yellow,fg=black", 0,
	    "style of selections and indicators in modes"),
	FLG("monitor-activity", WIN, 0, 0, "alert on activity"),
	FLG("monitor-bell", WIN, 1, 0, "alert on a bell"),
	NUM("monitor-silence", WIN, 0, 0, INT_MAX,
	    "seconds of silence that alert (0: never)"),
	STR("other-pane-height", WIN, "0", 0,
	    "height of other panes in main-horizontal (N or N%)"),
	STR("other-pane-width", WIN, "0", 0,
	    "width of other panes in main-vertical (N or N%)"),
	STY("pane-active-border-style", WIN, "#{?pane_in_mode,fg=yellow,"
	    "#{?synchronize-panes,fg=red,fg=green}}", 0,
	    "style of the active pane's border"),
	NUM("pane-base-index", WIN, 0, 0, USHRT_MAX,
	    "index of the first pane"),
	STR("pane-border-format", WIN, "#{?pane_active,#[reverse],}"
	    "#{pane_index}#[default] \"#{pane_title}\"", PANE,
	    "text of pane border status lines"),
	CHC("pane-border-indicators", WIN, pane_border_indicators_choices,
	    "colour", 0, "how the active pane's border shows"),
	CHC("pane-border-lines", WIN, pane_border_lines_choices, "single", 0,
	    "characters of pane borders"),
	CHC("pane-border-status", WIN, pane_status_choices, "off", 0,
	    "pane border status lines"),
	STY("pane-border-style", WIN, "default", 0, "style of pane borders"),
	{ .name = "pane-colours", .type = OPTION_COLOUR, .scope = WIN,
	  .default_str = "", .flags = OPTION_F_ARRAY|PANE,
	  .text = "the pane's palette, colours 0 to 255" },
	STY("popup-style", WIN, "default", 0, "style of popups"),
	STY("popup-border-style", WIN, "default", 0,
	    "style of popup borders"),
	CHC("popup-border-lines", WIN, popup_border_lines_choices, "single", 0,
	    "characters of popup borders"),
	CHC("remain-on-exit", WIN, remain_on_exit_choices, "off", PANE,
	    "keep a pane whose program exited (failed: if it failed)"),
	STR("remain-on-exit-format", WIN, "Pane is dead (#{?#{!=:"
	    "#{pane_dead_status},},status #{pane_dead_status},}#{?#{!=:"
	    "#{pane_dead_signal},},signal #{pane_dead_signal},}, "
	    "#{t:pane_dead_time})", PANE, "what a dead pane says"),
	FLG("scroll-on-clear", WIN, 1, PANE,
	    "clearing the screen scrolls it into history"),
	FLG("synchronize-panes", WIN, 0, PANE,
	    "keys typed go to every pane of the window"),
	STY("window-active-style", WIN, "default", PANE,
	    "style of the active pane"),
	CHC("window-size", WIN, window_size_choices, "latest", 0,
	    "how clients size a window"),
	STY("window-style", WIN, "default", PANE, "style of panes"),
	STY("window-status-activity-style", WIN, "reverse", 0,
	    "style of a window with activity"),
	STY("window-status-bell-style", WIN, "reverse", 0,
	    "style of a window with a bell"),
	STR("window-status-current-format", WIN,
	    "#I:#W#{?window_flags,#{window_flags}, }", 0,
	    "the current window in the status line"),
	STY("window-status-current-style", WIN, "default", 0,
	    "style of the current window"),
	STR("window-status-format", WIN,
	    "#I:#W#{?window_flags,#{window_flags}, }", 0,
	    "a window in the status line"),
	STY("window-status-last-style", WIN, "default", 0,
	    "style of the last window"),
	STR("window-status-separator", WIN, " ", 0,
	    "between windows in the status line"),
	STY("window-status-style", WIN, "default", 0,
	    "style of a window in the status line"),
	FLG("wrap-search", WIN, 1, 0, "searches wrap at the top and bottom"),
	FLG("xterm-keys", WIN, 1, 0, "no longer used (as in tmux)"),

	/*
	 * Hooks go here, as tmux keeps them: each an array of command text
	 * (type OPTION_COMMAND, flags OPTION_F_ARRAY|OPTION_F_HOOK, at
	 * session scope, or window scope with OPTION_F_PANE for pane
	 * hooks). set-hook and show-hooks are options_set_flags with
	 * "name[N]" and options_array_items; show-options lists them only
	 * with -H.
	 */
};
const unsigned int options_table_size =
    sizeof options_table / sizeof options_table[0];
