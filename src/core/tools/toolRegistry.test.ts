import { describe, expect, it, vi } from 'vitest';
import type { Tool, ToolAvailability, ToolCall } from './tool';
import { approvalMissingMessage, TOOL_CANCELLED, ToolRegistry } from './toolRegistry';

const everywhere: ToolAvailability = { startedByHandoff: false };
const afterHandoff: ToolAvailability = { startedByHandoff: true };

function tool(name: string, extra: Partial<Tool> = {}): Tool {
  return {
    definition: { name, description: `the ${name} tool`, input_schema: { type: 'object' } },
    execute: vi.fn((input: unknown) => ({ content: `${name} ran with ${JSON.stringify(input)}` })),
    ...extra,
  };
}

const call = (name: string, input: unknown = {}): ToolCall => ({ id: `toolu_${name}`, name, input });
const signal = () => new AbortController().signal;

describe('ToolRegistry: what is offered', () => {
  it('declares the available tools in the order they were registered', () => {
    const registry = new ToolRegistry();
    registry.register(tool('todo_write'));
    registry.register(tool('handoff'));
    registry.register(tool('recall', { isAvailable: ({ startedByHandoff }) => startedByHandoff }));
    expect(registry.definitions(everywhere).map((d) => d.name)).toEqual(['todo_write', 'handoff']);
    expect(registry.definitions(afterHandoff).map((d) => d.name)).toEqual([
      'todo_write',
      'handoff',
      'recall',
    ]);
    expect(registry.isAvailable('recall', everywhere)).toBe(false);
    expect(registry.isAvailable('recall', afterHandoff)).toBe(true);
    expect(registry.isAvailable('nothing', afterHandoff)).toBe(false);
  });

  it('refuses a second tool of the same name, and forgets a tool once it is removed', () => {
    const registry = new ToolRegistry();
    const remove = registry.register(tool('a'));
    expect(() => registry.register(tool('a'))).toThrow('A tool named a is already registered.');
    remove();
    expect(registry.definitions(everywhere)).toEqual([]);
    registry.register(tool('a'));
    expect(registry.definitions(everywhere).map((d) => d.name)).toEqual(['a']);
  });

  it("gives the agent a runner that reads the session's availability at each use", async () => {
    const registry = new ToolRegistry();
    registry.register(tool('recall', { isAvailable: ({ startedByHandoff }) => startedByHandoff }));
    let availability = everywhere;
    const runner = registry.runner(() => availability);
    expect(runner.definitions()).toEqual([]);
    expect(await runner.run(call('recall'), signal())).toEqual({
      content: 'Unknown tool: recall',
      isError: true,
    });
    availability = afterHandoff;
    expect(runner.definitions().map((d) => d.name)).toEqual(['recall']);
    expect((await runner.run(call('recall'), signal())).content).toBe('recall ran with {}');
  });
});

describe('ToolRegistry: running a call', () => {
  it("hands the tool the call's input, the run's signal and the call itself", async () => {
    const registry = new ToolRegistry();
    const echo = tool('echo', { execute: vi.fn(() => ({ content: 'done', endsRun: true })) });
    registry.register(echo);
    const running = signal();
    const made = call('echo', { x: 1 });
    expect(await registry.run(made, everywhere, running)).toEqual({ content: 'done', endsRun: true });
    expect(echo.execute).toHaveBeenCalledWith({ x: 1 }, running, made);
  });

  it('answers an unknown or unavailable tool with the same error', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('recall', { isAvailable: () => false }));
    expect(await registry.run(call('nothing'), everywhere, signal())).toEqual({
      content: 'Unknown tool: nothing',
      isError: true,
    });
    expect(await registry.run(call('recall'), everywhere, signal())).toEqual({
      content: 'Unknown tool: recall',
      isError: true,
    });
  });

  it('turns a failure into an error result the model reads', async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool('broken', {
        execute: () => {
          throw new Error('disk full');
        },
      }),
    );
    registry.register(tool('rejects', { execute: () => Promise.reject('no reason') }));
    expect(await registry.run(call('broken'), everywhere, signal())).toEqual({
      content: 'Tool failed: disk full',
      isError: true,
    });
    expect(await registry.run(call('rejects'), everywhere, signal())).toEqual({
      content: 'Tool failed: no reason',
      isError: true,
    });
  });

  it('runs nothing once the run was stopped', async () => {
    const registry = new ToolRegistry();
    const stopped = tool('stopped');
    registry.register(stopped);
    const controller = new AbortController();
    controller.abort();
    expect(await registry.run(call('stopped'), everywhere, controller.signal)).toEqual({
      content: TOOL_CANCELLED,
      isError: true,
    });
    expect(stopped.execute).not.toHaveBeenCalled();
  });
});

