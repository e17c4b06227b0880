{{/* Chart name, truncated to the DNS label limit. */}}
{{- define "moderation.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Resource name prefix: the release name, plus the chart name when it is not already in it. */}}
{{- define "moderation.fullname" -}}
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

{{- define "moderation.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels shared by every object. */}}
{{- define "moderation.labels" -}}
helm.sh/chart: {{ include "moderation.chart" . }}
app.kubernetes.io/name: {{ include "moderation.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: modsvc
{{- end -}}

{{/* Selector labels of one component: include "moderation.selectorLabels" (dict "root" $ "component" "gateway") */}}
{{- define "moderation.selectorLabels" -}}
app.kubernetes.io/name: {{ include "moderation.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Selector of every pod of the release (NetworkPolicy default deny). */}}
{{- define "moderation.releaseSelector" -}}
app.kubernetes.io/name: {{ include "moderation.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Image reference: include "moderation.image" (dict "root" $ "image" $svc.image) */}}
{{- define "moderation.image" -}}
{{- $img := default dict .image -}}
{{- $repo := default .root.Values.image.repository $img.repository -}}
{{- $tag := default (default .root.Chart.AppVersion .root.Values.image.tag) $img.tag -}}
{{- printf "%s:%s" $repo $tag -}}
{{- end -}}

{{/* Environment variable holding the gRPC address of a service. */}}
{{- define "moderation.addrEnv" -}}
{{- printf "%s_ADDR" (. | upper | replace "-" "_") -}}
{{- end -}}

{{/* gRPC callers of each service (who may open a connection to its port 50051). */}}
{{- define "moderation.grpcCallers" -}}
ingest: [gateway]
moderator: [gateway]
policy-scorer: [gateway]
vision-inference: [gateway, policy-scorer]
webhook-dispatcher: [gateway]
text-toxicity: [vision-inference, speech-to-text]
{{- end -}}

{{/* Services that call another service over gRPC. */}}
{{- define "moderation.grpcCallees" -}}
gateway: [ingest, moderator, policy-scorer, vision-inference, webhook-dispatcher]
vision-inference: [text-toxicity]
speech-to-text: [text-toxicity]
policy-scorer: [vision-inference]
{{- end -}}

{{/* Services with egress to the internet (besides vision-inference in models.source=initContainer). */}}
{{- define "moderation.internetServices" -}}
[ingest, webhook-dispatcher]
{{- end -}}

{{- define "moderation.natsUrl" -}}
{{- if .Values.nats.enabled -}}
{{- printf "nats://%s-nats.%s.svc.cluster.local:4222" (include "moderation.fullname" .) .Release.Namespace -}}
{{- else -}}
{{- required "externalNats.url is required when nats.enabled is false" .Values.externalNats.url -}}
{{- end -}}
{{- end -}}

{{- define "moderation.natsMonitoringEndpoint" -}}
{{- if .Values.nats.enabled -}}
{{- printf "%s-nats.%s.svc.cluster.local:8222" (include "moderation.fullname" .) .Release.Namespace -}}
{{- else -}}
{{- required "externalNats.monitoringEndpoint is required for KEDA" .Values.externalNats.monitoringEndpoint -}}
{{- end -}}
{{- end -}}

{{- define "moderation.tenantsSecret" -}}
{{- default (printf "%s-tenants" (include "moderation.fullname" .)) .Values.secrets.tenants.existingSecret -}}
{{- end -}}

{{- define "moderation.tokenSecret" -}}
{{- default (printf "%s-token" (include "moderation.fullname" .)) .Values.secrets.tokenSigningKey.existingSecret -}}
{{- end -}}

{{- define "moderation.serviceAuthSecret" -}}
{{- default (printf "%s-service-auth" (include "moderation.fullname" .)) .Values.secrets.serviceAuthKey.existingSecret -}}
{{- end -}}

{{- define "moderation.modelsClaim" -}}
{{- default (printf "%s-models" (include "moderation.fullname" .)) .Values.models.persistence.existingClaim -}}
{{- end -}}

{{/* NetworkPolicy egress rules every pod of the release needs: DNS, NATS, MongoDB, OTLP. */}}
{{- define "moderation.baseEgress" -}}
- to:
    {{- toYaml .Values.networkPolicy.dnsPeers | nindent 4 }}
  ports:
    - { protocol: UDP, port: 53 }
    - { protocol: TCP, port: 53 }
{{- if .Values.nats.enabled }}
- to:
    - podSelector:
        matchLabels:
          {{- include "moderation.selectorLabels" (dict "root" . "component" "nats") | nindent 10 }}
  ports:
    - { protocol: TCP, port: 4222 }
{{- else if .Values.externalNats.networkPolicyPeers }}
- to:
    {{- toYaml .Values.externalNats.networkPolicyPeers | nindent 4 }}
  ports:
    - { protocol: TCP, port: 4222 }
{{- end }}
{{- if .Values.mongodb.enabled }}
- to:
    - podSelector:
        matchLabels:
          {{- include "moderation.selectorLabels" (dict "root" . "component" "mongodb") | nindent 10 }}
  ports:
    - { protocol: TCP, port: 27017 }
{{- else if .Values.externalMongodb.networkPolicyPeers }}
- to:
    {{- toYaml .Values.externalMongodb.networkPolicyPeers | nindent 4 }}
  ports:
    - { protocol: TCP, port: 27017 }
{{- end }}
{{- if .Values.networkPolicy.otlpPeers }}
- to:
    {{- toYaml .Values.networkPolicy.otlpPeers | nindent 4 }}
  ports:
{{- else }}
- ports:
{{- end }}
  {{- range .Values.networkPolicy.otlpPorts }}
    - { protocol: TCP, port: {{ . }} }
  {{- end }}
{{- end -}}

{{/* Egress to the public internet: include "moderation.internetEgress" (dict "root" $ "ports" list) */}}
{{- define "moderation.internetEgress" -}}
{{- $np := .root.Values.networkPolicy -}}
- to:
    - ipBlock:
        cidr: 0.0.0.0/0
        except:
          {{- toYaml $np.internetExcept.ipv4 | nindent 10 }}
    - ipBlock:
        cidr: ::/0
        except:
          {{- toYaml $np.internetExcept.ipv6 | nindent 10 }}
  {{- with .ports }}
  ports:
    {{- range . }}
    - { protocol: TCP, port: {{ . }} }
    {{- end }}
  {{- end }}
{{- end -}}
