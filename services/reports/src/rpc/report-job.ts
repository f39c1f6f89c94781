import { domainErrorFrom } from '@gains/errors';
import type { JobHandler } from '@gains/jobs';
import { generateReport, type GenerateDeps } from '../domain/generate-report';
import { REPORT_JOB, type ReportJobInput } from '../domain/request-report';

/**
 * The REPORT job: one chunk renders and keeps the report. A refusal of the domain (a restricted year, a client
 * another firm's, a ledger that cannot be read) ends the job FAILED with its reason and field, read back by
 * GetReportRequest; anything else (a service away) is thrown, so the runner tries the chunk again.
 */
export function createReportJobHandler(deps: GenerateDeps): JobHandler<ReportJobInput, null> {
  return {
    type: REPORT_JOB,
    async runChunk({ job, input }) {
      try {
        await generateReport(
          deps,
          { ...input, organisationUuid: job.organisationUuid, batchId: null, delivery: '' },
          job.uuid,
        );
        return { cursor: null, done: true, progressDone: 1, progressTotal: 1, add: { successes: 1 } };
      } catch (error) {
        const refused = domainErrorFrom(error);
        if (!refused) throw error;
        return {
          cursor: null,
          done: true,
          progressDone: 1,
          progressTotal: 1,
          failures: [{ column: refused.field ?? '', key: refused.code, reason: refused.message }],
        };
      }
    },
  };
}
