import { useHydrated } from "~/lib/use-hydrated";

/**
 * A hidden `js=1` field, present once the page runs React: the action then answers with data for
 * the page to show (and navigates itself), and without it redirects like a classic form post.
 */
export function HydratedInput() {
  return useHydrated() ? <input type="hidden" name="js" value="1" /> : null;
}
