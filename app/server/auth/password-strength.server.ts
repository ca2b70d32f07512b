// How many guesses a password would take, estimated by zxcvbn-ts with its Portuguese (Brazil)
// dictionaries (common words, first names and surnames, Wikipedia) and its common-password
// list, plus the words an attacker would try first against this account: the person's name and
// e-mail, the agency's name and e-mail, and the trade's own words. "Imobiliaria2024" is a word
// of the trade and a year: a few thousand guesses.
//
// The dictionaries are several megabytes: they are loaded on the first check, not at boot
// (most starts never set a password), and only here, on the server (a `.server.ts` module never
// reaches the browser bundle).
import type { ZxcvbnFactory, ZxcvbnResult } from "@zxcvbn-ts/core";

/** zxcvbn's score 4: at least 10^10 guesses. */
export const MIN_SCORE = 4;

/** Where a penalised word comes from, for the message that names it. */
export type PenalisedKind = "name" | "email" | "agency" | "trade";

/** Words of the trade and of this site that anyone would try first. */
const TRADE_WORDS = [
  "imobiliária",
  "imóveis",
  "imóvel",
  "corretor",
  "corretora",
  "corretagem",
  "creci",
  "alagoas",
  "maceió",
  "administrador",
  "admin",
];

/** Providers and domain endings say nothing about the person. */
const GENERIC_EMAIL_PARTS = new Set(["com", "br", "net", "org", "gov", "edu", "gmail", "hotmail", "outlook"]);

export interface PasswordOwner {
  name?: string;
  email?: string;
  agency?: { name?: string; email?: string };
}

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, ptBr] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-pt-br"),
    ]);
    const { translations } = ptBr;
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...ptBr.dictionary },
      graphs: common.adjacencyGraphs,
      translations: {
        ...translations,
        warnings: {
          ...translations.warnings,
          simpleRepeat: 'Caracteres repetidos, como "aaa", são fáceis de adivinhar.',
          extendedRepeat: 'Padrões repetidos, como "abcabcabc", são fáceis de adivinhar.',
          sequences: 'Sequências comuns, como "abc" ou "123", são fáceis de adivinhar.',
          userInputs: "Dados seus ou da imobiliária são fáceis de adivinhar.",
        },
      },
      // What is past 64 characters adds nothing to the estimate but time: matching a long
      // password full of look-alike characters ("4" for "a") took seconds.
      maxLength: 64,
      l33tMaxSubstitutions: 10,
    });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The text, its words of 3+ letters and the words run together, each also without accents. */
function variantsOf(text: string): string[] {
  const lower = text.trim().toLowerCase();
  const words = lower.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  return [lower, words.join(""), ...words].flatMap((word) => [word, fold(word)]).filter(Boolean);
}

function emailVariants(email: string): string[] {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const domainParts = domain.split(".").filter((part) => !GENERIC_EMAIL_PARTS.has(part));
  return [email.trim().toLowerCase(), ...variantsOf(local), ...domainParts.flatMap(variantsOf)];
}

/** Each penalised word with where it came from; the first source named wins. */
export function penalisedWords(owner: PasswordOwner): Map<string, PenalisedKind> {
  const words = new Map<string, PenalisedKind>();
  const add = (kind: PenalisedKind, list: string[]) => {
    for (const word of list) if (word.length >= 3 && !words.has(word)) words.set(word, kind);
  };
  if (owner.name) add("name", variantsOf(owner.name));
  if (owner.email) add("email", emailVariants(owner.email));
  if (owner.agency?.name) add("agency", variantsOf(owner.agency.name));
  if (owner.agency?.email) add("agency", emailVariants(owner.agency.email));
  add("trade", TRADE_WORDS.flatMap(variantsOf));
  return words;
}

export interface StrengthEstimate {
  strongEnough: boolean;
  /** zxcvbn's warning, in Portuguese, when it has one. */
  warning: string | null;
  /** Which penalised words the password leans on, in the order of PenalisedKind. */
  uses: PenalisedKind[];
  result: ZxcvbnResult;
}

export async function estimateStrength(password: string, owner: PasswordOwner): Promise<StrengthEstimate> {
  const zxcvbn = await loadEstimator();
  const words = penalisedWords(owner);
  const result = zxcvbn.check(password, [...words.keys()]);
  const uses = new Set<PenalisedKind>();
  for (const match of result.sequence) {
    if (match.pattern !== "dictionary") continue;
    // A surname may be found in the surnames list before the person's own name: it is still theirs.
    const kind = words.get(String(match.matchedWord));
    if (kind) uses.add(kind);
  }
  const order: PenalisedKind[] = ["name", "email", "agency", "trade"];
  return {
    strongEnough: result.score >= MIN_SCORE,
    warning: result.feedback.warning || null,
    uses: order.filter((kind) => uses.has(kind)),
    result,
  };
}
