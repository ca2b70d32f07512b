// /admin/imoveis/:id/temporada — a temporada listing's rates and rules (seasons, minimum nights,
// guests, fees, times, house rules, inventory), its calendar with blocked nights, and its confirmed
// stays, one recorded by hand included, with "Cancelar" (decision 037); its calendar published as
// .ics and the calendars it imports from Airbnb or Booking.com (decision 039). Each form posts an
// `intent`; bad input answers 400 with the message at its field, nothing written.
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { PropertyPageHeader } from "../../components/admin/property-page-header";
import { Field, FormAlert, TextAreaField } from "../../components/form-field";
import { RentalCalendar } from "../../components/property/rental-section";
import { Stylesheet } from "../../components/stylesheet";
import { fieldErrorsOf } from "../../lib/form-errors";
import { formatCount, formatPrice } from "../../lib/format";
import { formatMaceioInstant, maceioClock } from "../../lib/maceio-time";
import { pageMeta } from "../../lib/meta";
import {
  calendarMonths,
  formatIsoDate,
  MAX_STAY_NIGHTS,
  nightsOf,
  SEASON_KIND_KEYS,
  SEASON_KINDS,
} from "../../lib/rental";
import { blockSchema, parseRentalTerms, parseStay, SEASON_ROWS } from "../../lib/rental-form";
import { rowIdOf } from "../../lib/row-id";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { safeAddress } from "../../server/mail/mailer.server";
import { loadManageable, parseId } from "../../server/properties/access.server";
import { actorFor, guarded } from "../../server/properties/http.server";
import {
  addFeed,
  exportTokenOf,
  feedSchema,
  feedsOf,
  MAX_FEEDS,
  regenerateExportToken,
  removeFeed,
  syncFeedNow,
  syncOptionsOf,
} from "../../server/rentals/ical-sync.server";
import {
  blockNights,
  cancelBooking,
  getRentalTermsRow,
  recordBooking,
  rentalOf,
  saveRentalTerms,
  takenNights,
  unblockNights,
  upcomingBookings,
} from "../../server/rentals/rentals.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import rentalCss from "../../styles/rental.css?inline";
import type { Route } from "./+types/imovel-temporada";

