import { describe, expect, it } from "vitest";
import { loader } from "./texts";

/** `/texts/<language>/<namespace>.json` (ADR 0054): a content page's texts, nothing else. */
async function answer(language: string, file: string | undefined) {
  try {
    return await loader({
      params: { language, file },
      request: new Request(`http://site.invalid/texts/${language}/${file}`),
      context: {},
    } as never);
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("the content texts door", () => {
  it("answers a content page's texts as JSON in the asked language", async () => {
    const response = await answer("de", "about.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(((await response.json()) as { meta: { title: string } }).meta.title).toContain("IP Angel");
  });

  it.each([
    ["en", "auth.json"], // interface texts, not a content page
    ["en", "admin.json"], // the console's texts never leave its loader data
    ["fr", "about.json"],
    ["__proto__", "about.json"],
    ["en", "__proto__.json"],
    ["en", "constructor.json"],
    ["en", "about"],
    ["en", "about.json.json"],
    ["en", "../en/about.json"],
    ["en", undefined],
    ["en", `${"a".repeat(10_000)}.json`],
  ])("refuses %s/%s with a plain 404", async (language, file) => {
    const response = await answer(language, file);
    expect(response.status).toBe(404);
  });
});
