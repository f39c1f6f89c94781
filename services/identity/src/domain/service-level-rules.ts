import { isReportTypeId, REPORT_TYPES } from '@gains/contracts';
import { invalidArgument } from '@gains/errors';
import type { ServiceLevelData } from '../store/service-level-store';

export interface ServiceLevelInput {
  code: string;
  serviceLevel: string;
  reportTypeMappings: { id?: number; reportTypeId: number; generate: boolean }[];
}

/** Checks a service level body; the first problem names its field. */
export function checkServiceLevel(input: ServiceLevelInput): ServiceLevelData {
  const code = input.code?.trim() ?? '';
  if (!code) throw invalidArgument('code', 'Code is required');
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(code))
    throw invalidArgument('code', 'Code must be up to 20 letters, digits, - or _');
  const serviceLevel = input.serviceLevel?.trim() ?? '';
  if (!serviceLevel) throw invalidArgument('serviceLevel', 'Service level is required');
  if (serviceLevel.length > 200) throw invalidArgument('serviceLevel', 'Service level must be at most 200 characters');
  const seen = new Set<number>();
  input.reportTypeMappings.forEach((m, i) => {
    if (!Number.isInteger(m.reportTypeId) || m.reportTypeId <= 0) {
      throw invalidArgument(`reportTypeMappings.${i}.reportTypeId`, 'Report type is required');
    }
    if (!isReportTypeId(m.reportTypeId)) {
      throw invalidArgument(
        `reportTypeMappings.${i}.reportTypeId`,
        `Report type must be one of ${REPORT_TYPES.map((t) => `${t.id} (${t.name})`).join(', ')}`,
      );
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
