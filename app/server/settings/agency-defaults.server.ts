// The agency_settings row written on first start. The agency edits all of it in the admin
// panel; these defaults make a fresh install presentable and legally complete from minute one.
//
// Text format of aboutText and privacyText (rendered by the site as plain text, never as HTML):
//   - blocks are separated by a blank line;
//   - a block whose first line starts with "## " is a heading (the rest of the line is its text);
//   - every other block is a paragraph (single line breaks inside it are kept as line breaks).
// Nothing else is interpreted: no HTML, no Markdown emphasis, no links.
import type { agencySettings } from "../db/schema.server";

export type AgencyDefaults = Omit<typeof agencySettings.$inferInsert, "id" | "updatedAt" | "feedToken">;

/** Version of the consent text below; stored with each lead (leads.consent_version). */
export const LGPD_CONSENT_VERSION = "2026-11-01";

/** Shown under every lead form, next to the consent checkbox. */
export const LGPD_CONSENT_TEXT =
  "Autorizo a Imóveis em Alagoas a usar meu nome, telefone e e-mail para responder a este contato " +
  "sobre imóveis, conforme a Política de Privacidade. Não enviaremos ofertas sem a sua autorização.";

const NAME = "Imóveis em Alagoas";
const EMAIL = "contato@imoveisemalagoas.com.br";
const DPO_NAME = "Carla Menezes Tenório";
const DPO_EMAIL = "privacidade@imoveisemalagoas.com.br";
const ADDRESS = "Avenida Álvaro Otacílio, 3500, sala 12, Ponta Verde, Maceió – AL, CEP 57035-180";
const PHONE = "(82) 3333-4444";
const WHATSAPP = "(82) 99999-4444";
const CRECI = "1234-J";

const ABOUT_TEXT = `A Imóveis em Alagoas nasceu em Maceió com uma ideia simples: ajudar cada família a encontrar o lugar certo para viver, descansar ou investir, com atendimento próximo e informação honesta. Somos uma imobiliária registrada no CRECI-AL sob o número ${CRECI}, e todos os nossos corretores têm registro ativo no conselho.

Conhecemos Alagoas de ponta a ponta. Na capital, atendemos da Pajuçara à Ponta Verde, da Jatiúca ao Farol e ao litoral norte de Guaxuma, Garça Torta e Ipioca. Fora de Maceió, trabalhamos com casas de praia e terrenos na Rota Ecológica dos Milagres, em Maragogi, na Praia do Francês e na Barra de São Miguel, além de imóveis em Arapiraca, Penedo e Rio Largo.

## O que fazemos

Vendemos e alugamos apartamentos, casas, coberturas, flats, terrenos e imóveis comerciais. Também cuidamos de aluguéis por temporada, com casas e apartamentos prontos para receber quem vem aproveitar as piscinas naturais e o mar esverdeado do nosso litoral.

Cuidamos de toda a negociação: avaliação do imóvel, fotos e anúncio nos principais portais, visitas acompanhadas, análise de documentos, contrato e entrega das chaves. Quem compra conta com orientação sobre financiamento bancário e uso do FGTS; quem aluga tem contrato claro e vistoria detalhada.

## Como trabalhamos

Cada anúncio do nosso site é conferido pela equipe antes de ser publicado, com fotos, medidas e valores atualizados. Quando o proprietário prefere não divulgar o endereço exato, mostramos apenas a rua ou o bairro, e informamos a localização completa na visita.

Gostamos de conversar. Fale com a gente pelo WhatsApp ${WHATSAPP}, pelo telefone ${PHONE} ou visite o nosso escritório na ${ADDRESS}. Atendemos de segunda a sexta, das 8h às 18h, e aos sábados, das 8h às 12h.

No nosso canal no YouTube você encontra tours virtuais pelos imóveis, casas de praia e promoções da semana. Inscreva-se para acompanhar as novidades.`;

