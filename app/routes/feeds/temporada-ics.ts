// /temporada/<token>.ics — a temporada listing's calendar for Airbnb, Booking.com and any calendar
// app to subscribe to (decision 039): its confirmed stays ("Reservado") and blocked nights
// ("Indisponível"), no guest's data. The token is the only key: an unknown one answers a bare 404.
// Never stored by the page cache (not HTML) nor by shared caches (private, short max-age).
import { requestContext } from "../../server/context.server";
import { exportCalendar } from "../../server/rentals/ical-sync.server";
import type { Route } from "./+types/temporada-ics";

const notFound = () =>
  new Response("Não encontrado.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = /^(.+)\.ics$/.exec(params.arquivo)?.[1];
  if (!token) return notFound();
  const { db } = context.get(requestContext).services;
  const body = await exportCalendar(db, token, new Date());
  if (body === null) return notFound();
  const headers = {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": 'inline; filename="temporada.ics"',
    "Cache-Control": "private, max-age=300",
    "X-Robots-Tag": "noindex",
  };
  return new Response(request.method === "HEAD" ? null : body, { headers });
}
