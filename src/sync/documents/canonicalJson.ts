/**
 * One spelling of a JSON value, so that the same record gives the same revision hash on
 * every device: object keys sorted (by UTF-16 code units, as `<` compares strings),
 * no whitespace, and what JSON.stringify drops or changes dropped or changed the same way
 * (undefined properties left out, undefined in an array and non-finite numbers as null).
 * Records are plain data: a Blob or a Date has no place here (blobs are hashed apart).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
      const object = value as Record<string, unknown>;
      const parts: string[] = [];
      for (const key of Object.keys(object).sort()) {
        const item = object[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        parts.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      // Functions, symbols and bigints are not JSON; records never hold them.
      return 'null';
  }
}
