import { Alert, Checkbox, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { LEDGER_EFFECT_DIRECTIONS, REQUIRABLE_FIELDS } from '@gains/contracts';
import { useNavigate } from 'react-router';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/lib/format';
import { LeaveGuard } from '@/components/feedback/leave-guard';
import { useSaveAndLeave } from '@/components/feedback/use-save-and-leave';
import { renameErrorField, showServerFieldError } from '@/components/forms/server-field-error';
import { useReferenceData } from '@/features/reference-data';
import { useSaveTransactionType, type TransactionType } from '../api/transaction-types';
import { FormActions } from '../../../components/forms/form-actions';

interface Values {
  name: string;
  description: string;
  /** EFFECT:<ledger type> or INCOME:<income type code> */
  mapsTo?: string;
  requiredFields: string[];
  corporateAction: boolean;
  allowZeroQuantity: boolean;
  active: boolean;
}

/** The form's one "maps to" choice, split as the API stores it; the direction follows from the effect. */
export function typeBody(values: Values): Partial<TransactionType> {
  const [kind, code = ''] = (values.mapsTo ?? '').split(':');
  const effect = kind === 'EFFECT' ? code : '';
  return {
    name: values.name.trim(),
    description: (values.description ?? '').trim(),
    effect,
    incomeType: kind === 'INCOME' ? code : '',
    direction: effect ? LEDGER_EFFECT_DIRECTIONS[effect] : 'NONE',
    requiredFields: values.requiredFields ?? [],
    corporateAction: !!values.corporateAction,
    allowZeroQuantity: !!values.allowZeroQuantity,
    active: !!values.active,
  };
}

const FIELD_LABELS: Record<string, string> = {
  quantity: 'Quantity',
  price: 'Price',
  consideration: 'Consideration',
  expenses: 'Expenses',
  ex_date: 'Ex-date',
  pay_date: 'Pay date',
  original_acquisition_date: 'Original acquisition date',
  counterparty: 'Counterparty',
  new_security_id: 'New security',
  market_value: 'Market value',
  ratio: 'Ratio',
  income_type: 'Income type',
  tax_deducted: 'Tax deducted',
};

/**
 * Add or edit a transaction type: a firm's own name mapped onto one of the tax engine's ledger effects or an
 * income type, so its imports and postings need no code. A type shipped with the product keeps its name and
 * effect; only its description and whether it is offered may change.
 */
export function TransactionTypeForm({
  organisationUuid,
  type,
  listPath,
  canSave,
}: {
  organisationUuid: string;
  type?: TransactionType;
  listPath: string;
  canSave: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const save = useSaveTransactionType(organisationUuid);
  const reference = useReferenceData(organisationUuid);
  const { dirty, setDirty, saved: leaveAfterSave } = useSaveAndLeave();
  const [alert, setAlert] = useState<string>();
  const system = !!type?.system;
  const mapsTo = Form.useWatch('mapsTo', form);
  const effect = mapsTo?.startsWith('EFFECT:') ? mapsTo.slice('EFFECT:'.length) : '';

  const onFinish = (values: Values) => {
    setAlert(undefined);
    save.mutate(
      { uuid: type?.uuid, body: { ...typeBody(values), ...(type ? { version: type.version } : {}) } },
      {
        onSuccess: (saved) => {
          notify.success(`Transaction type ${saved.name} ${type ? 'saved' : 'added'}`);
          leaveAfterSave(listPath);
        },
        onError: (error) => {
          const shown = showServerFieldError(form, renameErrorField(error, formField));
          if (!shown) setAlert(isApiError(error) ? error.typeDescription : 'The transaction type could not be saved');
        },
      },
    );
  };

  const effectOptions = Object.keys(LEDGER_EFFECT_DIRECTIONS).map((e) => ({ value: `EFFECT:${e}`, label: e }));
  const incomeOptions = (reference.data?.incomeTypes ?? []).map((t) => ({
    value: `INCOME:${t.code}`,
    label: t.name,
  }));

  return (
    <div className="gains-panel gains-form">
      <LeaveGuard dirty={dirty} />
      {!canSave && (
        <Alert
          type="info"
          showIcon
          className="gains-modal-alert"
          message="Only administrators can change transaction types."
        />
      )}
      {system && canSave && (
        <Alert
          type="info"
          showIcon
          className="gains-modal-alert"
          message="This type ships with Gains: its name and effect are fixed; its description and whether it is offered may change."
        />
      )}
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      <Form<Values>
        form={form}
        name="transaction-type"
        layout="vertical"
        initialValues={{
          name: type?.name ?? '',
          description: type?.description ?? '',
          mapsTo: type ? (type.effect ? `EFFECT:${type.effect}` : `INCOME:${type.incomeType}`) : undefined,
          requiredFields: type?.requiredFields ?? ['quantity'],
          corporateAction: type?.corporateAction ?? false,
          allowZeroQuantity: type?.allowZeroQuantity ?? false,
          active: type?.active ?? true,
        }}
        onFinish={onFinish}
        onValuesChange={() => setDirty(true)}
        disabled={!canSave || save.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              label="Name"
              name="name"
              rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
            >
              <Input maxLength={100} disabled={system} />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item label="Description" name="description">
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              label="Maps to"
              name="mapsTo"
              rules={[{ required: true, message: 'Choose a ledger effect or an income type' }]}
              extra={
                effect
                  ? `Direction: ${LEDGER_EFFECT_DIRECTIONS[effect]}`
                  : mapsTo
                    ? 'Direction: NONE (income)'
                    : undefined
              }
            >
              <Select
                showSearch
                disabled={system}
                optionFilterProp="label"
                options={[
                  { label: 'Tax engine ledger effect', options: effectOptions },
                  { label: 'Income type', options: incomeOptions },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item label="Required fields" name="requiredFields">
              <Select
                mode="multiple"
                disabled={system}
                options={REQUIRABLE_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] ?? f }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Space size="large" wrap>
          <Form.Item name="corporateAction" valuePropName="checked">
            <Checkbox disabled={system}>Corporate action</Checkbox>
          </Form.Item>
          <Form.Item name="allowZeroQuantity" valuePropName="checked">
            <Checkbox disabled={system}>Allows a zero quantity</Checkbox>
          </Form.Item>
          <Form.Item name="active" valuePropName="checked">
            <Checkbox>Offered when posting</Checkbox>
          </Form.Item>
        </Space>
        {type && (
          <Typography.Paragraph type="secondary">
            Last modified {formatDateTime(type.lastModifiedDate)}{' '}
            {type.lastModifiedByName && `by ${type.lastModifiedByName}`}
          </Typography.Paragraph>
        )}
        <FormActions onCancel={() => navigate(listPath)} canSave={canSave} saving={save.isPending} />
      </Form>
    </div>
  );
}

/** The server names `type.effect` or `type.incomeType`; the form has one "maps to" field for both. */
const formField = (field: string) =>
  field
    .replace(/^type\./, '')
    .replace(/^(effect|incomeType|direction)$/, 'mapsTo')
    .replace(/^requiredFields\.\d+$/, 'requiredFields');
