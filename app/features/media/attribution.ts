import type { Attribution, Creator, FileType, License } from "~/db/schema";
import type { Language } from "~/lib/i18n";

/**
 * An item's attribution in the four formats Openverse offers (issue 29): rich text (HTML that a word
 * processor pastes as formatted text), the HTML source, plain text and Dublin Core XML. Title,
 * author, source and licence (the "TASL" of Creative Commons' attribution guide), in the reader's
 * language, with the licence's deed in that language when it has one. Pure: the dialog and the tests
 * build the same strings.
 */

export type AttributionFormat = "rich" | "html" | "plain" | "xml";
export const ATTRIBUTION_FORMATS: readonly AttributionFormat[] = ["rich", "html", "plain", "xml"];

/** What an attribution is made of: the item's own fields. */
export interface AttributableItem {
  title: string;
  fileType: FileType;
  creator: Creator | null;
  license: License | null;
  attribution: Attribution | null;
}

/** The page's translator (`media.attribution.*`); values are inserted as given, so they come escaped. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** Escapes text for HTML and XML content and double-quoted attribute values. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const CC_ORIGIN = "https://creativecommons.org";
/** A Creative Commons licence or public-domain tool by its path: `licenses/by-sa/4.0/`, `publicdomain/zero/1.0/`. */
const CC_PATH = /^\/(licenses\/[a-z-]+\/\d\.\d(?:\/[a-z]{2})?|publicdomain\/(?:zero|mark)\/1\.0)\//;
/** SPDX ids of Creative Commons licences: CC-BY-SA-4.0, CC-BY-3.0-DE, CC0-1.0, CC-PDDC is not one. */
const CC_SPDX = /^CC-(BY(?:-NC)?(?:-ND|-SA)?)-(\d\.\d)(?:-([A-Z]{2}))?$/i;

/** The Creative Commons page of a licence (its address, else its SPDX id), without a language; undefined for other licences. */
function creativeCommonsPath(license: License): string | undefined {
  if (license.url) {
    try {
      const url = new URL(license.url);
      if (url.hostname === "creativecommons.org" || url.hostname === "www.creativecommons.org") {
        return CC_PATH.exec(url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`)?.[1];
      }
    } catch {
      // Not an address: the SPDX id may still say which licence it is.
    }
  }
  const spdx = license.spdx_id?.trim() ?? "";
  if (/^CC0-1\.0$/i.test(spdx)) return "publicdomain/zero/1.0";
  const match = CC_SPDX.exec(spdx);
  if (!match) return undefined;
  const [, elements, version, port] = match;
  return `licenses/${elements!.toLowerCase()}/${version}${port ? `/${port.toLowerCase()}` : ""}`;
}

/**
 * The address of a licence for a reader of `language`: a Creative Commons licence's deed in that
 * language (`…/by/4.0/deed.de`; English is the plain address), any other licence's own address.
 */
export function licenseDeedUrl(license: License | null | undefined, language: Language): string | undefined {
  if (!license) return undefined;
  const path = creativeCommonsPath(license);
  if (!path) return license.url?.trim() || undefined;
  return `${CC_ORIGIN}/${path}/${language === "en" ? "" : `deed.${language}`}`;
}

/** Whether the licence is a public-domain tool (CC0, the Public Domain Mark): "marked with", not "licensed under". */
function isPublicDomain(license: License): boolean {
  return creativeCommonsPath(license)?.startsWith("publicdomain/") ?? /^(CC0|public domain)/i.test(license.spdx_id ?? license.name ?? "");
}

/** Dublin Core's type vocabulary (DCMI Type) for the item's file type. */
const DCMI_TYPE: Record<FileType, string> = {
  image: "StillImage",
  video: "MovingImage",
  audio: "Sound",
  pdf: "Text",
  document: "Text",
  sheet: "Dataset",
  services: "Service",
};

function anchor(href: string, text: string) {
  return `<a href="${escapeMarkup(href)}" rel="noopener noreferrer">${text}</a>`;
}

/** The attribution sentence; `markup`: HTML with links, else plain text. */
function sentence(item: AttributableItem, t: Translate, language: Language, markup: boolean): string {
  const text = (value: string) => (markup ? escapeMarkup(value) : value);
  const link = (href: string | null | undefined, value: string) => (markup && href ? anchor(href, value) : value);
  const title = t("media.attribution.quoted", { title: link(item.attribution?.url, text(item.title)) });
  const creatorName = item.creator?.name?.trim();
  const creator = creatorName ? link(item.creator?.url, text(creatorName)) : "";
  const license = item.license;
  const licenseName = license?.name?.trim() || license?.spdx_id?.trim();
  const withCreator = creator ? "WithCreator" : "";
  if (!license || !licenseName) return t(`media.attribution.noLicense${withCreator}`, { title, creator });
  const deed = licenseDeedUrl(license, language);
  const verb = isPublicDomain(license) ? "marked" : "licensed";
  const said = t(`media.attribution.${verb}${withCreator}`, { title, creator, license: link(deed, text(licenseName)) });
  if (markup || !deed) return said;
  return `${said} ${t(verb === "marked" ? "media.attribution.viewTerms" : "media.attribution.viewLicense", { url: deed })}`;
}

function xml(item: AttributableItem, language: Language): string {
  const element = (name: string, value: string | null | undefined) =>
    value?.trim() ? [`  <dc:${name}>${escapeMarkup(value.trim())}</dc:${name}>`] : [];
  return [
    `<attribution xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    ...element("title", item.title),
    ...element("creator", item.creator?.name),
    ...element("rights", licenseDeedUrl(item.license, language) ?? item.license?.name),
    ...element("identifier", item.attribution?.url),
    ...element("type", DCMI_TYPE[item.fileType]),
    `</attribution>`,
  ].join("\n");
}

/** The attribution in one format ("rich" and "html" are the same markup: the one shown, the other as its source). */
export function buildAttribution(item: AttributableItem, format: AttributionFormat, t: Translate, language: Language): string {
  if (format === "xml") return xml(item, language);
  if (format === "plain") return sentence(item, t, language, false);
  return `<p>${sentence(item, t, language, true)}</p>`;
}
