// POST /admin/leads/lgpd/exportar — one person's data as a JSON download (admin only). A POST
// keeps the e-mail/phone out of URLs and access logs.
import { data } from "react-router";
import { personLookupSchema } from "../../lib/lead-inbox";
import { maceioClock } from "../../lib/maceio-time";
import { audit } from "../../server/audit/audit.server";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { exportPersonData } from "../../server/leads/lgpd.server";
import type { Route } from "./+types/leads-lgpd-exportar";

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url }, { role: "admin" });
  const form = await readForm(request);
  const parsed = personLookupSchema.safeParse({ contato: String(form.get("contato") ?? "").slice(0, 300) });
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Contato inválido." }, { status: 400 });
  }
  const { db } = context.get(requestContext).services;
  const exported = await exportPersonData(db, parsed.data.contato);
  await audit(db, {
    userId: user.id,
    action: "lgpd-exported",
    entity: "lead",
    ip: context.get(requestContext).ip,
    userAgent: request.headers.get("user-agent"),
    details: { leadIds: exported.leads.map((l) => l.id) },
  });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="dados-pessoais-${maceioClock(new Date(exported.exportedAt)).day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireUser({ request, context, url }, { role: "admin" });
  return data({ error: "Use o formulário em /admin/leads/lgpd." }, { status: 405 });
}
