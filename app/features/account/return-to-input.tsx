import { useSearchParams } from "react-router";

/** Where to go after success (a gated download sent the visitor here); the server checks it stays on this site. */
export function ReturnToInput() {
  const [params] = useSearchParams();
  const returnTo = params.get("returnTo");
  return returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null;
}
