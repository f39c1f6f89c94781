import type { PresentedComputation } from '../engine';

/** The computation as a plain-text report: per tax year the summary, then every disposal and its matches. */
export function formatText(c: PresentedComputation): string {
  const out: string[] = [];
  const row = (label: string, value: string) => out.push(`  ${label.padEnd(34)}${value.padStart(16)}`);
  out.push(`Capital gains computation (${c.taxpayer})`);
  if (c.taxYears.length === 0) out.push('', 'No disposals.');
  for (const y of c.taxYears) {
    out.push('', `Tax year ${y.taxYear}${y.complete ? '' : '  (INCOMPLETE: a disposal failed, see failures)'}`);
    row('Disposals', String(y.numberOfDisposals));
    row('Proceeds', y.proceeds);
    row('Allowable costs', y.allowableCosts);
    row('  of which disposal costs', y.disposalCosts);
    if (y.indexationAllowance !== '0.00') row('Indexation allowance', y.indexationAllowance);
    row('Gains', y.gains);
    row('Losses', y.losses);
    row('Net gains', y.netGains);
    row('Annual exempt amount', y.annualExemptAmount);
    row('Losses brought forward', y.lossesBroughtForward);
    row('Losses brought forward used', y.lossesBroughtForwardUsed);
    row('Losses carried forward', y.lossesCarriedForward);
    row('Taxable gain', y.taxableGain);
    if (y.holdoverRelief !== '0.00') row('Holdover relief', y.holdoverRelief);
    if (
      y.cloggedLossesArising !== '0.00' ||
      y.cloggedLossesUsed !== '0.00' ||
      y.cloggedLossesCarriedForward !== '0.00'
    ) {
      row('Clogged losses arising', y.cloggedLossesArising);
      row('Clogged losses used', y.cloggedLossesUsed);
      row('Clogged losses carried forward', y.cloggedLossesCarriedForward);
    }
    if (y.incomeGains !== '0.00') row('Income gains (taxed as income)', y.incomeGains);
    if (y.exemptGains !== '0.00' || y.exemptLosses !== '0.00') {
      row('Exempt gains', y.exemptGains);
      row('Exempt losses', y.exemptLosses);
    }
    const { upTo29October2024: before, from30October2024: after } = y.ratePeriods ?? {};
    if (before && after) {
      row('Net gains to 29 Oct 2024', before.netGains);
      row('Net gains from 30 Oct 2024', after.netGains);
    }
    for (const d of y.disposals) {
      // A part disposal without shares (capital distribution, takeover cash) has no quantity to show.
      const what = d.quantity === '0' ? d.security : `${d.quantity} ${d.security}`;
      out.push('', `  ${d.date}  ${d.type} ${what}${d.failure ? '  FAILED' : ''}`);
      out.push(
        `    proceeds ${d.proceeds} - allowable cost ${d.allowableCost} (shares ${d.acquisitionCost} + disposal costs ${d.disposalCosts})` +
          (d.indexationAllowance !== '0.00' ? ` - indexation ${d.indexationAllowance}` : '') +
          (d.holdoverRelief !== '0.00' ? ` - holdover ${d.holdoverRelief}` : '') +
          ` = gain ${d.gain}`,
      );
      for (const m of d.matches) {
        const from = m.acquisitionDate
          ? `acquired ${m.acquisitionDate} (${m.acquisitionQuantity})`
          : 'Section 104 pool';
        const pool =
          'poolBefore' in m && m.poolBefore && m.poolAfter
            ? `; pool ${m.poolBefore.quantity} @ ${m.poolBefore.cost} -> ${m.poolAfter.quantity} @ ${m.poolAfter.cost}`
            : '';
        const indexed = 'indexedCost' in m && m.indexedCost ? `, indexed ${m.indexedCost}` : '';
        // A part disposal without shares (capital distribution, takeover cash) takes a fraction of the pool's cost.
        const taken =
          'apportionment' in m && m.apportionment
            ? `pool cost x ${m.apportionment.part} / ${m.apportionment.whole} = ${m.cost}`
            : m.quantity === '0' && !m.acquisitionDate
              ? `the whole pool cost, ${m.cost}`
              : `${m.quantity} from ${from}, cost ${m.cost}`;
        out.push(`    - ${m.rule}: ${taken}${indexed}${pool}`);
      }
      if (d.failure) out.push(`    failure: ${d.failure}`);
    }
  }
  if (c.holdings.length) {
    out.push('', 'Holdings (Section 104 pools)');
    for (const h of c.holdings) {
      if (!h.pool) continue;
      out.push(
        `  ${h.security.padEnd(20)}${h.pool.quantity.padStart(16)} shares  cost ${h.pool.cost}${h.pool.indexedCost ? `  indexed ${h.pool.indexedCost}` : ''}`,
      );
    }
  }
  const valued = c.holdingValues.filter((h) => h.marketValue !== null);
  if (valued.length) {
    out.push('', 'Unrealised (from prices)');
    for (const h of valued) {
      out.push(
        `  ${h.security} ${h.portfolio ? `[${h.portfolio}] ` : ''}${h.quantity}: value ${h.marketValue}, cost ${h.cgtCost}, unrealised ${h.gainClass} gain ${h.unrealisedCapitalGain !== '0.00' ? h.unrealisedCapitalGain : h.gainClass === 'income' ? h.unrealisedIncomeGain : h.unrealisedExemptGain}`,
      );
    }
  }
  if (c.failures.length) {
    out.push('', 'Calculation failures');
    for (const f of c.failures) out.push(`  ${f.date} ${f.security}${f.ref ? ` (${f.ref})` : ''}: ${f.message}`);
  }
  return out.join('\n') + '\n';
}