const PRIVACY_TEXT = `Esta Política de Privacidade explica como a Imóveis em Alagoas trata os dados pessoais de quem visita o nosso site, entra em contato conosco ou negocia um imóvel com a nossa equipe, em cumprimento à Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018). Ao usar o site, você pode consultá-la a qualquer momento nesta página.

## 1. Quem é o controlador dos dados

O controlador dos dados pessoais é a ${NAME}, imobiliária inscrita no Conselho Regional de Corretores de Imóveis de Alagoas (CRECI-AL) sob o nº ${CRECI}, com escritório na ${ADDRESS}. Telefone: ${PHONE}. E-mail: ${EMAIL}.

## 2. Encarregado pelo tratamento de dados (DPO)

O nosso encarregado pela proteção de dados pessoais é ${DPO_NAME}, que pode ser contatada pelo e-mail ${DPO_EMAIL}. É com ela que você fala para exercer os seus direitos, tirar dúvidas sobre esta política ou relatar qualquer problema com os seus dados. A Autoridade Nacional de Proteção de Dados (ANPD) também pode se comunicar com o encarregado por esse canal.

## 3. Quais dados coletamos

Dados que você nos informa nos formulários de contato e de interesse em um imóvel: nome, telefone, e-mail, a mensagem que você escreve, o imóvel de interesse e o registro do seu consentimento (data, hora e versão do texto que você aceitou).

Se você nos oferece um imóvel em "Anuncie seu imóvel": além do seu nome, telefone e e-mail, o tipo, o endereço e o valor pretendido do imóvel, a mensagem e as fotos que você envia. As fotos ficam visíveis só para a nossa equipe até o imóvel ser anunciado com a sua concordância.

Alertas de busca: se você pede para receber novidades de uma busca, guardamos o seu e-mail, a busca salva, a frequência escolhida (diária ou semanal), os imóveis já enviados e o registro do seu consentimento. O alerta só começa depois que você confirma pelo link enviado ao seu e-mail.

Visitas e reservas de temporada: ao agendar uma visita ou pedir uma reserva pelo site, guardamos o seu nome, telefone e e-mail, o imóvel, a data e o horário escolhidos (ou as datas da estadia, o número de hóspedes e o valor cotado).

Contatos pelo WhatsApp: quando você clica no botão de WhatsApp de um anúncio, o aplicativo abre com uma mensagem pronta que cita a referência do imóvel. O site não lê suas conversas; os dados da conversa (número, nome do perfil e mensagens) passam a ser tratados pela nossa equipe a partir do momento em que você envia a mensagem. Podemos registrar que houve um clique no botão, sem identificar quem clicou, para saber quais anúncios geram mais interesse.

Imóveis enviados pelo corretor: quando um corretor lhe envia pelo WhatsApp um link com um ou mais imóveis selecionados, registramos se esse link foi aberto (quantas vezes e a data e hora da primeira e da última abertura), sem outros dados do aparelho, para saber se o link chegou e quando retomar o contato.

Dados de navegação: como todo site, o nosso servidor registra automaticamente dados técnicos de cada acesso, como endereço IP, data e hora, página visitada, navegador e sistema operacional. Também contamos as visualizações de cada anúncio de forma agregada, sem montar perfis de visitantes.

Dados de negociação: se você avançar em uma compra, venda ou locação, trataremos os dados e documentos necessários ao negócio, como CPF, RG, estado civil, comprovantes de renda e de endereço e dados do imóvel, sempre na medida do necessário.

Dados dos nossos corretores e colaboradores que usam a área administrativa: nome, e-mail, telefone, número do CRECI e registros de acesso ao sistema.

Não coletamos dados pessoais sensíveis (como origem racial, religião, opinião política ou dados de saúde) e o site não é direcionado a menores de 18 anos.

## 4. Para que usamos os dados e com qual base legal

Responder ao seu contato, enviar informações sobre o imóvel que você procurou e agendar visitas. Base legal: o seu consentimento (art. 7º, I, da LGPD), dado ao enviar o formulário, e a execução de procedimentos preliminares relacionados a um contrato a seu pedido (art. 7º, V).

Enviar os alertas de busca que você pediu. Base legal: o seu consentimento (art. 7º, I), confirmado pelo link enviado ao seu e-mail. Você cancela um alerta a qualquer momento, com um clique, pelo link de cada e-mail ou na página que lista os seus alertas.

Agendar, confirmar, lembrar e remarcar visitas e reservas de temporada, com os e-mails de confirmação e de lembrete. Base legal: procedimentos preliminares a um contrato, a seu pedido (art. 7º, V).

Enviar novidades, ofertas e lançamentos por e-mail ou WhatsApp. Base legal: consentimento específico (art. 7º, I), pedido separadamente do contato; sem ele, você não recebe esse tipo de mensagem.

Intermediar e formalizar a compra, venda ou locação de um imóvel, incluindo análise cadastral e elaboração de contratos. Base legal: execução de contrato e de procedimentos preliminares (art. 7º, V) e exercício regular de direitos (art. 7º, VI).

Cumprir obrigações legais e regulatórias, como a guarda de registros de acesso exigida pelo Marco Civil da Internet (Lei nº 12.965/2014), as regras do CRECI e do COFECI para o exercício da corretagem, obrigações fiscais e a prevenção à lavagem de dinheiro nas transações imobiliárias. Base legal: cumprimento de obrigação legal ou regulatória (art. 7º, II).

Manter o site seguro, prevenir fraudes e abusos (por exemplo, envio automatizado de formulários), medir de forma agregada quais anúncios são mais vistos e melhorar o nosso atendimento. Base legal: legítimo interesse (art. 7º, IX), sempre respeitando as suas expectativas e os seus direitos, e com dados mínimos.

## 5. Com quem compartilhamos

Não vendemos dados pessoais. Compartilhamos apenas o necessário, com:

Proprietários e outros corretores envolvidos na negociação do imóvel que você escolheu, para que a visita ou a proposta aconteça.

Portais imobiliários em que anunciamos (como ZAP Imóveis, VivaReal, OLX e Chaves na Mão): enviamos a eles os dados dos anúncios, não os dados de visitantes. Se você nos contatar por um portal, recebemos do portal os dados que você informou lá, de acordo com a política dele.

Prestadores de serviço que trabalham em nosso nome e seguem as nossas instruções: provedor de hospedagem e infraestrutura do site, provedor de envio de e-mails e serviços de backup. Esses operadores só podem usar os dados para nos prestar o serviço contratado. Se algum deles armazenar dados fora do Brasil, exigimos as garantias previstas no art. 33 da LGPD.

Bancos, cartórios, seguradoras e administradoras de garantias locatícias, quando você nos pede para encaminhar um financiamento, uma escritura ou uma garantia de aluguel.

Autoridades públicas, quando houver obrigação legal ou ordem judicial.

## 6. Por quanto tempo guardamos os dados

Contatos e mensagens dos formulários: até 2 anos após o último contato, para dar continuidade ao atendimento; depois disso, são eliminados ou anonimizados. Se você pedir, apagamos antes.

Dados de quem consentiu em receber ofertas: enquanto o consentimento estiver valendo; ao revogá-lo, paramos os envios imediatamente.

Alertas de busca: enquanto estiverem ativos; um alerta cancelado é apagado, e um alerta nunca confirmado é apagado 7 dias depois do pedido.

Documentos e dados de negociações concluídas: pelo prazo exigido pela legislação fiscal, civil e de prevenção à lavagem de dinheiro, em geral 5 anos após o fim do contrato.

Registros de acesso ao site: 6 meses, como determina o Marco Civil da Internet.

Registros de acesso e de ações na área administrativa: até 1 ano, para segurança e auditoria.

## 7. Seus direitos

A LGPD (art. 18) garante a você, a qualquer momento e sem custo:

Confirmação da existência de tratamento dos seus dados pessoais.

Acesso aos dados que temos sobre você.

Correção de dados incompletos, inexatos ou desatualizados.

Anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei.

Portabilidade dos seus dados a outro fornecedor de serviço, mediante requisição expressa; entregamos uma cópia em formato estruturado e de uso comum.

Eliminação dos dados tratados com base no seu consentimento, ressalvadas as hipóteses de guarda obrigatória previstas em lei.

Informação sobre as entidades públicas e privadas com as quais compartilhamos os seus dados.

Informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa: sem o consentimento, não conseguimos responder ao formulário, mas você pode nos ligar ou visitar o escritório.

Revogação do consentimento, tão fácil quanto foi dá-lo, sem afetar o que foi feito antes da revogação.

Oposição a tratamentos feitos com base no legítimo interesse, quando houver descumprimento da lei.

Petição à Autoridade Nacional de Proteção de Dados (ANPD), caso você entenda que os seus direitos não foram atendidos.

## 8. Como exercer os seus direitos

Envie um e-mail para ${DPO_EMAIL} dizendo qual direito deseja exercer. Para proteger você, podemos pedir informações que confirmem a sua identidade antes de entregar ou alterar dados. Respondemos de imediato, de forma simplificada, ou em até 15 dias com uma declaração completa, como prevê o art. 19 da LGPD. Conseguimos localizar, exportar e apagar todos os dados de uma mesma pessoa a partir do e-mail ou do telefone informado.

Para deixar de receber ofertas, basta responder "sair" à mensagem ou escrever para o mesmo e-mail.

## 9. Cookies e armazenamento no navegador

Usamos apenas cookies essenciais, sem os quais o site não funciona: um cookie de sessão que mantém os nossos corretores conectados à área administrativa e, quando necessário, cookies técnicos que protegem os formulários contra envios falsos. Esses cookies não servem para rastrear visitantes.

Os imóveis que você marca como favoritos ficam guardados somente no seu próprio navegador (localStorage) e podem ser apagados a qualquer momento limpando os dados do site no navegador: para mostrá-los, o site recebe apenas as referências dos imóveis, sem guardá-las nem associá-las a você. Se você envia a sua lista a alguém, as referências vão no próprio link. Da mesma forma, o navegador guarda apenas durante a sessão (sessionStorage) a informação de que o convite para o nosso canal de vídeos já foi exibido, para não mostrá-lo de novo.

Imóveis vistos recentemente: os últimos imóveis que você abriu (até 12) também ficam guardados somente no seu navegador (localStorage), para aparecerem em "Vistos recentemente" na página inicial. Você pode apagá-los a qualquer momento pelo botão "Limpar" dessa seção ou limpando os dados do site no navegador. Para mostrá-los, o site recebe apenas as referências dos imóveis, sem guardá-las nem associá-las a você.

Não usamos cookies de publicidade nem ferramentas de análise de terceiros sem o seu consentimento prévio. Se um dia passarmos a usá-los, pediremos a sua autorização antes, com a opção de recusar, conforme o guia orientativo da ANPD sobre cookies.

Algumas páginas exibem mapas do OpenStreetMap e vídeos do YouTube. Ao carregá-los, esses serviços recebem dados técnicos da sua conexão, como o endereço IP, e seguem as próprias políticas de privacidade.

## 10. Segurança

Adotamos medidas técnicas e administrativas para proteger os dados contra acessos não autorizados, perda, alteração ou divulgação indevida: conexão criptografada (HTTPS), senhas guardadas com criptografia forte (nunca em texto puro), acesso à área administrativa restrito à nossa equipe e registrado, cópias de segurança e atualização constante dos sistemas. Se ocorrer um incidente de segurança que possa causar risco ou dano relevante, comunicaremos você e a ANPD, como exige a lei.

## 11. Alterações nesta política

Podemos atualizar esta política para refletir mudanças na lei ou nos nossos serviços. A versão vigente é sempre a publicada nesta página, com a data da última atualização abaixo. Se a mudança afetar algo que você autorizou, pediremos um novo consentimento.

## 12. Contato

Dúvidas sobre esta política ou sobre os seus dados: ${DPO_NAME}, encarregada pelo tratamento de dados pessoais, pelo e-mail ${DPO_EMAIL}, ou pelo telefone ${PHONE}.

Última atualização: 27 de novembro de 2026.`;

export const DEFAULT_AGENCY_SETTINGS = {
  name: NAME,
  creci: CRECI,
  phones: [PHONE, "(82) 3333-4455"],
  whatsapp: WHATSAPP,
  email: EMAIL,
  address: ADDRESS,
  videoChannelUrl: "https://www.youtube.com/@imoveisemalagoas",
  socialLinks: {
    instagram: "https://www.instagram.com/imoveisemalagoas",
    facebook: "https://www.facebook.com/imoveisemalagoas",
  },
  aboutText: ABOUT_TEXT,
  privacyText: PRIVACY_TEXT,
  dpoName: DPO_NAME,
  dpoEmail: DPO_EMAIL,
} satisfies AgencyDefaults;
