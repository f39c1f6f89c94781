import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import type { HeaderWrite } from '../store/header-store';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps, ProcessingOverride } from './deps';
import { checkProcessingOverride, processingOverrideOf } from './document-type-rules';
import { assertAllowed } from './header-status';
import { checkCorporateAction, checkPortfolioMovement, type HeaderInput } from './header-rules';
import type { HeaderView } from './header-view';
import { apportionmentFactors, calculatedRatePrice } from './rate-price';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SaveHeaderRequest = HeaderInput & {
  organisationUuid: string;
  /** "" to create */
  uuid: string;
  version: number;
  typeUuid: string;
  name: string;
  description: string;
  lines: (HeaderInput['lines'][number] & { incomeReportLabel: string })[];
  /** the header's own processing override (seed 001 §3); unset keeps the header's, or its type's on create */
  processingOverride?: ProcessingOverride;
};

/**
 * POST / PUT admin/documents/headers: a corporate action's or portfolio movement's terms, checked (seed 001 §5 and
 * header-rules.ts) and stored with what they name looked up: the security and each new security (securities), the
 * layer, each movement's client and portfolio (clients, scoped to the organisation). Each line's calculated rate
 * price and, where the type apportions, its factor are worked out (seed 001 §9). A new header awaits its candidates
 * (AWAITING_SETUP); an edit is allowed while the status allows it and the version is the one read.
 */
export async function saveHeader(deps: DocumentsDeps, caller: Caller, req: SaveHeaderRequest): Promise<HeaderView> {
  assertDocumentsUser(caller, req.organisationUuid);
  return writeHeader(deps, caller, req);
}

/**
 * The save after the access check: the user's, or an income diary's (run-income-diaries.ts), whose headers take
 * this same path and so find their candidates the same way.
 */
