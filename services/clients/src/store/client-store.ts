import { Prisma } from './generated/client';
import type { ClientSummary, ClientSummaryQuery, Page, SortableColumn } from '../domain/client-summary';
import type { ClientsPrisma } from './prisma';
import { likePattern } from './columns';
import type { BatchClientQuery, BatchClientRecord } from '../domain/list-batch-clients';

// Whitelisted: sort columns reach SQL only through this table.
const COLUMN_SQL: Record<SortableColumn, string> = {
  code: 'c.code',
  name: 'c.name',
  ouCode: 'o.code',
  relationshipManager: 'c.relationship_manager',
  inactive: 'c.inactive',
  type: 'c.type',
  state: 'c.state',
  annualException: 'c.annual_exemption',
  broughtForwardLoss: 'c.brought_forward_loss',
  unusedBroughtForwardLoss: 'c.unused_brought_forward_loss',
  annualExceptionRemaining: 'c.annual_exemption_remaining',
  marketValuation: 'c.market_value',
  ytdCapitalGainLoss: 'c.ytd_capital_gain_loss',
  ytdIncomeGain: 'c.ytd_income_gain',
  ytdExemptGainLoss: 'c.ytd_exempt_gain_loss',
  ytdHoldoverReliefGain: 'c.ytd_holdover_relief_gain',
  ytdCloggedLoss: 'c.ytd_clogged_loss',
  unrealisedCapitalGainLoss: 'c.unrealised_capital_gain_loss',
  unrealisedIncomeGain: 'c.unrealised_income_gain',
  unrealisedExemptGainLoss: 'c.unrealised_exempt_gain_loss',
  indexation: 'c.indexation',
  usedIndexation: 'c.used_indexation',
  holdingBreaks: 'c.holding_breaks',
  portfolioCalculationFailures: 'c.calculation_failures',
  incomePending: 'c.income_pending',
  costUpdatePending: 'c.cost_update_pending',
  thirtyDayDisposalCounter: 'c.thirty_day_disposal_counter',
};

type SummaryRow = Omit<ClientSummary, 'ouCode'> & { ouCode: string | null };

