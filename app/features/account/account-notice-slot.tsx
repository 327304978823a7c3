import { useState, type ComponentProps } from "react";
import { lazyPart } from "~/lib/lazy-part";
import type { AccountNoticeBanner as Banner } from "./account-notice";

/**
 * Where the account notice goes (root layout, the media item's dialog). The notice itself (its texts,
 * icons and the resend form, account-notice.tsx) is its own chunk, loaded only by a page that has one
 * to show: after sign-up and after the confirmation link, a few pages per member (ADR 0035). Once a
 * notice has appeared the banner stays mounted, so its own state ("confirmed" kept while the visitor
 * stays on that page, closed by the visitor) survives later loads that say nothing.
 *
 * The server renders it in place (it has the module loaded before it renders), and the browser loads it
 * before React hydrates a page that shows one, so it hydrates where it is (~/lib/lazy-part.tsx).
 */
const banner = lazyPart(
  () => import("./account-notice"),
  (module) => module.AccountNoticeBanner,
  { inHtml: (doc) => doc.querySelector('[data-testid^="account-notice"]') !== null },
);

export function AccountNoticeSlot(props: ComponentProps<typeof Banner>) {
  const [shown, setShown] = useState(Boolean(props.notice));
  if (props.notice && !shown) setShown(true);
  if (!shown) return null;
  return <banner.Part {...props} />;
}
