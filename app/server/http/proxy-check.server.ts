// Behind a reverse proxy (nginx with TLS in front of `npm start`), the app sees each request as
// the proxy sent it: `http://` and whatever Host the proxy passed on. Unless it reads the
// proxy's X-Forwarded-* headers (TRUST_PROXY=true), the address it works out for a POST is not
// the page's, and React Router refuses every form post ("request.url origin does not match
// origin header") with a 500. This says so, once, naming the setting to change, and answers the
// visitor with a Portuguese page instead of that 500 (README, "Atrás de um proxy reverso").
import type express from "express";

export interface ProxyCheckOptions {
  trustProxy: boolean;
  publicUrl: string;
  /** Where the advice goes (the server log), once per kind of problem. */
  warn: (message: string) => void;
}

const READS_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);

export const PROXY_MISMATCH_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Envio indisponível</title></head>
<body><main><h1>Não foi possível enviar o formulário</h1>
<p>O servidor do site está com um problema de configuração e não consegue receber formulários agora.
Nada foi gravado. Volte à página anterior (o que você escreveu continua lá), tente mais tarde ou fale com a imobiliária por telefone ou WhatsApp.</p>
<p>A equipe técnica já foi avisada pelo registro do servidor.</p>
</main></body></html>
`;

/** Express middleware: see the top of this file. Place before the write guards. */
export function checkProxySetup({ trustProxy, publicUrl, warn }: ProxyCheckOptions): express.RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  let toldAboutHeaders = false;
  let toldAboutPosts = false;
  return (req, res, next) => {
    if (!trustProxy && !toldAboutHeaders && (req.get("x-forwarded-proto") || req.get("x-forwarded-host"))) {
      toldAboutHeaders = true;
      warn(
        `Requisições chegam por um proxy reverso (cabeçalho X-Forwarded-Proto/X-Forwarded-Host), mas TRUST_PROXY=false: o site ignora esses cabeçalhos e os formulários vão falhar se o endereço público (${publicOrigin}) for diferente do que o proxy repassa. Defina TRUST_PROXY=true.`,
      );
    }
    if (READS_ONLY.has(req.method)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
    // A browser on the public address posted, but the request reached us under another one.
    if (!origin || origin === ownOrigin || origin !== publicOrigin) return next();
    if (!toldAboutPosts) {
      toldAboutPosts = true;
      warn(
        trustProxy
          ? `Formulário enviado de ${origin} chegou como ${ownOrigin}: o proxy reverso não repassa o endereço público. Configure-o para enviar "Host" (ou X-Forwarded-Host) e "X-Forwarded-Proto" (no nginx: proxy_set_header Host $host; proxy_set_header X-Forwarded-Proto $scheme;). Todo envio de formulário falha até isso ser corrigido.`
          : `Formulário enviado de ${origin} chegou como ${ownOrigin}: o site está atrás de um proxy reverso e TRUST_PROXY=false. Defina TRUST_PROXY=true (e faça o proxy enviar "Host" e "X-Forwarded-Proto"; veja o README). Todo envio de formulário falha até isso ser corrigido.`,
      );
    }
    res
      .status(500)
      .set({ "Cache-Control": "no-store", Connection: "close" })
      .type("html")
      .send(PROXY_MISMATCH_PAGE);
  };
}
