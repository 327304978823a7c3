import { LANGUAGE_LOCALES, type Language } from "~/lib/i18n";
import { CATALOGUE_CURRENCY, FREE_SHIPPING_THRESHOLD, type Money } from "./types";
import { numberFormat } from "~/lib/intl-formats";

// Building an Intl.NumberFormat costs far more than using one: one per language and currency, made once.
const priceFormats = new Map<string, Intl.NumberFormat>();

function priceFormat(language: Language, currency: string) {
  const key = `${language}|${currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    // Currency codes come from the store: keep the map bounded.
    if (priceFormats.size < 100) priceFormats.set(key, format);
  }
  return format;
}

/** A price in the language's number format (en-US, de-DE, es-ES) and the money's currency. */
export function formatPrice(money: Money | { amount: number; currencyCode: string }, language: Language): string {
  const amount = typeof money.amount === "number" ? money.amount : Number.parseFloat(money.amount);
  return priceFormat(language, money.currencyCode).format(Number.isFinite(amount) ? amount : 0);
}

/** The free-shipping threshold as the trust copy shows it: "$50" in English, "50 €" in German. */
export function formatShippingThreshold(language: Language): string {
  return numberFormat(LANGUAGE_LOCALES[language], {
    style: "currency",
    currency: CATALOGUE_CURRENCY[language],
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(FREE_SHIPPING_THRESHOLD);
}
