import { useEffect, useMemo, useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { todayIso } from '@/lib/format';
import { renameErrorField, showServerFieldError } from '@/components/forms/server-field-error';
import { SecuritySearchSelect } from '@/components/security-search/security-search-select';
import { useCurrencies } from '@/features/securities';
import {
  useSaveTransaction,
  useTransactionMetadata,
  useTransactionTypes,
  type LedgerTransaction,
  type TransactionInput,
} from '../api/ledger';
import { decimalProblem, placesOf, transactionFormFields, type FormField } from './transaction-fields';

const DATE = 'YYYY-MM-DD';

type Values = Partial<Record<keyof TransactionInput, string | number | Dayjs | undefined>>;

/** What the form starts with: an edited row's values, or a purchase today in GBP. */
function initialValues(editing: LedgerTransaction | undefined): Values {
  if (!editing) return { type: 'BUY', state: 'SETTLED', tradeDate: dayjs(), currency: 'GBP', expenses: '0' };
  const date = (d: string | null | undefined) => (d ? dayjs(d, DATE) : undefined);
  return {
    type: editing.transactionType?.type,
    state: editing.transactionState?.state,
    transactionCode: editing.transactionCode,
    tradeDate: date(editing.tradeDate),
    exDate: date(editing.exDate),
    payDate: date(editing.payDate),
    originalAcquisitionDate: date(editing.originalAcquisitionDate),
    quantity: editing.quantity,
    price: editing.price ?? undefined,
    consideration: editing.consideration,
    expenses: editing.expenses,
    currency: editing.currency?.isoCode ?? 'GBP',
    fxRate: editing.fxRate,
    counterpartyName: editing.counterpartyName,
    holdoverReliefClaimed: editing.holdoverReliefClaimed ?? undefined,
    newSecurityId: editing.newSecurityId ?? undefined,
    marketValue: editing.marketValue ?? undefined,
    ratio: editing.ratio ?? undefined,
    incomeType: editing.incomeType,
    taxDeducted: editing.taxDeducted ?? undefined,
    notes: editing.notes,
  };
}

/** The form's values as the API takes them: dates YYYY-MM-DD, decimals as typed, blanks left out. */
function toInput(values: Values): Partial<TransactionInput> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = dayjs.isDayjs(value) ? value.format(DATE) : typeof value === 'string' ? value.trim() : value;
  }
  return out as Partial<TransactionInput>;
}

/**
 * Post a transaction to a portfolio, or edit one (mounted while open, so each opening starts afresh) (seed 001 §7, §8). The type decides the fields shown; the
 * server checks every rule again and a refusal names the field, shown on it.
 */
