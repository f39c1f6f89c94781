import type { ServiceImpl } from '@connectrpc/connect';
import { requireCaller } from '@gains/auth';
import type { clients } from '@gains/proto';
import {
  createClient,
  getClient,
  listClients,
  listClientsByCompany,
  listClientTaxYears,
  listTaxYearsForClientType,
  lookupClient,
  updateClient,
  type ClientMaintenanceDeps,
} from '../domain/client-maintenance';
import type { RawClient } from '../domain/client-rules';
import { taxpayerKindOf } from '../domain/client-rules';
import type { ClientListRow, ClientRecord } from '../domain/client-record';
import {
  CLIENT_STATES,
  CLIENT_TYPES,
  COUNTRIES,
  RELATIONSHIP_TYPES,
  type ReferenceItem,
} from '../domain/reference-lists';
import { startYearOf, type TaxYearView } from '../domain/tax-years';
import { londonToday } from '../domain/date-rules';

type Handlers = Pick<
  ServiceImpl<typeof clients.ClientsService>,
  | 'listClients'
  | 'listClientsByCompany'
  | 'getClient'
  | 'createClient'
  | 'updateClient'
  | 'lookupClient'
  | 'listClientTaxYears'
  | 'listTaxYearsForClientType'
>;

/** A coded field as the proto carries it: code, name and id; an unknown code keeps its code. */
function coded(list: ReferenceItem[], code: string) {
  return list.find((i) => i.code === code) ?? { code, name: code, id: 0 };
}
const typeName = (code: string) => coded(CLIENT_TYPES, code).name;
const stateName = (code: string) => coded(CLIENT_STATES, code).name;

function listItem(r: ClientListRow): clients.ClientListItem {
  return {
    $typeName: 'gains.clients.v1.ClientListItem',
    id: r.id,
    uuid: r.uuid,
    code: r.code,
    name: r.name,
    type: typeName(r.typeCode),
    state: stateName(r.stateCode),
    serviceLevel: r.serviceLevel,
    relationshipManager: r.relationshipManager,
    familyGroup: r.familyGroup,
    niNumber: r.niNumber,
    company: r.company,
    inactive: r.inactive,
    portfolioCount: r.portfolioCount,
    lastModifiedDate: r.updatedAt,
    lastModifiedByName: r.updatedBy,
  };
}

function taxYearMessage(y: TaxYearView) {
  return { uuid: y.uuid, label: y.label, startDate: y.startDate, endDate: y.endDate, id: y.id };
}

const opt = (v: string | null) => v ?? undefined;

