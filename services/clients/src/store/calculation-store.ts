import { Prisma } from './generated/client';
import type { CalculationFigures, GainFigures } from '../domain/calculation-figures';
import type { ClientCalculationStatus } from '../domain/get-calculation-status';
import type { ClientsPrisma, ClientsTx } from './prisma';

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
const SHARED = [...GAINS.map(([, column]) => column), 'holdover_relief', 'clogged_loss'];

/** The figures of the tax engine's runs, written beside the client, portfolio, holding and transaction rows. */
export function createCalculationStore(prisma: ClientsPrisma) {
  return {
    /** The client's newest stored run, locked until the transaction ends (runs of one client store one by one). */
    async lockClient(tx: ClientsTx, organisationUuid: string, clientUuid: string): Promise<StoredRun | null> {
      const [row] = await tx.$queryRaw<{ id: number; version: bigint | null; at: Date | null }[]>`
        SELECT id, calculated_ledger_version AS version, last_calculated_at AS at FROM client
         WHERE uuid = ${clientUuid}::uuid AND organisation_uuid = ${organisationUuid}::uuid FOR UPDATE`;
      return row ? { clientId: row.id, ledgerVersion: row.version, computedAt: row.at?.toISOString() ?? null } : null;
    },

    /**
     * Writes a run's figures (already checked, already known newer) in the caller's transaction: the client row;
     * the client's shares of its portfolios and holdings, whose rows become the sums of their owners' shares; the
     * holdings' status and time; the transactions' figures. Rows of portfolios the client does not own are left
     * alone, whatever the run names.
     */
    async writeRun(tx: ClientsTx, clientId: number, f: CalculationFigures): Promise<void> {
      const c = f.client;
      // Raw SQL on purpose: updated_at is the ledger version's source (ExportClientLedger), and storing a run's
      // figures is no change of the ledger, so it must not move.
      if (f.status === 'FAILED') {
        // Nothing was computed: the figures stored stay, shown beside the failure.
        await tx.$executeRaw`
          UPDATE client SET calculation_status = 'FAILED', calculation_failures = ${Math.max(1, c.calculationFailures)}::int,
                 last_calculated_at = ${f.computedAt}::timestamptz, calculated_ledger_version = ${f.ledgerVersion}::bigint
           WHERE id = ${clientId}`;
        await tx.$executeRaw`
          UPDATE holding h SET calculation_status = 'FAILED', last_calculated_at = ${f.computedAt}::timestamptz
            FROM portfolio_owner po
           WHERE po.client_id = ${clientId} AND h.portfolio_id = po.portfolio_id AND h.calculation_status <> 'EXCLUDED'`;
        return;
      }
      await tx.$executeRaw`
        UPDATE client SET
          market_value = ${c.marketValue}::numeric,
          holding_breaks = ${c.holdingBreaks}::int,
          annual_exemption = ${c.annualExemption}::numeric,
          annual_exemption_remaining = ${c.annualExemptionRemaining}::numeric,
          brought_forward_loss = ${c.broughtForwardLoss}::numeric,
          unused_brought_forward_loss = ${c.unusedBroughtForwardLoss}::numeric,
          ytd_capital_gain_loss = ${c.ytdCapitalGainLoss}::numeric,
          ytd_income_gain = ${c.ytdIncomeGain}::numeric,
          ytd_exempt_gain_loss = ${c.ytdExemptGainLoss}::numeric,
          ytd_holdover_relief_gain = ${c.ytdHoldoverReliefGain}::numeric,
          ytd_clogged_loss = ${c.ytdCloggedLoss}::numeric,
          unrealised_capital_gain_loss = ${c.unrealisedCapitalGainLoss}::numeric,
          unrealised_income_gain = ${c.unrealisedIncomeGain}::numeric,
          unrealised_exempt_gain_loss = ${c.unrealisedExemptGainLoss}::numeric,
          indexation = ${c.indexation}::numeric,
          used_indexation = ${c.usedIndexation}::numeric,
          calculation_failures = ${c.calculationFailures}::int,
          thirty_day_disposal_counter = ${c.thirtyDayDisposalCounter}::int,
          calculation_status = ${f.status},
          last_calculated_at = ${f.computedAt}::timestamptz,
          calculated_ledger_version = ${f.ledgerVersion}::bigint
        WHERE id = ${clientId}`;

      const owned = await tx.$queryRaw<{ id: number; uuid: string }[]>`
        SELECT p.id, p.uuid::text AS uuid FROM portfolio_owner po JOIN portfolio p ON p.id = po.portfolio_id
         WHERE po.client_id = ${clientId}`;
      const portfolioId = new Map(owned.map((p) => [p.uuid.toLowerCase(), p.id]));
      const idOf = (uuid: string) => portfolioId.get(uuid.toLowerCase());
      const ids = owned.map((p) => p.id);
      if (ids.length === 0) return;

      // The client's previous shares go: a portfolio or holding the run no longer names has no share of theirs.
      await tx.$executeRaw`DELETE FROM owner_figure WHERE client_id = ${clientId}`;
      const gains = (g: GainFigures) => Object.fromEntries(GAINS.map(([field]) => [field, g[field]]));
      const shares = [
        ...f.portfolios.flatMap((p) => {
          const id = idOf(p.portfolioUuid);
          if (id === undefined) return [];
          return [
            {
              portfolioId: id,
              securityId: 0,
              clientId,
              ...gains(p),
              marketValue: p.marketValue,
              holdoverRelief: p.holdoverRelief,
              cloggedLoss: p.cloggedLoss,
              calculationFailures: p.calculationFailures,
            },
          ];
        }),
        ...f.holdings.flatMap((h) => {
          const id = idOf(h.portfolioUuid);
          if (id === undefined) return [];
          return [
            {
              portfolioId: id,
              securityId: h.securityId,
              clientId,
              ...gains(h),
              averageCost: h.averageCost,
              cgtCost: h.cgtCost,
              holdoverRelief: h.holdoverRelief,
              cloggedLoss: h.cloggedLoss,
              thirtyDayDisposalCounter: h.thirtyDayDisposalCounter,
            },
          ];
        }),
      ];
      // A holding named twice (a bad run) keeps its last share rather than failing the whole run.
      await tx.ownerFigure.createMany({ data: shares, skipDuplicates: true });

      const sums = Prisma.raw(SHARED.map((col) => `sum(f.${col})`).join(', '));
      const columns = Prisma.raw(SHARED.join(', '));
      await tx.$executeRaw`
        UPDATE portfolio p SET (${columns}, market_value, calculation_failures) =
          (SELECT ${sums}, sum(f.market_value), coalesce(sum(f.calculation_failures), 0)::int
             FROM owner_figure f WHERE f.portfolio_id = p.id AND f.security_id = 0)
         WHERE p.id = ANY(${ids}::int[])`;
      // One owner: the engine's average cost as it is; several: their CGT costs over the quantity held.
      await tx.$executeRaw`
        UPDATE holding h SET (${columns}, cgt_cost, thirty_day_disposal_counter, average_cost) =
          (SELECT ${sums}, sum(f.cgt_cost), coalesce(sum(f.thirty_day_disposal_counter), 0)::int,
                  CASE WHEN count(*) <= 1 THEN max(f.average_cost)
                       ELSE round(sum(f.cgt_cost) / NULLIF(h.quantity, 0), 8) END
             FROM owner_figure f WHERE f.portfolio_id = h.portfolio_id AND f.security_id = h.security_id)
         WHERE h.portfolio_id = ANY(${ids}::int[])`;

      // Every computed holding of the client was computed without a failure unless the run names it with its
      // own status and time; ISA and pension holdings stay EXCLUDED.
      await tx.$executeRaw`
        UPDATE holding SET calculation_status = 'SUCCEEDED', last_calculated_at = ${f.computedAt}::timestamptz
         WHERE portfolio_id = ANY(${ids}::int[]) AND calculation_status <> 'EXCLUDED'`;
      const named = f.holdings.filter((h) => idOf(h.portfolioUuid) !== undefined);
      if (named.length > 0) {
        await tx.$executeRaw`
          UPDATE holding h SET calculation_status = u.status, last_calculated_at = u.at::timestamptz
            FROM unnest(${named.map((h) => idOf(h.portfolioUuid)!)}::int[], ${named.map((h) => h.securityId)}::int[],
                        ${named.map((h) => h.calculationStatus)}::text[], ${named.map((h) => h.calculatedAt)}::text[])
                 AS u(portfolio_id, security_id, status, at)
           WHERE h.portfolio_id = u.portfolio_id AND h.security_id = u.security_id
             AND h.calculation_status <> 'EXCLUDED'`;
      }

      if (f.transactions.length > 0) {
        const t = f.transactions;
        const col = (pick: (x: (typeof t)[number]) => string | null) => t.map(pick);
        await tx.$executeRaw`
          UPDATE ledger_transaction l SET cgt_cost = u.cgt_cost::numeric, proceeds = u.proceeds::numeric,
                 capital_gain_loss = u.capital::numeric, income_gain = u.income::numeric,
                 exempt_gain_loss = u.exempt::numeric, holdover_relief = u.holdover::numeric,
                 clogged_loss = u.clogged::numeric, indexation = u.indexation::numeric
            FROM unnest(${col((x) => x.transactionUuid)}::uuid[], ${col((x) => x.cgtCost)}::text[],
                        ${col((x) => x.proceeds)}::text[], ${col((x) => x.capitalGainLoss)}::text[],
                        ${col((x) => x.incomeGain)}::text[], ${col((x) => x.exemptGainLoss)}::text[],
                        ${col((x) => x.holdoverRelief)}::text[], ${col((x) => x.cloggedLoss)}::text[],
                        ${col((x) => x.indexation)}::text[])
                 AS u(uuid, cgt_cost, proceeds, capital, income, exempt, holdover, clogged, indexation)
           WHERE l.uuid = u.uuid AND l.organisation_uuid = ${f.organisationUuid}::uuid
             AND l.portfolio_id = ANY(${ids}::int[])`;
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
