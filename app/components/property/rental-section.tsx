// A temporada listing's rates, rules, availability and quote (decision 037). Everything is drawn by
// the server: the calendar is a table per month whose days say their state in words (not only in
// colour), and the quote form is a GET of the listing's own URL (?estadia=1&…#temporada) that the
// server answers, so it all works without JavaScript. The booking request is the listing's lead
// form with the stay in hidden fields; the server quotes it again before recording the lead.
import { formatCount, formatPrice } from "../../lib/format";
import type { LeadActionData } from "../../lib/lead-fields";
import { listingPath, type PublicListing } from "../../lib/listing";
import {
  type CalendarMonth,
  DAY_STATE_LABELS,
  formatIsoDate,
  MAX_STAY_NIGHTS,
  type QuoteErrors,
  type QuoteField,
  SEASON_KINDS,
  type Season,
  STAY_PARAM,
  type StayQuote,
  type StayValues,
} from "../../lib/rental";
import financingCss from "../../styles/financing.css?inline";
import rentalCss from "../../styles/rental.css?inline";
import { LeadForm } from "../lead-form";
import { Stylesheet } from "../stylesheet";

export interface RentalInfo {
  defaultRate: number;
  minNights: number;
  cleaningFee: number;
  maxGuests: number;
  seasons: readonly Season[];
  securityDeposit: number;
  checkInTime: string;
  checkOutTime: string;
  houseRules: string;
  inventory: string;
}

const ID = "temporada";
const WEEKDAYS: [string, string][] = [
  ["D", "domingo"],
  ["S", "segunda-feira"],
  ["T", "terça-feira"],
  ["Q", "quarta-feira"],
  ["Q", "quinta-feira"],
  ["S", "sexta-feira"],
  ["S", "sábado"],
];

function FieldError({ field, errors }: { field: QuoteField; errors: QuoteErrors }) {
  const message = errors[field];
  return message ? (
    <p className="financing__error" id={`${ID}-${field}-erro`}>
      {message}
    </p>
  ) : null;
}

