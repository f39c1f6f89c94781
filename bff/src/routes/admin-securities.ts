import { Hono } from 'hono';
import { z } from 'zod';
import { errorBody } from '@gains/errors';
import type { securities } from '@gains/proto';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { field, parseBody, parseQuery } from '../validation';
import { changeJson, issuerJson, priceJson, priceOnDateJson, securityJson } from './securities-json';
import {
  classificationBody,
  dateRangeQuery,
  gridQuery,
  idParam,
  issuerBody,
  priceBody,
  securityBody,
  uploadBody,
  uuidParam,
} from './securities-validation';

function securityChange(answer: securities.SecurityChangeResponse) {
  return {
    applied: answer.applied,
    value: answer.security ? securityJson(answer.security) : null,
    change: answer.change ? changeJson(answer.change) : null,
  };
}

function issuerChange(answer: securities.IssuerChangeResponse) {
  return {
    applied: answer.applied,
    value: answer.issuer ? issuerJson(answer.issuer) : null,
    change: answer.change ? changeJson(answer.change) : null,
  };
}

/**
 * Securities Lite, Security Maintenance, Issuer Maintenance and Security Prices (issue 20). Static paths
 * come before `/:id`. Answers: packages/contracts/src/securities.ts.
 */
export const adminSecurityRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const query = parseQuery(c, gridQuery);
    const answer = await c.var.deps.securities.listSecurities(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json({ content: answer.content.map(securityJson), totalSize: answer.totalSize });
  })
  .post('/', async (c) => {
    const input = await parseBody(c, securityBody);
    const answer = await c.var.deps.securities.saveSecurity(
      { organisationUuid: c.var.organisationUuid, id: 0, input },
      asCaller(c),
    );
    return c.json(securityChange(answer), answer.applied ? 201 : 202);
  })
  .put('/classification', async (c) => {
    const { updates } = await parseBody(c, classificationBody);
    const answer = await c.var.deps.securities.updateClassifications(
      { organisationUuid: c.var.organisationUuid, updates },
      asCaller(c),
    );
    return c.json(
      {
        applied: answer.applied,
        securities: answer.securities.map(securityJson),
        changes: answer.changes.map(changeJson),
      },
      answer.applied ? 200 : 202,
    );
  })
  .get('/issuers', async (c) => {
    const { term } = parseQuery(c, z.object({ term: field.queryText('term') }));
    const { issuers } = await c.var.deps.securities.listIssuers(
      { organisationUuid: c.var.organisationUuid, term },
      asCaller(c),
    );
    return c.json(issuers.map(issuerJson));
  })
  .post('/issuers', async (c) => {
    const body = await parseBody(c, issuerBody);
    const answer = await c.var.deps.securities.saveIssuer(
      { organisationUuid: c.var.organisationUuid, uuid: '', ...body },
      asCaller(c),
    );
    return c.json(issuerChange(answer), answer.applied ? 201 : 202);
  })
  .put('/issuers/:uuid', async (c) => {
    const uuid = uuidParam(c);
    const body = await parseBody(c, issuerBody);
    const answer = await c.var.deps.securities.saveIssuer(
      { organisationUuid: c.var.organisationUuid, uuid, ...body },
      asCaller(c),
    );
    return c.json(issuerChange(answer), answer.applied ? 200 : 202);
  })
  .get('/prices', async (c) => {
    const query = parseQuery(c, gridQuery.extend({ date: field.queryText('date', 10) }));
    const answer = await c.var.deps.securities.listPricesOnDate(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json({ content: answer.content.map(priceOnDateJson), totalSize: answer.totalSize });
  })
  .post('/prices/upload', async (c) => {
    const { csv } = await parseBody(c, uploadBody);
    const answer = await c.var.deps.securities.uploadPrices(
      { organisationUuid: c.var.organisationUuid, csv },
      asCaller(c),
    );
    if (!answer.ok) {
      const problems = answer.problems.map((p) => ({ line: p.line, field: p.field, message: p.message }));
      const first = problems[0]!;
      const message =
        `The file was not loaded: ${problems.length} bad line${problems.length === 1 ? '' : 's'}; ` +
        `line ${first.line}: ${first.message}`;
      return c.json({ ...errorBody(message, c.var.requestId, 'csv'), problems }, 400);
    }
    return c.json({
      lines: answer.lines,
      inserted: answer.inserted,
      updated: answer.updated,
      unchanged: answer.unchanged,
    });
  })
  .get('/:id', async (c) => {
    const id = idParam(c);
    const answer = await c.var.deps.securities.getSecurity(
      { organisationUuid: c.var.organisationUuid, id },
      asCaller(c),
    );
    return c.json({
      ...securityJson(answer.security!),
      latestPrice: answer.latestPrice ? priceJson(answer.latestPrice) : null,
      pendingChanges: answer.pendingChanges.map(changeJson),
    });
  })
  .put('/:id', async (c) => {
    const id = idParam(c);
    const input = await parseBody(c, securityBody);
    const answer = await c.var.deps.securities.saveSecurity(
      { organisationUuid: c.var.organisationUuid, id, input },
      asCaller(c),
    );
    return c.json(securityChange(answer), answer.applied ? 200 : 202);
  })
  .get('/:id/prices', async (c) => {
    const securityId = idParam(c);
    const range = parseQuery(c, dateRangeQuery);
    const answer = await c.var.deps.securities.listPrices(
      { organisationUuid: c.var.organisationUuid, securityId, ...range },
      asCaller(c),
    );
    return c.json({
      securityId: answer.securityId,
      currency: answer.currency,
      from: answer.from,
      to: answer.to,
      oldPriceAgeDays: answer.oldPriceAgeDays ?? null,
      prices: answer.prices.map(priceJson),
    });
  })
  .put('/:id/prices/:date', async (c) => {
    const securityId = idParam(c);
    const date = c.req.param('date');
    const body = await parseBody(c, priceBody);
    const answer = await c.var.deps.securities.setPrice(
      { organisationUuid: c.var.organisationUuid, securityId, date, ...body },
      asCaller(c),
    );
    return c.json(priceJson(answer));
  });
