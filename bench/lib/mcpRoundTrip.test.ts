import { describe, expect, it } from 'vitest';
import { roundTrip, scriptsAdded } from './mcpRoundTrip';

describe('roundTrip (bench P16)', () => {
  it('takes the server time of the requests inside the window out of it', () => {
    const trip = roundTrip({
      toolUseEnd: 100,
      followUpArrival: 130,
      serverRequests: [{ at: 115, durationMs: 4, detail: 'POST /mcp' }],
    });
    expect(trip).toEqual({
      ms: 26,
      windowMs: 30,
      serverMs: 4,
      serverRequests: 1,
      beforeCallMs: 11,
      afterCallMs: 15,
    });
  });

  it('leaves out requests that began before the reply ended or were answered after the follow-up', () => {
    const trip = roundTrip({
      toolUseEnd: 100,
      followUpArrival: 130,
      serverRequests: [
        // The client's long GET stream, open across the whole window.
        { at: 500, durationMs: 450, detail: 'GET /mcp' },
        // A call of the round trip before.
        { at: 60, durationMs: 3 },
        { at: 112, durationMs: 2 },
        // Answered after the follow-up left.
        { at: 131, durationMs: 5 },
      ],
    });
    expect(trip.serverMs).toBe(2);
    expect(trip.serverRequests).toBe(1);
    expect(trip.ms).toBe(28);
  });

  it('counts overlapping requests once', () => {
    const trip = roundTrip({
      toolUseEnd: 0,
      followUpArrival: 50,
      serverRequests: [
        { at: 20, durationMs: 10 },
        { at: 25, durationMs: 10 },
        { at: 40, durationMs: 2 },
      ],
    });
    // 10..25 and 38..40.
    expect(trip.serverMs).toBe(17);
    expect(trip.ms).toBe(33);
    expect(trip.beforeCallMs).toBe(10);
    expect(trip.afterCallMs).toBe(10);
  });

  it('refuses a window with no server request in it, or one that runs backwards', () => {
    expect(() => roundTrip({ toolUseEnd: 0, followUpArrival: 10, serverRequests: [] })).toThrow(
      /answered no request/,
    );
    expect(() =>
      roundTrip({ toolUseEnd: 10, followUpArrival: 5, serverRequests: [{ at: 7, durationMs: 1 }] }),
    ).toThrow(/arrived -5.00 ms after/);
  });
});

describe('scriptsAdded', () => {
  it('lists the scripts not fetched before, once each, in order', () => {
    expect(scriptsAdded(['/a.js', '/b.js'], ['/a.js', '/c.js', '/b.js', '/d.js', '/c.js'])).toEqual([
      '/c.js',
      '/d.js',
    ]);
  });
});
