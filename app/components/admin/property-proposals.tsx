// A listing's proposals on its admin screen (decision 048): every offer it received, the newest
// first, against the asking price when it was made, and where each stands. The person shows only
// to whoever may see their lead (proposalsOfProperty); they are recorded on the lead's screen.
import { Link } from "react-router";
import { formatDate } from "../../lib/format";
import { againstAsking, proposalAmount } from "../../lib/proposal";
import {
  PROPOSAL_PAYMENTS,
  PROPOSAL_STATUSES,
  type ProposalPayment,
  type ProposalStatus,
} from "../../lib/vocabulary";

export interface PropertyProposalItem {
  id: number;
  finalidade: "venda" | "aluguel";
  amount: number;
  askingPrice: number | null;
  payment: ProposalPayment | null;
  status: ProposalStatus;
  counterAmount: number | null;
  createdAt: string;
  lead: { id: number; name: string } | null;
}

export function PropertyProposals({ proposals }: { proposals: PropertyProposalItem[] }) {
  return (
    <section className="listing-proposals" id="propostas" aria-labelledby="propostas-titulo">
      <h2 id="propostas-titulo">Propostas</h2>
      {proposals.length ? (
        <table className="admin-table" data-testid="propostas-do-imovel">
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Valor</th>
              <th scope="col">Pagamento</th>
              <th scope="col">Situação</th>
              <th scope="col">Cliente</th>
            </tr>
          </thead>
          <tbody>
            {proposals.map((p) => (
              <tr key={p.id}>
                <td>{formatDate(p.createdAt)}</td>
                <td>
                  {proposalAmount(p.amount, p.finalidade)}
                  {againstAsking(p.amount, p.askingPrice) ? (
                    <span className="listing-proposals__against">
                      {" "}
                      ({againstAsking(p.amount, p.askingPrice)})
                    </span>
                  ) : null}
                </td>
                <td>{p.payment ? PROPOSAL_PAYMENTS[p.payment] : "—"}</td>
                <td>{proposalStanding(p)}</td>
                <td>
                  {p.lead ? (
                    <Link to={`/admin/leads/${p.lead.id}`}>{p.lead.name}</Link>
                  ) : (
                    "Cliente de outro corretor"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nenhuma proposta registrada. As propostas são registradas na tela do lead do cliente.</p>
      )}
    </section>
  );
}

/** "Aceita (contraproposta de R$ 160.000)": the status, and the owner's amount when there was one. */
function proposalStanding(p: PropertyProposalItem): string {
  if (p.counterAmount === null) return PROPOSAL_STATUSES[p.status];
  const counter = proposalAmount(p.counterAmount, p.finalidade);
  return p.status === "contraproposta"
    ? `Contraproposta de ${counter}`
    : `${PROPOSAL_STATUSES[p.status]} (contraproposta de ${counter})`;
}
