// The matching rules have their own entry point (./matching) and are not re-exported here.
export * from './auth-messages';
export * from './case-rules';
export * from './clinic-profile';
export * from './cost-calculator';
export * from './credentials';
export * from './domain-message';
export * from './enterprise-contact';
export * from './monitoring-rules';
export * from './onboarding';
export * from './patient';
export * from './plans';
export * from './review-rules';
export * from './slug';
export * from './starter-templates';
export * from './template-render';
