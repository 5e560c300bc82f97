/**
 * The box a thumbnail takes, known from the reference before the bytes are read, so the
 * chat's rows keep their height when the image arrives.
 */
export function thumbBox(
  width: number | undefined,
  height: number | undefined,
  max: { width: number; height: number },
): { width: number; height: number } {
  if (!width || !height) return { width: max.height, height: max.height };
  const scale = Math.min(1, max.width / width, max.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
