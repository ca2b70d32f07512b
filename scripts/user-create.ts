// `npm run user:create -- --email nome@exemplo.com.br --name "Nome" --role admin|corretor
//   [--password "…"] [--creci 12345-F] [--phone "(82) 99999-9999"]`
// Without --password it asks for one (hidden), or generates one and prints it.
import { parseArgs } from "node:util";
import { fieldErrorsOf } from "../app/lib/form-errors";
import { userCreateSchema } from "../app/lib/user-schemas";
import { createUser } from "../app/server/auth/users.server";
import { choosePassword, fail, withDatabase } from "./lib/cli";

const USAGE =
  'Uso: npm run user:create -- --email nome@exemplo.com.br --name "Nome Completo" --role admin|corretor [--password "…"] [--creci 12345-F] [--phone "(82) 99999-9999"]';

let args: Record<string, string | undefined>;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "corretor" },
      password: { type: "string" },
      creci: { type: "string" },
      phone: { type: "string" },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}
if (!args.email || !args.name) fail(USAGE);

const { password, generated } = await choosePassword(args.password);
const parsed = userCreateSchema.safeParse({ ...args, password });
if (!parsed.success) {
  const lines = Object.entries(fieldErrorsOf(parsed.error)).map(
    ([field, message]) => `  ${field}: ${message}`,
  );
  fail(`Dados inválidos:\n${lines.join("\n")}`);
}

try {
  const result = await withDatabase(({ db }) =>
    createUser(db, parsed.data, { userId: null, ip: "cli", userAgent: "npm run user:create" }),
  );
  if (!result.ok) fail(Object.values(result.errors).join("\n"));
  console.log(`Usuário criado: ${result.user.name} <${result.user.email}> (${result.user.role}).`);
  if (generated) console.log(`Senha gerada (mostrada só agora): ${password}`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
