import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Checkbox, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { INCOME_TYPE_ITEMS } from '@gains/access';
import { INCOME_DIARY_FREQUENCIES, type DocumentType, type IncomeDiary } from '@gains/contracts';
import { LeaveGuard } from '@/components/feedback/leave-guard';
import { useSaveAndLeave } from '@/components/feedback/use-save-and-leave';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { SecuritySearchSelect } from '@/components/security-search/security-search-select';
import { resultLabel, type SecuritySearchResult } from '@/components/security-search/search-securities';
import { isApiError } from '@/lib/api-client';
import { compareDecimal, isDecimal } from '@/lib/decimal';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSaveIncomeDiary, useSecurityLayers } from '../api/income-diaries';
import { isDiaryType } from './income-diary-rules';
import { FormActions } from '../../../components/forms/form-actions';

/**
 * The security of the form (Form.Item gives it `value` and `onChange`): the app's security search, which shows the
 * chosen security as its placeholder rather than its id.
 */
function SecurityField({
  organisationUuid,
  chosen,
  onChosen,
  onChange,
}: {
  organisationUuid: string;
  chosen: string;
  onChosen: (s: SecuritySearchResult) => void;
  value?: number;
  onChange?: (id: number) => void;
}) {
  return (
    <SecuritySearchSelect
      id="income-diary_securityId"
      organisationUuid={organisationUuid}
      value={null}
      placeholder={chosen || 'Search securities by SEDOL, ISIN or name'}
      onSelect={(s) => {
        onChosen(s);
        onChange?.(s.id);
      }}
    />
  );
}

interface Values {
  securityId: number | undefined;
  incomeType: string | undefined;
  documentTypeUuid: string | undefined;
  layerUuid: string | undefined;
  rate: string;
  perParent: string;
  nextExDate: Dayjs | null;
  nextPayDate: Dayjs | null;
  frequency: string;
  endDate: Dayjs | null;
  active: boolean;
}

const day = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');
const asDay = (s: string | undefined) => (s ? dayjs(s) : null);
/** A rate the server will take: a plain decimal above 0 (it says so again, naming the field). */
const positive = (label: string) => ({
  validator: (_: unknown, v: string | undefined) => {
    const t = (v ?? '').trim().replace(/,/g, '');
    if (t === '') return Promise.resolve();
    if (!isDecimal(t) || t.startsWith('+'))
      return Promise.reject(new Error(`${label} must be a number, such as 0.125`));
    return compareDecimal(t, '0') > 0 ? Promise.resolve() : Promise.reject(new Error(`${label} must be more than 0`));
  },
});

/**
 * An income diary's terms (seed 000 §1, §2.1): the security (the app's security search), its income type, the
 * document type its headers take (an income corporate action of one rate per share) and the layer, the rate per
 * share, the next ex and pay dates, how often, and an end date. New or edited at the version read; the server's
 * refusals show under their fields.
 */
