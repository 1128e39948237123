// The demo clinic's patient surveys: past patients of the last five weeks, surveyed three days after
// their procedure, with a realistic spread of answers (promoters, passives, detractors) and comments
// in their own language. Names, numbers and addresses are made up.

type DemoSurveyPatient = {
  key: string;
  name: string;
  email: string | null;
  phone: string;
  procedure: string;
  language: 'en' | 'es' | 'tr';
  /** Days between the procedure and the seed. */
  daysAgo: number;
  channel: 'sms' | 'whatsapp' | 'email';
  /** Null: sent, not answered (yet). */
  answer: { score: number; comment: string | null; afterHours: number } | null;
};

export const demoSurveySettings = {
  enabled: true,
  dayAfterProcedure: 3,
  channel: 'sms',
  googleReviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJd8BlQ2BZwokRAFUEcm_qrcA',
  trustpilotReviewUrl: 'https://www.trustpilot.com/evaluate/bosphorus-smile.example',
} as const;

export const demoSurveyPatients: DemoSurveyPatient[] = [
  {
    key: 's1',
    name: 'Carmen Navarro Ruiz',
    email: 'carmen.navarro@example.es',
    phone: '+34612345101',
    procedure: 'Hair Transplant',
    language: 'es',
    daysAgo: 36,
    channel: 'sms',
    answer: {
      score: 10,
      comment: 'Todo el equipo fue encantador, el resultado es increíble.',
      afterHours: 2,
    },
  },
  {
    key: 's2',
    name: 'Oliver Bennett',
    email: 'oliver.bennett@example.co.uk',
    phone: '+447911123102',
    procedure: 'Dental Implant',
    language: 'en',
    daysAgo: 33,
    channel: 'email',
    answer: { score: 9, comment: null, afterHours: 5 },
  },
  {
    key: 's3',
    name: 'Elif Yıldız',
    email: null,
    phone: '+905321234103',
    procedure: 'Teeth Whitening',
    language: 'tr',
    daysAgo: 31,
    channel: 'whatsapp',
    answer: { score: 8, comment: 'Güler yüzlü ekip, ama randevu biraz gecikti.', afterHours: 1 },
  },
  {
    key: 's4',
    name: 'Javier Morales',
    email: 'javier.morales@example.es',
    phone: '+34612345104',
    procedure: 'PRP Treatment',
    language: 'es',
    daysAgo: 28,
    channel: 'sms',
    answer: {
      score: 5,
      comment: 'La clínica bien, pero nadie me explicó los cuidados posteriores.',
      afterHours: 20,
    },
  },
  {
    key: 's5',
    name: 'Hannah Cole',
    email: 'hannah.cole@example.com',
    phone: '+13055550105',
    procedure: 'Root Canal',
    language: 'en',
    daysAgo: 26,
    channel: 'sms',
    answer: { score: 10, comment: 'Painless and quick. Thank you!', afterHours: 3 },
  },
  {
    key: 's6',
    name: 'Mehmet Kaya',
    email: null,
    phone: '+905321234106',
    procedure: 'Hair Transplant',
    language: 'tr',
    daysAgo: 24,
    channel: 'whatsapp',
    answer: { score: 9, comment: 'Çok memnun kaldım, herkese tavsiye ederim.', afterHours: 6 },
  },
  {
    key: 's7',
    // Not a second Lucía F.: the sandbox's review by "Lucía F." must keep one fitting patient.
    name: 'Lucía Herrera',
    email: null,
    phone: '+34612345107',
    procedure: 'Dental Implant',
    language: 'es',
    daysAgo: 21,
    channel: 'sms',
    answer: null,
  },
  {
    key: 's8',
    name: 'Daniel Price',
    email: 'daniel.price@example.co.uk',
    phone: '+447911123108',
    procedure: 'Plastic Surgery',
    language: 'en',
    daysAgo: 19,
    channel: 'email',
    answer: { score: 7, comment: 'Good result, the invoice was confusing.', afterHours: 30 },
  },
  {
    key: 's9',
    name: 'Zeynep Arslan',
    email: null,
    phone: '+905321234109',
    procedure: 'Teeth Whitening',
    language: 'tr',
    daysAgo: 16,
    channel: 'sms',
    answer: { score: 3, comment: 'İki saat bekledim ve kimse özür dilemedi.', afterHours: 4 },
  },
  {
    key: 's10',
    name: 'Pablo Ortega',
    email: 'pablo.ortega@example.es',
    phone: '+34612345110',
    procedure: 'Hair Transplant',
    language: 'es',
    daysAgo: 13,
    channel: 'sms',
    answer: { score: 10, comment: null, afterHours: 1 },
  },
  {
    key: 's11',
    name: 'Sophie Turner-Hale',
    email: 'sophie.th@example.com',
    phone: '+13055550111',
    procedure: 'Dental Implant',
    language: 'en',
    daysAgo: 11,
    channel: 'sms',
    answer: { score: 8, comment: null, afterHours: 8 },
  },
  {
    key: 's12',
    name: 'Burak Şahin',
    email: null,
    phone: '+905321234112',
    procedure: 'Root Canal',
    language: 'tr',
    daysAgo: 9,
    channel: 'whatsapp',
    answer: { score: 6, comment: 'Tedavi iyiydi ama fiyat söylenenden yüksek çıktı.', afterHours: 2 },
  },
  {
    key: 's13',
    name: 'Isabel Romero',
    email: 'isabel.romero@example.es',
    phone: '+34612345113',
    procedure: 'Teeth Whitening',
    language: 'es',
    daysAgo: 6,
    channel: 'email',
    answer: { score: 9, comment: 'Muy profesionales y puntuales.', afterHours: 3 },
  },
  {
    key: 's14',
    name: 'Ryan Walsh',
    email: null,
    phone: '+447911123114',
    procedure: 'PRP Treatment',
    language: 'en',
    daysAgo: 5,
    channel: 'sms',
    answer: null,
  },
];
