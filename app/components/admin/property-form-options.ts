// Choices and short names of the property form's fields (pt-BR), kept apart from its layout.
import type { PropertyField } from "../../lib/property-form";
import {
  ADDRESS_VISIBILITY,
  COMODIDADES,
  FINALIDADES,
  IPTU_PERIODS,
  PUBLICATION_STATES,
  STATUSES,
  TIPOS,
} from "../../lib/vocabulary";

export const options = (record: Record<string, string | { label: string }>) =>
  Object.entries(record).map(([value, v]) => ({ value, label: typeof v === "string" ? v : v.label }));

export const TIPO_OPTIONS = options(TIPOS);
export const FINALIDADE_OPTIONS = options(FINALIDADES);
export const PERIOD_OPTIONS = [
  { value: "mensal", label: "Por mês (aluguel)" },
  { value: "diaria", label: "Por diária (temporada)" },
  { value: "semanal", label: "Por semana (temporada)" },
];
export const IPTU_OPTIONS = Object.entries(IPTU_PERIODS).map(([value, label]) => ({
  value,
  label: `Por ${label}`,
}));
export const COMUM = options(
  Object.fromEntries(Object.entries(COMODIDADES).filter(([, c]) => c.area === "comum")),
);
export const PRIVATIVA = options(
  Object.fromEntries(Object.entries(COMODIDADES).filter(([, c]) => c.area === "privativa")),
);

/** Short names for the error summary at the top. */
export const LABELS: Record<PropertyField, string> = {
  referencia: "Referência",
  titulo: "Título",
  tipo: "Tipo",
  finalidades: "Finalidade",
  descricao: "Descrição",
  precoVenda: "Preço de venda",
  precoAluguel: "Valor do aluguel",
  periodoAluguel: "Período do aluguel",
  precoSobConsulta: "Sob consulta",
  condominio: "Condomínio",
  iptu: "IPTU",
  iptuPeriodo: "Período do IPTU",
  quartos: "Quartos",
  suites: "Suítes",
  banheiros: "Banheiros",
  vagas: "Vagas",
  areaUtil: "Área útil",
  areaTotal: "Área total",
  andar: "Andar",
  anoConstrucao: "Ano de construção",
  mobiliado: "Mobiliado",
  aceitaPet: "Aceita pet",
  comodidades: "Comodidades",
  cep: "CEP",
  logradouro: "Logradouro",
  numero: "Número",
  complemento: "Complemento",
  bairro: "Bairro",
  cidade: "Cidade",
  uf: "UF",
  latitude: "Latitude",
  longitude: "Longitude",
  visibilidadeEndereco: "Endereço exibido",
  videoUrl: "Vídeo",
  tourUrl: "Tour virtual",
  status: "Situação",
  publicacao: "Publicação",
  destaque: "Destaque",
  publicarPortais: "Portais",
  corretorId: "Corretor",
};

export const STATUS_OPTIONS = options(STATUSES);
export const PUBLICATION_OPTIONS = options(PUBLICATION_STATES);
export const VISIBILITY_OPTIONS = options(ADDRESS_VISIBILITY);
