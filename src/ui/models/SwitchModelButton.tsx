import { useMemo, useRef, useState } from 'react';
import { setSessionModel } from '../../state/actions/actions';
import { isDemo, modelLabel } from '../../state/store/modelLabel';
import { selectCurrentModel, selectRecentModels } from '../../state/store/selectors';
import { useBaton, useBatonShallow } from '../../state/store/useBaton';
import { Icon } from '../icons/Icon';
import { Popover } from '../overlay/Popover';
import { usePopover } from '../overlay/usePopover';
import { modelOptions } from './modelOptions';
import './switchModel.css';
import { lazyPart } from '../lazyPart';

// The list of models loads when the popover first opens (bench P5).
const ModelCombobox = lazyPart(() => import('./ModelCombobox').then((m) => m.ModelCombobox));

/**
 * The open session's model in the status line, and "Switch model": the model table as a
 * list (or any id typed) for this session's next requests. Settings' Model stays the
 * default for new sessions.
 */
export function SwitchModelButton() {
  const settings = useBaton((s) => s.settings);
  const current = useBaton(selectCurrentModel);
  const recent = useBatonShallow(selectRecentModels);
  const options = useMemo(() => modelOptions(recent), [recent]);
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Each opening starts with the whole list, the current model named in the help.
  const popover = usePopover({ onOpen: () => setTyped('') });
  const demo = isDemo(settings);

  const choose = (model: string) => {
    const id = model.trim();
    if (!id) return;
    setSessionModel(id);
    popover.close();
  };

  return (
    <div className="switch-model popover-anchor" ref={popover.anchorRef}>
      <span className="status-model" data-testid="session-model" title="Model">
        {demo ? modelLabel(settings) : current}
      </span>
      <button
        type="button"
        className="switch-model-button icon-button"
        title="Switch model for this session"
        {...popover.buttonProps}
      >
        <Icon name="chevron" />
        <span className="button-label">Switch model</span>
      </button>
      {popover.open && (
        <Popover
          id={popover.panelId}
          label="Switch model"
          placement="below-start"
          initialFocus={input}
          onClose={popover.close}
          className="switch-model-popover"
        >
          <ModelCombobox
            label="Model for this session"
            value={typed}
            options={options}
            startOpen
            inputRef={input}
            focusOnMount
            onChange={setTyped}
            onPick={choose}
            onEnter={() => choose(typed)}
          />
          <p className="popover-help">
            {demo
              ? 'Without a key the offline demo answers; the model chosen here is used once a key is set.'
              : `Now: ${current}. The next request uses the model you choose; new sessions start on the one in Settings.`}
          </p>
        </Popover>
      )}
    </div>
  );
}
