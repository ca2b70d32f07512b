// The guest's page after sending a booking request: with an e-mail the confirmation comes by
// e-mail; without one (the server answers byPhone: submitLeadForm, capture.server.ts) by phone.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import type { LeadActionData } from "../../lib/lead-fields";
import type { PublicListing } from "../../lib/listing";
import { quoteStay } from "../../lib/rental";
import { type RentalInfo, RentalSection } from "./rental-section";

const RENTAL: RentalInfo = {
  defaultRate: 600,
  minNights: 2,
  cleaningFee: 250,
  maxGuests: 6,
  seasons: [],
  securityDeposit: 0,
  checkInTime: "14:00",
  checkOutTime: "11:00",
  houseRules: "",
  inventory: "",
};

function sent(leadResult: LeadActionData): string {
  const quoted = quoteStay(
    RENTAL,
    { checkIn: "2027-03-10", checkOut: "2027-03-13", guests: 2 },
    "2027-01-01",
  );
  if (!quoted.ok) throw new Error("no quote");
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <RentalSection
          listing={{ referencia: "CA0900" } as PublicListing}
          rental={RENTAL}
          calendar={[]}
          stay={{
            values: { chegada: "2027-03-10", saida: "2027-03-13", hospedes: "2" },
            quote: quoted.quote,
            errors: {},
          }}
          consentText="Autorizo o contato."
          leadResult={leadResult}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub />);
}

it("a request sent with an e-mail is confirmed by e-mail", () => {
  const html = sent({ ok: true });
  expect(html).toContain("Mensagem enviada!");
  expect(html).toContain("A imobiliária vai confirmar a disponibilidade e enviar a confirmação por e-mail.");
});

it("a request sent without one says the agency will call", () => {
  const html = sent({ ok: true, byPhone: true });
  expect(html).toContain("Mensagem enviada!");
  expect(html).toContain(
    "Você não informou um e-mail: a imobiliária vai confirmar a disponibilidade e avisar você por telefone.",
  );
  expect(html).not.toContain("confirmação por e-mail");
});
