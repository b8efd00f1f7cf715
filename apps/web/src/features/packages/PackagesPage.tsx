import { formatMoney, type Package } from '@clean/shared';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Alert } from '../../lib/ui/Alert';
import { Button, ButtonLink } from '../../lib/ui/Button';
import { Dialog } from '../../lib/ui/Dialog';
import { LeafMark } from '../../lib/ui/LeafMark';
import { InlineLoading } from '../../lib/ui/Loading';
import { Page } from '../../lib/ui/Page';
import { DialogImage } from '../../lib/ui/PhotoDialog';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSaveStatus } from '../../lib/useSaveStatus';
import { useDialogParam } from '../../lib/useSearchState';
import { useSession } from '../auth/session';
import { PACKAGE_MESSAGES, useDeletePackage, usePackages } from './api';
import { PackageCard } from './PackageCard';

// The owner's form is its own chunk: visitors never download it.
const PackageForm = lazy(() => import('./admin/PackageForm').then((m) => ({ default: m.PackageForm })));

type FormState = { open: false } | { open: true; editing: Package | null };

export function PackagesPage() {
  usePageMeta('Packages', 'Residential, office and moving-day cleaning packages — every one eco-friendly.');
  const { isAdmin } = useSession();
  const { data: packages, isPending, isError, isSuccess } = usePackages();
  // The open package is in the address: its card is a link that works before and without script.
  const dialog = useDialogParam('package');
  const selected = packages?.find((pkg) => pkg.id === dialog.id) ?? null;
  const [consultationDismissed, setConsultationDismissed] = useState(false);
  const [form, setForm] = useState<FormState>({ open: false });
  const [adminError, setAdminError] = useState<string | null>(null);
  const remove = useDeletePackage();
  const formId = useId();
  const formRef = useRef<HTMLDivElement>(null);

  // Outside the form, which closes on a save: the owner still reads what happened, with the focus on it.
  const saved = useSaveStatus();
  const openForm = (editing: Package | null) => {
    saved.show(null);
    setAdminError(null);
    setForm({ open: true, editing });
    requestAnimationFrame(() => formRef.current?.scrollIntoView?.({ block: 'start' }));
  };

  const onDelete = async (pkg: Package) => {
    if (!window.confirm(PACKAGE_MESSAGES.confirmDelete)) return;
    setAdminError(null);
    try {
      await remove.mutateAsync(pkg.id);
      if (form.open && form.editing?.id === pkg.id) setForm({ open: false });
    } catch (err) {
      console.error('Failed to delete package', err);
      setAdminError(errorMessage(err, PACKAGE_MESSAGES.deleteFailed));
    }
  };

  return (
    <Page
      title="Packages"
      intro="Residential, office and moving-day cleaning — choose what fits your space, and we’ll tailor it to you."
    >
      <p className="flex items-center gap-3 rounded-2xl bg-brand-800 px-5 py-4 text-brand-50">
        <LeafMark className="h-6 w-6 shrink-0" />
        <span>
          <strong className="font-semibold text-white">Every package includes eco-friendly cleaning</strong> —
          plant-based products that are safe for kids, pets and the planet.
        </span>
      </p>

      {isSuccess && !consultationDismissed && (
        <div
          role="status"
          className="mt-4 flex items-start justify-between gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
        >
          <p>
            <strong className="font-semibold">Please note:</strong> all of our services require an in-home
            consultation before we confirm your price and schedule.
          </p>
          <button
            type="button"
            onClick={() => setConsultationDismissed(true)}
            className="shrink-0 rounded-md px-2 py-0.5 font-semibold text-sky-900 underline underline-offset-4 hover:bg-sky-100"
          >
            Dismiss
          </button>
        </div>
      )}

      {isAdmin && (
        <div className="mt-8 space-y-4">
          <Button
            aria-expanded={form.open}
            aria-controls={formId}
            onClick={() => (form.open ? setForm({ open: false }) : openForm(null))}
          >
            Add New Package
          </Button>
          {adminError && <Alert tone="error">{adminError}</Alert>}
          <SaveStatus state={saved} />
          <div id={formId} ref={formRef} className="scroll-mt-24">
            {form.open && (
              <Suspense fallback={<InlineLoading />}>
                <PackageForm
                  editing={form.editing}
                  onSaved={(text) => {
                    setForm({ open: false });
                    saved.show({ tone: 'success', text });
                  }}
                  onCancel={() => setForm({ open: false })}
                />
              </Suspense>
            )}
          </div>
        </div>
      )}

      <div className="mt-8">
        {isPending && <InlineLoading label="Loading packages..." />}
        {isError && <Alert tone="error">{PACKAGE_MESSAGES.loadFailed}</Alert>}
        {packages && packages.length === 0 && (
          <p className="text-stone-700">
            New packages are coming soon — contact us for a quote in the meantime.
          </p>
        )}
        {packages && packages.length > 0 && (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {packages.map((pkg, index) => (
              <PackageCard
                key={pkg.id}
                pkg={pkg}
                index={index}
                to={dialog.linkFor(pkg.id)}
                admin={
                  isAdmin
                    ? {
                        onEdit: () => openForm(pkg),
                        onDelete: () => onDelete(pkg),
                        deleting: remove.isPending && remove.variables === pkg.id,
                      }
                    : null
                }
              />
            ))}
          </ul>
        )}
      </div>

      <Dialog open={selected !== null} onClose={dialog.close} title={selected?.title ?? ''}>
        {selected && (
          <>
            <DialogImage
              src={selected.image_url}
              image={selected.image}
              alt={selected.title}
              maxHeight="max-h-[50vh]"
            />
            <p className="mt-4 text-sm font-semibold text-brand-800">From {formatMoney(selected.amount)}</p>
            {selected.description && (
              <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-700">
                {selected.description}
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <ButtonLink variant="secondary" to={dialog.closeLink} replace>
                Close
              </ButtonLink>
              <ButtonLink to={{ pathname: '/contact', search: `?package=${selected.id}` }}>
                Book Now
              </ButtonLink>
            </div>
          </>
        )}
      </Dialog>
    </Page>
  );
}
