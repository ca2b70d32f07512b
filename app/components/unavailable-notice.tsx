// What an error screen shows when the site could not be reached for a moment (app/lib/unavailable.ts):
// it already tried again a few times; the visitor can try once more, which loads the page anew
// (whatever part of it had failed, and with the site's newest build after a restart).
export function UnavailableNotice({ buttonClass = "button button--primary" }: { buttonClass?: string }) {
  return (
    <>
      <h1>Site fora do ar por um instante</h1>
      <p>
        Não conseguimos falar com o servidor (ele pode estar reiniciando). Tentamos de novo algumas vezes, sem
        sucesso. Aguarde alguns segundos e tente novamente.
      </p>
      <p>
        <button type="button" className={buttonClass} onClick={() => window.location.reload()}>
          Tentar novamente
        </button>
      </p>
    </>
  );
}
