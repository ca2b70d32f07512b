// Lets scripts run by tsx import "file?raw" the way Vite does in the app (the server build and
// Vitest handle it natively): e.g. the shipped common-password list. Use with
// `tsx --import ./scripts/lib/raw-import.mjs scripts/x.ts`.
import { register } from "node:module";

register(new URL("./raw-import-hooks.mjs", import.meta.url));
