/**
 * Scales images in a worker, started on first use (it is not part of the first load).
 * Where a worker cannot run, the page scales them itself, more slowly but the same.
 */

import type { ScaleMessage, ScaleReply } from './scaleImage.worker';
import { type ScaledImage, type ScaleRequest, scaleInCanvas } from './scaleInCanvas';

type Waiting = { resolve(result: ScaledImage): void; reject(error: Error): void };

let worker: Worker | undefined;
let workerFailed = false;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function startWorker(): Worker | undefined {
  if (worker || workerFailed) return worker;
  try {
    worker = new Worker(new URL('./scaleImage.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workerFailed = true;
    return undefined;
  }
  worker.addEventListener('message', (event: MessageEvent<ScaleReply>) => {
    const reply = event.data;
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(new Error(reply.error));
  });
  // The worker itself failed (it could not load, say): what it held is retried on the page.
  worker.addEventListener('error', () => {
    workerFailed = true;
    worker?.terminate();
    worker = undefined;
    const stranded = [...waiting.values()];
    waiting.clear();
    for (const entry of stranded) entry.reject(new WorkerUnavailable());
  });
  return worker;
}

class WorkerUnavailable extends Error {}

function inWorker(running: Worker, request: ScaleRequest): Promise<ScaledImage> {
  const id = nextId++;
  return new Promise<ScaledImage>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    running.postMessage({ id, ...request } satisfies ScaleMessage);
  });
}

/** Scales `request.blob` to the size the API would scale it to (see scaledImageSize). */
export async function scaleImage(request: ScaleRequest): Promise<ScaledImage> {
  if (typeof OffscreenCanvas === 'undefined') throw new Error('This browser cannot scale images.');
  const running = typeof Worker === 'undefined' ? undefined : startWorker();
  if (running) {
    try {
      return await inWorker(running, request);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  return scaleInCanvas(request);
}
