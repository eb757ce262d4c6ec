#!/bin/sh
# A testee that answers the first case "unsupported", then prints a line that is not JSON (with a
# control character in it) for the second: the suite must report it once, on the second case.
IFS= read -r line
id=$(printf '%s' "$line" | sed 's/^{"id":"\([^"]*\)".*/\1/')
printf '{"id":"%s","unsupported":true}\n' "$id"
IFS= read -r line
echo "about to print a debug line on standard output by mistake" >&2
printf 'debug: got \001 a request\n'
while IFS= read -r line; do :; done
