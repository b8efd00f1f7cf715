import type { ReactNode } from 'react';
import { cx } from './cx';

/** Standard page frame: centred column with a heading. `narrow` suits single forms. */
export function Page({
  title,
  intro,
  narrow = false,
  children,
  className,
}: {
  title: ReactNode;
  intro?: ReactNode;
  narrow?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cx(
        'mx-auto w-full px-4 py-10 sm:px-6 sm:py-14',
        narrow ? 'max-w-md' : 'max-w-6xl',
        className,
      )}
    >
      <h1 className="text-3xl font-bold tracking-tight text-brand-950 text-balance sm:text-4xl">{title}</h1>
      {intro && <p className="mt-3 max-w-2xl text-lg leading-relaxed text-stone-700">{intro}</p>}
      {children && <div className="mt-8">{children}</div>}
    </div>
  );
}

/** A rounded white card. */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx('rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8', className)}>
      {children}
    </div>
  );
}
