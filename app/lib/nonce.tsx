import { createContext, useContext } from "react";

// The CSP nonce reaches <Scripts> through React context; on the client it is empty.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
