// Hash banks in the store: a tenant's banks and their content (hashes and notes, never media).
import type { BankRiskLevel } from '../../domain/banks.ts';

export interface BankRecord {
  id: string;
  tenantId: string;
  name: string;
  category: string;
  riskLevel: BankRiskLevel;
  threshold: number;
  enabledRatio: number;
  createdAt: Date;
}

export interface BankContentRecord {
  id: string;
  bankId: string;
  tenantId: string;
  /** 64 lowercase hex digits. */
  pdq: string;
  /** Quality when we hashed media; null for hashes given as such. */
  quality: number | null;
  note: string | null;
  createdAt: Date;
  /**
   * PDQ hashes (64 lowercase hex digits) of fixed crops of the picture (`BANK_CROPS` of
   * @modsvc/pdq, those of quality >= 50), matched like `pdq`. Present for pictures we hashed;
   * absent for hashes given as such, videos, and content stored before crops were kept.
   */
  crops?: string[];
  /**
   * A video: its vPDQ frames in order (`pdq` is then the hash of its first frame of quality >= 50,
   * or of its first frame). Absent for pictures and hashes.
   */
  frames?: BankVideoFrame[];
}

/** One frame of a video's vPDQ (facebook/ThreatExchange vpdq). */
export interface BankVideoFrame {
  frameNumber: number;
  /** 0..100. */
  quality: number;
  /** 64 lowercase hex digits. */
  pdq: string;
  /** Seconds from the start of the video. */
  timestamp: number;
}

export interface BankStore {
  init(): Promise<void>;
  close(): Promise<void>;
  createBank(bank: BankRecord): Promise<void>;
  listBanks(tenantId: string): Promise<BankRecord[]>;
  getBank(tenantId: string, bankId: string): Promise<BankRecord | null>;
  /** Deletes the bank and all its content; false when the tenant has no such bank. */
  deleteBank(tenantId: string, bankId: string): Promise<boolean>;
  addContent(items: BankContentRecord[]): Promise<void>;
  getContent(tenantId: string, bankId: string, contentId: string): Promise<BankContentRecord | null>;
  deleteContent(tenantId: string, bankId: string, contentId: string): Promise<boolean>;
  listContent(tenantId: string, bankId: string): Promise<BankContentRecord[]>;
  countContent(tenantId: string, bankId: string): Promise<number>;
  /** Changes whenever any bank of the tenant or its content changes (matchers reload on a new value). */
  revision(tenantId: string): Promise<string>;
}
