import { useMemo, useState } from 'react';
import { Checkbox, Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { config } from '@/config/env';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useAdminOrganisations,
  useOrganisationSearch,
  useOrganisationTypes,
  type AdminOrganisation,
} from '../api/get-organisations';
import { useServiceLevels } from '../api/get-service-levels';
import { useSaveOrganisation, type OrganisationInput } from '../api/save-organisation';
import { AdminFormFrame, useAdminForm } from './admin-form-frame';
import { FormActions } from '../../../components/forms/form-actions';

/** The rules the form checks before sending (the server checks them again and names the field). */
export const ORGANISATION_MESSAGES = {
  codeRequired: 'Code is required',
  codeFormat: 'Code must be up to 20 letters, digits, - or _',
  nameRequired: 'Name is required',
  typeRequired: 'Type is required',
  oldPriceAgeRequired: 'Old price age is required when price aging is used',
  oldPriceAgeWhole: 'Old price age must be a whole number',
  holdingVariance: 'Holding variance must be a number',
  valuationCostVariance: 'Valuation cost variance must be a number',
} as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;

interface Values {
  code: string;
  name: string;
  type?: string;
  parent?: number | null;
  serviceLevelId?: number | null;
  ignoreBfLoss: boolean;
  notes: string;
  hasCustomer: boolean;
  customer: {
    usePriceAgingDays: boolean;
    oldPriceAgeDays: number | null;
    reconcileCost: boolean;
    holdingVariance: string;
    valuationCostVariance: string;
    allowClientTypeUpdateViaFeed: boolean;
  };
}

const EMPTY_CUSTOMER: Values['customer'] = {
  usePriceAgingDays: false,
  oldPriceAgeDays: null,
  reconcileCost: false,
  holdingVariance: '',
  valuationCostVariance: '',
  allowClientTypeUpdateViaFeed: false,
};

function toValues(o: AdminOrganisation | undefined): Values {
  return {
    code: o?.code ?? '',
    name: o?.name ?? '',
    type: o?.type || undefined,
    parent: o?.parent ?? null,
    serviceLevelId: o?.serviceLevelId ?? null,
    ignoreBfLoss: o?.ignoreBfLoss ?? false,
    notes: o?.notes ?? '',
    hasCustomer: !!o?.customer,
    customer: o?.customer
      ? {
          ...o.customer,
          holdingVariance: o.customer.holdingVariance ?? '',
          valuationCostVariance: o.customer.valuationCostVariance ?? '',
        }
      : EMPTY_CUSTOMER,
  };
}

function toInput(v: Values): OrganisationInput {
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    type: v.type ?? '',
    parent: v.parent ?? null,
    serviceLevelId: v.serviceLevelId ?? null,
    ignoreBfLoss: v.ignoreBfLoss,
    notes: v.notes ?? '',
    customer: v.hasCustomer
      ? {
          usePriceAgingDays: v.customer.usePriceAgingDays,
          oldPriceAgeDays: v.customer.oldPriceAgeDays ?? null,
          reconcileCost: v.customer.reconcileCost,
          holdingVariance: (v.customer.holdingVariance ?? '').trim(),
          valuationCostVariance: (v.customer.valuationCostVariance ?? '').trim(),
          allowClientTypeUpdateViaFeed: v.customer.allowClientTypeUpdateViaFeed,
        }
      : null,
  };
}

/** Parent: search the organisations that may be a parent of the chosen type. */
function ParentSelect({
  id,
  value,
  onChange,
  type,
  disabled,
}: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  type: string | undefined;
  disabled?: boolean;
}) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term, config.searchDebounceMs);
  const search = useOrganisationSearch(debounced.trim(), type ?? '');
  const all = useAdminOrganisations();
  const options = useMemo(() => {
    const found = search.data ?? [];
    const current =
      value != null && !found.some((o) => o.id === value) ? all.data?.find((o) => o.id === value) : undefined;
    return [...(current ? [current] : []), ...found].map((o) => ({ value: o.id, label: `${o.code} – ${o.name}` }));
  }, [search.data, all.data, value]);
  return (
    <Select
      id={id}
      showSearch
      allowClear
      placeholder="Search by code or name"
      filterOption={false}
      onSearch={setTerm}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      loading={search.isFetching}
      notFoundContent={search.isFetching ? 'Searching…' : 'No organisations found'}
      disabled={disabled}
    />
  );
}

