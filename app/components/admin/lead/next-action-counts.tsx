// The painel's "Próximas ações": overdue and due today per agent (an admin: every agent and the
// whole agency; a corretor: their own), each count a link to the inbox section it counts.
import { Link } from "react-router";
import { formatCount } from "../../../lib/format";
import type { NextActionView } from "../../../lib/next-action";
import { TableScroll } from "../../table-scroll";

interface Count {
  overdue: number;
  today: number;
}

export interface NextActionCountsProps {
  agents: (Count & { id: number; name: string })[];
  /** The whole agency (admin); null for a corretor. */
  total: Count | null;
}

function CountLink({ count, view, corretor }: { count: number; view: NextActionView; corretor?: number }) {
  const words =
    view === "atrasadas"
      ? formatCount(count, "atrasada", "atrasadas", "nenhuma")
      : formatCount(count, "para hoje", "para hoje", "nenhuma");
  if (count === 0) return <>{words}</>;
  return <Link to={`/admin/leads?acao=${view}${corretor ? `&corretor=${corretor}` : ""}`}>{words}</Link>;
}

export function NextActionCounts({ agents, total }: NextActionCountsProps) {
  const isAdmin = total !== null;
  return (
    <section className="admin-card" aria-labelledby="painel-proximas-acoes">
      <h2 id="painel-proximas-acoes">Próximas ações</h2>
      <p>
        {isAdmin
          ? "Leads com a próxima ação atrasada ou para hoje, por corretor (o responsável, ou o corretor do imóvel enquanto não há um)."
          : "Seus leads com a próxima ação atrasada ou para hoje."}
      </p>
      <TableScroll labelledBy="painel-proximas-acoes">
        <table className="admin-table" data-testid="painel-proximas-acoes">
          <thead>
            <tr>
              <th scope="col">Corretor</th>
              <th scope="col">Atrasadas</th>
              <th scope="col">Para hoje</th>
            </tr>
          </thead>
          <tbody>
            {agents.map((agent) => (
              <tr key={agent.id} data-agent-id={agent.id}>
                <th scope="row">{agent.name}</th>
                <td>
                  <CountLink
                    count={agent.overdue}
                    view="atrasadas"
                    corretor={isAdmin ? agent.id : undefined}
                  />
                </td>
                <td>
                  <CountLink count={agent.today} view="hoje" corretor={isAdmin ? agent.id : undefined} />
                </td>
              </tr>
            ))}
          </tbody>
          {total ? (
            <tfoot>
              <tr>
                <th scope="row">Toda a imobiliária (com os leads sem corretor)</th>
                <td>
                  <CountLink count={total.overdue} view="atrasadas" />
                </td>
                <td>
                  <CountLink count={total.today} view="hoje" />
                </td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </TableScroll>
    </section>
  );
}
