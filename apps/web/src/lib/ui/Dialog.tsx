import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { cx } from './cx';

/**
 * A modal built on the native <dialog>: focus moves in and is trapped by the browser, Esc closes,
 * and focus returns to whatever opened it. Clicking the backdrop closes too. Rendered open by the server (a
 * dialog opened by a link, before or without script) it shows in place, over the page, until the page is live.
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

  // A layout effect: focus goes back to the opener in the same commit that removes the dialog, never a frame later.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.dataset.modal) {
      const opener = document.activeElement as HTMLElement | null;
      // The server's open dialog is not modal yet: reopened as a modal, it traps focus and gets a backdrop.
      if (dialog.open) dialog.close();
      dialog.showModal();
      dialog.dataset.modal = 'true';
      return () => {
        delete dialog.dataset.modal;
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
      open={typeof window === 'undefined' || undefined}
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
        // Open but not modal (the server's, before the page is live): over the page all the same.
        '[&:not(:modal)]:fixed [&:not(:modal)]:inset-0 [&:not(:modal)]:z-50 [&:not(:modal)]:ring-[100vmax] [&:not(:modal)]:ring-stone-950/60',
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
