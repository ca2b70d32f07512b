import { describe, expect, it } from "vitest";
import { newPasswordSchema } from "../../lib/password-rules";
import { checkNewPassword, isCommonPassword } from "./password-policy.server";

describe("new-password policy", () => {
  it("accepts a long passphrase with no special characters", () => {
    expect(checkNewPassword("cajueiro na praia do frances")).toBeNull();
    expect(checkNewPassword(`${"a".repeat(9)}b`)).toBeNull();
  });

  it("refuses fewer than 10 and more than 128 characters", () => {
    expect(checkNewPassword("curta123")).toMatch(/^Senha fraca: use ao menos 10 caracteres/);
    expect(checkNewPassword("x".repeat(129))).toMatch(/no máximo 128/);
    expect(checkNewPassword(`${"y".repeat(127)}z`)).toBeNull();
  });

  it("counts characters, not bytes", () => {
    expect(checkNewPassword("çãõéíóúâêô")).toBeNull();
  });

  it.each([
    "12345678910",
    "senha12345",
    "brasil2024",
    "Senha12345",
    "qwertyuiop",
    "1234567890",
    "flamengo123",
  ])("refuses the common password %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(checkNewPassword(password)).toMatch(/^Senha fraca: ela está na lista/);
  });

  it("ships a list of about a thousand passwords", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("esta frase nao esta na lista")).toBe(false);
  });

  it("refuses the account's own e-mail or name and a single repeated character", () => {
    expect(checkNewPassword("maria@teste.com.br", { email: "Maria@teste.com.br" })).toMatch(/e-mail/);
    expect(checkNewPassword("Maria Albuquerque", { name: "maria albuquerque" })).toMatch(/nome/);
    expect(checkNewPassword("zzzzzzzzzzzz")).toMatch(/^Senha fraca/);
  });

  it("has a browser-side schema with the same length rule", () => {
    expect(newPasswordSchema.safeParse("curta").success).toBe(false);
    expect(newPasswordSchema.safeParse("suficientemente longa").success).toBe(true);
  });
});