describe('ToolRegistry: before-call hooks', () => {
  it("refuses a call a hook denies, with the hook's message, and asks no later hook", async () => {
    const registry = new ToolRegistry();
    const guarded = tool('write_file');
    registry.register(guarded);
    const later = vi.fn(() => ({ action: 'allow' as const }));
    registry.beforeCall((c) =>
      c.name === 'write_file' ? { action: 'deny', message: 'Not in this folder.' } : undefined,
    );
    registry.beforeCall(later);
    expect(await registry.run(call('write_file'), everywhere, signal())).toEqual({
      content: 'Not in this folder.',
      isError: true,
    });
    expect(guarded.execute).not.toHaveBeenCalled();
    expect(later).not.toHaveBeenCalled();
  });

  it('waits for a hook that asks the user, then runs the call it allowed', async () => {
    const registry = new ToolRegistry();
    const asked = tool('run_command', { needsApproval: true });
    registry.register(asked);
    let answer: (decision: { action: 'allow' }) => void = () => undefined;
    registry.beforeCall(() => new Promise((resolve) => (answer = resolve)));
    const running = registry.run(call('run_command'), everywhere, signal());
    await Promise.resolve();
    expect(asked.execute).not.toHaveBeenCalled();
    answer({ action: 'allow' });
    expect((await running).content).toBe('run_command ran with {}');
  });

  it('runs nothing when the run is stopped while a hook waits', async () => {
    const registry = new ToolRegistry();
    const asked = tool('run_command', { needsApproval: true });
    registry.register(asked);
    const controller = new AbortController();
    registry.beforeCall(async () => {
      controller.abort();
      return { action: 'allow' };
    });
    expect(await registry.run(call('run_command'), everywhere, controller.signal)).toEqual({
      content: TOOL_CANCELLED,
      isError: true,
    });
    expect(asked.execute).not.toHaveBeenCalled();
  });

  it('never runs a tool that needs approval unless a hook allowed it', async () => {
    const registry = new ToolRegistry();
    const asked = tool('run_command', { needsApproval: true });
    registry.register(asked);
    const refusal = { content: approvalMissingMessage('run_command'), isError: true };
    expect(refusal.content).toBe("Not run: the run_command tool needs the user's approval.");
    expect(await registry.run(call('run_command'), everywhere, signal())).toEqual(refusal);
    const removeHook = registry.beforeCall(() => undefined);
    expect(await registry.run(call('run_command'), everywhere, signal())).toEqual(refusal);
    removeHook();
    expect(asked.execute).not.toHaveBeenCalled();
    // A tool without the flag runs with no hook at all.
    registry.register(tool('todo_write'));
    expect((await registry.run(call('todo_write'), everywhere, signal())).isError).toBeUndefined();
  });
});

