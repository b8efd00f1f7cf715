import type { SaveStatusState } from '../useSaveStatus';
import { FormFeedback } from './FormStatus';

/** Where a hub form's last save message shows; focusable by script only, so it can take the focus after a save. */
export function SaveStatus({ state }: { state: SaveStatusState }) {
  return (
    <div
      ref={state.ref}
      tabIndex={-1}
      className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <FormFeedback feedback={state.status} />
    </div>
  );
}
