import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import type { Issuer, Security, SecurityPrice, StaticDataChange } from '@gains/contracts';
import { securities } from '@gains/proto';
import type { SecuritiesDeps } from '../domain/deps';
import {
  approveStaticDataChange,
  listStaticDataChanges,
  rejectStaticDataChange,
} from '../domain/decide-static-data-change';
import { addFxRate, listCurrencies, listFxRates } from '../domain/fx-rates';
import { getReferenceLists } from '../domain/get-reference-lists';
import { getSecurity } from '../domain/get-security';
import { listPrices, listPricesOnDate } from '../domain/list-prices';
import { listPricesAt } from '../domain/list-prices-at';
import { listSecurities } from '../domain/list-securities';
import { listIssuers, saveIssuer } from '../domain/save-issuer';
import { saveSecurity } from '../domain/save-security';
import { searchSecurities } from '../domain/search-securities';
import { setPrice } from '../domain/set-price';
import { updateClassifications } from '../domain/update-classifications';
import { uploadPrices } from '../domain/upload-prices';

// Thin: map the request, call the use case, map the answer. Plain types become proto shapes here.
const security = (s: Security) => ({ ...s });
const price = (p: SecurityPrice) => ({ ...p });
const issuer = (i: Issuer) => ({ ...i });
function change(c: StaticDataChange) {
  return {
    ...c,
    entityId: c.entityId ?? undefined,
    oldValuesJson: JSON.stringify(c.oldValues),
    newValuesJson: JSON.stringify(c.newValues),
    reviewedByName: c.reviewedByName ?? undefined,
    reviewedAt: c.reviewedAt ?? undefined,
    note: c.note ?? undefined,
  };
}

export function createSecuritiesService(deps: SecuritiesDeps): ServiceImpl<typeof securities.SecuritiesService> {
  return {
    async searchSecurities(req, ctx) {
      return { results: await searchSecurities(deps, requireCaller(ctx), req.organisationUuid, req.term) };
    },
    async listSecurities(req, ctx) {
      const page = await listSecurities(deps, requireCaller(ctx), req.organisationUuid, req);
      return { content: page.content.map(security), totalSize: page.totalSize };
    },
    async getSecurity(req, ctx) {
      const { latestPrice, pendingChanges, ...s } = await getSecurity(
        deps,
        requireCaller(ctx),
        req.organisationUuid,
        req.id,
      );
      return {
        security: security(s),
        latestPrice: latestPrice ? price(latestPrice) : undefined,
        pendingChanges: pendingChanges.map(change),
      };
    },
    async saveSecurity(req, ctx) {
      const input = req.input ?? create(securities.SecurityInputSchema);
      const result = await saveSecurity(deps, requireCaller(ctx), req.organisationUuid, req.id, input);
      return {
        applied: result.applied,
        security: result.value ? security(result.value) : undefined,
        change: result.change ? change(result.change) : undefined,
      };
    },
    async updateClassifications(req, ctx) {
      const result = await updateClassifications(deps, requireCaller(ctx), req.organisationUuid, req.updates);
      return {
        applied: result.applied,
        securities: result.securities.map(security),
        changes: result.changes.map(change),
      };
    },
    async listIssuers(req, ctx) {
      return { issuers: (await listIssuers(deps, requireCaller(ctx), req.organisationUuid, req.term)).map(issuer) };
    },
    async saveIssuer(req, ctx) {
      const result = await saveIssuer(deps, requireCaller(ctx), req.organisationUuid, req.uuid, req);
      return {
        applied: result.applied,
        issuer: result.value ? issuer(result.value) : undefined,
        change: result.change ? change(result.change) : undefined,
      };
    },
    async listPrices(req, ctx) {
      const history = await listPrices(deps, requireCaller(ctx), req.organisationUuid, req.securityId, req);
      return { ...history, oldPriceAgeDays: history.oldPriceAgeDays ?? undefined, prices: history.prices.map(price) };
    },
    async listPricesOnDate(req, ctx) {
      const page = await listPricesOnDate(deps, requireCaller(ctx), req.organisationUuid, req);
      return {
        content: page.content.map((r) => ({ ...r, price: r.price ? price(r.price) : undefined })),
        totalSize: page.totalSize,
      };
    },
    async listPricesAt(req, ctx) {
      return listPricesAt(deps, requireCaller(ctx), req);
    },
    async setPrice(req, ctx) {
      return price(await setPrice(deps, requireCaller(ctx), req.organisationUuid, req));
    },
    async uploadPrices(req, ctx) {
      const answer = await uploadPrices(deps, requireCaller(ctx), req.organisationUuid, req.csv);
      return answer.ok ? { ...answer, problems: [] } : { ok: false, problems: answer.problems };
    },
    async listCurrencies(req, ctx) {
      return { currencies: await listCurrencies(deps, requireCaller(ctx), req.organisationUuid) };
    },
    async listFxRates(req, ctx) {
      return { rates: await listFxRates(deps, requireCaller(ctx), req.organisationUuid, req) };
    },
    async addFxRate(req, ctx) {
      return addFxRate(deps, requireCaller(ctx), req.organisationUuid, req);
    },
    async listStaticDataChanges(req, ctx) {
      return {
        changes: (await listStaticDataChanges(deps, requireCaller(ctx), req.organisationUuid, req.status)).map(change),
      };
    },
    async approveStaticDataChange(req, ctx) {
      return change(await approveStaticDataChange(deps, requireCaller(ctx), req.organisationUuid, req.uuid));
    },
    async rejectStaticDataChange(req, ctx) {
      return change(await rejectStaticDataChange(deps, requireCaller(ctx), req.organisationUuid, req.uuid, req.note));
    },
    async getReferenceLists(req, ctx) {
      return getReferenceLists(deps, requireCaller(ctx), req.organisationUuid);
    },
  };
}
