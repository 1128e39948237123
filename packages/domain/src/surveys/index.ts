export * from './nps';
export * from './review-links';
export * from './survey-answer';
export * from './survey-message';
export * from './survey-plan';
export * from './survey-settings';
