/** An argument as a POSIX shell reads it: as it is when plain, else single-quoted. */
export const shellWord = (word: string) => (/^[\w.,:=/+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** A name safe for a file: the client's code (the label's first word), or its uuid. */
export const fileStem = (clientLabel: string, clientUuid: string) =>
  (clientLabel.split(' ')[0] || clientUuid).replace(/[^A-Za-z0-9_-]+/g, '_');

/**
 * The `pnpm cgt` command that computes the downloaded files as the run did: the ledger, `--prices` when the run
 * had prices, then the engine's arguments (taxpayer kind, overrides, losses).
 */
export function cgtCommand(stem: string, files: { pricesCsv: string; cgtArgs: string[] } | undefined): string {
  return [
    'pnpm cgt',
    `${stem}-ledger.csv`,
    ...(files?.pricesCsv ? ['--prices', `${stem}-prices.csv`] : []),
    ...(files?.cgtArgs ?? []).map(shellWord),
  ].join(' ');
}
