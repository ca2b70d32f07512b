// Every action reads its form through here: a body that is not a form (JSON, a broken multipart,
// a cut-off upload) answers 400 with a Portuguese message instead of a 500 from formData(), a body
// past MAX_FORM_BYTES answers 413 however it was sent (the routes that take uploads are spared the
// write guard's limit, and a body of undeclared length would otherwise be read whole), and every
// text field comes without NULs and other control characters (clean-input.server.ts).
import { data } from "react-router";
import { cleanForm } from "./clean-input.server";
import { limitStream } from "./limited-body.server";
import { MAX_FORM_BYTES, TOO_LARGE_MESSAGE } from "./request-guards.server";

export const UNREADABLE_FORM =
  "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.";

class FormTooLarge extends Error {}

export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  let form: FormData;
  try {
    const limited = request.body
      ? new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: limitStream(request.body, maxBytes, maxBytes, () => new FormTooLarge()),
          duplex: "half",
        } as RequestInit)
      : request;
    form = await limited.formData();
  } catch (error) {
    if (error instanceof FormTooLarge || (error as { cause?: unknown })?.cause instanceof FormTooLarge)
      throw data(TOO_LARGE_MESSAGE, { status: 413 });
    throw data(UNREADABLE_FORM, { status: 400 });
  }
  return cleanForm(form);
}
