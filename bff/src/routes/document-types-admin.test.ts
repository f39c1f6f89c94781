// Administration > Document Types through the BFF against the whole system on a real PostgreSQL (issue 26): a
// firm's own type copied from a system type posts as its base does, deactivating it takes it out of the types
// offered for headers, system types are read-only, the version guards an edit, each bad field is named, and
// another firm's member or a non-admin is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, newClient, newSecurity, settledHeader } from './documents-fixtures';
import { expectError, ORG, startTestSystem, type Persona, type TestSystem } from '../test-support';

let t: TestSystem;
const as = (persona: Persona, body?: unknown, org = ORG.ASHW) => ({ token: t.tokens[persona], org, body });
interface TypeJson {
  uuid: string;
  code: string;
  name: string;
  version: number;
  active: boolean;
  system: boolean;
  effect: string;
  baseCode: string;
  lineDefinitions: { uuid: string; ord: number; transactionTypeName: string; transactionTypeDescription: string }[];
}
let cashDividend: TypeJson;
let mine: TypeJson;

beforeAll(async () => {
  t = await startTestSystem();
  const list = (await t.request('GET', '/api/admin/documents/types', as('manager'))).body as TypeJson[];
  cashDividend = list.find((x) => x.code === 'CASH_DIVIDEND')!;
}, 240_000);

afterAll(async () => t?.stop());

const codesOf = (types: TypeJson[]) => types.map((x) => x.code);

