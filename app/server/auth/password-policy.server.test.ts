import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "../../../playwright.config";
import { E2E_CORRETOR } from "../../../tests/e2e/fixtures";
import { newPasswordSchema } from "../../lib/password-rules";
import { checkNewPassword, isCommonPassword } from "./password-policy.server";

const AGENCY = { name: "Imóveis em Alagoas", email: "contato@imoveisemalagoas.com.br" };
const MARIA = { name: "Maria Albuquerque", email: "maria.albuquerque@gmail.com", agency: AGENCY };

describe("new-password policy", () => {
  it.each([
    "cajueiro na praia do frances",
    "uma senha bem comprida",
    "jangada azul sobre o mar de ponta verde",
    "Tapioca com coco às sete da manhã",
  ])("accepts the passphrase %j", async (password) => {
    expect(await checkNewPassword(password, MARIA)).toBeNull();
  });

  it("accepts the passwords the browser tests sign in with", async () => {
    expect(await checkNewPassword(E2E_ADMIN.password, { email: E2E_ADMIN.email, agency: AGENCY })).toBeNull();
    expect(await checkNewPassword(E2E_CORRETOR.password, { ...E2E_CORRETOR, agency: AGENCY })).toBeNull();
  });

  it("refuses the agency's trade word and a year, saying why", async () => {
    const message = await checkNewPassword("Imobiliaria2024", MARIA);
    expect(message).toMatch(
      /^Senha fraca: não use palavras do ramo \(como “imobiliária” ou “corretor”\) na senha\./,
    );
    expect(message).toContain("Use uma frase de quatro ou mais palavras");
    // Also with the accent, and with no agency known yet.
    expect(await checkNewPassword("Imobiliária2024")).toMatch(/palavras do ramo/);
  });

  it.each([
    ["ImoveisAlagoas2024", /o nome ou o e-mail da imobiliária/],
    ["imoveisemalagoas!", /o nome ou o e-mail da imobiliária/],
    ["MariaAlbuquerque1", /o seu nome/],
    ["Albuquerque1985", /o seu nome/],
  ])("refuses %j, which leans on the account's or the agency's own words", async (password, why) => {
    expect(await checkNewPassword(password, MARIA)).toMatch(why);
  });

  it("names the e-mail when the password is built from it", async () => {
    expect(await checkNewPassword("zeca.pagodinho", { email: "zeca.pagodinho@teste.com.br" })).toMatch(
      /^Senha fraca: não use o seu e-mail na senha/,
    );
    expect(await checkNewPassword("maria@teste.com.br", { email: "Maria@teste.com.br" })).toMatch(/e-mail/);
    expect(await checkNewPassword("Maria Albuquerque", { name: "maria albuquerque" })).toMatch(/nome/);
  });

  it.each([
    "Flamengo2024!",
    "CasaAmarela2023",
    "asdfghjklç12",
    "Pernambuco#2025",
    "zzzzzzzzzzzz",
    "abcabcabcabc",
  ])("refuses %j, guessable from Portuguese words, years, the keyboard or repeats", async (password) => {
    expect(isCommonPassword(password)).toBe(false);
    const message = await checkNewPassword(password, MARIA);
    expect(message).toMatch(/^Senha fraca: /);
    expect(message).toContain("Use uma frase de quatro ou mais palavras");
  });

  it("says what zxcvbn found, in Portuguese", async () => {
    expect(await checkNewPassword("zzzzzzzzzzzz")).toMatch(/^Senha fraca: caracteres repetidos, como "aaa"/);
  });

  it("refuses fewer than 10 and more than 128 characters", async () => {
    expect(await checkNewPassword("curta123")).toMatch(/^Senha fraca: use ao menos 10 caracteres/);
    expect(await checkNewPassword("x".repeat(129))).toMatch(/no máximo 128/);
    const long = "o vento sul traz chuva fina para a lagoa mundaú ".repeat(3).slice(0, 128);
    expect([...long]).toHaveLength(128);
    expect(await checkNewPassword(long)).toBeNull();
  });

  it("counts characters, not bytes", async () => {
    expect(await checkNewPassword("ç".repeat(9))).toMatch(/ao menos 10/);
    expect(await checkNewPassword("açaí jiló maçã pequi cajá")).toBeNull();
  });

  it.each([
    "12345678910",
    "senha12345",
    "brasil2024",
    "Senha12345",
    "qwertyuiop",
    "1234567890",
    "flamengo123",
  ])("refuses the common password %s", async (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(await checkNewPassword(password)).toMatch(/^Senha fraca: ela está na lista/);
  });

  it("ships a list of about a thousand passwords", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("esta frase nao esta na lista")).toBe(false);
  });

  it("has a browser-side schema with the same length rule", () => {
    expect(newPasswordSchema.safeParse("curta").success).toBe(false);
    expect(newPasswordSchema.safeParse("suficientemente longa").success).toBe(true);
  });
});
