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
export { DEFAULT_MAX_DIMENSION, decodeForPdq, hashImage, hashImageDihedral, type PdqImageOptions } from './image.ts';
export { lumaFromPixels, type PixelBuffer, type PixelChannels } from './luma.ts';
export { MihIndex, type HashInput, type MihIndexOptions, type MihMatch } from './mih.ts';
export {
  formatBankCsv,
  parseBankCsv,
  type BankCsvEntry,
  type BankCsvParseResult,
  type BankCsvRow,
  type BankCsvRowError,
} from './csv.ts';
