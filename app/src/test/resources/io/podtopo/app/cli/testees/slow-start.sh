#!/bin/sh
# A testee that takes $1 seconds before its first answer, as one that builds itself on first use
# does, then answers every case at once: unsupported, saying so.
IFS= read -r line || exit 0
sleep "$1"
while :; do
  id=$(printf '%s' "$line" | sed 's/^{"id":"\([^"]*\)".*/\1/')
  printf '{"id":"%s","unsupported":true,"reason":"a slow starter"}\n' "$id"
  IFS= read -r line || exit 0
done
