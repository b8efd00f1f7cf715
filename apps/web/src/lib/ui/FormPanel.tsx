import type { ComponentProps } from 'react';
import { cx } from './cx';

/** A form standing on its own in a page (package, review, gallery upload): a white rounded panel. */
export function FormPanel({ className, ...props }: ComponentProps<'form'>) {
  return (
    <form
      noValidate
      className={cx('space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6', className)}
      {...props}
    />
  );
}
