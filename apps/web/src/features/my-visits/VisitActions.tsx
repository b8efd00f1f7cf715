import { errorMessage } from '../../lib/api';
import { useSiteConfig } from '../../lib/site-config';
import { Button } from '../../lib/ui/Button';
import { useMarkDone, useOnMyWay } from './api';
import { clockTime } from './days';

/** On my way (one message to the customer) and Done, each with the server's answer beside it; a visit not yet done. */
export function VisitActions({ visitKey }: { visitKey: string }) {
  const { timezone } = useSiteConfig();
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
        {onMyWay.data && (
          <p>
            {onMyWay.data.already_sent ? 'Already sent' : 'Sent'} at{' '}
            {clockTime(onMyWay.data.sent_at, timezone)}
            {onMyWay.data.channel === 'none' && ' (the customer takes no messages: only the owner sees it)'}.
          </p>
        )}
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
