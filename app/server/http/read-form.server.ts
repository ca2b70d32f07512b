// Every action reads its form through here: a body that is not a form (JSON, a broken multipart,
// a cut-off upload) answers 400 with a Portuguese message instead of a 500 from formData(), and
// every text field comes without NULs and other control characters (clean-input.server.ts).
import { data } from "react-router";
import { cleanForm } from "./clean-input.server";

export const UNREADABLE_FORM =
  "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.";

export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, { status: 400 });
  }
  return cleanForm(form);
}
