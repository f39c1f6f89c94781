import { useMemo, useState } from 'react';
import { Button, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { DocumentHeader, DocumentType } from '@gains/contracts';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { LeaveGuard } from '@/components/feedback/leave-guard';
import { useSaveAndLeave } from '@/components/feedback/use-save-and-leave';
import { paths } from '@/config/paths';
import { formatText } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDocumentTypes } from '../api/get-document-types';
import { useHeader } from '../api/get-header';
import { useHeaderByCode } from '../api/get-header-by-code';
import { useSaveHeader } from '../api/save-header';
import { CorporateActionHeaderForm } from './ca-header-form';
import { canChangeTerms, draftFromHeader, emptyDraft } from './ca-header-form-rules';
import { HeaderModal } from './header-modal';
import { isInProgress, statusLabel } from './header-rules';

const listPath = (org: string) => paths.route('CorporateActions', org);

/**
 * The Add Corporate Action Header page (seed 001 §2): the form for the type chosen on the search page
 * (`?type=<uuid>`), POSTed; 'Header created', then the header's own page, where its candidates are being found.
 */
export function AddCorporateActionHeader({
  organisationUuid,
  typeUuid,
}: {
  organisationUuid: string;
  typeUuid: string;
}) {
  const types = useDocumentTypes(organisationUuid);
  const save = useSaveHeader(organisationUuid);
  const navigate = useNavigate();
  const { dirty, setDirty, saved } = useSaveAndLeave();
  const type = types.data?.find((t) => t.uuid === typeUuid);
  const initial = useMemo(() => (type ? emptyDraft(type) : undefined), [type]);

  if (types.isLoading) return <Spin />;
  if (types.isError) return <ApiErrorAlert title="Failed to fetch the corporate action types" error={types.error} />;
  if (!type || !initial)
    return (
      <div data-testid="ca-add-no-type">
        <Result
          status="warning"
          title="Choose a type first"
          subTitle="Pick the corporate action's type on the search page, then Add New."
          extra={<Link to={listPath(organisationUuid)}>Back to Corporate Actions</Link>}
        />
      </div>
    );
  return (
    <div data-testid="ca-add-page">
      <Typography.Paragraph>
        Type: <strong data-testid="ca-add-type">{type.name}</strong>
      </Typography.Paragraph>
      <CorporateActionHeaderForm
        organisationUuid={organisationUuid}
        type={type}
        initial={initial}
        saving={save.isPending}
        submitText="Save"
        onDirtyChange={setDirty}
        onSave={async (body) => {
          const header = await save.mutateAsync(body);
          notify.success('Header created');
          saved(paths.route('ViewCorporateAction', organisationUuid, { uuid: header.uuid }));
        }}
        onCancel={() => navigate(listPath(organisationUuid))}
      />
      <LeaveGuard dirty={dirty} />
    </div>
  );
}

/**
 * A corporate action's own page (`corporate-actions/{uuid}`): its terms in the form, editable while its status
 * allows a change (PUT at the version read; 'Header updated'), read-only otherwise; 'Open header' shows the header
 * modal with its candidates, previews and Create transactions.
 */
export function EditCorporateActionHeader({ organisationUuid, uuid }: { organisationUuid: string; uuid: string }) {
  const header = useHeader(organisationUuid, uuid);
  const types = useDocumentTypes(organisationUuid);
  if (header.isLoading || types.isLoading) return <Spin />;
  if (header.isError) return <HeaderLoadError error={header.error} organisationUuid={organisationUuid} />;
  if (types.isError) return <ApiErrorAlert title="Failed to fetch the corporate action types" error={types.error} />;
  if (!header.data) return null;
  return <HeaderPage organisationUuid={organisationUuid} header={header.data} types={types.data} />;
}

