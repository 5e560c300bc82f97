/**
 * The request as it goes on the wire, with attached files whose names and contents are
 * generated hostile text (issue 27, finding 1): every text the model reads in it (text
 * blocks, document titles, notes for missing files) holds exactly one `attached-file`
 * wrapper per text file sent, and no other wrapper tag.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expectedCounts,
  hostileTextArb,
  wrapperTagCounts,
} from '../../testing/arbitraries/wrapperArbitraries';
import type { ModelRequest } from '../core/agent/types';
import type { AttachmentPayload } from '../core/attachments/attachmentTypes';
import type { AttachmentKind } from '../core/types/attachment';
import { toMessageParams } from './requestParams';

const RUNS = Math.max(1_000, Math.ceil((Number(process.env.BATON_PROPERTY_RUNS) || 0) / 10));

/** Every string in the request but the bytes of files: what the model reads. */
function textsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) textsOf(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (key !== 'data') textsOf(item, out);
  }
  return out;
}

function ref(id: string, kind: AttachmentKind, name: string) {
  const mediaType = kind === 'pdf' ? 'application/pdf' : 'text/plain';
  return { type: 'attachment' as const, attachment: { id, kind, mediaType, name, size: 10 } };
}

describe('a request with hostile attached files', () => {
  it('holds one attached-file wrapper per text file and no forged tag', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        hostileTextArb,
        hostileTextArb,
        hostileTextArb,
        hostileTextArb,
        (name, content, pdf, gone) => {
          const attachments = new Map<string, AttachmentPayload>([
            ['t', { kind: 'text', text: content }],
            ['p', { kind: 'pdf', mediaType: 'application/pdf', base64: 'JVBERi0=' }],
          ]);
          const request: ModelRequest = {
            model: 'claude-sonnet-4-5',
            system: 'You are helpful.',
            messages: [
              {
                role: 'user',
                content: [
                  ref('t', 'text', name),
                  ref('p', 'pdf', pdf),
                  ref('g', 'text', gone),
                  { type: 'text', text: 'Read these.' },
                ],
              },
            ],
            tools: [],
            toolChoice: 'auto',
            maxTokens: 1000,
            signal: new AbortController().signal,
            attachments,
          };
          const read = textsOf(toMessageParams(request)).join('\n');
          expect(wrapperTagCounts(read)).toEqual(expectedCounts('attached-file'));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
