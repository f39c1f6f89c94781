import { eventSubject, newEvent, type OutboxEvent } from '@gains/outbox';
import { events } from '@gains/proto';
import type { OrganisationRecord } from '../store/organisation-store';

export const ORGANISATION_CREATED = eventSubject('identity', 'organisation', 'created');
export const ORGANISATION_UPDATED = eventSubject('identity', 'organisation', 'updated');

export function organisationEvent(
  subject: string,
  organisation: Pick<OrganisationRecord, 'uuid' | 'id' | 'code' | 'name' | 'type'>,
): OutboxEvent {
  return newEvent(subject, events.OrganisationChangedSchema, {
    uuid: organisation.uuid,
    id: organisation.id,
    code: organisation.code,
    name: organisation.name,
    type: organisation.type,
  });
}
