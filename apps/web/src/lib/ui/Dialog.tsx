import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cx } from './cx';

/**
 * A modal built on the native <dialog>: focus moves in and is trapped by the browser, Esc closes,
 * and focus returns to whatever opened it. Clicking the backdrop closes too.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className,
  hideTitle = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
  }, [open]);

  if (!open) return null;
  return (
    // Esc is handled by onCancel; the click only catches the backdrop, which has no keyboard equivalent.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cx(
        'm-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/60',
        className,
      )}
    >
      <div className="max-h-[85vh] overflow-y-auto p-5 sm:p-6">
        <h2 id={titleId} className={cx('mb-4 text-xl font-bold text-brand-950', hideTitle && 'sr-only')}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
