// The financing simulator's result: the numbers, the amortisation table (a <details>, so it opens
// without JavaScript) and "Falar com um corretor sobre este financiamento", the lead form carrying
// the simulation.
import { useEffect, useMemo, useRef, useState } from "react";
import {
  amortizationTable,
  type FinancingInput,
  INCOME_SHARE,
  SISTEMAS,
  simulate,
} from "../../lib/financing";
import { type FinancingValues, SIMULATION_PARAM } from "../../lib/financing-fields";
import { formatDecimal, formatMoney } from "../../lib/format";
import type { LeadActionData } from "../../lib/lead-fields";
import type { PublicListing } from "../../lib/listing";
import { LeadForm } from "../lead-form";

/** Centavos: a balance of -0,000001 reads R$ 0,00, not -R$ 0,00. */
const money = (value: number) => formatMoney(Math.abs(value) < 0.005 ? 0 : value);

function AmortizationTable({ input, rowsWanted }: { input: FinancingInput; rowsWanted: boolean }) {
  const rows = useMemo(() => (rowsWanted ? amortizationTable(input) : []), [input, rowsWanted]);
  return (
    // A box that scrolls takes focus, so a keyboard scrolls it too (as table-scroll.tsx).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls, not a table
    <div className="financing__scroll" role="group" aria-labelledby="simulador-tabela" tabIndex={0}>
      <table className="financing__table">
        <caption id="simulador-tabela">
          Tabela de amortização ({SISTEMAS[input.sistema]}, {input.prazo} parcelas)
        </caption>
        <thead>
          <tr>
            <th scope="col">Mês</th>
            <th scope="col">Parcela</th>
            <th scope="col">Amortização</th>
            <th scope="col">Juros</th>
            <th scope="col">Saldo devedor</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.month}>
              <th scope="row">{row.month}</th>
              <td>{money(row.instalment)}</td>
              <td>{money(row.amortization)}</td>
              <td>{money(row.interest)}</td>
              <td>{money(row.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FinancingResult({
  input,
  values,
  listing,
  consentText,
  leadResult,
  tableInHtml,
  focusKey,
}: {
  input: FinancingInput;
  /** The fields as typed: the lead form sends them again, and the server recomputes. */
  values: FinancingValues;
  listing: PublicListing;
  consentText: string;
  /** The lead form's answer after a post without JavaScript. */
  leadResult?: LeadActionData;
  /** The result came with the page: its table rows are in the HTML (the <details> opens without JavaScript). */
  tableInHtml: boolean;
  /** Changes with each submit: the heading then takes focus, so a screen reader reads the result. */
  focusKey: number;
}) {
  const result = simulate(input);
  const heading = useRef<HTMLHeadingElement>(null);
  // 420 rows are drawn only once the table is opened (unless the server already drew them).
  const [rowsWanted, setRowsWanted] = useState(tableInHtml);

  useEffect(() => {
    if (focusKey > 0) heading.current?.focus();
  }, [focusKey]);

  const fixed = input.sistema === "price";
  const facts: [string, string][] = [
    ["Valor financiado", money(result.financed)],
    [fixed ? "Parcela (fixa)" : "Primeira parcela", money(result.first)],
    ["Última parcela", money(result.last)],
    ["Total pago nas parcelas", money(result.totalPaid)],
    ["Total de juros", money(result.totalInterest)],
    ["Renda mínima", money(result.incomeNeeded)],
  ];
  return (
    <div className="financing__result" data-testid="simulacao">
      <h3 ref={heading} tabIndex={-1}>
        Resultado: {SISTEMAS[input.sistema]} em {input.prazo} meses
      </h3>
      <dl className="financing__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="financing__note">
        Estimativa com juros de {formatDecimal(input.taxa, 4)} % ao ano (
        {formatDecimal(result.monthlyRate * 100, 4)} % ao mês). A renda mínima supõe a maior parcela em até{" "}
        {INCOME_SHARE * 100} % da renda bruta da família. Seguros (MIP e DFI) e tarifas do banco não estão
        incluídos.
      </p>
      <details
        className="financing__more"
        onToggle={(event) => {
          if (event.currentTarget.open) setRowsWanted(true);
        }}
      >
        <summary>Ver a tabela de amortização, mês a mês</summary>
        <AmortizationTable input={input} rowsWanted={rowsWanted} />
      </details>
      <details className="financing__more financing__lead" open={leadResult ? true : undefined}>
        <summary id="financiamento-titulo">Falar com um corretor sobre este financiamento</summary>
        <p className="financing__hint">A simulação acima vai junto com a sua mensagem.</p>
        <LeadForm
          idPrefix="financiamento"
          labelledBy="financiamento-titulo"
          consentText={consentText}
          serverResult={leadResult}
          hidden={{ [SIMULATION_PARAM]: "1", ...values }}
          defaultMessage={`Olá! Simulei o financiamento do imóvel ${listing.referencia} e gostaria de conversar com um corretor.`}
          thanks="Um corretor vai falar com você sobre este financiamento pelo telefone ou e-mail informado."
        />
      </details>
    </div>
  );
}
