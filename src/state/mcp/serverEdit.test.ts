import { describe, expect, it } from 'vitest';
import type { McpServerRecord } from '../../mcp/serverRecords';
import { planServerEdit, renameClash } from './serverEdit';

const record = (extra: Partial<McpServerRecord> = {}): McpServerRecord => ({
  id: 's1',
  name: 'docs',
  url: 'https://docs.example/mcp',
  authorization: 'none',
  enabledTools: { search: false },
  alwaysAllowed: ['read'],
  timeoutMs: 60_000,
  addedAt: 1,
  ...extra,
});

const bearer = record({ authorization: 'bearer', token: 'stored-token' });

/** The record an edit gives, or its sentence. */
function edited(
  from: McpServerRecord,
  patch: Parameters<typeof planServerEdit>[1],
  others = [{ name: 'other' }],
) {
  const plan = planServerEdit(from, patch, others);
  return plan.ok ? plan : plan.message;
}

describe('planServerEdit', () => {
  it('a new name and timeout keep the id, the URL, the tool switches and Always allow', () => {
    expect(edited(record(), { name: ' Docs two ', timeoutMs: 5000 })).toEqual({
      ok: true,
      record: { ...record(), name: 'Docs two', timeoutMs: 5000 },
      urlChanged: false,
      forgetOAuth: false,
    });
  });

  it('a Token left blank (or not sent) keeps the stored token; a typed one replaces it', () => {
    for (const token of [undefined, '', '   ']) {
      const plan = edited(bearer, {
        name: 'docs',
        authorization: 'bearer',
        ...(token !== undefined && { token }),
      });
      expect(plan).toMatchObject({ ok: true, record: { token: 'stored-token' } });
    }
    expect(edited(bearer, { token: ' new-token ' })).toMatchObject({
      ok: true,
      record: { token: 'new-token' },
    });
  });

  it('leaving Bearer token drops the token; choosing it with no token stored asks for one', () => {
    const plan = planServerEdit(bearer, { authorization: 'none' }, []);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.record).not.toHaveProperty('token');
    expect(edited(record(), { authorization: 'bearer' })).toBe(
      'Paste the token under Token, or choose another kind of Authorization.',
    );
  });

  it('another URL drops Always allow, keeps tools switched off, and forgets OAuth secrets', () => {
    const plan = edited(record({ authorization: 'oauth' }), { url: 'https://new.example/mcp' });
    expect(plan).toEqual({
      ok: true,
      record: {
        ...record({ authorization: 'oauth' }),
        url: 'https://new.example/mcp',
        alwaysAllowed: [],
      },
      urlChanged: true,
      forgetOAuth: true,
    });
    // Leaving OAuth forgets them too; keeping OAuth on the same URL keeps them.
    expect(edited(record({ authorization: 'oauth' }), { authorization: 'none' })).toMatchObject({
      forgetOAuth: true,
      urlChanged: false,
      record: { alwaysAllowed: ['read'] },
    });
    expect(edited(record({ authorization: 'oauth' }), { name: 'x' })).toMatchObject({ forgetOAuth: false });
  });

  it('a stored token is not carried to another site, but stays on another path of the same one', () => {
    expect(edited(bearer, { url: 'https://evil.example/mcp' })).toBe(
      'The new Server URL is on another site (https://evil.example), so the stored token is not sent there. Paste the token for it under Token.',
    );
    expect(edited(bearer, { url: 'https://evil.example/mcp', token: 'for-evil' })).toMatchObject({
      ok: true,
      record: { token: 'for-evil', url: 'https://evil.example/mcp' },
    });
    expect(edited(bearer, { url: 'https://docs.example/v2/mcp' })).toMatchObject({
      ok: true,
      urlChanged: true,
      record: { token: 'stored-token' },
    });
  });

  it('refuses what Add refuses: a taken name, a bad URL, a bad timeout', () => {
    expect(edited(record(), { name: 'other' })).toBe(
      'There is already a server named "other". Choose another name.',
    );
    expect(edited(record(), { name: 'my_server' }, [{ name: 'my server' }])).toContain(
      'gives its tools the same names',
    );
    expect(edited(record(), { url: 'https://u:p@docs.example/mcp' })).toContain('user name or password');
    expect(edited(record(), { timeoutMs: 0 })).toBe('The timeout must be between 1 second and 1 hour.');
    // Its own name is not taken by itself (the hub passes the others only).
    expect(edited(record(), { name: 'docs' }, [])).toMatchObject({ ok: true });
  });
});

describe('renameClash', () => {
  const servers = [
    { id: 'a', name: 'a', tools: ['b__c', 'echo'] },
    { id: 'z', name: 'z', tools: ['c'] },
  ];

  it('refuses a name whose tools would be called as another server’s are', () => {
    expect(renameClash('z', 'a__b', servers)).toBe(
      'With the name "a__b", the tool "c" of "a__b" and the tool "b__c" of "a" would both be called "mcp__a__b__c" for the model. Choose another name.',
    );
    expect(renameClash('z', 'y', servers)).toBeNull();
  });

  it('refuses a name that gives a tool a name already in use', () => {
    expect(renameClash('z', 'q', servers, ['mcp__q__c'])).toBe(
      'With the name "q", its tool "c" would be called "mcp__q__c" for the model, a name another tool already has. Choose another name.',
    );
  });

  it('does not blame a rename for a collision there was before it', () => {
    const clashing = [
      { id: 'a', name: 'a', tools: ['b__c'] },
      { id: 'ab', name: 'a__b', tools: ['c'] },
      { id: 'z', name: 'z', tools: ['d'] },
    ];
    expect(renameClash('z', 'y', clashing)).toBeNull();
    expect(renameClash('ab', 'a__b', clashing)).toBeNull();
  });
});
