import { describe, expect, it } from "vitest";
import de from "~/locales/de/media.json";
import en from "~/locales/en/media.json";
import es from "~/locales/es/media.json";
import { Translator } from "~/lib/translator";
import type { Language } from "~/lib/i18n";
import { buildAttribution, escapeMarkup, licenseDeedUrl, type AttributableItem, type AttributionFormat } from "./attribution";

const translator = new Translator("en", { en: { media: en }, de: { media: de }, es: { media: es } });
const build = (item: AttributableItem, format: AttributionFormat, language: Language = "en") =>
  buildAttribution(item, format, translator.fixedT(language) as (key: string, values?: Record<string, string>) => string, language);

const CC_BY = { name: "CC BY 4.0", spdx_id: "CC-BY-4.0", url: "https://creativecommons.org/licenses/by/4.0/" };
const logo: AttributableItem = {
  title: "Logo pack",
  fileType: "image",
  creator: { name: "IP Angel Studio", url: "https://example.org/studio" },
  license: CC_BY,
  attribution: { url: "https://example.org/logo" },
};

describe("attribution formats", () => {
  it("links a Creative Commons licence's deed in the reader's language, the plain address in English", () => {
    expect(licenseDeedUrl(CC_BY, "en")).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(licenseDeedUrl(CC_BY, "de")).toBe("https://creativecommons.org/licenses/by/4.0/deed.de");
    expect(licenseDeedUrl(CC_BY, "es")).toBe("https://creativecommons.org/licenses/by/4.0/deed.es");
    const cc0 = { name: "CC0 1.0", url: "http://creativecommons.org/publicdomain/zero/1.0/legalcode" };
    expect(licenseDeedUrl(cc0, "en")).toBe("https://creativecommons.org/publicdomain/zero/1.0/");
    expect(licenseDeedUrl(cc0, "de")).toBe("https://creativecommons.org/publicdomain/zero/1.0/deed.de");
    // By the SPDX id when there is no address; a ported licence keeps its jurisdiction.
    expect(licenseDeedUrl({ spdx_id: "CC-BY-SA-3.0-DE" }, "es")).toBe("https://creativecommons.org/licenses/by-sa/3.0/de/deed.es");
    expect(licenseDeedUrl({ spdx_id: "CC0-1.0" }, "es")).toBe("https://creativecommons.org/publicdomain/zero/1.0/deed.es");
    // Another licence has no deed: its own address, whatever the language.
    expect(licenseDeedUrl({ spdx_id: "MIT", url: "https://opensource.org/license/mit" }, "de")).toBe("https://opensource.org/license/mit");
    expect(licenseDeedUrl({ name: "All rights reserved" }, "de")).toBeUndefined();
  });

  it("writes the sentence in the reader's language, with the deed in that language", () => {
    expect(build(logo, "plain")).toBe(
      "“Logo pack” by IP Angel Studio is licensed under CC BY 4.0. To view a copy of this license, visit https://creativecommons.org/licenses/by/4.0/",
    );
    expect(build(logo, "plain", "de")).toBe(
      "„Logo pack“ von IP Angel Studio ist lizenziert unter CC BY 4.0. Eine Kopie dieser Lizenz finden Sie unter https://creativecommons.org/licenses/by/4.0/deed.de",
    );
    expect(build(logo, "plain", "es")).toBe(
      "«Logo pack» de IP Angel Studio está bajo la licencia CC BY 4.0. Para ver una copia de esta licencia, visite https://creativecommons.org/licenses/by/4.0/deed.es",
    );
    expect(build(logo, "html", "de")).toBe(
      '<p>„<a href="https://example.org/logo" rel="noopener noreferrer">Logo pack</a>“ von <a href="https://example.org/studio" rel="noopener noreferrer">IP Angel Studio</a> ist lizenziert unter <a href="https://creativecommons.org/licenses/by/4.0/deed.de" rel="noopener noreferrer">CC BY 4.0</a>.</p>',
    );
    expect(build(logo, "rich")).toBe(build(logo, "html"));
  });

  it("says 'marked with' for the public domain, and leaves out what the item lacks", () => {
    const tone: AttributableItem = { title: "Tone", fileType: "audio", creator: null, license: { spdx_id: "CC0-1.0" }, attribution: null };
    expect(build(tone, "plain")).toBe(
      "“Tone” is marked with CC0-1.0. To view the terms, visit https://creativecommons.org/publicdomain/zero/1.0/",
    );
    expect(build({ ...tone, license: null }, "html")).toBe("<p>“Tone”.</p>");
    expect(build(tone, "xml", "es")).toBe(
      [
        '<attribution xmlns:dc="http://purl.org/dc/elements/1.1/">',
        "  <dc:title>Tone</dc:title>",
        "  <dc:rights>https://creativecommons.org/publicdomain/zero/1.0/deed.es</dc:rights>",
        "  <dc:type>Sound</dc:type>",
        "</attribution>",
      ].join("\n"),
    );
  });

  it("escapes & < > and quotes in HTML and XML, and keeps a title with quotes as it is in plain text", () => {
    expect(escapeMarkup(`a & b <c> "d" 'e'`)).toBe("a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;");
    const tricky: AttributableItem = {
      title: `The "Best" <b>Tips</b> & Tricks`,
      fileType: "pdf",
      creator: { name: "Ann & <Bob>", url: `https://example.org/?a=1&b="2"` },
      license: CC_BY,
      attribution: null,
    };
    const html = build(tricky, "html");
    expect(html).toContain("“The &quot;Best&quot; &lt;b&gt;Tips&lt;/b&gt; &amp; Tricks”");
    expect(html).toContain('<a href="https://example.org/?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer">Ann &amp; &lt;Bob&gt;</a>');
    expect(html).not.toContain("<b>");
    const xml = build(tricky, "xml");
    expect(xml).toContain("<dc:title>The &quot;Best&quot; &lt;b&gt;Tips&lt;/b&gt; &amp; Tricks</dc:title>");
    expect(xml).toContain("<dc:creator>Ann &amp; &lt;Bob&gt;</dc:creator>");
    expect(xml).toContain("<dc:type>Text</dc:type>");
    expect(build(tricky, "plain")).toMatch(/^“The "Best" <b>Tips<\/b> & Tricks” by Ann & <Bob> is licensed under CC BY 4\.0\./);
  });
});
