import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What a PDF says, read by Debian's poppler-utils as a person's viewer would show it: how tests check a document.
 * CI's .ci/run installs poppler-utils; without it these throw, so a test fails saying what to install rather than
 * passing unchecked.
 */
function poppler(tool: 'pdftotext' | 'pdfinfo', args: (file: string) => string[], pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync(tool, args(file), { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is not installed: apt-get install -y poppler-utils (CI installs it in .ci/run)`);
    }
    throw error;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page as `pdftotext -layout` lays it out (columns kept on their lines). */
export function pdfPages(pdf: Uint8Array): string[] {
  const pages = poppler('pdftotext', (file) => ['-layout', '-enc', 'UTF-8', file, '-'], pdf).split('\f');
  // pdftotext ends every page with a form feed: the piece after the last one is empty
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

/** The whole text of a PDF, its pages joined. */
export function pdfText(pdf: Uint8Array): string {
  return pdfPages(pdf).join('\n');
}

/** The whole text with runs of spaces made one, so a test can look for a row's cells in order. */
export function pdfTextOneSpaced(pdf: Uint8Array): string {
  return pdfText(pdf).replace(/[ \t]+/g, ' ');
}

/** The document's information as `pdfinfo` prints it: Title, Author, Pages, Page size, ... */
export function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const lines = poppler('pdfinfo', (file) => ['-enc', 'UTF-8', file], pdf).split('\n');
  return Object.fromEntries(
    lines.flatMap((line) => {
      const m = /^([^:]+):\s*(.*)$/.exec(line);
      return m ? [[m[1]!.trim(), m[2]!.trim()]] : [];
    }),
  );
}
