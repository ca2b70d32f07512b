// Sending photos one request per file with XMLHttpRequest, whose upload progress events give
// each file its own progress bar (fetch has none). Two at a time: fast, but gentle with 4G.
import { type DragEvent, useCallback, useRef, useState } from "react";
import type { AdminPhoto } from "../../lib/photo-actions";

const MAX_BYTES = 20 * 1024 * 1024;
const CONCURRENCY = 2;

export interface UploadItem {
  key: string;
  name: string;
  /** 0–100 */
  progress: number;
  phase: "na-fila" | "enviando" | "processando" | "concluido" | "erro";
  error?: string;
}

type Outcome = { ok: true; photo: AdminPhoto } | { ok: false; message: string };

const STATUS_MESSAGES: Record<number, string> = {
  401: "Sua sessão terminou. Entre novamente e reenvie a foto.",
  403: "Você não tem permissão para alterar este imóvel.",
  404: "Imóvel não encontrado.",
  413: "Arquivo grande demais: até 20 MB.",
};

function send(
  endpoint: string,
  file: File,
  position: number,
  onProgress: (fraction: number) => void,
  onSent: () => void,
) {
  return new Promise<Outcome>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = onSent;
    xhr.onload = () => {
      const body = xhr.response as { photo?: AdminPhoto; error?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.photo) resolve({ ok: true, photo: body.photo });
      else {
        resolve({
          ok: false,
          message:
            body?.error ?? STATUS_MESSAGES[xhr.status] ?? "O servidor não conseguiu processar esta foto.",
        });
      }
    };
    xhr.onerror = () =>
      resolve({ ok: false, message: "Falha de conexão. Verifique a internet e tente de novo." });
    const body = new FormData();
    body.append("foto", file);
    body.append("position", String(position));
    xhr.send(body);
  });
}

let counter = 0;

export function useUploads(
  endpoint: string,
  handlers: {
    /** The place after the photos already in the gallery. */
    nextPosition: () => number;
    onUploaded: (photo: AdminPhoto) => void;
    onBatchDone: (items: UploadItem[]) => void;
  },
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dropActive, setDropActive] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;
  // Places already handed to files still on their way (a batch chosen while another runs).
  const reserved = useRef(0);
  const batchesRunning = useRef(0);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const batch: (UploadItem & { file: File })[] = files.map((file) => {
        counter += 1;
        const tooBig = file.size > MAX_BYTES;
        return {
          key: `envio-${counter}`,
          name: file.name,
          file,
          progress: 0,
          phase: tooBig ? "erro" : "na-fila",
          error: tooBig ? "Arquivo grande demais: até 20 MB." : undefined,
        };
      });
      // A new batch replaces finished items of the last one; failures stay until dismissed.
      setItems((current) => [
        ...current.filter(
          (i) =>
            i.phase === "erro" ||
            i.phase === "enviando" ||
            i.phase === "processando" ||
            i.phase === "na-fila",
        ),
        ...batch.map(({ file: _file, ...item }) => item),
      ]);
      // Each file keeps the place it was chosen in, whichever upload finishes first.
      const base = Math.max(latest.current.nextPosition(), reserved.current);
      const positions = new Map(batch.map((item, i) => [item.key, base + i]));
      reserved.current = base + batch.length;
      batchesRunning.current += 1;
      const queue = batch.filter((i) => i.phase === "na-fila");
      const results = new Map<string, UploadItem>(batch.map((i) => [i.key, i]));
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const item = next;
          update(item.key, { phase: "enviando" });
          const outcome = await send(
            endpoint,
            item.file,
            positions.get(item.key) ?? base,
            (fraction) => update(item.key, { progress: Math.round(fraction * 100) }),
            () => update(item.key, { progress: 100, phase: "processando" }),
          );
          const done: Partial<UploadItem> = outcome.ok
            ? { progress: 100, phase: "concluido" }
            : { phase: "erro", error: outcome.message };
          update(item.key, done);
          results.set(item.key, { ...item, ...done });
          if (outcome.ok) latest.current.onUploaded(outcome.photo);
        }
      };
      void Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker)).then(() => {
        batchesRunning.current -= 1;
        if (batchesRunning.current === 0) reserved.current = 0;
        latest.current.onBatchDone([...results.values()]);
      });
    },
    [endpoint, update],
  );

  const dismiss = useCallback(
    (key: string) => setItems((current) => current.filter((i) => i.key !== key)),
    [],
  );

  const dropHandlers = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      setDropActive(true);
    },
    onDragLeave: () => setDropActive(false),
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      setDropActive(false);
      start([...event.dataTransfer.files]);
    },
  };

  return { items, start, dismiss, dropActive, dropHandlers };
}

const PHASE_LABELS: Record<UploadItem["phase"], string> = {
  "na-fila": "Na fila",
  enviando: "Enviando",
  processando: "Processando",
  concluido: "Enviada",
  erro: "Recusada",
};

export function UploadList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (key: string) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Envios de fotos">
      {items.map((item) => (
        <li key={item.key} className={`upload-item upload-item--${item.phase}`}>
          <span className="upload-item__name">{item.name}</span>
          <progress
            max={100}
            value={item.phase === "erro" ? 0 : item.progress}
            aria-label={`Envio de ${item.name}`}
            aria-valuetext={`${item.progress}%`}
          />
          <span className="upload-item__phase">
            {PHASE_LABELS[item.phase]}
            {item.phase === "enviando" ? ` ${item.progress}%` : null}
          </span>
          {item.error ? (
            <p className="upload-item__error" role="alert">
              {item.name}: {item.error}
            </p>
          ) : null}
          {item.phase === "erro" ? (
            <button
              type="button"
              className="btn btn--secondary btn--small"
              onClick={() => onDismiss(item.key)}
            >
              Dispensar<span className="visually-hidden"> o aviso de {item.name}</span>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
