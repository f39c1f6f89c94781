import { useState } from 'react';
import { Select } from 'antd';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useClientChoices } from '../api/calculation-runs';

/** A client of the organisation, searched by code or name (at most 10 suggestions). */
export function CalculationClientPicker({
  organisationUuid,
  value,
  label,
  onChange,
}: {
  organisationUuid: string;
  value: string;
  label: string;
  onChange: (uuid: string, label: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const term = useDebouncedValue(typed, config.searchDebounceMs);
  const found = useClientChoices(organisationUuid, term);
  const choices = (found.data?.content ?? []).map((c) => ({ value: c.uuid, label: `${c.code} ${c.name}` }));
  const options =
    value && !choices.some((c) => c.value === value) ? [{ value, label: label || value }, ...choices] : choices;
  return (
    <Select
      showSearch
      filterOption={false}
      value={value || undefined}
      onSearch={setTyped}
      onChange={(uuid: string, option) => onChange(uuid, (option as { label?: string } | undefined)?.label ?? '')}
      loading={found.isFetching}
      placeholder="Search clients by code or name"
      options={options}
      notFoundContent={term ? 'No clients found' : 'Type a client code or name'}
      aria-label="Client"
      data-testid="calculation-client"
      className="gains-calc-client"
    />
  );
}
