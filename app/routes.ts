import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("shop/cart", "routes/shop.cart.tsx"),
  route("community", "routes/community.tsx"),
  route("about", "routes/about.tsx"),
  route("page-images/:id", "routes/page-images.$id.ts"),
  route("academy", "routes/academy.tsx"),
  route("market", "routes/market.tsx"),
  route("consulting", "routes/consulting.tsx"),
  route("tandem", "routes/tandem.tsx"),
  route("platforms", "routes/platforms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("imprint", "routes/imprint.tsx"),
  route("terms", "routes/terms.tsx"),
  route("auth", "routes/auth.tsx"),
  // The second factor (ADR 0044): the sign-in's second step, "Confirm it's you", the set-up.
  route("auth/two-step", "routes/auth.two-step.tsx"),
  route("auth/confirm", "routes/auth.confirm.tsx"),
  route("profile/two-step", "routes/profile.two-step.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profile/data-export", "routes/profile.data-export.ts"),
  route("profile/sessions", "routes/profile.sessions.ts"),
  route("logout", "routes/logout.tsx"),
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  // The web archive of sent issues (ADR 0067); "confirm" and "unsubscribe" are not issue slugs.
  route("newsletter/:slug", "routes/newsletter.$slug.tsx"),
  route("media", "routes/media.tsx"),
  route("api/media/:id/download", "routes/api.media.download.ts"),
  route("api/media/:id/preview", "routes/api.media.preview.ts"),
  // Bounces and complaints posted by a mail provider (ADR 0073): bearer token, one form per report.
  route("api/newsletter/bounces", "routes/api.newsletter.bounces.ts"),
  route("contact", "routes/contact.tsx"),
  // News (issue 24, ADR 0066): the list, its Atom feed per language, one post by its slug.
  route("news", "routes/news.tsx"),
  route("news/feed.xml", "routes/news.feed[.]xml.ts"),
  route("news/:slug", "routes/news.$slug.tsx"),
  route("notify", "routes/notify.tsx"),
  // An invitation to the console (ADR 0074).
  route("invitation", "routes/invitation.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  // A content page's texts for the browser's translator (ADR 0054).
  route("texts/:language/:file", "routes/texts.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("brand/:image", "routes/brand.$image.ts"),
  // The operator console (issue 11): visible only with a console role (server/console-gate.ts).
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("audit", "routes/admin.audit.tsx"),
    route("settings", "routes/admin.settings.tsx"),
    route("inbox", "routes/admin.inbox.tsx"),
    route("inbox/:id", "routes/admin.inbox.$id.tsx"),
    route("members", "routes/admin.members.tsx"),
    route("members/:id", "routes/admin.members.$id.tsx"),
    route("media", "routes/admin.media.tsx"),
    route("media/new", "routes/admin.media.new.tsx"),
    route("media/new-service", "routes/admin.media.new-service.tsx"),
    route("media/:id", "routes/admin.media.$id.tsx"),
    route("categories", "routes/admin.categories.tsx"),
    route("numbers", "routes/admin.numbers.tsx"),
    // Analytics without tracking (issue 25, ADR 0068).
    route("analytics", "routes/admin.analytics.tsx"),
    // Privacy (issues 12, 13): consent records, the launch lists, retention periods.
    route("newsletter", "routes/admin.newsletter.tsx"),
    // Newsletter issues and their sending (issue 24, ADR 0067).
    route("newsletter/issues", "routes/admin.newsletter.issues.tsx"),
    route("newsletter/issues/:id", "routes/admin.newsletter.issues.$id.tsx"),
    route("launches", "routes/admin.launches.tsx"),
    route("retention", "routes/admin.retention.tsx"),
    // Data requests for any address (issue 26, ADR 0084).
    route("data-requests", "routes/admin.data-requests.tsx"),
    route("redirects", "routes/admin.redirects.tsx"),
    // Pages as content (issue 23, ADR 0054): the public pages' words per language.
    route("pages", "routes/admin.pages.tsx"),
    route("pages/:page", "routes/admin.pages.$page.tsx"),
    route("pages/:page/history", "routes/admin.pages.$page.history.tsx"),
    // Translation status, export and import of a language (ADR 0062).
    route("translations", "routes/admin.translations.tsx"),
    // News posts (issue 24, ADR 0066).
    route("news", "routes/admin.news.tsx"),
    route("news/:id", "routes/admin.news.$id.tsx"),
    // The system view (ADR 0065).
    route("system", "routes/admin.system.tsx"),
    route("outbox", "routes/admin.outbox.tsx"),
    // Backups from the console (ADR 0071).
    route("backups", "routes/admin.backups.tsx"),
  ]),
  route("admin/members/newsletter.csv", "routes/admin.members.newsletter[.]csv.ts"),
  route("admin/newsletter/export.csv", "routes/admin.newsletter.export[.]csv.ts"),
  route("admin/data-requests/export", "routes/admin.data-requests.export.ts"),
  route("admin/launches/export.csv", "routes/admin.launches.export[.]csv.ts"),
  route("admin/analytics/export.csv", "routes/admin.analytics.export[.]csv.ts"),
  route("admin/translations/export", "routes/admin.translations.export.ts"),
  route("admin/media/upload", "routes/admin.media.upload.ts"),
  route("admin/media/:id/file", "routes/admin.media.$id.file.ts"),
  route("admin/backups/:id/file", "routes/admin.backups.$id.file.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
