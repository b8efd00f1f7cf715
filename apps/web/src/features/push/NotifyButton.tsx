import { useState } from 'react';
import { Alert } from '../../lib/ui/Alert';
import { Button } from '../../lib/ui/Button';
import { HubSection } from '../../lib/ui/HubSection';
import { pushSupported, subscribeThisDevice } from './api';

type State = 'idle' | 'busy' | 'on' | 'denied' | 'failed';

/** Agenda → "Notices on this phone": a new booking request or review pushes a short notice to this device. */
export function NotifyButton() {
  const [state, setState] = useState<State>('idle');
  const supported = pushSupported();

  async function subscribe() {
    setState('busy');
    try {
      await subscribeThisDevice();
      setState('on');
    } catch (err) {
      setState(err instanceof Error && err.message === 'permission' ? 'denied' : 'failed');
    }
  }

  return (
    <HubSection title="Notices on this phone">
      <p className="text-stone-700">
        A new booking request or a review waiting for approval shows on this device at once (the name and town
        only); tapping it opens the hub.
      </p>
      {supported ? (
        <Button onClick={subscribe} disabled={state === 'busy' || state === 'on'}>
          {state === 'on' ? 'Notices are on' : 'Notify me on this phone'}
        </Button>
      ) : (
        <p className="text-stone-600">
          This browser cannot receive notices (on an iPhone, add the hub to the Home Screen first).
        </p>
      )}
      <div>
        {state === 'on' && <Alert tone="success">This phone will be notified.</Alert>}
        {state === 'denied' && (
          <Alert tone="error">
            Notifications are blocked for this site: allow them in the browser's settings.
          </Alert>
        )}
        {state === 'failed' && <Alert tone="error">Could not turn notices on. Please try again.</Alert>}
      </div>
    </HubSection>
  );
}
