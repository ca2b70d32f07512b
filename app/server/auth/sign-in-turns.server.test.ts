// The sign-in form's answer when an account's line of attempts is full: the real /login action
// on a real database, refused before any password check, with how long to wait.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "../../routes/public/login";
import type { LoadContext } from "../context.server";
import type { Database } from "../db/client.server";
import { auditLog, signInTurns } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { TEST_ORIGIN, testContext } from "./test-context.server";

let database: Database;
let context: LoadContext;
beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database);
});
afterAll(async () => {
  await database.close();
});

describe("POST /login on an account whose line is full", () => {
  it("answers 429 with Retry-After and says, in Portuguese, how long to wait", async () => {
    const email = "fila.cheia@teste.com.br";
    // Ten attempts already, the latest one's turn a minute from now: a new one would wait 90 s.
    await database.db.insert(signInTurns).values({
      email,
      attempts: 10,
      windowStart: new Date(),
      lastTurnAt: new Date(Date.now() + 60_000),
    });
    const request = new Request(`${TEST_ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN },
      body: new URLSearchParams({ email, password: "um chute qualquer aqui" }),
    });
    const answer = (await loginAction({ request, context, params: {} } as never)) as {
      data: { errors: { _form: string } };
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(429);
    const retryAfter = Number(new Headers(answer.init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(answer.data.errors._form).toBe(
      `Muitas tentativas de entrada nesta conta. Aguarde ${retryAfter} segundos e tente novamente.`,
    );
    // Refused before the password check: no failure recorded, and the line did not grow.
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "sign-in-failed"))).toEqual(
      [],
    );
    const [row] = await database.db.select().from(signInTurns).where(eq(signInTurns.email, email));
    expect(row?.attempts).toBe(10);
  });
});
