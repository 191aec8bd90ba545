#!/usr/bin/env bash
# `npm test`: the whole suite, in order, stopping at the first section that fails:
# setup, lint + format, import circles and rules, typecheck, build, publint, the packages installed from their
# tarballs, unit tests, the server's tests on its oldest Node, size budgets, the demo (`npm run demo`
# from a clean state, twice), end-to-end tests.
# The last line is `N passed, N failed` over every test of those sections.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

unit_json=$root/test-results/unit.json
oldest_json=$root/test-results/server-oldest-node.json
e2e_json=$root/apps/demo/artifacts/e2e-results.json
demo_json=$root/apps/demo/artifacts/demo-smoke-results.json
packages_json=$root/apps/demo/artifacts/package-smoke-results.json
failed_section=""
unit_status=skipped
oldest_status=skipped
e2e_status=skipped
demo_status=skipped
packages_status=skipped
suite_start=$SECONDS

section() { printf '\n==> %s\n' "$*"; }

# Prints "<passed> <failed>" from the result files; a test section that failed without any failed
# test in its report (a file that does not load, a crashed runner) counts as one failure.
count_tests() {
  UNIT_JSON=$unit_json OLDEST_JSON=$oldest_json E2E_JSON=$e2e_json DEMO_JSON=$demo_json \
    PACKAGES_JSON=$packages_json UNIT_STATUS=$unit_status OLDEST_STATUS=$oldest_status \
    E2E_STATUS=$e2e_status DEMO_STATUS=$demo_status PACKAGES_STATUS=$packages_status node -e '
    const fs = require("node:fs")
    const read = (file) => { try { return JSON.parse(fs.readFileSync(file, "utf8")) } catch { return undefined } }
    let passed = 0, failed = 0
    // Vitest.
    for (const kind of ["UNIT", "OLDEST"]) {
      const status = process.env[`${kind}_STATUS`]
      const report = status === "skipped" ? undefined : read(process.env[`${kind}_JSON`])
      if (report) { passed += report.numPassedTests ?? 0; failed += report.numFailedTests ?? 0 }
      if (status === "failed" && !(report?.numFailedTests > 0)) failed += 1
    }
    // Playwright: expected = passed, flaky = passed on a retry, unexpected = failed.
    for (const kind of ["PACKAGES", "E2E", "DEMO"]) {
      const status = process.env[`${kind}_STATUS`]
      const report = status === "skipped" ? undefined : read(process.env[`${kind}_JSON`])
      if (report?.stats) { passed += report.stats.expected + report.stats.flaky; failed += report.stats.unexpected }
      if (status === "failed" && !(report?.stats?.unexpected > 0)) failed += 1
    }
    console.log(passed, failed)
  '
}

finish() {
  local counts passed failed minutes
  counts=$(count_tests)
  passed=${counts% *}
  failed=${counts#* }
  minutes=$(((SECONDS - suite_start) / 60))m$(((SECONDS - suite_start) % 60))s
  echo
  if [ -n "$failed_section" ]; then
    echo "FAILED: $failed_section (after $minutes)"
  else
    echo "All sections passed in $minutes"
  fi
  echo "$passed passed, $failed failed"
  if [ -n "$failed_section" ] || [ "$failed" != 0 ]; then exit 1; fi
  exit 0
}

# run <title> <command...>: runs one section; on failure records it and ends the suite.
run() {
  local title=$1 start=$SECONDS status
  shift
  section "$title"
  "$@"
  status=$?
  if [ "$status" != 0 ]; then
    echo "--- $title failed (exit $status, $((SECONDS - start))s)"
    failed_section=$title
    return 1
  fi
  echo "--- $title passed ($((SECONDS - start))s)"
}

publint_all() {
  local pkg status=0
  for pkg in core react adapter-evm siwx embedded-wallet walletconnect adapter-solana adapter-polkadot adapter-bitcoin server; do
    echo "packages/$pkg"
    pnpm exec publint run --strict "packages/$pkg" || status=1
  done
  return "$status"
}

# The server's `engines` must name the Node these tests run on, or they would prove another claim.
server_tests_on_oldest_node() {
  local declared
  declared=$(node -p 'require("./packages/server/package.json").engines.node')
  if [ "$declared" != ">=$PORTICO_NODE_OLDEST" ]; then
    echo "packages/server/package.json declares node '$declared', but the suite tests Node $PORTICO_NODE_OLDEST (scripts/setup.sh): make them agree"
    return 1
  fi
  "$PORTICO_NODE_OLDEST_BIN" node_modules/vitest/vitest.mjs run --project server \
    --reporter=default --reporter=json --outputFile.json="$oldest_json"
}

rm -f "$unit_json" "$oldest_json" "$e2e_json" "$demo_json" "$packages_json"
mkdir -p "$(dirname "$unit_json")"

section "Setup"
# shellcheck source=setup.sh
. scripts/setup.sh --with-browser || {
  failed_section=Setup
  finish
}

run "Lint and format (biome check)" pnpm exec biome check . || finish
# A circle of imports inside a package, runtime or type-only (scripts/importCycles.mjs says why both),
# and what React's sources may reach: a view never another view's folder (scripts/importRules.mjs).
import_checks() { node scripts/importCycles.mjs && node scripts/importRules.mjs; }
run "Import circles (inside each package) and import rules" import_checks || finish
run "Typecheck" pnpm typecheck || finish
run "Build" pnpm build || finish
run "publint" publint_all || finish
# Every public package packed, installed from its tarball into a fresh app with npm and with pnpm,
# built, and the README's quick starts run in Chromium.
packages_status=failed
run "Packages as a user installs them (pnpm pack, npm and pnpm installs)" \
  pnpm --filter @portico/demo package-smoke && packages_status=passed
[ "$packages_status" = passed ] || finish
unit_status=failed
# Every project but the server's, whose tests run once, in the next section, on the oldest Node it
# declares: the Node the commands use (this one) runs the server in the demo, the package smoke
# and every end-to-end test, so a second pass of its unit tests here proved nothing more and took
# 2.5 minutes.
run "Unit tests (vitest)" pnpm exec vitest run --project '!server' --reporter=default --reporter=json \
  --outputFile.json="$unit_json" && unit_status=passed
[ "$unit_status" = passed ] || finish
# @portico/server declares the oldest Node it runs on in `engines`; its tests run there.
oldest_status=failed
run "Server tests on Node ${PORTICO_NODE_OLDEST} (the oldest the server supports)" server_tests_on_oldest_node &&
  oldest_status=passed
[ "$oldest_status" = passed ] || finish
run "Bundle size budgets" pnpm size || finish
# The README's first command as a new user runs it: from a clean state, then again right after.
demo_status=failed
run "The demo (npm run demo, started and stopped twice)" pnpm --filter @portico/demo demo-smoke && demo_status=passed
[ "$demo_status" = passed ] || finish
e2e_status=failed
run "End-to-end tests (playwright)" pnpm --filter @portico/demo e2e && e2e_status=passed
finish
