import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useNavigate } from 'react-router';
import type { LineDefinition } from '@gains/contracts';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { formatBoolean, formatDateTime, formatText } from '@/lib/format';
import { LeaveGuard } from '@/components/feedback/leave-guard';
import { useSaveAndLeave } from '@/components/feedback/use-save-and-leave';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { useSaveDocumentType, type DocumentType } from '../api/document-types';
import {
  codeProblem,
  defaultPriceProblem,
  nDaysProblem,
  OVERRIDE_FLAGS,
  saveBody,
  valuesOf,
  type DocumentTypeValues,
} from './document-type-form-rules';
import { FormActions } from '../../../components/forms/form-actions';

const TYPE_FLAGS: [keyof DocumentTypeValues, string][] = [
  ['parentSecurityPriceMandatory', 'Parent security price mandatory'],
  ['newSecurityPriceMandatory', 'New security price mandatory'],
  ['allowZeroRate', 'Allow zero rate'],
  ['smallCheck', 'Small check'],
];

/** What decides the ledger rows (and so the tax): the base's, shown, never edited. */
function LedgerFacts({ type }: { type: DocumentType }) {
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} className="gains-modal-alert">
      <Descriptions.Item label="Code">{type.code}</Descriptions.Item>
      <Descriptions.Item label="Kind">{type.documentTypeCode}</Descriptions.Item>
      <Descriptions.Item label="Effect">{type.effect}</Descriptions.Item>
      <Descriptions.Item label="Copied from">
        {formatText(type.baseCode && `${type.baseCode} (${type.baseName})`)}
      </Descriptions.Item>
      <Descriptions.Item label="Apportions">{formatBoolean(type.apportionmentFactor)}</Descriptions.Item>
      <Descriptions.Item label="Income">{formatBoolean(type.income)}</Descriptions.Item>
    </Descriptions>
  );
}

const readOnlyLineColumns = [
  { title: 'Ord', dataIndex: 'ord', width: 60 },
  { title: 'Transaction Type', dataIndex: 'transactionTypeName', width: 170 },
  { title: 'Description', dataIndex: 'transactionTypeDescription' },
  { title: 'Default Price', dataIndex: 'defaultPrice', width: 120, render: (v: string) => formatText(v) },
  { title: 'Income Report Label', dataIndex: 'defaultIncomeReportLabel', render: (v: string) => formatText(v) },
  { title: 'New Security', dataIndex: 'newSecurity', width: 110, render: (v: boolean) => formatBoolean(v) },
  { title: 'Mandatory', dataIndex: 'mandatory', width: 100, render: (v: boolean) => formatBoolean(v) },
  { title: 'Multiple', dataIndex: 'multiple', width: 90, render: (v: boolean) => formatBoolean(v) },
];

/**
 * A system type, read-only (it is reseeded at every start), with 'Copy as firm type': a code and name asked for,
 * then the firm's own copy opens for editing.
 */
