import type { ReactNode } from 'react';
import { cx } from './cx';

/** A coloured message box: errors are announced as alerts, successes/info as polite status updates. */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: 'success' | 'error' | 'info';
  children: ReactNode;
  className?: string;
}) {
  const styles = {
    success: 'border-brand-300 bg-brand-50 text-brand-900',
    error: 'border-red-300 bg-red-50 text-red-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('rounded-xl border px-4 py-3 text-sm leading-relaxed', styles, className)}
    >
      {children}
    </div>
  );
}
