// The lead page's booking requests: one whose check-in has passed says it expired and offers only
// "Recusar" (the server refuses to confirm it: answerBookingRequest, rentals.server.ts); each says
// where its confirmation goes, or that the guest must be called.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { type BookingRequestItem, BookingRequests, confirmedNotice } from "./booking-requests";

function render(request: Partial<BookingRequestItem>): string {
  const item: BookingRequestItem = {
    contactId: 7,
    referencia: "CA0900",
    checkIn: "2026-12-22",
    checkOut: "2026-12-24",
    guests: 2,
    nights: 2,
    total: 1450,
    status: "pendente",
    expired: false,
    guestName: "Bruno Souza",
    guestEmail: "bruno@exemplo.com.br",
    emailable: true,
    ...request,
  };
  const Stub = createRoutesStub([
    { path: "/", Component: () => <BookingRequests requests={[item]} busy={false} /> },
  ]);
  return renderToStaticMarkup(<Stub />);
}

it("an expired request is labelled so and can only be declined", () => {
  const html = render({ expired: true });
  expect(html).toContain("Situação: expirado (a data de chegada já passou; não pode mais ser confirmado).");
  expect(html).not.toContain("Confirmar reserva");
  expect(html).not.toContain('value="reserva-confirmar"');
  expect(html).toContain('value="reserva-recusar"');
});

it("a request still ahead offers both answers", () => {
  const html = render({});
  expect(html).toContain("Situação: aguardando resposta.");
  expect(html).toContain('value="reserva-confirmar"');
  expect(html).toContain('value="reserva-recusar"');
});

it("says where the confirmation goes, or to call a guest without e-mail", () => {
  expect(render({})).toContain(
    "Pedido de Bruno Souza: a confirmação vai por e-mail para bruno@exemplo.com.br.",
  );
  expect(render({ guestEmail: null, emailable: false })).toContain(
    "Pedido de Bruno Souza: sem e-mail: avise o hóspede por telefone.",
  );
  expect(confirmedNotice(true)).toBe(
    "Reserva confirmada: as noites estão ocupadas no calendário e o hóspede vai receber o e-mail.",
  );
  expect(confirmedNotice(false)).toBe(
    "Reserva confirmada: as noites estão ocupadas no calendário. Sem e-mail: avise o hóspede por telefone.",
  );
});
