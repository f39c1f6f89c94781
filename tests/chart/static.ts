/**
 * Checks of template sources that do not need a renderer: the YAML skeleton of a template
 * (its Go-template actions neutralised) and the `.Values.*` paths it references.
 */
import YAML from 'yaml';
import { scan } from './gotemplate';

const ACTION = /\{\{-?\s*([\s\S]*?)\s*-?\}\}/g;
const SILENT =
  /^(?:if|else|end|range|with|define|block|break|continue)\b|^\$[A-Za-z0-9_]*\s*(?:,\s*\$[A-Za-z0-9_]*\s*)?:?=/;

/**
 * Replaces Go-template actions so the remaining text can be parsed as YAML:
 * - comments are dropped;
 * - a line holding only control actions (if/else/end/range/with/define, `$x := ...`) is dropped,
 *   so both branches of a conditional stay in place (parse with uniqueKeys: false);
 * - a line holding only an output action (`{{ include ... | nindent N }}`, `{{ toYaml ... }}`)
 *   stands for a block: it becomes a placeholder entry at the indentation it will be rendered
 *   at (N for nindent, else the line's), a list item if its siblings are list items, else a key;
 * - any other action, inside a line, becomes the scalar `__tpl__`.
 */
export function neutralise(src: string): string {
  const noComments = src.replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '');
  const out: string[] = [];
  let n = 0;
  for (const line of noComments.split('\n')) {
    const actions = [...line.matchAll(ACTION)].map((m) => m[1].trim());
    if (!actions.length) {
      out.push(line);
      continue;
    }
    const bare = line.replace(ACTION, '');
    if (bare.trim() === '') {
      if (actions.every((a) => SILENT.test(a))) continue;
      const nindent = /\bnindent\s+(\d+)/.exec(actions.join(' '));
      const indent = nindent ? Number(nindent[1]) : line.length - line.trimStart().length;
      const pad = ' '.repeat(indent);
      const prev = [...out].reverse().find((l) => l.trim() !== '' && l.length - l.trimStart().length <= indent);
      const prevIndent = prev ? prev.length - prev.trimStart().length : -1;
      const listSibling = prev !== undefined && prevIndent === indent && prev.trimStart().startsWith('- ');
      out.push(listSibling ? `${pad}- __tpl__` : `${pad}__tpl_${++n}__: __tpl__`);
      continue;
    }
    out.push(line.replace(ACTION, '__tpl__'));
  }
  return out.join('\n');
}

export interface SkeletonProblem {
  document: number;
  message: string;
}

/** Parses each `---` document of a neutralised template; returns the YAML errors found. */
export function skeletonProblems(src: string, opts: { requireMapping?: boolean } = {}): SkeletonProblem[] {
  const problems: SkeletonProblem[] = [];
  const docs = neutralise(src).split(/^---[ \t]*$/m);
  docs.forEach((doc, i) => {
    const parsed = YAML.parseDocument(doc, { uniqueKeys: false });
    for (const e of parsed.errors) problems.push({ document: i, message: e.message });
    if (!parsed.errors.length && opts.requireMapping) {
      const js = parsed.toJS() as unknown;
      if (js !== null && (typeof js !== 'object' || Array.isArray(js))) {
        problems.push({ document: i, message: 'document is not a mapping' });
      }
    }
  });
  return problems;
}

/** The bodies of `{{ define "name" }}...{{ end }}` blocks in a helper file. */
export function defineBodies(src: string): { name: string; body: string }[] {
  // Validate nesting with the real scanner, then cut the source text.
  scan(src);
  const result: { name: string; body: string }[] = [];
  const re = /\{\{-?\s*(define\s+"([^"]+)"|if\b|range\b|with\b|end\b)[^}]*?-?\}\}/g;
  let depth = 0;
  let current: { name: string; start: number } | null = null;
  for (const m of src.matchAll(re)) {
    const word = m[1].split(/\s/)[0];
    if (word === 'define') {
      current = { name: m[2], start: m.index! + m[0].length };
      depth = 1;
    } else if (word === 'end') {
      depth--;
      if (depth === 0 && current) {
        result.push({ name: current.name, body: src.slice(current.start, m.index) });
        current = null;
      }
    } else if (current) depth++;
  }
  return result;
}

/** Every `.Values.a.b.c` path (as ['a','b','c']) referenced in a template source. */
export function valuesPaths(src: string): string[][] {
  const paths = new Map<string, string[]>();
  for (const m of src.matchAll(/\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)) {
    const p = m[1].slice(1).split('.');
    paths.set(p.join('.'), p);
  }
  return [...paths.values()];
}

/** Whether a dotted path exists in a values tree (every step a key of a map). */
export function hasPath(values: unknown, path: string[]): boolean {
  let cur = values;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null || Array.isArray(cur)) return false;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return false;
    cur = (cur as Record<string, unknown>)[key];
  }
  return true;
}
