// A lead's temporada booking requests (decision 037): the stay each asked for, and the agent's
// answer. Confirming takes the nights (or says another stay or a block took them first) and
// e-mails the guest; declining only records the answer. A request whose check-in has passed is
// marked expired and can only be declined (the server refuses to confirm it: rentals.server.ts
// answerBookingRequest).
import { Form } from "react-router";
import { formatCount, formatPrice } from "../../../lib/format";
import { formatIsoDate } from "../../../lib/rental";

export interface BookingRequestItem {
  contactId: number;
  referencia: string | null;
  checkIn: string;
  checkOut: string;
  guests: number;
  nights: number;
  total: number;
  status: "pendente" | "confirmada" | "recusada" | "cancelada";
  /** Unanswered with its check-in before today (Maceió). */
  expired: boolean;
  /** Who sent the request (not necessarily the card's name and e-mail), and whether it can be e-mailed. */
  guestName: string;
  guestEmail: string | null;
  emailable: boolean;
}

const STATUS_LABEL = {
  pendente: "aguardando resposta",
  confirmada: "confirmada",
  recusada: "recusada",
  cancelada: "cancelada (as noites foram liberadas)",
};

/** The lead page's notice once a request is confirmed; `emailed` false: no usable address. */
export function confirmedNotice(emailed: boolean | undefined): string {
  return emailed
    ? "Reserva confirmada: as noites estão ocupadas no calendário e o hóspede vai receber o e-mail."
    : "Reserva confirmada: as noites estão ocupadas no calendário. Sem e-mail: avise o hóspede por telefone.";
}

const EXPIRED_LABEL = "expirado (a data de chegada já passou; não pode mais ser confirmado)";

export function BookingRequests({
  requests,
  error,
  busy,
}: {
  requests: BookingRequestItem[];
  error?: string;
  busy: boolean;
}) {
  if (!requests.length) return null;
  return (
    <section className="lead-card" aria-labelledby="lead-reservas">
      <h2 id="lead-reservas">Pedidos de reserva (temporada)</h2>
      {error ? (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="lead-bookings">
        {requests.map((r) => (
          <li key={r.contactId}>
            <p>
              <strong>
                {r.referencia ? `${r.referencia}: ` : ""}
                {formatIsoDate(r.checkIn)} a {formatIsoDate(r.checkOut)}
              </strong>{" "}
              — {formatCount(r.nights, "noite", "noites")}, {formatCount(r.guests, "hóspede", "hóspedes")},
              total {formatPrice(r.total)}. Situação: {r.expired ? EXPIRED_LABEL : STATUS_LABEL[r.status]}.
            </p>
            <p>
              Pedido de {r.guestName}:{" "}
              {r.emailable
                ? `a confirmação vai por e-mail para ${r.guestEmail}.`
                : "sem e-mail: avise o hóspede por telefone."}
            </p>
            {r.status === "pendente" ? (
              <Form method="post">
                <input type="hidden" name="contactId" value={r.contactId} />
                {r.expired ? null : (
                  <>
                    <button
                      type="submit"
                      name="intent"
                      value="reserva-confirmar"
                      className="btn btn--primary"
                      disabled={busy}
                    >
                      Confirmar reserva
                    </button>{" "}
                  </>
                )}
                <button type="submit" name="intent" value="reserva-recusar" className="btn" disabled={busy}>
                  Recusar
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
