import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm';

/**
 * While `dirty`, leaving the page (a link, Cancel, the back button) asks the generic confirm dialog
 * 'Are you sure?' / 'Any unsaved changes will be lost.'; closing the tab asks the browser's own question.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onContinue={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
