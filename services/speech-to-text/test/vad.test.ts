import { describe, expect, it } from 'vitest';
import { detectSpeech, frameEnergies, planChunks, speechSeconds } from '../src/vad.ts';
import { readWav } from '../src/wav.ts';
import { join } from 'node:path';
import { concat, haveSpeechData, mix, noise, pcm, RATE, SPEECH_DATA, silence, tone } from './helpers.ts';

const vadOf = (signal: Float64Array) => detectSpeech(pcm(signal).samples, RATE);

describe('frameEnergies', () => {
  it('gives -100 dBFS for digital silence and about -3 dBFS for a full-scale sine', () => {
    const e = frameEnergies(pcm(concat(silence(0.1), tone(0.1, 440, 1))).samples, RATE, 0.02);
    expect(e.length).toBe(10);
    expect(e[0]).toBe(-100);
    expect(e[7]).toBeGreaterThan(-3.2);
    expect(e[7]).toBeLessThan(-2.8);
  });

  it('ignores a DC offset', () => {
    const offset = new Float64Array(RATE).fill(0.3);
    expect(Math.max(...frameEnergies(pcm(offset).samples, RATE, 0.02))).toBe(-100);
  });
});

describe('detectSpeech', () => {
  it('finds nothing in digital silence, in an empty buffer, or in very quiet hiss', () => {
    expect(vadOf(silence(5)).segments).toEqual([]);
    expect(vadOf(new Float64Array(0)).segments).toEqual([]);
    expect(vadOf(noise(5, 0.001)).segments).toEqual([]);
  });

  it('absorbs steady noise and a steady tone into the noise floor', () => {
    expect(vadOf(noise(6, 0.2)).segments).toEqual([]);
    expect(vadOf(mix(tone(6, 120, 0.3), noise(6, 0.01))).segments).toEqual([]);
  });

  it('finds a burst in silence with its times (pre-roll before, a short tail after)', () => {
    const { segments } = vadOf(concat(silence(1), tone(1, 300, 0.3), silence(2)));
    expect(segments).toHaveLength(1);
    const [s] = segments;
    expect(s!.start).toBeGreaterThan(0.75);
    expect(s!.start).toBeLessThanOrEqual(1);
    expect(s!.end).toBeGreaterThanOrEqual(2);
    expect(s!.end).toBeLessThan(2.25);
  });

  it('finds bursts that rise above background noise', () => {
    const background = noise(6, 0.01, 7);
    const signal = mix(background, concat(silence(2), tone(1.5, 500, 0.2), silence(2.5)));
    const { segments } = vadOf(signal);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.start).toBeGreaterThan(1.7);
    expect(segments[0]!.end).toBeGreaterThan(3.4);
    expect(segments[0]!.end).toBeLessThan(3.8);
  });

  it('keeps a short pause inside one segment (hangover) and splits at a long one', () => {
    const shortPause = vadOf(concat(silence(1), tone(0.5, 300, 0.3), silence(0.15), tone(0.5, 300, 0.3), silence(1)));
    expect(shortPause.segments).toHaveLength(1);
    const longPause = vadOf(concat(silence(1), tone(0.5, 300, 0.3), silence(1.5), tone(0.5, 300, 0.3), silence(1)));
    expect(longPause.segments).toHaveLength(2);
    expect(longPause.segments[1]!.start).toBeGreaterThan(2.8);
  });

  it('ignores a click shorter than the onset', () => {
    expect(vadOf(concat(silence(1), tone(0.03, 1000, 0.8), silence(1))).segments).toEqual([]);
  });

  it.skipIf(!haveSpeechData('ljspeech_LJ001-0001.wav'))('covers most of a real speech clip', async () => {
    const audio = await readWav(join(SPEECH_DATA, 'ljspeech_LJ001-0001.wav'));
    const vad = detectSpeech(audio.samples, audio.sampleRate);
    expect(vad.segments.length).toBeGreaterThan(0);
    expect(speechSeconds(vad.segments)).toBeGreaterThan(0.7 * vad.durationSeconds);
    expect(speechSeconds(vad.segments)).toBeLessThanOrEqual(vad.durationSeconds);
  });

  it.skipIf(!haveSpeechData('ljspeech_LJ001-0004.wav'))('finds speech under steady background noise but not in the noise-only lead-in', async () => {
    const clip = await readWav(join(SPEECH_DATA, 'ljspeech_LJ001-0004.wav'));
    const speech = Float64Array.from(clip.samples, (v) => v / 32768);
    const signal = mix(concat(silence(3), speech, silence(1)), noise(3 + speech.length / RATE + 1, 0.02, 99));
    const vad = vadOf(signal);
    expect(vad.segments.length).toBeGreaterThan(0);
    expect(vad.segments[0]!.start).toBeGreaterThan(2.7);
    expect(vad.segments[vad.segments.length - 1]!.end).toBeLessThan(3 + speech.length / RATE + 0.5);
    expect(speechSeconds(vad.segments)).toBeGreaterThan(0.6 * (speech.length / RATE));
  });
});

describe('planChunks', () => {
  it('merges segments separated by short gaps and keeps distant ones apart', () => {
    const signal = concat(silence(0.5), tone(1, 300, 0.3), silence(0.7), tone(1, 300, 0.3), silence(3), tone(1, 300, 0.3), silence(0.5));
    const vad = vadOf(signal);
    expect(vad.segments).toHaveLength(3);
    const chunks = planChunks(vad, { maxGapSeconds: 1, maxSegmentSeconds: 30 });
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.end).toBeGreaterThan(3.2);
    expect(chunks[1]!.start).toBeGreaterThan(5.5);
  });

  it('cuts long speech into chunks no longer than the cap, at the quietest point', () => {
    // 70 s of "speech": loud tone with a softer dip every 10 s (the dips are the natural cut points).
    const parts: Float64Array[] = [silence(0.5)];
    for (let i = 0; i < 7; i++) parts.push(tone(9.8, 250, 0.3), tone(0.2, 250, 0.05));
    const vad = vadOf(concat(...parts));
    const chunks = planChunks(vad, { maxGapSeconds: 0.5, maxSegmentSeconds: 30 });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(30 + 1e-9);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeCloseTo(chunks[i - 1]!.end, 6);
      // each cut lands in a dip: 0.5 + 10k + [9.8, 10.0]
      const intoPeriod = (chunks[i]!.start - 0.5) % 10;
      expect(intoPeriod).toBeGreaterThan(9.75);
    }
    expect(chunks[chunks.length - 1]!.end).toBeGreaterThan(vad.durationSeconds - 0.3);
  });
});
