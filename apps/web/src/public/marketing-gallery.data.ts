/** Images we drew ourselves (SVG in apps/web/public/gallery/); free to use under the guidelines. */
export const galleryImages = [
  { id: 'logo', file: '/gallery/careloop-logo.svg', width: 480, height: 160 },
  { id: 'socialCard', file: '/gallery/social-card.svg', width: 1200, height: 630 },
  { id: 'reviewRecoveryFlow', file: '/gallery/review-recovery-flow.svg', width: 1200, height: 630 },
  { id: 'followUpConversation', file: '/gallery/follow-up-conversation.svg', width: 1200, height: 630 },
  { id: 'dashboardPreview', file: '/gallery/dashboard-preview.svg', width: 1200, height: 630 },
  { id: 'securityBadge', file: '/gallery/security-badge.svg', width: 1200, height: 630 },
] as const;
export type GalleryImage = (typeof galleryImages)[number];
