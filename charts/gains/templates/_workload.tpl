{{/*
One service: Deployment + Service (+ HorizontalPodAutoscaler when autoscaling.enabled).
Context: (dict "root" $ "values" .Values.<service>).
*/}}
{{- define "gains.workload" -}}
{{- $root := .root -}}
{{- $svc := .values -}}
{{- $name := include "gains.componentName" . -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $name }}
  labels:
    {{- include "gains.componentLabels" . | nindent 4 }}
spec:
  {{- if not $svc.autoscaling.enabled }}
  replicas: {{ $svc.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- include "gains.componentSelectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "gains.componentSelectorLabels" . | nindent 8 }}
      annotations:
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        {{- if $root.Values.secrets.create }}
        checksum/secret: {{ include (print $root.Template.BasePath "/secret.yaml") $root | sha256sum }}
        {{- end }}
        {{- /* The prometheus.io/* annotations, each unless podAnnotations sets it (a key may appear once). */}}
        {{- if $root.Values.metrics.scrapeAnnotations }}
        {{- if not (hasKey $root.Values.podAnnotations "prometheus.io/scrape") }}
        prometheus.io/scrape: "true"
        {{- end }}
        {{- if not (hasKey $root.Values.podAnnotations "prometheus.io/port") }}
        prometheus.io/port: {{ $svc.port | quote }}
        {{- end }}
        {{- if not (hasKey $root.Values.podAnnotations "prometheus.io/path") }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- end }}
        {{- with $root.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "gains.serviceAccountName" $root }}
      automountServiceAccountToken: false
      {{- with $root.Values.image.pullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      terminationGracePeriodSeconds: {{ $root.Values.terminationGracePeriodSeconds }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      containers:
        - name: {{ $svc.name }}
          image: {{ include "gains.image" . | quote }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ $svc.port }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ include "gains.configMapName" $root }}
          env:
            - name: GAINS_SERVICE
              value: {{ $svc.name | quote }}
            - name: PORT
              value: {{ $svc.port | toString | quote }}
            - name: OTEL_SERVICE_NAME
              value: {{ printf "gains-%s" $svc.name | quote }}
            {{- range $key := $svc.secretEnv }}
            - name: {{ $key }}
              valueFrom:
                secretKeyRef:
                  name: {{ include "gains.secretName" $root }}
                  key: {{ $key }}
                  {{- if ne $key "DATABASE_URL" }}
                  optional: true
                  {{- end }}
            {{- end }}
            {{- range $key, $value := $svc.env }}
            - name: {{ $key }}
              value: {{ $value | toString | quote }}
            {{- end }}
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: {{ $root.Values.probes.startup.periodSeconds }}
            failureThreshold: {{ $root.Values.probes.startup.failureThreshold }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: {{ $root.Values.probes.liveness.periodSeconds }}
            timeoutSeconds: {{ $root.Values.probes.liveness.timeoutSeconds }}
            failureThreshold: {{ $root.Values.probes.liveness.failureThreshold }}
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            periodSeconds: {{ $root.Values.probes.readiness.periodSeconds }}
            timeoutSeconds: {{ $root.Values.probes.readiness.timeoutSeconds }}
            failureThreshold: {{ $root.Values.probes.readiness.failureThreshold }}
          {{- if gt (int $root.Values.preStopSleepSeconds) 0 }}
          lifecycle:
            preStop:
              exec:
                command: ["sleep", {{ $root.Values.preStopSleepSeconds | toString | quote }}]
          {{- end }}
          resources:
            {{- toYaml $svc.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.containerSecurityContext | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir: {}
      {{- with $svc.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $svc.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $svc.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $name }}
  labels:
    {{- include "gains.componentLabels" . | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "gains.componentSelectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ $svc.port }}
      targetPort: http
      protocol: TCP
      appProtocol: {{ $svc.appProtocol }}
{{- if $svc.autoscaling.enabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ $name }}
  labels:
    {{- include "gains.componentLabels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ $name }}
  minReplicas: {{ $svc.autoscaling.minReplicas }}
  maxReplicas: {{ $svc.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $svc.autoscaling.targetCPUUtilizationPercentage }}
    {{- if hasKey $svc.autoscaling "podMetric" }}
    {{- with $svc.autoscaling.podMetric }}
    {{- if .enabled }}
    - type: Pods
      pods:
        metric:
          name: {{ .name }}
        target:
          type: AverageValue
          averageValue: {{ .averageValue | quote }}
    {{- end }}
    {{- end }}
    {{- end }}
{{- end }}
{{- end -}}
