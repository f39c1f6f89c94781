import { useMemo, useState } from 'react';
import { Select, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  SEARCH_FAILED,
  resultLabel,
  searchTerm,
  useSecuritySearch,
  type SecuritySearchResult,
} from './search-securities';

/**
 * The one security search (seed 000 §5): searches SEDOL, ISIN and names once typing has settled for 500 ms,
 * only with a non-empty term, and lists at most ten. Choosing one calls `onSelect`.
 */
export function SecuritySearchSelect({
  organisationUuid,
  onSelect,
  placeholder = 'Search securities by SEDOL, ISIN or name',
  value,
  style,
  id,
}: {
  organisationUuid: string;
  onSelect: (security: SecuritySearchResult) => void;
  placeholder?: string;
  /** A controlled value (security id); omitted, the box clears after each choice. */
  value?: number | null;
  style?: React.CSSProperties;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const settled = useDebouncedValue(typed, config.searchDebounceMs);
  const search = useSecuritySearch(organisationUuid, settled);
  const results = useMemo(() => search.data ?? [], [search.data]);
  const waiting = searchTerm(typed) !== undefined && (typed !== settled || search.isFetching);

  let notFound: React.ReactNode = null;
  if (search.isError) notFound = <Typography.Text type="danger">{SEARCH_FAILED}</Typography.Text>;
  else if (waiting) notFound = 'Searching…';
  else if (searchTerm(settled)) notFound = 'No securities found';
  else notFound = 'Type a SEDOL, ISIN or name';

  return (
    <Select<number>
      id={id}
      showSearch
      allowClear
      suffixIcon={<SearchOutlined />}
      aria-label="Search securities"
      data-testid="security-search"
      placeholder={placeholder}
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      value={value ?? null}
      loading={waiting}
      style={style}
      popupMatchSelectWidth={false}
      notFoundContent={notFound}
      options={search.isError ? [] : results.map((r) => ({ value: r.id, label: resultLabel(r) }))}
      onChange={(id) => {
        const chosen = results.find((r) => r.id === id);
        if (chosen) onSelect(chosen);
        setTyped('');
      }}
    />
  );
}
