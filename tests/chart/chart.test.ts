/**
 * Structural tests of the cluster form: Dockerfile, charts/gains and skaffold.yaml.
 *
 * Helm does not install on these machines, so the chart is rendered by ./gotemplate.ts (Go
 * text/template with missingkey=error plus the Sprig functions the chart uses) and the tests
 * assert on the resulting Kubernetes objects. Independently of the renderer, the template
 * sources are checked statically: their YAML skeleton parses and every `.Values` path they
 * reference exists in values.yaml.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { Engine, TemplateError } from './gotemplate';
import { CHART_DIR, REPO_ROOT, find, loadChart, mergeValues, renderChart, type Dict, type K8sObject } from './helm';
import { defineBodies, hasPath, neutralise, skeletonProblems, valuesPaths } from './static';

const SERVICES = [
  { name: 'identity', key: 'identity', port: 7101, appProtocol: 'kubernetes.io/h2c' },
  { name: 'clients', key: 'clients', port: 7102, appProtocol: 'kubernetes.io/h2c' },
  { name: 'securities', key: 'securities', port: 7103, appProtocol: 'kubernetes.io/h2c' },
  { name: 'tax-engine', key: 'taxEngine', port: 7104, appProtocol: 'kubernetes.io/h2c' },
  { name: 'documents', key: 'documents', port: 7105, appProtocol: 'kubernetes.io/h2c' },
  { name: 'reports', key: 'reports', port: 7106, appProtocol: 'kubernetes.io/h2c' },
  { name: 'bff', key: 'bff', port: 8080, appProtocol: 'http' },
] as const;
const BACKENDS = SERVICES.filter((s) => s.name !== 'bff');
const SECRET_KEYS = [
  'DATABASE_URL',
  'GAINS_DEMO_PASSWORD',
  'SMTP_URL',
  'GAINS_MFA_ENCRYPTION_KEY',
  'GAINS_SERVICE_TOKEN_SECRET',
  'GAINS_DOWNLOAD_LINK_SECRET',
];
const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

const chart = loadChart();
// Rendered once at load; a failure is reported by the first test of "chart rendered with default values".
let defaultsError: unknown;
const defaults = (() => {
  try {
    return renderChart(chart);
  } catch (e) {
    defaultsError = e;
    return { values: chart.values, manifests: new Map<string, string>(), objects: [] as K8sObject[], notes: '' };
  }
})();

function validator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  return ajv.compile(chart.schema);
}
const validate = validator();

const deployment = (objs: K8sObject[], svc: string, release = 'gains') => find(objs, 'Deployment', `${release}-${svc}`);
const container = (d: K8sObject | undefined) => d?.spec.template.spec.containers[0];
const envOf = (c: any): Record<string, any> => Object.fromEntries((c.env ?? []).map((e: any) => [e.name, e]));
const all = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);

// ------------------------------------------------------------------ chart files

describe('chart files', () => {
  it('when Chart.yaml is read, then it is a v2 application chart named gains with semver versions', () => {
    expect(chart.meta).toMatchObject({ apiVersion: 'v2', name: 'gains', type: 'application' });
    expect(String(chart.meta.version)).toMatch(/^\d+\.\d+\.\d+/);
    expect(String(chart.meta.appVersion)).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('when values.yaml is validated against values.schema.json (draft-07), then it passes', () => {
    expect(chart.schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const ok = validate(chart.values);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each([
    ['a port of the wrong type', { identity: { port: '7101' } }, '/identity/port'],
    ['a port out of range', { bff: { port: 70000 } }, '/bff/port'],
    ['an unknown top-level key (typo)', { ingres: { enabled: true } }, ''],
    ['an unknown service key', { taxEngine: { autoscale: true } }, '/taxEngine'],
    ['a non-boolean flag', { ingress: { enabled: 'yes' } }, '/ingress/enabled'],
    ['a secret key the chart does not know', { clients: { secretEnv: ['PASSWORD'] } }, '/clients/secretEnv/0'],
    ['a missing required service block', { reports: null }, ''],
    ['a missing image repository', { documents: { image: { repository: null } } }, '/documents/image'],
    ['a bad log level', { config: { logLevel: 'loud' } }, '/config/logLevel'],
  ])('when values contain %s, then the schema rejects them', (_what, override, path) => {
    const values = mergeValues(chart.values, override as Dict);
    expect(validate(values)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath)).toContain(path);
  });
});

// ------------------------------------------------------------------ template sources (static)

describe('template sources, checked without rendering', () => {
  it('when every manifest template has its actions neutralised, then each document parses as a YAML mapping', () => {
    const manifests = [...chart.templates].filter(([f]) => !f.startsWith('_') && f.endsWith('.yaml'));
    expect(manifests.length).toBeGreaterThanOrEqual(11);
    for (const [file, src] of manifests) {
      expect({ file, problems: skeletonProblems(src, { requireMapping: true }) }).toEqual({ file, problems: [] });
    }
  });

  it('when every define in the helper files has its actions neutralised, then its YAML skeleton parses', () => {
    const bodies = [...chart.templates]
      .filter(([f]) => f.startsWith('_'))
      .flatMap(([file, src]) => defineBodies(src).map((d) => ({ file, ...d })));
    expect(bodies.map((b) => b.name)).toEqual(
      expect.arrayContaining(['gains.workload', 'gains.labels', 'gains.image']),
    );
    for (const b of bodies) {
      expect({ define: b.name, problems: skeletonProblems(b.body) }).toEqual({ define: b.name, problems: [] });
    }
    // The workload skeleton keeps its structure: a Deployment and a Service document with probes.
    const workload = bodies.find((b) => b.name === 'gains.workload')!.body;
    const docs = neutralise(workload)
      .split(/^---$/m)
      .map((d) => YAML.parse(d, { uniqueKeys: false }));
    expect(docs.map((d) => d.kind)).toEqual(['Deployment', 'Service', 'HorizontalPodAutoscaler']);
    expect(docs[0].spec.template.spec.containers[0].livenessProbe.httpGet.path).toBe('/healthz');
    expect(docs[0].spec.template.spec.containers[0].readinessProbe.httpGet.path).toBe('/readyz');
  });

  it.each([
    ['a key indented under a scalar', 'metadata:\n  name: {{ .Values.a }}\n    labels: x\n'],
    ['a list item beside a mapping key', 'spec:\n  replicas: 1\n  - name: {{ .Values.a }}\n'],
    ['an unclosed quote', 'metadata:\n  name: "{{ .Values.a }}\n'],
    ['a tab for indentation', 'spec:\n\treplicas: {{ .Values.a }}\n'],
    [
      'a block action at the wrong indentation',
      'metadata:\n  name: x\n  labels:\n{{- include "l" . | nindent 1 }}\n  annotations: {}\n',
    ],
  ])('when a template has %s, then the skeleton check reports it', (_what, src) => {
    expect(skeletonProblems(src, { requireMapping: true })).not.toEqual([]);
  });

  it('when a well-formed template uses if/else, range, with and nindent blocks, then the skeleton check accepts it', () => {
    const src = [
      'kind: Deployment',
      'spec:',
      '  {{- if .Values.a }}',
      '  replicas: {{ .Values.a }}',
      '  {{- else }}',
      '  replicas: 1',
      '  {{- end }}',
      '  template:',
      '    metadata:',
      '      labels:',
      '        {{- include "x" . | nindent 8 }}',
      '    env:',
      '      - name: A',
      '        value: b',
      '      {{- range $k, $v := .Values.env }}',
      '      - name: {{ $k }}',
      '        value: {{ $v | quote }}',
      '      {{- end }}',
      '      {{- toYaml .Values.more | nindent 6 }}',
    ].join('\n');
    expect(skeletonProblems(src, { requireMapping: true })).toEqual([]);
  });

  it('when templates reference .Values paths, then every path exists in values.yaml', () => {
    const refs = [...chart.templates].flatMap(([file, src]) =>
      valuesPaths(src).map((p) => ({ file, path: p.join('.') })),
    );
    expect(refs.length).toBeGreaterThan(40);
    const missing = refs.filter((r) => !hasPath(chart.values, r.path.split('.')));
    expect(missing).toEqual([]);
    // Every service block is referenced by a template.
    for (const s of SERVICES) expect(refs.map((r) => r.path)).toContain(s.key);
  });

  it('when the per-service template files are read, then each passes its own values block to the workload helper', () => {
    for (const s of SERVICES) {
      const src = chart.templates.get(`${s.name}.yaml`);
      expect(src, `templates/${s.name}.yaml`).toBeDefined();
      expect(src).toContain(`include "gains.workload" (dict "root" . "values" .Values.${s.key})`);
    }
  });
});

// ------------------------------------------------------------------ the renderer itself

describe('template renderer', () => {
  const render = (src: string, data: unknown, helpers = '') => {
    const e = new Engine();
    e.addFile('helpers', helpers);
    e.addFile('t', src);
    return e.render('t', data);
  };

  it('when a template reads a value that is not there, then rendering fails (missingkey=error)', () => {
    expect(() => render('{{ .Values.nope }}', { Values: {} })).toThrow(/no entry for key "nope"/);
    expect(() => render('{{ .Values.a.b }}', { Values: { a: null } })).toThrow(/nil pointer/);
    expect(() => render('{{ $x.y }}', {})).toThrow(/undefined variable/);
    expect(() => render('{{ frobnicate 1 }}', {})).toThrow(TemplateError);
    expect(() => render('{{ if .a }}x', { a: 1 })).toThrow(/unclosed if/);
  });

  it('when trim markers are used, then surrounding whitespace is removed like Go templates', () => {
    expect(render('a  {{- "b" -}}  \n c', {})).toBe('abc');
    expect(render('a\n  {{- /* note */}}\nb', {})).toBe('a\nb');
  });

  it('when if/else if/else, with and range run, then they follow Go semantics (sorted map keys, scoping, else)', () => {
    const src =
      '{{ if .a }}A{{ else if .b }}B{{ else }}C{{ end }}|{{ with .m }}{{ .x }}{{ else }}none{{ end }}|' +
      '{{ range $k, $v := .m }}{{ $k }}={{ $v }};{{ end }}|{{ range .l }}{{ . }},{{ else }}empty{{ end }}|' +
      '{{ $v := 1 }}{{ if true }}{{ $v = 2 }}{{ $w := 3 }}{{ end }}{{ $v }}';
    expect(render(src, { a: 0, b: '', m: { y: 2, x: 1 }, l: [] })).toBe('C|1|x=1;y=2;|empty|2');
    expect(render('{{ range $i, $e := .l }}{{ $i }}{{ $e }}{{ end }}', { l: ['a', 'b'] })).toBe('0a1b');
  });

  it('when helpers are included and piped through Sprig functions, then the output matches Helm', () => {
    const helpers = '{{- define "labels" -}}\na: {{ .a | quote }}\nb: {{ .b | default "dflt" }}\n{{- end -}}';
    expect(render('x:\n  {{- include "labels" (dict "a" 1 "b" "") | nindent 2 }}', {}, helpers)).toBe(
      'x:\n  a: "1"\n  b: dflt',
    );
    expect(render('{{ toYaml .v | indent 2 }}', { v: { b: [1], a: 'x' } })).toBe('  a: x\n  b:\n    - 1');
    expect(render('{{ printf "%s-%s" "gains" .n | trunc 8 | trimSuffix "-" }}', { n: 'tax-engine' })).toBe('gains-ta');
    expect(render('{{ and .a .missing }}{{ or .b "y" }}', { a: false, b: '' })).toBe('falsey');
    expect(render('{{ if and (eq .n "x") (gt (int .p) 0) }}ok{{ end }}', { n: 'x', p: 5 })).toBe('ok');
  });
});

