import { useMemo, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { allows } from '@gains/access';
import { EditOutlined } from '@ant-design/icons';
import type { DocumentHeader, DocumentType } from '@gains/contracts';
import { notify } from '@/lib/notify';
import { useSaveHeader } from '../api/save-header';
import { CorporateActionHeaderForm } from './ca-header-form';
import { draftFromHeader } from './ca-header-form-rules';

/** The header modal edits the terms where its rows are editable too (seed 001 §4: PENDING or EDIT). */
export function editsTermsInModal(status: string): boolean {
  return allows(status, 'editRows') && allows(status, 'update');
}

/**
 * The header modal's Event Terms: the terms as read (`children`), and for a PENDING or EDIT header 'Edit terms',
 * which shows them in the form; 'Save changes' PUTs them at the version read ('Header updated'), after which the
 * header finds its holders again and the modal follows it.
 */
export function EventTermsEditor({
  organisationUuid,
  header: h,
  type,
  children,
}: {
  organisationUuid: string;
  header: DocumentHeader;
  type: DocumentType | undefined;
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const save = useSaveHeader(organisationUuid);
  const initial = useMemo(() => (type ? draftFromHeader(h, type) : undefined), [type, h.uuid, h.version]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!type || !initial || !editsTermsInModal(h.status)) return children;
  if (!editing)
    return (
      <>
        {children}
        <Button
          icon={<EditOutlined />}
          style={{ marginTop: 16 }}
          data-testid="header-edit-terms"
          onClick={() => setEditing(true)}
        >
          Edit terms
        </Button>
      </>
    );
  return (
    <CorporateActionHeaderForm
      key={`${h.uuid}/${h.version}`}
      organisationUuid={organisationUuid}
      type={type}
      initial={initial}
      saving={save.isPending}
      submitText="Save changes"
      onSave={async (body) => {
        await save.mutateAsync({ ...body, uuid: h.uuid, version: h.version });
        notify.success('Header updated');
        setEditing(false);
      }}
      onCancel={() => setEditing(false)}
    />
  );
}
