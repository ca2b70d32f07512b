// The edit screen's one-click actions. Each is its own small form, so they work without
// JavaScript; deleting asks first (a <dialog> with JavaScript, a confirmation step without).
import { useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { type PublicationState, STATUSES, type Status } from "../../lib/vocabulary";
import { ConfirmDialog } from "./confirm-dialog";

interface PropertyActionsProps {
  publicacao: PublicationState;
  status: Status;
  destaque: boolean;
  referencia: string;
  /** The server asked to confirm a deletion sent without JavaScript. */
  confirmDelete: boolean;
}

function ActionButton({
  intent,
  label,
  tone = "secondary",
}: {
  intent: string;
  label: string;
  tone?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="listing-actions__form">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={`btn btn--${tone}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export function PropertyActions({
  publicacao,
  status,
  destaque,
  referencia,
  confirmDelete,
}: PropertyActionsProps) {
  const submit = useSubmit();
  const [asking, setAsking] = useState(false);

  return (
    <section className="listing-actions" aria-labelledby="acoes-titulo">
      <h2 id="acoes-titulo" className="visually-hidden">
        Ações do anúncio
      </h2>
      <div className="listing-actions__row">
        {publicacao === "publicado" ? (
          <ActionButton intent="despublicar" label="Despublicar" />
        ) : (
          <ActionButton intent="publicar" label="Publicar" tone="primary" />
        )}
        {destaque ? (
          <ActionButton intent="remover-destaque" label="Remover destaque" />
        ) : (
          <ActionButton intent="destacar" label="Destacar" />
        )}
        <Form method="post" className="listing-actions__form listing-actions__status">
          <input type="hidden" name="intent" value="status" />
          <label htmlFor="acao-status">Situação</label>
          <select id="acao-status" name="status" defaultValue={status} key={status}>
            {Object.entries(STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn--secondary">
            Alterar situação
          </button>
        </Form>
        <ActionButton intent="duplicar" label="Duplicar" />
        {publicacao === "arquivado" ? null : <ActionButton intent="arquivar" label="Arquivar" />}
        <Form
          method="post"
          className="listing-actions__form"
          onSubmit={(event) => {
            event.preventDefault();
            setAsking(true);
          }}
        >
          <input type="hidden" name="intent" value="excluir" />
          <button type="submit" className="btn btn--danger">
            Excluir
          </button>
        </Form>
      </div>

      {confirmDelete ? (
        <Form method="post" className="listing-confirm" aria-labelledby="confirmar-exclusao">
          <h2 id="confirmar-exclusao">Excluir o imóvel {referencia}?</h2>
          <p>O anúncio, suas fotos e o endereço dele no site deixam de existir. Não dá para desfazer.</p>
          <input type="hidden" name="intent" value="excluir" />
          <input type="hidden" name="confirmar" value="sim" />
          <button type="submit" className="btn btn--danger-solid">
            Sim, excluir definitivamente
          </button>{" "}
          <a href="?">Cancelar</a>
        </Form>
      ) : null}

      <ConfirmDialog
        open={asking}
        title={`Excluir o imóvel ${referencia}?`}
        confirmLabel="Excluir definitivamente"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          submit({ intent: "excluir", confirmar: "sim" }, { method: "post" });
        }}
      >
        <p>O anúncio, suas fotos e o endereço dele no site deixam de existir. Não dá para desfazer.</p>
        <p>Se quiser apenas tirá-lo do ar, use Arquivar.</p>
      </ConfirmDialog>
    </section>
  );
}
