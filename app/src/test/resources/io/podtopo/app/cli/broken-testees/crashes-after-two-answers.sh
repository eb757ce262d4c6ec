#!/bin/sh
# A testee that answers two cases "unsupported", then writes 25 lines to standard error and exits
# with code 3 while the third request waits: the suite must report the crash once, on the third case.
answered=0
while IFS= read -r line; do
  if [ "$answered" -eq 2 ]; then
    i=1
    while [ "$i" -le 25 ]; do
      echo "stderr line $i of 25" >&2
      i=$((i + 1))
    done
    exit 3
  fi
  id=$(printf '%s' "$line" | sed 's/^{"id":"\([^"]*\)".*/\1/')
  printf '{"id":"%s","unsupported":true}\n' "$id"
  answered=$((answered + 1))
done
