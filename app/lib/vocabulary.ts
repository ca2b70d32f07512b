// The listing vocabulary of the Brazilian market (docs/domain.md).
// Keys are stored in the database; labels are what visitors and agents read.

export const TIPOS = {
  apartamento: { label: "Apartamento", plural: "Apartamentos", prefix: "AP", usage: "residencial" },
  casa: { label: "Casa", plural: "Casas", prefix: "CA", usage: "residencial" },
  casa_condominio: {
    label: "Casa de condomínio",
    plural: "Casas de condomínio",
    prefix: "CC",
    usage: "residencial",
  },
  cobertura: { label: "Cobertura", plural: "Coberturas", prefix: "CO", usage: "residencial" },
  flat: { label: "Flat", plural: "Flats", prefix: "FL", usage: "residencial" },
  kitnet: { label: "Kitnet/Studio", plural: "Kitnets e studios", prefix: "KI", usage: "residencial" },
  loft: { label: "Loft", plural: "Lofts", prefix: "LO", usage: "residencial" },
  terreno: { label: "Terreno/Lote", plural: "Terrenos e lotes", prefix: "TE", usage: "residencial" },
  lote_condominio: {
    label: "Lote em condomínio",
    plural: "Lotes em condomínio",
    prefix: "LC",
    usage: "residencial",
  },
  chacara: { label: "Chácara/Sítio", plural: "Chácaras e sítios", prefix: "CH", usage: "residencial" },
  fazenda: { label: "Fazenda", plural: "Fazendas", prefix: "FA", usage: "residencial" },
  sala_comercial: { label: "Sala comercial", plural: "Salas comerciais", prefix: "SA", usage: "comercial" },
  loja: {
    label: "Loja/Ponto comercial",
    plural: "Lojas e pontos comerciais",
    prefix: "LJ",
    usage: "comercial",
  },
  galpao: { label: "Galpão/Depósito", plural: "Galpões e depósitos", prefix: "GA", usage: "comercial" },
  predio_comercial: {
    label: "Prédio comercial",
    plural: "Prédios comerciais",
    prefix: "PR",
    usage: "comercial",
  },
} as const;
export type Tipo = keyof typeof TIPOS;
export const TIPO_KEYS = Object.keys(TIPOS) as [Tipo, ...Tipo[]];
/** The types shown on the Casas screen. */
export const HOUSE_TIPOS: Tipo[] = ["casa", "casa_condominio"];

export const FINALIDADES = {
  venda: "Venda",
  aluguel: "Aluguel",
  temporada: "Temporada",
} as const;
export type Finalidade = keyof typeof FINALIDADES;
export const FINALIDADE_KEYS = Object.keys(FINALIDADES) as [Finalidade, ...Finalidade[]];

export const RENT_PERIODS = { mensal: "mês", semanal: "semana", diaria: "diária" } as const;
export type RentPeriod = keyof typeof RENT_PERIODS;
export const RENT_PERIOD_KEYS = Object.keys(RENT_PERIODS) as [RentPeriod, ...RentPeriod[]];

export const IPTU_PERIODS = { anual: "ano", mensal: "mês" } as const;
export type IptuPeriod = keyof typeof IPTU_PERIODS;
export const IPTU_PERIOD_KEYS = Object.keys(IPTU_PERIODS) as [IptuPeriod, ...IptuPeriod[]];

export const STATUSES = {
  disponivel: "Disponível",
  reservado: "Reservado",
  vendido: "Vendido",
  alugado: "Alugado",
} as const;
export type Status = keyof typeof STATUSES;
export const STATUS_KEYS = Object.keys(STATUSES) as [Status, ...Status[]];

export const PUBLICATION_STATES = {
  rascunho: "Rascunho",
  publicado: "Publicado",
  arquivado: "Arquivado",
} as const;
export type PublicationState = keyof typeof PUBLICATION_STATES;
export const PUBLICATION_KEYS = Object.keys(PUBLICATION_STATES) as [PublicationState, ...PublicationState[]];

export const ADDRESS_VISIBILITY = {
  completo: "Endereço completo",
  rua: "Somente a rua",
  bairro: "Somente o bairro",
} as const;
export type AddressVisibility = keyof typeof ADDRESS_VISIBILITY;
export const ADDRESS_VISIBILITY_KEYS = Object.keys(ADDRESS_VISIBILITY) as [
  AddressVisibility,
  ...AddressVisibility[],
];

