// The lead's notes: a form for a new one (emptied once saved) and the list, newest first.
import { Form } from "react-router";
import { formatDate } from "../../../lib/format";
import { NOTE_MAX } from "../../../lib/lead-inbox";

export interface LeadNote {
  id: number;
  body: string;
  authorName: string | null;
  createdAt: Date;
}

export function LeadNotes({ notes, error, busy }: { notes: LeadNote[]; error?: string; busy: boolean }) {
  return (
    <section className="lead-card" aria-labelledby="lead-notas">
      <h2 id="lead-notas">Anotações</h2>
      {/* key: a saved note empties the field */}
      <Form method="post" className="lead-note-form" key={notes.length}>
        <input type="hidden" name="intent" value="note" />
        <div className="form-field">
          <label htmlFor="nota">Nova anotação</label>
          <textarea
            id="nota"
            name="body"
            rows={3}
            maxLength={NOTE_MAX}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "nota-erro" : undefined}
          />
          {error ? (
            <p className="form-field__error" id="nota-erro">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Salvar anotação
        </button>
      </Form>
      {notes.length === 0 ? (
        <p>Nenhuma anotação ainda.</p>
      ) : (
        <ul className="lead-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="lead-notes__meta">
                {note.authorName ?? "Usuário removido"} · {formatDate(note.createdAt)}
              </p>
              <p className="lead-notes__body">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
