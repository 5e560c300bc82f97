import { describe, expect, it } from 'vitest';
import { text } from '../../../testing/entryBuilders';
import type { AgentMessage } from '../types/agentMessage';
import { toApiMessages } from './buildSessionContext';
import { ContextFilters } from './contextFilters';

const user = (words: string): AgentMessage => ({ role: 'user', content: [text(words)] });
const words = (messages: readonly AgentMessage[]) =>
  messages.map((m) =>
    m.role === 'custom' ? m.content : m.content.map((b) => (b.type === 'text' ? b.text : b.type)).join(),
  );

describe('ContextFilters', () => {
  it('applies the registered filters in the order they were registered', () => {
    const filters = new ContextFilters();
    const order: string[] = [];
    filters.register((messages) => {
      order.push('first');
      return messages.filter((m) => words([m])[0] !== 'drop me');
    });
    filters.register((messages) => {
      order.push('second');
      return messages.slice(1);
    });
    expect(words(filters.apply([user('a'), user('drop me'), user('b')]))).toEqual(['b']);
    expect(order).toEqual(['first', 'second']);
  });

  it('leaves everything in with no filter, and forgets a filter once removed', () => {
    const filters = new ContextFilters();
    const all = [user('a'), user('b')];
    expect(filters.apply(all)).toBe(all);
    const remove = filters.register(() => []);
    expect(filters.apply(all)).toEqual([]);
    remove();
    expect(filters.apply(all)).toBe(all);
  });

  it('decides what a request sends, while the context it was given keeps everything', () => {
    const filters = new ContextFilters();
    filters.register((messages) => messages.filter((m) => words([m])[0] !== 'secret aside'));
    const context = [user('hello'), user('secret aside'), user('and more')];
    expect(toApiMessages(context, filters.apply)).toEqual([
      { role: 'user', content: [text('hello'), text('and more')] },
    ]);
    expect(context).toHaveLength(3);
  });
});
