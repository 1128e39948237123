/** Per-row problems an import reports (the web app translates them by key). */
export const importRowMessages = {
  dateDayFirst: {
    key: 'patients.import.rowErrors.dateDayFirst',
    message: 'Please enter the date as DD/MM/YYYY or YYYY-MM-DD',
  },
  dateMonthFirst: {
    key: 'patients.import.rowErrors.dateMonthFirst',
    message: 'Please enter the date as MM/DD/YYYY or YYYY-MM-DD',
  },
  status: {
    key: 'patients.import.rowErrors.status',
    message: 'Status must be one of active, completed, watch, red',
  },
  language: {
    key: 'patients.import.rowErrors.language',
    message: 'Language must be English, Spanish or Turkish',
  },
  consent: { key: 'patients.import.rowErrors.consent', message: 'Marketing consent must be yes or no' },
} as const;
