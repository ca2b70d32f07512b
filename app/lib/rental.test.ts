import { describe, expect, it } from "vitest";
import { calendarMonths, quoteStay, quoteSummary, type StayTerms } from "./rental";
import { parseRentalTerms, parseStay } from "./rental-form";

const TERMS: StayTerms = {
  defaultRate: 600,
  minNights: 2,
  cleaningFee: 250,
  maxGuests: 8,
  seasons: [
    { kind: "alta", start: "2026-12-15", end: "2027-02-28", rate: 900, minNights: 3 },
    { kind: "reveillon", start: "2026-12-29", end: "2027-01-01", rate: 1500, minNights: 5 },
    { kind: "carnaval", start: "2027-02-05", end: "2027-02-10", rate: 1200, minNights: 4 },
  ],
};
const TODAY = "2026-11-27";

describe("quoteStay", () => {
  it("prices each night by its season across the réveillon, plus the cleaning fee once", () => {
    const result = quoteStay(TERMS, { checkIn: "2026-12-27", checkOut: "2027-01-03", guests: 6 }, TODAY);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.quote.nights.map((n) => [n.night, n.rate])).toEqual([
      ["2026-12-27", 900],
      ["2026-12-28", 900],
      ["2026-12-29", 1500],
      ["2026-12-30", 1500],
      ["2026-12-31", 1500],
      ["2027-01-01", 1500],
      ["2027-01-02", 900],
    ]);
    expect(result.quote).toMatchObject({ lodging: 8700, cleaningFee: 250, total: 8950, minNights: 5 });
    expect(quoteSummary(result.quote)).toContain(
      "2 noites × R$ 900 (Alta temporada); 4 noites × R$ 1.500 (Réveillon); 1 noite × R$ 900 (Alta temporada).",
    );
    expect(quoteSummary(result.quote)).toContain("total R$ 8.950");
  });

  it("says one night and one guest in the singular", () => {
    const result = quoteStay(
      { ...TERMS, minNights: 1, seasons: [] },
      { checkIn: "2026-12-01", checkOut: "2026-12-02", guests: 1 },
      TODAY,
    );
    expect(result.ok && quoteSummary(result.quote)).toContain("saída 02/12/2026, 1 noite, 1 hóspede.");
  });

  it("crosses from the default rate into a season", () => {
    const result = quoteStay(TERMS, { checkIn: "2026-12-12", checkOut: "2026-12-17", guests: 2 }, TODAY);
    expect(result.ok && result.quote.nights.map((n) => n.rate)).toEqual([600, 600, 600, 900, 900]);
    expect(result.ok && result.quote.total).toBe(600 * 3 + 900 * 2 + 250);
  });

  it("asks for the longest minimum among the seasons the stay touches", () => {
    // Three nights, one of them in the réveillon: its five-night minimum applies.
    expect(quoteStay(TERMS, { checkIn: "2026-12-26", checkOut: "2026-12-30", guests: 2 }, TODAY)).toEqual({
      ok: false,
      errors: { saida: "Nestas datas a estadia mínima é de 5 noites." },
    });
    expect(quoteStay(TERMS, { checkIn: "2026-12-01", checkOut: "2026-12-02", guests: 2 }, TODAY)).toEqual({
      ok: false,
      errors: { saida: "Nestas datas a estadia mínima é de 2 noites." },
    });
    expect(quoteStay(TERMS, { checkIn: "2026-12-01", checkOut: "2026-12-03", guests: 2 }, TODAY).ok).toBe(
      true,
    );
  });

  it("caps a stay at 90 days (Lei 8.245/1991 art. 48)", () => {
    expect(quoteStay(TERMS, { checkIn: "2027-03-01", checkOut: "2027-05-30", guests: 2 }, TODAY).ok).toBe(
      true,
    );
    expect(quoteStay(TERMS, { checkIn: "2027-03-01", checkOut: "2027-05-31", guests: 2 }, TODAY)).toEqual({
      ok: false,
      errors: { saida: "A locação por temporada vai até 90 dias (Lei 8.245/1991, art. 48)." },
    });
  });

  it("refuses too many guests, a past check-in and a check-out before the check-in", () => {
    expect(quoteStay(TERMS, { checkIn: "2026-12-01", checkOut: "2026-12-05", guests: 9 }, TODAY)).toEqual({
      ok: false,
      errors: { hospedes: "Este imóvel recebe até 8 hóspedes." },
    });
    expect(
      quoteStay(TERMS, { checkIn: "2026-11-26", checkOut: "2026-12-05", guests: 2 }, TODAY),
    ).toMatchObject({
      ok: false,
      errors: { chegada: "A chegada não pode ser antes de hoje." },
    });
    expect(
      quoteStay(TERMS, { checkIn: "2026-12-05", checkOut: "2026-12-05", guests: 2 }, TODAY),
    ).toMatchObject({
      ok: false,
      errors: { saida: "A saída deve ser depois da chegada." },
    });
  });
});

