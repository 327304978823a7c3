import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("shop/cart", "routes/shop.cart.tsx"),
  route("community", "routes/community.tsx"),
  route("about", "routes/about.tsx"),
  route("academy", "routes/academy.tsx"),
  route("market", "routes/market.tsx"),
  route("consulting", "routes/consulting.tsx"),
  route("tandem", "routes/tandem.tsx"),
  route("platforms", "routes/platforms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("imprint", "routes/imprint.tsx"),
  route("terms", "routes/terms.tsx"),
  route("auth", "routes/auth.tsx"),
  route("profile", "routes/profile.tsx"),
  route("logout", "routes/logout.tsx"),
  route("media", "routes/media.tsx"),
  route("api/media/:id/download", "routes/api.media.download.ts"),
  route("api/media/:id/preview", "routes/api.media.preview.ts"),
  route("contact", "routes/contact.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  // The operator console (issue 11): visible only with a console role (server/console-gate.ts).
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("audit", "routes/admin.audit.tsx"),
    route("settings", "routes/admin.settings.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
