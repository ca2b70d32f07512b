// Browser notices for an agent who works with the admin in a background tab (or another window):
// "Novo lead" when a lead of theirs arrives, "Link aberto" when a lead opens the listings they sent
// (decision 049: the moment to call), and a visit booked, moved or cancelled on the site. Off until the agent turns them on in the admin's header,
// which asks the browser's permission; the choice is kept in this browser (localStorage). A notice
// names no person and no listing — it may show on a locked phone or a shared screen — and opens the
// lead when clicked. Events come through the tab's one connection (live-connection.ts), only those
// the server lets this user see (sse.server.ts); tabs share a notice's tag, so two open tabs show
// it once, and a new person's visit is one notice, not "Novo lead" too (lib/notice-batch.ts).
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { listenLive } from "../../lib/live-connection";
import { noticeBatch } from "../../lib/notice-batch";
import type { LiveEventType } from "../../lib/realtime-constants";
import { useHydrated } from "../../lib/use-hydrated";

export const DESKTOP_NOTICES_KEY = "avisos-no-navegador";

/**
 * What each event says and the screen a click opens (a visit's agent may not be the lead's, so
 * visits open the agenda); events not here make no notice. The words fit an agent and an admin,
 * who hears of every agent's leads.
 */
export const NOTICES: Partial<
  Record<LiveEventType, { title: string; body: string; opens: (id: number) => string }>
> = {
  "lead-created": {
    title: "Novo lead",
    body: "Um novo contato chegou. Clique para ver e responder.",
    opens: (id) => `/admin/leads/${id}`,
  },
  "lead-link-opened": {
    title: "Link aberto",
    body: "Um lead abriu os imóveis que o corretor enviou: bom momento para ligar.",
    opens: (id) => `/admin/leads/${id}`,
  },
  "lead-visit-booked": {
    title: "Visita agendada",
    body: "Uma visita foi marcada ou remarcada pelo site.",
    opens: () => "/admin/visitas",
  },
  "lead-visit-cancelled": {
    title: "Visita cancelada",
    body: "Uma visita marcada pelo site foi cancelada.",
    opens: () => "/admin/visitas",
  },
};

type State = "unsupported" | "off" | "on" | "blocked";

function initialState(): State {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  // A computer's browser: a phone's (Chrome on Android) shows notices only through a service
  // worker, and on a phone the agent has WhatsApp and the lead e-mails.
  if (!window.matchMedia("(pointer: fine)").matches) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return Notification.permission === "granted" && localStorage.getItem(DESKTOP_NOTICES_KEY) === "1"
    ? "on"
    : "off";
}

export function DesktopNotices() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [state, setState] = useState<State>("unsupported");

  useEffect(() => {
    if (!hydrated) return;
    setState(initialState());
    // Turned on or off in another tab: this one follows.
    const follow = (event: StorageEvent) => {
      if (event.key === DESKTOP_NOTICES_KEY) setState(initialState());
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, [hydrated]);

  useEffect(() => {
    if (state !== "on") return;
    // A new person's visit arrives as a new lead and a visit: one notice, the visit's.
    const batch = noticeBatch((event) => {
      const notice = NOTICES[event.type];
      if (!notice || Notification.permission !== "granted") return;
      let shown: Notification;
      try {
        shown = new Notification(notice.title, { body: notice.body, tag: `${event.type}-${event.id}` });
      } catch {
        return; // a browser that shows notices only through a service worker
      }
      shown.onclick = () => {
        window.focus();
        void navigate(notice.opens(event.id));
        shown.close();
      };
    });
    const stop = listenLive({
      onEvent: (event) => {
        if (NOTICES[event.type]) batch.push(event);
      },
    });
    return () => {
      stop();
      batch.stop();
    };
  }, [state, navigate]);

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission === "granted") {
      localStorage.setItem(DESKTOP_NOTICES_KEY, "1");
      setState("on");
    } else setState(permission === "denied" ? "blocked" : "off");
  }

  function turnOff() {
    localStorage.removeItem(DESKTOP_NOTICES_KEY);
    setState("off");
  }

  if (state === "unsupported") return null;
  if (state === "blocked")
    return (
      <span className="admin-notices admin-notices--blocked" data-testid="avisos">
        Avisos bloqueados neste navegador
      </span>
    );
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small admin-notices"
      aria-pressed={state === "on"}
      data-testid="avisos"
      onClick={state === "on" ? turnOff : turnOn}
    >
      <span aria-hidden="true">{state === "on" ? "✓ " : ""}</span>Avisos no navegador
    </button>
  );
}
