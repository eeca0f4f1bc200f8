import type { RequestHandler, Router } from 'express';
import { idParams } from '../../../shared/api/common';
import {
  LAB_FEED_MESSAGES,
  codeCreate,
  codeList,
  codeUpdate,
  codeWrite,
  labFeedStatus,
  locationCreate,
  locationList,
  locationUpdate,
  locationWrite,
  mappingDeleted,
  messagePage,
  messagesQuery,
  pendingGroups,
  resultPage,
  resultsQuery,
  retryAnswer,
  retryInput,
} from '../../../shared/api/lab-feed';
import {
  GUESTS_CANNOT_SEND,
  LAB_FEED_FHIR_BYTES_MAX,
  LAB_FEED_HL7_BYTES_MAX,
} from '../../../shared/domain/lab-feed';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../domain/errors';
import * as mappings from '../../domain/lab-feed/mappings';
import * as operations from '../../domain/lab-feed/operations';
import * as feed from '../../domain/lab-feed/service';
import { apiRouter } from '../../http/api-router';
import { rawBody } from '../../http/raw-body';
import { presentPage } from '../../http/present-page';
import { HANDLED } from '../../http/route';
import { presentCode, presentLocation, presentMessage, presentResult } from './presenter';

/** The HL7 v2 media types a message may come as (section 2.1). */
const HL7_MEDIA_TYPES = [
  'application/hl7-v2+er7',
  'x-application/hl7-v2+er7',
  'application/hl7-v2',
  'text/plain',
];

/** Guests are refused before their body is read (403 'Guests cannot send results.'). */
const guestsCannotSend: RequestHandler = (req, _res, next) =>
  next(feed.maySendAs(req.user!) ? undefined : forbidden(GUESTS_CANNOT_SEND));