export function createClientStore(prisma: ClientsPrisma) {
  return {
    async findSummaries(query: ClientSummaryQuery): Promise<Page<ClientSummary>> {
      const conditions = [Prisma.sql`c.organisation_uuid = ${query.organisationUuid}::uuid`];
      if (query.liveOnly) conditions.push(Prisma.sql`c.state = 'Live'`);
      if (query.term) {
        const term = query.term.toLowerCase();
        // The firm's own code matches every row or none: asked once, so the search's arms are the client's own
        // columns, each served by its trigram index.
        const [firm] = await prisma.$queryRaw<{ code: string }[]>`
          SELECT code FROM organisation WHERE uuid = ${query.organisationUuid}::uuid`;
        if (!firm?.code.toLowerCase().includes(term)) {
          const pattern = likePattern(query.term);
          const inactive = 'inactive'.includes(term) ? Prisma.sql` OR c.inactive` : Prisma.empty;
          conditions.push(Prisma.sql`(c.code ILIKE ${pattern} OR c.name ILIKE ${pattern}
            OR c.relationship_manager ILIKE ${pattern}${inactive})`);
        }
      }
      // One organisation at a time, so its code orders nothing: left out, the sort is on the client's own columns.
      // Ties go by code then id in the sort's direction, so a descending order is the ascending one reversed and
      // one (organisation, column, code, id) index serves both, read backwards for descending.
      const sort = query.sort.filter((s) => s.column !== 'ouCode');
      const ties = sort[0]?.direction === 'desc' ? ('desc' as const) : ('asc' as const);
      const orderBy = [...sort, { column: 'code' as const, direction: ties }]
        .map((s) => `${COLUMN_SQL[s.column]} ${s.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`)
        .concat(ties === 'desc' ? 'c.id DESC' : 'c.id ASC')
        .join(', ');
      const where = Prisma.join(conditions, ' AND ');
      // The page's ids first (an index scan that stops after the page), then their rows; the total counted apart,
      // never by a window over every row.
      const [rows, [{ n }]] = await Promise.all([
        prisma.$queryRaw<SummaryRow[]>`
        SELECT c.uuid::text AS "uuid", c.code, c.name, o.code AS "ouCode",
               c.relationship_manager AS "relationshipManager", c.inactive, c.type, c.state,
               c.annual_exemption::text AS "annualException",
               c.brought_forward_loss::text AS "broughtForwardLoss",
               c.unused_brought_forward_loss::text AS "unusedBroughtForwardLoss",
               c.annual_exemption_remaining::text AS "annualExceptionRemaining",
               c.market_value::text AS "marketValuation",
               c.ytd_capital_gain_loss::text AS "ytdCapitalGainLoss",
               c.ytd_income_gain::text AS "ytdIncomeGain",
               c.ytd_exempt_gain_loss::text AS "ytdExemptGainLoss",
               c.ytd_holdover_relief_gain::text AS "ytdHoldoverReliefGain",
               c.ytd_clogged_loss::text AS "ytdCloggedLoss",
               c.unrealised_capital_gain_loss::text AS "unrealisedCapitalGainLoss",
               c.unrealised_income_gain::text AS "unrealisedIncomeGain",
               c.unrealised_exempt_gain_loss::text AS "unrealisedExemptGainLoss",
               c.indexation::text AS "indexation",
               c.used_indexation::text AS "usedIndexation",
               c.holding_breaks AS "holdingBreaks",
               c.calculation_failures AS "portfolioCalculationFailures",
               c.income_pending AS "incomePending",
               c.cost_update_pending AS "costUpdatePending",
               c.thirty_day_disposal_counter AS "thirtyDayDisposalCounter",
               c.calculation_status AS "calculationStatus",
               to_char(c.last_calculated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastCalculatedAt"
          FROM client c LEFT JOIN organisation o ON o.uuid = c.organisation_uuid
         WHERE c.id IN (SELECT c.id FROM client c WHERE ${where}
                         ORDER BY ${Prisma.raw(orderBy)}
                         LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size})
         ORDER BY ${Prisma.raw(orderBy)}`,
        prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM client c WHERE ${where}`,
      ]);
      const totalSize = Number(n);
      return {
        content: rows.map(({ ouCode, ...row }) => ({ ...row, ouCode: ouCode ?? '' })),
        totalSize,
      };
    },

    /** The organisation's named clients income pending, its others not; answers how many changed. */
    /** Active clients of a batch print's filters, in code order after `afterCode`. */
    async listBatchClients(q: BatchClientQuery): Promise<BatchClientRecord[]> {
      const rows = await prisma.$queryRaw<(Omit<BatchClientRecord, 'reportTypeMappings'> & { mappings: unknown })[]>`
        SELECT c.uuid::text AS uuid, c.code, c.name, c.service_level AS "serviceLevel",
               c.override_report_type_mapping AS "overrideReportTypeMapping", c.report_type_mappings AS mappings,
               c.electronic_report AS "electronicReport", c.paperless_report AS "paperlessReport",
               c.printed_report AS "printedReport", c.client_portal_report AS "clientPortalReport",
               c.income_pending AS "incomePending", c.cost_update_pending AS "costUpdatePending",
               c.thirty_day_disposal_counter AS "thirtyDayDisposalCounter"
          FROM client c
         WHERE c.organisation_uuid = ${q.organisationUuid}::uuid AND NOT c.inactive
           AND (${q.reportingFrequency} = '' OR c.reporting_frequency = ${q.reportingFrequency})
           AND (${q.states}::text[] IS NULL OR c.state = ANY(${q.states}::text[]))
           AND (${q.relationshipManager} = '' OR c.relationship_manager_code = ${q.relationshipManager}
                OR c.relationship_manager = ${q.relationshipManager})
           AND c.code > ${q.afterCode}
         ORDER BY c.code
         LIMIT ${q.limit}`;
      return rows.map(({ mappings, ...r }) => ({
        ...r,
        reportTypeMappings: (Array.isArray(mappings) ? mappings : []).map(
          (m: { reportTypeId?: unknown; generate?: unknown }) => ({
            reportTypeId: Number(m.reportTypeId),
            generate: m.generate === true,
          }),
        ),
      }));
    },
    async setIncomePending(organisationUuid: string, clientUuids: string[]): Promise<number> {
      return prisma.$executeRaw`
        UPDATE client SET income_pending = (uuid = ANY(${clientUuids}::uuid[]))
        WHERE organisation_uuid = ${organisationUuid}::uuid
          AND income_pending IS DISTINCT FROM (uuid = ANY(${clientUuids}::uuid[]))`;
    },
  };
}
export type ClientStore = ReturnType<typeof createClientStore>;