export function IncomeDiaryForm({
  organisationUuid,
  diary,
  types,
  listPath,
  afterSave,
  canSave,
}: {
  organisationUuid: string;
  diary?: IncomeDiary;
  types: DocumentType[] | undefined;
  listPath: string;
  /** where a save goes: the saved diary's page */
  afterSave: (saved: IncomeDiary) => string;
  canSave: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const save = useSaveIncomeDiary(organisationUuid);
  const { dirty, setDirty, saved: leaveAfterSave } = useSaveAndLeave();
  const [alert, setAlert] = useState<string>();
  const [security, setSecurity] = useState<string>(
    diary ? [diary.sedol, diary.isin, diary.securityName].filter(Boolean).join(' · ') : '',
  );
  const securityId = Form.useWatch('securityId', form);
  const layers = useSecurityLayers(organisationUuid, securityId);
  const diaryTypes = (types ?? []).filter(isDiaryType);

  const onFinish = (v: Values) => {
    setAlert(undefined);
    save.mutate(
      {
        ...(diary ? { uuid: diary.uuid, version: diary.version } : {}),
        securityId: v.securityId ?? 0,
        incomeType: v.incomeType ?? '',
        documentTypeUuid: v.documentTypeUuid ?? '',
        layerUuid: v.layerUuid ?? '',
        rate: v.rate.trim(),
        perParent: v.perParent.trim(),
        nextExDate: day(v.nextExDate),
        nextPayDate: day(v.nextPayDate),
        frequency: v.frequency,
        active: v.active,
        endDate: day(v.endDate),
      },
      {
        onSuccess: (saved) => {
          notify.success(diary ? 'Income diary saved' : 'Income diary created');
          leaveAfterSave(afterSave(saved));
        },
        onError: (error) => {
          if (!showServerFieldError(form, error))
            setAlert(isApiError(error) ? error.typeDescription : 'The income diary could not be saved');
        },
      },
    );
  };

  return (
    <div className="gains-panel gains-form" data-testid="income-diary-form">
      <LeaveGuard dirty={dirty} />
      {!canSave && (
        <Alert
          type="info"
          showIcon
          className="gains-modal-alert"
          message="Only administrators can change income diaries."
        />
      )}
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      <Form<Values>
        form={form}
        name="income-diary"
        layout="vertical"
        initialValues={{
          securityId: diary?.securityId,
          incomeType: diary?.incomeType,
          documentTypeUuid: diary?.documentTypeUuid,
          layerUuid: diary?.layerUuid,
          rate: diary?.rate ?? '',
          perParent: diary?.perParent ?? '1',
          nextExDate: asDay(diary?.nextExDate),
          nextPayDate: asDay(diary?.nextPayDate),
          frequency: diary?.frequency ?? 'QUARTERLY',
          endDate: asDay(diary?.endDate),
          active: diary?.active ?? true,
        }}
        onFinish={onFinish}
        onValuesChange={() => setDirty(true)}
        disabled={!canSave || save.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="Security"
              name="securityId"
              rules={[{ required: true, message: 'Security is required' }]}
              extra={security ? `Chosen: ${security}` : 'Search by SEDOL, ISIN or name'}
            >
              <SecurityField
                organisationUuid={organisationUuid}
                chosen={security}
                onChosen={(s) => {
                  setSecurity(resultLabel(s));
                  form.setFieldsValue({ layerUuid: undefined });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Income Type"
              name="incomeType"
              rules={[{ required: true, message: 'Income Type is required' }]}
            >
              <Select
                data-testid="diary-income-type"
                showSearch
                optionFilterProp="label"
                options={INCOME_TYPE_ITEMS.map((t) => ({ value: t.code, label: t.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Document Type"
              name="documentTypeUuid"
              rules={[{ required: true, message: 'Document Type is required' }]}
            >
              <Select
                data-testid="diary-document-type"
                loading={!types}
                options={diaryTypes.map((t) => ({ value: t.uuid, label: t.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Layer" name="layerUuid" rules={[{ required: true, message: 'Layer is required' }]}>
              <Select
                data-testid="diary-layer"
                loading={layers.isFetching}
                disabled={!securityId}
                placeholder={securityId ? undefined : 'Choose the security first'}
                options={(layers.data ?? []).map((l) => ({ value: l.uuid, label: l.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="Rate per Share"
              name="rate"
              rules={[{ required: true, message: 'Rate is required' }, positive('Rate')]}
            >
              <Input inputMode="decimal" data-testid="diary-rate" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Per Parent" name="perParent" rules={[positive('Per Parent')]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="Frequency"
              name="frequency"
              rules={[{ required: true, message: 'Frequency is required' }]}
            >
              <Select data-testid="diary-frequency" options={[...INCOME_DIARY_FREQUENCIES]} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Active" name="active" valuePropName="checked">
              <Checkbox>Creates its headers on their dates</Checkbox>
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="Next Ex Date"
              name="nextExDate"
              rules={[{ required: true, message: 'Ex Date is required' }]}
            >
              <DatePicker format="DD/MM/YYYY" data-testid="diary-ex-date" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="Next Pay Date"
              name="nextPayDate"
              dependencies={['nextExDate']}
              rules={[
                { required: true, message: 'Pay Date is required' },
                ({ getFieldValue }) => ({
                  validator: (_, pay: Dayjs | null) => {
                    const ex = getFieldValue('nextExDate') as Dayjs | null;
                    return !ex || !pay || !pay.isBefore(ex, 'day')
                      ? Promise.resolve()
                      : Promise.reject(new Error('Pay Date must not be before Ex Date'));
                  },
                }),
              ]}
            >
              <DatePicker format="DD/MM/YYYY" data-testid="diary-pay-date" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="End Date" name="endDate">
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {diary && (
          <Typography.Paragraph type="secondary">
            Created {formatDateTime(diary.createdAt)} {diary.createdByName && `by ${diary.createdByName}`}; last
            modified {formatDateTime(diary.updatedAt)} {diary.updatedByName && `by ${diary.updatedByName}`}
          </Typography.Paragraph>
        )}
        <FormActions
          onCancel={() => navigate(listPath)}
          canSave={canSave}
          saving={save.isPending}
          submitLabel={diary ? 'Save' : 'Create'}
          submitTestId="diary-save"
        />
      </Form>
    </div>
  );
}
