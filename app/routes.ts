import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("media", "routes/media.tsx"),
  route("api/media/:id/download", "routes/api.media.download.ts"),
  route("api/media/:id/preview", "routes/api.media.preview.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
