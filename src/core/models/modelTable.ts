/**
 * What Baton knows about each model family: its context window, its output limit, how it
 * thinks and what it costs. One table, so the meter, the request builder, the Thinking
 * control and the cost estimate cannot disagree. Facts from the API's model pages
 * (platform.claude.com, 2026-12); a model the table does not know gets the fallbacks.
 */

/**
 * How a model takes the `thinking` parameter:
 * - `none`: not at all (older models, the offline demo);
 * - `budget`: `{type: "enabled", budget_tokens}` only;
 * - `adaptive`: `{type: "adaptive"}` with an effort; thinks only when asked;
 * - `adaptive-default`: adaptive, and thinks unless sent `{type: "disabled"}`;
 * - `adaptive-between-tools`: adaptive by default; its lowest setting is
 *   `{type: "between_tools"}` (short notes between tool calls only), `disabled` is refused;
 * - `always`: adaptive and cannot be turned off (`disabled` and `enabled` are refused).
 */
export type ThinkingStyle =
  | 'none'
  | 'budget'
  | 'adaptive'
  | 'adaptive-default'
  | 'adaptive-between-tools'
  | 'always';

/** US dollars per million tokens. `cacheWrite` is the 5-minute write the app uses. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/**
 * A higher price for long requests: a request whose prompt (input, cache reads and cache
 * writes together) is over `above` tokens pays `price` for every one of its tokens,
 * output included.
 */
export interface LongContextPrice {
  above: number;
  price: ModelPrice;
}

export interface ModelFacts {
  /** The family's id prefix, as the table matches it. */
  id: string;
  contextWindow: number;
  maxOutput: number;
  thinking: ThinkingStyle;
  /** Takes `output_config.effort`. */
  effort: boolean;
  price?: ModelPrice;
  /** Where the price of a long request rises (only with `price`). */
  longContext?: LongContextPrice;
}

/** Cache writes cost 1.25× input and reads 0.1× unless a model's page says otherwise. */
function standardPrice(input: number, output: number, cacheRead = input / 10): ModelPrice {
  return { input, output, cacheWrite: input * 1.25, cacheRead };
}

const K = 1000;
const M = 1_000_000;

