import { Button, Checkbox, Col, Divider, Empty, Form, Input, Row, Select } from 'antd';
import { REPORT_TYPES } from '@gains/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ServiceLevel } from '../api/get-service-levels';
import { useSaveServiceLevel } from '../api/save-service-level';
import { AdminFormFrame, useAdminForm } from './admin-form-frame';
import { FormActions } from '../../../components/forms/form-actions';

export const SERVICE_LEVEL_MESSAGES = {
  codeRequired: 'Code is required',
  nameRequired: 'Service level is required',
  reportTypeRequired: 'Report type is required',
  reportTypeOnce: 'Each report type may be mapped once',
} as const;

interface Values {
  code: string;
  serviceLevel: string;
  reportTypeMappings: { id?: number | null; reportTypeId: number | null; generate: boolean }[];
}

/** Add or edit a service level with its report type mappings (rows of report type + generate). */
export function ServiceLevelForm({
  level,
  listPath,
  canSave,
}: {
  level?: ServiceLevel;
  listPath: string;
  canSave: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveServiceLevel();
  const { dirty, alert, onValuesChange, cancel, beforeSave, saveCallbacks } = useAdminForm(form, {
    noun: 'Service level',
    listPath,
    editing: !!level,
  });

  const onFinish = (values: Values) => {
    beforeSave();
    save.mutate(
      {
        id: level?.id,
        body: {
          code: values.code.trim(),
          serviceLevel: values.serviceLevel.trim(),
          reportTypeMappings: (values.reportTypeMappings ?? []).map((m) => ({
            ...(m.id ? { id: m.id } : {}),
            reportTypeId: m.reportTypeId ?? 0,
            generate: !!m.generate,
          })),
        },
      },
      saveCallbacks,
    );
  };

  return (
    <AdminFormFrame
      dirty={dirty}
      alert={alert}
      readOnlyMessage={canSave ? undefined : 'Only provider administrators can change service levels.'}
    >
      <Form<Values>
        form={form}
        name="service-level"
        layout="vertical"
        initialValues={{
          code: level?.code ?? '',
          serviceLevel: level?.serviceLevel ?? '',
          reportTypeMappings: level?.reportTypeMappings ?? [],
        }}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        disabled={!canSave || save.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label="Code"
              name="code"
              rules={[{ required: true, whitespace: true, message: SERVICE_LEVEL_MESSAGES.codeRequired }]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              label="Service level"
              name="serviceLevel"
              rules={[{ required: true, whitespace: true, message: SERVICE_LEVEL_MESSAGES.nameRequired }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left" plain>
          Report type mappings
        </Divider>
        <Form.List name="reportTypeMappings">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No report types mapped" />
              )}
              {fields.map((field, index) => (
                <div className="gains-mapping-row" key={field.key} data-testid="mapping-row">
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    label={index === 0 ? 'Report type' : undefined}
                    name={[field.name, 'reportTypeId']}
                    rules={[
                      { required: true, message: SERVICE_LEVEL_MESSAGES.reportTypeRequired },
                      ({ getFieldValue }) => ({
                        validator: (_, value: number | null) => {
                          const all = (getFieldValue('reportTypeMappings') ?? []) as Values['reportTypeMappings'];
                          const first = all.findIndex((m) => m?.reportTypeId === value);
                          return value != null && first !== -1 && first < index
                            ? Promise.reject(new Error(SERVICE_LEVEL_MESSAGES.reportTypeOnce))
                            : Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <Select
                      placeholder="Choose a report type"
                      aria-label={`Report type ${index + 1}`}
                      options={REPORT_TYPES.map((t) => ({ value: t.id, label: t.name }))}
                      style={{ width: 280 }}
                    />
                  </Form.Item>
                  <Form.Item
                    label={index === 0 ? 'Generate' : undefined}
                    name={[field.name, 'generate']}
                    valuePropName="checked"
                  >
                    <Checkbox aria-label={`Generate ${index + 1}`}>Generate</Checkbox>
                  </Form.Item>
                  <Form.Item label={index === 0 ? ' ' : undefined}>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove row ${index + 1}`}
                      onClick={() => {
                        remove(field.name);
                        onValuesChange();
                      }}
                    />
                  </Form.Item>
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => {
                  add({ reportTypeId: null, generate: false });
                  onValuesChange();
                }}
              >
                Add report type
              </Button>
            </>
          )}
        </Form.List>
        <FormActions onCancel={cancel} canSave={canSave} saving={save.isPending} />
      </Form>
    </AdminFormFrame>
  );
}
