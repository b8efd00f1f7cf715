import { CLEANUP_LEVELS, OLD_RECORD_DAYS, OLD_RECORDS_WARNING_ABOVE } from '@clean/shared';

export type CleanupLevel = 'green' | 'yellow' | 'red';

/** The Cleanup heading is green below 10 old records, yellow below 20, red from 20 (docs/product.md#constants). */
export function cleanupLevel(count: number): CleanupLevel {
  if (count < CLEANUP_LEVELS.greenBelow) return 'green';
  if (count < CLEANUP_LEVELS.yellowBelow) return 'yellow';
  return 'red';
}

/** The red "Database is getting large!" banner shows above 20 old records. */
export const showLargeDatabaseWarning = (count: number) => count > OLD_RECORDS_WARNING_ABOVE;

export const LARGE_DATABASE_TOOLTIP = `Records older than ${OLD_RECORD_DAYS} days can be deleted at the bottom of the Manage tab.`;

/** `count` may be "1000+" when the server stopped counting (X-Total-More). */
export const confirmCleanupText = (count: number | string) =>
  `Are you sure you want to delete ${count} old records?`;
