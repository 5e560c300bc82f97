import { describe, expect, it } from 'vitest';
import { createPermissionGate } from './permissionGate';
import { permissionKey } from './permissionMachine';

const call = (id: string, tool = 'echo') => ({ id, server: 'srv-1', tool, input: { id } });

/** Whether a promise has settled by now (after pending microtasks ran). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('permission gate', () => {
  it('keeps a call waiting until the user answers, then resolves allowed', async () => {
    const gate = createPermissionGate();
    const answer = gate.ask(call('a'));
    expect(await settled(answer)).toBe(false);
    gate.dispatch({ type: 'allow_once', id: 'a' });
    await expect(answer).resolves.toMatchObject({ allowed: true, call: { id: 'a', status: 'allowed' } });
  });

  it('resolves a denied call with the error result to send', async () => {
    const gate = createPermissionGate();
    const answer = gate.ask(call('a'));
    gate.dispatch({ type: 'deny', id: 'a' });
    const result = await answer;
    expect(result.allowed).toBe(false);
    if (!result.allowed) expect(result.result.isError).toBe(true);
  });

  it('answers each of several parallel calls by itself, and Esc denies the ones left', async () => {
    const gate = createPermissionGate();
    const first = gate.ask(call('a'));
    const second = gate.ask(call('b'));
    const third = gate.ask(call('c', 'fail'));
    gate.dispatch({ type: 'allow_once', id: 'b' });
    await expect(second).resolves.toMatchObject({ allowed: true });
    expect(await settled(first)).toBe(false);
    gate.dispatch({ type: 'escape' });
    await expect(first).resolves.toMatchObject({ allowed: false, call: { decision: 'escape' } });
    await expect(third).resolves.toMatchObject({ allowed: false, call: { decision: 'escape' } });
  });

  it('allows a remembered tool at once and reports changes of the list to store them', async () => {
    const stored: (readonly string[])[] = [];
    const gate = createPermissionGate({ onAlwaysAllowedChange: (list) => stored.push(list) });
    const first = gate.ask(call('a'));
    gate.dispatch({ type: 'always_allow', id: 'a' });
    await first;
    await expect(gate.ask(call('b'))).resolves.toMatchObject({
      allowed: true,
      call: { decision: 'remembered' },
    });
    gate.dispatch({ type: 'revoke', server: 'srv-1', tool: 'echo' });
    expect(stored).toEqual([[permissionKey('srv-1', 'echo')], []]);

    const reloaded = createPermissionGate({ alwaysAllowed: [permissionKey('srv-1', 'echo')] });
    await expect(reloaded.ask(call('c'))).resolves.toMatchObject({ allowed: true });
  });

  it('tells subscribers of every change and refuses a repeated id without touching the first', async () => {
    const gate = createPermissionGate();
    const seen: string[] = [];
    gate.subscribe((state) => seen.push(state.calls.map((entry) => entry.status).join(',')));
    const first = gate.ask(call('a'));
    await expect(gate.ask(call('a'))).rejects.toThrow('The tool call a was already requested.');
    gate.dispatch({ type: 'allow_once', id: 'a' });
    await expect(first).resolves.toMatchObject({ allowed: true });
    gate.dispatch({ type: 'start', id: 'a' });
    gate.dispatch({ type: 'finish', id: 'a' });
    expect(seen).toEqual(['waiting', 'allowed', 'running', 'done']);
  });
});
