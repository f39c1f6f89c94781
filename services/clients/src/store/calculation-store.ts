import { Prisma } from './generated/client';
import type { CalculationFigures, GainFigures } from '../domain/calculation-figures';
import type { ClientCalculationStatus } from '../domain/get-calculation-status';
import type { RawSql } from '@gains/db';
import type { ClientsPrisma } from './prisma';

export interface StoredRun {
  clientId: number;
  ledgerVersion: bigint | null;
  computedAt: string | null;
}

const GAINS = [
  ['ytdCapitalGainLoss', 'ytd_capital_gain_loss'],
  ['ytdIncomeGain', 'ytd_income_gain'],
  ['ytdExemptGainLoss', 'ytd_exempt_gain_loss'],
  ['unrealisedCapitalGainLoss', 'unrealised_capital_gain_loss'],
  ['unrealisedIncomeGain', 'unrealised_income_gain'],
  ['unrealisedExemptGainLoss', 'unrealised_exempt_gain_loss'],
  ['indexation', 'indexation'],
] as const satisfies readonly (readonly [keyof GainFigures, string])[];

/** The share columns summed into a portfolio's or a holding's row (a joint portfolio has one share per owner). */
/** One owner's share of a portfolio (security 0) or a holding, as owner_figure keeps it. */
type OwnerShare = GainFigures & {
  portfolioId: number;
  securityId: number;
  clientId: number;
  marketValue: string | null;
  averageCost: string | null;
  cgtCost: string | null;
  holdoverRelief: string | null;
  cloggedLoss: string | null;
  calculationFailures: number;
  thirtyDayDisposalCounter: number;
};

const SHARED = [...GAINS.map(([, column]) => column), 'holdover_relief', 'clogged_loss'];

