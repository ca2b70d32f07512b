// Price, fees and status of a listing: "R$ 850.000", "R$ 3.500/mês", condomínio, IPTU.
import { formatDate } from "../../lib/format";
import type { PublicListing } from "../../lib/listing";

export function PriceBlock({ listing }: { listing: PublicListing }) {
  const { prices } = listing;
  const fees = [
    prices.condominio ? { label: "Condomínio", value: prices.condominio } : null,
    prices.iptu ? { label: "IPTU", value: prices.iptu } : null,
  ].filter((fee) => fee !== null);
  return (
    <section className="price-block" aria-labelledby="preco">
      <h2 id="preco" className="visually-hidden">
        Preço
      </h2>
      {listing.closed ? (
        <p className={`price-block__closed badge badge--${listing.status}`}>{listing.statusLabel}</p>
      ) : null}
      {prices.priceDrop && listing.status === "disponivel" ? (
        <p className="price-block__drop">
          {/* "R$" and the number on one line. */}
          {`Baixou ${prices.priceDrop.percent}% em ${formatDate(prices.priceDrop.at)}: era ${prices.priceDrop.from.replace(" ", "\u00a0")}.`}
        </p>
      ) : null}
      <dl className="price-block__list">
        {prices.sobConsulta ? (
          <div className="price-block__main">
            <dt>{listing.finalidadeLabels.join(" ou ")}</dt>
            <dd>Sob consulta</dd>
          </div>
        ) : null}
        {prices.venda ? (
          <div className="price-block__main">
            <dt>Venda</dt>
            <dd>{prices.venda}</dd>
          </div>
        ) : null}
        {prices.aluguel ? (
          <div className={prices.venda ? "price-block__second" : "price-block__main"}>
            <dt>{prices.aluguelLabel}</dt>
            <dd>{prices.aluguel}</dd>
          </div>
        ) : null}
        {!prices.sobConsulta && !prices.venda && !prices.aluguel ? (
          <div className="price-block__main">
            <dt>Preço</dt>
            <dd>Sob consulta</dd>
          </div>
        ) : null}
        {fees.map((fee) => (
          <div key={fee.label} className="price-block__fee">
            <dt>{fee.label}</dt>
            <dd>{fee.value}</dd>
          </div>
        ))}
        {prices.totalMensal ? (
          <div className="price-block__total">
            <dt>Total mensal</dt>
            <dd>
              {prices.totalMensal.value}
              <span className="price-block__detail">{prices.totalMensal.detail}</span>
            </dd>
          </div>
        ) : null}
        {prices.porM2 ? (
          <div className="price-block__fee">
            <dt>Preço do m²</dt>
            <dd>{prices.porM2}</dd>
          </div>
        ) : null}
      </dl>
      {listing.closed ? null : (
        <a href="#contato" className="button button--primary price-block__cta">
          Tenho interesse
        </a>
      )}
    </section>
  );
}