// ------------------------------------------------------------------ rendered with default values

describe('chart rendered with default values', () => {
  const objs = defaults.objects;

  it('when rendered, then every template renders (a missing value is an error) and every document parses as YAML', () => {
    expect(defaultsError).toBeUndefined();
    expect([...defaults.manifests.keys()].sort()).toEqual(
      [...chart.templates.keys()].filter((f) => !f.startsWith('_') && f !== 'NOTES.txt').sort(),
    );
  });

  it('when rendered, then every object is well formed and uniquely named', () => {
    expect(objs.length).toBeGreaterThanOrEqual(18);
    const ids = new Set<string>();
    for (const o of objs) {
      expect(typeof o.apiVersion).toBe('string');
      expect(typeof o.kind).toBe('string');
      expect(o.metadata.name).toMatch(DNS1123);
      expect(o.metadata.name.length).toBeLessThanOrEqual(63);
      expect(o.metadata.labels?.['app.kubernetes.io/instance']).toBe('gains');
      const id = `${o.kind}/${o.metadata.name}`;
      expect(ids.has(id), id).toBe(false);
      ids.add(id);
    }
    expect(new Set(objs.map((o) => o.kind))).toEqual(
      new Set(['Deployment', 'Service', 'ConfigMap', 'Secret', 'ServiceAccount', 'HorizontalPodAutoscaler']),
    );
  });

  it.each(SERVICES)(
    'when rendered, then $name has a Deployment and a Service on port $port with /healthz and /readyz probes',
    (s) => {
      const d = deployment(objs, s.name);
      const svc = find(objs, 'Service', `gains-${s.name}`);
      expect(d, 'Deployment').toBeDefined();
      expect(svc, 'Service').toBeDefined();
      expect(d!.apiVersion).toBe('apps/v1');

      const c = container(d);
      expect(c.name).toBe(s.name);
      expect(c.image).toBe(`gains-${s.name}:${chart.meta.appVersion}`);
      expect(c.ports).toEqual([{ name: 'http', containerPort: s.port, protocol: 'TCP' }]);
      expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(c.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      const env = envOf(c);
      expect(env.GAINS_SERVICE.value).toBe(s.name);
      expect(env.PORT.value).toBe(String(s.port));

      expect(svc!.spec.type).toBe('ClusterIP');
      expect(svc!.spec.ports).toEqual([
        { name: 'http', port: s.port, targetPort: 'http', protocol: 'TCP', appProtocol: s.appProtocol },
      ]);
    },
  );

  it('when rendered, then each Service selects exactly the pods of its own Deployment', () => {
    const deployments = all(objs, 'Deployment');
    for (const s of SERVICES) {
      const d = deployment(objs, s.name)!;
      const svc = find(objs, 'Service', `gains-${s.name}`)!;
      const podLabels = d.spec.template.metadata.labels;
      expect(d.spec.selector.matchLabels).toEqual(svc.spec.selector);
      const selected = deployments.filter((other) =>
        Object.entries(svc.spec.selector).every(([k, v]) => other.spec.template.metadata.labels[k] === v),
      );
      expect(selected.map((x) => x.metadata.name)).toEqual([d.metadata.name]);
      expect(podLabels['app.kubernetes.io/component']).toBe(s.name);
    }
  });

  it('when rendered, then every container has requests and limits, runs as non-root and shuts down gracefully', () => {
    for (const s of SERVICES) {
      const d = deployment(objs, s.name)!;
      const pod = d.spec.template.spec;
      const c = container(d);
      expect(Object.keys(c.resources.requests).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(c.resources.limits).sort()).toEqual(['cpu', 'memory']);
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
      expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.volumes).toContainEqual({ name: 'tmp', emptyDir: {} });
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(c.lifecycle.preStop.exec.command[1]));
      expect(pod.serviceAccountName).toBe(find(objs, 'ServiceAccount', 'gains')!.metadata.name);
      expect(d.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    }
  });

  it('when rendered, then non-secret config comes from the ConfigMap and its service URLs point at the rendered Services', () => {
    const cm = find(objs, 'ConfigMap', 'gains-config')!;
    expect(cm.data).toMatchObject({ LOG_LEVEL: 'info', NATS_URL: 'nats://nats:4222', GAINS_DEMO_SEED: 'false' });
    for (const v of Object.values(cm.data!)) expect(typeof v).toBe('string');
    for (const s of BACKENDS) {
      const key = `${s.name.toUpperCase().replace('-', '_')}_URL`;
      const url = new URL(cm.data![key]);
      const target = find(objs, 'Service', url.hostname);
      expect(target, `${key} -> ${url.hostname}`).toBeDefined();
      expect(Number(url.port)).toBe(target!.spec.ports[0].port);
      expect(url.hostname).toBe(`gains-${s.name}`);
    }
    for (const k of SECRET_KEYS) expect(cm.data).not.toHaveProperty(k);
    // Optional settings that are empty are left unset.
    for (const k of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'FILES_BUCKET', 'S3_ENDPOINT', 'AG_GRID_LICENSE_KEY'])
      expect(cm.data).not.toHaveProperty(k);
    for (const s of SERVICES) {
      expect(container(deployment(objs, s.name)).envFrom).toEqual([{ configMapRef: { name: 'gains-config' } }]);
    }
  });

  it('when rendered, then secrets reach only the services that need them, by secretKeyRef into the rendered Secret', () => {
    const secret = find(objs, 'Secret', 'gains-secrets')!;
    expect(Object.keys(secret.stringData!).sort()).toEqual([...SECRET_KEYS].sort());
    const secretEnv = (svc: string) =>
      Object.values(envOf(container(deployment(objs, svc))))
        .filter((e: any) => e.valueFrom?.secretKeyRef)
        .map((e: any) => {
          expect(e.valueFrom.secretKeyRef.name).toBe('gains-secrets');
          expect(secret.stringData).toHaveProperty(e.valueFrom.secretKeyRef.key);
          expect(e.valueFrom.secretKeyRef.key).toBe(e.name);
          return e.name;
        })
        .sort();
    expect(secretEnv('identity')).toEqual([
      'DATABASE_URL',
      'GAINS_DEMO_PASSWORD',
      'GAINS_MFA_ENCRYPTION_KEY',
      'GAINS_SERVICE_TOKEN_SECRET',
      'SMTP_URL',
    ]);
    // The tax engine shows the shared secret to identity for its own service token.
    // the tax engine's, documents' and reports' jobs act as the services themselves (their own service tokens)
    for (const s of ['tax-engine', 'documents', 'reports'])
      expect(secretEnv(s)).toEqual(['DATABASE_URL', 'GAINS_SERVICE_TOKEN_SECRET']);
    for (const s of ['clients', 'securities']) expect(secretEnv(s)).toEqual(['DATABASE_URL']);
    // the BFF's replicas share the secret that signs report links
    expect(secretEnv('bff')).toEqual(['GAINS_DOWNLOAD_LINK_SECRET']);
    // DATABASE_URL is mandatory; the optional secrets do not block a pod when absent.
    const idEnv = envOf(container(deployment(objs, 'identity')));
    expect(idEnv.DATABASE_URL.valueFrom.secretKeyRef.optional).toBeUndefined();
    expect(idEnv.SMTP_URL.valueFrom.secretKeyRef.optional).toBe(true);
  });

  it('when rendered, then the tax engine scales with its own HPA and the other services have fixed replicas', () => {
    const hpa = find(objs, 'HorizontalPodAutoscaler', 'gains-tax-engine')!;
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'gains-tax-engine' });
    const te = chart.values.taxEngine as any;
    expect(hpa.spec).toMatchObject({
      minReplicas: te.autoscaling.minReplicas,
      maxReplicas: te.autoscaling.maxReplicas,
    });
    expect(hpa.spec.metrics[0].resource).toEqual({
      name: 'cpu',
      target: { type: 'Utilization', averageUtilization: te.autoscaling.targetCPUUtilizationPercentage },
    });
    // DESIGN: the tax engine's workers scale by queue depth, the gauge its /metrics serves.
    expect(hpa.spec.metrics[1]).toEqual({
      type: 'Pods',
      pods: {
        metric: { name: 'gains_tax_engine_queue_depth' },
        target: { type: 'AverageValue', averageValue: '3' },
      },
    });
    expect(hpa.spec.metrics).toHaveLength(2);
    expect(deployment(objs, 'tax-engine')!.spec).not.toHaveProperty('replicas');
    expect(all(objs, 'HorizontalPodAutoscaler')).toHaveLength(1);
    for (const s of SERVICES.filter((x) => x.name !== 'tax-engine')) {
      expect(deployment(objs, s.name)!.spec.replicas).toBe((chart.values[s.key] as any).replicas);
    }
  });

  it('when rendered, then every pod is annotated for Prometheus to scrape /metrics on its own port', () => {
    for (const s of SERVICES) {
      const d = deployment(objs, s.name)!;
      expect(d.spec.template.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String((chart.values[s.key] as any).port),
        'prometheus.io/path': '/metrics',
      });
    }
  });

  it('when rendered, then there is no Ingress unless it is enabled', () => {
    expect(all(objs, 'Ingress')).toEqual([]);
    expect(defaults.notes).toContain('port-forward svc/gains-bff 8080:8080');
  });
});

