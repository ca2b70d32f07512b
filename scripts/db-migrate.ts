// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from "../app/server/config.server";
import { openConfiguredDatabase } from "../app/server/db/client.server";

try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  await database.close();
  console.log(`Migrações aplicadas (${database.engine}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
