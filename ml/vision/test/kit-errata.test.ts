// kit-errata.csv: each correction is well formed, changes the labels, names the source file it rests
// on, and (where the data kit is beside the repository) still matches the kit: the file is there, and
// the kit's source column names the file the evidence quotes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VISUAL_CLASSES } from '@modsvc/common/classes';
import { correctedLabels, readKitErrata } from '../kit-errata.ts';
import { readManifest } from '../manifest.ts';

const images = path.resolve(import.meta.dirname, '../../../../shared/data/images');
const labelsCsv = path.join(images, 'labels.csv');
const errata = readKitErrata();
const known = new Set<string>([...VISUAL_CLASSES, 'photo', 'benign', 'child', 'toy', 'drink', 'violent_knife']);
const quotedSourceFile = (evidence: string) => /the source's file (\S+)/.exec(evidence)?.[1];

describe('kit errata', () => {
  it('lists corrections that change known labels and quote the source file they rest on', () => {
    expect(errata.size).toBeGreaterThan(0);
    for (const e of errata.values()) {
      expect(e.file, e.file).toMatch(/^[a-z_]+\/real[0-9]?_[a-z0-9]+_\d+\.jpg$/);
      for (const l of [...e.labels, ...e.was]) expect(known.has(l), `${e.file}: ${l}`).toBe(true);
      expect([...e.labels].sort(), e.file).not.toEqual([...e.was].sort());
      expect(quotedSourceFile(e.evidence), e.file).toBeTruthy();
    }
  });

  it('applies a correction only while the kit gives the listed labels', () => {
    const [e] = errata.values();
    expect(correctedLabels(errata, e!.file, [...e!.was].reverse())).toEqual(e!.labels);
    expect(correctedLabels(errata, e!.file, [...e!.labels])).toEqual(e!.labels);
    expect(correctedLabels(errata, e!.file, ['photo'])).toEqual(['photo']);
    expect(correctedLabels(errata, 'not/in-the-errata.jpg', e!.was)).toEqual(e!.was);
  });

  it.skipIf(!existsSync(labelsCsv))('matches the data kit beside the repository', () => {
    const kit = new Map(readManifest(labelsCsv).map((r) => [r.file, r]));
    for (const e of errata.values()) {
      const row = kit.get(e.file);
      expect(row, `${e.file} is not in the kit`).toBeDefined();
      expect(row!.source, e.file).toContain(quotedSourceFile(e.evidence));
    }
  });
});
