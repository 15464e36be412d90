// Adds up the JSON reports of vitest and Playwright into one closing line:
// "tests: N passed, N failed". Exits 1 when a report is missing or anything failed or ran no test.
import { existsSync, readFileSync } from 'node:fs';

/** The titles of Playwright tests whose outcome was flaky, from the JSON report's nested suites. */
function flakyTitles(suites, prefix = '') {
  const titles = [];
  for (const suite of suites) {
    const path = suite.title ? `${prefix}${suite.title} › ` : prefix;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'flaky') titles.push(`${path}${spec.title}`);
    }
    titles.push(...flakyTitles(suite.suites ?? [], path));
  }
  return titles;
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report ${file}`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed only on retry. A flaky test is a failing test.
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
    for (const title of flakyTitles(report.suites ?? [])) console.error(`flaky (failed, then passed on retry): ${title}`);
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || skipped > 0 || passed === 0 ? 1 : 0);