export function TransactionForm({
  organisationUuid,
  portfolioUuid,
  security,
  editing,
  onClose,
}: {
  organisationUuid: string;
  portfolioUuid: string;
  /** The holding's security, fixed; undefined lets the user choose one. */
  security?: { id: number; label: string };
  editing?: LedgerTransaction;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [chosenSecurity, setChosenSecurity] = useState<number | undefined>(security?.id);
  const [problem, setProblem] = useState<string>();
  const typeName = Form.useWatch('type', form) as string | undefined;
  const currency = (Form.useWatch('currency', form) as string | undefined) ?? 'GBP';
  const types = useTransactionTypes(organisationUuid, portfolioUuid, true);
  const currencies = useCurrencies(organisationUuid);
  const securityId = security?.id ?? chosenSecurity;
  const metadata = useTransactionMetadata(organisationUuid, typeName, securityId, currency);
  const save = useSaveTransaction(organisationUuid);

  const type = types.data?.find((t) => t.name === typeName);
  const fields = useMemo(
    () =>
      transactionFormFields(
        type && { effect: type.effect, requiredFields: metadata.data?.requiredFields ?? type.requiredFields },
      ),
    [type, metadata.data],
  );

  // The rate the securities service holds for the currency, unless the user typed one.
  useEffect(() => {
    const rate = metadata.data?.fxRate;
    if (rate && !form.isFieldTouched('fxRate')) form.setFieldValue('fxRate', rate);
  }, [metadata.data?.fxRate, form]);

  const submit = async () => {
    const values = await form.validateFields();
    if (!securityId) {
      setProblem('Choose a security');
      return;
    }
    setProblem(undefined);
    const transaction = {
      ...toInput(values),
      ...(editing ? { uuid: editing.uuid, version: editing.version } : {}),
    };
    save.mutate(
      { portfolioUuid, securityId, transaction },
      {
        onSuccess: (row) => {
          notify.success(
            editing ? `Successfully updated transaction ${row.uuid}` : 'Successfully created transaction.',
          );
          onClose();
        },
        onError: (error) => {
          const shown = showServerFieldError(form, renameErrorField(error, formField));
          const fallback = editing
            ? 'There was a problem updating transactions'
            : 'There was a problem creating the transaction.';
          setProblem(shown ? fallback : `${fallback} ${isApiError(error) ? error.typeDescription : ''}`.trim());
        },
      },
    );
  };

  return (
    <Modal
      open
      title={editing ? `Edit transaction ${editing.transactionCode || editing.uuid}` : 'Add transaction'}
      okText={editing ? 'Save' : 'Create'}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        data-testid="transaction-form"
        initialValues={initialValues(editing)}
      >
        <Form.Item label="Security" required>
          {security ? (
            <Typography.Text strong>{security.label}</Typography.Text>
          ) : (
            <SecuritySearchSelect
              organisationUuid={organisationUuid}
              value={chosenSecurity}
              onSelect={(s) => setChosenSecurity(s.id)}
            />
          )}
        </Form.Item>
        <div className="gains-form-grid">
          <Form.Item name="type" label="Type" rules={[{ required: true, message: 'Type is required' }]}>
            <Select
              showSearch
              loading={types.isLoading}
              optionFilterProp="label"
              disabled={!!editing}
              options={(types.data ?? [])
                .filter((t) => t.active)
                .map((t) => ({ value: t.name, label: t.description ? `${t.name} — ${t.description}` : t.name }))}
            />
          </Form.Item>
          <Form.Item name="state" label="State">
            <Select
              options={(metadata.data?.states ?? [{ uuid: 'SETTLED', state: 'SETTLED' }]).map((s) => ({
                value: s.state,
                label: s.state,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="tradeDate"
            label="Trade Date"
            rules={[{ required: true, message: 'Trade date is required' }]}
          >
            <DatePicker
              format="DD/MM/YYYY"
              disabledDate={(d) => d.format(DATE) > todayIso()}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="transactionCode" label="Transaction Code">
            <Input maxLength={60} />
          </Form.Item>
          {fields.map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              organisationUuid={organisationUuid}
              incomeTypes={metadata.data?.incomeTypes ?? []}
            />
          ))}
          <Form.Item name="currency" label="Currency">
            <Select
              showSearch
              loading={currencies.isLoading}
              options={(currencies.data ?? [{ isoCode: 'GBP' }]).map((c) => ({ value: c.isoCode, label: c.isoCode }))}
            />
          </Form.Item>
          <Form.Item
            name="fxRate"
            label="FX Rate (per GBP)"
            rules={[{ validator: (_r, v: string) => check(decimalProblem('FX rate', v, 10)) }]}
          >
            <Input inputMode="decimal" disabled={currency === 'GBP'} />
          </Form.Item>
        </div>
        <Form.Item name="notes" label="Notes">
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
      {metadata.data?.latestPrice && (
        <Typography.Text type="secondary">Latest price: {metadata.data.latestPrice}</Typography.Text>
      )}
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
    </Modal>
  );
}

function FieldInput({
  field,
  organisationUuid,
  incomeTypes,
}: {
  field: FormField;
  organisationUuid: string;
  incomeTypes: { code: string; name: string }[];
}) {
  const required = field.required ? [{ required: true, message: `${field.label} is required` }] : [];
  switch (field.kind) {
    case 'date':
      return (
        <Form.Item name={field.name} label={field.label} rules={required}>
          <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'security':
      return (
        <Form.Item
          name={field.name}
          label={field.label}
          rules={required}
          valuePropName="value"
          trigger="onSelect"
          getValueFromEvent={(s: { id: number }) => s.id}
        >
          <SecuritySearchSelect organisationUuid={organisationUuid} onSelect={() => undefined} />
        </Form.Item>
      );
    case 'incomeType':
      return (
        <Form.Item name={field.name} label={field.label} rules={required}>
          <Select options={incomeTypes.map((t) => ({ value: t.code, label: t.name }))} />
        </Form.Item>
      );
    case 'ratio':
      return (
        <Form.Item
          name={field.name}
          label={field.label}
          rules={[
            ...required,
            { pattern: /^\d+(\.\d+)?(:\d+(\.\d+)?)?$/, message: `${field.label} must be like 2:1 or 1:10` },
          ]}
        >
          <Input placeholder="2:1" />
        </Form.Item>
      );
    case 'decimal':
      return (
        <Form.Item
          name={field.name}
          label={field.label}
          rules={[
            ...required,
            { validator: (_r, v: string) => check(decimalProblem(field.label, v, placesOf(field.name))) },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
      );
    default:
      return (
        <Form.Item name={field.name} label={field.label} rules={required}>
          <Input maxLength={200} />
        </Form.Item>
      );
  }
}

const check = (problem: string | undefined) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());

/** The server names fields as the body does (`transaction.quantity`, `transactions.0.price`). */
const formField = (field: string) => field.replace(/^transactions?(\[\d+\]|\.\d+)?\./, '');
