import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("shop/cart", "routes/shop.cart.tsx"),
  route("community", "routes/community.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