/** Add or edit an organisation (spec §3 Organisation, §2.1 administration routes). */
export function OrganisationForm({
  organisation,
  listPath,
  canSave,
}: {
  organisation?: AdminOrganisation;
  listPath: string;
  canSave: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const types = useOrganisationTypes();
  const serviceLevels = useServiceLevels();
  const save = useSaveOrganisation();
  const { dirty, alert, onValuesChange, cancel, beforeSave, saveCallbacks } = useAdminForm(form, {
    noun: 'Organisation',
    listPath,
    editing: !!organisation,
  });
  const type = Form.useWatch('type', form);
  const hasCustomer = Form.useWatch('hasCustomer', form);
  const usePriceAging = Form.useWatch(['customer', 'usePriceAgingDays'], form);

  const onFinish = (values: Values) => {
    beforeSave();
    save.mutate({ id: organisation?.id, body: toInput(values) }, saveCallbacks);
  };

  return (
    <AdminFormFrame
      dirty={dirty}
      alert={alert}
      readOnlyMessage={canSave ? undefined : 'Only provider administrators can change organisations.'}
    >
      <Form<Values>
        form={form}
        name="organisation"
        layout="vertical"
        initialValues={toValues(organisation)}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        disabled={!canSave || save.isPending}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label="Code"
              name="code"
              rules={[
                { required: true, whitespace: true, message: ORGANISATION_MESSAGES.codeRequired },
                { pattern: /^\s*[A-Za-z0-9_-]{1,20}\s*$/, message: ORGANISATION_MESSAGES.codeFormat },
              ]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              label="Name"
              name="name"
              rules={[{ required: true, whitespace: true, message: ORGANISATION_MESSAGES.nameRequired }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="Type"
              name="type"
              rules={[{ required: true, message: ORGANISATION_MESSAGES.typeRequired }]}
            >
              <Select
                placeholder="Select a type"
                loading={types.isPending}
                options={(types.data ?? []).map((t) => ({ value: t.code, label: t.name }))}
                onChange={() => form.setFieldValue('parent', null)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item label="Parent" name="parent">
              <ParentSelect type={type} disabled={!canSave} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Service level" name="serviceLevelId">
              <Select
                allowClear
                placeholder="None"
                loading={serviceLevels.isPending}
                options={(serviceLevels.data ?? []).map((s) => ({
                  value: s.id,
                  label: `${s.code} – ${s.serviceLevel}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label=" " name="ignoreBfLoss" valuePropName="checked">
              <Checkbox>Ignore brought-forward losses</Checkbox>
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="Notes" name="notes">
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left" plain>
          Customer settings
        </Divider>
        <Form.Item label="Has customer settings" name="hasCustomer" valuePropName="checked">
          <Switch checkedChildren="On" unCheckedChildren="Off" />
        </Form.Item>
        {hasCustomer && (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name={['customer', 'usePriceAgingDays']} valuePropName="checked">
                <Checkbox>Use price aging days</Checkbox>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Old price age (days)"
                name={['customer', 'oldPriceAgeDays']}
                dependencies={[['customer', 'usePriceAgingDays']]}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, value: number | null | undefined) => {
                      if ((value === null || value === undefined) && getFieldValue(['customer', 'usePriceAgingDays'])) {
                        return Promise.reject(new Error(ORGANISATION_MESSAGES.oldPriceAgeRequired));
                      }
                      if (value !== null && value !== undefined && !Number.isInteger(value)) {
                        return Promise.reject(new Error(ORGANISATION_MESSAGES.oldPriceAgeWhole));
                      }
                      return Promise.resolve();
                    },
                  }),
                ]}
              >
                <InputNumber
                  min={0}
                  style={{ width: '100%' }}
                  disabled={!usePriceAging}
                  aria-label="Old price age (days)"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Holding variance"
                name={['customer', 'holdingVariance']}
                rules={[{ pattern: DECIMAL, message: ORGANISATION_MESSAGES.holdingVariance }]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Valuation cost variance"
                name={['customer', 'valuationCostVariance']}
                rules={[{ pattern: DECIMAL, message: ORGANISATION_MESSAGES.valuationCostVariance }]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['customer', 'reconcileCost']} valuePropName="checked">
                <Checkbox>Reconcile cost</Checkbox>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['customer', 'allowClientTypeUpdateViaFeed']} valuePropName="checked">
                <Checkbox>Allow client type update via feed</Checkbox>
              </Form.Item>
            </Col>
          </Row>
        )}

        <FormActions onCancel={cancel} canSave={canSave} saving={save.isPending} />
      </Form>
    </AdminFormFrame>
  );
}