/** The figures of the tax engine's runs, written beside the client, portfolio, holding and transaction rows. */
export function createCalculationStore(prisma: ClientsPrisma) {
  return {
    /**
     * The clients' newest stored runs, locked until the transaction ends (runs of one client store one by one), by
     * client uuid (lower case); a client not of the run's organisation is missing. Locked in id order, so two
     * batches never wait on each other in a circle.
     */
    async lockClients(
      tx: RawSql,
      runs: { organisationUuid: string; clientUuid: string }[],
    ): Promise<Map<string, StoredRun>> {
      const rows = await tx.$queryRaw<{ id: number; uuid: string; version: bigint | null; at: Date | null }[]>`
        SELECT c.id, c.uuid::text AS uuid, c.calculated_ledger_version AS version, c.last_calculated_at AS at
          FROM client c JOIN unnest(${runs.map((r) => r.clientUuid)}::uuid[], ${runs.map((r) => r.organisationUuid)}::uuid[])
               AS k(uuid, organisation_uuid) ON c.uuid = k.uuid AND c.organisation_uuid = k.organisation_uuid
         ORDER BY c.id FOR UPDATE OF c`;
      return new Map(
        rows.map((row) => [
          row.uuid.toLowerCase(),
          { clientId: row.id, ledgerVersion: row.version, computedAt: row.at?.toISOString() ?? null },
        ]),
      );
    },

    /**
     * Writes runs' figures (already checked, already known newer; one run a client) in the caller's transaction,
     * a few statements for the whole batch: the client rows; the clients' shares of their portfolios and holdings,
     * whose rows become the sums of their owners' shares; the holdings' status and time; the transactions'
     * figures. Rows of portfolios a client does not own are left alone, whatever its run names.
     */
    async writeRuns(tx: RawSql, runs: { clientId: number; figures: CalculationFigures }[]): Promise<void> {
      // Raw SQL on purpose: updated_at is the ledger version's source (ExportClientLedger), and storing a run's
      // figures is no change of the ledger, so it must not move.
      for (const { clientId, figures: f } of runs.filter((r) => r.figures.status === 'FAILED')) {
        // Nothing was computed: the figures stored stay, shown beside the failure.
        await tx.$executeRaw`
          UPDATE client SET calculation_status = 'FAILED',
                 calculation_failures = ${Math.max(1, f.client.calculationFailures)}::int,
                 last_calculated_at = ${f.computedAt}::timestamptz, calculated_ledger_version = ${f.ledgerVersion}::bigint
           WHERE id = ${clientId}`;
        await tx.$executeRaw`
          UPDATE holding h SET calculation_status = 'FAILED', last_calculated_at = ${f.computedAt}::timestamptz
            FROM portfolio_owner po
           WHERE po.client_id = ${clientId} AND h.portfolio_id = po.portfolio_id AND h.calculation_status <> 'EXCLUDED'`;
      }
      const computed = runs.filter((r) => r.figures.status !== 'FAILED');
      if (computed.length === 0) return;
      const clientCol = <T>(pick: (f: CalculationFigures) => T) => computed.map((r) => pick(r.figures));
      const c = (pick: (f: CalculationFigures['client']) => string | null) => clientCol((f) => pick(f.client));
      await tx.$executeRaw`
        UPDATE client SET
          market_value = v.market_value::numeric, holding_breaks = v.holding_breaks,
          annual_exemption = v.annual_exemption::numeric, annual_exemption_remaining = v.ae_remaining::numeric,
          brought_forward_loss = v.bfl::numeric, unused_brought_forward_loss = v.unused_bfl::numeric,
          ytd_capital_gain_loss = v.ytd_capital::numeric, ytd_income_gain = v.ytd_income::numeric,
          ytd_exempt_gain_loss = v.ytd_exempt::numeric, ytd_holdover_relief_gain = v.ytd_holdover::numeric,
          ytd_clogged_loss = v.ytd_clogged::numeric, unrealised_capital_gain_loss = v.unr_capital::numeric,
          unrealised_income_gain = v.unr_income::numeric, unrealised_exempt_gain_loss = v.unr_exempt::numeric,
          indexation = v.indexation::numeric, used_indexation = v.used_indexation::numeric,
          calculation_failures = v.failures, thirty_day_disposal_counter = v.thirty_day,
          calculation_status = v.status, last_calculated_at = v.at::timestamptz, calculated_ledger_version = v.version
          FROM unnest(${computed.map((r) => r.clientId)}::int[], ${c((x) => x.marketValue)}::text[],
                      ${clientCol((f) => f.client.holdingBreaks)}::int[], ${c((x) => x.annualExemption)}::text[],
                      ${c((x) => x.annualExemptionRemaining)}::text[], ${c((x) => x.broughtForwardLoss)}::text[],
                      ${c((x) => x.unusedBroughtForwardLoss)}::text[], ${c((x) => x.ytdCapitalGainLoss)}::text[],
                      ${c((x) => x.ytdIncomeGain)}::text[], ${c((x) => x.ytdExemptGainLoss)}::text[],
                      ${c((x) => x.ytdHoldoverReliefGain)}::text[], ${c((x) => x.ytdCloggedLoss)}::text[],
                      ${c((x) => x.unrealisedCapitalGainLoss)}::text[], ${c((x) => x.unrealisedIncomeGain)}::text[],
                      ${c((x) => x.unrealisedExemptGainLoss)}::text[], ${c((x) => x.indexation)}::text[],
                      ${c((x) => x.usedIndexation)}::text[], ${clientCol((f) => f.client.calculationFailures)}::int[],
                      ${clientCol((f) => f.client.thirtyDayDisposalCounter)}::int[], ${clientCol((f) => f.status)}::text[],
                      ${clientCol((f) => f.computedAt)}::text[], ${clientCol((f) => f.ledgerVersion.toString())}::bigint[])
               AS v(id, market_value, holding_breaks, annual_exemption, ae_remaining, bfl, unused_bfl, ytd_capital,
                    ytd_income, ytd_exempt, ytd_holdover, ytd_clogged, unr_capital, unr_income, unr_exempt, indexation,
                    used_indexation, failures, thirty_day, status, at, version)
         WHERE client.id = v.id`;

      const clientIds = computed.map((r) => r.clientId);
      const owned = await tx.$queryRaw<{ client_id: number; id: number; uuid: string }[]>`
        SELECT po.client_id, p.id, p.uuid::text AS uuid FROM portfolio_owner po JOIN portfolio p ON p.id = po.portfolio_id
         WHERE po.client_id = ANY(${clientIds}::int[])`;
      if (owned.length === 0) return;
      const portfolioOf = new Map(owned.map((p) => [`${p.client_id}:${p.uuid.toLowerCase()}`, p.id]));
      const ids = [...new Set(owned.map((p) => p.id))];

      // The clients' previous shares go: a portfolio or holding a run no longer names has no share of theirs.
      await tx.$executeRaw`DELETE FROM owner_figure WHERE client_id = ANY(${clientIds}::int[])`;
      const shares: OwnerShare[] = [];
      // A portfolio's last computed time, for its holdings' status (a joint one: its latest owner's run).
      const portfolioAt = new Map<number, string>();
      const named: { portfolioId: number; securityId: number; status: string; at: string }[] = [];
      const transactions: (CalculationFigures['transactions'][number] & {
        organisationUuid: string;
        clientId: number;
      })[] = [];
      for (const { clientId, figures: f } of computed) {
        const idOf = (uuid: string) => portfolioOf.get(`${clientId}:${uuid.toLowerCase()}`);
        for (const p of f.portfolios) {
          const portfolioId = idOf(p.portfolioUuid);
          if (portfolioId === undefined) continue;
          shares.push({
            ...p,
            portfolioId,
            securityId: 0,
            clientId,
            averageCost: null,
            cgtCost: null,
            thirtyDayDisposalCounter: 0,
          });
        }
        for (const h of f.holdings) {
          const portfolioId = idOf(h.portfolioUuid);
          if (portfolioId === undefined) continue;
          shares.push({ ...h, portfolioId, clientId, marketValue: null, calculationFailures: 0 });
          named.push({ portfolioId, securityId: h.securityId, status: h.calculationStatus, at: h.calculatedAt });
        }
        for (const p of owned) {
          if (p.client_id !== clientId) continue;
          const before = portfolioAt.get(p.id);
          if (before === undefined || before < f.computedAt) portfolioAt.set(p.id, f.computedAt);
        }
        for (const t of f.transactions) transactions.push({ ...t, organisationUuid: f.organisationUuid, clientId });
      }
      if (shares.length > 0) {
        const col = (pick: (x: OwnerShare) => string | number | null) => shares.map(pick);
        // A holding named twice (a bad run) keeps one share rather than failing the whole batch.
        await tx.$executeRaw`
          INSERT INTO owner_figure (portfolio_id, security_id, client_id, market_value, average_cost, cgt_cost,
                 ytd_capital_gain_loss, ytd_income_gain, ytd_exempt_gain_loss, unrealised_capital_gain_loss,
                 unrealised_income_gain, unrealised_exempt_gain_loss, indexation, holdover_relief, clogged_loss,
                 calculation_failures, thirty_day_disposal_counter)
          SELECT portfolio_id, security_id, client_id, market_value::numeric, average_cost::numeric, cgt_cost::numeric,
                 ytd_capital::numeric, ytd_income::numeric, ytd_exempt::numeric, unr_capital::numeric,
                 unr_income::numeric, unr_exempt::numeric, indexation::numeric, holdover::numeric, clogged::numeric,
                 failures, thirty_day
            FROM unnest(${col((x) => x.portfolioId)}::int[], ${col((x) => x.securityId)}::int[],
                        ${col((x) => x.clientId)}::int[], ${col((x) => x.marketValue)}::text[],
                        ${col((x) => x.averageCost)}::text[], ${col((x) => x.cgtCost)}::text[],
                        ${col((x) => x.ytdCapitalGainLoss)}::text[], ${col((x) => x.ytdIncomeGain)}::text[],
                        ${col((x) => x.ytdExemptGainLoss)}::text[], ${col((x) => x.unrealisedCapitalGainLoss)}::text[],
                        ${col((x) => x.unrealisedIncomeGain)}::text[], ${col((x) => x.unrealisedExemptGainLoss)}::text[],
                        ${col((x) => x.indexation)}::text[], ${col((x) => x.holdoverRelief)}::text[],
                        ${col((x) => x.cloggedLoss)}::text[], ${col((x) => x.calculationFailures)}::int[],
                        ${col((x) => x.thirtyDayDisposalCounter)}::int[])
                 AS u(portfolio_id, security_id, client_id, market_value, average_cost, cgt_cost, ytd_capital,
                      ytd_income, ytd_exempt, unr_capital, unr_income, unr_exempt, indexation, holdover, clogged,
                      failures, thirty_day)
          ON CONFLICT DO NOTHING`;
      }

      const sums = Prisma.raw(SHARED.map((col) => `sum(f.${col})`).join(', '));
      const columns = Prisma.raw(SHARED.join(', '));
      await tx.$executeRaw`
        UPDATE portfolio p SET (${columns}, market_value, calculation_failures) =
          (SELECT ${sums}, sum(f.market_value), coalesce(sum(f.calculation_failures), 0)::int
             FROM owner_figure f WHERE f.portfolio_id = p.id AND f.security_id = 0)
         WHERE p.id = ANY(${ids}::int[])`;
      // Each holding of the clients' portfolios written once: its owners' shares summed (one owner: the engine's
      // average cost as it is; several: their CGT costs over the quantity held), and its status and time (computed
      // without a failure unless its run names it with its own; ISA and pension holdings stay EXCLUDED). One
      // statement, so one new version of each holding row (each version costs the row's indexes).
      const computedAt = [...portfolioAt];
      await tx.$executeRaw`
        UPDATE holding h SET (${columns}, cgt_cost, thirty_day_disposal_counter, average_cost) =
          (SELECT ${sums}, sum(f.cgt_cost), coalesce(sum(f.thirty_day_disposal_counter), 0)::int,
                  CASE WHEN count(*) <= 1 THEN max(f.average_cost)
                       ELSE round(sum(f.cgt_cost) / NULLIF(h.quantity, 0), 8) END
             FROM owner_figure f WHERE f.portfolio_id = h.portfolio_id AND f.security_id = h.security_id),
               calculation_status = CASE WHEN h.calculation_status = 'EXCLUDED' THEN h.calculation_status
                                         ELSE coalesce(w.named_status, 'SUCCEEDED') END,
               last_calculated_at = CASE WHEN h.calculation_status = 'EXCLUDED' THEN h.last_calculated_at
                                         ELSE coalesce(w.named_at, w.portfolio_at)::timestamptz END
          FROM (SELECT k.portfolio_id, k.security_id, p.at AS portfolio_at, n.status AS named_status, n.at AS named_at
                  FROM holding k
                  JOIN unnest(${computedAt.map(([id]) => id)}::int[], ${computedAt.map(([, at]) => at)}::text[])
                       AS p(portfolio_id, at) ON p.portfolio_id = k.portfolio_id
                  LEFT JOIN (SELECT DISTINCT ON (portfolio_id, security_id) *
                               FROM unnest(${named.map((h) => h.portfolioId)}::int[], ${named.map((h) => h.securityId)}::int[],
                                           ${named.map((h) => h.status)}::text[], ${named.map((h) => h.at)}::text[])
                                    AS u(portfolio_id, security_id, status, at)) n
                       ON n.portfolio_id = k.portfolio_id AND n.security_id = k.security_id) w
         WHERE h.portfolio_id = w.portfolio_id AND h.security_id = w.security_id`;

      if (transactions.length > 0) {
        const t = transactions;
        const col = (pick: (x: (typeof t)[number]) => string | number | null) => t.map(pick);
        await tx.$executeRaw`
          UPDATE ledger_transaction l SET cgt_cost = u.cgt_cost::numeric, proceeds = u.proceeds::numeric,
                 capital_gain_loss = u.capital::numeric, income_gain = u.income::numeric,
                 exempt_gain_loss = u.exempt::numeric, holdover_relief = u.holdover::numeric,
                 clogged_loss = u.clogged::numeric, indexation = u.indexation::numeric
            FROM unnest(${col((x) => x.transactionUuid)}::uuid[], ${col((x) => x.organisationUuid)}::uuid[],
                        ${col((x) => x.clientId)}::int[],
                        ${col((x) => x.cgtCost)}::text[], ${col((x) => x.proceeds)}::text[],
                        ${col((x) => x.capitalGainLoss)}::text[], ${col((x) => x.incomeGain)}::text[],
                        ${col((x) => x.exemptGainLoss)}::text[], ${col((x) => x.holdoverRelief)}::text[],
                        ${col((x) => x.cloggedLoss)}::text[], ${col((x) => x.indexation)}::text[])
                 AS u(uuid, organisation_uuid, client_id, cgt_cost, proceeds, capital, income, exempt, holdover, clogged, indexation)
           WHERE l.uuid = u.uuid AND l.organisation_uuid = u.organisation_uuid
             AND EXISTS (SELECT 1 FROM portfolio_owner po WHERE po.portfolio_id = l.portfolio_id AND po.client_id = u.client_id)
             -- A row whose figures stand as they were is not written again (a new row version costs all its indexes).
             AND (l.cgt_cost, l.proceeds, l.capital_gain_loss, l.income_gain, l.exempt_gain_loss, l.holdover_relief,
                  l.clogged_loss, l.indexation)
                 IS DISTINCT FROM (u.cgt_cost::numeric, u.proceeds::numeric, u.capital::numeric, u.income::numeric,
                                   u.exempt::numeric, u.holdover::numeric, u.clogged::numeric, u.indexation::numeric)`;
      }
    },

    /** The client's calculation status and each security's (over the client's portfolios), or null if unknown. */
    async findStatus(organisationUuid: string, clientUuid: string): Promise<ClientCalculationStatus | null> {
      const [client] = await prisma.$queryRaw<
        { id: number; status: string; at: Date | null; version: bigint | null; failures: number }[]
      >`
        SELECT id, calculation_status AS status, last_calculated_at AS at, calculated_ledger_version AS version,
               calculation_failures AS failures
          FROM client WHERE uuid = ${clientUuid}::uuid AND organisation_uuid = ${organisationUuid}::uuid`;
      if (!client) return null;
      const securities = await prisma.$queryRaw<{ securityId: number; statuses: string[]; at: Date | null }[]>`
        SELECT h.security_id AS "securityId", array_agg(DISTINCT h.calculation_status) AS statuses,
               max(h.last_calculated_at) AS at
          FROM holding h JOIN portfolio_owner po ON po.portfolio_id = h.portfolio_id
         WHERE po.client_id = ${client.id} AND h.organisation_uuid = ${organisationUuid}::uuid
           AND (h.quantity <> 0 OR h.rec_break)
         GROUP BY h.security_id ORDER BY h.security_id`;
      return {
        clientUuid: clientUuid.toLowerCase(),
        storedStatus: client.status,
        lastCalculatedAt: client.at?.toISOString() ?? null,
        ledgerVersion: client.version === null ? null : client.version.toString(),
        calculationFailures: client.failures,
        securities: securities.map((s) => ({
          securityId: s.securityId,
          statuses: s.statuses,
          lastCalculatedAt: s.at?.toISOString() ?? null,
        })),
      };
    },
  };
}
export type CalculationStore = ReturnType<typeof createCalculationStore>;
