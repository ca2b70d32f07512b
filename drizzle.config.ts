import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and applied by the app itself (app/server/db/migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/db/schema.server.ts",
  out: "./drizzle",
});
