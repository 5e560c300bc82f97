// @vitest-environment jsdom
/**
 * The text editor's calls in a reply (drawn through MessageView, as the app draws them):
 * compact, the command and path, a click opening the file in the Files panel; a call
 * that wrote an HTML or SVG file also shows the file's name, opening its Preview.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chain, toolResults, toolUse, assistant as withContent } from '../../../../testing/entryBuilders';
import { testRoot } from '../../../../testing/testRoot';
import type { ContentBlock, Message } from '../../../core/types/message';
import { batonStore, initialState } from '../../../state/store/store';
import { closeFilesPanel, useFilesPanel } from '../../workspace/filesPanelState';
import { MessageView } from '../MessageView';

const page = testRoot();
const EDITOR = 'str_replace_based_edit_tool';

beforeEach(() => {
  batonStore.setState(initialState, true);
  closeFilesPanel();
});

const reply = (content: ContentBlock[]): Message => ({ role: 'assistant', content, stopReason: 'tool_use' });
const ok = (id: string): ContentBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content: 'File created successfully.',
});

/** Shows the panel's state beside the reply, as the Files button would read it. */
function PanelState() {
  const view = useFilesPanel();
  return <output data-panel={JSON.stringify(view)} />;
}
const panelState = () =>
  JSON.parse(page.container.querySelector('output')?.getAttribute('data-panel') ?? '{}');

function show(message: Message, results: ContentBlock[]): void {
  act(() =>
    batonStore.setState({
      entries: chain([withContent(message.content, message.stopReason), toolResults(...results)]),
    }),
  );
  page.render(
    <>
      <MessageView message={message} />
      <PanelState />
    </>,
  );
}

const buttonNamed = (text: string) =>
  vi.waitFor(() => {
    const found = [...page.container.querySelectorAll('button')].find((b) => b.textContent === text);
    if (!found) throw new Error(`no button ${text}`);
    return found;
  });

describe('a text editor call', () => {
  it('that created an HTML file shows its name, which opens the Preview', async () => {
    const message = reply([
      toolUse('e1', EDITOR, { command: 'create', path: 'site/index.html', file_text: '<p>' }),
    ]);
    show(message, [ok('e1')]);
    const card = await buttonNamed('Preview index.html');
    act(() => card.click());
    await vi.waitFor(() =>
      expect(panelState()).toEqual({ open: true, path: '/site/index.html', preview: true }),
    );
  });

  it('is its command and path, opening the file; a view or a failed call offers no preview', async () => {
    const message = reply([
      toolUse('e1', EDITOR, { command: 'view', path: '/page.html' }),
      toolUse('e2', EDITOR, { command: 'str_replace', path: '/b.svg', old_str: 'a', new_str: 'b' }),
    ]);
    show(message, [
      ok('e1'),
      { type: 'tool_result', tool_use_id: 'e2', content: 'Error: No match found', is_error: true },
    ]);
    const view = await buttonNamed('Text editor view /page.html');
    await buttonNamed('Text editor str_replace /b.svg');
    expect(page.container.textContent).toContain('failed');
    expect(
      [...page.container.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Preview')),
    ).toBe(false);
    act(() => view.click());
    await vi.waitFor(() => expect(panelState()).toEqual({ open: true, path: '/page.html', preview: false }));
  });
});
