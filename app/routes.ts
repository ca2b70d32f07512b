import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every screen by its path; the product's own routes first in each group.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("todos-os-imoveis", "routes/public/todos-os-imoveis.tsx"),
    route("casas", "routes/public/casas.tsx"),
    route("casas/:referencia", "routes/public/propriedade.tsx"),
    // Booking a visit with the listing's corretor, and the visitor's own visit (its signed link)
    route("casas/:referencia/visita", "routes/public/visita-agendar.tsx"),
    route("visita/:token", "routes/public/visita.tsx"),
    route("sobre-nos", "routes/public/sobre-nos.tsx"),
    // Owners offer a property (a captação: app/server/captacoes/)
    route("anuncie-seu-imovel", "routes/public/anuncie-seu-imovel.tsx"),
    route("politica-de-privacidade", "routes/public/politica-de-privacidade.tsx"),
    // The owner's report of a listing, by the secret link the agent sent (decision 046)
    route("relatorio/:token", "routes/public/relatorio.tsx"),
    route("favoritos", "routes/public/favoritos.tsx"),
    // Saved searches' e-mail alerts: the search pages' form posts here; the e-mails' links
    // (confirm, manage, one-click unsubscribe) carry the saved search's token (app/server/alerts/)
    route("alertas", "routes/public/alertas.tsx"),
    route("alertas/:token", "routes/public/alerta.tsx"),
    route("alertas/:token/confirmar", "routes/public/alerta-confirmar.tsx"),
    route("alertas/:token/cancelar", "routes/public/alerta-cancelar.tsx"),
    // Auth screens
    route("login", "routes/public/login.tsx"),
    route("recuperar-senha", "routes/public/recuperar-senha.tsx"),
    route("redefinir-senha/:token", "routes/public/redefinir-senha.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("sair", "routes/sair.tsx"),
  ...prefix("api", [
    route("cartoes", "routes/api/cartoes.tsx"),
    // Leads other systems post: the Grupo ZAP portals, and any other source (app/server/leads/intake.server.ts)
    route("portais/grupozap/leads", "routes/api/grupozap-leads.ts"),
    route("leads", "routes/api/leads.ts"),
  ]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("painel", "routes/admin/painel.tsx"),
    route("sessao", "routes/admin/sessao.tsx"),
    // Listings
    route("imoveis", "routes/admin/imoveis.tsx"),
    route("imoveis/novo", "routes/admin/imovel-novo.tsx"),
    route("imoveis/:id", "routes/admin/imovel.tsx"),
    route("imoveis/:id/fotos", "routes/admin/imovel-fotos.tsx"),
    // Temporada: rates, rules, blocked nights and confirmed stays (decision 037)
    route("imoveis/:id/temporada", "routes/admin/imovel-temporada.tsx"),
    // The owner's report: its preview and its link (decision 046)
    route("imoveis/:id/relatorio", "routes/admin/imovel-relatorio.tsx"),
    // Admin-only
    route("usuarios", "routes/admin/usuarios.tsx"),
    route("configuracoes", "routes/admin/configuracoes.tsx"),
    route("configuracoes/politica", "routes/admin/configuracoes-politica.ts"),
    // Portal feeds: what each portal would reject, per listing
    route("portais", "routes/admin/portais.tsx"),
    // Leads: inbox, detail, CSV, LGPD requests, distribution rules (admin), WhatsApp reply, live events (SSE)
    route("leads", "routes/admin/leads.tsx"),
    route("leads.csv", "routes/admin/leads-csv.ts"),
    route("leads/lgpd", "routes/admin/leads-lgpd.tsx"),
    route("leads/lgpd/exportar", "routes/admin/leads-lgpd-exportar.ts"),
    route("leads/distribuicao", "routes/admin/leads-distribuicao.tsx"),
    route("leads/:id", "routes/admin/lead.tsx"),
    route("leads/:id/whatsapp", "routes/admin/lead-whatsapp.ts"),
    route("leads/:id/sugestoes", "routes/admin/lead-sugestoes.ts"),
    // Captações: properties owners offered on /anuncie-seu-imovel, and their photos' previews
    route("captacoes", "routes/admin/captacoes.tsx"),
    route("captacoes/:id", "routes/admin/captacao.tsx"),
    route("captacoes/:id/fotos/:foto", "routes/admin/captacao-foto.ts"),
    route("eventos", "routes/admin/eventos.ts"),
    // The funnel report and its CSV (a corretor sees their own leads' figures)
    route("relatorios", "routes/admin/relatorios.tsx"),
    // Visits booked on listing pages, and each agent's (and the agency's) visit hours
    route("visitas", "routes/admin/visitas.tsx"),
    route("visitas/disponibilidade", "routes/admin/visitas-disponibilidade.tsx"),
    route("relatorios.csv", "routes/admin/relatorios-csv.ts"),
    // Lead e-mails that failed or are still being retried (admin only)
    route("emails-nao-entregues", "routes/admin/emails-nao-entregues.tsx"),
  ]),
  // Leads: a WhatsApp click on a listing, recorded by navigator.sendBeacon
  route("api/whatsapp", "routes/api/whatsapp.ts"),
  // SEO and feeds: crawler files, portal feeds, per-listing social images
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("sitemaps/:arquivo", "routes/seo/sitemap-part.ts"),
  route("feeds/vrsync.xml", "routes/feeds/vrsync.ts"),
  route("feeds/chavesnamao.xml", "routes/feeds/chavesnamao.ts"),
  // A temporada listing's calendar (.ics) by its secret token, for Airbnb and Booking.com (decision 039)
  route("temporada/:arquivo", "routes/feeds/temporada-ics.ts"),
  route("og/:arquivo", "routes/seo/og-image.ts"),
] satisfies RouteConfig;
