import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColDef } from 'ag-grid-community';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { LocalGrid } from '@/components/grid/local-grid';
import { numberColumn, textColumn } from '@/components/grid/grid-defaults';
import { showServerFieldError } from '@/components/forms/server-field-error';
import { useIssuers, useSaveIssuer, type Issuer, type IssuerInput } from '../api/issuers';

type IssuerRow = Issuer & { id: string };

export const ISSUER_MESSAGES = {
  nameRequired: 'Name is required',
  nameLength: 'Name must be at most 200 characters',
  longNameLength: 'Long name must be at most 500 characters',
} as const;

const columns: ColDef<IssuerRow>[] = [
  textColumn<IssuerRow>('name', 'Name', { minWidth: 220 }),
  textColumn<IssuerRow>('longName', 'Long Name', { minWidth: 300 }),
  numberColumn<IssuerRow>('securityCount', 'Securities', { maxWidth: 140 }),
];

function IssuerModal({
  organisationUuid,
  issuer,
  onClose,
}: {
  organisationUuid: string;
  /** Undefined to add one. */
  issuer: Issuer | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<IssuerInput>();
  const [alert, setAlert] = useState<string>();
  const save = useSaveIssuer();
  const onFinish = (values: IssuerInput) => {
    setAlert(undefined);
    const body = { name: values.name.trim(), longName: (values.longName ?? '').trim() };
    save.mutate(
      { organisationUuid, uuid: issuer?.uuid, body },
      {
        onSuccess: (result) => {
          notify.success(
            result.applied
              ? `Issuer ${body.name} ${issuer ? 'saved' : 'added'}`
              : `Your change to issuer ${body.name} was sent for approval by a provider administrator`,
          );
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldError(form, error))
            setAlert(isApiError(error) ? error.typeDescription : 'The issuer could not be saved');
        },
      },
    );
  };
  return (
    <Modal
      open
      title={issuer ? `Edit issuer ${issuer.name}` : 'Add issuer'}
      okText="Save"
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      <Form<IssuerInput>
        form={form}
        name="issuer"
        layout="vertical"
        initialValues={{ name: issuer?.name ?? '', longName: issuer?.longName ?? '' }}
        onFinish={onFinish}
        disabled={save.isPending}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: ISSUER_MESSAGES.nameRequired },
            { max: 200, message: ISSUER_MESSAGES.nameLength },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item label="Long name" name="longName" rules={[{ max: 500, message: ISSUER_MESSAGES.longNameLength }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Issuer Maintenance (issue 20): list, add, edit. */
export function IssuerMaintenance({ organisationUuid }: { organisationUuid: string }) {
  const issuers = useIssuers(organisationUuid);
  const rows = useMemo(() => issuers.data?.map((i) => ({ ...i, id: i.uuid })), [issuers.data]);
  const [open, setOpen] = useState<{ issuer?: Issuer } | null>(null);
  return (
    <>
      <LocalGrid<IssuerRow>
        gridId="issuers"
        testId="issuers-grid"
        rows={rows}
        columns={columns}
        loading={issuers.isFetching}
        error={issuers.error}
        errorTitle="Failed loading issuers"
        exportSuffix="issuers"
        sheetName="Issuers"
        searchPlaceholder="Search issuers"
        emptyText="There are no issuers yet"
        noun="issuer"
        onRowClicked={(issuer) => setOpen({ issuer })}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({})}>
            Add issuer
          </Button>
        }
      />
      {open && <IssuerModal organisationUuid={organisationUuid} issuer={open.issuer} onClose={() => setOpen(null)} />}
    </>
  );
}