const ADMIN_MONTHS = 12;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Temporada ${args.loaderData.property.referencia}` : "Temporada",
    noindex: true,
  });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const actor = actorFor(user, request, context);
  const { db, config } = context.get(requestContext).services;
  return guarded(async () => {
    const property = await loadManageable(db, actor, parseId(params.id));
    const token = await exportTokenOf(db, property.id);
    const row = await getRentalTermsRow(db, property.id);
    const today = maceioClock(new Date()).day;
    const taken = await takenNights(db, property.id, `${today.slice(0, 8)}01`, "9999-12-31");
    return data(
      {
        property: {
          id: property.id,
          referencia: property.referencia,
          titulo: property.titulo,
          temporada: property.finalidades.includes("temporada"),
        },
        saved: row !== null,
        terms: rentalOf({ ...property, finalidades: ["temporada"] }, row),
        calendar: calendarMonths(today, ADMIN_MONTHS, taken),
        bookings: await upcomingBookings(db, property.id, today),
        maxFeeds: MAX_FEEDS,
        pollMinutes: Math.round(config.ICAL_POLL_INTERVAL_SECONDS / 60),
        exportUrl: `${config.publicUrl.replace(/\/+$/, "")}/temporada/${token}.ics`,
        feeds: (await feedsOf(db, property.id)).map((f) => ({
          id: f.id,
          label: f.label,
          url: f.url,
          lastSuccessAt: f.lastSuccessAt?.toISOString() ?? null,
          lastErrorAt: f.lastErrorAt?.toISOString() ?? null,
          lastError: f.lastError,
          nextAttemptAt: f.nextAttemptAt.toISOString(),
          events: f.events,
          ignoredEvents: f.ignoredEvents,
          conflicts: f.conflicts,
        })),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

/** A row's id posted by a button's form (a booking, a feed); null unless one (rowIdOf). */
function idOf(form: FormData, name: string): number | null {
  return rowIdOf(form.get(name));
}

type ActionData = {
  intent: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
  formError?: string;
};

export async function action({ request, url, context, params }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const actor = actorFor(user, request, context);
  const { db, config } = context.get(requestContext).services;
  return guarded(async () => {
    const id = parseId(params.id);
    await loadManageable(db, actor, id);
    const form = await readForm(request);
    const intent = String(form.get("intent") ?? "");
    const bad = (errors: Record<string, string>, formError?: string, values?: Record<string, string>) =>
      data<ActionData>({ intent, errors, formError, values }, { status: 400 });
    const back = (ok: string) => redirect(`/admin/imoveis/${id}/temporada?ok=${ok}`);

    if (intent === "tarifas") {
      const parsed = parseRentalTerms(form);
      if (!parsed.ok) return bad(parsed.errors, "Corrija os campos marcados.", parsed.values);
      await saveRentalTerms(db, actor, id, parsed.input);
      return back("tarifas");
    }
    if (intent === "bloquear" || intent === "desbloquear") {
      const typed = {
        from: String(form.get("from") ?? "").slice(0, 20),
        to: String(form.get("to") ?? "").slice(0, 20),
      };
      const parsed = blockSchema.safeParse(typed);
      if (!parsed.success) return bad(fieldErrorsOf(parsed.error), undefined, typed);
      const { from, to } = parsed.data;
      if (intent === "bloquear") await blockNights(db, actor, id, from, to);
      else await unblockNights(db, actor, id, from, to);
      return back(intent);
    }
    if (intent === "reserva") {
      // Sent back with a refusal, so a page without JavaScript keeps what was typed.
      const typed = Object.fromEntries(
        ["chegada", "saida", "hospedes", "nome", "email", "total"].map((name) => [
          name,
          String(form.get(name) ?? "").slice(0, 200),
        ]),
      );
      const stay = parseStay((name) => form.get(name) ?? undefined);
      const guestName = String(form.get("nome") ?? "")
        .trim()
        .slice(0, 120);
      const typedTotal = String(form.get("total") ?? "")
        .trim()
        .replace(/^R\$\s*/, "")
        .replace(/\./g, "");
      // A blank total is no amount (Number("") would be R$ 0).
      const total = typedTotal === "" ? Number.NaN : Number(typedTotal);
      const email = String(form.get("email") ?? "").trim();
      const errors: Record<string, string> = stay.ok ? {} : { ...stay.errors };
      if (stay.ok) {
        const nights = nightsOf(stay.stay.checkIn, stay.stay.checkOut).length;
        if (nights < 1) errors.saida = "A saída deve ser depois da chegada.";
        else if (nights > MAX_STAY_NIGHTS)
          errors.saida = `A locação por temporada vai até ${MAX_STAY_NIGHTS} dias (Lei 8.245/1991, art. 48).`;
      }
      if (!guestName) errors.nome = "Informe o nome do hóspede.";
      if (email && !safeAddress(email))
        errors.email = "Informe um e-mail válido, ex.: nome@exemplo.com.br, ou deixe em branco.";
      if (!Number.isInteger(total) || total < 0 || total > 10_000_000)
        errors.total = "Informe o valor total em reais (número inteiro).";
      if (!stay.ok || Object.keys(errors).length) return bad(errors, undefined, typed);
      const result = await recordBooking(db, actor, id, {
        ...stay.stay,
        guestName,
        guestEmail: email || null,
        total,
      });
      if (result.status === "taken")
        return data<ActionData>(
          { intent, errors: { chegada: "Há noites reservadas ou bloqueadas nessas datas." }, values: typed },
          { status: 409 },
        );
      return back("reserva");
    }
    if (intent === "cancelar-reserva") {
      const bookingId = idOf(form, "bookingId");
      if (!bookingId) return bad({}, "Reserva inválida.");
      const result = await cancelBooking(db, actor, id, bookingId, new Date());
      if (result.status === "not-found")
        return data<ActionData>(
          { intent, errors: {}, formError: "Esta reserva não está mais confirmada." },
          { status: 409 },
        );
      // Only a stay with an address the mailer accepts gets the e-mail: otherwise the agent calls.
      return back(result.emailed ? "cancelada" : "cancelada-sem-email");
    }
    if (intent === "ical-token") {
      await regenerateExportToken(db, actor, id);
      return back("ical-token");
    }
    if (intent === "ical-adicionar") {
      const values = { label: String(form.get("label") ?? ""), url: String(form.get("url") ?? "") };
      const parsed = feedSchema.safeParse(values);
      if (!parsed.success) return bad(fieldErrorsOf(parsed.error), undefined, values);
      const added = await addFeed(db, actor, id, parsed.data, new Date());
      if (!added.ok) return bad(added.errors, undefined, values);
      // Fetched at once, so the screen shows the first result (or the error).
      await syncFeedNow(db, actor, id, added.feedId, new Date(), syncOptionsOf(config));
      return back("ical-adicionado");
    }
    if (intent === "ical-sincronizar" || intent === "ical-remover") {
      const feedId = idOf(form, "feedId");
      if (!feedId) return bad({}, "Calendário inválido.");
      if (intent === "ical-remover") {
        if (!(await removeFeed(db, actor, id, feedId))) return bad({}, "Este calendário não existe mais.");
        return back("ical-removido");
      }
      const result = await syncFeedNow(db, actor, id, feedId, new Date(), syncOptionsOf(config));
      if (!result) return bad({}, "Este calendário não existe mais.");
      return back(result.ok ? "ical-sincronizado" : "ical-falhou");
    }
    return bad({}, "Ação desconhecida.");
  });
}

const NOTICES: Record<string, string> = {
  tarifas: "Tarifas e regras salvas.",
  bloquear: "Noites bloqueadas.",
  desbloquear: "Noites desbloqueadas (as reservadas continuam).",
  reserva: "Reserva registrada.",
  cancelada: "Reserva cancelada: as noites foram liberadas e o hóspede recebe um e-mail.",
  "cancelada-sem-email":
    "Reserva cancelada: as noites foram liberadas. A reserva não tem um e-mail válido do hóspede: avise-o por telefone.",
  "ical-token":
    "Novo endereço gerado: o anterior deixou de funcionar. Atualize-o no Airbnb e no Booking.com.",
  "ical-adicionado": "Calendário adicionado.",
  "ical-removido": "Calendário removido: as noites que ele bloqueava foram liberadas.",
  "ical-sincronizado": "Calendário sincronizado.",
  "ical-falhou": "A sincronização falhou: veja o erro no calendário.",
};

const dateTime = (iso: string | null) => (iso ? formatMaceioInstant(iso) : "nunca");

/** "12/01/2027 a 14/01/2027, 20/01/2027" — consecutive nights joined. */
function nightRanges(nights: string[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < nights.length) {
    const first = nights[i] as string;
    let last = first;
    i += 1;
    while (i < nights.length) {
      const next = nights[i] as string;
      const expected = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      if (next !== expected) break;
      last = next;
      i += 1;
    }
    out.push(first === last ? formatIsoDate(first) : `${formatIsoDate(first)} a ${formatIsoDate(last)}`);
  }
  return out.join(", ");
}

export default function ImovelTemporada({ loaderData, actionData }: Route.ComponentProps) {
  const { property, terms, saved, calendar, bookings, exportUrl, feeds, pollMinutes, maxFeeds } = loaderData;
  const [search] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const notice = NOTICES[search.get("ok") ?? ""];
  const errorsFor = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const termErrors = errorsFor("tarifas");
  const typed = actionData?.intent === "tarifas" ? actionData.values : undefined;
  const value = (name: string, fallback: string) => typed?.[name] ?? fallback;
  /** A field of the terms form: what was typed when the post was refused, else the saved value. */
  const termField = (name: string, fallback: string) => ({
    name,
    defaultValue: value(name, fallback),
    error: termErrors[name],
  });
  const seasons = terms?.seasons ?? [];
  const blockErrors = { ...errorsFor("bloquear"), ...errorsFor("desbloquear") };
  const bookingErrors = errorsFor("reserva");
  const blockTyped =
    actionData?.intent === "bloquear" || actionData?.intent === "desbloquear" ? actionData.values : undefined;
  const bookingTyped = actionData?.intent === "reserva" ? actionData.values : undefined;
  const feedErrors = errorsFor("ical-adicionar");
  const feedValues = actionData?.intent === "ical-adicionar" ? actionData.values : undefined;
  const topError =
    actionData && !["tarifas", "reserva", "ical-adicionar"].includes(actionData.intent)
      ? actionData.formError
      : undefined;

  return (
    <main className="admin-page admin-listings">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <Stylesheet name="rental" css={rentalCss} />
      <PropertyPageHeader
        back={{ to: `/admin/imoveis/${property.id}`, label: `Editar imóvel ${property.referencia}` }}
        heading="Temporada"
        referencia={property.referencia}
        titulo={property.titulo}
      >
        {!property.temporada ? (
          <p className="form-field__hint">
            Este imóvel não está marcado com a finalidade temporada: o site só mostra estes valores e o
            calendário quando estiver.
          </p>
        ) : null}
      </PropertyPageHeader>
      {notice ? (
        <p className="listing-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FormAlert>{topError}</FormAlert>

      <section aria-labelledby="tarifas-titulo" className="listing-form">
        <h2 id="tarifas-titulo">Tarifas e regras</h2>
        {!saved ? (
          <p className="form-field__hint">
            Ainda não salvas: o site usa a diária do anúncio, mínimo de 1 noite e 2 hóspedes por quarto.
          </p>
        ) : null}
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="tarifas" />
          <FormAlert>{actionData?.intent === "tarifas" ? actionData.formError : null}</FormAlert>
          <div className="form-grid">
            <Field
              label="Diária padrão (R$)"
              inputMode="numeric"
              {...termField("defaultRate", String(terms?.defaultRate ?? ""))}
              hint="Vale nas noites fora das temporadas abaixo."
            />
            <Field
              label="Estadia mínima (noites)"
              inputMode="numeric"
              {...termField("minNights", String(terms?.minNights ?? 1))}
            />
            <Field
              label="Hóspedes (máximo)"
              inputMode="numeric"
              {...termField("maxGuests", String(terms?.maxGuests ?? ""))}
            />
            <Field
              label="Taxa de limpeza (R$)"
              inputMode="numeric"
              {...termField("cleaningFee", String(terms?.cleaningFee ?? 0))}
            />
            <Field
              label="Caução (R$)"
              inputMode="numeric"
              {...termField("securityDeposit", String(terms?.securityDeposit ?? 0))}
            />
            <Field
              label="Entrada a partir de"
              type="time"
              {...termField("checkInTime", terms?.checkInTime ?? "14:00")}
            />
            <Field
              label="Saída até"
              type="time"
              {...termField("checkOutTime", terms?.checkOutTime ?? "11:00")}
            />
          </div>
          <fieldset className="rental-seasons">
            <legend>Temporadas</legend>
            <p className="form-field__hint">
              Primeira e última noite de cada período, com a diária e a estadia mínima. Onde duas se
              sobrepõem, vale réveillon, depois carnaval, alta e baixa. Linhas em branco são ignoradas.
            </p>
            {Array.from({ length: SEASON_ROWS }, (_, i) => {
              const s = seasons[i];
              const f = (name: string) => `season-${i}-${name}`;
              const rowLabel = <span className="visually-hidden"> (temporada {i + 1})</span>;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are numbered slots
                <div className="form-grid rental-seasons__row" key={i}>
                  <div className="form-field">
                    <label htmlFor={f("kind")}>Tipo{rowLabel}</label>
                    <select
                      id={f("kind")}
                      name={f("kind")}
                      defaultValue={value(f("kind"), s?.kind ?? "")}
                      aria-invalid={termErrors[f("kind")] ? true : undefined}
                      aria-describedby={termErrors[f("kind")] ? `${f("kind")}-erro` : undefined}
                    >
                      <option value="">—</option>
                      {SEASON_KIND_KEYS.map((kind) => (
                        <option key={kind} value={kind}>
                          {SEASON_KINDS[kind]}
                        </option>
                      ))}
                    </select>
                    {termErrors[f("kind")] ? (
                      <p className="form-field__error" id={`${f("kind")}-erro`}>
                        {termErrors[f("kind")]}
                      </p>
                    ) : null}
                  </div>
                  <Field
                    label={<>Primeira noite{rowLabel}</>}
                    type="date"
                    {...termField(f("start"), s?.start ?? "")}
                  />
                  <Field
                    label={<>Última noite{rowLabel}</>}
                    type="date"
                    {...termField(f("end"), s?.end ?? "")}
                  />
                  <Field
                    label={<>Diária (R$){rowLabel}</>}
                    inputMode="numeric"
                    {...termField(f("rate"), s ? String(s.rate) : "")}
                  />
                  <Field
                    label={<>Mínimo de noites{rowLabel}</>}
                    inputMode="numeric"
                    {...termField(f("minNights"), s ? String(s.minNights) : "")}
                  />
                </div>
              );
            })}
          </fieldset>
          <TextAreaField
            label="Regras da casa"
            rows={4}
            {...termField("houseRules", terms?.houseRules ?? "")}
          />
          <TextAreaField
            label="Inventário de móveis e utensílios"
            rows={6}
            {...termField("inventory", terms?.inventory ?? "")}
            hint="Lei 8.245/1991, art. 48: a locação de imóvel mobiliado descreve os móveis e utensílios."
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            Salvar tarifas e regras
          </button>
        </Form>
      </section>

      <section aria-labelledby="calendario-titulo" className="listing-form">
        <h2 id="calendario-titulo">Calendário</h2>
        <Form method="post" noValidate className="form-grid">
          <Field
            label="Primeira noite"
            name="from"
            type="date"
            idPrefix="bloqueio-"
            error={blockErrors.from}
            defaultValue={blockTyped?.from}
          />
          <Field
            label="Última noite"
            name="to"
            type="date"
            idPrefix="bloqueio-"
            error={blockErrors.to}
            defaultValue={blockTyped?.to}
          />
          <div className="form-actions">
            <button type="submit" name="intent" value="bloquear" className="button" disabled={busy}>
              Bloquear
            </button>{" "}
            <button type="submit" name="intent" value="desbloquear" className="button" disabled={busy}>
              Desbloquear
            </button>
          </div>
        </Form>
        <RentalCalendar calendar={calendar} />
      </section>

      <section aria-labelledby="reservas-titulo" className="listing-form">
        <h2 id="reservas-titulo">Reservas confirmadas</h2>
        {bookings.length ? (
          <ul>
            {bookings.map((b) => (
              <li key={b.id}>
                {formatIsoDate(b.checkIn)} a {formatIsoDate(b.checkOut)} — {b.guestName}, {b.guests} hóspedes,{" "}
                {formatPrice(b.total)}
                {b.leadId ? (
                  <>
                    {" "}
                    (<Link to={`/admin/leads/${b.leadId}`}>lead</Link>)
                  </>
                ) : null}{" "}
                <Form method="post" className="rental-inline-form">
                  <input type="hidden" name="intent" value="cancelar-reserva" />
                  <input type="hidden" name="bookingId" value={b.id} />
                  <button type="submit" className="button" disabled={busy}>
                    Cancelar reserva
                    <span className="visually-hidden">
                      {" "}
                      de {formatIsoDate(b.checkIn)} a {formatIsoDate(b.checkOut)}
                    </span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p>Nenhuma reserva a partir de hoje.</p>
        )}
        <h3>Registrar uma reserva feita por outro canal</h3>
        <Form method="post" noValidate className="form-grid">
          <input type="hidden" name="intent" value="reserva" />
          <Field
            label="Chegada"
            name="chegada"
            type="date"
            idPrefix="reserva-"
            error={bookingErrors.chegada}
            defaultValue={bookingTyped?.chegada}
          />
          <Field
            label="Saída"
            name="saida"
            type="date"
            idPrefix="reserva-"
            error={bookingErrors.saida}
            defaultValue={bookingTyped?.saida}
          />
          <Field
            label="Hóspedes"
            name="hospedes"
            inputMode="numeric"
            idPrefix="reserva-"
            error={bookingErrors.hospedes}
            defaultValue={bookingTyped?.hospedes}
          />
          <Field
            label="Nome do hóspede"
            name="nome"
            idPrefix="reserva-"
            error={bookingErrors.nome}
            defaultValue={bookingTyped?.nome}
          />
          <Field
            label="E-mail do hóspede (opcional)"
            name="email"
            type="email"
            idPrefix="reserva-"
            error={bookingErrors.email}
            defaultValue={bookingTyped?.email}
          />
          <Field
            label="Valor total (R$)"
            name="total"
            inputMode="numeric"
            idPrefix="reserva-"
            error={bookingErrors.total}
            defaultValue={bookingTyped?.total}
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              Registrar reserva
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="ical-titulo" className="listing-form">
        <h2 id="ical-titulo">Sincronizar calendários (iCal)</h2>
        <h3>Exportar: o calendário deste imóvel</h3>
        <p className="form-field__hint" id="ical-exportar-dica">
          Cole este endereço no Airbnb (“Importar calendário”) e no Booking.com (“Sincronizar calendários”):
          eles passam a ver as reservas confirmadas e as noites bloqueadas aqui, sem dados dos hóspedes. Quem
          tiver o endereço vê a ocupação; gere um novo se ele vazar.
        </p>
        <div className="form-field">
          <label htmlFor="ical-exportar">Endereço do calendário (.ics)</label>
          <input
            id="ical-exportar"
            type="text"
            readOnly
            value={exportUrl}
            aria-describedby="ical-exportar-dica"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="ical-token" />
          <button type="submit" className="button" disabled={busy}>
            Gerar novo endereço
          </button>
        </Form>

        <h3>Importar: calendários de outros canais</h3>
        <p className="form-field__hint">
          As reservas desses calendários bloqueiam as noites aqui (buscadas a cada {pollMinutes} minutos). Uma
          noite que já tem reserva confirmada aqui não é sobrescrita: aparece como conflito.
        </p>
        {feeds.length ? (
          <ul className="rental-feeds">
            {feeds.map((f) => (
              <li key={f.id}>
                <p>
                  <strong>{f.label}</strong> — <span className="rental-feeds__url">{f.url}</span>
                </p>
                <p>
                  Última sincronização: {dateTime(f.lastSuccessAt)}
                  {f.lastSuccessAt
                    ? ` (${formatCount(f.events, "evento", "eventos", "nenhum evento")}${
                        f.ignoredEvents
                          ? `; ${formatCount(f.ignoredEvents, "evento ignorado", "eventos ignorados")} por datas ou regras que não puderam ser lidas`
                          : ""
                      })`
                    : ""}
                  . Próxima tentativa: {dateTime(f.nextAttemptAt)}.
                </p>
                {f.lastError ? (
                  <p className="form-field__error">
                    Erro em {dateTime(f.lastErrorAt)}: {f.lastError}
                  </p>
                ) : null}
                {f.conflicts.length ? (
                  <p className="form-field__error">
                    Conflito: noites já reservadas aqui que este calendário também ocupa:{" "}
                    {nightRanges(f.conflicts)}.
                  </p>
                ) : null}
                <Form method="post" className="rental-inline-form">
                  <input type="hidden" name="feedId" value={f.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="ical-sincronizar"
                    className="button"
                    disabled={busy}
                  >
                    Sincronizar agora<span className="visually-hidden"> ({f.label})</span>
                  </button>{" "}
                  <button type="submit" name="intent" value="ical-remover" className="button" disabled={busy}>
                    Remover<span className="visually-hidden"> ({f.label})</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p>Nenhum calendário importado.</p>
        )}
        {feeds.length < maxFeeds ? (
          <Form method="post" noValidate className="form-grid">
            <input type="hidden" name="intent" value="ical-adicionar" />
            <Field
              label="Nome do calendário"
              name="label"
              idPrefix="ical-"
              placeholder="Airbnb"
              defaultValue={feedValues?.label ?? ""}
              error={feedErrors.label}
            />
            <Field
              label="Endereço (.ics) do calendário"
              name="url"
              type="url"
              idPrefix="ical-"
              defaultValue={feedValues?.url ?? ""}
              error={feedErrors.url}
            />
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy}>
                Adicionar calendário
              </button>
            </div>
          </Form>
        ) : null}
      </section>
    </main>
  );
}
