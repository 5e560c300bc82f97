import { describe, expect, it } from 'vitest';
import { buildToolInput, freeText, quotedTexts } from './toolInput';

const schema = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

describe('buildToolInput', () => {
  it('fills a required string from the quotes, wherever they are in the message', () => {
    const textSchema = schema({ text: { type: 'string' } }, ['text']);
    expect(buildToolInput(textSchema, 'Send “good night” through echo', '')).toEqual({
      ok: true,
      input: { text: 'good night' },
    });
    expect(buildToolInput(textSchema, 'echo "a" then', ' "a" then')).toEqual({
      ok: true,
      input: { text: 'a' },
    });
  });

  it('else from the words after the name, without the joining words and the full stop', () => {
    const textSchema = schema({ text: { type: 'string' } }, ['text']);
    expect(buildToolInput(textSchema, '', ' with the text: hello world.')).toEqual({
      ok: true,
      input: { text: 'hello world' },
    });
  });

  it('fills several required strings from several quotes, in order', () => {
    const two = schema({ title: { type: 'string' }, body: { type: 'string' } }, ['title', 'body']);
    expect(buildToolInput(two, 'note "Shopping" "milk, eggs"', '')).toEqual({
      ok: true,
      input: { title: 'Shopping', body: 'milk, eggs' },
    });
  });

  it('names what it cannot fill: a second required text, a number nobody gave, an object', () => {
    const two = schema({ title: { type: 'string' }, body: { type: 'string' } }, ['title', 'body']);
    expect(buildToolInput(two, 'note Shopping', ' Shopping')).toEqual({ ok: false, missing: ['body'] });
    expect(buildToolInput(schema({ bytes: { type: 'integer' } }, ['bytes']), 'huge', '')).toEqual({
      ok: false,
      missing: ['bytes'],
    });
    expect(buildToolInput(schema({ filter: { type: 'object' } }, ['filter']), 'find', '')).toEqual({
      ok: false,
      missing: ['filter'],
    });
    expect(buildToolInput(schema({ text: { type: 'string' } }, ['text']), 'echo', '  .')).toEqual({
      ok: false,
      missing: ['text'],
    });
  });

  it('takes numbers from the words after the name, within the bounds, whole for integers', () => {
    const bytes = schema({ bytes: { type: 'integer', minimum: 0, maximum: 100 } }, ['bytes']);
    expect(buildToolInput(bytes, '', ' 12.6 bytes')).toEqual({ ok: true, input: { bytes: 13 } });
    expect(buildToolInput(bytes, '', ' 5000')).toEqual({ ok: true, input: { bytes: 100 } });
    // A number inside quotes is text, not a count.
    expect(buildToolInput(bytes, '', ' "7"')).toEqual({ ok: false, missing: ['bytes'] });
  });

  it('uses the defaults of numbers and booleans, and false for a required yes/no without one', () => {
    const withDefaults = schema(
      {
        steps: { type: 'number', default: 3 },
        loud: { type: 'boolean', default: true },
        dry: { type: 'boolean' },
      },
      ['steps', 'loud', 'dry'],
    );
    expect(buildToolInput(withDefaults, 'progress', '')).toEqual({
      ok: true,
      input: { steps: 3, loud: true, dry: false },
    });
  });

  it('leaves optional properties out unless the user gave them: quotes for text, digits for numbers', () => {
    const optional = schema({
      message: { type: 'string' },
      steps: { type: 'integer' },
      flag: { type: 'boolean' },
    });
    expect(buildToolInput(optional, 'run fail now', ' now')).toEqual({ ok: true, input: {} });
    expect(buildToolInput(optional, 'fail "boom" 4 times', ' "boom" 4 times')).toEqual({
      ok: true,
      input: { message: 'boom', steps: 4 },
    });
  });

  it('takes an enum value the message names, else the default, else the first for a required one', () => {
    const mode = (extra: Record<string, unknown> = {}) =>
      schema({ mode: { type: 'string', enum: ['fast', 'thorough'], ...extra } }, ['mode']);
    expect(buildToolInput(mode(), 'scan THOROUGH please', '')).toEqual({
      ok: true,
      input: { mode: 'thorough' },
    });
    expect(buildToolInput(mode({ default: 'thorough' }), 'scan', '')).toEqual({
      ok: true,
      input: { mode: 'thorough' },
    });
    expect(buildToolInput(mode(), 'scan', '')).toEqual({ ok: true, input: { mode: 'fast' } });
    expect(buildToolInput(schema({ kind: { const: 'issue' } }, ['kind']), 'x', '')).toEqual({
      ok: true,
      input: { kind: 'issue' },
    });
  });

  it('reads a type list by its first type that is not null, and tolerates a broken schema', () => {
    expect(buildToolInput(schema({ text: { type: ['null', 'string'] } }, ['text']), '"x"', '')).toEqual({
      ok: true,
      input: { text: 'x' },
    });
    expect(buildToolInput(undefined, 'echo "x"', '')).toEqual({ ok: true, input: {} });
    expect(buildToolInput({ properties: 'nope', required: 'text' }, 'echo', '')).toEqual({
      ok: true,
      input: {},
    });
  });
});

describe('quotedTexts', () => {
  it('reads straight, curly, low-high and guillemet quotes and backticks, not apostrophes', () => {
    expect(quotedTexts(`"a" “b” „c“ «d» \`e\` ‘f’ 'g' don't it's`)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
    ]);
  });
});

describe('freeText', () => {
  it('drops the words that join the name to its text', () => {
    expect(freeText(' tool to say: good morning!')).toBe('good morning');
    expect(freeText(', please, with the message = Sunny and warm')).toBe('Sunny and warm');
    expect(freeText(' the rain in Spain')).toBe('the rain in Spain');
  });
});
