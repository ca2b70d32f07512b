// Who is signed in, as the admin header shows it: the name, then the role unless the name
// already says it (the first administrator is created as "Administrador", which read
// "Administrador Administrador").
import { USER_ROLES, type UserRole } from "./vocabulary";

const folded = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLocaleLowerCase("pt-BR");

/** The role's label to show beside `name`, or null when the name is the role's own word. */
export function roleBesideName(name: string, role: UserRole): string | null {
  const label = USER_ROLES[role];
  return folded(name) === folded(label) ? null : label;
}
