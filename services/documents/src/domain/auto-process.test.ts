import { describe, expect, it } from 'vitest';
import { autoProcessDate, isAutoProcessDue, runAutoProcess, type AutoProcessHeader } from './auto-process';
import { NO_PROCESSING_OVERRIDE } from './document-type-rules';

const header = (more: Partial<AutoProcessHeader> = {}, override: Partial<typeof NO_PROCESSING_OVERRIDE> = {}) => ({
  organisationUuid: '0b6f2c1e-6a8e-4c39-9a51-5a0d7a000002',
  uuid: '11111111-1111-4111-8111-111111111111',
  code: 'CA-000001',
  status: 'PENDING',
  payDate: '2026-11-20',
  startDate: '2026-11-02',
  differing: 0,
  toPost: 3,
  ...more,
  override: { ...NO_PROCESSING_OVERRIDE, autoProcess: true, autoProcessNDaysAfterPayDate: 5, ...override },
});

describe('the day a header is processed automatically', () => {
  it('is the pay date plus N days, or the user-entered (start) date plus N days', () => {
    // 20 November + 5 days = 25 November; 2 November + 5 = 7 November
    expect(autoProcessDate(header())).toBe('2026-11-25');
    expect(autoProcessDate(header({}, { autoProcessFromUserEnteredDate: true }))).toBe('2026-11-07');
    // 28 December + 5 crosses the year: 2 January
    expect(autoProcessDate(header({ payDate: '2026-12-28' }))).toBe('2027-01-02');
  });

  it('is none without autoProcess, or without the date it counts from', () => {
    expect(autoProcessDate(header({}, { autoProcess: false }))).toBeNull();
    expect(autoProcessDate(header({ startDate: null }, { autoProcessFromUserEnteredDate: true }))).toBeNull();
  });
});

describe('whether the timer processes a header today', () => {
  it('when its day is today or past, then yes; the day before, no', () => {
    expect(isAutoProcessDue(header(), '2026-11-24')).toBe(false);
    expect(isAutoProcessDue(header(), '2026-11-25')).toBe(true);
    expect(isAutoProcessDue(header(), '2026-12-01')).toBe(true);
    // N = 0: on the pay date itself
    expect(isAutoProcessDue(header({}, { autoProcessNDaysAfterPayDate: 0 }), '2026-11-20')).toBe(true);
  });

  it('only in PENDING or EDIT, with something to post and no candidate waiting for a review', () => {
    const today = '2026-11-30';
    expect(isAutoProcessDue(header({ status: 'EDIT' }), today)).toBe(true);
    for (const status of ['RUN', 'COMPLETED', 'CREATING_TRANSACTIONS', 'REFRESHING', 'CREATING_CANDIDATES', 'DELETED'])
      expect(isAutoProcessDue(header({ status }), today), status).toBe(false);
    expect(isAutoProcessDue(header({ toPost: 0 }), today)).toBe(false);
    expect(isAutoProcessDue(header({ differing: 1 }), today)).toBe(false);
  });
});

describe('a tick of the auto-process timer', () => {
  it('starts Create transactions on each due header once; one that changed first is skipped', async () => {
    const due = header({ code: 'CA-000001' });
    const early = header({ code: 'CA-000002', payDate: '2026-11-29' });
    const raced = header({ code: 'CA-000003' });
    const started: string[] = [];
    const refused: string[] = [];
    const run = () =>
      runAutoProcess(
        {
          candidates: async () => [due, early, raced].filter((h) => h.status === 'PENDING'),
          today: () => '2026-11-30',
          async process(h) {
            if (h.code === 'CA-000003') throw new Error('The header changed while it was asked for');
            started.push(h.code);
            // the job moves the header out of PENDING, as beginJob's compare-and-set does
            if (h.code === 'CA-000001') due.status = 'CREATING_TRANSACTIONS';
          },
        },
        (h) => refused.push(h.code),
      );
    // 29 November + 5 = 4 December: CA-000002 is not due on 30 November
    expect(await run()).toEqual(['CA-000001']);
    expect(refused).toEqual(['CA-000003']);
    // the next tick finds CA-000001 in progress: never twice
    expect(await run()).toEqual([]);
    expect(started).toEqual(['CA-000001']);
  });
});
