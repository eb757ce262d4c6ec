#!/bin/sh
# A testee that supports no kind and says why: every merge-hints case with one reason, the first
# policy-admit case with another and the later ones with a third, every other kind with no reason.
admits=0
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed 's/^{"id":"\([^"]*\)".*/\1/')
  kind=$(printf '%s' "$line" | sed 's/^{"id":"[^"]*","kind":"\([^"]*\)".*/\1/')
  case $kind in
    merge-hints)
      printf '{"id":"%s","unsupported":true,"reason":"v1.37.2 has no such entry point"}\n' "$id" ;;
    policy-admit)
      admits=$((admits + 1))
      if [ "$admits" -eq 1 ]; then reason="the first admission"; else reason="a later admission"; fi
      printf '{"id":"%s","unsupported":true,"reason":"%s"}\n' "$id" "$reason" ;;
    *)
      printf '{"id":"%s","unsupported":true}\n' "$id" ;;
  esac
done
