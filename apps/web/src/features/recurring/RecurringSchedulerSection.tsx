import { PAGE_SIZES } from '@clean/shared';
import { useState } from 'react';
import { countLine } from '../../lib/countLine';
import { failureMessage } from '../../lib/failure';
import { DownloadCsvButton } from '../../lib/ui/DownloadCsvButton';
import { PagedList } from '../../lib/ui/PagedList';
import { SearchField } from '../../lib/ui/SearchField';
import { usePagedSearch } from '../../lib/usePagedSearch';
import { type ScheduleFilters, schedulesPageQueryOptions, useOverduePayments } from './api';
import { ScheduleCard } from './ScheduleCard';

/** The three search boxes, one per filter the server takes. */
const SEARCHES: Array<{ filter: keyof ScheduleFilters; label: string; placeholder: string }> = [
  { filter: 'inquiry_name', label: 'Search by Inquiry Name', placeholder: 'Inquiry name' },
  { filter: 'frequency', label: 'Search by Frequency', placeholder: 'Frequency' },
  { filter: 'notes', label: 'Search by Notes', placeholder: 'Notes' },
];

/** Manage → Recurring Scheduler: searches by inquiry name, frequency and notes; 5 a page. */
export function RecurringSchedulerSection() {
  const [searches, setSearches] = useState<ScheduleFilters>({ inquiry_name: '', frequency: '', notes: '' });
  const typed: ScheduleFilters = {
    inquiry_name: searches.inquiry_name.trim(),
    frequency: searches.frequency.trim(),
    notes: searches.notes.trim(),
  };
  const paged = usePagedSearch(typed, schedulesPageQueryOptions, PAGE_SIZES.recurringPayments);
  const overdue = useOverduePayments();
  const overdueIds = new Set(overdue.data?.map((o) => o.id));
  return (
    <PagedList
      title="Recurring Scheduler"
      actions={
        <DownloadCsvButton
          path="/api/export/recurring_payments.csv"
          query={typed}
          what="recurring payment schedules"
        />
      }
      search={
        <div className="grid gap-3 sm:grid-cols-3">
          {SEARCHES.map(({ filter, label, placeholder }) => (
            <SearchField
              key={filter}
              label={label}
              placeholder={placeholder}
              value={searches[filter]}
              onChange={(text) => setSearches((current) => ({ ...current, [filter]: text }))}
            />
          ))}
        </div>
      }
      paged={paged}
      failure={(err) => failureMessage('Failed to fetch recurring payments.', err)}
      loading="Loading recurring payments..."
      count={(total, more) =>
        countLine(
          total,
          'No recurring payment schedules match.',
          'recurring payment schedule',
          'recurring payment schedules',
          more,
        )
      }
      pagesLabel="Recurring payments pages"
      renderItem={(schedule) => <ScheduleCard schedule={schedule} overdue={overdueIds.has(schedule.id)} />}
    />
  );
}
