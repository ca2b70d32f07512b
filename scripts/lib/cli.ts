// Small helpers for the user CLI scripts: a hidden password prompt, a generated password and
// a database opened from the same environment as the server.
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { loadConfig } from "../../app/server/config.server";
import { type Database, openConfiguredDatabase } from "../../app/server/db/client.server";

/** 18 random bytes → 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/** Asks for a password without echoing it; "" when the person just presses Enter. */
export function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let asked = false;
    output._writeToOutput = (text: string) => {
      // Print the question once, then nothing of what is typed.
      if (!asked) {
        asked = true;
        process.stdout.write(text);
      }
    };
    rl.question(question, (answer) => {
      process.stdout.write("\n");
      rl.close();
      resolve(answer);
    });
  });
}

/** The password from --password, a hidden prompt (TTY), or a generated one. */
export async function choosePassword(
  given: string | undefined,
): Promise<{ password: string; generated: boolean }> {
  if (given) return { password: given, generated: false };
  if (process.stdin.isTTY) {
    const typed = await promptHidden("Senha (Enter para gerar uma): ");
    if (typed) return { password: typed, generated: false };
  }
  return { password: generatePassword(), generated: true };
}

export async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
