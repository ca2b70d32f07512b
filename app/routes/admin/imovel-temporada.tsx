// /admin/imoveis/:id/temporada — a temporada listing's rates and rules (seasons, minimum nights,
// guests, fees, times, house rules, inventory), its calendar with blocked nights, and its confirmed
// stays, one recorded by hand included (decision 037). Each form posts an `intent`; bad input
// answers 400 with the message at its field, nothing written.
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Field, FormAlert, TextAreaField } from "../../components/form-field";
import { RentalCalendar } from "../../components/property/rental-section";
import { Stylesheet } from "../../components/stylesheet";
import { formatPrice } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { maceioClock } from "../../lib/next-action";
import {
  calendarMonths,
  formatIsoDate,
  MAX_STAY_NIGHTS,
  nightsOf,
  SEASON_KIND_KEYS,
  SEASON_KINDS,
} from "../../lib/rental";
import { blockSchema, parseRentalTerms, parseStay, SEASON_ROWS } from "../../lib/rental-form";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { loadManageable, parseId } from "../../server/properties/access.server";
import { actorFor, guarded } from "../../server/properties/http.server";
import {
  blockNights,
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
  const { db } = context.get(requestContext).services;
  return guarded(async () => {
    const property = await loadManageable(db, actor, parseId(params.id));
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
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
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
  const { db } = context.get(requestContext).services;
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
      const parsed = blockSchema.safeParse({ from: form.get("from") ?? "", to: form.get("to") ?? "" });
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
        return bad(errors);
      }
      const { from, to } = parsed.data;
      if (intent === "bloquear") await blockNights(db, actor, id, from, to);
      else await unblockNights(db, actor, id, from, to);
      return back(intent);
    }
    if (intent === "reserva") {
      const stay = parseStay((name) => form.get(name) ?? undefined);
      const guestName = String(form.get("nome") ?? "")
        .trim()
        .slice(0, 120);
      const total = Number(
        String(form.get("total") ?? "")
          .replace(/^R\$\s*/, "")
          .replace(/\./g, ""),
      );
      const errors: Record<string, string> = stay.ok ? {} : { ...stay.errors };
      if (stay.ok) {
        const nights = nightsOf(stay.stay.checkIn, stay.stay.checkOut).length;
        if (nights < 1) errors.saida = "A saída deve ser depois da chegada.";
        else if (nights > MAX_STAY_NIGHTS)
          errors.saida = `A locação por temporada vai até ${MAX_STAY_NIGHTS} dias (Lei 8.245/1991, art. 48).`;
      }
      if (!guestName) errors.nome = "Informe o nome do hóspede.";
      if (!Number.isInteger(total) || total < 0 || total > 10_000_000)
        errors.total = "Informe o valor total em reais (número inteiro).";
      if (!stay.ok || Object.keys(errors).length) return bad(errors);
      const email = String(form.get("email") ?? "").trim();
      const result = await recordBooking(db, actor, id, {
        ...stay.stay,
        guestName,
        guestEmail: email || null,
        total,
      });
      if (result.status === "taken")
        return data<ActionData>(
          { intent, errors: { chegada: "Há noites reservadas ou bloqueadas nessas datas." } },
          { status: 409 },
        );
      return back("reserva");
    }
    return bad({}, "Ação desconhecida.");
  });
}

const NOTICES: Record<string, string> = {
  tarifas: "Tarifas e regras salvas.",
  bloquear: "Noites bloqueadas.",
  desbloquear: "Noites desbloqueadas (as reservadas continuam).",
  reserva: "Reserva registrada.",
};

