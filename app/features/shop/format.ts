import { LANGUAGE_LOCALES, type Language } from "~/lib/i18n";
import { CATALOGUE_CURRENCY, FREE_SHIPPING_THRESHOLD, type Money } from "./types";

/** A price in the language's number format (en-US, de-DE, es-ES) and the money's currency. */
export function formatPrice(money: Money | { amount: number; currencyCode: string }, language: Language): string {
  const amount = typeof money.amount === "number" ? money.amount : Number.parseFloat(money.amount);
  return new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
    style: "currency",
    currency: money.currencyCode,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(amount) ? amount : 0);
}

/** The free-shipping threshold as the trust copy shows it: "$50" in English, "50 €" in German. */
export function formatShippingThreshold(language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
    style: "currency",
    currency: CATALOGUE_CURRENCY[language],
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(FREE_SHIPPING_THRESHOLD);
}
