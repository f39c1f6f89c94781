import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import type { TaxYearReference } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/notify';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { useSetAnnualExemptAmount } from '../api/get-reference-data';
import { settableTaxYears } from './exempt-amount-rules';

interface Values {
  taxYear: string;
  amount: string;
}

const POUNDS = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** A provider admin sets a later tax year's annual exempt amount (individuals'; trusts get half). */
export function SetExemptAmountModal({
  organisationUuid,
  taxYears,
  onClose,
}: {
  organisationUuid: string;
  taxYears: readonly TaxYearReference[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [alert, setAlert] = useState<string>();
  const setAmount = useSetAnnualExemptAmount();
  const years = settableTaxYears(taxYears);
  const onFinish = (v: Values) => {
    setAlert(undefined);
    setAmount.mutate(
      { organisationUuid, body: { taxYear: v.taxYear.trim(), amount: v.amount.trim().replace(/,/g, '') } },
      {
        onSuccess: (year) => {
          notify.success(`Annual exempt amount for ${year.label} set to ${formatMoney(year.annualExemptAmount)}`);
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldError(form, error))
            setAlert(isApiError(error) ? error.typeDescription : 'The annual exempt amount could not be set');
        },
      },
    );
  };
  return (
    <Modal
      open
      title="Set an annual exempt amount"
      okText="Set"
      onOk={() => form.submit()}
      okButtonProps={{ loading: setAmount.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      <Typography.Paragraph type="secondary">
        For a tax year after the statutory ones, once its amount is announced. Calculations use it at once; trusts get
        half, as for every year.
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name="annual-exempt-amount"
        onFinish={onFinish}
        initialValues={{ taxYear: years[0] ?? '', amount: '' }}
      >
        <Form.Item
          label="Tax year"
          name="taxYear"
          rules={[
            { required: true, message: 'Choose the tax year' },
            {
              validator: (_, value: string) =>
                !value || years.includes(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(`The tax year must be ${years.join(' or ')}`)),
            },
          ]}
        >
          <Input placeholder={years[0]} aria-label="Tax year" />
        </Form.Item>
        <Form.Item
          label="Annual exempt amount (individuals)"
          name="amount"
          rules={[
            { required: true, message: 'Enter the amount in pounds' },
            { pattern: POUNDS, message: 'Pounds and pence, e.g. 3,000.00' },
          ]}
        >
          <Input prefix="£" inputMode="decimal" placeholder="3,000.00" aria-label="Annual exempt amount" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
