// /admin/usuarios (admin only): the agency's users. Create with a temporary password, edit
// name/role/CRECI/phone, deactivate/reactivate (ends their sessions), set a new password.
import { data, Form, useNavigation } from "react-router";
import { Field, FormAlert, SelectField, useClientValidation } from "../../components/form-field";
import { type FieldErrors, fieldErrorsOf, formValues } from "../../lib/form-errors";
import { formatDate, formatPhone } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { PASSWORD_HINT } from "../../lib/password-rules";
import {
  temporaryPasswordSchema,
  userCreateSchema,
  userIdSchema,
  userIntentSchema,
  userUpdateSchema,
} from "../../lib/user-schemas";
import { USER_ROLES, type UserRole } from "../../lib/vocabulary";
import { requestOrigin } from "../../server/audit/audit.server";
import { requireUser } from "../../server/auth/guard.server";
import {
  type Actor,
  createUser,
  listUsers,
  setUserActive,
  setUserPassword,
  type UserChangeResult,
  updateUser,
} from "../../server/auth/users.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import type { Route } from "./+types/usuarios";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Usuários", noindex: true });

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const me = await requireUser({ request, context, url }, { role: "admin" });
  const users = await listUsers(context.get(requestContext).services.db);
  return {
    meId: me.id,
    users: users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      creci: u.creci,
      phone: u.phone,
      active: u.active,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

/** Why the CRECI matters: a corretor is shown on their listings only with it (listing-contact.tsx). */
const CRECI_HINT =
  "Ex.: 12345-F. Com o CRECI, o corretor aparece com nome e WhatsApp nos anúncios dele; sem ele, os anúncios mostram a imobiliária.";

type ActionResult = {
  intent: string;
  id: number | null;
  errors: FieldErrors;
  message?: string;
  /** A refused form's fields as typed (never the password): a new page without JavaScript. */
  values?: Record<string, string>;
};

const SUCCESS: Record<string, string> = {
  create: "Usuário criado. Passe a senha temporária à pessoa por um canal seguro.",
  update: "Alterações salvas.",
  deactivate: "Usuário desativado. As sessões abertas dele foram encerradas.",
  reactivate: "Usuário reativado.",
  "set-password": "Senha temporária definida. As sessões abertas do usuário foram encerradas.",
};

export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireUser({ request, context, url }, { role: "admin" });
  const { db } = context.get(requestContext).services;
  const actor: Actor = { userId: me.id, ...requestOrigin(request, context) };
  const values = formValues(await readForm(request));
  const intent = userIntentSchema.safeParse(values.intent);
  if (!intent.success) {
    return data<ActionResult>(
      { intent: "", id: null, errors: { _form: "Ação desconhecida." } },
      { status: 400 },
    );
  }
  const id = Number(values.id) || null;
  const { password: _password, ...typed } = values;
  const fail = (errors: FieldErrors) =>
    data<ActionResult>({ intent: intent.data, id, errors, values: typed }, { status: 400 });

  let result: UserChangeResult;
  switch (intent.data) {
    case "create": {
      const parsed = userCreateSchema.safeParse(values);
      if (!parsed.success) return fail(fieldErrorsOf(parsed.error));
      result = await createUser(db, parsed.data, actor);
      break;
    }
    case "update": {
      const parsed = userUpdateSchema.safeParse(values);
      if (!parsed.success) return fail(fieldErrorsOf(parsed.error));
      result = await updateUser(db, parsed.data, actor);
      break;
    }
    case "deactivate":
    case "reactivate": {
      const parsed = userIdSchema.safeParse(values);
      if (!parsed.success) return fail({ _form: "Usuário inválido." });
      result = await setUserActive(db, parsed.data.id, intent.data === "reactivate", actor);
      break;
    }
    case "set-password": {
      const parsed = temporaryPasswordSchema.safeParse(values);
      if (!parsed.success) return fail(fieldErrorsOf(parsed.error));
      result = await setUserPassword(db, parsed.data.id, parsed.data.password, actor);
      break;
    }
  }
  if (!result.ok) return fail(result.errors);
  return data<ActionResult>({
    intent: intent.data,
    id: result.user.id,
    errors: {},
    message: SUCCESS[intent.data],
  });
}

