import { describe, expect, it } from 'vitest';
import { toToolListing } from './toolListing';
import { inputSchemaProblem } from './toolSchema';

const object = (extra: Record<string, unknown> = {}) => ({ type: 'object', ...extra });

describe('inputSchemaProblem', () => {
  it('takes object schemas with nested, combined and referenced parts', () => {
    const schema = object({
      properties: {
        name: { type: 'string', pattern: '^[a-z]+$' },
        tags: { type: 'array', items: { type: 'string' } },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
        either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        ref: { $ref: '#/$defs/thing' },
        any: true,
      },
      required: ['name'],
      additionalProperties: false,
      $defs: { thing: { type: ['string', 'integer'], enum: ['a', 1] } },
    });
    expect(inputSchemaProblem(schema)).toBeUndefined();
    expect(inputSchemaProblem(object())).toBeUndefined();
  });

  it('names what is wrong and where', () => {
    const cases: Array<[unknown, string]> = [
      [undefined, 'it has no input schema'],
      ['object', 'its input schema is not an object'],
      [{ properties: {} }, 'its input schema describes "anything", not an object of arguments'],
      [object({ properties: [] }), '"properties" is not an object'],
      [object({ properties: { a: 'string' } }), 'its schema at properties.a is not an object'],
      [
        object({ properties: { a: { type: 'text' } } }),
        'its schema names an unknown type "text" at properties.a',
      ],
      [object({ required: ['a', 1] }), '"required" is not a list of names'],
      [
        object({ properties: { a: { items: { type: 'str' } } } }),
        'its schema names an unknown type "str" at properties.a.items',
      ],
      [object({ anyOf: {} }), '"anyOf" is not a list'],
      [
        object({ properties: { a: { pattern: '([a-' } } }),
        '"pattern" at properties.a is not a valid regular expression',
      ],
      [object({ properties: { a: { enum: 'a' } } }), '"enum" at properties.a is not a list'],
      [object({ description: 'x'.repeat(100_001) }), 'its input schema is longer than 100 KB'],
    ];
    for (const [schema, problem] of cases) expect(inputSchemaProblem(schema)).toBe(problem);
  });

  it('refuses a schema nested too deep to check', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 60; level++) schema = { type: 'object', properties: { a: schema } };
    expect(inputSchemaProblem(schema)).toBe('its schema is nested more than 48 levels deep');
  });
});

describe('toToolListing', () => {
  it('keeps good tools with their title and hints, and leaves out repeated and task-only ones', () => {
    const listing = toToolListing([
      {
        name: 'read',
        description: 'Reads.',
        inputSchema: object(),
        annotations: { title: 'Read', readOnlyHint: true },
      },
      { name: 'read', inputSchema: object() },
      { name: 'job', inputSchema: object(), execution: { taskSupport: 'required' } },
      { name: 'plain', inputSchema: object(), title: 'Plain tool' },
      42,
    ]);
    expect(listing.tools).toEqual([
      {
        name: 'read',
        title: 'Read',
        description: 'Reads.',
        inputSchema: object(),
        annotations: { title: 'Read', readOnlyHint: true },
      },
      { name: 'plain', title: 'Plain tool', description: '', inputSchema: object() },
    ]);
    expect(listing.leftOut).toEqual([
      { name: 'read', reason: 'The server lists "read" twice; the first is used.' },
      {
        name: 'job',
        reason: '"job" is left out: it runs only as a background task, which Baton does not support.',
      },
      { name: '(entry 5)', reason: 'Entry 5 of the tool list is not a tool.' },
    ]);
  });

  it('shortens a description past 10,000 characters', () => {
    const listing = toToolListing([
      { name: 'wordy', description: 'w'.repeat(20_000), inputSchema: object() },
    ]);
    expect(listing.tools[0]?.description).toHaveLength(10_000);
    expect(listing.tools[0]?.description.endsWith('…')).toBe(true);
  });

  it('cuts the list at the cap, counting only tools it could offer', () => {
    const tools = Array.from({ length: 5 }, (_, index) => ({ name: `t${index}`, inputSchema: object() }));
    const listing = toToolListing([...tools, { name: 'bad' }], 3);
    expect(listing.tools.map((tool) => tool.name)).toEqual(['t0', 't1', 't2']);
    expect(listing.capped).toBe(
      'The server offers 5 tools; Baton takes the first 3 and leaves out the other 2, since every tool offered takes room in each request.',
    );
    expect(listing.leftOut).toHaveLength(1);
    expect(toToolListing(tools, 5).capped).toBeUndefined();
  });
});
