import type { Review, ReviewStatus } from '@clean/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { enqueueMails } from '../../lib/outbox';
import { paging } from '../../lib/paging';
import { enqueuePush } from '../../lib/push-outbox';
import { ownerAddress, pendingReviewMail } from '../notifications/mails';
import { reviewNotice } from '../push/notices';
import { claimReviewMarker, reviewRequestTokensOf } from '../review-requests/service';
import { type ReviewValues, reviewsStore } from './store';

export const PENDING_MESSAGE = 'Thank you! Your review will appear once approved.';
export const PUBLISHED_MESSAGE = 'Your review is published.';
const NOT_FOUND = 'There is no review with that id.';

export type ReviewsDeps = {
  db: Db;
  config: Config;
};

const found = (review: Review | undefined): Review => {
  if (!review) throw new NotFoundError(NOT_FOUND);
  return review;
};

/** Reviews and their moderation. Visitors' reviews start pending (docs/product.md#privacy-and-access). */
export function reviewsService({ db, config }: ReviewsDeps) {
  const store = reviewsStore(db);
  const tokens = reviewRequestTokensOf(config);

  return {
    list: (status: ReviewStatus, query: { page?: number; limit?: number }) =>
      store.list(status, paging(query)),

    /**
     * The owner's own review needs no moderation; anyone else's waits for approval, and the owner is mailed. A
     * visitor's review carrying a review request's valid, unused marker is stored verified (decided here, in its
     * transaction; a forged or used marker is no error: the review is stored, unverified).
     */
    async create(user: { role: string } | null, values: ReviewValues): Promise<Review & { message: string }> {
      if (user?.role === 'owner') {
        return { ...(await store.create(values, 'approved')), message: PUBLISHED_MESSAGE };
      }
      const owner = await ownerAddress(db, config);
      // The review and the owner's mail about it commit together.
      const review = await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        const verified = await claimReviewMarker(txDb, tokens, values.verification);
        const created = await reviewsStore(txDb).create(values, 'pending', verified);
        if (owner) await enqueueMails(txDb, [pendingReviewMail(created, owner, config)]);
        await enqueuePush(txDb, reviewNotice(created));
        return created;
      });
      return { ...review, message: PENDING_MESSAGE };
    },

    update: async (id: number, values: ReviewValues) => found(await store.update(id, values)),
    approve: async (id: number) => found(await store.approve(id)),

    async remove(id: number): Promise<{ message: string }> {
      if (!(await store.remove(id))) throw new NotFoundError(NOT_FOUND);
      return { message: 'Review deleted.' };
    },
  };
}
