// TensorFlow's image resampling, in plain TypeScript on float HWC arrays, with the same sampling
// grid as tf.image.resizeBilinear (align_corners false, half-pixel centres false) and
// tf.image.cropAndResize (bilinear, extrapolation value 0). The networks converted from tfjs were
// run on inputs prepared this way; preparing them any other way shifts every face box and score.

/** A float image, interleaved channels. */
export interface FloatImage {
  data: Float32Array;
  width: number;
  height: number;
  channels: number;
}

/** tf.image.resizeBilinear(img, [outH, outW]) with alignCorners = halfPixelCenters = false. */
export function resizeBilinear(img: FloatImage, outH: number, outW: number): FloatImage {
  const { data, width: inW, height: inH, channels: ch } = img;
  const out = new Float32Array(outH * outW * ch);
  const rowRatio = inH / outH;
  const colRatio = inW / outW;
  // The column taps and weights are the same on every row: work them out once (this loop runs for
  // every pixel of every frame the face and object networks see).
  const left = new Int32Array(outW);
  const right = new Int32Array(outW);
  const colWeight = new Float64Array(outW);
  for (let c = 0; c < outW; c++) {
    const fc = colRatio * c;
    const c0 = Math.max(0, Math.floor(fc));
    left[c] = c0 * ch;
    right[c] = Math.min(inW - 1, Math.ceil(fc)) * ch;
    colWeight[c] = fc - c0;
  }
  let o = 0;
  for (let r = 0; r < outH; r++) {
    const fr = rowRatio * r;
    const r0 = Math.max(0, Math.floor(fr));
    const rf = fr - r0;
    const top0 = r0 * inW * ch;
    const bottom0 = Math.min(inH - 1, Math.ceil(fr)) * inW * ch;
    for (let c = 0; c < outW; c++) {
      const cf = colWeight[c]!;
      const tl = top0 + left[c]!;
      const tr = top0 + right[c]!;
      const bl = bottom0 + left[c]!;
      const br = bottom0 + right[c]!;
      for (let d = 0; d < ch; d++) out[o++] = lerp2(data, tl + d, tr + d, bl + d, br + d, cf, rf);
    }
  }
  return { data: out, width: outW, height: outH, channels: ch };
}

/** Bilinear blend of four taps, in tf's order: along the row first, then between the rows. */
function lerp2(data: Float32Array, tl: number, tr: number, bl: number, br: number, cf: number, rf: number): number {
  const top = data[tl]! + (data[tr]! - data[tl]!) * cf;
  const bottom = data[bl]! + (data[br]! - data[bl]!) * cf;
  return top + (bottom - top) * rf;
}

/**
 * tf.image.cropAndResize(img, [[y1, x1, y2, x2]], [0], [cropH, cropW]) (bilinear): the box is in
 * normalised coordinates and may reach outside the image; samples outside are 0.
 */
export function cropAndResize(img: FloatImage, box: [number, number, number, number], cropH: number, cropW: number): FloatImage {
  const { data, width: W, height: H, channels: ch } = img;
  const [y1, x1, y2, x2] = box;
  const out = new Float32Array(cropH * cropW * ch);
  const hScale = cropH > 1 ? ((y2 - y1) * (H - 1)) / (cropH - 1) : 0;
  const wScale = cropW > 1 ? ((x2 - x1) * (W - 1)) / (cropW - 1) : 0;
  for (let y = 0; y < cropH; y++) {
    const yi = cropH > 1 ? y1 * (H - 1) + y * hScale : 0.5 * (y1 + y2) * (H - 1);
    if (yi < 0 || yi > H - 1) continue;
    const top = Math.floor(yi);
    const bottom = Math.ceil(yi);
    const yl = yi - top;
    for (let x = 0; x < cropW; x++) {
      const xi = cropW > 1 ? x1 * (W - 1) + x * wScale : 0.5 * (x1 + x2) * (W - 1);
      if (xi < 0 || xi > W - 1) continue;
      const left = Math.floor(xi);
      const right = Math.ceil(xi);
      const xl = xi - left;
      const o = (y * cropW + x) * ch;
      const tl = (top * W + left) * ch;
      const tr = (top * W + right) * ch;
      const bl = (bottom * W + left) * ch;
      const br = (bottom * W + right) * ch;
      for (let c = 0; c < ch; c++) out[o + c] = lerp2(data, tl + c, tr + c, bl + c, br + c, xl, yl);
    }
  }
  return { data: out, width: cropW, height: cropH, channels: ch };
}
