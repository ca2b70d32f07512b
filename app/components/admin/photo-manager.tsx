// A listing's photos in the admin: upload several at once (one request per file, each with its
// own progress bar), reorder by dragging or with buttons, choose the cover, describe, delete.
// Every control is also a plain form, so the basics work before (or without) JavaScript.

import { type DragEvent, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { formatCount } from "../../lib/format";
import type { AdminPhoto } from "../../lib/photo-actions";
import { ConfirmDialog } from "./confirm-dialog";
import { PhotoItem } from "./photo-item";
import { type UploadItem, UploadList, useUploads } from "./photo-uploads";

interface PhotoManagerProps {
  propertyId: number;
  photos: AdminPhoto[];
  /** A no-JavaScript round trip's outcome, from the page's query string. */
  notice?: string | null;
  error?: string | null;
  /** Photo whose deletion the no-JavaScript flow asks to confirm. */
  confirmPhotoId?: number | null;
}

type Post = Record<string, string>;

function placeUploaded(current: AdminPhoto[], photo: AdminPhoto): AdminPhoto[] {
  const others = photo.isCover ? current.map((p) => (p.isCover ? { ...p, isCover: false } : p)) : current;
  const at = others.findIndex((p) => p.position > photo.position);
  return at < 0 ? [...others, photo] : [...others.slice(0, at), photo, ...others.slice(at)];
}

export function PhotoManager({ propertyId, photos, notice, error, confirmPhotoId }: PhotoManagerProps) {
  const endpoint = `/admin/imoveis/${propertyId}/fotos`;
  const editUrl = `/admin/imoveis/${propertyId}`;
  const revalidator = useRevalidator();
  const [hydrated, setHydrated] = useState(false);
  const [order, setOrder] = useState(photos);
  const [seen, setSeen] = useState(photos);
  const [message, setMessage] = useState<{ text: string; tone: "ok" | "error" } | null>(null);
  const [toDelete, setToDelete] = useState<AdminPhoto | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const dragStart = useRef<number[]>([]);
  const focusAfterMove = useRef<string | null>(null);

  if (photos !== seen) {
    // Fresh data from the server (after revalidation) wins over local edits.
    setSeen(photos);
    setOrder(photos);
  }

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    document.querySelector<HTMLElement>(`[data-focus-key="${focusAfterMove.current}"]`)?.focus();
    focusAfterMove.current = null;
  });

  const uploads = useUploads(endpoint, {
    nextPosition: () => order.reduce((last, p) => Math.max(last, p.position + 1), 0),
    // In its place among its batch (those before it may still be on their way).
    onUploaded: (photo) => setOrder((current) => placeUploaded(current, photo)),
    onBatchDone: (items: UploadItem[]) => {
      const failed = items.filter((i) => i.phase === "erro").length;
      const sent = items.length - failed;
      setMessage({
        tone: failed ? "error" : "ok",
        text: [
          sent ? `${formatCount(sent, "foto enviada", "fotos enviadas")}.` : "",
          failed
            ? `${formatCount(failed, "arquivo recusado", "arquivos recusados")}: veja o motivo na lista.`
            : "",
        ]
          .filter(Boolean)
          .join(" "),
      });
      revalidator.revalidate();
    },
  });

  async function post(fields: Post, success: string): Promise<boolean> {
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Accept: "application/json" },
      });
      const body = (await response.json().catch(() => null)) as { error?: string } | null;
      if (!response.ok) {
        setMessage({ tone: "error", text: body?.error ?? "Não foi possível salvar. Tente de novo." });
        revalidator.revalidate();
        return false;
      }
      setMessage({ tone: "ok", text: success });
      revalidator.revalidate();
      return true;
    } catch {
      setMessage({ tone: "error", text: "Falha de conexão. Verifique a internet e tente de novo." });
      return false;
    }
  }

  function saveOrder(ids: number[], announcement: string) {
    void post({ intent: "reorder", order: ids.join(",") }, announcement);
  }

  function move(photo: AdminPhoto, direction: "up" | "down") {
    const ids = order.map((p) => p.id);
    const from = ids.indexOf(photo.id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[from], next[to]] = [next[to] as AdminPhoto, next[from] as AdminPhoto];
    setOrder(next);
    // Keep the keyboard on the button pressed, or on its twin when it became disabled.
    const edge = to === 0 || to === order.length - 1;
    focusAfterMove.current = `${photo.id}-${edge ? (direction === "up" ? "down" : "up") : direction}`;
    saveOrder(
      next.map((p) => p.id),
      `Foto movida para a posição ${to + 1} de ${order.length}.`,
    );
  }

  function onDragStart(event: DragEvent<HTMLLIElement>, id: number) {
    setDragged(id);
    dragStart.current = order.map((p) => p.id);
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", String(id));
  }

  function onDragOver(event: DragEvent<HTMLLIElement>, overId: number) {
    if (dragged === null) return;
    event.preventDefault();
    if (overId === dragged) return;
    setOrder((current) => {
      const from = current.findIndex((p) => p.id === dragged);
      const to = current.findIndex((p) => p.id === overId);
      const next = [...current];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });
  }

  function onDragEnd() {
    const ids = order.map((p) => p.id);
    setDragged(null);
    if (ids.join() !== dragStart.current.join()) saveOrder(ids, "Nova ordem das fotos salva.");
  }

  const status =
    message ?? (error ? { tone: "error", text: error } : notice ? { tone: "ok", text: notice } : null);

  return (
    <div className="photo-manager">
      <form
        method="post"
        action={endpoint}
        encType="multipart/form-data"
        className="photo-drop"
        data-active={uploads.dropActive || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem("foto") as HTMLInputElement | null;
          uploads.start([...(input?.files ?? [])]);
          if (input) input.value = "";
        }}
        {...uploads.dropHandlers}
      >
        <label htmlFor="fotos-arquivos" className="photo-drop__label">
          <strong>Arraste as fotos para cá</strong> ou escolha os arquivos
        </label>
        <p className="form-field__hint" id="fotos-dica">
          JPEG, PNG, WebP ou AVIF, até 20 MB e 50 megapixels cada. Várias de uma vez.
        </p>
        <input
          id="fotos-arquivos"
          name="foto"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple={hydrated}
          aria-describedby="fotos-dica"
          onChange={(event) => {
            uploads.start([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = "";
          }}
        />
        {hydrated ? null : (
          <button type="submit" className="btn btn--secondary">
            Enviar foto
          </button>
        )}
      </form>

      <UploadList items={uploads.items} onDismiss={uploads.dismiss} />

      <p
        className={`photo-manager__status${status ? ` photo-manager__status--${status.tone}` : ""}`}
        role="status"
      >
        {status?.text}
      </p>

      {order.length === 0 ? (
        <p className="photo-manager__empty">Nenhuma foto ainda. Os portais pedem ao menos 5.</p>
      ) : (
        <ol className="photo-list" aria-label="Fotos do imóvel, na ordem do site">
          {order.map((photo, index) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              index={index}
              count={order.length}
              endpoint={endpoint}
              editUrl={editUrl}
              draggable={hydrated}
              dragging={dragged === photo.id}
              confirming={confirmPhotoId === photo.id}
              drag={{
                onDragStart: (e) => onDragStart(e, photo.id),
                onDragOver: (e) => onDragOver(e, photo.id),
                onDragEnd,
              }}
              onMove={(direction) => move(photo, direction)}
              onCover={() => {
                setOrder((current) => current.map((p) => ({ ...p, isCover: p.id === photo.id })));
                void post(
                  { intent: "cover", photoId: String(photo.id) },
                  `Foto ${index + 1} agora é a capa.`,
                );
              }}
              onAlt={(altText) => {
                setOrder((current) => current.map((p) => (p.id === photo.id ? { ...p, altText } : p)));
                void post({ intent: "alt", photoId: String(photo.id), altText }, "Descrição da foto salva.");
              }}
              onDelete={() => setToDelete(photo)}
            />
          ))}
        </ol>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir esta foto?"
        confirmLabel="Excluir foto"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const photo = toDelete;
          setToDelete(null);
          if (!photo) return;
          setOrder((current) => current.filter((p) => p.id !== photo.id));
          void post({ intent: "delete", photoId: String(photo.id), confirmar: "sim" }, "Foto excluída.");
        }}
      >
        {toDelete ? (
          <div className="confirm-dialog__photo">
            <img
              src={toDelete.thumb}
              alt={toDelete.altText || "Foto a excluir"}
              width={160}
              height={Math.round((160 * toDelete.height) / toDelete.width)}
            />
            <p>A foto sai do site e dos portais. Não dá para desfazer.</p>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
