// Favourites side by side: one column per listing, one row per fact a buyer or tenant weighs
// (price, fees, price per m², area, rooms, place, situation). Rows nobody has are left
// out. The table scrolls sideways inside its own area on a phone, with the facts' names fixed.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatArea, formatCount } from "../../lib/format";
import type { ComparedCardData } from "../../lib/property-card";
import { TableScroll } from "../table-scroll";

type Fact = { label: string; value: (card: ComparedCardData) => ReactNode };

const count = (n: number) => (n > 0 ? String(n) : null);

const FACTS: Fact[] = [
  { label: "Tipo", value: (c) => c.tipoLabel },
  // "Venda e aluguel": the labels are capitalised to stand alone.
  { label: "Finalidade", value: (c) => c.finalidades.map((f, i) => (i ? f.toLowerCase() : f)).join(" e ") },
  {
    label: "Preço",
    value: (c) =>
      c.secondaryPrice ? (
        <>
          {c.price}
          <br />
          {c.secondaryPrice}
        </>
      ) : (
        c.price
      ),
  },
  { label: "Condomínio", value: (c) => c.condominio },
  { label: "IPTU", value: (c) => c.iptu },
  { label: "Total mensal", value: (c) => c.monthlyTotal },
  { label: "Preço do m²", value: (c) => c.pricePerM2 },
  { label: "Área", value: (c) => (c.area ? formatArea(c.area) : null) },
  {
    label: "Quartos",
    value: (c) =>
      c.quartos > 0
        ? `${c.quartos}${c.suites > 0 ? ` (${formatCount(c.suites, "suíte", "suítes")})` : ""}`
        : null,
  },
  { label: "Banheiros", value: (c) => count(c.banheiros) },
  { label: "Vagas", value: (c) => count(c.vagas) },
  { label: "Bairro", value: (c) => c.bairro },
  { label: "Cidade", value: (c) => c.cidade },
  { label: "Situação", value: (c) => c.statusLabel },
];

export function CompareTable({ cards }: { cards: ComparedCardData[] }) {
  const rows = FACTS.map((fact) => ({ label: fact.label, values: cards.map(fact.value) })).filter((row) =>
    row.values.some((value) => value !== null && value !== ""),
  );
  return (
    <section className="compare" aria-labelledby="comparar-titulo">
      <h2 id="comparar-titulo">Comparar lado a lado</h2>
      <TableScroll labelledBy="comparar-titulo">
        <table className="compare__table">
          <thead>
            <tr>
              <td />
              {cards.map((card) => (
                <th key={card.referencia} scope="col">
                  <Link to={card.url}>{card.titulo}</Link>
                  <span className="compare__ref">{`Ref. ${card.referencia}`}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, i) => (
                  <td key={cards[i]!.referencia}>
                    {value === null || value === "" ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">não informado</span>
                      </>
                    ) : (
                      value
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
