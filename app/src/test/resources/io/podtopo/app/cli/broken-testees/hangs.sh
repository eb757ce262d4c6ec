#!/bin/sh
# A testee that reads every request and answers none: the suite must give up after --timeout on the
# first case and report it once.
echo "thinking very hard" >&2
while IFS= read -r line; do :; done
