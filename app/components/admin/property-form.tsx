// The property form, grouped as agents think about a property. The same zod schema runs here
// before submitting (messages at each field, focus on the first) and in the action always.

import { type FormEvent, useEffect, useState } from "react";
import { Form } from "react-router";
import { formatCount } from "../../lib/format";
import {
  DESCRICAO_MAX,
  firstInvalidField,
  PROPERTY_FIELDS,
  type PropertyFieldErrors,
  type PropertyFormInput,
  parsePropertyForm,
  TITULO_MAX,
} from "../../lib/property-form";
import { FormAlert } from "../form-field";
import {
  CheckboxField,
  CheckboxGroup,
  fieldId,
  PropertyFormContext,
  SelectField,
  TextAreaField,
  TextField,
  YesNoField,
} from "./form-controls";
import { LocationMap } from "./location-map";
import {
  COMUM,
  FINALIDADE_OPTIONS,
  IPTU_OPTIONS,
  LABELS,
  PERIOD_OPTIONS,
  PRIVATIVA,
  PUBLICATION_OPTIONS,
  STATUS_OPTIONS,
  TIPO_OPTIONS,
  VISIBILITY_OPTIONS,
} from "./property-form-options";

const toNumber = (text: string) => {
  const n = Number(text.replace(",", "."));
  return text.trim() !== "" && Number.isFinite(n) ? n : null;
};

export interface PropertyFormProps {
  values: PropertyFormInput;
  serverErrors?: PropertyFieldErrors | null;
  agents: { id: number; name: string }[] | null;
  submitLabel: string;
  busy?: boolean;
  /** The referência placeholder for a new property. */
  referenciaHint: string;
  /** A message about the whole form, shown by the save button (the site out for a moment). */
  notice?: string | null;
}

