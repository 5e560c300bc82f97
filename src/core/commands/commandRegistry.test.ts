import { describe, expect, it, vi } from 'vitest';
import { CommandRegistry, type SlashCommand } from './commandRegistry';

interface Ctx {
  log: string[];
}

function command(name: string, extra: Partial<SlashCommand<Ctx>> = {}): SlashCommand<Ctx> {
  return { name, description: `${name} description`, run: () => {}, ...extra };
}

describe('CommandRegistry', () => {
  it('returns a registered command by exact name', () => {
    const registry = new CommandRegistry<Ctx>();
    const handoff = command('handoff', { argumentHint: '[focus instructions]' });
    registry.register(handoff);
    expect(registry.get('handoff')).toBe(handoff);
    expect(registry.has('handoff')).toBe(true);
    expect(registry.get('handoffx')).toBeUndefined();
    expect(registry.get('Handoff')).toBeUndefined();
    expect(registry.has('hand')).toBe(false);
  });

  it('lists commands sorted by name, as a copy', () => {
    const registry = new CommandRegistry<Ctx>();
    for (const name of ['new', 'handoff', 'help', 'a-b', 'a_b']) registry.register(command(name));
    const listed = registry.list().map((c) => c.name);
    expect(listed).toEqual(['a-b', 'a_b', 'handoff', 'help', 'new']);
    registry.list().pop();
    expect(registry.list()).toHaveLength(5);
  });

  it('throws on a duplicate name and keeps the first command', () => {
    const registry = new CommandRegistry<Ctx>();
    const first = command('new');
    registry.register(first);
    expect(() => registry.register(command('new'))).toThrow(/already registered/);
    expect(registry.get('new')).toBe(first);
  });

  it.each(['', 'Help', 'has space', 'dot.ted', '/slash', 'ünï', 'x'.repeat(65)])(
    'rejects the name %j',
    (name) => {
      const registry = new CommandRegistry<Ctx>();
      expect(() => registry.register(command(name))).toThrow(/Invalid command name/);
      expect(registry.list()).toEqual([]);
    },
  );

  it('runs a command with its arguments and context', async () => {
    const registry = new CommandRegistry<Ctx>();
    const run = vi.fn(async (args: string, ctx: Ctx) => {
      ctx.log.push(args);
    });
    registry.register(command('handoff', { run }));
    const ctx: Ctx = { log: [] };
    await registry.get('handoff')?.run('focus', ctx);
    expect(ctx.log).toEqual(['focus']);
  });
});
