// The gRPC allow-lists (packages/clients/src/callers.ts) and the modules' declared peers describe the
// same call graph: every peer a module needs lets it call something, and every allowed caller needs
// that peer. (Which methods a module calls is not declared anywhere else; the lists name them.)
import { describe, expect, it } from 'vitest';
import { MODULES } from '@modsvc/all-in-one';
import { ALLOWED_CALLERS, PEER_SERVICES, bindingsFor, type GrpcServiceName } from '@modsvc/clients';
import type { Peers } from '@modsvc/common/service-module';

const services = Object.keys(ALLOWED_CALLERS) as GrpcServiceName[];
const callersOfService = (s: GrpcServiceName) => new Set(Object.values(ALLOWED_CALLERS[s]).flat() as string[]);

describe('internal gRPC call graph', () => {
  it('lets every module call each peer it needs', () => {
    for (const m of MODULES) {
      for (const peer of m.needs) expect(callersOfService(PEER_SERVICES[peer]), `${m.name} needs ${peer}`).toContain(m.name);
    }
  });

  it('allows no caller that does not need the peer', () => {
    const names = new Set(MODULES.map((m) => m.name as string));
    for (const s of services) {
      for (const caller of callersOfService(s)) {
        expect(names, `${caller} on ${s}`).toContain(caller);
        const needs = MODULES.find((m) => m.name === caller)!.needs.map((p) => PEER_SERVICES[p]);
        expect(needs, `${caller} may call ${s} but needs none of its peers`).toContain(s);
      }
    }
  });

  it('serves each binding with its own lists', () => {
    // Building a binding only wires handlers to the peer; none is called here, so a call is a test bug.
    const notCalled = new Proxy({}, { get: (_, method) => () => Promise.reject(new Error(`${String(method)} called while building bindings`)) });
    const provides = Object.fromEntries(Object.keys(PEER_SERVICES).map((p) => [p, notCalled])) as unknown as Peers;
    const bindings = bindingsFor(provides);
    expect(bindings.map((b) => b.name).sort()).toEqual([...services].sort());
    for (const b of bindings) {
      expect(b.callers).toBe(ALLOWED_CALLERS[b.name as GrpcServiceName]);
      expect(Object.keys(b.callers).sort()).toEqual(Object.keys(b.handlers).sort());
    }
  });
});
