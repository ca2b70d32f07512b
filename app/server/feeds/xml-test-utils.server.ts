// Reading generated XML back in tests: a real parser (xmlbuilder2's DOM), so escaping and
// namespaces are checked as a portal's parser would see them.
import { create } from "xmlbuilder2";

export function parseXml(text: string): Element {
  return create(text).root().node as unknown as Element;
}

export function childElements(parent: Element, name?: string): Element[] {
  return Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (name === undefined || (n as Element).localName === name),
  );
}

export function child(parent: Element, name: string): Element | undefined {
  return childElements(parent, name)[0];
}

/** Text of the first child element with that name, or undefined. */
export function childText(parent: Element, name: string): string | undefined {
  return child(parent, name)?.textContent ?? undefined;
}

/** Elements anywhere below `parent` with that local name. */
export function descendants(parent: Element, name: string): Element[] {
  return Array.from(parent.getElementsByTagName("*")).filter((e) => e.localName === name);
}
