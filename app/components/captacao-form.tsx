// "Anuncie seu imóvel": an owner offers a property, with up to CAPTACAO_MAX_PHOTOS photos. A plain
// multipart POST to the page's action without JavaScript; with it, a fetcher submits in place and
// the photos' number and sizes are checked before anything is sent. The server validates every
// field (app/lib/captacao-form.ts) and each photo's bytes, and answers messages at the fields with
// a 4xx; focus goes to the confirmation or to the error summary so a screen reader hears the outcome.
import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  CAPTACAO_FINALIDADE_LABELS,
  CAPTACAO_FORM_MAX_BYTES,
  CAPTACAO_LIMITS,
  CAPTACAO_MAX_PHOTOS,
  CAPTACAO_PHOTO_ACCEPT,
  CAPTACAO_PHOTO_MAX_BYTES,
  type CaptacaoActionData,
  type CaptacaoField,
} from "../lib/captacao-fields";
import { formatCount } from "../lib/format";
import { FINALIDADE_KEYS, TIPO_KEYS, TIPOS } from "../lib/vocabulary";
import captacaoFormCss from "../styles/captacao-form.css?inline";
import leadFormCss from "../styles/lead-form.css?inline";
import {
  EmailField,
  ErrorSummary,
  FieldError,
  LabelledInput,
  LabelledTextArea,
  NameField,
  PhoneField,
  SentConfirmation,
  TrapAndConsent,
  useOutcomeFocus,
} from "./lead-form-parts";
import { Stylesheet } from "./stylesheet";

const MB = 1024 * 1024;
const PHOTO_HINT = `Até ${CAPTACAO_MAX_PHOTOS} fotos em JPEG, PNG, WebP ou AVIF, de até ${CAPTACAO_PHOTO_MAX_BYTES / MB} MB cada e ${CAPTACAO_FORM_MAX_BYTES / MB} MB no total.`;

/** What the browser can tell of the chosen photos before sending them (the server checks again). */
function photoProblem(files: FileList | null): string | null {
  const list = files ? Array.from(files) : [];
  if (list.length > CAPTACAO_MAX_PHOTOS) return `Escolha no máximo ${CAPTACAO_MAX_PHOTOS} fotos.`;
  const big = list.find((file) => file.size > CAPTACAO_PHOTO_MAX_BYTES);
  if (big) return `${big.name}: arquivo grande demais (até ${CAPTACAO_PHOTO_MAX_BYTES / MB} MB por foto).`;
  const total = list.reduce((sum, file) => sum + file.size, 0);
  if (total > CAPTACAO_FORM_MAX_BYTES)
    return `As fotos passam de ${CAPTACAO_FORM_MAX_BYTES / MB} MB no total. Escolha menos fotos, ou fotos menores.`;
  return null;
}

