export { InterfaceLogging } from './components/interface-logging';
