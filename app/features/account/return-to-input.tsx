import { useLocation, useSearchParams } from "react-router";

/**
 * Where to go after success (a gated download sent the visitor here); the server checks it stays
 * on this site. `orHere`: without a `returnTo` in the address, come back to this page (the
 * account notice, which the shell shows on any page).
 */
export function ReturnToInput({ orHere = false }: { orHere?: boolean }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const returnTo = params.get("returnTo") ?? (orHere ? location.pathname + location.search : null);
  return returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null;
}
