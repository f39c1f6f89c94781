import { useState } from 'react';
import { Form, Select } from 'antd';
import type { SelectedClient } from '@/lib/selected-client';
import { useClientTaxYears, useReportingRestriction } from '../api/cgt-report';
import type { useReportDownload } from '../api/report-downloads';
import {
  AS_AT_IN_FUTURE,
  RESTRICTED_YEAR,
  afterToday,
  periodInOrder,
  taxYearReportable,
  type ReportRequest,
} from './report-rules';
import { DayPicker, DownloadMenu, FieldRow } from './report-fields';

/**
 * The client's tax years and the one chosen: the first returned until the user picks one (seed 000 §2.6); whether
 * it may be reported (a client, and the year not starting before the client's reportingRestrictionFrom, §5) and
 * whether it is known to be refused for that restriction.
 */
export function useClientTaxYear(organisationUuid: string, client: SelectedClient | undefined) {
  const taxYears = useClientTaxYears(organisationUuid, client?.uuid);
  const restriction = useReportingRestriction(organisationUuid, client?.uuid);
  const [picked, setPicked] = useState<string>();
  const year = taxYears.data?.find((y) => y.uuid === picked) ?? taxYears.data?.[0];
  const restrictionFrom = restriction.data?.reportingRestrictionFrom;
  const reportable = taxYearReportable(client, year, restrictionFrom);
  const restricted = !!client && !!year && restriction.isSuccess && !reportable;
  return { taxYears, restriction, year, pick: setPicked, restrictionFrom, reportable, restricted };
}

/** The Tax year select of the CGT and income tabs: disabled without a client; says why a year is refused. */
export function TaxYearField({
  client,
  choice,
  warnRestricted = false,
}: {
  client: SelectedClient | undefined;
  choice: ReturnType<typeof useClientTaxYear>;
  /** Colour the field as a warning when the year is refused for the restriction (the income tab). */
  warnRestricted?: boolean;
}) {
  const { taxYears, year, restricted } = choice;
  return (
    <Form.Item
      label="Tax year"
      validateStatus={taxYears.isError ? 'error' : restricted && warnRestricted ? 'warning' : undefined}
      help={taxYears.isError ? 'There was a problem fetching the tax years' : restricted ? RESTRICTED_YEAR : undefined}
    >
      <Select<string>
        aria-label="Tax year"
        style={{ width: 200 }}
        disabled={!client}
        loading={taxYears.isFetching}
        value={year?.uuid}
        placeholder={client ? 'No tax years' : 'Select a client'}
        options={taxYears.data?.map((y) => ({ value: y.uuid, label: y.label }))}
        onChange={choice.pick}
      />
    </Form.Item>
  );
}

/** A period's two days as the tab holds them, both open at first: spread into PeriodFields. */
export function usePeriod() {
  const [start, setStart] = useState<string>();
  const [end, setEnd] = useState<string>();
  return { start, end, onStart: setStart, onEnd: setEnd };
}

/** A period's two days side by side: the end cannot be picked before the start (seed 000 §5), and says so if typed. */
export function PeriodFields({
  labels,
  testIds = ['period-start', 'period-end'],
  start,
  end,
  onStart,
  onEnd,
  outOfOrder,
}: {
  labels: readonly [string, string];
  testIds?: readonly [string, string];
  start: string | undefined;
  end: string | undefined;
  onStart: (day: string | undefined) => void;
  onEnd: (day: string | undefined) => void;
  /** The message under the end when it precedes the start. */
  outOfOrder: string;
}) {
  return (
    <FieldRow>
      <DayPicker label={labels[0]} testId={testIds[0]} value={start} onChange={onStart} />
      <DayPicker
        label={labels[1]}
        testId={testIds[1]}
        value={end}
        onChange={onEnd}
        disabledDay={(day) => !periodInOrder(start, day)}
        error={periodInOrder(start, end) ? undefined : outOfOrder}
      />
    </FieldRow>
  );
}

/** 'As at': a day at most today (seed 000 §5); later days are greyed and refused when typed. */
export function AsAtField({
  value,
  onChange,
  today,
}: {
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  today: string;
}) {
  return (
    <DayPicker
      label="As at"
      testId="as-at"
      value={value}
      onChange={onChange}
      disabledDay={(day) => afterToday(day, today)}
      error={value && afterToday(value, today) ? AS_AT_IN_FUTURE : undefined}
    />
  );
}

/** The Download menu of a tab whose request is the same for both formats: disabled with the request's reason. */
export function RequestDownloadMenu({
  formats,
  request,
  download,
}: {
  formats: readonly ('csv' | 'pdf')[];
  request: ReportRequest<object>;
  download: ReturnType<typeof useReportDownload>;
}) {
  return (
    <DownloadMenu
      formats={formats}
      reason={request.ok ? undefined : request.reason}
      loading={download.isPending}
      onDownload={(format) => request.ok && download.mutate({ format, body: request.body })}
    />
  );
}
