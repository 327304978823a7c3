import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getFixedT, getServerTranslator } from "./i18n.server";
import { TranslationProvider, useTranslation, type Translation } from "./use-translation";

const answers: Translation[] = [];

function Texts({ title }: { title: string }) {
  const translation = useTranslation();
  answers.push(translation);
  const { t } = translation;
  return (
    <p>
      {t("media.title")}|{t("media.card.detailsFor", { title })}|{t("missing.key.here")}
    </p>
  );
}

async function render(language: "en" | "de", title: string) {
  return renderToString(
    <TranslationProvider translator={await getServerTranslator(language)}>
      <Texts title={title} />
      <Texts title={title} />
    </TranslationProvider>,
  );
}

describe("server translations", () => {
  it("answer plain keys, interpolations and missing keys per language, from one translator per language", async () => {
    const first = await render("en", "Logo pack");
    expect(first).toContain("Open Source Media Library");
    expect(first).toContain("Details for Logo pack");
    expect(first).toContain("missing.key.here");
    const second = await render("en", "Brand book");
    expect(second).toContain("Details for Brand book");
    const german = await render("de", "Logo pack");
    expect(german).not.toContain("Open Source Media Library");
    expect(german).toContain((await getFixedT("de"))("media.title"));
    expect((await getFixedT("en"))("media.title")).toBe("Open Source Media Library");
    // The components of one render get the same answer (the hook is a context lookup), every render the same t.
    expect(answers[1]).toBe(answers[0]);
    expect(answers[3]).toBe(answers[2]);
    expect(answers[2]!.t).toBe(answers[0]!.t);
    expect(answers[4]!.language).toBe("de");
    expect(await getServerTranslator("en")).toBe(await getServerTranslator("en"));
  });
});
