import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest as one cacheable file, not a partial manifest inlined in every page
  // plus a /__manifest request after each page view to discover the routes its links lead to.
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets several builds coexist (e.g. parallel test runs); server.js reads it too.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
