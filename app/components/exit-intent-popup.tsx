// The product's exit-intent popup: hidden by default; when the pointer leaves the
// top of the page (clientY ≤ 0) and it has not been shown in this browser session, it invites
// the visitor to the agency's video channel. A native modal <dialog> keeps the rest of the page
// inert; Tab is also wrapped inside it and focus goes back where it was on close.
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { channelName, subscribeUrl } from "../lib/contact";
import exitPopupCss from "../styles/exit-popup.css?inline";
import { PlayIcon } from "./feature-icons";
import { Stylesheet } from "./stylesheet";

export const EXIT_POPUP_STORAGE_KEY = "exit-popup-shown";
/** Raised on window when the visitor clicks 'Inscrever-se' (detail: { url }). */
export const EXIT_POPUP_SUBSCRIBE_EVENT = "exit-popup:subscribe";

let shownWithoutStorage = false; // when sessionStorage is blocked, once per page load is the best we can do

function alreadyShown(): boolean {
  try {
    return window.sessionStorage.getItem(EXIT_POPUP_STORAGE_KEY) !== null;
  } catch {
    return shownWithoutStorage;
  }
}

function markShown() {
  shownWithoutStorage = true;
  try {
    window.sessionStorage.setItem(EXIT_POPUP_STORAGE_KEY, "true");
  } catch {
    // Blocked storage: the in-memory flag above still holds for this page.
  }
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ExitIntentPopup({
  channelUrl,
  disabled = false,
}: {
  channelUrl: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (disabled || !channelUrl) return;
    function onMouseOut(event: globalThis.MouseEvent) {
      // Leaving the window has no relatedTarget; leaving through the top means y ≤ 0.
      if (event.relatedTarget !== null || event.clientY > 0) return;
      if (alreadyShown()) return;
      markShown();
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    }
    document.addEventListener("mouseout", onMouseOut);
    return () => document.removeEventListener("mouseout", onMouseOut);
  }, [disabled, channelUrl]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  const close = useCallback(() => {
    dialogRef.current?.close();
    setOpen(false);
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  const subscribe = useCallback(() => {
    const url = subscribeUrl(channelUrl);
    window.dispatchEvent(new CustomEvent(EXIT_POPUP_SUBSCRIBE_EVENT, { detail: { url } }));
    // The product spec: the app only logs the event; nothing else happens (no tab is opened).
    console.info("[exit-popup] inscrever-se no canal", url);
    close();
  }, [channelUrl, close]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // A click on the dialog element itself (not its content) is a click on the backdrop.
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) close();
  }

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      className="exit-popup"
      aria-modal="true"
      aria-labelledby="exit-popup-title"
      aria-describedby="exit-popup-text"
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      data-testid="exit-popup"
    >
      <Stylesheet name="exit-popup" css={exitPopupCss} />
      <div className="exit-popup__content">
        <button type="button" className="exit-popup__close" aria-label="Fechar" onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
        <div className="exit-popup__icon">
          <PlayIcon className="exit-popup__play" />
        </div>
        <h2 id="exit-popup-title">Não vá embora ainda!</h2>
        <p id="exit-popup-text">
          Inscreva-se no nosso {channelName(channelUrl).replace("Canal", "canal")} e acompanhe as novidades:
        </p>
        <ul className="exit-popup__features">
          <li>Casas de praia</li>
          <li>Promoções</li>
          <li>Tour virtual pelos imóveis</li>
        </ul>
        <div className="exit-popup__actions">
          <button type="button" className="button button--primary" onClick={subscribe}>
            Inscrever-se
          </button>
          <button type="button" className="button button--ghost" onClick={close}>
            Continuar navegando
          </button>
        </div>
      </div>
    </dialog>
  );
}
