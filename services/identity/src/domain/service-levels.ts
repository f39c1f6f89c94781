import crypto from 'node:crypto';
import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import type { ServiceLevelData, ServiceLevelRecord } from '../store/service-level-store';
import { ADMINS, assertRole, SUPER_ADMIN } from './admin-access';
import type { IdentityDeps } from './deps';

export interface ServiceLevelInput {
  code: string;
  serviceLevel: string;
  reportTypeMappings: { id?: number; reportTypeId: number; generate: boolean }[];
}

/** Checks a service level body; the first problem names its field. */
export function checkServiceLevel(input: ServiceLevelInput): ServiceLevelData {
  const code = input.code?.trim() ?? '';
  if (!code) throw invalidArgument('code', 'Code is required');
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(code)) throw invalidArgument('code', 'Code must be up to 20 letters, digits, - or _');
  const serviceLevel = input.serviceLevel?.trim() ?? '';
  if (!serviceLevel) throw invalidArgument('serviceLevel', 'Service level is required');
  if (serviceLevel.length > 200) throw invalidArgument('serviceLevel', 'Service level must be at most 200 characters');
  const seen = new Set<number>();
  input.reportTypeMappings.forEach((m, i) => {
    if (!Number.isInteger(m.reportTypeId) || m.reportTypeId <= 0) {
      throw invalidArgument(`reportTypeMappings.${i}.reportTypeId`, 'Report type is required');
    }
    if (seen.has(m.reportTypeId)) {
      throw invalidArgument(`reportTypeMappings.${i}.reportTypeId`, 'Each report type may be mapped once');
    }
    seen.add(m.reportTypeId);
  });
  return {
    code: code.toUpperCase(),
    serviceLevel,
    reportTypeMappings: input.reportTypeMappings.map((m) => ({ reportTypeId: m.reportTypeId, generate: m.generate })),
  };
}

export async function listServiceLevels(deps: IdentityDeps, caller: Caller): Promise<ServiceLevelRecord[]> {
  await assertRole(deps, caller, ADMINS);
  return deps.serviceLevels.listAll();
}

export async function getServiceLevel(deps: IdentityDeps, caller: Caller, id: number): Promise<ServiceLevelRecord> {
  await assertRole(deps, caller, ADMINS);
  const found = await deps.serviceLevels.findById(id);
  if (!found) throw notFound('Service level', 'id');
  return found;
}

export async function createServiceLevel(deps: IdentityDeps, caller: Caller, input: ServiceLevelInput): Promise<ServiceLevelRecord> {
  await assertRole(deps, caller, SUPER_ADMIN);
  const data = checkServiceLevel(input);
  if (await deps.serviceLevels.findByCode(data.code)) {
    throw new DomainError('ALREADY_EXISTS', 'A service level with this code already exists', 'code');
  }
  return deps.serviceLevels.insert({ ...data, uuid: crypto.randomUUID() });
}

export async function updateServiceLevel(
  deps: IdentityDeps,
  caller: Caller,
  id: number,
  input: ServiceLevelInput,
): Promise<ServiceLevelRecord> {
  await assertRole(deps, caller, SUPER_ADMIN);
  if (!(await deps.serviceLevels.findById(id))) throw notFound('Service level', 'id');
  const data = checkServiceLevel(input);
  const sameCode = await deps.serviceLevels.findByCode(data.code);
  if (sameCode && sameCode.id !== id) {
    throw new DomainError('ALREADY_EXISTS', 'A service level with this code already exists', 'code');
  }
  return deps.serviceLevels.update(id, data);
}
