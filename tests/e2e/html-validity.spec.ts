import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createAccount, signInPage } from "../helpers/console";
import { pagePaths } from "../helpers/routes";

/**
 * Every page as the server sends it, in English, German and Spanish, checked by the W3C Nu
 * HTML Checker (npm `vnu-jar`, needs Java: scripts/run-tests.mjs installs Debian's
 * default-jre-headless when missing). The expectation is 0 errors.
 */
const LANGUAGES = ["en", "de", "es"] as const;
/** Addresses beyond a page's plain path (npm run routes gives those): states a query or a token makes, and not-found. */
const PAGE_STATES = [
  "/media?q=logo&type=image",
  "/no-such-page",
  "/notify?token=made-up",
  "/notify?remove=00000000-0000-4000-8000-000000000000&s=forged",
  "/academy?notify=sent",
  "/media?category=brand&language=de",
];

const run = promisify(execFile);
// The jar inside the npm package `vnu-jar` (what its main export points at).
const vnuJar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

async function saveAll(request: APIRequestContext, paths: string[], folder: string, prefix: string) {
  const files: string[] = [];
  for (const language of LANGUAGES) {
    for (const pagePath of paths) {
      const separator = pagePath.includes("?") ? "&" : "?";
      const response = await request.get(`${pagePath}${separator}lang=${language}`);
      expect(response.headers()["content-type"]).toContain("text/html");
      const file = path.join(folder, `${prefix}-${language}${pagePath.replace(/[^a-z0-9]+/gi, "_")}.html`);
      fs.writeFileSync(file, await response.text());
      files.push(file);
    }
  }
  return files;
}

async function validate(files: string[]) {
  let output: string;
  try {
    const result = await run("java", ["-jar", vnuJar, "--format", "json", "--errors-only", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    });
    output = result.stderr || result.stdout;
  } catch (error) {
    // vnu exits 1 when it found errors; its JSON report is on stderr either way.
    output = (error as { stderr?: string }).stderr ?? String(error);
  }
  const report = JSON.parse(output) as { messages: NuMessage[] };
  return report.messages
    .filter((message) => message.type === "error" || message.subType === "fatal")
    .map((message) => `${path.basename(message.url ?? "")}:${message.lastLine}: ${message.message} [${message.extract ?? ""}]`);
}

test.describe("valid HTML (W3C Nu HTML Checker)", () => {
  test.describe.configure({ timeout: 240_000 });

  // One checker run for both sets: the Java virtual machine's start and warm-up is most of a run's cost.
  test("every public page and every member page in three languages has 0 errors", async ({ page, request }) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "nu-"));
    try {
      const paths = [...pagePaths(), ...PAGE_STATES];
      expect(paths).toEqual(expect.arrayContaining(["/", "/auth", "/media", "/shop", "/shop/cart", "/contact"]));
      const publicFiles = await saveAll(request, paths, folder, "public");
      expect(publicFiles).toHaveLength(paths.length * LANGUAGES.length);
      // Every page as a member sees it: the header, the member shell, what a signed-in visitor is sent to.
      await signInPage(page, await createAccount("nu", { username: "nu-checker" }));
      const memberFiles = await saveAll(page.request, pagePaths(), folder, "member");
      expect(await validate([...publicFiles, ...memberFiles])).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
