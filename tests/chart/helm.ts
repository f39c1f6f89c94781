/**
 * Loads charts/gains and renders it the way `helm template` would (for the subset of the
 * template language in ./gotemplate.ts), so the tests can assert on Kubernetes objects.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { Engine } from './gotemplate';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CHART_DIR = join(REPO_ROOT, 'charts/gains');

export type Dict = Record<string, unknown>;
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  [key: string]: unknown;
}

export const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readYaml(path: string): unknown {
  return YAML.parse(readFileSync(path, 'utf8'));
}

export interface Chart {
  meta: Dict;
  values: Dict;
  schema: Dict;
  /** template file name (relative to templates/) -> source */
  templates: Map<string, string>;
}

export function loadChart(dir = CHART_DIR): Chart {
  const templates = new Map<string, string>();
  for (const f of readdirSync(join(dir, 'templates')).sort()) {
    templates.set(f, readFileSync(join(dir, 'templates', f), 'utf8'));
  }
  return {
    meta: readYaml(join(dir, 'Chart.yaml')) as Dict,
    values: readYaml(join(dir, 'values.yaml')) as Dict,
    schema: JSON.parse(readFileSync(join(dir, 'values.schema.json'), 'utf8')) as Dict,
    templates,
  };
}

/** Helm's value coalescing: maps merge key by key, anything else replaces, null deletes. */
export function mergeValues(base: Dict, over: Dict): Dict {
  const out: Dict = structuredClone(base);
  for (const [k, v] of Object.entries(over)) {
    if (v === null) delete out[k];
    else if (isDict(v) && isDict(out[k])) out[k] = mergeValues(out[k] as Dict, v);
    else out[k] = structuredClone(v);
  }
  return out;
}

export interface Rendered {
  values: Dict;
  /** rendered text per template file that produces manifests */
  manifests: Map<string, string>;
  objects: K8sObject[];
  notes: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function renderChart(
  chart: Chart,
  opts: { values?: Dict; releaseName?: string; namespace?: string } = {},
): Rendered {
  const values = mergeValues(chart.values, opts.values ?? {});
  const chartName = String(chart.meta.name);
  const engine = new Engine();
  const prefix = `${chartName}/templates/`;
  for (const [f, src] of chart.templates) engine.addFile(prefix + f, src);
  const top = (file: string) => ({
    Values: values,
    Release: {
      Name: opts.releaseName ?? 'gains',
      Namespace: opts.namespace ?? 'gains',
      Service: 'Helm',
      IsInstall: true,
      IsUpgrade: false,
      Revision: 1,
    },
    Chart: Object.fromEntries(Object.entries(chart.meta).map(([k, v]) => [capitalise(k), v])),
    Template: { Name: prefix + file, BasePath: `${chartName}/templates` },
  });
  const manifests = new Map<string, string>();
  const objects: K8sObject[] = [];
  let notes = '';
  for (const f of chart.templates.keys()) {
    if (f.startsWith('_')) continue;
    const text = engine.render(prefix + f, top(f));
    if (f === 'NOTES.txt') {
      notes = text;
      continue;
    }
    manifests.set(f, text);
    for (const doc of splitDocuments(text)) {
      const parsed = YAML.parseDocument(doc, { uniqueKeys: true });
      if (parsed.errors.length) {
        throw new Error(`${f}: rendered YAML does not parse: ${parsed.errors[0].message}\n${doc}`);
      }
      const obj = parsed.toJS() as unknown;
      if (obj === null || obj === undefined) continue;
      if (!isDict(obj)) throw new Error(`${f}: rendered document is not a mapping:\n${doc}`);
      objects.push(obj as unknown as K8sObject);
    }
  }
  return { values, manifests, objects, notes };
}

/** Splits a multi-document YAML stream on `---` separator lines. */
export function splitDocuments(text: string): string[] {
  return text.split(/^---[ \t]*(?:#.*)?$/m).filter((d) => d.trim() !== '');
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata?.name === name);
}
