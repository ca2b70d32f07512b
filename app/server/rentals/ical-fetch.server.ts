// Fetching an imported calendar (decision 039): http or https only, a timeout for the whole
// answer, a size cap, at most 3 redirects, and — unless ICAL_ALLOW_PRIVATE_ADDRESSES is set (tests,
// a calendar on the agency's own network) — no address on a private, loopback or link-local
// network, checked on the address actually connected to (a name that resolves there is refused
// too). Failures are Portuguese sentences shown on the admin temporada screen.
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";

export const ICAL_FETCH_TIMEOUT_MS = 15_000;
export const ICAL_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export class FeedFetchError extends Error {}

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  allowPrivate?: boolean;
}

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["::ffff:0:0", 96],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv6");

/** A loopback, private, link-local, multicast or unspecified address (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return privateRanges.check(mapped, "ipv4");
    return privateRanges.check(address, "ipv6");
  }
  return true;
}

const PRIVATE_MESSAGE = "Endereço de rede interna não permitido para calendários importados.";

function guardedLookup(
  hostname: string,
  options: object,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    const list = addresses as LookupAddress[];
    if (list.some((a) => isPrivateAddress(a.address)))
      return callback(Object.assign(new Error(PRIVATE_MESSAGE), { code: "EPRIVATE" }), "");
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error("sem endereço"), { code: "ENOTFOUND" }), "");
    callback(null, first.address, first.family);
  });
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof FeedFetchError) return error.message;
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === "EPRIVATE") return PRIVATE_MESSAGE;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "Endereço não encontrado (DNS).";
  if (code === "ECONNREFUSED") return "Conexão recusada pelo servidor do calendário.";
  if (code === "ETIMEDOUT" || code === "ETIMEOUT") {
    const seconds = Math.max(1, Math.round(timeoutMs / 1000));
    return `O calendário não respondeu em ${seconds} segundo${seconds === 1 ? "" : "s"}.`;
  }
  if (code?.startsWith("ERR_TLS") || code?.includes("CERT")) return "Certificado HTTPS inválido.";
  return "Não foi possível baixar o calendário.";
}

/** The body of an imported calendar's URL as text; throws FeedFetchError with the reason in Portuguese. */
export async function fetchCalendarText(url: string, options: FetchOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? ICAL_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? ICAL_MAX_BYTES;
  const deadline = Date.now() + timeoutMs;
  let current = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (current.protocol !== "http:" && current.protocol !== "https:")
      throw new FeedFetchError("O endereço deve começar com http:// ou https://.");
    const host = current.hostname.replace(/^\[|\]$/g, "");
    if (!options.allowPrivate && isIP(host) && isPrivateAddress(host))
      throw new FeedFetchError(PRIVATE_MESSAGE);
    try {
      const answer = await get(current, Math.max(1, deadline - Date.now()), maxBytes, options.allowPrivate);
      if (answer.location) {
        current = new URL(answer.location, current);
        continue;
      }
      return answer.body;
    } catch (error) {
      throw new FeedFetchError(describe(error, timeoutMs));
    }
  }
  throw new FeedFetchError("Redirecionamentos demais.");
}

function get(
  url: URL,
  timeoutMs: number,
  maxBytes: number,
  allowPrivate = false,
): Promise<{ body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "imoveis-alagoas-ical/1" },
        ...(allowPrivate ? {} : { lookup: guardedLookup as unknown as typeof dnsLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ body: "", location: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new FeedFetchError(`O endereço respondeu HTTP ${status}.`));
          return;
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > maxBytes) {
          request.destroy();
          reject(new FeedFetchError(tooBig(maxBytes)));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(new FeedFetchError(tooBig(maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" }));
    }, timeoutMs);
    request.on("error", reject);
    request.on("close", () => clearTimeout(timer));
  });
}

const tooBig = (maxBytes: number) =>
  `O calendário passa de ${
    maxBytes >= 1024 * 1024
      ? `${Math.round(maxBytes / (1024 * 1024))} MB`
      : `${Math.ceil(maxBytes / 1024)} KB`
  } e não foi importado.`;
