import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_TOOL_NAME, type McpToolRef, mapMcpToolNames, mcpApiName } from './mcpNames';

/** Names as servers and users write them: short and plain, with punctuation, long, any Unicode. */
const namePart = fc.oneof(
  fc.stringMatching(/^[a-z_-]{1,6}$/),
  fc.constantFrom('get.x', 'get_x', 'get-x', 'a__b', 'b__c', 'a', 'c', 'My Server', 'my_server'),
  fc.string({ minLength: 0, maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('a', '_', '.', 'é'), minLength: 50, maxLength: 120 }),
);
const ref: fc.Arbitrary<McpToolRef> = fc.record({ server: namePart, tool: namePart });
/** Names from a small pool, many of which map alike: collisions in most runs. */
const clashingRef: fc.Arbitrary<McpToolRef> = fc.record({
  server: fc.constantFrom('a', 'a__b', 'My Server', 'My_Server', 'my.server'),
  tool: fc.constantFrom(
    'c',
    'b__c',
    'get.x',
    'get_x',
    'get x',
    `${'long'.repeat(20)}.a`,
    `${'long'.repeat(20)}_a`,
  ),
});
const refs = fc.oneof(fc.array(ref, { maxLength: 40 }), fc.array(clashingRef, { maxLength: 12 }));
const key = (tool: McpToolRef) => JSON.stringify([tool.server, tool.tool]);

describe('mapMcpToolNames (properties)', () => {
  it('gives every accepted tool a name the API takes, and no two the same name', () => {
    fc.assert(
      fc.property(refs, (tools) => {
        const { mapped } = mapMcpToolNames(tools);
        for (const tool of mapped) expect(tool.apiName).toMatch(API_TOOL_NAME);
        expect(new Set(mapped.map((tool) => tool.apiName)).size).toBe(mapped.length);
      }),
    );
  });

  it('accounts for every tool once: each distinct tool is mapped or refused with a reason', () => {
    fc.assert(
      fc.property(refs, (tools) => {
        const { mapped, refused } = mapMcpToolNames(tools);
        expect(mapped.length + refused.length).toBe(tools.length);
        const mappedKeys = new Set(mapped.map(key));
        expect(mappedKeys.size).toBe(mapped.length);
        for (const tool of refused) expect(tool.reason.length).toBeGreaterThan(10);
        for (const tool of tools) {
          const isMapped = mappedKeys.has(key(tool));
          const isRefused = refused.some((other) => key(other) === key(tool));
          expect(isMapped || isRefused).toBe(true);
        }
      }),
    );
  });

  it('does not depend on the order the tools come in', () => {
    fc.assert(
      fc.property(
        refs.chain((tools) =>
          fc.tuple(fc.constant(tools), fc.shuffledSubarray(tools, { minLength: tools.length })),
        ),
        ([tools, shuffled]) => {
          const names = (list: McpToolRef[]) =>
            mapMcpToolNames(list)
              .mapped.map((tool) => `${key(tool)}=${tool.apiName}`)
              .sort();
          expect(names(shuffled)).toEqual(names(tools));
        },
      ),
    );
  });

  it('never hands out a name that is already taken', () => {
    fc.assert(
      fc.property(
        refs,
        fc.array(fc.stringMatching(/^mcp__[a-z_]{1,8}$/), { maxLength: 5 }),
        (tools, taken) => {
          const { mapped } = mapMcpToolNames(tools, taken);
          for (const tool of mapped) expect(taken).not.toContain(tool.apiName);
        },
      ),
    );
  });

  it('leaves a name the API already takes as it is', () => {
    const plain = fc.stringMatching(/^[a-zA-Z0-9-]{1,20}$/);
    fc.assert(
      fc.property(plain, plain, (server, tool) => {
        expect(mcpApiName({ server, tool })).toBe(`mcp__${server}__${tool}`);
      }),
    );
  });
});

describe('mapMcpToolNames (examples)', () => {
  it('replaces characters the API refuses', () => {
    expect(mcpApiName({ server: 'My GitHub', tool: 'issues/list.all' })).toBe(
      'mcp__My_GitHub__issues_list_all',
    );
  });

  it('shortens a long name to 64 characters with a stable hash, different for different tools', () => {
    const long = { server: 'server', tool: `${'x'.repeat(70)}_one` };
    const other = { server: 'server', tool: `${'x'.repeat(70)}_two` };
    const name = mcpApiName(long);
    expect(name).toHaveLength(64);
    expect(name).toMatch(/^mcp__server__x+_[0-9a-f]{8}$/);
    expect(mcpApiName(long)).toBe(name);
    expect(mcpApiName(other)).not.toBe(name);
  });

  it('refuses the second of two tools that would share a name, naming both, and keeps the exact one', () => {
    const { mapped, refused } = mapMcpToolNames([
      { server: 'gh', tool: 'get.x' },
      { server: 'gh', tool: 'get_x' },
    ]);
    expect(mapped).toEqual([{ server: 'gh', tool: 'get_x', apiName: 'mcp__gh__get_x' }]);
    expect(refused).toEqual([
      {
        server: 'gh',
        tool: 'get.x',
        reason:
          'The tool "get.x" of server "gh" is left out: its name for the model, "mcp__gh__get_x", is the same as that of tool "get_x" of server "gh". Rename one of them to use both.',
      },
    ]);
  });

  it('catches collisions across servers', () => {
    const { mapped, refused } = mapMcpToolNames([
      { server: 'a__b', tool: 'c' },
      { server: 'a', tool: 'b__c' },
    ]);
    expect(mapped).toHaveLength(1);
    expect(refused[0]?.reason).toContain('"mcp__a__b__c"');
  });

  it('refuses nameless and repeated tools with a sentence', () => {
    const { mapped, refused } = mapMcpToolNames([
      { server: 's', tool: '' },
      { server: 's', tool: 'echo' },
      { server: 's', tool: 'echo' },
    ]);
    expect(mapped.map((tool) => tool.apiName)).toEqual(['mcp__s__echo']);
    expect(refused.map((tool) => tool.reason)).toEqual([
      'A tool of server "s" has no name, so it cannot be offered.',
      'The tool "echo" of server "s" is listed twice; it is offered once.',
    ]);
  });
});