describe('a firm’s own document type', () => {
  it('copies CASH_DIVIDEND as MY_DIVIDEND, keeping its ledger posting, and lists it', async () => {
    const created = await t.request(
      'POST',
      '/api/admin/documents/types',
      as('manager', {
        baseUuid: cashDividend.uuid,
        code: 'MY_DIVIDEND',
        name: 'Our dividend',
        lineDefinitions: [{ ord: 1, transactionTypeDescription: 'Our dividend per share, GBP', defaultPrice: '0' }],
        processingOverride: { autoProcess: true, autoProcessNDaysAfterPayDate: 3 },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    mine = created.body;
    expect(mine).toMatchObject({
      code: 'MY_DIVIDEND',
      name: 'Our dividend',
      system: false,
      active: true,
      version: 1,
      effect: 'CASH_DIVIDEND',
      documentTypeCode: 'CA',
      baseCode: 'CASH_DIVIDEND',
      baseName: 'Cash dividend',
      updatedByName: expect.any(String),
      processingOverride: expect.objectContaining({ autoProcess: true, autoProcessNDaysAfterPayDate: 3 }),
    });
    expect(mine.lineDefinitions).toEqual([
      expect.objectContaining({
        ord: 1,
        transactionTypeName: 'DIVIDEND',
        transactionTypeDescription: 'Our dividend per share, GBP',
        defaultPrice: '0',
        defaultIncomeReportLabel: 'Dividend',
      }),
    ]);
    expect(mine.lineDefinitions[0]!.uuid).not.toBe(cashDividend.lineDefinitions[0]!.uuid);
    const list = (await t.request('GET', '/api/admin/documents/types', as('manager'))).body;
    expect(codesOf(list)).toContain('MY_DIVIDEND');
    const read = await t.request('GET', `/api/admin/documents/types/${mine.uuid}`, as('manager'));
    expect(read.body).toMatchObject({ uuid: mine.uuid, code: 'MY_DIVIDEND' });
  });

  it('makes a header whose preview is its base’s: 1,000 shares x 5p = £50.00', async () => {
    const security = (await newSecurity(t, 'BD0T01', 'Own Type Payer')).id;
    const holder = await newClient(t, { persona: 'manager', org: ORG.ASHW }, 'DTA-1', 'Type Holder');
    const who = { persona: 'manager' as const, org: ORG.ASHW };
    expect(
      await buy(t, who, holder.portfolios[0]!, security, { quantity: '1000', price: '2', tradeDate: '2026-08-03' }),
    ).toBe(201);
    const layer = (await t.request('GET', `/api/admin/documents/layers/${security}`, as('manager'))).body[0].uuid;
    const created = await t.request(
      'POST',
      '/api/admin/documents/headers',
      as('manager', {
        typeUuid: mine.uuid,
        securityId: security,
        exDate: '2026-09-01',
        payDate: '2026-09-15',
        layerUuid: layer,
        lines: [{ lineDefinitionUuid: mine.lineDefinitions[0]!.uuid, rate: '0.05' }],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ typeCode: 'MY_DIVIDEND' });
    const header = await settledHeader(t, created.body.uuid, 'CREATING_CANDIDATES');
    expect(header.status).toBe('PENDING');
    const previews = (
      await t.request('GET', `/api/admin/documents/headers/${header.uuid}/previews?size=100`, as('manager'))
    ).body;
    // 1,000 shares x £0.05 = £50.00, paid on the pay date as the base's DIVIDEND row
    expect(
      previews.content.map((p: Record<string, unknown>) => [p.transactionType, p.consideration, p.tradeDate]),
    ).toEqual([['DIVIDEND', '50', '2026-09-15']]);
  });

  it('deactivated, it is no longer offered for headers but stays in the administration list', async () => {
    const saved = await t.request(
      'PUT',
      `/api/admin/documents/types/${mine.uuid}`,
      as('manager', { version: mine.version, active: false }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ active: false, version: mine.version + 1, name: 'Our dividend' });
    mine = saved.body;
    const offered = (await t.request('GET', '/api/admin/documents/headers/types?documentTypeCode=CA', as('manager')))
      .body;
    expect(codesOf(offered)).not.toContain('MY_DIVIDEND');
    expect(codesOf(offered)).toContain('CASH_DIVIDEND');
    const admin = (await t.request('GET', '/api/admin/documents/types', as('manager'))).body as TypeJson[];
    expect(admin.find((x) => x.code === 'MY_DIVIDEND')).toMatchObject({ active: false });
  });

  it('refuses a change to a system type (412) and a stale version (409), changing nothing', async () => {
    expectError(
      await t.request(
        'PUT',
        `/api/admin/documents/types/${cashDividend.uuid}`,
        as('manager', { version: cashDividend.version, name: 'Renamed' }),
      ),
      412,
      "A system type cannot be changed: copy it as your firm's own type (CASH_DIVIDEND)",
      'uuid',
    );
    expectError(
      await t.request(
        'PUT',
        `/api/admin/documents/types/${mine.uuid}`,
        as('manager', { version: mine.version - 1, name: 'Too late' }),
      ),
      409,
      'The document type changed since it was read: reload it and edit it again',
      'version',
    );
    const read = (await t.request('GET', `/api/admin/documents/types/${mine.uuid}`, as('manager'))).body;
    expect(read).toMatchObject({ name: 'Our dividend', version: mine.version });
  });

  it('refuses a bad code, name or default price naming the field, and writes nothing', async () => {
    const copy = (more: Record<string, unknown>) =>
      t.request(
        'POST',
        '/api/admin/documents/types',
        as('manager', { baseUuid: cashDividend.uuid, code: 'OK_CODE', name: 'Fine', ...more }),
      );
    expectError(
      await copy({ code: 'bad code' }),
      400,
      'Code must be 2 to 40 uppercase letters, digits or underscores',
      'code',
    );
    expectError(
      await copy({ code: 'CASH_DIVIDEND' }),
      400,
      "Code CASH_DIVIDEND is already used by a system type or one of your firm's types",
      'code',
    );
    expectError(
      await copy({ code: 'MY_DIVIDEND' }),
      400,
      "Code MY_DIVIDEND is already used by a system type or one of your firm's types",
      'code',
    );
    expectError(await copy({ name: '  ' }), 400, 'Name is required', 'name');
    expectError(await copy({ name: 'N'.repeat(101) }), 400, 'Name must be at most 100 characters', 'name');
    expectError(
      await copy({ lineDefinitions: [{ ord: 1, defaultPrice: '-1' }] }),
      400,
      'Default price must be a decimal of 0 or more, or empty',
      'lineDefinitions[0].defaultPrice',
    );
    expectError(
      await t.request(
        'PUT',
        `/api/admin/documents/types/${mine.uuid}`,
        as('manager', { version: mine.version, lineDefinitions: [{ ord: 1, defaultPrice: 'abc' }] }),
      ),
      400,
      'Default price must be a decimal of 0 or more, or empty',
      'lineDefinitions[0].defaultPrice',
    );
    expectError(
      await t.request(
        'PUT',
        `/api/admin/documents/types/${mine.uuid}`,
        as('manager', { version: mine.version, apportionmentFactorMethodId: 2 }),
      ),
      400,
      'The apportionment factor method applies only to a type that apportions (a demerger)',
      'apportionmentFactorMethodId',
    );
    expectError(
      await t.request(
        'PUT',
        `/api/admin/documents/types/${mine.uuid}`,
        as('manager', { version: mine.version, processingOverride: { autoProcessNDaysAfterPayDate: 366 } }),
      ),
      400,
      'Auto process N days after pay date must be a whole number from 0 to 365',
      'processingOverride.autoProcessNDaysAfterPayDate',
    );
    const admin = (await t.request('GET', '/api/admin/documents/types', as('manager'))).body as TypeJson[];
    expect(codesOf(admin)).not.toContain('OK_CODE');
    expect(admin.find((x) => x.code === 'MY_DIVIDEND')).toMatchObject({ version: mine.version });
  });

  it('another firm’s member cannot read or change it (404 from their own firm); a non-admin is refused', async () => {
    const brook = (method: 'GET' | 'PUT', body?: unknown) =>
      t.request(method, `/api/admin/documents/types/${mine.uuid}`, as('brook', body, ORG.BRKF));
    expect((await brook('GET')).status).toBe(404);
    expect((await brook('PUT', { version: mine.version, name: 'Taken over' })).status).toBe(404);
    expect(
      codesOf((await t.request('GET', '/api/admin/documents/types', as('brook', undefined, ORG.BRKF))).body),
    ).not.toContain('MY_DIVIDEND');
    // naming the other firm is refused before anything is read
    expect((await t.request('GET', `/api/admin/documents/types/${mine.uuid}`, as('brook'))).status).toBe(403);
    expect((await t.request('GET', '/api/admin/documents/types', as('adviser'))).status).toBe(403);
    expect(
      (await t.request('PUT', `/api/admin/documents/types/${mine.uuid}`, as('adviser', { version: 1, name: 'X' })))
        .status,
    ).toBe(403);
    const read = (await t.request('GET', `/api/admin/documents/types/${mine.uuid}`, as('manager'))).body;
    expect(read).toMatchObject({ name: 'Our dividend', version: mine.version });
  });
});
