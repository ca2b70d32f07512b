// One photo in the manager: its thumbnail and its controls. Each control is a real form posting
// to the photo endpoint (works without JavaScript); with JavaScript the manager intercepts it.
import type { DragEvent, FormEvent, ReactNode } from "react";
import { type AdminPhoto, ALT_TEXT_MAX } from "../../lib/photo-actions";

function ActionForm({
  endpoint,
  fields,
  onSubmit,
  className,
  children,
}: {
  endpoint: string;
  fields: Record<string, string | number>;
  onSubmit: (form: FormData) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={endpoint}
      className={className}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit(new FormData(event.currentTarget));
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

export interface PhotoItemProps {
  photo: AdminPhoto;
  index: number;
  count: number;
  endpoint: string;
  editUrl: string;
  draggable: boolean;
  dragging: boolean;
  /** The no-JavaScript confirmation step for deleting this photo. */
  confirming: boolean;
  drag: {
    onDragStart: (event: DragEvent<HTMLLIElement>) => void;
    onDragOver: (event: DragEvent<HTMLLIElement>) => void;
    onDragEnd: () => void;
  };
  onMove: (direction: "up" | "down") => void;
  onCover: () => void;
  onAlt: (altText: string) => void;
  onDelete: () => void;
}

export function PhotoItem(props: PhotoItemProps) {
  const { photo, index, count, endpoint } = props;
  const n = index + 1;
  const id = photo.id;
  return (
    <li
      id={`foto-${id}`}
      className="photo-item"
      data-dragging={props.dragging || undefined}
      draggable={props.draggable}
      onDragStart={props.drag.onDragStart}
      onDragOver={props.drag.onDragOver}
      onDrop={(event) => event.preventDefault()}
      onDragEnd={props.drag.onDragEnd}
    >
      <div className="photo-item__media">
        <img
          src={photo.thumb}
          alt={photo.altText || `Foto ${n}`}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          draggable={false}
          style={{ backgroundColor: photo.placeholderColor }}
        />
        <span className="photo-item__position">{n}</span>
        {photo.isCover ? <span className="photo-item__cover">Capa</span> : null}
      </div>

      <div className="photo-item__controls">
        <ActionForm
          endpoint={endpoint}
          fields={{ intent: "move", photoId: id, direction: "up" }}
          onSubmit={() => props.onMove("up")}
        >
          <button
            type="submit"
            className="btn btn--secondary btn--small"
            disabled={index === 0}
            data-focus-key={`${id}-up`}
          >
            Mover para cima<span className="visually-hidden"> (foto {n})</span>
          </button>
        </ActionForm>
        <ActionForm
          endpoint={endpoint}
          fields={{ intent: "move", photoId: id, direction: "down" }}
          onSubmit={() => props.onMove("down")}
        >
          <button
            type="submit"
            className="btn btn--secondary btn--small"
            disabled={index === count - 1}
            data-focus-key={`${id}-down`}
          >
            Mover para baixo<span className="visually-hidden"> (foto {n})</span>
          </button>
        </ActionForm>
        {photo.isCover ? null : (
          <ActionForm endpoint={endpoint} fields={{ intent: "cover", photoId: id }} onSubmit={props.onCover}>
            <button type="submit" className="btn btn--secondary btn--small">
              Usar como capa<span className="visually-hidden"> (foto {n})</span>
            </button>
          </ActionForm>
        )}
      </div>

      <ActionForm
        endpoint={endpoint}
        fields={{ intent: "alt", photoId: id }}
        className="photo-item__alt"
        onSubmit={(form) => props.onAlt(String(form.get("altText") ?? ""))}
      >
        <label htmlFor={`foto-alt-${id}`}>Descrição da foto {n}</label>
        <input
          id={`foto-alt-${id}`}
          name="altText"
          defaultValue={photo.altText}
          maxLength={ALT_TEXT_MAX}
          placeholder="Ex.: Sala com varanda e vista para o mar"
        />
        <button type="submit" className="btn btn--secondary btn--small">
          Salvar descrição<span className="visually-hidden"> da foto {n}</span>
        </button>
      </ActionForm>

      {props.confirming ? (
        <form method="post" action={endpoint} className="photo-item__confirm">
          <fieldset>
            <legend>Excluir esta foto? Não dá para desfazer.</legend>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="photoId" value={id} />
            <input type="hidden" name="confirmar" value="sim" />
            <button type="submit" className="btn btn--danger-solid btn--small">
              Sim, excluir a foto
            </button>
            <a href={`${props.editUrl}#fotos`}>Cancelar</a>
          </fieldset>
        </form>
      ) : (
        <ActionForm endpoint={endpoint} fields={{ intent: "delete", photoId: id }} onSubmit={props.onDelete}>
          <button type="submit" className="btn btn--small btn--danger">
            Excluir<span className="visually-hidden"> a foto {n}</span>
          </button>
        </ActionForm>
      )}
    </li>
  );
}
