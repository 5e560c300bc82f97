/**
 * The arguments the offline demo gives a tool the user named, built from the tool's
 * input_schema and the user's words, the way a model would fill them in a simple case:
 * required text from what the user put in quotes, else from what follows the tool's
 * name; numbers from the user's digits or the schema's default; a yes/no from its
 * default. What it cannot fill it names, so the demo can say so instead of calling.
 * The schema is untyped JSON from an MCP server: every part is checked before use.
 */

export type ToolInput =
  | { ok: true; input: Record<string, unknown> }
  /** The required properties that could not be filled, by name. */
  | { ok: false; missing: string[] };

interface Property {
  name: string;
  schema: Record<string, unknown>;
  required: boolean;
}

/**
 * @param message the user's whole message (quotes anywhere in it count)
 * @param rest the part after the tool's name (its words and numbers count)
 */
export function buildToolInput(inputSchema: unknown, message: string, rest: string): ToolInput {
  const schema = asRecord(inputSchema);
  const properties = asRecord(schema.properties);
  const required = new Set(
    (Array.isArray(schema.required) ? schema.required : []).filter(
      (name): name is string => typeof name === 'string',
    ),
  );
  // Required ones first: they take the user's texts and numbers before optional ones may.
  const all: Property[] = [
    ...[...required].map((name) => ({ name, schema: asRecord(properties[name]), required: true })),
    ...Object.keys(properties)
      .filter((name) => !required.has(name))
      .map((name) => ({ name, schema: asRecord(properties[name]), required: false })),
  ];

  const quoted = quotedTexts(message);
  const texts = quoted.length > 0 ? quoted : [freeText(rest)].filter((text) => text !== '');
  const numbers = [...withoutQuotes(rest).matchAll(/-?\d+(?:\.\d+)?/g)].map((match) => Number(match[0]));
  const input: Record<string, unknown> = {};
  const missing: string[] = [];

  for (const property of all) {
    const value = valueFor(property, message, { texts, quoted: quoted.length > 0, numbers });
    if (value !== undefined) input[property.name] = value;
    else if (property.required) missing.push(property.name);
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, input };
}

/** What the user gave, used up property by property. */
interface Supply {
  texts: string[];
  /** Whether `texts` are what the user put in quotes (else the words after the name). */
  quoted: boolean;
  numbers: number[];
}

/** A property's value, taking from `supply` what it uses; undefined to leave it out. */
function valueFor(property: Property, message: string, supply: Supply): unknown {
  const { schema, required } = property;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const named = schema.enum.find((option) => typeof option === 'string' && containsWord(message, option));
    if (named !== undefined) return named;
    if ('default' in schema) return schema.default;
    // A model must choose one when it has to; the first is the demo's choice.
    return required ? schema.enum[0] : undefined;
  }
  switch (typeOf(schema)) {
    case 'string':
      if (required) return supply.texts.shift() ?? stringDefault(schema);
      // An optional text only from quotes: the words after a name are not always meant for it.
      return supply.quoted ? supply.texts.shift() : undefined;
    case 'number':
    case 'integer': {
      const given = supply.numbers.shift();
      if (given !== undefined) return fitNumber(given, schema);
      return required && typeof schema.default === 'number' ? schema.default : undefined;
    }
    case 'boolean':
      if (!required) return undefined;
      return typeof schema.default === 'boolean' ? schema.default : false;
    case 'null':
      return required ? null : undefined;
    default:
      // Objects, arrays and untyped values: only a default the schema gives.
      return required && 'default' in schema ? schema.default : undefined;
  }
}

/** The schema's type; of a list such as ["string", "null"], the first that is not null. */
function typeOf(schema: Record<string, unknown>): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const named = types.filter((type): type is string => typeof type === 'string');
  return named.find((type) => type !== 'null') ?? named[0];
}

function stringDefault(schema: Record<string, unknown>): string | undefined {
  return typeof schema.default === 'string' ? schema.default : undefined;
}

/** Within the schema's bounds, and whole for an integer. */
function fitNumber(value: number, schema: Record<string, unknown>): number {
  let fitted = typeOf(schema) === 'integer' ? Math.round(value) : value;
  if (typeof schema.minimum === 'number') fitted = Math.max(fitted, schema.minimum);
  if (typeof schema.maximum === 'number') fitted = Math.min(fitted, schema.maximum);
  return fitted;
}

/**
 * Text in double quotes (straight, curly, low-high or guillemets), backticks, or single
 * quotes that stand apart from words (so "don't" opens nothing).
 */
const QUOTED =
  /"([^"\n]+)"|“([^”\n]+)”|„([^“”\n]+)[“”]|«([^»\n]+)»|`([^`\n]+)`|‘([^’\n]+)’|(?<![\p{L}\p{N}])'([^'\n]+)'(?![\p{L}\p{N}])/gu;

export function quotedTexts(text: string): string[] {
  return [...text.matchAll(QUOTED)]
    .map((match) => match.slice(1).find((group) => group !== undefined) ?? '')
    .filter((quoted) => quoted.trim() !== '');
}

function withoutQuotes(text: string): string {
  return text.replace(QUOTED, ' ');
}

/**
 * What follows the tool's name, without the little words that join it to the text
 * ("echo with the text: hello" → "hello") and the end punctuation of the sentence.
 */
export function freeText(rest: string): string {
  let text = rest.trim();
  let before: string;
  do {
    before = text;
    text = text
      .replace(/^[\s:,;=–—-]+/u, '')
      .replace(
        /^(?:tool|with|using|saying|says|say|to say|to send|please|text|message|the text|the message)\b/i,
        '',
      )
      .trimStart();
  } while (text !== before);
  return text.replace(/[\s.!?]+$/u, '');
}

/** Whether `word` stands in `text` as a whole word, in any case. */
function containsWord(text: string, word: string): boolean {
  if (word === '') return false;
  const lower = text.toLowerCase();
  const wordChar = /[\p{L}\p{N}_]/u;
  for (let at = lower.indexOf(word.toLowerCase()); at >= 0; at = lower.indexOf(word.toLowerCase(), at + 1)) {
    if (!wordChar.test(text.charAt(at - 1)) && !wordChar.test(text.charAt(at + word.length))) return true;
  }
  return false;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>) // a plain object, checked just above
    : {};
}
