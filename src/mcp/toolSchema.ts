/**
 * Checks a tool's input schema before it is offered to the model: the Messages API
 * refuses a whole request over one tool whose input_schema is not an object schema or
 * not valid JSON Schema, so a broken tool is left out (with the reason) rather than
 * breaking every chat that has the server switched on. It checks the structure of the
 * keywords that hold schemas, types and lists, not every rule of JSON Schema.
 */

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_SCHEMA_CHARS = 100_000;
const MAX_DEPTH = 48;

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
] as const;
/** Keywords whose value is an object of schemas. */
const SCHEMA_MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const at = (path: string) => (path === '' ? '' : ` at ${path}`);
const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

function checkType(type: unknown, path: string): string | undefined {
  const types = Array.isArray(type) ? type : [type];
  for (const entry of types) {
    if (typeof entry !== 'string' || !TYPES.has(entry))
      return `its schema names an unknown type ${JSON.stringify(entry)}${at(path)}`;
  }
  return undefined;
}

function checkSchema(schema: unknown, path: string, depth: number): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (!isObject(schema)) return `its schema${at(path)} is not an object`;
  if (depth > MAX_DEPTH) return `its schema is nested more than ${MAX_DEPTH} levels deep`;
  if ('type' in schema) {
    const problem = checkType(schema.type, path);
    if (problem) return problem;
  }
  if ('required' in schema) {
    const { required } = schema;
    if (!Array.isArray(required) || !required.every((entry) => typeof entry === 'string')) {
      return `"required"${at(path)} is not a list of names`;
    }
  }
  if ('enum' in schema && !Array.isArray(schema.enum)) return `"enum"${at(path)} is not a list`;
  if ('pattern' in schema) {
    if (typeof schema.pattern !== 'string') return `"pattern"${at(path)} is not text`;
    try {
      new RegExp(schema.pattern);
    } catch {
      return `"pattern"${at(path)} is not a valid regular expression`;
    }
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    if (!(keyword in schema)) continue;
    const problem = checkSchema(schema[keyword], join(path, keyword), depth + 1);
    if (problem) return problem;
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    if (!(keyword in schema)) continue;
    const map = schema[keyword];
    if (!isObject(map)) return `"${keyword}"${at(path)} is not an object`;
    for (const [key, value] of Object.entries(map)) {
      const problem = checkSchema(value, join(path, `${keyword}.${key}`), depth + 1);
      if (problem) return problem;
    }
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    if (!(keyword in schema)) continue;
    const list = schema[keyword];
    if (!Array.isArray(list)) return `"${keyword}"${at(path)} is not a list`;
    for (const [index, value] of list.entries()) {
      const problem = checkSchema(value, join(path, `${keyword}.${index}`), depth + 1);
      if (problem) return problem;
    }
  }
  if ('items' in schema) {
    // A list of schemas is the older (draft 4–7) tuple form.
    const items = Array.isArray(schema.items) ? schema.items : [schema.items];
    for (const [index, value] of items.entries()) {
      const problem = checkSchema(
        value,
        join(path, Array.isArray(schema.items) ? `items.${index}` : 'items'),
        depth + 1,
      );
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Why a tool's input schema cannot be offered, as the end of a sentence; undefined when it can. */
export function inputSchemaProblem(schema: unknown): string | undefined {
  if (schema === undefined) return 'it has no input schema';
  if (!isObject(schema)) return 'its input schema is not an object';
  if (schema.type !== 'object') {
    return `its input schema describes ${JSON.stringify(schema.type ?? 'anything')}, not an object of arguments`;
  }
  if (JSON.stringify(schema).length > MAX_SCHEMA_CHARS) return 'its input schema is longer than 100 KB';
  return checkSchema(schema, '', 0);
}
