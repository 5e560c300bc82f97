import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '../../core/types/entry';
import type { Stamp } from '../../storage/revision';
import type { HeaderDoc } from '../syncRecord';
import { HEADER_FIELDS } from '../syncRecord';
import { headerDocFromLocal, mergeHeaderDocs, sessionHeaderOf } from './headerDoc';

const base: SessionHeader = {
  id: 's1',
  title: 'First',
  createdAt: 1,
  updatedAt: 1,
  model: 'm',
  leafId: null,
  children: [],
};

const stampArb = fc.record({ device: fc.constantFrom('a', 'b', 'c'), rev: fc.integer({ min: 1, max: 6 }) });
const valueArb = fc.oneof(
  fc.constant(null),
  fc.constantFrom('x', 'y'),
  fc.integer({ min: 0, max: 3 }),
  fc.boolean(),
);
const docArb: fc.Arbitrary<HeaderDoc> = fc
  .record({
    fields: fc.tuple(...HEADER_FIELDS.map(() => fc.record({ value: valueArb, stamp: stampArb }))),
    children: fc.uniqueArray(fc.constantFrom('k1', 'k2', 'k3', 'k4')),
    deleted: fc.option(stampArb, { nil: undefined }),
  })
  .map(({ fields, children, deleted }) => {
    const doc = {
      id: 's1',
      fields: Object.fromEntries(HEADER_FIELDS.map((name, index) => [name, fields[index]])),
      children: [...children].sort(),
    } as unknown as HeaderDoc;
    if (deleted) doc.deleted = deleted;
    return doc;
  });

describe('header documents', () => {
  it('stamps only the fields a write changed', () => {
    const first = headerDocFromLocal(base, { device: 'a', rev: 1 });
    expect(Object.values(first.fields).every((field) => field.stamp.rev === 1)).toBe(true);
    const second = headerDocFromLocal(
      { ...base, title: 'Renamed', pinned: true },
      { device: 'a', rev: 2 },
      first,
    );
    expect(second.fields.title).toEqual({ value: 'Renamed', stamp: { device: 'a', rev: 2 } });
    expect(second.fields.pinned).toEqual({ value: true, stamp: { device: 'a', rev: 2 } });
    expect(second.fields.model.stamp.rev).toBe(1);
    expect(second.fields.thinking).toEqual({ value: null, stamp: { device: 'a', rev: 1 } });
    const { value, stamp } = sessionHeaderOf(second);
    expect(value).toEqual({ ...base, title: 'Renamed', pinned: true });
    expect(stamp).toEqual({ device: 'a', rev: 2 });
  });

  it('takes per field the later stamp, the device id breaking a tie, and keeps a deletion', () => {
    const a = headerDocFromLocal({ ...base, title: 'A' }, { device: 'a', rev: 5 });
    const b = headerDocFromLocal({ ...base, title: 'B', children: ['k'] }, { device: 'b', rev: 5 });
    const merged = mergeHeaderDocs(a, { ...b, deleted: { device: 'b', rev: 6 } });
    expect(merged.fields.title.value).toBe('B');
    expect(merged.children).toEqual(['k']);
    expect(merged.deleted).toEqual({ device: 'b', rev: 6 });
    expect(mergeHeaderDocs({ ...a, deleted: { device: 'a', rev: 7 } }, merged).deleted).toEqual({
      device: 'b',
      rev: 6,
    });
  });

  it('merges commutatively, associatively and idempotently', () => {
    fc.assert(
      fc.property(docArb, docArb, docArb, (a, b, c) => {
        expect(mergeHeaderDocs(a, b)).toEqual(mergeHeaderDocs(b, a));
        expect(mergeHeaderDocs(mergeHeaderDocs(a, b), c)).toEqual(mergeHeaderDocs(a, mergeHeaderDocs(b, c)));
        expect(mergeHeaderDocs(a, a)).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  type Step =
    | { op: 'edit'; device: 0 | 1; field: 'title' | 'pinned' | 'leafId' | 'child' | 'delete'; value: string }
    | { op: 'send'; device: 0 | 1 }
    | { op: 'deliver'; device: 0 | 1; pick: number };

  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      op: fc.constant('edit' as const),
      device: fc.constantFrom(0 as const, 1 as const),
      field: fc.constantFrom(
        'title' as const,
        'pinned' as const,
        'leafId' as const,
        'child' as const,
        'delete' as const,
      ),
      value: fc.constantFrom('p', 'q', 'r'),
    }),
    fc.record({ op: fc.constant('send' as const), device: fc.constantFrom(0 as const, 1 as const) }),
    fc.record({
      op: fc.constant('deliver' as const),
      device: fc.constantFrom(0 as const, 1 as const),
      pick: fc.nat(),
    }),
  );

  it('converges on two devices whatever the interleaving of edits and exchanges', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const names = ['a', 'b'];
        const start = headerDocFromLocal(base, { device: 'a', rev: 1 });
        const docs: HeaderDoc[] = [start, start];
        const clocks = [1, 1];
        // Messages in flight to each device, delivered in any order (pick).
        const inbox: HeaderDoc[][] = [[], []];
        const see = (device: number, doc: HeaderDoc) => {
          docs[device] = mergeHeaderDocs(docs[device] as HeaderDoc, doc);
          clocks[device] = Math.max(clocks[device] as number, sessionHeaderOf(doc).stamp.rev);
        };
        for (const step of steps) {
          const device = step.device;
          if (step.op === 'edit') {
            clocks[device] = (clocks[device] as number) + 1;
            const stamp: Stamp = { device: names[device] as string, rev: clocks[device] as number };
            const current = docs[device] as HeaderDoc;
            if (step.field === 'delete') {
              see(device, { ...current, deleted: stamp });
              continue;
            }
            const header = sessionHeaderOf(current).value;
            if (step.field === 'title') header.title = step.value;
            if (step.field === 'pinned') header.pinned = step.value === 'p';
            if (step.field === 'leafId') header.leafId = step.value;
            if (step.field === 'child')
              header.children = [...header.children, `${names[device]}-${step.value}`];
            docs[device] = headerDocFromLocal(header, stamp, current);
          } else if (step.op === 'send') {
            inbox[1 - device]?.push(docs[device] as HeaderDoc);
          } else {
            const queue = inbox[device] as HeaderDoc[];
            if (queue.length === 0) continue;
            const [doc] = queue.splice(step.pick % queue.length, 1);
            see(device, doc as HeaderDoc);
          }
        }
        // Heal: everything in flight lands, then each sends its state to the other.
        for (const device of [0, 1]) for (const doc of inbox[device] as HeaderDoc[]) see(device, doc);
        const [a, b] = docs as [HeaderDoc, HeaderDoc];
        see(0, b);
        see(1, a);
        expect(docs[0]).toEqual(docs[1]);
      }),
      { numRuns: 500 },
    );
  });
});
