import { Button } from 'antd';

/**
 * A form's footer: Cancel, and the submit button when the user may save (seed 000 §6: read-only roles see the form
 * without it). Cancel is never disabled, so a user can always leave a form that is saving.
 */
export function FormActions({
  onCancel,
  canSave = true,
  saving,
  submitLabel = 'Save',
  submitTestId,
}: {
  onCancel: () => void;
  canSave?: boolean;
  saving: boolean;
  submitLabel?: string;
  submitTestId?: string;
}) {
  return (
    <div className="gains-form__actions">
      <Button onClick={onCancel}>Cancel</Button>
      {canSave && (
        <Button type="primary" htmlType="submit" loading={saving} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      )}
    </div>
  );
}
