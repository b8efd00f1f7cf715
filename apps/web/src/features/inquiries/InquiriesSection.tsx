import { INQUIRY_STATUSES, type Inquiry, PAGE_SIZES } from '@clean/shared';
import { type ReactNode, useState } from 'react';
import { countLine } from '../../lib/countLine';
import { Button } from '../../lib/ui/Button';
import { DownloadCsvButton } from '../../lib/ui/DownloadCsvButton';
import { SelectField } from '../../lib/ui/FormFields';
import { PagedList } from '../../lib/ui/PagedList';
import { SearchField } from '../../lib/ui/SearchField';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { type InquiryFilters, inquiriesPageQueryOptions } from './api';
import { InquiryCard } from './InquiryCard';
import { NewInquiryForm } from './NewInquiryForm';

/**
 * Manage → Inquiries: three server-side searches, 6 cards a page. `extra`: what the hub adds to each card (the
 * home's checklist, another feature's, composed by app/).
 */
export function InquiriesSection({ extra }: { extra?: (inquiry: Inquiry) => ReactNode } = {}) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [status, setStatus] = useState('');
  const typed: InquiryFilters = { name: name.trim(), phone_number: phone.replace(/\D/g, ''), status };
  const paged = usePagedSearch(typed, inquiriesPageQueryOptions, PAGE_SIZES.inquiries);
  const [creating, setCreating] = useState(false);
  return (
    <PagedList
      title="Inquiries"
      actions={
        <>
          <Button onClick={() => setCreating(true)} disabled={creating}>
            New Inquiry
          </Button>
          <DownloadCsvButton path="/api/export/inquiries.csv" query={typed} what="inquiries" />
        </>
      }
      search={
        <div className="space-y-4">
          {creating && <NewInquiryForm onDone={() => setCreating(false)} />}
          <div className="grid gap-3 sm:grid-cols-3">
            <SearchField
              label="Search by Name"
              placeholder="Search by Name"
              value={name}
              onChange={setName}
            />
            <SearchField
              label="Search by Phone Number"
              inputMode="tel"
              placeholder="Phone Number"
              value={phone}
              onChange={setPhone}
            />
            <SelectField label="Search by Status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All statuses</option>
              {INQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
      }
      paged={paged}
      failure={() => 'Failed to fetch inquiries.'}
      loading="Loading inquiries..."
      count={(total, more) =>
        countLine(total, 'No inquiries match.', 'inquiry', 'inquiries', more) +
        (total > 0 && paged.query.isPlaceholderData ? ' — loading…' : '')
      }
      pagesLabel="Inquiries pages"
      renderItem={(inquiry) => <InquiryCard inquiry={inquiry} extra={extra?.(inquiry)} />}
    />
  );
}
