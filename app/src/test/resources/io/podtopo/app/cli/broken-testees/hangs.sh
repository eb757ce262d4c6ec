#!/bin/sh
# A testee that reads every request and answers none: the suite must give up on the first case
# after --startup-timeout and report it once.
echo "thinking very hard" >&2
while IFS= read -r line; do :; done
