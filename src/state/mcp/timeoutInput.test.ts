import { describe, expect, it } from 'vitest';
import { DEFAULT_TOOL_TIMEOUT_MS } from '../../mcp/serverRecords';
import { checkServerInput } from './serverInput';
import { DEFAULT_TIMEOUT_SECONDS, parseTimeoutSeconds, timeoutText } from './timeoutInput';

const SENTENCE = 'Timeout (seconds) takes a whole number of seconds from 1 to 3600 (an hour), such as 60.';

describe('Timeout (seconds)', () => {
  it('shows a stored timeout in seconds, the records’ default when there is none', () => {
    expect(DEFAULT_TIMEOUT_SECONDS * 1000).toBe(DEFAULT_TOOL_TIMEOUT_MS);
    expect(timeoutText()).toBe('60');
    expect(timeoutText(90_000)).toBe('90');
    expect(timeoutText(1000)).toBe('1');
  });

  it('takes whole seconds from 1 to 3600, spaces around them too', () => {
    expect(parseTimeoutSeconds('60')).toEqual({ ok: true, timeoutMs: 60_000 });
    expect(parseTimeoutSeconds(' 1 ')).toEqual({ ok: true, timeoutMs: 1000 });
    expect(parseTimeoutSeconds('3600')).toEqual({ ok: true, timeoutMs: 3_600_000 });
    expect(parseTimeoutSeconds('007')).toEqual({ ok: true, timeoutMs: 7000 });
  });

  it.each(['', ' ', '0', '3601', '1.5', '-1', '1e3', '60s', 'sixty', '0x10', 'Infinity', '１２'])(
    'refuses "%s" with the sentence',
    (text) => {
      expect(parseTimeoutSeconds(text)).toEqual({ ok: false, message: SENTENCE });
    },
  );

  it('what it takes, the hub takes; the hub refuses what is out of bounds or not whole seconds', () => {
    const input = (timeoutMs: number) => ({
      name: 'x',
      url: 'https://example.com/mcp',
      authorization: 'none' as const,
      timeoutMs,
    });
    for (const text of ['1', '60', '3600']) {
      const parsed = parseTimeoutSeconds(text);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(checkServerInput(input(parsed.timeoutMs), []).ok).toBe(true);
    }
    for (const timeoutMs of [999, 3_600_001, 1000.5, Number.NaN]) {
      expect(checkServerInput(input(timeoutMs), [])).toEqual({
        ok: false,
        message: 'The timeout must be between 1 second and 1 hour.',
      });
    }
  });
});
