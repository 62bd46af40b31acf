#!/usr/bin/env node
// Prints one closing line for the whole run ("N passed, N failed") from the runners' JSON reports
// (Vitest, Playwright in Chromium, the kit's example as an integrator runs it, the smoke suite in
// Firefox ESR and WebKitGTK).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
}
for (const report of ['test-results/playwright.json', 'test-results/kit-example.json']) {
  if (!existsSync(report)) continue;
  const p = JSON.parse(readFileSync(report, 'utf8')).stats;
  passed += p.expected + p.flaky;
  failed += p.unexpected;
  skipped += p.skipped;
}
// The smoke suite in Firefox ESR and WebKitGTK (e2e-engines/run.ts): one result per scenario per engine.
if (existsSync('test-results/engines.json')) {
  const e = JSON.parse(readFileSync('test-results/engines.json', 'utf8'));
  passed += e.passed;
  failed += e.failed;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
