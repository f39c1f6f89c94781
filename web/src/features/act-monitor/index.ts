export { ActMonitor } from './components/act-monitor';
