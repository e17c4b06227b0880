// Energy-based voice activity detection: frame energy in dBFS compared with an adaptive noise floor,
// with an onset requirement (a click is not speech) and a hangover (short pauses inside a sentence
// do not end it). Stationary sounds (hum, steady noise, a constant tone) are absorbed into the
// noise floor; any sustained rise above it counts as activity, so a loud tone burst is "speech"
// to this detector: the recogniser then finds no words in it.
export interface VadOptions {
  /** Analysis frame length in seconds. */
  frameSeconds: number;
  /** A frame is active when its energy exceeds the noise floor by this many dB... */
  thresholdDb: number;
  /** ...and is louder than this absolute level (dBFS), so near-digital silence never triggers. */
  minEnergyDb: number;
  /** Consecutive active frames needed to open a segment. */
  onsetFrames: number;
  /** Seconds a segment stays open after the last active frame. */
  hangoverSeconds: number;
  /** Seconds added before each segment (the onset is quieter than the threshold). */
  preRollSeconds: number;
  /** Segments with less active time than this are dropped. */
  minSpeechSeconds: number;
  /** Percentile of frame energies that seeds the noise floor. */
  floorPercentile: number;
}

export const DEFAULT_VAD_OPTIONS: VadOptions = {
  frameSeconds: 0.02,
  thresholdDb: 9,
  minEnergyDb: -55,
  onsetFrames: 3,
  hangoverSeconds: 0.3,
  preRollSeconds: 0.15,
  minSpeechSeconds: 0.2,
  floorPercentile: 0.1,
};

export interface SpeechSegment {
  start: number; // seconds from the start of the audio
  end: number;
}

export interface VadResult {
  segments: SpeechSegment[];
  /** Energy of each analysis frame (dBFS), for callers that need to split segments at quiet points. */
  frameEnergiesDb: Float64Array;
  frameSeconds: number;
  durationSeconds: number;
}

const SILENCE_DB = -100;

/** RMS energy in dBFS of consecutive non-overlapping frames of mono 16-bit samples. */
export function frameEnergies(samples: Int16Array, sampleRate: number, frameSeconds: number): Float64Array {
  const frameLen = Math.max(1, Math.round(sampleRate * frameSeconds));
  const n = Math.floor(samples.length / frameLen);
  const out = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    let mean = 0;
    const base = f * frameLen;
    for (let i = 0; i < frameLen; i++) mean += samples[base + i] ?? 0;
    mean /= frameLen; // remove DC offset so a biased ADC does not look like sound
    for (let i = 0; i < frameLen; i++) {
      const v = ((samples[base + i] ?? 0) - mean) / 32768;
      sum += v * v;
    }
    const rms = Math.sqrt(sum / frameLen);
    out[f] = rms > 0 ? Math.max(SILENCE_DB, 20 * Math.log10(rms)) : SILENCE_DB;
  }
  return out;
}

function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return SILENCE_DB;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(p * (sorted.length - 1))))] ?? SILENCE_DB;
}

/** Finds speech segments in mono 16-bit audio. No speech (or no audio) gives no segments. */
export function detectSpeech(samples: Int16Array, sampleRate: number, options: Partial<VadOptions> = {}): VadResult {
  const o = { ...DEFAULT_VAD_OPTIONS, ...options };
  const energies = frameEnergies(samples, sampleRate, o.frameSeconds);
  const durationSeconds = samples.length / sampleRate;
  const hangoverFrames = Math.max(0, Math.round(o.hangoverSeconds / o.frameSeconds));
  const minActiveFrames = Math.max(1, Math.round(o.minSpeechSeconds / o.frameSeconds));

  let floor = percentile(energies, o.floorPercentile);
  const segments: SpeechSegment[] = [];
  let inSpeech = false;
  let run = 0; // consecutive active frames while waiting for onset
  let silentFor = 0; // frames since the last active frame while in speech
  let segStart = 0;
  let lastActive = 0;
  let activeCount = 0;

  const close = (endFrame: number): void => {
    if (activeCount >= minActiveFrames) {
      segments.push({
        start: Math.max(0, segStart * o.frameSeconds - o.preRollSeconds),
        end: Math.min(durationSeconds, (endFrame + 1) * o.frameSeconds + Math.min(o.hangoverSeconds, 0.1)),
      });
    }
    inSpeech = false;
    activeCount = 0;
    run = 0;
  };

  for (let f = 0; f < energies.length; f++) {
    const e = energies[f] ?? SILENCE_DB;
    const active = e > floor + o.thresholdDb && e > o.minEnergyDb;

    // Noise floor: follows quieter frames quickly, louder non-speech frames slowly (a new steady
    // noise is absorbed within about a second), and barely moves during speech.
    if (e < floor) floor += 0.2 * (e - floor);
    else if (!inSpeech && !active) floor += 0.05 * (e - floor);
    else if (!inSpeech) floor += 0.01 * (e - floor);
    else floor += 0.001 * (e - floor);

    if (!inSpeech) {
      if (active) {
        run++;
        if (run >= o.onsetFrames) {
          inSpeech = true;
          segStart = f - run + 1;
          activeCount = run;
          lastActive = f;
          silentFor = 0;
        }
      } else {
        run = 0;
      }
      continue;
    }
    if (active) {
      activeCount++;
      lastActive = f;
      silentFor = 0;
    } else if (++silentFor > hangoverFrames) {
      close(lastActive);
    }
  }
  if (inSpeech) close(lastActive);

  // Pre-roll and tail can make neighbours overlap: join them.
  const joined: SpeechSegment[] = [];
  for (const s of segments) {
    const prev = joined[joined.length - 1];
    if (prev && s.start <= prev.end) prev.end = Math.max(prev.end, s.end);
    else joined.push({ ...s });
  }
  return { segments: joined, frameEnergiesDb: energies, frameSeconds: o.frameSeconds, durationSeconds };
}

/**
 * Joins segments separated by less than `maxGapSeconds` and splits any longer than
 * `maxSegmentSeconds`, cutting at the quietest frame in the last half of the allowed length so a
 * cut rarely falls inside a word.
 */
export function planChunks(
  vad: VadResult,
  { maxGapSeconds, maxSegmentSeconds }: { maxGapSeconds: number; maxSegmentSeconds: number },
): SpeechSegment[] {
  const merged: SpeechSegment[] = [];
  for (const s of vad.segments) {
    const prev = merged[merged.length - 1];
    if (prev && s.start - prev.end < maxGapSeconds && s.end - prev.start <= maxSegmentSeconds) prev.end = s.end;
    else merged.push({ ...s });
  }
  const out: SpeechSegment[] = [];
  for (const seg of merged) {
    let start = seg.start;
    while (seg.end - start > maxSegmentSeconds) {
      const lo = Math.floor((start + maxSegmentSeconds / 2) / vad.frameSeconds);
      const hi = Math.min(vad.frameEnergiesDb.length - 1, Math.floor((start + maxSegmentSeconds) / vad.frameSeconds) - 1);
      let cut = hi;
      for (let f = hi; f >= lo; f--) {
        if ((vad.frameEnergiesDb[f] ?? 0) < (vad.frameEnergiesDb[cut] ?? 0)) cut = f;
      }
      const cutAt = Math.max(start + vad.frameSeconds, (cut + 0.5) * vad.frameSeconds);
      out.push({ start, end: cutAt });
      start = cutAt;
    }
    out.push({ start, end: seg.end });
  }
  return out;
}

export function speechSeconds(segments: SpeechSegment[]): number {
  return segments.reduce((sum, s) => sum + (s.end - s.start), 0);
}
