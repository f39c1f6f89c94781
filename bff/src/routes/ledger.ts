import { Hono } from 'hono';
import { asCaller } from '../middleware/authenticate';
import type { BffEnv } from '../deps';
import { parseBody, parseQuery } from '../validation';
import {
  holdingJson,
  metadataJson,
  portfolioJson,
  transactionJson,
  transactionStateJson,
  transactionTypeJson,
} from './ledger-json';
import {
  cancelBody,
  ghostGridQuery,
  holdingsSummaryBody,
  holdingTransactionsQuery,
  metadataQuery,
  portfolioBody,
  portfoliosSummaryBody,
  portfolioUpdateBody,
  postTransactionBody,
  repairBody,
  transactionsSummaryBody,
  transactionTypeBody,
  typesQuery,
  updateTransactionsBody,
} from './ledger-validation';
import { uuidParam } from './securities-validation';

/**
 * The ledger (issue 21; answers: packages/contracts/src/ledger.ts), served by the clients service's LedgerService.
 * The calls table says who may call; the service checks the organisation and role again and answers another
 * firm's uuid as not found.
 */

/** POST portfolios/summary, GET portfolios/{uuid} */
export const portfolioRoutes = new Hono<BffEnv>()
  .post('/summary', async (c) => {
    const { ids } = await parseBody(c, portfoliosSummaryBody);
    const { portfolios } = await c.var.deps.ledger.listPortfolios(
      { organisationUuid: c.var.organisationUuid, ids },
      asCaller(c),
    );
    return c.json(portfolios.map(portfolioJson));
  })
  .get('/:uuid', async (c) => {
    const answer = await c.var.deps.ledger.getPortfolio(
      { organisationUuid: c.var.organisationUuid, uuid: uuidParam(c) },
      asCaller(c),
    );
    return c.json(portfolioJson(answer));
  });

/** POST admin/portfolios, PUT admin/portfolios/{uuid} */
export const adminPortfolioRoutes = new Hono<BffEnv>()
  .post('/', async (c) => {
    const portfolio = await parseBody(c, portfolioBody);
    const answer = await c.var.deps.ledger.savePortfolio(
      { organisationUuid: c.var.organisationUuid, uuid: '', version: 0, portfolio },
      asCaller(c),
    );
    return c.json(portfolioJson(answer), 201);
  })
  .put('/:uuid', async (c) => {
    const uuid = uuidParam(c);
    const { version, ...portfolio } = await parseBody(c, portfolioUpdateBody);
    const answer = await c.var.deps.ledger.savePortfolio(
      { organisationUuid: c.var.organisationUuid, uuid, version, portfolio },
      asCaller(c),
    );
    return c.json(portfolioJson(answer));
  });

/** POST holdings/summary */
export const holdingRoutes = new Hono<BffEnv>().post('/summary', async (c) => {
  const body = await parseBody(c, holdingsSummaryBody);
  const { holdings } = await c.var.deps.ledger.listHoldings(
    { organisationUuid: c.var.organisationUuid, ...body },
    asCaller(c),
  );
  return c.json(holdings.map(holdingJson));
});

/** POST transactions/summary: a holding's transactions, server-driven. */
export const transactionRoutes = new Hono<BffEnv>().post('/summary', async (c) => {
  const body = await parseBody(c, transactionsSummaryBody);
  const answer = await c.var.deps.ledger.listHoldingTransactions(
    { organisationUuid: c.var.organisationUuid, ...body },
    asCaller(c),
  );
  return c.json({ content: answer.content.map(transactionJson), totalSize: answer.totalSize });
});

/** customerAdmin/transactions: the rows for editing, posting and editing them, and what the form needs. */
export const customerAdminTransactionRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const query = parseQuery(c, holdingTransactionsQuery);
    const answer = await c.var.deps.ledger.listTransactions(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json(answer.content.map(transactionJson));
  })
  .post('/', async (c) => {
    const body = await parseBody(c, postTransactionBody);
    const answer = await c.var.deps.ledger.postTransaction(
      { organisationUuid: c.var.organisationUuid, ...body },
      asCaller(c),
    );
    return c.json(transactionJson(answer), 201);
  })
  .put('/', async (c) => {
    const body = await parseBody(c, updateTransactionsBody);
    const answer = await c.var.deps.ledger.updateTransactions(
      { organisationUuid: c.var.organisationUuid, ...body },
      asCaller(c),
    );
    return c.json(answer.transactions.map(transactionJson));
  })
  .get('/types', async (c) => {
    const query = parseQuery(c, typesQuery);
    const { types } = await c.var.deps.ledger.listTransactionTypes(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json(types.map(transactionTypeJson));
  })
  .get('/states', async (c) => {
    const { states } = await c.var.deps.ledger.listTransactionStates(
      { organisationUuid: c.var.organisationUuid },
      asCaller(c),
    );
    return c.json(states.map(transactionStateJson));
  })
  .get('/metadata', async (c) => {
    const query = parseQuery(c, metadataQuery);
    const answer = await c.var.deps.ledger.getTransactionMetadata(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json(metadataJson(answer));
  });

/** Administration > Transaction Types. */
export const adminTransactionTypeRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const { types } = await c.var.deps.ledger.listTransactionTypes(
      { organisationUuid: c.var.organisationUuid, portfolioUuid: '' },
      asCaller(c),
    );
    return c.json(types.map(transactionTypeJson));
  })
  .get('/:uuid', async (c) => {
    const answer = await c.var.deps.ledger.getTransactionType(
      { organisationUuid: c.var.organisationUuid, uuid: uuidParam(c) },
      asCaller(c),
    );
    return c.json(transactionTypeJson(answer));
  })
  .post('/', async (c) => {
    const type = await parseBody(c, transactionTypeBody);
    const answer = await c.var.deps.ledger.saveTransactionType(
      { organisationUuid: c.var.organisationUuid, uuid: '', version: 0, type },
      asCaller(c),
    );
    return c.json(transactionTypeJson(answer), 201);
  })
  .put('/:uuid', async (c) => {
    const uuid = uuidParam(c);
    const type = await parseBody(c, transactionTypeBody);
    const answer = await c.var.deps.ledger.saveTransactionType(
      { organisationUuid: c.var.organisationUuid, uuid, version: type.version, type },
      asCaller(c),
    );
    return c.json(transactionTypeJson(answer));
  });

/** Administration > Ghost Transactions. */
export const adminGhostTransactionRoutes = new Hono<BffEnv>()
  .get('/', async (c) => {
    const query = parseQuery(c, ghostGridQuery);
    const answer = await c.var.deps.ledger.listGhostTransactions(
      { organisationUuid: c.var.organisationUuid, ...query },
      asCaller(c),
    );
    return c.json({ content: answer.content.map(transactionJson), totalSize: answer.totalSize });
  })
  .post('/:uuid/repair', async (c) => {
    const uuid = uuidParam(c);
    const body = await parseBody(c, repairBody);
    const answer = await c.var.deps.ledger.repairGhostTransaction(
      { organisationUuid: c.var.organisationUuid, uuid, ...body },
      asCaller(c),
    );
    return c.json(transactionJson(answer));
  })
  .post('/:uuid/cancel', async (c) => {
    const uuid = uuidParam(c);
    const { version } = await parseBody(c, cancelBody);
    const answer = await c.var.deps.ledger.cancelGhostTransaction(
      { organisationUuid: c.var.organisationUuid, uuid, version },
      asCaller(c),
    );
    return c.json(transactionJson(answer));
  });
