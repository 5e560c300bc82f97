import { useMemo, useRef, useState } from 'react';
import { saveSettings, startHandoff } from '../../state/actions/actions';
import { selectCurrentModel, selectHandoffActive, selectRecentModels } from '../../state/store/selectors';
import { useBaton, useBatonShallow } from '../../state/store/useBaton';
import { Icon } from '../icons/Icon';
import { lazyPart } from '../lazyPart';
import { modelOptions } from '../models/modelOptions';
import { Popover } from '../overlay/Popover';
import { usePopover } from '../overlay/usePopover';

// The list of models and the price preview load when the popover first opens (bench P5).
const ModelCombobox = lazyPart(() => import('../models/ModelCombobox').then((m) => m.ModelCombobox));
// It sits at the top of a popover anchored by its bottom: arriving late, it grows the
// popover upwards and moves nothing under the pointer.
const HandoffPreviewLine = lazyPart(() =>
  import('../pricing/HandoffPreviewLine').then((m) => m.HandoffPreviewLine),
);

/** "Hand off" opens a small popover with an optional focus and the new session's model; Enter starts. */
export function HandoffButton() {
  const [focus, setFocus] = useState('');
  const [model, setModel] = useState('');
  const current = useBaton(selectCurrentModel);
  const recent = useBatonShallow(selectRecentModels);
  const options = useMemo(() => modelOptions(recent), [recent]);
  const settings = useBaton((s) => s.settings);
  const handoffActive = useBaton(selectHandoffActive);
  const input = useRef<HTMLInputElement>(null);
  const popover = usePopover({
    // Each opening starts from the model in use now.
    onOpen: () => setModel(current),
    // A press elsewhere leaves it open, as it always did: the user may be reading the chat for a focus.
    closeOnOutsidePress: false,
  });

  const start = () => {
    const text = focus;
    popover.dismiss();
    setFocus('');
    void startHandoff(text, model.trim() !== current ? { model } : {});
  };
  const startOnEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      start();
    }
  };

  return (
    <div className="handoff-button-wrap popover-anchor" ref={popover.anchorRef}>
      <button
        type="button"
        className="icon-button"
        title="Hand off: a new session continues from a handoff document"
        disabled={handoffActive}
        {...popover.buttonProps}
      >
        <Icon name="handoff" />
        <span className="button-label">Hand off</span>
      </button>
      {popover.open && (
        <Popover
          id={popover.panelId}
          label="Hand off to a new session"
          placement="above-start"
          initialFocus={input}
          onClose={popover.close}
        >
          <HandoffPreviewLine />
          <label>
            Focus (optional)
            <input
              ref={input}
              value={focus}
              placeholder="e.g. the billing API"
              onChange={(e) => setFocus(e.target.value)}
              onKeyDown={startOnEnter}
            />
          </label>
          <ModelCombobox
            label="Model for the new session"
            value={model}
            options={options}
            onChange={setModel}
            onEnter={start}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={settings.sendPendingAfterHandoff}
              // A setting, so a typed /handoff follows the same choice.
              onChange={(e) => void saveSettings({ ...settings, sendPendingAfterHandoff: e.target.checked })}
            />
            Send my pending request after the handoff
          </label>
          <p className="popover-help">The model writes a handoff document; a new session starts from it.</p>
          <div className="dialog-actions">
            <button type="button" onClick={popover.close}>
              Cancel
            </button>
            <button type="button" className="primary" onClick={start}>
              Start handoff
            </button>
          </div>
        </Popover>
      )}
    </div>
  );
}
