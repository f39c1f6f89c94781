import { useCallback } from 'react';
import { App, Modal } from 'antd';

/** The generic confirm dialog texts (spec §2.3). */
export const CONFIRM_TEXT = {
  title: 'Are you sure?',
  content: 'Any unsaved changes will be lost.',
  cancel: 'Cancel',
  continue: 'Continue',
} as const;

/** `const confirm = useConfirm(); if (await confirm()) leave();` */
export function useConfirm(): (overrides?: { title?: string; content?: string }) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback(
    (overrides) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: overrides?.title ?? CONFIRM_TEXT.title,
          content: overrides?.content ?? CONFIRM_TEXT.content,
          okText: CONFIRM_TEXT.continue,
          cancelText: CONFIRM_TEXT.cancel,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
}

/** The same dialog as a controlled component. */
export function ConfirmDialog(props: { open: boolean; onContinue: () => void; onCancel: () => void }) {
  return (
    <Modal
      open={props.open}
      title={CONFIRM_TEXT.title}
      okText={CONFIRM_TEXT.continue}
      cancelText={CONFIRM_TEXT.cancel}
      onOk={props.onContinue}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      {CONFIRM_TEXT.content}
    </Modal>
  );
}
