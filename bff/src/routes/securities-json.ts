import type { Issuer, PriceOnDate, Security, SecurityPrice, StaticDataChange, StaticDataValue } from '@gains/contracts';
import type { securities } from '@gains/proto';

/**
 * Proto answers of the securities service to the JSON of packages/contracts/src/securities.ts: the
 * message's own fields only, unset optionals as null, change values parsed from their JSON.
 */
export function securityJson(s: securities.Security): Security {
  return {
    id: s.id,
    sedol: s.sedol,
    isin: s.isin,
    issuer: s.issuer,
    issuerName: s.issuerName,
    issuerLongName: s.issuerLongName,
    securityName: s.securityName,
    reportingName: s.reportingName,
    securityDescription: s.securityDescription,
    securityLongDescription: s.securityLongDescription,
    currency: s.currency,
    assetClass: s.assetClass as Security['assetClass'],
    cgtClass: s.cgtClass as Security['cgtClass'],
    quantityDecimalPlaces: s.quantityDecimalPlaces,
    status: s.status as Security['status'],
    createdDate: s.createdDate,
    lastModifiedDate: s.lastModifiedDate,
    lastModifiedByName: s.lastModifiedByName,
  };
}

export function priceJson(p: securities.Price): SecurityPrice {
  return {
    securityId: p.securityId,
    date: p.date,
    price: p.price,
    currency: p.currency,
    priceGbp: p.priceGbp,
    source: p.source as SecurityPrice['source'],
    setByName: p.setByName,
    setAt: p.setAt,
    stale: p.stale,
  };
}

export function priceOnDateJson(r: securities.PriceOnDate): PriceOnDate {
  return {
    securityId: r.securityId,
    sedol: r.sedol,
    isin: r.isin,
    securityName: r.securityName,
    currency: r.currency,
    asAt: r.asAt,
    price: r.price ? priceJson(r.price) : null,
  };
}

export function issuerJson(i: securities.Issuer): Issuer {
  return { uuid: i.uuid, name: i.name, longName: i.longName, securityCount: i.securityCount };
}

export function changeJson(c: securities.StaticDataChange): StaticDataChange {
  return {
    uuid: c.uuid,
    entityType: c.entityType as StaticDataChange['entityType'],
    action: c.action as StaticDataChange['action'],
    entityId: c.entityId ?? null,
    entityLabel: c.entityLabel,
    organisationUuid: c.organisationUuid,
    proposedByName: c.proposedByName,
    proposedByEmail: c.proposedByEmail,
    proposedAt: c.proposedAt,
    oldValues: JSON.parse(c.oldValuesJson || '{}') as Record<string, StaticDataValue>,
    newValues: JSON.parse(c.newValuesJson || '{}') as Record<string, StaticDataValue>,
    status: c.status as StaticDataChange['status'],
    reviewedByName: c.reviewedByName ?? null,
    reviewedAt: c.reviewedAt ?? null,
    note: c.note ?? null,
  };
}

export function fxRateJson(r: securities.FxRate) {
  return { currency: r.currency, date: r.date, gbpPerUnit: r.gbpPerUnit, setByName: r.setByName };
}

export function currencyJson(c: securities.Currency) {
  return { isoCode: c.isoCode, name: c.name, decimalPlaces: c.decimalPlaces };
}