function RoleSelect({
  idPrefix,
  defaultValue,
  error,
}: {
  idPrefix: string;
  defaultValue?: UserRole;
  error?: string;
}) {
  const id = `${idPrefix}role`;
  return (
    <SelectField
      id={id}
      name="role"
      label="Papel"
      options={USER_ROLES}
      defaultValue={defaultValue ?? "corretor"}
      error={error}
    />
  );
}

const roleOf = (value: string | undefined): UserRole | undefined =>
  value && Object.hasOwn(USER_ROLES, value) ? (value as UserRole) : undefined;

function errorsFor(result: ActionResult | undefined, intent: string, id: number | null): FieldErrors | null {
  if (!result || result.intent !== intent || result.id !== id) return null;
  return result.errors;
}

/** What the refused form of `intent` (for user `id`) had typed. */
function typedFor(result: ActionResult | undefined, intent: string, id: number | null) {
  return (errorsFor(result, intent, id) && result?.values) || {};
}

function CreateUserForm({ result }: { result?: ActionResult }) {
  const { errors, onSubmit } = useClientValidation(userCreateSchema, errorsFor(result, "create", null));
  const typed = typedFor(result, "create", null);
  const navigation = useNavigation();
  const created = result?.intent === "create" && result.message;
  return (
    <details className="admin-card admin-disclosure" open={Object.keys(errors).length > 0 || undefined}>
      <summary>
        <h2>Novo usuário</h2>
      </summary>
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="admin-form"
        key={created ? result.id : "novo"}
      >
        <input type="hidden" name="intent" value="create" />
        <FormAlert>{errors._form}</FormAlert>
        <div className="form-grid">
          <Field
            idPrefix="novo-"
            label="Nome"
            name="name"
            autoComplete="off"
            required
            defaultValue={typed.name}
            error={errors.name}
          />
          <Field
            idPrefix="novo-"
            label="E-mail"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={typed.email}
            error={errors.email}
          />
          <RoleSelect idPrefix="novo-" defaultValue={roleOf(typed.role)} error={errors.role} />
          <Field
            idPrefix="novo-"
            label="CRECI (opcional)"
            name="creci"
            autoComplete="off"
            hint={CRECI_HINT}
            defaultValue={typed.creci}
            error={errors.creci}
          />
          <Field
            idPrefix="novo-"
            label="Telefone (opcional)"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            defaultValue={typed.phone}
            error={errors.phone}
          />
          <Field
            idPrefix="novo-"
            label="Senha temporária"
            name="password"
            type="text"
            autoComplete="new-password"
            spellCheck={false}
            required
            hint={PASSWORD_HINT}
            error={errors.password}
          />
        </div>
        <button type="submit" className="btn btn--primary" disabled={navigation.state === "submitting"}>
          Criar usuário
        </button>
      </Form>
    </details>
  );
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

function EditUserForm({ user, result }: { user: UserRow; result?: ActionResult }) {
  const prefix = `u${user.id}-`;
  const { errors, onSubmit } = useClientValidation(userUpdateSchema, errorsFor(result, "update", user.id));
  const typed = typedFor(result, "update", user.id);
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="admin-form">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={user.id} />
      <FormAlert>{errors._form}</FormAlert>
      <div className="form-grid">
        <Field
          idPrefix={prefix}
          label="Nome"
          name="name"
          defaultValue={typed.name ?? user.name}
          required
          error={errors.name}
        />
        <RoleSelect idPrefix={prefix} defaultValue={roleOf(typed.role) ?? user.role} error={errors.role} />
        <Field
          idPrefix={prefix}
          label="CRECI"
          name="creci"
          defaultValue={typed.creci ?? user.creci ?? ""}
          autoComplete="off"
          hint={CRECI_HINT}
          error={errors.creci}
        />
        <Field
          idPrefix={prefix}
          label="Telefone"
          name="phone"
          type="tel"
          inputMode="tel"
          defaultValue={typed.phone ?? (user.phone ? formatPhone(user.phone) : "")}
          error={errors.phone}
        />
      </div>
      <button type="submit" className="btn btn--primary">
        Salvar alterações
      </button>
    </Form>
  );
}