function clientMessage(c: ClientRecord) {
  const relationshipType = (code: string) => coded(RELATIONSHIP_TYPES, code);
  const today = londonToday();
  return {
    id: c.id,
    uuid: c.uuid,
    code: c.code,
    imsCode: c.imsCode,
    name: c.name,
    reportingName: c.reportingName,
    salutation: c.salutation,
    firstName: c.firstName,
    middleNames: c.middleNames,
    surname: c.surname,
    dateOfBirth: opt(c.dateOfBirth),
    niNumber: c.niNumber,
    uniqueTaxPayerReference: c.uniqueTaxPayerReference,
    deceased: c.deceased,
    dateDeceased: opt(c.dateDeceased),
    deceasedRepresentative: c.deceasedRepresentative,
    probateCompleted: c.probateCompleted,
    probateCompletedDate: opt(c.probateCompletedDate),
    giaExecutorsPortfolioAdded: c.giaExecutorsPortfolioAdded,
    yearEndOverride: c.yearEndOverride,
    yearEndInput: opt(c.yearEndInput),
    company: c.company,
    type: coded(CLIENT_TYPES, c.typeCode),
    state: coded(CLIENT_STATES, c.stateCode),
    serviceLevel: { code: c.serviceLevelCode, name: c.serviceLevelCode, id: 0 },
    countryOfResidence: coded(COUNTRIES, c.countryOfResidenceCode),
    countryOfDomicile: coded(COUNTRIES, c.countryOfDomicileCode),
    ouId: c.ouId,
    ouCode: c.ouCode,
    ouUuid: c.organisationUuid,
    ouServiceLevel: '',
    reportingFrequency: c.reportingFrequency,
    electronicReport: c.electronicReport,
    paperlessReport: c.paperlessReport,
    printedReport: c.printedReport,
    clientPortalReport: c.clientPortalReport,
    fatcaReporting: c.fatcaReporting,
    crsReporting: c.crsReporting,
    isaReporting: c.isaReporting,
    annualExemptionOverride: c.taxOverrides.some((t) => t.overrideType === 'ANNUAL_EXEMPTION'),
    annualExemptions: c.taxOverrides
      .filter((t) => t.overrideType === 'ANNUAL_EXEMPTION' && t.amount !== null)
      .map((t) => ({ uuid: t.uuid, taxYearId: startYearOf(t.taxYear) ?? 0, annualExemptionAllowance: t.amount! })),
    broughtForwardLossOverride: c.taxOverrides.some((t) => t.overrideType === 'BROUGHT_FORWARD_LOSS'),
    broughtForwardLosses: c.taxOverrides
      .filter((t) => t.overrideType === 'BROUGHT_FORWARD_LOSS' && t.amount !== null)
      .map((t) => ({ uuid: t.uuid, taxYearId: startYearOf(t.taxYear) ?? 0, broughtForwardLoss: t.amount! })),
    reportingRestrictionFrom: opt(c.reportingRestrictionFrom),
    relationshipManagerCode: c.relationshipManagerCode,
    relationshipManagerName: c.relationshipManagerName,
    endDate: opt(c.endDate),
    familyGroup: c.familyGroup,
    telephone: c.telephone,
    mobile: c.mobile,
    email: c.email,
    notes: c.notes,
    addresses: c.addresses.map((a) => ({ ...a, clientId: c.id })),
    relationships: c.relationships.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      parentClientId: c.id,
      parentClientUuid: c.uuid,
      childClientId: r.childClientId,
      childClientUuid: r.childClientUuid,
      childClientCode: r.childClientCode,
      childClientName: r.childClientName,
      clientRelationshipTypeId: relationshipType(r.typeCode).id,
      typeCode: r.typeCode,
      typeName: relationshipType(r.typeCode).name,
      startDate: r.startDate,
      endDate: opt(r.endDate),
      state: r.endDate && r.endDate < today ? 'ENDED' : 'ACTIVE',
      notes: r.notes,
    })),
    overrideReportTypeMapping: c.overrideReportTypeMapping,
    reportTypeMappings: c.reportTypeMappings,
    taxOverrides: c.taxOverrides.map((t) => ({
      uuid: t.uuid,
      taxYear: t.taxYear,
      overrideType: t.overrideType,
      amount: opt(t.amount),
      percentage: opt(t.percentage),
      rollover: t.rollover,
      notes: t.notes,
      dateAdded: t.createdAt,
      userName: t.createdBy,
    })),
    taxpayerKind: taxpayerKindOf(c),
    inactive: c.inactive,
    version: c.version,
    createdDate: c.createdAt,
    createdByName: c.createdBy,
    lastModifiedDate: c.updatedAt,
    lastModifiedByName: c.updatedBy,
  };
}

