import { useState } from 'react';
import { Alert, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { AssetClass, CgtClass, ChangeResult, Security, SecurityStatus } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { LeaveGuard } from '@/components/feedback/leave-guard';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { useCurrencies } from '../api/currencies';
import { useIssuers } from '../api/issuers';
import { useSaveSecurity, type SecurityInput } from '../api/save-security';
import {
  SECURITY_MESSAGES,
  assetClassOptions,
  cgtClassOptions,
  defaultCgtClass,
  isinProblem,
  ruleOf,
  sedolProblem,
  statusOptions,
} from './security-rules';
import { FormActions } from '../../../components/forms/form-actions';

interface Values {
  sedol: string;
  isin: string;
  issuer?: string;
  securityName: string;
  reportingName: string;
  securityDescription: string;
  securityLongDescription: string;
  currency?: string;
  assetClass?: AssetClass;
  cgtClass?: CgtClass;
  quantityDecimalPlaces: number | null;
  status: SecurityStatus;
}

function toValues(s: Security | undefined): Values {
  return {
    sedol: s?.sedol ?? '',
    isin: s?.isin ?? '',
    issuer: s?.issuer || undefined,
    securityName: s?.securityName ?? '',
    reportingName: s?.reportingName ?? '',
    securityDescription: s?.securityDescription ?? '',
    securityLongDescription: s?.securityLongDescription ?? '',
    currency: s?.currency ?? 'GBP',
    assetClass: s?.assetClass,
    cgtClass: s?.cgtClass,
    quantityDecimalPlaces: s?.quantityDecimalPlaces ?? 0,
    status: s?.status ?? 'ACTIVE',
  };
}

/** The body of POST/PUT /admin/securities from the form: codes upper-cased, text trimmed. */
export function toSecurityInput(v: Values): SecurityInput {
  return {
    sedol: v.sedol.trim().toUpperCase(),
    isin: v.isin.trim().toUpperCase(),
    issuer: v.issuer ?? '',
    securityName: v.securityName.trim(),
    reportingName: v.reportingName.trim(),
    securityDescription: (v.securityDescription ?? '').trim(),
    securityLongDescription: (v.securityLongDescription ?? '').trim(),
    currency: v.currency ?? '',
    assetClass: v.assetClass as AssetClass,
    cgtClass: v.cgtClass,
    quantityDecimalPlaces: v.quantityDecimalPlaces ?? 0,
    status: v.status,
  };
}

/**
 * Add or edit a security (Securities Lite). SEDOL and ISIN check digits are checked as they are typed; the
 * server checks everything again and its message shows under the field it names. A customer admin's save is
 * a proposal a provider admin approves (Static Data Validation).
 */
export function SecurityForm({
  organisationUuid,
  security,
  onDone,
  onCancel,
}: {
  organisationUuid: string;
  security?: Security;
  /** After a save: the stored security (provider admin) or null (a proposal awaiting approval). */
  onDone: (saved: Security | null) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [alert, setAlert] = useState<string>();
  const issuers = useIssuers(organisationUuid);
  const currencies = useCurrencies(organisationUuid);
  const save = useSaveSecurity();

  const onFinish = (values: Values) => {
    setAlert(undefined);
    save.mutate(
      { organisationUuid, id: security?.id, body: toSecurityInput(values) },
      {
        onSuccess: (result: ChangeResult<Security>) => {
          setDirty(false);
          const name = values.securityName.trim();
          if (result.applied) notify.success(`Security ${name} ${security ? 'saved' : 'added'}`);
          else notify.success(`Your change to ${name} was sent for approval by a provider administrator`);
          // let the leave guard see the form is clean before leaving
          setTimeout(() => onDone(result.applied ? result.value : null), 0);
        },
        onError: (error) => {
          if (!showServerFieldError(form, error))
            setAlert(isApiError(error) ? error.typeDescription : 'The security could not be saved');
        },
      },
    );
  };

  return (
    <div className="gains-panel gains-form gains-form--wide" data-testid="security-form">
      <LeaveGuard dirty={dirty} />
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      <Form<Values>
        form={form}
        name="security"
        layout="vertical"
        initialValues={toValues(security)}
        onFinish={onFinish}
        onValuesChange={(changed: Partial<Values>) => {
          setDirty(true);
          if (changed.assetClass) form.setFieldValue('cgtClass', defaultCgtClass(changed.assetClass));
        }}
        disabled={save.isPending}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item label="SEDOL" name="sedol" required rules={[ruleOf(sedolProblem)]} validateFirst>
              <Input maxLength={7} autoComplete="off" style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="ISIN" name="isin" required rules={[ruleOf(isinProblem)]} validateFirst>
              <Input maxLength={12} autoComplete="off" style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              label="Issuer"
              name="issuer"
              rules={[{ required: true, message: SECURITY_MESSAGES.issuerRequired }]}
              extra={issuers.isError ? 'Failed loading issuers' : undefined}
            >
              <Select
                showSearch
                placeholder="Choose the issuer"
                loading={issuers.isPending}
                optionFilterProp="label"
                options={(issuers.data ?? []).map((i) => ({ value: i.uuid, label: i.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Security name"
              name="securityName"
              rules={[{ required: true, whitespace: true, message: SECURITY_MESSAGES.securityNameRequired }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Reporting name"
              name="reportingName"
              rules={[{ required: true, whitespace: true, message: SECURITY_MESSAGES.reportingNameRequired }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Description" name="securityDescription">
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Long description" name="securityLongDescription">
              <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              label="Currency"
              name="currency"
              rules={[{ required: true, message: SECURITY_MESSAGES.currencyRequired }]}
            >
              <Select
                showSearch
                loading={currencies.isPending}
                optionFilterProp="label"
                options={(currencies.data ?? [{ isoCode: 'GBP', name: 'Pound sterling', decimalPlaces: 2 }]).map(
                  (c) => ({ value: c.isoCode, label: `${c.isoCode} – ${c.name}` }),
                )}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              label="Asset class"
              name="assetClass"
              rules={[{ required: true, message: SECURITY_MESSAGES.assetClassRequired }]}
            >
              <Select placeholder="Choose the asset class" options={assetClassOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label="CGT class" name="cgtClass" tooltip="Follows the asset class unless changed">
              <Select options={cgtClassOptions} placeholder="From the asset class" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item
              label="Quantity decimals"
              name="quantityDecimalPlaces"
              rules={[{ type: 'integer', min: 0, max: 6, message: SECURITY_MESSAGES.decimalsRange }]}
            >
              <InputNumber min={0} max={6} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label="Status" name="status">
              <Select options={statusOptions} />
            </Form.Item>
          </Col>
        </Row>
        <FormActions onCancel={onCancel} saving={save.isPending} />
      </Form>
    </div>
  );
}
