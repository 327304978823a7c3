import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Debian's chromium-headless-shell when installed (scripts/run-tests.mjs installs it): the same Blink
 * without the full browser's UI process, it took a quarter less of the suite's time than
 * /usr/bin/chromium on 2 cores, where Chromium is two thirds of the CPU the suite uses (ADR 0078).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * End-to-end tests in Debian's Chromium against the built product, started by
 * tests/e2e/global-setup.ts with fakes for SMTP, Google (OIDC) and Shopify on loopback.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace costs about a third of the suite's time on 2 cores: on request only
    // (PW_TRACE=retain-on-failure); a failure still leaves its screenshot and page snapshot.
    trace: process.env.PW_TRACE === "retain-on-failure" || process.env.PW_TRACE === "on" ? process.env.PW_TRACE : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /shared-state\.spec\.ts/ },
    // What changes the shared server for every visitor runs once everything else has finished.
    {
      name: "shared-state",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /shared-state\.spec\.ts/,
      dependencies: ["desktop"],
    },
  ],
});
