import { describe, expect, it } from 'vitest';
import { displayText, textOf } from '../types/messageText';

describe('displayText', () => {
  it('joins adjacent text blocks as one text, as the API splits them at citations', () => {
    const message = {
      content: [
        { type: 'text' as const, text: 'Key highlights include:\n- ' },
        { type: 'text' as const, text: 'Microsoft reported growth' },
        { type: 'text' as const, text: ' in the cloud.' },
      ],
    };
    expect(displayText(message)).toBe('Key highlights include:\n- Microsoft reported growth in the cloud.');
    // The handoff's capture rule stays a newline between blocks.
    expect(textOf(message)).toBe('Key highlights include:\n- \nMicrosoft reported growth\n in the cloud.');
  });

  it('keeps texts on either side of a tool call as paragraphs', () => {
    const message = {
      content: [
        { type: 'text' as const, text: 'Before.' },
        { type: 'tool_use' as const, id: 't', name: 'todo_write', input: {} },
        { type: 'text' as const, text: 'After.' },
      ],
    };
    expect(displayText(message)).toBe('Before.\n\nAfter.');
    expect(displayText({ content: [] })).toBe('');
  });
});