/** The lab feed (lab-feed.md), behind the hemolysisTracking flag. */
export function labFeedRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'lab-feed');
  const deps: feed.LabFeedDeps = {
    db: ctx.db,
    secretKey: ctx.config.sso.secretKey,
    metrics: ctx.metrics,
    now: ctx.now,
  };

  api.post(
    '/v2/institutes/:id/lab-feed/hl7',
    {
      summary:
        'One HL7 v2 message (ORU^R01, OUL^R22) as application/hl7-v2+er7, answered with its ACK ' +
        '(members, admins, owners, staff; a read-write token)',
      access: 'data:edit',
      params: idParams,
      download: ['application/hl7-v2+er7'],
      errors: [413, 415],
      bodyType: 'raw',
      before: [
        guestsCannotSend,
        rawBody({
          mediaTypes: HL7_MEDIA_TYPES,
          maxBytes: LAB_FEED_HL7_BYTES_MAX,
          wrongType: LAB_FEED_MESSAGES.hl7MediaType,
          tooLarge: LAB_FEED_MESSAGES.hl7TooLarge,
        }),
      ],
    },
    async ({ user, params, req, res }) => {
      const { ack, latin1 } = await feed.receiveHl7(deps, user, params.id, req.body as Buffer);
      res
        .status(200)
        .type(`application/hl7-v2+er7; charset=${latin1 ? 'iso-8859-1' : 'utf-8'}`)
        .send(ack);
      return HANDLED;
    },
  );

  api.post(
    '/v2/institutes/:id/lab-feed/fhir',
    {
      summary:
        'One FHIR R4 transaction or batch Bundle of Observations as application/fhir+json, ' +
        'answered with its response Bundle (400: an OperationOutcome)',
      access: 'data:edit',
      params: idParams,
      download: ['application/fhir+json'],
      errors: [413, 415],
      bodyType: 'raw',
      before: [
        guestsCannotSend,
        rawBody({
          mediaTypes: ['application/fhir+json', 'application/json'],
          maxBytes: LAB_FEED_FHIR_BYTES_MAX,
          wrongType: LAB_FEED_MESSAGES.fhirMediaType,
          tooLarge: LAB_FEED_MESSAGES.fhirTooLarge,
        }),
      ],
    },
    async ({ user, params, req, res }) => {
      const bytes = req.body as Buffer;
      let bundle: unknown = null;
      try {
        bundle = JSON.parse(bytes.toString('utf8'));
      } catch {
        // not JSON: answered as not a Bundle
      }
      const answer = await feed.receiveFhir(deps, user, params.id, bundle, bytes);
      res.status(answer.status).type('application/fhir+json').send(JSON.stringify(answer.body));
      return HANDLED;
    },
  );
  api.get(
    '/v2/institutes/:id/lab-feed/locations',
    {
      summary: 'The location mappings of an organization (code → line, or ignore)',
      access: 'read',
      params: idParams,
      response: locationList,
    },
    async ({ user, params }) =>
      presentPage(await mappings.listLocations(deps, user, params.id), presentLocation),
  );
  api.post(
    '/v2/institutes/:id/lab-feed/locations',
    {
      summary: 'Map a location code to a line or ignore it; re-files its results (owners, admins)',
      access: 'lab-feed:manage',
      params: idParams,
      body: locationCreate,
      response: locationWrite,
      status: 201,
      errors: [409],
    },
    async ({ user, params, body }) => {
      const row = await mappings.createLocation(deps, user, params.id, body);
      return { ...presentLocation(row), refiled: row.refiled };
    },
  );
  api.patch(
    '/v2/lab-feed/locations/:id',
    {
      summary: 'Change a location mapping; re-files its results (owners, admins)',
      access: 'lab-feed:manage',
      params: idParams,
      body: locationUpdate,
      response: locationWrite,
      errors: [409],
    },
    async ({ user, params, body }) => {
      const row = await mappings.updateLocation(deps, user, params.id, body);
      return { ...presentLocation(row), refiled: row.refiled };
    },
  );
  api.delete(
    '/v2/lab-feed/locations/:id',
    {
      summary: 'Delete a location mapping: its results wait in Needs mapping again',
      access: 'lab-feed:manage',
      params: idParams,
      response: mappingDeleted,
    },
    async ({ user, params }) => mappings.deleteLocation(deps, user, params.id),
  );
  api.get(
    '/v2/institutes/:id/lab-feed/codes',
    {
      summary: 'The result-code mappings of an organization (code → analyte and unit factors)',
      access: 'read',
      params: idParams,
      response: codeList,
    },
    async ({ user, params }) =>
      presentPage(await mappings.listCodes(deps, user, params.id), presentCode),
  );
  api.post(
    '/v2/institutes/:id/lab-feed/codes',
    {
      summary: 'Map a result code to an analyte or ignore it; re-files its results',
      access: 'lab-feed:manage',
      params: idParams,
      body: codeCreate,
      response: codeWrite,
      status: 201,
      errors: [409],
    },
    async ({ user, params, body }) => {
      const row = await mappings.createCode(deps, user, params.id, body);
      return { ...presentCode(row), refiled: row.refiled };
    },
  );
  api.patch(
    '/v2/lab-feed/codes/:id',
    {
      summary: 'Change a result-code mapping; re-files its results',
      access: 'lab-feed:manage',
      params: idParams,
      body: codeUpdate,
      response: codeWrite,
      errors: [409],
    },
    async ({ user, params, body }) => {
      const row = await mappings.updateCode(deps, user, params.id, body);
      return { ...presentCode(row), refiled: row.refiled };
    },
  );
  api.delete(
    '/v2/lab-feed/codes/:id',
    {
      summary: 'Delete a result-code mapping: its results wait in Needs mapping again',
      access: 'lab-feed:manage',
      params: idParams,
      response: mappingDeleted,
    },
    async ({ user, params }) => mappings.deleteCode(deps, user, params.id),
  );
  api.get(
    '/v2/institutes/:id/lab-feed/pending',
    {
      summary: 'The needs-mapping inbox: pending results grouped by what blocks them',
      access: 'read',
      params: idParams,
      response: pendingGroups,
    },
    async ({ user, params }) => mappings.pendingGroups(deps, user, params.id),
  );
  api.get(
    '/v2/institutes/:id/lab-feed/status',
    {
      summary: "The feed's last 14 days, last message and error, and whether the caller may send",
      access: 'read',
      params: idParams,
      response: labFeedStatus,
    },
    async ({ user, params }) => operations.feedStatus(deps, user, params.id),
  );
  api.get(
    '/v2/institutes/:id/lab-feed/messages',
    {
      summary: 'The messages and bundles received, newest first',
      access: 'read',
      params: idParams,
      query: messagesQuery,
      response: messagePage,
    },
    async ({ user, params, query }) =>
      presentPage(await operations.listMessages(deps, user, params.id, query), presentMessage),
  );
  api.get(
    '/v2/institutes/:id/lab-feed/results',
    {
      summary: 'Each current and each pending result (`specimen` is hashed, never echoed)',
      access: 'read',
      params: idParams,
      query: resultsQuery,
      response: resultPage,
    },
    async ({ user, params, query }) =>
      presentPage(await operations.listResults(deps, user, params.id, query), presentResult),
  );
  api.post(
    '/v2/institutes/:id/lab-feed/messages/retry',
    {
      summary: "Run rejected messages again with today's mappings (owners, admins)",
      access: 'lab-feed:manage',
      params: idParams,
      body: retryInput,
      response: retryAnswer,
      errors: [409],
    },
    async ({ user, params, body }) => operations.retryMessages(deps, user, params.id, body.ids),
  );

  return api.router;
}
