import { createContext, useContext } from "react";

// The CSP nonce reaches <Scripts> through React context. None in the browser, nor on a page
// rendered for the public-page cache (its scripts are allowed by their hashes).
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
