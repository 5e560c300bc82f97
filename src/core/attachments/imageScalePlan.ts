/**
 * Whether an image is scaled down before it is stored, and to what. The API scales
 * anything beyond about 1568 px or 1.15 megapixels down itself, so sending more costs
 * upload time and storage and shows the model nothing more.
 */
import { RECOMMENDED_IMAGE_EDGE, RECOMMENDED_IMAGE_PIXELS } from './attachmentLimits';
import { scaledImageSize } from './attachmentTokens';
import { imageWithinLimits } from './checkAttachment';

export interface ImageScalePlan {
  /** The size to scale to; undefined when the image is sent as it is. */
  target?: { width: number; height: number };
  /** The stored type: kept, except GIF, which a canvas cannot write (its first frame becomes a PNG). */
  mediaType: string;
  /** The original is itself within the API's hard limits, so "Keep original size" may send it. */
  originalAllowed: boolean;
}

/** JPEG and WebP quality when scaled: close to the original, a fraction of the bytes. */
export const SCALED_IMAGE_QUALITY = 0.9;

export function planImageScale(image: {
  width: number;
  height: number;
  size: number;
  mediaType: string;
}): ImageScalePlan {
  const { width, height } = image;
  const originalAllowed = imageWithinLimits(image);
  const tooBig =
    Math.max(width, height) > RECOMMENDED_IMAGE_EDGE || width * height > RECOMMENDED_IMAGE_PIXELS;
  if (!tooBig) return { mediaType: image.mediaType, originalAllowed };
  return {
    target: scaledImageSize(width, height),
    mediaType: image.mediaType === 'image/gif' ? 'image/png' : image.mediaType,
    originalAllowed,
  };
}
