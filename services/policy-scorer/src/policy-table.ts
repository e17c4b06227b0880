// The Standard policy table now lives in the domain (@modsvc/common/domain/standard-policy).
export { POLICY_TABLE_VERSION, RISK_THRESHOLDS, STANDARD_CATEGORIES, riskLevel } from '@modsvc/common/domain/index';
export type { PolicyCategoryDefinition as PolicyCategory, PolicySignal as Signal, RiskLevel } from '@modsvc/common/domain/index';
