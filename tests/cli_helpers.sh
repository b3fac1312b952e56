# Shared by the command-line test scripts (sourced): a scratch folder, pass/fail counters, and
# checks for a command's output and for its one-line error (exit 2).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# expect_output DESCRIPTION PATTERN COMMAND...: exit 0 and stdout matches the extended regex.
expect_output() {
  local what=$1 pattern=$2
  shift 2
  local out rc=0
  out=$("$@" 2>"$tmp/stderr") || rc=$?
  if [[ $rc -ne 0 ]]; then bad "$what: exit status $rc ($(head -c 300 "$tmp/stderr"))"; return; fi
  if grep -Eq -- "$pattern" <<<"$out"; then ok; else bad "$what: output does not match /$pattern/: $(head -c 300 <<<"$out")"; fi
}

# expect_error DESCRIPTION PATTERN COMMAND...: exit 2, exactly one line on stderr matching the pattern.
expect_error() {
  local what=$1 pattern=$2
  shift 2
  "$@" >/dev/null 2>"$tmp/stderr" </dev/null
  local rc=$? lines
  lines=$(wc -l <"$tmp/stderr")
  if [[ $rc -ne 2 ]]; then bad "$what: exit status $rc, expected 2"; return; fi
  if [[ $lines -ne 1 ]]; then bad "$what: $lines lines on stderr, expected 1: $(cat "$tmp/stderr")"; return; fi
  if ! grep -Eq -- "^nuraghe: error: .*$pattern" "$tmp/stderr"; then bad "$what: stderr does not match /$pattern/: $(cat "$tmp/stderr")"; return; fi
  ok
}
