// The top of a property's admin screens (/admin/imoveis/:id, app/routes/admin/imovel.tsx, and its
// temporada screen, imovel-temporada.tsx): the way back, the heading with the referência, the
// listing's title, and what each screen adds under them (badges, links, hints).
import type { ReactNode } from "react";
import { Link } from "react-router";

export function PropertyPageHeader({
  back,
  heading,
  referencia,
  titulo,
  children,
}: {
  /** The breadcrumb: where "←" goes and what it says. */
  back: { to: string; label: string };
  /** The screen's name before the referência ("Editar imóvel"). */
  heading: string;
  referencia: string;
  titulo: string;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="listing-breadcrumb">
        <Link to={back.to}>{`← ${back.label}`}</Link>
      </p>
      <header className="listing-header">
        <h1>
          {`${heading} `}
          <span className="listing-header__ref">{referencia}</span>
        </h1>
        <p className="listing-header__title">{titulo}</p>
        {children}
      </header>
    </>
  );
}
