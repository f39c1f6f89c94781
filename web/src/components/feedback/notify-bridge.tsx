import { useEffect } from 'react';
import { App } from 'antd';
import { bindNotify } from '@/lib/notify';

/** Binds AntD's themed message/notification API for code outside React. Render inside <App>. */
export function NotifyBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    bindNotify({ message, notification });
    return () => bindNotify(undefined);
  }, [message, notification]);
  return null;
}
