/**
 * What the context meter measures and what happens when it fills, shown while the meter
 * is hovered or focused (contextMeter.css) and read out as the meter's description.
 */
export function MeterExplanation({ id }: { id: string }) {
  return (
    <span role="tooltip" id={id} className="context-meter-tip">
      Fills with what the next request carries: the instructions, the whole conversation and its files, as the
      API counted them after the last reply, plus an estimate of what was added since. Every turn sends all of
      it again, so a fuller meter means slower and dearer turns. Past the point set in Settings (a share of
      the window, a price per turn or a number of tokens) Baton suggests a handoff; when it is full the model
      refuses the conversation until you hand off.
    </span>
  );
}
