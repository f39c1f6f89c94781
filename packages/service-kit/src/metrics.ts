/**
 * A service's metrics as the Prometheus text exposition format (version 0.0.4), served at `/metrics` by the
 * cluster form. Scraped by Prometheus and read back by the metrics adapter that feeds the HPA (the tax engine
 * scales on its queue depth, DESIGN §2). Plain gauges and counters read at scrape time: nothing to buffer.
 */

export interface MetricSample {
  labels?: Record<string, string>;
  value: number;
}

export interface Metric {
  /** snake_case, prefixed `gains_<service>_`; counters end in `_total`. */
  name: string;
  help: string;
  type: 'gauge' | 'counter';
  samples: MetricSample[];
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export function formatMetrics(metrics: readonly Metric[]): string {
  const lines: string[] = [];
  for (const m of metrics) {
    if (!NAME.test(m.name)) throw new Error(`metric name "${m.name}" is not a Prometheus name`);
    if (m.type === 'counter' && !m.name.endsWith('_total')) throw new Error(`counter "${m.name}" must end in _total`);
    lines.push(`# HELP ${m.name} ${escapeHelp(m.help)}`, `# TYPE ${m.name} ${m.type}`);
    for (const s of m.samples) lines.push(`${m.name}${formatLabels(s.labels)} ${formatValue(s.value)}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

function formatLabels(labels: Record<string, string> | undefined): string {
  if (!labels) return '';
  const parts = Object.entries(labels).map(([k, v]) => {
    if (!LABEL.test(k)) throw new Error(`label name "${k}" is not a Prometheus label`);
    return `${k}="${v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`;
  });
  return parts.length ? `{${parts.join(',')}}` : '';
}

function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  return String(v);
}

function escapeHelp(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** The process's own figures, beside a service's: memory, CPU and the event loop's delay. */
export function processMetrics(): Metric[] {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return [
    {
      name: 'process_resident_memory_bytes',
      help: 'Resident memory size in bytes.',
      type: 'gauge',
      samples: [{ value: memory.rss }],
    },
    {
      name: 'process_cpu_seconds_total',
      help: 'User and system CPU time spent, in seconds (all threads).',
      type: 'counter',
      samples: [{ value: (cpu.user + cpu.system) / 1e6 }],
    },
    {
      name: 'nodejs_heap_used_bytes',
      help: "The main thread's V8 heap in use, in bytes.",
      type: 'gauge',
      samples: [{ value: memory.heapUsed }],
    },
  ];
}
