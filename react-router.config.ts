import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressAssets } from "./scripts/precompress-assets";

export default {
  ssr: true,
  // The whole route manifest as one cacheable file, not a partial manifest inlined in every page
  // plus a /__manifest request after each page view to discover the routes its links lead to.
  routeDiscovery: { mode: "initial" },
  // React Router 8's behaviour, adopted now (docs: reactrouter.com/upgrading/v7):
  future: {
    // Loaders get the request as it came (React Router no longer copies it twice per request to
    // strip its data-URL details); they read the page's address from their `url` argument.
    v8_passThroughRequests: true,
    // One Vite build for both environments; vite.config.ts configures each under `environments`.
    v8_viteEnvironmentApi: true,
    // clientLoader/clientAction in chunks of their own (no route has one today).
    v8_splitRouteModules: true,
    // A data request keeps its page's trailing slash (/a/_.data; the root's is /_.data).
    v8_trailingSlashAwareDataRequests: true,
    // Loaders and actions read what the server hands them through typed contexts
    // (`context.get(requestContext)`, app/server/context.server.ts), as route middleware will.
    v8_middleware: true,
  },
  // BUILD_DIR lets several builds coexist (e.g. parallel test runs); server.js reads it too.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The browser's files get their brotli and gzip copies once every one of them is written.
  buildEnd({ reactRouterConfig }) {
    precompressAssets(join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
