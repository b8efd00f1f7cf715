import { formatDateTime } from '@clean/shared';
import { useSiteConfig } from '../../lib/site-config';
import { Alert } from '../../lib/ui/Alert';
import { useFailedMessages } from './api';

const CHANNEL = { mail: 'E-mail', push: 'Notice', sms: 'Text' } as const;

/** Agenda: "3 messages could not be sent" and which, when the outbox gave up on some; nothing otherwise. */
export function FailedMessages() {
  const { timezone } = useSiteConfig();
  const { data } = useFailedMessages();
  if (!data || data.count === 0) return null;
  return (
    <Alert tone="error">
      <details>
        <summary className="cursor-pointer font-semibold">
          {data.count === 1 ? '1 message could not be sent' : `${data.count} messages could not be sent`}
        </summary>
        <ul className="mt-2 space-y-1 text-sm">
          {data.messages.map((m) => (
            <li key={`${m.channel}-${m.id}`}>
              {CHANNEL[m.channel]} to {m.to}: {m.summary} ({formatDateTime(m.created_at, timezone)}
              {m.last_error ? `; ${m.last_error}` : ''})
            </li>
          ))}
        </ul>
      </details>
    </Alert>
  );
}
