import { CONSOLE_SECTIONS, type ConsoleSection } from "~/features/admin/access";
/** The console section a route id belongs to (`routes/admin.media.$id` → media), or null for other routes. */
export function sectionOfRoute(routeId: string): ConsoleSection | null {
  if (routeId === "routes/admin" || routeId === "routes/admin._index") return "overview";
  const match = /^routes\/admin\.([a-z]+)/.exec(routeId);
  if (!match) return null;
  const section = match[1] as ConsoleSection;
  return section in CONSOLE_SECTIONS ? section : "overview";
}
