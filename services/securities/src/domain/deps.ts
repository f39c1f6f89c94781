import type { Caller } from '@gains/auth';
import type { ChangeStore } from '../store/change-store';
import type { CurrencyStore } from '../store/currency-store';
import type { IssuerStore } from '../store/issuer-store';
import type { PriceStore } from '../store/price-store';
import type { SecurityStore } from '../store/security-store';
import type { PriceAging } from './price-rules';

/** What the securities use cases are given. */
export interface SecuritiesDeps {
  securities: SecurityStore;
  issuers: IssuerStore;
  prices: PriceStore;
  currencies: CurrencyStore;
  changes: ChangeStore;
  /** The organisation's price aging settings (identity owns organisations; asked with the caller's token). */
  priceAging(caller: Caller, organisationUuid: string): Promise<PriceAging>;
  /** Today in Europe/London, "YYYY-MM-DD". */
  today(): string;
}
