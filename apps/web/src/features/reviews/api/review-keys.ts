/** Query keys of the reviews feature. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: () => [...reviewKeys.all, 'list'] as const,
  summary: () => [...reviewKeys.all, 'summary'] as const,
  reply: (reviewId: string) => [...reviewKeys.all, 'reply', reviewId] as const,
  match: (reviewId: string) => [...reviewKeys.all, 'match', reviewId] as const,
  patientSearch: (q: string) => [...reviewKeys.all, 'patient-search', q] as const,
  patient: (patientId: string) => [...reviewKeys.all, 'patient', patientId] as const,
};

/** Keys owned by other features whose data a review action changes (features never import each other). */
export const casesKey = ['cases'] as const;
export const dashboardKey = ['dashboard'] as const;
export const patientsKey = ['patients'] as const;