export const COMODIDADES = {
  // área comum
  piscina: { label: "Piscina", area: "comum" },
  academia: { label: "Academia", area: "comum" },
  salao_festas: { label: "Salão de festas", area: "comum" },
  churrasqueira: { label: "Churrasqueira", area: "comum" },
  playground: { label: "Playground", area: "comum" },
  portaria_24h: { label: "Portaria 24h", area: "comum" },
  elevador: { label: "Elevador", area: "comum" },
  quadra: { label: "Quadra", area: "comum" },
  sauna: { label: "Sauna", area: "comum" },
  espaco_gourmet: { label: "Espaço gourmet", area: "comum" },
  area_verde: { label: "Área verde", area: "comum" },
  // área privativa
  ar_condicionado: { label: "Ar-condicionado", area: "privativa" },
  armarios_embutidos: { label: "Armários embutidos", area: "privativa" },
  closet: { label: "Closet", area: "privativa" },
  varanda: { label: "Varanda", area: "privativa" },
  varanda_gourmet: { label: "Varanda gourmet", area: "privativa" },
  vista_mar: { label: "Vista mar", area: "privativa" },
  pe_na_areia: { label: "Pé na areia", area: "privativa" },
  energia_solar: { label: "Energia solar", area: "privativa" },
  area_servico: { label: "Área de serviço", area: "privativa" },
  dependencia_empregada: { label: "Dependência de empregada", area: "privativa" },
} as const;
export type Comodidade = keyof typeof COMODIDADES;
export const COMODIDADE_KEYS = Object.keys(COMODIDADES) as [Comodidade, ...Comodidade[]];

export const USER_ROLES = { admin: "Administrador", corretor: "Corretor" } as const;
export type UserRole = keyof typeof USER_ROLES;
export const USER_ROLE_KEYS = Object.keys(USER_ROLES) as [UserRole, ...UserRole[]];

export const LEAD_STATUSES = {
  novo: "Novo",
  em_atendimento: "Em atendimento",
  visita_agendada: "Visita agendada",
  proposta: "Proposta",
  fechado: "Fechado",
  perdido: "Perdido",
} as const;
export type LeadStatus = keyof typeof LEAD_STATUSES;
export const LEAD_STATUS_KEYS = Object.keys(LEAD_STATUSES) as [LeadStatus, ...LeadStatus[]];

/**
 * Where a buyer's or tenant's proposal stands (app/server/leads/proposals.server.ts): the agent
 * takes it to the owner, then records the answer, or that the person withdrew it.
 */
export const PROPOSAL_STATUSES = {
  em_analise: "Com o proprietário",
  contraproposta: "Contraproposta",
  aceita: "Aceita",
  recusada: "Recusada",
  retirada: "Retirada",
} as const;
export type ProposalStatus = keyof typeof PROPOSAL_STATUSES;
export const PROPOSAL_STATUS_KEYS = Object.keys(PROPOSAL_STATUSES) as [ProposalStatus, ...ProposalStatus[]];

/** How the buyer would pay (a rent proposal has none). */
export const PROPOSAL_PAYMENTS = {
  a_vista: "À vista",
  financiamento: "Financiamento bancário",
  fgts: "Financiamento com FGTS",
  permuta: "Permuta (imóvel como parte do pagamento)",
  direto: "Parcelado com o proprietário",
} as const;
export type ProposalPayment = keyof typeof PROPOSAL_PAYMENTS;
export const PROPOSAL_PAYMENT_KEYS = Object.keys(PROPOSAL_PAYMENTS) as [
  ProposalPayment,
  ...ProposalPayment[],
];

export const LEAD_ORIGINS = {
  formulario_imovel: "Formulário do imóvel",
  formulario_contato: "Formulário de contato",
  whatsapp: "WhatsApp",
  telefone: "Telefone",
  portal: "Portal",
  zap: "ZAP Imóveis",
  vivareal: "VivaReal",
  olx: "OLX",
  visita: "Visita",
  integracao: "Integração",
} as const;
export type LeadOrigin = keyof typeof LEAD_ORIGINS;
/** How an agent recorded a contact by hand on /admin/leads (manual entry). */
export const MANUAL_LEAD_ORIGINS = ["telefone", "visita"] as const satisfies readonly LeadOrigin[];
export type ManualLeadOrigin = (typeof MANUAL_LEAD_ORIGINS)[number];
export const LEAD_ORIGIN_KEYS = Object.keys(LEAD_ORIGINS) as [LeadOrigin, ...LeadOrigin[]];

/**
 * Where an owner's offer of a property stands (a captação: /anuncie-seu-imovel, /admin/captacoes).
 * `convertida` is reached only by "Criar rascunho do imóvel" (app/server/captacoes/convert.server.ts).
 */
export const CAPTACAO_STATUSES = {
  nova: "Nova",
  em_avaliacao: "Em avaliação",
  convertida: "Convertida em imóvel",
  descartada: "Descartada",
} as const;
export type CaptacaoStatus = keyof typeof CAPTACAO_STATUSES;
export const CAPTACAO_STATUS_KEYS = Object.keys(CAPTACAO_STATUSES) as [CaptacaoStatus, ...CaptacaoStatus[]];

/** A booked visit (app/server/visits/): booked, or cancelled by the visitor or an agent. */
export const VISIT_STATUSES = { agendada: "Agendada", cancelada: "Cancelada" } as const;
export type VisitStatus = keyof typeof VISIT_STATUSES;
export const VISIT_STATUS_KEYS = Object.keys(VISIT_STATUSES) as [VisitStatus, ...VisitStatus[]];
