/**
 * The system-event endpoints of the access-control service (/api/SystemEvents: a range, one
 * event, the highest id, and the two searches), on the shared HTTP machinery of service-http.ts.
 * Owns what is particular to them: the schemas each answer must fit, finding the list of events
 * in whatever wrapper the server puts it, and the { maxID, events } wrapper of the range read.
 * All five are reads (the two searches are read-only POSTs), so service-http.ts retries them.
 */
import type { AccessService, CallOptions, EventCodeSearch, EventList, EventSearch, SearchAnswer, SystemEvent } from './access-service';
import { malformedAnswer, type RequestContext } from './service-errors';
import { findEventList, ListMaxIdSchema, MaxIdSchema } from './service-schemas';
import { readSystemEvent, readSystemEvents, type UnreadableEvent } from './event-reading';
import { idSegment, json, validate, type ServiceHttp } from './service-http';

export const SYSTEM_EVENT_ENDPOINTS = {
  listEvents: 'GET /api/SystemEvents',
  getEvent: 'GET /api/SystemEvents/{id}',
  getMaxEventId: 'GET /api/SystemEvents/maxid',
  searchEvents: 'POST /api/SystemEvents/search',
  searchEventsByCodes: 'POST /api/SystemEvents/searchbycodes',
} as const;

export type SystemEventEndpoints = Pick<AccessService, keyof typeof SYSTEM_EVENT_ENDPOINTS>;

const integerArgument = idSegment;

export function systemEventEndpoints(http: ServiceHttp): SystemEventEndpoints {
  return {
    async listEvents(fromId: number, maxId: number, options?: CallOptions): Promise<EventList> {
      return http.run(
        {
          endpoint: SYSTEM_EVENT_ENDPOINTS.listEvents,
          path: '/api/SystemEvents',
          params: { FromID: integerArgument(fromId), MaxID: integerArgument(maxId) },
          read: true,
          accept: (answer, ctx) => {
            const body = json(answer, ctx);
            const { events, unreadable } = eventsIn(body, ctx, answer.status);
            const wrapper = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
            // maxID's meaning is not specified and the kiosk never relies on it: an odd one is not the answer's end.
            const maxID = ListMaxIdSchema.safeParse(wrapper.maxID);
            return { maxID: maxID.success ? maxID.data : null, events, unreadable };
          },
        },
        options,
      );
    },

    async getEvent(id: number, options?: CallOptions): Promise<SystemEvent> {
      return http.run(
        {
          endpoint: SYSTEM_EVENT_ENDPOINTS.getEvent,
          path: `/api/SystemEvents/${idSegment(id)}`,
          subject: `event ${id}`,
          read: true,
          accept: (answer, ctx) => {
            const read = readSystemEvent(json(answer, ctx));
            if ('unreadable' in read) throw malformedAnswer(ctx, answer.status, undefined, read.unreadable.detail);
            return read.event;
          },
        },
        options,
      );
    },

    async getMaxEventId(options?: CallOptions): Promise<number> {
      return http.run(
        {
          endpoint: SYSTEM_EVENT_ENDPOINTS.getMaxEventId,
          path: '/api/SystemEvents/maxid',
          read: true,
          accept: (answer, ctx) => validate(MaxIdSchema, json(answer, ctx), ctx, answer.status).maxId,
        },
        options,
      );
    },

    async searchEvents(search: EventSearch, options?: CallOptions): Promise<SearchAnswer> {
      return http.run(
        {
          endpoint: SYSTEM_EVENT_ENDPOINTS.searchEvents,
          path: '/api/SystemEvents/search',
          read: true,
          data: search,
          accept: (answer, ctx) => searchAnswerOf(eventsIn(json(answer, ctx), ctx, answer.status)),
        },
        options,
      );
    },

    async searchEventsByCodes(search: EventCodeSearch, options?: CallOptions): Promise<SearchAnswer> {
      return http.run(
        {
          endpoint: SYSTEM_EVENT_ENDPOINTS.searchEventsByCodes,
          path: '/api/SystemEvents/searchbycodes',
          read: true,
          data: search,
          accept: (answer, ctx) => searchAnswerOf(eventsIn(json(answer, ctx), ctx, answer.status)),
        },
        options,
      );
    },
  };
}

/** A search's events with the elements that could not be read beside them. */
function searchAnswerOf(read: { events: SystemEvent[]; unreadable: UnreadableEvent[] }): SearchAnswer {
  return Object.assign(read.events, { unreadable: read.unreadable });
}

/** The answer's events read leniently (event-reading.ts); an answer with no list at all is malformed. */
function eventsIn(body: unknown, ctx: RequestContext, status: number): { events: SystemEvent[]; unreadable: UnreadableEvent[] } {
  const list = findEventList(body);
  if (!list) throw malformedAnswer(ctx, status, undefined, 'the answer holds no list of events');
  return readSystemEvents(list.items);
}
