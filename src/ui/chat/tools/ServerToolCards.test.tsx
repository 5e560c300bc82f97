// @vitest-environment jsdom
/**
 * Web fetch and code execution calls drawn through MessageView as the app does (the
 * renderer table's fallback loads toolCards.ts): the fetched address and title, the code
 * with its stdout, stderr and return code, the files it created with why they cannot be
 * downloaded, and each error as a sentence. Nothing from the result is read as HTML.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chain, assistant as withContent } from '../../../../testing/entryBuilders';
import {
  bashCall,
  bashResult,
  editCall,
  editError,
  fetchCall,
  fetchResult,
} from '../../../../testing/serverToolBlocks';
import { testRoot } from '../../../../testing/testRoot';
import type { ContentBlock, Message } from '../../../core/types/message';
import { batonStore, initialState } from '../../../state/store/store';
import { MessageView } from '../MessageView';
import { FILES_NOT_DOWNLOADABLE } from './ServerToolCards';

const page = testRoot();

beforeEach(() => {
  batonStore.setState(initialState, true);
});

function show(content: ContentBlock[]): void {
  const message: Message = { role: 'assistant', content, stopReason: 'end_turn' };
  act(() => batonStore.setState({ entries: chain([withContent(content, 'end_turn')]) }));
  page.render(<MessageView message={message} />);
}

function card(name: string): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const found = page.container.querySelector<HTMLElement>(`section[aria-label="${name}"]`);
    if (!found) throw new Error(`no ${name} card yet`);
    return found;
  });
}

describe('server tool cards', () => {
  it('web fetch: the fetched address, linked, and the page title', async () => {
    show([fetchCall, fetchResult, { type: 'text', text: 'Done.' }]);
    const fetched = await card('Web fetch');
    expect(fetched.textContent).toContain('Fetched https://relay.example/rules');
    expect(fetched.querySelector('a')?.getAttribute('href')).toBe('https://relay.example/rules');
    expect(fetched.querySelector('.server-tool-title')?.textContent).toBe('Relay rules');
    expect(fetched.querySelector('.server-tool-error')).toBeNull();
  });

  it('web fetch: an error as a sentence; a title with markup stays text; no link for a script address', async () => {
    const call = { ...fetchCall, input: { url: 'javascript:alert(1)' } };
    const failed = {
      ...fetchResult,
      content: { type: 'web_fetch_tool_result_error', error_code: 'url_not_accessible' },
    };
    show([call, failed]);
    const fetched = await card('Web fetch');
    expect(fetched.querySelector('a')).toBeNull();
    expect(fetched.querySelector('.server-tool-error')?.textContent).toBe(
      'Web fetch failed: The page could not be fetched (it did not answer, or answered with an error).',
    );
  });

  it('web fetch: a hostile title is shown as text, never as HTML', async () => {
    const hostile = {
      ...fetchResult,
      content: {
        ...fetchResult.content,
        content: { ...fetchResult.content.content, title: '<img src=x onerror=alert(1)>Rules\u202e' },
      },
    };
    show([fetchCall, hostile]);
    const fetched = await card('Web fetch');
    expect(fetched.querySelector('img')).toBeNull();
    expect(fetched.querySelector('.server-tool-title')?.textContent).toContain(
      '<img src=x onerror=alert(1)>Rules',
    );
    // The hidden bidi control is revealed, not applied.
    expect(fetched.querySelector('.server-tool-title')?.textContent).not.toContain('\u202e');
  });

  it('code execution: the code, stdout, stderr, return code and the files, with why they cannot be downloaded', async () => {
    show([bashCall, bashResult]);
    const run = await card('Code execution');
    const parts = [...run.querySelectorAll('pre')].map((pre) => pre.textContent);
    expect(parts).toEqual(['python3 plot.py', 'saved plot.png\n', 'warning: slow\n']);
    const labels = [...run.querySelectorAll('.tool-card-label')].map((label) => label.textContent);
    expect(labels).toEqual(['Code', 'stdout', 'stderr', 'Files created']);
    expect(run.querySelector('summary')?.textContent).toBe('Ran a command · return code 0');
    expect(run.querySelector('.server-tool-code')?.textContent).toBe('Return code: 0');
    expect(run.querySelector('ul[aria-label="Files created"]')?.textContent).toBe('file_011plot');
    expect(run.querySelector('.server-tool-note')?.textContent).toBe(FILES_NOT_DOWNLOADABLE);
  });

  it('code execution: a failed file edit says why', async () => {
    show([editCall, editError]);
    const run = await card('Code execution');
    expect(run.querySelector('summary')?.textContent).toBe('Viewed a file · failed');
    expect(run.querySelector('pre')?.textContent).toBe('view /tmp/missing.py');
    expect(run.querySelector('.server-tool-error')?.textContent).toBe(
      'Code execution failed: The file does not exist.',
    );
    expect(run.querySelector('.server-tool-files')).toBeNull();
  });

  it('a call with no result says so', async () => {
    show([bashCall]);
    expect((await card('Code execution')).querySelector('.tool-card-pending')?.textContent).toBe(
      'No result came back.',
    );
  });

  it('a client tool that happens to be named web_fetch gets the default card, not the server one', async () => {
    show([{ type: 'tool_use', id: 'toolu_1', name: 'web_fetch', input: { url: 'x' } }]);
    const drawn = await vi.waitFor(() => {
      const found = page.container.querySelector('.tool-card summary');
      if (!found) throw new Error('no card yet');
      return found;
    });
    expect(drawn.textContent).toBe('Used tool web_fetch');
    expect(page.container.querySelector('section[aria-label="Web fetch"]')).toBeNull();
  });
});
