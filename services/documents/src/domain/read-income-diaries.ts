import type { Caller } from '@gains/auth';
import { DomainError, invalidArgument, notFound } from '@gains/errors';
import { DIARY_SORTS, type IncomeDiaryView } from '../store/income-diary-store';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps } from './deps';
import { DIARY_FREQUENCIES } from './income-diary-rules';

const SIZES = [10, 25, 50, 100];

/** GET admin/documents/income-diaries: a page of the organisation's diaries, filtered and sorted. */
export async function listIncomeDiaries(
  deps: Pick<DocumentsDeps, 'diaries'>,
  caller: Caller,
  req: {
    organisationUuid: string;
    page: number;
    size: number;
    term: string;
    incomeType: string;
    frequency: string;
    active: string;
    sort: string;
    direction: string;
  },
): Promise<{ content: IncomeDiaryView[]; totalSize: number }> {
  assertDocumentsUser(caller, req.organisationUuid);
  const size = req.size || 10;
  if (!SIZES.includes(size)) throw invalidArgument('size', 'size must be 10, 25, 50 or 100');
  if (!Number.isInteger(req.page) || req.page < 0) throw invalidArgument('page', 'page must be 1 or more');
  if (req.frequency && !(DIARY_FREQUENCIES as readonly string[]).includes(req.frequency))
    throw invalidArgument('frequency', `frequency must be one of ${DIARY_FREQUENCIES.join(', ')}`);
  if (!['', 'true', 'false'].includes(req.active)) throw invalidArgument('active', 'active must be true or false');
  if (req.sort && !(req.sort in DIARY_SORTS))
    throw invalidArgument('sort', `sort must be one of ${Object.keys(DIARY_SORTS).join(', ')}`);
  if (!['', 'asc', 'desc'].includes(req.direction)) throw invalidArgument('direction', 'direction must be asc or desc');
  return deps.diaries.list(req.organisationUuid, {
    term: req.term.slice(0, 100),
    incomeType: req.incomeType.trim(),
    frequency: req.frequency,
    active: req.active === '' ? null : req.active === 'true',
    sort: req.sort || 'nextExDate',
    direction: req.direction === 'desc' ? 'desc' : 'asc',
    page: req.page,
    size,
  });
}

/** GET admin/documents/income-diaries/{uuid}: the diary with the headers it made (another firm's: NOT_FOUND). */
export async function getIncomeDiary(
  deps: Pick<DocumentsDeps, 'diaries'>,
  caller: Caller,
  req: { organisationUuid: string; uuid: string },
): Promise<IncomeDiaryView> {
  assertDocumentsUser(caller, req.organisationUuid);
  const diary = /^[0-9a-f-]{36}$/i.test(req.uuid)
    ? await deps.diaries.get(req.organisationUuid, req.uuid.toLowerCase())
    : null;
  if (!diary) throw notFound('The income diary', 'uuid');
  return diary;
}

/**
 * POST admin/documents/income-diaries/{uuid}/delete: a diary that made no header goes; one that did keeps its
 * record of them (FAILED_PRECONDITION: deactivate it instead).
 */
export async function deleteIncomeDiary(
  deps: Pick<DocumentsDeps, 'diaries' | 'incomePendingChanged'>,
  caller: Caller,
  req: { organisationUuid: string; uuid: string },
): Promise<IncomeDiaryView> {
  const diary = await getIncomeDiary(deps, caller, req);
  if (diary.headerCount > 0 || !(await deps.diaries.remove(req.organisationUuid, diary.uuid)))
    throw new DomainError(
      'FAILED_PRECONDITION',
      'This income diary has created headers: deactivate it instead of deleting it',
      'uuid',
    );
  deps.incomePendingChanged(req.organisationUuid);
  return diary;
}
