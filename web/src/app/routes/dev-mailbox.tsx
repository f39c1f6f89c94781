import { Mailbox } from '@/features/dev-mailbox';

/** `/dev/mailbox`: a development tool, open without signing in; the server decides whether it exists. */
export const Component = Mailbox;
