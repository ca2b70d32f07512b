import { expect, it } from "vitest";
import { roleBesideName } from "./user-badge";

it("o cabeçalho não repete o papel quando o nome já é ele", () => {
  expect(roleBesideName("Administrador", "admin")).toBeNull();
  expect(roleBesideName(" administrador ", "admin")).toBeNull();
  expect(roleBesideName("Maria Souza", "admin")).toBe("Administrador");
  expect(roleBesideName("Corretor", "corretor")).toBeNull();
  expect(roleBesideName("Administrador", "corretor")).toBe("Corretor");
});
