// /admin/configuracoes (admin only): everything the agency edits about itself, its logo, colour
// and home page photo included. The public site reads the settings on every request, so a change
// shows at once. The form's fields are listed in app/components/admin/settings-fields.ts (the
// brand's in brand-fields.tsx); a multipart form: it sends the files with or without JavaScript.
import { Fragment } from "react";
import { data, Form, useNavigation } from "react-router";
import { BrandFields } from "../../components/admin/brand-fields";
import { SettingsField } from "../../components/admin/settings-field";
import { SETTINGS_SECTIONS } from "../../components/admin/settings-fields";
import { FormAlert, useClientValidation } from "../../components/form-field";
import { formatRate } from "../../lib/financing-fields";
import { type FieldErrors, fieldErrorsOf, formValues } from "../../lib/form-errors";
import { formatPhone } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { settingsSchema } from "../../lib/settings-schema";
import { requestOrigin } from "../../server/audit/audit.server";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { brandImageJpeg } from "../../server/settings/brand.server";
import { BrandImageError } from "../../server/settings/brand-images.server";
import { missingPrivacyParagraphs } from "../../server/settings/privacy-updates.server";
import { getAgencySettings } from "../../server/settings/settings.server";
import {
  chosenBrandColor,
  readSettingsForm,
  SettingsFormError,
} from "../../server/settings/settings-form.server";
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
      rentalPaymentText: s.rentalPaymentText,
      feedToken: s.feedToken ?? "",
      financingRate: formatRate(s.financingRateBp),
      brandColor: s.brandColor,
    },
    // Small previews of what is saved, so the owner sees what "remover" would take away.
    logo: brandImageJpeg(s.logo, context.get(requestContext).services.storage, 320),
    heroPhoto: brandImageJpeg(s.heroPhoto, context.get(requestContext).services.storage, 640),
    // A saved form starts afresh from what was saved (no file still chosen to be sent again).
    savedAt: s.updatedAt.getTime(),
    privacyUpdates: missingPrivacyParagraphs(s.privacyText),
    privacyIncluded: url.searchParams.has("politica"),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireUser({ request, context, url }, { role: "admin" });
  const { db, storage } = context.get(requestContext).services;
  let read: Awaited<ReturnType<typeof readSettingsForm>>;
  try {
    read = await readSettingsForm(request);
  } catch (error) {
    if (!(error instanceof SettingsFormError)) throw error;
    return data({ errors: { _form: error.message } as FieldErrors, saved: false }, { status: error.status });
  }
  const values = formValues(read.form);
  const saved = await getAgencySettings(db);
  const brandColor = chosenBrandColor(values.brandColor, values.brandColorPicker, saved.brandColor);
  const parsed = settingsSchema.safeParse({ ...values, brandColor });
  const errors: FieldErrors = { ...(parsed.success ? {} : fieldErrorsOf(parsed.error)), ...read.fileErrors };
  if (!parsed.success || Object.keys(errors).length > 0) {
    const status = Object.keys(read.fileErrors).length > 0 ? read.fileStatus : 400;
    // What was typed goes back: without JavaScript the refused form is a new page.
    return data({ errors, saved: false, values }, { status });
  }
  try {
    await updateAgencySettings(
      db,
      parsed.data,
      { userId: me.id, ...requestOrigin(request, context) },
      { storage, uploads: read.uploads },
    );
  } catch (error) {
    if (!(error instanceof BrandImageError)) throw error;
    return data(
      { errors: { [error.field]: error.message } as FieldErrors, saved: false, values },
      { status: error.status },
    );
  }
  return { errors: {} as FieldErrors, saved: true };
}

export default function Configuracoes({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  // A refused form shows what was typed, not what is saved (a new page without JavaScript).
  const typed: Partial<Record<string, string>> =
    actionData && "values" in actionData && actionData.values ? actionData.values : {};
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
      <PrivacyUpdates updates={loaderData.privacyUpdates} included={loaderData.privacyIncluded} />
      <FormAlert>
        {count > 0
          ? (errors._form ?? `Corrija ${count === 1 ? "o campo indicado" : `os ${count} campos indicados`}.`)
          : null}
      </FormAlert>
      <Form
        key={loaderData.savedAt}
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={onSubmit}
        className="admin-form settings-form"
      >
        {SETTINGS_SECTIONS.map((section, index) => {
          const fields = section.fields.map((field) => (
            <SettingsField
              key={field.name}
              field={field}
              defaultValue={typed[field.name] ?? settings[field.name]}
              error={errors[field.name]}
            />
          ));
          return (
            <Fragment key={section.legend}>
              <fieldset className="admin-card">
                <legend>{section.legend}</legend>
                {section.grid ? <div className="form-grid">{fields}</div> : fields}
              </fieldset>
              {/* The brand (logo, colour, home photo) right after who the agency is. */}
              {index === 0 ? (
                <BrandFields
                  brandColor={typed.brandColor ?? settings.brandColor}
                  logo={loaderData.logo}
                  heroPhoto={loaderData.heroPhoto}
                  agencyName={settings.name}
                  errors={errors}
                />
              ) : null}
            </Fragment>
          );
        })}

        <button type="submit" className="btn btn--primary" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Salvando…" : "Salvar configurações"}
        </button>
      </Form>
    </main>
  );
}

/**
 * Paragraphs the default privacy policy gained since this site's text was written (features that
 * came later collect data the policy must name), each with "Incluir" (configuracoes-politica.ts).
 */
function PrivacyUpdates({
  updates,
  included,
}: {
  updates: { id: string; text: string; replaces: string | null }[];
  included: boolean;
}) {
  if (updates.length === 0)
    return included ? (
      <FormAlert tone="success">Parágrafo incluído na política de privacidade.</FormAlert>
    ) : null;
  return (
    <section id="politica-atualizacoes" className="admin-card" aria-labelledby="politica-atualizacoes-titulo">
      <h2 id="politica-atualizacoes-titulo">Política de privacidade: parágrafos novos</h2>
      {included ? <FormAlert tone="success">Parágrafo incluído na política de privacidade.</FormAlert> : null}
      <p>
        O site passou a tratar dados que a sua política ainda não menciona. O texto padrão ganhou{" "}
        {updates.length === 1 ? "este parágrafo" : `estes ${updates.length} parágrafos`}; inclua cada um na
        sua política (você pode editá-lo depois no campo abaixo).
      </p>
      <ul className="privacy-updates">
        {updates.map((update) => (
          <li key={update.id}>
            <p>{update.text}</p>
            <form method="post" action="/admin/configuracoes/politica">
              <input type="hidden" name="paragrafo" value={update.id} />
              <button type="submit" className="btn btn--small">
                {update.replaces
                  ? `Substituir “${update.replaces.replace(/:$/, "")}”`
                  : "Incluir na política"}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