function PasswordForm({ user, result }: { user: UserRow; result?: ActionResult }) {
  const prefix = `s${user.id}-`;
  const { errors, onSubmit } = useClientValidation(
    temporaryPasswordSchema,
    errorsFor(result, "set-password", user.id),
  );
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="admin-form">
      <input type="hidden" name="intent" value="set-password" />
      <input type="hidden" name="id" value={user.id} />
      <FormAlert>{errors._form}</FormAlert>
      <Field
        idPrefix={prefix}
        label="Nova senha temporária"
        name="password"
        type="text"
        autoComplete="new-password"
        spellCheck={false}
        required
        hint={`${PASSWORD_HINT} As sessões abertas do usuário serão encerradas.`}
        error={errors.password}
      />
      <button type="submit" className="btn btn--secondary">
        Definir senha temporária
      </button>
    </Form>
  );
}

function ActiveToggle({ user, isMe, result }: { user: UserRow; isMe: boolean; result?: ActionResult }) {
  const intent = user.active ? "deactivate" : "reactivate";
  const errors = errorsFor(result, intent, user.id);
  if (isMe) return null;
  return (
    <Form
      method="post"
      className="admin-form admin-form--inline"
      onSubmit={(event) => {
        if (user.active && !window.confirm(`Desativar ${user.name}? As sessões abertas serão encerradas.`)) {
          event.preventDefault();
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={user.id} />
      <FormAlert>{errors?._form}</FormAlert>
      <button type="submit" className={user.active ? "btn btn--danger" : "btn btn--secondary"}>
        {user.active ? "Desativar" : "Reativar"}
      </button>
    </Form>
  );
}

export default function Usuarios({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const errorsAt = (intent: string, id: number) => errorsFor(result, intent, id);
  return (
    <main className="admin-page">
      <h1>Usuários</h1>
      <div aria-live="polite">
        {result?.message ? <FormAlert tone="success">{result.message}</FormAlert> : null}
      </div>
      {result && !result.message && result.intent === "" ? (
        <FormAlert>{result.errors._form}</FormAlert>
      ) : null}

      <CreateUserForm result={result} />

      <ul className="user-list">
        {loaderData.users.map((user) => {
          const open = Boolean(errorsAt("update", user.id) || errorsAt("set-password", user.id));
          return (
            <li
              key={user.id}
              className={`admin-card user-card${user.active ? "" : " user-card--inactive"}`}
              data-user-id={user.id}
              data-user-email={user.email}
            >
              <div className="user-card__head">
                <h2 className="user-card__name">{user.name}</h2>
                <span className={`tag ${user.role === "admin" ? "tag--primary" : ""}`}>
                  {USER_ROLES[user.role]}
                </span>
                {user.active ? null : <span className="tag tag--muted">Inativo</span>}
                {user.id === loaderData.meId ? <span className="tag">Você</span> : null}
              </div>
              <dl className="user-card__facts">
                <div>
                  <dt>E-mail</dt>
                  <dd>{user.email}</dd>
                </div>
                <div>
                  <dt>CRECI</dt>
                  <dd>{user.creci ?? "—"}</dd>
                </div>
                <div>
                  <dt>Telefone</dt>
                  <dd>{user.phone ? formatPhone(user.phone) : "—"}</dd>
                </div>
                <div>
                  <dt>Desde</dt>
                  <dd>{formatDate(user.createdAt)}</dd>
                </div>
              </dl>
              <details className="admin-disclosure" open={open || undefined}>
                <summary>Editar ou definir senha de {user.name}</summary>
                <EditUserForm user={user} result={result} />
                <PasswordForm user={user} result={result} />
              </details>
              <ActiveToggle user={user} isMe={user.id === loaderData.meId} result={result} />
            </li>
          );
        })}
      </ul>
    </main>
  );
}
