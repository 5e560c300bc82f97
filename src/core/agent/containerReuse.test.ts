import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../types/agentMessage';
import { reusableContainer, withContainer } from './containerReuse';

const NOW = Date.parse('2026-12-07T03:00:00Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

const user = (text: string): AgentMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const reply = (container?: { id: string; expiresAt: string }): AgentMessage => ({
  role: 'assistant',
  content: [{ type: 'text', text: 'ran' }],
  stopReason: 'end_turn',
  ...(container && { container }),
});

describe('the container a request runs in again', () => {
  it('is the newest reply’s that ran in one, while it has more than a minute left', () => {
    const context = [user('a'), reply({ id: 'c1', expiresAt: inMinutes(50) }), user('b'), reply(), user('c')];
    expect(reusableContainer(context, NOW)).toBe('c1');
    const newer = [...context, reply({ id: 'c2', expiresAt: inMinutes(55) })];
    expect(reusableContainer(newer, NOW)).toBe('c2');
  });

  it('is none when the newest container has expired or is about to, even if an older one lives', () => {
    const older = reply({ id: 'c1', expiresAt: inMinutes(50) });
    expect(reusableContainer([older, reply({ id: 'c2', expiresAt: inMinutes(-1) })], NOW)).toBeUndefined();
    expect(reusableContainer([older, reply({ id: 'c2', expiresAt: inMinutes(0.5) })], NOW)).toBeUndefined();
    expect(reusableContainer([user('a'), reply()], NOW)).toBeUndefined();
  });

  it('goes with a request only while code execution is on', () => {
    const context = [reply({ id: 'c1', expiresAt: inMinutes(50) })];
    expect(withContainer({ codeExecution: true }, context, NOW)).toEqual({
      codeExecution: true,
      container: 'c1',
    });
    expect(withContainer({ codeExecution: false }, context, NOW)).toEqual({ codeExecution: false });
    expect(withContainer({}, context, NOW)).toEqual({});
  });
});
