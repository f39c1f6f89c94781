{{/*
Shared helpers. Workload helpers take a context dict: (dict "root" $ "values" .Values.<service>).
*/}}

{{/* Chart name, overridable. */}}
{{- define "gains.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Release-scoped base name: "gains" for a release named gains, else "<release>-gains". */}}
{{- define "gains.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "gains.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "gains.selectorLabels" -}}
app.kubernetes.io/name: {{ include "gains.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "gains.labels" -}}
helm.sh/chart: {{ include "gains.chart" . }}
{{ include "gains.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: gains
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Per-service name, e.g. gains-tax-engine. Context: dict root, values. */}}
{{- define "gains.componentName" -}}
{{- printf "%s-%s" (include "gains.fullname" .root) .values.name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "gains.componentSelectorLabels" -}}
{{ include "gains.selectorLabels" .root }}
app.kubernetes.io/component: {{ .values.name }}
{{- end -}}

{{- define "gains.componentLabels" -}}
{{ include "gains.labels" .root }}
app.kubernetes.io/component: {{ .values.name }}
{{- end -}}

{{/* In-cluster URL of a service, e.g. http://gains-identity:7101. Context: dict root, values. */}}
{{- define "gains.serviceUrl" -}}
{{- printf "http://%s:%v" (include "gains.componentName" .) .values.port -}}
{{- end -}}

{{/*
Image reference: [registry/]repository:tag. The tag falls back to image.tag, then the chart's
appVersion. Skaffold passes "tag@digest"; a dangling "@" (no digest) is dropped.
*/}}
{{- define "gains.image" -}}
{{- $root := .root -}}
{{- $repository := .values.image.repository -}}
{{- if $root.Values.image.registry -}}
{{- $repository = printf "%s/%s" (trimSuffix "/" $root.Values.image.registry) $repository -}}
{{- end -}}
{{- $tag := .values.image.tag | default $root.Values.image.tag | default $root.Chart.AppVersion | toString | trimSuffix "@" -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{- define "gains.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "gains.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "gains.configMapName" -}}
{{- printf "%s-config" (include "gains.fullname" .) -}}
{{- end -}}

{{/* The Secret holding DATABASE_URL, GAINS_DEMO_PASSWORD and SMTP_URL. */}}
{{- define "gains.secretName" -}}
{{- if .Values.secrets.create -}}
{{- printf "%s-secrets" (include "gains.fullname" .) -}}
{{- else -}}
{{- required "secrets.existingSecret is required when secrets.create is false" .Values.secrets.existingSecret -}}
{{- end -}}
{{- end -}}
