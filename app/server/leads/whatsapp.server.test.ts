// WhatsApp taps against a real database, the real outbox worker and a real SMTP server
// (smtp-server, in-process): counted per listing and day, no lead, one e-mail per visitor,
// listing and day.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertProperty, insertUser } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { leads, outbox, properties, propertyViewsDaily } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { MailTransport } from "../mail/mailer.server";
import { startTestSmtp, type TestSmtp, testMailTransport } from "../mail/test-smtp.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import {
  buildWhatsappClickEmail,
  recordWhatsappClick,
  WHATSAPP_CLICK_EMAIL_KIND,
  whatsappClickEmailHandler,
} from "./whatsapp.server";

let database: Database;
let smtp: TestSmtp;
let transport: MailTransport;
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db, { email: "contato@agencia-teste.com.br" });
  smtp = await startTestSmtp();
  transport = testMailTransport(smtp.url);
});

afterAll(async () => {
  transport.close();
  await smtp.close();
  await database.close();
});

function worker() {
  return createOutboxWorker({
    database,
    handlers: {
      [WHATSAPP_CLICK_EMAIL_KIND]: whatsappClickEmailHandler(database.db, transport, "https://site.teste"),
    },
    pollIntervalMs: 600_000,
    log: () => {},
  });
}

async function clicksOf(propertyId: number): Promise<number> {
  const rows = await database.db
    .select({ clicks: propertyViewsDaily.whatsappClicks })
    .from(propertyViewsDaily)
    .where(eq(propertyViewsDaily.propertyId, propertyId));
  return rows.reduce((sum, row) => sum + row.clicks, 0);
}

async function noticesFor(propertyId: number) {
  const rows = await database.db.select().from(outbox).where(eq(outbox.kind, WHATSAPP_CLICK_EMAIL_KIND));
  return rows.filter((row) => row.payload.propertyId === propertyId);
}

/** The decoded text of a received message (quoted-printable, as nodemailer writes it). */
function body(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"));
}

describe("WhatsApp taps", () => {
  it("are counted per listing and day, create no lead, and e-mail the listing's agent once per visitor and day", async () => {
    const agent = await insertUser(database.db);
    const listing = await insertProperty(database.db, { corretorId: agent.id });
    const ana = nextIp();
    const bia = nextIp();
    for (const ip of [ana, ana, ana, bia]) {
      expect(await recordWhatsappClick(database.db, listing.referencia.toLowerCase(), ip)).toBe("recorded");
    }

    expect(await clicksOf(listing.id)).toBe(4);
    expect(await database.db.select().from(leads).where(eq(leads.propertyId, listing.id))).toEqual([]);
    // Ana tapped three times, Bia once: two notices, each to the agent only.
    const notices = await noticesFor(listing.id);
    expect(notices.map((n) => n.payload.to)).toEqual([agent.email, agent.email]);

    smtp.received.length = 0;
    expect(await worker().runOnce()).toMatchObject({ sent: 2, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([[agent.email], [agent.email]]);
    const text = body(smtp.received[0]?.raw ?? "");
    expect(text).toContain(`no imóvel ${listing.referencia} — ${listing.titulo}`);
    expect(text).toContain("Conversar no WhatsApp");
    expect(text).toContain("Toques no WhatsApp deste imóvel nesse dia: 4.");
    expect(text).toContain(`https://site.teste/admin/imoveis/${listing.id}#desempenho`);

    // Ana again, the same day: counted, no new e-mail.
    expect(await recordWhatsappClick(database.db, listing.referencia, ana)).toBe("recorded");
    expect(await clicksOf(listing.id)).toBe(5);
    expect(await noticesFor(listing.id)).toHaveLength(2);
  });

  it("names the listing in the subject", () => {
    const mail = buildWhatsappClickEmail(
      { referencia: "AP0042", titulo: "Apartamento", propertyId: 7, clicks: 2, day: "2026-03-20" },
      "https://site.teste/",
    );
    expect(mail.subject).toBe("WhatsApp: interesse no imóvel AP0042");
    expect(mail.text).toContain("em 20/03/2026");
  });

  it("e-mails the agency when the listing has no active agent", async () => {
    const listing = await insertProperty(database.db);
    expect(await recordWhatsappClick(database.db, listing.referencia, nextIp())).toBe("recorded");
    expect((await noticesFor(listing.id)).map((n) => n.payload.to)).toEqual(["contato@agencia-teste.com.br"]);
  });

  it("refuses a malformed referência and ignores unknown or unpublished listings", async () => {
    expect(await recordWhatsappClick(database.db, "<script>", nextIp())).toBe("invalid");
    expect(await recordWhatsappClick(database.db, 42, nextIp())).toBe("invalid");
    expect(await recordWhatsappClick(database.db, "NAOEXISTE1", nextIp())).toBe("not-found");
    const draft = await insertProperty(database.db);
    await database.db.update(properties).set({ publicacao: "rascunho" }).where(eq(properties.id, draft.id));
    expect(await recordWhatsappClick(database.db, draft.referencia, nextIp())).toBe("not-found");
    expect(await clicksOf(draft.id)).toBe(0);
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, WHATSAPP_CLICK_EMAIL_KIND))),
    ).not.toContainEqual(
      expect.objectContaining({ payload: expect.objectContaining({ propertyId: draft.id }) }),
    );
  });
});