export function RentalSection({
  listing,
  rental,
  calendar,
  stay,
  consentText,
  leadResult,
}: {
  listing: PublicListing;
  rental: RentalInfo;
  calendar: CalendarMonth[];
  /** A quote the server answered (sent in the URL). */
  stay: { values: StayValues; quote: StayQuote | null; errors: QuoteErrors } | null;
  consentText: string;
  /** The booking request's answer after a post without JavaScript. */
  leadResult?: LeadActionData;
}) {
  const errors = stay?.errors ?? {};
  const values = stay?.values ?? { chegada: "", saida: "", hospedes: "" };
  const described = (field: QuoteField) => (errors[field] ? `${ID}-${field}-erro` : undefined);
  const facts: [string, string][] = [
    ["Diária padrão", formatPrice(rental.defaultRate)],
    ["Estadia mínima", formatCount(rental.minNights, "noite", "noites")],
    ["Hóspedes", `até ${rental.maxGuests}`],
    ["Entrada e saída", `entrada a partir das ${rental.checkInTime}, saída até as ${rental.checkOutTime}`],
    ["Taxa de limpeza", rental.cleaningFee ? formatPrice(rental.cleaningFee) : "sem taxa"],
  ];
  if (rental.securityDeposit) facts.push(["Caução", formatPrice(rental.securityDeposit)]);
  return (
    <section id={ID} className="listing-section rental" aria-labelledby={`${ID}-titulo`}>
      <Stylesheet name="financing" css={financingCss} />
      <Stylesheet name="rental" css={rentalCss} />
      <h2 id={`${ID}-titulo`}>Temporada: valores e disponibilidade</h2>
      <dl className="financing__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {rental.seasons.length ? (
        <div className="financing__scroll">
          <table className="financing__table rental__seasons">
            <caption>Diárias por temporada</caption>
            <thead>
              <tr>
                <th scope="col">Temporada</th>
                <th scope="col">Noites</th>
                <th scope="col">Diária</th>
                <th scope="col">Mínimo</th>
              </tr>
            </thead>
            <tbody>
              {rental.seasons.map((s) => (
                <tr key={`${s.kind}-${s.start}`}>
                  <th scope="row">{SEASON_KINDS[s.kind]}</th>
                  <td>
                    {formatIsoDate(s.start)} a {formatIsoDate(s.end)}
                  </td>
                  <td>{formatPrice(s.rate)}</td>
                  <td>{formatCount(s.minNights, "noite", "noites")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rental.houseRules.trim() ? (
        <details className="financing__more">
          <summary>Regras da casa</summary>
          <p className="rental__text">{rental.houseRules}</p>
        </details>
      ) : null}
      {rental.inventory.trim() ? (
        <details className="financing__more">
          <summary>Inventário de móveis e utensílios</summary>
          <p className="rental__text">{rental.inventory}</p>
        </details>
      ) : null}

      <h3 id={`${ID}-calendario`}>Calendário</h3>
      <p className="financing__hint">
        Cada dia diz se a noite está livre, reservada ou bloqueada. A noite de um dia começa nele: quem sai no
        dia 10 não ocupa a noite do dia 10.
      </p>
      <RentalCalendar calendar={calendar} />

      <h3 id={`${ID}-cotacao`}>Calcule sua estadia</h3>
      <form
        method="get"
        action={`${listingPath(listing.referencia)}#${ID}`}
        className="financing__form"
        aria-labelledby={`${ID}-cotacao`}
        noValidate
      >
        <input type="hidden" name={STAY_PARAM} value="1" />
        <div className="financing__fields">
          <div className="financing__field">
            <label htmlFor={`${ID}-chegada`}>Chegada</label>
            <input
              id={`${ID}-chegada`}
              name="chegada"
              type="date"
              defaultValue={values.chegada}
              aria-invalid={errors.chegada ? true : undefined}
              aria-describedby={described("chegada")}
            />
            <FieldError field="chegada" errors={errors} />
          </div>
          <div className="financing__field">
            <label htmlFor={`${ID}-saida`}>Saída</label>
            <input
              id={`${ID}-saida`}
              name="saida"
              type="date"
              defaultValue={values.saida}
              aria-invalid={errors.saida ? true : undefined}
              aria-describedby={[`${ID}-saida-dica`, described("saida")].filter(Boolean).join(" ")}
            />
            <p className="financing__hint" id={`${ID}-saida-dica`}>
              Até {MAX_STAY_NIGHTS} dias (Lei 8.245/1991, art. 48).
            </p>
            <FieldError field="saida" errors={errors} />
          </div>
          <div className="financing__field">
            <label htmlFor={`${ID}-hospedes`}>Hóspedes</label>
            <input
              id={`${ID}-hospedes`}
              name="hospedes"
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              defaultValue={values.hospedes}
              aria-invalid={errors.hospedes ? true : undefined}
              aria-describedby={described("hospedes")}
            />
            <FieldError field="hospedes" errors={errors} />
          </div>
        </div>
        <button type="submit" className="button button--primary financing__submit">
          Calcular
        </button>
      </form>
      {stay?.quote ? (
        <StayResult
          quote={stay.quote}
          values={stay.values}
          consentText={consentText}
          leadResult={leadResult}
        />
      ) : null}
    </section>
  );
}

/** The months as tables: each day says its state in words (decision 037). */
export function RentalCalendar({ calendar }: { calendar: CalendarMonth[] }) {
  return (
    <div className="rental__months">
      {calendar.map((month) => (
        <table key={month.label} className="rental__month">
          <caption>{month.label}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, long]) => (
                <th key={long} scope="col">
                  <abbr title={long}>{short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week) => (
              <tr key={week.find((d) => d)?.iso}>
                {week.map((day, i) =>
                  day ? (
                    <td key={day.iso} className={`rental__day rental__day--${day.state}`} data-dia={day.iso}>
                      <span className="rental__num">{day.day}</span>
                      <span className="rental__state">{DAY_STATE_LABELS[day.state]}</span>
                    </td>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no identity
                    <td key={`x${i}`} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

function StayResult({
  quote,
  values,
  consentText,
  leadResult,
}: {
  quote: StayQuote;
  values: StayValues;
  consentText: string;
  leadResult?: LeadActionData;
}) {
  return (
    <div className="financing__result" data-testid="cotacao">
      <h3>
        {formatCount(quote.nights.length, "noite", "noites")},{" "}
        {formatCount(quote.guests, "hóspede", "hóspedes")}: total {formatPrice(quote.total)}
      </h3>
      <div className="financing__scroll">
        <table className="financing__table">
          <caption>
            Noite a noite, de {formatIsoDate(quote.checkIn)} a {formatIsoDate(quote.checkOut)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Noite</th>
              <th scope="col">Temporada</th>
              <th scope="col">Diária</th>
            </tr>
          </thead>
          <tbody>
            {quote.nights.map((n) => (
              <tr key={n.night}>
                <th scope="row">{formatIsoDate(n.night)}</th>
                <td>{n.label}</td>
                <td>{formatPrice(n.rate)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Hospedagem
              </th>
              <td>{formatPrice(quote.lodging)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                Taxa de limpeza
              </th>
              <td>{formatPrice(quote.cleaningFee)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td>{formatPrice(quote.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <details className="financing__more financing__lead" open>
        <summary id="reserva-titulo">Pedir esta reserva</summary>
        <p className="financing__hint">
          As datas e o valor acima vão junto com a sua mensagem. A reserva só vale depois que a imobiliária
          confirmar: por e-mail, ou por telefone se você não informar um e-mail.
        </p>
        <LeadForm
          idPrefix="reserva"
          labelledBy="reserva-titulo"
          consentText={consentText}
          serverResult={leadResult}
          hidden={{ [STAY_PARAM]: "1", ...values }}
          defaultMessage={`Olá! Gostaria de reservar de ${formatIsoDate(quote.checkIn)} a ${formatIsoDate(quote.checkOut)}.`}
          thanks="A imobiliária vai confirmar a disponibilidade e enviar a confirmação por e-mail."
          thanksByPhone="Você não informou um e-mail: a imobiliária vai confirmar a disponibilidade e avisar você por telefone."
        />
      </details>
    </div>
  );
}
