import type { TaximiserPersonPlan } from '@gains/contracts';
import { gbp, quantity, ukDate, type GainsPdf, type PdfBlock, type PdfClient } from '@gains/pdf';

/**
 * The trade list a client signs (issue 25): a Taximiser plan's sales, totals, the client's position and tax after
 * them, as the engine answered them (exact decimal strings, only formatted here), for POST /taximiser/trade-list.pdf.
 */

/** Where a rebuy is bought, as the client reads it. */
const WHERE: Record<string, string> = { ISA: 'ISA', SPOUSE: 'Spouse' };

export interface TradeListFor {
  firm: string;
  client: PdfClient;
  portfolioCode: string;
  plan: TaximiserPersonPlan;
  /** a household plan: the spouse or civil partner and their plan, which they approve beside the client */
  household?: { spouse: { code: string; name: string }; plan: TaximiserPersonPlan };
}

/** The file's name: `<clientCode>-trade-list-<tradeDate>.pdf`, kept to characters every file system takes. */
export function tradeListFileName(clientCode: string, tradeDate: string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${safe(clientCode)}-trade-list-${safe(tradeDate)}.pdf`;
}

function sales(plan: TaximiserPersonPlan): PdfBlock[] {
  if (plan.disposals.length === 0) return [{ kind: 'paragraph', text: 'The plan proposes no sales.' }];
  const t = plan.totals;
  const count = plan.disposals.length;
  return [
    {
      kind: 'table',
      columns: [
        { title: 'Code' },
        { title: 'Security', width: '*' },
        { title: 'SEDOL' },
        { title: 'Quantity', align: 'right' },
        { title: 'Price', align: 'right' },
        { title: 'Proceeds', align: 'right' },
        { title: 'CGT cost', align: 'right' },
        { title: 'Gain/loss', align: 'right' },
        { title: 'Income gain', align: 'right' },
      ],
      rows: plan.disposals.map((d) => [
        d.code,
        d.name,
        d.sedol,
        quantity(d.quantity),
        gbp(d.price, 4),
        gbp(d.proceeds),
        gbp(d.cgtCost),
        gbp(d.capitalGainLoss),
        gbp(d.incomeGain),
      ]),
      totals: [
        'Total',
        `${count} sale${count === 1 ? '' : 's'}`,
        '',
        '',
        '',
        gbp(t?.proceedTotal),
        gbp(t?.costTotal),
        gbp(t?.capitalGainLossTotal),
        gbp(t?.incomeGainTotal),
      ],
    },
  ];
}

/** Bed and ISA / bed and spouse: what is bought back and where, within the ISA allowance when it is an ISA. */
function rebuys(plan: TaximiserPersonPlan): PdfBlock[] {
  if (plan.rebuys.length === 0) return [];
  const isa = plan.isa;
  return [
    { kind: 'heading', text: 'Rebuys' },
    {
      kind: 'table',
      columns: [
        { title: 'Code' },
        { title: 'Security', width: '*' },
        { title: 'SEDOL' },
        { title: 'Portfolio' },
        { title: 'Bought in' },
        { title: 'Quantity', align: 'right' },
        { title: 'Price', align: 'right' },
        { title: 'Cost', align: 'right' },
      ],
      rows: plan.rebuys.map((r) => [
        r.code,
        r.name,
        r.sedol,
        r.portfolioCode,
        WHERE[r.where] ?? r.where,
        quantity(r.quantity),
        gbp(r.price, 4),
        gbp(r.cost),
      ]),
    },
    ...(isa
      ? [
          {
            kind: 'keyValues' as const,
            rows: [
              { label: `ISA allowance ${isa.taxYear}`, value: gbp(isa.allowance) },
              { label: 'Subscribed this tax year', value: gbp(isa.subscribed) },
              { label: 'The rebuys cost', value: gbp(isa.rebuyCost) },
              { label: 'Left after the rebuys', value: gbp(isa.leftAfter) },
            ],
          },
        ]
      : []),
    ...(plan.rebuyNote ? [{ kind: 'paragraph' as const, text: plan.rebuyNote, tone: 'note' as const }] : []),
  ];
}

function tax(plan: TaximiserPersonPlan): PdfBlock[] {
  const t = plan.tax;
  if (!t || (!t.before && !t.after && !t.note)) return [];
  const figures = t.before
    ? [
        {
          kind: 'keyValues' as const,
          rows: [
            { label: 'Tax without the plan', value: gbp(t.before) },
            { label: 'Tax with the plan', value: gbp(t.after) },
            { label: 'What the plan costs in tax', value: gbp(t.plan) },
          ],
        },
      ]
    : [];
  return [
    { kind: 'heading', text: `Capital gains tax${t.taxYear ? `, ${t.taxYear}` : ''}` },
    ...figures,
    ...(t.note ? [{ kind: 'paragraph' as const, text: t.note, tone: 'note' as const }] : []),
  ];
}

/** The trade list as a document: who it is for, the sales, what follows from them, and where the client signs. */
export function tradeListPdf({ firm, client, portfolioCode, plan, household }: TradeListFor): GainsPdf {
  const p = plan.position;
  const theirs: PdfBlock[] = household
    ? [
        { kind: 'heading', text: `${household.spouse.code} ${household.spouse.name}: the household’s other plan` },
        ...sales(household.plan),
        ...rebuys(household.plan),
        {
          kind: 'keyValues',
          rows: [
            { label: 'Annual exempt amount remaining', value: gbp(household.plan.position?.aeRemaining) },
            {
              label: 'Resultant chargeable gain',
              value: gbp(household.plan.position?.resultantChargeableCapitalGainLoss),
            },
          ],
        },
      ]
    : [];
  return {
    firm,
    title: 'Trade list',
    subtitle: `Proposed sales for the client's approval, trade date ${ukDate(plan.tradeDate)}`,
    client,
    facts: [
      { label: 'Portfolio', value: portfolioCode },
      { label: 'Trade date', value: ukDate(plan.tradeDate) },
    ],
    orientation: 'landscape',
    blocks: [
      ...(plan.summary ? [{ kind: 'paragraph' as const, text: plan.summary }] : []),
      { kind: 'heading', text: 'Proposed sales' },
      ...sales(plan),
      ...rebuys(plan),
      // the position and the tax side by side: a short plan's list fits on one page
      {
        kind: 'columns',
        columns: [
          [
            { kind: 'heading', text: 'The client’s position after the plan' },
            {
              kind: 'keyValues',
              rows: [
                { label: 'Annual exempt amount remaining', value: gbp(p?.aeRemaining) },
                { label: 'Resultant chargeable gain', value: gbp(p?.resultantChargeableCapitalGainLoss) },
              ],
            },
          ],
          ...(tax(plan).length ? [tax(plan)] : []),
        ],
      },
      ...(plan.warnings.length > 0
        ? [
            { kind: 'heading' as const, text: 'Warnings' },
            { kind: 'list' as const, items: plan.warnings },
          ]
        : []),
      ...theirs,
      {
        kind: 'signature',
        lines: [
          { label: 'Approved by the client', blank: 40 },
          ...(household ? [{ label: `Approved by ${household.spouse.name}`, blank: 40 }] : []),
          { label: 'Date', blank: 20 },
        ],
      },
    ],
  };
}
