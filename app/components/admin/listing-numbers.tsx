// A listing's numbers on its admin screen: views, WhatsApp taps and leads over the last 30 days
// (app/server/dashboard/dashboard.server.ts getListingNumbers). WhatsApp taps are counted, not
// leads: they carry no contact details.
import { CHART_DAYS } from "../../lib/dashboard";
import { StatGrid } from "../stat-grid";

export function ListingNumbers({ numbers }: { numbers: { views: number; whatsapp: number; leads: number } }) {
  return (
    <section className="listing-numbers" id="desempenho" aria-labelledby="desempenho-titulo">
      <h2 id="desempenho-titulo">Desempenho nos últimos {CHART_DAYS} dias</h2>
      <StatGrid
        stats={[
          { value: numbers.views, label: "Visualizações" },
          { value: numbers.whatsapp, label: "Cliques no WhatsApp" },
          { value: numbers.leads, label: "Leads" },
        ]}
      />
    </section>
  );
}
