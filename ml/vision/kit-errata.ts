// Corrections to the data kit's labels (kit-errata.csv beside this file; docs/vision-v3.md "Kit
// errata"). The kit is read-only here, so a file whose labels are wrong is listed with the labels it
// should have, the labels the kit gives it, and the evidence. A correction applies only while the kit
// still gives the listed labels: a kit that has since fixed the file is taken as it is. Read by the
// moderation benchmark here and by the v3 training (ml/vision/v3/kit3.py) in Python.
import { readCsvFile } from '@modsvc/common/csv';
import path from 'node:path';

export const KIT_ERRATA_FILE = path.join(path.dirname(new URL(import.meta.url).pathname), 'kit-errata.csv');

export interface KitErratum {
  /** Path relative to the kit's images folder, as labels.csv lists it. */
  file: string;
  labels: string[];
  /** The labels the kit gives the file. */
  was: string[];
  evidence: string;
}

/** A labels cell of the kit (`a;b`) as its labels. */
export const splitLabels = (s: string | undefined) => (s ?? '').split(';').map((x) => x.trim()).filter(Boolean);
const sameLabels = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join(';') === [...b].sort().join(';');

export function readKitErrata(file = KIT_ERRATA_FILE): Map<string, KitErratum> {
  const errata = new Map<string, KitErratum>();
  for (const r of readCsvFile(file)) {
    const erratum = { file: r.file ?? '', labels: splitLabels(r.labels), was: splitLabels(r.was), evidence: r.evidence ?? '' };
    errata.set(erratum.file, erratum);
  }
  return errata;
}

/** A kit file's labels with its erratum applied, where one applies. */
export function correctedLabels(errata: ReadonlyMap<string, KitErratum>, file: string, labels: string[]): string[] {
  const erratum = errata.get(file);
  return erratum && sameLabels(erratum.was, labels) ? [...erratum.labels] : labels;
}
