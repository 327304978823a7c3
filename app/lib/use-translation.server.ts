/**
 * `react-i18next` for the server build (vite.config.ts sends the app's imports of it here): what
 * the app uses of it, with a `useTranslation()` that costs a lookup. React's server renders every component once,
 * and the server's i18n instances are made once per language and never change (i18n.server.ts),
 * so the hook's subscriptions, snapshots, per-component `getFixedT` and copy of the i18n object
 * (~6 % of a signed-in page's render, ADR 0026) buy nothing there. The browser keeps the real hook.
 */
import type { i18n as I18n } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext, type UseTranslationResponse } from "react-i18next";

// What the app imports from the package besides the hook (add here when it imports more).
export { I18nextProvider, initReactI18next, Trans } from "react-i18next";

type Answer = UseTranslationResponse<"translation", undefined>;
const answers = new WeakMap<I18n, Answer>();

export function useTranslation(...args: unknown[]): Answer {
  const i18n = (useContext(I18nContext) as { i18n?: I18n } | undefined)?.i18n ?? getI18n();
  // The app calls it without arguments; anything else gets the ordinary path of i18next.
  let answer = args.length === 0 ? answers.get(i18n) : undefined;
  if (!answer) {
    const t = (args.length === 0 ? i18n.getFixedT(null, "translation") : i18n.getFixedT(null, args[0] as string)) as Answer["t"];
    answer = Object.assign([t, i18n, true] as unknown as Answer, { t, i18n, ready: true });
    if (args.length === 0) answers.set(i18n, answer);
  }
  return answer;
}
