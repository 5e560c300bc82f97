import { describe, expect, it } from 'vitest';
import { attachedSession } from '../../../testing/fixtures/attachmentTestFixtures';
import {
  childSession,
  HANDOFF_DOCUMENT,
  parentSession,
} from '../../../testing/fixtures/exchangeTestFixtures';
import { SessionLog } from '../session/sessionLog';
import type { SessionEntry } from '../types/entry';
import { exportSessionMarkdown } from './exportMarkdown';
import { formatTime } from './formatTime';

const KEY = 'sk-ant-api03-markdown-key-0123456789';

function branchOf({ header, entries }: ReturnType<typeof parentSession>): SessionEntry[] {
  return new SessionLog(header, entries).getBranch();
}

describe('exportSessionMarkdown', () => {
  it('has the title, the dates, the model and the lineage, by title', () => {
    const parent = parentSession();
    const titles = new Map([['c', 'Plan the importer (continued)']]);
    const text = exportSessionMarkdown(parent.header, branchOf(parent), { sessionTitles: titles });
    expect(
      text.startsWith(
        '# Plan the importer\n\n- Created: 2025-01-31 14:05 UTC\n- Last updated: 2025-01-31 15:00 UTC\n',
      ),
    ).toBe(true);
    expect(text).toContain('- Model: claude-test');
    expect(text).toContain('- Handed off to “Plan the importer (continued)”');
    expect(text).not.toContain('Continued from');

    const child = childSession();
    const childText = exportSessionMarkdown(child.header, child.entries, {
      sessionTitles: new Map([['p', 'Plan the importer']]),
    });
    expect(childText).toContain('- Continued from “Plan the importer”');
    // A parent whose title is not known (deleted) is still named.
    expect(exportSessionMarkdown(child.header, child.entries)).toContain(
      '- Continued from a session no longer here (p)',
    );
  });

  it('shows the turns of the branch in order, with tool calls summarised', () => {
    const parent = parentSession();
    const text = exportSessionMarkdown(parent.header, branchOf(parent));
    const you = text.indexOf('## You\n\nPlan an importer.');
    const assistant = text.indexOf('## Assistant\n\nMaking a todo list.');
    const call = text.indexOf(
      '> **Tool call** `todo_write`: {"todos":[{"content":"parse","status":"pending"}]}',
    );
    const result = text.indexOf('> **Tool result** of `todo_write`: Todos updated.');
    expect([you, assistant, call, result].every((at) => at >= 0)).toBe(true);
    expect(you < assistant && assistant < call && call < result).toBe(true);
    // The abandoned branch is not part of the transcript.
    expect(text).not.toContain('Abandoned branch.');
    // The long handoff instruction is summarised, with its focus.
    expect(text).toContain('## You\n\n_Asked for a handoff document._ Focus: tests first');
    expect(text).not.toContain('Write the document.');
  });

  it('quotes the handoff document, leaves out hidden messages and unknown kinds', () => {
    const child = childSession();
    const text = exportSessionMarkdown(child.header, child.entries);
    const quoted = HANDOFF_DOCUMENT.split('\n')
      .map((line) => (line ? `> ${line}` : '>'))
      .join('\n');
    expect(text).toContain(`## Handoff document\n\n${quoted}`);
    expect(text).not.toContain('<handoff-context>');
    expect(text).not.toContain('Hidden reminder text.');
    expect(text).not.toContain('future_kind');
    expect(text).toContain('## You\n\nGo on.');
  });

  it('marks replies that did not finish, and never contains the key', () => {
    const { header } = parentSession();
    const branch: SessionEntry[] = [
      {
        id: 'a',
        parentId: null,
        sessionId: 'p',
        timestamp: 1,
        type: 'message',
        message: { role: 'user', content: [{ type: 'text', text: `key: ${KEY}` }] },
      },
      {
        id: 'b',
        parentId: 'a',
        sessionId: 'p',
        timestamp: 2,
        type: 'message',
        message: { role: 'assistant', content: [{ type: 'text', text: 'Half' }], stopReason: 'interrupted' },
      },
      {
        id: 'c',
        parentId: 'b',
        sessionId: 'p',
        timestamp: 3,
        type: 'message',
        message: {
          role: 'assistant',
          content: [],
          stopReason: 'error',
          errorMessage: 'The API key was rejected.',
        },
      },
      {
        id: 'd',
        parentId: 'c',
        sessionId: 'p',
        timestamp: 4,
        type: 'custom_message',
        customType: 'note',
        content: 'Shown note',
        display: true,
      },
    ];
    const text = exportSessionMarkdown({ ...header, title: `About ${KEY}` }, branch, { secret: KEY });
    expect(text).not.toContain(KEY);
    expect(text).toContain('key: [API key removed]');
    expect(text).toContain('_(Cut off: the page was closed or reloaded while the reply was being written.)_');
    expect(text).toContain('_(Error: The API key was rejected.)_');
    expect(text).toContain('## Note (note)\n\n> Shown note');
  });
});

describe('formatTime', () => {
  it('is UTC to the minute, and survives an impossible time', () => {
    expect(formatTime(Date.UTC(2024, 1, 29, 23, 59, 59))).toBe('2024-02-29 23:59 UTC');
    expect(formatTime(Number.MAX_VALUE)).toBe('unknown');
  });

  it('lists each attached file by name and description in its message, without its bytes', () => {
    const session = attachedSession();
    const text = exportSessionMarkdown(session.header, session.entries);
    expect(text).toContain(
      [
        '## You',
        '',
        'What is in these?',
        '',
        '- 📎 photo.png (image, 1200×800, 1001 bytes)',
        '- 📎 report.pdf (PDF, 3 pages, 1000 bytes)',
        '- 📎 notes.txt (text file, 38 bytes)',
      ].join('\n'),
    );
    expect(text).toContain('The photo again.\n\n- 📎 photo.png (image, 1200×800, 1001 bytes)');
    expect(text).not.toContain('block not shown');
  });
});
