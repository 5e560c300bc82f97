/**
 * Scales an image down on an OffscreenCanvas: the work of the scaling worker, and of the
 * page itself where workers cannot be started. The target is computed from the decoded
 * bitmap, so a photo rotated by its EXIF orientation keeps its proportions.
 */
import { scaledImageSize } from '../../core/attachments/attachmentTokens';

export interface ScaleRequest {
  blob: Blob;
  /** The type to write; the result says what the browser actually wrote. */
  mediaType: string;
  quality: number;
}

export interface ScaledImage {
  blob: Blob;
  width: number;
  height: number;
  /** The decoded original's size, as shown (after its orientation). */
  sourceWidth: number;
  sourceHeight: number;
}

export async function scaleInCanvas({ blob, mediaType, quality }: ScaleRequest): Promise<ScaledImage> {
  const bitmap = await createImageBitmap(blob);
  try {
    const { width, height } = scaledImageSize(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas to scale the image on.');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const scaled = await canvas.convertToBlob({ type: mediaType, quality });
    return { blob: scaled, width, height, sourceWidth: bitmap.width, sourceHeight: bitmap.height };
  } finally {
    bitmap.close();
  }
}
