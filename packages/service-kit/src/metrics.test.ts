import { describe, expect, it } from 'vitest';
import { formatMetrics, processMetrics } from './metrics';

describe('Prometheus text exposition', () => {
  it('when gauges and counters are formatted, then each has its HELP and TYPE lines and one line per sample', () => {
    const text = formatMetrics([
      { name: 'gains_demo_queue_depth', help: 'Ledgers waiting.', type: 'gauge', samples: [{ value: 3 }] },
      {
        name: 'gains_demo_ledgers_total',
        help: 'Ledgers by outcome.',
        type: 'counter',
        samples: [
          { labels: { outcome: 'computed' }, value: 12 },
          { labels: { outcome: 'refused' }, value: 0.5 },
        ],
      },
    ]);
    expect(text).toBe(
      [
        '# HELP gains_demo_queue_depth Ledgers waiting.',
        '# TYPE gains_demo_queue_depth gauge',
        'gains_demo_queue_depth 3',
        '# HELP gains_demo_ledgers_total Ledgers by outcome.',
        '# TYPE gains_demo_ledgers_total counter',
        'gains_demo_ledgers_total{outcome="computed"} 12',
        'gains_demo_ledgers_total{outcome="refused"} 0.5',
        '',
      ].join('\n'),
    );
  });

  it('when a label value or help text holds quotes, backslashes or newlines, then they are escaped', () => {
    const text = formatMetrics([
      {
        name: 'gains_demo_info',
        help: 'Line one\nline two \\ end',
        type: 'gauge',
        samples: [{ labels: { path: 'C:\\tmp "x"\nnext' }, value: 1 }],
      },
    ]);
    expect(text).toContain('# HELP gains_demo_info Line one\\nline two \\\\ end\n');
    expect(text).toContain('gains_demo_info{path="C:\\\\tmp \\"x\\"\\nnext"} 1\n');
  });

  it('when a value is not finite, then it is written as Prometheus writes it', () => {
    const text = formatMetrics([
      {
        name: 'gains_demo_odd',
        help: 'Odd values.',
        type: 'gauge',
        samples: [
          { labels: { v: 'nan' }, value: NaN },
          { labels: { v: 'inf' }, value: Infinity },
          { labels: { v: 'minf' }, value: -Infinity },
        ],
      },
    ]);
    expect(text).toContain('{v="nan"} NaN\n');
    expect(text).toContain('{v="inf"} +Inf\n');
    expect(text).toContain('{v="minf"} -Inf\n');
  });

  it('when a name breaks the rules, then formatting fails naming it', () => {
    expect(() => formatMetrics([{ name: 'gains-demo', help: '', type: 'gauge', samples: [] }])).toThrow(
      'metric name "gains-demo" is not a Prometheus name',
    );
    expect(() => formatMetrics([{ name: 'gains_demo_count', help: '', type: 'counter', samples: [] }])).toThrow(
      'counter "gains_demo_count" must end in _total',
    );
    expect(() =>
      formatMetrics([{ name: 'gains_demo', help: '', type: 'gauge', samples: [{ labels: { 'a-b': 'x' }, value: 1 }] }]),
    ).toThrow('label name "a-b" is not a Prometheus label');
  });

  it("when the process's metrics are read, then memory and CPU are positive and well named", () => {
    const text = formatMetrics(processMetrics());
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]\d*$/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d+(\.\d+)?$/m);
    expect(text).toMatch(/^nodejs_heap_used_bytes [1-9]\d*$/m);
  });
});
