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
rm -f .tmp/unit-results.json .tmp/integration-results.json .tmp/e2e-results.json

step "type-check"
npx tsc --noEmit

step "lint"
npx eslint --max-warnings=0 .

step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.tmp/unit-results.json

step "integration tests (real ZooKeeper)"
npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=.tmp/integration-results.json

step "production build"
npx next build

step "e2e tests (Chromium)"
npx playwright test

step "summary"
node scripts/test-summary.mjs .tmp/unit-results.json .tmp/integration-results.json .tmp/e2e-results.json
