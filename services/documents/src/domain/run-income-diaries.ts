import { incomeTypeName } from '@gains/access';
import type { Caller } from '@gains/auth';
import type { DiaryHeaderView, DueDiary, IncomeDiaryStore } from '../store/income-diary-store';
import { assertDocumentsUser } from './access';
import type { DocumentsDeps } from './deps';
import { advance, isDue } from './income-diary-rules';
import { diaryLine } from './save-income-diary';
import { writeHeader } from './save-header';

/** Diaries worked a run; dates a diary catches up on a run (the rest wait for the next tick). */
const DUE_PAGE = 200;
const CATCH_UP = 12;

/** The documents service acting for itself: a diary's header is made by no user. */
export const DIARY_ACTOR: Caller = {
  userUuid: '',
  email: '',
  name: 'Income diary',
  roles: [],
  organisationUuids: [],
  service: 'documents',
  sessionId: '',
  token: '',
};

export interface DiaryRunDeps {
  diaries: IncomeDiaryStore;
  /** Makes a diary date's income header; answers its uuid. */
  makeHeader(diary: DueDiary): Promise<string>;
  /** Recomputes the organisation's 'Income Pending' once its diaries have run. */
  incomePendingChanged(organisationUuid: string): void;
  today(): string;
}

/**
 * A due diary's header, through the header pipeline (save-header.ts's `writeHeader`: the same rules, the same
 * candidates job) as the documents service: its security is the one kept with the diary (looked up when a user
 * saved it), its one line the diary's rate per share, labelled with its income type.
 */
export async function makeDiaryHeader(deps: DocumentsDeps, diary: DueDiary): Promise<string> {
  const org = diary.organisationUuid;
  const type = await deps.types.find(org, diary.documentTypeUuid);
  const line = type && diaryLine(type);
  if (!type || !line) throw new Error('The diary’s document type no longer carries one rate per share');
  const own = {
    ...deps,
    security: async (_caller: Caller, _org: string, id: number) =>
      id === diary.securityId
        ? {
            id,
            sedol: diary.sedol,
            isin: diary.isin,
            securityName: diary.securityName,
            quantityDecimalPlaces: diary.quantityDecimalPlaces,
          }
        : null,
    organisationName: async () => '',
  };
  const header = await writeHeader(own, DIARY_ACTOR, {
    organisationUuid: org,
    uuid: '',
    version: 0,
    typeUuid: type.uuid,
    name: `${diary.securityName} ${incomeTypeName(diary.incomeType)}`.trim().slice(0, 200),
    description: `Income diary ${diary.uuid}: ${diary.frequency} from ${diary.nextExDate}`,
    exDate: diary.nextExDate,
    payDate: diary.nextPayDate,
    startDate: '',
    tradeDate: '',
    layerUuid: diary.layerUuid,
    parentSecurityPrice: '',
    securityId: diary.securityId,
    lines: [
      {
        lineDefinitionUuid: line.uuid,
        securityId: 0,
        rate: diary.rate,
        perParent: diary.perParent,
        price: '',
        incomeReportLabel: incomeTypeName(diary.incomeType),
      },
    ],
    inPortfolios: [],
    outPortfolios: [],
  });
  return header.uuid;
}

/**
 * The scheduler: every due diary (one organisation's, or all) makes the header of its next date and steps on by
 * its frequency, catching up missed dates a few at a time. A date is claimed before its header is made (one row
 * per diary and ex date, unique), so two runs at once, or a run repeated, never make two headers for it; a header
 * that could not be made keeps its reason on the diary's list of headers.
 */
export async function runDueDiaries(deps: DiaryRunDeps, organisationUuid: string | null): Promise<DiaryHeaderView[]> {
  const today = deps.today();
  const created: DiaryHeaderView[] = [];
  const touched = new Set<string>();
  for (const first of await deps.diaries.due(today, organisationUuid, DUE_PAGE)) {
    let diary: DueDiary = first;
    for (let n = 0; n < CATCH_UP && isDue(diary, today); n += 1) {
      const next = advance(diary);
      const claim = await deps.diaries.claim(diary.id, diary.nextExDate, diary.nextPayDate, next);
      if (claim === null) break;
      touched.add(diary.organisationUuid);
      try {
        await deps.diaries.madeHeader(claim, await deps.makeHeader(diary));
      } catch (e) {
        await deps.diaries.failed(claim, e instanceof Error ? e.message : String(e));
      }
      created.push(await deps.diaries.claimView(claim, diary.organisationUuid));
      diary = {
        ...diary,
        active: next.active,
        stepsTaken: next.stepsTaken,
        nextExDate: next.nextExDate ?? diary.nextExDate,
        nextPayDate: next.nextPayDate ?? diary.nextPayDate,
      };
    }
  }
  for (const org of touched) deps.incomePendingChanged(org);
  return created;
}

/** POST admin/documents/income-diaries/run ('Run now'): the organisation's due diaries, at once. */
export async function runIncomeDiaries(
  deps: Pick<DocumentsDeps, 'runDiaries'>,
  caller: Caller,
  req: { organisationUuid: string },
): Promise<DiaryHeaderView[]> {
  assertDocumentsUser(caller, req.organisationUuid);
  return deps.runDiaries(req.organisationUuid);
}
