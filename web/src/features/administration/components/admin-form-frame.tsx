import { useState, type ReactNode } from 'react';
import { Alert, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { LeaveGuard } from '@/components/feedback/leave-guard';
import { useSaveAndLeave } from '@/components/feedback/use-save-and-leave';
import { showServerFieldError } from '@/components/forms/server-field-error';

/**
 * What every administration form does around its fields: remembers unsaved changes (the leave
 * guard), shows the server's message under its field or in an alert while keeping what was typed,
 * toasts the save and returns to the list.
 */
export function useAdminForm<Values>(
  form: FormInstance<Values>,
  options: { noun: string; listPath: string; editing: boolean },
) {
  const navigate = useNavigate();
  const { dirty, setDirty, saved: leaveAfterSave } = useSaveAndLeave();
  const [alert, setAlert] = useState<string>();

  return {
    dirty,
    alert,
    onValuesChange: () => setDirty(true),
    /** Back to the list; the leave guard asks first when there are unsaved changes. */
    cancel: () => navigate(options.listPath),
    beforeSave: () => setAlert(undefined),
    saveCallbacks: {
      onSuccess: (saved: { code: string }) => {
        notify.success(`${options.noun} ${saved.code} ${options.editing ? 'saved' : 'added'}`);
        leaveAfterSave(options.listPath);
      },
      onError: (error: Error) => {
        if (!showServerFieldError(form, error)) {
          setAlert(isApiError(error) ? error.typeDescription : `The ${options.noun.toLowerCase()} could not be saved`);
        }
      },
    },
  };
}

export function AdminFormFrame({
  dirty,
  alert,
  readOnlyMessage,
  children,
}: {
  dirty: boolean;
  alert?: string;
  /** Shown when the user may look but not change. */
  readOnlyMessage?: string;
  children: ReactNode;
}) {
  return (
    <div className="gains-panel gains-form">
      <LeaveGuard dirty={dirty} />
      {readOnlyMessage && <Alert type="info" showIcon className="gains-modal-alert" message={readOnlyMessage} />}
      {alert && <Alert type="error" showIcon role="alert" className="gains-modal-alert" message={alert} />}
      {children}
    </div>
  );
}
