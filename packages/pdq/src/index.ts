export { PDQ_HASH_BITS, PDQ_HASH_BYTES } from './bits.ts';
export { DIHEDRAL_VARIANTS, type DihedralVariant } from './dihedral.ts';
export { hammingDistance, hashToHex, hexToHash, isPdqHex, PDQ_HEX_LENGTH } from './hamming.ts';
export {
  MIN_HASHABLE_DIMENSION,
  pdqDihedralFromLuma,
  pdqDihedralFromPixels,
  pdqFromLuma,
  pdqFromPixels,
  type PdqDihedralResult,
  type PdqHash,
  type PdqHashResult,
} from './hash.ts';
export { DEFAULT_MAX_DIMENSION, decodeForPdq, hashImage, hashImageDihedral, hashImageForBank, type PdqBankHashResult, type PdqImageOptions } from './image.ts';
export { lumaFromPixels, type PixelBuffer, type PixelChannels } from './luma.ts';
export { MihIndex, type HashInput, type MihHashMatch, type MihIndexOptions, type MihMatch } from './mih.ts';
export {
  formatBankCsv,
  formatBankVpdqCsv,
  parseBankCsv,
  type BankCsvEntry,
  type BankCsvParseResult,
  type BankCsvRow,
  type BankCsvRowError,
  type BankCsvVideoEntry,
  type BankCsvVideoRow,
} from './csv.ts';
export { BANK_CROPS, cropRectangle, pdqCropsFromPixels, type CropSpec, type PdqCropResult } from './crops.ts';
export {
  formatHmaVpdqSignal,
  formatVpdq,
  isVpdqMatch,
  looksLikeVpdqFile,
  parseVpdq,
  vpdqComparableFrames,
  vpdqMatch,
  VPDQ_COMPARED_MATCH_PERCENT,
  VPDQ_DISTANCE_THRESHOLD,
  VPDQ_QUALITY_THRESHOLD,
  VPDQ_QUERY_MATCH_PERCENT,
  type VpdqFeature,
  type VpdqMatchOptions,
  type VpdqMatchResult,
  type VpdqParseError,
  type VpdqParseResult,
} from './vpdq.ts';
