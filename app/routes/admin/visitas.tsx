// /admin/visitas: the visits visitors booked on listing pages, from today on (a corretor sees their
// own; an admin everyone's and the agency's), with links to each lead and to the hours editor.
import { data, Link } from "react-router";
import { TableScroll } from "../../components/table-scroll";
import { formatCount } from "../../lib/format";
import { maceioClock, maceioDayStart } from "../../lib/maceio-time";
import { pageMeta } from "../../lib/meta";
import { dayLabel } from "../../lib/visit-slots";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { listVisits } from "../../server/visits/visits.server";
import type { Route } from "./+types/visitas";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Visitas", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const now = new Date();
  const from = maceioDayStart(maceioClock(now).day);
  const rows = await listVisits(context.get(requestContext).services.db, user, { from });
  // Dates are written here in Maceió's time, so server and browser print the same.
  const visits = rows.map((v) => ({
    id: v.id,
    day: dayLabel(maceioClock(v.startsAt).day),
    time: `${maceioClock(v.startsAt).time}–${maceioClock(v.endsAt).time}`,
    name: v.name,
    phone: v.phone,
    email: v.email,
    leadId: v.leadId,
    referencia: v.referencia,
    titulo: v.titulo,
    agentName: v.agentName,
  }));
  return data({ visits, isAdmin: user.role === "admin" }, { headers: { "Cache-Control": "no-store" } });
}

export default function Visitas({ loaderData }: Route.ComponentProps) {
  const { visits, isAdmin } = loaderData;
  return (
    <main className="admin-page">
      <h1>Visitas agendadas</h1>
      <p className="admin-page__lead">
        Visitas que os visitantes marcaram pela página dos imóveis, de hoje em diante (horário de Maceió).{" "}
        <Link to="/admin/visitas/disponibilidade">Definir meus horários de visita</Link>
        {isAdmin ? " (e os de cada corretor e da imobiliária)" : ""}.
      </p>
      {visits.length === 0 ? (
        <p role="status">Nenhuma visita agendada.</p>
      ) : (
        <section className="admin-card" aria-labelledby="visitas-lista">
          <h2 id="visitas-lista">{formatCount(visits.length, "visita", "visitas")}</h2>
          <TableScroll labelledBy="visitas-lista">
            <table className="admin-table" data-testid="visitas-tabela">
              <thead>
                <tr>
                  <th scope="col">Dia</th>
                  <th scope="col">Horário</th>
                  <th scope="col">Visitante</th>
                  <th scope="col">Imóvel</th>
                  {isAdmin ? <th scope="col">Corretor</th> : null}
                </tr>
              </thead>
              <tbody>
                {visits.map((v) => (
                  <tr key={v.id}>
                    <td>{v.day}</td>
                    <td>{v.time}</td>
                    <td>
                      {v.leadId !== null ? <Link to={`/admin/leads/${v.leadId}`}>{v.name}</Link> : v.name}
                      <br />
                      {v.phone} · {v.email}
                    </td>
                    <td>{v.referencia ? `${v.referencia} — ${v.titulo}` : "—"}</td>
                    {isAdmin ? <td>{v.agentName ?? "Imobiliária"}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      )}
    </main>
  );
}