/** `/view-corporate-actions/{code}`: the corporate action with that code, read-only; a 404 state when there is none. */
export function ViewCorporateActionByCode({ organisationUuid, code }: { organisationUuid: string; code: string }) {
  const found = useHeaderByCode(organisationUuid, code);
  const header = useHeader(organisationUuid, found.data?.uuid);
  const types = useDocumentTypes(organisationUuid);
  if (found.isLoading || header.isLoading || types.isLoading) return <Spin />;
  if (found.isError) return <ApiErrorAlert title="Failed to fetch the corporate action" error={found.error} />;
  if (found.data === null)
    return (
      <div data-testid="ca-code-not-found">
        <Result
          status="404"
          title="Not found"
          subTitle={`No corporate action has the code ${code}.`}
          extra={<Link to={listPath(organisationUuid)}>Back to Corporate Actions</Link>}
        />
      </div>
    );
  if (header.isError) return <HeaderLoadError error={header.error} organisationUuid={organisationUuid} />;
  if (!header.data) return null;
  return <HeaderPage organisationUuid={organisationUuid} header={header.data} types={types.data} readOnly />;
}

function HeaderLoadError({ error, organisationUuid }: { error: unknown; organisationUuid: string }) {
  const status = (error as { status?: number }).status;
  if (status === 404 || status === 403)
    return (
      <div data-testid="ca-not-found">
        <Result
          status="404"
          title="Not found"
          subTitle="This corporate action is not one of this firm's."
          extra={<Link to={listPath(organisationUuid)}>Back to Corporate Actions</Link>}
        />
      </div>
    );
  return <ApiErrorAlert title="Failed to fetch the header" error={error} />;
}

function HeaderPage({
  organisationUuid,
  header: h,
  types,
  readOnly = false,
}: {
  organisationUuid: string;
  header: DocumentHeader;
  types: DocumentType[] | undefined;
  readOnly?: boolean;
}) {
  const type = types?.find((t) => t.uuid === h.typeUuid);
  const save = useSaveHeader(organisationUuid);
  const navigate = useNavigate();
  const { dirty, setDirty } = useSaveAndLeave();
  const [open, setOpen] = useState(false);
  const editable = !readOnly && canChangeTerms(h.status);
  // the form starts again from each version saved; a status change alone keeps what is being typed
  const initial = useMemo(() => (type ? draftFromHeader(h, type) : undefined), [type, h.uuid, h.version]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div data-testid="ca-header-page" data-status={h.status} data-editable={editable}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Code">{formatText(h.code)}</Descriptions.Item>
        <Descriptions.Item label="Type">{formatText(type?.name ?? h.typeName)}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Space size="small">
            <Tag data-testid="ca-page-status">{statusLabel(h.status)}</Tag>
            {isInProgress(h.status) && <Spin size="small" />}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="Version">{h.version}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" ghost onClick={() => setOpen(true)} data-testid="ca-open-header">
          Open header
        </Button>
        {!readOnly && !editable && (
          <Typography.Text type="secondary">
            The terms can change only until transactions exist; this header is {statusLabel(h.status)}.
          </Typography.Text>
        )}
      </Space>
      {type && initial ? (
        <CorporateActionHeaderForm
          key={`${h.uuid}/${h.version}`}
          organisationUuid={organisationUuid}
          type={type}
          initial={initial}
          readOnly={!editable}
          saving={save.isPending}
          submitText="Save changes"
          onDirtyChange={setDirty}
          onSave={async (body) => {
            await save.mutateAsync({ ...body, uuid: h.uuid, version: h.version });
            notify.success('Header updated');
            setDirty(false);
          }}
          onCancel={() => navigate(listPath(organisationUuid))}
        />
      ) : (
        <ApiErrorAlert title="The header's type is not one of this firm's" error={new Error(h.typeName)} />
      )}
      <LeaveGuard dirty={dirty && editable} />
      <HeaderModal
        organisationUuid={organisationUuid}
        uuid={open ? h.uuid : undefined}
        types={types}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
