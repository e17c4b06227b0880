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
  let o = 0;
  for (let r = 0; r < outH; r++) {
    const fr = rowRatio * r;
    const r0 = Math.max(0, Math.floor(fr));
    const rf = fr - r0;
    const r1 = Math.min(inH - 1, Math.ceil(fr));
    for (let c = 0; c < outW; c++) {
      const fc = colRatio * c;
      const c0 = Math.max(0, Math.floor(fc));
      const cf = fc - c0;
      const c1 = Math.min(inW - 1, Math.ceil(fc));
      const tl = (r0 * inW + c0) * ch;
      const tr = (r0 * inW + c1) * ch;
      const bl = (r1 * inW + c0) * ch;
      const br = (r1 * inW + c1) * ch;
      for (let d = 0; d < ch; d++) {
        const top = data[tl + d]! + (data[tr + d]! - data[tl + d]!) * cf;
        const bottom = data[bl + d]! + (data[br + d]! - data[bl + d]!) * cf;
        out[o++] = top + (bottom - top) * rf;
      }
    }
  }
  return { data: out, width: outW, height: outH, channels: ch };
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
      for (let c = 0; c < ch; c++) {
        const tl = data[(top * W + left) * ch + c]!;
        const tr = data[(top * W + right) * ch + c]!;
        const bl = data[(bottom * W + left) * ch + c]!;
        const br = data[(bottom * W + right) * ch + c]!;
        const t = tl + (tr - tl) * xl;
        const b = bl + (br - bl) * xl;
        out[o + c] = t + (b - t) * yl;
      }
    }
  }
  return { data: out, width: cropW, height: cropH, channels: ch };
}
