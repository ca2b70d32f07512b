// What the domain's writers announce to open admin pages, and to whom: listing changes and a
// lead's reassignment, published through one app instance and heard on another (on PostgreSQL
// two connection pools on one database, as two processes would be; PGlite has one process).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createActor,
  insertLead,
  insertProperty,
  insertUser,
  propertyFormData,
} from "../../../tests/support/factories";
import type { Database, Db } from "../db/client.server";
import { createTestDatabases } from "../db/test-database.server";
import { assignLead, changeLeadStatus, listLeads } from "../leads/inbox.server";
import { recordLead } from "../leads/record.server";
import { newSentListToken, recordSentListOpen, storeSentList } from "../leads/sent-lists.server";
import { LocalDiskStorage } from "../media/storage.server";
import type { Actor } from "../properties/access.server";
import { createProperty, deleteProperty, setStatus, updateProperty } from "../properties/admin.server";
import { openStream } from "./test-stream.server";

let writer: Database;
let reader: Database;
let db: Db;
let root: string;

beforeAll(async () => {
  [writer, reader] = (await createTestDatabases(2)) as [Database, Database];
  db = writer.db;
  root = await mkdtemp(path.join(os.tmpdir(), "live-events-"));
});
afterAll(async () => {
  await writer.close();
  await reader.close();
  await rm(root, { recursive: true, force: true });
});

async function connected(...users: Actor[]) {
  const streams = users.map((user) => openStream(reader, user));
  await Promise.all(streams.map((s) => s.until(/conectado/)));
  return streams;
}

const ids = (events: { type: string; id: number }[]) => events.map((e) => `${e.type} ${e.id}`);

describe("listing changes", () => {
  it("reach the admins and the listing's agent before and after, with the id only", async () => {
    const admin = await createActor(db, "admin");
    const ana = await createActor(db, "corretor");
    const bruno = await createActor(db, "corretor");
    const [toAdmin, toAna, toBruno] = await connected(admin, ana, bruno);

    const listing = await createProperty(
      db,
      ana,
      propertyFormData({ titulo: "Casa reservada da Ana no Farol" }),
    );
    await updateProperty(
      db,
      admin,
      listing.id,
      propertyFormData({ titulo: "Casa reservada agora com o Bruno", corretorId: String(bruno.id) }),
    );
    await setStatus(db, bruno, listing.id, "vendido");
    await deleteProperty(db, new LocalDiskStorage(root), admin, listing.id);
    // Last, one change for each agent: when it arrives, everything before it has too.
    const lastOfAna = await createProperty(db, ana, propertyFormData());
    const lastOfBruno = await createProperty(db, bruno, propertyFormData());

    await toAdmin?.until(new RegExp(`"id":${lastOfBruno.id}\\}`));
    await toAna?.until(new RegExp(`"id":${lastOfAna.id}\\}`));
    await toBruno?.until(new RegExp(`"id":${lastOfBruno.id}\\}`));
    const changed = (id: number, times = 1) => Array(times).fill(`property-changed ${id}`);
    expect(ids(toAdmin?.events ?? [])).toEqual([
      ...changed(listing.id, 4),
      ...changed(lastOfAna.id),
      ...changed(lastOfBruno.id),
    ]);
    // Ana hears of her listing until it leaves her, then of nothing of Bruno's.
    expect(ids(toAna?.events ?? [])).toEqual([...changed(listing.id, 2), ...changed(lastOfAna.id)]);
    expect(ids(toBruno?.events ?? [])).toEqual([...changed(listing.id, 3), ...changed(lastOfBruno.id)]);
    // No listing data travels, nor who else was told.
    for (const stream of [toAdmin, toAna, toBruno]) {
      expect(stream?.text).not.toMatch(/Casa reservada|titulo|agentIds|corretor/);
      stream?.close();
    }
  });

  it("of a listing with no agent reach the admins only", async () => {
    const admin = await createActor(db, "admin");
    const ana = await createActor(db, "corretor");
    const [toAdmin, toAna] = await connected(admin, ana);
    const orphan = await createProperty(db, admin, propertyFormData());
    const anas = await createProperty(db, ana, propertyFormData());
    await toAdmin?.until(new RegExp(`"id":${anas.id}\\}`));
    await toAna?.until(new RegExp(`"id":${anas.id}\\}`));
    expect(ids(toAdmin?.events ?? [])).toEqual([
      `property-changed ${orphan.id}`,
      `property-changed ${anas.id}`,
    ]);
    expect(ids(toAna?.events ?? [])).toEqual([`property-changed ${anas.id}`]);
    toAdmin?.close();
    toAna?.close();
  });
});

