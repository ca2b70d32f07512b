// /admin/configuracoes (admin only): everything the agency edits about itself. The public site
// reads the settings on every request, so a change shows at once. The form's fields are listed
// in app/components/admin/settings-fields.ts.
import { data, Form, useNavigation } from "react-router";
import { SettingsField } from "../../components/admin/settings-field";
import { SETTINGS_SECTIONS } from "../../components/admin/settings-fields";
import { FormAlert, useClientValidation } from "../../components/form-field";
import { type FieldErrors, fieldErrorsOf, formValues } from "../../lib/form-errors";
import { formatPhone } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { settingsSchema } from "../../lib/settings-schema";
import { requestOrigin } from "../../server/audit/audit.server";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { getAgencySettings } from "../../server/settings/settings.server";
import { updateAgencySettings } from "../../server/settings/update-settings.server";
import type { Route } from "./+types/configuracoes";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Configurações", noindex: true });

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireUser({ request, context, url }, { role: "admin" });
  const s = await getAgencySettings(context.get(requestContext).services.db);
  return {
    settings: {
      name: s.name,
      creci: s.creci,
      phones: s.phones.map(formatPhone).join("\n"),
      whatsapp: s.whatsapp ? formatPhone(s.whatsapp) : "",
      email: s.email,
      address: s.address,
      videoChannelUrl: s.videoChannelUrl,
      instagram: s.socialLinks.instagram ?? "",
      facebook: s.socialLinks.facebook ?? "",
      tiktok: s.socialLinks.tiktok ?? "",
      linkedin: s.socialLinks.linkedin ?? "",
      aboutText: s.aboutText,
      privacyText: s.privacyText,
      dpoName: s.dpoName,
      dpoEmail: s.dpoEmail,
      feedToken: s.feedToken ?? "",
    },
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireUser({ request, context, url }, { role: "admin" });
  const parsed = settingsSchema.safeParse(formValues(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error), saved: false }, { status: 400 });
  await updateAgencySettings(context.get(requestContext).services.db, parsed.data, {
    userId: me.id,
    ...requestOrigin(request, context),
  });
  return { errors: {} as FieldErrors, saved: true };
}

export default function Configuracoes({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const navigation = useNavigation();
  const { errors, onSubmit } = useClientValidation(settingsSchema, actionData?.errors);
  const count = Object.keys(errors).length;
  return (
    <main className="admin-page">
      <h1>Configurações da imobiliária</h1>
      <p className="admin-page__lead">O que você salvar aqui aparece no site na mesma hora.</p>
      <div aria-live="polite">
        {actionData?.saved && count === 0 ? (
          <FormAlert tone="success">Configurações salvas.</FormAlert>
        ) : null}
      </div>
      <FormAlert>
        {count > 0
          ? (errors._form ?? `Corrija ${count === 1 ? "o campo indicado" : `os ${count} campos indicados`}.`)
          : null}
      </FormAlert>
      <Form method="post" noValidate onSubmit={onSubmit} className="admin-form settings-form">
        {SETTINGS_SECTIONS.map((section) => {
          const fields = section.fields.map((field) => (
            <SettingsField
              key={field.name}
              field={field}
              defaultValue={settings[field.name]}
              error={errors[field.name]}
            />
          ));
          return (
            <fieldset key={section.legend} className="admin-card">
              <legend>{section.legend}</legend>
              {section.grid ? <div className="form-grid">{fields}</div> : fields}
            </fieldset>
          );
        })}

        <button type="submit" className="btn btn--primary" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Salvando…" : "Salvar configurações"}
        </button>
      </Form>
    </main>
  );
}