export function PropertyForm({
  values,
  serverErrors,
  agents,
  submitLabel,
  busy,
  referenciaHint,
  notice,
}: PropertyFormProps) {
  const [clientErrors, setClientErrors] = useState<PropertyFieldErrors | null>(null);
  // Marks when the browser-side validation is live (tests wait for it; styles could too).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (serverErrors !== seenServerErrors) {
    // A newer answer from the server replaces what the browser found before.
    setSeenServerErrors(serverErrors);
    setClientErrors(null);
  }
  const errors = clientErrors ?? serverErrors ?? {};
  const [latitude, setLatitude] = useState(typeof values.latitude === "string" ? values.latitude : "");
  const [longitude, setLongitude] = useState(typeof values.longitude === "string" ? values.longitude : "");

  function validate(form: HTMLFormElement): PropertyFieldErrors | null {
    const result = parsePropertyForm(new FormData(form));
    return result.success ? null : result.errors;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const found = validate(form);
    setClientErrors(found ?? {});
    if (!found) return;
    event.preventDefault();
    const first = firstInvalidField(found);
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  // Once errors are showing, they follow the person's corrections.
  function onChange(event: FormEvent<HTMLFormElement>) {
    if (Object.keys(errors).length > 0) setClientErrors(validate(event.currentTarget) ?? {});
  }

  const invalid = PROPERTY_FIELDS.filter((f) => errors[f]);

  return (
    <PropertyFormContext.Provider value={{ values, errors }}>
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="listing-form"
        aria-label="Dados do imóvel"
        data-ready={ready || undefined}
      >
        <input type="hidden" name="intent" value="salvar" />
        {invalid.length > 0 ? (
          <div className="listing-form__summary" role="alert">
            <p>{`Corrija ${formatCount(invalid.length, "campo", "campos")}:`}</p>
            <ul>
              {invalid.map((f) => (
                <li key={f}>
                  <a href={`#${fieldId(f)}`}>
                    {LABELS[f]}: {errors[f]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <fieldset className="listing-form__group admin-card" id="grupo-dados-basicos">
          <legend>Dados básicos</legend>
          <TextField
            name="titulo"
            label="Título"
            required
            maxLength={TITULO_MAX + 20}
            className="form-field--wide"
            hint="De 10 a 100 caracteres, sem HTML. Aparece nos cartões, no Google e nos portais."
          />
          <SelectField
            name="tipo"
            label="Tipo"
            options={TIPO_OPTIONS}
            required
            placeholder="Escolha o tipo"
          />
          <TextField name="referencia" label="Referência" maxLength={20} hint={referenciaHint} />
          <CheckboxGroup name="finalidades" legend="Finalidade" options={FINALIDADE_OPTIONS} required />
          <TextAreaField
            name="descricao"
            label="Descrição"
            maxLength={DESCRICAO_MAX + 100}
            hint={`Até ${DESCRICAO_MAX.toLocaleString("pt-BR")} caracteres.`}
          />
        </fieldset>

        <fieldset className="listing-form__group admin-card" id="grupo-valores">
          <legend>Valores</legend>
          <p className="listing-form__note">Valores em reais, sem centavos (ex.: 850.000).</p>
          <TextField
            name="precoVenda"
            label="Preço de venda (R$)"
            inputMode="numeric"
            hint="Obrigatório para Venda, salvo Sob consulta."
          />
          <TextField
            name="precoAluguel"
            label="Valor do aluguel ou da diária (R$)"
            inputMode="numeric"
            hint="Obrigatório para Aluguel e Temporada, salvo Sob consulta."
          />
          <SelectField
            name="periodoAluguel"
            label="Período do aluguel"
            options={PERIOD_OPTIONS}
            hint="Aluguel é por mês; temporada, por diária ou semana."
          />
          <CheckboxField name="precoSobConsulta" label="Preço sob consulta (não mostrar valores no site)" />
          <TextField
            name="condominio"
            label="Condomínio por mês (R$)"
            inputMode="numeric"
            hint="0 = isento; em branco = não informado."
          />
          <TextField name="iptu" label="IPTU (R$)" inputMode="numeric" />
          <SelectField name="iptuPeriodo" label="Período do IPTU" options={IPTU_OPTIONS} />
        </fieldset>

        <fieldset className="listing-form__group admin-card" id="grupo-caracteristicas">
          <legend>Características</legend>
          <TextField name="quartos" label="Quartos" inputMode="numeric" className="form-field--short" />
          <TextField name="suites" label="Suítes" inputMode="numeric" className="form-field--short" />
          <TextField name="banheiros" label="Banheiros" inputMode="numeric" className="form-field--short" />
          <TextField
            name="vagas"
            label="Vagas de garagem"
            inputMode="numeric"
            className="form-field--short"
          />
          <TextField
            name="areaUtil"
            label="Área útil (m²)"
            inputMode="numeric"
            className="form-field--short"
          />
          <TextField
            name="areaTotal"
            label="Área total (m²)"
            inputMode="numeric"
            className="form-field--short"
          />
          <TextField name="andar" label="Andar" inputMode="numeric" className="form-field--short" />
          <TextField
            name="anoConstrucao"
            label="Ano de construção"
            inputMode="numeric"
            className="form-field--short"
          />
          <YesNoField name="mobiliado" legend="Mobiliado" />
          <YesNoField name="aceitaPet" legend="Aceita pet" />
        </fieldset>

        <fieldset className="listing-form__group admin-card" id="grupo-comodidades">
          <legend>Comodidades</legend>
          <CheckboxGroup
            name="comodidades"
            legend="Área comum e área privativa"
            options={[...COMUM, ...PRIVATIVA]}
            columns
          />
        </fieldset>

        <fieldset className="listing-form__group admin-card" id="grupo-endereco">
          <legend>Endereço e mapa</legend>
          <TextField
            name="cep"
            label="CEP"
            inputMode="numeric"
            maxLength={9}
            autoComplete="postal-code"
            className="form-field--short"
            hint="00000-000"
          />
          <TextField
            name="logradouro"
            label="Logradouro"
            className="form-field--wide"
            autoComplete="address-line1"
          />
          <TextField name="numero" label="Número" className="form-field--short" />
          <TextField name="complemento" label="Complemento" />
          <TextField name="bairro" label="Bairro" required />
          <TextField name="cidade" label="Cidade" required />
          <TextField name="uf" label="UF" required maxLength={2} className="form-field--short" />
          <SelectField
            name="visibilidadeEndereco"
            label="O que mostrar no site"
            options={VISIBILITY_OPTIONS}
            hint="Com o endereço oculto, o mapa do site mostra uma área aproximada."
          />
          <TextField
            name="latitude"
            label="Latitude"
            inputMode="decimal"
            className="form-field--short"
            value={latitude}
            onChange={setLatitude}
            hint="Ex.: -9.6658"
          />
          <TextField
            name="longitude"
            label="Longitude"
            inputMode="decimal"
            className="form-field--short"
            value={longitude}
            onChange={setLongitude}
            hint="Ex.: -35.7353"
          />
          <LocationMap
            latitude={toNumber(latitude)}
            longitude={toNumber(longitude)}
            onPick={(lat, lng) => {
              setLatitude(String(lat));
              setLongitude(String(lng));
            }}
          />
        </fieldset>

        <fieldset className="listing-form__group admin-card" id="grupo-midia">
          <legend>Mídia</legend>
          <TextField
            name="videoUrl"
            label="Vídeo (YouTube)"
            type="url"
            inputMode="url"
            className="form-field--wide"
            hint="Endereço começando com https://"
          />
          <TextField
            name="tourUrl"
            label="Tour virtual 360°"
            type="url"
            inputMode="url"
            className="form-field--wide"
            hint="Endereço começando com https://"
          />
        </fieldset>

        <fieldset className="listing-form__group admin-card" id="grupo-publicacao">
          <legend>Publicação</legend>
          <SelectField name="status" label="Situação" options={STATUS_OPTIONS} />
          <SelectField name="publicacao" label="Publicação" options={PUBLICATION_OPTIONS} />
          {agents ? (
            <SelectField
              name="corretorId"
              label="Corretor responsável"
              options={agents.map((a) => ({ value: String(a.id), label: a.name }))}
              placeholder="Nenhum"
            />
          ) : null}
          <CheckboxField name="destaque" label="Destaque na página inicial" />
          <CheckboxField name="publicarPortais" label="Enviar aos portais (ZAP, Viva Real, Chaves na Mão)" />
        </fieldset>

        <div className="listing-form__submit">
          <FormAlert>{notice}</FormAlert>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? "Salvando…" : submitLabel}
          </button>
        </div>
      </Form>
    </PropertyFormContext.Provider>
  );
}
