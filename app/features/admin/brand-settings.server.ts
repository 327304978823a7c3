import { BRAND_IMAGES, BRAND_KEYS, type BrandKey, type StoredBrand } from "~/lib/brand";
import { BRAND_SETTINGS_KEY, brandImageChoices, brandImageProblem, forgetBrand, itemsById, readStoredBrand } from "~/lib/brand.server";
import { parseHexColour } from "~/lib/contrast";
import type { Outcome } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { storeSettingsRow } from "./settings.server";

/**
 * The brand part of the site settings (ADR 0076): logo, favicon and share image chosen from the media
 * library, and the brand colour. The form's schema (brandSchema) checked the shapes and the colour's
 * contrast; here each chosen item must exist and be a fitting picture (type, size). Saved like the
 * company's facts: audited, announced to every process, cached pages dropped.
 */
export async function loadBrandForm() {
  const stored = await readStoredBrand();
  const choices = await brandImageChoices();
  // A chosen picture stays offered even when it is older than the newest 200.
  const missing = BRAND_IMAGES.map((image) => stored[image]).filter(
    (id): id is string => !!id && !choices.some((choice) => choice.id === id),
  );
  const extra = [...(await itemsById(missing)).values()].map(({ id, title, mimeType }) => ({ id, title, mimeType }));
  return { stored, choices: [...choices, ...extra] };
}

export async function saveBrand(actor: ConsoleActor, values: Record<BrandKey, string>): Promise<Outcome> {
  const items = await itemsById(BRAND_IMAGES.map((image) => values[image]));
  const fields: Record<string, string> = {};
  for (const image of BRAND_IMAGES) {
    const problem = values[image] ? brandImageProblem(image, items.get(values[image])) : undefined;
    if (problem) fields[image] = `admin.settings.brand.errors.${problem}`;
  }
  if (Object.keys(fields).length > 0) return { ok: false, status: 400, fields };

  const before = await readStoredBrand();
  const after: StoredBrand = {};
  for (const key of BRAND_KEYS) {
    const value = key === "accent" ? parseHexColour(values.accent) : values[key];
    if (value) after[key] = value;
  }
  await storeSettingsRow(actor, BRAND_SETTINGS_KEY, "brand", before, after, forgetBrand);
  return { ok: true, message: "admin.settings.brand.saved" };
}
