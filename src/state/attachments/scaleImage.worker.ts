/**
 * The image scaling worker: decoding and re-encoding a photo of many megapixels takes
 * long enough to freeze typing if done on the page's thread.
 */
import { type ScaleRequest, scaleInCanvas } from './scaleInCanvas';

export type ScaleMessage = ScaleRequest & { id: number };
export type ScaleReply =
  | { id: number; ok: true; result: Awaited<ReturnType<typeof scaleInCanvas>> }
  | { id: number; ok: false; error: string };

self.addEventListener('message', (event: MessageEvent<ScaleMessage>) => {
  const { id, ...request } = event.data;
  scaleInCanvas(request).then(
    (result) => self.postMessage({ id, ok: true, result } satisfies ScaleReply),
    (error: unknown) =>
      self.postMessage({
        id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ScaleReply),
  );
});