const MODELS: readonly ModelFacts[] = [
  // The offline demos: small windows so a short chat fills them.
  { id: 'baton-demo', contextWindow: 16 * K, maxOutput: 8192, thinking: 'none', effort: false },
  { id: 'baton-demo-small', contextWindow: 4 * K, maxOutput: 8192, thinking: 'none', effort: false },
  {
    id: 'claude-3-haiku',
    contextWindow: 200 * K,
    maxOutput: 4096,
    thinking: 'none',
    effort: false,
    price: { input: 0.25, output: 1.25, cacheWrite: 0.3, cacheRead: 0.03 },
  },
  {
    id: 'claude-3-5-haiku',
    contextWindow: 200 * K,
    maxOutput: 8192,
    thinking: 'none',
    effort: false,
    price: standardPrice(0.8, 4),
  },
  {
    id: 'claude-3-5-sonnet',
    contextWindow: 200 * K,
    maxOutput: 8192,
    thinking: 'none',
    effort: false,
    price: standardPrice(3, 15),
  },
  {
    id: 'claude-3-7',
    contextWindow: 200 * K,
    maxOutput: 64 * K,
    thinking: 'budget',
    effort: false,
    price: standardPrice(3, 15),
  },
  {
    id: 'claude-haiku-4',
    contextWindow: 200 * K,
    maxOutput: 64 * K,
    thinking: 'budget',
    effort: false,
    price: standardPrice(1, 5),
  },
  {
    id: 'claude-sonnet-4',
    contextWindow: 200 * K,
    maxOutput: 64 * K,
    thinking: 'budget',
    effort: false,
    price: standardPrice(3, 15),
  },
  {
    id: 'claude-sonnet-4-6',
    contextWindow: 200 * K,
    maxOutput: 64 * K,
    thinking: 'adaptive',
    effort: true,
    price: standardPrice(3, 15),
  },
  {
    id: 'claude-opus-4',
    contextWindow: 200 * K,
    maxOutput: 32 * K,
    thinking: 'budget',
    effort: false,
    price: standardPrice(15, 75),
  },
  {
    id: 'claude-opus-4-5',
    contextWindow: 200 * K,
    maxOutput: 64 * K,
    thinking: 'budget',
    effort: false,
    price: standardPrice(5, 25),
  },
  {
    id: 'claude-opus-4-6',
    contextWindow: 200 * K,
    maxOutput: 128 * K,
    thinking: 'adaptive',
    effort: true,
    price: standardPrice(5, 25),
  },
  // Opus 4.7 and later refuse `type: "enabled"`: adaptive only.
  {
    id: 'claude-opus-4-7',
    contextWindow: 200 * K,
    maxOutput: 128 * K,
    thinking: 'adaptive',
    effort: true,
    price: standardPrice(5, 25),
  },
  {
    id: 'claude-opus-4-8',
    contextWindow: 200 * K,
    maxOutput: 128 * K,
    thinking: 'adaptive',
    effort: true,
    price: standardPrice(5, 25),
  },
  {
    id: 'claude-sonnet-5',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'adaptive-default',
    effort: true,
    price: standardPrice(2, 10, 0.2),
  },
  {
    id: 'claude-sonnet-5-5',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'adaptive-between-tools',
    effort: true,
    price: standardPrice(2, 10, 0.1),
  },
  {
    id: 'claude-opus-5',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'adaptive-default',
    effort: true,
    price: standardPrice(5, 25),
  },
  {
    id: 'claude-opus-5-5',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'always',
    effort: true,
    price: standardPrice(4, 20, 0.2),
  },
  // Haiku 5.5: a prompt over 100,000 tokens (input, cache reads and writes) pays 5× on
  // every token of that request, output included. Checked 2026-12 against
  // platform.claude.com/docs/en/models/haiku-5-5/overview ("Pricing": $0.10 / $0.50 up to
  // 100,000 tokens, $0.50 / $2.50 over; writes $0.125 / $0.625; reads $0.01 / $0.05).
  {
    id: 'claude-haiku-5',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'adaptive-default',
    effort: true,
    price: { input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 },
    longContext: {
      above: 100 * K,
      price: { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 },
    },
  },
  {
    id: 'claude-fable-5',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'always',
    effort: true,
    price: standardPrice(10, 50),
  },
  // Fable 5.1 and Mythos 5.1 read the cache at $0.25 (0.025× input) where Fable 5 and
  // Mythos 5 pay $1: without their own rows they fell back to those. Checked 2026-12
  // against platform.claude.com/docs/en/about-claude/pricing ("Model pricing").
  {
    id: 'claude-fable-5-1',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'always',
    effort: true,
    price: standardPrice(10, 50, 0.25),
  },
  {
    id: 'claude-fable-5-2',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'always',
    effort: true,
    price: standardPrice(8, 40, 0.2),
  },
  {
    id: 'claude-mythos-5',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'always',
    effort: true,
    price: standardPrice(10, 50),
  },
  {
    id: 'claude-mythos-5-1',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'always',
    effort: true,
    price: standardPrice(10, 50, 0.25),
  },
  {
    id: 'claude-mythos-5-2',
    contextWindow: M,
    maxOutput: 128 * K,
    thinking: 'always',
    effort: true,
    price: standardPrice(8, 40, 0.2),
  },
];

/**
 * A model the table does not know (a gateway's alias, a model newer than this table):
 * the common window, adaptive thinking sent only when the user asks for it, no price.
 */
export const UNKNOWN_MODEL: Omit<ModelFacts, 'id'> = {
  contextWindow: 200 * K,
  maxOutput: 64 * K,
  thinking: 'adaptive',
  effort: false,
};

/**
 * The facts for `model`: the longest id prefix that ends where the model id ends or at a
 * `-` (so a dated id finds its family, and `claude-opus-4-5` is not `claude-opus-4`).
 */
export function modelFacts(model: string): ModelFacts {
  let best: ModelFacts | undefined;
  for (const facts of MODELS) {
    if (!model.startsWith(facts.id)) continue;
    const next = model.charAt(facts.id.length);
    if (next !== '' && next !== '-') continue;
    if (!best || facts.id.length > best.id.length) best = facts;
  }
  return best ?? { id: model, ...UNKNOWN_MODEL };
}

/** Every family the table knows, for Settings' price list. */
export function knownModels(): readonly ModelFacts[] {
  return MODELS.filter((facts) => facts.price !== undefined);
}
