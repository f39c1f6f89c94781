// Runs every suite (typecheck, lint, web build, unit, web, system, e2e) and ends with one line: "N passed, N failed".
// Installs the Debian packages the system and browser tests need when it can (root with apt-get).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

function ensureDebianPackages() {
  const missing = [];
  if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!has('nats-server')) missing.push('nats-server');
  // pdftotext reads the PDFs back in the tests of @gains/pdf, the trade list and the e2e download
  if (!has('pdftotext')) missing.push('poppler-utils');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0 || !has('apt-get')) {
    console.error(`Missing ${missing.join(', ')}: install the Debian packages (apt-get install ${missing.join(' ')}).`);
    return;
  }
  console.log(`Installing ${missing.join(', ')} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0 };
const lines = [];
// The failures again at the end: CI shows only the tail of the output.
const failures = [];

function step(name, fn) {
  if (only.length && !only.includes(name)) return;
  const started = Date.now();
  const { passed, failed } = fn();
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${name.padEnd(10)} ${passed} passed, ${failed} failed (${Math.round((Date.now() - started) / 1000)} s)`);
}

function firstLine(message = '') {
  return (
    String(message)
      .split('\n')
      .find((l) => l.trim()) ?? ''
  ).slice(0, 400);
}

ensureDebianPackages();

step('typecheck', () => {
  const r = spawnSync('pnpm', ['-s', 'typecheck'], { cwd: root, stdio: 'inherit' });
  return r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

step('lint', () => {
  const r = spawnSync('pnpm', ['-s', 'lint'], { cwd: root, stdio: 'inherit' });
  return r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

step('web-build', () => {
  const r = spawnSync('pnpm', ['-s', 'build:web'], { cwd: root, stdio: 'inherit' });
  return r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

for (const project of ['unit', 'web', 'system', 'e2e']) {
  step(project, () => {
    const report = path.join(os.tmpdir(), `gains-vitest-${project}-${process.pid}.json`);
    spawnSync(
      bin('vitest'),
      ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, GAINS_SKIP_WEB_BUILD: '1' },
      },
    );
    if (!fs.existsSync(report)) return { passed: 0, failed: 1 };
    const result = JSON.parse(fs.readFileSync(report, 'utf8'));
    fs.rmSync(report);
    for (const file of result.testResults) {
      const where = path.relative(root, file.name);
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failures.push(`${project}: ${where}: ${firstLine(file.message)}`);
      }
      for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
        failures.push(`${project}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
    // A file that fails to load has no test results: count it as a failure.
    const brokenFiles = result.testResults.filter(
      (f) => f.status === 'failed' && f.assertionResults.length === 0,
    ).length;
    return { passed: result.numPassedTests, failed: result.numFailedTests + brokenFiles };
  });
}

if (failures.length) console.log('\nFailed:\n' + failures.map((f) => `  ${f}`).join('\n'));
console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
