export * from './nps';
export * from './review-links';
export * from './survey-answer';
export * from './survey-settings';