/** The proto's ClientInput as the domain reads it (absent optional fields stay absent). */
function rawClient(input: clients.ClientInput | undefined): RawClient {
  const c = input ?? ({} as clients.ClientInput);
  return {
    code: c.code ?? '',
    imsCode: c.imsCode ?? '',
    name: c.name ?? '',
    reportingName: c.reportingName ?? '',
    salutation: c.salutation ?? '',
    firstName: c.firstName ?? '',
    middleNames: c.middleNames ?? '',
    surname: c.surname ?? '',
    dateOfBirth: c.dateOfBirth,
    niNumber: c.niNumber ?? '',
    uniqueTaxPayerReference: c.uniqueTaxPayerReference ?? '',
    deceased: !!c.deceased,
    dateDeceased: c.dateDeceased,
    deceasedRepresentative: c.deceasedRepresentative ?? '',
    probateCompleted: !!c.probateCompleted,
    probateCompletedDate: c.probateCompletedDate,
    giaExecutorsPortfolioAdded: !!c.giaExecutorsPortfolioAdded,
    yearEndOverride: !!c.yearEndOverride,
    yearEndInput: c.yearEndInput,
    company: !!c.company,
    typeCode: c.typeCode ?? '',
    stateCode: c.stateCode ?? '',
    serviceLevelCode: c.serviceLevelCode ?? '',
    countryOfResidenceCode: c.countryOfResidenceCode ?? '',
    countryOfDomicileCode: c.countryOfDomicileCode ?? '',
    reportingFrequency: c.reportingFrequency ?? '',
    electronicReport: !!c.electronicReport,
    paperlessReport: !!c.paperlessReport,
    printedReport: !!c.printedReport,
    clientPortalReport: !!c.clientPortalReport,
    fatcaReporting: !!c.fatcaReporting,
    crsReporting: !!c.crsReporting,
    isaReporting: !!c.isaReporting,
    reportingRestrictionFrom: c.reportingRestrictionFrom,
    relationshipManagerCode: c.relationshipManagerCode ?? '',
    relationshipManagerName: c.relationshipManagerName ?? '',
    endDate: c.endDate,
    familyGroup: c.familyGroup ?? '',
    telephone: c.telephone ?? '',
    mobile: c.mobile ?? '',
    email: c.email ?? '',
    notes: c.notes ?? '',
    overrideReportTypeMapping: !!c.overrideReportTypeMapping,
    reportTypeMappings: (c.reportTypeMappings ?? []).map((m) => ({
      id: m.id,
      reportTypeId: m.reportTypeId,
      generate: m.generate,
    })),
    addresses: (c.addresses ?? []).map((a) => ({
      uuid: a.uuid,
      code: a.code,
      typeCode: a.typeCode,
      ouCode: a.ouCode,
      name: a.name,
      line1: a.line1,
      line2: a.line2,
      line3: a.line3,
      town: a.town,
      county: a.county,
      postcode: a.postcode,
      country: a.country,
      status: a.status,
      primaryTaxCopy: a.primaryTaxCopy,
      additionalCopy: a.additionalCopy,
      coreInternalRef: a.coreInternalRef,
    })),
    relationships: (c.relationships ?? []).map((r) => ({
      uuid: r.uuid,
      childClientUuid: r.childClientUuid,
      typeCode: r.typeCode,
      startDate: r.startDate,
      endDate: r.endDate,
      notes: r.notes,
    })),
    taxOverrides: (c.taxOverrides ?? []).map((t) => ({
      uuid: t.uuid,
      taxYear: t.taxYear,
      overrideType: t.overrideType,
      amount: t.amount,
      percentage: t.percentage,
      rollover: t.rollover,
      notes: t.notes,
    })),
  };
}

/** Client maintenance (seed 000 §7 admin clients): each handler reads the caller and delegates to its use case. */
export function clientMaintenanceHandlers(deps: ClientMaintenanceDeps): Handlers {
  return {
    async listClients(req, ctx) {
      const { rows, total } = await listClients(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        page: req.page || 1,
        size: req.size,
        term: req.term,
        sort: req.sort.map((s) => ({ column: s.column, direction: s.direction })),
      });
      return { content: rows.map(listItem), totalSize: total };
    },
    async listClientsByCompany(req, ctx) {
      const rows = await listClientsByCompany(deps, requireCaller(ctx), req.organisationUuid, req.company);
      return { clients: rows.map(listItem) };
    },
    async getClient(req, ctx) {
      return clientMessage(await getClient(deps, requireCaller(ctx), req));
    },
    async createClient(req, ctx) {
      return clientMessage(
        await createClient(deps, requireCaller(ctx), {
          organisationUuid: req.organisationUuid,
          client: rawClient(req.client),
        }),
      );
    },
    async updateClient(req, ctx) {
      return clientMessage(
        await updateClient(deps, requireCaller(ctx), {
          organisationUuid: req.organisationUuid,
          id: req.id,
          version: req.version,
          client: rawClient(req.client),
        }),
      );
    },
    async lookupClient(req, ctx) {
      const found = await lookupClient(deps, requireCaller(ctx), req.organisationUuid, req.code);
      if (!found) return { exists: false };
      const record = await getClient(deps, requireCaller(ctx), {
        organisationUuid: req.organisationUuid,
        id: found.id,
        uuid: '',
      });
      return {
        exists: true,
        client: listItem({
          id: record.id,
          uuid: record.uuid,
          code: record.code,
          name: record.name,
          typeCode: record.typeCode,
          stateCode: record.stateCode,
          serviceLevel: record.serviceLevelCode,
          relationshipManager: record.relationshipManagerName,
          familyGroup: record.familyGroup,
          niNumber: record.niNumber,
          company: record.company,
          inactive: record.inactive,
          portfolioCount: record.portfolioCount,
          updatedAt: record.updatedAt,
          updatedBy: record.updatedBy,
        }),
      };
    },
    async listClientTaxYears(req, ctx) {
      const years = await listClientTaxYears(deps, requireCaller(ctx), req);
      return { taxYears: years.map(taxYearMessage) };
    },
    async listTaxYearsForClientType(req, ctx) {
      const years = listTaxYearsForClientType(deps, requireCaller(ctx), req.organisationUuid, req.typeId);
      return { taxYears: years.map(taxYearMessage) };
    },
  };
}
