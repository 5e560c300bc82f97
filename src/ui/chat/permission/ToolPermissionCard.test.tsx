// @vitest-environment jsdom
/**
 * The permission card as drawn: which server and tool, the arguments as text with hidden
 * characters shown (collapsed when long), and the three answers sent once each for its
 * call. The McpHub is stood in for by the answer it would give.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../../testing/testRoot';
import type { McpOutcome, PermissionAnswer } from '../../../state/actions/mcpActions';
import type { ToolPermissionRequest } from '../../../state/slices/mcp/initialState';
import { batonStore, initialState } from '../../../state/store/store';
import { ToolPermissionCards } from './ToolPermissionCards';

const answers = vi.hoisted(() => ({
  given: [] as Array<[string, string]>,
  outcome: { ok: true, id: '' } as { ok: true; id: string } | { ok: false; message: string },
}));

vi.mock(import('../../../state/actions/actions'), async (importOriginal) => ({
  ...(await importOriginal()),
  mcpActions: async () =>
    ({
      answerToolPermission: async (callId: string, answer: PermissionAnswer): Promise<McpOutcome> => {
        answers.given.push([callId, answer]);
        return answers.outcome;
      },
    }) as unknown as Awaited<ReturnType<typeof import('../../../state/actions/actions').mcpActions>>,
}));

const page = testRoot();

const request = (extra: Partial<ToolPermissionRequest> = {}): ToolPermissionRequest => ({
  callId: 'toolu_1',
  serverId: 'srv',
  serverName: 'docs',
  tool: 'search',
  input: { query: 'billing' },
  ...extra,
});

function show(requests: ToolPermissionRequest[]): void {
  act(() => batonStore.setState({ toolPermissions: requests }));
  page.render(<ToolPermissionCards />);
}

const cards = () => [...page.container.querySelectorAll<HTMLElement>('[aria-label="Tool permission"]')];
const button = (card: HTMLElement | undefined, name: string) =>
  [...(card?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);

beforeEach(() => {
  batonStore.setState(initialState, true);
  answers.given = [];
  answers.outcome = { ok: true, id: '' };
});

describe('ToolPermissionCard', () => {
  it('says which server wants to run which tool, with its arguments and the three answers', () => {
    show([request()]);
    const [card] = cards();
    expect(card?.tagName).toBe('FIELDSET');
    expect(card?.textContent).toContain('The MCP server docs wants to run the tool search.');
    expect(card?.querySelector('details')?.open).toBe(true);
    expect(card?.querySelector('pre')?.textContent).toBe('{\n  "query": "billing"\n}');
    expect([...(card?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual([
      'Allow once',
      'Always allow',
      'Deny',
    ]);
  });

  it('shows hidden and bidi characters of the server, the tool and the arguments instead of applying them', () => {
    show([request({ serverName: 'docs\u202Eevil', tool: 'se\u200Barch', input: { path: 'a\u2066b' } })]);
    const text = cards()[0]?.textContent ?? '';
    expect(text).toContain('docs⟨U+202E⟩evil');
    expect(text).toContain('se⟨U+200B⟩arch');
    expect(text).toContain('a⟨U+2066⟩b');
    expect(text).not.toMatch(/[\u202E\u200B\u2066]/);
  });

  it('draws markup in the arguments as text', () => {
    show([request({ input: { html: '<img src=x onerror=alert(1)>' } })]);
    expect(page.container.querySelector('img')).toBeNull();
    expect(cards()[0]?.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('starts long arguments collapsed, and says when there are none', () => {
    show([request({ input: { text: 'x'.repeat(500) } }), request({ callId: 'toolu_2', input: {} })]);
    const [long, none] = cards();
    expect(long?.querySelector('details')?.open).toBe(false);
    expect(none?.textContent).toContain('No arguments.');
  });

  it('gives each parallel call its own card and sends each answer once, for its own call', async () => {
    show([request(), request({ callId: 'toolu_2', tool: 'fetch' })]);
    expect(cards()).toHaveLength(2);
    await act(async () => {
      button(cards()[1], 'Deny')?.click();
      button(cards()[1], 'Deny')?.click();
      button(cards()[0], 'Always allow')?.click();
    });
    expect(answers.given).toEqual([
      ['toolu_2', 'deny'],
      ['toolu_1', 'always_allow'],
    ]);
    expect(button(cards()[0], 'Allow once')?.disabled).toBe(true);
  });

  it('says why an answer was not taken and lets the user answer again', async () => {
    answers.outcome = { ok: false, message: 'That tool call is no longer waiting for an answer.' };
    show([request()]);
    await act(async () => button(cards()[0], 'Allow once')?.click());
    expect(cards()[0]?.querySelector('[role="alert"]')?.textContent).toBe(
      'That tool call is no longer waiting for an answer.',
    );
    expect(button(cards()[0], 'Allow once')?.disabled).toBe(false);
  });

  it('takes the focus only when nothing holds it', () => {
    const box = document.createElement('textarea');
    document.body.append(box);
    box.focus();
    show([request()]);
    expect(document.activeElement).toBe(box);
    box.remove();
    act(() => batonStore.setState({ toolPermissions: [] }));
    (document.activeElement as HTMLElement | null)?.blur();
    show([request({ callId: 'toolu_3' })]);
    expect(document.activeElement?.textContent).toBe('Allow once');
  });
});
