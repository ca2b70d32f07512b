// A long text of the agency (Sobre nós, Política de privacidade) as the owner edits it: the
// textarea keeps the plain-text convention (app/lib/rich-text.ts), the Título and Lista buttons
// write it for them, and a preview beside it shows the text as the site will. Without JavaScript
// the textarea and the preview of the saved text remain, and the hint says the convention.
import { type ReactNode, useRef, useState } from "react";
import { type TextEdit, toggleHeading, toggleList } from "../../lib/rich-text";
import { useHydrated } from "../../lib/use-hydrated";
import { RichText } from "../rich-text";

/** The preview's text: a long one scrolls inside, and the area takes focus so the keyboard scrolls it. */
function PreviewArea({
  labelledBy,
  testId,
  children,
}: {
  labelledBy: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable areas must be reachable by keyboard
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls, not a text
    <div className="prose" role="group" aria-labelledby={labelledBy} tabIndex={0} data-testid={testId}>
      {children}
    </div>
  );
}

export function RichTextField({
  label,
  name,
  defaultValue,
  rows,
  error,
  whenEmpty,
}: {
  label: string;
  name: string;
  defaultValue: string;
  rows: number;
  error?: string;
  /** What the site shows while the text is blank. */
  whenEmpty: ReactNode;
}) {
  const [text, setText] = useState(defaultValue);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  const hintId = `${name}-dica`;
  const errorId = `${name}-erro`;

  function apply(edit: (text: string, start: number, end: number) => TextEdit) {
    const field = textarea.current;
    if (!field) return;
    const change = edit(field.value, field.selectionStart, field.selectionEnd);
    field.focus();
    field.setSelectionRange(change.from, change.to);
    // insertText keeps the change in the browser's undo history (Ctrl+Z); setRangeText where
    // a browser no longer has it.
    if (!document.execCommand("insertText", false, change.insert)) {
      field.setRangeText(change.insert, change.from, change.to);
    }
    field.setSelectionRange(...change.selection);
    setText(field.value);
  }

  return (
    <div className="form-field rich-text-field">
      <label htmlFor={name}>{label}</label>
      <p className="form-field__hint" id={hintId}>
        Deixe uma linha em branco entre parágrafos. Para um título, use o botão Título (ou comece a linha com
        ##); para uma lista, o botão Lista (ou comece cada item com -).
      </p>
      {hydrated ? (
        <div className="rich-text-field__buttons">
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => apply(toggleHeading)}
          >
            Título<span className="visually-hidden"> em {label}</span>
          </button>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => apply(toggleList)}>
            Lista<span className="visually-hidden"> em {label}</span>
          </button>
        </div>
      ) : null}
      <textarea
        ref={textarea}
        id={name}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        onInput={(event) => setText(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
      />
      {error ? (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      <figure className="rich-text-field__preview">
        <figcaption id={`${name}-previa`}>Prévia: como o texto aparece no site</figcaption>
        <PreviewArea labelledBy={`${name}-previa`} testId={`previa-${name}`}>
          {text.trim() ? <RichText text={text} /> : <p className="rich-text-field__empty">{whenEmpty}</p>}
        </PreviewArea>
      </figure>
    </div>
  );
}
