/** The address lines of a client a document goes to: the tax-copy address, else the current one, else the first. */
export interface AddressParts {
  line1: string;
  line2: string;
  line3: string;
  town: string;
  county: string;
  postcode: string;
  /** ISO country code; GB is not printed */
  country: string;
  primaryTaxCopy: boolean;
  status: string;
}

export function clientAddressLines(addresses: readonly AddressParts[]): string[] {
  const a = addresses.find((x) => x.primaryTaxCopy) ?? addresses.find((x) => x.status === 'CURRENT') ?? addresses[0];
  if (!a) return [];
  return [a.line1, a.line2, a.line3, a.town, a.county, a.postcode, a.country === 'GB' ? '' : a.country].filter(
    (line) => line.trim() !== '',
  );
}
