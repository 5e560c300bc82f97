/**
 * The Prices section's fields as text: what they show for a price, what typed text
 * means, and which models the section offers. Kept apart from the component so the rules
 * for bad input are tested without a browser.
 */
import type { ModelPrice } from '../../core/models/modelTable';

export const PRICE_FIELDS = ['input', 'output', 'cacheWrite', 'cacheRead'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export type PriceTexts = Record<PriceField, string>;

export const PRICE_LABELS: Record<PriceField, string> = {
  input: 'Input price',
  output: 'Output price',
  cacheWrite: 'Cache write price',
  cacheRead: 'Cache read price',
};

/** What four fields hold: a price, no price (all empty, where allowed), or what is wrong with each. */
export type ParsedPrice =
  | { ok: true; price: ModelPrice | undefined }
  | { ok: false; errors: Partial<Record<PriceField, string>> };

/** "3", "0.30", "$3", ".5": dollars, 0 or more. Not "1,5" (a decimal comma or a thousands one?), not "1e3". */
const DOLLARS = /^\$?\s*(\d+(\.\d*)?|\.\d+)$/;

export function priceTexts(price: ModelPrice | undefined): PriceTexts {
  // toPrecision drops float noise such as 0.30000000000000004 from a table's derived price.
  const text = (n: number | undefined) => (n === undefined ? '' : String(Number(n.toPrecision(12))));
  return {
    input: text(price?.input),
    output: text(price?.output),
    cacheWrite: text(price?.cacheWrite),
    cacheRead: text(price?.cacheRead),
  };
}

/**
 * Reads the four fields. All four empty means "no price", which only a model without a
 * price of its own to fall back on may have (`allowNone`); otherwise every field needs a
 * number, and each wrong one gets a sentence that names it.
 */
export function parsePriceTexts(texts: PriceTexts, allowNone: boolean): ParsedPrice {
  const trimmed = PRICE_FIELDS.map((field) => texts[field].trim());
  if (allowNone && trimmed.every((text) => text === '')) return { ok: true, price: undefined };
  const errors: Partial<Record<PriceField, string>> = {};
  const values: Partial<Record<PriceField, number>> = {};
  PRICE_FIELDS.forEach((field, i) => {
    const text = trimmed[i] ?? '';
    const label = PRICE_LABELS[field];
    if (text === '') {
      errors[field] = allowNone
        ? `${label}: enter a price, or leave all four empty for no price.`
        : `${label}: enter a price in dollars per million tokens, such as 3 or 0.30.`;
      return;
    }
    const match = DOLLARS.exec(text);
    if (!match?.[1]) {
      errors[field] =
        `${label}: “${text}” is not a price. Enter dollars per million tokens, 0 or more, such as 3 or 0.30.`;
      return;
    }
    values[field] = Number(match[1]);
  });
  const { input, output, cacheWrite, cacheRead } = values;
  if (input === undefined || output === undefined || cacheWrite === undefined || cacheRead === undefined)
    return { ok: false, errors };
  return { ok: true, price: { input, output, cacheWrite, cacheRead } };
}

export interface ModelChoices {
  /** The open session's model and the models that answered in it. */
  session: string[];
  /** Models the user has priced, not among the above. */
  priced: string[];
  /** The model table's families, not among the above. */
  table: string[];
}

/** The models the section offers, each once, in the group it is likeliest to be looked for in. */
export function modelChoices(
  session: readonly string[],
  priced: readonly string[],
  table: readonly string[],
): ModelChoices {
  const seen = new Set<string>();
  const fresh = (models: readonly string[]) =>
    models.filter((model) => {
      if (!model || seen.has(model)) return false;
      seen.add(model);
      return true;
    });
  return { session: fresh(session), priced: fresh(priced), table: fresh(table) };
}
