import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { getFixedT, getServerI18n } from "./i18n.server";

function Texts({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <p>
      {t("media.title")}|{t("media.card.detailsFor", { title })}|{t("missing.key.here")}
    </p>
  );
}

async function render(language: "en" | "de", title: string) {
  return renderToString(
    <I18nextProvider i18n={await getServerI18n(language)}>
      <Texts title={title} />
    </I18nextProvider>,
  );
}

describe("server translations", () => {
  it("answer plain keys, interpolations and missing keys the same on every render, per language", async () => {
    const first = await render("en", "Logo pack");
    expect(first).toContain("Open Source Media Library");
    expect(first).toContain("Details for Logo pack");
    expect(first).toContain("missing.key.here");
    // The second render answers the plain keys from memory: same texts, interpolation still per call.
    const second = await render("en", "Brand book");
    expect(second).toContain("Open Source Media Library");
    expect(second).toContain("Details for Brand book");
    const german = await render("de", "Logo pack");
    expect(german).not.toContain("Open Source Media Library");
    expect(german).toContain((await getFixedT("de"))("media.title"));
    expect((await getFixedT("en"))("media.title")).toBe("Open Source Media Library");
  });
});
