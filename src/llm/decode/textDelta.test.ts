import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTextDelta } from './textDelta';

const form = (index: string, literal: string) =>
  `{"type":"content_block_delta","index":${index},"delta":{"type":"text_delta","text":${literal}}}`;

describe('readTextDelta', () => {
  it('reads any text in the API form as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999 }), fc.string({ unit: 'binary' }), (index, text) => {
        const data = form(String(index), JSON.stringify(text));
        const parsed = JSON.parse(data) as { index: number; delta: { text: string } };
        expect(readTextDelta(data)).toEqual({ index: parsed.index, text: parsed.delta.text });
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves every other form to JSON.parse, and whatever it would refuse', () => {
    for (const data of [
      form('01', '"a"'), // a leading zero: not JSON
      form('-1', '"a"'),
      form('1.0', '"a"'),
      form('0', '"a\tb"'), // a raw control character: not JSON
      form('0', '"a\\x"'), // not an escape JSON knows
      `${form('0', '"a"')} `,
      form('0', '"a" '),
      form('0', '"a","extra":1'),
      '{"index":0,"type":"content_block_delta","delta":{"type":"text_delta","text":"a"}}',
      '{ "type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}}',
      form('0', '"unterminated\\"}}'),
    ]) {
      expect(readTextDelta(data), data).toBeUndefined();
    }
  });
});
