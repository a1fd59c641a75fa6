/** Landing page marketing figures (spec 01 §9). */
export const LANDING_FIGURES = {
  assistantConversion: '3x',
  assistantEngagement: '85%',
  automationPipeline: '4x',
  automationAccuracy: '92%',
  costReduction: '35%',
  roi: '3.2x',
  revenue: '$2.4M',
  uptime: '99.9%',
} as const;