describe("a reassigned lead", () => {
  it("reaches the agent it leaves and the one it goes to, whose inboxes then differ", async () => {
    const admin = await insertUser(db, { role: "admin" });
    const [ana, bruno, carla] = [await insertUser(db), await insertUser(db), await insertUser(db)];
    const listing = await insertProperty(db, { corretorId: ana.id });
    const lead = await insertLead(db, { propertyId: listing.id, assigneeId: ana.id });
    const carlasLead = await insertLead(db, { propertyId: listing.id, assigneeId: carla.id });
    const [toAna, toBruno, toCarla] = await connected(ana, bruno, carla);

    expect(await assignLead(db, admin, lead.id, bruno.id)).toBe("ok");
    expect(await changeLeadStatus(db, ana, lead.id, "em_atendimento")).toBe(false); // no longer hers
    await changeLeadStatus(db, bruno, lead.id, "em_atendimento");
    await changeLeadStatus(db, carla, carlasLead.id, "em_atendimento");
    // Unassigned, the lead goes back to the listing's agent: Ana and Bruno hear of it.
    expect(await assignLead(db, admin, lead.id, null)).toBe("ok");

    // Each stream's last expected event comes after all the others: nothing more is on its way.
    const changed = (id: number, times = 1) => Array(times).fill(`lead-updated ${id}`);
    expect(ids((await toAna?.untilEvents(2)) ?? [])).toEqual(changed(lead.id, 2));
    expect(ids((await toBruno?.untilEvents(3)) ?? [])).toEqual(changed(lead.id, 3));
    expect(ids((await toCarla?.untilEvents(1)) ?? [])).toEqual(changed(carlasLead.id));
    for (const s of [toAna, toBruno, toCarla]) s?.close();

    // What each open inbox shows once it revalidates on that event.
    const inbox = async (viewer: { id: number; role: "admin" | "corretor" }) =>
      (await listLeads(db, viewer, {})).rows.map((r) => r.id);
    expect(await inbox(ana)).toContain(lead.id); // unassigned, on her listing
    expect(await assignLead(db, admin, lead.id, bruno.id)).toBe("ok");
    expect(await inbox(ana)).not.toContain(lead.id);
    expect(await inbox(bruno)).toContain(lead.id);
  });
});

describe("a lead changed by a visitor", () => {
  it("reaches the agent who has it: an unassigned lead's listing agent, not another corretor", async () => {
    const admin = await insertUser(db, { role: "admin" });
    const [ana, bruno] = [await insertUser(db), await insertUser(db)];
    const listing = await insertProperty(db, { corretorId: ana.id });
    const lead = await insertLead(db, { propertyId: listing.id, assigneeId: null });
    const token = newSentListToken();
    await db.transaction((tx) =>
      storeSentList(tx, {
        token,
        leadId: lead.id,
        referencias: ["AP0001", "CA0002"],
        sentById: admin.id,
        sentAt: new Date(),
      }),
    );
    const [toAdmin, toAna, toBruno] = await connected(admin, ana, bruno);

    // The visitor opens the list: nobody signed in did anything, the lead's agent is looked up.
    expect(await recordSentListOpen(db, token)).toBe(true);
    // Bruno's own lead on Ana's listing: the person writes again (Bruno's, not Ana's, to hear of),
    // then Bruno moves it, last: when he hears of it, he would have heard of Ana's before.
    const brunos = await insertLead(db, {
      propertyId: listing.id,
      assigneeId: bruno.id,
      email: "marta@example.com",
    });
    await recordLead(db, {
      name: "Marta",
      phone: null,
      email: "marta@example.com",
      message: "Ainda está disponível?",
      origin: "formulario_imovel",
      propertyId: listing.id,
      assigneeId: ana.id,
    });
    await changeLeadStatus(db, bruno, brunos.id, "em_atendimento");
    // And Ana's own, last: when she hears of it, she would have heard of Marta's before.
    await changeLeadStatus(db, admin, lead.id, "em_atendimento");

    // The lead changed, and its link was opened (what the agent's browser notice says).
    const opened = [`lead-updated ${lead.id}`, `lead-link-opened ${lead.id}`];
    const brunosTwice = [`lead-updated ${brunos.id}`, `lead-updated ${brunos.id}`];
    expect(ids((await toAna?.untilEvents(3)) ?? [])).toEqual([...opened, `lead-updated ${lead.id}`]);
    expect(ids((await toAdmin?.untilEvents(5)) ?? [])).toEqual([
      ...opened,
      ...brunosTwice,
      `lead-updated ${lead.id}`,
    ]);
    expect(ids((await toBruno?.untilEvents(2)) ?? [])).toEqual(brunosTwice);
    for (const s of [toAdmin, toAna, toBruno]) s?.close();
  });
});
