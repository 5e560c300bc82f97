import { describe, expect, it } from 'vitest';
import { parseSlashInput, splitSlashInput } from './parseSlashInput';

const known = new Set(['handoff', 'new', 'help', 'model-info', 'a_b', 'x1']);
const isKnown = (name: string) => known.has(name);
const parse = (input: string) => parseSlashInput(input, isKnown);

describe('parseSlashInput', () => {
  it('recognises a bare known command', () => {
    expect(parse('/handoff')).toEqual({ kind: 'command', name: 'handoff', args: '' });
  });

  it('trims the arguments on both sides', () => {
    expect(parse('/handoff  focus text ')).toEqual({ kind: 'command', name: 'handoff', args: 'focus text' });
    expect(parse('/new  x ')).toEqual({ kind: 'command', name: 'new', args: 'x' });
  });

  it('ignores trailing whitespace after a bare command', () => {
    expect(parse('/new   ')).toEqual({ kind: 'command', name: 'new', args: '' });
    expect(parse('/new\n\n')).toEqual({ kind: 'command', name: 'new', args: '' });
  });

  it('keeps inner whitespace of the arguments', () => {
    expect(parse('/handoff focus on  the\nparser')).toEqual({
      kind: 'command',
      name: 'handoff',
      args: 'focus on  the\nparser',
    });
  });

  it('treats a newline or tab after the name as the separator', () => {
    expect(parse('/handoff\nline2')).toEqual({ kind: 'command', name: 'handoff', args: 'line2' });
    expect(parse('/handoff\tx')).toEqual({ kind: 'command', name: 'handoff', args: 'x' });
  });

  it('does not match a known name that is only a prefix of the word', () => {
    expect(parse('/handoffx')).toEqual({ kind: 'unknown-command', name: 'handoffx' });
    expect(parse('/handoff-now please')).toEqual({ kind: 'unknown-command', name: 'handoff-now' });
  });

  it('accepts names with digits, dashes and underscores', () => {
    expect(parse('/model-info')).toEqual({ kind: 'command', name: 'model-info', args: '' });
    expect(parse('/a_b 1')).toEqual({ kind: 'command', name: 'a_b', args: '1' });
    expect(parse('/x1')).toEqual({ kind: 'command', name: 'x1', args: '' });
  });

  it('reports an unknown name-like word as an unknown command', () => {
    expect(parse('/foo')).toEqual({ kind: 'unknown-command', name: 'foo' });
    expect(parse('/foo bar baz')).toEqual({ kind: 'unknown-command', name: 'foo' });
  });

  it('is case-sensitive: /Help is unknown even though help is known', () => {
    expect(parse('/Help')).toEqual({ kind: 'unknown-command', name: 'Help' });
    expect(parse('/HANDOFF x')).toEqual({ kind: 'unknown-command', name: 'HANDOFF' });
  });

  it('never asks isKnown about a name outside the grammar', () => {
    const asked: string[] = [];
    parseSlashInput('/Help', (name) => {
      asked.push(name);
      return true;
    });
    expect(asked).toEqual([]);
  });

  it('treats a unicode word as an unknown command, not as text to send', () => {
    expect(parse('/héllo')).toEqual({ kind: 'unknown-command', name: 'héllo' });
    expect(parse('/日本語 text')).toEqual({ kind: 'unknown-command', name: '日本語' });
  });

  it('keeps unicode arguments intact', () => {
    expect(parse('/handoff  ünïcödé 🚀 ')).toEqual({ kind: 'command', name: 'handoff', args: 'ünïcödé 🚀' });
  });

  it('sends the literal text after the // escape', () => {
    expect(parse('//handoff')).toEqual({ kind: 'text', text: '/handoff' });
    expect(parse('//foo bar ')).toEqual({ kind: 'text', text: '/foo bar ' });
    expect(parse('//')).toEqual({ kind: 'text', text: '/' });
  });

  it('treats a lone slash or a slash followed by a space as text', () => {
    expect(parse('/')).toEqual({ kind: 'text', text: '/' });
    expect(parse('/ foo')).toEqual({ kind: 'text', text: '/ foo' });
  });

  it('treats leading whitespace as text, as is', () => {
    expect(parse(' /help')).toEqual({ kind: 'text', text: ' /help' });
    expect(parse('\n/handoff x')).toEqual({ kind: 'text', text: '\n/handoff x' });
  });

  it('treats paths and punctuation after the slash as text', () => {
    expect(parse('/usr/bin/env is missing')).toEqual({ kind: 'text', text: '/usr/bin/env is missing' });
    expect(parse('/help?')).toEqual({ kind: 'text', text: '/help?' });
    expect(parse('/handoff.')).toEqual({ kind: 'text', text: '/handoff.' });
  });

  it('passes ordinary text through untouched', () => {
    expect(parse('hello /handoff')).toEqual({ kind: 'text', text: 'hello /handoff' });
    expect(parse('  spaced  ')).toEqual({ kind: 'text', text: '  spaced  ' });
    expect(parse('')).toEqual({ kind: 'text', text: '' });
  });
});

describe('splitSlashInput', () => {
  it('splits the word from the trimmed arguments', () => {
    expect(splitSlashInput('/review  a b ')).toEqual({ word: 'review', args: 'a b' });
  });

  it('rejects input that does not start with a slash and a word', () => {
    expect(splitSlashInput(' /review')).toBeUndefined();
    expect(splitSlashInput('//review')).toBeUndefined();
    expect(splitSlashInput('/')).toBeUndefined();
  });
});
