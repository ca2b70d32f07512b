// The painel's first-response times per agent (app/server/dashboard/response-times.server.ts).
import { formatInteger } from "../../lib/format";
import { formatWait } from "../../lib/lead-distribution";
import { TableScroll } from "../table-scroll";

export function ResponseTimes({
  rows,
  own,
}: {
  rows: { agentId: number; name: string; answered: number; medianMinutes: number }[];
  /** A corretor: their own line only. */
  own: boolean;
}) {
  return (
    <section className="admin-card" aria-labelledby="painel-resposta">
      <h2 id="painel-resposta">Tempo até a primeira resposta</h2>
      <p>
        Mediana dos últimos 30 dias, em horário comercial, desde que o lead chegou ao corretor até a primeira
        ação dele (etapa, anotação ou WhatsApp).
      </p>
      {rows.length === 0 ? (
        <p>
          {own ? "Você ainda não respondeu leads neste período." : "Nenhum lead respondido neste período."}
        </p>
      ) : (
        <TableScroll labelledBy="painel-resposta">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Corretor</th>
                <th scope="col">Leads respondidos</th>
                <th scope="col">Mediana</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.agentId}>
                  <th scope="row">{row.name}</th>
                  <td>{formatInteger(row.answered)}</td>
                  <td>{formatWait(row.medianMinutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
