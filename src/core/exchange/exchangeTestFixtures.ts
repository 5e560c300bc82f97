/**
 * A small handoff chain for the exchange tests: a parent session with a branch, tool
 * use and a handoff request, and its child that starts from the handoff entry and
 * holds a hidden reminder and an entry kind this version does not know.
 */
import { HANDOFF_CUSTOM_TYPE, HANDOFF_PROMPT_MARKER, wrapHandoffDocument } from '../handoff/handoffPrompt';
import type { Message, SessionEntry, SessionHeader } from '../session/types';
import type { SessionData } from './exchangeFormat';

export const HANDOFF_DOCUMENT = '## Goal\nShip the importer.\n\n## Next Steps\n- Write the tests';

export function parentSession(): SessionData {
  const header: SessionHeader = {
    id: 'p',
    title: 'Plan the importer',
    createdAt: Date.UTC(2025, 0, 31, 14, 5),
    updatedAt: Date.UTC(2025, 0, 31, 15, 0),
    model: 'claude-test',
    leafId: 'p5',
    children: ['c'],
  };
  const entries: SessionEntry[] = [
    message('p', 'p1', null, 1, { role: 'user', content: [{ type: 'text', text: 'Plan an importer.' }] }),
    message('p', 'p2', 'p1', 2, {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Making a todo list.' },
        {
          type: 'tool_use',
          id: 'tu1',
          name: 'todo_write',
          input: { todos: [{ content: 'parse', status: 'pending' }] },
        },
      ],
      stopReason: 'tool_use',
      usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
      model: 'claude-test',
    }),
    message('p', 'p3', 'p2', 3, {
      role: 'toolResult',
      content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'Todos updated.' }],
    }),
    // An earlier attempt on another branch, abandoned.
    message('p', 'p3b', 'p2', 3, {
      role: 'assistant',
      content: [{ type: 'text', text: 'Abandoned branch.' }],
      stopReason: 'aborted',
    }),
    message('p', 'p4', 'p3', 4, {
      role: 'user',
      content: [
        {
          type: 'text',
          text: `${HANDOFF_PROMPT_MARKER}\nWrite the document.\n\nAdditional focus: tests first`,
        },
      ],
    }),
    message('p', 'p5', 'p4', 5, {
      role: 'assistant',
      content: [{ type: 'text', text: HANDOFF_DOCUMENT }],
      stopReason: 'end_turn',
    }),
  ];
  return { header, entries };
}

export function childSession(): SessionData {
  const header: SessionHeader = {
    id: 'c',
    title: 'Plan the importer (continued)',
    createdAt: Date.UTC(2025, 0, 31, 15, 1),
    updatedAt: Date.UTC(2025, 0, 31, 15, 30),
    model: 'claude-test',
    leafId: 'c4',
    parentSession: 'p',
    children: [],
  };
  const entries: SessionEntry[] = [
    {
      id: 'c1',
      parentId: null,
      sessionId: 'c',
      timestamp: 10,
      type: 'custom_message',
      customType: HANDOFF_CUSTOM_TYPE,
      content: wrapHandoffDocument(HANDOFF_DOCUMENT),
      display: true,
      details: { document: HANDOFF_DOCUMENT, parentSession: 'p', parentTitle: 'Plan the importer' },
    },
    message('c', 'c2', 'c1', 11, { role: 'user', content: [{ type: 'text', text: 'Go on.' }] }),
    {
      id: 'c3',
      parentId: 'c2',
      sessionId: 'c',
      timestamp: 12,
      type: 'custom_message',
      customType: 'todo_reminder',
      content: 'Hidden reminder text.',
      display: false,
    },
    // A kind from a newer Baton, with fields of its own.
    {
      id: 'c4',
      parentId: 'c3',
      sessionId: 'c',
      timestamp: 13,
      type: 'future_kind',
      payload: { nested: [1, 'two'] },
    },
  ];
  return { header, entries };
}

export function chainSessions(): SessionData[] {
  return [parentSession(), childSession()];
}

function message(
  sessionId: string,
  id: string,
  parentId: string | null,
  timestamp: number,
  body: Message,
): SessionEntry {
  return { id, parentId, sessionId, timestamp, type: 'message', message: body };
}