describe('ToolRegistry: a reply with several calls', () => {
  it('asks for every call at once, runs each when allowed, in the order of the calls', async () => {
    const registry = new ToolRegistry();
    const order: string[] = [];
    const slow = tool('slow', {
      needsApproval: true,
      execute: vi.fn(async () => {
        order.push('slow ran');
        return { content: 'slow done' };
      }),
    });
    const quick = tool('quick', {
      needsApproval: true,
      execute: vi.fn(() => {
        order.push('quick ran');
        return { content: 'quick done' };
      }),
    });
    registry.register(slow);
    registry.register(quick);
    const answers = new Map<
      string,
      (decision: { action: 'allow' } | { action: 'deny'; message: string }) => void
    >();
    registry.beforeCall(
      (c) =>
        new Promise((resolve) => {
          order.push(`asked ${c.name}`);
          answers.set(c.name, resolve);
        }),
    );
    const running = registry.runAll([call('slow'), call('quick'), call('missing')], everywhere, signal());
    await vi.waitFor(() => expect(answers.size).toBe(2));
    // Both cards wait side by side; nothing has run.
    expect(order).toEqual(['asked slow', 'asked quick']);
    // The second is answered first: it still waits for the first, so results keep their order.
    answers.get('quick')?.({ action: 'allow' });
    await Promise.resolve();
    expect(quick.execute).not.toHaveBeenCalled();
    answers.get('slow')?.({ action: 'deny', message: 'The user declined.' });
    expect(await running).toEqual([
      { content: 'The user declined.', isError: true },
      { content: 'quick done' },
      { content: 'Unknown tool: missing', isError: true },
    ]);
    expect(order).toEqual(['asked slow', 'asked quick', 'quick ran']);
    expect(slow.execute).not.toHaveBeenCalled();
  });

  it('runs none of the waiting calls once the run is stopped', async () => {
    const registry = new ToolRegistry();
    const asked = tool('run_command', { needsApproval: true });
    registry.register(asked);
    const controller = new AbortController();
    registry.beforeCall(
      (_c, _t, running) =>
        new Promise((resolve) =>
          running.addEventListener('abort', () => resolve({ action: 'deny', message: 'Stopped.' })),
        ),
    );
    const running = registry.runAll(
      [call('run_command'), { id: 'toolu_2', name: 'run_command', input: {} }],
      everywhere,
      controller.signal,
    );
    controller.abort();
    expect(await running).toEqual([
      { content: 'Stopped.', isError: true },
      { content: 'Stopped.', isError: true },
    ]);
    expect(asked.execute).not.toHaveBeenCalled();
  });
});

describe('ToolRegistry: after-call hooks', () => {
  it('passes each result through the hooks in order, refusals included', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('echo'));
    const seen: string[] = [];
    registry.afterCall((c, result) => {
      seen.push(`${c.name}: ${result.content}`);
      return { ...result, content: `${result.content} (checked)` };
    });
    registry.afterCall(() => undefined);
    registry.afterCall((_c, result) => ({ ...result, content: `${result.content} (logged)` }));
    expect((await registry.run(call('echo', 1), everywhere, signal())).content).toBe(
      'echo ran with 1 (checked) (logged)',
    );
    expect(await registry.run(call('missing'), everywhere, signal())).toEqual({
      content: 'Unknown tool: missing (checked) (logged)',
      isError: true,
    });
    expect(seen).toEqual(['echo: echo ran with 1', 'missing: Unknown tool: missing']);
  });

  it('turns a failing after-call hook into an error result rather than losing the call', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('echo'));
    const remove = registry.afterCall(() => {
      throw new Error('log full');
    });
    expect(await registry.run(call('echo'), everywhere, signal())).toEqual({
      content: 'Tool failed: log full',
      isError: true,
    });
    remove();
    expect((await registry.run(call('echo'), everywhere, signal())).content).toBe('echo ran with {}');
  });
});

describe('ToolRegistry: servers the API connects to', () => {
  it('lists connector servers in the order added, apart from the tools, until removed', () => {
    const registry = new ToolRegistry();
    const docs = { name: 'docs', url: 'https://docs.example.test/mcp' };
    const open = { name: 'open', url: 'https://open.example.test/mcp', authorizationToken: 't' };
    const removeDocs = registry.registerConnector(docs);
    registry.registerConnector(open);
    expect(registry.connectors()).toEqual([docs, open]);
    expect(registry.definitions({ startedByHandoff: false })).toEqual([]);
    removeDocs();
    expect(registry.connectors()).toEqual([open]);
  });
});
