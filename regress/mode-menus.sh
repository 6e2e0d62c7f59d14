#!/bin/sh
# Right-click menus inside pane modes, side by side with tmux 3.3a. In
# copy mode and view mode a right-click runs tmux's default
# MouseDown3Pane of the root table (the modes' own tables have no binding
# for it): the pane menu, with "Go To Top" and "Go To Bottom" for the
# mode and, over a word, the word's items; choosing them by key moves the
# mode's view. Each step is compared cell by cell with tmux's.
. "$(dirname "$0")/lib.sh"
. "$REGRESS_DIR/side-by-side.sh"

side_by_side 80x24
both set -g mouse on
i=1
while [ $i -le 40 ]; do
	echo "echo line-$i"
	i=$((i + 1))
done >lines.sh
keys "sh $TEST_DIR/lines.sh" Enter
compare "the lines printed"
esc=$(printf '\033')

# Copy mode: the menu over a word, then Go To Top by its key.
keys C-b [
compare "copy mode"
keys -l "$esc[<2;3;5M"
compare "copy mode's right-click menu over a word"
keys '<'
compare "Go To Top"
keys -l "$esc[<2;40;12M"
compare "the menu again, over nothing"
keys '>'
compare "Go To Bottom"
keys q
compare "copy mode left"

# View mode (C-b ?): the same menu, Go To Bottom.
keys C-b '?'
compare "view mode"
keys -l "$esc[<2;20;8M"
compare "view mode's right-click menu"
keys '>'
compare "view mode at the bottom"
keys q
compare "view mode left"
exit 0
