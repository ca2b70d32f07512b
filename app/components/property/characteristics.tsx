// The listing's numbers and facts, each with an icon: quartos, suítes, banheiros, vagas, areas…
import type { ReactNode } from "react";
import { formatArea, formatCount } from "../../lib/format";
import type { PublicListing } from "../../lib/listing";
import { AreaIcon, BathIcon, BedIcon, CarIcon, SuiteIcon } from "../feature-icons";
import { CalendarIcon, FloorIcon, LotIcon, PawIcon, SofaIcon } from "./listing-icons";

export function Characteristics({ listing }: { listing: PublicListing }) {
  const items: { key: string; icon: ReactNode; text: string }[] = [];
  const add = (key: string, icon: ReactNode, text: string | number | null | false) => {
    // Zero and null mean "not informed": nothing to show.
    if (typeof text === "string" && text) items.push({ key, icon, text });
  };
  add("quartos", <BedIcon />, listing.quartos > 0 && formatCount(listing.quartos, "quarto", "quartos"));
  add("suites", <SuiteIcon />, listing.suites > 0 && formatCount(listing.suites, "suíte", "suítes"));
  add(
    "banheiros",
    <BathIcon />,
    listing.banheiros > 0 && formatCount(listing.banheiros, "banheiro", "banheiros"),
  );
  add("vagas", <CarIcon />, listing.vagas > 0 && formatCount(listing.vagas, "vaga", "vagas"));
  add("areaUtil", <AreaIcon />, listing.areaUtil && `${formatArea(listing.areaUtil)} de área útil`);
  add("areaTotal", <LotIcon />, listing.areaTotal && `${formatArea(listing.areaTotal)} de área total`);
  add(
    "andar",
    <FloorIcon />,
    listing.andar !== null && (listing.andar === 0 ? "Térreo" : `${listing.andar}º andar`),
  );
  add("ano", <CalendarIcon />, listing.anoConstrucao && `Construído em ${listing.anoConstrucao}`);
  // Sim, não, or nothing at all when the agent did not say (null): never a guessed "não".
  add(
    "mobiliado",
    <SofaIcon />,
    listing.mobiliado !== null && (listing.mobiliado ? "Mobiliado" : "Sem mobília"),
  );
  add(
    "pet",
    <PawIcon />,
    listing.aceitaPet !== null && (listing.aceitaPet ? "Aceita pet" : "Não aceita pet"),
  );
  return (
    <section className="listing-section" aria-labelledby="caracteristicas">
      <h2 id="caracteristicas">Características</h2>
      <ul className="characteristics">
        {items.map((item) => (
          <li key={item.key}>
            {item.icon}
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Amenities({ comodidades }: { comodidades: PublicListing["comodidades"] }) {
  if (!comodidades.comum.length && !comodidades.privativa.length) return null;
  const groups = [
    { id: "area-privativa", title: "Área privativa", items: comodidades.privativa },
    { id: "area-comum", title: "Área comum", items: comodidades.comum },
  ].filter((g) => g.items.length);
  return (
    <section className="listing-section" aria-labelledby="comodidades">
      <h2 id="comodidades">Comodidades</h2>
      <div className="amenities">
        {groups.map((group) => (
          <div key={group.id}>
            <h3 id={group.id}>{group.title}</h3>
            <ul className="amenities__list" aria-labelledby={group.id}>
              {group.items.map((item) => (
                <li key={item} className="amenities__item">
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
