import { describe, expect, it } from 'vitest';
import { assistant, chain, user } from '../../../testing/entryBuilders';
import { buildHandoffSwitch } from '../handoff/handoffSwitch';
import { createSessionHeader } from '../session/sessionLog';
import type { SessionEntry } from '../types/entry';
import { readCarriedTodos, todosFromSteps } from './carriedTodos';
import { deriveTodos } from './deriveTodos';

const DOCUMENT =
  '## Goal\nShip it.\n\n## Next Steps\n1. Write the tests.\n   with fixtures\n- [ ] Open the PR.\n\nThen rest.';

function handoff(branch: readonly SessionEntry[], document = DOCUMENT) {
  const parent = createSessionHeader({ id: 'old', model: 'm', now: 1, title: 'Old' });
  return buildHandoffSwitch({
    parent,
    branch,
    document,
    outcome: {},
    childId: 'new',
    entryId: 'h1',
    now: 2,
    model: 'm',
  }).handoffEntry;
}

describe('todos carried by a handoff', () => {
  it('turns the Next Steps list items into pending todos, prose and continuation lines left out', () => {
    expect(todosFromSteps(DOCUMENT.split('## Next Steps\n')[1]?.split('\n') ?? [], 'x')).toEqual([
      { id: 'x-0', content: 'Write the tests.', status: 'pending' },
      { id: 'x-1', content: 'Open the PR.', status: 'pending' },
    ]);
  });

  it("carries the old session's open todos, not its finished ones, ahead of the Next Steps", () => {
    const branch = chain(
      [
        user('Plan'),
        assistant([
          {
            type: 'tool_use',
            id: 'tu',
            name: 'todo_write',
            input: {
              todos: [
                { content: 'Done already', status: 'completed' },
                { content: 'Half way', status: 'in_progress' },
              ],
            },
          },
        ]),
      ],
      'old',
    );
    const entry = handoff(branch);
    expect(deriveTodos([entry])).toEqual([{ id: 'tu-1', content: 'Half way', status: 'in_progress' }]);
  });

  it('starts the new session with the Next Steps when the old one had no todos', () => {
    const entry = handoff(chain([user('Plan'), assistant(['Planned'])], 'old'));
    expect(deriveTodos([entry]).map((todo) => todo.content)).toEqual(['Write the tests.', 'Open the PR.']);
  });

  it("gives way to the new session's own todo_write, even an empty one", () => {
    const entry = handoff(chain([user('Plan')], 'old'));
    const cleared = assistant([{ type: 'tool_use', id: 'tw', name: 'todo_write', input: { todos: [] } }]);
    expect(deriveTodos([entry, ...chain([cleared], 'new')])).toEqual([]);
  });

  it('leaves out damaged stored items', () => {
    expect(
      readCarriedTodos([
        { id: 'a', content: 'Fine', status: 'pending' },
        { id: 'b', content: 'Bad status', status: 'later' },
        { content: 'No id', status: 'pending' },
        'text',
      ]),
    ).toEqual([{ id: 'a', content: 'Fine', status: 'pending' }]);
  });
});
