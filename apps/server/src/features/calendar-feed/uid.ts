/**
 * The UID (before `@host`) of a visit's event, by its key (features/visits/rule.ts): the feed's, and the customer's
 * confirmation's, so a later file of the same visit updates that calendar entry instead of adding one.
 */
export const feedUid = (visitKey: string) =>
  /^o\d+$/.test(visitKey) ? `one-time-${visitKey.slice(1)}` : `visit-${visitKey}`;
