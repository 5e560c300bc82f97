/**
 * Plain text as the user or the model wrote it, drawn so that no text, however long or
 * unbroken, holds up the page: long runs in chunks (longRuns.ts), very long texts in
 * pieces laid out only near the screen (textPieces.ts). Ordinary text is rendered as a
 * bare string, exactly as before. Only elements are added, never characters: selecting
 * and copying give the original text.
 */
import { memo, useMemo } from 'react';
import { splitLongRuns } from './longRuns';
import { estimateLines, splitPieces } from './textPieces';
import './longText.css';

const Runs = memo(function Runs({ text }: { text: string }) {
  const runs = useMemo(() => splitLongRuns(text), [text]);
  if (runs.length === 1 && !runs[0]?.long) return text;
  // The runs of a text never move, so their index is a stable key.
  return runs.map((run, index) =>
    run.long ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <span key={index} className="long-run">
        {run.text}
      </span>
    ) : (
      run.text
    ),
  );
});

const Piece = memo(function Piece({ text }: { text: string }) {
  // Until it is laid out, a piece takes about the room it will need, so the scrollbar is near right.
  const style = useMemo(() => ({ containIntrinsicBlockSize: `auto ${estimateLines(text) * 1.5}em` }), [text]);
  return (
    <span className="text-piece" style={style}>
      <Runs text={text} />
    </span>
  );
});

export const PlainText = memo(function PlainText({ text }: { text: string }) {
  const pieces = useMemo(() => splitPieces(text), [text]);
  if (pieces.length === 1) return <Runs text={text} />;
  // A text that grows (a streamed reply) keeps its earlier pieces: index keys stay valid.
  // biome-ignore lint/suspicious/noArrayIndexKey: see above
  return pieces.map((piece, index) => <Piece key={index} text={piece} />);
});
