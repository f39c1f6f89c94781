import { useState } from 'react';
import { Form, Input, Tag } from 'antd';
import { LocalGrid } from '@/components/grid/local-grid';
import {
  SEARCH_FAILED,
  resultLabel,
  searchTerm,
  useSecuritySearch,
  type SecuritySearchResult,
} from '@/components/security-search/search-securities';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { reportSecuritiesColumns } from './report-securities-columns';

/**
 * The optional security of a report (seed 000 §2.6, §5): a search box, asked 500 ms after typing stops and only with
 * a non-empty term, and the securities it finds in a grid; a row click selects that security, a click on the
 * selected one lets it go. The selection stays while the search changes, shown as a tag that can be closed.
 */
export function SecurityPicker({
  organisationUuid,
  gridId,
  selected,
  onChange,
}: {
  organisationUuid: string;
  gridId: string;
  selected: SecuritySearchResult | undefined;
  onChange: (security: SecuritySearchResult | undefined) => void;
}) {
  const [typed, setTyped] = useState('');
  const settled = useDebouncedValue(typed, config.searchDebounceMs);
  const search = useSecuritySearch(organisationUuid, settled);
  const term = searchTerm(settled);
  const waiting = searchTerm(typed) !== undefined && (typed !== settled || search.isFetching);

  return (
    <>
      <Form.Item
        label="Security"
        extra={
          selected ? (
            <span>
              Reporting on{' '}
              <Tag closable color="blue" onClose={() => onChange(undefined)} data-testid="selected-security">
                {resultLabel(selected)}
              </Tag>
              alone; click it again or close it for every security.
            </span>
          ) : (
            'Optional: click a security to report on it alone; click it again to let it go.'
          )
        }
      >
        <Input.Search
          allowClear
          aria-label="Search securities"
          data-testid="report-security-search"
          placeholder="Search by SEDOL, ISIN or name"
          value={typed}
          loading={waiting}
          onChange={(e) => setTyped(e.target.value)}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      <Form.Item>
        <LocalGrid<SecuritySearchResult>
          gridId={gridId}
          testId="report-securities-grid"
          rows={term ? search.data : []}
          columns={reportSecuritiesColumns}
          loading={waiting}
          error={search.error}
          errorTitle={SEARCH_FAILED}
          exportSuffix="securities"
          sheetName="Securities"
          searchPlaceholder="Filter these securities"
          quickFilter={false}
          emptyText={term ? 'No securities found' : 'Type a SEDOL, ISIN or name to find a security'}
          noun="result"
          selectedId={selected?.id}
          onRowClicked={(row) => onChange(selected?.id === row.id ? undefined : row)}
        />
      </Form.Item>
    </>
  );
}
