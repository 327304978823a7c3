#!/usr/bin/env node
// `npm test`: the whole suite as CI runs it. Installs the Debian packages the tests run when missing, builds,
// lints (ESLint + Prettier), runs the vitest tiers (ADR 0047: unit without a database, db and system on
// embedded PostgreSQL; in CI the db tier against Debian's PostgreSQL 15 instead, the DATABASE_URL path),
// then the end-to-end tests in Chromium.
// Prints one closing line "N passed, N failed" and exits non-zero on any failure.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { aptInstallCommand, DEBIAN_PACKAGES, isRoot, missingDebianPackages } from "./debian-packages.mjs";
import { startPostgres15 } from "./postgres15.mjs";

const isCI = process.env.CI === "true" || process.env.CI === "1";
const results = [];
const started = Date.now();

function step(title) {
  process.stdout.write(`\n=== ${title} (${Math.round((Date.now() - started) / 1000)} s)\n`);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command with its output held back, then prints the output under its name with the time it took. */
function runQuietly(name, command, args) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      process.stdout.write(`--- ${name}: exit ${code ?? 1} after ${Math.round((Date.now() - begun) / 1000)} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

function readVitestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numFailedTestSuites ? 0 : 0) };
  } catch {
    return undefined;
  }
}

function readPlaywrightCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky };
  } catch {
    return undefined;
  }
}

function record(name, status, counts) {
  results.push({ name, status, counts: counts ?? { passed: 0, failed: status === 0 ? 0 : 1 } });
}

fs.mkdirSync("test-results", { recursive: true });

// The Debian packages the tiers run (Chromium, Java for the W3C checker, PostgreSQL 15, nginx, HAProxy, Dovecot,
// SpamAssassin): what is missing is installed in one apt-get run beside the build and the lint step, and waited
// for before the first tier that needs it.
step("Debian packages the tests run: installing what is missing, beside the next steps");
const missingPackages = missingDebianPackages(Object.values(DEBIAN_PACKAGES));
if (missingPackages.length > 0 && !isRoot()) {
  process.stdout.write(`Missing Debian packages ${missingPackages.join(", ")}: install them with apt-get (needs root).\n`);
}
const packagesInstalled =
  missingPackages.length > 0 && isRoot()
    ? runQuietly(`apt-get install ${missingPackages.join(" ")}`, "sh", ["-c", aptInstallCommand(missingPackages)])
    : Promise.resolve(0);

step("Build");
const buildStatus = run(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"]);
if (buildStatus !== 0) {
  process.stdout.write("0 passed, 1 failed\n");
  process.exit(1);
}

// Type check, ESLint and Prettier each run on one core and need nothing of each other: on the 2-core CI
// machine they run side by side (ADR 0063), each one's output printed whole when it ends.
step("Type check, lint (ESLint: types, hooks, accessibility, layers, cycles) and Prettier, side by side");
const typegenStatus = run(process.execPath, ["node_modules/@react-router/dev/bin.js", "typegen"]);
const [tscStatus, eslintStatus, prettierStatus] = await Promise.all([
  typegenStatus === 0 ? runQuietly("typecheck", process.execPath, ["node_modules/typescript/bin/tsc", "--noEmit"]) : typegenStatus,
  runQuietly("eslint", process.execPath, ["node_modules/eslint/bin/eslint.js", ".", "--max-warnings", "0"]),
  runQuietly("prettier", process.execPath, ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level", "warn", "."]),
]);
for (const [name, status] of [
  ["typecheck", tscStatus],
  ["eslint", eslintStatus],
  ["prettier", prettierStatus],
]) {
  record(name, status, { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

const vitestArgs = (tier, file) => [
  "node_modules/vitest/vitest.mjs",
  "run",
  `--project=${tier}`,
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${file}`,
];
// In CI the db tier runs once, against Debian's PostgreSQL 15 (the DATABASE_URL path, ADR 0056); the
// system and end-to-end tests run on the embedded server, so both servers are covered without a second pass.
const debianPostgres = isCI || process.env.TEST_DEBIAN_POSTGRES === "1";
for (const [tier, title] of [
  ["unit", "Unit tests (no database)"],
  ...(debianPostgres ? [] : [["db", "Database tests (embedded PostgreSQL)"]]),
  ["system", "System tests (built server, child processes, Ceph, HAProxy, fuzz)"],
]) {
  if (tier !== "unit") await packagesInstalled;
  step(title);
  const file = `test-results/vitest-${tier}.json`;
  record(`vitest ${tier}`, run(process.execPath, vitestArgs(tier, file)), readVitestCounts(file));
}

if (debianPostgres) {
  step("Database tests against Debian's PostgreSQL 15 (DATABASE_URL path, db tier)");
  let status;
  try {
    status = await runAgainstDebianPostgres();
  } catch (error) {
    process.stderr.write(`Could not run against PostgreSQL 15: ${error.message}\n`);
    status = 1;
  }
  record("vitest db (PostgreSQL 15)", status, readVitestCounts("test-results/vitest-db-pg15.json"));
}

step("End-to-end tests (Chromium)");
const e2eStatus = run(process.execPath, ["node_modules/@playwright/test/cli.js", "test"], {
  CI: "true",
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
});
record("playwright", e2eStatus, readPlaywrightCounts("test-results/e2e.json"));

const passed = results.reduce((sum, result) => sum + result.counts.passed, 0);
const failed = results.reduce((sum, result) => sum + result.counts.failed, 0);
const anyFailed = results.some((result) => result.status !== 0);
step("Summary");
for (const result of results) {
  process.stdout.write(
    `${result.status === 0 ? "ok  " : "FAIL"} ${result.name}: ${result.counts.passed} passed, ${result.counts.failed} failed\n`,
  );
}
process.stdout.write(`${passed} passed, ${anyFailed && failed === 0 ? 1 : failed} failed\n`);
process.exit(anyFailed ? 1 : 0);

async function runAgainstDebianPostgres() {
  const port = 55_000 + Math.floor(Math.random() * 5000);
  const server = startPostgres15({ port, settings: { fsync: "off" }, stdio: "inherit" });
  try {
    return run(process.execPath, vitestArgs("db", "test-results/vitest-db-pg15.json"), { TEST_DATABASE_URL: server.url });
  } finally {
    server.stop();
  }
}
