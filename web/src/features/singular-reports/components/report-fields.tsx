import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Dropdown, Form, Input, Space, Typography } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { SelectedClient } from '@/lib/selected-client';
import { AS_AT_IN_FUTURE, END_BEFORE_START, NO_CLIENT, RESTRICTED_YEAR, TO_BEFORE_FROM } from './report-rules';

/** Reasons the page already shows where they arise (the alert, a field's error): not said again by Download. */
const SHOWN_ELSEWHERE: readonly string[] = [
  NO_CLIENT,
  AS_AT_IN_FUTURE,
  END_BEFORE_START,
  TO_BEFORE_FROM,
  RESTRICTED_YEAR,
];
const whyNot = (reason: string | undefined) => (reason && !SHOWN_ELSEWHERE.includes(reason) ? reason : undefined);

/** Every tab's frame (seed 000 §2.6): the form as the CGT tab lays it out. */
export function ReportForm({ testId, wide, children }: { testId: string; wide?: boolean; children: ReactNode }) {
  return (
    <Form layout="vertical" style={{ maxWidth: wide ? 960 : 520 }} data-testid={testId}>
      {children}
    </Form>
  );
}

/**
 * Every tab shows the selected client's code and name, read-only; without one, where to choose it (unless the
 * report is not about a client).
 */
export function ClientFields({ client, needed = true }: { client: SelectedClient | undefined; needed?: boolean }) {
  return (
    <>
      {!client && needed && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={NO_CLIENT} />}
      <FieldRow>
        <Form.Item label="Client Code">
          <Input readOnly value={client?.code ?? ''} aria-label="Client Code" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Client Name">
          <Input readOnly value={client?.name ?? ''} aria-label="Client Name" style={{ width: 260 }} />
        </Form.Item>
      </FieldRow>
    </>
  );
}

/** Fields side by side, each row on its own line. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Space size="large" wrap align="start" style={{ display: 'flex' }}>
      {children}
    </Space>
  );
}

const DAY = 'YYYY-MM-DD';
/** A calendar day picked as DD/MM/YYYY and kept as YYYY-MM-DD, which the rules compare as text. */
export function DayPicker({
  label,
  value,
  onChange,
  disabledDay,
  error,
  allowClear = true,
  testId,
}: {
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  /** Days that cannot be picked (greyed, and refused when typed). */
  disabledDay?: (day: string) => boolean;
  error?: string;
  allowClear?: boolean;
  testId: string;
}) {
  // A typed day the picker refuses (a disabled one) stays in its box though the value is unchanged: on leaving the
  // box, a text that is not the value's is put back by drawing the picker afresh.
  const [drawn, setDrawn] = useState(0);
  const shown = useRef(value);
  useEffect(() => {
    shown.current = value;
  }, [value]);
  const putBack = (input: HTMLInputElement) =>
    setTimeout(() => {
      const expected = shown.current ? dayjs(shown.current).format('DD/MM/YYYY') : '';
      if (input.value !== expected) setDrawn((n) => n + 1);
    });
  return (
    <Form.Item label={label} validateStatus={error ? 'error' : undefined} help={error}>
      <DatePicker
        key={drawn}
        onBlur={(e) => putBack(e.target as HTMLInputElement)}
        aria-label={label}
        data-testid={testId}
        format="DD/MM/YYYY"
        allowClear={allowClear}
        value={value ? dayjs(value) : null}
        disabledDate={disabledDay ? (d: Dayjs) => disabledDay(d.format(DAY)) : undefined}
        onChange={(d: Dayjs | null) => onChange(d ? d.format(DAY) : undefined)}
        style={{ width: 200 }}
      />
    </Form.Item>
  );
}

export const todayDay = () => dayjs().format(DAY);

/**
 * The Download menu: 'Download CSV' and 'Download PDF' (those the report has), disabled with its reason beside it
 * until the tab's inputs allow it, and spinning while the call runs.
 */
export function DownloadMenu({
  formats,
  reason,
  loading,
  onDownload,
}: {
  formats: readonly ('csv' | 'pdf')[];
  /** Why it cannot be asked yet; undefined when it can. */
  reason: string | undefined;
  loading: boolean;
  onDownload: (format: 'csv' | 'pdf') => void;
}) {
  const disabled = reason !== undefined || loading;
  // Held here so the menu closes when an item is chosen: the button then spins disabled, and a disabled dropdown
  // would otherwise stay open over the page (and over the next tab) until the pointer moved across it again.
  const [open, setOpen] = useState(false);
  return (
    <Form.Item extra={whyNot(reason)}>
      <Dropdown
        disabled={disabled}
        open={open && !disabled}
        onOpenChange={setOpen}
        menu={{
          items: formats.map((f) => ({ key: f, label: `Download ${f.toUpperCase()}`, 'data-testid': `download-${f}` })),
          onClick: ({ key }) => {
            setOpen(false);
            onDownload(key as 'csv' | 'pdf');
          },
        }}
      >
        <Button type="primary" disabled={disabled} loading={loading} data-testid="download">
          <Space>
            Download
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
    </Form.Item>
  );
}

/** A report with one file: a plain Download button (CA Headers, CA Candidates, Calculation Failures). */
export function DownloadButton({
  reason,
  loading,
  onDownload,
}: {
  reason: string | undefined;
  loading: boolean;
  onDownload: () => void;
}) {
  return (
    <Form.Item extra={whyNot(reason)}>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        disabled={reason !== undefined}
        loading={loading}
        onClick={onDownload}
        data-testid="download"
      >
        Download
      </Button>
    </Form.Item>
  );
}

/** A short line under a tab's title saying what its report holds. */
export function ReportNote({ children }: { children: ReactNode }) {
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: -8, marginBottom: 16 }}>
      {children}
    </Typography.Paragraph>
  );
}
