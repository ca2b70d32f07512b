import { Fragment } from "react";
import { parseRichText } from "../lib/rich-text";

/** Renders the agency's plain-text content (see app/lib/rich-text.ts) as safe React elements. */
export function RichText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      {parseRichText(text).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === "heading") return <Heading key={key}>{block.text}</Heading>;
        if (block.kind === "list")
          return (
            <ul key={key}>
              {block.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                <li key={i}>{item}</li>
              ))}
            </ul>
          );
        return (
          <p key={key}>
            {block.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
              <Fragment key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}