export function SystemDocumentType({
  organisationUuid,
  type,
  takenCodes,
  canCopy,
  editPath,
}: {
  organisationUuid: string;
  type: DocumentType;
  takenCodes: readonly string[];
  canCopy: boolean;
  editPath: (uuid: string) => string;
}) {
  const navigate = useNavigate();
  const save = useSaveDocumentType(organisationUuid);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ code: string; name: string }>();
  const copy = (values: { code: string; name: string }) =>
    save.mutate(
      { body: { baseUuid: type.uuid, code: values.code.trim(), name: values.name.trim() } },
      {
        onSuccess: (created) => {
          notify.success(`Document type ${created.code} added`);
          setOpen(false);
          navigate(editPath(created.uuid));
        },
        onError: (error) => {
          if (!showServerFieldError(form, error))
            notify.error(isApiError(error) ? error.typeDescription : 'The document type could not be copied');
        },
      },
    );
  return (
    <div className="gains-panel gains-document-type">
      <Alert
        type="info"
        showIcon
        className="gains-modal-alert"
        message="This type ships with Gains and cannot be changed: copy it as your firm's own type to change its name, flags, processing overrides or line descriptions."
      />
      <LedgerFacts type={type} />
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} className="gains-modal-alert">
        <Descriptions.Item label="Name">{type.name}</Descriptions.Item>
        {TYPE_FLAGS.map(([key, label]) => (
          <Descriptions.Item key={key} label={label}>
            {formatBoolean(type[key as keyof DocumentType] as boolean)}
          </Descriptions.Item>
        ))}
        {type.apportionmentFactor && (
          <Descriptions.Item label="Apportionment method">{type.apportionmentFactorMethodId}</Descriptions.Item>
        )}
        {type.useG1g2 && <Descriptions.Item label="Group method">{type.groupMethod}</Descriptions.Item>}
      </Descriptions>
      <Table<LineDefinition>
        size="small"
        rowKey="uuid"
        pagination={false}
        dataSource={type.lineDefinitions}
        columns={readOnlyLineColumns}
        data-testid="line-definitions"
      />
      <div className="gains-form__actions">
        <Button onClick={() => navigate(-1)}>Back</Button>
        {canCopy && (
          <Button type="primary" onClick={() => setOpen(true)}>
            Copy as firm type
          </Button>
        )}
      </div>
      <Modal
        title={`Copy ${type.code} as your firm's type`}
        open={open}
        okText="Copy"
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          name="copy-document-type"
          initialValues={{ code: `MY_${type.code}`.slice(0, 40), name: `${type.name} (own)`.slice(0, 100) }}
          onFinish={copy}
        >
          <Form.Item
            label="Code"
            name="code"
            rules={[
              {
                validator: async (_, v: string) => {
                  const problem = codeProblem(v ?? '', takenCodes);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/**
 * A firm's own type: its name, flags, processing overrides and each line definition's description, default price,
 * income report label, mandatory and multiple. Its effect and ledger lines are the base's and are shown only.
 */
export function FirmDocumentTypeForm({
  organisationUuid,
  type,
  listPath,
  canSave,
}: {
  organisationUuid: string;
  type: DocumentType;
  listPath: string;
  canSave: boolean;
}) {
  const [form] = Form.useForm<DocumentTypeValues>();
  const navigate = useNavigate();
  const save = useSaveDocumentType(organisationUuid);
  const { dirty, setDirty, saved: leaveAfterSave } = useSaveAndLeave();
  const [alert, setAlert] = useState<string>();

  const onFinish = (values: DocumentTypeValues) => {
    setAlert(undefined);
    save.mutate(
      { uuid: type.uuid, body: saveBody(type, values) },
      {
        onSuccess: (saved) => {
          notify.success(`Document type ${saved.code} saved`);
          leaveAfterSave(listPath);
        },
        onError: (error) => {
          const shown = showServerFieldError(form, error);
          const message = isApiError(error) ? error.typeDescription : 'The document type could not be saved';
          if (!shown) setAlert(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <div className="gains-panel gains-document-type">
      <LeaveGuard dirty={dirty} />
      {!canSave && (
        <Alert
          type="info"
          showIcon
          className="gains-modal-alert"
          message="Only administrators can change document types."
        />
      )}
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      <LedgerFacts type={type} />
      <Form<DocumentTypeValues>
        form={form}
        name="document-type"
        layout="vertical"
        initialValues={valuesOf(type)}
        onFinish={onFinish}
        onValuesChange={() => setDirty(true)}
        disabled={!canSave || save.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="Name"
              name="name"
              rules={[
                { required: true, whitespace: true, message: 'Name is required' },
                { max: 100, message: 'Name must be at most 100 characters' },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          {type.apportionmentFactor && (
            <Col xs={24} md={6}>
              <Form.Item label="Apportionment factor method" name="apportionmentFactorMethodId">
                <Select
                  options={[
                    { value: 1, label: 'Method 1' },
                    { value: 2, label: 'Method 2' },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
          {type.useG1g2 && (
            <Col xs={24} md={6}>
              <Form.Item label="Group method" name="groupMethod">
                <Select
                  options={[
                    { value: 'FIFO', label: 'FIFO (Group 1 sold first)' },
                    { value: 'LIFO', label: 'LIFO (Group 2 sold first)' },
                    { value: 'AVERAGE', label: 'Average (pro rata)' },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Space size={[24, 0]} wrap>
          <Form.Item name="active" valuePropName="checked" className="gains-document-type__flag">
            <Checkbox>Active (offered when adding headers)</Checkbox>
          </Form.Item>
          {TYPE_FLAGS.map(([key, label]) => (
            <Form.Item key={key} name={key} valuePropName="checked" className="gains-document-type__flag">
              <Checkbox>{label}</Checkbox>
            </Form.Item>
          ))}
        </Space>
        <Typography.Title level={5}>Processing override</Typography.Title>
        <Space size={[24, 0]} wrap>
          {OVERRIDE_FLAGS.map(([key, label]) => (
            <Form.Item
              key={key}
              name={['processingOverride', key]}
              valuePropName="checked"
              className="gains-document-type__flag"
            >
              <Checkbox>{label}</Checkbox>
            </Form.Item>
          ))}
          <Form.Item
            label="Auto process N days after pay date"
            name={['processingOverride', 'autoProcessNDaysAfterPayDate']}
            rules={[
              {
                validator: async (_, v: number | null) => {
                  const problem = nDaysProblem(v);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>Line definitions</Typography.Title>
        <Form.List name="lineDefinitions">
          {(fields) => (
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              data-testid="line-definitions"
              columns={[
                { title: 'Ord', width: 60, render: (_, f) => type.lineDefinitions[f.name]?.ord },
                {
                  title: 'Transaction Type',
                  width: 160,
                  render: (_, f) => type.lineDefinitions[f.name]?.transactionTypeName,
                },
                {
                  title: 'Description',
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'transactionTypeDescription']} noStyle>
                      <Input maxLength={200} aria-label="Description" />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Default Price',
                  width: 140,
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'defaultPrice']}
                      style={{ marginBottom: 0 }}
                      rules={[
                        {
                          validator: async (_r, v: string) => {
                            const problem = defaultPriceProblem(v);
                            if (problem) throw new Error(problem);
                          },
                        },
                      ]}
                    >
                      <Input maxLength={30} aria-label="Default price" />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Income Report Label',
                  width: 180,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'defaultIncomeReportLabel']} noStyle>
                      <Input maxLength={100} aria-label="Income report label" />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Mandatory',
                  width: 100,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'mandatory']} valuePropName="checked" noStyle>
                      <Checkbox aria-label="Mandatory" />
                    </Form.Item>
                  ),
                },
                {
                  title: 'Multiple',
                  width: 90,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'multiple']} valuePropName="checked" noStyle>
                      <Checkbox aria-label="Multiple" />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
        </Form.List>
        <Typography.Paragraph type="secondary">
          Version {type.version}, last modified {formatDateTime(type.updatedAt)}{' '}
          {type.updatedByName && `by ${type.updatedByName}`}
        </Typography.Paragraph>
        <FormActions onCancel={() => navigate(listPath)} canSave={canSave} saving={save.isPending} />
      </Form>
    </div>
  );
}