export async function writeHeader(deps: DocumentsDeps, caller: Caller, req: SaveHeaderRequest): Promise<HeaderView> {
  const org = req.organisationUuid;
  if (!UUID.test(req.typeUuid)) throw invalidArgument('typeUuid', 'Type is required');
  const type = await deps.types.find(org, req.typeUuid.toLowerCase());
  if (!type) throw notFound('The document type', 'typeUuid');
  // an inactive firm type is no longer offered; headers already made with it may still be edited
  if (!req.uuid && !type.active)
    throw invalidArgument('typeUuid', `The document type ${type.code} is inactive: choose an active type`);
  let existing: Awaited<ReturnType<DocumentsDeps['headers']['state']>> = null;
  if (req.uuid) {
    if (!UUID.test(req.uuid)) throw invalidArgument('uuid', 'uuid must be a uuid');
    existing = await deps.headers.state(org, req.uuid.toLowerCase());
    if (!existing) throw notFound('The header', 'uuid');
    if (existing.documentTypeId !== type.id)
      throw invalidArgument('typeUuid', 'A header’s type cannot change: delete it and add another');
    assertAllowed(existing.status, 'update');
  }
  if (req.processingOverride) checkProcessingOverride(req.processingOverride);
  const name = req.name.trim().slice(0, 200);
  const description = req.description.trim().slice(0, 2000);
  let write: HeaderWrite;
  if (type.documentTypeCode === 'PM') {
    const checked = checkPortfolioMovement(type.effect, req);
    const movements: HeaderWrite['movements'] = [];
    for (const [direction, list, field] of [
      ['OUT', checked.outPortfolios, 'outPortfolios'],
      ['IN', checked.inPortfolios, 'inPortfolios'],
    ] as const) {
      for (const [i, row] of list.entries()) {
        const found = await deps.portfolio(caller, org, row.clientUuid, row.portfolioUuid);
        if (!found)
          throw invalidArgument(
            `${field}[${i}].portfolioUuid`,
            'The portfolio must be one of the client’s in this organisation',
          );
        movements.push({ ...found, transferPercentage: row.transferPercentage, direction, ord: i + 1 });
      }
    }
    write = {
      documentTypeId: type.id,
      name,
      description,
      exDate: null,
      payDate: null,
      startDate: null,
      tradeDate: checked.tradeDate,
      layerUuid: null,
      parentSecurityPrice: null,
      securityId: null,
      sedol: '',
      isin: '',
      securityName: '',
      quantityDecimalPlaces: 0,
      lines: [],
      movements,
    };
  } else {
    const checked = checkCorporateAction(type, req);
    const security = await deps.security(caller, org, req.securityId);
    if (!security) throw invalidArgument('securityId', 'The security is not one Gains knows');
    if (!(await deps.layers.find(security.id, checked.layerUuid)))
      throw invalidArgument('layerUuid', 'The layer must be one of the security’s');
    const definitions = new Map(type.lineDefinitions.map((d) => [d.uuid, d]));
    const lines: HeaderWrite['lines'] = [];
    for (const [i, line] of checked.lines.entries()) {
      const definition = definitions.get(line.lineDefinitionUuid)!;
      const own = line.securityId === null ? security : await deps.security(caller, org, line.securityId);
      if (!own) throw invalidArgument(`lines[${i}].securityId`, 'The new security is not one Gains knows');
      if (line.securityId !== null && line.securityId === security.id)
        throw invalidArgument(`lines[${i}].securityId`, 'The new security must differ from the header’s');
      lines.push({
        lineDefinitionId: definition.id,
        ord: definition.ord,
        securityId: own.id,
        sedol: own.sedol,
        isin: own.isin,
        securityName: own.securityName,
        rate: line.rate,
        perParent: line.perParent,
        price: line.price,
        apportionmentFactor: null,
        calculatedRatePrice: '0',
        incomeReportLabel: req.lines[i]?.incomeReportLabel.trim() || definition.defaultIncomeReportLabel,
        newSecurity: definition.newSecurity,
        quantityDecimalPlaces: own.quantityDecimalPlaces,
      });
    }
    const rateLines = lines.map((l, i) => ({
      rate: l.rate,
      perParent: l.perParent,
      price: l.price ?? '0',
      useParentSecurityPrice: definitions.get(checked.lines[i]!.lineDefinitionUuid)!.useParentSecurityPrice,
      apportioned: definitions.get(checked.lines[i]!.lineDefinitionUuid)!.apportionmentFactor,
    }));
    const method = type.apportionmentFactorMethodId === 2 ? 2 : 1;
    const factors = apportionmentFactors(rateLines, method, checked.parentSecurityPrice);
    lines.forEach((l, i) => {
      l.calculatedRatePrice = calculatedRatePrice(rateLines[i]!, checked.parentSecurityPrice);
      l.apportionmentFactor = type.apportionmentFactor ? factors[i]! : null;
    });
    write = {
      documentTypeId: type.id,
      name,
      description,
      exDate: checked.exDate,
      payDate: checked.payDate,
      startDate: checked.startDate,
      tradeDate: null,
      layerUuid: checked.layerUuid,
      parentSecurityPrice: checked.parentSecurityPrice,
      fractionPrice: checked.fractionPrice,
      securityId: security.id,
      sedol: security.sedol,
      isin: security.isin,
      securityName: security.securityName,
      quantityDecimalPlaces: security.quantityDecimalPlaces,
      lines,
      movements: [],
    };
  }
  write.processingOverride = req.processingOverride ? processingOverrideOf(req.processingOverride) : null;
  const orgName = await deps.organisationName(caller, org);
  const saved = existing
    ? await deps.headers.update(org, req.uuid.toLowerCase(), req.version, write, caller.name, orgName)
    : await deps.headers.create(org, type.documentTypeCode, 'AWAITING_SETUP', write, caller.name, orgName);
  if (!saved)
    throw new DomainError(
      'ABORTED',
      'The header changed since it was read: reload it and make the change again',
      'version',
    );
  // the candidates are found from the terms at once: a corporate action's holders, a movement's out holdings
  await deps.startCandidates(caller, org, saved.uuid);
  return (await deps.headers.get(org, saved.uuid, orgName)) ?? saved;
}
