import { useFavorites } from "../lib/favorites";
import { HeartIcon } from "./feature-icons";

/** The heart toggle on cards (and wherever a listing can be saved). */
export function FavoriteButton({ referencia, className }: { referencia: string; className?: string }) {
  const { isFavorite, toggle } = useFavorites();
  const active = isFavorite(referencia);
  return (
    <button
      type="button"
      className={className ?? "favorite-button"}
      aria-pressed={active}
      aria-label={active ? "Remover dos favoritos" : "Adicionar aos favoritos"}
      title={active ? "Remover dos favoritos" : "Adicionar aos favoritos"}
      onClick={() => toggle(referencia)}
    >
      <HeartIcon filled={active} />
    </button>
  );
}
