// Every action reads its form through here: a body that is not a form (JSON, a broken multipart,
// a cut-off upload) answers 400 with a Portuguese message instead of a 500 from formData().
import { data } from "react-router";

export const UNREADABLE_FORM =
  "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.";

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, { status: 400 });
  }
}
