import { useState } from 'react';
import { Alert, Descriptions, Form, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/lib/format';
import { LeaveGuard } from '@/components/feedback/leave-guard';
import { useSaveAndLeave } from '@/components/feedback/use-save-and-leave';
import { renameErrorField, showServerFieldError } from '@/components/forms/server-field-error';
import { useReferenceData } from '@/features/reference-data';
import {
  useClientServiceLevels,
  useClientTypes,
  useSaveClient,
  useTaxYearsForType,
  type Client,
} from '../api/client-admin';
import { ClientDetailsTab } from './client-details-tab';
import { AddressesTab } from './addresses-tab';
import { RelationshipsTab, ReportingTab, TaxesTab } from './client-list-tabs';
import { formFieldOf, tabOfField, toInput, toValues, type ClientValues, type TabKey } from './client-form-rules';
import { PortfoliosTab } from './portfolios-tab';
import { FormActions } from '../../../components/forms/form-actions';

/**
 * A client's edit page (seed 000 §2.5 client maintenance): details, addresses, relationships, taxes, reporting
 * preferences and portfolios. Save sends the whole client with the version it read; a refusal names its field and
 * opens the tab it is on; a change by someone else since (409) asks for a reload. Leaving with unsaved changes asks
 * first. Non-admins see it read-only.
 */
export function ClientEditForm({
  organisationUuid,
  client,
  listPath,
  editPath,
  canSave,
}: {
  organisationUuid: string;
  client?: Client;
  listPath: string;
  /** Where a newly added client is opened. */
  editPath: (id: number) => string;
  canSave: boolean;
}) {
  const [form] = Form.useForm<ClientValues>();
  const navigate = useNavigate();
  const save = useSaveClient(organisationUuid);
  const reference = useReferenceData(organisationUuid);
  const serviceLevels = useClientServiceLevels(organisationUuid);
  const typeCode = Form.useWatch('typeCode', form) as string | undefined;
  const clientTypes = useClientTypes(organisationUuid);
  // Stored clients may hold a type's code or its name; a client without a type yet is offered the first type's years.
  const type = clientTypes.data?.find((t) => t.code === typeCode || t.name === typeCode) ?? clientTypes.data?.[0];
  const taxYears = useTaxYearsForType(organisationUuid, type?.id);
  const [tab, setTab] = useState<TabKey>('details');
  const { dirty, setDirty, saved: leaveAfterSave } = useSaveAndLeave();
  const [alert, setAlert] = useState<{ type: 'error' | 'warning'; text: string }>();

  const onFinish = (values: ClientValues) => {
    setAlert(undefined);
    save.mutate(
      { id: client?.id, version: client?.version, client: toInput(values, client) },
      {
        onSuccess: (saved) => {
          notify.success(`Client ${saved.code} ${client ? 'saved' : 'added'}`);
          leaveAfterSave(client ? listPath : editPath(saved.id));
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409 && !error.field) {
            setAlert({
              type: 'warning',
              text: `${error.typeDescription} Reload the page to see their change; what you typed here is not saved.`,
            });
            return;
          }
          if (isApiError(error) && error.field) setTab(tabOfField(error.field));
          // the tab's fields mount before the message is put on one of them
          setTimeout(() => {
            if (!showServerFieldError(form, renameErrorField(error, formFieldOf))) {
              setAlert({
                type: 'error',
                text: isApiError(error) ? error.typeDescription : 'The client could not be saved',
              });
            }
          }, 0);
        },
      },
    );
  };

  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const first = errorFields[0]?.name.join('.');
    if (first) setTab(tabOfField(first));
  };

  const ref = reference.data;
  const items = [
    {
      key: 'details',
      label: 'Details',
      children: (
        <ClientDetailsTab
          lists={{
            types: ref?.clientTypes,
            states: ref?.clientStates,
            countries: ref?.countries,
            serviceLevels: serviceLevels.data,
          }}
        />
      ),
    },
    {
      key: 'addresses',
      label: 'Addresses',
      children: (
        <AddressesTab statuses={ref?.addressStatuses} countries={ref?.countries} onEdited={() => setDirty(true)} />
      ),
    },
    {
      key: 'relationships',
      label: 'Relationships',
      children: (
        <RelationshipsTab
          organisationUuid={organisationUuid}
          clientUuid={client?.uuid}
          types={ref?.relationshipTypes}
        />
      ),
    },
    { key: 'taxes', label: 'Taxes', children: <TaxesTab taxYears={taxYears.data} /> },
    {
      key: 'reporting',
      label: 'Reporting Preferences',
      children: <ReportingTab frequencies={ref?.reportingFrequencies} />,
    },
    ...(client
      ? [
          {
            key: 'portfolios',
            label: 'Portfolios',
            children: <PortfoliosTab organisationUuid={organisationUuid} client={client} canSave={canSave} />,
          },
        ]
      : []),
  ];

  return (
    <div className="gains-panel" data-testid="client-edit">
      <LeaveGuard dirty={dirty} />
      {!canSave && (
        <Alert type="info" showIcon className="gains-modal-alert" message="Only administrators can change clients." />
      )}
      {alert && <Alert type={alert.type} showIcon role="alert" className="gains-modal-alert" message={alert.text} />}
      {client && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} className="gains-client-audit">
          <Descriptions.Item label="Taxpayer">{client.taxpayerKind || '-'}</Descriptions.Item>
          <Descriptions.Item label="Created">
            {formatDateTime(client.createdDate)} {client.createdByName && `by ${client.createdByName}`}
          </Descriptions.Item>
          <Descriptions.Item label="Last modified">
            {formatDateTime(client.lastModifiedDate)} {client.lastModifiedByName && `by ${client.lastModifiedByName}`}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form<ClientValues>
        form={form}
        name="client"
        layout="vertical"
        initialValues={toValues(client)}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        onValuesChange={() => setDirty(true)}
        disabled={!canSave || save.isPending}
      >
        <Tabs activeKey={tab} onChange={(k) => setTab(k as TabKey)} items={items} destroyOnHidden={false} />
        <FormActions onCancel={() => navigate(listPath)} canSave={canSave} saving={save.isPending} />
      </Form>
      {client && (
        <Typography.Paragraph type="secondary" className="gains-client-audit__version">
          Version {client.version}
        </Typography.Paragraph>
      )}
    </div>
  );
}
