// Share a page (a listing, a list of favourites): WhatsApp and Facebook links (work without
// JavaScript), copy link, the phone's own share sheet where the browser offers one, and on a
// listing "Imprimir" (its printed sheet: the print rules of property.css and site.css).
import { useState } from "react";
import { useHydrated } from "../lib/use-hydrated";
import shareButtonsCss from "../styles/share-buttons.css?inline";
import { WhatsAppIcon } from "./feature-icons";
import { LinkIcon, PrintIcon, ShareIcon } from "./property/listing-icons";
import { Stylesheet } from "./stylesheet";

export function ShareButtons({
  url,
  title,
  heading = "Compartilhar",
  headingId = "compartilhar",
  printable = false,
}: {
  url: string;
  /** What the message says before the link (WhatsApp) and the share sheet's title. */
  title: string;
  heading?: string;
  headingId?: string;
  /** Offers "Imprimir" (once the page has JavaScript, which printing needs). */
  printable?: boolean;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"" | "ok" | "falhou">("");
  const canShare = hydrated && typeof navigator.share === "function";
  const canCopy = hydrated && Boolean(navigator.clipboard);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("ok");
    } catch {
      setCopied("falhou");
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closing the share sheet is not an error worth telling anyone about.
    }
  }

  return (
    <section className="share" aria-labelledby={headingId}>
      <Stylesheet name="share-buttons" css={shareButtonsCss} />
      <h2 id={headingId} className="share__title">
        {heading}
      </h2>
      <ul className="share__list">
        <li>
          <a
            className="share__button"
            href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsAppIcon /> WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
          </a>
        </li>
        <li>
          <a
            className="share__button"
            href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Facebook<span className="visually-hidden"> (abre em nova aba)</span>
          </a>
        </li>
        {canCopy ? (
          <li>
            <button type="button" className="share__button" onClick={copy}>
              <LinkIcon /> Copiar link
            </button>
          </li>
        ) : null}
        {canShare ? (
          <li>
            <button type="button" className="share__button" onClick={share}>
              <ShareIcon /> Mais opções
            </button>
          </li>
        ) : null}
        {printable && hydrated ? (
          <li>
            <button type="button" className="share__button" onClick={() => window.print()}>
              <PrintIcon /> Imprimir
            </button>
          </li>
        ) : null}
      </ul>
      <p className="share__status" role="status">
        {copied === "ok" ? "Link copiado!" : copied === "falhou" ? `Copie o link: ${url}` : ""}
      </p>
    </section>
  );
}