// ------------------------------------------------------------------ rendered with other values

describe('chart rendered with other values', () => {
  it('when the queue-depth metric or the scrape annotations are turned off, then the HPA scales on CPU alone and pods carry no prometheus.io annotations', () => {
    const r = renderChart(chart, {
      values: {
        metrics: { scrapeAnnotations: false },
        taxEngine: { autoscaling: { podMetric: { enabled: false } } },
      },
    });
    const hpa = find(r.objects, 'HorizontalPodAutoscaler', 'gains-tax-engine')!;
    expect(hpa.spec.metrics.map((m: { type: string }) => m.type)).toEqual(['Resource']);
    const annotations = deployment(r.objects, 'tax-engine')!.spec.template.metadata.annotations;
    expect(Object.keys(annotations).filter((k) => k.startsWith('prometheus.io/'))).toEqual([]);
  });

  it('when taxEngine.autoscaling is disabled, then there is no HPA and the Deployment sets its replicas', () => {
    const r = renderChart(chart, { values: { taxEngine: { autoscaling: { enabled: false }, replicas: 3 } } });
    expect(all(r.objects, 'HorizontalPodAutoscaler')).toEqual([]);
    expect(deployment(r.objects, 'tax-engine')!.spec.replicas).toBe(3);
  });

  it('when the ingress is enabled with host, class and TLS, then it routes / to the bff Service port', () => {
    const values = {
      ingress: {
        enabled: true,
        host: 'gains.example.org',
        className: 'nginx',
        annotations: { a: 'b' },
        tls: { enabled: true, secretName: 'gains-cert' },
      },
    };
    expect(validate(mergeValues(chart.values, values))).toBe(true);
    const r = renderChart(chart, { values });
    const ing = find(r.objects, 'Ingress', 'gains')!;
    expect(ing.apiVersion).toBe('networking.k8s.io/v1');
    expect(ing.metadata.annotations).toEqual({ a: 'b' });
    expect(ing.spec.ingressClassName).toBe('nginx');
    expect(ing.spec.tls).toEqual([{ hosts: ['gains.example.org'], secretName: 'gains-cert' }]);
    const rule = ing.spec.rules[0];
    expect(rule.host).toBe('gains.example.org');
    const backend = rule.http.paths[0];
    expect(backend).toMatchObject({ path: '/', pathType: 'Prefix' });
    const svc = find(r.objects, 'Service', backend.backend.service.name)!;
    expect(svc.metadata.name).toBe('gains-bff');
    expect(svc.spec.ports.map((p: any) => p.name)).toContain(backend.backend.service.port.name);
    expect(r.notes).toContain('https://gains.example.org/');
  });

  it('when the ingress is enabled without class or TLS, then those fields are left out', () => {
    const r = renderChart(chart, { values: { ingress: { enabled: true } } });
    const ing = find(r.objects, 'Ingress', 'gains')!;
    expect(ing.spec).not.toHaveProperty('ingressClassName');
    expect(ing.spec).not.toHaveProperty('tls');
    expect(ing.metadata).not.toHaveProperty('annotations');
  });

  it('when image.registry and tags are set, then images are registry/repository:tag with per-service overrides', () => {
    const r = renderChart(chart, {
      values: { image: { registry: 'registry.example.com/gains/', tag: '1.2.3' }, bff: { image: { tag: '1.2.4' } } },
    });
    expect(container(deployment(r.objects, 'identity')).image).toBe('registry.example.com/gains/gains-identity:1.2.3');
    expect(container(deployment(r.objects, 'bff')).image).toBe('registry.example.com/gains/gains-bff:1.2.4');
  });

  it('when skaffold sets repository and tag@digest per service, then each Deployment uses exactly that image', () => {
    const skaffold = YAML.parse(readFileSync(join(REPO_ROOT, 'skaffold.yaml'), 'utf8'));
    const release = skaffold.deploy.helm.releases[0];
    // Expand skaffold's templates the way it would for a pushed build and for a local one (no digest).
    for (const digest of ['sha256:' + 'a'.repeat(64), '']) {
      const sets: Dict = {};
      const setPath = (path: string, value: unknown) => {
        const keys = path.split('.');
        let cur = sets;
        for (const k of keys.slice(0, -1)) cur = (cur[k] ??= {}) as Dict;
        cur[keys.at(-1)!] = value;
      };
      for (const [k, v] of Object.entries(release.setValues ?? {})) setPath(k, v);
      for (const [k, v] of Object.entries(release.setValueTemplates as Record<string, string>)) {
        setPath(
          k,
          v.replace(/\{\{\.IMAGE_(REPO|TAG|DIGEST)_([A-Za-z0-9_]+)\}\}/g, (_m, what: string, img: string) =>
            what === 'REPO' ? `reg.local/${img.replace(/_/g, '-')}` : what === 'TAG' ? 'abc123' : digest,
          ),
        );
      }
      const values = mergeValues(chart.values, sets);
      expect(validate(values)).toBe(true);
      const r = renderChart(chart, { values: sets });
      for (const s of SERVICES) {
        expect(container(deployment(r.objects, s.name)).image).toBe(
          `reg.local/gains-${s.name}:abc123${digest ? '@' + digest : ''}`,
        );
      }
    }
  });

  it('when secrets.create is false, then no Secret is rendered and the containers read the existing Secret', () => {
    const r = renderChart(chart, { values: { secrets: { create: false, existingSecret: 'gains-prod' } } });
    expect(all(r.objects, 'Secret')).toEqual([]);
    const ref = envOf(container(deployment(r.objects, 'clients'))).DATABASE_URL.valueFrom.secretKeyRef;
    expect(ref).toEqual({ name: 'gains-prod', key: 'DATABASE_URL' });
    expect(deployment(r.objects, 'clients')!.spec.template.metadata.annotations).not.toHaveProperty('checksum/secret');
    expect(() => renderChart(chart, { values: { secrets: { create: false } } })).toThrow(/existingSecret is required/);
    expect(() => renderChart(chart, { values: { secrets: { databaseUrl: '' } } })).toThrow(/databaseUrl is required/);
  });

  it('when optional settings are given, then they reach the ConfigMap and the service containers', () => {
    const values = {
      config: {
        otelExporterOtlpEndpoint: 'http://otel-collector:4318',
        filesBucket: 'gains-files',
        s3Endpoint: 'http://minio:9000',
        agGridLicenseKey: 'key',
        demoSeed: true,
        extraEnv: { NODE_OPTIONS: '--max-old-space-size=768' },
      },
      reports: { env: { REPORT_WORKERS: 4 } },
    };
    expect(validate(mergeValues(chart.values, values))).toBe(true);
    const r = renderChart(chart, { values });
    expect(find(r.objects, 'ConfigMap', 'gains-config')!.data).toMatchObject({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      FILES_BUCKET: 'gains-files',
      S3_ENDPOINT: 'http://minio:9000',
      AG_GRID_LICENSE_KEY: 'key',
      GAINS_DEMO_SEED: 'true',
      NODE_OPTIONS: '--max-old-space-size=768',
    });
    expect(envOf(container(deployment(r.objects, 'reports'))).REPORT_WORKERS).toEqual({
      name: 'REPORT_WORKERS',
      value: '4',
    });
  });

  it('when the config changes, then the pod template checksum changes so pods roll', () => {
    const before = deployment(defaults.objects, 'identity')!.spec.template.metadata.annotations;
    const after = deployment(renderChart(chart, { values: { config: { logLevel: 'debug' } } }).objects, 'identity')!
      .spec.template.metadata.annotations;
    expect(before['checksum/config']).toMatch(/^[0-9a-f]{64}$/);
    expect(after['checksum/config']).not.toBe(before['checksum/config']);
    expect(after['checksum/secret']).toBe(before['checksum/secret']);
  });

  it('when the release has another name, then object names and service URLs follow it', () => {
    const r = renderChart(chart, { releaseName: 'prod', namespace: 'gains-prod' });
    expect(deployment(r.objects, 'tax-engine', 'prod-gains')).toBeDefined();
    expect(find(r.objects, 'ConfigMap', 'prod-gains-config')!.data!.IDENTITY_URL).toBe(
      'http://prod-gains-identity:7101',
    );
    const f = renderChart(chart, { values: { fullnameOverride: 'gcgt' } });
    expect(find(f.objects, 'Service', 'gcgt-bff')).toBeDefined();
  });

  it('when every optional feature is switched on, then the values pass the schema and the chart renders valid objects', () => {
    const values: Dict = {
      commonLabels: { team: 'platform' },
      podAnnotations: { 'prometheus.io/scrape': 'true' },
      serviceAccount: { annotations: { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::1:role/gains' } },
      image: { pullSecrets: [{ name: 'regcred' }] },
      preStopSleepSeconds: 0,
      ingress: { enabled: true, className: 'nginx', tls: { enabled: true } },
    };
    for (const s of SERVICES) {
      values[s.key] = {
        autoscaling: { enabled: true },
        nodeSelector: { pool: 'gains' },
        tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gains', effect: 'NoSchedule' }],
        affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [] } },
      };
    }
    const merged = mergeValues(chart.values, values);
    expect(validate(merged), JSON.stringify(validate.errors)).toBe(true);
    const r = renderChart(chart, { values });
    expect(all(r.objects, 'HorizontalPodAutoscaler')).toHaveLength(SERVICES.length);
    for (const s of SERVICES) {
      const d = deployment(r.objects, s.name)!;
      const pod = d.spec.template.spec;
      expect(d.spec).not.toHaveProperty('replicas');
      expect(d.metadata.labels!.team).toBe('platform');
      expect(d.spec.template.metadata.annotations['prometheus.io/scrape']).toBe('true');
      expect(pod.imagePullSecrets).toEqual([{ name: 'regcred' }]);
      expect(pod.nodeSelector).toEqual({ pool: 'gains' });
      expect(pod.tolerations).toHaveLength(1);
      expect(pod.affinity).toHaveProperty('podAntiAffinity');
      expect(container(d)).not.toHaveProperty('lifecycle');
    }
    expect(find(r.objects, 'ServiceAccount', 'gains')!.metadata.annotations).toHaveProperty(
      'eks.amazonaws.com/role-arn',
    );
  });
});

