// The admin shell. Its loader is the guard for every screen under /admin (each child loader
// and action checks again: loaders run in parallel, and actions don't run this one first).
// The Outlet is keyed by the full path, as in the public shell, so every change of path or
// query re-creates the screen: nothing typed on one view carries to the next.
import type { ReactNode } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { DesktopNotices } from "../../components/admin/desktop-notices";
import { SessionKeepAlive } from "../../components/session-keep-alive";
import { Stylesheet } from "../../components/stylesheet";
import { UnavailableNotice } from "../../components/unavailable-notice";
import { pageMeta, SITE_NAME } from "../../lib/meta";
import { ErrorReference } from "../../lib/request-id";
import { useRootData } from "../../lib/root-data";
import { clientErrorMessage } from "../../lib/route-error";
import { sessionCheckIntervalMs } from "../../lib/session-constants";
import { isUnavailable } from "../../lib/unavailable";
import { roleBesideName } from "../../lib/user-badge";
import { requireUser, type SessionUser } from "../../server/auth/guard.server";
import { sessionPolicy } from "../../server/auth/sessions.server";
import { requestContext } from "../../server/context.server";
import adminCss from "../../styles/admin.css?inline";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Painel administrativo", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const sessionCheckMs = sessionCheckIntervalMs(
    sessionPolicy(context.get(requestContext).services.config).idleMs,
  );
  return data({ user, sessionCheckMs }, { headers: { "Cache-Control": "no-store" } });
}

interface NavItem {
  to: string;
  label: string;
  adminOnly?: boolean;
}

const NAV: NavItem[] = [
  { to: "/admin/painel", label: "Painel" },
  { to: "/admin/imoveis", label: "Imóveis" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/visitas", label: "Visitas" },
  { to: "/admin/relatorios", label: "Relatórios" },
  { to: "/admin/captacoes", label: "Captações" },
  { to: "/admin/portais", label: "Portais" },
  { to: "/admin/usuarios", label: "Usuários", adminOnly: true },
  { to: "/admin/configuracoes", label: "Configurações", adminOnly: true },
];

function AdminShell({
  user,
  sessionCheckMs,
  children,
}: {
  user: SessionUser;
  sessionCheckMs: number;
  children: ReactNode;
}) {
  const role = roleBesideName(user.name, user.role);
  const agencyName = useRootData()?.agency.name || SITE_NAME;
  return (
    <div className="admin">
      <Stylesheet name="admin" css={adminCss} />
      <a className="admin-skip" href="#admin-conteudo">
        Pular para o conteúdo
      </a>
      <header className="admin-header">
        <div className="admin-header__bar">
          <Link to="/admin/painel" className="admin-brand">
            {agencyName} <span className="admin-brand__tag">Painel</span>
          </Link>
          <div className="admin-user">
            <span className="admin-user__name" data-testid="admin-user-name">
              {user.name}
            </span>
            {role ? <span className="admin-user__role">{role}</span> : null}
            <DesktopNotices />
            <Form method="post" action="/sair" className="admin-user__logout">
              <button type="submit" className="btn btn--ghost btn--small">
                Sair
              </button>
            </Form>
          </div>
        </div>
        <nav className="admin-nav" aria-label="Menu do painel">
          <ul>
            {NAV.filter((item) => !item.adminOnly || user.role === "admin").map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="admin-nav__site">
              <Link to="/">Ver o site</Link>
            </li>
          </ul>
        </nav>
      </header>
      <div id="admin-conteudo" className="admin-content" tabIndex={-1}>
        {children}
      </div>
      <SessionKeepAlive intervalMs={sessionCheckMs} />
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <AdminShell user={loaderData.user} sessionCheckMs={loaderData.sessionCheckMs}>
      <Outlet key={location.pathname + location.search} />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 403
      ? [
          "Acesso negado",
          "Você não tem permissão para acessar esta página. Fale com um administrador se precisar dela.",
        ]
      : status === 404
        ? ["Página não encontrada", "O endereço que você procurou não existe ou foi removido."]
        : clientErrorMessage(error)
          ? ["Não foi possível continuar", clientErrorMessage(error)]
          : ["Algo deu errado", "Tente novamente em instantes. Se o problema continuar, avise o suporte."];
  const body = isUnavailable(error) ? (
    <main className="admin-page">
      <UnavailableNotice buttonClass="btn btn--primary" />
    </main>
  ) : (
    <main className="admin-page">
      <h1>{title}</h1>
      <p>{text}</p>
      {status >= 500 ? <ErrorReference /> : null}
      <p>
        <Link to="/admin/painel">Voltar ao painel</Link>
      </p>
    </main>
  );
  return layout ? (
    <AdminShell user={layout.user} sessionCheckMs={layout.sessionCheckMs}>
      {body}
    </AdminShell>
  ) : (
    <div className="admin">{body}</div>
  );
}
