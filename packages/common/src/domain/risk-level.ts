// How a policy category's score reads as a risk; UNKNOWN when no model scored any of its signals.
import { z } from 'zod';

export const RiskLevelSchema = z.enum(['HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN']);

export type RiskLevel = z.infer<typeof RiskLevelSchema>;
