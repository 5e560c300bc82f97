/**
 * The entries of the model pickers (Settings' Model field, Switch model, the handoff's
 * model): every family the model table knows, newest first, each with its window, its
 * price and how it thinks, so the choice can be made from the list alone.
 */
import { knownModels, type ModelFacts, modelFacts, type ThinkingStyle } from '../../core/models/modelTable';
import { DEMO_SMALL_MODEL_ID, DEMO_SMALL_MODEL_LABEL, isDemoModelId } from '../../llm/defaults';
import { formatTokens } from '../contextMeter';

export interface ModelOption {
  /** What choosing it puts in the field: the model id sent to the API. */
  id: string;
  /** Window, price and thinking, in words. */
  detail: string;
}

const THINKING_WORDS: Record<ThinkingStyle, string> = {
  none: 'no thinking',
  budget: 'thinking with a budget',
  adaptive: 'adaptive thinking',
  'adaptive-default': 'thinks by default',
  'adaptive-between-tools': 'thinks by default',
  always: 'always thinks',
};

function dollars(perMillion: number): string {
  return `$${Number(perMillion.toFixed(3))}`;
}

function describeFacts(facts: ModelFacts): string {
  const price = facts.price
    ? `${dollars(facts.price.input)} in / ${dollars(facts.price.output)} out per M tokens`
    : 'free';
  return `${formatTokens(facts.contextWindow)} window · ${price} · ${THINKING_WORDS[facts.thinking]}`;
}

/**
 * `extra` ids first (models the user has used that the table does not list, as typed),
 * then the table's families, newest first; with `demo`, the small-window demo last
 * (Settings only: a session with a key never answers from a demo).
 */
export function modelOptions(extra: readonly string[] = [], options: { demo?: boolean } = {}): ModelOption[] {
  const table = [...knownModels()].reverse();
  const listed = new Set(table.map((facts) => facts.id));
  const result: ModelOption[] = [];
  for (const id of new Set(extra.map((model) => model.trim()))) {
    if (!id || listed.has(id) || isDemoModelId(id)) continue;
    const facts = modelFacts(id);
    // A dated id of a known family shows the family's facts; an unknown one says so.
    result.push({
      id,
      detail: facts.price ? describeFacts(facts) : 'not in the model table: window and price unknown',
    });
  }
  for (const facts of table) result.push({ id: facts.id, detail: describeFacts(facts) });
  if (options.demo) {
    result.push({
      id: DEMO_SMALL_MODEL_ID,
      detail: `${DEMO_SMALL_MODEL_LABEL}, no key needed · ${describeFacts(modelFacts(DEMO_SMALL_MODEL_ID))}`,
    });
  }
  return result;
}

/**
 * The options that match what is typed: all of them while nothing is typed or the text is
 * exactly an option (the field shows the current choice, the list shows the others).
 */
export function matchingOptions(options: readonly ModelOption[], typed: string): readonly ModelOption[] {
  const text = typed.trim().toLowerCase();
  if (!text || options.some((option) => option.id.toLowerCase() === text)) return options;
  return options.filter((option) => option.id.toLowerCase().includes(text));
}