describe("parseStay", () => {
  it("reads dates and guests, with messages per field", () => {
    const ok = parseStay((n) => ({ chegada: "2026-12-27", saida: "2027-01-03", hospedes: "6" })[n]);
    expect(ok).toMatchObject({
      ok: true,
      stay: { checkIn: "2026-12-27", checkOut: "2027-01-03", guests: 6 },
    });
    const bad = parseStay((n) => ({ chegada: "2026-02-30", saida: "", hospedes: "x" })[n]);
    expect(bad).toMatchObject({
      ok: false,
      errors: {
        chegada: "Informe a data de chegada.",
        saida: "Informe a data de saída.",
        hospedes: "Informe quantos hóspedes (número).",
      },
    });
  });
});

describe("parseRentalTerms", () => {
  const base = {
    defaultRate: "600",
    minNights: "2",
    cleaningFee: "250",
    securityDeposit: "1.000",
    maxGuests: "8",
    checkInTime: "14:00",
    checkOutTime: "11:00",
    houseRules: "Sem festas.",
    inventory: "3 camas de casal",
  };
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };

  it("keeps the filled season rows, sorted, and ignores blank ones", () => {
    const result = parseRentalTerms(
      form({
        ...base,
        "season-0-kind": "alta",
        "season-0-start": "2026-12-15",
        "season-0-end": "2027-02-28",
        "season-0-rate": "900",
        "season-0-minNights": "3",
        "season-2-kind": "reveillon",
        "season-2-start": "2026-12-29",
        "season-2-end": "2027-01-01",
        "season-2-rate": "1.500",
        "season-2-minNights": "5",
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      input: {
        defaultRate: 600,
        securityDeposit: 1000,
        seasons: [
          { kind: "alta", start: "2026-12-15", rate: 900 },
          { kind: "reveillon", start: "2026-12-29", rate: 1500, minNights: 5 },
        ],
      },
    });
  });

  it("puts each message at its field", () => {
    const result = parseRentalTerms(
      form({
        ...base,
        defaultRate: "",
        minNights: "91",
        checkInTime: "25:00",
        "season-1-kind": "carnaval",
        "season-1-start": "2027-02-10",
        "season-1-end": "2027-02-05",
        "season-1-rate": "1200",
      }),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: {
        defaultRate: "Informe a diária padrão em reais (número inteiro).",
        minNights: "A estadia mínima vai de 1 a 90 noites.",
        checkInTime: "Informe o horário de entrada como 14:00.",
        "season-1-end": "A última noite deve ser igual ou depois da primeira.",
      },
    });
  });
});

describe("calendarMonths", () => {
  it("lays out months from Sunday with each day's state", () => {
    const taken = new Map([
      ["2026-12-27", "reservado" as const],
      ["2026-12-05", "bloqueado" as const],
    ]);
    const [nov, dec] = calendarMonths("2026-11-27", 2, taken);
    expect(nov?.label).toBe("novembro de 2026");
    // 1 November 2026 is a Sunday.
    expect(nov?.weeks[0]?.[0]).toMatchObject({ day: 1, state: "passado" });
    expect(nov?.weeks.flat().find((d) => d?.day === 27)?.state).toBe("livre");
    expect(dec?.weeks[0]?.[0]).toBeNull(); // 1 December is a Tuesday
    expect(dec?.weeks.flat().find((d) => d?.day === 27)?.state).toBe("reservado");
    expect(dec?.weeks.flat().find((d) => d?.day === 5)?.state).toBe("bloqueado");
  });
});
