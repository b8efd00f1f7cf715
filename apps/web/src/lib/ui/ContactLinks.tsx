import { buttonClass } from './Button';
import { cx } from './cx';

type Way = { key: 'call' | 'text' | 'email'; label: string; href: string };

/**
 * Call, Text and Email a client in one tap (tel:, sms:, mailto:). The way the client asked to be reached
 * (`prefers`, their call-or-text answer) comes first and stands out; a missing phone or e-mail drops its links.
 */
export function ContactLinks({
  name,
  phone,
  email,
  prefers,
  className,
}: {
  name: string;
  phone: string | null | undefined;
  email: string | null | undefined;
  prefers: 'call' | 'text' | null | undefined;
  className?: string;
}) {
  const ways: Way[] = [];
  // Stored phones are 10 US digits; the +1 makes the link work from a phone set to another country.
  const tel = phone ? `+1${phone}` : null;
  if (tel) {
    ways.push({ key: 'call', label: 'Call', href: `tel:${tel}` });
    ways.push({ key: 'text', label: 'Text', href: `sms:${tel}` });
    if (prefers === 'text') ways.reverse();
  }
  if (email) ways.push({ key: 'email', label: 'Email', href: `mailto:${email}` });
  if (ways.length === 0) return null;
  return (
    <ul className={cx('flex flex-wrap gap-2', className)} aria-label={`Reach ${name}`}>
      {ways.map((way, i) => {
        const preferred = i === 0 && Boolean(tel) && way.key === (prefers ?? 'call');
        return (
          <li key={way.key}>
            <a
              href={way.href}
              className={buttonClass(preferred ? 'primary' : 'secondary', 'min-h-11 px-4')}
              aria-label={`${way.label} ${name}${preferred ? ' (preferred)' : ''}`}
            >
              {way.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
