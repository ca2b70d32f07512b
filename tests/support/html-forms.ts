// The forms a page renders, read from its HTML as a browser would submit them: where to (action,
// method, encoding) and each field by name with the values the page offers (an input's value,
// a select's options, a group of checkboxes or radios).
import { type HTMLElement, parse } from "node-html-parser";

export interface FormField {
  name: string;
  /** "hidden", "text", "email", "select", "textarea", "checkbox", "file"… */
  kind: string;
  /** What the page offers: the value, the options, every box of a group ("" when empty). */
  values: string[];
  /** What a browser would send as the page stands: checked boxes, the selected option. */
  current: string[];
}

export interface HtmlForm {
  /** The page the form was found on. */
  page: string;
  /** Path (and query) the form submits to. */
  action: string;
  method: "get" | "post";
  multipart: boolean;
  fields: FormField[];
}

function fieldOf(element: HTMLElement): FormField | null {
  const name = element.getAttribute("name");
  if (!name) return null;
  const tag = element.tagName.toLowerCase();
  if (tag === "select") {
    const options = element.querySelectorAll("option");
    const values = options.map((o) => o.getAttribute("value") ?? o.text);
    const selected = options.find((o) => o.hasAttribute("selected"));
    const current = selected ? (selected.getAttribute("value") ?? selected.text) : values[0];
    return {
      name,
      kind: "select",
      values: values.length > 0 ? values : [""],
      current: current ? [current] : [],
    };
  }
  if (tag === "textarea") return { name, kind: "textarea", values: [element.text], current: [element.text] };
  const kind = tag === "button" ? "submit" : (element.getAttribute("type") ?? "text").toLowerCase();
  const value = element.getAttribute("value") ?? (kind === "checkbox" || kind === "radio" ? "on" : "");
  const sent = kind === "checkbox" || kind === "radio" ? element.hasAttribute("checked") : kind !== "submit";
  return { name, kind, values: [value], current: sent ? [value] : [] };
}

/** Every <form> of `html` (found on `page`), fields of the same name merged into one. */
export function formsOf(html: string, page: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const form of parse(html).querySelectorAll("form")) {
    const target = new URL(form.getAttribute("action") ?? page, "http://site.invalid");
    const fields = new Map<string, FormField>();
    for (const element of form.querySelectorAll("input, select, textarea, button")) {
      const field = fieldOf(element);
      if (!field) continue;
      const known = fields.get(field.name);
      if (known) {
        known.values = [...new Set([...known.values, ...field.values])];
        known.current.push(...field.current);
      } else fields.set(field.name, field);
    }
    forms.push({
      page,
      action: target.pathname + target.search,
      method: form.getAttribute("method")?.toLowerCase() === "post" ? "post" : "get",
      multipart: form.getAttribute("enctype") === "multipart/form-data",
      fields: [...fields.values()],
    });
  }
  return forms;
}

/** One name per distinct form: the same form for another photo or user is the same form. */
export function formKey(form: HtmlForm): string {
  const intent = form.fields.find((f) => f.name === "intent")?.values.join("|") ?? "";
  const path = form.action.replace(/\/\d+(?=\/|$|\?)/g, "/:id");
  const names = form.fields.map((f) => f.name).sort();
  return `${form.method.toUpperCase()} ${path} [${intent}] ${names.join(",")}`;
}
