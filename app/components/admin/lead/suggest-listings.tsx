// "Sugerir imóveis" on a lead's page: tick listings like the one the person asked about (or type
// referências) and send them on WhatsApp as one link to see them side by side. A plain form to
// /admin/leads/:id/sugestoes in a new tab, like "Responder no WhatsApp" (contact-card.tsx); with
// JavaScript, a choice the server would refuse is refused here, at the field, before a tab opens.
import { type FormEvent, useState } from "react";
import { leadSuggestionSchema, MAX_SUGGESTIONS, type SuggestionChoices } from "../../../lib/lead-inbox";

export function SuggestListings({ leadId, choices }: { leadId: number; choices: SuggestionChoices }) {
  const [error, setError] = useState<string | null>(null);
  const { candidates, similarTo } = choices;

  // The server's own schema: what it would refuse is refused here, before a tab opens.
  function check(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = leadSuggestionSchema.safeParse({
      ref: form.getAll("ref").map(String),
      outras: String(form.get("outras") ?? ""),
    });
    if (!parsed.success) {
      event.preventDefault();
      setError(parsed.error.issues[0]?.message ?? "Escolha ao menos um imóvel para sugerir.");
      return;
    }
    setError(null);
  }

  return (
    <section className="lead-card" aria-labelledby="lead-sugerir">
      <h2 id="lead-sugerir">Sugerir imóveis</h2>
      <p className="lead-suggest__intro">
        A pessoa recebe no WhatsApp um link com os imóveis lado a lado e pode salvá-los nos favoritos. O envio
        fica registrado nas anotações e, com dois ou mais imóveis, esta página mostra quando a pessoa abrir a
        lista.
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
            {similarTo === null
              ? "Imóveis recentes"
              : candidates.some((c) => c.asked)
                ? "O imóvel que a pessoa pediu e outros parecidos"
                : `Parecidos com ${similarTo}, que a pessoa pediu e já não está disponível`}
          </legend>
          {candidates.length ? (
            <ul className="lead-suggest__options">
              {candidates.map((c) => (
                <li key={c.referencia}>
                  <input id={`sugerir-${c.referencia}`} name="ref" type="checkbox" value={c.referencia} />
                  <label htmlFor={`sugerir-${c.referencia}`}>
                    <strong>{c.referencia}</strong>
                    {` — ${c.titulo}`}
                    <span className="lead-suggest__facts">{`${c.price} · ${c.place}${c.asked ? " · o imóvel que a pessoa pediu" : ""}`}</span>
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
          <input
            id="sugerir-outras"
            name="outras"
            type="text"
            maxLength={500}
            placeholder="AP0012, CA0040"
            aria-describedby="sugerir-outras-dica"
          />
          <p className="form-field__hint" id="sugerir-outras-dica">
            {`Separadas por vírgula; até ${MAX_SUGGESTIONS} imóveis por envio.`}
          </p>
        </div>
        <button type="submit" className="btn btn--primary">
          Enviar pelo WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
        </button>
      </form>
    </section>
  );
}
