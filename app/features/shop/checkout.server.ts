import { z } from "zod";
import { logger } from "~/lib/logger.server";
import { CATALOGUE_ID_PREFIX } from "./catalogue";
import { MAX_LINE_QUANTITY } from "./cart-store";
import { createStorefrontCheckout, storefrontConfig } from "./storefront.server";
import type { CheckoutError } from "./cart-page";

const linesSchema = z
  .array(
    z.object({
      merchandiseId: z.string().min(1).max(200),
      quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    }),
  )
  .min(1)
  .max(100);

/** The checkout URL of a new Storefront cart, or why there is none. */
export async function startCheckout(form: FormData): Promise<{ url: string } | { error: CheckoutError }> {
  const config = storefrontConfig();
  if (!config) return { error: "notConfigured" };
  let raw: unknown;
  try {
    raw = JSON.parse(String(form.get("lines") ?? ""));
  } catch {
    return { error: "invalid" };
  }
  const parsed = linesSchema.safeParse(raw);
  if (!parsed.success || parsed.data.some((line) => line.merchandiseId.startsWith(CATALOGUE_ID_PREFIX))) {
    return { error: "invalid" };
  }
  try {
    const url = await createStorefrontCheckout(config, parsed.data);
    if (!/^https?:\/\//.test(url)) return { error: "failed" };
    return { url };
  } catch (error) {
    logger.error("Starting the Storefront checkout failed", error);
    return { error: "failed" };
  }
}
