import { useState } from 'react';
import { Select } from 'antd';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useClientSuggestions } from '../api/client-admin';

/** A client of the organisation, searched by code or name (at most 10 suggestions). */
export function RelatedClientSelect({
  organisationUuid,
  value,
  onChange,
  label,
  exclude,
}: {
  organisationUuid: string;
  value?: string;
  onChange?: (uuid: string) => void;
  label?: string;
  exclude?: string;
}) {
  const [typed, setTyped] = useState('');
  const term = useDebouncedValue(typed, config.searchDebounceMs);
  const found = useClientSuggestions(organisationUuid, term);
  const choices = (found.data?.content ?? [])
    .filter((c) => c.uuid !== exclude)
    .map((c) => ({ value: c.uuid, label: `${c.code} ${c.name}` }));
  const withCurrent =
    value && label && !choices.some((c) => c.value === value) ? [{ value, label }, ...choices] : choices;
  return (
    <Select
      showSearch
      filterOption={false}
      value={value || undefined}
      onSearch={setTyped}
      onChange={onChange}
      loading={found.isFetching}
      placeholder="Search by code or name"
      options={withCurrent}
      notFoundContent={term ? 'No clients found' : 'Type a client code or name'}
      aria-label="Related client"
    />
  );
}
