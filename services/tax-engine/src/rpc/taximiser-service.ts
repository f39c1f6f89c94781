import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import type { taximiser } from '@gains/proto';
import { planTaximiser, type PlanTaximiserDeps } from '../domain/taximiser/plan-taximiser';

/** gains.tax_engine.v1.TaximiserService (taximiser.proto): thin, map, call, map. */
export function createTaximiserService(deps: PlanTaximiserDeps): ServiceImpl<typeof taximiser.TaximiserService> {
  return {
    async plan(req, ctx) {
      return planTaximiser(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        clientUuid: req.clientUuid,
        portfolioUuid: req.portfolioUuid,
        action: req.action,
        amount: req.amount,
        percent: req.percent,
        include: req.include,
        includePercent: req.includePercent,
        exclude: req.exclude,
        prices: req.prices,
        quantities: req.quantities.map((q) => ({ securityId: q.securityId, quantity: q.quantity })),
        household: req.household,
        spousePortfolioUuid: req.spousePortfolioUuid,
        rebuy: req.rebuy,
        rebuyPortfolioUuid: req.rebuyPortfolioUuid,
        isaSubscribed: req.isaSubscribed,
      });
    },
  };
}
