// OpenTelemetry: the SDK exports spans over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set
// (or OTEL_TRACES_EXPORTER says otherwise); without configuration no exporter dials out.
import { NodeSDK } from '@opentelemetry/sdk-node';
import { context, propagation, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { environment, setLibraryDefaults } from './config.ts';

let sdk: NodeSDK | undefined;

export function startTracing(serviceName: string): void {
  if (sdk) return;
  // The SDK reads its own OTEL_* variables; without an endpoint no exporter may dial out.
  const env = environment();
  const exportsTraces = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_TRACES_EXPORTER);
  setLibraryDefaults({
    ...(exportsTraces ? {} : { OTEL_TRACES_EXPORTER: 'none' }),
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
    OTEL_SERVICE_NAME: serviceName,
  });
  sdk = new NodeSDK({ serviceName });
  sdk.start();
}

export async function stopTracing(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}

/**
 * Looked up on each use, not cached at import: the SDK (CommonJS) registers the global provider after
 * this ESM module loaded, and a tracer taken earlier would stay bound to the non-recording proxy.
 */
export function tracer() {
  return trace.getTracer('modsvc');
}

/** Runs fn inside a span; records exceptions and ends the span either way. */
export async function withSpan<T>(name: string, attributes: Record<string, string | number | boolean>, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** W3C trace context carried in bus message headers. */
export function injectTraceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

export function extractTraceContext(carrier: Record<string, string>) {
  return propagation.extract(context.active(), carrier);
}
