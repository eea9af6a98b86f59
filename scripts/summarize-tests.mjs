// Adds up the JSON reports of the vitest layers into the closing lines CI reads: every failed test by file and
// name with the first line of its failure, then "N passed, N failed". Layers that did not run have no report.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed before any test ran (an import error, a hook) has no failed test, only a message.
    if (suite.status === 'failed' && failedTests.length === 0) {
      failed += 1;
      failures.push(`${where}: ${firstLine(suite.message)}`);
    }
  }
  console.log(
    `${path.basename(file, '.json')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
}
if (failures.length > 0) console.log(`Failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

function firstLine(text) {
  return (text ?? 'no message').split('\n').find((line) => line.trim() !== '') ?? 'no message';
}
