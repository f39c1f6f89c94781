import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts for code outside React (the query client). The AntD App component fills this in
 * (see components/feedback/notify-bridge.tsx) so toasts get the theme; they close after 8 seconds.
 */
let api: { message: MessageInstance; notification: NotificationInstance } | undefined;

export function bindNotify(next: typeof api): void {
  api = next;
}

export const notify = {
  success(text: string): void {
    api?.message.success(text);
  },
  error(title: string, description?: string): void {
    if (!api) return;
    if (description) api.notification.error({ message: title, description });
    else api.message.error(title);
  },
};
