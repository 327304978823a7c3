import fs from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { MAX_MODULE_LINES, MODULE_SIZE_PENDING_SPLIT } from "../eslint.config.js";

/**
 * The layering of docs/DEVELOPING.md is enforced by eslint.config.js. `npm run lint` proves the
 * tree obeys it; these tests prove the rules still catch what they are there to catch (a rule
 * that silently stopped matching, e.g. after a resolver change, would otherwise pass forever).
 * Each case lints a small text as if it were a file at the given path; nothing is written.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId);
}

describe("lint rules for the architecture", () => {
  it("accepts imports that follow the layers", async () => {
    const code = `import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { getOptionalUser } from "~/features/account/session.server";
export const parts = [Button, cn, getOptionalUser];
`;
    expect(await rulesBroken("app/features/media/probe.server.ts", code)).toEqual([]);
  });

  it("rejects lib or components importing a feature, a route or the root", async () => {
    expect(await rulesBroken("app/components/layout/probe.tsx", `export { CartButton } from "~/features/shop/cart-button";\n`)).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await rulesBroken("app/lib/probe.ts", `export { useRootData } from "~/root";\n`)).toContain("import-x/no-restricted-paths");
  });

  it("rejects a feature importing a route, and a route importing a route", async () => {
    expect(await rulesBroken("app/features/shop/probe.ts", `export { loader } from "~/routes/shop";\n`)).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await rulesBroken("app/routes/probe.tsx", `export { loader } from "./shop";\n`)).toContain("import-x/no-restricted-paths");
  });

  it("rejects a feature reaching into another feature's internals, not its public modules", async () => {
    expect(await rulesBroken("app/features/media/probe.ts", `export { formatPrice } from "~/features/shop/format";\n`)).toContain(
      "import-x/no-restricted-paths",
    );
    expect(await rulesBroken("app/features/media/probe.tsx", `export { LegalDocument } from "../legal/legal-document";\n`)).toContain(
      "import-x/no-restricted-paths",
    );
    // A sub-folder is internal even for server modules.
    expect(
      await rulesBroken("app/features/shop/probe.server.ts", `export { upsertItem } from "~/features/media/import/save-item.server";\n`),
    ).toContain("import-x/no-restricted-paths");
    // The public surface: top-level *.server.ts modules and the listed browser-safe modules.
    expect(await rulesBroken("app/features/shop/probe.server.ts", `export { findMedia } from "~/features/media/media.server";\n`)).toEqual(
      [],
    );
    expect(await rulesBroken("app/features/shop/probe.ts", `export { formatMegabytes } from "~/features/media/media-types";\n`)).toEqual(
      [],
    );
  });

  it("rejects a value import of a *.server module in browser code, and allows its types", async () => {
    expect(await rulesBroken("app/features/media/probe.tsx", `export { findMedia } from "./media.server";\n`)).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
    expect(await rulesBroken("app/components/probe.tsx", `import { db } from "~/lib/db.server";\nexport const x = db;\n`)).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
    expect(
      await rulesBroken("app/features/media/probe.tsx", `import type { MediaPage } from "./media.server";\nexport type X = MediaPage;\n`),
    ).toEqual([]);
  });

  it("rejects loading a file parser in the server, statically or on first use, but not in the probe child or tests", async () => {
    expect(await rulesBroken("app/features/media/probe.server.ts", `import sharp from "sharp";\nexport { sharp };\n`)).toContain(
      "no-restricted-imports",
    );
    expect(
      await rulesBroken("app/lib/probe.server.ts", `export const load = () => import("pdfjs-dist/legacy/build/pdf.mjs");\n`),
    ).toContain("no-restricted-syntax");
    expect(await rulesBroken("server/probe.ts", `export const load = () => import("music-metadata");\n`)).toContain("no-restricted-syntax");
    expect(await rulesBroken("server/probe-child.mjs", `export const load = () => import("@napi-rs/canvas");\n`)).toEqual([]);
    expect(await rulesBroken("app/lib/probe.server.test.ts", `import sharp from "sharp";\nexport { sharp };\n`)).toEqual([]);
  });

  it("rejects reading process.env outside env.server.ts", async () => {
    const code = `export const port = process.env.PORT;\n`;
    expect(await rulesBroken("app/features/shop/probe.server.ts", code)).toContain("no-restricted-properties");
    expect(await rulesBroken("server/probe.ts", code)).toContain("no-restricted-properties");
    expect(await rulesBroken("app/lib/env.server.ts", code)).toEqual([]);
    expect(await rulesBroken("app/lib/probe.server.test.ts", code)).toEqual([]);
  });

  it("rejects an import cycle", async () => {
    // ui/button imports ~/lib/utils: utils importing button closes a cycle.
    const code = `import { Button } from "~/components/ui/button";\nexport const x = Button;\n`;
    expect(await rulesBroken("app/lib/utils.ts", code)).toContain("import-x/no-cycle");
  });

  it("rejects a module in app/ over 300 lines, except the schema", async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => `export const line${index} = ${index};`).join("\n") + "\n";
    expect(await rulesBroken("app/features/media/probe.ts", lines(MAX_MODULE_LINES))).toEqual([]);
    expect(await rulesBroken("app/features/media/probe.ts", lines(MAX_MODULE_LINES + 1))).toContain("max-lines");
    expect(await rulesBroken("app/lib/probe.server.ts", lines(MAX_MODULE_LINES + 1))).toContain("max-lines");
    expect(await rulesBroken("app/db/schema.ts", lines(MAX_MODULE_LINES + 1))).toEqual([]);
  });

  it("exempts a module waiting for its split only while it is still too long", () => {
    for (const file of MODULE_SIZE_PENDING_SPLIT) {
      if (!fs.existsSync(file)) continue;
      const lineCount = fs.readFileSync(file, "utf8").split("\n").length - 1;
      expect(
        lineCount,
        `${file} fits in ${MAX_MODULE_LINES} lines now: remove it from MODULE_SIZE_PENDING_SPLIT in eslint.config.js`,
      ).toBeGreaterThan(MAX_MODULE_LINES);
    }
  });
});
