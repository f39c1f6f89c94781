export { SingularReports } from './components/singular-reports';
