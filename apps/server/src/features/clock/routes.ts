import { clockHeaders, clockRecordSchema, clockTap, visitKeyParams } from '@clean/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/guard';
import { member } from '../../lib/member-routes';

const tapRoute = (description: string) =>
  member(
    { params: visitKeyParams, headers: clockHeaders, body: clockTap.nullish(), description },
    { 200: clockRecordSchema },
    404,
    409,
  );

/** A team member's clock on their visits (docs/api.md#clock-in-and-out); app.clock is its time. */
export const clockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app.services;

  app.post(
    '/api/my/visits/:key/clock-in',
    tapRoute(
      'Clocks in at this visit of yours, now or at `at` (an offline tap: at most 12 hours old, never ahead). ' +
        'A tap replayed with the same Idempotency-Key answers the same record; a second open clock is a 409.',
    ),
    async (request) =>
      clock.clockIn(
        currentUser(request).id,
        request.params.key,
        request.body ?? {},
        request.headers['idempotency-key'],
      ),
  );

  app.post(
    '/api/my/visits/:key/clock-out',
    tapRoute(
      'Clocks out of your open clock at this visit, now or at `at` (as clock-in). A tap replayed with the same ' +
        'Idempotency-Key answers the same record; without an open clock here it is a 409.',
    ),
    async (request) =>
      clock.clockOut(
        currentUser(request).id,
        request.params.key,
        request.body ?? {},
        request.headers['idempotency-key'],
      ),
  );
};
