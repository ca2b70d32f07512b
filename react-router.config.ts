import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest as one cacheable file, not a partial manifest inlined in every page
  // plus a /__manifest request after each page view to discover the routes its links lead to.
  routeDiscovery: { mode: "initial" },
  // Loaders get the request as it came (React Router no longer copies it twice per request to
  // strip its data-URL details); they read the page's address from their `url` argument.
  future: { v8_passThroughRequests: true },
  // BUILD_DIR lets several builds coexist (e.g. parallel test runs); server.js reads it too.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
