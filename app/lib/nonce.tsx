import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered (server only). In the
 * browser it is empty: the scripts that needed it have run, and React adds no inline script.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