export function CaptacaoForm({
  labelledBy,
  consentText,
  serverResult,
}: {
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** The LGPD consent text of the current version (from the server). */
  consentText: string;
  /** The action's answer when the page was rendered after a POST without JavaScript. */
  serverResult?: CaptacaoActionData;
}) {
  const fetcher = useFetcher<CaptacaoActionData>({ key: "captacao-form" });
  const result = fetcher.data ?? serverResult;
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { confirmation, alert } = useOutcomeFocus(result, result?.ok === true);
  const photoInput = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";

  if (result?.ok) {
    return (
      <SentConfirmation ref={confirmation} title="Recebemos o seu imóvel!">
        {result.photos > 0 ? `${formatCount(result.photos, "foto recebida", "fotos recebidas")}. ` : ""}
        Um corretor vai ligar ou mandar mensagem no telefone informado para conhecer o imóvel e combinar os
        próximos passos.
      </SentConfirmation>
    );
  }

  const failed = result && !result.ok ? result : undefined;
  const errors: Partial<Record<CaptacaoField, string>> = { ...(failed?.fieldErrors ?? {}) };
  if (photoError) errors.fotos = photoError;
  const values = failed?.values ?? {};
  // A page rendered again after a post without JavaScript has an empty file input.
  const photosLost = Boolean(!fetcher.data && serverResult && !serverResult.ok && serverResult.photosSent);
  const id = (field: string) => `captacao-${field}`;
  const invalid = (field: CaptacaoField) => (errors[field] ? true : undefined);
  const describedBy = (field: CaptacaoField) => (errors[field] ? id(`${field}-erro`) : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const problem = photoProblem(photoInput.current?.files ?? null);
    setPhotoError(problem);
    if (problem) {
      event.preventDefault();
      photoInput.current?.focus();
    }
  }

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="lead-form captacao-form"
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={onSubmit}
    >
      <Stylesheet name="lead-form" css={leadFormCss} />
      <Stylesheet name="captacao-form" css={captacaoFormCss} />
      {failed || photoError ? (
        <ErrorSummary ref={alert}>
          {failed?.formError ?? "Não foi possível enviar: corrija os campos indicados abaixo."}
          {photosLost ? " Escolha as fotos de novo: o navegador não as guarda depois do envio." : null}
        </ErrorSummary>
      ) : null}

      <fieldset className="captacao-form__group">
        <legend>Seus dados</legend>
        <NameField
          id={id}
          label="Seu nome"
          value={values.name}
          error={errors.name}
          maxLength={CAPTACAO_LIMITS.name}
        />
        <PhoneField
          id={id}
          value={values.phone}
          error={errors.phone}
          required
          maxLength={CAPTACAO_LIMITS.phone}
        />
        <EmailField
          id={id}
          label={<Optional>E-mail</Optional>}
          value={values.email}
          error={errors.email}
          maxLength={CAPTACAO_LIMITS.email}
        />
      </fieldset>

      <fieldset className="captacao-form__group">
        <legend>O imóvel</legend>
        <div className="lead-form__field">
          <label htmlFor={id("tipo")}>Tipo do imóvel</label>
          <select
            id={id("tipo")}
            name="tipo"
            required
            defaultValue={values.tipo ?? ""}
            aria-invalid={invalid("tipo")}
            aria-describedby={describedBy("tipo")}
          >
            <option value="">Escolha o tipo</option>
            {TIPO_KEYS.map((tipo) => (
              <option key={tipo} value={tipo}>
                {TIPOS[tipo].label}
              </option>
            ))}
          </select>
          <FieldError id={id("tipo-erro")} message={errors.tipo} />
        </div>
        <fieldset className="captacao-form__choices" aria-describedby={describedBy("finalidade")}>
          <legend>O que você quer fazer?</legend>
          {FINALIDADE_KEYS.map((finalidade) => (
            <div className="captacao-form__choice" key={finalidade}>
              <input
                id={id(`finalidade-${finalidade}`)}
                name="finalidade"
                type="radio"
                value={finalidade}
                required
                defaultChecked={values.finalidade === finalidade}
                aria-invalid={invalid("finalidade")}
              />
              <label htmlFor={id(`finalidade-${finalidade}`)}>{CAPTACAO_FINALIDADE_LABELS[finalidade]}</label>
            </div>
          ))}
          <FieldError id={id("finalidade-erro")} message={errors.finalidade} />
        </fieldset>
        <LabelledInput
          id={id}
          name="logradouro"
          label={<Optional>Endereço (rua e número)</Optional>}
          autoComplete="street-address"
          maxLength={CAPTACAO_LIMITS.logradouro}
          defaultValue={values.logradouro}
          hint="Ele não aparece no site: serve para o corretor visitar o imóvel."
          error={errors.logradouro}
        />
        <div className="captacao-form__row">
          <LabelledInput
            id={id}
            name="bairro"
            label="Bairro"
            required
            maxLength={CAPTACAO_LIMITS.bairro}
            defaultValue={values.bairro}
            error={errors.bairro}
          />
          <LabelledInput
            id={id}
            name="cidade"
            label="Cidade"
            autoComplete="address-level2"
            required
            placeholder="Maceió"
            maxLength={CAPTACAO_LIMITS.cidade}
            defaultValue={values.cidade}
            error={errors.cidade}
          />
        </div>
        <LabelledInput
          id={id}
          name="preco"
          label={<Optional>Valor pretendido (R$)</Optional>}
          inputMode="numeric"
          placeholder="850.000"
          maxLength={CAPTACAO_LIMITS.preco}
          defaultValue={values.preco}
          hint="Em reais, sem centavos. Para aluguel, o valor do mês; para temporada, o da diária."
          error={errors.preco}
        />
        <LabelledTextArea
          id={id}
          name="message"
          label={<Optional>Conte sobre o imóvel</Optional>}
          rows={4}
          maxLength={CAPTACAO_LIMITS.message}
          placeholder="Quartos, área, vagas, condomínio, o melhor horário para falar com você…"
          defaultValue={values.message}
          error={errors.message}
        />
        {/* After the text fields: a browser sends the photos last, so a post too large to keep
            still gives back what was typed (app/server/captacoes/read-body.server.ts). */}
        <LabelledInput
          ref={photoInput}
          id={id}
          name="fotos"
          label={<Optional>Fotos</Optional>}
          type="file"
          multiple
          accept={CAPTACAO_PHOTO_ACCEPT}
          className="captacao-form__file"
          onChange={() => setPhotoError(null)}
          hint={PHOTO_HINT}
          error={errors.fotos}
        />
      </fieldset>

      <TrapAndConsent id={id} consentText={consentText} error={errors.consent} />
      <button type="submit" className="button button--primary lead-form__submit" disabled={busy}>
        {busy ? "Enviando…" : "Enviar imóvel"}
      </button>
    </fetcher.Form>
  );
}

/** A label with the form's "(opcional)" after it. */
function Optional({ children }: { children: string }) {
  return (
    <>
      {children} <span className="captacao-form__optional">(opcional)</span>
    </>
  );
}
