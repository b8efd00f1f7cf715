import { useSiteConfig } from '../../lib/site-config';
import { Button } from '../../lib/ui/Button';
import { type ClockTap, tapClock, useClockTaps } from './clockTaps';
import { clockTime } from './days';

const WORDS = { 'clock-in': 'Clocked in', 'clock-out': 'Clocked out' } as const;

/** "Clocked in at 9:02 AM", with how it travels: waiting for a connection, recorded offline, or refused. */
function TapLine({ tap }: { tap: ClockTap }) {
  const { timezone } = useSiteConfig();
  const clockIn = tap.action === 'clock-in';
  const at = (clockIn ? tap.record?.clock_in_at : tap.record?.clock_out_at) ?? tap.at;
  if (tap.state === 'refused') {
    return <li className="text-red-800">{tap.error}</li>;
  }
  const offline =
    (clockIn ? tap.record?.in_recorded_offline : tap.record?.out_recorded_offline) ?? tap.offline;
  return (
    <li>
      {WORDS[tap.action]} at {clockTime(at, timezone)}
      {offline && (
        <strong className="font-semibold">
          {' '}
          — recorded offline{tap.state === 'waiting' && ', sent when the connection is back'}
        </strong>
      )}
    </li>
  );
}

/** Clock in, then out: the button names the next tap; each tap is kept until the server has it (clockTaps.ts). */
export function ClockControl({ visitKey, user }: { visitKey: string; user: number }) {
  const taps = useClockTaps().filter((t) => t.visit === visitKey && t.user === user);
  const last = taps.filter((t) => t.state !== 'refused').at(-1);
  const next = last?.action === 'clock-in' ? 'clock-out' : 'clock-in';
  return (
    <div>
      <Button
        variant={next === 'clock-in' ? 'primary' : 'secondary'}
        onClick={() => void tapClock(user, visitKey, next)}
      >
        {next === 'clock-in' ? 'Clock in' : 'Clock out'}
      </Button>
      {taps.length > 0 && (
        <ul aria-live="polite" className="mt-2 space-y-1 text-sm text-stone-700">
          {taps.map((tap) => (
            <TapLine key={tap.id} tap={tap} />
          ))}
        </ul>
      )}
    </div>
  );
}
