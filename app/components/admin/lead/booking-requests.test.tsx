// The lead page's booking requests: one whose check-in has passed says it expired and offers only
// "Recusar" (the server refuses to confirm it: answerBookingRequest, rentals.server.ts).
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { type BookingRequestItem, BookingRequests } from "./booking-requests";

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
