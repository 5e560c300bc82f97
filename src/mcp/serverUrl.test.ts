import { describe, expect, it } from 'vitest';
import { checkServerUrl } from './serverUrl';

describe('checkServerUrl', () => {
  it('takes https anywhere and http on this computer', () => {
    for (const url of [
      'https://example.com/mcp',
      'http://localhost:3000/mcp',
      'http://127.0.0.1:8080/',
      'http://[::1]:9/x',
    ]) {
      expect(checkServerUrl(`  ${url} `)).toMatchObject({ ok: true });
    }
  });

  it('refuses a URL with credentials in it, without echoing them', () => {
    const check = checkServerUrl('https://me:s3cret@example.com/mcp');
    expect(check).toEqual({
      ok: false,
      message:
        'The server URL has a user name or password in it. Remove them from the URL and choose Bearer token or OAuth under Authorization instead.',
    });
    expect(checkServerUrl('https://token@example.com/mcp').ok).toBe(false);
  });

  it('refuses plain http to another machine, other schemes, and text that is no URL', () => {
    expect(checkServerUrl('http://example.com/mcp')).toEqual({
      ok: false,
      message:
        'Plain http is only for servers on this computer (localhost). Use https://example.com/mcp instead.',
    });
    expect(checkServerUrl('ftp://example.com/').ok).toBe(false);
    expect(checkServerUrl('npx my-server').ok).toBe(false);
    expect(checkServerUrl('   ').ok).toBe(false);
  });

  it('drops a fragment, which a server never sees', () => {
    const check = checkServerUrl('https://example.com/mcp#tools');
    expect(check.ok && check.url.href).toBe('https://example.com/mcp');
  });
});