// ------------------------------------------------------------------ Dockerfile

interface Stage {
  from: string;
  name: string;
  lines: string[];
}

function dockerStages(): Stage[] {
  const text = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of text) {
    const m = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (m) stages.push({ from: m[1], name: m[2] ?? '', lines: [] });
    else if (stages.length) stages.at(-1)!.lines.push(line);
  }
  return stages;
}

describe('Dockerfile', () => {
  const stages = dockerStages();
  const stage = (name: string) => stages.find((s) => s.name === name);
  const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');

  it('when parsed, then the base stage is node 20 bookworm-slim with pnpm 12.21.0', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(stage('base')!.from).toBe('${NODE_IMAGE}');
    expect(stage('base')!.lines.join('\n')).toContain('npm i -g pnpm@12.21.0');
  });

  it('when parsed, then deps installs the whole workspace with a frozen lockfile and web builds the app', () => {
    const deps = stage('deps')!;
    expect(deps.from).toBe('base');
    const copyAll = deps.lines.findIndex((l) => /^COPY \. \.$/.test(l));
    const install = deps.lines.findIndex((l) => /pnpm install --frozen-lockfile/.test(l));
    expect(deps.lines.some((l) => /^COPY .*pnpm-lock\.yaml.*pnpm-workspace\.yaml/.test(l))).toBe(true);
    expect(copyAll).toBeGreaterThan(-1);
    expect(install).toBeGreaterThan(copyAll); // postinstall generation needs the sources
    expect(stage('web')!.from).toBe('deps');
    expect(stage('web')!.lines.join('\n')).toContain('pnpm --filter @gains/web build');
  });

  it.each(SERVICES)(
    'when parsed, then target $name sets GAINS_SERVICE, exposes $port, runs as non-root and starts the service with tsx',
    (s) => {
      const st = stage(s.name);
      expect(st, `FROM ... AS ${s.name}`).toBeDefined();
      expect(st!.from).toBe('runtime');
      const body = st!.lines;
      expect(body.find((l) => l.startsWith('ENV '))).toMatch(new RegExp(`\\bGAINS_SERVICE=${s.name}\\b`));
      expect(body).toContain(`EXPOSE ${s.port}`);
      const user =
        body.filter((l) => l.startsWith('USER ')).at(-1) ??
        stage('runtime')!
          .lines.filter((l) => l.startsWith('USER '))
          .at(-1);
      expect(user).toBeDefined();
      expect(user).not.toMatch(/^USER\s+(root|0)(:|$)/);
      const cmd = body.filter((l) => l.startsWith('CMD ')).at(-1)!;
      expect(JSON.parse(cmd.slice(4))).toEqual([
        'node_modules/.bin/tsx',
        'packages/runtime/src/service-main.ts',
        s.name,
      ]);
      // The service's port in the image matches the chart's.
      expect((chart.values[s.key] as any).port).toBe(s.port);
      expect((chart.values[s.key] as any).name).toBe(s.name);
    },
  );

  it('when parsed, then only the bff image carries the built web app and no image has a HEALTHCHECK', () => {
    expect(stage('bff')!.lines).toContain('COPY --from=web /app/web/dist /app/web/dist');
    for (const s of stages) {
      if (s.name !== 'bff') expect(s.lines.join('\n')).not.toContain('web/dist');
    }
    expect(dockerfile).not.toMatch(/^\s*HEALTHCHECK/m);
  });

  it('when .dockerignore is read, then dependencies, local data, VCS, build and test output stay out of the context', () => {
    const ignore = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const p of ['node_modules', '**/node_modules', '.data', '.git', 'web/dist', 'test-results'])
      expect(ignore).toContain(p);
    // Nothing the deps stage needs is excluded.
    for (const needed of [
      'package.json',
      'pnpm-lock.yaml',
      'pnpm-workspace.yaml',
      '.npmrc',
      'scripts',
      'proto',
      'packages',
      'services',
      'bff',
      'web',
    ]) {
      expect(ignore).not.toContain(needed);
    }
  });
});

