// What every suite of an e-mail the outbox worker sends starts from: two app instances on one fresh
// database (on PostgreSQL, TEST_ENGINE=postgres, two connection pools) with the agency's row, a real
// SMTP server (app/server/mail/test-smtp.server.ts) and the transport the instances send through.
import type { Database } from "../../app/server/db/client.server";
import { createTestDatabases } from "../../app/server/db/test-database.server";
import type { MailTransport } from "../../app/server/mail/mailer.server";
import { startTestSmtp, type TestSmtp, testMailTransport } from "../../app/server/mail/test-smtp.server";
import { insertAgency } from "./factories";

export interface TestMail {
  first: Database;
  second: Database;
  smtp: TestSmtp;
  transport: MailTransport;
  /** Closes the transport, the SMTP server and both instances (the file's afterAll). */
  close(): Promise<void>;
}

/** `agency` overrides the agency row's fields (insertAgency). */
export async function startTestMail(agency: Parameters<typeof insertAgency>[1] = {}): Promise<TestMail> {
  const [first, second] = (await createTestDatabases(2)) as [Database, Database];
  await insertAgency(first.db, agency);
  const smtp = await startTestSmtp();
  const transport = testMailTransport(smtp.url);
  return {
    first,
    second,
    smtp,
    transport,
    async close() {
      transport.close();
      await smtp.close();
      await second.close();
      await first.close();
    },
  };
}
