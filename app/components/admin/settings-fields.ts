// The agency settings form's fields (/admin/configuracoes), in the order the screen shows them:
// each names the value settings-schema.ts validates, with its label, kind and hint in pt-BR.
// The screen renders from this list (settings-field.tsx); a new setting is one entry here, one in
// the schema and one in the route's loader.
import type { SettingsInput } from "../../lib/settings-schema";

/** The brand's settings (colour, logo and home photo removal) are asked by brand-fields.tsx. */
export const BRAND_SETTINGS = ["brandColor", "removeLogo", "removeHeroPhoto"] as const;

export type SettingsFieldName = Exclude<keyof SettingsInput, (typeof BRAND_SETTINGS)[number]>;

export type SettingsField = { name: SettingsFieldName; label: string; hint?: string } & (
  | { kind: "text"; required?: boolean }
  /** Typed as the browser's keyboard and autofill expect. */
  | { kind: "email" | "url" | "tel" }
  /** A key, not a word: no spelling check, no autofill. */
  | { kind: "token" }
  /** A number with a decimal comma ("11,5"): the phone's numeric keyboard. */
  | { kind: "decimal" }
  /** One value per line. */
  | { kind: "lines"; rows: number }
  /** A long text with the Título and Lista buttons and a preview (rich-text-field.tsx). */
  | { kind: "rich"; rows: number; whenEmpty: string }
);

export type SettingsSection = {
  legend: string;
  /** Short fields side by side (form-grid); long ones take the card's width. */
  grid: boolean;
  fields: SettingsField[];
};

export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    legend: "Identificação",
    grid: true,
    fields: [
      { name: "name", label: "Nome da imobiliária", kind: "text", required: true },
      {
        name: "creci",
        label: "CRECI da imobiliária",
        kind: "text",
        required: true,
        hint: "Como aparece nos anúncios, ex.: 1234-J.",
      },
    ],
  },
  {
    legend: "Contato",
    grid: true,
    fields: [
      {
        name: "phones",
        label: "Telefones",
        kind: "lines",
        rows: 3,
        hint: "Um por linha, com DDD. Aparecem no rodapé do site.",
      },
      { name: "whatsapp", label: "WhatsApp", kind: "tel", hint: "Número com DDD, ex.: (82) 99999-9999." },
      { name: "email", label: "E-mail", kind: "email" },
      { name: "address", label: "Endereço", kind: "text" },
    ],
  },
  {
    legend: "Vídeos e redes sociais",
    grid: true,
    fields: [
      // One field for the channel (it was asked twice, as "Canal de vídeos" and "YouTube").
      {
        name: "videoChannelUrl",
        label: "Canal de vídeos (YouTube)",
        kind: "url",
        hint: "Aparece na página inicial e no rodapé. Endereço completo, ex.: https://www.youtube.com/@imobiliaria",
      },
      { name: "instagram", label: "Instagram", kind: "url" },
      { name: "facebook", label: "Facebook", kind: "url" },
      { name: "tiktok", label: "TikTok", kind: "url" },
      { name: "linkedin", label: "LinkedIn", kind: "url" },
    ],
  },
  {
    legend: "Textos do site",
    grid: false,
    fields: [
      {
        name: "aboutText",
        label: "Sobre nós",
        kind: "rich",
        rows: 8,
        whenEmpty: "Em branco, a página Sobre nós mostra uma frase padrão sobre a imobiliária.",
      },
      {
        name: "privacyText",
        label: "Política de privacidade",
        kind: "rich",
        rows: 12,
        whenEmpty: "Em branco, o site usa o texto padrão da política de privacidade.",
      },
    ],
  },
  {
    legend: "LGPD: encarregado pelo tratamento de dados",
    grid: true,
    fields: [
      { name: "dpoName", label: "Nome do encarregado (DPO)", kind: "text" },
      { name: "dpoEmail", label: "E-mail do encarregado", kind: "email" },
    ],
  },
  {
    legend: "Simulador de financiamento",
    grid: true,
    fields: [
      {
        name: "financingRate",
        label: "Taxa de juros anual (% a.a.)",
        kind: "decimal",
        hint: "A taxa com que o simulador dos imóveis à venda começa; o visitante pode mudá-la. Ex.: 11,5.",
      },
    ],
  },
  {
    legend: "Temporada",
    grid: false,
    fields: [
      {
        name: "rentalPaymentText",
        label: "Instruções de pagamento da temporada",
        kind: "lines",
        rows: 4,
        hint: "Vão no e-mail que confirma a reserva ao hóspede. Ex.: chave PIX, percentual do sinal e prazo para pagar o restante.",
      },
    ],
  },
  {
    legend: "Portais imobiliários",
    grid: false,
    fields: [
      {
        name: "feedToken",
        label: "Chave de acesso dos portais (opcional)",
        kind: "token",
        hint: "Se preenchida, os portais precisam dela no endereço do feed XML. De 16 a 128 letras, números, - ou _.",
      },
    ],
  },
];