export default function ImovelTemporada({ loaderData, actionData }: Route.ComponentProps) {
  const { property, terms, saved, calendar, bookings } = loaderData;
  const [search] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const notice = NOTICES[search.get("ok") ?? ""];
  const errorsFor = (intent: string) => (actionData?.intent === intent ? actionData.errors : {});
  const termErrors = errorsFor("tarifas");
  const typed = actionData?.intent === "tarifas" ? actionData.values : undefined;
  const value = (name: string, fallback: string) => typed?.[name] ?? fallback;
  const seasons = terms?.seasons ?? [];
  const blockErrors = { ...errorsFor("bloquear"), ...errorsFor("desbloquear") };
  const bookingErrors = errorsFor("reserva");

  return (
    <main className="admin-page admin-listings">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <Stylesheet name="rental" css={rentalCss} />
      <p className="listing-breadcrumb">
        <Link to={`/admin/imoveis/${property.id}`}>← Editar imóvel {property.referencia}</Link>
      </p>
      <header className="listing-header">
        <h1>
          Temporada <span className="listing-header__ref">{property.referencia}</span>
        </h1>
        <p className="listing-header__title">{property.titulo}</p>
        {!property.temporada ? (
          <p className="form-field__hint">
            Este imóvel não está marcado com a finalidade temporada: o site só mostra estes valores e o
            calendário quando estiver.
          </p>
        ) : null}
      </header>
      {notice ? (
        <p className="listing-notice" role="status">
          {notice}
        </p>
      ) : null}

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
              name="defaultRate"
              inputMode="numeric"
              defaultValue={value("defaultRate", String(terms?.defaultRate ?? ""))}
              error={termErrors.defaultRate}
              hint="Vale nas noites fora das temporadas abaixo."
            />
            <Field
              label="Estadia mínima (noites)"
              name="minNights"
              inputMode="numeric"
              defaultValue={value("minNights", String(terms?.minNights ?? 1))}
              error={termErrors.minNights}
            />
            <Field
              label="Hóspedes (máximo)"
              name="maxGuests"
              inputMode="numeric"
              defaultValue={value("maxGuests", String(terms?.maxGuests ?? ""))}
              error={termErrors.maxGuests}
            />
            <Field
              label="Taxa de limpeza (R$)"
              name="cleaningFee"
              inputMode="numeric"
              defaultValue={value("cleaningFee", String(terms?.cleaningFee ?? 0))}
              error={termErrors.cleaningFee}
            />
            <Field
              label="Caução (R$)"
              name="securityDeposit"
              inputMode="numeric"
              defaultValue={value("securityDeposit", String(terms?.securityDeposit ?? 0))}
              error={termErrors.securityDeposit}
            />
            <Field
              label="Entrada a partir de"
              name="checkInTime"
              type="time"
              defaultValue={value("checkInTime", terms?.checkInTime ?? "14:00")}
              error={termErrors.checkInTime}
            />
            <Field
              label="Saída até"
              name="checkOutTime"
              type="time"
              defaultValue={value("checkOutTime", terms?.checkOutTime ?? "11:00")}
              error={termErrors.checkOutTime}
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
                    name={f("start")}
                    type="date"
                    defaultValue={value(f("start"), s?.start ?? "")}
                    error={termErrors[f("start")]}
                  />
                  <Field
                    label={<>Última noite{rowLabel}</>}
                    name={f("end")}
                    type="date"
                    defaultValue={value(f("end"), s?.end ?? "")}
                    error={termErrors[f("end")]}
                  />
                  <Field
                    label={<>Diária (R$){rowLabel}</>}
                    name={f("rate")}
                    inputMode="numeric"
                    defaultValue={value(f("rate"), s ? String(s.rate) : "")}
                    error={termErrors[f("rate")]}
                  />
                  <Field
                    label={<>Mínimo de noites{rowLabel}</>}
                    name={f("minNights")}
                    inputMode="numeric"
                    defaultValue={value(f("minNights"), s ? String(s.minNights) : "")}
                    error={termErrors[f("minNights")]}
                  />
                </div>
              );
            })}
          </fieldset>
          <TextAreaField
            label="Regras da casa"
            name="houseRules"
            rows={4}
            defaultValue={value("houseRules", terms?.houseRules ?? "")}
            error={termErrors.houseRules}
          />
          <TextAreaField
            label="Inventário de móveis e utensílios"
            name="inventory"
            rows={6}
            defaultValue={value("inventory", terms?.inventory ?? "")}
            error={termErrors.inventory}
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
          />
          <Field label="Última noite" name="to" type="date" idPrefix="bloqueio-" error={blockErrors.to} />
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
                ) : null}
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
          />
          <Field label="Saída" name="saida" type="date" idPrefix="reserva-" error={bookingErrors.saida} />
          <Field
            label="Hóspedes"
            name="hospedes"
            inputMode="numeric"
            idPrefix="reserva-"
            error={bookingErrors.hospedes}
          />
          <Field label="Nome do hóspede" name="nome" idPrefix="reserva-" error={bookingErrors.nome} />
          <Field label="E-mail do hóspede (opcional)" name="email" type="email" idPrefix="reserva-" />
          <Field
            label="Valor total (R$)"
            name="total"
            inputMode="numeric"
            idPrefix="reserva-"
            error={bookingErrors.total}
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              Registrar reserva
            </button>
          </div>
        </Form>
      </section>
    </main>
  );
}
