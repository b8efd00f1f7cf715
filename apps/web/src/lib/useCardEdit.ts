import { useState } from 'react';
import { useSaveStatus } from './useSaveStatus';

/**
 * A hub card's switch between its view and its edit form. A save closes the form and the card says "Saved …"
 * (render `status` with <SaveStatus> in the view), taking the focus the gone Save button had; Cancel just closes.
 */
export function useCardEdit() {
  const [editing, setEditing] = useState(false);
  const status = useSaveStatus();
  return {
    editing,
    status,
    edit: () => {
      status.show(null);
      setEditing(true);
    },
    cancel: () => setEditing(false),
    saved: (text = 'Saved your changes.') => {
      setEditing(false);
      status.show({ tone: 'success', text });
    },
  };
}
