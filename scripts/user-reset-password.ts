// `npm run user:reset-password -- --email nome@exemplo.com.br [--password "…"] [--reactivate]`
// Sets a new password (every open session of the user ends). Without --password it asks for
// one (hidden), or generates one and prints it. --reactivate also reactivates the account.
import { parseArgs } from "node:util";
import { findUserByEmail } from "../app/server/auth/sign-in.server";
import { setUserActive, setUserPassword } from "../app/server/auth/users.server";
import { choosePassword, fail, withDatabase } from "./lib/cli";

const USAGE =
  'Uso: npm run user:reset-password -- --email nome@exemplo.com.br [--password "…"] [--reactivate]';

let args: { email?: string; password?: string; reactivate?: boolean };
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      reactivate: { type: "boolean", default: false },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
}
const email = args.email;
if (!email) fail(USAGE);

const { password, generated } = await choosePassword(args.password);
const actor = { userId: null, ip: "cli", userAgent: "npm run user:reset-password" };

try {
  await withDatabase(async ({ db }) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`Nenhum usuário com o e-mail ${email}.`);
    const result = await setUserPassword(db, user.id, password, actor);
    if (!result.ok) throw new Error(Object.values(result.errors).join("\n"));
    if (args.reactivate && !user.active) await setUserActive(db, user.id, true, actor);
    console.log(`Senha redefinida para ${user.name} <${user.email}>; as sessões abertas foram encerradas.`);
    if (!user.active && !args.reactivate) console.log("Atenção: a conta está desativada (use --reactivate).");
    if (generated) console.log(`Senha gerada (mostrada só agora): ${password}`);
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
