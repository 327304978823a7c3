import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_NAMESPACES } from "./content-pages";

/** The console lists every content page by its name (admin.pages.names.<namespace>), in each language. */
describe("content pages in the console", () => {
  it.each(["en", "de", "es"])("every content page has a name in the console's %s texts", (language) => {
    const admin = JSON.parse(fs.readFileSync(path.resolve(`app/locales/${language}/admin.json`), "utf8")) as {
      pages: { names: Record<string, string> };
    };
    const unnamed = CONTENT_NAMESPACES.filter((namespace) => typeof admin.pages.names[namespace] !== "string");
    expect(unnamed).toEqual([]);
  });
});
