// /admin/configuracoes (admin only): everything the agency edits about itself, its logo, colour
// and home page photo included. The public site reads the settings on every request, so a change
// shows at once. A multipart form: it sends the files with or without JavaScript.
import { data, Form, useNavigation } from "react-router";
import { BrandFields } from "../../components/admin/brand-fields";
import { RichTextField } from "../../components/admin/rich-text-field";
import { Field, FormAlert, TextAreaField, useClientValidation } from "../../components/form-field";
import { type FieldErrors, fieldErrorsOf, formValues } from "../../lib/form-errors";
import { formatPhone } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { settingsSchema } from "../../lib/settings-schema";
import { requestOrigin } from "../../server/audit/audit.server";
import { requireUser } from "../../server/auth/guard.server";
import { brandImageJpeg } from "../../server/settings/brand.server";
import { BrandImageError } from "../../server/settings/brand-images.server";
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
  const s = await getAgencySettings(context.services.db);
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
      brandColor: s.brandColor,
    },
    // Small previews of what is saved, so the owner sees what "remover" would take away.
    logo: brandImageJpeg(s.logo, context.services.storage, 320),
    heroPhoto: brandImageJpeg(s.heroPhoto, context.services.storage, 640),
    // A saved form starts afresh from what was saved (no file still chosen to be sent again).
    savedAt: s.updatedAt.getTime(),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireUser({ request, context, url }, { role: "admin" });
  const { db, storage } = context.services;
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
    return data({ errors, saved: false }, { status });
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
      { errors: { [error.field]: error.message } as FieldErrors, saved: false },
      { status: error.status },
    );
  }
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
      <Form
        key={loaderData.savedAt}
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={onSubmit}
        className="admin-form settings-form"
      >
        <fieldset className="admin-card">
          <legend>Identificação</legend>
          <div className="form-grid">
            <Field
              label="Nome da imobiliária"
              name="name"
              defaultValue={settings.name}
              required
              error={errors.name}
            />
            <Field
              label="CRECI da imobiliária"
              name="creci"
              defaultValue={settings.creci}
              required
              hint="Como aparece nos anúncios, ex.: 1234-J."
              error={errors.creci}
            />
          </div>
        </fieldset>

        <BrandFields
          brandColor={settings.brandColor}
          logo={loaderData.logo}
          heroPhoto={loaderData.heroPhoto}
          agencyName={settings.name}
          errors={errors}
        />

        <fieldset className="admin-card">
          <legend>Contato</legend>
          <div className="form-grid">
            <TextAreaField
              label="Telefones"
              name="phones"
              rows={3}
              defaultValue={settings.phones}
              hint="Um por linha, com DDD. Aparecem no rodapé do site."
              error={errors.phones}
            />
            <Field
              label="WhatsApp"
              name="whatsapp"
              type="tel"
              inputMode="tel"
              defaultValue={settings.whatsapp}
              hint="Número com DDD, ex.: (82) 99999-9999."
              error={errors.whatsapp}
            />
            <Field
              label="E-mail"
              name="email"
              type="email"
              defaultValue={settings.email}
              error={errors.email}
            />
            <Field label="Endereço" name="address" defaultValue={settings.address} error={errors.address} />
          </div>
        </fieldset>

        <fieldset className="admin-card">
          <legend>Vídeos e redes sociais</legend>
          <div className="form-grid">
            {/* One field for the channel (it was asked twice, as "Canal de vídeos" and "YouTube"). */}
            <Field
              label="Canal de vídeos (YouTube)"
              name="videoChannelUrl"
              type="url"
              inputMode="url"
              defaultValue={settings.videoChannelUrl}
              hint="Aparece na página inicial e no rodapé. Endereço completo, ex.: https://www.youtube.com/@imobiliaria"
              error={errors.videoChannelUrl}
            />
            <Field
              label="Instagram"
              name="instagram"
              type="url"
              inputMode="url"
              defaultValue={settings.instagram}
              error={errors.instagram}
            />
            <Field
              label="Facebook"
              name="facebook"
              type="url"
              inputMode="url"
              defaultValue={settings.facebook}
              error={errors.facebook}
            />
            <Field
              label="TikTok"
              name="tiktok"
              type="url"
              inputMode="url"
              defaultValue={settings.tiktok}
              error={errors.tiktok}
            />
            <Field
              label="LinkedIn"
              name="linkedin"
              type="url"
              inputMode="url"
              defaultValue={settings.linkedin}
              error={errors.linkedin}
            />
          </div>
        </fieldset>

        <fieldset className="admin-card">
          <legend>Textos do site</legend>
          <RichTextField
            label="Sobre nós"
            name="aboutText"
            rows={8}
            defaultValue={settings.aboutText}
            error={errors.aboutText}
            whenEmpty="Em branco, a página Sobre nós mostra uma frase padrão sobre a imobiliária."
          />
          <RichTextField
            label="Política de privacidade"
            name="privacyText"
            rows={12}
            defaultValue={settings.privacyText}
            error={errors.privacyText}
            whenEmpty="Em branco, o site usa o texto padrão da política de privacidade."
          />
        </fieldset>

        <fieldset className="admin-card">
          <legend>LGPD: encarregado pelo tratamento de dados</legend>
          <div className="form-grid">
            <Field
              label="Nome do encarregado (DPO)"
              name="dpoName"
              defaultValue={settings.dpoName}
              error={errors.dpoName}
            />
            <Field
              label="E-mail do encarregado"
              name="dpoEmail"
              type="email"
              defaultValue={settings.dpoEmail}
              error={errors.dpoEmail}
            />
          </div>
        </fieldset>

        <fieldset className="admin-card">
          <legend>Portais imobiliários</legend>
          <Field
            label="Chave de acesso dos portais (opcional)"
            name="feedToken"
            defaultValue={settings.feedToken}
            autoComplete="off"
            spellCheck={false}
            hint="Se preenchida, os portais precisam dela no endereço do feed XML. De 16 a 128 letras, números, - ou _."
            error={errors.feedToken}
          />
        </fieldset>

        <button type="submit" className="btn btn--primary" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Salvando…" : "Salvar configurações"}
        </button>
      </Form>
    </main>
  );
}
