import { errorMessage } from '../../lib/api';
import { Button } from '../../lib/ui/Button';
import { useMarkDone, useOnMyWay } from './api';

/** On my way (one message to the customer) and Done, each with the server's answer beside it; a visit not yet done. */
export function VisitActions({ visitKey }: { visitKey: string }) {
  const onMyWay = useOnMyWay();
  const markDone = useMarkDone();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={onMyWay.isPending} onClick={() => onMyWay.mutate(visitKey)}>
          On my way
        </Button>
        <Button disabled={markDone.isPending} onClick={() => markDone.mutate(visitKey)}>
          Done
        </Button>
      </div>
      <div aria-live="polite" className="text-sm text-stone-700">
        {onMyWay.isSuccess && <p>Sent: the customer knows you are on the way.</p>}
      </div>
      {onMyWay.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(onMyWay.error, 'The message was not sent.', 'Not sent: you are offline.')}
        </p>
      )}
      {markDone.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(markDone.error, 'The visit was not marked done.', 'Not saved: you are offline.')}
        </p>
      )}
    </div>
  );
}
