import { Button, Popconfirm } from 'antd';

/** A header action that asks first (seed 001 §4): the button and its confirmation are enabled together. */
export function ConfirmActionButton({
  label,
  title,
  description,
  allowed,
  busy,
  danger,
  testId,
  onConfirm,
}: {
  label: string;
  title: string;
  description: string;
  /** whether the header's status allows the action (exposed as data-allowed for the browser tests) */
  allowed: boolean;
  /** another action on the header is under way */
  busy: boolean;
  danger?: boolean;
  testId: string;
  onConfirm: () => void;
}) {
  const disabled = !allowed || busy;
  return (
    <Popconfirm title={title} description={description} okText={label} disabled={disabled} onConfirm={onConfirm}>
      <Button danger={danger} disabled={disabled} data-testid={testId} data-allowed={allowed}>
        {label}
      </Button>
    </Popconfirm>
  );
}