// ------------------------------------------------------------------ skaffold.yaml

describe('skaffold.yaml', () => {
  const skaffold = YAML.parse(readFileSync(join(REPO_ROOT, 'skaffold.yaml'), 'utf8'));
  const targets = new Set(dockerStages().map((s) => s.name));

  it('when parsed, then it has one artifact per service built from its Dockerfile target', () => {
    expect(skaffold.apiVersion).toBe('skaffold/v4beta11');
    expect(skaffold.kind).toBe('Config');
    const artifacts = skaffold.build.artifacts;
    expect(artifacts.map((a: any) => a.image).sort()).toEqual(SERVICES.map((s) => `gains-${s.name}`).sort());
    for (const s of SERVICES) {
      const a = artifacts.find((x: any) => x.image === `gains-${s.name}`);
      expect(a).toEqual({
        image: `gains-${s.name}`,
        context: '.',
        docker: { dockerfile: 'Dockerfile', target: s.name },
      });
      expect(targets.has(a.docker.target)).toBe(true);
    }
  });

  it('when deploying, then a helm release of charts/gains sets every service image from its artifact, on keys that exist in values.yaml', () => {
    const releases = skaffold.deploy.helm.releases;
    expect(releases).toHaveLength(1);
    const rel = releases[0];
    expect(rel.chartPath).toBe('charts/gains');
    expect(join(REPO_ROOT, rel.chartPath)).toBe(CHART_DIR);
    const tpl = rel.setValueTemplates as Record<string, string>;
    for (const s of SERVICES) {
      const id = `gains_${s.name.replace(/-/g, '_')}`;
      expect(tpl[`${s.key}.image.repository`]).toBe(`{{.IMAGE_REPO_${id}}}`);
      expect(tpl[`${s.key}.image.tag`]).toBe(`{{.IMAGE_TAG_${id}}}@{{.IMAGE_DIGEST_${id}}}`);
    }
    for (const key of [...Object.keys(tpl), ...Object.keys(rel.setValues ?? {})]) {
      expect(hasPath(chart.values, key.split('.')), key).toBe(true);
    }
    // Every artifact is used by the release.
    for (const a of skaffold.build.artifacts) {
      expect(Object.values(tpl).join(' ')).toContain(`IMAGE_REPO_${a.image.replace(/-/g, '_')}}`);
    }
  });

  it('when a profile patches the release, then it sets keys that exist in values.yaml', () => {
    for (const p of skaffold.profiles ?? []) {
      for (const patch of p.patches ?? []) {
        const m = /^\/deploy\/helm\/releases\/0\/(setValues|setValueTemplates)\/(.+)$/.exec(patch.path);
        expect(m, patch.path).not.toBeNull();
        expect(hasPath(chart.values, m![2].split('.')), m![2]).toBe(true);
      }
    }
  });
});
