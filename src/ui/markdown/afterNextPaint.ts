/**
 * Runs `callback` once the next frame has been painted: the frame's requestAnimationFrame
 * callback posts a message, and a message is a task, which runs after that frame's style,
 * layout and paint. Work done there has the time until the next frame to itself, and
 * never holds up the paint of what was just rendered. Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let cancelled = false;
  const frame = requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (!cancelled) callback();
    };
    channel.port2.postMessage(null);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}
