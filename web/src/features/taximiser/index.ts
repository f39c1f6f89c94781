export { Taximiser } from './components/taximiser';
