export { IncomeDiariesList } from './components/income-diaries-list';
export { IncomeDiaryForm } from './components/income-diary-form';
export { IncomeDiaryHeaders } from './components/income-diary-headers';
export { useIncomeDiary } from './api/income-diaries';
