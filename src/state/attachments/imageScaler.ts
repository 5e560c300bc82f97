/**
 * Scales images in a worker, started on first use (it is not part of the first load).
 * Where a worker cannot run, the page scales them itself, more slowly but the same.
 * One scaler per app, held by the attachments slice (imageScalerOr).
 */

import type { ScaleMessage, ScaleReply } from './scaleImage.worker';
import { type ScaledImage, type ScaleRequest, scaleInCanvas } from './scaleInCanvas';

type Waiting = { resolve(result: ScaledImage): void; reject(error: Error): void };

class WorkerUnavailable extends Error {}

export class ImageScaler {
  private worker: Worker | undefined;
  private workerFailed = false;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  /** Scales `request.blob` to the size the API would scale it to (see scaledImageSize). */
  async scale(request: ScaleRequest): Promise<ScaledImage> {
    if (typeof OffscreenCanvas === 'undefined') throw new Error('This browser cannot scale images.');
    const running = typeof Worker === 'undefined' ? undefined : this.startWorker();
    if (running) {
      try {
        return await this.inWorker(running, request);
      } catch (error) {
        if (!(error instanceof WorkerUnavailable)) throw error;
      }
    }
    return scaleInCanvas(request);
  }

  private startWorker(): Worker | undefined {
    if (this.worker || this.workerFailed) return this.worker;
    let worker: Worker;
    try {
      worker = new Worker(new URL('./scaleImage.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      this.workerFailed = true;
      return undefined;
    }
    worker.addEventListener('message', (event: MessageEvent<ScaleReply>) => {
      const reply = event.data;
      const entry = this.waiting.get(reply.id);
      if (!entry) return;
      this.waiting.delete(reply.id);
      if (reply.ok) entry.resolve(reply.result);
      else entry.reject(new Error(reply.error));
    });
    // The worker itself failed (it could not load, say): what it held is retried on the page.
    worker.addEventListener('error', () => {
      this.workerFailed = true;
      worker.terminate();
      this.worker = undefined;
      const stranded = [...this.waiting.values()];
      this.waiting.clear();
      for (const entry of stranded) entry.reject(new WorkerUnavailable());
    });
    this.worker = worker;
    return worker;
  }

  private inWorker(running: Worker, request: ScaleRequest): Promise<ScaledImage> {
    const id = this.nextId++;
    return new Promise<ScaledImage>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      running.postMessage({ id, ...request } satisfies ScaleMessage);
    });
  }
}
