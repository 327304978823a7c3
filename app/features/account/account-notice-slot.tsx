import { lazy, Suspense, useState, type ComponentProps } from "react";
import { loadOnce } from "~/lib/load-once";
import type { AccountNoticeBanner as Banner } from "./account-notice";

/**
 * Where the account notice goes (root layout, the media item's dialog). The notice itself (its texts,
 * icons and the resend form, account-notice.tsx) is its own chunk, loaded only by a page that has one
 * to show: after sign-up and after the confirmation link, a few pages per member (ADR 0035). Once a
 * notice has appeared the banner stays mounted, so its own state ("confirmed" kept while the visitor
 * stays on that page, closed by the visitor) survives later loads that say nothing.
 *
 * The server renders it in place: it loads the module at start, so its render never suspends (a
 * suspended part would be sent hidden, to be revealed by a script: invisible without JavaScript). The
 * browser hydrates it when its chunk arrives.
 */
type BannerComponent = typeof Banner;
let loaded: BannerComponent | undefined;

/** Offline, the next attempt tries again. */
const loadBanner = loadOnce(() => import("./account-notice").then((module) => (loaded = module.AccountNoticeBanner)));

if (import.meta.env.SSR) void loadBanner();

const LazyBanner = lazy(() => loadBanner().then((component) => ({ default: component })));

export function AccountNoticeSlot(props: ComponentProps<BannerComponent>) {
  const [shown, setShown] = useState(Boolean(props.notice));
  if (props.notice && !shown) setShown(true);
  if (!shown) return null;
  const Loaded = loaded;
  return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <LazyBanner {...props} />}</Suspense>;
}
