import { SAVE_FAVORITE_PARAM, useFavorites } from "../lib/favorites";
import { HeartIcon } from "./feature-icons";

/**
 * The heart toggle on cards: drawn by its CSS (property-card.css), not an <svg> per card, since a
 * search page has 24 of them and every element is rendered on each request.
 */
export function FavoriteButton({ referencia, titulo }: { referencia: string; titulo: string }) {
  const { isFavorite, toggle } = useFavorites();
  const active = isFavorite(referencia);
  // One name that says which listing (a page has 24 hearts); whether it is saved is aria-pressed's
  // to say, so a screen reader does not hear the state twice in two ways.
  return (
    <button
      type="button"
      className="favorite-button"
      aria-pressed={active}
      aria-label={`Salvar nos favoritos: ${titulo}`}
      title={active ? "Salvo nos favoritos" : "Salvar nos favoritos"}
      onClick={() => toggle(referencia)}
    />
  );
}

/**
 * "Salvar" on the listing page: a form that, before or without JavaScript, takes the visitor to
 * /favoritos?salvar=REF (which saves it, or explains that favourites need JavaScript); once
 * hydrated, it toggles the favourite in place.
 */
export function FavoriteForm({ referencia, className }: { referencia: string; className?: string }) {
  const { isFavorite, toggle } = useFavorites();
  const active = isFavorite(referencia);
  return (
    <form
      method="get"
      action="/favoritos"
      className={className ?? "favorite-form"}
      onSubmit={(event) => {
        event.preventDefault();
        toggle(referencia);
      }}
    >
      <input type="hidden" name={SAVE_FAVORITE_PARAM} value={referencia} />
      <button type="submit" className="favorite-form__button" aria-pressed={active}>
        <HeartIcon filled={active} />
        Salvar<span className="visually-hidden"> nos favoritos</span>
      </button>
    </form>
  );
}
