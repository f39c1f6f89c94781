export { Mailbox } from './components/mailbox';
