// "Sugerir imóveis" on a lead's page: tick listings like the one the person asked about (or type
// referências) and send them on WhatsApp as one link to see them side by side. A plain form to
// /admin/leads/:id/sugestoes in a new tab, like "Responder no WhatsApp" (contact-card.tsx); with
// JavaScript, an empty choice is refused here, at the field, before a tab opens.
import { type FormEvent, useState } from "react";
import { MAX_SUGGESTIONS, type SuggestionCandidate } from "../../../lib/lead-inbox";

const EMPTY_CHOICE = "Escolha ao menos um imóvel para sugerir.";

export function SuggestListings({
  leadId,
  candidates,
}: {
  leadId: number;
  candidates: SuggestionCandidate[];
}) {
  const [error, setError] = useState<string | null>(null);

  function check(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const typed = String(form.get("outras") ?? "").trim();
    if (form.getAll("ref").length === 0 && typed === "") {
      event.preventDefault();
      setError(EMPTY_CHOICE);
      return;
    }
    setError(null);
  }

  return (
    <section className="lead-card" aria-labelledby="lead-sugerir">
      <h2 id="lead-sugerir">Sugerir imóveis</h2>
      <p className="lead-suggest__intro">
        A pessoa recebe no WhatsApp um link com os imóveis lado a lado e pode salvá-los nos favoritos. Fica
        registrado nas anotações.
      </p>
      <form
        method="post"
        action={`/admin/leads/${leadId}/sugestoes`}
        target="_blank"
        rel="noopener"
        onSubmit={check}
      >
        <fieldset className="lead-suggest__group" aria-describedby={error ? "sugerir-erro" : undefined}>
          <legend>
            {candidates.some((c) => c.asked) ? "O imóvel do contato e parecidos" : "Imóveis recentes"}
          </legend>
          {candidates.length ? (
            <ul className="lead-suggest__options">
              {candidates.map((c) => (
                <li key={c.referencia}>
                  <input id={`sugerir-${c.referencia}`} name="ref" type="checkbox" value={c.referencia} />
                  <label htmlFor={`sugerir-${c.referencia}`}>
                    <strong>{c.referencia}</strong>
                    {` — ${c.titulo}`}
                    <span className="lead-suggest__facts">{`${c.price} · ${c.place}${c.asked ? " · o imóvel do contato" : ""}`}</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p>Nenhum imóvel disponível para sugerir agora.</p>
          )}
          {error ? (
            <p className="form-field__error" id="sugerir-erro" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div className="form-field">
          <label htmlFor="sugerir-outras">Outras referências</label>
          <input id="sugerir-outras" name="outras" type="text" maxLength={500} placeholder="AP0012, CA0040" />
          <p className="form-field__hint">{`Separadas por vírgula; até ${MAX_SUGGESTIONS} imóveis por envio.`}</p>
        </div>
        <button type="submit" className="btn btn--primary">
          Enviar pelo WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
        </button>
      </form>
    </section>
  );
}
