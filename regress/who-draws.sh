#!/bin/sh
# One output interface per client (server/client-out.h): only its
# implementations know who draws. Nothing else in server/ or cmd/ looks at
# the terminal the server drives (c->tty, server_tty.c's) or names the
# terminal implementation, and the model (model/client.c) never calls
# the drawing (compose_*). A control client is the third implementation
# (server_control.c): the drawing and copy mode never ask whether a
# client is one (c->control), and only server_control.c names it.
. "$(dirname "$0")/lib.sh"
src="$REGRESS_DIR/.."

# c->tty (not c->ident.tty, the terminal's name) outside server_tty.c.
hits=$(cd "$src" && grep -n -E '(^|[^.a-z_])c->tty([^_a-z]|$)' \
    server/*.c server/*.h cmd/*.c 2>/dev/null | grep -v '^server/server_tty\.c:')
expect_eq "$hits" "" "c->tty used outside server_tty.c"

# (Comments may name it.)
hits=$(cd "$src" && grep -n 'client_out_tty' server/*.c server/*.h \
    cmd/*.c 2>/dev/null |
    grep -v -e '^server/server_tty\.c:' -e '^server/client-out\.h:' \
    -e '^[^:]*:[0-9]*:[[:space:]]*/\{0,1\}\*')
expect_eq "$hits" "" "client_out_tty named outside its implementation"

hits=$(cd "$src" && grep -n 'client_out_control' server/*.c server/*.h \
    cmd/*.c model/*.c draw/*.c 2>/dev/null |
    grep -v -e '^server/server_control\.c:' -e '^server/client-out\.h:' \
    -e '^[^:]*:[0-9]*:[[:space:]]*/\{0,1\}\*')
expect_eq "$hits" "" "client_out_control named outside its implementation"

hits=$(cd "$src" && grep -n -E 'c->control([^_a-z]|$)' draw/*.c draw/*.h \
    copy/*.c copy/*.h 2>/dev/null)
expect_eq "$hits" "" "the drawing asks whether a client is a control client"

hits=$(cd "$src" && grep -n 'compose_' model/client.c)
expect_eq "$hits" "" "the model calls the drawing"
exit 0
