import { describe, expect, it } from 'vitest';
import { rendererLookup, type ToolRenderer } from './toolRenderer';

function Call() {
  return null;
}

/** Renderers told apart by identity: the lookup never calls them. */
const renderer = (): ToolRenderer => ({ Call });

describe('rendererLookup', () => {
  const exact = renderer();
  const mcp = renderer();
  const fallback = renderer();
  const lookup = rendererLookup({
    byName: new Map([['todo_write', exact]]),
    byPattern: [{ matches: (name) => name.startsWith('mcp__'), renderer: mcp }],
    fallback,
  });

  it('finds a tool by its exact name first, then by a pattern, else the fallback', () => {
    expect(lookup('todo_write')).toBe(exact);
    expect(lookup('mcp__files__read')).toBe(mcp);
    expect(lookup('todo_writer')).toBe(fallback);
    expect(lookup('')).toBe(fallback);
  });

  it("gives names that are Object's own properties the fallback, not Object's", () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(lookup(name)).toBe(fallback);
    }
  });

  it('works without patterns', () => {
    const plain = rendererLookup({ byName: new Map(), fallback });
    expect(plain('mcp__files__read')).toBe(fallback);
  });
});
