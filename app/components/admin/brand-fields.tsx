// The settings form's "Marca" part: the logo, the brand colour (a colour picker and the same
// value as text) and the home page's photo. Plain inputs of a multipart form, so it all works
// without JavaScript; with it, the picker and the text box follow each other.
import { useRef } from "react";
import type { FieldErrors } from "../../lib/form-errors";
import { Field } from "../form-field";

interface Preview {
  url: string;
  width: number;
  height: number;
}

const ACCEPT = "image/png,image/webp,image/avif,image/jpeg";
const HEX = /^#[0-9a-f]{6}$/i;

function RemoveBox({ name, label }: { name: string; label: string }) {
  return (
    <label className="brand-fields__remove">
      <input type="checkbox" name={name} value="sim" />
      {label}
    </label>
  );
}

/** One image of the brand: what is saved (a preview), the file input, and a box to remove it. */
function BrandImageField({
  name,
  saved,
  savedAlt,
  caption,
  label,
  hint,
  removeName,
  removeLabel,
  error,
  logo,
}: {
  name: "logo" | "heroPhoto";
  saved: Preview | null;
  savedAlt: string;
  caption: string;
  /** The field's label when nothing is saved, and when something is ("Trocar…"). */
  label: [string, string];
  hint: string;
  removeName: string;
  removeLabel: string;
  error?: string;
  logo?: boolean;
}) {
  return (
    <div>
      {saved ? (
        <figure className={`brand-fields__preview${logo ? " brand-fields__preview--logo" : ""}`}>
          <img src={saved.url} alt={savedAlt} width={saved.width} height={saved.height} />
          <figcaption>{caption}</figcaption>
        </figure>
      ) : null}
      <Field
        label={saved ? label[1] : label[0]}
        name={name}
        type="file"
        accept={ACCEPT}
        hint={hint}
        error={error}
      />
      {saved ? <RemoveBox name={removeName} label={removeLabel} /> : null}
    </div>
  );
}

function ColorField({ saved, error }: { saved: string; error?: string }) {
  const picker = useRef<HTMLInputElement>(null);
  const text = useRef<HTMLInputElement>(null);
  const describedBy = ["brandColor-dica", error ? "brandColor-erro" : null].filter(Boolean).join(" ");
  return (
    <div className="form-field">
      <label htmlFor="brandColor">Cor da marca</label>
      <p className="form-field__hint" id="brandColor-dica">
        No cabeçalho, nos botões e nos links. Escolha no seletor ou digite o código, ex.: #0b6e8a. O texto
        branco sobre ela precisa de contraste de pelo menos 4,5:1, para todos lerem bem.
      </p>
      <div className="brand-fields__color">
        <input
          ref={picker}
          type="color"
          id="brandColorPicker"
          name="brandColorPicker"
          aria-label="Seletor da cor da marca"
          defaultValue={saved}
          onChange={(event) => {
            if (text.current) text.current.value = event.currentTarget.value;
          }}
        />
        <input
          ref={text}
          id="brandColor"
          name="brandColor"
          type="text"
          defaultValue={saved}
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const value = event.currentTarget.value.trim();
            if (picker.current && HEX.test(value)) picker.current.value = value.toLowerCase();
          }}
        />
      </div>
      {error ? (
        <p className="form-field__error" id="brandColor-erro">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function BrandFields({
  brandColor,
  logo,
  heroPhoto,
  agencyName,
  errors,
}: {
  brandColor: string;
  logo: Preview | null;
  heroPhoto: Preview | null;
  agencyName: string;
  errors: FieldErrors;
}) {
  return (
    <fieldset className="admin-card brand-fields">
      <legend>Marca</legend>
      <div className="form-grid">
        <BrandImageField
          name="logo"
          logo
          saved={logo}
          savedAlt={`Logotipo atual: ${agencyName}`}
          caption="Logotipo atual"
          label={["Logotipo", "Trocar o logotipo"]}
          hint="PNG, WebP, AVIF ou JPEG, até 5 MB; de preferência com fundo transparente. Aparece no cabeçalho, nos e-mails e nas imagens de compartilhamento. Sem logotipo, o site mostra o nome da imobiliária."
          removeName="removeLogo"
          removeLabel="Remover o logotipo (o site volta a mostrar o nome)"
          error={errors.logo}
        />
        <ColorField saved={brandColor} error={errors.brandColor} />
      </div>
      <BrandImageField
        name="heroPhoto"
        saved={heroPhoto}
        savedAlt="Foto atual da página inicial"
        caption="Foto atual da página inicial"
        label={["Foto da página inicial", "Trocar a foto da página inicial"]}
        hint="Fica atrás do título e da busca, no topo da página inicial. JPEG, WebP, AVIF ou PNG, até 20 MB, com pelo menos 1200 pixels de largura. Sem foto, o topo tem um fundo na cor da marca."
        removeName="removeHeroPhoto"
        removeLabel="Remover a foto (o topo volta ao fundo de cor)"
        error={errors.heroPhoto}
      />
    </fieldset>
  );
}
