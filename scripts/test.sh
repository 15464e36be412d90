#!/usr/bin/env bash
# `npm test`: system packages, type-check, lint, unit tests, integration tests against a real
# ZooKeeper, the production build, and the Playwright e2e tests in Debian's Chromium.
# Ends with one line "tests: N passed, N failed" over every test that ran.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  echo "== npm install (node_modules is missing)"
  npm install --no-audit --no-fund
fi

step() {
  printf '\n== %s\n' "$1"
}

step "system packages"
bash scripts/system-deps.sh test

# ZK_SASL=gssapi needs the npm kerberos package, built against libkrb5-dev, which the step above installs:
# an npm install made before it had to leave the package out (it is optional).
loads_kerberos() {
  node -e "require('kerberos')" > /dev/null 2>&1
}
if ! loads_kerberos; then
  step "npm kerberos (built against libkrb5-dev)"
  # Built again where npm left it unbuilt, installed where it left it out (npm rebuild says nothing of a package that is not there).
  if [ -d node_modules/kerberos ]; then npm rebuild kerberos; fi
  loads_kerberos || npm install --no-audit --no-fund --no-save "kerberos@$(node -p "require('./package.json').optionalDependencies.kerberos")"
  loads_kerberos || { echo "the npm package kerberos cannot be built here (it needs libkrb5-dev, make and g++): the Kerberos tests cannot run" >&2; exit 1; }
fi

mkdir -p .tmp
rm -f .tmp/unit-results.json .tmp/integration-results.json .tmp/integration-own-results.json .tmp/e2e-results.json

step "type-check"
npx tsc --noEmit

step "lint"
npx eslint --max-warnings=0 .

step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.tmp/unit-results.json

step "integration tests (real ZooKeeper)"
# The files that start ZooKeepers of their own (TLS, SASL, Kerberos, the AdminServer, a restart, the
# files' tools) run in a second vitest beside the rest: they share nothing with them (that vitest
# starts no shared ZooKeeper, so a test there that reached for one would fail) and mostly wait.
OWN_ZOOKEEPERS=(
  server/zk/kerberos.int.test.ts
  server/zk/secure.int.test.ts
  server/zk/admin-server.int.test.ts
  server/zk/restart.int.test.ts
  server/zk/txn-log.int.test.ts
  server/replay/toolkit.int.test.ts
)
# The Java clients compiled once, before two runs could both compile them into one directory.
node --import tsx -e "import('./server/testing/real-clients.ts').then((clients) => clients.compileJavaClients())"
INTEGRATION_SHARED_ZOOKEEPER=0 npx vitest run --project integration "${OWN_ZOOKEEPERS[@]}" --reporter=default --reporter=json --outputFile.json=.tmp/integration-own-results.json > .tmp/integration-own.log 2>&1 &
own=$!
shared_status=0
npx vitest run --project integration $(printf -- '--exclude %s ' "${OWN_ZOOKEEPERS[@]}") --reporter=default --reporter=json --outputFile.json=.tmp/integration-results.json || shared_status=$?
own_status=0
wait "$own" || own_status=$?
step "integration tests with ZooKeepers of their own (run beside the above)"
cat .tmp/integration-own.log
if [ "$shared_status" -ne 0 ] || [ "$own_status" -ne 0 ]; then exit 1; fi

step "production build"
npx next build

step "e2e tests (Chromium)"
npx playwright test

step "summary"
node scripts/test-summary.mjs .tmp/unit-results.json .tmp/integration-results.json .tmp/integration-own-results.json .tmp/e2e-results.json
